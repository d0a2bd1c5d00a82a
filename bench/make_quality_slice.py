#!/usr/bin/env python3
"""Copy a small fixed slice of WCXB into tests/quality/wcxb-slice for the quality gate.

    .venv/bin/python bench/make_quality_slice.py --data ../shared/bench/wcxb-dev

Four pages per page type, taken at even steps through each type's sorted ids (no
page is picked by hand, so the slice is not tuned). The gate test reads only this
copy: the repository must pass its tests without ../shared. WCXB is CC-BY-4.0
(Murrough Foley, 2026); its licence travels with the slice.
"""
from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

PER_TYPE = 4
TARGET = Path(__file__).resolve().parents[1] / "tests" / "quality" / "wcxb-slice"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, required=True, help="the wcxb-dev folder")
    args = parser.parse_args()
    by_type: dict[str, list[str]] = {}
    for truth in sorted((args.data / "ground-truth").glob("*.json")):
        record = json.loads(truth.read_text(encoding="utf-8"))
        if not (record["ground_truth"].get("main_content") or "").strip():
            continue
        by_type.setdefault(record["_internal"]["page_type"]["primary"], []).append(truth.stem)
    if TARGET.exists():
        shutil.rmtree(TARGET)
    (TARGET / "html").mkdir(parents=True)
    (TARGET / "ground-truth").mkdir()
    chosen = []
    for page_type, ids in sorted(by_type.items()):
        step = len(ids) / PER_TYPE
        chosen += [ids[int(step * k + step / 2)] for k in range(PER_TYPE)]
    for page_id in chosen:
        shutil.copy(args.data / "html" / f"{page_id}.html.gz", TARGET / "html")
        record = json.loads((args.data / "ground-truth" / f"{page_id}.json").read_text())
        slim = {"url": record["url"], "page_type": record["_internal"]["page_type"]["primary"],
                "main_content": record["ground_truth"]["main_content"]}
        (TARGET / "ground-truth" / f"{page_id}.json").write_text(
            json.dumps(slim, ensure_ascii=False, indent=1), encoding="utf-8")
    shutil.copy(args.data / "LICENSE", TARGET / "LICENSE")
    (TARGET / "README.md").write_text(
        "# WCXB slice\n\nA fixed slice of the development split of WCXB, the Web Content "
        "eXtraction Benchmark (Murrough Foley, 2026), CC-BY-4.0 (see LICENSE). Changes: only "
        f"{len(chosen)} pages ({PER_TYPE} per page type, at even steps through each type's ids) "
        "and, of each ground-truth record, only url, page type and main_content.\n"
        "Made by bench/make_quality_slice.py; read by tests/test_quality_gate.py.\n",
        encoding="utf-8")
    print(f"{len(chosen)} pages -> {TARGET}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
