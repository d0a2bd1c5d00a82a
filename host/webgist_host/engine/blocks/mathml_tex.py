"""MathML to TeX, for a formula whose page kept no TeX source beside it.

MathJax 3's assistive MathML and hand-written or converter MathML carry no
<annotation>; their text alone runs exponents, fractions and limits together
("e−x2"). This writer keeps the structure as TeX: a small recursive walk over the
presentation elements (MathML 3 §3). Symbols are kept as the page wrote them ("π",
"≤", "∑"): MathJax and KaTeX read Unicode math, and the formula keeps its own
letters rather than gaining TeX's names for them.
"""
from __future__ import annotations

import re

from ..dom.nodes import tag_of

# Characters written otherwise in TeX. Every other symbol (Greek letters, operators,
# arrows) is kept as the page wrote it: MathJax and KaTeX read Unicode math, and a
# reader (or a search) finds the formula's own letters, not their TeX names.
SYMBOL_NAMES = {
    "\u2212": "-", "\u2032": "'",
    # Invisible operators (function application, times, separator, plus): no glyph.
    "\u2061": "", "\u2062": "", "\u2063": "", "\u2064": "",
    # Characters TeX reads as syntax, written as the character they show.
    "{": r"\{", "}": r"\}", "#": r"\#", "%": r"\%", "&": r"\&", "$": r"\$", "_": r"\_",
    "\\": r"\backslash",
}

# Function names an <mi> spells, set upright in TeX by their command.
FUNCTION_NAMES = frozenset(
    "sin cos tan cot sec csc arcsin arccos arctan sinh cosh tanh log ln lg exp lim "
    "max min sup inf det dim gcd deg arg ker Pr".split())
# An <mover>/<munder> accent and the TeX command that draws it over (under) its base.
OVER_ACCENTS = {"\u00af": r"\overline", "\u203e": r"\overline", "^": r"\hat",
                "\u02c6": r"\hat", "~": r"\tilde", "\u02dc": r"\tilde", "\u2192": r"\vec",
                "\u20d7": r"\vec", "\u02d9": r"\dot", "\u00a8": r"\ddot", "\u23de": r"\overbrace"}
UNDER_ACCENTS = {"_": r"\underline", "\u0332": r"\underline", "\u00af": r"\underline",
                 "\u23df": r"\underbrace"}
# Elements that show nothing, or hold the source in another notation.
SILENT_TAGS = frozenset({"mspace", "mphantom", "annotation", "annotation-xml", "none",
                         "mprescripts", "maligngroup", "malignmark"})
# Elements that only group or style what they hold.
WRAPPER_TAGS = frozenset({"mrow", "mstyle", "mpadded", "semantics"})
_WORD_RE = re.compile(r"\w")
# Deeper than this, a formula is read as its text (a guard for recursion, never met
# by a real formula).
MAX_DEPTH = 60


def _symbols(text: str) -> str:
    return "".join(SYMBOL_NAMES.get(ch, ch) for ch in text)


def _join(pieces) -> str:
    """TeX pieces side by side, a space between (TeX ignores it; a reader sees the
    formula's terms apart, "a x^{2} + b x", and a control word never runs into a
    letter)."""
    return " ".join(piece for piece in pieces if piece)


def _text(el) -> str:
    return " ".join("".join(el.itertext()).split())


def _children(el) -> list:
    return [child for child in el if isinstance(child.tag, str)]


def _group(tex: str) -> str:
    """A base that already carries a script is braced, so a second one is not doubled."""
    return "{" + tex + "}" if ("^" in tex or "_" in tex or not tex) else tex


def _token(el, tag: str) -> str:
    text = _text(el)
    if text in FUNCTION_NAMES and tag in ("mi", "mo"):
        return "\\" + text
    if tag == "mi":
        if len(text) > 1 and text.isalpha() and text.isascii():
            return r"\mathrm{" + text + "}"
        return _symbols(text)
    if tag in ("mtext", "ms"):
        text = text.replace("\\", "").replace("{", "").replace("}", "")
        if not _WORD_RE.search(text):
            return _symbols(text)        # punctuation after a formula: no \text needed
        return r"\text{" + text + "}"
    return _symbols(text)


