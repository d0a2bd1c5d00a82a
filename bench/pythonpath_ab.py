#!/usr/bin/env python3
"""Two engine trees A/B, page by page, each in its own process: for builds speed_ab can't load.

    .venv/bin/python bench/pythonpath_ab.py PURE_HOST COMPILED_HOST \
        [--data ../shared/bench/wcxb-dev --every 14] [--capture big.capture.json] [--rounds 2]

`bench/speed_ab.py` loads both revisions into one process by copying their .py files,
so it cannot compare a tree holding compiled modules (.so beside the .py, from mypyc or
Cython) with the pure one. Here each tree gets a worker process of its own
(PYTHONPATH=tree); every page goes to both workers in turn, the order alternating page
by page and round by round, and each worker times its own `convert()` in process CPU.
A page's time is its fastest round. WCXB pages are converted statically with the URL
their ground-truth file records (as bench/quality.py does); a saved capture
(`webgist --save-capture`) with its geometry. Each worker also times a bare lxml parse
and trafilatura (`pip install -e '.[bench]'`), for the ratios to them and so that both
do the same work (timing them in one worker only made the other look 3-4% faster).
A tree against itself reads 1.00 within about 0.01.

Printed: the median per-page ratio B / A and the total, the ratios to trafilatura and
to lxml, and how many pages gave a different Markdown (by digest): any is a failure. With
`--stages`, each engine stage's summed time from the Document's own timings, which are
wall clock: on a loaded machine they move with the other jobs.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

WORKER = r'''
import gzip, hashlib, json, sys, time
from webgist_host.engine.pipeline import convert
import webgist_host.engine.blocks.walker as walker
peers = sys.argv[1] == "1"
if peers:
    import lxml.html, trafilatura
print(json.dumps({"loaded": walker.__file__}), flush=True)
for line in sys.stdin:
    job = json.loads(line)
    geometry = None
    if job["kind"] == "capture":
        geometry = json.loads(open(job["path"], encoding="utf-8").read())
        html, url = geometry["html"], geometry.get("url")
    else:
        html, url = gzip.decompress(open(job["path"], "rb").read()), job["url"]
    start = time.process_time()
    document = convert(html, url=url, geometry=geometry, scope="main")
    out = {"ours": time.process_time() - start, "timings_ms": document.timings_ms,
           "digest": hashlib.sha256(document.markdown.encode()).hexdigest()}
    if peers and geometry is None:
        start = time.process_time(); lxml.html.document_fromstring(html)
        out["lxml"] = time.process_time() - start
        start = time.process_time(); trafilatura.extract(html, url=url, output_format="markdown")
        out["trafilatura"] = time.process_time() - start
    print(json.dumps(out), flush=True)
'''


class Worker:
    def __init__(self, tree: Path, peers: bool):
        self.process = subprocess.Popen(
            [sys.executable, "-c", WORKER, "1" if peers else "0"], text=True, cwd="/",
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            env=dict(os.environ, PYTHONPATH=str(tree.resolve())))
        loaded = json.loads(self.process.stdout.readline())["loaded"]
        if not loaded.startswith(str(tree.resolve()) + os.sep):
            sys.exit(f"{tree}: the engine came from {loaded}, not from this tree")
        print(f"{tree}: engine from {loaded}")

    def ask(self, job: dict) -> dict:
        self.process.stdin.write(json.dumps(job) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait()


def jobs(args: argparse.Namespace) -> list[dict]:
    found = []
    if args.data:
        for page in sorted((args.data / "html").glob("*.html.gz"))[::args.every]:
            truth = args.data / "ground-truth" / f"{page.name.split('.')[0]}.json"
            found.append({"kind": "wcxb", "path": str(page), "name": page.name,
                          "url": json.loads(truth.read_text()).get("url")})
    found += [{"kind": "capture", "path": str(path), "name": path.name} for path in args.capture]
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", type=Path, help="the first tree's import root (e.g. host/)")
    parser.add_argument("b", type=Path, help="the second tree's import root")
    parser.add_argument("--data", type=Path, help="a WCXB folder (html/*.html.gz)")
    parser.add_argument("--every", type=int, default=14, help="take every Nth WCXB page")
    parser.add_argument("--capture", type=Path, action="append", default=[])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--stages", action="store_true",
                        help="also each stage's summed wall-clock time (misleads under load)")
    args = parser.parse_args(argv)
    pages = jobs(args)
    if not pages:
        sys.exit("no pages: give --data or --capture")
    # Both workers do the same work, peers included: a worker that ran trafilatura
    # holds more objects (each collection costs more) and has colder caches.
    workers = {"a": Worker(args.a, peers=True), "b": Worker(args.b, peers=True)}
    best: dict[tuple[str, str], dict] = {}
    differ = set()
    for round_ in range(args.rounds):
        for i, job in enumerate(pages):
            for side in ("ab" if (i + round_) % 2 == 0 else "ba"):
                result = workers[side].ask(job)
                kept = best.setdefault((job["name"], side), result)
                for key in ("ours", "lxml", "trafilatura"):
                    if key in result:
                        kept[key] = min(kept[key], result[key])
                if result["ours"] == kept["ours"]:
                    kept["timings_ms"] = result["timings_ms"]
            if best[(job["name"], "a")]["digest"] != best[(job["name"], "b")]["digest"]:
                differ.add(job["name"])
    for worker in workers.values():
        worker.close()

    def report(names: list[str], label: str) -> None:
        a = [best[(n, "a")] for n in names]
        b = [best[(n, "b")] for n in names]
        ratios = [y["ours"] / x["ours"] for x, y in zip(a, b)]
        print(f"{label}: {len(names)} pages, fastest of {args.rounds} rounds, process CPU")
        print(f"  b / a per page: median {statistics.median(ratios):.3f}, total "
              f"{sum(y['ours'] for y in b) / sum(x['ours'] for x in a):.3f}")
        if all("trafilatura" in x for x in a):
            peer = [min(x["trafilatura"], y["trafilatura"]) for x, y in zip(a, b)]
            parse = [min(x["lxml"], y["lxml"]) for x, y in zip(a, b)]
            for side, rows in (("a", a), ("b", b)):
                to_peer = [r["ours"] / max(t, 1e-4) for r, t in zip(rows, peer)]
                to_lxml = [r["ours"] / max(t, 1e-4) for r, t in zip(rows, parse)]
                print(f"  {side}: median per-page ratio to trafilatura "
                      f"{statistics.median(to_peer):.2f}, to lxml parse {statistics.median(to_lxml):.1f}")
        for stage in a[0]["timings_ms"] if args.stages else ():
            before = sum(x["timings_ms"].get(stage, 0) for x in a)
            after = sum(y["timings_ms"].get(stage, 0) for y in b)
            print(f"  {stage:14s} a {before:9.0f} ms  b {after:9.0f} ms  b/a {after / max(before, 1e-9):.2f}")

    wcxb = [job["name"] for job in pages if job["kind"] == "wcxb"]
    if wcxb:
        report(wcxb, "WCXB")
    for job in pages:
        if job["kind"] == "capture":
            report([job["name"]], job["name"])
    print(f"Markdown differs on {len(differ)} pages{': ' + ', '.join(sorted(differ)) if differ else ''}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
