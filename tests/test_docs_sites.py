"""Real documentation sites: the article is never interleaved with its sidebar.

tests/pages/docs-sites/<theme>/ holds one small documentation project (an
imaginary library, Fenwick) built by Sphinx with each of five common themes and
trimmed to what draws the layout; tests/pages/docs-sites/README.md says how to
rebuild them. CPython's own documentation, as the distribution packages it
(python3.11-doc, which install/setup.sh installs), adds long real pages whose
sidebar is sticky and capped at the viewport. Each page is loaded from the test server into one headless Chromium
at the standard 1280x1024 viewport, where every theme draws its sidebar(s) beside
the article, measured by collect.js and converted.

The article's text is located by snippets taken from the project's own source
(in the order written); a block belongs to the article, or to a sidebar, when its
XPath lies under the theme's article or sidebar element, whose path is read from
the data-wg-path stamp collect.js leaves on the captured HTML.
"""
from __future__ import annotations

import os
import functools
import threading
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import lxml.html
import pytest

from webgist_host import convert
from webgist_host.cli.browser import run_collect, set_viewport, start_chromium
from webgist_host.engine.dom.capture import read_capture
from webgist_host.engine.dom.stamps import expand_stamps

pytestmark = pytest.mark.browser

GEOMETRIC = ("geometric-xy-cut", "geometric-anchored")


def _has_class(name: str) -> str:
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"


@dataclass(frozen=True)
class Theme:
    article: str                 # XPath of the element holding the page's own text
    sidebars: tuple[str, ...]    # XPaths of the theme's sidebars (site nav, page toc)


THEMES = {
    "alabaster": Theme(
        article=f"//div[{_has_class('body')}][@role='main']",
        sidebars=(f"//div[{_has_class('sphinxsidebar')}]",)),
    "furo": Theme(
        article="//article[@role='main']",
        sidebars=(f"//*[{_has_class('sidebar-drawer')}]", f"//*[{_has_class('toc-drawer')}]")),
    "sphinx_rtd_theme": Theme(
        article="//div[@itemprop='articleBody']",
        sidebars=(f"//nav[{_has_class('wy-nav-side')}]",)),
    "pydata_sphinx_theme": Theme(
        article=f"//article[{_has_class('bd-article')}]",
        sidebars=(f"//*[{_has_class('bd-sidebar-primary')}]",
                  f"//*[{_has_class('bd-sidebar-secondary')}]")),
    "sphinx_book_theme": Theme(
        article=f"//article[{_has_class('bd-article')}]",
        sidebars=(f"//*[{_has_class('bd-sidebar-primary')}]",
                  f"//*[{_has_class('bd-sidebar-secondary')}]")),
}

# The article's paragraphs (and the code block, note, table and section heading
# among them), in the order they are written in tests/pages/docs-sites/_src.
ARTICLE = {
    "index": (
        "Fenwick reads the plain-text notebooks",
        "The library does three things",
        "Version 2.3 adds the SQLite writer",
        "Indices and tables",
    ),
    "guide": (
        "A Fenwick notebook is an ordinary text file",
        "The quickest way in is",
        "notebooks/1987-spring.txt",
        "When a line cannot be understood",
        "Fenwick never rewrites a notebook in place",
        "A schema names the fields",
        "The table below lists the field types",
        "Four-letter codes from the loaded checklist",
        "Once a schema is in place",
    ),
    "api": (
        "This page lists the public interface",
        "Read the notebook at",
        "FileNotFoundError",
        "Parse one observation line",
        "One dated entry of a notebook",
        "The date written at the head of the entry",
        "Record a correction to one field",
        "A set of named field types",
        "Check every observation in",
    ),
}

CASES = [(theme, page) for theme in THEMES for page in ARTICLE]
IDS = [f"{theme}-{page}" for theme, page in CASES]


# ------------------------------------------------------------------- fixtures

@pytest.fixture(scope="module")
def docs_browser(tmp_path_factory, browser_paths):
    driver = start_chromium(str(tmp_path_factory.mktemp("docs-profile")), paths=browser_paths)
    try:
        set_viewport(driver)
        yield driver
    finally:
        driver.quit()


@dataclass
class Capture:
    url: str
    capture: dict
    article: tuple[str, ...]     # data-wg-path of the article element(s)
    sidebars: tuple[str, ...]    # data-wg-path of every sidebar element found


