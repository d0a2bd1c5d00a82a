"""Slide and page counters: lines that only count slides or pages.

A carousel draws one dot or button per slide and labels each with its number; a
slideshow or a paginated story sets its pager as "1 2 3 4 5". Read as text, each is a
line holding only a number, one after another, counting up by one from 0 or 1. No
reader wants them, and nothing an author writes looks like that: a list of numbers
counts something (sizes, scores) and does not start at 0 or 1 counting up by one; a
numbered list's items hold words after their numbers. No words are read, so the rule
holds in any language and on every page type.

A gallery also says where the reader is: "1 of 24", "3/4", "2 / 5", a line of its
own above or under each slide (`counter_lines`). The word between the numbers comes
from SLIDE_COUNTER_WORDS; a slash needs none. A score ("4/5", "5/5") reads the same,
so a count other than the first goes only beside another counting to the same total.
"""
from __future__ import annotations

import re

from ..model import Block, BlockKind
from .tuning import COUNTED_CONTROLS_MIN_RUN
from .vocabulary import SLIDE_COUNTER_WORDS

_LINE_KINDS = frozenset({BlockKind.PARAGRAPH, BlockKind.LIST_ITEM})
# Emphasis, spaces and brackets round a line are stripped before these match, so that
# no two quantifiers of a pattern can take the same characters.
_EDGES = "*_ \t\n"
_COUNTER = re.compile(r"(\d{1,3})(?: ?/ ?| (?:%s) )(\d{1,3})" % "|".join(SLIDE_COUNTER_WORDS),
                      re.IGNORECASE)
# A number alone, or linked as a whole ("[2](…?page=2)", "[**2**](…)").
_NUMBER = re.compile(r"(\d{1,3})|\[[*_]{0,2}(\d{1,3})[*_]{0,2}\]\([^()\s]*\)")


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


def counter_lines(blocks: list[Block]) -> list[int]:
    """Indices of the main-content lines that only say which slide of how many is on
    show: "N of M" or "N/M", N from 1 to M, M at least 2: the first slide's, or one of
    two or more such lines counting to the same M. A lone "4/5" is a score."""
    by_total: dict[int, list[tuple[int, int]]] = {}
    for i, block in enumerate(blocks):
        if block.in_main and block.kind in _LINE_KINDS and len(block.text) <= 16:
            match = _COUNTER.fullmatch(block.text.strip(_EDGES + "()"))
            if match:
                shown, total = int(match.group(1)), int(match.group(2))
                if 1 <= shown <= total and total >= 2:
                    by_total.setdefault(total, []).append((i, shown))
    return sorted(i for lines in by_total.values() for i, shown in lines
                  if shown == 1 or len(lines) >= 2)


def _number(block: Block) -> int | None:
    """The number a line holds alone, or None."""
    if block.kind not in _LINE_KINDS or len(block.text) > 8:
        return None
    match = _NUMBER.fullmatch(block.rich_text.strip(_EDGES))
    return int(match.group(1) or match.group(2)) if match else None
