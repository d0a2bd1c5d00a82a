"""Pinned columns: a fixed or sticky sidebar is read as a column beside the content.

The browser measures a `position: sticky` (or fixed) box where it is drawn at the
moment of capture: near the top of the page, and, when its height is capped at the
viewport, no taller than one screen. Left like that in the cut it is a short box at
the top; every row band below it crosses the whole page, and the cut deals the
sidebar into the middle of the article. A reader sees it differently: it stays
beside the article while the article scrolls past, over the whole of the box it
sticks within. So its blocks are read as one unit whose box runs down that holder
(and no further than the first thing drawn beneath it in its own lane).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from ..model import Block, PinnedBox
from .tuning import (
    MAX_PINNED_COLUMNS, PINNED_MAX_WIDTH_SHARE, PINNED_MIN_REACH_LINES, VIEWPORT_CAP_SLACK,
)


class PinnedColumns(NamedTuple):
    """Which column each block belongs to, and each column's box (x0, y0, x1, y1)."""

    keys: list[str | None]
    boxes: dict[str, tuple[float, float, float, float]]


NO_COLUMNS = PinnedColumns([], {})


def pinned_columns(blocks: list[Block], pinned: Mapping[str, PinnedBox], line_height: float,
                   viewport: tuple[float | None, float | None]) -> PinnedColumns:
    """The pinned columns among measured `blocks` (position for position); `viewport`
    is the (width, height) the page was laid out in, when known."""
    if not pinned:
        return NO_COLUMNS
    candidates = {path: box for path, box in pinned.items() if _stands_beside(box, *viewport)}
    if not candidates:
        return NO_COLUMNS
    keys = [_outermost(block.xpath, candidates) for block in blocks]
    owners = set(filter(None, keys))
    if len(owners) > MAX_PINNED_COLUMNS:
        return NO_COLUMNS     # not a page with sidebars; and each column scans every block
    boxes: dict[str, tuple[float, float, float, float]] = {}
    for key in owners:
        column = _column_box(key, candidates[key], blocks, keys, line_height)
        if column is not None:
            boxes[key] = column
    if not boxes:
        return NO_COLUMNS
    return PinnedColumns([key if key in boxes else None for key in keys], boxes)


def pinned_bars(pinned: Mapping[str, PinnedBox],
                viewport: tuple[float | None, float | None]) -> dict[str, PinnedBox]:
    """The fixed or sticky boxes that are bars across the screen, not columns: wider
    than a pinned column may be, and no taller than the screen. Where one is drawn
    says where the screen was when the page was measured, not where it stands in the
    page: a bar fixed to the screen's foot was drawn over the middle of an article."""
    width, height = viewport
    bars = {}
    for path, box in pinned.items():
        across = width or (box.holder.w if box.holder is not None else None)
        if (across is not None and box.rect.w > PINNED_MAX_WIDTH_SHARE * across
                and (height is None or box.rect.h <= height + VIEWPORT_CAP_SLACK)):
            bars[path] = box
    return bars


def outermost_pinned(xpath: str, boxes: Mapping[str, PinnedBox]) -> str | None:
    """The outermost of `boxes` that is `xpath` or holds it."""
    return _outermost(xpath, boxes)


def _stands_beside(box: PinnedBox, viewport_width: float | None,
                   viewport_height: float | None) -> bool:
    """Narrow and no taller than the screen: a sidebar or rail that follows the
    reader, not a header bar across the page. Narrow against the screen (a share
    rail's holder may be a grid cell no wider than the rail), else its holder."""
    rect, holder = box.rect, box.holder
    if holder is None or rect.w > PINNED_MAX_WIDTH_SHARE * (viewport_width or holder.w):
        return False
    return viewport_height is None or rect.h <= viewport_height + VIEWPORT_CAP_SLACK


def _outermost(xpath: str, candidates: Mapping[str, PinnedBox]) -> str | None:
    """The shortest path among `candidates` that is `xpath` or an ancestor of it."""
    end = xpath.find("/", 1)
    while end != -1:
        if xpath[:end] in candidates:
            return xpath[:end]
        end = xpath.find("/", end + 1)
    return xpath if xpath in candidates else None


def _column_box(key: str, box: PinnedBox, blocks: list[Block], keys: list[str | None],
                line_height: float) -> tuple[float, float, float, float] | None:
    """The lane the pinned box keeps while its holder scrolls past, or None when it
    would reach no further than it was drawn (nothing to change)."""
    rect, holder = box.rect, box.holder
    assert holder is not None
    # The box where the reader sees it, whatever its blocks' own boxes say: a list
    # inside it may overflow into a scroller, or be drawn elsewhere altogether.
    x0, x1 = rect.x, rect.right
    bottom = max(rect.bottom, holder.bottom)
    # Stop above the first other block drawn beneath it in its own lane (a footer
    # across the page): the column cannot be read through it.
    for block, k in zip(blocks, keys):
        r = block.rect
        if k != key and r is not None and r.y >= rect.bottom and r.x < x1 and r.right > x0:
            bottom = min(bottom, r.y)
    if bottom - rect.bottom < PINNED_MIN_REACH_LINES * line_height:
        return None
    return (x0, rect.y, x1, bottom)