def _scripts(base: str, sub: str | None, sup: str | None) -> str:
    out = _group(base)
    if sub:
        out += "_{" + sub + "}"
    if sup:
        out += "^{" + sup + "}"
    return out


def _under_over(base_el, base: str, under_el, under: str | None, over_el,
                over: str | None) -> str:
    if tag_of(base_el) == "mo":
        return _scripts(base, under, over)     # an operator's limits: sum, integral, lim
    if under is None and over_el is not None and _text(over_el) in OVER_ACCENTS:
        return OVER_ACCENTS[_text(over_el)] + "{" + base + "}"
    if over is None and under_el is not None and _text(under_el) in UNDER_ACCENTS:
        return UNDER_ACCENTS[_text(under_el)] + "{" + base + "}"
    out = base
    if under is not None:
        out = r"\underset{" + under + "}{" + out + "}"
    if over is not None:
        out = r"\overset{" + over + "}{" + out + "}"
    return out


def _whole_formula(el) -> bool:
    """The table is the formula itself (an aligned system or a tagged equation),
    not a matrix inside one."""
    node = el
    while True:
        parent = node.getparent()
        if parent is None or tag_of(parent) == "math":
            return parent is not None
        if tag_of(parent) not in WRAPPER_TAGS or len(_children(parent)) != 1:
            return False
        node = parent


def _table(el, depth: int) -> str:
    """A table of the whole formula as an aligned system (one row: a tagged equation,
    on one line), one inside a formula as a matrix; a row's label after its cells."""
    rows = []
    for row in _children(el):
        if tag_of(row) not in ("mtr", "mlabeledtr"):
            continue
        cells = [_tex(cell, depth + 1) for cell in _children(row)]
        label = cells.pop(0) if tag_of(row) == "mlabeledtr" and cells else ""
        rows.append((cells, label))
    whole = _whole_formula(el)
    if whole and len(rows) == 1:
        return _join(rows[0][0] + [rows[0][1]])
    lines = [_join([" & ".join(cells), label]) for cells, label in rows]
    environment = "aligned" if whole else "matrix"
    return (r"\begin{" + environment + "}" + r" \\ ".join(lines)
            + r"\end{" + environment + "}")


def _tex(el, depth: int) -> str:
    tag = tag_of(el)
    if tag in SILENT_TAGS:
        return ""
    if depth > MAX_DEPTH:
        return _symbols(_text(el))
    if tag in ("mi", "mn", "mo", "mtext", "ms"):
        return _token(el, tag)
    parts = _children(el)
    if tag == "semantics":
        parts = parts[:1]
    inner = [_tex(part, depth + 1) for part in parts]
    if tag in ("msup", "msub", "msubsup", "munder", "mover", "munderover") and len(inner) >= 2:
        base = inner[0]
        if tag in ("msup", "msub", "msubsup"):
            sub = inner[1] if tag != "msup" else None
            sup = inner[1] if tag == "msup" else (inner[2] if len(inner) > 2 else None)
            return _scripts(base, sub, sup)
        under_at = 1 if tag != "mover" else None
        over_at = 1 if tag == "mover" else (2 if len(inner) > 2 else None)
        return _under_over(parts[0], base,
                           None if under_at is None else parts[under_at],
                           None if under_at is None else inner[under_at],
                           None if over_at is None else parts[over_at],
                           None if over_at is None else inner[over_at])
    if tag == "mfrac" and len(inner) == 2:
        return r"\frac{" + inner[0] + "}{" + inner[1] + "}"
    if tag == "msqrt":
        return r"\sqrt{" + _join(inner) + "}"
    if tag == "mroot" and len(inner) == 2:
        return r"\sqrt[" + inner[1] + "]{" + inner[0] + "}"
    if tag == "mtable":
        return _table(el, depth)
    if tag == "mfenced":
        separator = (el.get("separators") or ",").strip()[:1]
        return _join([_symbols(el.get("open", "(")), (separator or "").join(inner),
                      _symbols(el.get("close", ")"))])
    return _join(inner)


def mathml_tex(el) -> str | None:
    """The TeX a <math> element's presentation markup spells, or None when empty."""
    tex = _tex(el, 0).strip()
    return tex or None
