#!/usr/bin/env python3
"""Precedence-pair accuracy of reading order on the corpus, against two baselines, same run.

    .venv/bin/python bench/reading_order.py [--pages 'order--*.html'] [--json out.json]

Every tests/pages/order--<slug>.html page (with its hand-written order--<slug>.order.txt:
one snippet per line in reading order, `#` lines are comments, `# method: <label>` the
expected reading_order_method) is served from 127.0.0.1 by http.server in a thread,
loaded in one headless Chromium at the standard 1280x1024 viewport, measured by
collect.js and converted with scope="page", as tests/test_reading_order_corpus.py does.

Each snippet is located like the corpus test locates it: the first block of the
Document whose text contains it. Every pair of snippets (a listed before b) is then
judged under three orders of the same blocks:

  engine   the Document's own order (its index in document.blocks)
  source   source order: the block's dom_index
  y-sort   a plain sort of the measured blocks by (top, left); an unmeasured block
           keeps its source position (the slots of measured blocks, in source order,
           are refilled by the measured blocks in y-then-x order)

A pair is right when a comes strictly before b. Two snippets in the same block tie and
count as wrong under every order. "Disputed" pairs are those where source order does
not put a strictly before b: there source order scores 0 by construction, and the
figure that matters is how much of it the engine recovers.
"""
from __future__ import annotations

import argparse
import functools
import json
import sys
import tempfile
import shutil
import threading
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from itertools import combinations
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "host"))

from webgist_host import convert  # noqa: E402
from webgist_host.cli.browser import run_collect, set_viewport, start_chromium  # noqa: E402

PAGES_DIR = REPO / "tests" / "pages"
ORDER_SUFFIX = ".order.txt"
ORDERS = ("engine", "source", "y-sort")


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


def serve(folder: Path) -> tuple[ThreadingHTTPServer, str]:
    handler = functools.partial(_QuietHandler, directory=str(folder))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}"


def read_order(path: Path) -> tuple[list[str], str | None]:
    snippets, method = [], None
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            key, _, value = line[1:].partition(":")
            if key.strip().lower() == "method":
                method = value.strip()
            continue
        snippets.append(line)
    return snippets, method


def y_sort_positions(blocks) -> list[int]:
    """Position of each block (indexed as in `blocks`) under the y-then-x baseline."""
    by_source = sorted(range(len(blocks)), key=lambda i: (blocks[i].dom_index, i))
    measured_slots = [i for i in by_source if blocks[i].rect is not None]
    measured_sorted = sorted(measured_slots, key=lambda i: (blocks[i].rect.y, blocks[i].rect.x,
                                                            blocks[i].dom_index))
    refill = dict(zip(measured_slots, measured_sorted))
    sequence = [refill.get(i, i) for i in by_source]
    position = [0] * len(blocks)
    for pos, i in enumerate(sequence):
        position[i] = pos
    return position


@dataclass
class PageResult:
    name: str
    snippets: int = 0
    missing: list[str] = field(default_factory=list)
    ties: int = 0                       # pairs whose snippets share one block
    method: str | None = None
    expected_method: str | None = None
    right: dict = field(default_factory=lambda: {o: 0 for o in ORDERS})
    right_disputed: dict = field(default_factory=lambda: {o: 0 for o in ORDERS})
    pairs: int = 0
    disputed: int = 0
    measured: str = ""
    error: str | None = None


def judge(name: str, document, snippets: list[str], expected_method: str | None) -> PageResult:
    result = PageResult(name, snippets=len(snippets), method=document.reading_order_method,
                        expected_method=expected_method)
    blocks = document.blocks
    result.measured = f"{sum(b.rect is not None for b in blocks)}/{len(blocks)}"
    texts = [b.text for b in blocks]
    ysort = y_sort_positions(blocks)
    located = []   # (snippet, {order: position})
    for snippet in snippets:
        hit = next((i for i, text in enumerate(texts) if snippet in text), None)
        if hit is None:
            result.missing.append(snippet)
            continue
        located.append((hit, {"engine": hit, "source": blocks[hit].dom_index,
                              "y-sort": ysort[hit]}))
    for (block_a, a), (block_b, b) in combinations(located, 2):
        result.pairs += 1
        if block_a == block_b:
            result.ties += 1
        disputed = not a["source"] < b["source"]
        result.disputed += disputed
        for order in ORDERS:
            ok = a[order] < b[order]
            result.right[order] += ok
            if disputed:
                result.right_disputed[order] += ok
    return result


def share(right: int, total: int) -> str:
    return f"{right / total:.3f}" if total else "  n/a"


