"""The reading-order corpus: real layouts whose source order is not their reading order.

Every page tests/pages/order--<slug>.html comes with order--<slug>.order.txt, written
by hand from what a reader sees on the rendered page (never from the engine's
output): one snippet per line, each a case-sensitive substring of exactly one
block's text, in reading order. An optional `# method: <label>` line states the
reading_order_method the page must be given; a page cut down from a real theme says
`# family: real theme` and names its parts with `# article: <XPath>` and
`# sidebar: <XPath>` lines, and then no sidebar block may be read inside the article
(bench/reading_order.py reports both); other lines starting with `#` are comments.

Each page is loaded from the test server into one headless Chromium at the
standard 1280x1024 viewport, measured by collect.js and converted with
scope="page". Every pair of snippets must come out in the expected order.

Run with -s to see the precedence-pair accuracy over the pairs where source order
and expected order disagree, per page and overall.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

import lxml.html
import pytest

from webgist_host import convert
from webgist_host.cli.browser import run_collect, set_viewport, start_chromium
from webgist_host.engine.dom.capture import read_capture
from webgist_host.engine.dom.stamps import expand_stamps

pytestmark = pytest.mark.browser

PAGES_DIR = Path(__file__).resolve().parent / "pages"
PAGE_GLOB = "order--*.html"
ORDER_SUFFIX = ".order.txt"
PAGES = sorted(PAGES_DIR.glob(PAGE_GLOB))
MIN_SNIPPETS, MAX_SNIPPETS = 6, 20


@dataclass(frozen=True)
class Expectation:
    snippets: tuple[str, ...]
    method: str | None
    family: str = "synthetic"             # "real theme" for a real generator's page
    article: str | None = None            # XPath of the article element (real themes)
    sidebars: tuple[str, ...] = ()        # XPaths of its sidebars


def order_file(page: Path) -> Path:
    return page.with_name(page.name[: -len(".html")] + ORDER_SUFFIX)


def read_expectation(page: Path) -> Expectation:
    path = order_file(page)
    if not path.exists():
        pytest.fail(f"{page.name} has no expected order: write {path.name} by hand")
    snippets: list[str] = []
    method = article = None
    family = "synthetic"
    sidebars: list[str] = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            key, _, value = line[1:].partition(":")
            key, value = key.strip().lower(), value.strip()
            if key == "method":
                method = value
            elif key == "family":
                family = value
            elif key == "article":
                article = value
            elif key == "sidebar":
                sidebars.append(value)
            continue
        snippets.append(line)
    assert MIN_SNIPPETS <= len(snippets) <= MAX_SNIPPETS, (
        f"{path.name}: {len(snippets)} snippets, want {MIN_SNIPPETS}-{MAX_SNIPPETS}")
    duplicates = sorted({s for s in snippets if snippets.count(s) > 1})
    assert not duplicates, f"{path.name}: snippets listed twice: {duplicates}"
    return Expectation(tuple(snippets), method, family, article, tuple(sidebars))


@dataclass(frozen=True)
class Located:
    """Where each expected snippet landed: its block's index in the Document's reading
    order and that block's source position (dom_index)."""

    snippets: tuple[str, ...]
    reading: tuple[int, ...]
    source: tuple[int, ...]


def locate(page: Path, document, expectation: Expectation) -> Located:
    texts = [block.text for block in document.blocks]
    reading, source, problems = [], [], []
    for snippet in expectation.snippets:
        hits = [i for i, text in enumerate(texts) if snippet in text]
        if not hits:
            problems.append(f"snippet not found in any block: {snippet!r}")
            continue
        if len(hits) > 1:
            problems.append(f"snippet is in {len(hits)} blocks, want exactly one: {snippet!r} "
                            f"(blocks {hits[:5]})")
        reading.append(hits[0])
        source.append(document.blocks[hits[0]].dom_index)
    shared = [(a, b) for (a, i), (b, j) in combinations(zip(expectation.snippets, reading), 2)
              if i == j and not problems]
    problems += [f"snippets {a!r} and {b!r} are in the same block" for a, b in shared]
    if problems:
        listing = "\n".join(f"  [{i}] {t[:90]!r}" for i, t in enumerate(texts))
        pytest.fail(f"{page.name}:\n  " + "\n  ".join(problems)
                    + f"\nblocks in the Document's order:\n{listing}", pytrace=False)
    return Located(expectation.snippets, tuple(reading), tuple(source))


def pairs(located: Located):
    """Every expected pair (a before b) as (a, b, engine agrees, source agrees)."""
    items = list(zip(located.snippets, located.reading, located.source))
    for (a, read_a, src_a), (b, read_b, src_b) in combinations(items, 2):
        yield a, b, read_a < read_b, src_a < src_b


def accuracy_over_disputed(located: Located) -> tuple[int, int]:
    """(engine right, total) over the pairs where source order disagrees with the
    expected order."""
    disputed = [engine for _, _, engine, source in pairs(located) if not source]
    return sum(disputed), len(disputed)


# ------------------------------------------------------------------- fixtures

@pytest.fixture(scope="module")
def corpus_browser(tmp_path_factory, browser_paths):
    driver = start_chromium(str(tmp_path_factory.mktemp("corpus-profile")), paths=browser_paths)
    try:
        set_viewport(driver)
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def captured(corpus_browser, server):
    """page -> (the capture, the Document), each page captured once per module."""
    cache: dict[str, tuple[str, object]] = {}

    def get(page: Path):
        if page.name not in cache:
            url = f"{server}/{page.name}"
            corpus_browser.get(url)
            capture = run_collect(corpus_browser)
            cache[page.name] = (capture,
                                convert(capture["html"], url=url, geometry=capture, scope="page"))
        return cache[page.name]

    return get


