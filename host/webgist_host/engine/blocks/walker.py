"""Stage 3: the block model (seed 000).

One block per innermost block-level element that holds text, so <p>a <a>b</a> c</p>
is one block, not three. The walker descends through containers; inline material
between block children is gathered into runs and flushed as paragraphs where the
reader meets it. It reads the page through a PageIndex (page_index.py), asks
Visibility (visibility.py) what a reader never sees, and hands each kind of element
to its handler (kinds.py). The tree is only read, never changed.
"""
from __future__ import annotations

import re
from dataclasses import replace
from functools import partial

from . import kinds
from .admonitions import could_be_admonition, read_admonition
from .code import (
    class_may_list_lines, code_language, is_block_code, is_copy_strip, is_line_listing,
    leads_to_code,
)
from .context import Context, Frame
from .counted_lines import latexml_listing_rows
from .definitions import styled_term, term_style
from .editors import read_editor
from .footnotes import find_footnotes, in_page_links
from .images import shows_nothing
from .struck import footnote_mark, opens_number, struck_before
from .inline import (
    InlineRenderer, LinkPolicy, base_url_of, boxes_apart, escape_piece, escape_text, finish,
    UNDRAWN_TAGS, is_permalink, link, link_destination, runs_on, join_unbanged,
)
from .math import is_math_script, is_mathjax2_copy
from .page_index import PageIndex, PerValue, next_element, previous_element
from .form_controls import stepper_buttons
from .forum_controls import forum_controls
from .radio_tabs import find_radio_tabs, tab_code_language
from .tables import grid_rows, names_a_table
from .tuning import (
    ANSWER_MIN_WORDS, BUTTON_CLASS_WORDS, BUTTON_LABEL_MAX_DEPTH, BUTTON_LABEL_MAX_WORDS,
    CONTROL_ROLES, QUESTION_BUTTON_MIN_WORDS,
    CONTROL_TAGS, EMPTY_SEARCH_HREF, ITEM_KINDS, KEEP_WHOLE_TAGS, MAX_STRIP_CHILDREN,
    MIN_IMAGE_PX, PROSE_CONTAINERS, SKIPPED_TAGS, SOURCE_VIEW_HREF, TAB_STOP_BOXES,
    TOOLTIP_ATTRIBUTES, VERSION_PREFIX,
)
from .visibility import HIDDEN_BY_TAG, Visibility
from ..dom.capture import Capture
from ..dom.nodes import tag_of
from ..model import Action, Block, BlockKind, Decision, new_block
from ..words import has_alnum

STAGE = kinds.STAGE
# Enum members read once: in Python 3.11 each `Enum.MEMBER` read off the class costs
# ~100 ns (a descriptor), and these are read for every block.
_LIST_ITEM = BlockKind.LIST_ITEM
_PARAGRAPH = BlockKind.PARAGRAPH
# Void elements libxml2's HTML parser does not know as void: it nests the content
# after them inside them (checked on lxml 6.1: source, track, embed, wbr).
PARSER_NESTING_VOID_TAGS = frozenset({"source", "track", "embed"})


class _Run:
    """Inline material between block children of one container: its strings and
    inline elements (`pieces`), and whether a block child came before them. (A
    plain class: one is made per container, and a dataclass's __init__ cost more.)"""

    __slots__ = ("container", "after_block", "pieces", "link_words")

    def __init__(self, container, after_block: bool = False, pieces: list | None = None):
        self.container = container
        self.after_block = after_block
        self.pieces = [] if pieces is None else pieces
        # (pieces, n, context): the first n of those pieces are the words a link
        # holds after a block of its own, and `context` is that link's.
        self.link_words: tuple | None = None


class _WrappedText(str):
    """Text inside an inline wrapper around blocks (<a><p>..</p> more</a>): it joins
    the container's run, but remembers the wrapper, which is where a reader meets it."""

    __slots__ = ("owner",)
    owner: object

    def __new__(cls, text: str, owner):
        piece = super().__new__(cls, text)
        piece.owner = owner
        return piece


def extract_blocks(root, capture: Capture, *, base_url: str | None = None,
                   index: PageIndex | None = None) -> tuple[list[Block], list[Decision]]:
    """Blocks in source order, and the decisions taken while reading them.

    Relative links and image addresses are made absolute against `base_url` (else
    the captured page's URL), as the document's <base href> says. `index` is the
    page's PageIndex when the caller keeps it (the regions stage reads it too).
    """
    walker = Walker(index if index is not None else PageIndex(root, capture),
                    base_url or capture.url)
    try:
        walker.block(root, Context())
    finally:
        walker.close()
    return kinds.under_drawn_title(walker.blocks), walker.decisions


CAPTION_TAGS = frozenset({"caption", "figcaption"})


