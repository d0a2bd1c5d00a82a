"""The charset of a page that declares none and is not UTF-8, guessed from its text.

Pages saved or served in a legacy charset (Shift-JIS, GBK, EUC-KR, windows-1251...)
often carry no <meta charset> and come without their HTTP header. Read as
windows-1252, the web's default, their words turn to mojibake. A browser guesses
the charset from the bytes; so does this, with charset-normalizer, for the charsets
of non-Latin scripts. A Latin guess is not taken from the detector: windows-1252
stays the answer unless its reading breaks words the way Central European text does
(shape.better_latin); so it does when the guess is unsure or the bytes look like
UTF-8 with a few stray bytes (a page that converts well today is read as before).

Two of the detector's confusions are settled by the shape of the text (shape.py):
sibling charsets of one script (KOI8-R, windows-1251 and ISO-8859-5 swap letter cases;
ISO-8859-7 and windows-1253 differ at a few letters), and Central European text
(windows-1250, ISO-8859-2), whose windows-1252 reading puts symbols inside words.

Runs only on that fallback path, never on a UTF-8 or declared page (a declaration
past the first 1 KiB, in the head, still vetoes a Central European guess it does
not name).
"""
from __future__ import annotations

import codecs
import re
import unicodedata

from .shape import better_latin, best_sibling

# The candidates the detector weighs. The Latin ones are there so that Western text
# is recognised as such (and then read as windows-1252, as before), not forced into
# the nearest non-Latin charset.
_LATIN_CANDIDATES = ("cp1252", "latin_1", "cp1250", "iso8859_2")
# Charsets a guess may choose: each encodes a non-Latin script whose bytes,
# read as windows-1252, are all mojibake. Python codec names, as charset-normalizer
# reports them. Thai (cp874) is left out: it reads any high byte as a letter, and the
# detector named it for short Chinese text and for Western pages with a few symbols.
GUESSABLE_CHARSETS = (
    "cp1251", "koi8_r", "iso8859_5",            # Cyrillic
    "cp1253", "iso8859_7",                      # Greek
    "cp1255", "iso8859_8",                      # Hebrew
    "cp1256",                                   # Arabic
    "cp932", "shift_jis", "euc_jp",             # Japanese
    "gb18030", "gbk", "gb2312", "big5",         # Chinese
    "cp949", "euc_kr",                          # Korean
)
_GUESSABLE = frozenset(codecs.lookup(name).name for name in GUESSABLE_CHARSETS)
# Text between tags that holds non-ASCII bytes is what the detector reads (markup
# and scripts are ASCII and say nothing), at most this much of it.
_SAMPLE_BYTES = 64 * 1024
_TEXT_RUN = re.compile(rb"[^<>]+")
# The last byte below 0x40 (ASCII digits, spaces, punctuation): never inside a
# multi-byte character of the charsets guessed.
_LAST_LOW_BYTE = re.compile(rb"[\x00-\x3f](?=[^\x00-\x3f]*+\Z)")
# What the guessed reading must look like before it replaces windows-1252: the
# detector alone, on pages with a few symbols or with UTF-8 mojibake in them, names
# Thai, Cyrillic or Japanese for Western text. Real text of those scripts has
# letters (MIN_LETTERS at least), in words of their own (a share MIN_IN_WORDS of its
# letters next to another), seldom touching a Latin letter (at most MAX_GLUED);
# Western text misread has lone letters ("§" read as Thai) or letters inside Latin
# words ("M\u044cnchen"). Set on WCXB dev and readability-dev pages re-encoded in
# their own legacy charsets and in windows-1252 (docs/robustness.md).
MIN_LETTERS = 10
MIN_IN_WORDS = 0.85
MAX_GLUED = 0.3
# A page whose non-ASCII bytes mostly form valid UTF-8 is a UTF-8 page with stray
# bytes (a pasted windows-1252 quote), read as UTF-8 plus windows-1252. Legacy CJK
# text makes valid UTF-8 pairs by chance, far fewer than this share.
_UTF8_SHARE = 0.5


def guess_charset(data: bytes, late: str | None = None) -> str | None:
    """The Python codec of a non-Latin charset `data` is plainly written in, or of a
    Central European one its windows-1252 reading breaks (shape.better_latin), or
    None (not sure, or Western text: read it as windows-1252). `late` is a charset
    the head declares after the sniffing window: a Central European guess is then
    taken only if it is the one declared (a windows-1252 page says so)."""
    if _mostly_utf8(data):
        return None
    sample = _text_sample(data)
    if not sample:
        return None
    try:
        from charset_normalizer import from_bytes
    except ImportError:                     # (a runtime dependency; never fail on it)
        return None
    best = from_bytes(sample, cp_isolation=list(_LATIN_CANDIDATES + GUESSABLE_CHARSETS),
                      explain=False).best()
    codec = None if best is None else codecs.lookup(best.encoding).name
    if codec not in _GUESSABLE:
        latin = better_latin(sample, data)
        return latin if late is None or latin and _codec(latin) == _codec(late) else None
    codec = best_sibling(sample, codec)
    try:
        data.decode(codec)
    except UnicodeDecodeError:
        return None                         # not that charset after all, or mixed
    return codec if reads_as_text(sample.decode(codec)) else None


def reads_as_text(text: str) -> bool:
    """Whether the non-ASCII letters of `text` form words of their own (see
    MIN_LETTERS, MIN_IN_WORDS and MAX_GLUED)."""
    letters = in_words = glued = 0
    run = 0                                 # the current run of non-ASCII letters
    previous = ""
    for ch in text + " ":
        if ch > "\x7f" and (ch.isalpha() or unicodedata.category(ch).startswith("M")):
            if run == 0 and previous.isascii() and previous.isalpha():
                glued += 1
            run += 1
        else:
            if run:
                letters += run
                in_words += run if run > 1 else 0
                if ch.isascii() and ch.isalpha():
                    glued += 1
            run = 0
        previous = ch
    return (letters >= MIN_LETTERS and in_words >= MIN_IN_WORDS * letters
            and glued <= MAX_GLUED * letters)


def _codec(label: str) -> str | None:
    try:
        return codecs.lookup(label).name
    except LookupError:
        return None


def _mostly_utf8(data: bytes) -> bool:
    text = data.decode("utf-8", errors="replace")
    invalid = text.count("\ufffd") - data.count(b"\xef\xbf\xbd")
    wide = len(text) - len(text.encode("ascii", errors="ignore")) - invalid
    return wide >= _UTF8_SHARE * (wide + invalid)


def _text_sample(data: bytes) -> bytes:
    """The page's non-ASCII text runs, joined, at most _SAMPLE_BYTES. A run is never
    cut inside a character: "<" and ">" are never part of one in these charsets,
    nor is any byte below 0x40, where a run too long is cut."""
    pieces: list[bytes] = []
    size = 0
    for run in _TEXT_RUN.finditer(data):
        text = run.group()
        if text.isascii():
            continue
        if size + len(text) > _SAMPLE_BYTES:
            if not pieces:
                head = text[:_SAMPLE_BYTES]
                low = _LAST_LOW_BYTE.search(head)
                pieces.append(head[:low.end()] if low else head)
            break
        pieces.append(text)
        size += len(text) + 1
    return b"\n".join(pieces)
