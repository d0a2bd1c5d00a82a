"""Read the capture that extension/collect.js returns into boxes keyed by XPath.

The capture is compact on purpose (a page of 50,000 elements must cross native
messaging quickly). Two versions are read:

- version 2 (collect.js now): every element is stamped with its index in
  `elements`, a table of parent index, step name (an index into `elements.steps`)
  and number among same-named siblings, from which each element's XPath is built
  here (`Capture.stamp_paths`); `geometry.ids` lists the measured elements' indices,
  `geometry.boxes` four numbers each (x, y, width, height), `geometry.flags` one.
  `geometry.floats` (collect.js since it measures after serialising) lists the
  float roots' indices, which `dom.stamps.expand_stamps` stamps `data-wg-float`;
  earlier version-2 captures carry that stamp in their markup instead.
- version 1 (captures saved earlier): stamps are XPaths; `geometry.paths` lists
  each laid-out element's XPath and `geometry.boxes` holds five numbers per path,
  x, y, width, height, flags.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ..limits import MAX_BOXES
from ..model import PinnedBox, Rect, TextFlows

# Bits of the per-box flags word; collect.js writes the same values.
FLAG_DISPLAYED = 1   # the element generates a layout box
FLAG_VISIBLE = 2     # visibility is not hidden/collapse and opacity is not 0
FLAG_FLOAT = 4       # the element is the root of a CSS float
FLAG_FIXED = 8       # position: fixed or sticky (page chrome that follows the reader)
FLAG_CODE = 16       # a block drawn as code: white-space pre/pre-wrap/break-spaces in a
                     # monospace font, not a <pre> (set by collect.js from computed style)

FLAG_RTL = 512       # computed direction: rtl (from the style, whatever dir/lang say)
FLAG_MULTICOLUMN = 1024   # a multi-column container (column-count above 1, or column-width)
FLAG_VERTICAL_RL = 2048   # writing-mode vertical-rl or sideways-rl: lines read right to left

# Bits 5-8: why the text of a laid-out element is still not seen by a reader
# (collect.js's UNSEEN codes), 0 when it is seen. Each is worded for the decision log.
UNSEEN_SHIFT = 5
UNSEEN_MASK = 0xF
UNSEEN_REASONS = {
    1: "drawn off the page (left of or above it, where no scrolling reaches)",
    2: "clipped to nothing (clip, clip-path or a 1px box hiding its overflow)",
    3: "its text is painted transparent",
    4: "its font size is zero",
    5: "scaled to nothing by a transform",
    6: "its one line of text is pushed out of its box by text-indent",
    7: "a box of zero height or width that hides its overflow",
    8: "content-visibility: hidden",
    9: "wholly outside a box that hides its overflow (a panel or slide moved out of view)",
}
UNSEEN_OUTSIDE_CLIP = 9
UNSEEN_CLIPPED = 2
UNSEEN_ZERO_SIZE_CLIP = 7
# A box drawn for a reader to see (laid out, visible, no UNSEEN code) has exactly
# DRAWN_AND_SEEN among these bits: one test for what `displayed`, `visible` and
# `unseen_reason` say together.
DRAWN_AND_SEEN_BITS = FLAG_DISPLAYED | FLAG_VISIBLE | (UNSEEN_MASK << UNSEEN_SHIFT)
DRAWN_AND_SEEN = FLAG_DISPLAYED | FLAG_VISIBLE

BOX_STRIDE = 5        # version 1: x, y, width, height, flags
RECT_STRIDE = 4       # version 2: x, y, width, height (flags apart)


@dataclass(frozen=True, slots=True)
class Box:
    rect: Rect
    flags: int

    @property
    def displayed(self) -> bool:
        return bool(self.flags & FLAG_DISPLAYED)

    @property
    def visible(self) -> bool:
        return bool(self.flags & FLAG_VISIBLE)

    @property
    def is_float(self) -> bool:
        return bool(self.flags & FLAG_FLOAT)

    @property
    def is_fixed(self) -> bool:
        return bool(self.flags & FLAG_FIXED)

    @property
    def is_rtl(self) -> bool:
        return bool(self.flags & FLAG_RTL)

    @property
    def is_multicolumn(self) -> bool:
        return bool(self.flags & FLAG_MULTICOLUMN)

    @property
    def is_vertical_rl(self) -> bool:
        return bool(self.flags & FLAG_VERTICAL_RL)

    @property
    def is_code(self) -> bool:
        return bool(self.flags & FLAG_CODE)

    @property
    def unseen_code(self) -> int:
        """collect.js's UNSEEN code, 0 when the element's text is seen."""
        return (self.flags >> UNSEEN_SHIFT) & UNSEEN_MASK

    @property
    def unseen_reason(self) -> str | None:
        """Why the browser laid it out yet no reader sees it, or None."""
        code = (self.flags >> UNSEEN_SHIFT) & UNSEEN_MASK
        return UNSEEN_REASONS.get(code) if code else None


@dataclass(frozen=True)
class Capture:
    """What the browser told us about the page, or an empty capture for --static."""

    boxes: dict[str, Box] = field(default_factory=dict)
    viewport: dict[str, float] = field(default_factory=dict)
    dir: dict[str, str] = field(default_factory=dict)     # {"html": ..., "body": ...}
    lang: dict[str, str] = field(default_factory=dict)
    url: str | None = None
    title: str | None = None
    problems: tuple[str, ...] = ()
    # Version 2: each stamp's XPath, by stamp (None where the table was malformed).
    stamp_paths: tuple[str | None, ...] = ()
    # Version 2: the float roots' stamps (`geometry.floats`), as the markup writes them.
    float_stamps: frozenset[str] = frozenset()
    # Linked style sheets the browser could not load (`unloadedStylesheets`, added by
    # the CLI's browser driver): the layout lacks the page's own rules then, its
    # hiding classes among them.
    unloaded_stylesheets: int = 0

    @property
    def measured(self) -> bool:
        return bool(self.boxes)

    def computed_direction(self) -> str | None:
        """"rtl" or "ltr" as the browser laid out <body> (else <html>), or None when
        neither was measured."""
        for path in ("/html[1]/body[1]", "/html[1]"):
            box = self.boxes.get(path)
            if box is not None and box.displayed:
                return "rtl" if box.is_rtl else "ltr"
        return None

    def pinned_boxes(self) -> dict[str, PinnedBox]:
        """Every box drawn fixed or sticky, by XPath, with the box of the nearest
        measured ancestor it sticks within."""
        pinned: dict[str, PinnedBox] = {}
        for path, box in self.boxes.items():
            # (The flags read as text_flows reads them: one test rules out most boxes.)
            if (box.flags & FLAG_FIXED and box.flags & FLAG_DISPLAYED
                    and box.rect.w > 0 and box.rect.h > 0):
                pinned[path] = PinnedBox(box.rect, self._holder_of(path))
        return pinned

    def text_flows(self) -> TextFlows:
        """The multi-column containers, and the elements set in vertical lines read
        right to left, by XPath (one pass over the boxes)."""
        columns: set[str] = set()
        vertical: set[str] = set()
        for path, box in self.boxes.items():
            flags = box.flags
            if flags & (FLAG_MULTICOLUMN | FLAG_VERTICAL_RL) and flags & FLAG_DISPLAYED:
                if flags & FLAG_MULTICOLUMN:
                    columns.add(path)
                if flags & FLAG_VERTICAL_RL:
                    vertical.add(path)
        return TextFlows(frozenset(columns), frozenset(vertical))

    def _holder_of(self, path: str) -> Rect | None:
        """The box of the nearest measured ancestor (a shadow root's step has none)."""
        while "/" in path:
            path = path.rsplit("/", 1)[0]
            holder = self.boxes.get(path)
            if holder is not None and holder.displayed:
                return holder.rect
        return None


# Coordinates past this many CSS pixels are not a layout, they are an attack or a
# bug: rejected like NaN, so sums such as x + w can never overflow to infinity.
MAX_COORDINATE = 1e9


def _finite(value: Any) -> float | None:
    # Plain floats and ints first (nearly every number of a capture): the same
    # answers as the general path below, without its calls. NaN fails both tests.
    kind = type(value)
    if kind is float or kind is int:
        return float(value) if -MAX_COORDINATE <= value <= MAX_COORDINATE else None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        number = float(value)          # an int past 1e308 raises OverflowError
    except OverflowError:
        return None
    return number if math.isfinite(number) and abs(number) <= MAX_COORDINATE else None


def read_capture(capture: dict[str, Any] | None, *, max_boxes: int = MAX_BOXES) -> Capture:
    """Accept either collect.js's whole result or just its `geometry` member.

    Boxes that are malformed (wrong length, NaN, negative size) are skipped and
    counted in `problems` rather than trusted: geometry comes from a web page.
    Past `max_boxes` boxes the rest are ignored, with a note.
    """
    if not capture:
        return Capture()
    if not isinstance(capture, dict):
        return Capture(problems=("geometry is not an object; ignored",))
    geometry = capture.get("geometry", capture)
    if not isinstance(geometry, dict):
        geometry = {}
    stamp_paths: list[str | None] = []
    float_stamps: frozenset[str] = frozenset()
    if capture.get("version") == 2:
        stamp_paths, problems = _read_elements(capture.get("elements"), max_boxes)
        boxes, box_problems = _read_boxes_v2(geometry, stamp_paths, max_boxes)
        problems += box_problems
        float_stamps = _read_floats(geometry.get("floats"), len(stamp_paths))
    else:
        boxes, problems = _read_boxes(geometry, max_boxes)

    def _strings(key: str) -> dict[str, str]:
        value = capture.get(key)
        if not isinstance(value, dict):
            return {}
        return {k: v for k, v in value.items() if isinstance(k, str) and isinstance(v, str)}

    viewport = capture.get("viewport")
    unloaded = capture.get("unloadedStylesheets")
    return Capture(
        boxes=boxes,
        viewport={k: float(v) for k, v in (viewport or {}).items()
                  if _finite(v) is not None} if isinstance(viewport, dict) else {},
        dir=_strings("dir"),
        lang=_strings("lang"),
        url=capture.get("url") if isinstance(capture.get("url"), str) else None,
        title=capture.get("title") if isinstance(capture.get("title"), str) else None,
        problems=tuple(problems),
        stamp_paths=tuple(stamp_paths),
        float_stamps=float_stamps,
        unloaded_stylesheets=unloaded if type(unloaded) is int and unloaded > 0 else 0,
    )


def _read_floats(floats: Any, below: int) -> frozenset[str]:
    """The float roots' stamps: the valid indices of `geometry.floats` (others are
    ignored; an element wrongly left out is read as not floating)."""
    if not isinstance(floats, list):
        return frozenset()
    return frozenset(str(i) for i in floats if _index(i, below) is not None)


def _index(value: Any, below: int) -> int | None:
    """`value` as an index into a list of `below` items, or None."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < below:
        return value
    return None


def _read_elements(table: Any, max_elements: int) -> tuple[list[str | None], list[str]]:
    """Each stamp's XPath from a version-2 element table, and what was wrong with it.
    An entry that is malformed (or whose parent is) gets None: its element will
    arrive unstamped, as if the browser had never laid it out."""
    if not isinstance(table, dict):
        return [], ["capture version 2 has no element table; stamps ignored"]
    steps, parents, names, nths = (table.get(k) for k in ("steps", "parent", "step", "nth"))
    if not (isinstance(steps, list) and isinstance(parents, list) and isinstance(names, list)
            and isinstance(nths, list)):
        return [], ["capture element table is not arrays; stamps ignored"]
    problems: list[str] = []
    count = min(len(parents), len(names), len(nths))
    if not len(parents) == len(names) == len(nths):
        problems.append(f"capture element table has arrays of unequal length; past {count} "
                        "entries the stamps are ignored")
    if count > max_elements:
        problems.append(f"capture has {count} elements; past the first {max_elements} "
                        "their stamps are ignored")
        count = max_elements
    step_names = [v if isinstance(v, str) and v else None for v in steps]
    paths: list[str | None] = [None] * count
    bad = _read_clean_elements(parents[:count], names[:count], nths[:count], step_names, paths)
    if bad is not None:
        if bad:
            problems.append(f"{bad} malformed element entries ignored")
        return paths, problems
    bad = 0
    for i in range(count):
        parent, name, nth = parents[i], _index(names[i], len(step_names)), nths[i]
        step = step_names[name] if name is not None else None
        if step is None or not isinstance(nth, int) or isinstance(nth, bool) or nth < 1:
            bad += 1
            continue
        if i == 0 and parent == -1:
            paths[i] = f"/{step}[{nth}]"
            continue
        above = paths[parent] if _index(parent, i) is not None else None
        if above is None:
            bad += 1
            continue
        paths[i] = f"{above}/{step}[{nth}]"
    if bad:
        problems.append(f"{bad} malformed element entries ignored")
    return paths, problems


def _read_clean_elements(parents: list[Any], names: list[Any], nths: list[Any],
                         step_names: list[str | None], paths: list[str | None]) -> int | None:
    """`_read_elements`' loop for the usual table, whose step names and numbers are
    all well formed (checked whole by C-level passes): fills `paths` and returns how
    many entries were malformed (a parent that is not an earlier entry, or is
    itself malformed), as the caller's loop would. None, with `paths` untouched,
    when a check fails: the caller's loop then reads the table entry by entry."""
    if None in step_names or not (set(map(type, parents)) <= {int}
                                  and set(map(type, names)) <= {int}
                                  and set(map(type, nths)) <= {int}):
        return None
    if names and (min(names) < 0 or max(names) >= len(step_names)):
        return None
    if nths and min(nths) < 1:
        return None
    bad = 0
    for i, (parent, name, nth) in enumerate(zip(parents, names, nths)):
        if 0 <= parent < i and (above := paths[parent]) is not None:
            paths[i] = f"{above}/{step_names[name]}[{nth}]"
        elif i == 0 and parent == -1:
            paths[i] = f"/{step_names[name]}[{nth}]"
        else:
            bad += 1
    return bad


def _read_boxes_v2(geometry: dict[str, Any], stamp_paths: list[str | None],
                   max_boxes: int) -> tuple[dict[str, Box], list[str]]:
    """Version 2's boxes by path: `ids` (stamps), `boxes` (4 numbers each), `flags`."""
    ids, numbers, flags = (geometry.get(k) or [] for k in ("ids", "boxes", "flags"))
    problems: list[str] = []
    if not all(isinstance(v, list) for v in (ids, numbers, flags)):
        return {}, ["geometry ids/boxes/flags are not arrays; ignored"]
    count = min(len(ids), len(flags), len(numbers) // RECT_STRIDE)
    if not len(ids) == len(flags) == len(numbers) / RECT_STRIDE:
        problems.append(f"geometry has {len(ids)} ids, {len(flags)} flags and {len(numbers)} "
                        "numbers; boxes past the shortest are ignored")
    if count > max_boxes:
        problems.append(f"geometry has {count} boxes; past the first {max_boxes} they are ignored")
        count = max_boxes
    fast = _read_clean_boxes(ids, numbers, flags, count, stamp_paths)
    if fast is not None:
        boxes, bad = fast
        if bad:
            problems.append(f"{bad} malformed boxes ignored")
        return boxes, problems
    boxes = {}
    bad = 0
    for i in range(count):
        stamp = _index(ids[i], len(stamp_paths))
        path = stamp_paths[stamp] if stamp is not None else None
        x, y, w, h = map(_finite, numbers[i * RECT_STRIDE:(i + 1) * RECT_STRIDE])
        bits = flags[i] if isinstance(flags[i], int) and not isinstance(flags[i], bool) else None
        if bits is not None and not 0 <= bits < 2 ** 31:
            bits = None
        if path is None or x is None or y is None or w is None or h is None or bits is None \
                or w < 0 or h < 0:
            bad += 1
            continue
        boxes[path] = Box(Rect(x, y, w, h), bits)
    if bad:
        problems.append(f"{bad} malformed boxes ignored")
    return boxes, problems


def _read_clean_boxes(ids: list[Any], numbers: list[Any], flags: list[Any], count: int,
                      stamp_paths: list[str | None]) -> tuple[dict[str, Box], int] | None:
    """`_read_boxes_v2`'s loop for the usual capture, whose arrays hold only plain
    ints and floats in range: each array is checked whole by C-level passes (types,
    bounds), then the boxes are made without a check per number. None when any
    array fails a check: the caller's loop then reads it number by number and says
    what was wrong. The result is the same either way (~0.1 s less on a capture of
    35,000 boxes)."""
    ids, flags, numbers = ids[:count], flags[:count], numbers[:count * RECT_STRIDE]
    if not (set(map(type, ids)) <= {int} and set(map(type, flags)) <= {int}
            and set(map(type, numbers)) <= {int, float}):
        return None
    if ids and (min(ids) < 0 or max(ids) >= len(stamp_paths)):
        return None
    if flags and (min(flags) < 0 or max(flags) >= 2 ** 31):
        return None
    # In C: a NaN fails the bounds if `min`/`max` meet it first (every comparison
    # with it is false, so it stays their answer), else it makes the sum NaN; an int
    # too large for a float fails the bound. The same verdict as testing each number.
    if numbers and not (-MAX_COORDINATE <= min(numbers) and max(numbers) <= MAX_COORDINATE
                        and math.isfinite(sum(numbers))):
        return None
    # One iterator zipped four times hands each box its four numbers in turn
    # (RECT_STRIDE), without a slice per box; each box is made as the drafts below say.
    coordinates = iter(list(map(float, numbers)))
    boxes: dict[str, Box] = {}
    bad = 0
    new = object.__new__
    for stamp, bits, x, y, w, h in zip(ids, flags, coordinates, coordinates, coordinates,
                                       coordinates):
        path = stamp_paths[stamp]
        if path is None or w < 0 or h < 0:
            bad += 1
            continue
        rect: Any = new(_RectDraft)
        rect.x = x
        rect.y = y
        rect.w = w
        rect.h = h
        rect.__class__ = Rect
        box: Any = new(_BoxDraft)
        box.rect = rect
        box.flags = bits
        box.__class__ = Box
        boxes[path] = box
    return boxes, bad


# A capture's boxes are made in bulk (one per laid-out element: 35,000 on the 5 MB
# page). Made through their frozen __init__s (object.__setattr__ per field) a Rect and
# its Box cost ~1.7 us; filled as plain objects with the same slots, then given their
# class (as model.new_block makes a Block), ~0.8 us (`_read_clean_boxes`). The same
# values, the same types.
_RectDraft = type("_RectDraft", (), {"__slots__": Rect.__slots__})
_BoxDraft = type("_BoxDraft", (), {"__slots__": Box.__slots__})


def _read_boxes(geometry: dict[str, Any], max_boxes: int) -> tuple[dict[str, Box], list[str]]:
    """The well-formed boxes of `geometry` by path, and what was wrong with the rest."""
    paths = geometry.get("paths") or []
    numbers = geometry.get("boxes") or []
    problems: list[str] = []
    if not isinstance(paths, list) or not isinstance(numbers, list):
        paths, numbers = [], []
        problems.append("geometry paths/boxes are not arrays; ignored")
    if len(numbers) != len(paths) * BOX_STRIDE:
        problems.append(
            f"geometry has {len(paths)} paths but {len(numbers)} numbers; "
            "boxes past the shorter list are ignored")
    if len(paths) > max_boxes:
        problems.append(f"geometry has {len(paths)} boxes; past the first {max_boxes} "
                        "they are ignored")
        paths = paths[:max_boxes]
    boxes: dict[str, Box] = {}
    bad = 0
    for i, path in enumerate(paths):
        chunk = numbers[i * BOX_STRIDE:(i + 1) * BOX_STRIDE]
        if not isinstance(path, str) or len(chunk) < BOX_STRIDE:
            bad += 1
            continue
        x, y, w, h = map(_finite, chunk[:4])
        flags = chunk[4] if isinstance(chunk[4], int) and not isinstance(chunk[4], bool) else None
        if flags is not None and not 0 <= flags < 2 ** 31:
            flags = None
        if x is None or y is None or w is None or h is None or flags is None or w < 0 or h < 0:
            bad += 1
            continue
        boxes[path] = Box(Rect(x, y, w, h), flags)
    if bad:
        problems.append(f"{bad} malformed boxes ignored")
    return boxes, problems
