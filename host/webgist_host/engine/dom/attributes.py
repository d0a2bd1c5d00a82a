"""Start tags with more attributes than MAX_ATTRIBUTES, cut down before libxml2 reads them.

libxml2 (2.14, in lxml 6) checks each new attribute of a start tag against every
earlier one, so one tag with n distinct attributes costs n^2: 20,000 take seconds,
40,000 half a minute. No page needs more than a few dozen on one element; a hostile
or generated page can hold that many. The source is scanned once for such tags and
each is rewritten with its first `limit` attributes (plus the capture's own stamps,
which the engine needs to match the element to its box), so the parse stays linear.

The rewrite follows the HTML tokenizer the way libxml2 2.14 does (HTML5): a quote
opens a value only after "=", and ">" inside a quoted value does not end the tag.
A normal page pays for one regex search for a tag that runs 2 * `limit` bytes
without a ">" (each attribute takes two bytes at least); only such tags are counted
exactly. A tag whose quoted values hold a ">" every 2 KB passes that search: a
page made to evade the guard still can (docs/robustness.md); counting every tag
exactly would catch it, at 3% of every page's conversion time.
"""
from __future__ import annotations

import re

# One attribute in the tokenizer's terms: a name (its first character may be "="),
# then optionally "=" and a quoted value (an unclosed quote runs to the end, as in the
# tokenizer) or an unquoted one. Separators ("/" too) come between attributes.
_NAME_AND_VALUE = rb"""([^\s/>][^\s/>=]*+)(?:\s*+=\s*+(?:"[^"]*+"?|'[^']*+'?|[^\s>]*+))?"""
_ATTRIBUTE = re.compile(_NAME_AND_VALUE)
_SEPARATORS = re.compile(rb"[\s/]*+")
_TAG_NAME = re.compile(rb"<([A-Za-z][^\s/>]*+)")
# What the rewriting pass steps over: comments, and the raw-text elements whose
# content holds no tags (a "<p a b c>" in a script is the script's text).
_NEXT_MARKUP = re.compile(rb"<(?:!--|[A-Za-z])")
_RAW_TEXT = frozenset({b"script", b"style", b"textarea", b"title", b"xmp", b"iframe",
                       b"noembed", b"noframes", b"plaintext"})
# The capture's stamps (collect.js adds them last): an element in a measured capture
# without its path is dropped as never laid out, so they are kept past the limit.
_STAMP_PREFIX = b"data-wg-"
# Every attribute takes at least two bytes (a name character and a separator).
_MIN_ATTRIBUTE_BYTES = 2


def cap_attributes(source: bytes, limit: int) -> tuple[bytes, int, int]:
    """`source` with every start tag cut to its first `limit` attributes; also how
    many tags were cut and how many attributes dropped. `source` itself when no tag
    has more."""
    if not _has_crowded_tag(source, limit):
        return source, 0, 0
    out: list[bytes] = []
    copied = pos = tags = dropped = 0
    size = len(source)
    lowered = None
    while pos < size:
        found = _NEXT_MARKUP.search(source, pos)
        if found is None:
            break
        start = found.start()
        if source.startswith(b"<!--", start):
            end = source.find(b"-->", start + 2)       # ("<!-->" is a whole comment)
            pos = size if end < 0 else end + 3
            continue
        name = _TAG_NAME.match(source, start)
        assert name is not None          # _NEXT_MARKUP saw "<" and a letter
        pos, spans = _read_attributes(source, name.end())
        if len(spans) > limit:
            out.append(source[copied:start])
            tag, kept = _rewritten(source, start, name.end(), pos, spans, limit)
            out.append(tag)
            copied = pos
            tags += 1
            dropped += len(spans) - kept
        tag_name = name.group(1).lower()
        if tag_name in _RAW_TEXT:
            if lowered is None:
                lowered = source.lower()
            close = lowered.find(b"</" + tag_name, pos)
            pos = size if close < 0 else close
    if not tags:
        return source, 0, 0
    out.append(source[copied:])
    return b"".join(out), tags, dropped


def _has_crowded_tag(source: bytes, limit: int) -> bool:
    """Whether some start tag (or what looks like one, in a script) holds more than
    `limit` attributes. Only tags that run `limit` * 2 bytes without a ">" are
    counted (see the module's docstring for the tags this passes over)."""
    long_run = re.compile(rb"<[A-Za-z][^>]{%d}" % (limit * _MIN_ATTRIBUTE_BYTES))
    pos = 0
    while True:
        match = long_run.search(source, pos)
        if match is None:
            return False
        name = _TAG_NAME.match(source, match.start())
        assert name is not None
        end, spans = _read_attributes(source, name.end())
        if len(spans) > limit:
            return True
        pos = max(end, match.end())         # each byte is counted once


def _read_attributes(source: bytes, pos: int) -> tuple[int, list[tuple[int, int, int]]]:
    """The position just past the start tag whose name ends at `pos`, and each
    attribute's (start, name end, end)."""
    spans: list[tuple[int, int, int]] = []
    size = len(source)
    while True:
        separators = _SEPARATORS.match(source, pos)
        assert separators is not None               # (an empty match at worst)
        pos = separators.end()
        attribute = _ATTRIBUTE.match(source, pos)
        if attribute is None:
            break
        spans.append((pos, attribute.end(1), attribute.end()))
        pos = attribute.end()
    if pos < size and source[pos] == ord(">"):
        pos += 1
    return pos, spans


def _rewritten(source: bytes, start: int, name_end: int, end: int,
               spans: list[tuple[int, int, int]], limit: int) -> tuple[bytes, int]:
    """The start tag with its first `limit` attributes and any later stamp, and how
    many attributes it kept."""
    pieces = [source[start:name_end]]
    for index, (begin, name_stop, stop) in enumerate(spans):
        if index < limit or source[begin:name_stop].lower().startswith(_STAMP_PREFIX):
            pieces.append(b" " + source[begin:stop])
    pieces.append(source[spans[-1][2]:end])     # the separators, a "/" and the ">"
    return b"".join(pieces), len(pieces) - 2
