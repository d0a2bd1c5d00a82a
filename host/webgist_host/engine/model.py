"""The data that flows between pipeline stages: boxes, blocks, decisions, the Document.

Every stage takes these values and returns new ones; nothing here is mutated after
it is built except through `dataclasses.replace` (or `revised`, its fast form).
"""
from __future__ import annotations

import json
from dataclasses import MISSING, asdict, dataclass, field
from enum import StrEnum
from typing import Any


@dataclass(frozen=True, slots=True)
class Rect:
    """A page-relative box in CSS pixels, as the browser measured it."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h


@dataclass(frozen=True)
class PinnedBox:
    """A box drawn `position: fixed` or `sticky`, and the box it sticks within (its
    parent's, None when that was not measured): as the reader scrolls, it stays in
    view over the whole of that holder."""

    rect: Rect
    holder: Rect | None


@dataclass(frozen=True)
class TextFlows:
    """Where the page's styles set text other than in lines across the page, by
    XPath: multi-column containers (`columns`: text runs down one column, then the
    next) and elements in vertical lines read right to left (`vertical_rl`)."""

    columns: frozenset[str] = frozenset()
    vertical_rl: frozenset[str] = frozenset()


class BlockKind(StrEnum):
    """The kinds of block the seed's block model knows; Markdown renders each its own
    way. A StrEnum, so a block's kind still compares and serialises as its name."""

    PARAGRAPH = "paragraph"
    HEADING = "heading"
    LIST_ITEM = "list-item"
    TABLE = "table"
    IMAGE = "image"
    CODE = "code"
    QUOTE = "quote"
    FIGURE_CAPTION = "figure-caption"
    MEDIA = "media"
    RULE = "rule"
    MATH = "math"


BLOCK_KINDS = tuple(BlockKind)


class Region(StrEnum):
    """The innermost landmark a block sits in (by tag or ARIA role)."""

    HEADER = "header"
    NAV = "nav"
    MAIN = "main"
    ASIDE = "aside"
    FOOTER = "footer"
    ARTICLE = "article"
    SECTION = "section"
    FORM = "form"
    SEARCH = "search"
    DIALOG = "dialog"


class Widget(StrEnum):
    """Named furniture a block sits in (regions' naming tables say which names)."""

    CONSENT = "consent"
    FILTER = "filter"
    POST_FURNITURE = "post-furniture"
    RELATED = "related"
    NEWSLETTER = "newsletter"
    AD = "ad"
    MODAL = "modal"
    AUTHOR_BIO = "author-bio"
    NOTICE = "notice"
    CAROUSEL = "carousel"
    PRODUCT_CAROUSEL = "product-carousel"
    PRODUCT_REVIEWS = "product-reviews"
    INPUT_FORM = "input-form"
    COMMENTS = "comments"


class OrderMethod(StrEnum):
    """How a Document's reading order was obtained."""

    SINGLE_BLOCK = "single-block"          # nothing to order
    XY_CUT = "geometric-xy-cut"            # every block measured
    ANCHORED = "geometric-anchored"        # most measured; the rest after their neighbour
    DOM_FALLBACK = "dom-fallback"          # no geometry: source order

    @property
    def measured(self) -> bool:
        return self in (OrderMethod.XY_CUT, OrderMethod.ANCHORED)


class Action(StrEnum):
    """What a decision-log entry did to a block."""

    DROPPED = "dropped"
    MOVED = "moved"
    MERGED = "merged"
    KEPT = "kept"
    NOTE = "note"


# HTML's headings run from <h1> to <h6>, and Markdown's from # to ######: a heading
# level is one of these (an aria-level beyond is written as the last).
MAX_HEADING_LEVEL = 6


@dataclass(frozen=True, slots=True)
class Block:
    """One innermost block-level element that holds text (or an image, media, rule).

    `text` is the plain form that de-duplication and scoring key on; `rich_text`
    carries inline Markdown (links, emphasis, code spans) and is what gets rendered.
    """

    kind: BlockKind
    text: str
    rich_text: str
    tag: str
    xpath: str
    dom_index: int
    rect: Rect | None = None
    # kind-specific
    level: int = 0                       # heading level, or list nesting depth (1-based)
    ordered: bool = False                # list-item in an <ol>
    number: int | None = None            # list-item's own number when the <ol> says so
    checked: bool | None = None          # task-list item: its checkbox state
    rows: tuple[tuple[str, ...], ...] | None = None        # table, plain cells
    rich_rows: tuple[tuple[str, ...], ...] | None = None   # table, inline Markdown cells
    table_html: str | None = None        # table with spans or nesting, cleaned markup
    href: str | None = None              # image source
    alt: str | None = None               # image alt text
    link: str | None = None              # image wrapped in <a href>
    language: str | None = None          # code block language
    # where the block sits
    region: Region | None = None         # innermost landmark
    in_main: bool = True
    widget: Widget | None = None         # named furniture around it
    quoted: bool = False                 # inside a <blockquote> that was walked into
    quote_of: str | None = None          # xpath of that quote (or admonition): one quote each
    quote_outer: tuple[str, ...] = ()    # xpaths of the quotes around quote_of, outermost first
    callout: str | None = None           # its first line: a GFM alert "[!NOTE]" or "**See also**"
    body_of: str | None = None           # xpath of the item this block continues (li, dd)
    float_of: str | None = None          # xpath of the floated element it sits in
    visible: bool = True                 # False when the browser laid it out hidden

    @property
    def measured(self) -> bool:
        return self.rect is not None

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["measured"] = self.measured
        # Omit empty optional fields so captures stay readable.
        return {k: v for k, v in data.items() if v is not None and v != ()}


# Blocks are slotted: a page of 35,000 elements holds ~40,000 of them at once, and a
# slotted Block is a quarter of the size of one with a __dict__ (~250 bytes against
# ~930) and one object for the garbage collector to visit, not two.
#
# Made field by field through the frozen __init__ (object.__setattr__ per field) a
# Block costs ~4 us, and the block stage makes one for every paragraph, item and
# heading, the regions stage revises most of them. So new_block and revised fill a
# `_BlockDraft`, a plain class with Block's slots, by plain attribute stores
# (compiled below, as dataclasses compiles __init__), then make it a Block:
# __class__ may change between classes whose slots are the same.
_BlockDraft = type("_BlockDraft", (), {"__slots__": Block.__slots__})
_BLOCK_FIELDS = tuple(Block.__dataclass_fields__)
# Every Block field that has a default, at its default (none has a default factory).
_BLOCK_DEFAULTS = {name: spec.default for name, spec in Block.__dataclass_fields__.items()
                   if spec.default is not MISSING}
_UNCHANGED = object()


def _compile_block_makers() -> tuple[Any, Any]:
    """Block's two makers, compiled: `Block(**fields)`, with the class's signature
    (so a wrong or missing field raises the TypeError a call of Block raises), and
    `revised(block, **changes)`, every field not in `changes` taken from `block`."""
    params = ", ".join(f"{name}=_default_{name}" if name in _BLOCK_DEFAULTS else name
                       for name in _BLOCK_FIELDS)
    changes = ", ".join(f"{name}=_unchanged" for name in _BLOCK_FIELDS)
    source = "\n".join([
        f"def Block({params}):",
        "    draft = _new(_BlockDraft)",
        *(f"    draft.{name} = {name}" for name in _BLOCK_FIELDS),
        "    draft.__class__ = _Block",
        "    return draft",
        f"def revised(block, *, {changes}):",
        "    draft = _new(_BlockDraft)",
        *(f"    draft.{name} = block.{name} if {name} is _unchanged else {name}"
          for name in _BLOCK_FIELDS),
        "    draft.__class__ = _Block",
        "    return draft",
    ])
    scope: dict[str, Any] = {"_new": object.__new__, "_BlockDraft": _BlockDraft,
                             "_Block": Block, "_unchanged": _UNCHANGED,
                             **{f"_default_{name}": value
                                for name, value in _BLOCK_DEFAULTS.items()}}
    exec(source, scope)
    return scope["Block"], scope["revised"]


_make_block, _revise_block = _compile_block_makers()


def new_block(fields: dict[str, Any]) -> Block:
    """`Block(**fields)` at a fifth of the cost (see `_BlockDraft`)."""
    return _make_block(**fields)


def revised(block: Block, **changes: Any) -> Block:
    """A copy of `block` with `changes`, as `dataclasses.replace` makes it, at a
    fraction of the cost: that re-runs the frozen __init__ field by field (27 of
    them), and the regions stage revises most blocks of every page."""
    return _revise_block(block, **changes)


@dataclass(frozen=True)
class Decision:
    """One entry of the decision log: why a block was dropped, moved or merged."""

    stage: str
    action: Action
    reason: str
    xpath: str = ""
    text: str = ""

    def describe(self) -> str:
        snippet = self.text if len(self.text) <= 60 else self.text[:57] + "..."
        where = f" {self.xpath}" if self.xpath else ""
        quoted = f" “{snippet}”" if snippet else ""
        return f"[{self.stage}] {self.action}{where}{quoted}: {self.reason}"


@dataclass(frozen=True)
class Metadata:
    title: str = ""
    url: str | None = None
    lang: str | None = None
    direction: str = "ltr"       # "ltr" or "rtl", read from the document
    author: str | None = None
    published: str | None = None
    site_name: str | None = None
    canonical_url: str | None = None
    page_type: str | None = None  # "product", "discussion" or "review", when the page declares it


@dataclass(frozen=True)
class Document:
    """The result of one conversion. `blocks` are the kept blocks in reading order."""

    blocks: tuple[Block, ...]
    metadata: Metadata
    reading_order_method: OrderMethod
    reading_order_measured: bool
    markdown: str
    scope: str = "main"
    decisions: tuple[Decision, ...] = field(default_factory=tuple)
    notes: tuple[str, ...] = field(default_factory=tuple)
    timings_ms: dict[str, float] = field(default_factory=dict)

    @property
    def title(self) -> str:
        return self.metadata.title

    @property
    def url(self) -> str | None:
        return self.metadata.url

    @property
    def lang(self) -> str | None:
        return self.metadata.lang

    @property
    def direction(self) -> str:
        return self.metadata.direction

    def stats(self) -> dict[str, Any]:
        words = sum(len(b.text.split()) for b in self.blocks)
        return {
            "blocks": len(self.blocks),
            "measured_blocks": sum(1 for b in self.blocks if b.measured),
            "words": words,
            "dropped": sum(1 for d in self.decisions if d.action == "dropped"),
        }

    def explain(self) -> str:
        lines = [f"reading order: {self.reading_order_method}"
                 f" (measured: {str(self.reading_order_measured).lower()})"]
        lines += [f"note: {n}" for n in self.notes]
        lines += [d.describe() for d in self.decisions]
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "metadata": asdict(self.metadata),
            "title": self.title,
            "url": self.url,
            "lang": self.lang,
            "direction": self.direction,
            "scope": self.scope,
            "reading_order_method": self.reading_order_method,
            "reading_order_measured": self.reading_order_measured,
            "stats": self.stats(),
            "notes": list(self.notes),
            "timings_ms": dict(self.timings_ms),
            "blocks": [b.to_json() for b in self.blocks],
            "decisions": [asdict(d) for d in self.decisions],
            "markdown": self.markdown,
        }

    def to_json_text(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=indent)
