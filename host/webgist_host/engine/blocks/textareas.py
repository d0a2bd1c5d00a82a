"""Code shown in a <textarea>: examples and playgrounds a reader may edit and run
(pkg.go.dev's textarea.Documentation-exampleCode.code, "try it" editors), told by a
class that names code. Any other textarea is a form field or a copy box (an embed
snippet, a licence key), never content. This module only reads the tree.
"""
from __future__ import annotations

import re

from ..dom.nodes import tag_of
from .tuning import COPY_BOX_CLASS_WORDS, EMBED_TAGS

# A class word that says code: "code", or a camelCase or dashed name ending in it
# ("exampleCode", "code-editor" is split at the dash).
_CLASS_WORD_RE = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


# The opening tag of an HTML element, and its name.
_OPEN_TAG_RE = re.compile(r"<([A-Za-z][\w-]*)")


def _says_code(classes: str) -> bool:
    """A class word is "code" and none says the box is for copying (an embed or
    licence box)."""
    words = {word.lower() for word in _CLASS_WORD_RE.findall(classes)}
    return "code" in words and not words & COPY_BOX_CLASS_WORDS


def _one_element(text: str) -> bool:
    """The text is one embedding element, as an embed box holds ("<iframe
    ...></iframe>"), not an example's markup."""
    text = text.strip()
    opened = _OPEN_TAG_RE.findall(text)
    if not text.startswith("<") or not text.endswith(">") or len(opened) != 1:
        return False
    name = opened[0].lower()
    if name not in EMBED_TAGS:
        return False             # a one-element example (an <img>, a link) is a lesson's code
    return text.lower().endswith(f"</{name}>") or "</" not in text


def textarea_text(el) -> str:
    """Its text as the browser shows it: one leading newline is the markup's, not
    the value's (HTML §13.2.6.4.7)."""
    text = el.text or ""
    return text[1:] if text.startswith("\n") else text


def is_code_textarea(el) -> bool:
    """A textarea whose class names code. (Read-only alone is no sign: news sites'
    "republish this story" boxes hold the article again as HTML, read-only.)"""
    if tag_of(el) != "textarea":
        return False
    classes = el.get("class") or ""
    if "ode" not in classes or not _says_code(classes):
        return False
    text = textarea_text(el)
    return bool(text.strip()) and not _one_element(text)