class Walker:
    """Walks the tree from the root, emitting blocks and logging what it drops.
    The index's tables and methods are bound as the walker's own attributes: the
    walk asks them on every element."""

    def __init__(self, index: PageIndex, page_url: str | None = None):
        self.index = index
        self.visibility = Visibility(index)
        self.rect = self.visibility.drawn_rect if index.measured else index.rect
        self.measured = index.measured
        self.path = index.path
        self._tags, self._positions = index.tags, index.positions
        self._block_starts, self._holds_block = index.block_starts, index.holds_block
        self._holds_break_pair = index.holds_break_pair
        self._before_code, self._class_values = index.before_code, index.class_values
        self._after_code = index.after_code
        self._class_mathjax, self._math = index.class_mathjax, index.math
        self._hidden_reason = self.visibility.hidden_reason
        self._attr_names = index.attr_names
        self.links = LinkPolicy(base_url_of(index.tagged("base"), page_url))
        self.consumed: set = set()          # editor sources already read
        self.taken_titles: set = set()      # admonition titles, written as the quote's head
        self._may_admonish: dict = {}       # class value -> could_be_admonition(value)
        # What a class value says, once per distinct value (pages repeat them).
        self._may_list_lines = PerValue(class_may_list_lines)
        self._says_button = PerValue(_class_says_button)
        # The language named on a code element (`code_language`), read once: the strip
        # tests read it of the code block below a strip, and the block reads it again.
        self.code_languages: dict = PerValue(code_language)
        self.blocks: list[Block] = []
        self.decisions: list[Decision] = []
        self._logged: set = set()            # hidden elements already in the log
        self._last_index = 0
        self._hrefs: dict = {}               # raw href -> self.links.href(raw)
        self._destinations: dict = {}        # raw href -> its Markdown link destination
        self.footnotes = find_footnotes(index.root, index.ids, in_page_links(
            index.fragment_links, index.href_values, self.links.base), index.class_values)
        # A list item's run is a control only through a link to the page's source
        # view or to an empty search (_controls_only): most pages have no such link,
        # and then no item's run need be looked at for controls. (Each distinct
        # address is asked once: a third of a page's links repeat another's.)
        self._has_link_controls = any(map(_is_link_control_href, index.hrefs))
        self._footnote_labels, self._roles = self.footnotes.labels, index.roles
        # Inline notes whose reference was written, waiting for a place their
        # definition may follow (after the paragraph, heading, table or whole list).
        self._pending_notes: list = []
        self._notes_queued: set = set()      # references met
        reference = (self._note_reference if self.footnotes.inline_notes
                     else self.footnotes.references.get)
        self.radio_tabs = find_radio_tabs(index.tagged("input"))
        self.code_languages.update(self.radio_tabs.code_languages)
        for panel in index.roles:          # an ARIA tab's language over a bare listing
            if index.role(panel) == "tabpanel":
                named = tab_code_language(index.tab_label(panel) or "", panel)
                if named is not None:
                    self.code_languages[named[0]] = named[1]
        self._backlinks, self._editors = self.footnotes.backlinks, index.editors
        # Most elements of a page cannot be skipped: `skipped` answers them from
        # this set and, for a classed element, from what its class value may say.
        self._may_skip = _may_skip(index, self.visibility, self._backlinks,
                                   self.radio_tabs.labels)
        self.steppers = stepper_buttons(index.tagged("input"))
        self._may_skip.update(self.steppers)
        self.thread_controls = forum_controls(index.tagged("a"), index.href_values.get,
                                              index.itemprop_values)
        self._may_skip.update(self.thread_controls)
        self._class_may_skip = PerValue(partial(_class_may_skip, self.visibility,
                                                index.class_mathjax))
        self.inline: InlineRenderer = InlineRenderer(
            self.skipped, destination=self._destination, math=self._math.get,
            footnote=reference, tag_of=self._tags.__getitem__,
            class_of=self._class_values.get, href_of=index.href_values.get,
            boxed_apart=self._boxed_apart, image_text=index.image_text)
        self.inline_lines: InlineRenderer = InlineRenderer(
            self.skipped, line_breaks=True, destination=self._destination, math=self._math.get,
            footnote=reference, tag_of=self._tags.__getitem__,
            class_of=self._class_values.get, href_of=index.href_values.get,
            boxed_apart=self._boxed_apart, image_text=index.image_text)

    def _boxed_apart(self, previous, current) -> bool:
        """On a measured page, two sibling elements drawn apart (`boxes_apart`)."""
        index = self.index
        return index.measured and boxes_apart(index.box(previous), index.box(current))

    def close(self) -> None:
        """Drop the inline renderers. They call back into the walker (skipped,
        _href), a reference cycle that only the cyclic garbage collector frees,
        and until it runs the cycle holds every element object, index entry and
        attribute list of the page: collecting that garbage cost more than a tenth
        of a conversion. Without the cycle it goes when the walk ends."""
        del self.inline, self.inline_lines

    def _href(self, raw: str | None) -> str | None:
        """self.links.href, worked out once per distinct value: pages repeat their
        links (a third of them are repeats), and resolving one costs microseconds."""
        if raw not in self._hrefs:
            self._hrefs[raw] = self.links.href(raw)
        return self._hrefs[raw]

    def _destination(self, raw: str | None) -> str | None:
        """What an inline link to `raw` points to in Markdown, once per distinct href."""
        if raw not in self._destinations:
            self._destinations[raw] = link_destination(self._href(raw))
        return self._destinations[raw]

    def skipped(self, el) -> bool:
        """True for non-content and hidden elements (hidden ones are logged)."""
        if el not in self._may_skip and el not in self.taken_titles:
            classes = self._class_values.get(el)
            if not classes or not self._class_may_skip[classes]:
                return False
        tag = self._tags[el]
        if not tag:                     # a comment or processing instruction
            return True
        if tag in SKIPPED_TAGS and not (tag == "textarea" and el in self._block_starts):
            return not (self.visibility.noscript_is_the_page(el) or is_math_script(el)
                        or _swallowed_siblings(el) or self.visibility.noscript_pictures(el))
        if (el in self._roles and self.index.role(el) == "tablist"
                and self.index.names_its_panels(el)):
            self.log(el, "a tab strip: each panel is read under its tab's name",
                     " ".join(el.text_content().split()))
            return True
        if el in self.radio_tabs.labels:
            self.log(el, "a radio tab's label: its panel is read under it",
                     " ".join(el.text_content().split()))
            return True
        if el in self.steppers:
            self.log(el, "a number field's stepper button", " ".join(el.text_content().split()))
            return True
        if el in self.thread_controls:
            self.log(el, "a comment's control: a toggle, in-page links or a declared count",
                     " ".join(el.text_content().split()))
            return True
        classes = self._class_values.get(el)
        if (classes and self._class_mathjax[classes] and is_mathjax2_copy(el)
                or el in self._backlinks or el in self.taken_titles):
            return True
        if tag == "img" and el not in self._math:
            if self.index.tiny(el) and self.index.image_text(el) is None:
                self.log(el, f"tracking pixel (under {MIN_IMAGE_PX}px)",
                         self.index.image_source(el) or "")
                return True
            if (self.index.image_source(el) is None
                    and shows_nothing((el.get("src") or "").strip())):
                self.log(el, "placeholder image that shows nothing", el.get("alt") or "")
                return True
        reason = self._hidden_reason(el)
        if reason is None:
            return False
        text = " ".join(el.text_content().split())
        if text:
            self.log(el, reason, text)
        return True

    def log(self, el, reason: str, text: str) -> None:
        if el not in self._logged:
            self._logged.add(el)
            self.decisions.append(Decision(STAGE, Action.DROPPED, reason, self.path(el), text))

    def emit(self, ctx: Context, kind: BlockKind, el, text: str, rich: str, **fields) -> None:
        """Add a block of `kind` for `el`, measured and placed by it unless `fields`
        give its rect or dom_index, with what it inherits from `ctx`. The Block is
        built once, every field known: it has two dozen fields, and copying it with
        `replace` for each change cost a tenth of the stage."""
        if "rect" not in fields:
            fields["rect"] = self.rect(el) if self.measured else None
        if "dom_index" not in fields:
            fields["dom_index"] = self._positions.get(el, 0)
        fields["kind"], fields["text"], fields["rich_text"] = kind, text, rich
        fields["tag"] = tag = self._tags[el]
        if tag == "summary" and kind is _PARAGRAPH:
            # A <details>'s summary is its question or title: set apart from the
            # answer as a definition's term is (one holding a heading is that heading).
            fields["rich_text"] = rich = styled_term(text, rich, term_style(el))
        frame = ctx.frame
        # The item's first paragraph is the item: its path is the item's, and its
        # own is not worked out.
        starts_item = (frame is not None and kind != _LIST_ITEM
                       and not frame.taken and kind in ITEM_KINDS)
        if not starts_item:
            fields["xpath"] = self.path(el)
        if frame is not None and kind != _LIST_ITEM:
            if starts_item:
                frame.taken = True
                # The item keeps its own box and position: in a card (li > img + h3)
                # the title sits below the picture, not where the <li> starts.
                fields.update(xpath=frame.xpath, rect=fields["rect"] or frame.rect, level=0)
                fields.update(frame.fields)
                if frame.prefix:
                    fields.update(_footnote_definition(text, rich, frame))
                elif frame.term:
                    fields["rich_text"] = styled_term(text, rich, frame.term)
            elif frame.taken:
                fields["body_of"] = frame.xpath
        if ctx.quoted:
            fields.update(quoted=True, quote_of=ctx.quote_of, callout=ctx.callout,
                          quote_outer=ctx.quote_outer)
        if ctx.float_of:
            fields["float_of"] = ctx.float_of
        if fields["dom_index"] > self._last_index:
            self._last_index = fields["dom_index"]
        self.blocks.append(new_block(fields))

    # --- the walk ----------------------------------------------------------------

    def block(self, el, ctx: Context) -> None:
        """Handle one element that starts a block (or the document root)."""
        if self.skipped(el):
            return
        if el in self.consumed:
            return
        if self.measured or el in self._attr_names:      # (where _enter can say yes)
            ctx = self._enter(el, ctx)
        tag = self._tags[el]
        label = self._footnote_labels.get(el)
        if label is not None:
            kinds.footnote(self, el, ctx, label)
            return
        # (Only an element with a role can be an ARIA tab panel: most have none. A
        # radio tab set's panels are named by radio_tabs.)
        tab = (self.index.tab_label(el) if el in self._roles
               else self.radio_tabs.panel_names.get(el))
        if tab and (len(el) or (el.text or "").strip()):
            # (A panel left empty until its tab is chosen gets no label over nothing.)
            self.emit(ctx, BlockKind.PARAGRAPH, el, tab, f"**{escape_text(tab)}**")
        handler = self._special_handler(el, tag) or kinds.HANDLERS.get(tag)
        if handler is None and (tag in kinds.HEADING_LEVELS or tag == "div"
                                and el in self._class_values
                                and kinds.is_title_div(el, self._class_values[el])):
            handler = kinds.heading
        if handler is None:
            handler = Walker.container
        handler(self, el, ctx)
        if (self._pending_notes and ctx.frame is None and not ctx.list_depth
                and tag not in CAPTION_TAGS):
            # (A caption's notes wait for the table or picture it names.)
            self._write_notes(ctx)

    def _special_handler(self, el, tag: str) -> kinds.Handler | None:
        """Math, editors and code the browser drew, whatever their tag."""
        if el in self._math:
            return kinds.math
        if el in self._editors:
            return kinds.editor
        if tag == "textarea":
            return kinds.textarea       # in the block starts only when it shows code
        classes = self._class_values.get(el)
        # (A line listing is named by its class: most <div>s have none. drawn_as_code
        # is asked only where it can say yes.)
        if ((self.measured or tag == "div" and el in self._attr_names)
                and self.index.drawn_as_code(el, tag)
                or tag == "code" and is_block_code(el)
                or tag == "div" and classes and self._may_list_lines[classes]
                and is_line_listing(el)
                or latexml_listing_rows(el) is not None):
            return kinds.code
        if classes and self._admonishes(classes) and read_admonition(el, tag) is not None:
            return kinds.admonition
        if tag == "div" and classes and names_a_table(classes) and grid_rows(el) is not None:
            return kinds.cell_grid
        return None

    def _admonishes(self, classes: str) -> bool:
        if classes not in self._may_admonish:
            self._may_admonish[classes] = could_be_admonition(classes)
        return self._may_admonish[classes]

    def _enter(self, el, ctx: Context) -> Context:
        # (index.floats asked only where it can say yes: a stamp, or a box to read.)
        if (self.measured or el in self._attr_names) and self.index.floats(el):
            ctx = ctx._replace(float_of=self.path(el))
        return ctx

    def container(self, el, ctx: Context) -> None:
        run = _Run(el)
        self._walk(el, ctx, run)
        self._flush(run, ctx)

    def line(self, container, pieces: list, ctx: Context) -> None:
        """`pieces` (inline elements and strings) read as one run of `container`."""
        self._flush(_Run(container, pieces=list(pieces)), ctx)

    def _walk(self, el, ctx: Context, run: _Run) -> None:
        wrapper = el if el is not run.container else None
        if el.text:
            run.pieces.append(_WrappedText(el.text, wrapper) if wrapper is not None else el.text)
        for child in el:
            if not self._tags[child]:       # a comment or processing instruction
                pass
            elif child in self._before_code and _is_strip(self, child):
                self.decisions.append(Decision(
                    STAGE, Action.DROPPED, "copy-button strip above a code block",
                    self.path(child), " ".join(child.text_content().split())))
            elif child in self._after_code and _is_trailing_strip(self, child):
                self.decisions.append(Decision(
                    STAGE, Action.DROPPED, "copy-button strip closing a code block's wrapper",
                    self.path(child), " ".join(child.text_content().split())))
            elif child in self._block_starts and not (
                    self._tags[child] == "img" and _in_a_sentence(run.pieces)
                    and self.skipped(child)):
                # (A hidden picture met mid-sentence is not there for the reader:
                # the words around it run on, "Press <span><img aria-hidden>Power
                # </span> to finish.")
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
                        if self._link_starts_apart(child, run.pieces):
                            # The words before it are not the link's: a post's lines
                            # above an <a><img></a> attachment kept its address.
                            self._flush(run, ctx)
                            run.pieces = []
                    pending, made = run.pieces, len(self.blocks)
                    self._walk(child, self._enter(child, inner), run)
                    if (href and run.pieces is not pending
                            and not any(block.text and block.kind != BlockKind.IMAGE
                                        for block in self.blocks[made:])):
                        # A picture inside the link closed the run: the words after
                        # it are the link's (a card's <a><img><span>Headline</a>).
                        # After a heading or a line of text they are an excerpt,
                        # written once, unlinked.
                        run.link_words = (run.pieces, len(run.pieces), inner)
            else:
                run.pieces.append(child)
            if child.tail:
                run.pieces.append(
                    _WrappedText(child.tail, wrapper) if wrapper is not None else child.tail)

    def _link_starts_apart(self, anchor, pending: list) -> bool:
        """Whether a link wrapping blocks begins apart from the run before it: it
        opens with a block (no words of its own first), or that run ended on a
        line break."""
        if self._opens_with_block(anchor):
            return True
        for piece in reversed(pending):
            if isinstance(piece, str):
                if piece.strip():
                    return False
            else:
                return tag_of(piece) == "br"
        return False

    def _opens_with_block(self, anchor) -> bool:
        """No words in the link before its first block (an empty icon span aside)."""
        if (anchor.text or "").strip():
            return False
        for child in anchor:
            if child in self._block_starts:
                return True
            if (self._tags[child] and "".join(child.itertext()).strip()) or (child.tail or "").strip():
                return False
        return False

    def _flush(self, run: _Run, ctx: Context) -> None:
        marked = run.link_words
        if marked is not None:
            run.link_words = None
            ctx = _link_context(run.pieces, marked, ctx)
        for piece in run.pieces:
            if not isinstance(piece, str) or piece.strip():
                break
        else:
            # Nothing, or only the white space between block children (most runs):
            # _paragraph would render and finish it only to find no words.
            return
        for segment in _split_at_double_breaks(run.pieces):
            self._paragraph(run, segment, ctx)
        if self._pending_notes and ctx.frame is None and not ctx.list_depth:
            self._write_notes(ctx)

    def _note_reference(self, el) -> str | None:
        """The label of the note `el` refers to; an inline note's definition is
        queued to follow the block its reference is written in."""
        label = self.footnotes.references.get(el)
        if label is not None and el in self.footnotes.inline_notes and el not in self._notes_queued:
            self._notes_queued.add(el)
            self._pending_notes.append(el)
        return label

    def queued_notes(self) -> int:
        return len(self._pending_notes)

    def unqueue_notes(self, count: int) -> None:
        """Forget the notes queued after the first `count`: their references were
        not written as "[^n]" after all."""
        del self._pending_notes[count:]

    def _write_notes(self, ctx: Context) -> None:
        """The queued inline notes, each as "[^n]: ", outside any list item: a
        definition inside one would end the list."""
        notes, labels = self.footnotes.inline_notes, self.footnotes.labels
        pending, self._pending_notes = self._pending_notes, []
        # Placed where they are written, after the block holding the reference: the
        # box itself sits inside that block (a list item, a cell), or is drawn only
        # on hover.
        anchor, start = self._last_index, len(self.blocks)
        for el in pending:
            box = notes[el]
            # (Walked as a container: a box drawn only on hover is read.)
            kinds.footnote(self, box, ctx._replace(frame=None, list_depth=0), labels[box])
        self.blocks[start:] = [replace(block, dom_index=anchor, rect=None)
                               for block in self.blocks[start:]]
        self._last_index = max(self._last_index, anchor)
        if self._pending_notes:      # references inside the notes just written
            self._write_notes(ctx)

    def _paragraph(self, run: _Run, pieces: list, ctx: Context) -> None:
        text, rich_text = _render_run(self.inline, pieces, run.container)
        if not text:
            return
        container_tag = self._tags[run.container]
        # A run of controls alone is no content; in prose only a list item's source
        # link is (asked only there: most runs are paragraphs).
        if container_tag == "li":
            is_control = _is_source_view_link if self._has_link_controls else None
        elif container_tag not in PROSE_CONTAINERS:
            is_control = _is_control
        else:
            is_control = None
        # What the reader sees of the run: not a hidden piece or a permalink glyph
        # (rustdoc's "Source" link stands beside its heading's hidden "§").
        # (A run with words in its own text is no run of controls: most runs are
        # answered so, before their elements are looked at, or the question asked.)
        if is_control is not None and (
                not _has_own_words(pieces)
                and _controls_only([p for p in pieces if isinstance(p, str)
                                    or not (self.skipped(p) or is_permalink(p, self._tags[p]))],
                                   is_control)
                or is_control is _is_control and not ctx.link
                and _labels_a_button(run.container, self._says_button)
        ) and not _asks_a_question(pieces):
            single = len(pieces) == 1 and not isinstance(pieces[0], str)
            self.log(pieces[0] if single else run.container,
                     "a control standing alone (a button), not content", text)
            return
        if ctx.link and "](" not in rich_text:
            rich_text = link(rich_text, ctx.link)
        anchor = _run_anchor(run, pieces)
        placed: dict = {}
        if anchor in self._holds_block:
            # Loose text beside other blocks: the container's box would cover them
            # all (furo's skip link under <body> took the whole first screen), so
            # the run is measured by its own elements, or not at all.
            placed["rect"] = self.index.union_rect(pieces)
        if anchor in self._holds_block and run.after_block:
            first = next((p for p in pieces if not isinstance(p, str)), None)
            placed["dom_index"] = self._positions[first] if first is not None else self._last_index
        self.emit(ctx, _PARAGRAPH, anchor, text, rich_text, **placed)


