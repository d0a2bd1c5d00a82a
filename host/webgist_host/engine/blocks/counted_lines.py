"""Listings written without a <pre> as a stack of rows, one per line, named by the
classes their generator writes: LaTeXML's lstlisting (arXiv's HTML papers:
div.ltx_listing.ltx_lstlisting of div.ltx_listingline rows, each led by its
span.ltx_tag_listingline number when numbered) and Chromium md_browser's file view (a
table of tr.FileContents-line rows: a td.FileContents-lineNum holding the number as
text, then the line). Numbered verse, transcripts, clauses and LaTeXML's algorithm
boxes carry none of these classes together, and stay what they are."""
from __future__ import annotations

import re
from typing import Callable

from lxml import etree

from ..dom.nodes import tag_of
from .tuning import (
    COUNTED_TABLE_NUMBER_CLASS, COUNTED_TABLE_ROW_CLASS, LATEXML_CODE_LISTING_CLASS,
    LATEXML_LISTING_LINE_CLASS, LATEXML_LISTING_NUMBER_CLASS,
)

_WORD_RE = re.compile(r"\w")


def _has_class(el, name: str) -> bool:
    return name in (el.get("class") or "").split()


def latexml_listing_rows(el) -> list | None:
    """LaTeXML's lstlisting box (ltx_lstlisting): its div.ltx_listingline rows. Its
    other children (the download arrow, div.ltx_listing_data) hold no words. Without
    rows it is no box of lines (whatever it holds is read the usual way)."""
    if not _has_class(el, LATEXML_CODE_LISTING_CLASS):
        return None
    rows: list = []
    others: list = []
    for child in el.iterchildren(etree.Element):
        (rows if _has_class(child, LATEXML_LISTING_LINE_CLASS) else others).append(child)
    if not rows or any(_WORD_RE.search("".join(other.itertext())) for other in others):
        return None
    return rows


def counted_line_cells(rows: list) -> list | None:
    """md_browser's file view: every row a tr.FileContents-line of the number cell and
    one line cell: the line cells."""
    lines = []
    for row in rows:
        cells = [cell for cell in row if tag_of(cell) in ("td", "th")]
        if not _has_class(row, COUNTED_TABLE_ROW_CLASS) or len(cells) != 2 or not _has_class(
                cells[0], COUNTED_TABLE_NUMBER_CLASS):
            return None
        lines.append(cells[1])
    return lines or None


def counted_listing_text(rows: list, read: Callable[[object, Callable[[object], bool]], str],
                         skip: Callable[[object], bool]) -> str:
    """The LaTeXML rows' lines without their numbers."""
    def skipped(node) -> bool:
        return skip(node) or _has_class(node, LATEXML_LISTING_NUMBER_CLASS)
    return "\n".join(read(row, skipped) for row in rows if not skip(row)).strip("\n")
