"""The block stage's judgement of what a reader never sees: hidden attributes,
aria-hidden, hiding and screen-reader-only classes, inline display:none, closed
dialogs and popovers, and the browser's own word when the page was measured.

Without a browser several of these are reveals a script performs on load (a
collapsed FAQ answer, a tab panel, React's streamed content, a <noscript> thread),
so they are weighed, not believed outright. Visibility reads the page index (tags,
attribute names, class values, boxes); the walker asks it about each element.
"""
from __future__ import annotations

import re

from .disclosures import Disclosures
from .images import draws_placeholder, shown_noscript_pictures
from .page_index import PageIndex, PerValue
from .tuning import (
    ANSWER_MIN_WORDS, CLASS_MAY_HIDE, CODE_TAB_MAX_PROSE_WORDS, HIDDEN_BULK_SHARE,
    HIDING_CLASSES, ICON_TAGS, NOSCRIPT_MIN_WORDS, QUESTION_MAX_WORDS, REACT_PLACEHOLDER_ID,
    REACT_STREAMED_ID, RUNNABLE_SCRIPT_TYPES,
    SCREEN_READER_ONLY_CLASSES, SCREEN_READER_ONLY_SUFFIXES, SHOWN_AT_SOME_WIDTH,
    SPOKEN_HALF_MAX_DEPTH, SPOKEN_HALF_MAX_WORDS, SPOKEN_HALF_MAX_WRAPS,
)
from ..dom.capture import (
    DRAWN_AND_SEEN, DRAWN_AND_SEEN_BITS, UNSEEN_CLIPPED, UNSEEN_ZERO_SIZE_CLIP,
)
from ..dom.nodes import tag_of

# Elements (and roles) whose text is their accessible name: text inside them that a
# reader does not see still names the control when it is the only text there.
NAMED_CONTROL_TAGS = frozenset({"a", "button", "summary", "label"})
NAMED_CONTROL_ROLES = frozenset({"button", "link", "tab", "menuitem"})

# Void elements libxml2's HTML parser does not know as void: "a_<wbr>b" (as a
# browser serialises it) parses with "b" inside the <wbr>. The browser's box for
# one is its own empty one, not that of the words nested in it, which are the
# parent's. (<source>, <track> and <embed> are walked through without asking.)
PARSER_FILLED_VOID_TAGS = frozenset({"wbr", "bgsound", "keygen"})

_DISPLAY_NONE_RE = re.compile(r"display\s*:\s*none", re.I)
# An inline display of any value: a script that revealed the element wrote it.
_INLINE_DISPLAY_RE = re.compile(r"display\s*:", re.I)
# Drawn although its class hides it, on a page whose linked style sheets did not
# load (a saved page read offline): the class is read as it is without a browser.
UNSTYLED_HIDING_CLASS = ("a class that hides it (display:none); drawn only because the "
                         "page's style sheets did not load")
CLOSED_DIALOG = "a closed <dialog>"
# The attributes `hidden_reason` reads on an element's own account (`open` only
# matters on a <dialog>, which HIDDEN_BY_TAG covers).
HIDING_ATTRIBUTES = frozenset({"hidden", "aria-hidden", "style", "popover"})
# Tags `hidden_reason` can hide for their own sake, with no attribute or class
# saying so (a <dialog> is closed unless it says open).
HIDDEN_BY_TAG = frozenset({"dialog"})


def _screen_reader_tokens(tokens: tuple[str, ...]) -> bool:
    return (not SCREEN_READER_ONLY_CLASSES.isdisjoint(tokens)
            or any(t.endswith(SCREEN_READER_ONLY_SUFFIXES) for t in tokens))


def _shown_words(el, attr_names: dict) -> tuple[int, int]:
    """Words under `el` outside scripts, styles and subtrees its markup hides (an
    inline display:none, the hidden attribute, aria-hidden=true), and the words of
    the largest such hidden subtree. Words, not characters: the indentation of a
    mega-menu's markup outweighs a product description counted in characters.
    `attr_names` is the page index's (element -> its attribute names, for every
    element holding one of the walk's attributes, these three among them)."""
    hidden: list = []
    count = sum(_shown_word_steps(el, hidden, attr_names))
    return count, _largest_shown(hidden, attr_names)


