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
from urllib.parse import urldefrag, urljoin

from ..dom.nodes import tag_of
from .inline import BLOCK_TAGS
from .tuning import (
    HOVER_NOTE_BOX_CLASSES, INLINE_NOTE_TAGS, MARK_MAX_LETTERS, MAX_REFERENCE_CHARS, NOTE_BLOCK_TAGS, NOTE_TYPE_CLASSES,
    NUMBER_TARGET_TAGS, REFERENCE_CLASSES, NOTE_NAME_RE, REFERENCE_ID_LEVELS,
    REFERENCE_WRAPPER_TAGS, WRAPPER_STOP_TAGS,
)

HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_BRACKETS_ONLY_RE = re.compile(r"^[\s\[\]()]*$")
_WORD_RE = re.compile(r"\w")
_DIGITS_RE = re.compile(r"\d+")
# A label GFM accepts in "[^label]": no brackets, spaces or carets.
_LABEL_RE = re.compile(r"^[^\[\]\s^\\]+$")
# A class word ending so names a note's mark alone, its text elsewhere
# (LaTeXML's ltx_role_footnotemark).
MARK_ROLE_SUFFIX = "mark"


@dataclass
class Footnotes:
    """Which elements are notes (with their labels), references and back-links."""

    labels: dict = field(default_factory=dict)        # note element -> label
    marks: dict = field(default_factory=dict)         # note element -> its reference's text
    references: dict = field(default_factory=dict)    # <a> or its wrapper -> label
    backlinks: set = field(default_factory=set)       # elements to drop inside notes
    inline_notes: dict = field(default_factory=dict)  # note kept in its sentence -> its text box

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


def _fragment(a) -> str:
    return (a.get("href") or "").strip().partition("#")[2]


def in_page_links(fragment_links: list, href_values: dict, page_url: str | None) -> list:
    """The links to a place in this page: "#..." ones, and those that spell the
    page's own address before the "#" (Substack writes every footnote link so).
    `href_values` maps each <a href> to its href value, in source order."""
    if not page_url:
        return fragment_links
    page = urldefrag(page_url)[0]
    here: dict[str, bool] = {}          # href -> whether it points into this page
    found = []
    for a, href in href_values.items():
        if "#" not in href:
            continue                    # (most links: one test in C)
        if href not in here:
            href_ = href.strip()
            try:
                here[href] = (href_.startswith("#")
                              or urldefrag(urljoin(page_url, href_))[0] == page)
            except ValueError:
                here[href] = False
        if here[href]:
            found.append(a)
    return found


def find_footnotes(root, ids: dict, anchors: list, class_values: dict | None = None) -> Footnotes:
    """`ids` maps id -> element, `anchors` lists the in-page links of the page and
    `class_values` element -> class value, all gathered in the walker's one pass
    over the tree."""
    found = Footnotes()
    taken: set[str] = set()
    if class_values:
        _find_inline_notes(found, class_values, taken)
    reference_ids: set[str] = set()
    for a in anchors:
        target = _note_of(ids.get(_fragment(a)))
        text = _text(a)
        if target is None or not text or len(text.strip("[]() ")) > MAX_REFERENCE_CHARS:
            continue
        if not (_is_mark(text) or _marked_reference(a)):
            continue            # "(Notes)" linking to a section: an in-page link
        if not _is_note(target) or _contains(target, a) or _holds_heading(target):
            continue
        if target not in found.labels:
            found.labels[target] = _unique_label(_own_label(target, text), taken)
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


