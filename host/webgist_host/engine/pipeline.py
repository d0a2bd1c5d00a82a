"""The engine: seven pure stages from HTML (and optional boxes) to a Document."""
from __future__ import annotations

import time
from typing import Any

from .blocks import extract_blocks
from .dedup import deduplicate
from .dom.capture import read_capture
from .render import render_markdown
from .limits import Deadline, Limits
from .metadata import read_metadata
from .model import Document, OrderMethod
from .dom.parse import bound_depth, parse_page
from .order import order_blocks
from .regions import apply_regions
from .dom.shadow import compose_shadow_roots

SCOPES = ("main", "page")
# Should a reader still run out of stack (a limit set wrong), the tree is flattened
# to this depth and the block model read again, with a note.
SAFE_DEPTH = 64


def convert(html: str | bytes, *, url: str | None = None,
            geometry: dict[str, Any] | None = None, scope: str = "main",
            options: dict[str, Any] | None = None) -> Document:
    """Convert one page to a Document.

    `geometry` is collect.js's result (or its `geometry` member); without it the
    page is read in source order and the Document says so (`dom-fallback`).
    Hostile input is bounded by limits.py (`options["limits"]` overrides them);
    every limit reached leaves a note in `Document.notes` (docs/robustness.md).
    """
    if scope not in SCOPES:
        raise ValueError(f"scope must be one of {', '.join(SCOPES)}, not {scope!r}")
    options = dict(options or {})
    timings: dict[str, float] = {}
    clock = time.perf_counter()

    def lap(name: str) -> None:
        nonlocal clock
        now = time.perf_counter()
        timings[name] = round((now - clock) * 1000, 3)
        clock = now

    limits = Limits.from_options(options)
    options.pop("limits", None)
    deadline = Deadline(limits.time_budget_s)
    notes: list[str] = []

    capture = read_capture(geometry, max_boxes=limits.max_boxes)
    root, parse_notes = parse_page(html, limits)
    notes += parse_notes
    lap("parse")
    root, shadow_notes = compose_shadow_roots(root, max_roots=limits.max_shadow_roots)
    notes += shadow_notes
    lap("shadow")
    # lxml makes a Python object for an element whenever a walk reaches it and no
    # reference to one is alive (~1 us each), and frees it when the last goes.
    # The block model and regions each walk the whole tree: holding every element
    # until the Document is built makes them once, not once per walk.
    elements = list(root.iter())
    metadata = read_metadata(root, url=url, capture=capture)
    try:
        blocks, decisions = extract_blocks(root, capture, base_url=url or capture.url)
    except RecursionError:
        bound_depth(root, SAFE_DEPTH)
        notes.append(f"the block model ran out of stack; elements deeper than {SAFE_DEPTH} "
                     "levels were read as plain text")
        blocks, decisions = extract_blocks(root, capture, base_url=url or capture.url)
    lap("blocks")

    def spent(stage: str, consequence: str) -> bool:
        if not deadline.expired():
            return False
        notes.append(f"time budget of {limits.time_budget_s:g} s spent before {stage}; "
                     f"{consequence}")
        return True

    if not spent("regions", "page regions were not classified (navigation and other "
                 "page chrome may remain)"):
        blocks, region_decisions = apply_regions(
            root, blocks, scope, page_type=metadata.page_type,
            byline_in_metadata=bool(metadata.author or metadata.published),
            dated=bool(metadata.published))
        decisions += region_decisions
    lap("regions")
    if spent("reading order", "blocks are in source order (dom-fallback)"):
        blocks = sorted(blocks, key=lambda b: b.dom_index)
        method = OrderMethod.SINGLE_BLOCK if len(blocks) <= 1 else OrderMethod.DOM_FALLBACK
    else:
        blocks, method, order_decisions = order_blocks(
        blocks, direction=metadata.direction, page_width=capture.viewport.get("width"))
        decisions += order_decisions
    lap("reading_order")
    if not spent("de-duplication", "repeated blocks were not removed"):
        blocks, dedup_decisions = deduplicate(blocks, measured=method != OrderMethod.DOM_FALLBACK)
        decisions += dedup_decisions
    lap("dedup")
    markdown = render_markdown(blocks, metadata, {**options, "reading_order_method": method})
    lap("markdown")

    notes = list(capture.problems) + notes
    if not capture.measured:
        notes.append("no geometry: blocks are in source order")
    del elements                 # the element objects may go now
    return Document(
        blocks=tuple(blocks),
        metadata=metadata,
        reading_order_method=method,
        reading_order_measured=method.measured,
        markdown=markdown,
        scope=scope,
        decisions=tuple(decisions),
        notes=tuple(notes),
        timings_ms=timings,
    )