@pytest.fixture(scope="module")
def captured(docs_browser, server):
    """(theme, page) -> Capture, each page loaded and measured once per module."""
    cache: dict[tuple[str, str], Capture] = {}

    def get(theme: str, page: str) -> Capture:
        if (theme, page) not in cache:
            url = f"{server}/docs-sites/{theme}/{page}.html"
            docs_browser.get(url)
            capture = run_collect(docs_browser)
            # Stamps are element-table indexes (capture v2): made XPaths as the engine does.
            tree = expand_stamps(lxml.html.document_fromstring(capture["html"]),
                                 read_capture(capture))
            spec = THEMES[theme]

            def stamped(expression: str) -> list[str]:
                return [el.get("data-wg-path") for el in tree.xpath(expression)]

            article = stamped(spec.article)
            sidebars = [path for expression in spec.sidebars for path in stamped(expression)]
            assert len(article) == 1 and all(article), (
                f"{theme}/{page}: want one stamped article element, found {article}")
            assert sidebars and all(sidebars), (
                f"{theme}/{page}: no stamped sidebar element found for {spec.sidebars}")
            cache[(theme, page)] = Capture(url, capture, tuple(article), tuple(sidebars))
        return cache[(theme, page)]

    return get


@pytest.fixture(scope="module")
def converted(captured):
    """(theme, page, scope) -> (Capture, Document)."""
    cache: dict[tuple[str, str, str], object] = {}

    def get(theme: str, page: str, scope: str):
        shot = captured(theme, page)
        if (theme, page, scope) not in cache:
            cache[(theme, page, scope)] = convert(
                shot.capture["html"], url=shot.url, geometry=shot.capture, scope=scope)
        return shot, cache[(theme, page, scope)]

    return get


# ------------------------------------------------------------------- helpers

def _under(xpath: str, roots: tuple[str, ...]) -> bool:
    return any(xpath == root or xpath.startswith(root + "/") for root in roots)


def _box(block) -> str:
    r = block.rect
    return "unmeasured" if r is None else f"x={r.x:.0f} y={r.y:.0f} w={r.w:.0f} h={r.h:.0f}"


def _listing(document, shot: Capture) -> str:
    rows = []
    for i, block in enumerate(document.blocks):
        where = ("article" if _under(block.xpath, shot.article)
                 else "SIDEBAR" if _under(block.xpath, shot.sidebars) else "other")
        rows.append(f"  [{i:2}] {where:7} {_box(block):28} {block.text[:60]!r}")
    return "\n".join(rows)


def _locate(document, shot: Capture, snippets) -> tuple[list[int], list[str]]:
    """Each snippet's block index (among blocks under the article element)."""
    found, problems = [], []
    for snippet in snippets:
        hits = [i for i, block in enumerate(document.blocks)
                if snippet in block.text and _under(block.xpath, shot.article)]
        if len(hits) != 1:
            problems.append(f"snippet in {len(hits)} article blocks, want exactly one: {snippet!r}")
        found.extend(hits[:1])
    return found, problems


# ---------------------------------------------------------------------- tests

@pytest.mark.parametrize(("theme", "page"), CASES, ids=IDS)
def test_sidebar_stands_beside_the_article(theme, page, converted):
    """The layout under test really is two (or three) columns at 1280 px: some
    sidebar block is measured, on screen, level with the article and clear of it
    sideways. Without this, the interleaving test below would prove nothing."""
    shot, document = converted(theme, page, "page")
    article = [b.rect for b in document.blocks if b.rect and _under(b.xpath, shot.article)]
    assert article, f"{theme}/{page}: no measured article block"
    left = min(r.x for r in article)
    right = max(r.right for r in article)
    top = min(r.y for r in article)
    bottom = max(r.y + r.h for r in article)
    beside = [b for b in document.blocks
              if b.rect and _under(b.xpath, shot.sidebars) and b.rect.w > 0
              and 0 <= b.rect.x and b.rect.right <= 1280
              and (b.rect.right <= left or b.rect.x >= right)
              and b.rect.y < bottom and b.rect.y + b.rect.h > top]
    assert beside, (f"{theme}/{page}: no sidebar block drawn beside the article\n"
                    + _listing(document, shot))


@pytest.mark.parametrize(("theme", "page"), CASES, ids=IDS)
def test_reading_order_is_geometric(theme, page, converted):
    _, document = converted(theme, page, "page")
    assert document.reading_order_method in GEOMETRIC, (
        f"{theme}/{page}: reading_order_method is {document.reading_order_method!r}")


@pytest.mark.parametrize(("theme", "page"), CASES, ids=IDS)
def test_article_is_in_order_and_never_interleaved_with_a_sidebar(theme, page, converted):
    shot, document = converted(theme, page, "page")
    found, problems = _locate(document, shot, ARTICLE[page])
    if not problems:
        if found != sorted(found):
            order = [s for _, s in sorted(zip(found, ARTICLE[page]))]
            problems.append("article snippets out of order; the engine's order:\n"
                            + "\n".join(f"    {s!r}" for s in order))
        first, last = min(found), max(found)
        intruders = [i for i in range(first, last + 1)
                     if _under(document.blocks[i].xpath, shot.sidebars)]
        if intruders:
            problems.append(
                f"{len(intruders)} sidebar block(s) read between the article's first "
                f"paragraph [{first}] and its last [{last}]:\n"
                + "\n".join(f"    [{i}] {_box(document.blocks[i])} "
                            f"{document.blocks[i].text[:60]!r}" for i in intruders))
    if problems:
        pytest.fail(f"{theme}/{page} (scope=page, {document.reading_order_method}):\n  "
                    + "\n  ".join(problems)
                    + "\nblocks in the Document's order:\n" + _listing(document, shot),
                    pytrace=False)


