"""Stage 5: reading order from measured boxes (seed 001). Placeholder: source order."""
from __future__ import annotations

from .model import Block, Decision


def order_blocks(blocks: list[Block], *, direction: str = "ltr") -> tuple[list[Block], str, list[Decision]]:
    ordered = sorted(blocks, key=lambda b: b.dom_index)
    if len(ordered) <= 1:
        return ordered, "single-block", []
    return ordered, "dom-fallback", []
