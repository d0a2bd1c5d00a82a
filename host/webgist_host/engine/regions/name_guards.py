"""Shape guards for names that say furniture only on a small box.

"disclaimer", "popover", "buttons" and "ctas" name fine print, a click's bubble and
a row of calls to action on shops and service pages; the same words name a legal
document's sections, a design system's docs, a heading's anchor and a list of what
each button does. These checks read the element's shape, so the name is believed
only where the shape agrees: no heading of its own, no trigger beside the bubble, a
group made of links or buttons, no file offered for download.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from ..words import has_alnum, word_count
from .tuning import BUTTON_GROUP_MAX_WORDS, BUTTON_GROUP_MIN_CONTROL_SHARE
from .vocabulary import (
    BUTTON_GROUP_WORDS, DATA_GUARDED_WORDS, DOCUMENT_PAGE_EXTENSIONS, LONG_FILE_EXTENSIONS, NAME_MODIFIER_WORDS, POPOVER_TRIGGER_WORDS,
    SHAPE_GUARDED_WORDS, TRIGGER_WORD, token_words, words_of_value,
)

HEADING_TAGS = ("h1", "h2", "h3", "h4", "h5", "h6")
_CONTROLS = ("a", "button")
# A file's last step: a name, then an extension of one to five letters and digits
# opening with a letter, maybe closed by a compression's short suffix (".tar.gz"); or
# a longer extension of a known package format (LONG_FILE_EXTENSIONS: ".AppImage",
# ".msixbundle"), since a longer dotted word is a name's part ("anna.schmidt",
# "android.widget", "5.3.9.RELEASE"). A version's step ends in a number ("v1.2.3",
# "release-2.0") or in a series' wildcard, an x after a number ("2.x"): neither is an
# extension. Other one-letter extensions after a digit name source files ("day1.c").
_FILE_EXTENSION = re.compile(
    r"\.([a-wyz]|(?<![0-9]\.)x|[a-z][a-z0-9]{1,4}|%s)(?:\.[a-z0-9]{1,3})?$"
    % "|".join(sorted(LONG_FILE_EXTENSIONS, key=lambda name: (-len(name), name))))


def unguarded(el, words: frozenset[str]) -> frozenset[str]:
    """`words` less the shape-guarded ones the element's shape does not bear out."""
    data = words & DATA_GUARDED_WORDS
    if data and _holds_header_cell(el):
        words = words - data
    guarded = words & SHAPE_GUARDED_WORDS
    if not guarded:
        return words
    keep = {word for word in guarded
            if _named_plainly(el, word) and not _holds_heading(el)
            and not (word in POPOVER_TRIGGER_WORDS and _holds_trigger(el))}
    return words - (guarded - keep)


def _named_plainly(el, word: str) -> bool:
    """Some class or id token names the word, not as a modifier's object
    ("has-disclaimer", "no-popover" say the box has one, not that it is one)."""
    for attribute in ("class", "id"):
        for token in (el.get(attribute) or "").split():
            parts = token_words(token)
            if word in parts and parts[0] not in NAME_MODIFIER_WORDS:
                return True
    return False


def _holds_header_cell(el) -> bool:
    """A table's header cell (`th`: a label of a fact), in the element or under it."""
    return el.tag == "th" or next(el.iterdescendants("th"), None) is not None


def _holds_heading(el) -> bool:
    """A heading, or an element holding one, is a section of the page (a terms
    page's "3. Disclaimer of warranties", a docs page's "Placement")."""
    if el.tag in HEADING_TAGS:
        return True
    return next(el.iterdescendants(*HEADING_TAGS), None) is not None


def _holds_trigger(el) -> bool:
    """A popover's trigger ("wt-popover__trigger") with words, or the wrapper holding
    it: the trigger is the visible line; only the body beside it is the bubble. An
    empty trigger (an icon) leaves the wrapper a bubble."""
    for child in el.iter():
        if not isinstance(child.tag, str):
            continue
        if (child.tag == "button" or TRIGGER_WORD in words_of_value(child.get("class") or "")) \
                and has_alnum(child.text_content()):
            return True
    return False


def is_control_group(el, class_words: frozenset[str]) -> bool:
    """A class-named group of buttons that is calls to action or controls: not a
    heading, at most BUTTON_GROUP_MAX_WORDS words, most of them inside links or
    buttons, and no link to a file (a download page's installers are its content)."""
    if not class_words & BUTTON_GROUP_WORDS or el.tag in HEADING_TAGS:
        return False
    total = 0
    for text in el.itertext():
        total += word_count(text)
        if total > BUTTON_GROUP_MAX_WORDS:
            return False
    if total == 0:
        return True
    in_controls = 0
    for control in el.iterdescendants(*_CONTROLS):
        if control.tag == "a" and links_to_file(control.get("href") or ""):
            return False
        if control.getparent() is not None and _inside_control(control, el):
            continue
        in_controls += sum(word_count(t) for t in control.itertext())
    return in_controls >= BUTTON_GROUP_MIN_CONTROL_SHARE * total


def _inside_control(control, group) -> bool:
    """Whether a control sits inside another control of the group (counted there)."""
    parent = control.getparent()
    while parent is not None and parent is not group:
        if parent.tag in _CONTROLS:
            return True
        parent = parent.getparent()
    return False


def links_to_file(href: str) -> bool:
    """Whether a link's address fetches a file (an installer, a PDF, an archive) rather
    than a page: its path's last step ends in an extension that is not a web page's."""
    return file_extension(href) not in ("", *DOCUMENT_PAGE_EXTENSIONS)


def file_extension(href: str) -> str:
    """The extension the last step of a link's path ends in ("pdf", "dmg"), or ""."""
    # The address's path only: a bare host ("https://app.example.io") names no file.
    path = urlsplit(href).path.rsplit("/", 1)[-1].lower()
    match = _FILE_EXTENSION.search(path)
    return match.group(1) if match else ""
