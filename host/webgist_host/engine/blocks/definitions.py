"""Definition lists in a form GFM renders. GFM has no definition lists (": " after a
term is plain text there), so a term is written as a paragraph of its own, set apart
by its look: an API entry's signature (Sphinx's dl.py.function > dt.sig) as one code
span, any other term in bold unless its words already stand out (all code or bold,
as MDN writes them). The definitions follow as ordinary paragraphs."""
from __future__ import annotations

from ..dom.nodes import tag_of
from .inline import code_span, is_permalink, wrap

CODE = "code"
BOLD = "bold"
# Sphinx 4+ marks an object description's signature line dt.sig.sig-object; older
# Sphinx and its themes leave the class off but name the parts (descname, sig-name).
SIGNATURE_TERM_CLASSES = frozenset({"sig", "sig-object"})
SIGNATURE_PART_CLASSES = frozenset({"descname", "sig-name"})
# Inline elements whose words already stand out from prose.
SET_APART_TAGS = frozenset({"code", "kbd", "samp", "tt", "strong", "b"})
# A term this long is prose the page put in a <dt>, not a label: it stays as written.
MAX_TERM_CHARS = 300


def term_style(dt) -> str:
    """How a <dt> is written: CODE, BOLD or "" (as it is)."""
    if set((dt.get("class") or "").split()) & SIGNATURE_TERM_CLASSES:
        return CODE
    for el in dt.iter():
        if set((el.get("class") or "").split()) & SIGNATURE_PART_CLASSES:
            return CODE
    return "" if _set_apart(dt) else BOLD


def _set_apart(dt) -> bool:
    """True when every word of the term sits in code or bold (or there are none)."""
    stack = [(dt, False)]
    while stack:
        el, inside = stack.pop()
        if not isinstance(el.tag, str) or is_permalink(el, tag_of(el)):
            continue        # the "¶" after a glossary term is not one of its words
        inside = inside or tag_of(el) in SET_APART_TAGS
        if not inside and (el.text or "").strip():
            return False
        for child in el:
            if not inside and (child.tail or "").strip():
                return False
            stack.append((child, inside))
    return True


def styled_term(text: str, rich: str, style: str) -> str:
    """A term's rich text in its style; a long or already bold one is left as it is."""
    if not text or len(text) > MAX_TERM_CHARS:
        return rich
    if style == CODE:
        return code_span(text)
    if style == BOLD and "**" not in rich:
        return wrap(rich, "**")
    return rich
