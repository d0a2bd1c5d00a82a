"""The main-content container: where on the page the content is.

Choosing it does not trust <article> or <main> alone: the page's text is weighed
(words outside links, in blocks that are not page chrome), and the walk goes down
from the top while one child still holds most of that weight. An explicit <main>
or role=main that holds most of it is where the walk starts. The walk never
narrows to one tab panel of a set, nor where it would leave a series of card
titles behind; where it stops above a lone <article>, or above an element named
as the article's body, the container narrows to it. The shares are in tuning.py.
"""
from __future__ import annotations

from typing import NamedTuple

from ..words import word_count
from ..model import Block, BlockKind
from .belief import Placement
from .marks import Context, MarkSource
from .paths import nested, step_tag
from .tuning import (
    ARTICLE_FOCUS_SHARE, CARD_SERIES_MIN_SHARE, CARD_SERIES_MIN_TITLES, CARD_TITLE_MIN_LINKED,
    CONTAINER_SHARE, DROPPED_WIDGETS, EXPLICIT_MAIN_SHARE, SERIES_BODY_SHARE,
)

# Enum members read once: in Python 3.11 each `Enum.MEMBER` read off the class costs
# ~100 ns (a descriptor), and these comparisons run for every block, or every mark of every block.
_HEADING = BlockKind.HEADING
_BODY = MarkSource.BODY

# (lineage, words) of each card title: see card_titles.
CardTitles = tuple[tuple[tuple[str, ...], int], ...]
# Sibling steps that make <article>s a series (forum posts, product cards).
SERIES_STEP_TAGS = frozenset({"article", "li"})


class Container(NamedTuple):
    """The main-content container (None: keep the whole page), a note saying how it
    was found, and the element named as the article's body inside it, if one holds
    most of it."""

    path: str | None
    note: str
    body: str | None


class _Weights(NamedTuple):
    """Content weight under each element path, outside chrome and dropped widgets."""

    weight: dict[str, int]
    children: dict[str, set[str]]
    explicit: dict[str, int]          # weight under each explicit <main>
    total: int


def choose_container(placements: list[Placement], lineage: list[tuple[str, ...]],
                     weights: list[int], focus_article: bool = True,
                     tab_panels: frozenset[str] = frozenset(),
                     article_bodies: frozenset[str] = frozenset(),
                     card_titles: CardTitles = ()) -> Container:
    """Walk down from the top (or an explicit <main> holding most of the weight)
    while one child holds CONTAINER_SHARE of the page's weight; then, when
    `focus_article`, narrow to a lone <article> and find the article's body."""
    weighed = _weigh(placements, lineage, weights)
    if not weighed.total:
        return Container(None, "no weighty text outside page chrome: the whole page is kept",
                         None)
    weight, total = weighed.weight, weighed.total
    start = next((p for p, w in weighed.explicit.items() if w >= EXPLICIT_MAIN_SHARE * total),
                 None)
    node = start or next(iter(weight))  # the root is the first path every chain shares
    while True:
        kids = weighed.children.get(node)
        if not kids:
            break
        best = max(kids, key=lambda p: weight.get(p, 0))
        if weight.get(best, 0) < CONTAINER_SHARE * total or best in tab_panels:
            break
        if card_titles and _leaves_cards_out(node, best, card_titles, weight.get(best, 0)):
            break
        node = best
    how = "inside the page's <main>" if start else "by text weight"
    body = None
    if focus_article:
        article = _lone_article(node, weight)
        if article is not None:
            node, how = article, how + ", narrowed to the <article> that holds most of it"
        body = _lone_article_body(node, weight, article_bodies)
        if body is not None:
            how += f", ending with the article body {body}"
    share = weight.get(node, 0) / total
    return Container(node, f"main content container {node} ({how}; holds {share:.0%} of "
                           "the page's prose)", body)


def _weigh(placements: list[Placement], lineage: list[tuple[str, ...]],
           weights: list[int]) -> _Weights:
    weight: dict[str, int] = {}
    children: dict[str, set[str]] = {}
    explicit: dict[str, int] = {}
    total = 0
    for i, (placement, w) in enumerate(zip(placements, weights)):
        if placement.chrome is not None or placement.widget in DROPPED_WIDGETS:
            continue
        if not w:
            continue
        total += w
        chain = lineage[i]
        for parent, child in zip(chain, chain[1:]):
            children.setdefault(parent, set()).add(child)
        for p in chain:
            weight[p] = weight.get(p, 0) + w
        if placement.explicit_main:
            explicit[placement.explicit_main] = explicit.get(placement.explicit_main, 0) + w
    return _Weights(weight, children, explicit, total)


