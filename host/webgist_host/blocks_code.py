"""Code blocks: the verbatim text of a <pre> and the language its markup names."""
from __future__ import annotations

import re
from typing import Callable

from .dom import tag_of

# Class prefixes highlighters use for the language: Prism/highlight.js "language-",
# Google prettify "lang-", MDN and Sphinx "highlight-", GitHub "highlight-source-".
LANGUAGE_CLASS_PREFIXES = ("language-", "lang-", "highlight-source-", "highlight-")
LANGUAGE_ATTRIBUTES = ("data-lang", "data-language")
# What a highlighter writes when it found no language; perldoc's fences came out
# tagged "undefined", a word the page never showed.
NO_LANGUAGE_WORDS = frozenset({
    "undefined", "none", "null", "text", "plaintext", "plain", "nohighlight",
})
# MDN's SyntaxHighlighter convention: class="brush: js; ..."
_BRUSH_RE = re.compile(r"brush:\s*([\w+#.-]+)")
_LANGUAGE_RE = re.compile(r"^[a-z0-9][a-z0-9_+#.-]{0,29}$")
# How far up from the <pre> a wrapper may name the language (Sphinx puts it two up).
LANGUAGE_ANCESTOR_LEVELS = 2


def _clean_language(value: str | None) -> str | None:
    value = (value or "").strip().lower()
    if not value or value in NO_LANGUAGE_WORDS or not _LANGUAGE_RE.match(value):
        return None
    return value


def _language_of(el) -> str | None:
    for attr in LANGUAGE_ATTRIBUTES:
        found = _clean_language(el.get(attr))
        if found:
            return found
    classes = el.get("class") or ""
    brush = _BRUSH_RE.search(classes)
    if brush:
        return _clean_language(brush.group(1))
    for token in classes.split():
        for prefix in LANGUAGE_CLASS_PREFIXES:
            if token.lower().startswith(prefix):
                found = _clean_language(token[len(prefix):])
                if found:
                    return found
                break
    return None


def code_language(pre) -> str | None:
    """The language named on the <pre>, its <code> child, or a close wrapper."""
    candidates = [pre]
    candidates += [child for child in pre if tag_of(child) == "code"][:1]
    node = pre.getparent()
    for _ in range(LANGUAGE_ANCESTOR_LEVELS):
        if node is None:
            break
        candidates.append(node)
        node = node.getparent()
    for el in candidates:
        found = _language_of(el)
        if found:
            return found
    return None


def code_text(pre, skip: Callable[[object], bool]) -> str:
    """The text exactly as written: whitespace is the meaning, <br> is a newline."""
    parts: list[str] = []
    _collect(pre, skip, parts)
    text = "".join(parts)
    if text.startswith("\r\n"):
        text = text[2:]
    elif text.startswith("\n"):
        text = text[1:]       # the parser keeps the newline a browser drops after <pre>
    return text.rstrip()


def _collect(root, skip, parts: list[str]) -> None:
    # Iterative so a deep highlighter soup cannot exhaust the stack.
    stack = [(root, False)]
    while stack:
        el, done = stack.pop()
        if done:
            if el is not root and el.tail:
                parts.append(el.tail)
            continue
        if el is not root and (not isinstance(el.tag, str) or skip(el)):
            if el.tail:
                parts.append(el.tail)
            continue
        if tag_of(el) == "br":
            parts.append("\n")
        elif el.text:
            parts.append(el.text)
        stack.append((el, True))
        stack.extend((child, False) for child in reversed(el))