def _link_context(pieces: list, marked: tuple, ctx: Context) -> Context:
    """The context of a run (`pieces`) whose first words a link holds after a block
    of its own (`marked`, the run's `_Run.link_words`): that link's, when nothing
    with words follows them up to the next block; else `ctx` (a card's price after
    its linked name stays one line with it, unlinked)."""
    held, count, inner = marked
    if held is not pieces:
        return ctx
    for piece in pieces[count:]:
        if not isinstance(piece, str) or piece.strip():
            return ctx
    return inner


# Tags `Walker.skipped` can say yes to whatever else the element holds: comments
# and processing instructions (no tag), non-content, images (a tracking pixel, a
# placeholder), and what visibility hides by its tag.
_SKIPPABLE_TAGS = SKIPPED_TAGS | HIDDEN_BY_TAG | {"", "img"}


def _may_skip(index: PageIndex, visibility: Visibility, backlinks: set,
              radio_labels: set) -> set:
    """The elements `Walker.skipped` can say yes to whatever their class value says
    (`_class_may_skip`): by tag, a tab strip (it has a role), a footnote's backlink,
    or one `hidden_reason` can hide by its attributes or its box. An admonition's
    title, taken while walking, is asked apart."""
    found = visibility.may_hide()
    found.update(el for el, tag in index.tags.items() if tag in _SKIPPABLE_TAGS)
    found.update(index.roles)
    found.update(backlinks)
    found.update(radio_labels)
    return found


