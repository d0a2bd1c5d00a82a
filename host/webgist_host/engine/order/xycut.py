"""Recursive XY-cut over measured boxes (seed 001).

A region of boxes is split along the widest band of empty space, on whichever
axis offers the wider band; the pieces are read top to bottom (rows) or left to
right (columns; right to left on rtl pages) and split again until nothing
qualifies, at which point the region is read line by line.

Everything here is iterative (an explicit work stack), so very large pages cannot
exhaust Python's recursion limit, and each cut level sorts its boxes once.
"""
from __future__ import annotations

import bisect
import re
from operator import attrgetter

from .tuning import (
    BAND_TIE_FRACTION,
    COLUMN_GAP_LINES,
    MAX_CUT_DEPTH,
    ROW_GAP_LINES,
    ROW_OVERLAP_OF_TALLER,
    ZIGZAG_MIN_ENTRIES,
    ZIGZAG_MIN_STEP_LINES,
)
from .units import Layout, Unit, form_units

_SIBLING_INDEX = re.compile(r"\[\d+\]")

# The work stack's items, by their first field (see `order_measured`).
_GROUP, _CUT, _UNIT = range(3)

# A unit's left and right edges, read in C (`_split`'s one-column test).
_LEFT, _RIGHT = attrgetter("x0"), attrgetter("x1")


def order_measured(layout: Layout) -> list[int]:
    """Order every measured block; returns positions into the layout's lists.

    Work items: (_GROUP, members, floor) forms units out of blocks, collapsing
    cards and floats whose container key is longer than `floor`; (_CUT, units,
    depth) splits a region or reads it line by line; (_UNIT, unit) emits a block
    or expands a card/float by its own geometry.
    """
    out: list[int] = []
    if not layout.rects:
        return out
    stack: list[tuple] = [(_GROUP, tuple(range(len(layout.rects))), 0)]
    while stack:
        item = stack.pop()
        if item[0] == _GROUP:
            _, members, floor = item
            stack.append((_CUT, form_units(members, floor, layout), 0))
        elif item[0] == _CUT:
            _, units, depth = item
            _cut_region(units, depth, layout, stack)
        else:
            unit = item[1]
            if unit.floor < 0:
                out.append(unit.members[0])
            elif unit.in_source_order:
                out.extend(sorted(unit.members))
            else:
                stack.append((_GROUP, unit.members, unit.floor))
    return out


def _cut_region(units: list[Unit], depth: int, layout: Layout, stack: list[tuple]) -> None:
    """Push the region's pieces (or, if atomic, its units) so they pop in reading order."""
    if len(units) == 1:
        stack.append((_UNIT, units[0]))
        return
    rtl = layout.rtl or _all_vertical_rl(units, layout)
    parts = _split(units, layout, rtl) if depth < MAX_CUT_DEPTH else None
    if parts is None:
        for unit in reversed(_read_by_line(units, rtl, layout)):
            stack.append((_UNIT, unit))
        return
    for part in reversed(parts):
        # A part of one unit is that unit (what cutting it would push).
        stack.append((_UNIT, part[0]) if len(part) == 1 else (_CUT, part, depth + 1))


def _all_vertical_rl(units: list[Unit], layout: Layout) -> bool:
    """Every block of the region is set in vertical lines read right to left (`flows`):
    its columns are read as a right-to-left page's are."""
    vertical = layout.vertical_rl
    return bool(vertical) and all(vertical[i] for unit in units for i in unit.members)


