"""Tag lists after the article: its topics, tags or categories, by shape alone.

News and blog pages end the story with the subjects it is filed under: a label
("Tags", "Tópicos", "Themen", "标签") and two or more links of a word or three
each, as list items or as one line. They are the site's navigation into its
archive, not the story, and their labels come in every language, so they are
found by shape: after the article's last paragraph of its own, every link
short and nothing but links besides the label. Inside the element that holds
those paragraphs a list must sit under a label line (a story's own footer); an
unlabelled list of short links there may be the author's, and one under a
heading is a section of the document.
"""
from __future__ import annotations

from ..model import Block, BlockKind
from ..words import word_count
from .sections import article_paragraphs, common_element, link_texts
from .tuning import TAG_LABEL_MAX_WORDS, TAG_LIST_MIN_ITEMS, TAG_MAX_WORDS
from .vocabulary import MARKDOWN_IMAGE_PATTERN, MARKDOWN_LINK_PATTERN

_HEADING = BlockKind.HEADING
_PARAGRAPH = BlockKind.PARAGRAPH
_LIST_ITEM = BlockKind.LIST_ITEM
_LABEL_KINDS = frozenset({_HEADING, _PARAGRAPH})


def trailing_tag_lists(blocks: list[Block], weights: list[int], linked: list[int]) -> list[int]:
    """Indices of the main-content blocks that are tag lists after the article's own
    text (a list of tag items, or one line of tags), with the short label right above."""
    kept = [i for i, block in enumerate(blocks) if block.in_main]
    own = article_paragraphs(blocks, kept, weights)
    if not own:
        return []
    text = common_element(blocks[i].xpath for i in own) + "/"
    after = [i for i in kept if i > own[-1]]
    by_parent: dict[str, list[int]] = {}
    for i in after:
        by_parent.setdefault(_parent(blocks[i].xpath), []).append(i)
    lists = [items for items in by_parent.values()
             if len(items) >= TAG_LIST_MIN_ITEMS and all(
                 blocks[i].kind == _LIST_ITEM and _is_tag(blocks[i].text, linked[i])
                 for i in items)]
    lists += [[i] for i in after
              if blocks[i].kind == _PARAGRAPH and _is_tag_line(blocks[i], weights[i])]
    position = {i: n for n, i in enumerate(kept)}
    found: list[int] = []
    for items in lists:
        label = _label_above(blocks, kept, position[items[0]])
        # Inside the element that holds the article's paragraphs, only a list under
        # a label line ("Tópicos", "Tags:") is tags, the site's footer of the story.
        # An unlabelled list of short links there may be the author's own, and one
        # under a heading is a section of the document (Sphinx's "Indices and
        # tables" over its index links).
        # "Tags: [a], [b]"; or "Tags[a][b]", the label's span set flush against the
        # links, whose words then count as the label's too (no weight left).
        own_label = len(items) == 1 and (weights[items[0]] > 0
                                         or _words_beside_links(blocks[items[0]]))
        if blocks[items[0]].xpath.startswith(text) and not own_label and (
                label is None or blocks[label].kind == _HEADING):
            continue
        found.extend(items)
        if label is not None:
            found.append(label)
    return sorted(set(found))


def _is_tag(text: str, linked_words: int) -> bool:
    return _is_tag_name(text) and linked_words >= word_count(text)


def _is_tag_name(text: str) -> bool:
    """A word or three, and not an address: a reference list of bare URLs is a
    list of sources, not of topics."""
    return 0 < word_count(text) <= TAG_MAX_WORDS and "/" not in text


def _is_tag_line(block: Block, unlinked_words: int) -> bool:
    """"Tags: [a](…), [b](…)": short links, and at most a label's words outside them."""
    if unlinked_words > TAG_LABEL_MAX_WORDS:
        return False
    names = link_texts(block)
    # Distinct names: the same label twice is a button drawn for two screen sizes.
    return (len(names) >= TAG_LIST_MIN_ITEMS and len(set(names)) == len(names)
            and all(_is_tag_name(name) for name in names))


def _words_beside_links(block: Block) -> bool:
    """Whether the block's line holds a label outside its links and pictures: a
    word or a few (TAG_LABEL_MAX_WORDS), with a letter."""
    rest = MARKDOWN_LINK_PATTERN.sub("", MARKDOWN_IMAGE_PATTERN.sub("", block.rich_text))
    return (any(ch.isalpha() for ch in rest)
            and word_count(rest) <= TAG_LABEL_MAX_WORDS)


def _label_above(blocks: list[Block], kept: list[int], position: int) -> int | None:
    """The short heading or line right before the tag list block at kept[position],
    when it sits beside the list (in the list's own wrapper), not in the text above."""
    if position == 0:
        return None
    first, label = kept[position], kept[position - 1]
    block = blocks[label]
    wrapper = _parent(_parent(blocks[first].xpath))
    if (block.kind in _LABEL_KINDS and block.xpath.startswith(wrapper + "/")
            and 0 < word_count(block.text) <= TAG_LABEL_MAX_WORDS):
        return label
    return None


def _parent(xpath: str) -> str:
    return xpath.rsplit("/", 1)[0]