def _class_may_skip(visibility: Visibility, mathjax: PerValue, classes: str) -> bool:
    """`Walker.skipped` may say yes to an element for this class value: a hiding
    class, or a MathJax copy's."""
    return visibility.class_may_hide(classes) or mathjax[classes]


def _is_strip(walker: Walker, el) -> bool:
    """The label-and-copy strip just above a code block (MDN's "js Copy"). Asked
    only of an element in index.before_code: any other is followed by no code block
    (the common case)."""
    if len(el) > MAX_STRIP_CHILDREN:
        return False        # too much to be a strip
    following = el.getnext()
    while following is not None and not isinstance(following.tag, str):
        following = following.getnext()
    is_code = walker.index.is_code
    if following is None or following not in walker.index.holds_code or is_code(el):
        return False
    code = leads_to_code(following, is_code)
    if code is None:
        return False
    return is_copy_strip(el, code, language=_code_language(walker, code))


def _is_trailing_strip(walker: Walker, el) -> bool:
    """The label-and-copy strip just after a code block, the last element of their
    wrapper (Prism's toolbar: "Kotlin" and a Copy button)."""
    if len(el) > MAX_STRIP_CHILDREN or next_element(el) is not None:
        return False
    code = previous_element(el)
    if code is None or walker.index.is_code(el):
        return False
    return is_copy_strip(el, code, language=_code_language(walker, code), after=True)


