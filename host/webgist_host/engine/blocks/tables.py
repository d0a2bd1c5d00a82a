"""Tables: telling layout from data, reading rows, and cleaning markup pipes cannot say."""
from __future__ import annotations

import html
from typing import Callable

from .inline import BR, BLOCK_TAGS, LINE_BREAKING_TAGS
from ..dom.nodes import tag_of
from .tuning import LONG_CELL_CHARS, PAGE_IN_CELL_TAGS

# Row groups a table's own rows may sit in.
ROW_GROUP_TAGS = frozenset({"thead", "tbody", "tfoot"})
CELL_TAGS = frozenset({"td", "th"})
# Only these survive into table_html, with the two span attributes.
KEPT_TABLE_TAGS = frozenset({"table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td"})
SPAN_ATTRIBUTES = ("colspan", "rowspan")


def own_rows(table) -> list:
    """The <tr>s of this table, not of tables nested in its cells."""
    rows = []
    for child in table:
        tag = tag_of(child)
        if tag == "tr":
            rows.append(child)
        elif tag in ROW_GROUP_TAGS:
            rows.extend(row for row in child if tag_of(row) == "tr")
    return rows


def cells_of(row) -> list:
    return [cell for cell in row if tag_of(cell) in CELL_TAGS]


def span_of(cell, attr: str) -> int:
    value = (cell.get(attr) or "").strip()
    digits = ""
    for ch in value:
        if not ch.isdigit():
            break
        digits += ch
    return int(digits) if digits else 1


def _has_header(table, rows) -> bool:
    if any(tag_of(child) in ("thead", "caption") for child in table):
        return True
    return any(tag_of(cell) == "th" for row in rows for cell in cells_of(row))


def _holds_page(cell) -> bool:
    return any(tag_of(el) in PAGE_IN_CELL_TAGS for el in cell.iterdescendants())


def is_layout_table(table, rows: list | None = None) -> bool:
    """True when the <table> lays out a page rather than holding data."""
    rows = own_rows(table) if rows is None else rows
    if _has_header(table, rows):
        return False
    if len(rows) < 2:
        return True
    grid = [cells_of(row) for row in rows]
    if max(len(cells) for cells in grid) < 2:
        return True
    for cells in grid:
        texts = [" ".join(cell.text_content().split()) for cell in cells]
        if not any(texts) and not any(cell.find(".//img") is not None for cell in cells):
            return True          # a blank spacer row: layout, not a record
        if any(len(text) > LONG_CELL_CHARS for text in texts):
            return True
    return any(_holds_page(cell) for cells in grid for cell in cells)


def needs_html(rows: list) -> bool:
    """Spans or nested tables cannot be said with pipes."""
    for row in rows:
        for cell in cells_of(row):
            if any(span_of(cell, attr) > 1 for attr in SPAN_ATTRIBUTES):
                return True
            if cell.find(".//table") is not None:
                return True
    return False


def clean_table_html(table, skip: Callable[[object], bool]) -> str:
    """The table rebuilt from table tags and spans only; cell text escaped, lines kept."""
    out: list[str] = []
    _clean_table(table, skip, out)
    return "".join(out)


def _clean_table(table, skip, out: list[str]) -> None:
    out.append("<table>\n")
    for child in table:
        if tag_of(child) == "caption" and not skip(child):
            out.append(f"<caption>{_cell_html(child, skip)}</caption>\n")
    for row in own_rows(table):
        if skip(row):
            continue
        out.append("<tr>")
        for cell in cells_of(row):
            if skip(cell):
                continue
            tag = tag_of(cell)
            attrs = "".join(f' {attr}="{span_of(cell, attr)}"' for attr in SPAN_ATTRIBUTES
                            if span_of(cell, attr) > 1)
            out.append(f"<{tag}{attrs}>{_cell_html(cell, skip)}</{tag}>")
        out.append("</tr>\n")
    out.append("</table>")


def _cell_html(cell, skip) -> str:
    """Escaped cell text with <br> where the page broke lines; nested tables kept."""
    pieces: list[str] = []
    _cell_pieces(cell, skip, pieces, top=True)
    text = "".join(pieces)
    lines = [" ".join(line.split()) for line in text.split(BR)]
    return "<br>".join(line for line in lines if line)


def _cell_pieces(el, skip, pieces: list[str], top: bool = False) -> None:
    if el.text:
        pieces.append(html.escape(el.text, quote=False))
    for child in el:
        if isinstance(child.tag, str) and not skip(child):
            tag = tag_of(child)
            if tag == "table":
                nested: list[str] = []
                _clean_table(child, skip, nested)
                # Newlines inside would end the HTML block early in Markdown.
                pieces.append(BR + "".join(nested).replace("\n", "") + BR)
            elif tag == "br":
                pieces.append(BR)
            elif tag in LINE_BREAKING_TAGS or tag in BLOCK_TAGS:
                pieces.append(BR)
                _cell_pieces(child, skip, pieces)
                pieces.append(BR)
            else:
                _cell_pieces(child, skip, pieces)
        if child.tail:
            pieces.append(html.escape(child.tail, quote=False))


# A grid of <div> cells that a stylesheet lays out as a table (CSS grid), with no
# table markup: the container's class names a table ("summary-table") and its first
# children are header cells (a class word naming a header, "table-header"); every
# child after them is a cell, as many to a row as there are header cells. javadoc
# (JDK 11 and later) writes every member summary so; read child by child it came out
# one cell a line, and the de-duplication stage then took the member details' first
# sentences, which the summary's cells repeat, out of the page.
GRID_TABLE_WORD = "table"
GRID_HEADER_WORD = "header"
GRID_MIN_COLUMNS = 2


def _names(el, word: str) -> bool:
    """A class token of `el` is `word`, has it as a part ("summary-table",
    "table_header") or ends with it ("summaryTable"); "tablet" is not "table"."""
    for token in (el.get("class") or "").lower().split():
        if token.endswith(word) or word in token.replace("_", "-").split("-"):
            return True
    return False


def names_a_table(classes: str | None) -> bool:
    """The cheap first test of grid_rows, on a class value."""
    return classes is not None and GRID_TABLE_WORD in classes.lower()


def grid_rows(el) -> list[list] | None:
    """The rows of cells of a <div> grid laid out as a table (see above), the header
    cells first; None for any other element."""
    if tag_of(el) != "div" or not _names(el, GRID_TABLE_WORD):
        return None
    children = [child for child in el if isinstance(child.tag, str)]
    if any(tag_of(child) != "div" for child in children):
        return None
    heads = [_names(child, GRID_HEADER_WORD) for child in children]
    columns = heads.index(False) if False in heads else len(heads)
    if (columns < GRID_MIN_COLUMNS or len(children) <= columns or len(children) % columns
            or any(heads[columns:])):
        return None
    return [children[k:k + columns] for k in range(0, len(children), columns)]
