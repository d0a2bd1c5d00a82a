#!/usr/bin/env python3
"""Quality and speed on the WCXB development split, against trafilatura, same pages, same run.

    .venv/bin/python bench/wcxb.py --data ../shared/bench/wcxb-dev \
        --score-tool ../shared/bench/tools/score_wcxb.py [--limit N] [--jobs 2]

bench/quality.py runs this and readability-dev together, with the tune/validate split;
this script stays for WCXB-only runs (--types, a custom --data copy).

For each page it times, in one worker and back to back: a bare lxml parse, webgist's
static conversion (`convert(html, url=URL, scope=...)`, no geometry: these pages carry
none), and `trafilatura.extract(html, url=URL, ...)` (optional: `pip install -e
'.[bench]'`); URL is the ground truth's `url` (None with --no-url). It writes one
Markdown file per page and tool under --out and scores both with WCXB's own metric.

Speed is reported as medians and ratios, never as one absolute time: the machines
are shared and noisy.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import corpora


def score(tool: Path, data: Path, predictions: list[Path], report: Path) -> dict:
    """Run WCXB's scorer on every predictions folder; returns {folder name: result}."""
    subprocess.run([sys.executable, str(tool), "wcxb", "--data", str(data),
                    *map(str, predictions), "--json", str(report), "--quiet-types"],
                   check=True, stdout=subprocess.DEVNULL)
    return json.loads(report.read_text())["systems"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, required=True, help="the wcxb-dev folder")
    parser.add_argument("--score-tool", type=Path, required=True, help="score_wcxb.py")
    parser.add_argument("--out", type=Path, default=Path("bench-out/wcxb"))
    parser.add_argument("--limit", type=int, help="score an evenly spread sample of N pages")
    parser.add_argument("--types", help="comma-separated page types (article,forum,...)")
    parser.add_argument("--scope", default="main", choices=("main", "page"))
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--no-url", action="store_true",
                        help="pass url=None instead of the page's URL from its ground truth")
    parser.add_argument("--no-peer", action="store_true",
                        help="skip trafilatura (faster tuning runs; no speed ratio against it)")
    args = parser.parse_args(argv)

    pages = corpora.wcxb_pages(args.data, args.limit,
                               set(args.types.split(",")) if args.types else None)
    ids = [page.id for page in pages]
    corpora.empty_output_folders(args.out)
    with_peer = corpora.trafilatura is not None and not args.no_peer
    jobs = [(page, str(args.out), args.scope, with_peer, not args.no_url) for page in pages]
    rows = corpora.convert_all(jobs, args.jobs)
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

    print(f"WCXB dev, {len(ids)} pages, scope={args.scope}, URL passed: "
          f"{'no' if args.no_url else 'yes'}, errors={len(errors)}")
    types = list(results["webgist"]["by_type"])
    print(_table(results, types))
    print("\n".join(corpora.summarise_speed(rows)))
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
