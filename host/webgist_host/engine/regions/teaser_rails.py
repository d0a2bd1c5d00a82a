"""Rails of teaser cards set between an article's own paragraphs, by shape.

News templates drop a "Recommended", "More from this section" or "Trending" rail
into the story's text: three or more cards built alike, each a linked headline to
another page of the site and a line about it, in a box of their own. The headline
boxes rule reads runs of headlines, and a teaser line between two of them ends its
run; the series rules read what follows the text. Here the cards are found as a
series of sibling elements (as the series rules find them) standing between two of
the article's paragraphs. Only on a dated page: elsewhere cards between lines of
prose are what the page lists.

After the last paragraph, inside the text's element, the same cards stand as the
story's "previous / next" pair (`closing_cards`): two of them, each with a line about
its story; the series rules read three or more outside that element.
"""
from __future__ import annotations

from ..model import Block, BlockKind
from .paths import BlocksByPath, enclosing_elements
from .sections import is_furniture_heading, led_series, outermost_apart, story_text
from .site_links import host_of, links_within
from .tuning import (CLOSING_CARDS_MIN_ITEMS, DATED_TEASER_SERIES_MIN_ITEMS, HEADLINE_MIN_WORDS,
                     TEASER_CARD_MAX_WORDS, TEASER_LEAD_MIN_LINKED)
from .vocabulary import MARKDOWN_LINK_PATTERN

# Emphasis and spaces around a line that is one link as a whole ("**[Headline](…)**").
_EDGES = "*_ "


def teaser_rails(blocks: list[Block], words: list[int], weights: list[int], linked: list[int],
                 address: str | None = None) -> list[int]:
    """Indices of the main-content blocks in a rail of teaser cards between two of the
    article's own paragraphs: DATED_TEASER_SERIES_MIN_ITEMS or more sibling elements,
    each led by a linked headline (HEADLINE_MIN_WORDS words or more, mostly linked) to
    another page of the site (`address`, the page's own, tells it) and holding a picture
    or a line beside it and at most TEASER_CARD_MAX_WORDS words outside links, set in
    an element of their own that holds none of the article's paragraphs; the outermost
    element around them that holds none of those paragraphs goes, its label with it."""
    story = story_text(blocks, weights)
    if story is None:
        return []
    kept, own, own_paths, text, position = story
    site = host_of(address or "")
    holding_text = enclosing_elements(own_paths)
    found: list[int] = []
    for before, after in zip(own, own[1:]):
        between = kept[position[before] + 1:position[after]]
        if (len(between) < DATED_TEASER_SERIES_MIN_ITEMS
                or _parent(blocks[before].xpath) != _parent(blocks[after].xpath)):
            continue        # the rail interrupts a run of paragraphs, not cards of a listing
        series = led_series(blocks, between, words, lambda i, count: (
            count >= HEADLINE_MIN_WORDS and _linked_line(blocks[i], count, linked[i])
            and links_within(blocks[i].rich_text, site)))
        if not series:
            continue
        rails = _Rails(blocks, between, own_paths)
        for (parent, _, _), items in series.items():
            if (len(items) < DATED_TEASER_SERIES_MIN_ITEMS or parent == text
                    or parent + "/" in holding_text):
                continue        # a few lines, or cards laid in the text: the author's
            by_child = rails.by_path.by_child(parent + "/")
            cards = [by_child.get(step, []) for step in items]
            if any(len(card) < 2 for card in cards):
                continue        # lines of links alone: the headline boxes rule reads those
            if any(sum(weights[i] for i in card) > TEASER_CARD_MAX_WORDS for card in cards):
                continue        # an item says more than a teaser: a section of the text
            found.extend(rails.taken(parent, cards))
    return sorted(set(found))


