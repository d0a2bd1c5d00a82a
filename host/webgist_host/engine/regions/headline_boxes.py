"""Boxes of linked headlines set between an article's own paragraphs, by shape.

News sites put "Most read", "More on this story", "Recommended" and numbered top-ten
boxes between a story's paragraphs: three or more lines that are each mostly one link
of a sentence's length, in an element of their own beside the paragraphs. Their
labels come in every language and often there is none, so they are found by shape.
One or two headlines make such a box too when a short label stands with them in it and
nothing else does ("Read also", "Читайте также", "関連記事" over one or two teasers).
Only on a page whose metadata gives a published date (an article): on a listing page
the "article" is a lead and the boxes of headlines are what the page lists.
"""
from __future__ import annotations

from ..model import Block, BlockKind
from ..words import word_count
from .paths import step_tag
from .sections import common_element, outermost_apart, story_text
from .site_links import host_of, links_within
from .tuning import (HEADLINE_BOX_MAX_ITEMS, HEADLINE_BOX_MIN_ITEMS, HEADLINE_LABEL_MAX_WORDS,
                     HEADLINE_MIN_LINKED, HEADLINE_MIN_WORDS, LABELLED_HEADLINE_MAX_WORDS,
                     TEASER_CARD_MAX_WORDS)

_LIST_TAGS = frozenset({"ul", "ol"})
_LINE_KINDS = frozenset({BlockKind.PARAGRAPH, BlockKind.LIST_ITEM, BlockKind.HEADING})


def headline_boxes(blocks: list[Block], weights: list[int], linked: list[int]) -> list[int]:
    """Indices of the main-content blocks in a box of linked headlines that stands
    between two of the article's own paragraphs, apart from the element that holds
    them, with the short label right above the box."""
    story = story_text(blocks, weights)
    if story is None:
        return []
    kept, own, own_paths, text, position = story
    found: list[int] = []
    for before, after in zip(own, own[1:]):
        between = kept[position[before] + 1:position[after]]
        # Each block's place in `between`, looked up per run (list.index per run
        # made a long stretch of teaser boxes quadratic).
        at = {i: n for n, i in enumerate(between)}
        for heads in _headline_runs(blocks, between, weights, linked):
            labelled = _labelled_box(blocks, between, at, heads, weights, linked)
            if len(heads) < HEADLINE_BOX_MIN_ITEMS and not labelled:
                continue
            box = common_element(blocks[i].xpath for i in labelled or heads) + "/"
            if any(path.startswith(box) for path in own_paths):
                continue        # the headlines share the text's element
            if _wrapper(box) == text:
                continue        # a bare list among the paragraphs: the author's own
            inside = [i for i in between if blocks[i].xpath.startswith(box)]
            if labelled and inside != labelled:
                continue        # the box holds more than its label and headlines
            first = at[inside[0]]
            if (first and not labelled
                    and _is_label(blocks[between[first - 1]], linked[between[first - 1]])):
                found.append(between[first - 1])
            found.extend(inside)
    return sorted(found)


def _labelled_box(blocks: list[Block], between: list[int], at: dict[int, int],
                  heads: list[int], weights: list[int], linked: list[int]) -> list[int]:
    """The label right above a run of fewer than HEADLINE_BOX_MIN_ITEMS headlines and
    the run, when the label stands in the same box as them and nothing else with words
    comes between: a "Read also" box of one or two teasers. The label is what tells such
    a box from the author's own links; the box, from a list the text makes.
    `at`: each block's place in `between`."""
    first = at[heads[0]]
    if (len(heads) >= HEADLINE_BOX_MIN_ITEMS or not first
            or any(word_count(blocks[i].text) > LABELLED_HEADLINE_MAX_WORDS for i in heads)):
        return []
    label = between[first - 1]
    if not _is_label(blocks[label], linked[label]):
        return []
    run = between[first - 1:at[heads[-1]] + 1]
    if any(weights[i] > 0 for i in run if i != label and i not in heads):
        return []
    return run


def _headline_runs(blocks: list[Block], between: list[int], weights: list[int],
                   linked: list[int]) -> list[list[int]]:
    """Runs of up to HEADLINE_BOX_MAX_ITEMS headlines (`headline_boxes` asks for
    HEADLINE_BOX_MIN_ITEMS, or a label); blocks with no words of their own outside links
    (a picture, a teaser's credit link) do not break a run, a line of text does."""
    runs: list[list[int]] = [[]]
    for i in between:
        if _is_headline(blocks[i], linked[i]):
            runs[-1].append(i)
        elif weights[i] > 0 and runs[-1]:
            runs.append([])
    return [run for run in runs if 0 < len(run) <= HEADLINE_BOX_MAX_ITEMS]


def _is_headline(block: Block, linked_words: int) -> bool:
    words = word_count(block.text)
    return (block.kind in _LINE_KINDS and words >= HEADLINE_MIN_WORDS
            and linked_words >= HEADLINE_MIN_LINKED * words)


def _is_label(block: Block, linked_words: int) -> bool:
    words = word_count(block.text)
    return (block.kind in _LINE_KINDS and 0 < words <= HEADLINE_LABEL_MAX_WORDS
            and linked_words < words)


def _wrapper(box: str) -> str:
    """The element a box of headlines stands in: a list's parent for a bare list."""
    element = box.rstrip("/")
    last = element.rsplit("/", 1)[-1]
    if step_tag(last) in _LIST_TAGS:
        element = element.rsplit("/", 1)[0]
    return element


def teaser_cards(blocks: list[Block], weights: list[int], linked: list[int],
                 address: str | None = None) -> list[int]:
    """Indices of the main-content blocks of each lone teaser card set after the first of
    the article's own paragraphs (between them, or after the last): a heading that is one linked headline to another page of
    the site (`address`, the page's own, tells the site), in an element of its own apart
    from the text's paragraphs, with a picture, a teaser line or a byline beside it and
    at most TEASER_CARD_MAX_WORDS words outside links. Cards that follow one another are
    a list the article makes (products, channels), and stay."""
    story = story_text(blocks, weights)
    if story is None:
        return []
    kept, own, own_paths, text, position = story
    site = host_of(address or "")
    cards: list[list[int]] = []
    for i in kept[position[own[0]] + 1:]:
        block = blocks[i]
        if (block.kind != BlockKind.HEADING or not _is_headline(block, linked[i])
                or not links_within(block.rich_text, site)):
            continue
        box = outermost_apart(block.xpath.rsplit("/", 1)[0], own_paths)
        if _wrapper(box + "/") == text or not box.startswith(text + "/"):
            continue
        inside = [j for j in kept if blocks[j].xpath.startswith(box + "/")]
        if (len(inside) > 1
                and sum(1 for j in inside if _is_headline(blocks[j], linked[j])) == 1
                and sum(weights[j] for j in inside) <= TEASER_CARD_MAX_WORDS):
            cards.append(inside)
    found: list[int] = []
    for n, card in enumerate(cards):
        before, after = position[card[0]] - 1, position[card[-1]] + 1
        if any(kept[before] in other or (after < len(kept) and kept[after] in other)
               for m, other in enumerate(cards) if m != n):
            continue            # a run of cards: what the article lists
        found.extend(card)
    return sorted(found)
