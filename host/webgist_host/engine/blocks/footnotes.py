"""Footnotes: in-page references and the notes they point to, as GFM footnotes.

A reference is a short in-page link ("1", "[2]", "*") to a note; a note is the
element the link targets: an <li> (Wikipedia's ol.references, Pandoc's and
markdown-it's section.footnotes, WordPress's footnote block), or a block whose id
or class says footnote (pulldown-cmark's div.footnote-definition, Word's _ftn1).
The reference becomes "[^n]" and the note "[^n]: text"; the back-links inside a
note ("↩", "^", Word's "[1]" pointing back) are dropped. This module only reads
the tree.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..dom.nodes import tag_of
from .inline import BLOCK_TAGS
from .tuning import (
    MARK_MAX_LETTERS, MAX_REFERENCE_CHARS, NOTE_BLOCK_TAGS, REFERENCE_CLASSES, NOTE_NAME_RE, REFERENCE_ID_LEVELS,
    REFERENCE_WRAPPER_TAGS, WRAPPER_STOP_TAGS,
)

HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_BRACKETS_ONLY_RE = re.compile(r"^[\s\[\]()]*$")
_WORD_RE = re.compile(r"\w")
_DIGITS_RE = re.compile(r"\d+")
# A label GFM accepts in "[^label]": no brackets, spaces or carets.
_LABEL_RE = re.compile(r"^[^\[\]\s^\\]+$")


@dataclass
class Footnotes:
    """Which elements are notes (with their labels), references and back-links."""

    labels: dict = field(default_factory=dict)        # note element -> label
    marks: dict = field(default_factory=dict)         # note element -> its reference's text
    references: dict = field(default_factory=dict)    # <a> or its wrapper -> label
    backlinks: set = field(default_factory=set)       # elements to drop inside notes

    def reference(self, el) -> str | None:
        return self.references.get(el)

    def label(self, el) -> str | None:
        return self.labels.get(el)


def _text(el) -> str:
    return " ".join("".join(el.itertext()).split())


def _is_note(el) -> bool:
    tag = tag_of(el)
    if tag == "li":
        return True
    if tag not in NOTE_BLOCK_TAGS:
        return False
    return bool(NOTE_NAME_RE.search(el.get("id") or "")
                or NOTE_NAME_RE.search(el.get("class") or ""))


def _list_number(li) -> int | None:
    parent = li.getparent()
    if parent is None or tag_of(parent) != "ol":
        return None
    start = (parent.get("start") or "").strip()
    number = int(start) if start.isdigit() else 1
    for sibling in parent:
        if sibling is li:
            return number
        if tag_of(sibling) == "li":
            number += 1
    return None


def _own_label(note, link_text: str) -> str:
    """What the reader sees as the note's mark: the reference's text without its
    brackets ("a", "12", "note-1"), else the note's list number, else the digits
    of its id."""
    shown = "-".join(link_text.strip("[]() ").split())
    if shown and _LABEL_RE.match(shown):
        return shown
    if tag_of(note) == "li":
        number = _list_number(note)
        if number is not None:
            return str(number)
    for source in (link_text, note.get("id") or ""):
        digits = _DIGITS_RE.findall(source)
        if digits:
            return digits[-1]
    return "note"


def find_footnotes(root, ids: dict, anchors: list) -> Footnotes:
    """`ids` maps id -> element and `anchors` lists the <a href="#..."> of the page,
    both gathered in the walker's one pass over the tree."""
    found = Footnotes()
    taken: set[str] = set()
    reference_ids: set[str] = set()
    for a in anchors:
        target = ids.get((a.get("href") or "").strip()[1:])
        text = _text(a)
        if target is None or not text or len(text.strip("[]() ")) > MAX_REFERENCE_CHARS:
            continue
        if not (_is_mark(text) or _marked_reference(a)):
            continue            # "(Notes)" linking to a section: an in-page link
        if not _is_note(target) or _contains(target, a) or _holds_heading(target):
            continue
        if target not in found.labels:
            label = _own_label(target, text)
            unique, n = label, 2
            while unique in taken:
                unique, n = f"{label}-{n}", n + 1
            taken.add(unique)
            found.labels[target] = unique
            found.marks[target] = text
        label = found.labels[target]
        found.references[_reference_element(a)] = label
        node = a
        for _ in range(REFERENCE_ID_LEVELS + 1):
            if node is None or node is not a and tag_of(node) in BLOCK_TAGS:
                break           # the paragraph or section around it is not the reference
            if node.get("id"):
                reference_ids.add(node.get("id"))
            node = node.getparent()
    if found.labels:
        _find_backlinks(found, anchors, reference_ids)
    return found


def _is_mark(text: str) -> bool:
    """A reference's own text: a number ("12", "[note 3]"), a letter or two, or
    signs ("*", "†"); a word ("Notes") is an ordinary in-page link."""
    core = text.strip("[]() ")
    return (any(ch.isdigit() for ch in core) or len(core) <= MARK_MAX_LETTERS
            or not any(ch.isalpha() for ch in core))


def _marked_reference(a) -> bool:
    """Markup that says footnote reference whatever the text: rel=footnote (Markdown
    processors), role=doc-noteref (DPUB-ARIA), docutils' a.footnote-reference, or a
    link in <sup>."""
    if (a.get("rel") or "").lower() == "footnote" or (a.get("role") or "") == "doc-noteref":
        return True
    if set((a.get("class") or "").split()) & REFERENCE_CLASSES:
        return True
    parent = a.getparent()
    return parent is not None and tag_of(parent) == "sup"


def _holds_heading(el) -> bool:
    """A section, not a note: a footnote has no heading of its own."""
    return tag_of(el) in HEADING_TAGS or any(
        tag_of(d) in HEADING_TAGS for d in el.iterdescendants())


def _contains(ancestor, el) -> bool:
    node = el.getparent()
    while node is not None:
        if node is ancestor:
            return True
        node = node.getparent()
    return False


def _reference_element(a):
    """The <a>, or the <sup>/<span> around it holding nothing else but brackets."""
    parent = a.getparent()
    if parent is None or tag_of(parent) not in REFERENCE_WRAPPER_TAGS:
        return a
    rest = [(parent.text or "")] + [(child.tail or "") for child in parent]
    others = [child for child in parent if child is not a and isinstance(child.tag, str)
              and _text(child)]
    if others or not _BRACKETS_ONLY_RE.match("".join(rest)):
        return a
    return parent


def _find_backlinks(found: Footnotes, anchors: list, reference_ids: set) -> None:
    """Links from a note back to its reference, and the wrappers holding only them
    and marks (Wikipedia's span.mw-cite-backlink: "^ a b")."""
    links = [a for a in anchors if (a.get("href") or "").strip()[1:] in reference_ids]
    found.backlinks.update(links)
    for a in links:
        node = a.getparent()
        while (node is not None and tag_of(node) not in WRAPPER_STOP_TAGS
               and node not in found.labels and node not in found.backlinks
               and _only_backlinks(node, found.backlinks)):
            found.backlinks.add(node)
            node = node.getparent()


def _only_backlinks(el, backlinks: set) -> bool:
    rest = "".join([el.text or ""] + [child.tail or "" for child in el])
    if _WORD_RE.search(rest):
        return False
    # Brackets drawn around the back-link (docutils' span.fn-bracket) are no words.
    return all(child in backlinks or not _WORD_RE.search(_text(child))
               for child in el if isinstance(child.tag, str))
