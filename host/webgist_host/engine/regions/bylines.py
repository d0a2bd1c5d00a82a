"""The article's byline band left in the body: who wrote it, when, how long it reads.

The engine reads the published date and author into the Document's metadata, so
the short lines above an article's first paragraph that only say when it was
published or updated, by whom, and how many minutes it takes to read add nothing a
reader of the front matter lacks. WCXB's article references leave them out. They
go only when the metadata does name the author or the date (regions.py): otherwise
the byline is the one place the page says who and when.
"""
from __future__ import annotations

import re

from ..model import Block

_MONTH = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_DAY = r"\d{1,2}(st|nd|rd|th)?"
_WEEKDAY = r"((mon|tues|wednes|thurs|fri|satur|sun)day,? )?"
DATE = (rf"{_WEEKDAY}({_MONTH} {_DAY},? \d{{4}}|{_DAY}[ -]{_MONTH},?[ -]\d{{4}}"
        r"|\d{4}-\d\d-\d\d|\d{1,2}[/.]\d{1,2}[/.]\d{2,4})")
_TIME = r"(,? (at )?\d{1,2}:\d\d( ?[ap]\.?m\.?)?( [a-z]{2,4})?)?"
_WHEN = r"((last )?(updated|published|posted|modified|reviewed|released)( on)?( ?:)? ?|on )?"
# "Updated: Dec 3, 2024", "Last updated on 20 January 2025", "Published June 4, 2025",
# "March 16, 2026 at 5:50 pm": a date, the word that says which date, perhaps the time.
# WCXB: of such lines above an article's first paragraph, 124 (on 123 pages) were
# absent from the reference and 5 present.
DATE_ANYWHERE = re.compile(rf"\b{_WHEN}{DATE}{_TIME}\b", re.IGNORECASE)
# "9 min read", "Reading time: 11 minutes", "4 min read time".
READING_TIME_ANYWHERE = re.compile(
    r"\b((estimated )?(reading time|read time|time to read)( ?:)? ?\d+ ?(min|mins|minutes?)"
    r"|\d+ ?(min|mins|minutes?)( (read|read time|reading time|to read))?)\b", re.IGNORECASE)
# "By Mirel Zaman", "Written by: Elise Nass", "By Claire Wilson, Co-Founder & COO", and the
# labels alone when the name is its own line ("Written by", "Published on").
_CREDIT = (r"(by|written by|posted by|reviewed by|medically reviewed by|edited by"
           r"|fact[- ]checked by|author|authors|written|published|posted|updated|last updated)")
# The name is capitalised ("By the way" is a sentence, not a credit).
_NAME_WORD = r"((?i:and|&|of) )?[A-Z][^\s|•·]*"
CREDIT_LINE = re.compile(rf"((?i:{_CREDIT}( on)?)( ?:)?)?( ?{_NAME_WORD}( {_NAME_WORD}){{0,5}})?"
                         r"( (?i:on|in))?")
# "36 Comments", "No comments", "2 replies", "Leave a comment": the count of the
# comments, or the way to them, which stand in the byline or close the article.
# WCXB's references leave every such line out (25 lines on 15 pages, none kept).
COMMENT_CALL = (r"(\d+|no|one) (comments?|responses?|replies)"
                r"|(leave|add|post|write) a (comment|reply)")
COMMENT_CALL_ANYWHERE = re.compile(rf"\b({COMMENT_CALL})\b", re.IGNORECASE)
# Such a line is short; longer text is not worth normalising to test (fast path).
COMMENT_CALL_MAX_CHARS = 120
COMMENT_CALL_REASON = "a line that only counts the comments or asks for one"
# The separators bylines join their parts with: "by whova | Apr 21, 2025".
# (The patterns above take single spaces: the text is normalised before they run,
# and a `\s*` under search() would be quadratic on a long run of spaces.)
SEPARATORS = re.compile(r"[|•·—–~/]| - ")

# The article's body starts at its first paragraph or item of this many words; lines
# past it are the text's own (a timeline, a changelog, a dated list).
BODY_MIN_WORDS = 12
BODY_KINDS = frozenset({"paragraph", "list-item", "quote"})
BYLINE_KINDS = frozenset({"paragraph", "list-item"})
# An element named as the byline marks its short paragraphs and items, never a
# heading. It holds this many words at most: a "date-item" wrapping a page's hero
# is a wrapper (WCXB 4896 lost its title and standfirst to one), while the author's
# line with "More by the author" thumbnails beside it runs to about 50.
NAMED_BYLINE_MAX_WORDS = 60
NAMED_BYLINE_KINDS = frozenset({"paragraph", "list-item", "image"})
BYLINE_REASON = "a byline line above the article's first paragraph (date, author, reading time)"


def is_byline_text(text: str) -> bool:
    """True when the line holds only dates, reading times and credits ("By Jane
    Doe"), joined by byline separators: "By Jane Doe | Dec 3, 2024 · 5 min read".
    A bare name counts only beside a date or a reading time ("Jane Doe · Dec 3, 2024");
    alone it could be any short capitalised line ("Key Takeaways")."""
    line = " ".join(text.split())
    rest, dates = DATE_ANYWHERE.subn("|", line)
    rest, times = READING_TIME_ANYWHERE.subn("|", rest)
    rest, counts = COMMENT_CALL_ANYWHERE.subn("|", rest)
    credits = [CREDIT_LINE.fullmatch(p.strip(" ,.*_:")) for p in SEPARATORS.split(rest)
               if p.strip(" ,.*_:")]
    if not all(credits):
        return False
    return bool(dates or times or counts or any(c.group(1) for c in credits))


def byline_lines(blocks: list[Block], named_byline: list[bool]) -> list[int]:
    """Indices of in-main blocks, above the first body paragraph, that are byline
    lines: by their text, or by sitting in an element named as the byline.

    A linked date in a list is left alone: forums list each post's permalinked date,
    and there the references keep it (12 threads against 7 on WCXB).
    """
    found = []
    for i, block in enumerate(blocks):
        if not block.in_main:
            continue
        named = named_byline[i] and block.kind in NAMED_BYLINE_KINDS
        if named or block.kind in BYLINE_KINDS and is_byline_text(block.text):
            if not (block.kind == "list-item" and "](" in block.rich_text):
                found.append(i)
            continue
        if block.kind in BODY_KINDS and len(block.text.split()) >= BODY_MIN_WORDS:
            return found
    # No paragraph at all: no article, and no byline above it (a schedule's date
    # over its table, a job board's dated cards).
    return []


def comment_call_lines(blocks: list[Block]) -> list[int]:
    """Indices of in-main paragraphs and items, anywhere, that only count the
    comments or ask for one ("12 Comments", "Leave a comment")."""
    return [i for i, block in enumerate(blocks)
            if block.in_main and block.kind in BYLINE_KINDS
            and len(block.text) <= COMMENT_CALL_MAX_CHARS
            and COMMENT_CALL_ANYWHERE.fullmatch(" ".join(block.text.split()).strip(" *_:()[]"))]
