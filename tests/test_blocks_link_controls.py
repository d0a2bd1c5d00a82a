"""The link-control test's substring pre-filter gives the patterns' answers."""
import pytest

from webgist_host.engine.blocks.tuning import EMPTY_SEARCH_HREF, SOURCE_VIEW_HREF
from webgist_host.engine.blocks.walker import (
    _is_empty_search_href, _is_link_control, _is_link_control_href, _is_source_view_href,
)
from webgist_host.engine.dom.parse import parse_html

HREFS = [
    # one of each alternative of the two patterns, in several cases
    "https://github.com/o/r/edit/main/docs/index.md",
    "https://gitlab.com/o/r/-/EDIT/main/a.md",
    "/_sources/library/json.rst.txt",
    "_Sources/x.txt",
    "/w/index.php?title=Foo&action=edit",
    "/w/index.php?title=Foo&ACTION=Edit",
    "../../src/core/option.rs.html#10",
    "/src/alloc/vec/mod.RS.HTML",
    "?search=",
    "/docs/?Q=#",
    "index.html?query=&x=1",
    # near misses
    "/editor/", "/w/index.php?action=editing", "/src/a.rs.htm", "?search=rust",
    "/sources/x", "https://example.com/", "#edit", "",
    # non-ASCII: case-insensitive matching folds "ſ" onto "s" and the Kelvin sign onto "k"
    "/_ſources/x.txt", "?ſearch=", "/\u212a/edit/",
]


@pytest.mark.parametrize("href", HREFS)
def test_prefilter_agrees_with_the_patterns(href):
    source_view, empty_search = bool(SOURCE_VIEW_HREF.search(href)), bool(EMPTY_SEARCH_HREF.search(href))
    assert _is_source_view_href(href) is source_view
    assert _is_empty_search_href(href) is empty_search
    assert _is_link_control_href(href) is (source_view or empty_search)


def test_only_links_are_link_controls():
    root = parse_html('<p><a href="/edit/x">Edit</a><span href="/edit/x">Edit</span></p>')
    link, span = root.iter("a", "span")
    assert _is_link_control(link)
    assert not _is_link_control(span)


def test_the_cases_cover_both_answers():
    answers = {_is_link_control_href(href) for href in HREFS}
    assert answers == {True, False}
    assert _is_link_control_href("/_ſources/x.txt")
