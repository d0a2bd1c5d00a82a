"""Tabs made of radio buttons: each panel named by its label.

A CSS-only tab set writes one radio button per tab, a <label for> per button, and
the panels in a box of their own, one child per tab, in the labels' order; the
style sheet shows the panel whose button is checked. MkDocs Material's content tabs
(pymdownx.tabbed, alternate style) put the labels in div.tabbed-labels and the
panels in div.tabbed-content: read in source order the labels run together ("pipconda")
far from the panels they name. Here each panel is given its label's words, and the
labels are left out, as for ARIA tabs (PageIndex.tab_label). A label that only
names the language of its panel's code block says what the fence says, and goes;
one that names a language over a listing that names none gives it its language."""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from .code import clean_language, code_language
from .languages import CLASS_WORD_LANGUAGES, LANGUAGE_NAMES, TAB_LABEL_TOOL_WORDS, same_language
from .tuning import RADIO_TAB_CLASS_WORDS, RADIO_TAB_LABEL_MAX_WORDS
from ..dom.nodes import tag_of


@dataclass
class RadioTabs:
    labels: set = field(default_factory=set)       # the <label>s: not read where they stand
    panel_names: dict = field(default_factory=dict)  # panel element -> its label's words
    code_languages: dict = field(default_factory=dict)  # a panel's <pre> -> its tab's language


def find_radio_tabs(inputs: Iterable) -> RadioTabs:
    """The radio tab sets among the page's <input> elements (`inputs`, in document order)."""
    found = RadioTabs()
    groups: dict = {}
    for radio in inputs:
        if ((radio.get("type") or "").strip().lower() == "radio" and radio.get("name")
                and radio.get("id")):
            groups.setdefault((radio.getparent(), radio.get("name")), []).append(radio)
    for (holder, _), radios in groups.items():
        if holder is None or len(radios) < 2:
            continue
        _name_panels(holder, radios, found)
    return found


def _name_panels(holder, radios: list, found: RadioTabs) -> None:
    ids = [radio.get("id") for radio in radios]
    by_target: dict = {}
    for label in holder.iter("label"):
        target = label.get("for")
        if target in ids and target not in by_target:
            by_target[target] = label
    if len(by_target) != len(ids):
        return
    labels = [by_target[i] for i in ids]
    names = [" ".join(label.text_content().split()) for label in labels]
    if not all(names) or any(len(name.split()) > RADIO_TAB_LABEL_MAX_WORDS for name in names):
        return
    strip = labels[0].getparent()
    if any(label.getparent() is not strip for label in labels):
        return
    if strip is holder and not _only_buttons_between(labels[0], labels[-1]):
        return          # each label beside its own panel: read in order already
    panels = _panels_after(labels[-1] if strip is holder else strip, len(ids))
    if panels is None:
        return
    if strip is holder and not _says_it_is_tabs(holder, panels[0].getparent(), radios, labels):
        return          # a form's radio group over its explanation, not a tab set
    found.labels.update(labels)
    for panel, name in zip(panels, names):
        named = tab_code_language(name, panel)
        if named is not None:
            found.code_languages[named[0]] = named[1]
        elif not _names_its_code(name, panel):
            found.panel_names[panel] = name


def _names_its_code(name: str, panel) -> bool:
    pre = next(panel.iter("pre"), None)
    return pre is not None and same_language(name, code_language(pre))


def tab_code_language(name: str, panel) -> tuple[object, str] | None:
    """(the <pre>, the language) when a tab's label is a language's name and its
    panel's one listing names none: tabs "Python" / "Go" over plain <pre>s. Not a
    word that names other things on a tab ("Basic", "Console", "Docker", "C")."""
    word = name.strip().lower()
    if len(word) < 2 or word in CLASS_WORD_LANGUAGES or word in TAB_LABEL_TOOL_WORDS:
        return None
    language = clean_language(word)
    if language is None or language not in LANGUAGE_NAMES:
        return None
    listings = list(panel.iter("pre"))
    if len(listings) != 1 or code_language(listings[0]) is not None:
        return None
    return listings[0], language


def _says_it_is_tabs(holder, panel_box, radios: list, labels: list) -> bool:
    """RADIO_TAB_CLASS_WORDS on the set's box or the panels' box, or a checked radio
    with every radio before the first label."""
    for box in (holder, panel_box):
        words = re.split(r"[^a-z0-9]+", (box.get("class") or "").lower())
        if RADIO_TAB_CLASS_WORDS.intersection(words):
            return True
    if not any(radio.get("checked") is not None for radio in radios):
        return False
    children = list(holder)
    first_label = children.index(labels[0])
    return all(children.index(radio) < first_label for radio in radios)


def _only_buttons_between(first, last) -> bool:
    node = first.getnext()
    while node is not None and node is not last:
        if isinstance(node.tag, str) and tag_of(node) not in ("input", "label"):
            return False
        node = node.getnext()
    return node is last


def _panels_after(start, count: int) -> list | None:
    """The children of the first element after `start` (its siblings) that holds
    exactly `count` elements: the panels, one per tab."""
    node = start.getnext()
    while node is not None:
        if isinstance(node.tag, str) and tag_of(node) not in ("input", "label"):
            children = [child for child in node if isinstance(child.tag, str)]
            return children if len(children) == count else None
        node = node.getnext()
    return None
