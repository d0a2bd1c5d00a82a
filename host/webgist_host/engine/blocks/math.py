"""Math: the TeX a page was written in, read from what its math renderer left behind.

A rendered formula is a tree of spans, glyph boxes or an image; the TeX survives
beside it in MathML's <annotation>, MathJax's <script type="math/tex"> or KaTeX's
hidden MathML. A math root is the element that holds one formula whole; the walker
reads its TeX once and never descends into it, so the rendered copy is never read.
This module only reads the tree.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import parse_qs, unquote, urlsplit

from ..dom.nodes import tag_of, text_with_breaks
from .tuning import (
    DISPLAY_CLASS_WORDS, DISPLAY_PARENT_TAGS, LATEX_IMAGE_CLASSES, LATEX_URL_PARAMETERS,
    MATHJAX2_SCRIPT_DISTANCE,
)

# <annotation encoding=...> values that hold TeX (MathML 3 §5.1.3; Wikipedia and
# KaTeX write application/x-tex, some converters TeX or LaTeX).
TEX_ENCODINGS = frozenset({"application/x-tex", "tex", "application/x-latex", "latex",
                           "text/x-tex"})
# MathJax 2 keeps the source as <script type="math/tex"> (display: "; mode=display").
MATH_SCRIPT_PREFIX = "math/tex"
DISPLAY_MODE = "mode=display"
# KaTeX: span.katex (inline) inside span.katex-display (display), TeX in .katex-mathml.
KATEX_CLASS = "katex"
KATEX_DISPLAY_CLASS = "katex-display"
# Wikipedia (MediaWiki Math): span.mwe-math-element holds hidden MathML and a
# fallback <img>; "-block" or a display image/MathML marks display math.
WIKIPEDIA_MATH_CLASS = "mwe-math-element"
WIKIPEDIA_DISPLAY_CLASSES = frozenset({
    "mwe-math-element-block", "mwe-math-fallback-image-display", "mwe-math-mathml-display",
})
# MathJax 3 renders into <mjx-container display="true"> with assistive MathML inside.
MATHJAX3_TAG = "mjx-container"
# MathJax 2's rendered copies, written just before the source <script>; dropped only
# when that script is really there, so a formula is never lost nor read twice.
MATHJAX2_COPY_CLASSES = frozenset({
    "MathJax", "MathJax_Display", "MathJax_Preview", "MathJax_SVG", "MathJax_SVG_Display",
    "MathJax_CHTML", "MathJax_PHTML", "MathJax_MathML", "MJX_Assistive_MathML",
})
# Attributes a renderer keeps the source in, on the element that holds the formula
# (Gemini: <span class="math-inline" data-math="x"> around KaTeX without MathML).
MATH_SOURCE_ATTRIBUTES = ("data-math", "data-tex", "data-latex")
MATH_SOURCE_ATTRIBUTE_SET = frozenset(MATH_SOURCE_ATTRIBUTES)
# TeX is told from prose by a control word: "\frac", "\alpha".
_TEX_COMMAND_RE = re.compile(r"\\[A-Za-z]+")
_SPACE_RE = re.compile(r"\s+")
# What an image address needs for _tex_in_url to find a command in it: a backslash,
# or a percent escape (%5C is one; an escaped parameter name may be another), or a
# tab or line break, which urlsplit removes.
_MAY_CARRY_TEX_RE = re.compile(r"[\\%\t\r\n]")


@dataclass(frozen=True)
class Math:
    """One formula: its TeX (None when the page kept no source) and the words to
    fall back on, and whether it is set apart as display math."""

    tex: str | None
    display: bool
    text: str = ""

    def inline(self) -> tuple[str, str]:
        """(plain, rich) for a formula with TeX met inside running text."""
        tex = " ".join((self.tex or "").split())
        # A "<" that would open an HTML tag where math is not rendered: TeX ignores the space.
        tex = re.sub(r"<(?=[A-Za-z/!?])", "< ", tex)
        mark = "$$" if self.display else "$"
        return tex, f"{mark}{tex}{mark}"


def _classes(el) -> set[str]:
    return set((el.get("class") or "").split())


def clean_tex(tex: str | None) -> str | None:
    """Trim blank edges and line ends; the TeX is otherwise kept as the page wrote
    it (Wikipedia's {\\displaystyle ...} wrapper included: it is valid TeX)."""
    tex = (tex or "").strip()
    lines = [line.rstrip() for line in tex.split("\n")]
    tex = "\n".join(lines).strip("\n")
    return tex or None


def is_math_script(el) -> bool:
    return tag_of(el) == "script" and (el.get("type") or "").strip().lower().startswith(
        MATH_SCRIPT_PREFIX)


def _annotation_tex(el) -> str | None:
    for node in el.iter():
        if tag_of(node) == "annotation" and (node.get("encoding") or "").strip().lower() in TEX_ENCODINGS:
            found = clean_tex("".join(node.itertext()))
            if found:
                return found
    return None


# The elements of MathML that carry its source in another notation, not what it shows.
_ANNOTATION_TAGS = frozenset({"annotation", "annotation-xml"})


def _text_without_annotations(el) -> str:
    """The text a MathML element shows: its annotations (the TeX source) left out."""
    return text_with_breaks(el, "", lambda node: tag_of(node) in _ANNOTATION_TAGS)


def _mathml(el) -> Math:
    tex = _annotation_tex(el) or clean_tex(el.get("alttext"))
    display = (el.get("display") or "").strip().lower() == "block"
    return Math(tex, display, _SPACE_RE.sub(" ", _text_without_annotations(el)).strip())


def _katex(el, display: bool) -> Math | None:
    tex = _annotation_tex(el)
    if tex is None:
        return None          # KaTeX without its MathML: read the rendered text instead
    return Math(tex, display, tex)


def _wikipedia(el) -> Math:
    tex = _annotation_tex(el)
    display = bool(_classes(el) & WIKIPEDIA_DISPLAY_CLASSES)
    text = ""
    for node in el.iter():
        if node is el:
            continue
        if tag_of(node) == "math":
            tex = tex or clean_tex(node.get("alttext"))
            display = display or (node.get("display") or "").lower() == "block"
            text = text or _SPACE_RE.sub(" ", _text_without_annotations(node)).strip()
        elif tag_of(node) == "img":
            tex = tex or clean_tex(node.get("alt"))
            display = display or bool(_classes(node) & WIKIPEDIA_DISPLAY_CLASSES)
    return Math(tex, display, text or (tex or ""))


def _mathjax3(el) -> Math | None:
    display = (el.get("display") or "").strip().lower() in ("true", "block")
    for node in el.iter():
        if tag_of(node) == "math":
            found = _mathml(node)
            return Math(found.tex, display or found.display, found.text)
    return None


def _tex_in_url(src: str) -> str | None:
    """The TeX an image address carries: a formula parameter, the whole query
    (codecogs), or the last path segment, when it reads as TeX."""
    if not _MAY_CARRY_TEX_RE.search(src) and not any(map(src.__contains__, LATEX_URL_PARAMETERS)):
        # No backslash, no escapes, no characters urlsplit removes, and no formula
        # parameter's name: nothing below could find TeX (most image addresses).
        return None
    try:
        parts = urlsplit(src)
    except ValueError:
        return None
    params = parse_qs(parts.query)
    for name in LATEX_URL_PARAMETERS:
        if params.get(name):
            return clean_tex(params[name][0])
    for candidate in (unquote(parts.query), unquote(parts.path.rsplit("/", 1)[-1])):
        if _TEX_COMMAND_RE.search(candidate):
            return clean_tex(candidate)
    return None


def _stands_alone(el) -> bool:
    """The element is the only thing in its block container: a display formula."""
    parent = el.getparent()
    if parent is None or tag_of(parent) not in DISPLAY_PARENT_TAGS:
        return False
    if (parent.text or "").strip():
        return False
    for child in parent:
        if child is not el and isinstance(child.tag, str) and "".join(child.itertext()).strip():
            return False
        if (child.tail or "").strip():
            return False
    return True


def _image_formula(el) -> Math | None:
    alt = clean_tex(" ".join((el.get("alt") or "").split()))
    from_url = _tex_in_url((el.get("src") or "").strip())
    marked = bool(_classes(el) & LATEX_IMAGE_CLASSES) or from_url is not None
    if alt and (_TEX_COMMAND_RE.search(alt) or marked):
        tex = alt
    elif marked and from_url:
        tex = from_url
    else:
        return None
    return Math(tex, _stands_alone(el), tex)


def _attribute_formula(el) -> Math | None:
    for attr in MATH_SOURCE_ATTRIBUTES:
        value = el.get(attr)
        if not value:
            continue            # most elements carry none: skip the cleaning
        tex = clean_tex(value)
        if tex:
            classes = (el.get("class") or "").lower()
            return Math(tex, any(word in classes for word in DISPLAY_CLASS_WORDS), tex)
    return None


# Tags that can be a formula whatever their class; any other element must carry a
# class that may say math (class_may_say_math) or one of MATH_SOURCE_ATTRIBUTES to
# be looked at (most of a page is neither): the page index's cheap first look, so
# math_of runs on the few elements that could answer.
MATH_ROOT_TAGS = frozenset({"img", "script", "math", MATHJAX3_TAG})


# The class words math_of answers to, looked for anywhere in a class value: a value
# none of them is part of cannot make an element a math root (substring tests in C,
# several times faster than a regex alternation).
_MATH_CLASS_WORDS = (KATEX_CLASS, KATEX_DISPLAY_CLASS, WIKIPEDIA_MATH_CLASS)


def class_may_say_math(classes: str) -> bool:
    return any(map(classes.__contains__, _MATH_CLASS_WORDS))


def math_of(el) -> Math | None:
    """The formula `el` holds whole, or None when it is not a math root."""
    tag = tag_of(el)
    if tag == "img":
        return _image_formula(el)
    found = _attribute_formula(el)
    if found is not None:
        return found
    if tag == "script":
        if not is_math_script(el):
            return None
        kind = (el.get("type") or "").lower()
        tex = clean_tex(el.text)
        return Math(tex, DISPLAY_MODE in kind.replace(" ", ""), tex or "")
    if tag == "math":
        return _mathml(el)
    if tag == MATHJAX3_TAG:
        return _mathjax3(el)
    classes = _classes(el)
    if KATEX_DISPLAY_CLASS in classes:
        return _katex(el, True)
    if KATEX_CLASS in classes:
        return _katex(el, False)
    if WIKIPEDIA_MATH_CLASS in classes:
        return _wikipedia(el)
    return None


# Every MATHJAX2_COPY_CLASSES word holds one of these: a class value without one is
# ruled out without splitting it (most elements, on every page), by substring tests
# in C rather than a regex alternation.
MATHJAX2_COPY_STEMS = ("MathJax", "MJX_")


def could_be_mathjax2_copy(classes: str | None) -> bool:
    """False when a class value cannot mark a MathJax 2 rendering (most values)."""
    if not classes:
        return False
    return any(map(classes.__contains__, MATHJAX2_COPY_STEMS))


def is_mathjax2_copy(el) -> bool:
    """A MathJax 2 rendering whose <script type="math/tex"> source follows it."""
    if not could_be_mathjax2_copy(el.get("class")):
        return False
    if not (_classes(el) & MATHJAX2_COPY_CLASSES):
        return False
    node = el.getnext()
    for _ in range(MATHJAX2_SCRIPT_DISTANCE):
        while node is not None and not isinstance(node.tag, str):
            node = node.getnext()
        if node is None:
            return False
        if is_math_script(node):
            return True
        node = node.getnext()
    return False
