"""The author's box that closes the main content, found by the author's name.

Blogs and magazines end the article with a box about its writer: a headshot, the
name (linked to the author's page, or with a role: "Contributing Writer", "Founder
and CEO"), and a bio of a sentence or three. Where no class name marks it, its bio
reads like one more paragraph of the article, so the box is found by the page's own
metadata instead, in any language: near the end of the main content, a line that is
the author's name the metadata gives (with at most two words besides: "By", "Author",
a handle), linked or under a picture, followed by a short bio and nothing longer; the
line, the pictures right above it and what follows go. Not when the article has no paragraphs of its own
before it (a profile page is about its author).
"""
from __future__ import annotations

import re

from ..model import Block, BlockKind
from .sections import article_paragraphs
from .tuning import (AUTHOR_BIO_MAX_LINES, AUTHOR_BIO_MAX_WORDS, AUTHOR_BIO_MIN_WORDS,
                     AUTHOR_BOX_SEARCH_LINES, AUTHOR_NAME_EXTRA_WORDS,
                     AUTHOR_TAIL_SHORT_WORDS)

_IMAGE = BlockKind.IMAGE
_LIST_ITEM = BlockKind.LIST_ITEM
_WORD = re.compile(r"\w+")
# Several authors in one metadata field: "Ann Lee, Bo Chen and Cy Diaz".
_AUTHOR_SEPARATOR = re.compile(r",|;|&|\band\b|\bund\b|\bet\b|\by\b|\be\b|\ben\b")


def author_box(blocks: list[Block], words: list[int], weights: list[int], linked: list[int],
               author: str | None) -> list[int]:
    """Indices of the main-content blocks of the author's box that closes the main
    content, when the metadata names an `author`; [] otherwise. The name is linked (to
    the author's page) or stands under a picture (the headshot): a plain name at the
    end of the text is the writer signing off, and what follows is the page's."""
    names = author_names(author)
    if not names:
        return []
    kept = [i for i, block in enumerate(blocks) if block.in_main]
    lines = [i for i in kept if words[i]]
    for n in range(len(lines) - 2, max(-1, len(lines) - 2 - AUTHOR_BOX_SEARCH_LINES), -1):
        i = lines[n]
        if blocks[i].kind == _LIST_ITEM or not is_name_line(blocks[i].text, names):
            continue
        start = kept.index(i)
        if not (linked[i] or (start and blocks[kept[start - 1]].kind == _IMAGE)):
            continue
        bio = [words[j] for j in lines[n + 1:]
               if words[j] > AUTHOR_TAIL_SHORT_WORDS and blocks[j].kind != _IMAGE]
        if (not bio or len(bio) > AUTHOR_BIO_MAX_LINES or sum(bio) > AUTHOR_BIO_MAX_WORDS
                or max(bio) < AUTHOR_BIO_MIN_WORDS):
            continue
        if not article_paragraphs(blocks, kept[:start], weights):
            return []
        while start > 0 and blocks[kept[start - 1]].kind == _IMAGE:
            start -= 1
        return kept[start:]
    return []


def author_names(author: str | None) -> list[list[str]]:
    """The metadata's author field as names of two or more words, lower-cased."""
    if not author:
        return []
    names = [_WORD.findall(part.lower()) for part in _AUTHOR_SEPARATOR.split(author.lower())]
    return [name for name in names if len(name) >= 2]


def is_name_line(text: str, names: list[list[str]]) -> bool:
    """Whether a line is one of the names, with at most AUTHOR_NAME_EXTRA_WORDS other
    words ("By …", "… Author", a handle)."""
    tokens = _WORD.findall(text.lower())
    for name in names:
        if len(tokens) > len(name) + AUTHOR_NAME_EXTRA_WORDS:
            continue
        if any(tokens[k:k + len(name)] == name for k in range(len(tokens) - len(name) + 1)):
            return True
    return False
