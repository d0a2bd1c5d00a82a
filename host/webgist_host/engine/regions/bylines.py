"""The article's byline band left in the body: who wrote it, when, how long it reads.

The engine reads the published date and author into the Document's metadata, so
the short lines above an article's first paragraph that only say when it was
published or updated, by whom, and how many minutes it takes to read add nothing a
reader of the front matter lacks. They go only when the metadata does name the
author or the date (stage.py): otherwise the byline is the one place the page says
who and when.

The date, credit and comment-count patterns are in vocabulary.py, the numbers and
block kinds in tuning.py.
"""
from __future__ import annotations

import re

from ..words import word_count
from ..model import Block, BlockKind
from .author_box import author_names, is_name_line
from .sections import is_title
from .tuning import (BODY_KINDS, BODY_MIN_WORDS, BYLINE_KINDS, COMMENT_CALL_MAX_CHARS,
                     NAMED_BYLINE_KINDS)
from .vocabulary import (BYLINE_SEPARATOR_PATTERN, COMMENT_CALL_PATTERN,
                         CREDIT_LINE_PATTERN, DATED_PATTERN, READING_TIME_PATTERN)

# Enum members read once: in Python 3.11 each `Enum.MEMBER` read off the class costs
# ~100 ns (a descriptor), and these comparisons run for every block.
_LIST_ITEM = BlockKind.LIST_ITEM
_IMAGE = BlockKind.IMAGE

DATE_ANYWHERE = re.compile(DATED_PATTERN, re.IGNORECASE)
READING_TIME_ANYWHERE = re.compile(READING_TIME_PATTERN, re.IGNORECASE)
# Used only with fullmatch, on one part of a short line (tests/regex_audit.py checks it).
CREDIT_LINE = re.compile(CREDIT_LINE_PATTERN)
COMMENT_CALL_ANYWHERE = re.compile(rf"\b({COMMENT_CALL_PATTERN})\b", re.IGNORECASE)
SEPARATORS = re.compile(BYLINE_SEPARATOR_PATTERN)


def is_byline_text(text: str) -> bool:
    """True when the line holds only dates, reading times and credits ("By Jane
    Doe"), joined by byline separators: "By Jane Doe | Dec 3, 2024 · 5 min read".
    A bare name counts only beside a date or a reading time ("Jane Doe · Dec 3, 2024");
    alone it could be any short capitalised line ("Key Takeaways")."""
    line = " ".join(text.split())
    rest, dates = DATE_ANYWHERE.subn("|", line)
    rest, times = READING_TIME_ANYWHERE.subn("|", rest)
    rest, counts = COMMENT_CALL_ANYWHERE.subn("|", rest)
    credits = []
    for part in SEPARATORS.split(rest):
        part = part.strip(" ,.*_:")
        if part:
            credit = CREDIT_LINE.fullmatch(part)
            if credit is None:
                return False
            credits.append(credit)
    return bool(dates or times or counts or any(c.group(1) for c in credits))


def byline_lines(blocks: list[Block], named_byline: list[bool],
                 after_standfirst: bool = True, author: str | None = None) -> list[int]:
    """Indices of in-main blocks, above the first body paragraph, that are byline
    lines: by their text, by sitting in an element named as the byline, or by being
    the `author` the metadata names (a name line, a headshot whose text is the
    name: "Genevieve Carlton, Ph.D.", "by [Christian Roth](…)"). When that
    paragraph is the standfirst (the first line under the page's `<h1>`), the byline
    lines right under it too: news and magazine pages set the byline between the
    standfirst and the text (not with `after_standfirst` False: a thread's first
    post stands under its title as a standfirst would).

    A linked date in a list is left alone: forums list each post's permalinked date,
    which is the post's own.
    """
    found = []
    names = author_names(author)
    previous = None                 # the last in-main block with words, not a byline
    for i, block in enumerate(blocks):
        if not block.in_main:
            continue
        if _is_byline(block, named_byline[i], names):
            if not (block.kind == _LIST_ITEM and "](" in block.rich_text):
                found.append(i)
            continue
        if block.kind in BODY_KINDS and word_count(block.text) >= BODY_MIN_WORDS:
            if after_standfirst and previous is not None and is_title(blocks[previous]):
                found += _bylines_after(blocks, named_byline, i, names)
            return found
        if block.kind != _IMAGE and block.text.strip():
            previous = i
    # No paragraph at all: no article, and no byline above it (a schedule's date
    # over its table, a job board's dated cards).
    return []


def _is_byline(block: Block, named_byline: bool, names: list[list[str]]) -> bool:
    return ((named_byline and block.kind in NAMED_BYLINE_KINDS)
            or (block.kind in BYLINE_KINDS and is_byline_text(block.text))
            or (bool(names) and block.kind in NAMED_BYLINE_KINDS
                and is_name_line(block.text, names)))


def _bylines_after(blocks: list[Block], named_byline: list[bool], standfirst: int,
                   names: list[list[str]]) -> list[int]:
    """The byline lines right after the standfirst at `standfirst` (pictures between
    them do not end the band)."""
    found = []
    for i in range(standfirst + 1, len(blocks)):
        block = blocks[i]
        if not block.in_main or block.kind == _IMAGE:
            continue
        if not _is_byline(block, named_byline[i], names) or (
                block.kind == _LIST_ITEM and "](" in block.rich_text):
            break
        found.append(i)
    return found


def comment_call_lines(blocks: list[Block]) -> list[int]:
    """Indices of in-main paragraphs and items, anywhere, that only count the
    comments or ask for one ("12 Comments", "Leave a comment")."""
    return [i for i, block in enumerate(blocks)
            if block.in_main and block.kind in BYLINE_KINDS
            and len(block.text) <= COMMENT_CALL_MAX_CHARS
            and COMMENT_CALL_ANYWHERE.fullmatch(" ".join(block.text.split()).strip(" *_:()[]"))]
