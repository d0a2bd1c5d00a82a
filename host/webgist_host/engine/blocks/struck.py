"""A struck old price written right before the new one: "$129.00" "$99.00", not
"$129.00$99.00". Shops set the two as boxes side by side with nothing between them
in the source (a margin or a flex gap parts them on screen), so where an inline run
is joined, a number struck through (`<del>`, `<s>`, `<strike>`) and text opening
with a digit or a currency sign right after it are parted by a space. Only there:
a code span, a word's parts or CJK text never meet this test."""
from __future__ import annotations

import unicodedata

from ..dom.nodes import tag_of

STRIKE_TAGS = frozenset({"del", "s", "strike"})
# A footnote's mark after the struck price (UVP¹, a superscript "1" or "*"): not the
# next price; the test looks past it to the text after (footnote_mark).
MARK_TAGS = frozenset({"sup", "sub"})
# How far down an element's last children a struck number is looked for
# (<span><s>$129.00</s></span>): wrappers are shallow; the bound keeps it linear.
_STRUCK_MAX_DEPTH = 4
# A price's letters: a currency's code or sign written in letters (USD, kr, zł, R$).
_PRICE_MAX_LETTERS = 3
# What a number is written with besides digits: separators of thousands and decimals,
# a share's "%", the dash of a whole price ("299,-", "299.–", the Nordic "1 299:-") or
# of a range ("$10–$20").
_NUMBER_MARKS = frozenset(".,'’ \u00a0\u202f%-\u2013:")


def is_number(text: str) -> bool:
    """Whether `text` is a number or a price: digits, separators, currency signs and
    at most a currency code's letters."""
    text = text.strip()
    if not any(ch.isdigit() for ch in text):
        return False
    letters = 0
    for ch in text:
        if ch.isalpha():
            letters += 1
        elif not (ch.isdigit() or ch in _NUMBER_MARKS or unicodedata.category(ch) == "Sc"):
            return False
    return letters <= _PRICE_MAX_LETTERS


def ends_struck_number(el) -> bool:
    """Whether `el` is, or ends with (down its last children, with no words after
    them), a struck-through number."""
    for _ in range(_STRUCK_MAX_DEPTH):
        if tag_of(el) in STRIKE_TAGS:
            return is_number("".join(el.itertext()))
        # (The parser has taken comments and processing instructions out.)
        last = el[-1] if len(el) else None
        if last is None or not isinstance(last.tag, str) or last.tail and last.tail.strip():
            return False
        el = last
    return False


def starts_word(before: str, text: str) -> bool:
    """Whether `text`, written after `before`, opens a word of its own: a struck digit
    glued to letters or digits before it is a part of a word ("H<s>2</s>O")."""
    last, first = before[-1:], text[:1]
    return not (last.isalnum() and first.isalnum())


def opens_number(text: str) -> bool:
    """Whether `text` opens, with no space, on a digit or a currency sign."""
    first = text[:1]
    if not first or first.isalpha() or first.isspace():
        return False        # most text: a letter or a space, never a currency sign
    return first.isdigit() or unicodedata.category(first) == "Sc"


def struck_before(last_words) -> bool:
    """Whether the last words written, `(element, the text before it, its text)` or
    None, are a struck number opening a word of its own. Asked only when the next
    text opens on a number, so the element is walked on a few pieces, not on all."""
    if last_words is None:
        return False
    element, before, text = last_words
    return starts_word(before, text) and ends_struck_number(element)


def footnote_mark(tag: str, text: str) -> bool:
    """Whether an element `tag` written as `text` is a footnote's mark (MARK_TAGS), not
    the next price's own currency sign set high (`<sup>$</sup>25`, pricing tables)."""
    first = text.lstrip()[:1]
    return tag in MARK_TAGS and not (first and unicodedata.category(first) == "Sc")
