"""The story's own header band, named "header", inside the main content.

News CMSes wrap the headline and its dateline in an element named for the article's
header ("read__header", "art-header", "article-header") outside any `<article>` or
`<main>`, and Q&A sites wrap the question's title so ("question-header", beside the
question's asked / viewed line): the naming rule reads it as the site's header, and
the `<h1>` goes as page chrome. A site's header never stands inside the container the
text weight chose, and its `<h1>` (a logo) does not say the page's title. So an `<h1>`
dropped as a page header beside the text (inside the container's parent), before the
main content's first block, whose words are the page's title (as the metadata gives
it, the site's name cut off), is the story's headline. Only the headline comes back:
the dateline beside it is the byline rule's.
"""
from __future__ import annotations

import re
from typing import Callable
from urllib.parse import urlsplit

from ..model import Block, BlockKind
from .reasons import HEADER_REASON, NAV_REASON
from .sections import is_title
from .tuning import HEADLINE_MIN_WORDS

# A Markdown link's destination in a block's rich text.
_LINK_TARGET = re.compile(r"\]\(<?([^)\s>]*)")
# What the site's header drops: its band and its menu.
_SITE_CHROME = frozenset({HEADER_REASON, NAV_REASON})


def _normal(text: str) -> str:
    return " ".join(text.split()).casefold()


def _links_home(rich_text: str) -> bool:
    """Whether a line links to the site's root (a logo does; a title's permalink,
    the question's own address, does not)."""
    for target in _LINK_TARGET.findall(rich_text):
        parts = urlsplit(target)
        if parts.path.strip("/") == "" and not parts.query and not parts.fragment:
            return True
    return False


def headline_in_header(blocks: list[Block], reason_of: Callable[[int], str | None],
                       band: str, title: str | None) -> list[int]:
    """Index of the `<h1>` to bring back (at most one): dropped as a page header
    (`reason_of`, each block's drop reason), beside the text (under `band`, the
    container's parent's path with a closing "/"), before the first main-content
    block, saying the page's `title`; [] when the main content has an `<h1>`."""
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
        if (is_title(blocks[i]) and blocks[i].xpath.startswith(band)
                and reason_of(i) == HEADER_REASON):
            text = _normal(blocks[i].text)
            # A headline's words, half the title's at least, not a link home: a
            # logo's name is short or links there, and the metadata may take it for
            # the title when the <h1> says it. (A title linked to its own page is
            # the permalink Q&A sites and blogs draw.)
            said = (text and not _links_home(blocks[i].rich_text) and text in wanted
                    and len(text.split()) >= HEADLINE_MIN_WORDS
                    and 2 * len(text.split()) >= len(wanted.split()))
            # Between it and the text no piece of a site's header: its menu
            # (dropped as the header's or as navigation, or linked list items), or
            # a link in the band's own lines. Its own unlinked lines (a dateline, a
            # byline) and what stands beside it (the question's asked / viewed
            # line, an "Ask" call) are the story's band.
            own_band = blocks[i].xpath.rsplit("/", 1)[0] + "/"
            alone = all(_in_story_band(blocks[j], reason_of(j), own_band)
                        for j in range(i + 1, first_main))
            return [i] if said and alone else []
    return []


def _in_story_band(block: Block, reason: str | None, own_band: str) -> bool:
    linked = "](" in block.rich_text
    if block.xpath.startswith(own_band) and not linked:
        return True
    return reason not in _SITE_CHROME and not (linked and block.kind is BlockKind.LIST_ITEM)