def closing_cards(blocks: list[Block], words: list[int], weights: list[int], linked: list[int],
                  address: str | None = None) -> list[int]:
    """Indices of the main-content blocks in a set of teaser cards after the article's
    last own paragraph, inside the element that holds its text: CLOSING_CARDS_MIN_ITEMS
    or more sibling elements built as `teaser_rails` reads them (a "previous / next
    story" pair, a "more in this section" row), each with a line of words outside
    links beside its headline, in a box holding none of the article's paragraphs. The
    series rules read three items or more outside the text's element; a story's pager
    is two cards, and a template may set it inside that element."""
    story = story_text(blocks, weights)
    if story is None:
        return []
    kept, own, own_paths, text, position = story
    after = kept[position[own[-1]] + 1:]
    if len(after) < 2 * CLOSING_CARDS_MIN_ITEMS:
        return []
    site = host_of(address or "")

    def site_link(i: int) -> bool:
        return (_linked_line(blocks[i], words[i], linked[i])
                and links_within(blocks[i].rich_text, site))

    # A pager's card may open with a short linked label ("Next story") over its headline.
    series = led_series(blocks, after, words, lambda i, count: site_link(i))
    if not series:
        return []
    holding_text = enclosing_elements(own_paths)
    rails = _Rails(blocks, after, own_paths)
    found: list[int] = []
    for (parent, _, _), items in series.items():
        if (len(items) < CLOSING_CARDS_MIN_ITEMS or parent == text
                or parent + "/" in holding_text):
            continue        # items of a list whose others hold the text: the list is the text
        by_child = rails.by_path.by_child(parent + "/")
        cards = [by_child.get(step, []) for step in items]
        if any(len(card) < 2 or not any(words[i] >= HEADLINE_MIN_WORDS and site_link(i)
                                        for i in card)
               or not any(weights[i] and not site_link(i) for i in card) for card in cards):
            continue        # a teaser card says a line about its story; links alone are a list
        # Words outside links, the linked lines left out: a headline inside a link
        # drawn around blocks counts no linked word.
        if any(sum(weights[i] for i in card if not _linked_line(blocks[i], words[i], linked[i]))
               > TEASER_CARD_MAX_WORDS for card in cards):
            continue
        found.extend(rails.taken(parent, cards))
    return sorted(set(found))


class _Rails:
    """The rails around the series among `blocks` at `indices`: the outermost element
    around a series' parent that holds none of the story's paragraphs (`own_paths`),
    with the blocks inside it. Each box is read once, however many series share it:
    a page of a thousand teaser boxes in one wrapper asks for the same box each time."""

    def __init__(self, blocks: list[Block], indices: list[int], own_paths: list[str]):
        self.blocks, self.own_paths = blocks, own_paths
        self.by_path = BlocksByPath([blocks[i].xpath for i in indices], indices)
        self._boxes: dict[str, tuple[list[int], list[int]]] = {}
        self._gone: set[str] = set()

    def taken(self, parent: str, cards: list[list[int]]) -> list[int]:
        """The blocks of the rail around the series at `parent` (its items' blocks,
        `cards`), or [] when its box goes already or an author's heading heads it: one
        that names no furniture ("Our picks", "The contenders" over a buying guide's
        cards of the site's own reviews). A site's rail carries a label
        ("Recommended", "Baca juga") or none."""
        box = outermost_apart(parent, self.own_paths) + "/"
        if box in self._gone:
            return []
        if box not in self._boxes:
            rail = self.by_path.inside(box)
            self._boxes[box] = (rail, [i for i in rail if self.blocks[i].kind == BlockKind.HEADING
                                       and not is_furniture_heading(self.blocks[i].text)])
        rail, headings = self._boxes[box]
        in_cards = {i for card in cards for i in card}
        if any(i not in in_cards for i in headings):
            return []
        self._gone.add(box)
        return rail


def _parent(path: str) -> str:
    return path.rsplit("/", 1)[0]


def _linked_line(block: Block, count: int, linked_words: int) -> bool:
    """Whether a line of `count` words is mostly link words, or one link as a whole: a
    card built as one link around its picture and headline holds the headline's block,
    and the tree credits that link to no block."""
    return (linked_words >= TEASER_LEAD_MIN_LINKED * count
            or MARKDOWN_LINK_PATTERN.fullmatch(block.rich_text.strip(_EDGES)) is not None)
