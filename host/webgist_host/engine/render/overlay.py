"""The reading-order overlay's data: each kept block's box, numbered in reading order.

extension/overlay.js draws these rows on the page, in the popup (the host sends them
with a convert reply when asked) and in `webgist --overlay` screenshots.
"""
from __future__ import annotations

from typing import Any

from ..model import Document


def overlay_blocks(document: Document) -> list[list[Any]]:
    """[reading index, x, y, w, h, region or "", kind] for every measured block, in
    reading order. The index counts all kept blocks, so an unmeasured block shows
    as a gap in the numbers rather than shifting the ones after it."""
    rows: list[list[Any]] = []
    for index, block in enumerate(document.blocks):
        rect = block.rect
        if rect is None:
            continue
        rows.append([index, round(rect.x, 1), round(rect.y, 1), round(rect.w, 1),
                     round(rect.h, 1), block.region or "", block.kind])
    return rows


def overlay_data(document: Document) -> dict[str, Any]:
    """What overlay.js's show() takes."""
    return {"method": document.reading_order_method, "blocks": overlay_blocks(document)}