@pytest.mark.parametrize(("theme", "page"), CASES, ids=IDS)
def test_main_scope_keeps_the_article_and_drops_the_sidebar(theme, page, converted):
    shot, document = converted(theme, page, "main")
    found, problems = _locate(document, shot, ARTICLE[page])
    if not problems and found != sorted(found):
        problems.append("article snippets out of order")
    kept = [i for i, b in enumerate(document.blocks) if _under(b.xpath, shot.sidebars)]
    if kept:
        problems.append(f"{len(kept)} sidebar block(s) kept by scope=main: "
                        + ", ".join(repr(document.blocks[i].text[:40]) for i in kept))
    if problems:
        pytest.fail(f"{theme}/{page} (scope=main):\n  " + "\n  ".join(problems)
                    + "\nblocks kept:\n" + _listing(document, shot), pytrace=False)


# ------------------------------------------------------ CPython's own documentation

# Debian 12's python3.11-doc; python3-doc installs another version's folder elsewhere.
CPYTHON_DOCS = (Path("/usr/share/doc/python3.11/html"),
                *sorted(Path("/usr/share/doc").glob("python3.*/html"), reverse=True))
CPYTHON_INSTALL = ("install/setup.sh --no-demo (or: sudo apt-get install python3.11-doc, "
                   "python3-doc where that is the name)")
# Long module pages: the sidebar (sticky, max-height: 100vh) ends a screen down while
# the article runs on for thousands of pixels.
CPYTHON_PAGES = ("library/json.html", "library/itertools.html", "library/os.path.html",
                 "library/pathlib.html")
CPYTHON_THEME = Theme(article="//div[@role='main']",
                      sidebars=(f"//div[{_has_class('sphinxsidebar')}]",))


def _unavailable(message: str) -> None:
    """Skip on a developer's machine; fail in CI, where a skip would hide the check."""
    if os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no"):
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


@pytest.fixture(scope="module")
def cpython_server():
    folder = next((f for f in CPYTHON_DOCS if (f / CPYTHON_PAGES[0]).is_file()), None)
    if folder is None:
        _unavailable(f"CPython's HTML documentation is not installed; run {CPYTHON_INSTALL}")
    handler = functools.partial(_QuietHandler, directory=str(folder))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.mark.parametrize("page", CPYTHON_PAGES, ids=[p.split("/")[-1] for p in CPYTHON_PAGES])
def test_cpython_sticky_sidebar_is_never_read_inside_the_article(page, cpython_server,
                                                                 docs_browser):
    url = f"{cpython_server}/{page}"
    docs_browser.get(url)
    capture = run_collect(docs_browser)
    tree = expand_stamps(lxml.html.document_fromstring(capture["html"]), read_capture(capture))
    article = tuple(el.get("data-wg-path") for el in tree.xpath(CPYTHON_THEME.article))
    sidebars = tuple(el.get("data-wg-path")
                     for expression in CPYTHON_THEME.sidebars for el in tree.xpath(expression))
    assert len(article) == 1 and all(article) and sidebars and all(sidebars), (article, sidebars)
    shot = Capture(url, capture, article, sidebars)
    document = convert(capture["html"], url=url, geometry=capture, scope="page")
    listing = "\nblocks in the Document's order:\n" + _listing(document, shot)

    assert document.reading_order_method in GEOMETRIC, document.reading_order_method
    in_article = [i for i, b in enumerate(document.blocks) if _under(b.xpath, article)]
    in_sidebar = [i for i, b in enumerate(document.blocks) if _under(b.xpath, sidebars)]
    assert len(in_article) >= 50 and len(in_sidebar) >= 5, (
        f"{page}: {len(in_article)} article and {len(in_sidebar)} sidebar blocks" + listing)
    # The case under test: the sidebar is measured a screen tall, the article far taller.
    sidebar_bottom = max(document.blocks[i].rect.bottom for i in in_sidebar
                         if document.blocks[i].rect)
    article_bottom = max(document.blocks[i].rect.bottom for i in in_article
                         if document.blocks[i].rect)
    assert article_bottom > 2 * sidebar_bottom, (sidebar_bottom, article_bottom)
    intruders = [i for i in in_sidebar if in_article[0] < i < in_article[-1]]
    if intruders:
        pytest.fail(f"{page}: {len(intruders)} sidebar block(s) read between the article's first "
                    f"block [{in_article[0]}] and its last [{in_article[-1]}]:\n"
                    + "\n".join(f"    [{i}] {_box(document.blocks[i])} "
                                f"{document.blocks[i].text[:60]!r}" for i in intruders)
                    + listing, pytrace=False)
