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

from ..model import Block, Rect, TextFlows
from .flows import multicolumn_keys, vertical_rl_marks
from .pinned import NO_COLUMNS, PinnedColumns
from .tuning import CARD_MIN_SIBLINGS, MAX_CARD_BLOCKS

# One indexed XPath step such as `li[3]`: the tag, then its sibling index.
_INDEXED_STEP = re.compile(r"/([^/\[\]]+)\[(\d+)\]")
NO_FLOWS = TextFlows()


class Unit(NamedTuple):
    """A box the cut moves as one piece: a single block, or a card/float of several."""

    x0: float
    y0: float
    x1: float
    y1: float
    members: tuple[int, ...]   # positions in the measured list
    floor: int                 # key length of the container it came from; -1 for one block
    floated: bool = False      # a CSS float (or one block of one) beside the text flow
    in_source_order: bool = False  # multi-column text: read in source order, not cut


class Step(NamedTuple):
    """One indexed step (`li[3]`) of a block's path; its prefixes are numbered."""

    template: int     # the path up to the step's tag (`.../ul[1]/li`), numbered
    card: int         # the path up to the step's end (`.../ul[1]/li[3]`), numbered
    card_end: int     # the card's length in characters (what `floor` is compared with)
    nth: int          # the sibling index, 3


class Layout(NamedTuple):
    """Per-call facts about the measured blocks, looked up by position."""

    rects: list[Rect]
    paths: list[str]
    floats: list[str | None]
    # A block's indexed steps are its parent path's (`lineages`: one tuple shared by
    # all the blocks of one parent) and then its own last step, if indexed (`own`).
    lineages: list[tuple[Step, ...]]
    own: list[Step | None]
    prefixes: list[str]           # a step's template or card number -> the path prefix
    templates_of: list[int]       # a card's number -> its template's number
    line_height: float
    rtl: bool
    columns: PinnedColumns = NO_COLUMNS
    # `flows`: per block, its multi-column container (or None), and whether it is set
    # in vertical lines read right to left; empty lists on pages without either.
    multicolumn: list[str | None] = []
    vertical_rl: list[bool] = []


def build_layout(blocks: list[Block], rects: list[Rect], line_height: float,
                 rtl: bool, columns: PinnedColumns = NO_COLUMNS,
                 flows: TextFlows = NO_FLOWS) -> Layout:
    """The layout of measured `blocks`, whose boxes are `rects` (position for position).

    The cut groups blocks by their paths' prefixes at every level it expands; the
    prefixes are cut out and numbered here once, and each distinct parent path is
    read once (siblings share all but their last step).
    """
    numbering = _Numbering()
    known: dict[str, tuple[Step, ...]] = {"": ()}
    lineages: list[tuple[Step, ...]] = []
    own: list[Step | None] = []
    for block in blocks:
        xpath = block.xpath
        cut = xpath.rfind("/")
        parent = xpath[:cut] if cut > 0 else ""
        lineage = known.get(parent)
        if lineage is None:
            lineage = _indexed_steps(parent, known, numbering)
        lineages.append(lineage)
        own.append(_last_step(xpath, len(parent), numbering))
    return Layout(
        rects=rects,
        paths=[b.xpath for b in blocks],
        floats=[b.float_of or None for b in blocks],
        lineages=lineages,
        own=own,
        prefixes=numbering.prefixes,
        templates_of=numbering.templates_of,
        line_height=line_height,
        rtl=rtl,
        columns=columns,
        multicolumn=multicolumn_keys(blocks, flows),
        vertical_rl=vertical_rl_marks(blocks, flows),
    )


class _Numbering:
    """Path prefixes numbered in the order first met."""

    def __init__(self) -> None:
        self.numbers: dict[str, int] = {}
        self.prefixes: list[str] = []
        self.templates_of: list[int] = []     # -1 for a template

    def number(self, prefix: str, template: int = -1) -> int:
        n = self.numbers.get(prefix)
        if n is None:
            n = self.numbers[prefix] = len(self.prefixes)
            self.prefixes.append(prefix)
            self.templates_of.append(template)
        return n


def _indexed_steps(xpath: str, known: dict[str, tuple[Step, ...]],
                   numbering: _Numbering) -> tuple[Step, ...]:
    """The `tag[N]` steps of `xpath`, from its nearest ancestor path already read."""
    unread = []
    head = xpath
    while head not in known:
        unread.append(head)
        cut = head.rfind("/")
        head = head[:cut] if cut > 0 else ""
    steps = known[head]
    for path in reversed(unread):             # each one step longer than the last
        step = _last_step(path, len(head), numbering)
        if step is not None:
            steps = steps + (step,)
        known[path] = steps
        head = path
    return steps


def _last_step(path: str, start: int, numbering: _Numbering) -> Step | None:
    """The step of `path` after its first `start` characters, if indexed."""
    match = _INDEXED_STEP.match(path, start)
    if match is None:
        return None
    end = match.end()
    template = numbering.number(path[:match.end(1)])
    card = numbering.number(path if end == len(path) else path[:end], template)
    return Step(template, card, end, int(match.group(2)))


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
    return Unit(r.x, r.y, r.x + r.w, r.y + r.h, (i,), -1, floated)


