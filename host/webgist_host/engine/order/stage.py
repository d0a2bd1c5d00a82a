"""Stage 5: put blocks in the order a person reads them, from the boxes the browser measured.

Measured blocks are ordered by recursive XY-cut (`xycut`) over units (`units`:
cards, floats and pinned sidebars read as one piece; `pinned`). Thin tall "rails" standing in a gutter and
boxes drawn off the page are set aside first: they were measured, but left in
the cut they would bridge the gutters that separate columns.

Blocks without a box are anchored: each follows the nearest measured block that
precedes it in source order. When too few blocks were measured the page is read
in source order and labelled `dom-fallback`.
"""
from __future__ import annotations

import bisect
from collections.abc import Mapping
from dataclasses import replace

from ..model import Action, Block, BlockKind, Decision, OrderMethod, PinnedBox, Rect, TextFlows
from .tuning import (
    ANCHORED_MIN_MEASURED_SHARE,
    FALLBACK_LINE_HEIGHT,
    MAX_MOVE_DECISIONS,
    RAIL_MAX_WIDTH_LINES,
    RAIL_MIN_HEIGHT_LINES,
)
from .pinned import outermost_pinned, pinned_bars, pinned_columns
from .units import NO_FLOWS, build_layout
from .xycut import order_measured

STAGE = "reading_order"


def order_blocks(blocks: list[Block], *, direction: str = "ltr",
                 page_width: float | None = None, viewport_height: float | None = None,
                 pinned: Mapping[str, PinnedBox] | None = None,
                 flows: TextFlows = NO_FLOWS,
                 ) -> tuple[list[Block], OrderMethod, list[Decision]]:
    """Return the blocks in reading order, the method saying how, and the moves made.

    `page_width` and `viewport_height` are the viewport the page was laid out in;
    boxes drawn wholly beyond its width (or above the page) are set aside like
    rails. `pinned` holds the boxes drawn fixed or sticky, by XPath (see `pinned`);
    `flows` the multi-column and vertical text (see `flows`).
    """
    source = sorted(blocks, key=lambda b: b.dom_index)
    if len(source) <= 1:
        return source, OrderMethod.SINGLE_BLOCK, []
    source = [_without_empty_rect(b) for b in source]
    # The method counts what the browser measured. A rail set aside below was
    # measured too; it only stops taking part in the cut.
    method = _method(sum(1 for b in source if b.rect is not None), len(source))
    if method == OrderMethod.DOM_FALLBACK:
        return source, method, []

    line_height = page_line_height(source, flows.vertical_rl)
    source, decisions = _demote_rails(source, line_height, flows.vertical_rl)
    source, off_page = _set_aside_off_page(source, page_width)
    decisions += off_page
    source, on_bars = _set_aside_pinned_bars(source, pinned or {}, (page_width, viewport_height))
    decisions += on_bars
    positions = _geometric_order(source, line_height, rtl=(direction or "ltr").lower() == "rtl",
                                 pinned=pinned or {}, viewport=(page_width, viewport_height),
                                 flows=flows)
    ordered = [source[p] for p in positions]
    decisions += _move_decisions(ordered, positions)
    return ordered, method, decisions


def _method(measured: int, total: int) -> OrderMethod:
    if total <= 1:
        return OrderMethod.SINGLE_BLOCK
    if measured == total:
        return OrderMethod.XY_CUT
    if measured > ANCHORED_MIN_MEASURED_SHARE * total:
        return OrderMethod.ANCHORED
    return OrderMethod.DOM_FALLBACK


def _without_empty_rect(block: Block) -> Block:
    """A box with neither width nor height says nothing about position: treat it as absent."""
    rect = block.rect
    if rect is not None and rect.w <= 0 and rect.h <= 0:
        return replace(block, rect=None)
    return block


