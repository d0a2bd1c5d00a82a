"""The story's own header band, named "header", inside the main content.

News CMSes wrap the headline and its dateline in an element named for the article's
header ("read__header", "art-header", "article-header") outside any `<article>` or
`<main>`: the naming rule reads it as the site's header, and the `<h1>` goes as page
chrome. A site's header never stands inside the container the text weight chose, and
its `<h1>` (a logo) does not say the page's title. So an `<h1>` dropped as a page
header beside the text (inside the container's parent), before the main content's
first block, whose words are the page's title (as the metadata gives it, the site's
name cut off), is the story's headline. Only the headline comes back: the dateline beside it is the byline rule's.
"""
from __future__ import annotations

from typing import Callable

from ..model import Block, BlockKind
from .sections import is_title
from .tuning import HEADLINE_MIN_WORDS


def _normal(text: str) -> str:
    return " ".join(text.split()).casefold()


def headline_in_header(blocks: list[Block], header_dropped: Callable[[int], bool],
                       band: str, title: str | None) -> list[int]:
    """Index of the `<h1>` to bring back (at most one): dropped as a page header
    (`header_dropped`), beside the text (under `band`, the container's parent's path
    with a closing "/"), before the first main-content block, saying the page's
    `title`; [] when the main content has an `<h1>`."""
    if not title or any(b.in_main and is_title(b) for b in blocks):
        return []
    first_main = next((i for i, b in enumerate(blocks) if b.in_main), len(blocks))
    # Main content that opens with a heading has its headline already: an <h1>
    # before it is the site's name (a classic theme's h1.site-title over the
    # post's h2.entry-title), whatever the metadata takes for the title.
    if first_main < len(blocks) and blocks[first_main].kind is BlockKind.HEADING:
        return []
    wanted = _normal(title)
    for i in range(first_main):
        if is_title(blocks[i]) and blocks[i].xpath.startswith(band) and header_dropped(i):
            text = _normal(blocks[i].text)
            # A headline's words, half the title's at least, not a link home: a
            # logo's name is short or links, and the metadata may take it for the
            # title when the <h1> says it.
            said = (text and "](" not in blocks[i].rich_text and text in wanted
                    and len(text.split()) >= HEADLINE_MIN_WORDS
                    and 2 * len(text.split()) >= len(wanted.split()))
            # Between it and the text only its band's own lines (a dateline, a
            # byline), none of them links: a site's header goes on with its menu.
            own_band = blocks[i].xpath.rsplit("/", 1)[0] + "/"
            alone = all(blocks[j].xpath.startswith(own_band) and "](" not in blocks[j].rich_text
                        for j in range(i + 1, first_main))
            return [i] if said and alone else []
    return []
