"""The engine: seven pure stages from HTML (and optional boxes) to a Document."""
from __future__ import annotations

import time
from typing import Any

from .blocks import extract_blocks
from .dedup import deduplicate
from .geometry import read_capture
from .markdown import render_markdown
from .metadata import read_metadata
from .model import Document
from .parse import parse_html
from .reading_order import order_blocks
from .regions import apply_regions
from .shadow import flatten_shadow_roots

SCOPES = ("main", "page")


def convert(html: str | bytes, *, url: str | None = None,
            geometry: dict[str, Any] | None = None, scope: str = "main",
            options: dict[str, Any] | None = None) -> Document:
    """Convert one page to a Document.

    `geometry` is collect.js's result (or its `geometry` member); without it the
    page is read in source order and the Document says so (`dom-fallback`).
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

    capture = read_capture(geometry)
    root = parse_html(html)
    lap("parse")
    root = flatten_shadow_roots(root)
    lap("shadow")
    metadata = read_metadata(root, url=url, capture=capture)
    blocks, decisions = extract_blocks(root, capture, base_url=url or capture.url)
    lap("blocks")
    blocks, region_decisions = apply_regions(root, blocks, scope)
    decisions += region_decisions
    lap("regions")
    blocks, method, order_decisions = order_blocks(blocks, direction=metadata.direction)
    decisions += order_decisions
    lap("reading_order")
    blocks, dedup_decisions = deduplicate(blocks, measured=method != "dom-fallback")
    decisions += dedup_decisions
    lap("dedup")
    markdown = render_markdown(blocks, metadata, {**options, "reading_order_method": method})
    lap("markdown")

    notes = list(capture.problems)
    if not capture.measured:
        notes.append("no geometry: blocks are in source order")
    return Document(
        blocks=tuple(blocks),
        metadata=metadata,
        reading_order_method=method,
        reading_order_measured=method in ("geometric-xy-cut", "geometric-anchored"),
        markdown=markdown,
        scope=scope,
        decisions=tuple(decisions),
        notes=tuple(notes),
        timings_ms=timings,
    )