def _split(units: list[Unit], layout: Layout, rtl: bool) -> list[list[Unit]] | None:
    """Split on the axis with the wider qualifying band; None when the region is atomic."""
    if max(map(_LEFT, units)) <= min(map(_RIGHT, units)):
        return _split_one_column(units, layout)
    by_y, all_row_gaps = _bands(units, vertical=True)
    by_x, column_gaps = _bands(units, vertical=False)
    framed = _cut_at_pinned_holder_edges(by_y, all_row_gaps, layout)
    if framed is not None:
        return framed
    row_gaps = [g for g in all_row_gaps if g[0] >= ROW_GAP_LINES * layout.line_height]
    column_gaps = [g for g in column_gaps if g[0] >= COLUMN_GAP_LINES * layout.line_height]
    if not row_gaps and not column_gaps:
        return None
    widest_row = max((g[0] for g in row_gaps), default=0.0)
    widest_column = max((g[0] for g in column_gaps), default=0.0)
    if column_gaps and widest_column > widest_row:     # ties go to rows: grids read across
        parts = _cut_at(by_x, column_gaps, widest_column)
        zigzag = _zigzag(parts, layout)
        if zigzag is not None:
            return zigzag
        if not row_gaps or _columns_run_side_by_side(parts, by_y, row_gaps):
            bar = _bar_across_columns(parts, by_y, row_gaps, layout) if row_gaps else None
            if bar is not None:
                return bar
            return parts[::-1] if rtl else parts
    elif column_gaps:
        parts = _cut_at(by_x, column_gaps, widest_column)
        if _row_band_ends_short_columns(parts, by_y, row_gaps, widest_row):
            return parts[::-1] if rtl else parts
    if not column_gaps:
        framed = _columns_inside_frame(by_y, row_gaps, widest_row, layout)
        if framed is not None:
            return framed
        row_gaps = _row_gaps_between_columns_removed(by_y, row_gaps, layout) or row_gaps
        widest_row = max(g[0] for g in row_gaps)
    return _cut_at(by_y, row_gaps, widest_row)


def _split_one_column(units: list[Unit], layout: Layout) -> list[list[Unit]] | None:
    """`_split` for a region whose boxes all span one shared x (the common case: a
    column of text). Any subset of such boxes covers one unbroken x-span, so no
    column gutter exists in it or in any strip of it: `_split`'s column tests
    (`_columns_inside_frame`, `_row_gaps_between_columns_removed`) cannot change
    its answer, and only the row bands are worked out."""
    by_y, all_row_gaps = _bands(units, vertical=True)
    framed = _cut_at_pinned_holder_edges(by_y, all_row_gaps, layout)
    if framed is not None:
        return framed
    row_gaps = [g for g in all_row_gaps if g[0] >= ROW_GAP_LINES * layout.line_height]
    if not row_gaps:
        return None
    return _cut_at(by_y, row_gaps, max(g[0] for g in row_gaps))


def _cut_at_pinned_holder_edges(by_y: list[Unit], row_gaps: list[tuple[float, int]],
                                layout: Layout) -> list[list[Unit]] | None:
    """Cut first at the row bands where a pinned column starts and ends.

    A pinned column runs the height of the box it sticks within, the box that holds
    the columns: its top and bottom are that box's edges. What lies above (a header
    whose text is narrower than the page) and below (a footer) are rows of their
    own, however narrow the band, and must not be dealt into whichever column their
    text happens to stand in.
    """
    if not layout.columns.boxes or len(by_y) < 2:
        return None
    pinned = [u for u in by_y if u.floor >= 0
              and layout.paths[u.members[0]][:u.floor] in layout.columns.boxes]
    if not pinned:
        return None
    near = layout.line_height
    cuts = [position for width, position in row_gaps
            if any(abs(by_y[position].y0 - u.y0) <= near or abs(by_y[position].y0 - width - u.y1) <= near
                   for u in pinned)]
    if not cuts:
        return None
    bounds = [0, *cuts, len(by_y)]
    return [by_y[a:b] for a, b in zip(bounds, bounds[1:])]


