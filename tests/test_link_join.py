"""The block stage joins links to the page's base URL without urllib for the common
shapes (blocks/urls.py); each answer it gives must be urljoin's, character for
character. Checked on every href and src in the test pages against bases of many
shapes, and on the links urljoin rewrites (dot segments, empty queries, `;`)."""
from pathlib import Path
from urllib.parse import urljoin

import pytest
from lxml import html

from webgist_host.engine.blocks.inline import LinkPolicy
from webgist_host.engine.blocks.urls import QuickJoin

PAGES = Path(__file__).parent / "pages"

BASES = [
    "http://a.com", "http://a.com/", "https://a.com/dir/page.html", "https://a.com/dir/",
    "https://a.com/dir/sub/../x/./p?q=1#f", "http://User@A.COM:8080/d//e/f;p?x",
    "https://a.com//", "http://a.com?x", "https://a.com/a/b/..", "https://a.com/a/.",
    "https://[::1]/a/", "https://a.com/\u00e9/\u00fc.html", "https://a.com/%7e/x",
    "HTTP://a.com/x/y",
]
# No quick answers against these (no web scheme, or no host): urljoin alone.
SLOW_BASES = ["http:/nohost/x", "file:///tmp/x.html", "ftp://a.com/x/", ""]

# Links urljoin rewrites, and shapes close to the quick ones.
TRICKY_LINKS = [
    "a", "a/", "a//b", "./a", "../a", "a/./b", "a/../b", ".", "..", "/", "//", "/a",
    "//b.com/x", "/a//b", "/a/./b", "/a/../b", "/a/.", "?", "?q", "#f", "?#", "?q#", "?#f",
    "a?q", "a?", "a#", "a?q#f", "a#f?x", "a;p", "/a;p", "http://b.com", "http://b.com/",
    "https://b.com/x?", "https://b.com/x#", "https://b.com/x?#y", "http:x", "https:x",
    "http:///x", "http://", "https://?q", "HTTP://b.com", "mailto:x@y", "data:x", "a:b",
    "a/b:c", "1a:b", "+a:b", " a", "\ta", "a\tb", "a\nb", "\x01a", "a b", "\u00e9",
    "/wiki/Help:Contents", "https://[::1/x", "https://b.com:99/x", "x?a:b", "C:/x",
    "..a", "a..", "a/.b", "/a/..b",
]


def _page_links() -> set[str]:
    links = set()
    for path in PAGES.rglob("*.html"):
        root = html.fromstring(path.read_bytes())
        for el in root.iter():
            if isinstance(el.tag, str):
                links.update(v for v in (el.get("href"), el.get("src")) if v)
    return links


def _urljoin(base: str, url: str) -> str:
    """LinkPolicy.resolve's answer before the quick join: urljoin, or the link as
    written when urljoin refuses it."""
    try:
        return urljoin(base, url)
    except ValueError:
        return url


@pytest.fixture(scope="module")
def links() -> list[str]:
    found = sorted(_page_links() | set(TRICKY_LINKS))
    assert len(found) > 500        # the test pages hold hundreds of real links
    return found


@pytest.mark.parametrize("base", BASES + SLOW_BASES)
def test_quick_join_answers_as_urljoin_does(base, links):
    join = QuickJoin(base).join
    answered = {url: join(url) for url in links}
    wrong = {url: (got, _urljoin(base, url)) for url, got in answered.items()
             if got is not None and got != _urljoin(base, url)}
    assert wrong == {}
    quick = sum(got is not None for got in answered.values())
    if base in BASES:
        # The common shapes are answered quickly (else the test proves nothing).
        assert quick > len(links) * 0.6, (base, quick)
    else:
        assert quick == 0, base


def test_quick_join_answers_the_common_shapes():
    join = QuickJoin("https://a.com/docs/guide/intro.html?x=1#top").join
    assert join("https://b.org/x?y=1#z") == "https://b.org/x?y=1#z"
    assert join("/wiki/Help:Contents") == "https://a.com/wiki/Help:Contents"
    assert join("setup.html#install") == "https://a.com/docs/guide/setup.html#install"
    assert join("img/a.png") == "https://a.com/docs/guide/img/a.png"
    for rewritten in ("../api.html", "./setup.html", "setup.html?", "a;b", "//cdn.b.org/x",
                      "mailto:x@y.org", "a//b"):
        assert join(rewritten) is None, rewritten


def test_link_policy_resolves_as_before():
    policy = LinkPolicy("https://a.com/docs/page.html")
    assert policy.href("../up.html") == "https://a.com/up.html"
    assert policy.href("next.html") == "https://a.com/docs/next.html"
    assert policy.href(" /x ") == "https://a.com/x"
    assert policy.href("file:///etc/passwd") is None
    assert policy.href("#frag") is None
    assert policy.href("https://b.org/" + "x" * 1200) is None    # state, not an address
    assert policy.resolve("data:image/png;base64,AAA") == "data:image/png;base64,AAA"
