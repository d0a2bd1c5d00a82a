"""What each element's tag, role and names say: the layout marks a block inherits.

Every block gets its context: the innermost landmark, and every layout mark on the
way down from the root (a chrome landmark, a chrome or widget name, a consent
vendor, an explicit <main>, an article body). Marks are only collected here;
whether each is believed is belief.py's question, answered once the text is weighed.

The tree is not walked again: the block stage's index (dom.nodes.TreeIndex) says
where each block's element is, its real path, the page's links and role values.
Only the blocks' elements and their ancestors are visited, each element's context
worked out once, and what a word set names is answered once per distinct set.
The words and tags matched live in vocabulary.py, the numbers in tuning.py.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from ..words import has_alnum, word_count
from ..dom.nodes import TreeIndex
from ..model import Block, BlockKind, Region, Widget
from .name_guards import HEADING_TAGS, is_control_group, unguarded
from .tuning import CHROME_LANDMARKS, ID_SLUG_TEXT_CHARS, SENTENCE_MIN_WORDS
from .vocabulary import (
    API_SIGNATURE_WORDS, ARTICLE_BODY_ITEMPROP, ARTICLE_BODY_WORDS, ARTICLE_WORDS,
    BUTTON_GROUP_WORDS,
    ATTRIBUTES_BUT_ID, ID_SLUG_PREFIXES,
    AUTHOR_BOX_WORDS, AUTHOR_WORD, BYLINE_WORDS, COMMENT_WORDS, CONSENT_VENDOR_WORDS,
    CONTENT_ROLES, CONTENT_TAGS, DOCUMENT_NOTE_ROLES, FOOTER_WORDS, HEADER_WORDS,
    LANDMARK_ROLES, LANDMARK_TAGS, MAIN_WORDS, NAMED_LANDMARK_TAGS,
    NAVIGATION_WORDS, PAGE_BAND_TAGS, PART_HEADER_WORDS, PAYWALL_WORD, REVIEW_WORDS,
    SECTIONING_TAGS,
    SIDEBAR_WORDS, SIGNATURE_WORD, TAB_PANEL_NAMES, TAB_PANEL_ROLE, TAB_PANEL_WORDS,
    TAB_WORDS, TEXT_INPUT_TYPES, TITLE_BAND_CLASSES, UNNAMED_TAGS, USER_CARD_WORDS, USER_WORD,
    NAMING_ATTRIBUTES, WIDGET_WORD_SET, WIDGET_WORDS, words_of_value,
)


class MarkSource(StrEnum):
    """What a mark rests on."""

    CHROME = "chrome"        # a class/id/name/role naming page chrome
    LANDMARK = "landmark"    # a chrome landmark by tag or ARIA role
    WIDGET = "widget"        # a name (or a form, a dialog) saying widget
    VENDOR = "vendor"        # a consent manager's name
    MAIN = "main"            # an explicit <main> or role=main
    BODY = "body"            # a name saying the article's body


class MarkKind(StrEnum):
    """Kinds a mark names that are not yet a block's Region or Widget: belief.py
    decides what they become."""

    REVIEWS = "reviews"            # product reviews on a product page, else comments
    BYLINE = "byline"              # where the byline sits, not something to drop
    ARTICLE_BODY = "article-body"  # where the article's text ends


# Enum members read once: in Python 3.11 each `Enum.MEMBER` read off the class costs
# ~100 ns (a descriptor), and these comparisons run for every element the walk resolves.
_MAIN_REGION = Region.MAIN
_DIALOG = Region.DIALOG
_HEADER = Region.HEADER
_WIDGET = MarkSource.WIDGET
_LANDMARK = MarkSource.LANDMARK
_MAIN = MarkSource.MAIN
_CHROME = MarkSource.CHROME
_BODY = MarkSource.BODY
_VENDOR = MarkSource.VENDOR

_CLASS = ("class",)
# The tags that can mark an element without any attribute (_landmark, _asks_for_text).
_LANDMARK_OR_FORM_TAGS = frozenset(LANDMARK_TAGS) | {"form"}

# A mark: (the element's path, what the mark rests on, the kind it names).
Mark = tuple[str, MarkSource, Region | Widget | MarkKind]
# What a set of naming words says: (chrome kind, widget kind, consent vendor?).
Said = tuple[Region | None, Widget | MarkKind | None, bool]


@dataclass(frozen=True)
class Context:
    """What an element inherits: its landmark, and every layout mark on the way down.

    Marks are resolved only once the text is weighed, because a name is not trusted
    on an element that holds most of the page (a body class "has-navbar", a wrapper
    "page-header-offset" around everything).
    """

    region: Region | None = None
    marks: tuple[Mark, ...] = ()


class BlockContexts(NamedTuple):
    """What the walk learns, one entry per block."""

    contexts: list[Context]
    lineage: list[tuple[str, ...]]      # the real paths of its element's ancestry, root first
    linked: list[int]                   # how many of its words sit inside links
    tab_panels: frozenset[str]          # paths of tab panels that have a sibling panel
    # `linked`, but a block inside a link counts as linked whole (`linked` credits a
    # link's words to the block around it, none to the blocks inside it) unless it
    # is a paragraph of sentences (a card's teaser) or the link holds a heading (a
    # card); read only by a navigation mark's linked-share test
    linked_through: list[int]


def block_contexts(tree: TreeIndex, blocks: list[Block]) -> BlockContexts:
    """Each block's inherited context, its lineage, and how many of its words sit
    inside links (fragment links included, which Markdown renders as plain text).

    The block stage's index already passed over every element: only the blocks'
    elements and their ancestors are visited here, and the links and the elements
    that may be tab panels, which the index listed."""
    by_path: dict[str, list[int]] = {}
    for i, block in enumerate(blocks):
        by_path.setdefault(block.xpath, []).append(i)
    contexts: list[Context] = [Context()] * len(blocks)
    lineage: list[tuple[str, ...]] = [()] * len(blocks)
    names = _Names(tree)
    frames = _Frames(tree, names)
    block_of: dict = {}                       # a block's element -> its last block
    hits_of: dict = {}                        # a block's element -> all its blocks
    for path, elements in tree.elements_at(by_path).items():
        hits = by_path[path]
        for el in elements:
            block_of[el] = hits[-1]
            hits_of[el] = hits
        frame = frames.of(elements[-1])       # the last in document order stands
        context, chain = frame.context, frame.lineage
        for i in hits:
            contexts[i] = context
            lineage[i] = chain
    linked = [0] * len(blocks)
    through = [0] * len(blocks)
    owners = _Owners(tree.root, block_of)
    inside_links = _blocks_inside_links(tree, hits_of)
    for el in tree.links:
        text = el.text_content()
        # A permalink glyph (¶, #, §) is a widget, not words a reader follows:
        # an API entry's "name ¶" is no linked teaser title.
        if not has_alnum(text):
            continue
        n = word_count(text)
        owner = owners.block(el)
        if owner is not None:
            linked[owner] += n
        # A link drawn around blocks (a menu entry whose <a> holds <div>s) links
        # each of them whole; only the rest of its words are its owner's.
        held = inside_links.get(el, ())
        # ...but a link holding a heading is a card (a docs index's <a><h3>title</h3>
        # <div>text</div></a>): its blocks stay as they read
        card = any(blocks[i].kind == BlockKind.HEADING for i in held)
        for i in held:
            inside = word_count(blocks[i].text)
            n -= inside
            # ...and a card's sentence under its link stays prose
            if not card and (blocks[i].kind != BlockKind.PARAGRAPH
                             or inside < SENTENCE_MIN_WORDS):
                through[i] = inside
        if owner is not None and n > 0:
            through[owner] += n
    return BlockContexts(contexts, lineage, linked, _tab_panels(tree, names), through)


def _tab_panels(tree: TreeIndex, names: _Names) -> frozenset[str]:
    """Paths of tab panels that have a sibling panel: by role, or named as one."""
    candidates = {el for el, role in tree.roles.items() if _role_of(role) == TAB_PANEL_ROLE}
    # (The substring test first: it rules out most class values.)
    candidates.update(el for el, classes in tree.class_values.items()
                      if classes and ("tab" in classes or "Tab" in classes)
                      and el not in candidates and _named_tab_panel(el, names))
    panels: dict[str, list[str]] = {}         # parent path -> its tab panels' paths
    for el in candidates:
        real_path = tree.real_path(el)
        panels.setdefault(real_path.rsplit("/", 1)[0], []).append(real_path)
    return frozenset(p for group in panels.values() if len(group) > 1 for p in group)


def _blocks_inside_links(tree: TreeIndex, hits_of: dict) -> dict:
    """Each link's blocks: those whose elements have it as their nearest link above.
    One climb per element, each climbed element remembered: linear in the page."""
    links = set(tree.links)
    above: dict = {}                     # element -> the nearest link above it, or None

    def link_above(el):
        climbed = []
        node = el.getparent()
        while node is not None and node not in above and node not in links:
            climbed.append(node)
            node = node.getparent()
        found = None if node is None else node if node in links else above[node]
        for passed in climbed:
            above[passed] = found
        return found

    inside: dict = {}
    for el, hits in hits_of.items():
        link = link_above(el)
        if link is not None:
            inside.setdefault(link, []).extend(hits)
    return inside


class _Owners:
    """The block each element sits in: that of its nearest ancestor (or itself)
    that is a block's element; worked out once per element on the way up."""

    def __init__(self, root, block_of: dict):
        self._root = root
        self._known: dict = dict(block_of)

    def block(self, el) -> int | None:
        known = self._known
        climbed = []
        node = el
        while node not in known:
            climbed.append(node)
            if node is self._root:
                node = None
                break
            node = node.getparent()
            if node is None:
                break
        block = None if node is None else known[node]
        for passed in climbed:
            known[passed] = block
        return block


