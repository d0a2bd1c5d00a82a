"""Listings written without a <pre> as a stack of rows, each row led by its own line
number: LaTeXML's lstlisting (arXiv's HTML papers: div.ltx_listing of
div.ltx_listingline, each opening with span.ltx_tag_listingline) and a table of
number cell + line cell that says it is code (Gitiles' file view). The numbers
count up by one. Numbered verse, transcripts and clauses say nothing of code, and
stay what they are."""
from __future__ import annotations

import re
from typing import Callable

from lxml import etree

from ..dom.nodes import tag_of
from .tuning import (
    COUNTED_TABLE_CODE_WORDS, LATEXML_LISTING_CLASS, LATEXML_LISTING_LINE_CLASS,
    LATEXML_LISTING_NUMBER_CLASS, LINE_NUMBER_CLASS_STEMS,
)

# A line number as a gutter writes it: digits, perhaps a colon or a full stop.
_COUNT_RE = re.compile(r"^\s*(\d{1,7})[:.]?\s*$")
_WORD_RE = re.compile(r"\w")
_CLASS_WORD_RE = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
# How many children of a LaTeXML listing may be something else, each without words
# (its download arrow, div.ltx_listing_data, before the lines).
MAX_WORDLESS_CHILDREN = 2
# Fewer table rows than this are no evidence of a counted listing (a LaTeXML listing
# says what it is in its class, and may be one line long).
MIN_COUNTED_ROWS = 2


def _class_words(classes: str) -> list[str]:
    """The words of each class token, whatever its case and separators
    (u-lineNum -> u, line, num)."""
    return [word.lower() for token in classes.split() for word in _CLASS_WORD_RE.findall(token)]


def _names_line_number(classes: str) -> bool:
    """One word of LINE_NUMBER_CLASS_STEMS, or two adjacent words that join into one."""
    if "line" not in classes.lower():
        return False
    for token in classes.split():
        words = [word.lower() for word in _CLASS_WORD_RE.findall(token)]
        if any(word in LINE_NUMBER_CLASS_STEMS for word in words) or any(
                first + second in LINE_NUMBER_CLASS_STEMS for first, second in zip(words, words[1:])):
            return True
    return False


def _first_element(row):
    return next(row.iterchildren(etree.Element), None)


def _number(el, names: Callable[[str], bool]) -> int | None:
    if el is None or not names(el.get("class") or ""):
        return None
    found = _COUNT_RE.match("".join(el.itertext()))
    return int(found.group(1)) if found else None


def _counts_up(rows: list, names: Callable[[str], bool]) -> bool:
    """Every row opens with its number and the numbers count up."""
    last = None
    for row in rows:
        number = _number(_first_element(row), names)
        if number is None or (last is not None and number != last + 1):
            return False
        last = number
    return bool(rows)


def _has_class(el, name: str) -> bool:
    return name in (el.get("class") or "").split()


def latexml_listing_rows(el) -> list | None:
    """div.ltx_listing of div.ltx_listingline rows each led by its
    span.ltx_tag_listingline number: the rows."""
    if tag_of(el) != "div" or not _has_class(el, LATEXML_LISTING_CLASS):
        return None
    rows, others = [], []
    for child in el.iterchildren(etree.Element):
        if tag_of(child) == "div" and _has_class(child, LATEXML_LISTING_LINE_CLASS):
            rows.append(child)
        else:
            others.append(child)
            if len(others) > MAX_WORDLESS_CHILDREN:
                return None
    if any(_WORD_RE.search("".join(other.itertext())) for other in others):
        return None
    names = lambda classes: LATEXML_LISTING_NUMBER_CLASS in classes.split()  # noqa: E731
    return rows if _counts_up(rows, names) else None


def counted_line_cells(table, rows: list) -> list | None:
    """Table rows of a line-number cell and one line cell, in a table whose classes
    (or its rows') name code: the line cells. No row may hold a paragraph."""
    if len(rows) < MIN_COUNTED_ROWS or not _names_line_number(
            (_first_element(rows[0]).get("class") or "") if _first_element(rows[0]) is not None else ""):
        return None
    words = set(_class_words(table.get("class") or ""))
    for row in rows:
        words.update(_class_words(row.get("class") or ""))
    if words.isdisjoint(COUNTED_TABLE_CODE_WORDS) or not _counts_up(rows, _names_line_number):
        return None
    lines = []
    for row in rows:
        cells = [cell for cell in row if tag_of(cell) in ("td", "th")]
        if len(cells) != 2 or next(row.iter("p"), None) is not None:
            return None
        lines.append(cells[1])
    return lines


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
