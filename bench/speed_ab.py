#!/usr/bin/env python3
"""Engine time of two versions of webgist, on the same pages, in one process.

    .venv/bin/python bench/speed_ab.py da9d143 HEAD --data ../shared/bench/wcxb-dev
    .venv/bin/python bench/speed_ab.py /path/to/old/clone . --data ... --every 7
    .venv/bin/python bench/speed_ab.py ca8b82d HEAD --capture big.capture.json --rounds 3

Each version is a git revision of this repository or a checkout's directory. Both
engines are imported side by side (as separate packages) and each page is converted
by both, in alternating order, `--rounds` times (each round runs both versions, the
first one alternating); a page's time is its fastest round. WCXB pages are converted
with their URL (from ground-truth/<id>.json) unless --no-url.
The machines are shared and noisy: interleaving puts both versions under the same
load, and the per-page ratio cancels what is left. A change that makes no difference
reads 1.00 within about 0.01; run it twice before trusting a gain smaller than that.
"""
from __future__ import annotations

import argparse
import gzip
import importlib
import io
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PACKAGE = "host/webgist_host"


def install_version(version: str, name: str, into: Path) -> None:
    """Place `version`'s engine package in `into` under the package name `name`."""
    target = into / name
    target.mkdir()
    checkout = Path(version)
    if (checkout / PACKAGE).is_dir():
        for source in (checkout / PACKAGE).rglob("*.py"):
            copy = target / source.relative_to(checkout / PACKAGE)
            copy.parent.mkdir(parents=True, exist_ok=True)
            copy.write_bytes(source.read_bytes())
        return
    try:
        archive = subprocess.run(["git", "-C", str(REPO), "archive", version, PACKAGE],
                                 check=True, capture_output=True).stdout
    except subprocess.CalledProcessError as exc:
        sys.exit(f"{version!r} is neither a checkout directory nor a git revision of "
                 f"{REPO}: {exc.stderr.decode(errors='replace').strip()}")
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        for member in tar.getmembers():
            if member.isfile() and member.name.endswith(".py"):
                copy = target / Path(member.name).relative_to(PACKAGE)
                copy.parent.mkdir(parents=True, exist_ok=True)
                copy.write_bytes(tar.extractfile(member).read())


def fastest(convert, page: tuple[str, str | None, dict | None], rounds: int,
            clock=time.perf_counter) -> float:
    html, url, captured = page
    best = float("inf")
    for _ in range(rounds):
        start = clock()
        if captured is None:
            convert(html, url=url, scope="main")
        else:
            convert(html, url=captured.get("url"), geometry=captured, scope="main")
        best = min(best, clock() - start)
    return best


def read_page(path: Path, with_url: bool = True) -> tuple[str, str | None, dict | None]:
    """A WCXB page's HTML and URL (no geometry), or a saved capture's HTML, URL and
    geometry. The URL is the page's ground-truth record's, as bench/quality.py passes
    it: without it no link is resolved, and link resolution is part of the cost."""
    if path.name.endswith(".html.gz"):
        html = gzip.decompress(path.read_bytes()).decode("utf-8", errors="replace")
        truth = path.parent.parent / "ground-truth" / (path.name.split(".")[0] + ".json")
        url = None
        if with_url and truth.exists():
            url = json.loads(truth.read_text(encoding="utf-8")).get("url") or None
        return html, url, None
    captured = json.loads(path.read_text(encoding="utf-8"))
    return captured["html"], captured.get("url"), captured


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 2)[2])
    parser.add_argument("old", help="the baseline: a git revision or a checkout directory")
    parser.add_argument("new", help="the version to compare: a git revision or a checkout")
    parser.add_argument("--data", type=Path,
                        help="a WCXB-format folder (its html/*.html.gz are read)")
    parser.add_argument("--capture", type=Path, action="append", default=[],
                        help="a saved collect.js result (`webgist --save-capture`), "
                             "converted with its geometry; may be repeated")
    parser.add_argument("--every", type=int, default=14,
                        help="take every Nth page, in name order (default 14: 106 pages)")
    parser.add_argument("--rounds", type=int, default=4,
                        help="conversions of each page by each version (default 4)")
    parser.add_argument("--cpu", action="store_true",
                        help="time the process's CPU (time.process_time), not the wall "
                             "clock: steadier when other jobs share the cores")
    parser.add_argument("--no-url", action="store_true",
                        help="convert WCXB pages without their URL (as before 2026-12-04: "
                             "no link is then resolved)")
    args = parser.parse_args(argv)
    clock = time.process_time if args.cpu else time.perf_counter
    files = (sorted((args.data / "html").glob("*.html.gz"))[::max(1, args.every)]
             if args.data else [])
    files += args.capture
    if not files:
        sys.exit("no pages: give --data (a folder with html/*.html.gz) or --capture")

    with tempfile.TemporaryDirectory() as tmp:
        install_version(args.old, "webgist_old", Path(tmp))
        install_version(args.new, "webgist_new", Path(tmp))
        sys.path.insert(0, tmp)
        old = importlib.import_module("webgist_old").convert
        new = importlib.import_module("webgist_new").convert
        old_times, new_times = [], []
        for n, path in enumerate(files, 1):
            page = read_page(path, with_url=not args.no_url)
            best = {old: float("inf"), new: float("inf")}
            for round_ in range(args.rounds):
                # Alternate which version goes first, page by page and round by round:
                # the second run meets warmer caches, and on a shared machine the load
                # changes while one big page is converted a few times.
                for convert in ((old, new) if (n + round_) % 2 else (new, old)):
                    best[convert] = min(best[convert], fastest(convert, page, 1, clock))
            old_times.append(best[old])
            new_times.append(best[new])
            print(f"\r{n}/{len(files)} pages", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)

    ratios = [b / a for a, b in zip(old_times, new_times)]
    print(f"pages: {len(files)}, fastest of {args.rounds} rounds each")
    print(f"median per-page ratio new / old: {statistics.median(ratios):.3f}")
    print(f"ratio of total time new / old:   {sum(new_times) / sum(old_times):.3f}")
    print(f"pages where new is slower: {sum(r > 1 for r in ratios)}")
    # A median hides the one page a change made pathological: name the worst.
    worst = sorted(zip(ratios, files, new_times), reverse=True)[:3]
    print("worst pages new / old: " + ", ".join(
        f"{path.name.split('.')[0]} {ratio:.2f} ({seconds * 1000:.0f} ms)"
        for ratio, path, seconds in worst))
    for path, before, after in zip(files, old_times, new_times):
        if path in args.capture:
            print(f"capture {path.name}: old {before * 1000:.0f} ms, new {after * 1000:.0f} ms, "
                  f"new / old {after / before:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
