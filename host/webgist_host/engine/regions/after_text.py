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

from typing import Callable

from ..model import Block, BlockKind
from .sections import article_paragraphs, common_element
from .vocabulary import RECIPE_ITEMTYPE_RE, RECIPE_WORDS, naming_words
from .tuning import (BEFORE_TEXT_MAX_WORDS, CONTINUATION_MAX_LINKED_SHARE,
                     CONTINUATION_MIN_PARAGRAPHS, SENTENCE_MIN_WORDS)

_LINE_KINDS = frozenset({BlockKind.PARAGRAPH, BlockKind.LIST_ITEM})


def after_text_band(blocks: list[Block], weights: list[int], words: list[int],
                    twins_of: Callable[[str], frozenset[str]],
                    recipes_among: Callable[[set[str]], set[str]],
                    marked_by: frozenset[str] | None = None) -> list[int]:
    """Indices of the main-content blocks after the article's last own paragraph
    (`article_paragraphs`) that stand outside the innermost element holding all of
    its own paragraphs and outside that element's twins (`twins_of`: its siblings
    built as it is, where an editor cut the text into boxes alike), outside its
    siblings that go on with the text (`_continuations`) and outside a recipe card
    (`recipes_among`: which of the paths given name one). With `marked_by` (paths of
    elements named as an article's body), only when that element is or stands in an
    `<article>` or such a body."""
    found = _story_text(blocks, weights, marked_by)
    if found is None:
        return []
    kept, own, element = found
    inside = (element + "/", *(twin + "/" for twin in twins_of(element)))
    band = [i for i in kept if i > own[-1] and not blocks[i].xpath.startswith(inside)]
    if not band:
        return []
    going_on = _continuations(blocks, weights, words, band, element)
    in_recipe = _in_recipe(blocks, band, element, recipes_among)
    return [i for i in band if i not in going_on and i not in in_recipe]


def _in_recipe(blocks: list[Block], band: list[int], element: str,
               recipes_among: Callable[[set[str]], set[str]]) -> set[int]:
    """The blocks of `band` inside a recipe card that stands beside the text's
    `element` (under its parent)."""
    parent = element.rsplit("/", 1)[0] + "/" if "/" in element else "/"
    boxes_of = {i: _boxes_below(blocks[i].xpath, parent) for i in band}
    recipes = recipes_among({box for boxes in boxes_of.values() for box in boxes})
    return {i for i, boxes in boxes_of.items() if not recipes.isdisjoint(boxes)}


def names_recipe(el) -> bool:
    """Whether the element's names or microdata say it is a recipe card."""
    return (not RECIPE_WORDS.isdisjoint(naming_words(el))
            or any(RECIPE_ITEMTYPE_RE.match(kind) for kind in (el.get("itemtype") or "").split()))


def _boxes_below(path: str, parent: str) -> list[str]:
    """The paths of the elements between `parent` (a path with a closing "/") and the
    block at `path`, the block's own element left out."""
    if not path.startswith(parent):
        return []
    boxes, end = [], path.find("/", len(parent))
    while end != -1:
        boxes.append(path[:end])
        end = path.find("/", end + 1)
    return boxes


def _continuations(blocks: list[Block], weights: list[int], words: list[int],
                   band: list[int], element: str) -> set[int]:
    """The blocks of `band` in siblings of the text's `element` that hold nothing but
    paragraphs of their own words, CONTINUATION_MIN_PARAGRAPHS or more of them
    sentences: the rest of a story an ad slot cut off into a box not built as the
    first."""
    if "/" not in element:
        return set()
    parent = element.rsplit("/", 1)[0] + "/"
    by_sibling: dict[str, list[int]] = {}
    for i in band:
        path = blocks[i].xpath
        if path.startswith(parent):
            step, _, below = path[len(parent):].partition("/")
            if below:       # in a box under the parent, not the parent's own block
                by_sibling.setdefault(parent + step, []).append(i)
    going_on: set[int] = set()
    for inside in by_sibling.values():
        if (all(blocks[i].kind == BlockKind.PARAGRAPH
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
    return [i for i in kept if i < own[0] and blocks[i].kind in _LINE_KINDS
            and 0 < words[i] <= BEFORE_TEXT_MAX_WORDS and not blocks[i].xpath.startswith(text)]


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