def _code_language(walker: Walker, code) -> str | None:
    if code in walker.index.editors:
        found = read_editor(code, walker.skipped)
        return found.language if found else None
    return walker.code_languages[code]


def _render_run(inline: InlineRenderer, pieces: list, container) -> tuple[str, str]:
    """A run's text and rich text: its strings and inline elements, written out.
    Where the run leaves or enters a link that wraps blocks (a card's <a> holding its
    title, then its price), the words either side are two things: a card link is drawn
    as a box of its own, so the next link or word does not run on from its last one."""
    plain: list[str] = []
    rich: list[str] = []
    previous = code_run = None
    owner = container       # where the last piece with words sits
    written = ""            # the last piece written out that is not empty
    last_words = None       # the last element written with words (struck.py asks it)
    for piece in pieces:
        if isinstance(piece, str):
            here = piece.owner if isinstance(piece, _WrappedText) else container
            p, r = piece, escape_piece(piece)
        elif tag_of(piece) in UNDRAWN_TAGS:
            continue            # never drawn: it neither joins nor parts its neighbours
        else:
            here = piece.getparent()
            p, r = inline.element(piece, 1, frozenset())
        mark = not isinstance(piece, str) and footnote_mark(tag_of(piece), p)
        if not mark and opens_number(p) and struck_before(last_words):
            p, r = " " + p, " " + r
        if p and not mark:
            last_words = None if isinstance(piece, str) else (piece, plain[-1] if plain else "", p)
        if here is not owner and p.strip():
            # An empty element between (a wishlist <span> after the card link) writes
            # nothing: the text that would run on is the last one written.
            if written and _leaves_card_link(owner, here, container) and runs_on(written, p):
                p, r = " " + p, " " + r
            owner = here
        if isinstance(piece, str):
            plain.append(p)
            rich.append(r)
            previous = code_run = None
        else:
            code_run = inline.place(plain, rich, piece, p, r, previous, code_run)
            previous = piece
        if plain and plain[-1]:
            written = plain[-1]
    return finish("".join(plain), join_unbanged(rich))


