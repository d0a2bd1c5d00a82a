"""Stage 5: put blocks in the order a person reads them, from the boxes the browser measured.

The method is recursive XY-cut (seed 001). A region of boxes is split along the
widest band of empty space, on whichever axis offers the wider band; the pieces
are read top to bottom (rows) or left to right (columns; right to left on rtl
pages) and split again until nothing qualifies, at which point the region is
read line by line. Three things the DOM knows and geometry does not are folded
in first: repeated sibling containers (cards) and floated elements are each
read as one unit, and thin tall "rails" standing in a gutter are set aside.

Blocks without a box are anchored: each follows the nearest measured block that
precedes it in source order. When too few blocks were measured the page is read
in source order and labelled `dom-fallback`.

Everything here is iterative (an explicit work stack), so very large pages cannot
exhaust Python's recursion limit, and each cut level sorts its boxes once.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import replace
from typing import NamedTuple

from ..model import Block, Decision, OrderMethod, Rect

STAGE = "reading_order"

# --- thresholds, all in multiples of the page line height ------------------------
# A column gutter must be at least half a line wide. CSS multi-column's default gap
# is 1em, two thirds of a 1.5 line, so the multiple must sit below 0.67; and on a
# page with few one-line blocks the lower quartile overshoots the text's real line
# (a magazine spread: quartile 51 px, text lines 27 px, gutters 32 px).
COLUMN_GAP_LINES = 0.5
# A row band needs a quarter of a line of empty space: enough to ignore sub-pixel
# seams between touching boxes, small enough that ordinary leading separates rows.
ROW_GAP_LINES = 0.25
# Bands at least this fraction of the widest band are cut together with it
# ("the widest band, and anything within 5% of it").
BAND_TIE_FRACTION = 0.95
# In a region with no band left, two boxes share a line when their vertical
# overlap is at least this share of the taller box's height. The seed measured
# "against the taller block" as right on 99.2% of disputed pairs (94.0% otherwise).
ROW_OVERLAP_OF_TALLER = 0.5
# A rail is no wider than one line and at least eight lines tall (docs.python.org's
# sidebar collapse handle: 12 px by 901 px).
RAIL_MAX_WIDTH_LINES = 1.0
RAIL_MIN_HEIGHT_LINES = 8.0
# Line height used when no measured block has a positive height (CSS's default 16 px).
FALLBACK_LINE_HEIGHT = 16.0

# --- cards and anchoring ----------------------------------------------------------
# A card template is a sibling container repeated with at least three distinct
# indices (the seed's /main/ul/li[3] example) ...
CARD_MIN_SIBLINGS = 3
# ... whose every instance holds at most this many blocks. A product card is an
# image, a title, a price and a few badges; a page section is far larger.
MAX_CARD_BLOCKS = 12
# Geometry leads when strictly more than this share of blocks were measured.
ANCHORED_MIN_MEASURED_SHARE = 0.5

# --- bounds ------------------------------------------------------------------------
# At most this many individual "moved" decisions; the rest are summarised.
MAX_MOVE_DECISIONS = 50
# Cuts nested deeper than this are read as one region (by line). Real layouts nest a
# handful of levels; the bound keeps pathological inputs at O(depth * n log n).
MAX_CUT_DEPTH = 64

LABEL_SINGLE = OrderMethod.SINGLE_BLOCK
LABEL_XY_CUT = OrderMethod.XY_CUT
LABEL_ANCHORED = OrderMethod.ANCHORED
LABEL_FALLBACK = OrderMethod.DOM_FALLBACK

# One indexed XPath step such as `li[3]`: the tag, then its sibling index.
_INDEXED_STEP = re.compile(r"/([^/\[\]]+)\[(\d+)\]")


class _Unit(NamedTuple):
    """A box the cut moves as one piece: a single block, or a card/float of several."""

    x0: float
    y0: float
    x1: float
    y1: float
    members: tuple[int, ...]   # positions in the measured list
    floor: int                 # key length of the container it came from; -1 for one block
    floated: bool = False      # a CSS float (or one block of one) beside the text flow


class _Layout(NamedTuple):
    """Per-call facts about the measured blocks, looked up by position."""

    rects: list[Rect]
    paths: list[str]
    floats: list[str | None]
    steps: list[tuple[tuple[int, int, int], ...]]   # (template end, card end, index)
    line_height: float
    rtl: bool


# ================================================================================
# Entry point
# ================================================================================

def order_blocks(blocks: list[Block], *, direction: str = "ltr",
                 page_width: float | None = None) -> tuple[list[Block], str, list[Decision]]:
    """Return the blocks in reading order, the label saying how, and the moves made.

    `page_width` is the viewport width the page was laid out at; boxes drawn wholly
    beyond it (or above the page) are set aside like rails.
    """
    source = sorted(blocks, key=lambda b: b.dom_index)
    if len(source) <= 1:
        return source, LABEL_SINGLE, []
    source = [_without_empty_rect(b) for b in source]
    # The label counts what the browser measured. A rail set aside below was
    # measured too; it only stops taking part in the cut.
    label = _label(sum(1 for b in source if b.rect is not None), len(source))
    if label == LABEL_FALLBACK:
        return source, label, []

    line_height = page_line_height(source)
    source, decisions = _demote_rails(source, line_height)
    source, off_page = _set_aside_off_page(source, page_width)
    decisions += off_page
    positions = _geometric_order(source, line_height, rtl=(direction or "ltr").lower() == "rtl")
    ordered = [source[p] for p in positions]
    decisions += _move_decisions(ordered, positions)
    return ordered, label, decisions


def _label(measured: int, total: int) -> str:
    if total <= 1:
        return LABEL_SINGLE
    if measured == total:
        return LABEL_XY_CUT
    if measured > ANCHORED_MIN_MEASURED_SHARE * total:
        return LABEL_ANCHORED
    return LABEL_FALLBACK


def _without_empty_rect(block: Block) -> Block:
    """A box with neither width nor height says nothing about position: treat it as absent."""
    rect = block.rect
    if rect is not None and rect.w <= 0 and rect.h <= 0:
        return replace(block, rect=None)
    return block


def _set_aside_off_page(blocks: list[Block], page_width: float | None
                        ) -> tuple[list[Block], list[Decision]]:
    """Skip links parked above the page and drawers parked past its right edge are
    measured but not seen; left in the cut they bridge every gutter (furo's skip
    link, pydata's off-screen contents list). They are anchored instead."""
    kept, decisions = [], []
    for block in blocks:
        rect = block.rect
        off = rect is not None and (
            (rect.bottom <= 0 and rect.h > 0) or (rect.right <= 0 and rect.w > 0)
            or (page_width is not None and rect.x >= page_width))
        if off:
            decisions.append(Decision(STAGE, "moved",
                                      "drawn outside the page; placed after its source neighbour",
                                      block.xpath, block.text))
            block = replace(block, rect=None)
        kept.append(block)
    return kept, decisions


def page_line_height(blocks: list[Block]) -> float:
    """The lower quartile of measured block heights (rules and empty boxes left out).

    The lower quartile, not the median: on a docs page most blocks are multi-line
    paragraphs, and a median-sized "line" made real gutters look too narrow to cut.
    """
    heights = sorted(b.rect.h for b in blocks
                     if b.rect is not None and b.rect.h > 0 and b.kind != "rule")
    if not heights:
        return FALLBACK_LINE_HEIGHT
    return heights[(len(heights) - 1) // 4]


def _demote_rails(blocks: list[Block], line_height: float) -> tuple[list[Block], list[Decision]]:
    """Strip the box of any thin, tall block so it stops splitting the gutter it stands in."""
    kept, decisions = [], []
    for block in blocks:
        rect = block.rect
        if (rect is not None and rect.w <= RAIL_MAX_WIDTH_LINES * line_height
                and rect.h >= RAIL_MIN_HEIGHT_LINES * line_height):
            reason = (f"rail ({rect.w:g} px wide, {rect.h:g} px tall): its box was set aside"
                      " so the gutter it stands in stays whole; read where the source puts it")
            decisions.append(Decision(STAGE, "moved", reason, block.xpath, block.text))
            block = replace(block, rect=None)
        kept.append(block)
    return kept, decisions


# ================================================================================
# Anchoring: measured blocks by geometry, the rest after their source predecessor
# ================================================================================

def _geometric_order(source: list[Block], line_height: float, *, rtl: bool) -> list[int]:
    """Positions into `source`, in reading order."""
    measured = [i for i, b in enumerate(source) if b.rect is not None]
    leading: list[int] = []
    followers: dict[int, list[int]] = {}
    last_measured = None
    for i, block in enumerate(source):
        if block.rect is not None:
            last_measured = i
        elif last_measured is None:
            leading.append(i)
        else:
            followers.setdefault(last_measured, []).append(i)

    layout = _layout([source[i] for i in measured], line_height, rtl)
    order = list(leading)
    for local in _order_measured(layout):
        position = measured[local]
        order.append(position)
        order.extend(followers.get(position, ()))
    return order


def _layout(blocks: list[Block], line_height: float, rtl: bool) -> _Layout:
    return _Layout(
        rects=[b.rect for b in blocks],
        paths=[b.xpath for b in blocks],
        floats=[b.float_of or None for b in blocks],
        steps=[_indexed_steps(b.xpath) for b in blocks],
        line_height=line_height,
        rtl=rtl,
    )


def _indexed_steps(xpath: str) -> tuple[tuple[int, int, int], ...]:
    """For each `tag[N]` step: where its template ends, where the step ends, and N."""
    return tuple((m.end(1), m.end(), int(m.group(2))) for m in _INDEXED_STEP.finditer(xpath))


# ================================================================================
# The cut, driven by an explicit stack
# ================================================================================

def _order_measured(layout: _Layout) -> list[int]:
    """Order every measured block; returns positions into the layout's lists.

    Work items: ("group", members, floor) forms units out of blocks, collapsing
    cards and floats whose container key is longer than `floor`; ("cut", units,
    depth) splits a region or reads it line by line; ("unit", unit) emits a block
    or expands a card/float by its own geometry.
    """
    out: list[int] = []
    if not layout.rects:
        return out
    stack: list[tuple] = [("group", tuple(range(len(layout.rects))), 0)]
    while stack:
        item = stack.pop()
        if item[0] == "group":
            _, members, floor = item
            stack.append(("cut", _form_units(members, floor, layout), 0))
        elif item[0] == "cut":
            _, units, depth = item
            _cut_region(units, depth, layout, stack)
        else:
            unit = item[1]
            if unit.floor < 0:
                out.append(unit.members[0])
            else:
                stack.append(("group", unit.members, unit.floor))
    return out


def _cut_region(units: list[_Unit], depth: int, layout: _Layout, stack: list[tuple]) -> None:
    """Push the region's pieces (or, if atomic, its units) so they pop in reading order."""
    if len(units) == 1:
        stack.append(("unit", units[0]))
        return
    parts = _split(units, layout) if depth < MAX_CUT_DEPTH else None
    if parts is None:
        for unit in reversed(_read_by_line(units, layout.rtl)):
            stack.append(("unit", unit))
        return
    for part in reversed(parts):
        stack.append(("cut", part, depth + 1))


def _split(units: list[_Unit], layout: _Layout) -> list[list[_Unit]] | None:
    """Split on the axis with the wider qualifying band; None when the region is atomic."""
    by_y, row_gaps = _bands(units, vertical=True)
    by_x, column_gaps = _bands(units, vertical=False)
    row_gaps = [g for g in row_gaps if g[0] >= ROW_GAP_LINES * layout.line_height]
    column_gaps = [g for g in column_gaps if g[0] >= COLUMN_GAP_LINES * layout.line_height]
    if not row_gaps and not column_gaps:
        return None
    widest_row = max((g[0] for g in row_gaps), default=0.0)
    widest_column = max((g[0] for g in column_gaps), default=0.0)
    if column_gaps and widest_column > widest_row:     # ties go to rows: grids read across
        parts = _cut_at(by_x, column_gaps, widest_column)
        if not row_gaps or _columns_run_side_by_side(parts, by_y, row_gaps):
            return parts[::-1] if layout.rtl else parts
    elif column_gaps:
        parts = _cut_at(by_x, column_gaps, widest_column)
        if _row_band_ends_short_columns(parts, by_y, row_gaps, widest_row):
            return parts[::-1] if layout.rtl else parts
    if not column_gaps:
        framed = _columns_inside_frame(by_y, row_gaps, widest_row, layout)
        if framed is not None:
            return framed
        row_gaps = _row_gaps_between_columns_removed(by_y, row_gaps, layout) or row_gaps
        widest_row = max(g[0] for g in row_gaps)
    return _cut_at(by_y, row_gaps, widest_row)


def _row_band_ends_short_columns(columns: list[list[_Unit]], by_y: list[_Unit],
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


def _has_columns(units: list[_Unit], layout: _Layout) -> bool:
    if len(units) < 2:
        return False
    _, gaps = _bands(units, vertical=False)
    return any(width >= COLUMN_GAP_LINES * layout.line_height for width, _ in gaps)


def _columns_inside_frame(by_y: list[_Unit], row_gaps: list[tuple[float, int]],
                          widest_row: float, layout: _Layout) -> list[list[_Unit]] | None:
    """Cut off a full-width header and footer first when columns stand between them.

    A page whose header and footer span it has no gutter from top to bottom, and
    its widest row band may lie inside the article column: cutting there deals a
    short right-hand "On this page" list into the middle of the article (the
    pydata and book Sphinx themes). When the widest band lies between the first
    and the last band and the part between those two has columns, cut at them.
    """
    first, last = row_gaps[0][1], row_gaps[-1][1]
    widest = {position for width, position in row_gaps if width >= BAND_TIE_FRACTION * widest_row}
    for cuts in ((first, last), (first,), (last,)):
        cuts = tuple(sorted(set(cuts)))
        if widest <= set(cuts):
            return None          # the widest cut already frames the page
        bounds = [0, *cuts, len(by_y)]
        parts = [by_y[a:b] for a, b in zip(bounds, bounds[1:])]
        inner = parts[1] if len(parts) == 3 else (parts[1] if cuts == (first,) else parts[0])
        inside = {p for p in widest if (len(cuts) == 1 or first < p < last)}
        if inside and _has_columns(inner, layout):
            return parts
    return None


def _columns_run_side_by_side(columns: list[list[_Unit]], by_y: list[_Unit],
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


def _row_gaps_between_columns_removed(by_y: list[_Unit], row_gaps: list[tuple[float, int]],
                                      layout: _Layout) -> list[tuple[float, int]]:
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


def _open_spans(units: list[_Unit], left: float, right: float,
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


def _bands(units: list[_Unit], *, vertical: bool) -> tuple[list[_Unit], list[tuple[float, int]]]:
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


def _cut_at(ordered: list[_Unit], gaps: list[tuple[float, int]],
            widest: float) -> list[list[_Unit]]:
    cuts = [position for width, position in gaps if width >= BAND_TIE_FRACTION * widest]
    bounds = [0, *cuts, len(ordered)]
    return [ordered[a:b] for a, b in zip(bounds, bounds[1:])]


def _read_by_line(units: list[_Unit], rtl: bool) -> list[_Unit]:
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
    lines = _lines(flow, rtl)
    tops = [line[0].y0 for line in lines]
    after_line: dict[int, list[_Unit]] = {}
    for unit in (u for line in _lines(floats, rtl) for u in line):
        after_line.setdefault(bisect.bisect_left(tops, unit.y1), []).append(unit)
    ordered: list[_Unit] = list(after_line.get(0, ()))
    for count, line in enumerate(lines, start=1):
        ordered.extend(line)
        ordered.extend(after_line.get(count, ()))
    return ordered


def _lines(units: list[_Unit], rtl: bool) -> list[list[_Unit]]:
    """Group boxes into lines by overlap against the taller box; each line sorted across."""
    lines: list[list[_Unit]] = []
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
        line.sort(key=(lambda u: -u.x1) if rtl else (lambda u: u.x0))
    return lines


# ================================================================================
# Cards and floats: containers read as one unit
# ================================================================================

def _form_units(members: tuple[int, ...], floor: int, layout: _Layout) -> list[_Unit]:
    """One unit per block, except blocks sharing a card or float deeper than `floor`."""
    containers = _containers(members, floor, layout)
    grouped: dict[str, list[int]] = {}
    sequence: list[int | str] = []      # a block, or a container at its first member's place
    for i in members:
        key = containers.get(i)
        if key is None:
            sequence.append(i)
            continue
        if key not in grouped:
            grouped[key] = []
            sequence.append(key)
        grouped[key].append(i)
    return [_single_unit(entry, floor, layout) if isinstance(entry, int)
            else _container_unit(grouped[entry], entry, layout)
            for entry in sequence]


def _single_unit(i: int, floor: int, layout: _Layout) -> _Unit:
    """One block; floated when it sits in a float not already being expanded."""
    float_key = layout.floats[i]
    return _block_unit(i, layout, floated=bool(float_key) and len(float_key) > floor)


def _block_unit(i: int, layout: _Layout, *, floated: bool) -> _Unit:
    r = layout.rects[i]
    return _Unit(r.x, r.y, r.right, r.bottom, (i,), -1, floated)


def _container_unit(members: list[int], key: str, layout: _Layout) -> _Unit:
    floated = layout.floats[members[0]] == key
    if len(members) == 1:
        return _block_unit(members[0], layout, floated=floated)
    rects = [layout.rects[i] for i in members]
    return _Unit(min(r.x for r in rects), min(r.y for r in rects),
                 max(r.right for r in rects), max(r.bottom for r in rects),
                 tuple(members), len(key), floated)


def _containers(members: tuple[int, ...], floor: int, layout: _Layout) -> dict[int, str]:
    """Map each block to the outermost card or float (deeper than `floor`) it belongs to."""
    templates = _card_templates(members, floor, layout)
    found: dict[int, str] = {}
    for i in members:
        path = layout.paths[i]
        key = None
        for template_end, card_end, _ in layout.steps[i]:
            if card_end > floor and path[:template_end] in templates:
                key = path[:card_end]
                break
        float_key = layout.floats[i]
        if float_key and len(float_key) > floor and (key is None or len(float_key) < len(key)):
            key = float_key
        if key is not None:
            found[i] = key
    return found


def _card_templates(members: tuple[int, ...], floor: int, layout: _Layout) -> set[str]:
    """Sibling templates (`.../ul[1]/li`) with enough distinct indices and small instances."""
    indices: dict[str, set[int]] = {}
    card_sizes: dict[str, int] = {}
    for i in members:
        path = layout.paths[i]
        for template_end, card_end, index in layout.steps[i]:
            if card_end <= floor:
                continue
            indices.setdefault(path[:template_end], set()).add(index)
            card = path[:card_end]
            card_sizes[card] = card_sizes.get(card, 0) + 1
    largest: dict[str, int] = {}
    for card, size in card_sizes.items():
        template = card[:card.rindex("[")]
        largest[template] = max(largest.get(template, 0), size)
    return {template for template, seen in indices.items()
            if len(seen) >= CARD_MIN_SIBLINGS and largest[template] <= MAX_CARD_BLOCKS}


# ================================================================================
# The decision log
# ================================================================================

def _move_decisions(ordered: list[Block], positions: list[int]) -> list[Decision]:
    """Log the blocks read out of source order, keeping the log bounded.

    The moved blocks are those outside a longest run that is still in source
    order: the fewest blocks whose moving explains the new order.
    """
    in_place = _longest_increasing(positions)
    moved = [block for k, block in enumerate(ordered) if k not in in_place]
    decisions = [Decision(STAGE, "moved", _move_reason(block), block.xpath, block.text)
                 for block in moved[:MAX_MOVE_DECISIONS]]
    if len(moved) > MAX_MOVE_DECISIONS:
        decisions.append(Decision(
            STAGE, "moved",
            f"{len(moved) - MAX_MOVE_DECISIONS} more blocks read out of source order"
            " (not listed one by one)"))
    return decisions


def _move_reason(block: Block) -> str:
    if block.rect is None:
        return "not measured: placed after the measured block that precedes it in the source"
    return "the measured layout reads it at a different place than the source order"


def _longest_increasing(values: list[int]) -> set[int]:
    """Indices of one longest strictly increasing subsequence (patience sorting)."""
    tails: list[int] = []          # smallest tail value of a run of each length
    tail_at: list[int] = []        # index of that tail
    previous = [-1] * len(values)
    for k, value in enumerate(values):
        length = bisect.bisect_left(tails, value)
        if length == len(tails):
            tails.append(value)
            tail_at.append(k)
        else:
            tails[length] = value
            tail_at[length] = k
        previous[k] = tail_at[length - 1] if length else -1
    chosen: set[int] = set()
    k = tail_at[-1] if tail_at else -1
    while k >= 0:
        chosen.add(k)
        k = previous[k]
    return chosen