def _container_unit(members: list[int], key: str, layout: Layout) -> Unit:
    column = layout.columns.boxes.get(key)
    if column is not None:
        return Unit(*column, tuple(members), len(key))
    floated = layout.floats[members[0]] == key
    if len(members) == 1:
        return _block_unit(members[0], layout, floated=floated)
    rects = [layout.rects[i] for i in members]
    in_source_order = bool(layout.multicolumn) and layout.multicolumn[members[0]] == key
    return Unit(min(r.x for r in rects), min(r.y for r in rects),
                max(r.x + r.w for r in rects), max(r.y + r.h for r in rects),
                tuple(members), len(key), floated, in_source_order)


def _containers(members: tuple[int, ...], floor: int, layout: Layout) -> dict[int, str]:
    """Map each block to the outermost card or float (deeper than `floor`) it belongs to."""
    templates = _card_templates(members, floor, layout)
    prefixes, lineages, own, floats = layout.prefixes, layout.lineages, layout.own, layout.floats
    column_keys = layout.columns.keys
    multicolumn = layout.multicolumn
    # Blocks of one parent share its steps, so each parent's outermost card is found once.
    card_of_lineage: dict[int, str | None] = {}
    figure_of_lineage: dict[int, str | None] = {}
    captioned: list[set[str]] = []      # the figures holding a caption, once asked
    found: dict[int, str] = {}
    for i in members:
        lineage = lineages[i]
        key = card_of_lineage.get(id(lineage), "")
        if key == "":
            key = card_of_lineage[id(lineage)] = next(
                (prefixes[card] for template, card, card_end, _ in lineage
                 if card_end > floor and template in templates), None)
        if key is None:
            step = own[i]
            if step is not None and step.card_end > floor and step.template in templates:
                key = prefixes[step.card]
        if key is None:
            key = figure_of_lineage.get(id(lineage), "")
            if key == "":
                key = figure_of_lineage[id(lineage)] = _captioned_figure(
                    lineage, floor, prefixes, captioned, members, layout.paths)
        float_key = floats[i]
        if float_key and len(float_key) > floor and (key is None or len(float_key) < len(key)):
            key = float_key
        column_key = column_keys[i] if column_keys else None
        if column_key and len(column_key) > floor and (key is None or len(column_key) < len(key)):
            key = column_key
        flow_key = multicolumn[i] if multicolumn else None
        if flow_key and len(flow_key) > floor and (key is None or len(flow_key) < len(key)):
            key = flow_key
        if key is not None:
            found[i] = key
    return found


def _captioned_figure(lineage: tuple[Step, ...], floor: int, prefixes: list[str],
                      captioned: list[set[str]], members: tuple[int, ...],
                      paths: list[str]) -> str | None:
    """The innermost <figure> (deeper than `floor`) a block sits in, when it holds a
    <figcaption>: a picture and its caption are one piece, so two figures side by
    side read picture, caption, picture, caption, not both pictures and then both
    captions (a pair is too few to be cards). A figure without a caption (a shop's
    product card built on one) is left to the cut. `captioned` holds the set of
    captioned figures' paths once a figure is met (one pass over the members)."""
    for _, card, card_end, _ in reversed(lineage):
        if card_end <= floor:
            return None
        path = prefixes[card]
        if path.startswith("figure[", path.rfind("/") + 1):
            if not captioned:
                captioned.append({p[:at] for p in (paths[i] for i in members)
                                  for at in [p.rfind("/figcaption[")] if at > 0})
            return path if path in captioned[0] else None
    return None


def _card_templates(members: tuple[int, ...], floor: int, layout: Layout) -> set[int]:
    """Sibling templates (`.../ul[1]/li`, by number) with enough distinct indices and
    small instances."""
    indices: dict[int, set[int]] = {}
    card_sizes: dict[int, int] = {}
    # Steps deeper than `floor` (the container being expanded, and its ancestors, end
    # at or before it; a path's steps end further along the deeper they are). A
    # block's own step is counted here, its parent's steps once per parent below.
    lineages, own = layout.lineages, layout.own
    parents: dict[int, list] = {}        # id of a shared lineage -> [lineage, blocks]
    for i in members:
        step = own[i]
        if step is not None:
            template, card, card_end, index = step
            if card_end <= floor:
                continue
            seen = indices.get(template)
            if seen is None:
                indices[template] = {index}
            else:
                seen.add(index)
            card_sizes[card] = card_sizes.get(card, 0) + 1
        lineage = lineages[i]
        tally = parents.get(id(lineage))
        if tally is None:
            parents[id(lineage)] = [lineage, 1]
        else:
            tally[1] += 1
    for lineage, count in parents.values():
        for template, card, card_end, index in reversed(lineage):    # innermost first
            if card_end <= floor:
                break
            seen = indices.get(template)
            if seen is None:
                indices[template] = {index}
            else:
                seen.add(index)
            card_sizes[card] = card_sizes.get(card, 0) + count
    largest: dict[int, int] = {}
    templates_of = layout.templates_of
    for card, size in card_sizes.items():
        template = templates_of[card]
        if size > largest.get(template, 0):
            largest[template] = size
    return {template for template, seen in indices.items()
            if len(seen) >= CARD_MIN_SIBLINGS and largest[template] <= MAX_CARD_BLOCKS}