def print_report(results: list[PageResult]) -> None:
    name_w = max(len(r.name) for r in results) + 1
    head = (f"{'page':<{name_w}} {'snip':>4} {'pairs':>5} " +
            " ".join(f"{o + ' all':>10}" for o in ORDERS) + f" {'disp':>5} " +
            " ".join(f"{o + ' disp':>11}" for o in ORDERS) + "  method")
    print(head)
    print("-" * len(head))
    for r in results:
        if r.error:
            print(f"{r.name:<{name_w}} error: {r.error}")
            continue
        method = r.method or "?"
        if r.expected_method and r.expected_method != r.method:
            method += f" (expected {r.expected_method})"
        flags = []
        if r.missing:
            flags.append(f"{len(r.missing)} snippet(s) not found")
        if r.ties:
            flags.append(f"{r.ties} tied pair(s)")
        print(f"{r.name:<{name_w}} {r.snippets:>4} {r.pairs:>5} " +
              " ".join(f"{share(r.right[o], r.pairs):>10}" for o in ORDERS) +
              f" {r.disputed:>5} " +
              " ".join(f"{share(r.right_disputed[o], r.disputed):>11}" for o in ORDERS) +
              f"  {method}" + (f"  [{'; '.join(flags)}]" if flags else ""))
    ok = [r for r in results if not r.error]
    pairs = sum(r.pairs for r in ok)
    disputed = sum(r.disputed for r in ok)
    print()
    print(f"pages: {len(ok)} scored, {len(results) - len(ok)} failed; pairs: {pairs} "
          f"({disputed} disputed); snippets not found: {sum(len(r.missing) for r in ok)}; "
          f"tied pairs: {sum(r.ties for r in ok)}")
    for o in ORDERS:
        right = sum(r.right[o] for r in ok)
        right_d = sum(r.right_disputed[o] for r in ok)
        macro = [r.right[o] / r.pairs for r in ok if r.pairs]
        macro_d = [r.right_disputed[o] / r.disputed for r in ok if r.disputed]
        print(f"overall {o:<7} all pairs {right:>5}/{pairs:<5} {share(right, pairs)}"
              f"   disputed {right_d:>5}/{disputed:<5} {share(right_d, disputed)}"
              f"   (page mean: all {share(sum(macro), len(macro))},"
              f" disputed {share(sum(macro_d), len(macro_d))})")
    wrong_method = [r.name for r in ok if r.expected_method and r.expected_method != r.method]
    print(f"reading_order_method as expected: {sum(1 for r in ok if r.expected_method) - len(wrong_method)}"
          f"/{sum(1 for r in ok if r.expected_method)} pages that state one"
          + (f" (wrong on {', '.join(wrong_method)})" if wrong_method else ""))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", default="order--*.html",
                        help="glob of pages under tests/pages (default order--*.html)")
    parser.add_argument("--json", type=Path, help="also write per-page figures here")
    parser.add_argument("--timeout", type=float, default=30.0, help="page load timeout, seconds")
    args = parser.parse_args(argv)

    pages = [p for p in sorted(PAGES_DIR.glob(args.pages))
             if p.with_name(p.name[: -len(".html")] + ORDER_SUFFIX).exists()]
    if not pages:
        parser.error(f"no pages matching {args.pages} with an {ORDER_SUFFIX} beside them")

    httpd, base = serve(PAGES_DIR)
    profile = tempfile.mkdtemp(prefix="webgist-bench-order-")
    driver = None
    results: list[PageResult] = []
    try:
        driver = start_chromium(profile)
        set_viewport(driver)
        driver.set_page_load_timeout(args.timeout)
        for n, page in enumerate(pages, 1):
            if sys.stderr.isatty() or n == len(pages):
                print(f"\r{n}/{len(pages)} pages", end="", file=sys.stderr, flush=True)
            snippets, method = read_order(page.with_name(page.name[: -len(".html")] + ORDER_SUFFIX))
            name = page.name[: -len(".html")]
            try:
                url = f"{base}/{page.name}"
                driver.get(url)
                capture = run_collect(driver)
                document = convert(capture["html"], url=url, geometry=capture, scope="page")
                results.append(judge(name, document, snippets, method))
            except Exception as exc:  # a benchmark records failures instead of stopping
                results.append(PageResult(name, snippets=len(snippets), error=f"{type(exc).__name__}: {exc}"))
        print(file=sys.stderr)
    finally:
        if driver is not None:
            driver.quit()
        httpd.shutdown()
        httpd.server_close()
        shutil.rmtree(profile, ignore_errors=True)

    print(f"# reading order, {len(results)} pages, headless Chromium 1280x1024, scope=page")
    print_report(results)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps([r.__dict__ for r in results], indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