def _zigzag(columns: list[list[Unit]], layout: Layout) -> list[list[Unit]] | None:
    """The entries of a zigzag, one part each from the top down; None for real columns.

    Two columns of entries of one series (siblings of one template), each entry
    starting lower than the one before it and on the other side, and written in
    that order (or its reverse): a timeline whose entries alternate either side of
    its spine, overlapping in height. The reader follows them down; read column by
    column they would jump back in time. Text set in columns is written down one
    column and then the next, so its source order does not alternate sides.
    """
    if len(columns) != 2 or sum(len(c) for c in columns) < ZIGZAG_MIN_ENTRIES:
        return None
    side = {id(unit): k for k, column in enumerate(columns) for unit in column}
    entries = sorted((u for column in columns for u in column), key=lambda u: u.y0)
    if len({_series_of(u, layout) for u in entries}) != 1:
        return None
    step = ZIGZAG_MIN_STEP_LINES * layout.line_height
    sources = [min(u.members) for u in entries]
    for upper, lower in zip(entries, entries[1:]):
        if side[id(upper)] == side[id(lower)] or lower.y0 - upper.y0 < step:
            return None
    pairs = list(zip(sources, sources[1:]))
    if not (all(a < b for a, b in pairs) or all(a > b for a, b in pairs)):
        return None
    return [[unit] for unit in entries]


def _series_of(unit: Unit, layout: Layout) -> str:
    """The template a unit is an instance of: its card's path (or its block's) without
    the sibling indices."""
    path = layout.paths[unit.members[0]]
    return _SIBLING_INDEX.sub("", path[:unit.floor] if unit.floor >= 0 else path)


def _row_band_ends_short_columns(columns: list[list[Unit]], by_y: list[Unit],
                                 row_gaps: list[tuple[float, int]], widest_row: float) -> bool:
    """True when the widest row band is only where the shorter columns stop.

    In a grid every column has boxes on both sides of a row band, and rows are
    read across. Beside a long article, a docs sidebar and an "On this page" list
    end early; the band below them crosses the article alone. Cutting there would
    read the sidebars into the middle of the article, so the columns win.
    """
    bands = [position for width, position in row_gaps if width >= BAND_TIE_FRACTION * widest_row]
    for position in bands:
        boundary = by_y[position].y0
        sides = [(any(u.y1 <= boundary for u in column), any(u.y0 >= boundary for u in column))
                 for column in columns]
        if all(above and below for above, below in sides):
            return False          # a row of a grid
    return True


def _has_columns(units: list[Unit], layout: Layout) -> bool:
    if len(units) < 2:
        return False
    _, gaps = _bands(units, vertical=False)
    return any(width >= COLUMN_GAP_LINES * layout.line_height for width, _ in gaps)


def _columns_inside_frame(by_y: list[Unit], row_gaps: list[tuple[float, int]],
                          widest_row: float, layout: Layout) -> list[list[Unit]] | None:
    """Cut off a full-width header and footer first when columns stand between them.

    A page whose header and footer span it has no gutter from top to bottom, and
    its widest row band may lie inside the article column: cutting there deals a
    short right-hand "On this page" list into the middle of the article (a common
    docs-theme layout). When the widest band lies between the first
    and the last band and the part between those two has columns, cut at them.
    """
    first, last = row_gaps[0][1], row_gaps[-1][1]
    widest = {position for width, position in row_gaps if width >= BAND_TIE_FRACTION * widest_row}
    for candidate in ((first, last), (first,), (last,)):
        cuts = tuple(sorted(set(candidate)))
        if widest <= set(cuts):
            return None          # the widest cut already frames the page
        bounds = [0, *cuts, len(by_y)]
        parts = [by_y[a:b] for a, b in zip(bounds, bounds[1:])]
        inner = parts[1] if len(parts) == 3 else (parts[1] if cuts == (first,) else parts[0])
        inside = {p for p in widest if (len(cuts) == 1 or first < p < last)}
        if inside and _has_columns(inner, layout):
            return parts
    return None