def card_titles(blocks: list[Block], placements: list[Placement],
                lineage: list[tuple[str, ...]], linked: list[int]) -> CardTitles:
    """(lineage, words) of each linked heading, outside chrome and dropped widgets,
    that titles one of a series of cards: CARD_SERIES_MIN_TITLES or more headings
    whose paths differ in one step's position only (`li[1]/h3`, `li[2]/h3`, ...)."""
    titles = [i for i, block in enumerate(blocks)
              if block.kind == _HEADING and placements[i].chrome is None
              and placements[i].widget not in DROPPED_WIDGETS
              and linked[i] >= CARD_TITLE_MIN_LINKED * word_count(block.text) > 0]
    if len(titles) < CARD_SERIES_MIN_TITLES:
        return ()
    series: dict[tuple[int, str, str, str], list[int]] = {}
    for i in titles:
        steps = blocks[i].xpath.split("/")
        for k, step in enumerate(steps):
            # The same path with this one step's position left open.
            key = (k, "/".join(steps[:k]), step_tag(step), "/".join(steps[k + 1:]))
            series.setdefault(key, []).append(i)
    in_series = sorted({i for members in series.values()
                        if len(members) >= CARD_SERIES_MIN_TITLES for i in members})
    return tuple((lineage[i], word_count(blocks[i].text)) for i in in_series)


def _leaves_cards_out(node: str, child: str, titles: CardTitles, child_weight: int) -> bool:
    """Whether going from `node` into `child` would leave a series of cards behind."""
    left = [words for chain, words in titles if node in chain and child not in chain]
    return (len(left) >= CARD_SERIES_MIN_TITLES
            and sum(left) >= CARD_SERIES_MIN_SHARE * child_weight)


def _lone_article(node: str, weight: dict[str, int]) -> str | None:
    """The <article> inside the container that holds most of its weight, unless it is
    one of a series (forum posts, product cards: <article> siblings, or one per <li>),
    or the container is already inside an <article>."""
    if "/article[" in node:
        return None
    articles = [p for p in weight if p.startswith(node + "/")
                and step_tag(p.rsplit("/", 1)[-1]) == "article"]
    if not articles:
        return None
    best = max(articles, key=lambda p: weight[p])
    if weight[best] < ARTICLE_FOCUS_SHARE * weight.get(node, 0):
        return None
    steps = best.split("/")
    for other in articles:
        if nested(other, best):
            continue
        others = other.split("/")
        if len(others) != len(steps):
            continue
        differ = [(a, b) for a, b in zip(steps, others) if a != b]
        if (len(differ) == 1 and step_tag(differ[0][0]) == step_tag(differ[0][1])
                and step_tag(differ[0][0]) in SERIES_STEP_TAGS):
            return None
    return best


def article_bodies(contexts: list[Context]) -> frozenset[str]:
    """Paths of the elements named as an article's body, over all blocks' marks."""
    return frozenset(path for context in contexts
                     for path, source, _ in context.marks if source == _BODY)


def _lone_article_body(node: str, weight: dict[str, int], bodies: frozenset[str]) -> str | None:
    """The element named as the article's body inside the container, when it holds at
    least ARTICLE_FOCUS_SHARE of the container's weight and no other body stands
    beside it (a list of post excerpts, each in its own "entry-content").

    The body says where the article's text ends: what follows it in the container
    is the teaser grid, the sign-up band, the author's other posts. What comes
    before it (the title band, the lead image) stays.
    """
    if any(node == body or node.startswith(body + "/") for body in bodies):
        return None                  # the container is the body already, or inside it
    inside = [p for p in bodies if p.startswith(node + "/") and p in weight]
    if not inside:
        return None
    # The heaviest; of nested bodies holding the same text, the outermost.
    best = max(inside, key=lambda p: (weight[p], -len(p)))
    if weight[best] < ARTICLE_FOCUS_SHARE * weight.get(node, 0):
        return None
    for other in inside:
        if not nested(other, best) and weight[other] >= SERIES_BODY_SHARE * weight[best]:
            return None
    return best


def last_block_inside(lineage: list[tuple[str, ...]], path: str | None) -> int:
    """Index of the last block inside `path`; past the end when there is none.
    (Read from the end: the blocks after the body are few.)"""
    if path is not None:
        for i in range(len(lineage) - 1, -1, -1):
            if path in lineage[i]:
                return i
    return len(lineage)
