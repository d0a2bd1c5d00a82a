"""The engine: seven pure stages from HTML (and optional boxes) to a Document."""
from __future__ import annotations

import time
from typing import Any

from .blocks import PageIndex, extract_blocks
from .dedup import deduplicate
from .dom.capture import Capture, read_capture
from .dom.parse import bound_depth, read_page
from .dom.bidi import strip_bidi_controls
from .dom.nodes import ElementsByTag
from .dom.shadow import compose_shadow_roots
from .dom.stamps import drop_unstamped, expand_stamps, is_stamped_capture
from .limits import Deadline, Limits
from .metadata import Declared, read_page_metadata
from .model import Block, Decision, Document, Metadata, OrderMethod
from .order import order_blocks
from .regions import apply_regions
from .render import render_markdown

SCOPES = ("main", "page")
# Should a reader still run out of stack (a limit set wrong), the tree is flattened
# to this depth and the block model read again, with a note.
SAFE_DEPTH = 64


# What `parse_markup` makes: the tree, the parser's notes, and the page's text as the
# parser read it (`read_page`), which the bidi check searches before the tree.
Parsed = tuple[Any, list[str], str | bytes]


def parse_markup(html: str | bytes, options: dict[str, Any] | None = None) -> Parsed:
    """The page's tree and the parser's notes, as `convert` makes them, and the text
    they were read from: the native host parses a page sent ahead of its geometry
    while the browser measures it, and hands the result to `convert(parsed=...)`."""
    return read_page(html, Limits.from_options(dict(options or {})))


def convert(html: str | bytes, *, url: str | None = None,
            geometry: dict[str, Any] | None = None, scope: str = "main",
            options: dict[str, Any] | None = None,
            parsed: Parsed | tuple[Any, list[str]] | None = None) -> Document:
    """Convert one page to a Document.

    `geometry` is collect.js's result (or its `geometry` member); without it the
    page is read in source order and the Document says so (`dom-fallback`).
    Hostile input is bounded by limits.py (`options["limits"]` overrides them);
    every limit reached leaves a note in `Document.notes` (docs/robustness.md).
    `parsed`: `parse_markup(html, options)`'s result, made earlier by the caller
    (which then holds no other reference to the tree: it is changed in place), or
    its first two members (the tree and notes: the tree's text is then searched
    for bidi controls, not the page's).
    """
    if scope not in SCOPES:
        raise ValueError(f"scope must be one of {', '.join(SCOPES)}, not {scope!r}")
    options = dict(options or {})
    limits = Limits.from_options(options)
    options.pop("limits", None)
    run = _Run(limits.time_budget_s)

    capture = read_capture(geometry, max_boxes=limits.max_boxes)
    run.lap("capture")
    # The page's text, when parsed here: the bidi check below reads it first.
    source: str | bytes | None = None
    if parsed is None:
        root, parse_notes, source = read_page(html, limits)
    else:
        root, parse_notes, *read_from = parsed
        source = read_from[0] if read_from else None
        del parsed, read_from   # the text is held by `source` alone, let go below
    run.notes += parse_notes
    root = expand_stamps(root, capture)    # the tree just parsed: no caller holds it
    run.lap("parse")
    root, stamp_notes = drop_unstamped(root, capture)
    root, shadow_notes = compose_shadow_roots(root, max_roots=limits.max_shadow_roots,
                                              measured=is_stamped_capture(root, capture))
    root, bidi_notes = strip_bidi_controls(root, capture, source)
    del source          # (a copy of the page when it came as text: not held past here)
    run.notes += stamp_notes + shadow_notes + bidi_notes
    run.lap("shadow")
    # lxml makes a Python object for an element whenever a walk reaches it and no
    # reference to one is alive (~1 us each), and frees it when the last goes.
    # The block model and regions read the whole tree: holding every element
    # until they are done makes them once, not once per walk.
    elements = list(root.iter())
    # (The elements several stages look for over the whole page, gathered once.)
    tagged = ElementsByTag(root)
    # The index pass reads every element's attribute names: the page's microdata
    # (itemprop, itemtype) comes from it, not from two more walks of the tree.
    index = PageIndex(root, capture, elements, tagged)
    metadata, declared = read_page_metadata(root, url=url, capture=capture, tagged=tagged,
                                            itemprops=index.itemprop_values,
                                            itemtypes=index.itemtype_values)
    link_base = _link_base(url or capture.url, metadata.canonical_url)
    blocks, decisions, index = _read_blocks(root, index, capture, link_base, run)
    run.lap("blocks")
    blocks = _regions(index, blocks, decisions, scope, metadata, declared, run)
    # Nothing after regions reads the tree. Let the element objects and the index
    # go now: every full pass of the garbage collector in the stages after would
    # visit them (on a 35,000-element page that was a tenth of the conversion).
    del elements, tagged, index
    blocks, method = _arrange(blocks, decisions, metadata, capture, run)
    markdown = render_markdown(blocks, metadata, {**options, "reading_order_method": method})
    run.lap("markdown")

    notes = list(capture.problems) + run.notes
    if not capture.measured:
        notes.append("no geometry: blocks are in source order")
    return Document(
        blocks=tuple(blocks),
        metadata=metadata,
        reading_order_method=method,
        reading_order_measured=method.measured,
        markdown=markdown,
        scope=scope,
        decisions=tuple(decisions),
        notes=tuple(notes),
        timings_ms=run.timings,
    )


