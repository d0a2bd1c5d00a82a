"""Slide and page counters: lines that only count slides or pages.

A carousel draws one button per slide and labels each with its number; a slideshow or
a paginated story sets its pager as links "1 2 3 4 5". Read as text, each is a line
holding only a number, one after another, counting up by one from 0 or 1, and each a
control: a link, or a button (a <button>, an element whose role is button or tab, or
one with a click handler of its own, as older galleries drew their numbers).
Plain numbers in a row are the author's, whatever they count: a poll's answers
("0", "1", "2", "3"), a column of step or line numbers, a rating's scale. No words are
read, so the rule holds in any language and on every page type.
"""
from __future__ import annotations

import re

from ..dom.nodes import TreeIndex
from ..model import Block, BlockKind
from .tuning import COUNTED_CONTROLS_MIN_RUN

_LINE_KINDS = frozenset({BlockKind.PARAGRAPH, BlockKind.LIST_ITEM})
# Emphasis, spaces and brackets round a line are stripped before these match, so that
# no two quantifiers of a pattern can take the same characters.
_EDGES = "*_ \t\n"
# A number alone, or linked as a whole ("[2](…?page=2)", "[**2**](…)"): group 1 or 2.
_NUMBER = re.compile(r"(\d{1,3})|\[[*_]{0,2}(\d{1,3})[*_]{0,2}\]\([^()\s]*\)")


# What a carousel's dot or a tab of slides is drawn as, when it is not a link.
_BUTTON_TAGS = frozenset({"button"})
_BUTTON_ROLES = frozenset({"button", "tab"})


def counted_controls(blocks: list[Block], tree: TreeIndex) -> list[int]:
    """Indices of the main-content lines in runs of COUNTED_CONTROLS_MIN_RUN or more
    consecutive main-content lines, each a bare number, counting up by one from 0 or 1,
    and each a control (`tree`: the block stage's index of the page)."""
    runs = _counted_runs(blocks)
    if not runs:
        return []
    buttons = _buttons(blocks, tree, [i for run in runs for i in run])
    return [i for run in runs
            if all(_linked_number(blocks[i]) or i in buttons for i in run)
            for i in run]


def _counted_runs(blocks: list[Block]) -> list[list[int]]:
    """The runs of COUNTED_CONTROLS_MIN_RUN or more consecutive main-content lines,
    each a bare number, counting up by one from 0 or 1."""
    found: list[list[int]] = []
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
                found.append(run)
            run = [i] if number is not None and number <= 1 else []
        previous = number if number is not None else -1
    if len(run) >= COUNTED_CONTROLS_MIN_RUN:
        found.append(run)
    return found


def _buttons(blocks: list[Block], tree: TreeIndex, lines: list[int]) -> set[int]:
    """Which of `lines` are, hold or stand right inside a button (a line's block may be
    the <span> inside the button)."""
    elements = tree.elements_at({blocks[i].xpath for i in lines})
    return {i for i in lines
            if any(_in_button(tree, element) for element in elements.get(blocks[i].xpath, ()))}


def _in_button(tree: TreeIndex, element) -> bool:
    if any(_button(tree, node) for node in element.iter()):
        return True
    parent = element.getparent()
    return parent is not None and _button(tree, parent, clicked=len(parent) == 1)


def _button(tree: TreeIndex, node, clicked: bool = True) -> bool:
    """Whether `node` is a control: a button, an element with a button's or a tab's
    role, or (`clicked`) one with a click handler. A handler counts on the line's own
    wrapper, not on a box of several lines: pages hang tracking handlers on whole
    boxes of the author's lines."""
    tag = tree.tags.get(node)
    return bool(tag) and (tag in _BUTTON_TAGS or tree.roles.get(node) in _BUTTON_ROLES
                          or (clicked and node.get("onclick") is not None))


def _linked_number(block: Block) -> bool:
    """Whether a line's number is a link as a whole (a pager's "[2](?page=2)")."""
    match = _NUMBER.fullmatch(block.rich_text.strip(_EDGES))
    return match is not None and match.group(2) is not None


def _number(block: Block) -> int | None:
    """The number a line holds alone, or None."""
    if block.kind not in _LINE_KINDS or len(block.text) > 8:
        return None
    match = _NUMBER.fullmatch(block.rich_text.strip(_EDGES))
    return int(match.group(1) or match.group(2)) if match else None
