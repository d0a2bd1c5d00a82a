"""What stands around the article's text outside the element that holds it, by position.

An article's own paragraphs sit in one element (the body a CMS writes them into).
After the last of them, what stands outside that element is what the site sets
after every story: the author's card, tags, "previous / next", a sign-up or
donation band, a disclaimer, teasers of other posts. The rules before this one name
each of these by its shape; this one takes what is left of that band, on pages that
say they are articles (a published date; or a text that stands in an `<article>` or
an element named as the article's body). Before the first paragraph the same holds
for short lines (the section, the writer's name, "Share"); the headline, the
standfirst and pictures stay.
"""
from __future__ import annotations

from typing import Callable, NamedTuple

from ..model import Block, BlockKind
from .sections import article_paragraphs, common_element
from .vocabulary import RECIPE_ITEMTYPE_RE, RECIPE_LIST_WORDS, RECIPE_WORDS, naming_words
from .tuning import (BEFORE_TEXT_MAX_WORDS, CONTINUATION_MAX_LINKED_SHARE,
                     CONTINUATION_MIN_PARAGRAPHS, FURNISHING_TAGS, SENTENCE_MIN_WORDS)

_LINE_KINDS = frozenset({BlockKind.PARAGRAPH, BlockKind.LIST_ITEM})
# A list of this many items or more, none of them linked, before the text is its
# summary ("Key points", "In brief", the story's bullets), not the site's band: the
# band's lists are links (breadcrumbs, share buttons, tags) or a date and a name.
SUMMARY_LIST_MIN_ITEMS = 3


class BoxTraits(NamedTuple):
    """What an element around the band's blocks is, as the tree tells it."""

    recipe: bool        # a recipe card, by its names or schema.org microdata
    furnished: bool     # holds a control, a picture or a heading element


def box_traits(el) -> BoxTraits:
    """The traits of one element (`BoxTraits`)."""
    words = naming_words(el)
    recipe = ((not RECIPE_WORDS.isdisjoint(words) and RECIPE_LIST_WORDS.isdisjoint(words))
              or any(RECIPE_ITEMTYPE_RE.match(kind) for kind in (el.get("itemtype") or "").split()))
    return BoxTraits(recipe, next(el.iter(*FURNISHING_TAGS), None) is not None)


def after_text_band(blocks: list[Block], weights: list[int], words: list[int],
                    twins_of: Callable[[str], frozenset[str]],
                    traits_of: Callable[[set[str]], dict[str, BoxTraits]],
                    marked_by: frozenset[str] | None = None) -> list[int]:
    """Indices of the main-content blocks after the article's last own paragraph
    (`article_paragraphs`) that stand outside the innermost element holding all of
    its own paragraphs and outside that element's twins (`twins_of`: its siblings
    built as it is, where an editor cut the text into boxes alike), outside its
    siblings that go on with the text (`_continuations`) and outside a recipe card
    under its parent (`traits_of` tells, for the paths asked, what each element is).
    With `marked_by` (paths of elements named as an article's body), only when that
    element is or stands in an `<article>` or such a body."""
    found = _story_text(blocks, weights, marked_by)
    if found is None:
        return []
    kept, own, element = found
    inside = (element + "/", *(twin + "/" for twin in twins_of(element)))
    band = [i for i in kept if i > own[-1] and not blocks[i].xpath.startswith(inside)]
    if not band:
        return []
    parent = element.rsplit("/", 1)[0] + "/" if "/" in element else "/"
    boxes_of = {i: _boxes_below(blocks[i].xpath, parent) for i in band}
    traits = traits_of({box for boxes in boxes_of.values() for box in boxes})
    going_on = _continuations(blocks, weights, words, boxes_of, traits)
    in_recipe = {i for i, boxes in boxes_of.items()
                 if any(traits[box].recipe for box in boxes if box in traits)}
    return [i for i in band if i not in going_on and i not in in_recipe]