def _leaves_card_link(owner, here, container) -> bool:
    """Whether a run steps out of, or into, a link wrapping blocks (a run's pieces sit
    in its container or in such wrappers, `Walker._walk`)."""
    return any(side is not container and side is not None and tag_of(side) == "a"
               for side in (owner, here))


def _run_anchor(run: _Run, pieces: list):
    """The element a run is measured by: its one element when it has just one, else
    the inline wrapper that holds all of it, else the container. (One pass over the
    pieces: this runs for every paragraph.)"""
    container = run.container
    elements = []
    texts_blank = True
    owners = set()             # where each piece with words (or each element) sits
    for piece in pieces:
        if isinstance(piece, str):
            if piece.strip():
                texts_blank = False
                owners.add(piece.owner if isinstance(piece, _WrappedText) else container)
        else:
            elements.append(piece)
            parent = piece.getparent()
            owners.add(container if parent is None else parent)
    if len(elements) == 1 and texts_blank:
        return elements[0]
    return owners.pop() if len(owners) == 1 else container


def _footnote_definition(text: str, rich: str, frame: Frame) -> dict:
    """The note's first paragraph after "[^n]: ", without a restatement of its own
    mark ("[note 1] Includes ..." under the label note-1): its new text and
    rich_text fields."""
    restated = escape_text(frame.mark) if frame.mark else ""
    if restated and text.startswith(frame.mark) and rich.startswith(restated):
        text, rich = text[len(frame.mark):].lstrip(), rich[len(restated):].lstrip()
    return {"text": text, "rich_text": frame.prefix + rich}


