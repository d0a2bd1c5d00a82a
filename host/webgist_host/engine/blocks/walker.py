"""Stage 3: the block model (seed 000).

One block per innermost block-level element that holds text, so <p>a <a>b</a> c</p>
is one block, not three. The walker descends through containers; inline material
between block children is gathered into runs and flushed as paragraphs where the
reader meets it. Helpers: blocks_inline (inline Markdown), blocks_hidden (what a
reader never sees), blocks_tables, blocks_code. The tree is only read, never changed.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from .code import (
    CONTROL_ROLES, CONTROL_TAGS, block_code_language, code_language, code_text,
    is_block_code, is_copy_strip, is_line_number_gutter, leads_to_code,
)
from .editors import could_be_editor, editor_shape, read_editor
from .footnotes import find_footnotes
from .visibility import HiddenContent, hiding_class_tokens
from .images import image_alt, image_source
from .inline import (
    BLOCK_TAGS, SKIPPED_TAGS, InlineRenderer, LinkPolicy, base_url_of, drawn_apart,
    escape_piece, escape_text, finish, link, markdown_url,
)
from .math import (
    class_may_say_math, could_be_math, could_be_mathjax2_copy, is_math_script,
    is_mathjax2_copy, math_of,
)
from .tables import (
    cells_of, clean_table_html, is_layout_table, needs_html, own_rows,
)
from ..dom.nodes import FLOAT_ATTR, PATH_ATTR, tag_of
from ..dom.capture import Capture
from ..model import Rect, Block, Decision

STAGE = "blocks"
HEADING_LEVELS = {f"h{n}": n for n in range(1, 7)}
LIST_TAGS = frozenset({"ul", "ol", "menu", "dir"})
# Embeds the reader cannot get as text; a note says they were there.
MEDIA_LABELS = {"video": "Video", "audio": "Audio", "iframe": "Embed"}
# Below this many CSS pixels an image is a tracking pixel or an icon, not content.
MIN_IMAGE_PX = 32
# An <svg> says something when it has this many <text> labels or words (else an icon).
MIN_SVG_LABELS = 2
MIN_SVG_WORDS = 3
SVG_LABEL_JOINER = " · "
# A blockquote holding any of these is structure, walked into rather than one quote.
QUOTE_STRUCTURE_TAGS = frozenset({
    "table", "ul", "ol", "dl", "pre", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6",
    "figure", "img", "video", "audio", "iframe", "hr",
})
# Paragraph-like children; more than one of them makes a blockquote structure too.
QUOTE_PARAGRAPH_TAGS = frozenset({"p", "div"})
# Attributes that name a code language; on a <div> of plain text they make it code.
NAMED_CODE_ATTRIBUTES = ("data-lang", "data-language")
_NAMED_CODE_ATTRIBUTE_SET = frozenset(NAMED_CODE_ATTRIBUTES)
# Attributes the walk asks about after the index pass (visibility, a popover, an
# open <dialog>, a disclosure button, the capture's stamps, a named code language);
# the index pass reads the rest itself.
WALK_ATTRIBUTES = frozenset({"hidden", "aria-hidden", "style", "popover", "open",
                             "aria-controls", FLOAT_ATTR, PATH_ATTR, *NAMED_CODE_ATTRIBUTES})
# A copy strip is a label and a button or two; anything with more children is not.
MAX_STRIP_CHILDREN = 8
# Blocks a list item or definition adopts as its own text.
ITEM_KINDS = frozenset({"paragraph", "heading"})
# Tags that make an element drawn as code (FLAG_CODE) a page rather than a listing:
# a plain-text page styled pre-wrap in a monospace font still has its headings.
CODE_STRUCTURE_TAGS = frozenset({
    "pre", "p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "dl", "table",
    "blockquote", "figure", "img", "video", "iframe",
})
# Void elements libxml2's HTML parser does not know as void: it nests the content
# after them inside them (checked on lxml 6.1: source, track, embed, wbr).
PARSER_NESTING_VOID_TAGS = frozenset({"source", "track", "embed"})
# Inline wrappers kept whole even around <br><br> (their markup would be lost if
# walked through); plain wrappers such as <font> and <span> are walked through so
# the pair splits paragraphs (textfiles.com wraps whole pages in <font>).
KEEP_WHOLE_TAGS = frozenset({"a", "b", "strong", "i", "em", "code", "kbd", "samp", "tt"})
# A control in one of these was written into the prose ("<p><button>Download CSV")
# and is kept; a control standing alone elsewhere ("Run" under a playground) is not.
PROSE_CONTAINERS = frozenset({"p", "li", "dd", "td", "th", "blockquote"})
# Tags taken verbatim as code without the browser's word.
CODE_TAGS = frozenset({"pre", "listing", "xmp"})
# Structure that stays structure even in a code font (a <p> styled pre-wrap in a
# monospace font is a listing; a heading or a list item is still a heading or item).
NEVER_DRAWN_CODE_TAGS = CODE_TAGS | (CODE_STRUCTURE_TAGS - {"p"}) | {"li", "dt", "dd"}


@dataclass
class _Frame:
    """A <li>, <dt> or <dd> whose first paragraph becomes the item itself."""

    xpath: str
    dom_index: int
    rect: object
    fields: dict
    taken: bool = False
    prefix: str = ""            # a footnote's "[^n]: ", written before the first paragraph
    mark: str = ""              # the reference's text, which a note may restate first


class _Context(NamedTuple):
    """What a block inherits from the elements around it. A NamedTuple, not a frozen
    dataclass: one is derived (`_replace`) for every list, item and link walked, and
    a frozen dataclass costs several times as much to build."""

    list_depth: int = 0
    ordered: bool = False
    numbers: dict | None = None        # <li> -> its number, for the <ol> being walked
    quoted: bool = False
    float_of: str | None = None
    link: str | None = None            # href of an <a> walked through (cards, <a><img>)
    frame: _Frame | None = None


@dataclass
class _Run:
    """Inline material between block children of one container."""

    container: object
    after_block: bool = False
    pieces: list = field(default_factory=list)    # strings and inline elements


def extract_blocks(root, capture: Capture, *, base_url: str | None = None,
                   ) -> tuple[list[Block], list[Decision]]:
    """Blocks in source order, and the decisions taken while reading them.

    Relative links and image addresses are made absolute against `base_url` (else
    the captured page's URL), as the document's <base href> says.
    """
    walker = _Walker(root, capture, base_url or capture.url)
    try:
        walker.block(root, _Context())
    finally:
        walker.close()
    return walker.blocks, walker.decisions


class _PerValue(dict):
    """A pure function of a string, answered once per distinct string."""

    def __init__(self, function):
        super().__init__()
        self._function = function

    def __missing__(self, value: str):
        answer = self[value] = self._function(value)
        return answer


class _Walker(HiddenContent):
    def __init__(self, root, capture: Capture, page_url: str | None = None):
        self.capture = capture
        self.measured = capture.measured
        self._root = root
        self._scope_chars: dict = {}          # <main> or root -> its text length, when asked
        self._scope_shown: dict = {}          # <main> or root -> its shown words, when asked
        self.links = LinkPolicy(base_url_of(root, page_url))
        self._math: dict = {}                # math root -> its formula
        self._in_math: set = set()           # elements inside a math root
        self._holds_structure: set = set()   # elements with a CODE_STRUCTURE_TAGS inside
        self._consumed: set = set()          # editor sources already read
        self._holds_break_pair: set = set()  # ancestors of a <br><br>
        self.blocks: list[Block] = []
        self.decisions: list[Decision] = []
        self._paths: dict = {}
        self._steps: dict = {}
        self._index: dict = {}
        self._tags: dict = {}               # element -> tag_of(element), read once
        self._editors: dict = {}            # editor root -> its editor_shape
        # element -> its attribute names (el.keys()), read once: el.get costs a key
        # conversion and a search every time, and most elements lack most of the
        # attributes the walker asks about. Kept only for elements holding one of
        # WALK_ATTRIBUTES (a list per element would feed the garbage collector).
        self._attr_names: dict = {}
        self._class_values: dict = {}       # element -> its class value, when it has one
        # What a class value says, worked out once per distinct value (pages repeat
        # their class values four times over, and these tests run on every element).
        self._class_editor = _PerValue(could_be_editor)
        self._class_mathjax = _PerValue(could_be_mathjax2_copy)
        self._class_math = _PerValue(class_may_say_math)
        self._class_hiding = _PerValue(hiding_class_tokens)
        self._holds_block: set = set()
        self._block_starts: set = set()     # elements that start a block of their own
        self._holds_code: set = set()       # code blocks and their ancestors
        self._logged: set = set()            # hidden elements already in the log
        self._last_index = 0
        self._ids: dict = {}                 # id -> element, for in-page links
        self._disclosed: frozenset | None = None  # ids a collapsed button controls
        self._controllers: list = []         # elements with aria-controls
        self._fragment_links: list = []      # <a href="#..."> in source order
        self._hrefs: dict = {}               # raw href -> self.links.href(raw)
        self._index_tree(root)
        # A copy strip sits just before a code block (or before a block holding
        # one): _is_strip rules out every other child by this set alone.
        self._before_code = {_previous_element(el) for el in self._holds_code}
        self.footnotes = find_footnotes(root, self._ids, self._fragment_links)
        self.inline = InlineRenderer(self.skipped, href=self._href, math=self._math.get,
                                     footnote=self.footnotes.reference)
        self.inline_lines = InlineRenderer(self.skipped, line_breaks=True,
                                           href=self._href, math=self._math.get,
                                           footnote=self.footnotes.reference)

    def close(self) -> None:
        """Drop the inline renderers. They call back into the walker (skipped,
        _href), a reference cycle that only the cyclic garbage collector frees,
        and until it runs the cycle holds every element object, index entry and
        attribute list of the page: on WCXB, collecting that garbage cost more
        than a tenth of a conversion. Without the cycle it goes when the walk ends."""
        self.inline = self.inline_lines = None

    # --- one pass over the tree: positions and which elements hold blocks ------

    def _index_tree(self, root) -> None:
        for i, el in enumerate(root.iter()):
            self._index[el] = i
            tag = self._tags[el] = tag_of(el)
            if not tag:                 # a comment or processing instruction
                continue
            names = el.keys()
            if not WALK_ATTRIBUTES.isdisjoint(names):
                self._attr_names[el] = names
                if "aria-controls" in names:
                    self._controllers.append(el)
            if "id" in names:
                el_id = el.get("id")
                if el_id and el_id not in self._ids:
                    self._ids[el_id] = el
            if tag == "a" and "href" in names and el.get("href").strip().startswith("#"):
                self._fragment_links.append(el)
            classes = None
            if "class" in names:
                classes = self._class_values[el] = el.get("class")
                if self._class_editor[classes]:
                    shape = editor_shape(el)
                    if shape is not None:
                        self._editors[el] = shape
            if self._in_math and (el.getparent() in self._in_math or el in self._math):
                self._in_math.add(el)
                continue
            formula = (math_of(el) if could_be_math(tag, bool(classes) and self._class_math[classes],
                                                    names) else None)
            if formula is not None:
                self._math[el] = formula
                self._in_math.add(el)
            if tag in CODE_STRUCTURE_TAGS:
                _mark_ancestors(el, self._holds_structure)
            if tag == "br" and _starts_break_pair(el):
                _mark_ancestors(el, self._holds_break_pair)
            if self._starts_block(el, tag):
                self._block_starts.add(el)
                _mark_ancestors(el, self._holds_block)
                if self._is_code(el):
                    self._holds_code.add(el)
                    _mark_ancestors(el, self._holds_code)

    def _starts_block(self, el, tag: str) -> bool:
        if el in self._math:
            return self._math[el].display or tag in BLOCK_TAGS
        if el in self._in_math:
            return False
        if tag in BLOCK_TAGS or tag in MEDIA_LABELS:
            return True
        if tag == "code" and is_block_code(el):
            return True
        if el in self._editors:
            return True
        if (tag == "div" or self.measured) and self._drawn_as_code(el, tag):
            return True
        if tag == "img":
            return self._image_source(el) is not None and not self._tiny(el)
        if tag == "noscript":
            return bool(self._noscript_pictures(el))
        if tag == "svg":
            return bool(self._svg_labels(el))
        return False

    def _href(self, raw: str | None) -> str | None:
        """self.links.href, worked out once per distinct value: pages repeat their
        links (a third of WCXB's are repeats), and resolving one costs microseconds."""
        if raw not in self._hrefs:
            self._hrefs[raw] = self.links.href(raw)
        return self._hrefs[raw]

    # --- paths, boxes, visibility ------------------------------------------------

    def path(self, el) -> str:
        stamped = el.get(PATH_ATTR) if PATH_ATTR in self._attr_names.get(el, ()) else None
        return stamped or self._computed_path(el)

    def _computed_path(self, el) -> str:
        """The path collect.js would stamp (an index on every step), memoised so a long
        sibling list is counted once."""
        known = self._paths.get(el)
        if known is not None:
            return known
        parent = el.getparent()
        if parent is None:
            path = f"/{tag_of(el)}[1]"
        else:
            if el not in self._steps:
                counts: dict[str, int] = {}
                # tag_of, not self._tags: the index pass asks before it reaches them.
                for sibling in parent.iterchildren():
                    name = tag_of(sibling)
                    counts[name] = counts.get(name, 0) + 1
                    self._steps[sibling] = f"{name}[{counts[name]}]"
            path = f"{self._computed_path(parent)}/{self._steps[el]}"
        self._paths[el] = path
        return path

    def box(self, el):
        return self.capture.boxes.get(self.path(el)) if self.measured else None

    def rect(self, el):
        box = self.box(el)
        return box.rect if box else None

    def _drawn_as_code(self, el, tag: str) -> bool:
        """The browser drew it as code (FLAG_CODE) and it holds no page structure,
        or the page names the element's language on a plain <div> of text
        (Writerside's div.code-block[data-lang], which has no <pre>). Always False
        for other tags on a page nobody measured: callers skip the call then."""
        names = self._attr_names.get(el, ())
        if (tag == "div" and not _NAMED_CODE_ATTRIBUTE_SET.isdisjoint(names)
                and any(map(el.get, NAMED_CODE_ATTRIBUTES))):
            # tag_of, not self._tags: the index pass asks before it reaches them.
            return not any(tag_of(d) in BLOCK_TAGS for d in el.iterdescendants())
        if not self.measured:
            return False
        box = self.box(el)
        return (box is not None and box.is_code and tag not in NEVER_DRAWN_CODE_TAGS
                and el not in self._holds_structure)

    def skipped(self, el) -> bool:
        """True for non-content and hidden elements (hidden ones are logged)."""
        tag = self._tags[el]
        if not tag:                     # a comment or processing instruction
            return True
        if tag in SKIPPED_TAGS:
            return not (self._noscript_is_the_page(el) or is_math_script(el)
                        or _swallowed_siblings(el) or self._noscript_pictures(el))
        classes = self._class_values.get(el)
        if (classes and self._class_mathjax[classes] and is_mathjax2_copy(el)
                or el in self.footnotes.backlinks):
            return True
        if tag == "img" and el not in self._math and self._tiny(el):
            self._log(el, f"tracking pixel (under {MIN_IMAGE_PX}px)", self._image_source(el) or "")
            return True
        reason = self.hidden_reason(el)
        if reason is None:
            return False
        text = " ".join(el.text_content().split())
        if text:
            self._log(el, reason, text)
        return True

    def _tab_label(self, el) -> str | None:
        """A tab panel's name, from its tab (aria-labelledby) or aria-label: the tab
        strip itself is a row of buttons and goes, so each panel carries its name."""
        if (el.get("role") or "").strip().lower() != "tabpanel":
            return None
        names = []
        for ref in (el.get("aria-labelledby") or "").split()[:4]:
            found = self._ids.get(ref)
            if found is not None:
                names.append(" ".join(found.text_content().split()))
        label = " ".join(n for n in names if n) or " ".join((el.get("aria-label") or "").split())
        return label[:200] or None

    def _log(self, el, reason: str, text: str) -> None:
        if el not in self._logged:
            self._logged.add(el)
            self.decisions.append(Decision(STAGE, "dropped", reason, self.path(el), text))

    # --- emitting ----------------------------------------------------------------

    def emit(self, ctx: _Context, kind: str, el, text: str, rich: str, **fields) -> None:
        """Add a block of `kind` for `el`, measured and placed by it unless `fields`
        give its rect or dom_index, with what it inherits from `ctx`. The Block is
        built once, every field known: it has two dozen fields, and copying it with
        `replace` for each change cost a tenth of the stage."""
        if "rect" not in fields:
            fields["rect"] = self.rect(el) if self.measured else None
        if "dom_index" not in fields:
            fields["dom_index"] = self._index.get(el, 0)
        fields.update(kind=kind, text=text, rich_text=rich, tag=self._tags[el],
                      xpath=self.path(el))
        frame = ctx.frame
        if frame is not None and kind != "list-item":
            if not frame.taken and kind in ITEM_KINDS:
                frame.taken = True
                # The item keeps its own box and position: in a card (li > img + h3)
                # the title sits below the picture, not where the <li> starts.
                fields.update(xpath=frame.xpath, rect=fields["rect"] or frame.rect, level=0)
                fields.update(frame.fields)
                if frame.prefix:
                    fields.update(_footnote_definition(text, rich, frame))
            elif frame.taken:
                fields["body_of"] = frame.xpath
        if ctx.quoted:
            fields["quoted"] = True
        if ctx.float_of:
            fields["float_of"] = ctx.float_of
        self._last_index = max(self._last_index, fields["dom_index"])
        self.blocks.append(Block(**fields))

    # --- the walk ----------------------------------------------------------------

    def block(self, el, ctx: _Context) -> None:
        """Handle one element that starts a block (or the document root)."""
        if self.skipped(el):
            return
        if el in self._consumed:
            return
        ctx = self._enter(el, ctx)
        tag = self._tags[el]
        label = self.footnotes.label(el)
        if label is not None:
            self.footnote(el, ctx, label)
            return
        tab = self._tab_label(el)
        if tab:
            self.emit(ctx, "paragraph", el, tab, f"**{escape_text(tab)}**")
        handler = self._special_handler(el, tag) or _HANDLERS.get(tag)
        if handler is None and tag in HEADING_LEVELS:
            handler = _Walker.heading
        if handler is None:
            handler = _Walker.container
        handler(self, el, ctx)

    def _special_handler(self, el, tag: str):
        """Math, editors and code the browser drew, whatever their tag."""
        if el in self._math:
            return _Walker.math
        if el in self._editors:
            return _Walker.editor
        if ((tag == "div" or self.measured) and self._drawn_as_code(el, tag)
                or tag == "code" and is_block_code(el)):
            return _Walker.code
        return None

    def _enter(self, el, ctx: _Context) -> _Context:
        if FLOAT_ATTR in self._attr_names.get(el, ()) or (
                self.measured and self.box(el) is not None and self.box(el).is_float):
            ctx = ctx._replace(float_of=self.path(el))
        return ctx

    def container(self, el, ctx: _Context) -> None:
        run = _Run(el)
        self._walk(el, ctx, run)
        self._flush(run, ctx)

    def _walk(self, el, ctx: _Context, run: _Run) -> None:
        if el.text:
            run.pieces.append(el.text)
        for child in el:
            if not self._tags[child]:       # a comment or processing instruction
                pass
            elif self._is_strip(child):
                self.decisions.append(Decision(
                    STAGE, "dropped", "copy-button strip above a code block", self.path(child),
                    " ".join(child.text_content().split())))
            elif child in self._block_starts:
                self._flush(run, ctx)
                run.pieces, run.after_block = [], True
                self.block(child, ctx)
            elif child in self._holds_block or (
                    child in self._holds_break_pair and self._tags[child] not in KEEP_WHOLE_TAGS):
                # An inline wrapper around blocks (<a><div>..</div></a>, <font><p>):
                # its words join the current run, its blocks are walked in place.
                if not self.skipped(child):
                    inner = ctx
                    href = self._href(child.get("href")) if self._tags[child] == "a" else None
                    if href:
                        inner = ctx._replace(link=href)
                    self._walk(child, self._enter(child, inner), run)
            else:
                run.pieces.append(child)
            if child.tail:
                run.pieces.append(child.tail)

    def _flush(self, run: _Run, ctx: _Context) -> None:
        for piece in run.pieces:
            if not isinstance(piece, str) or piece.strip():
                break
        else:
            # Nothing, or only the white space between block children (most runs):
            # _paragraph would render and finish it only to find no words.
            return
        for segment in _split_at_double_breaks(run.pieces):
            self._paragraph(run, segment, ctx)

    def _paragraph(self, run: _Run, pieces: list, ctx: _Context) -> None:
        plain, rich = [], []
        previous = None
        for piece in pieces:
            if isinstance(piece, str):
                plain.append(piece)
                rich.append(escape_piece(piece))
                previous = None
            else:
                p, r = self.inline.element(piece, 1, frozenset())
                if drawn_apart(previous, piece, plain[-1] if plain else "", p):
                    p, r = " " + p, " " + r
                plain.append(p)
                rich.append(r)
                previous = piece
        text, rich_text = finish("".join(plain), "".join(rich))
        if not text:
            return
        if self._tags[run.container] not in PROSE_CONTAINERS and _controls_only(pieces):
            self._log(run.container if len(pieces) > 1 else pieces[0],
                      "a control standing alone (a button), not content", text)
            return
        if ctx.link and "](" not in rich_text:
            rich_text = link(rich_text, ctx.link)
        anchor = self._run_anchor(run, pieces)
        placed: dict = {}
        if anchor is run.container and run.container in self._holds_block:
            # Loose text beside other blocks: the container's box would cover them
            # all (furo's skip link under <body> took the whole first screen), so
            # the run is measured by its own elements, or not at all.
            placed["rect"] = self._union_rect(pieces)
        if anchor is run.container and run.after_block:
            first = next((p for p in pieces if not isinstance(p, str)), None)
            placed["dom_index"] = self._index[first] if first is not None else self._last_index
        self.emit(ctx, "paragraph", anchor, text, rich_text, **placed)

    @staticmethod
    def _run_anchor(run: _Run, pieces: list):
        """The element a run is measured by: its one element when it has just one."""
        elements = [p for p in pieces if not isinstance(p, str)]
        texts_blank = all(not p.strip() for p in pieces if isinstance(p, str))
        if len(elements) == 1 and texts_blank:
            return elements[0]
        return run.container

    def _union_rect(self, pieces: list):
        rects = [r for r in (self.rect(p) for p in pieces if not isinstance(p, str)) if r]
        if not rects:
            return None
        left, top = min(r.x for r in rects), min(r.y for r in rects)
        right, bottom = max(r.right for r in rects), max(r.bottom for r in rects)
        return Rect(left, top, right - left, bottom - top)

    # --- kinds ---------------------------------------------------------------------

    def heading(self, el, ctx: _Context) -> None:
        text, rich = finish(*self.inline.content(el))
        if text:
            rich = rich.replace("  \n", " ")
            if ctx.link and "](" not in rich:
                rich = link(rich, ctx.link)
            self.emit(ctx, "heading", el, text, rich, level=HEADING_LEVELS[self._tags[el]])

    def list_(self, el, ctx: _Context) -> None:
        ordered = tag_of(el) == "ol"
        inner = ctx._replace(list_depth=ctx.list_depth + 1, ordered=ordered,
                             numbers=_item_numbers(el) if ordered else None, frame=None)
        self.container(el, inner)

    def footnote(self, el, ctx: _Context, label: str) -> None:
        """A note a reference points to: "[^label]: " before its first paragraph,
        the rest continuing it."""
        frame = _Frame(self.path(el), self._index.get(el, 0), self.rect(el),
                       dict(kind="paragraph", tag=tag_of(el)), prefix=f"[^{label}]: ",
                       mark=self.footnotes.marks.get(el, ""))
        self.container(el, ctx._replace(frame=frame, numbers=None, list_depth=0,
                                        ordered=False))

    def list_item(self, el, ctx: _Context) -> None:
        number = ctx.numbers.get(el) if (ctx.ordered and ctx.numbers) else None
        fields = dict(kind="list-item", tag="li", level=max(1, ctx.list_depth),
                      ordered=ctx.ordered, number=number, checked=_task_state(el))
        self._framed(el, ctx, fields)

    def definition(self, el, ctx: _Context) -> None:
        self._framed(el, ctx, dict(kind="paragraph", tag=tag_of(el)))

    def _framed(self, el, ctx: _Context, fields: dict) -> None:
        outer = ctx.frame
        if outer is not None and outer.taken and fields["kind"] != "list-item":
            # A definition list inside a definition (Sphinx's "Returns:" field list
            # in a function's <dd>) continues the outer item.
            fields = {**fields, "body_of": outer.xpath}
        frame = _Frame(self.path(el), self._index.get(el, 0), self.rect(el), fields)
        self.container(el, ctx._replace(frame=frame, numbers=None))

    def caption(self, el, ctx: _Context, *, before=None) -> None:
        """A caption; `before` is the table it titles, whose place it takes in
        source order (the <caption> sits inside the <table> it precedes)."""
        text, rich = finish(*self.inline_lines.content(el))
        if text:
            placed = {}
            if before is not None:
                placed["dom_index"] = self._index.get(before, self._index.get(el, 0))
            self.emit(ctx, "figure-caption", el, text, rich, **placed)

    def blockquote(self, el, ctx: _Context) -> None:
        if _quote_is_structured(el):
            self.container(el, ctx._replace(quoted=True, frame=None))
            return
        text, rich = finish(*self.inline_lines.content(el))
        if text:
            self.emit(ctx, "quote", el, text, rich)

    def code(self, el, ctx: _Context) -> None:
        text = code_text(el, self.skipped)
        if text.strip() and is_line_number_gutter(el, text, self._is_code):
            self.decisions.append(Decision(STAGE, "dropped", "line-number gutter of a code block",
                                           self.path(el), " ".join(text.split())[:60]))
            return
        if text.strip():
            language = block_code_language(el) if is_block_code(el) else code_language(el)
            self.emit(ctx, "code", el, text, text, language=language)

    def editor(self, el, ctx: _Context) -> None:
        found = read_editor(el, self.skipped)
        if found is None:
            return
        if found.source is not None:
            self._consumed.add(found.source)
        self.emit(ctx, "code", el, found.text, found.text, language=found.language)

    def math(self, el, ctx: _Context) -> None:
        formula = self._math[el]
        if formula.display and formula.tex:
            self.emit(ctx, "math", el, formula.tex, formula.tex)
            return
        text, rich = finish(*self.inline.element(el, 1, frozenset()))
        if text:
            self.emit(ctx, "paragraph", el, text, rich)

    def _is_code(self, el) -> bool:
        tag = self._tags[el]
        return (tag in CODE_TAGS or el in self._editors
                or (tag == "div" or self.measured) and self._drawn_as_code(el, tag))

    def _is_strip(self, el) -> bool:
        """The label-and-copy strip just above a code block (MDN's "js Copy")."""
        if el not in self._before_code:
            return False        # the next element is no code block: the common case
        if len(el) > MAX_STRIP_CHILDREN:
            return False        # too much to be a strip
        following = el.getnext()
        while following is not None and not isinstance(following.tag, str):
            following = following.getnext()
        if following is None or following not in self._holds_code or self._is_code(el):
            return False
        code = leads_to_code(following, self._is_code)
        if code is None:
            return False
        return is_copy_strip(el, code, language=self._code_language(code))

    def _code_language(self, code) -> str | None:
        if code in self._editors:
            found = read_editor(code, self.skipped)
            return found.language if found else None
        return code_language(code)

    def rule(self, el, ctx: _Context) -> None:
        if self.measured and self.box(el) is None:
            self.decisions.append(Decision(STAGE, "dropped", "rule the browser gave no box",
                                           self.path(el)))
            return
        self.emit(ctx, "rule", el, "", "---")

    def image(self, el, ctx: _Context) -> None:
        src = self._image_source(el)
        if src is None:
            return
        src = self.links.resolve(src)
        alt = image_alt(el)
        target = ctx.link
        rich = f"![{_escape_alt(alt)}]({markdown_url(src)})"
        if target:
            rich = f"[{rich}]({markdown_url(target)})"
        self.emit(ctx._replace(link=None), "image", el, alt, rich, href=src, alt=alt,
                  link=target)

    def noscript(self, el, ctx: _Context) -> None:
        if self._noscript_is_the_page(el):
            self.container(el, ctx)
            return
        for picture in self._noscript_pictures(el):
            self.block(picture, ctx)

    def svg(self, el, ctx: _Context) -> None:
        labels = self._svg_labels(el)
        if labels:
            text = SVG_LABEL_JOINER.join(labels)
            self.emit(ctx, "paragraph", el, text, escape_text(text))

    def media(self, el, ctx: _Context) -> None:
        src = el.get("src") or next((s.get("src") for s in el.iter("source") if s.get("src")), None)
        title = " ".join((el.get("title") or el.get("aria-label") or "").split())
        if not (src or title) or (src or "").strip().lower() == "about:blank" and not title:
            return
        if self._tiny(el):
            self.decisions.append(Decision(STAGE, "dropped", "embed too small to be content",
                                           self.path(el), src or title))
            return
        src = self.links.resolve(src) if src else src
        # The address goes in the link target (where a reader can follow it), not in
        # the note's words: "[Video: title](src)", or "[Video](src)" without a title.
        label = f"{MEDIA_LABELS[tag_of(el)]}: {title}" if title else MEDIA_LABELS[tag_of(el)]
        self.emit(ctx, "media", el, title or src, escape_text(label), href=src)

    def table(self, el, ctx: _Context) -> None:
        rows = own_rows(el)
        if is_layout_table(el, rows):
            self.container(el, ctx)
            return
        html_kept = needs_html(rows)
        if not html_kept:        # cleaned table markup carries its <caption> itself
            for child in el:
                if tag_of(child) == "caption" and not self.skipped(child):
                    self.caption(child, ctx, before=el)
        plain_rows, rich_rows = [], []
        for row in rows:
            if self.skipped(row):
                continue
            cells = [self._cell(cell) for cell in cells_of(row) if not self.skipped(cell)]
            if any(plain for plain, _ in cells):
                plain_rows.append(tuple(plain for plain, _ in cells))
                rich_rows.append(tuple(rich for _, rich in cells))
        if not plain_rows:
            return
        text = " ".join(cell for row in plain_rows for cell in row if cell)
        table_html = clean_table_html(el, self.skipped) if html_kept else None
        self.emit(ctx, "table", el, text, text, rows=tuple(plain_rows),
                  rich_rows=tuple(rich_rows), table_html=table_html)

    def _cell(self, cell) -> tuple[str, str]:
        text, rich = finish(*self.inline_lines.content(cell))
        return text, rich.replace("  \n", "<br>")

    # --- images and svg ----------------------------------------------------------

    @staticmethod
    def _image_source(el) -> str | None:
        return image_source(el)

    def _tiny(self, el) -> bool:
        for attr in ("width", "height"):
            size = _pixels(el.get(attr))
            if size is not None and size < MIN_IMAGE_PX:
                return True
        # Measured, a pixel is small both ways. One small side is not enough: an
        # image that failed to load is drawn as its alt text, one line (18 px) high
        # and as wide as the words, and it is still the page's picture.
        box = self.box(el)
        return box is not None and box.displayed and (box.rect.w < MIN_IMAGE_PX
                                                      and box.rect.h < MIN_IMAGE_PX)

    def _svg_labels(self, el) -> list[str]:
        labels = [" ".join("".join(t.itertext()).split()) for t in el.iter()
                  if tag_of(t) == "text"]
        labels = [label for label in labels if label]
        words = sum(len(label.split()) for label in labels)
        if len(labels) >= MIN_SVG_LABELS or words >= MIN_SVG_WORDS:
            return labels
        return []


_HANDLERS = {
    "ul": _Walker.list_, "ol": _Walker.list_, "menu": _Walker.list_, "dir": _Walker.list_,
    "li": _Walker.list_item, "dt": _Walker.definition, "dd": _Walker.definition,
    "figcaption": _Walker.caption, "blockquote": _Walker.blockquote,
    "pre": _Walker.code, "listing": _Walker.code, "xmp": _Walker.code,
    "hr": _Walker.rule, "img": _Walker.image, "svg": _Walker.svg,
    "video": _Walker.media, "audio": _Walker.media, "iframe": _Walker.media,
    "table": _Walker.table, "noscript": _Walker.noscript,
}


def _footnote_definition(text: str, rich: str, frame: _Frame) -> dict:
    """The note's first paragraph after "[^n]: ", without a restatement of its own
    mark ("[note 1] Includes ..." under the label note-1): its new text and
    rich_text fields."""
    restated = escape_text(frame.mark) if frame.mark else ""
    if restated and text.startswith(frame.mark) and rich.startswith(restated):
        text, rich = text[len(frame.mark):].lstrip(), rich[len(restated):].lstrip()
    return {"text": text, "rich_text": frame.prefix + rich}


def _previous_element(el):
    """The element sibling before `el` (comments and processing instructions passed
    over), or None."""
    node = el.getprevious()
    while node is not None and not isinstance(node.tag, str):
        node = node.getprevious()
    return node


def _swallowed_siblings(el) -> bool:
    """libxml2 does not know these are void: <source><img></picture> parses with the
    <img> inside the <source>. Such an element is walked through, not skipped."""
    return tag_of(el) in PARSER_NESTING_VOID_TAGS and len(el) > 0


def _starts_break_pair(el) -> bool:
    """A <br> followed, with only blank text between, by another <br>."""
    if tag_of(el) != "br" or (el.tail or "").strip():
        return False
    following = el.getnext()
    return following is not None and tag_of(following) == "br"


def _is_control(el) -> bool:
    return tag_of(el) in CONTROL_TAGS or (el.get("role") or "").strip() in CONTROL_ROLES


def _controls_only(pieces: list) -> bool:
    """A run whose only words are on buttons: "Run" under a playground, "Load more"."""
    controls = False
    for piece in pieces:
        if isinstance(piece, str):
            if piece.strip():
                return False
        elif _is_control(piece):
            controls = True
        elif "".join(piece.itertext()).strip():
            return False
    return controls


def _mark_ancestors(el, marked: set) -> None:
    """Add every ancestor of `el`, stopping at the first already marked (each once)."""
    node = el.getparent()
    while node is not None and node not in marked:
        marked.add(node)
        node = node.getparent()


def _task_state(li) -> bool | None:
    """A task-list item (GitHub's `<li><input type="checkbox" checked>`): its box
    state, or None for an ordinary item. The box must come before any text."""
    if (li.text or "").strip():
        return None
    for node in li.iter():
        if node is li:
            continue
        if tag_of(node) == "input":
            if (node.get("type") or "").lower() == "checkbox":
                return node.get("checked") is not None
            return None
        if (node.text or "").strip() or (node.tail or "").strip():
            return None
    return None


def _pixels(value: str | None) -> float | None:
    """A width/height attribute in pixels; None for percentages or junk."""
    value = (value or "").strip().lower().removesuffix("px")
    try:
        return float(value)
    except ValueError:
        return None


def _escape_alt(alt: str) -> str:
    return alt.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")


def _item_numbers(ol) -> dict:
    """Each direct <li>'s number, honouring start, reversed and value."""
    items = [child for child in ol if tag_of(child) == "li"]
    reverse = ol.get("reversed") is not None
    step = -1 if reverse else 1
    start = _integer(ol.get("start"))
    current = start if start is not None else (len(items) if reverse else 1)
    numbers = {}
    for item in items:
        value = _integer(item.get("value"))
        if value is not None:
            current = value
        numbers[item] = current
        current += step
    return numbers


def _integer(value: str | None) -> int | None:
    try:
        return int((value or "").strip())
    except ValueError:
        return None


def _quote_is_structured(bq) -> bool:
    paragraphs = 0
    for el in bq.iterdescendants():
        tag = tag_of(el)
        if tag in QUOTE_STRUCTURE_TAGS:
            return True
        if tag in QUOTE_PARAGRAPH_TAGS:
            paragraphs += 1
            if paragraphs > 1:
                return True
    return False


def _split_at_double_breaks(pieces: list) -> list[list]:
    """<br><br> ends a paragraph (seed: PR #63); a single <br> stays a hard break."""
    segments: list[list] = [[]]
    pending_br = None        # index in the current segment of a <br> that may pair
    for piece in pieces:
        if isinstance(piece, str):
            segments[-1].append(piece)
            if piece.strip():
                pending_br = None
            continue
        if tag_of(piece) == "br":
            if pending_br is not None:
                del segments[-1][pending_br:]
                segments.append([])
                pending_br = None
                continue
            pending_br = len(segments[-1])
        else:
            pending_br = None
        segments[-1].append(piece)
    return [segment for segment in segments if segment]