def _bar_across_columns(columns: list[list[Unit]], by_y: list[Unit],
                        row_gaps: list[tuple[float, int]], layout: Layout) -> list[list[Unit]] | None:
    """Cut off a bar above (or below) the columns first when it is an element of its
    own that the gutter would split: a header whose name stands over the sidebar and
    whose links stand over the article. Its row band (the header's padding) can be
    narrower than the gutter, and cutting columns first read the sidebar between the
    header's name and its links. The bar is the strip above the first row band (or
    below the last) when its blocks stand in two columns or more and the element
    holding them all holds no block past the band; a strip sharing its element with
    what follows (a grid's first row, cells of one wrapper) is left to the columns."""
    column_of = {id(unit): k for k, column in enumerate(columns) for unit in column}
    for position, bar_first in ((row_gaps[0][1], True), (row_gaps[-1][1], False)):
        bar, rest = (by_y[:position], by_y[position:]) if bar_first else (by_y[position:], by_y[:position])
        if len({column_of[id(unit)] for unit in bar}) < 2:
            continue
        holder = _common_ancestor([layout.paths[i] for unit in bar for i in unit.members])
        if holder and not any(layout.paths[i].startswith(holder) for unit in rest for i in unit.members):
            return [bar, rest] if bar_first else [rest, bar]
    return None


def _common_ancestor(paths: list[str]) -> str:
    """The path of the deepest element holding all of `paths`, with a closing "/"
    (so it prefixes its descendants' paths only); "" when they share only the root."""
    steps = paths[0].split("/")
    for path in paths[1:]:
        other = path.split("/")
        shared = 0
        while shared < min(len(steps), len(other)) and steps[shared] == other[shared]:
            shared += 1
        steps = steps[:shared]
    return "/".join(steps) + "/" if len(steps) > 1 else ""


def _columns_run_side_by_side(columns: list[list[Unit]], by_y: list[Unit],
                              row_gaps: list[tuple[float, int]]) -> bool:
    """True when some row of the region holds boxes from two of the columns.

    Columns that never share a row (entries staggered left and right down a
    timeline, each alone in its band) are a zigzag read top to bottom, whatever
    the width of the channel between them.
    """
    column_of = {id(unit): k for k, column in enumerate(columns) for unit in column}
    bounds = [0, *(position for _, position in row_gaps), len(by_y)]
    return any(len({column_of[id(unit)] for unit in by_y[a:b]}) > 1
               for a, b in zip(bounds, bounds[1:]))


def _row_gaps_between_columns_removed(by_y: list[Unit], row_gaps: list[tuple[float, int]],
                                      layout: Layout) -> list[tuple[float, int]]:
    """Drop row bands that fall inside a column layout rather than between rows.

    With no gutter across the whole region (a header spans it), the widest row
    band may still lie between two stretches of one column layout: below a lead
    story and beside a sidebar, say. Such a band has the same gutter open above
    and below it; cutting there would read the sidebar before the rest of its
    neighbouring column. Bands with no shared gutter are the real row breaks.
    """
    left = min(u.x0 for u in by_y)
    right = max(u.x1 for u in by_y)
    minimum = COLUMN_GAP_LINES * layout.line_height
    bounds = [0, *(position for _, position in row_gaps), len(by_y)]
    openings = [_open_spans(by_y[a:b], left, right, minimum) for a, b in zip(bounds, bounds[1:])]
    return [gap for k, gap in enumerate(row_gaps)
            if not _share_inner_gutter(openings[k], openings[k + 1], left, right, minimum)]


def _open_spans(units: list[Unit], left: float, right: float,
                minimum: float) -> list[tuple[float, float]]:
    """The empty x-spans at least `minimum` wide across a strip, from `left` to `right`."""
    spans = []
    reach = left
    for unit in sorted(units, key=lambda u: u.x0):
        if unit.x0 - reach >= minimum:
            spans.append((reach, unit.x0))
        reach = max(reach, unit.x1)
    if right - reach >= minimum:
        spans.append((reach, right))
    return spans