def _swallowed_siblings(el) -> bool:
    """libxml2 does not know these are void: <source><img></picture> parses with the
    <img> inside the <source>. Such an element is walked through, not skipped."""
    return tag_of(el) in PARSER_NESTING_VOID_TAGS and len(el) > 0


def _asks_a_question(pieces: list) -> bool:
    """A run that is one button whose words are a question, right before a box of
    prose: an accordion's question, whose answer that box is. It is content, as a
    question written in a heading is ("Was this helpful?" is followed by its Yes and
    No buttons, not prose)."""
    shown = [p for p in pieces if not isinstance(p, str) or p.strip()]
    if len(shown) != 1 or isinstance(shown[0], str):
        return False
    button = shown[0]
    if tag_of(button) not in CONTROL_TAGS and (button.get("role") or "").strip() not in CONTROL_ROLES:
        return False
    words = " ".join(button.itertext()).split()
    if len(words) < QUESTION_BUTTON_MIN_WORDS or not words[-1].endswith("?"):
        return False
    after = button.getnext()
    while after is not None and not isinstance(after.tag, str):
        after = after.getnext()
    return after is not None and len(after.text_content().split()) >= ANSWER_MIN_WORDS


def _is_control(el) -> bool:
    """A button by tag or role; a glyph whose only words are its tooltip (CPython's
    span.copybutton ">>>" titled "Hide the prompts and output"); a link to the page's
    own source or edit view ("Edit on GitHub", "Show Source", in any language) or to
    an empty search (rustdoc's toolbar "Search")."""
    if tag_of(el) in CONTROL_TAGS or (el.get("role") or "").strip() in CONTROL_ROLES:
        return True
    if any(el.get(name) for name in TOOLTIP_ATTRIBUTES):
        text = "".join(el.itertext())
        if text.strip() and not any(ch.isalnum() for ch in text):
            return True
    return _is_link_control(el)


def _labels_a_button(el, says_button) -> bool:
    """A block that is, or sits just inside, a short button drawn with <div>s (a role or
    a class word says so): a player's "Full Screen", a tooltip's "Settings". A button
    that opens a panel (aria-expanded, aria-controls) is a disclosure: its words are a
    question or a section's title; one holding a link, or inside one ("Book a stall"),
    leads to a page."""
    for _ in range(BUTTON_LABEL_MAX_DEPTH):
        if el is None or not isinstance(el.tag, str):
            return False
        if _drawn_as_button(el, says_button):
            if el.get("aria-expanded") is not None or el.get("aria-controls") is not None:
                return False
            if next(el.iter("a"), None) is not None:
                return False        # a link drawn as a button leads somewhere: content
            return len(" ".join(el.itertext()).split()) <= BUTTON_LABEL_MAX_WORDS
        el = el.getparent()
    return False


