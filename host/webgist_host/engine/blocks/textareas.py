"""Code shown in a <textarea>: examples and playgrounds a reader may edit and run
(pkg.go.dev's textarea.Documentation-exampleCode.code, "try it" editors), told by a
class that names code. Any other textarea is a form field or a copy box, never
content. This module only reads the tree.
"""
from __future__ import annotations

import re

from ..dom.nodes import tag_of

# A class word that says code: "code", or a camelCase or dashed name ending in it
# ("exampleCode", "code-editor" is split at the dash).
_CLASS_WORD_RE = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


def _says_code(classes: str) -> bool:
    return any(word.lower() == "code" for word in _CLASS_WORD_RE.findall(classes))


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
    return "ode" in classes and _says_code(classes) and bool(textarea_text(el).strip())
