"""A tail of next-story cards closing the main content (prototype, articles7).

After the article's text the main content may end in cards for other stories of the
site: each a heading that is one link to another page of the site, a picture, at most
one line about the story. When everything from the first such heading to the end is
cards, the tail goes."""
from __future__ import annotations

from ..model import Block, BlockKind
from .site_links import host_of, links_within
from .vocabulary import MARKDOWN_LINK_PATTERN

_EDGES = "*_ "
TAIL_MIN_TEXT_WORDS = 30     # words of paragraphs above the first card: the story
CARD_LINE_MAX_WORDS = 6      # a "Read more" line inside a card
_PICTURES = frozenset({BlockKind.IMAGE, BlockKind.MEDIA, BlockKind.FIGURE_CAPTION})


def card_tail(blocks: list[Block], words: list[int], address: str | None) -> list[int]:
    kept = [i for i, b in enumerate(blocks) if b.in_main]
    site = host_of(address or "")
    own = (address or "").split("#", 1)[0].rstrip("/")

    def card_head(i: int) -> bool:
        b = blocks[i]
        link = MARKDOWN_LINK_PATTERN.fullmatch(b.rich_text.strip(_EDGES))
        return (b.kind == BlockKind.HEADING and link is not None and links_within(b.rich_text, site)
                and link[2].split("#", 1)[0].rstrip("/") != own)

    text = 0
    for at, i in enumerate(kept):
        if card_head(i) and text >= TAIL_MIN_TEXT_WORDS:
            tail = kept[at:]
            if _all_cards(blocks, words, tail, card_head):
                return tail
        if blocks[i].kind == BlockKind.PARAGRAPH:
            text += words[i]
    return []


def _all_cards(blocks, words, tail, card_head) -> bool:
    lines = 0
    for i in tail:
        if card_head(i):
            lines = 0
        elif blocks[i].kind in _PICTURES or words[i] <= CARD_LINE_MAX_WORDS:
            continue
        elif blocks[i].kind == BlockKind.PARAGRAPH and lines == 0:
            lines = 1
        else:
            return False
    return True
