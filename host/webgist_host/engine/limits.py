"""How much of a stranger's page the engine will take on, and what it does past that.

Every limit here is a named constant, documented in docs/robustness.md. When one is
reached the engine degrades and says so in `Document.notes`; it keeps the words it
can (deep or excess markup is read as plain text, never dropped).

A caller may lower or raise them for one conversion with
`convert(..., options={"limits": {"max_elements": 50_000, "time_budget_s": 5}})`.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, fields, replace
from typing import Any

# Bytes of HTML read (UTF-8 bytes for str input). Past this the page is cut at a
# character boundary and the note says how much was read: the beginning of an
# article is worth more than an error, and the cut bounds memory (the engine peaks
# at roughly 20x the input on a single huge text node).
MAX_INPUT_BYTES = 64 * 1024 * 1024
# Element nesting kept as structure, counted from <html>. Deeper elements become
# plain text inside their ancestor at this depth. The recursive readers (the block
# walker, inline renderer, table cleaner) use at most ~3 Python frames per level,
# so 3 * 256 stays well inside the interpreter's default limit of 1,000.
MAX_DEPTH = 256
# libxml2 stops reading (and silently drops the rest of the page) at 2,048 levels
# even with huge_tree; a page that reaches it is re-read with tags past MAX_DEPTH
# removed from the source first (their text kept).
LIBXML2_MAX_DEPTH = 2048
# Elements read as structure, in document order. Every later element is turned
# into plain text in place. 100k elements convert in ~5 s on one core.
MAX_ELEMENTS = 100_000
# Attributes kept on one start tag. libxml2 compares each new attribute with every
# earlier one, so a tag with tens of thousands stalls the parse (20,000: ~2 s; 40,000:
# ~26 s); normal elements carry a few dozen. Later attributes are dropped from the
# source before parsing (the capture's data-wg-* stamps excepted), with a note.
MAX_ATTRIBUTES = 1_000
# Geometry boxes read from the capture; a page cannot have more laid-out elements
# than MAX_ELEMENTS worth reading, so the rest are ignored with a note.
MAX_BOXES = 2 * MAX_ELEMENTS
# Shadow roots composed. Past this the remaining declarative templates are
# spliced in place (their content kept, slots not resolved).
MAX_SHADOW_ROOTS = 10_000
# Wall-clock budget for one conversion. The stages after the block model check it
# between them: regions, geometric reading order and de-duplication are skipped
# once it is spent (blocks stay in source order, `dom-fallback`), and the note says
# which. Parsing, the block model and Markdown always run, each bounded by the
# size limits above.
TIME_BUDGET_S = 30.0


@dataclass(frozen=True)
class Limits:
    max_input_bytes: int = MAX_INPUT_BYTES
    max_depth: int = MAX_DEPTH
    max_elements: int = MAX_ELEMENTS
    max_attributes: int = MAX_ATTRIBUTES
    max_boxes: int = MAX_BOXES
    max_shadow_roots: int = MAX_SHADOW_ROOTS
    time_budget_s: float = TIME_BUDGET_S

    @classmethod
    def from_options(cls, options: dict[str, Any] | None) -> "Limits":
        """Defaults, overridden by `options["limits"]` (unknown keys are an error)."""
        given = (options or {}).get("limits") or {}
        if not isinstance(given, dict):
            raise ValueError("options['limits'] must be a dict")
        known = {f.name: f.type for f in fields(cls)}
        unknown = set(given) - set(known)
        if unknown:
            raise ValueError(f"unknown limits: {', '.join(sorted(unknown))}")
        limits = cls()
        for key, value in given.items():
            if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
                raise ValueError(f"limit {key} must be a positive number, not {value!r}")
            change: dict[str, Any] = {key: value if key == "time_budget_s" else int(value)}
            limits = replace(limits, **change)
        # Deep markup must never reach the recursive readers, whatever a caller asks.
        return replace(limits, max_depth=min(limits.max_depth, MAX_DEPTH))


class Deadline:
    """A wall-clock budget the stages check cheaply (one monotonic read)."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self._end = time.monotonic() + seconds

    def expired(self) -> bool:
        return time.monotonic() > self._end

    def remaining(self) -> float:
        return max(0.0, self._end - time.monotonic())