def page_line_height(blocks: list[Block], vertical: frozenset[str] = frozenset()) -> float:
    """The lower quartile of measured block heights (rules and empty boxes left out).

    The lower quartile, not the median: on a docs page most blocks are multi-line
    paragraphs, and a median-sized "line" made real gutters look too narrow to cut.
    A block set in vertical lines (`vertical`, by XPath) adds its width: its lines
    stand side by side.
    """
    rule = BlockKind.RULE
    heights = sorted(b.rect.w if vertical and b.xpath in vertical else b.rect.h
                     for b in blocks
                     if b.rect is not None and b.rect.h > 0 and b.kind != rule)
    if not heights:
        return FALLBACK_LINE_HEIGHT
    return heights[(len(heights) - 1) // 4]


# ================================================================================
# Boxes set aside: measured, but kept out of the cut
# ================================================================================

def _demote_rails(blocks: list[Block], line_height: float, vertical: frozenset[str] = frozenset()
                  ) -> tuple[list[Block], list[Decision]]:
    """Strip the box of any thin, tall block so it stops splitting the gutter it stands
    in. A block set in vertical lines (`vertical`) is a column of text, not a rail."""
    kept, decisions = [], []
    for block in blocks:
        rect = block.rect
        if (rect is not None and rect.w <= RAIL_MAX_WIDTH_LINES * line_height
                and not (vertical and block.xpath in vertical)
                and rect.h >= RAIL_MIN_HEIGHT_LINES * line_height):
            reason = (f"rail ({rect.w:g} px wide, {rect.h:g} px tall): its box was set aside"
                      " so the gutter it stands in stays whole; read where the source puts it")
            decisions.append(Decision(STAGE, Action.MOVED, reason, block.xpath, block.text))
            block = replace(block, rect=None)
        kept.append(block)
    return kept, decisions


def _set_aside_off_page(blocks: list[Block], page_width: float | None
                        ) -> tuple[list[Block], list[Decision]]:
    """Skip links parked above the page and drawers parked past its right edge are
    measured but not seen; left in the cut they bridge every gutter. They are
    anchored instead."""
    kept, decisions = [], []
    for block in blocks:
        rect = block.rect
        off = rect is not None and (
            (rect.y + rect.h <= 0 and rect.h > 0) or (rect.x + rect.w <= 0 and rect.w > 0)
            or (page_width is not None and rect.x >= page_width))
        if off:
            decisions.append(Decision(STAGE, Action.MOVED,
                                      "drawn outside the page; placed after its source neighbour",
                                      block.xpath, block.text))
            block = replace(block, rect=None)
        kept.append(block)
    return kept, decisions


# ================================================================================
# Anchoring: measured blocks by geometry, the rest after their source predecessor
# ================================================================================

def _set_aside_pinned_bars(blocks: list[Block], pinned: Mapping[str, PinnedBox],
                           viewport: tuple[float | None, float | None]
                           ) -> tuple[list[Block], list[Decision]]:
    """Blocks in a fixed or sticky bar across the screen (`pinned_bars`) are anchored:
    they stay where the source puts them (a header bar first, a members' strip at
    the screen's foot after the article) instead of where the screen happened to be."""
    bars = pinned_bars(pinned, viewport)
    if not bars:
        return blocks, []
    kept, decisions = [], []
    for block in blocks:
        if block.rect is not None and outermost_pinned(block.xpath, bars) is not None:
            decisions.append(Decision(STAGE, Action.MOVED,
                                      "drawn in a bar fixed to the screen; placed after its "
                                      "source neighbour", block.xpath, block.text))
            block = replace(block, rect=None)
        kept.append(block)
    return kept, decisions


def _geometric_order(source: list[Block], line_height: float, *, rtl: bool,
                     pinned: Mapping[str, PinnedBox],
                     viewport: tuple[float | None, float | None],
                     flows: TextFlows = NO_FLOWS) -> list[int]:
    """Positions into `source`, in reading order."""
    measured: list[int] = []
    rects: list[Rect] = []
    leading: list[int] = []
    followers: dict[int, list[int]] = {}
    last_measured = None
    for i, block in enumerate(source):
        rect = block.rect
        if rect is not None:
            measured.append(i)
            rects.append(rect)
            last_measured = i
        elif last_measured is None:
            leading.append(i)
        else:
            followers.setdefault(last_measured, []).append(i)

    measured_blocks = [source[i] for i in measured]
    columns = pinned_columns(measured_blocks, pinned, line_height, viewport)
    layout = build_layout(measured_blocks, rects, line_height, rtl, columns, flows)
    order = list(leading)
    for local in order_measured(layout):
        position = measured[local]
        order.append(position)
        order.extend(followers.get(position, ()))
    return order


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
    decisions = [Decision(STAGE, Action.MOVED, _move_reason(block), block.xpath, block.text)
                 for block in moved[:MAX_MOVE_DECISIONS]]
    if len(moved) > MAX_MOVE_DECISIONS:
        decisions.append(Decision(
            STAGE, Action.MOVED,
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
