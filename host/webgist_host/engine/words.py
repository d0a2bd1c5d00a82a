"""Counting words in any script.

The stages weigh text by its words: which element holds the page's content, whether a
paragraph is a sentence, how much of a block is links. Splitting on white space
counts words in spaced scripts only: a Chinese or Japanese paragraph of 300
characters is one "word" that way, so a CJK article weighed less than the site's
navigation bar. Here a token that holds Han or kana characters counts by them alone,
one word per CJK_CHARS_PER_WORD characters (about the mean length of a written
Chinese word), and Thai, which spaces phrases, not words, one word per
THAI_CHARS_PER_WORD of its characters (letters, vowel signs and tone marks): at least
one word a token, and a line's count the sum of its tokens'. Other unspaced scripts
(Lao, Khmer, Myanmar) are not counted yet: we have no segmenter to check a ratio
against.
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
    """Words in `text`: white-space separated tokens, a token holding CJK or Thai
    characters counted by them instead."""
    if text.isascii():
        return len(text.split())   # the common case, without the scan
    if _THAI_CHARACTER.search(text) is None and _CJK_CHARACTER.search(text) is None:
        return len(text.split())
    count = 0
    for token in text.split():
        by_characters = (len(_CJK_CHARACTER.findall(token)) // CJK_CHARS_PER_WORD
                         + len(_THAI_CHARACTER.findall(token)) // THAI_CHARS_PER_WORD)
        count += max(1, by_characters)
    return count


# A character str.isalnum says yes to: a word character (\w) but "_", as `re`
# defines \w for str patterns (checked equal on every code point in
# tests/test_words.py).
_ALNUM = re.compile(r"[^\W_]")


def has_alnum(text: str) -> bool:
    """`any(ch.isalnum() for ch in text)`, searched in C."""
    return _ALNUM.search(text) is not None
