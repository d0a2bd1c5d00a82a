"""Article text the container walk left beside the container.

The walk goes down into a child while it holds most of the page's weight, so the
text of a sibling beside that child is cut off when the article is split over
several boxes:

- the article goes on in the container's twins: editors that cut a story into
  sections write each as the same box (same tag, same class list), with a wide
  picture or a pull quote between them;
- the lead stands between the title and the body in its own box: the standfirst
  under the headline, the intro paragraph of a review above its score box; on a
  page that is no article (a grid, a landing page's sections, a shop's offer), the
  intro set in the title's band, above the grid or the sections that sit deeper.

Both are read from the page's shape; the numbers are in tuning.py.
"""
from __future__ import annotations

from ..dom.nodes import TreeIndex
from ..model import Block, BlockKind
from .belief import Placement
from .paths import shared_ancestor, step_tag
from .sections import is_title
from .tuning import DROPPED_WIDGETS, LEAD_MAX_LINKED_SHARE, SENTENCE_MIN_WORDS

# The lead is written as paragraphs. Not captions: whether the lead picture's
# caption belongs to the article is a convention references split on.
_PARAGRAPH = BlockKind.PARAGRAPH
_HEADING = BlockKind.HEADING
_CODE = BlockKind.CODE
# What the lead is made of: its sentences, and the code between them.
_LEAD_KINDS = (_PARAGRAPH, _CODE)
# Wrappers that set their code apart from the lead inside its box: a menu (a table of
# contents), a form (a highlighter's <div> or <figure> does not). An <aside>, <header>,
# <footer> or <dialog> around code never reaches this test: the container walk or the
# placement marks take it out first.
_APART_TAGS = frozenset({"nav", "menu", "form"})


def container_twins(tree: TreeIndex, container: str | None,
                    lineage: list[tuple[str, ...]]) -> frozenset[str]:
    """Paths of the container's siblings that hold blocks and are built as it is:
    the same tag and the same (non-empty) class list."""
    if container is None or "/" not in container:
        return frozenset()
    parent = container.rsplit("/", 1)[0]
    depth = parent.count("/") - 1      # the parent's place in a lineage ("/html[1]" is 0)
    # A twin has the container's tag, which the last step of its path spells; only
    # those are looked up in the tree.
    tag = step_tag(container.rsplit("/", 1)[1])
    siblings = set()
    for chain in lineage:
        if (len(chain) > depth + 1 and chain[depth] == parent and chain[depth + 1] != container
                and step_tag(chain[depth + 1].rsplit("/", 1)[1]) == tag):
            siblings.add(chain[depth + 1])
    if not siblings:
        return frozenset()
    found = tree.elements_at(siblings | {container})
    own = found.get(container)
    if not own:
        return frozenset()
    own_tag, classes = tree.tags.get(own[-1]), tree.class_values.get(own[-1])
    if not classes or not classes.strip():
        return frozenset()
    return frozenset(path for path in siblings
                     if any(tree.tags.get(el) == own_tag and tree.class_values.get(el) == classes
                            for el in found.get(path, ())))


def lead_sentences(blocks: list[Block], placements: list[Placement],
                   lineage: list[tuple[str, ...]], weights: list[int], words: list[int],
                   container: str | None, beyond_siblings: bool = False) -> list[int]:
    """Indices of the paragraphs in the container's siblings between the page's
    <h1> and the container (the lead between the title and the body) that are
    sentences: SENTENCE_MIN_WORDS words or more outside links, at most
    LEAD_MAX_LINKED_SHARE of them linked, outside chrome and dropped widgets.
    What stands above the title is the site's (a banner, a notice), not the
    article's. `beyond_siblings`: the lead may stand anywhere inside the element
    that holds both the title and the container, with the headings over its
    sentences. A listing, a shop's category or
    a landing page sets its intro beside the title, in a band of its own, and its
    grid or its sections deeper down; an article's body is one box, and what
    stands between its title and it outside that box's parent (a disclaimer, a
    summary of picks) is its site's."""
    if container is None or "/" not in container:
        return []
    title = next((i for i, block in enumerate(blocks)
                  if is_title(block)), None)
    if title is None:
        return []
    parent = container.rsplit("/", 1)[0]
    if beyond_siblings:
        parent = shared_ancestor(blocks[title].xpath, parent)
    lead: list[int] = []
    headings: list[int] = []
    code: list[int] = []
    for i in range(title + 1, len(blocks)):
        chain = lineage[i]
        if container in chain:
            break
        kind = blocks[i].kind
        if parent not in chain or not (kind in _LEAD_KINDS or beyond_siblings and kind == _HEADING):
            continue
        if kind == _CODE:
            # (Code in chrome or a dropped widget stays out all the same: only what
            # the container's bounds kept out is brought back, stage._admit.)
            code.append(i)
            continue
        placement = placements[i]
        if placement.chrome is not None or placement.widget in DROPPED_WIDGETS:
            continue
        if words[i] - weights[i] > LEAD_MAX_LINKED_SHARE * words[i]:
            continue
        if kind == _HEADING:
            headings.append(i)
        elif weights[i] >= SENTENCE_MIN_WORDS:
            lead.append(i)
    # ...and there the headings over the lead's sentences (a landing page's sections
    # each open with one), not those after its last sentence; and the code a
    # question shows between its sentences, in their own box or a wrapper inside it
    # (a highlighter's div.highlight > pre).
    boxes = {blocks[i].xpath.rsplit("/", 1)[0] for i in lead}
    return sorted(lead + [i for i in headings if lead and i < lead[-1] and words[i]]
                  + [i for i in code if lead and lead[0] < i < lead[-1]
                     and _in_lead_box(blocks[i].xpath, boxes)])


def _in_lead_box(path: str, boxes: set[str]) -> bool:
    """Whether the block at `path` sits in one of the lead's `boxes`, directly or in
    wrappers none of which sets it apart (_APART_TAGS)."""
    box = path.rsplit("/", 1)[0]
    while box not in boxes:
        if not box or step_tag(box.rsplit("/", 1)[-1]) in _APART_TAGS:
            return False
        box = box.rsplit("/", 1)[0]
    return True