def _boxes_below(path: str, parent: str) -> list[str]:
    """The paths of the elements between `parent` (a path with a closing "/") and the
    block at `path`, outermost first, the block's own element left out."""
    if not path.startswith(parent):
        return []
    boxes, end = [], path.find("/", len(parent))
    while end != -1:
        boxes.append(path[:end])
        end = path.find("/", end + 1)
    return boxes


def _continuations(blocks: list[Block], weights: list[int], words: list[int],
                   boxes_of: dict[int, list[str]], traits: dict[str, BoxTraits]) -> set[int]:
    """The band's blocks (`boxes_of`: each one's boxes under the text's parent) in a
    sibling of the text's element that holds no control, picture or heading element
    and no block but paragraphs of their own words, CONTINUATION_MIN_PARAGRAPHS or
    more of them sentences: the rest of a story an ad slot cut off into a box not
    built as the first."""
    by_sibling: dict[str, list[int]] = {}
    for i, boxes in boxes_of.items():
        if boxes:           # in a box under the parent, not the parent's own block
            by_sibling.setdefault(boxes[0], []).append(i)
    going_on: set[int] = set()
    for sibling, inside in by_sibling.items():
        if (sibling in traits and not traits[sibling].furnished
                and all(blocks[i].kind == BlockKind.PARAGRAPH
                        and weights[i] >= (1 - CONTINUATION_MAX_LINKED_SHARE) * words[i]
                        for i in inside)
                and sum(weights[i] >= SENTENCE_MIN_WORDS for i in inside)
                >= CONTINUATION_MIN_PARAGRAPHS):
            going_on.update(inside)
    return going_on


def before_text_lines(blocks: list[Block], weights: list[int], words: list[int],
                      marked_by: frozenset[str] | None = None) -> list[int]:
    """Indices of the short lines (paragraphs and list items of BEFORE_TEXT_MAX_WORDS
    words or fewer) before the article's first own paragraph that stand outside the
    innermost element holding all of its own paragraphs (`marked_by` as in
    after_text_band)."""
    found = _story_text(blocks, weights, marked_by)
    if found is None:
        return []
    kept, own, element = found
    text = element + "/"
    lines = [i for i in kept if i < own[0] and blocks[i].kind in _LINE_KINDS
             and 0 < words[i] <= BEFORE_TEXT_MAX_WORDS and not blocks[i].xpath.startswith(text)]
    summary = _summary_lists(blocks, weights, words, [i for i in kept if i < own[0]])
    return [i for i in lines if i not in summary]


def _summary_lists(blocks: list[Block], weights: list[int], words: list[int],
                   before: list[int]) -> set[int]:
    """The items, among the blocks `before` the text, of the lists holding
    SUMMARY_LIST_MIN_ITEMS items or more there, none of them linked."""
    lists: dict[str, list[int]] = {}
    for i in before:
        if blocks[i].kind == BlockKind.LIST_ITEM:
            lists.setdefault(blocks[i].xpath.rsplit("/", 1)[0], []).append(i)
    return {i for items in lists.values() if len(items) >= SUMMARY_LIST_MIN_ITEMS
            and all(weights[i] == words[i] > 0 for i in items) for i in items}


def _story_text(blocks: list[Block], weights: list[int], marked_by: frozenset[str] | None
                ) -> tuple[list[int], list[int], str] | None:
    """The main content's block indices, the article's own paragraphs among them and
    the path of the innermost element holding those; None when there are none, or
    when that element does not say it is a story (`_marked`)."""
    kept = [i for i, block in enumerate(blocks) if block.in_main]
    own = article_paragraphs(blocks, kept, weights)
    if not own:
        return None
    element = common_element(blocks[i].xpath for i in own)
    if not _marked(element + "/", marked_by):
        return None
    return kept, own, element


def _marked(text: str, marked_by: frozenset[str] | None) -> bool:
    """Whether the element at `text` (a path with a closing "/") says it is a story:
    always without `marked_by`; else when it is or stands in an `<article>` or an
    element named as the article's body (a path in `marked_by`)."""
    return (marked_by is None or "/article[" in text
            or any(text.startswith(body + "/") for body in marked_by))
