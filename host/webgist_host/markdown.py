"""Stage 7: blocks to Markdown. Placeholder renderer for paragraphs, headings, items."""
from __future__ import annotations

from .model import Block, Metadata


def render_markdown(blocks: list[Block], metadata: Metadata, options: dict | None = None) -> str:
    parts = []
    for block in blocks:
        if block.kind == "heading":
            parts.append("#" * block.level + " " + block.rich_text)
        elif block.kind == "list-item":
            parts.append("- " + block.rich_text)
        else:
            parts.append(block.rich_text)
    return "\n\n".join(parts) + ("\n" if parts else "")
