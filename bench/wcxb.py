#!/usr/bin/env python3
"""Quality and speed on the WCXB development split, against trafilatura, same pages, same run.

    .venv/bin/python bench/wcxb.py --data ../shared/bench/wcxb-dev \
        --score-tool ../shared/bench/tools/score_wcxb.py [--limit N] [--jobs 2]

For each page it times, in one worker and back to back: a bare lxml parse, webgist's
static conversion (`convert(html, scope=...)`, no geometry: these pages carry none),
and `trafilatura.extract` (optional: `pip install -e '.[bench]'`). It writes one
Markdown file per page and tool under --out and scores both with WCXB's own metric.

Speed is reported as medians and ratios, never as one absolute time: the machines
are shared and noisy.
"""
from __future__ import annotations

import argparse
import gzip
import json
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import lxml.html

import webgist_host

try:
    import trafilatura
except ImportError:  # the comparison is optional
    trafilatura = None


def page_ids(data: Path, limit: int | None, types: set[str] | None) -> list[str]:
    ids = []
    for truth in sorted((data / "ground-truth").glob("*.json")):
        if types:
            page_type = json.loads(truth.read_text())["_internal"]["page_type"]["primary"]
            if page_type not in types:
                continue
        ids.append(truth.stem)
    if limit:
        # Spread a partial run over the whole split rather than its first pages.
        step = max(1, len(ids) // limit)
        ids = ids[::step][:limit]
    return ids


def run_page(job: tuple[str, str, str, str]) -> dict:
    page_id, data, out, scope, with_peer = job
    html = gzip.decompress((Path(data) / "html" / f"{page_id}.html.gz").read_bytes()).decode(
        "utf-8", errors="replace")
    row: dict = {"id": page_id, "bytes": len(html.encode("utf-8"))}

    start = time.perf_counter()
    lxml.html.document_fromstring(html)
    row["lxml_ms"] = (time.perf_counter() - start) * 1000

    start = time.perf_counter()
    try:
        markdown = webgist_host.convert(html, scope=scope).markdown
        row["error"] = None
    except Exception as exc:  # a benchmark records failures instead of stopping
        markdown, row["error"] = "", f"{type(exc).__name__}: {exc}"
    row["webgist_ms"] = (time.perf_counter() - start) * 1000
    (Path(out) / "webgist" / f"{page_id}.md").write_text(markdown, encoding="utf-8")

    if with_peer:
        start = time.perf_counter()
        text = trafilatura.extract(html, output_format="markdown") or ""
        row["trafilatura_ms"] = (time.perf_counter() - start) * 1000
        (Path(out) / "trafilatura" / f"{page_id}.md").write_text(text, encoding="utf-8")
    return row


def score(tool: Path, data: Path, predictions: list[Path], report: Path) -> dict:
    """Run WCXB's scorer on every predictions folder; returns {folder name: result}."""
    subprocess.run([sys.executable, str(tool), "wcxb", "--data", str(data),
                    *map(str, predictions), "--json", str(report), "--quiet-types"],
                   check=True, stdout=subprocess.DEVNULL)
    return json.loads(report.read_text())["systems"]


def summarise_speed(rows: list[dict]) -> list[str]:
    ok = [r for r in rows if r["webgist_ms"] > 0 and r["lxml_ms"] > 0]
    peer = all("trafilatura_ms" in r for r in ok)
    lines = [f"pages timed: {len(ok)}"]
    lines.append(f"median ms/page: lxml parse {statistics.median(r['lxml_ms'] for r in ok):.1f}, "
                 f"webgist {statistics.median(r['webgist_ms'] for r in ok):.1f}"
                 + (f", trafilatura {statistics.median(r['trafilatura_ms'] for r in ok):.1f}"
                    if peer else ""))
    lines.append("median per-page ratio webgist / lxml parse: "
                 f"{statistics.median(r['webgist_ms'] / r['lxml_ms'] for r in ok):.2f}")
    if peer:
        lines.append("median per-page ratio webgist / trafilatura: "
                     f"{statistics.median(r['webgist_ms'] / r['trafilatura_ms'] for r in ok):.2f}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, required=True, help="the wcxb-dev folder")
    parser.add_argument("--score-tool", type=Path, required=True, help="score_wcxb.py")
    parser.add_argument("--out", type=Path, default=Path("bench-out/wcxb"))
    parser.add_argument("--limit", type=int, help="score an evenly spread sample of N pages")
    parser.add_argument("--types", help="comma-separated page types (article,forum,...)")
    parser.add_argument("--scope", default="main", choices=("main", "page"))
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--no-peer", action="store_true",
                        help="skip trafilatura (faster tuning runs; no speed ratio against it)")
    args = parser.parse_args(argv)

    ids = page_ids(args.data, args.limit, set(args.types.split(",")) if args.types else None)
    for tool in ("webgist", "trafilatura"):
        folder = args.out / tool
        folder.mkdir(parents=True, exist_ok=True)
        for stale in folder.glob("*.md"):
            stale.unlink()
    with_peer = trafilatura is not None and not args.no_peer
    jobs = [(i, str(args.data), str(args.out), args.scope, with_peer) for i in ids]
    rows = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for n, row in enumerate(pool.map(run_page, jobs, chunksize=4), 1):
            rows.append(row)
            if n % 50 == 0 or n == len(jobs):
                print(f"\r{n}/{len(jobs)} pages", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    (args.out / "rows.json").write_text(json.dumps(rows, indent=1))

    errors = [r for r in rows if r["error"]]
    for r in errors[:10]:
        print(f"error on {r['id']}: {r['error']}", file=sys.stderr)
    tools = ["webgist"] + (["trafilatura"] if with_peer else [])
    # The scorer reads every ground-truth file; restrict it to the pages run.
    subset = args.out / "data"
    (subset / "ground-truth").mkdir(parents=True, exist_ok=True)
    for stale in (subset / "ground-truth").glob("*.json"):
        stale.unlink()
    for page_id in ids:
        target = subset / "ground-truth" / f"{page_id}.json"
        target.symlink_to((args.data / "ground-truth" / f"{page_id}.json").resolve())
    results = score(args.score_tool, subset, [args.out / tool for tool in tools],
                    args.out / "scores.json")

    print(f"WCXB dev, {len(ids)} pages, scope={args.scope}, errors={len(errors)}")
    types = list(results["webgist"]["by_type"])
    print(_table(results, types))
    print("\n".join(summarise_speed(rows)))
    return 0


def _table(results: dict, types: list[str]) -> str:
    header = "| tool | F1 | P | R | " + " | ".join(types) + " |"
    lines = [header, "|" + "---|" * (4 + len(types))]
    for tool, result in results.items():
        overall = result["overall"]
        by_type = result["by_type"]
        lines.append(f"| {tool} | {overall['f1']:.3f} | {overall['precision']:.3f} | "
                     f"{overall['recall']:.3f} | "
                     + " | ".join(f"{by_type[t]['f1']:.3f}" for t in types) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