class _Run:
    """One conversion's clock (each stage's time, the time budget) and its notes."""

    def __init__(self, budget_s: float):
        self.budget_s = budget_s
        self.deadline = Deadline(budget_s)
        self.notes: list[str] = []
        self.timings: dict[str, float] = {}
        self._clock = time.perf_counter()

    def lap(self, stage: str) -> None:
        now = time.perf_counter()
        self.timings[stage] = round((now - self._clock) * 1000, 3)
        self._clock = now

    def out_of_time(self, stage: str, consequence: str) -> bool:
        """True, with a note saying what the reader loses, once the budget is spent."""
        if not self.deadline.expired():
            return False
        self.notes.append(f"time budget of {self.budget_s:g} s spent before {stage}; "
                          f"{consequence}")
        return True


def _link_base(page_url: str | None, canonical_url: str | None) -> str | None:
    """What the page's relative links are joined to. A page saved to disk and read
    from there (a file: address, or none) was written for the site it came from:
    when it names a web address as its canonical one, its links point there, not
    into the reader's folders."""
    if canonical_url and _scheme(canonical_url) in ("http", "https") and (
            not page_url or _scheme(page_url) == "file"):
        return canonical_url
    return page_url


def _scheme(url: str) -> str:
    return url.split(":", 1)[0].lower() if ":" in url else ""


def _read_blocks(root: Any, index: PageIndex, capture: Capture,
                 base_url: str | None, run: _Run) -> tuple[list[Block], list[Decision], PageIndex]:
    """The blocks, the decisions taken reading them, and the page's index (`index`,
    or a new one of the tree cut to SAFE_DEPTH), which the regions stage reads too."""
    try:
        return (*extract_blocks(root, capture, base_url=base_url, index=index), index)
    except RecursionError:
        bound_depth(root, SAFE_DEPTH)        # `elements` no longer lists the tree
        run.notes.append(f"the block model ran out of stack; elements deeper than {SAFE_DEPTH} "
                         "levels were read as plain text")
        index = PageIndex(root, capture)
        return (*extract_blocks(root, capture, base_url=base_url, index=index), index)


def _regions(index: PageIndex, blocks: list[Block], decisions: list[Decision], scope: str,
             metadata: Metadata, declared: Declared, run: _Run) -> list[Block]:
    """Stage 4, regions; skipped, with a note, once the time budget is spent.
    Appends to `decisions`. Its byline and dated-page rules key on what the page's
    head declares (`declared`), not on an author or date read from the body; but a
    page that declares itself an article and gives its day by the headline or in
    its permalink (`metadata.published` read from the body) is dated as surely:
    older news templates carry no published-time meta. (A listing may show its
    first item's date by its title; it seldom declares itself an article too.)"""
    if not run.out_of_time("regions", "page regions were not classified (navigation and "
                           "other page chrome may remain)"):
        dated = declared.dated or declared.article and metadata.published is not None
        blocks, region_decisions = apply_regions(
            index, blocks, scope, page_type=metadata.page_type,
            byline_in_metadata=declared.byline, dated=dated,
            declared_article=declared.article, title=metadata.title,
            address=metadata.url or metadata.canonical_url, author=metadata.author)
        decisions += region_decisions
    run.lap("regions")
    return blocks


def _arrange(blocks: list[Block], decisions: list[Decision], metadata: Metadata,
             capture: Capture, run: _Run) -> tuple[list[Block], OrderMethod]:
    """Stages 5 and 6: reading order, de-duplication; each skipped, with a note,
    once the time budget is spent. Appends to `decisions`."""
    method: OrderMethod
    if run.out_of_time("reading order", "blocks are in source order (dom-fallback)"):
        blocks = sorted(blocks, key=lambda b: b.dom_index)
        method = OrderMethod.SINGLE_BLOCK if len(blocks) <= 1 else OrderMethod.DOM_FALLBACK
    else:
        blocks, method, order_decisions = order_blocks(
            blocks, direction=metadata.direction, page_width=capture.viewport.get("width"),
            viewport_height=capture.viewport.get("height"), pinned=capture.pinned_boxes(),
            flows=capture.text_flows())
        decisions += order_decisions
    run.lap("reading_order")
    if not run.out_of_time("de-duplication", "repeated blocks were not removed"):
        blocks, dedup_decisions = deduplicate(blocks, measured=method != OrderMethod.DOM_FALLBACK)
        decisions += dedup_decisions
    run.lap("dedup")
    return blocks, method