def _largest_shown(subtrees: list, attr_names: dict) -> int:
    return max((_shown_words(node, attr_names)[0] for node in subtrees), default=0)


def _shown_word_steps(el, hidden: list, attr_names: dict):
    """_shown_words's count, node by node; the hidden subtrees met go on `hidden`."""
    stack = [el]
    while stack:
        node = stack.pop()
        tag = tag_of(node)
        if node is not el:
            tail = node.tail
            if tail:
                yield len(tail.split())
            if not tag:
                continue
            # (Most elements hold none of the three attributes: the index says so
            # without a search of the element's attributes for each.)
            if node in attr_names:
                style = node.get("style")
                if (node.get("hidden") is not None
                        or (node.get("aria-hidden") or "").strip().lower() == "true"
                        or style and _DISPLAY_NONE_RE.search(style)):
                    hidden.append(node)
                    continue
        if tag in ("script", "style"):
            continue
        text = node.text
        if text:
            yield len(text.split())
        stack.extend(node)


def _readable_chars(el) -> int:
    """Characters of text under `el`, leaving out scripts and styles (a shop page
    carries 190 KB of script beside 36 KB of text)."""
    return sum(_readable_char_steps(el))


def _readable_char_steps(el):
    for node in el.iter():
        count = len(node.text or "") if tag_of(node) not in ("script", "style") else 0
        if node is not el:
            count += len(node.tail or "")
        yield count


def hiding_class_tokens(classes: str) -> tuple[str, ...] | None:
    """A class value's tokens, lower-cased, when it holds a substring every hiding
    or screen-reader-only class name has; else None."""
    lowered = classes.lower()
    if not any(map(lowered.__contains__, CLASS_MAY_HIDE)):
        return None
    return tuple(lowered.split())


def _runs(script) -> bool:
    """A <script> the browser runs (RUNNABLE_SCRIPT_TYPES), not a data block."""
    kind = script.get("type")
    if kind is None and (script.get("language") or "").strip():
        kind = "text/" + script.get("language")      # HTML's legacy language attribute
    kind = (kind or "").split(";")[0].strip().lower()
    return not kind or kind in RUNNABLE_SCRIPT_TYPES


# The unseen verdicts a lazy placeholder's own 1x1 box earns (clipped to its one
# pixel, or zero-sized and clipping): the picture it stands for is not that box.
# Off the page, outside a panel's clip, content-visibility: an ancestor's, kept.
PLACEHOLDER_OWN_UNSEEN = frozenset({UNSEEN_CLIPPED, UNSEEN_ZERO_SIZE_CLIP})


def _alone_wrapped(el):
    """`el`, or its outermost ancestor that holds nothing but `el` (no other element,
    no text of its own), climbed at most a few levels."""
    for _ in range(SPOKEN_HALF_MAX_WRAPS):
        parent = el.getparent()
        if (parent is None or el.getprevious() is not None or el.getnext() is not None
                or (parent.text or "").strip() or (el.tail or "").strip()):
            break
        el = parent
    return el


def _stands_for_an_icon(el) -> bool:
    """Screen-reader text beside a drawn element with no text of its own (an icon
    font <i>, an <svg>) is that icon's text, as alt is an image's: a comparison
    table's tick and cross are read as "Yes" and "No"."""
    return any(sibling is not None and tag_of(sibling) in ICON_TAGS
               and not "".join(sibling.itertext()).strip()
               for sibling in (el.getprevious(), el.getnext()))


class _Tally:
    """A count over a scope (<main> or the page), read only as far as a question
    needs. Whether a hidden part outweighs the rest of the page is usually plain
    after its first few nodes; reading resumes where it stopped, so each scope is
    read once at most. (Reading it whole up front cost 5% of engine time.)"""

    def __init__(self, steps, hidden: list | None = None, attr_names: dict | None = None):
        self._steps = steps
        self._hidden = hidden if hidden is not None else []   # for largest_hidden
        self._attr_names = attr_names           # the index's, where hidden parts are kept
        self._largest: int | None = None
        self.count = 0

    def exceeds(self, limit: float) -> bool:
        while self.count <= limit:
            step = next(self._steps, None)
            if step is None:
                break
            self.count += step
        return self.count > limit

    def total(self) -> int:
        self.exceeds(float("inf"))
        return self.count

    def largest_hidden(self) -> int:
        """The shown words of the largest hidden subtree (_shown_words's second),
        worked out once: a page may ask for every hidden element it weighs."""
        if self._largest is None:
            self.total()
            assert self._attr_names is not None or not self._hidden
            self._largest = _largest_shown(self._hidden, self._attr_names or {})
        return self._largest


