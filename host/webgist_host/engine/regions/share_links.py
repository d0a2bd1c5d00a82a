"""Share buttons: lines and icons whose links only publish the page elsewhere.

A share bar is drawn as a row of links to the networks' share endpoints
("Tweet", "Facebook", "Email", "WhatsApp", or their icons), often with a short
label. By shape and address, in any language: a main-content block most of whose
links go to a share endpoint (vocabulary.SHARE_LINK_PATTERN), with at most
SHARE_LABEL_MAX_WORDS words outside them, a picture linked to one, and a network's
share button drawn in a frame (an <iframe> of Facebook's Like plugin). A sentence
that links a share endpoint keeps its words.
"""
from __future__ import annotations

import re

from ..model import Block, BlockKind
from .tuning import SHARE_LABEL_MAX_WORDS
from .vocabulary import MARKDOWN_IMAGE_PATTERN, MARKDOWN_LINK_PATTERN, SHARE_LINK_PATTERN

_IMAGE = BlockKind.IMAGE
# A picture linked to a share endpoint (its link), or a share button drawn in a frame
# (its source).
_LINKED_KINDS = frozenset({_IMAGE, BlockKind.MEDIA})
# Kinds whose inline text can be a share bar (tables and code never are).
_LINE_KINDS = frozenset({BlockKind.PARAGRAPH, BlockKind.LIST_ITEM, BlockKind.HEADING})
_WORD = re.compile(r"\w+")


def share_links(blocks: list[Block]) -> list[int]:
    """Indices of the main-content blocks that are share buttons."""
    found = []
    for i, block in enumerate(blocks):
        if not block.in_main:
            continue
        if block.kind in _LINKED_KINDS:
            address = block.link if block.kind == _IMAGE else block.href
            if address and SHARE_LINK_PATTERN.match(address):
                found.append(i)
        elif block.kind in _LINE_KINDS and "](" in block.rich_text and _is_share_line(block):
            found.append(i)
    return found


def _is_share_line(block: Block) -> bool:
    counts = {"shared": 0, "other": 0}

    def text_unless_shared(link: re.Match) -> str:
        if SHARE_LINK_PATTERN.match(link[2]):
            counts["shared"] += 1
            return " "
        counts["other"] += 1
        return f" {link[1]} "

    rest = MARKDOWN_LINK_PATTERN.sub(text_unless_shared,
                                     MARKDOWN_IMAGE_PATTERN.sub("", block.rich_text))
    return (counts["shared"] > 0 and counts["shared"] >= counts["other"]
            and len(_WORD.findall(rest)) <= SHARE_LABEL_MAX_WORDS)
