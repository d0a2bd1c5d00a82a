"""End tags libxml2 ignores but a browser honours, made to work by closing the <div>s
that block them.

libxml2 lets an end tag close open elements only of its own "end priority" or lower,
and ranks div above nav, ul, li, section and the like, so in `<nav><div>a</nav>` the
</nav> is ignored and the rest of the page falls inside the nav. A browser (the HTML
standard's "in body" insertion mode) pops the stack of open elements down to the nav.
close_stranded_divs() finds those end tags with a plain tag scanner and writes the
</div>s a browser implies just before them, so that libxml2 builds the same tree.
"""
from __future__ import annotations

import re
from types import MappingProxyType

# End tags the standard handles by popping the stack down to their element when it is
# in scope ("in body": "An end tag whose tag name is one of: address, article, ...";
# "li"; "dd", "dt"; "h1".."h6"). Not here: div (handled below), form (taken off the
# stack without popping what is above it), p (a browser closes an open p at a <div>
# start tag, so no div is ever open inside one), body and html (they pop nothing), and
# the formatting elements (the adoption agency algorithm). A heading end tag here
# closes only a heading of its own name (the standard's "any h1-h6" is left alone).
_POPPING_END_TAGS = frozenset({
    "address", "article", "aside", "blockquote", "button", "center", "details",
    "dialog", "dir", "dl", "fieldset", "figcaption", "figure", "footer", "header",
    "hgroup", "listing", "main", "menu", "nav", "ol", "pre", "search", "section",
    "summary", "ul", "li", "dd", "dt", "h1", "h2", "h3", "h4", "h5", "h6",
})
# The standard's "has an element in scope" stops at these: an end tag whose element
# is below one is ignored. svg and math stand for all of their foreign content; the
# other table parts are here because libxml2 never closes a div across them.
_SCOPE_BOUNDARIES = frozenset({
    "applet", "caption", "marquee", "object", "template", "td", "th", "table",
    "svg", "math", "tr", "thead", "tbody", "tfoot",
})
# "has an element in list item scope" (for </li>) also stops at lists.
_LIST_ITEM_BOUNDARIES = _SCOPE_BOUNDARIES | {"ol", "ul"}
# libxml2's end priorities above its default of 100 (HTMLparser.c, htmlEndPriority):
# an end tag is ignored when an open element of higher priority is above its own.
_LIBXML2_PRIORITY = MappingProxyType({
    "div": 150, "td": 160, "th": 160, "tr": 170, "thead": 180, "tbody": 180,
    "tfoot": 180, "table": 190,
})
_TRACKED = _POPPING_END_TAGS.union(_SCOPE_BOUNDARIES, _LIBXML2_PRIORITY.keys())
# Elements whose content libxml2 reads as text up to their own end tag (it parses
# noscript and template content as markup, so they are not here).
_RAW_TEXT_TAGS = frozenset({
    "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes",
    "plaintext",
})
# As parse.py's scanner: `[^<>]*` stops at the next "<", so nothing is rescanned.
_TAG_RE = re.compile(r"<(?:(!--)|(/?)([A-Za-z][^\s/<>]*)([^<>]*)>)")
# `<x a=b/>`: the slash belongs to an unquoted value, so the tag is not self-closing.
_UNQUOTED_SLASH_RE = re.compile(r"=\s*[^\s\"'=]+/\Z")
_MISMATCH_RE = re.compile(r"Opening and ending tag mismatch: (\S+) and ")
# How far down the stack an end tag looks for its element: keeps hostile input linear.
_REACH = 64


def ignored_popping_end_tag(error_log) -> bool:
    """Whether libxml2 reported ignoring an end tag a browser would have honoured.
    Its message names the innermost open element, which is often a <span> or <a>
    inside the div, so any second name counts."""
    for error in error_log:
        found = _MISMATCH_RE.match(error.message)
        if found and found.group(1) in _POPPING_END_TAGS:
            return True
    return False


def close_stranded_divs(html: str) -> tuple[str, int]:
    """The source with `</div>` written before each end tag that a browser honours
    but an open div would make libxml2 ignore; and how many were written."""
    pieces: list[str] = []
    copied = inserted = pos = 0
    stack: list[str] = []         # the open elements that matter here, innermost last
    while (match := _TAG_RE.search(html, pos)) is not None:
        pos = match.end()
        if match.group(1):                                   # <!-- comment -->
            end = html.find("-->", match.start() + 2)        # "<!-->" is one too
            pos = len(html) if end < 0 else end + 3
            continue
        name = match.group(3).lower()
        if not match.group(2):
            attributes = match.group(4)
            if attributes.endswith("/") and not _UNQUOTED_SLASH_RE.search(attributes):
                continue                   # libxml2 closes `<div/>` at once
            if name in _RAW_TEXT_TAGS:
                closing = re.compile(rf"</{name}[\s/>]", re.I).search(html, pos)
                pos = len(html) if closing is None else closing.start()
            elif name in _TRACKED:
                stack.append(name)
        elif name in ("body", "html"):
            stack.clear()                  # libxml2 closes everything there
        elif name in _POPPING_END_TAGS:
            divs = _pop_like_a_browser(stack, name)
            if divs:
                pieces += (html[copied:match.start()], "</div>" * divs)
                copied = match.start()
                inserted += divs
        elif name in _TRACKED:
            _pop_like_libxml2(stack, name)
    if not inserted:
        return html, 0
    pieces.append(html[copied:])
    return "".join(pieces), inserted


def _find(stack: list[str], name: str) -> int:
    """Index of the innermost open `name` within reach, or -1."""
    for index in range(len(stack) - 1, max(len(stack) - 1 - _REACH, -1), -1):
        if stack[index] == name:
            return index
    return -1


def _pop_like_libxml2(stack: list[str], name: str) -> None:
    """</div>, the table and the scope boundaries' end tags: libxml2's rule, which is
    the browser's wherever a div could be left open."""
    index = _find(stack, name)
    priority = _LIBXML2_PRIORITY.get(name, 100)
    if index >= 0 and all(_LIBXML2_PRIORITY.get(above, 100) <= priority
                          for above in stack[index + 1:]):
        del stack[index:]


def _pop_like_a_browser(stack: list[str], name: str) -> int:
    """Close `name` as the standard does; returns the </div>s libxml2 needs first
    (0 where libxml2 already agrees, or where either parser ignores the end tag)."""
    index = _find(stack, name)
    if index < 0:
        return 0
    above = stack[index + 1:]
    boundaries = _LIST_ITEM_BOUNDARIES if name == "li" else _SCOPE_BOUNDARIES
    if not any(element in boundaries for element in above):
        del stack[index:]
        return above.count("div")
    if all(_LIBXML2_PRIORITY.get(element, 100) <= 100 for element in above):
        del stack[index:]      # out of scope for a browser, but libxml2 closes it
    return 0
