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

Families: an order file may say `# family: real theme` (a page cut down from a real
site's markup and CSS); every other page is `synthetic` (a layout built by hand). The
figures are reported per family as well as overall.

Interleave, per real page: no sidebar block is read between the article's first block
and its last. It is checked on every order page that names its parts (`# article:` and
`# sidebar:` lines, XPath expressions over the captured HTML), on the Sphinx-built
docs sites under tests/pages/docs-sites, and on CPython's own documentation pages
(--cpython, python3.11-doc's folder; left out with a note when it is not installed).
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

sys.path.insert(0, str(REPO / "tests"))

import lxml.html  # noqa: E402

from webgist_host import convert  # noqa: E402
from webgist_host.cli.browser import run_collect, set_viewport, start_chromium  # noqa: E402
from webgist_host.engine.dom.capture import read_capture  # noqa: E402
from webgist_host.engine.dom.stamps import expand_stamps  # noqa: E402
from test_docs_sites import ARTICLE, CPYTHON_PAGES, CPYTHON_THEME, THEMES  # noqa: E402

PAGES_DIR = REPO / "tests" / "pages"
ORDER_SUFFIX = ".order.txt"
ORDERS = ("engine", "source", "y-sort")
SYNTHETIC, REAL_THEME = "synthetic", "real theme"
CPYTHON_HTML = Path("/usr/share/doc/python3.11/html")


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


def serve(folder: Path) -> tuple[ThreadingHTTPServer, str]:
    handler = functools.partial(_QuietHandler, directory=str(folder))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}"


@dataclass
class OrderFile:
    snippets: list[str] = field(default_factory=list)
    method: str | None = None
    family: str = SYNTHETIC
    article: str | None = None              # XPath of the article element
    sidebars: list[str] = field(default_factory=list)


def read_order(path: Path) -> OrderFile:
    order = OrderFile()
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            key, _, value = line[1:].partition(":")
            key, value = key.strip().lower(), value.strip()
            if key == "method":
                order.method = value
            elif key == "family":
                order.family = value
            elif key == "article":
                order.article = value
            elif key == "sidebar":
                order.sidebars.append(value)
            continue
        order.snippets.append(line)
    return order


@dataclass
class Interleave:
    """One real page's interleave check: sidebar blocks read inside the article."""

    name: str
    family: str
    article: int = 0
    sidebar: int = 0
    intruders: int = 0
    method: str | None = None
    error: str | None = None

    @property
    def clean(self) -> bool:
        return not self.error and self.article > 0 and self.sidebar > 0 and not self.intruders


def interleave(name: str, family: str, capture: dict, document, article: str,
               sidebars: list[str]) -> Interleave:
    """Count the sidebar blocks read between the article's first block and its last."""
    tree = expand_stamps(lxml.html.document_fromstring(capture["html"]), read_capture(capture))
    roots = [el.get("data-wg-path") for el in tree.xpath(article)]
    sides = [el.get("data-wg-path") for expression in sidebars for el in tree.xpath(expression)]
    result = Interleave(name, family, method=document.reading_order_method)
    if not roots or not sides:
        result.error = f"article or sidebar not found ({len(roots)} article, {len(sides)} sidebar)"
        return result

    def under(xpath: str, parts: list[str]) -> bool:
        return any(xpath == root or xpath.startswith(root + "/") for root in parts)

    in_article = [i for i, b in enumerate(document.blocks) if under(b.xpath, roots)]
    in_sidebar = [i for i, b in enumerate(document.blocks) if under(b.xpath, sides)]
    result.article, result.sidebar = len(in_article), len(in_sidebar)
    if in_article:
        result.intruders = sum(1 for i in in_sidebar if in_article[0] < i < in_article[-1])
    return result


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
    family: str = SYNTHETIC
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


def judge(name: str, document, snippets: list[str], expected_method: str | None,
          family: str = SYNTHETIC) -> PageResult:
    result = PageResult(name, family, snippets=len(snippets), method=document.reading_order_method,
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
    print_families(ok)


def perfect(r: PageResult) -> bool:
    return not r.missing and not r.ties and r.right["engine"] == r.pairs


def print_families(ok: list[PageResult]) -> None:
    print()
    print(f"{'family':<12} {'pages':>5} {'perfect':>7} {'engine all pairs':>18} {'engine disputed':>17}")
    for family in sorted({r.family for r in ok}, key=lambda f: (f != SYNTHETIC, f)):
        rows = [r for r in ok if r.family == family]
        pairs, disputed = sum(r.pairs for r in rows), sum(r.disputed for r in rows)
        right = sum(r.right["engine"] for r in rows)
        right_d = sum(r.right_disputed["engine"] for r in rows)
        print(f"{family:<12} {len(rows):>5} {sum(map(perfect, rows)):>7} "
              f"{right:>6}/{pairs:<5} {share(right, pairs)} {right_d:>5}/{disputed:<5} {share(right_d, disputed)}")


def print_interleave(checks: list[Interleave], notes: list[str]) -> None:
    print()
    print("# interleave: sidebar blocks read between the article's first block and its last")
    name_w = max((len(c.name) for c in checks), default=10) + 1
    print(f"{'page':<{name_w}} {'family':<11} {'article':>7} {'sidebar':>7} {'inside':>6}  result")
    for c in checks:
        if c.error:
            print(f"{c.name:<{name_w}} {c.family:<11} error: {c.error}")
            continue
        print(f"{c.name:<{name_w}} {c.family:<11} {c.article:>7} {c.sidebar:>7} {c.intruders:>6}  "
              + ("clean" if c.clean else "INTERLEAVED") + f"  {c.method}")
    print(f"interleave clean: {sum(c.clean for c in checks)}/{len(checks)} real pages")
    for note in notes:
        print(f"note: {note}")


def real_pages(cpython: Path | None) -> tuple[list[tuple[str, str, str, list[str]]], list[str]]:
    """(name, URL path, article XPath, sidebar XPaths) of every real page without a
    hand-written order, by server ("pages" or "cpython"), and notes on what is missing."""
    pages, notes = [], []
    for theme, spec in THEMES.items():
        for page in ARTICLE:
            pages.append((f"docs-sites/{theme}/{page}", f"pages:docs-sites/{theme}/{page}.html",
                          spec.article, list(spec.sidebars)))
    if cpython is not None and (cpython / CPYTHON_PAGES[0]).is_file():
        for page in CPYTHON_PAGES:
            pages.append((f"cpython/{page}", f"cpython:{page}", CPYTHON_THEME.article,
                          list(CPYTHON_THEME.sidebars)))
    else:
        notes.append(f"CPython's documentation not found at {cpython}; its pages were left out "
                     "(apt-get install python3.11-doc, or --cpython DIR)")
    return pages, notes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", default="order--*.html",
                        help="glob of pages under tests/pages (default order--*.html)")
    parser.add_argument("--cpython", type=Path, default=CPYTHON_HTML,
                        help=f"CPython's HTML documentation (default {CPYTHON_HTML})")
    parser.add_argument("--no-real", action="store_true",
                        help="skip the interleave check on real pages without an order file")
    parser.add_argument("--json", type=Path, help="also write per-page figures here")
    parser.add_argument("--timeout", type=float, default=30.0, help="page load timeout, seconds")
    args = parser.parse_args(argv)

    pages = [p for p in sorted(PAGES_DIR.glob(args.pages))
             if p.with_name(p.name[: -len(".html")] + ORDER_SUFFIX).exists()]
    if not pages:
        parser.error(f"no pages matching {args.pages} with an {ORDER_SUFFIX} beside them")
    real, notes = ([], []) if args.no_real else real_pages(args.cpython)

    servers = {"pages": serve(PAGES_DIR)}
    if any(where.startswith("cpython:") for _, where, _, _ in real):
        servers["cpython"] = serve(args.cpython)
    profile = tempfile.mkdtemp(prefix="webgist-bench-order-")
    driver = None
    results: list[PageResult] = []
    checks: list[Interleave] = []
    try:
        driver = start_chromium(profile)
        set_viewport(driver)
        driver.set_page_load_timeout(args.timeout)

        def load(server: str, path: str):
            url = f"{servers[server][1]}/{path}"
            driver.get(url)
            capture = run_collect(driver)
            return capture, convert(capture["html"], url=url, geometry=capture, scope="page")

        total = len(pages) + len(real)
        for n, page in enumerate(pages, 1):
            if sys.stderr.isatty() or n == total:
                print(f"\r{n}/{total} pages", end="", file=sys.stderr, flush=True)
            order = read_order(page.with_name(page.name[: -len(".html")] + ORDER_SUFFIX))
            name = page.name[: -len(".html")]
            try:
                capture, document = load("pages", page.name)
                results.append(judge(name, document, order.snippets, order.method, order.family))
                if order.article and order.sidebars:
                    checks.append(interleave(name, order.family, capture, document,
                                             order.article, order.sidebars))
            except Exception as exc:  # a benchmark records failures instead of stopping
                results.append(PageResult(name, order.family, snippets=len(order.snippets),
                                          error=f"{type(exc).__name__}: {exc}"))
        for n, (name, where, article, sidebars) in enumerate(real, len(pages) + 1):
            if sys.stderr.isatty() or n == total:
                print(f"\r{n}/{total} pages", end="", file=sys.stderr, flush=True)
            try:
                capture, document = load(*where.split(":", 1))
                checks.append(interleave(name, REAL_THEME, capture, document, article, sidebars))
            except Exception as exc:
                checks.append(Interleave(name, REAL_THEME, error=f"{type(exc).__name__}: {exc}"))
        print(file=sys.stderr)
    finally:
        if driver is not None:
            driver.quit()
        for httpd, _ in servers.values():
            httpd.shutdown()
            httpd.server_close()
        shutil.rmtree(profile, ignore_errors=True)

    print(f"# reading order, {len(results)} pages, headless Chromium 1280x1024, scope=page")
    print_report(results)
    if checks or notes:
        print_interleave(checks, notes)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"pages": [r.__dict__ for r in results],
                                         "interleave": [c.__dict__ for c in checks]}, indent=1),
                             encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
