"""Whether each layout mark is believed, given what its element holds of the page.

A name or a landmark says what an element is, but not on an element that holds
most of the page: a body class "has-navbar", a "page-header-offset" wrapper around
everything, a "newsletter-post" that is the post. Each mark is weighed against the
page's words, its prose and its links (the shares are in tuning.py), and each
block's marks resolve, innermost first, to the chrome and widget it sits in.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..model import Block, BlockKind, Region, Widget
from .marks import Context, MarkKind, MarkSource
from .paths import nested
from .tuning import (
    ANY_SIZE_LANDMARKS, CHROME_MAX_SHARE, COMMENTS_ARE_CONTENT_SHARE, FILTER_MAX_PROSE_SHARE,
    LINK_HEADER_MIN_PROSE, LINK_NAV_SHARE, NAMED_BYLINE_MAX_WORDS,
    NAV_MIN_LINKED_SHARE, SENTENCE_MIN_WORDS, TRUSTED_MAIN_SHARE, WIDGET_MAX_SHARE,
)

# Enum members read once: in Python 3.11 each `Enum.MEMBER` read off the class costs
# ~100 ns (a descriptor), and these comparisons run for every mark of every block.
_PARAGRAPH = BlockKind.PARAGRAPH
_MAIN = MarkSource.MAIN
_BYLINE = MarkKind.BYLINE
_BODY = MarkSource.BODY
_VENDOR = MarkSource.VENDOR
_REVIEWS = MarkKind.REVIEWS
_LANDMARK = MarkSource.LANDMARK
_WIDGET = MarkSource.WIDGET
_NAV = Region.NAV
_HEADER = Region.HEADER
_FILTER = Widget.FILTER
_COMMENTS = Widget.COMMENTS

# Marks that say page chrome, and marks that say a widget.
CHROME_SOURCES = frozenset({MarkSource.CHROME, MarkSource.LANDMARK})
WIDGET_SOURCES = frozenset({MarkSource.WIDGET, MarkSource.VENDOR})


@dataclass(frozen=True)
class Placement:
    """A block's marks, resolved: what it sits in, as far as the page's names are believed."""

    region: Region | None
    chrome: Region | None
    widget: Widget | None
    explicit_main: str | None
    byline: bool = False       # inside an element named as the byline


def resolve_marks(blocks: list[Block], contexts: list[Context],
                  lineage: list[tuple[str, ...]], linked_words: list[int],
                  words: list[int], product_page: bool,
                  review_page: bool = False,
                  linked_through: list[int] | None = None) -> list[Placement]:
    """Each block's placement (`words`: each block's word count; `linked_through`,
    its linked words counting a block inside a link as linked whole). Blocks in the
    same element share one context object: each is resolved once."""
    belief = _Belief(blocks, contexts, lineage, linked_words, words, product_page, review_page,
                     linked_words if linked_through is None else linked_through)
    resolved: dict[int, Placement] = {}
    placements = []
    for context in contexts:
        placement = resolved.get(id(context))
        if placement is None:
            placement = resolved[id(context)] = belief.place(context)
        placements.append(placement)
    return placements


class _Belief:
    """The page's words, links and prose under each element, and what they make of
    a mark on it."""

    def __init__(self, blocks: list[Block], contexts: list[Context],
                 lineage: list[tuple[str, ...]], linked_words: list[int],
                 block_words: list[int], product_page: bool, review_page: bool,
                 linked_through: list[int]):
        words: dict[str, int] = {}
        linked: dict[str, int] = {}
        through: dict[str, int] = {}
        prose: dict[str, int] = {}
        total = 0
        # Only marked elements are weighed: the sums are kept for their paths alone
        # (a block's ancestry is a dozen or two elements deep, a few of them marked).
        marked = {path for context in contexts for path, _, _ in context.marks}
        for block, chain, in_links, n, in_through in zip(blocks, lineage, linked_words,
                                                         block_words, linked_through):
            total += n
            sentences = (n - in_links if block.kind == _PARAGRAPH
                         and n - in_links >= SENTENCE_MIN_WORDS else 0)
            for p in marked.intersection(chain):
                words[p] = words.get(p, 0) + n
                linked[p] = linked.get(p, 0) + in_links
                through[p] = through.get(p, 0) + in_through
                if sentences:
                    prose[p] = prose.get(p, 0) + sentences
        self.words, self.linked, self.prose = words, linked, prose
        self.through = through
        self.total = total
        self.prose_total = total - sum(linked_words)
        self.product_page = product_page
        self.review_page = review_page
        self._beliefs: dict[tuple[str, MarkSource, Region | Widget | MarkKind], bool] = {}
        mains = {path for context in contexts for path, source, _ in context.marks
                 if source == _MAIN}
        self.trusted_mains = [path for path in mains
                              if words.get(path, 0) - linked.get(path, 0)
                              >= TRUSTED_MAIN_SHARE * self.prose_total > 0]

    def place(self, context: Context) -> Placement:
        """One context's marks, innermost first, as far as they are believed."""
        chrome: Region | None = None
        widget: Widget | None = None
        explicit_main: str | None = None
        byline = False
        for path, source, kind in reversed(context.marks):     # innermost first
            if kind == _BYLINE:
                # ...which says where it sits, not what it is: the widgets around
                # it still decide.
                byline = byline or self.words.get(path, 0) <= NAMED_BYLINE_MAX_WORDS
            elif source == _MAIN:
                explicit_main = explicit_main or path
            elif source == _BODY:
                continue          # says where the text is, not what to drop
            elif not self.believed(path, source, kind):
                continue
            elif (source in CHROME_SOURCES and chrome is None and explicit_main is None
                    and isinstance(kind, Region)):
                chrome = kind
            elif source in WIDGET_SOURCES and widget is None:
                widget = self._widget(kind)
        return Placement(context.region, chrome, widget, explicit_main, byline)

    def _widget(self, kind: Region | Widget | MarkKind) -> Widget | None:
        """The widget a believed widget mark puts its blocks in; None to look further
        out. On a page that declares it sells a product, its reviews are furniture
        at any size (they often outweigh the description), and so is a carousel;
        on a page that declares itself a critic's review, a box named "review" is
        the review's own (score, pros and cons); elsewhere reviews count as comments
        and a carousel is left unnamed."""
        if kind == _REVIEWS:
            if self.review_page:
                return None
            return Widget.PRODUCT_REVIEWS if self.product_page else Widget.COMMENTS
        if kind == Widget.CAROUSEL:
            return Widget.PRODUCT_CAROUSEL if self.product_page else None
        return kind if isinstance(kind, Widget) else None

    def believed(self, path: str, source: MarkSource, kind: Region | Widget | MarkKind) -> bool:
        """Whether a mark on the element at `path` is believed, weighed once per mark:
        each context repeats its ancestors' marks, and a page's contexts ask about
        each mark several times."""
        mark = (path, source, kind)
        answer = self._beliefs.get(mark)
        if answer is None:
            answer = self._beliefs[mark] = self._weigh(path, source, kind)
        return answer

    def _weigh(self, path: str, source: MarkSource, kind: Region | Widget | MarkKind) -> bool:
        """Whether a mark on the element at `path` is believed (see tuning.py for
        each share and its reason)."""
        if (source == _VENDOR or kind == _REVIEWS and self.product_page
                or source == _LANDMARK and kind in ANY_SIZE_LANDMARKS):
            return True
        if source in CHROME_SOURCES and self._beside_trusted_main(path):
            return True
        held = self.words.get(path, 0)
        in_links = self.linked.get(path, 0)
        share = WIDGET_MAX_SHARE if source == _WIDGET else CHROME_MAX_SHARE
        # A navigation landmark (or a page header) made of links is navigation at any size.
        link_nav = (source == _LANDMARK and in_links >= LINK_NAV_SHARE * held
                    and (kind == _NAV or kind == _HEADER
                         and self.prose_total >= LINK_HEADER_MIN_PROSE))
        if held >= share * self.total and not link_nav:
            return False
        # Prose outside links, measured the same way: a column named
        # "sidebar-first-only" that carries most of the page's prose is the article.
        if held - in_links >= share * self.prose_total > 0:
            return False
        # A navigation mark's links may be drawn around whole blocks (a menu's <a>
        # around <div>s): counted as linked here only, where the mark is already small;
        # the any-size shortcut above would drop a landmark of link-wrapped cards.
        if kind == _NAV and held and max(in_links, self.through.get(path, 0)) \
                < NAV_MIN_LINKED_SHARE * held:
            return False
        if kind == _FILTER and self.prose.get(path, 0) >= FILTER_MAX_PROSE_SHARE * held > 0:
            return False
        return True

    def _beside_trusted_main(self, path: str) -> bool:
        """Whether a <main> trusted to hold the content stands beside this element."""
        return bool(self.trusted_mains) and not any(
            nested(main, path) for main in self.trusted_mains)


def comments_are_content(placements: list[Placement], contexts: list[Context],
                         lineage: list[tuple[str, ...]], weights: list[int],
                         container: str | None) -> bool:
    """Whether the comments are the page's bulk. A block counts as a comment when
    something around it inside the container is named as one, believed or not: a long
    reply too big to be believed as a widget is still one of the thread's replies."""
    comment_weight = other_weight = 0
    for i, w in enumerate(weights):
        if container is not None and container not in lineage[i]:
            continue
        named = any(
            source == _WIDGET and kind == _COMMENTS
            and (container is None or path.startswith(container + "/"))
            for path, source, kind in contexts[i].marks)
        if placements[i].chrome is None and (placements[i].widget == _COMMENTS or named):
            comment_weight += w
        elif placements[i].chrome is None:
            other_weight += w
    return comment_weight >= COMMENTS_ARE_CONTENT_SHARE * (comment_weight + other_weight) > 0