class _Names:
    """What the page's names say, worked out once per distinct value: pages repeat
    the same class lists thousands of times."""

    def __init__(self, tree: TreeIndex) -> None:
        self.words: dict[str, frozenset[str]] = {}     # attribute value -> its words
        self.said: dict[frozenset[str], Said] = {}     # words -> what they name
        # The naming attributes' values, from the index's tables: `el.get` costs
        # lxml a search and a decode every time, and a frame asks for four.
        self._values = {"class": tree.class_values, "id": tree.id_values,
                        "name": tree.name_values, "role": tree.roles}
        self.itemprops = tree.itemprop_values

    def of(self, el, attributes: tuple[str, ...] = NAMING_ATTRIBUTES) -> frozenset[str]:
        """vocabulary.naming_words(el, self.words, attributes), the values read from
        the index (the same words, made in the same order)."""
        memo, values = self.words, self._values
        words: frozenset[str] = frozenset()
        for attribute in attributes:
            raw = values[attribute].get(el)
            if not raw:
                continue
            found = memo.get(raw)
            if found is None:
                found = memo[raw] = words_of_value(raw)
            words = words | found if words else found
        return words


class _Frames:
    """The frames of the elements a block asks about, each made once, parents first."""

    def __init__(self, tree: TreeIndex, names: _Names):
        self._tree = tree
        self._names = names
        self._made: dict = {}

    def of(self, el) -> _Frame:
        made, tree = self._made, self._tree
        root = tree.root
        missing = []
        node = el
        while node is not None and node not in made:
            missing.append(node)
            node = None if node is root else node.getparent()
        parent = None if node is None else made[node]
        # (The index's tables bound once: a frame is made for ~40% of the elements.)
        real_path, tags, roles, bare = tree.real_path, tree.tags, tree.roles, tree.bare
        names = self._names
        for node in reversed(missing):          # root first
            role = roles.get(node)
            parent = made[node] = _Frame(parent, node, real_path(node), tags[node],
                                         _role_of(role) if role else "", node in bare, names)
        assert parent is not None
        return parent