def _code_sample(panel) -> bool:
    """Code, and hardly any words outside it."""
    code = list(panel.iter("pre"))
    if not code:
        return False
    # A <pre> inside another of the panel's is counted with the outer one.
    outer = set(code)
    in_code = sum(len(pre.text_content().split()) for pre in code
                  if not any(a in outer for a in pre.iterancestors("pre")))
    return len(panel.text_content().split()) - in_code <= CODE_TAB_MAX_PROSE_WORDS


class Visibility:
    """Whether the elements of one page are drawn for a sighted reader, from the
    page index (tags, attribute names, class values, boxes) and what the page holds
    around each element."""

    def __init__(self, index: PageIndex):
        self.measured = index.measured
        # The browser laid the page out without some of its linked style sheets.
        self._unstyled = index.measured and index.capture.unloaded_stylesheets > 0
        self.box = index.box
        self._boxes = index.boxes
        self._root = index.root
        self._tags = index.tags
        self._attr_names = index.attr_names
        self._class_values = index.class_values
        self._controllers = index.controllers
        self._role = index.role
        # What a class value says about hiding, once per distinct value.
        self._class_hiding = PerValue(hiding_class_tokens)
        self._scope_chars: dict = {}          # <main> or root -> its text length, when asked
        self._scope_shown: dict = {}          # <main> or root -> its shown words, when asked
        self._disclosed: frozenset | None = None  # ids a collapsed button controls
        self._tagged = index.tagged
        self._ids = index.ids
        self._unfinished: bool | None = None      # _stream_unfinished, once asked
        self._in_parts: frozenset | None = None   # _in_read_part, once asked
        self._disclosures = Disclosures(index)

    def drawn_rect(self, el):
        """The element's box as the reader will find it: None inside an accordion's
        panel collapsed to no height (`Disclosures.in_collapsed_panel`), whose text is
        drawn over what follows its question and is read right after it instead."""
        box = self.box(el)
        if box is None:
            return None
        if box.unseen_code and self._disclosures.in_collapsed_panel(el, box):
            return None
        return box.rect

    def may_hide(self) -> set:
        """The elements `hidden_reason` can give a reason for, but those it hides by
        their tag alone (HIDDEN_BY_TAG) or by their class value (`class_may_hide`),
        which the caller asks apart: the elements holding one of HIDING_ATTRIBUTES,
        and on a measured page those whose box is not drawn and seen. An element
        the browser drew for a reader to see, or that has no box at all (or any
        element, unmeasured), which neither its attributes, its class nor its tag
        hide, has no reason given: most of a page.

        A missing box gives no reason by itself: every reason `hidden_reason` reads
        from the box needs one (not laid out, invisible, unseen), and without one it
        reads only the attributes, class and tag, as on an unmeasured page (collect.js
        records only the top of a display:none subtree, whose own box says so)."""
        found = {el for el, names in self._attr_names.items()
                 if not HIDING_ATTRIBUTES.isdisjoint(names)}
        if self.measured:
            found.update(el for el, box in self._boxes.items() if box is not None
                         and box.flags & DRAWN_AND_SEEN_BITS != DRAWN_AND_SEEN)
        return found

    def class_may_hide(self, classes: str) -> bool:
        """An element with this class value may be hidden by it (`hidden_reason`
        reads its hiding tokens), whatever its attributes."""
        return bool(self._class_hiding[classes])

    def hidden_reason(self, el) -> str | None:
        unmeasured = self._unmeasured(el)
        if unmeasured and el not in self._attr_names:
            # Without a box and without the attributes asked about below (the index
            # keeps the names of every element holding one), only a hiding class
            # or a closed <dialog> hides it: most classed elements have neither.
            classes = self._class_values.get(el)
            if not classes or not self._class_hiding[classes]:
                return CLOSED_DIALOG if self._tags[el] == "dialog" else None
        names = self._attr_names.get(el, ())
        streamed = "hidden" in names and self._streamed_content(el)
        hidden_attr = "hidden" in names and not streamed
        # hidden="until-found": a collapsed section the browser's find-in-page opens
        # (drawn as content-visibility: hidden), offered as a closed <details> is.
        until_found = hidden_attr and el.get("hidden").strip().lower() == "until-found"
        if until_found:
            hidden_attr = False
        aria_hidden = "aria-hidden" in names and el.get("aria-hidden").strip().lower() == "true"
        style = el.get("style") if "style" in names else None
        none_style = bool(style and _DISPLAY_NONE_RE.search(style))
        # Content the page offers behind a control: shown although hidden now.
        offered = False
        if ((hidden_attr or aria_hidden or none_style)
                and (self._waiting_tab_panel(el) or self._collapsed_panel(el)
                     or self._disclosures.panel_of_button_tabs(el))):
            hidden_attr = aria_hidden = none_style = False
            offered = True
        if none_style and ((unmeasured and self._holds_page_bulk(el))
                           or self._answer_under_question(el)):
            none_style = False
            offered = True
        if hidden_attr:
            return "hidden attribute"
        if (aria_hidden and not self._drawn_half_of_spoken_pair(el)
                and not self._repeated_link(el)):
            return "aria-hidden"
        classes = self._class_values.get(el)
        tokens = self._class_hiding[classes] if classes else None   # _hiding_class_tokens
        if tokens:
            if _screen_reader_tokens(tokens) and not _stands_for_an_icon(el):
                return "a screen-reader-only class: not drawn for sighted readers"
            if (unmeasured and self._hidden_by_class(el, tokens)
                    and not self._disclosures.panel_of_button_tabs(el)):
                return "a class that hides it (display:none) in the page's own stylesheet"
        # Both are drawn only once a script opens them (HTML's popover and <dialog>).
        if "popover" in names:
            return "a popover, hidden until opened"
        tag = self._tags[el]
        if tag == "dialog" and "open" not in names:
            return CLOSED_DIALOG
        if none_style:
            return "inline style display:none"
        box = None if unmeasured else self.box(el)
        if box is not None and tag in PARSER_FILLED_VOID_TAGS and (el.text or len(el)):
            box = None
        if (self._unstyled and box is not None and box.displayed and tokens
                and self._hidden_by_unloaded_style(el, tokens, style)):
            return UNSTYLED_HIDING_CLASS
        behind = self._disclosures
        if box is not None and not box.displayed:
            if (offered or streamed or self._collapsed_panel(el) or self._waiting_tab_panel(el)
                    or self._answer_under_question(el) or behind.rest_behind_control(el)
                    or behind.panel_of_tab_set(el) or behind.panel_of_button_tabs(el)
                    or behind.opened_by_checkbox(el)
                    or behind.rest_of_paragraph_behind_control(el)):
                return None     # no box: its blocks are placed after the control
            return "the browser gave it no layout box"
        if box is not None and not box.visible and not behind.in_invisible_tab_panel(el):
            return "the browser drew it invisible"
        unseen = box.unseen_reason if box is not None else None
        if (unseen and box is not None and box.unseen_code in PLACEHOLDER_OWN_UNSEEN
                and tag == "img" and draws_placeholder(el)):
            unseen = None   # the lazy placeholder's own 1x1 box, not the picture's
        if (unseen and not until_found and not self._names_something_shown(el)
                and not behind.clamped_text(el, box) and not behind.in_collapsed_panel(el, box)):
            return f"not seen by a reader: {unseen}"
        return None

    def _hidden_by_unloaded_style(self, el, tokens: tuple[str, ...], style: str | None) -> bool:
        """A hiding class the browser could not apply (its style sheet did not load),
        read as without a browser, unless a script showed the element (an inline
        display) or it is content offered behind a control, which a reader opens.
        (The two exceptions are the browser's: a script ran there, and a drawn
        control is known to be drawn. Without a browser neither is known.)"""
        if style and _INLINE_DISPLAY_RE.search(style):
            return False
        return (self._hidden_by_class(el, tokens)
                and not (self._collapsed_panel(el) or self._waiting_tab_panel(el)
                         or self._answer_under_question(el)))

    def _names_something_shown(self, el) -> bool:
        """Text a reader does not see that is still the page's name for something
        drawn: an icon's words (as screen-reader classes are read), or the whole
        name of the link or button it sits in."""
        if _stands_for_an_icon(el):
            return True
        for control in el.iterancestors():
            tag = self._tags.get(control)
            role = (control.get("role") or "").strip().lower()
            if tag in NAMED_CONTROL_TAGS or role in NAMED_CONTROL_ROLES:
                own = " ".join(el.text_content().split())
                rest = " ".join(control.text_content().split()).replace(own, "", 1)
                return not rest.strip()
        return False

    def _hiding_class_tokens(self, el) -> tuple[str, ...] | None:
        classes = self._class_values.get(el)
        return self._class_hiding[classes] if classes else None

    def _screen_reader_only(self, el) -> bool:
        tokens = self._hiding_class_tokens(el)
        return _screen_reader_tokens(tokens) if tokens else False

    def _hidden_by_class(self, el, tokens: tuple[str, ...]) -> bool:
        """Without a browser, or drawn by one that lacked the page's style sheets: a
        utility class that means display:none in the page's own stylesheet
        (HIDING_CLASSES), unless a responsive class shows the element at some width
        or it holds the page's bulk."""
        if HIDING_CLASSES.isdisjoint(tokens):
            return False
        # "d-none d-md-block", "hidden md:flex": hidden on small screens only.
        if any(SHOWN_AT_SOME_WIDTH.match(t) for t in tokens):
            return False
        return not self._holds_page_bulk(el)

    def _holds_page_bulk(self, el) -> bool:
        """Hiding the element that holds the bulk of <main> (or of the page) by a
        class or an inline display:none is a reveal on load: a script shows it once
        the page is ready. Asked where the page's own styles were not applied (no
        browser, or its style sheets did not load)."""
        if self._tags[el] == "pre" or not len(el):
            return False   # a leaf: the hidden source copy beside a code editor
        scope = next((a for a in el.iterancestors()
                      if self._tags.get(a) == "main" or a.get("role") == "main"), self._root)
        # The exact tests below are asked only when the scope's running count has
        # not already ruled them out (+1 absorbs any rounding of the share).
        chars = self._scope_chars.get(scope)
        if chars is None:
            chars = self._scope_chars[scope] = _Tally(_readable_char_steps(scope))
        own_chars = _readable_chars(el)
        if (not chars.exceeds(own_chars / HIDDEN_BULK_SHARE + 1)
                and own_chars >= HIDDEN_BULK_SHARE * chars.total()):
            return True
        # Measured in words against what the page shows: a hidden element holding
        # more words than everything shown around it is the page waiting for a script.
        # It must also be the largest hidden part (the other hidden parts are menus
        # and notices), and hold no form (a hidden form is a dialog, not the page).
        words = self._scope_shown.get(scope)
        if words is None:
            hidden: list = []
            words = self._scope_shown[scope] = _Tally(
                _shown_word_steps(scope, hidden, self._attr_names), hidden, self._attr_names)
        own = _shown_words(el, self._attr_names)[0]
        if words.exceeds(own * (1 - HIDDEN_BULK_SHARE) / HIDDEN_BULK_SHARE + 1):
            return False
        return (own >= HIDDEN_BULK_SHARE * (words.total() + own)
                and own >= words.largest_hidden()
                and next(el.iter("form"), None) is None)

    def _repeated_link(self, el) -> bool:
        """A text link hidden from screen readers and out of the tab order
        (aria-hidden, tabindex=-1), beside a link to the same page with other words
        (a teaser under its headline), is drawn for sighted readers: it is silent only
        so a screen reader does not announce the same destination twice."""
        href = el.get("href")
        if (self._tags.get(el) != "a" or not href or (el.get("tabindex") or "").strip() != "-1"
                or any(True for _ in el.iter("img", "picture", "svg"))):
            return False
        text = " ".join(el.text_content().split())
        if not text:
            return False
        # ...not a transparent overlay repeating the words it covers (a heading's
        # own text, drawn once).
        parent = el.getparent()
        if parent is not None and " ".join(parent.text_content().split()).count(text) > 1:
            return False
        scope = el
        for _ in range(3):
            scope = scope.getparent()
            if scope is None:
                return False
            for other in scope.iter("a"):
                if (other is not el and other.get("href") == href
                        and other.get("aria-hidden") != "true"):
                    words = " ".join(other.text_content().split())
                    return bool(words) and words != text
        return False

    def _drawn_half_of_spoken_pair(self, el) -> bool:
        """An aria-hidden element beside screen-reader-only text is what sighted readers
        see of a pair, the other half being what is read aloud: WooCommerce writes
        <del aria-hidden>$30</del> then "Original price was: $30." for screen readers.
        Keep the drawn half (the spoken half goes as screen-reader-only). The spoken
        half is a phrase ("per month", "21 reviews"); a whole visually hidden section
        beside a print-only box is no pair.

        The two need not be siblings: the drawn half may be wrapped alone (Shopify's
        <p><span aria-hidden>4.6 / 5.0</span></p>), and the spoken half may sit inside
        its neighbour, at the edge that meets it (WP Recipe Maker's <span>15<span
        class=sr-only> minutes</span></span><span aria-hidden>mins</span>). A picture
        named for screen readers is a spoken half too (role=img with an aria-label
        and no text: Shopify's stars "4.6 out of 5.0 stars")."""
        if any(sibling is not None and self._screen_reader_only(sibling)
               and len(sibling.text_content().split()) <= SPOKEN_HALF_MAX_WORDS
               for sibling in (el.getnext(), el.getprevious())):
            return True
        # Nested or wrapped, the drawn half is a phrase too (a unit, a score): a
        # whole hidden list or panel beside a clipped heading is no pair, nor a
        # hidden picture beside a byline's clipped "This article was".
        if not 0 < len(el.text_content().split()) <= SPOKEN_HALF_MAX_WORDS:
            return False
        stand = _alone_wrapped(el)
        return any(sibling is not None and self._spoken_half(sibling, before)
                   for sibling, before in ((stand.getnext(), False),
                                           (stand.getprevious(), True)))

    def _spoken_half(self, el, before: bool) -> bool:
        """`el`, the neighbour standing `before` (or after) an aria-hidden element, is
        what a screen reader hears instead of it (`_drawn_half_of_spoken_pair`): a
        screen-reader-only phrase, itself or at its edge that meets the drawn half
        (its last descendants when before, its first when after), or a picture
        named for screen readers."""
        if (self._tags.get(el) and (el.get("role") or "").strip().lower() == "img"
                and (el.get("aria-label") or "").strip()):
            return not el.text_content().strip()
        node = el
        for _ in range(SPOKEN_HALF_MAX_DEPTH):
            if self._tags.get(node) in NAMED_CONTROL_TAGS:
                return False    # the control's name (a card's cover link), not a phrase's
            if self._screen_reader_only(node):
                return len(node.text_content().split()) <= SPOKEN_HALF_MAX_WORDS
            edge = next(node.iterchildren(reversed=before), None)
            if (edge is None or not self._tags.get(edge)
                    or (before and (edge.tail or "").strip())
                    or (not before and (node.text or "").strip())):
                return False
            node = edge
        return False

    def _answer_under_question(self, el) -> bool:
        """A panel of prose hidden right under a short visible line, the two alone in
        their parent, is an accordion's answer under its question (or a "View details"
        button's panel): a script opens it when the line is clicked. Without a browser
        only an inline display:none can be seen; in it, any panel the browser gave no
        box, and the question must be drawn."""
        parent = el.getparent()
        if parent is None or len(parent) != 2 or parent[1] is not el:
            return False
        question = parent[0]
        style = question.get("style") or ""
        if (question.get("hidden") is not None or _DISPLAY_NONE_RE.search(style)
                or not self._drawn_for_a_reader(question)):
            return False
        asked = len(question.text_content().split())
        words = len(el.text_content().split())
        linked = sum(len(a.text_content().split()) for a in el.iter("a"))
        return 0 < asked <= QUESTION_MAX_WORDS and words >= ANSWER_MIN_WORDS and linked < words / 2

    def _collapsed_panel(self, el) -> bool:
        """A panel hidden until its button is pressed (the button says
        aria-expanded=false and aria-controls names the panel: an FAQ answer, an
        accordion section) is content the page offers, as a closed <details> is,
        on both paths: a reader opens it with one click, and a copy of the questions
        without their answers is no use. In the browser the button must be drawn
        (a closed menu's own toggles do not count); the panel has no box, so its
        blocks are placed after the button, where the DOM puts them."""
        el_id = el.get("id")
        if not el_id:
            # The collapsing wrapper around such a panel (Chakra's and Bootstrap's
            # collapse <div style="display:none"> holds the panel and maybe a <style>).
            kids = [k for k in el if isinstance(k.tag, str)
                    and tag_of(k) not in ("style", "script", "template")]
            if len(kids) != 1 or not kids[0].get("id"):
                return False
            el_id = kids[0].get("id")
        if self._disclosed is None:
            self._disclosed = frozenset(
                ref for node in self._controllers
                if (node.get("aria-expanded") or "").strip().lower() == "false"
                and self._drawn_for_a_reader(node)
                for ref in node.get("aria-controls").split())
        return el_id in self._disclosed

    def _waiting_tab_panel(self, el) -> bool:
        """A tab panel hidden until its tab is clicked (a product's specifications
        beside its description, a plan's other tier) is content the page offers, one
        click away. In the browser one exception: panels that are versions of one code
        sample (each language's install line) give the version the reader chose."""
        if self._role(el) != "tabpanel":
            return False
        return self._unmeasured(el) or not _code_sample(el)

    def _streamed_content(self, el) -> bool:
        """React streams server-rendered content into `<div hidden id="S:0">` and a
        script moves it into place; without a browser it is the page (Next.js blogs
        lose their whole article to the hidden attribute). In the browser too while
        the stream stands unfinished (`_stream_unfinished`)."""
        return (bool(REACT_STREAMED_ID.match(el.get("id") or ""))
                and (not self.measured or self._stream_unfinished()))

    def _unmeasured(self, el) -> bool:
        """Judged as without a browser: on a page read without one, and inside a
        streamed part read as the page (`_streamed_content`), where the browser drew
        nothing (it records only the top of a display:none subtree), so the part's
        hiding classes, collapsed answers and tab panels are weighed as statically."""
        return not self.measured or (el in self._in_read_part() and self.box(el) is None)

    def _in_read_part(self) -> frozenset:
        """The elements inside the streamed parts read on a measured page."""
        if self._in_parts is None:
            self._in_parts = frozenset(
                node for name, part in self._ids.items()
                if REACT_STREAMED_ID.match(name) and self._streamed_content(part)
                for node in part.iterdescendants()) if self._stream_unfinished() else frozenset()
        return self._in_parts

    def _drawn_for_a_reader(self, el) -> bool:
        return self._unmeasured(el) or self._disclosures.drawn_for_a_reader(el)

    def _stream_unfinished(self) -> bool:
        """Whether the drawn page still holds a streamed part's placeholder
        (`<template id="B:0">` or `"P:0"`) and no script the browser runs (`_runs`;
        JSON-LD and other data blocks do not count). This serves copies saved without
        their scripts (archives read in batch, `webgist batch --render`): nothing will
        ever move the parts into place, so they are what a reader of the live page
        saw there. A live page whose scripts ran and then removed themselves while
        leaving a part hidden (a subscriber-only part) looks the same, and that part
        is read too; a page that keeps its scripts has its parts read as drawn."""
        if self._unfinished is None:
            scripts_run = any(_runs(script) for script in self._tagged("script"))
            self._unfinished = not scripts_run and any(
                REACT_PLACEHOLDER_ID.match(name) and self._tags.get(el) == "template"
                for name, el in self._ids.items())
        return self._unfinished

    def noscript_is_the_page(self, el) -> bool:
        """Without a browser, a <noscript> holding real prose is what a reader with
        scripts off sees: Discourse forums serve the whole thread that way."""
        if self.measured or tag_of(el) != "noscript":
            return False
        return len(el.text_content().split()) >= NOSCRIPT_MIN_WORDS

    def noscript_pictures(self, el) -> list:
        """Without a browser, the pictures a <noscript> shows (not a lazy twin's)."""
        return shown_noscript_pictures(el, self.measured)