def _drawn_as_button(el, says_button) -> bool:
    """A <button>, or a role or a class word says button, or a tab stop was added to a
    plain box (a settings menu's "Video Quality"; tabindex -1 only lets a script focus it).
    `says_button` is _class_says_button, answered once per distinct class value."""
    if el.tag in CONTROL_TAGS or (el.get("role") or "").strip() in CONTROL_ROLES:
        return True
    if el.tag in TAB_STOP_BOXES and (el.get("tabindex") or "").strip().isdigit():
        return True
    classes = el.get("class")
    return bool(classes) and says_button[classes]


def _class_says_button(classes: str) -> bool:
    return any(_BUTTON_NAME_END.search(name) for name in classes.lower().split())


# A class name whose last word is a button word ("gal-button", "settings-btn"); the
# first word names what the element holds ("button-container", "btn-group").
_BUTTON_NAME_END = re.compile(r"(?:^|[^a-z0-9])(?:%s)$" % "|".join(sorted(BUTTON_CLASS_WORDS)))


def _is_link_control(el) -> bool:
    return tag_of(el) == "a" and _is_link_control_href(el.get("href") or "")


def _is_link_control_href(href: str) -> bool:
    """_is_link_control for a link with this href."""
    return _is_source_view_href(href) or _is_empty_search_href(href)


def _is_source_view_link(el) -> bool:
    return tag_of(el) == "a" and _is_source_view_href(el.get("href") or "")


def _is_source_view_href(href: str) -> bool:
    """SOURCE_VIEW_HREF matches. The pattern, case-insensitive and without a literal
    to scan for, tries every position: an ASCII href lacking the text every match
    holds is answered by substring tests. (Not a non-ASCII one: case-insensitive
    matching folds some other letters onto ASCII ones, "ſ" onto "s".)"""
    if href.isascii():
        lowered = href.lower()
        if not any(text in lowered for text in _SOURCE_VIEW_TEXTS):
            return False
    return bool(SOURCE_VIEW_HREF.search(href))


def _is_empty_search_href(href: str) -> bool:
    """EMPTY_SEARCH_HREF matches; every match holds "=" (which no letter folds onto)."""
    return "=" in href and bool(EMPTY_SEARCH_HREF.search(href))


# What every match of SOURCE_VIEW_HREF holds, one per alternative of the pattern
# ("/edit/" and "action=edit", "_sources/", "....rs.html"), lower-cased. Checked
# against the patterns in tests/test_blocks_link_controls.py.
_SOURCE_VIEW_TEXTS = ("edit", "_sources/", ".rs.html")


def _controls_only(pieces: list, is_control=_is_control) -> bool:
    """A run whose only words are on controls: "Run" under a playground, "Load more";
    separators and a version stamp beside them are no words (_is_stamp).
    A list item is a control only when it is a source link ("Show Source" in a
    sidebar's list): a list of buttons' words may be a list of commands."""
    controls = False
    for piece in pieces:
        if isinstance(piece, str):
            if not _is_stamp(piece.strip()):
                return False
        elif is_control(piece):
            controls = True
        elif _is_stamp("".join(piece.itertext()).strip()):
            continue
        else:
            # An inline wrapper around a source or search link alone (rustdoc's
            # span.sub-heading > a "Source") is that link. (Not around a button:
            # shops wrap every button so, and such runs weigh in choosing the content.)
            inside = [part for child in piece if isinstance(child.tag, str)
                      for part in (child, child.tail or "")]
            if (not _is_stamp((piece.text or "").strip())
                    or not _controls_only(inside, _is_link_control)):
                return False
            controls = True
    return controls


def _in_a_sentence(pieces: list) -> bool:
    """The run so far holds words: a sentence is being written."""
    return any(isinstance(piece, str) and has_alnum(piece) for piece in pieces)


def _has_own_words(pieces: list) -> bool:
    """A text piece of the run holds words (more than separators or a version stamp):
    `_controls_only` says no to such a run whatever its elements are."""
    return any(isinstance(piece, str) and not _is_stamp(piece.strip()) for piece in pieces)


def _is_stamp(text: str) -> bool:
    """No words: nothing but separator glyphs, or a version number ("1.0.0", "v2.3")."""
    if not has_alnum(text):
        return True
    parts = text.lower().removeprefix(VERSION_PREFIX).split(".")
    return len(parts) > 1 and all(part.isascii() and part.isdigit() for part in parts)


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
