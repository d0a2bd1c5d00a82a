"""Stage 6: de-duplication (seed 000). Placeholder: exact repeats of text go."""
from __future__ import annotations

from .model import Block, Decision


def deduplicate(blocks: list[Block], *, measured: bool) -> tuple[list[Block], list[Decision]]:
    seen: set[str] = set()
    kept, decisions = [], []
    for block in blocks:
        key = "".join(block.text.split()) + "\x00" + (block.href or "")
        if key in seen and key.strip("\x00"):
            decisions.append(Decision("dedup", "dropped", "repeats text already read", block.xpath, block.text))
            continue
        seen.add(key)
        kept.append(block)
    return kept, decisions
