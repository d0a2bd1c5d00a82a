"""Bidirectional override, embedding and isolate controls taken out of the text.

U+202A-U+202E (LRE, RLE, PDF, LRO, RLO) and U+2066-U+2069 (LRI, RLI, FSI, PDI)
reorder what follows them without being seen: "gnp.exe" drawn as "exe.png", an
instruction to a language model hidden in text that reads as something else. In
Markdown they carry no formatting a reader needs (the engine keeps the direction of
a page and its quotations from `dir`), so outside code they are removed. Code keeps
them: a program's string literal is what it is. The joiners and marks that emoji and
many scripts need (ZWJ, ZWNJ, LRM, RLM, ALM) are not touched.
"""
from __future__ import annotations

import copy
import re
from typing import Any

from lxml import etree

from .capture import Capture
from .nodes import PATH_ATTR, tag_of

BIDI_CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_BIDI_RE = re.compile(f"[{BIDI_CONTROLS}]")
# Elements whose text is code or the page's own program, kept as it is.
CODE_TAGS = frozenset({"pre", "code", "kbd", "samp", "tt", "xmp", "listing", "plaintext",
                       "textarea", "script", "style"})


# Attributes whose words reach the Markdown (image text, link titles, labels).
SHOWN_ATTRIBUTES = ("alt", "title", "aria-label")
_SHOWN_VALUES_XPATH = "|".join(f"//@{name}" for name in SHOWN_ATTRIBUTES)


def strip_bidi_controls(root, capture: Capture | None = None,
                        source: str | bytes | None = None) -> tuple[Any, list[str]]:
    """The tree without bidi controls outside code, and a note when any went.
    The input is returned as it is when it holds none (a page's text is searched
    once, in C, before anything is copied). `source`, the text the tree was parsed
    from (`read_page`), is searched first when given: without a control in it,
    as itself or as a reference, the tree has none."""
    if source is not None and not _source_may_hold_controls(source):
        return root, []
    if not _holds_controls(root):
        return root, []
    root = copy.deepcopy(root.getroottree()).getroot()
    removed = 0
    for el in _outside_code(root, capture):
        if el.text and _BIDI_RE.search(el.text):
            el.text, n = _BIDI_RE.subn("", el.text)
            removed += n
        for name in SHOWN_ATTRIBUTES:
            value = el.get(name)
            if value and _BIDI_RE.search(value):
                cleaned, n = _BIDI_RE.subn("", value)
                el.set(name, cleaned)
                removed += n
    for el in root.iter():
        # A tail belongs to the parent's text: judged by whether the parent is code.
        parent = el.getparent()
        if el.tail and parent is not None and _BIDI_RE.search(el.tail) and not _in_code(parent, capture):
            el.tail, n = _BIDI_RE.subn("", el.tail)
            removed += n
    if not removed:
        return root, []
    return root, [f"{removed} bidirectional override, embedding or isolate controls "
                  "(U+202A-U+202E, U+2066-U+2069) were removed outside code"]


def _holds_controls(root) -> bool:
    return _may_hold_controls(root) and _holds_controls_exactly(root)


# A control as UTF-8 (E2 80 AA-AE, E2 81 A6-A9); a numeric character reference.
# (Two patterns: each starts with one literal, which the engine scans for in C.)
_CONTROL_BYTES = re.compile(b"\xe2(?:\x80[\xaa-\xae]|\x81[\xa6-\xa9])")
_REFERENCE = re.compile(rb"&#(?:[xX]([0-9a-fA-F]{1,8})|([0-9]{1,8}));|&#")
_CONTROL_CODES = frozenset(map(ord, BIDI_CONTROLS))
_TEXT_REFERENCE = re.compile(r"&#(?:[xX]([0-9a-fA-F]{1,8})|([0-9]{1,8}));|&#")


def _source_may_hold_controls(source: str | bytes) -> bool:
    """False only when the page's text holds no control, as itself or as a numeric
    reference (no named HTML entity stands for one). The text is several times
    quicker to search than the tree is to write out; a reference not read here
    ("&#8238" without its semicolon, too many digits) counts as one."""
    if isinstance(source, str):
        if _holds_any_control(source):
            return True
        return _names_a_control(_TEXT_REFERENCE.finditer(source))
    if _CONTROL_BYTES.search(source):
        return True
    return _names_a_control(_REFERENCE.finditer(source))


def _names_a_control(references) -> bool:
    """Whether one of `references` (_REFERENCE's or _TEXT_REFERENCE's matches) is a
    control's, or a reference these patterns do not read."""
    for reference in references:
        hexadecimal, decimal = reference.groups()
        if hexadecimal is None and decimal is None:
            return True     # not a reference read here: left to the exact check
        if (int(hexadecimal, 16) if hexadecimal else int(decimal)) in _CONTROL_CODES:
            return True
    return False


def _may_hold_controls(root) -> bool:
    """False only when no text and no attribute of the tree holds a control. The
    tree written out by libxml2 shows every character of its text and attribute
    values, as itself or as a numeric reference; written and searched in C, that
    is several times quicker than gathering the shown attributes by XPath."""
    try:
        markup = etree.tostring(root, encoding="utf-8")
    except Exception:       # noqa: BLE001 - not a reason to skip the exact check
        return True
    if _CONTROL_BYTES.search(markup):
        return True
    return _names_a_control(_REFERENCE.finditer(markup))


def _holds_controls_exactly(root) -> bool:
    # The page's text written out in C (the same string as "".join(root.itertext()),
    # a third of the time), and the attribute values gathered by one XPath. Each is
    # searched for one control at a time: a substring test on a page of Latin text
    # rules a wide character out at once, where the pattern reads every character.
    text = etree.tostring(root, method="text", encoding=str)
    if _holds_any_control(text):
        return True
    return _holds_any_control("".join(root.xpath(_SHOWN_VALUES_XPATH, smart_strings=False)))


def _holds_any_control(text: str) -> bool:
    return any(control in text for control in BIDI_CONTROLS)


def _is_code(el, capture: Capture | None) -> bool:
    if tag_of(el) in CODE_TAGS:
        return True
    if capture is not None and capture.measured:
        box = capture.boxes.get(el.get(PATH_ATTR) or "")
        return box is not None and box.is_code
    return False


def _in_code(el, capture: Capture | None) -> bool:
    return any(_is_code(node, capture) for node in (el, *el.iterancestors()))


def _outside_code(root, capture: Capture | None):
    """Elements whose own text is not code, without descending into code."""
    stack = [root]
    while stack:
        el = stack.pop()
        if not tag_of(el) or _is_code(el, capture):
            continue
        yield el
        stack.extend(el)
