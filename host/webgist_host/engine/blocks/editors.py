"""Code editors in the page (CodeMirror 5 and 6, Monaco, Ace) read as one code block.

An editor draws each line as its own element in a text layer, beside gutters, line
numbers, cursors and measuring boxes; only the text layer is read. A viewport editor
draws only the lines on screen, so a hidden <pre> or <textarea> beside it holding the
whole source is preferred when it contains every drawn line (seed 000, PR #73).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from .code import clean_language, code_text
from ..dom.nodes import tag_of


@dataclass(frozen=True)
class EditorShape:
    """Where one editor keeps its lines: the text layer's class and each line's."""

    name: str
    layer: str
    line: str


# Root class -> shape, from each editor's DOM: CodeMirror 5 (.CodeMirror-code >
# pre.CodeMirror-line), CodeMirror 6 (.cm-content > .cm-line), Monaco (.view-lines >
# .view-line, absolutely placed) and Ace (.ace_text-layer > .ace_line).
EDITOR_SHAPES = {
    "CodeMirror": EditorShape("codemirror5", "CodeMirror-code", "CodeMirror-line"),
    "cm-editor": EditorShape("codemirror6", "cm-content", "cm-line"),
    "monaco-editor": EditorShape("monaco", "view-lines", "view-line"),
    "ace_editor": EditorShape("ace", "ace_text-layer", "ace_line"),
}
# Inside a text layer but not the text: CodeMirror 5's measuring box, CM6's widget
# buffers, Ace's invisible-character markers are drawn glyphs, not source.
EDITOR_NOISE_CLASSES = frozenset({
    "CodeMirror-measure", "CodeMirror-linenumber", "CodeMirror-gutter-wrapper",
    "cm-widgetBuffer", "cm-gutters", "ace_gutter", "ace_cursor-layer",
})
# Where an editor names its language: CM6 writes data-language on .cm-content,
# Monaco data-mode-id on .monaco-editor; embeds add data-lang or a class.
EDITOR_LANGUAGE_ATTRIBUTES = ("data-language", "data-lang", "data-mode-id", "data-mode")
# Class prefixes naming a mode ("cm-s-" is CodeMirror's theme, never a language).
EDITOR_MODE_CLASS_PREFIXES = ("language-", "lang-", "mode-")
# The full source an editor was built from sits in one of these beside it
# (CodeMirror.fromTextArea hides the <textarea> it replaces).
SOURCE_TAGS = frozenset({"pre", "textarea"})
# Drawn characters that are not in the source: CodeMirror's zero-width placeholder
# for an empty line, Monaco's non-breaking spaces.
_DRAWN_CHARACTERS = {"\u200b": "", "\u00a0": " "}
_TOP_RE = re.compile(r"(?:^|;)\s*top\s*:\s*(-?\d+(?:\.\d+)?)px", re.I)


def _classes(el) -> set[str]:
    return set((el.get("class") or "").split())


# The root class names, looked for anywhere in a class value: most values hold
# none and are ruled out before being split into words (substring tests in C,
# several times faster than one regex alternation over the same names).
_ROOT_NAMES = tuple(EDITOR_SHAPES)


def could_be_editor(classes: str | None) -> bool:
    """False when a class value cannot name an editor root (most values)."""
    if not classes:
        return False
    return any(map(classes.__contains__, _ROOT_NAMES))


def editor_shape(el) -> EditorShape | None:
    """The editor `el` is the root of. Not one without the editor's text layer: a
    static render that kept the root class around a highlighted <pre> (nbconvert's
    JupyterLab template writes div.cm-editor > div.highlight > pre) is read as the
    page wrote it."""
    if not isinstance(el.tag, str):
        return None
    if not could_be_editor(el.get("class")):
        return None
    for name in _classes(el):
        shape = EDITOR_SHAPES.get(name)
        if shape is not None:
            return shape if _layer(el, shape) is not None else None
    return None


def _layer(root, shape: EditorShape):
    for node in root.iter():
        if isinstance(node.tag, str) and shape.layer in _classes(node):
            return node
    return None


def _line_elements(layer, shape: EditorShape) -> list:
    """Line elements in document order, not descending into lines or noise."""
    lines = []
    stack = [layer]
    while stack:
        node = stack.pop()
        classes = _classes(node)
        if node is not layer and classes & EDITOR_NOISE_CLASSES:
            continue
        if shape.line in classes:
            lines.append(node)
            continue
        stack.extend(child for child in reversed(node) if isinstance(child.tag, str))
    return lines


def _line_text(line) -> str:
    parts: list[str] = []
    stack: list = [(line, False)]
    while stack:
        node, done = stack.pop()
        if done or (node is not line and _classes(node) & EDITOR_NOISE_CLASSES):
            if node is not line and node.tail:
                parts.append(node.tail)
            continue
        if node.text:
            parts.append(node.text)
        stack.append((node, True))
        stack.extend((child, False) for child in reversed(node) if isinstance(child.tag, str))
    text = "".join(parts)
    for drawn, source in _DRAWN_CHARACTERS.items():
        text = text.replace(drawn, source)
    return text.rstrip("\n")


def _top(line, layer) -> float | None:
    """The px offset an absolutely placed line (or its line group) sits at."""
    for node in (line, line.getparent()):
        if node is None or node is layer:
            break
        found = _TOP_RE.search(node.get("style") or "")
        if found:
            return float(found.group(1))
    return None


def _ordered(lines: list, layer) -> list:
    """Lines as the reader sees them: by their top offset when all are placed."""
    tops = [top for top in (_top(line, layer) for line in lines) if top is not None]
    if lines and len(tops) == len(lines):
        order = sorted(range(len(lines)), key=tops.__getitem__)
        return [lines[i] for i in order]
    return lines


def drawn_lines(root, shape: EditorShape) -> list[str]:
    layer = _layer(root, shape)
    if layer is None:
        return []
    return [_line_text(line) for line in _ordered(_line_elements(layer, shape), layer)]


def source_beside(root):
    """A <pre> or <textarea> next to the editor (or next to its wrapper)."""
    for node in (root, root.getparent()):
        if node is None:
            continue
        for sibling in (node.getprevious(), node.getnext()):
            if sibling is not None and tag_of(sibling) in SOURCE_TAGS:
                return sibling
    return None


def _source_text(el, skip: Callable[[object], bool]) -> str:
    if tag_of(el) == "textarea":
        text = "".join(el.itertext())
        return text[1:] if text.startswith("\n") else text
    return code_text(el, skip)


def _complete(drawn: list[str], source: str) -> bool:
    """True when the source holds every non-blank drawn line."""
    source_lines = {line.rstrip() for line in source.split("\n")}
    return all(line.rstrip() in source_lines for line in drawn if line.strip())


def editor_language(root, source=None) -> str | None:
    candidates = [root]
    shape = editor_shape(root)
    layer = _layer(root, shape) if shape is not None else None
    if layer is not None:
        candidates.append(layer)
    if source is not None:
        candidates.append(source)
    if root.getparent() is not None:
        candidates.append(root.getparent())
    for el in candidates:
        found = _language_of(el)
        if found:
            return found
    return None


def _language_of(el) -> str | None:
    for attr in EDITOR_LANGUAGE_ATTRIBUTES:
        found = clean_language(el.get(attr))
        if found:
            return found
    for token in (el.get("class") or "").split():
        for prefix in EDITOR_MODE_CLASS_PREFIXES:
            if token.lower().startswith(prefix):
                found = clean_language(token[len(prefix):])
                if found:
                    return found
    return None


@dataclass(frozen=True)
class EditorCode:
    text: str
    language: str | None
    source: object | None      # the element the full text came from, if any


def read_editor(root, skip: Callable[[object], bool]) -> EditorCode | None:
    """The editor's code: its drawn lines, or the complete source beside it."""
    shape = editor_shape(root)
    if shape is None:
        return None
    drawn = drawn_lines(root, shape)
    source_el = source_beside(root)
    used = None
    text = "\n".join(drawn)
    if source_el is not None:
        source = _source_text(source_el, skip).rstrip()
        if source.strip() and _complete(drawn, source):
            text, used = source, source_el
    text = text.strip("\n").rstrip()
    if not text.strip():
        return None
    return EditorCode(text, editor_language(root, source_el), used)