def _share_inner_gutter(upper: list[tuple[float, float]], lower: list[tuple[float, float]],
                        left: float, right: float, minimum: float) -> bool:
    """True when both strips leave the same span open, away from the region's edges,
    with one side of it lined up: a column edge both strips share. A header whose
    links stop at mid-page leaves the right half open too, but nothing there lines
    up with the columns below it."""
    i = j = 0
    while i < len(upper) and j < len(lower):
        start = max(upper[i][0], lower[j][0])
        end = min(upper[i][1], lower[j][1])
        aligned = (abs(upper[i][0] - lower[j][0]) <= minimum
                   or abs(upper[i][1] - lower[j][1]) <= minimum)
        if end - start >= minimum and start > left and end < right and aligned:
            return True
        if upper[i][1] < lower[j][1]:
            i += 1
        else:
            j += 1
    return False


def _bands(units: list[Unit], *, vertical: bool) -> tuple[list[Unit], list[tuple[float, int]]]:
    """Sort units along one axis and list the empty bands as (width, split position)."""
    if vertical:
        ordered = sorted(units, key=lambda u: u.y0)
        spans = [(u.y0, u.y1) for u in ordered]
    else:
        ordered = sorted(units, key=lambda u: u.x0)
        spans = [(u.x0, u.x1) for u in ordered]
    gaps: list[tuple[float, int]] = []
    reach = spans[0][1]
    for position in range(1, len(spans)):
        start, end = spans[position]
        if start > reach:
            gaps.append((start - reach, position))
        if end > reach:
            reach = end
    return ordered, gaps


def _cut_at(ordered: list[Unit], gaps: list[tuple[float, int]],
            widest: float) -> list[list[Unit]]:
    cuts = [position for width, position in gaps if width >= BAND_TIE_FRACTION * widest]
    bounds = [0, *cuts, len(ordered)]
    return [ordered[a:b] for a, b in zip(bounds, bounds[1:])]


def _read_by_line(units: list[Unit], rtl: bool, layout: Layout) -> list[Unit]:
    """An atomic region: lines top to bottom, each float after the text beside it.

    Block boxes run underneath a float (only their line boxes are shortened), so
    a float and the paragraphs wrapping round it rarely leave a band to cut. Such
    a float is read once the text that starts beside it has been read, before
    whatever starts below its bottom edge.
    """
    flow = [u for u in units if not u.floated]
    floats = [u for u in units if u.floated]
    if not flow:
        flow, floats = floats, []
    lines = _lines(flow, rtl, layout)
    tops = [line[0].y0 for line in lines]
    after_line: dict[int, list[Unit]] = {}
    for unit in (u for line in _lines(floats, rtl, layout) for u in line):
        after_line.setdefault(bisect.bisect_left(tops, unit.y1), []).append(unit)
    ordered: list[Unit] = list(after_line.get(0, ()))
    for count, line in enumerate(lines, start=1):
        ordered.extend(line)
        ordered.extend(after_line.get(count, ()))
    return ordered


def _lines(units: list[Unit], rtl: bool, layout: Layout) -> list[list[Unit]]:
    """Group boxes into lines by overlap against the taller box; each line sorted across
    (from the right on rtl pages, and where the line's boxes are vertical-rl columns)."""
    lines: list[list[Unit]] = []
    top = bottom = tallest = 0.0
    for unit in sorted(units, key=lambda u: (u.y0, u.x0)):
        height = unit.y1 - unit.y0
        if lines:
            overlap = min(bottom, unit.y1) - max(top, unit.y0)
            taller = max(tallest, height)
            # Zero-height boxes (taller == 0) share a line only when they touch.
            if overlap >= ROW_OVERLAP_OF_TALLER * taller:
                lines[-1].append(unit)
                bottom, tallest = max(bottom, unit.y1), taller
                continue
        lines.append([unit])
        top, bottom, tallest = unit.y0, unit.y1, height
    for line in lines:
        from_right = rtl or _all_vertical_rl(line, layout)
        line.sort(key=(lambda u: -u.x1) if from_right else (lambda u: u.x0))
    return lines