class _Frame:
    """An open element of the regions walk, with what it inherits. Frames are made
    only for the blocks' elements and their ancestors, each with its context and
    lineage when it is made (its parent's are known then): most elements hold no
    block (menus, icons, a paragraph's inline markup), and reading every element's
    names cost a tenth of the engine's time."""

    __slots__ = ("parent", "el", "path", "tag", "role", "bare", "in_sectioning", "in_content",
                 "context", "lineage")

    def __init__(self, parent: _Frame | None, el, path: str, tag: str, role: str, bare: bool,
                 names: _Names):
        self.parent, self.el, self.path, self.tag, self.role = parent, el, path, tag, role
        self.bare = bare                # the element has no attribute
        # context: what the element inherits, its own marks added; lineage: the real
        # paths of its ancestry, root first, itself last.
        self.context: Context
        self.lineage: tuple[str, ...]
        if parent is None:
            self.in_sectioning = self.in_content = False
            self.context = _child_context(Context(), self, names)
            self.lineage = (path,)
            return
        # Inside, not counting the element itself: sectioning content, <main> or
        # <article>; and the block it is in.
        self.in_sectioning = parent.in_sectioning or parent.tag in SECTIONING_TAGS
        self.in_content = (parent.in_content or parent.tag in CONTENT_TAGS
                           or parent.role in CONTENT_ROLES)
        self.context = _child_context(parent.context, self, names)
        self.lineage = parent.lineage + (path,)


