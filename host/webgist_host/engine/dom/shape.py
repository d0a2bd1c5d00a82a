"""Which of a few charsets reads a page's bytes as running text, by the text's shape.

Charsets of one script read each other's bytes as letters of that script, so a
detector weighing letter frequencies confuses them on short text. Their wrong
readings break the shape of words instead:
- KOI8-R, windows-1251 and ISO-8859-5 place lower and upper case differently: one
  read as another gives words in capitals, or capitals inside words ("пРИВЕТ");
- ISO-8859-7 read as windows-1253 (or one Cyrillic charset as another) turns some
  letters into symbols inside words ("¶" for "Ά", "№" for "р");
- Central European text (Polish, Slovak, Romanian...) in windows-1250 or ISO-8859-2,
  read as windows-1252, puts symbols inside words ("wi¹¿¹cy", "ka¾dý") or bytes
  windows-1252 leaves undefined. Western text has ordinal signs after an
  abbreviation ("nºs", "MªJosé"), and UTF-8 pieces of a mixed page read as
  windows-1252 ("BÃ³kun") have symbols too: neither is counted;
- short KOI8-R text, whose lowercase block holds letters in windows-1256 (Arabic)
  and Shift-JIS (half-width katakana), is taken for those.
Running text is mostly lowercase words, capitalised words and no symbol between
two letters; the reading closest to that wins. Pure functions of their arguments.
"""
from __future__ import annotations

import codecs
import re

# Charsets of one script that the detector confuses (Python codec names). The
# detector's choice is kept on a tie.
SIBLINGS = (
    ("cp1251", "koi8_r", "iso8859_5"),      # Cyrillic
    ("cp1253", "iso8859_7"),                # Greek
)
_FAMILY = {codecs.lookup(name).name: family for family in SIBLINGS for name in family}
# Charsets with letters where KOI8-R has its lowercase (0xC0-0xDF): Arabic in
# windows-1256, half-width katakana in Shift-JIS. The detector names them for short
# KOI8-R text (a language menu's "русский"), so the Cyrillic family is weighed too.
KOI8_LOOKALIKES = ("cp1256", "cp932", "shift_jis")
_CHALLENGED = {codecs.lookup(name).name: (name,) + SIBLINGS[0] for name in KOI8_LOOKALIKES}
# Central European charsets tried when the windows-1252 reading is broken (see
# MIN_BROKEN). windows-1250 first: on a tie it is the likelier one on the web.
LATIN_ALTERNATIVES = ("cp1250", "iso8859_2")
# A windows-1252 reading is broken when it has at least MIN_BROKEN symbols inside
# words, a share MIN_BROKEN_SHARE of its non-ASCII letters at least: a Western page
# has at most a stray "®" or "™" between two letters. An alternative replaces it
# only when it leaves at most MAX_LEFT of those symbols. Chosen before the charset
# evaluation was run and not moved after (docs/robustness.md, "Session 22:
# charset10"); ordinal abbreviations and UTF-8 pieces are left out of the count
# ("Session 23: mendC").
MIN_BROKEN = 3
MIN_BROKEN_SHARE = 0.02
MAX_LEFT = 0.25
# Bytes windows-1252 leaves undefined: Central European letters in windows-1250
# (0x8D Ť, 0x8F Ź, 0x9D ť), never in a windows-1252 page.
_UNDEFINED_1252 = re.compile(rb"[\x81\x8d\x8f\x90\x9d]")
# A valid multi-byte UTF-8 character. A windows-1252 page with UTF-8 paragraphs
# (posts, comments) reads them as "Ã³" "â€™": symbols between letters that are no
# evidence of a Central European charset, so they are left out of the count (and a
# Central European page loses at most a rare pair such as "Ół", 0xD3 0xB3).
_UTF8_CHAR = re.compile(
    rb"[\xc2-\xdf][\x80-\xbf]|\xe0[\xa0-\xbf][\x80-\xbf]|[\xe1-\xec\xee\xef][\x80-\xbf]{2}"
    rb"|\xed[\x80-\x9f][\x80-\xbf]|\xf0[\x90-\xbf][\x80-\xbf]{2}|[\xf1-\xf3][\x80-\xbf]{3}"
    rb"|\xf4[\x80-\x8f][\x80-\xbf]{2}")
