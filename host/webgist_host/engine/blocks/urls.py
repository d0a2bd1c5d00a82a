"""A page's links joined to its base URL without urllib, for the shapes most links
take: an absolute http(s) address, a root-relative path ("/wiki/Help:Contents"), a
path under the base's directory ("chapter2.html", "img/a.png").

`urljoin` parses the base again for every link and the link twice (about 70 µs a
link; WCXB pages hold a hundred distinct links each). For these shapes its answer
is a string prefix worked out once per page plus the link as written, provided the
link has none of the things urljoin would rewrite: a dot segment ("./", "../"), an
empty segment in a relative path ("a//b"), `;` parameters, an empty query or
fragment ("page?" and "page#" lose their mark), a tab or line break (removed), or
leading spaces and controls (stripped). Any other link returns None and the caller
asks urljoin; tests/test_link_join.py holds the two to the same answers.
"""
from __future__ import annotations

import re
from urllib.parse import urljoin, urlsplit

# urlsplit's scheme: an ASCII letter, then letters, digits, "+", "-" or ".", then ":".
# Anchored: searched unanchored over a long run of letters it would be quadratic.
_SCHEME_RE = re.compile(r"\A[A-Za-z][A-Za-z0-9+.\-]*:")
# Characters urljoin removes or splits on anywhere in a link (`;` opens parameters).
_REWRITTEN_RE = re.compile(r"[\t\r\n;]")
WEB_PREFIXES = ("http://", "https://")
DOT_SEGMENTS = frozenset({".", ".."})


class QuickJoin:
    """`join(url)`: urljoin(base, url) for the common shapes, else None."""

    __slots__ = ("_origin", "_directory")

    def __init__(self, base: str | None):
        # "" until the base is known to be a web address urljoin can join to.
        self._origin = self._directory = ""
        if not base:
            return
        try:
            parts = urlsplit(base)
            # urljoin's own answers for a root path and a bare name: the origin and
            # the base's directory exactly as urljoin works them out (its dot
            # segments resolved, empty segments dropped).
            rooted, named = urljoin(base, "/x"), urljoin(base, "x")
        except ValueError:
            return
        if (parts.scheme in ("http", "https") and parts.netloc
                and rooted.endswith("/x") and named.endswith("/x")):
            self._origin, self._directory = rooted[:-2], named[:-1]

    def join(self, url: str) -> str | None:
        if not self._origin or not url or _REWRITTEN_RE.search(url):
            return None
        fragment_at = url.find("#")
        if fragment_at == len(url) - 1:
            return None                     # an empty fragment: urljoin drops the "#"
        head = url if fragment_at < 0 else url[:fragment_at]
        query_at = head.find("?")
        if query_at >= 0 and query_at == len(head) - 1:
            return None                     # an empty query: urljoin drops the "?"
        path = head if query_at < 0 else head[:query_at]
        first = url[0]
        if first == "/":
            if url[1:2] == "/" or not DOT_SEGMENTS.isdisjoint(path.split("/")):
                return None                 # another host's, or dots to resolve
            return self._origin + url
        if url.startswith(WEB_PREFIXES):
            host_at = 7 if url[4] == ":" else 8
            if url[host_at:host_at + 1] in ("", "/", "?", "#"):
                return None                 # no host: urljoin reads it as relative
            return url                      # urljoin rebuilds it unchanged
        if first <= " " or first in "?#" or _SCHEME_RE.match(url):
            return None
        segments = path.split("/")
        if not DOT_SEGMENTS.isdisjoint(segments) or "" in segments[:-1]:
            return None
        return self._directory + url