def _child_context(parent: Context, frame: _Frame, names: _Names) -> Context:
    """What `frame`'s element adds to the context it inherits: its landmark, and the
    marks its tag, role and names make; the parent's own context when none."""
    el, path, tag = frame.el, frame.path, frame.tag
    if frame.bare and tag not in _LANDMARK_OR_FORM_TAGS:
        # No attribute (a fifth of the frames): no name, role or itemprop to mark
        # anything, and only these tags are landmarks or widgets by themselves.
        return parent
    landmark = _landmark(el, tag, frame.role, frame.in_sectioning)
    marks: list[Mark] = []
    if tag not in UNNAMED_TAGS:
        _marks_from_names(marks, frame, names)
    if ARTICLE_BODY_ITEMPROP in (names.itemprops.get(el) or "").split():
        marks.append((path, _BODY, MarkKind.ARTICLE_BODY))
    if tag == "form" and _asks_for_text(el):
        marks.append((path, _WIDGET, Widget.INPUT_FORM))
    if landmark is not None and landmark in CHROME_LANDMARKS:
        marks.append((path, _LANDMARK, landmark))
    elif landmark == _MAIN_REGION:
        marks.append((path, _MAIN, _MAIN_REGION))
    if landmark == _DIALOG:
        marks.append((path, _WIDGET, Widget.MODAL))
    if not marks and landmark is None:
        return parent
    return Context(region=landmark or parent.region, marks=parent.marks + tuple(marks))


def _marks_from_names(marks: list[Mark], frame: _Frame, names: _Names) -> None:
    """Add the marks the element's class, id, name and role words make."""
    el, path = frame.el, frame.path
    words = named = names.of(el)
    if not words:
        return
    words = unguarded(el, words)
    named_chrome, widget, vendor = _names_say(words, names.said)
    if named_chrome or widget:
        # (Where the other names hold every word of the id, the words without it are
        # these: the slug test, which reads the element's text, would change nothing.)
        but_id = names.of(el, ATTRIBUTES_BUT_ID)
        if but_id != named and id_is_text_slug(el):
            words = unguarded(el, but_id)
            named_chrome, widget, vendor = _names_say(words, names.said)
    # A header band inside the content, or holding the page title's band, is the
    # content's own.
    if named_chrome == _HEADER and (frame.in_content or _holds_title_band(el)):
        named_chrome = None
    if named_chrome:
        marks.append((path, _CHROME, named_chrome))
    elif not widget and _names_article_body(words):
        marks.append((path, _BODY, MarkKind.ARTICLE_BODY))
    if vendor:
        marks.append((path, _VENDOR, Widget.CONSENT))
    elif widget:
        marks.append((path, _WIDGET, widget))
    # (Only a class naming a group of buttons makes one: its words are among all
    # the element's names, and most elements' have none of those.)
    elif (not BUTTON_GROUP_WORDS.isdisjoint(named)
          and is_control_group(el, names.of(el, _CLASS))):
        marks.append((path, _WIDGET, Widget.POST_FURNITURE))


def _holds_title_band(el) -> bool:
    return any(isinstance(child.tag, str)
               and not TITLE_BAND_CLASSES.isdisjoint((child.get("class") or "").split())
               for child in el)


def _role(el) -> str:
    return _role_of(el.get("role"))


def _role_of(role: str | None) -> str:
    return role.strip().lower().split(" ")[0] if role else ""


def _landmark(el, tag: str, role: str, inside_sectioning: bool) -> Region | None:
    if role in LANDMARK_ROLES:
        return LANDMARK_ROLES[role]
    if role in DOCUMENT_NOTE_ROLES:
        return None
    if tag in LANDMARK_TAGS:
        if tag in PAGE_BAND_TAGS and inside_sectioning or _groups_notes(el):
            return None
        return LANDMARK_TAGS[tag]
    if tag in NAMED_LANDMARK_TAGS and _has_name(el):
        return NAMED_LANDMARK_TAGS[tag]
    return None


def _groups_notes(el) -> bool:
    children = [c for c in el if isinstance(c.tag, str)]
    return bool(children) and all(_role(c) in DOCUMENT_NOTE_ROLES for c in children)


def _has_name(el) -> bool:
    return bool(el.get("aria-label") or el.get("aria-labelledby"))


