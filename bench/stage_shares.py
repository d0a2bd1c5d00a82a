#!/usr/bin/env python3
"""Engine time per page against trafilatura and a bare lxml parse, and where it goes.

    PYTHONPATH=host .venv/bin/python bench/stage_shares.py --data ../shared/bench/wcxb-dev \
        [--every 14] [--rounds 2]

Every Nth WCXB dev page is converted in this one process, each with its URL (as
bench/quality.py passes it): a bare `lxml.html.document_fromstring`, webgist's static
path (`convert(html, url=URL, scope="main")`) and `trafilatura.extract(html, url=URL,
output_format="markdown")`, back to back, `--rounds` times; each page's time is its
fastest round of process CPU (`time.process_time`), which a shared machine's other
jobs move far less than the wall clock. Printed: the median per-page ratios
webgist / trafilatura and webgist / lxml, and each engine stage's share of webgist's
total (from the Document's own stage timings). Needs trafilatura
(`pip install -e '.[bench]'`).
"""
from __future__ import annotations

import argparse
import collections
import gzip
import json
import statistics
import sys
import time
from pathlib import Path

import lxml.html

from webgist_host.engine.pipeline import convert


def fastest(work, rounds: int) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(rounds):
        start = time.process_time()
        result = work()
        best = min(best, time.process_time() - start)
    return best, result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True, help="the wcxb-dev folder")
    parser.add_argument("--every", type=int, default=14, help="take every Nth page")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args(argv)
    try:
        import trafilatura
    except ImportError:
        sys.exit("trafilatura is not installed: pip install -e '.[bench]'")
    pages = sorted((args.data / "html").glob("*.html.gz"))[::args.every]
    if not pages:
        sys.exit(f"no pages under {args.data / 'html'}")
    to_lxml, to_trafilatura = [], []
    stages: collections.Counter[str] = collections.Counter()
    for page in pages:
        page_id = page.name.split(".")[0]
        truth = json.loads((args.data / "ground-truth" / f"{page_id}.json").read_text())
        url, html = truth.get("url"), gzip.decompress(page.read_bytes())
        parse_time, _ = fastest(lambda: lxml.html.document_fromstring(html), args.rounds)
        ours, document = fastest(lambda: convert(html, url=url, scope="main"), args.rounds)
        theirs, _ = fastest(lambda: trafilatura.extract(html, url=url, output_format="markdown"),
                            args.rounds)
        to_lxml.append(ours / max(parse_time, 1e-4))
        to_trafilatura.append(ours / max(theirs, 1e-4))
        stages.update(document.timings_ms)
    total = sum(stages.values()) or 1.0
    print(f"pages: {len(pages)}, fastest of {args.rounds} rounds, process CPU, URLs passed")
    print(f"median per-page ratio webgist / trafilatura: {statistics.median(to_trafilatura):.2f}")
    print(f"median per-page ratio webgist / lxml parse:  {statistics.median(to_lxml):.1f}")
    print("webgist's time by stage:")
    for stage, ms in stages.most_common():
        print(f"  {stage:16s} {100 * ms / total:5.1f} %")
    return 0


if __name__ == "__main__":
    sys.exit(main())
