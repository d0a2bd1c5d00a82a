"""Slide and page counters: a run of lines that are bare numbers counting up.

A carousel draws one dot or button per slide and labels each with its number; a
slideshow or a paginated story sets its pager as "1 2 3 4 5". Read as text, each is a
line holding only a number, one after another, counting up by one from 0 or 1. No
reader wants them, and nothing an author writes looks like that: a list of numbers
counts something (sizes, scores) and stays in a table or in a line of its own; a
numbered list's items hold words after their numbers. No words are read, so the rule
holds in any language and on every page type.
"""
from __future__ import annotations

import re

from ..model import Block, BlockKind
from .tuning import COUNTED_CONTROLS_MIN_RUN

_LINE_KINDS = frozenset({BlockKind.PARAGRAPH, BlockKind.LIST_ITEM})
# A number alone, perhaps linked ("[2](…?page=2)") or emphasised.
_NUMBER = re.compile(r"[*_\s]*\[?[*_\s]*(\d{1,3})[*_\s]*\]?(?:\([^)]*\))?[*_\s]*")


def counted_controls(blocks: list[Block]) -> list[int]:
    """Indices of the main-content lines in runs of COUNTED_CONTROLS_MIN_RUN or more
    consecutive main-content lines, each a bare number, counting up by one from 0 or 1."""
    found: list[int] = []
    run: list[int] = []
    previous = -1
    for i, block in enumerate(blocks):
        if not block.in_main:
            continue
        number = _number(block)
        if number is not None and run and number == previous + 1:
            run.append(i)
        else:
            if len(run) >= COUNTED_CONTROLS_MIN_RUN:
                found.extend(run)
            run = [i] if number is not None and number <= 1 else []
        previous = number if number is not None else -1
    if len(run) >= COUNTED_CONTROLS_MIN_RUN:
        found.extend(run)
    return found


def _number(block: Block) -> int | None:
    """The number a line holds alone, or None."""
    if block.kind not in _LINE_KINDS or len(block.text) > 8:
        return None
    match = _NUMBER.fullmatch(block.rich_text)
    return int(match.group(1)) if match else None
