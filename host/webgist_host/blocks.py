"""Stage 3: the block model (seed 000). Placeholder: one paragraph per <p>/<h1-6>/<li>."""
from __future__ import annotations

from .dom import path_of, tag_of
from .geometry import Capture
from .model import Block, Decision


def extract_blocks(root, capture: Capture) -> tuple[list[Block], list[Decision]]:
    blocks: list[Block] = []
    for index, el in enumerate(root.iter()):
        tag = tag_of(el)
        if tag in {"p", "h1", "h2", "h3", "h4", "h5", "h6", "li"}:
            text = " ".join(el.text_content().split())
            if not text:
                continue
            box = capture.boxes.get(path_of(el))
            kind = "heading" if tag[0] == "h" and tag != "li" else ("list-item" if tag == "li" else "paragraph")
            blocks.append(Block(kind=kind, text=text, rich_text=text, tag=tag,
                                xpath=path_of(el), dom_index=index,
                                rect=box.rect if box else None,
                                level=int(tag[1]) if kind == "heading" else (1 if kind == "list-item" else 0)))
    return blocks, []