@pytest.fixture(scope="module")
def converted(captured):
    """page -> Document."""
    return lambda page: captured(page)[1]


def _ids(pages):
    return [p.name[len("order--"): -len(".html")] for p in pages]


# ---------------------------------------------------------------------- tests

def test_the_corpus_is_complete():
    assert len(PAGES) >= 30, f"only {len(PAGES)} order--*.html pages"
    orphans = [p.name for p in sorted(PAGES_DIR.glob("order--*" + ORDER_SUFFIX))
               if not p.with_name(p.name[: -len(ORDER_SUFFIX)] + ".html").exists()]
    assert not orphans, f"expected orders without a page: {orphans}"
    missing = [p.name for p in PAGES if not order_file(p).exists()]
    assert not missing, f"pages without an expected order: {missing}"


# Pages built by a real theme whose source is already in reading order still test
# that the geometry does not scramble them; every other page must reorder something.
REORDERING_PAGES = [p for p in PAGES if not (order_file(p).exists()
                                             and read_expectation(p).family == "real theme")]


@pytest.mark.parametrize("page", REORDERING_PAGES, ids=_ids(REORDERING_PAGES))
def test_source_order_disagrees_with_the_expected_order(page, converted):
    """A page whose source order is already its reading order tests nothing here."""
    expectation = read_expectation(page)
    located = locate(page, converted(page), expectation)
    disputed = [(a, b) for a, b, _, source in pairs(located) if not source]
    if not disputed:
        pytest.fail(f"{page.name}: source order already agrees with the expected order on every"
                    " pair; the page does not exercise reordering", pytrace=False)


@pytest.mark.parametrize("page", PAGES, ids=_ids(PAGES))
def test_reading_order_matches_the_hand_written_order(page, converted):
    expectation = read_expectation(page)
    document = converted(page)
    located = locate(page, document, expectation)
    right, disputed = accuracy_over_disputed(located)
    share = f"{right / disputed:.3f}" if disputed else "n/a"
    print(f"\n[reading-order] {page.name}: {right}/{disputed} disputed pairs right ({share}),"
          f" method {document.reading_order_method}")

    wrong = [(a, b) for a, b, engine, _ in pairs(located) if not engine]
    messages = []
    if wrong:
        shown = "\n".join(f"    expected {a!r} before {b!r}" for a, b in wrong[:25])
        more = f"\n    ... and {len(wrong) - 25} more" if len(wrong) > 25 else ""
        got = sorted(zip(located.reading, located.snippets))
        messages.append(f"{len(wrong)} pair(s) out of order:\n{shown}{more}\n"
                        "  engine's order of the snippets:\n"
                        + "\n".join(f"    {s!r}" for _, s in got))
    if expectation.method and document.reading_order_method != expectation.method:
        messages.append(f"reading_order_method is {document.reading_order_method!r},"
                        f" expected {expectation.method!r}")
    if messages:
        pytest.fail(f"{page.name}:\n  " + "\n  ".join(messages), pytrace=False)


def test_precedence_accuracy_over_disputed_pairs(converted):
    """Report only: the share of disputed pairs (source order and expected order
    disagree) the engine gets right, per page and over the whole corpus."""
    total_right = total = 0
    lines = []
    for page in PAGES:
        try:
            located = locate(page, converted(page), read_expectation(page))
        except pytest.fail.Exception as exc:
            lines.append(f"  {page.name:<48} unusable: {str(exc).splitlines()[0]}")
            continue
        right, disputed = accuracy_over_disputed(located)
        total_right += right
        total += disputed
        share = f"{right / disputed:.3f}" if disputed else "  n/a"
        lines.append(f"  {page.name:<48} {right:>4}/{disputed:<4} {share}")
    overall = f"{total_right / total:.3f}" if total else "n/a"
    print("\n[reading-order] precedence-pair accuracy over disputed pairs:\n"
          + "\n".join(lines)
          + f"\n  {'overall':<48} {total_right:>4}/{total:<4} {overall}")


REAL_THEME_PAGES = [p for p in PAGES if order_file(p).exists()
                    and read_expectation(p).article and read_expectation(p).sidebars]


def test_some_pages_are_cut_from_real_themes():
    assert REAL_THEME_PAGES, "no order page names its article and sidebar (# article:, # sidebar:)"


@pytest.mark.parametrize("page", REAL_THEME_PAGES, ids=_ids(REAL_THEME_PAGES))
def test_real_theme_sidebar_is_never_read_inside_the_article(page, captured):
    expectation = read_expectation(page)
    capture, document = captured(page)
    # Stamps are element-table indexes (capture v2): made XPaths as the engine does.
    tree = expand_stamps(lxml.html.document_fromstring(capture["html"]), read_capture(capture))
    article = [el.get("data-wg-path") for el in tree.xpath(expectation.article)]
    sidebars = [el.get("data-wg-path") for expression in expectation.sidebars
                for el in tree.xpath(expression)]
    assert len(article) == 1 and sidebars, (article, sidebars)

    def under(xpath: str, roots: list[str]) -> bool:
        return any(xpath == root or xpath.startswith(root + "/") for root in roots)

    in_article = [i for i, b in enumerate(document.blocks) if under(b.xpath, article)]
    in_sidebar = [i for i, b in enumerate(document.blocks) if under(b.xpath, sidebars)]
    assert in_article and in_sidebar, (len(in_article), len(in_sidebar))
    inside = [document.blocks[i].text[:50] for i in in_sidebar
              if in_article[0] < i < in_article[-1]]
    assert not inside, f"{page.name}: sidebar blocks read inside the article: {inside}"
