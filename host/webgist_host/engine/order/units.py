"""The pieces the cut moves: single blocks, or cards and floats read as one unit.

Three things the DOM and the styles know and geometry does not are folded in
here. Repeated sibling containers (a grid of product cards), floated elements and
pinned columns (fixed or sticky sidebars, `pinned`) are each read as one unit, so
the cut never deals one card's title into its neighbour's price; a unit is
expanded by its own geometry once the cut has placed it. A pinned column's unit
takes the column's box, which runs down beside the content it stays in view of.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from ..model import Block, Rect
from .pinned import NO_COLUMNS, PinnedColumns
from .tuning import CARD_MIN_SIBLINGS, MAX_CARD_BLOCKS

# One indexed XPath step such as `li[3]`: the tag, then its sibling index.
_INDEXED_STEP = re.compile(r"/([^/\[\]]+)\[(\d+)\]")


class Unit(NamedTuple):
    """A box the cut moves as one piece: a single block, or a card/float of several."""

    x0: float
    y0: float
    x1: float
    y1: float
    members: tuple[int, ...]   # positions in the measured list
    floor: int                 # key length of the container it came from; -1 for one block
    floated: bool = False      # a CSS float (or one block of one) beside the text flow


class Layout(NamedTuple):
    """Per-call facts about the measured blocks, looked up by position."""

    rects: list[Rect]
    paths: list[str]
    floats: list[str | None]
    steps: list[tuple[tuple[int, int, int], ...]]   # (template end, card end, index)
    line_height: float
    rtl: bool
    columns: PinnedColumns = NO_COLUMNS


def build_layout(blocks: list[Block], rects: list[Rect], line_height: float,
                 rtl: bool, columns: PinnedColumns = NO_COLUMNS) -> Layout:
    """The layout of measured `blocks`, whose boxes are `rects` (position for position)."""
    return Layout(
        rects=rects,
        paths=[b.xpath for b in blocks],
        floats=[b.float_of or None for b in blocks],
        steps=[_indexed_steps(b.xpath) for b in blocks],
        line_height=line_height,
        rtl=rtl,
        columns=columns,
    )


def _indexed_steps(xpath: str) -> tuple[tuple[int, int, int], ...]:
    """For each `tag[N]` step: where its template ends, where the step ends, and N."""
    return tuple((m.end(1), m.end(), int(m.group(2))) for m in _INDEXED_STEP.finditer(xpath))


def form_units(members: tuple[int, ...], floor: int, layout: Layout) -> list[Unit]:
    """One unit per block, except blocks sharing a card or float deeper than `floor`."""
    containers = _containers(members, floor, layout)
    grouped: dict[str, list[int]] = {}
    sequence: list[int | str] = []      # a block, or a container at its first member's place
    for i in members:
        key = containers.get(i)
        if key is None:
            sequence.append(i)
            continue
        if key not in grouped:
            grouped[key] = []
            sequence.append(key)
        grouped[key].append(i)
    return [_single_unit(entry, floor, layout) if isinstance(entry, int)
            else _container_unit(grouped[entry], entry, layout)
            for entry in sequence]


def _single_unit(i: int, floor: int, layout: Layout) -> Unit:
    """One block; floated when it sits in a float not already being expanded."""
    float_key = layout.floats[i]
    return _block_unit(i, layout, floated=float_key is not None and len(float_key) > floor)


def _block_unit(i: int, layout: Layout, *, floated: bool) -> Unit:
    r = layout.rects[i]
    return Unit(r.x, r.y, r.right, r.bottom, (i,), -1, floated)


def _container_unit(members: list[int], key: str, layout: Layout) -> Unit:
    column = layout.columns.boxes.get(key)
    if column is not None:
        return Unit(*column, tuple(members), len(key))
    floated = layout.floats[members[0]] == key
    if len(members) == 1:
        return _block_unit(members[0], layout, floated=floated)
    rects = [layout.rects[i] for i in members]
    return Unit(min(r.x for r in rects), min(r.y for r in rects),
                max(r.right for r in rects), max(r.bottom for r in rects),
                tuple(members), len(key), floated)


def _containers(members: tuple[int, ...], floor: int, layout: Layout) -> dict[int, str]:
    """Map each block to the outermost card or float (deeper than `floor`) it belongs to."""
    templates = _card_templates(members, floor, layout)
    found: dict[int, str] = {}
    for i in members:
        path = layout.paths[i]
        key = None
        for template_end, card_end, _ in layout.steps[i]:
            if card_end > floor and path[:template_end] in templates:
                key = path[:card_end]
                break
        float_key = layout.floats[i]
        if float_key and len(float_key) > floor and (key is None or len(float_key) < len(key)):
            key = float_key
        column_key = layout.columns.keys[i] if layout.columns.keys else None
        if column_key and len(column_key) > floor and (key is None or len(column_key) < len(key)):
            key = column_key
        if key is not None:
            found[i] = key
    return found


def _card_templates(members: tuple[int, ...], floor: int, layout: Layout) -> set[str]:
    """Sibling templates (`.../ul[1]/li`) with enough distinct indices and small instances."""
    indices: dict[str, set[int]] = {}
    card_sizes: dict[str, int] = {}
    for i in members:
        path = layout.paths[i]
        for template_end, card_end, index in layout.steps[i]:
            if card_end <= floor:
                continue
            indices.setdefault(path[:template_end], set()).add(index)
            card = path[:card_end]
            card_sizes[card] = card_sizes.get(card, 0) + 1
    largest: dict[str, int] = {}
    for card, size in card_sizes.items():
        template = card[:card.rindex("[")]
        largest[template] = max(largest.get(template, 0), size)
    return {template for template, seen in indices.items()
            if len(seen) >= CARD_MIN_SIBLINGS and largest[template] <= MAX_CARD_BLOCKS}
