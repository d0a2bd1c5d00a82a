"""A breadcrumb that ends with the page's own title, by shape.

A CMS writes the trail to the page as links joined by separators, the page itself
last and unlinked: "Home » News » <title>" (Yoast, DataLife Engine's speedbar, Jannah,
Drupal). Set inside the article's header it stays in the main content, and it repeats
the title. The trail is told by shape, in any language: one line of links and
separators only, and the words after the last link are the page's title (or its
start, where the trail cuts it short). A trail that ends with a link, or with words
that are not the title, stays (sessions 12: those the references split on).
"""
from __future__ import annotations

import re

from ..model import Block, BlockKind
from .sections import is_title
from .tuning import BREADCRUMB_LABEL_MAX_WORDS, BREADCRUMB_MAX_EXTRA_WORDS, BREADCRUMB_SEARCH_LINES
from .vocabulary import BREADCRUMB_SEPARATORS, MARKDOWN_LINK_PATTERN

_HEADING = BlockKind.HEADING
_TEXT_KINDS = frozenset({BlockKind.PARAGRAPH, BlockKind.LIST_ITEM})
# Emphasis marks and escapes around a separator in rich text ("*/*", "\\>").
_MARKUP = "*_\\ "
_SEPARATOR = re.compile(rf"[{re.escape(BREADCRUMB_SEPARATORS)}]+")


def _normal(text: str) -> str:
    return " ".join(text.replace("*", "").replace("\\", "").split()).casefold()


def _is_trail(rich_text: str, title: str) -> bool:
    """Whether a line is links joined by separators, then the page's `title`."""
    pieces = MARKDOWN_LINK_PATTERN.split(rich_text)
    # split() yields text, link text, link target, text, ...
    between = pieces[0::3]
    if len(between) < 2:                  # no link
        return False
    lead, joins, tail = between[0], between[1:-1], between[-1]
    if any(_SEPARATOR.sub("", join).strip(_MARKUP) for join in joins):
        return False                      # words between the links: a sentence
    if not _SEPARATOR.search(tail) and not joins:
        return False                      # one link and no separator: no trail
    lead = lead.strip(_MARKUP)
    if lead and (not lead.endswith(":") or len(lead.split()) > BREADCRUMB_LABEL_MAX_WORDS):
        return False                      # "You are here:" may open it, nothing else
    tail = _normal(_SEPARATOR.sub(" ", tail, count=1)).rstrip(".…")
    return bool(tail) and (tail == title or len(tail.split()) >= 3 and title.startswith(tail))


def title_trails(blocks: list[Block], words: list[int]) -> list[int]:
    """Indices of the main-content lines near the first main-content `<h1>` (among the
    BREADCRUMB_SEARCH_LINES lines around it) that are a trail of links ending with
    that title."""
    kept = [i for i, block in enumerate(blocks) if block.in_main]
    at = next((n for n, i in enumerate(kept) if is_title(blocks[i])), None)
    if at is None:
        return []
    title_block = blocks[kept[at]]
    title = _normal(title_block.text)
    near = kept[max(0, at - BREADCRUMB_SEARCH_LINES):at + BREADCRUMB_SEARCH_LINES + 1]
    return [i for i in near if blocks[i].kind in _TEXT_KINDS
            and words[i] <= words[kept[at]] + BREADCRUMB_MAX_EXTRA_WORDS
            and _is_trail(blocks[i].rich_text, title)]
