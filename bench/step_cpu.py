#!/usr/bin/env python3
"""Process CPU of the engine's main steps, inside whole conversions of WCXB pages.

    PYTHONPATH=host .venv/bin/python bench/step_cpu.py --data ../shared/bench/wcxb-dev --every 14

Each step below is wrapped (process CPU around the call) and every page converted as
bench/quality.py converts it (scope main, the URL its ground-truth file records); the
figures are those of the fastest of `--rounds` passes over the pages. Steps nest
(block_contexts is inside apply_regions), so the shares do not add up to 100%.

Why not a profiler: cProfile charges each call its own overhead (it made a function
called 2,538 times look like 0.2 s; alone it takes 11 ms), and a signal-based
sampler sees a sample only where the interpreter checks for signals (a function's
first line, a loop's jump back), so work done in C lands on the next Python line.
A wrapper around a coarse step costs a microsecond per call and says where the time is.
"""
from __future__ import annotations

import argparse
import gc
import gzip
import importlib
import json
import time
from collections import Counter
from pathlib import Path

# (module, name): the functions timed, as the module that calls them names them.
STEPS = [
    ("pipeline", "read_page"), ("pipeline", "strip_bidi_controls"),
    ("pipeline", "read_page_metadata"), ("pipeline", "PageIndex"),
    ("pipeline", "extract_blocks"), ("pipeline", "apply_regions"),
    ("pipeline", "order_blocks"), ("pipeline", "deduplicate"), ("pipeline", "render_markdown"),
    ("regions.stage", "block_contexts"), ("regions.stage", "resolve_marks"),
    ("regions.stage", "choose_container"), ("regions.stage", "_place_blocks"),
]


def wrap(module, name: str, spent: Counter) -> None:
    function = getattr(module, name)

    def timed(*args, **kwargs):
        start = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            spent[name] += time.process_time() - start
    setattr(module, name, timed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, required=True, help="a WCXB-format folder")
    parser.add_argument("--every", type=int, default=14)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--gc-off", action="store_true", help="the garbage collector off")
    args = parser.parse_args()
    pages = []
    for path in sorted((args.data / "html").glob("*.html.gz"))[::args.every]:
        truth = json.loads((args.data / "ground-truth" / f"{path.name.split('.')[0]}.json")
                           .read_text())
        pages.append((gzip.decompress(path.read_bytes()), truth.get("url")))
    spent: Counter = Counter()
    for module_name, name in STEPS:
        wrap(importlib.import_module(f"webgist_host.engine.{module_name}"), name, spent)
    convert = importlib.import_module("webgist_host.engine.pipeline").convert
    if args.gc_off:
        gc.disable()
    best_total, best = float("inf"), Counter()
    for _ in range(args.rounds):
        spent.clear()
        start = time.process_time()
        for html, url in pages:
            convert(html, url=url, scope="main")
        total = time.process_time() - start
        if total < best_total:
            best_total, best = total, Counter(spent)
    print(f"{len(pages)} pages, fastest of {args.rounds} passes: {best_total:.3f} s process CPU")
    for name, seconds in best.most_common():
        print(f"  {100 * seconds / best_total:5.1f} %  {1000 * seconds:8.1f} ms  {name}")


if __name__ == "__main__":
    main()