def _find_inline_notes(found: Footnotes, class_values: dict, taken: set) -> None:
    """Notes written inside their sentence, shown on hover: an inline element whose
    class says note, opened by its mark in <sup> and holding its text in a box
    after it (LaTeXML's span.ltx_note > sup.ltx_note_mark + span.ltx_note_outer).
    The element becomes the reference; its text box the note, its repeated marks
    dropped. Every note keeps its own label, even when its words repeat another's
    ("Ibid." after two citations, "See here." linking two places): the words alone
    cannot say the notes are one."""
    notes: set = set()
    for el, classes in class_values.items():
        if ("note" not in classes and "fn" not in classes
                or tag_of(el) not in INLINE_NOTE_TAGS or not NOTE_NAME_RE.search(classes)):
            continue
        children = [child for child in el if isinstance(child.tag, str)]
        if len(children) < 2 or tag_of(children[0]) != "sup" or (el.text or "").strip():
            continue
        mark = _text(children[0])
        if not mark or len(mark) > MAX_REFERENCE_CHARS or not _is_mark(mark):
            continue
        box = next((child for child in children[1:] if _WORD_RE.search(_text(child))), None)
        if box is None or _text(box) == mark or any(
                outer in notes for outer in el.iterancestors()):
            continue                     # a mark alone, or the box of a note found
        notes.add(el)
        if any(word.endswith(MARK_ROLE_SUFFIX) for word in classes.split()):
            # A mark whose note is written elsewhere (LaTeXML's \footnotemark, its box
            # holding only "footnotemark: 2"): the mark is all a reader sees.
            found.backlinks.add(box)
            continue
        hover = set((box.get("class") or "").split()) & HOVER_NOTE_BOX_CLASSES
        if not (hover or _words_before(el)):
            # A note standing alone (legal notes under a table), unless its box is a
            # card drawn on hover: that is a note wherever it sits (alone in a cell).
            continue
        heads = _repeated_marks(box, mark)
        found.backlinks.update(heads)
        unique = _unique_label(_own_label(el, mark), taken)
        found.references[el] = unique
        found.inline_notes[el] = box
        found.labels[box] = unique


def _words_before(el) -> bool:
    """Whether words come before `el` in its paragraph (up to its nearest block)."""
    node = el
    while True:
        parent = node.getparent()
        if parent is None:
            return False
        before = node.getprevious()
        while before is not None:
            if _WORD_RE.search(before.tail or "") or (
                    isinstance(before.tag, str) and _WORD_RE.search(_text(before))):
                return True
            before = before.getprevious()
        if _WORD_RE.search(parent.text or ""):
            return True
        if tag_of(parent) in BLOCK_TAGS:
            return False
        node = parent


def _unique_label(label: str, taken: set) -> str:
    """`label`, or `label-2`, `label-3`... if another note took it; recorded in `taken`."""
    unique, n = label, 2
    while unique in taken:
        unique, n = f"{label}-{n}", n + 1
    taken.add(unique)
    return unique

def _is_type(el) -> bool:
    return bool(set((el.get("class") or "").split()) & NOTE_TYPE_CLASSES)


def _repeated_marks(box, mark: str) -> list:
    """The elements at the head of a note's box that only restate its mark or name
    its kind."""
    node = box
    while not (node.text or "").strip():
        kids = [child for child in node if isinstance(child.tag, str)]
        if not kids:
            return []
        if _text(kids[0]) != mark:
            if (kids[0].tail or "").strip():
                return []
            node = kids[0]               # the box's text sits one level in
            continue
        marks = []
        for kid in kids:
            if _text(kid) != mark and not _is_type(kid):
                break
            marks.append(kid)
            if (kid.tail or "").strip():
                break
        return marks
    return []


def _note_of(target):
    """The note a reference's target stands for: the target itself, or the note it
    opens when the link points at the note's own number (Substack's
    div.footnote > a.footnote-number#footnote-1 + div.footnote-content)."""
    if target is None or tag_of(target) not in NUMBER_TARGET_TAGS or _is_note(target):
        return target
    parent = target.getparent()
    if parent is None or tag_of(parent) == "li" or not _is_note(parent):
        return target
    if (parent.text or "").strip() or _first_element(parent) is not target:
        return target
    return parent


def _first_element(el):
    return next((child for child in el if isinstance(child.tag, str)), None)


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
    links = [a for a in anchors if _fragment(a) in reference_ids]
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
