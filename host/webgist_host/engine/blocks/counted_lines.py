"""Listings written without a <pre> as a stack of rows, each row led by its own line
number: a table of number cell + line cell (Gitiles' file view), or a <div> of one
<div> per line whose first element is the number (LaTeXML's lstlisting, as arXiv's
HTML papers show it). The numbers are the evidence: they count up by one and the
element holding each says what it is in its class (LINE_NUMBER_CLASS_STEMS). A
numbered table of steps, whose numbers carry no such class, stays a table. Also a
one-column table of code tokens with no-break-space spacers (spaced_token_cells)."""
from __future__ import annotations

import re
from typing import Callable

from lxml import etree

from ..dom.nodes import tag_of
from .tuning import LINE_NUMBER_CLASS_STEMS

# A line number as a gutter writes it: digits, perhaps a colon or a full stop.
_COUNT_RE = re.compile(r"^\s*(\d{1,7})[:.]?\s*$")
_WORD_RE = re.compile(r"\w")
# How many children of a line stack may be something else, each without words.
MAX_WORDLESS_CHILDREN = 2


_CLASS_WORD_RE = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


def names_line_number(el) -> bool:
    return class_names_line_number(el.get("class") or "")


def class_names_line_number(classes: str) -> bool:
    """A class token naming a line number, read as words whatever its case and
    separators (u-lineNum, FileContents-lineNum, line-number, ltx_tag_listingline):
    one word of LINE_NUMBER_CLASS_STEMS, or two that join into one ("line" "num")."""
    if "line" not in classes.lower():
        return False            # every stem holds the word; most classes are answered here
    for token in classes.split():
        words = [word.lower() for word in _CLASS_WORD_RE.findall(token)]
        if any(word in LINE_NUMBER_CLASS_STEMS for word in words) or any(
                first + second in LINE_NUMBER_CLASS_STEMS for first, second in zip(words, words[1:])):
            return True
    return False


def _first_element(row):
    return next(row.iterchildren(etree.Element), None)


def _gutter_number(el, names: Callable[[str], bool] = class_names_line_number) -> int | None:
    if el is None or not names(el.get("class") or ""):
        return None
    found = _COUNT_RE.match("".join(el.itertext()))
    return int(found.group(1)) if found else None


def _counted(rows: list) -> list | None:
    """Each row's gutter, when every row opens with one and the numbers count up."""
    gutters: list = []
    last = None
    for row in rows:
        if (row.text or "").strip():
            return None
        gutter = _first_element(row)
        number = _gutter_number(gutter)
        if number is None or (last is not None and number != last + 1):
            return None
        last = number
        gutters.append(gutter)
    return gutters or None


def counted_line_cells(rows: list) -> list | None:
    """Table rows of a line-number cell and one line cell: the line cells."""
    if not rows or _gutter_number(_first_element(rows[0])) is None:
        return None
    if _counted(rows) is None:
        return None
    lines = []
    for row in rows:
        cells = [cell for cell in row if tag_of(cell) in ("td", "th")]
        if len(cells) != 2:
            return None
        lines.append(cells[1])
    return lines


def counted_line_rows(el, names: Callable[[str], bool] = class_names_line_number) -> list | None:
    """A <div> of line <div>s each led by its number: the rows. Other children may only
    be a few marks without words (LaTeXML's download arrow before the lines). `names`
    answers class_names_line_number (the walker asks once per class value)."""
    if tag_of(el) != "div":
        return None
    rows, others = [], []
    for child in el.iterchildren(etree.Element):
        if tag_of(child) == "div" and _gutter_number(_first_element(child), names) is not None:
            rows.append(child)
        else:
            others.append(child)
            if len(others) > MAX_WORDLESS_CHILDREN:
                return None
    if not rows or any(_WORD_RE.search("".join(other.itertext())) for other in others):
        return None
    return rows if _counted(rows) is not None else None


def counted_listing_text(rows: list, read: Callable[[object, Callable[[object], bool]], str],
                         skip: Callable[[object], bool]) -> str:
    """The rows' lines without their numbers; the newlines that only lay out the
    source around each row's content are not the line's."""
    lines = []
    for row in rows:
        if skip(row):
            continue
        lines.append(read(row, _without(_first_element(row), skip)).strip("\r\n"))
    return "\n".join(lines).strip("\n")


def _without(gutter, skip: Callable[[object], bool]) -> Callable[[object], bool]:
    def skipped(node) -> bool:
        return node is gutter or skip(node)
    return skipped


# A gap between two tokens written as no-break spaces in a span of its own: a
# typesetter laying out code without a <pre> (Racket's Scribble: span.hspace).
_SPACER_RE = re.compile(r"^\u00a0+$")


def spaced_token_cells(rows: list) -> list | None:
    """A one-column table whose cells are lines of code tokens: every word in a span
    with a class (or a link inside one), the gaps between tokens no-break spaces in
    spans of their own (Racket Scribble's table.RktBlk, no <pre>, one row a line).
    The cells, when every row is one such cell and a spacer is found."""
    cells, spacer = [], False
    for row in rows:
        own = [cell for cell in row if isinstance(cell.tag, str)]
        if len(own) != 1 or tag_of(own[0]) != "td":
            return None
        cell = own[0]
        for node in cell.iter():
            if not isinstance(node.tag, str):
                return None
            if node is not cell and (node.tail or "").strip() and not _is_token(node.getparent()):
                return None
            if (node.text or "").strip("\u00a0 \t\r\n") and not _is_token(node):
                return None
            spacer = spacer or (tag_of(node) == "span" and _SPACER_RE.match(node.text or "") is not None
                                and len(node) == 0)
        cells.append(cell)
    return cells if cells and spacer else None


def _is_token(el) -> bool:
    """A span with a class, or a link inside one."""
    if el is None:
        return False
    if tag_of(el) == "a":
        el = el.getparent()
    return el is not None and tag_of(el) == "span" and bool((el.get("class") or "").strip())
