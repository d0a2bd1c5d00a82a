"""Counting words in any script.

The stages weigh text by its words: which element holds the page's content, whether a
paragraph is a sentence, how much of a block is links. Splitting on white space
counts words in spaced scripts only: a Chinese or Japanese paragraph of 300
characters is one "word" that way, so a CJK article weighed less than the site's
navigation bar. Here each run of Han or kana characters counts as one word per
CJK_CHARS_PER_WORD characters, about the mean length of a written Chinese word.
Thai spaces phrases, not words: a token that holds Thai characters (letters, vowel
signs and tone marks) counts by them alone, one word per THAI_CHARS_PER_WORD (at
least one), so that the count of a line is the sum of its tokens'. Other unspaced
scripts (Lao, Khmer, Myanmar) are not counted yet: we have no segmenter to check a
ratio against.
"""
from __future__ import annotations

import re

# Hiragana, katakana, CJK ideographs (extension A, unified, compatibility) and
# half-width katakana.
_CJK_CHARACTER = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f]")
CJK_CHARS_PER_WORD = 2
_THAI_CHARACTER = re.compile(r"[\u0e01-\u0e5b]")
# Characters per word of Thai news text: newspaper4k's prachatai test page, 1,271
# Thai characters in 297 words by pythainlp's newmm segmenter (4.3).
THAI_CHARS_PER_WORD = 4


def word_count(text: str) -> int:
    """Words in `text`: white-space separated tokens, plus CJK characters by length;
    a token holding Thai counts by its Thai characters instead."""
    if text.isascii():
        return len(text.split())   # the common case, without the scan
    cjk = len(_CJK_CHARACTER.findall(text)) // CJK_CHARS_PER_WORD
    if _THAI_CHARACTER.search(text) is None:
        return len(text.split()) + cjk
    count = cjk
    for token in text.split():
        thai = len(_THAI_CHARACTER.findall(token))
        count += max(1, thai // THAI_CHARS_PER_WORD) if thai else 1
    return count


# A character str.isalnum says yes to: a word character (\w) but "_", as `re`
# defines \w for str patterns (checked equal on every code point in
# tests/test_words.py).
_ALNUM = re.compile(r"[^\W_]")


def has_alnum(text: str) -> bool:
    """`any(ch.isalnum() for ch in text)`, searched in C."""
    return _ALNUM.search(text) is not None