_TRIPLE = re.compile(r"(.)\1\1")
_LATIN = re.compile(r"[A-Za-z]")
_NOT_LATIN = re.compile(r"[^\x00-\u024f]")
# Letters: word characters less digits, "_" and the few that Python's \w takes for
# letters or digits but text never has inside a word: superscript digits and
# vulgar fractions (Unicode "No") and the ordinal signs "ª" "º" (letters to Unicode).
_SIGNS = "²³¹¼½¾ªº"
_LETTER = rf"[^\W\d_{_SIGNS}]"
_WORD = re.compile(rf"{_LETTER}+")
_WIDE_LETTERS = re.compile(rf"[^\x00-\x7f\W\d_{_SIGNS}]")    # non-ASCII letters
# A character that is not a letter, digit, space or ASCII between two letters:
# "¹" "³" "¿" "¾" "№" "§" "¶"... Quotes, dashes and the middle dot belong between
# letters ("don’t", "l·l", "x–y") and are left out.
_SYMBOL_IN_WORD = re.compile(
    rf"(?<={_LETTER})(?:[^\w\s\x00-\x7f’‘‚‛′–—‐‑·\u00ad…«»“”„]|[{_SIGNS}])(?={_LETTER})")
# An ordinal sign that closes an abbreviation, as Portuguese, Spanish and Italian
# write them: before a capital ("MªJosé") or a plural "s" ending the word ("nºs",
# "Exmºs"). Read as windows-1252, Romanian "ş" (0xBA) is "º" before more lowercase
# letters ("Bucureºti"), which still counts as a symbol in a word.
_ORDINAL_IN_WORD = re.compile(rf"(?<={_LETTER})[ªº](?=[A-ZÀ-ÖØ-Þ]|s(?!{_LETTER}))")


def best_sibling(sample: bytes, codec: str) -> str:
    """`codec`, or the charset of its script (of KOI8-R's, for a KOI8_LOOKALIKES
    charset) whose reading of `sample` has the better shape (shape_score); `codec`
    on a tie or when no sibling decodes."""
    family = _FAMILY.get(codec) or _CHALLENGED.get(codec)
    if not family:
        return codec
    best, best_score = codec, shape_score(sample.decode(codec, errors="replace"))
    if codec not in _FAMILY:
        best_score = max(best_score, 0)     # another script must read as words
    for other in family:
        if codecs.lookup(other).name == codec:
            continue
        try:
            text = sample.decode(other)
        except UnicodeDecodeError:
            continue
        score = shape_score(text)
        if score > best_score:
            best, best_score = codecs.lookup(other).name, score
    return best


def better_latin(sample: bytes, data: bytes) -> str | None:
    """A Central European charset that reads `sample` as words where windows-1252
    breaks them (see MIN_BROKEN), else None (windows-1252 stays)."""
    sample = _UTF8_CHAR.sub(b"", sample)
    western = sample.decode("cp1252", errors="replace")
    broken = symbols_in_words(western) + len(_UNDEFINED_1252.findall(sample))
    if broken >= MIN_BROKEN:                # (most Western pages: skip the count)
        broken -= _count(_ORDINAL_IN_WORD, western)
    if broken < MIN_BROKEN:
        return None
    letters = len(_WIDE_LETTERS.findall(western))
    if broken < MIN_BROKEN_SHARE * letters:
        return None
    best, best_score = None, shape_score(western)
    for codec in LATIN_ALTERNATIVES:
        try:
            text = sample.decode(codec)
        except UnicodeDecodeError:
            continue
        score = shape_score(text)
        if symbols_in_words(text) <= MAX_LEFT * broken and score > best_score:
            best, best_score = codec, score
    if best is None:
        return None
    try:
        data.decode(best)
    except UnicodeDecodeError:
        return None
    return best


def symbols_in_words(text: str) -> int:
    """How many symbols stand between two letters of `text` (_SYMBOL_IN_WORD)."""
    return _count(_SYMBOL_IN_WORD, text)


def _count(pattern: re.Pattern[str], text: str) -> int:
    return sum(1 for _ in pattern.finditer(text))


def shape_score(text: str) -> int:
    """Letters of words shaped like running text (lowercase, a capital then
    lowercase, or a caseless script) less letters of words with a capital after a
    lowercase letter, less three for each symbol inside a word. Words in capitals
    count for nothing: menus and headings have them in the right reading, running
    text read in a case-swapping sibling has them in the wrong one. Only words with
    a non-ASCII letter count."""
    score = -3 * symbols_in_words(text)
    for word in _WORD.findall(text):
        if word.isascii() or (word.isupper() and len(word) > 1):
            continue
        score += -len(word) if _misshapen(word) else len(word)
    return score


def _misshapen(word: str) -> bool:
    """A capital after a lowercase letter ("пРИВЕТ", "żQué"), ASCII letters with
    letters of another script ("isљthe": a no-break space read as a letter), or one
    letter three times in a row ("љљљ")."""
    if _TRIPLE.search(word) or (_LATIN.search(word) and _NOT_LATIN.search(word)):
        return True
    seen_lower = False
    for ch in word:
        if ch.islower():
            seen_lower = True
        elif ch.isupper() and seen_lower:
            return True
    return False
