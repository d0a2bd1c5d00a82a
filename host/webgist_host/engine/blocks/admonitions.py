"""Admonitions: the "Note", "Warning", "See also" boxes documentation generators draw
(docutils/Sphinx, MkDocs Material, GitHub, Docusaurus, VitePress, Quarto,
Asciidoctor). The walker writes one as a quote whose first line is a GFM alert
("[!NOTE]") when its type has one, else its own title in bold. This module only
reads the tree: which element is a box, its alert, and the element holding its title.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..dom.nodes import tag_of
from .tuning import (
    ADMONITION_CLASSES, ADMONITION_TITLE_CLASS_PREFIXES, ADMONITION_TITLE_CLASSES,
    ADMONITION_TYPE_PREFIXES, ALERT_OF_TYPE, OTHER_ADMONITION_TYPES,
    STANDALONE_ADMONITION_CLASSES,
)

# Elements a box is drawn with; a <span class="deprecated"> inside prose is no box.
ADMONITION_TAGS = frozenset({"div", "aside", "section", "details", "blockquote"})
# How deep under the box its title may sit (Quarto: header > title container;
# Asciidoctor: table > tbody > tr > td > div.title).
TITLE_DEPTH = 5
# Obsidian Publish names the type in an attribute: div.callout[data-callout="info"].
TYPE_ATTRIBUTE = "data-callout"
HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
# A bold lead-in label: "Note:", "Remarque :", "注意：".
LABEL_TAGS = frozenset({"strong", "b"})
LABEL_ENDS = (":", "：")
MAX_LABEL_WORDS = 4
# MkDocs Material's collapsible admonitions are <details class="note"> with a
# <summary> title and no "admonition" word.
COLLAPSIBLE_TAG = "details"


@dataclass(frozen=True)
class Admonition:
    alert: str | None          # "NOTE", "TIP", "IMPORTANT", "WARNING", "CAUTION", or None
    title: object | None       # the element holding the box's title, or None


def _type_words(tokens: list[str]) -> list[str]:
    """Each class token, and what is left of it after a generator's type prefix."""
    words = []
    for token in tokens:
        words.append(token)
        for prefix in ADMONITION_TYPE_PREFIXES:
            if token.startswith(prefix):
                words.append(token[len(prefix):])
    return words


def could_be_admonition(classes: str) -> bool:
    """A cheap first test on a class value, asked once per distinct value."""
    return not _ADMONITION_WORDS.isdisjoint(classes.lower().split())


# Every class token could_be_admonition looks for: a box's own name, or a type.
_ADMONITION_WORDS = frozenset(ADMONITION_CLASSES | STANDALONE_ADMONITION_CLASSES
                              | ALERT_OF_TYPE.keys() | OTHER_ADMONITION_TYPES)


def read_admonition(el, tag: str) -> Admonition | None:
    """The box `el` is, or None when it is not one."""
    if tag not in ADMONITION_TAGS:
        return None
    tokens = (el.get("class") or "").lower().split()
    marked = any(t in ADMONITION_CLASSES for t in tokens)
    standalone = tag == "div" and any(t in STANDALONE_ADMONITION_CLASSES for t in tokens)
    words = _type_words(tokens + (el.get(TYPE_ATTRIBUTE) or "").lower().split())
    typed = [w for w in words if w in ALERT_OF_TYPE or w in OTHER_ADMONITION_TYPES]
    collapsible = tag == COLLAPSIBLE_TAG and bool(typed)
    if not (marked or standalone or collapsible):
        return None
    alert = next((ALERT_OF_TYPE[w] for w in words if w in ALERT_OF_TYPE), None)
    return Admonition(alert, _title_element(el, tag, bool(typed)))


def _title_element(box, tag: str, typed: bool):
    if tag == COLLAPSIBLE_TAG:
        return next((c for c in box if tag_of(c) == "summary"), None)
    title = _classed_title(box)
    return title if title is not None else _leading_title(box, typed)


def _classed_title(box):
    stack = [(child, 1) for child in reversed(box) if isinstance(child.tag, str)]
    while stack:
        el, depth = stack.pop()
        tokens = (el.get("class") or "").lower().split()
        if any(t in ADMONITION_TITLE_CLASSES or t.startswith(ADMONITION_TITLE_CLASS_PREFIXES)
               for t in tokens):
            return el
        if depth < TITLE_DEPTH:
            stack.extend((c, depth + 1) for c in reversed(el) if isinstance(c.tag, str))
    return None


def _leading_title(box, typed: bool):
    """A title the box opens with but does not name by class (MDN's notecards): a
    short bold label ending in a colon that opens its first paragraph
    ("<p><strong>Note:</strong> …"), or, in a box whose class names its type, a
    heading as its first element (a "callout" with no type is often a card whose
    heading is its own)."""
    if (box.text or "").strip():
        return None
    first = next((c for c in box if isinstance(c.tag, str)), None)
    if first is None:
        return None
    if tag_of(first) in HEADING_TAGS:
        return first if typed else None
    if tag_of(first) != "p" or (first.text or "").strip() or not len(first):
        return None
    label = first[0]
    text = label.text_content().strip()
    if (tag_of(label) in LABEL_TAGS and text.endswith(LABEL_ENDS)
            and len(text.split()) <= MAX_LABEL_WORDS):
        return label
    return None


def title_is_alert_name(title: str, alert: str | None) -> bool:
    """A title the alert shows itself ("Note" under [!NOTE]) is not written twice;
    any other ("Attention", "Remarque", "Keys are case sensitive") is kept."""
    return alert is not None and title.strip().rstrip(":").lower() == alert.lower()