def _names_say(words: frozenset[str], memo: dict[frozenset[str], Said]) -> Said:
    """(chrome kind, widget kind, consent vendor?) named by these words; pages repeat
    the same class lists, so the answer is kept in `memo` under the word set."""
    said = memo.get(words)
    if said is None:
        said = (_chrome_from_names(words), _widget_from_names(words),
                bool(words & CONSENT_VENDOR_WORDS))
        memo[words] = said
    return said


def _chrome_from_names(words: frozenset[str]) -> Region | None:
    """A chrome kind named by class/id words, unless the same value also says content
    (`entry-header` holds the post title; `post-navigation` is still navigation).
    The content's own footer (entry-footer, content-footer) holds its tags, licence
    and "last updated" line, not its text: it stays a footer."""
    if words & MAIN_WORDS and not words & NAVIGATION_WORDS:
        return Region.FOOTER if words & FOOTER_WORDS else None
    if words & NAVIGATION_WORDS:
        return Region.NAV
    if words & HEADER_WORDS and not words & PART_HEADER_WORDS:
        return Region.HEADER
    if words & FOOTER_WORDS:
        return Region.FOOTER
    if words & SIDEBAR_WORDS:
        return Region.ASIDE
    return None


def _widget_from_names(words: frozenset[str]) -> Widget | MarkKind | None:
    if AUTHOR_WORD in words and words & AUTHOR_BOX_WORDS:
        return Widget.AUTHOR_BIO
    if USER_WORD in words and words & USER_CARD_WORDS:
        return Widget.POST_FURNITURE
    if words & COMMENT_WORDS:
        return Widget.COMMENTS
    if words & REVIEW_WORDS:
        return MarkKind.REVIEWS
    named = words & WIDGET_WORD_SET
    if SIGNATURE_WORD in named and words & API_SIGNATURE_WORDS:
        named = named - {SIGNATURE_WORD}
    if PAYWALL_WORD in named and _names_article_body(words):
        named = named - {PAYWALL_WORD}
    kind = WIDGET_WORDS[min(named)] if named else None
    if kind is None and words & BYLINE_WORDS:
        return MarkKind.BYLINE
    return kind


def _names_article_body(words: frozenset[str]) -> bool:
    return bool(words & ARTICLE_WORDS and words & ARTICLE_BODY_WORDS)


_NOT_ALNUM = re.compile(r"[^a-z0-9]+")


def id_is_text_slug(el) -> bool:
    """True when the element's id is its own opening text made into an anchor
    ("receive-and-reply-to-an-inbound-sms" on the heading that says so)."""
    raw = (el.get("id") or "").lower()
    if not raw:
        return False
    for prefix in ID_SLUG_PREFIXES:
        if raw.startswith(prefix) and len(raw) > len(prefix):
            raw = raw[len(prefix):]
            break
    id_words = [w for w in _NOT_ALNUM.split(raw) if w]
    opening = _opening_text(el, ID_SLUG_TEXT_CHARS).lower()
    if len(id_words) == 1:
        # One word ("header", "mainContent") is a slug only on a heading whose whole
        # text it is: "disclaimer" on the heading "Disclaimer". A box whose only words
        # are its label (id="share" around "Share" and icons) is the widget it names.
        if el.tag not in HEADING_TAGS:
            return False
        words = [w for w in _NOT_ALNUM.split(opening) if w]
        return len(opening) < ID_SLUG_TEXT_CHARS and len(words) == 1 \
            and _singular(words[0]) == _singular(id_words[0])
    if len(id_words) < 2:
        return False
    text_words = set(_NOT_ALNUM.split(opening))
    return all(w in text_words for w in id_words)


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and len(word) > 3 else word


def _opening_text(el, limit: int) -> str:
    """The first `limit` characters of an element's text, read no further: the test
    runs on elements as big as the whole page."""
    pieces, length = [], 0
    for piece in el.itertext():
        pieces.append(piece)
        length += len(piece)
        if length >= limit:
            break
    return "".join(pieces)[:limit]


def _asks_for_text(form) -> bool:
    """A form with a textarea or a text input collects a comment, an answer, an
    enquiry or a sign-up: an input-form widget."""
    for field in form.iter("textarea", "input"):
        if field.tag == "textarea" or (field.get("type") or "").strip().lower() in TEXT_INPUT_TYPES:
            return True
    return False


def _named_tab_panel(el, names: _Names) -> bool:
    words = names.of(el)
    return bool(words & TAB_PANEL_NAMES or words & TAB_WORDS and words & TAB_PANEL_WORDS)
