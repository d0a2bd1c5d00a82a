"""Content a page offers behind a control, read on the browser path as a reader
opens it: a text clamped by a box that hides its overflow ("Continue reading"), the
rest of a text kept undrawn until "Read more", CSS-only tabs and accordions, tab
panels stacked invisible under the chosen one. `Visibility` asks these when the
browser drew an element unseen or gave it no box; each says yes only for the shape
of a disclosure with its control drawn, so hidden text stays hidden otherwise
(issue 17's unseen text).
"""
from __future__ import annotations

import re

from .page_index import PageIndex
from .tuning import (
    CLAMP_CONTROL_REACH_PX, CLAMP_CONTROL_SIBLINGS, CLAMP_CONTROL_TAGS, CLAMP_MIN_SHOWN_PX,
    CLAMP_MIN_SHOWN_WORDS, CLAMP_SLIDE_SHARE, QUESTION_MAX_WORDS, TAB_LABEL_MAX_WORDS,
)
from ..dom.capture import UNSEEN_OUTSIDE_CLIP, UNSEEN_ZERO_SIZE_CLIP

# What an accordion's question is written as, when it is not a button.
QUESTION_TAGS = frozenset({"button", "summary", "h2", "h3", "h4", "h5", "h6", "dt"})
_DISPLAY_NONE_RE = re.compile(r"display\s*:\s*none", re.I)

# The rest of a paragraph hidden inside it is a phrase element (a span), not a box
# of its own (a cookie notice's <div> after the text).
PHRASING_REST_TAGS = frozenset({"span", "em", "i", "b", "strong", "small", "font"})


class Disclosures:
    """The disclosure rules of one measured page, over its index (tags, roles, boxes)."""

    def __init__(self, index: PageIndex):
        self.measured = index.measured
        self.box = index.box
        self._tags = index.tags
        self._role = index.role
        self._clamps: dict = {}               # ancestor -> whether it is a text clamp
        self._targets: frozenset | None = None  # ids drawn in-page links point at
        self._invisible_panels: dict = {}     # invisible element -> whether a tab panel
        self._collapsed: dict = {}            # zero-height box -> whether a collapsed panel
        self._button_tabs: dict = {}          # sibling -> panels shown in its tab run, or None

    def drawn_for_a_reader(self, el) -> bool:
        """Without a browser, every element may be; in it, one with a box the
        reader sees."""
        if not self.measured:
            return True
        box = self.box(el)
        return (box is not None and box.displayed and box.visible
                and not box.unseen_reason)

    def clamped_text(self, el, box) -> bool:
        """Text cut off below a box drawn short of its content, in that box's column:
        the rest of an article behind "Continue reading" (a max-height that hides
        its overflow), offered as a disclosure's panel is. A slide moved sideways
        out of its frame is not below it, a box itself out of view clamps nothing
        the reader sees, and a box too short to show some lines of its own text is
        no clamp (a one-line ticker, a shut drawer)."""
        if box.unseen_code != UNSEEN_OUTSIDE_CLIP:
            return False
        rect = box.rect
        piece = rect                # the outermost box holding it that is cut off too
        for ancestor in el.iterancestors():
            outer = self.box(ancestor)
            if outer is None:
                continue
            frame = outer.rect
            if rect.x < frame.x - 1 or rect.right > frame.right + 1:
                return False        # beside the box, not below it
            if rect.y >= frame.bottom - 1:
                if outer.unseen_reason:
                    return False    # the box is itself out of view (a slide moved away)
                if piece.h >= CLAMP_SLIDE_SHARE * frame.h:
                    return False    # a slide as tall as its frame (a vertical slider)
                clamp = self._clamps.get(ancestor)
                if clamp is None:
                    clamp = self._clamps[ancestor] = self._shows_own_text(ancestor, outer)
                if clamp:
                    return True
            if outer.rect.y >= rect.y - 1:
                piece = outer.rect  # starts where it does: cut off with it
        return False

    def _shows_own_text(self, frame_el, outer) -> bool:
        """The box stays in the page's flow (not a sticky scene), is tall enough to
        show lines of text, shows a sentence of its own whole, and has a control at
        its foot that opens it (a "Continue reading" button over its fade or just
        under it): a box that merely overflows, such as a carousel's track, has
        none."""
        frame = outer.rect
        if outer.is_fixed or frame.h < CLAMP_MIN_SHOWN_PX:
            return False
        for node in frame_el.iterdescendants():
            inner = self._seen_box(node)
            if (inner is not None and inner.rect.bottom <= frame.bottom + 1
                    and len(node.text_content().split()) >= CLAMP_MIN_SHOWN_WORDS):
                return self._control_at_foot(frame_el, frame)
        return False

    def rest_behind_control(self, el) -> bool:
        """The rest of a text kept undrawn until "Read more" is pressed: an element
        without a layout box, holding prose, right after drawn text of its own
        (its previous sibling shows a sentence) and right before a drawn button
        (or a link that goes nowhere) at that text's foot. The page offers it as a
        clamp's overflow is; a hidden pop-up before a bar of share links is not.
        The rest may be several undrawn siblings (a thread's further replies before
        its "Show 2 more replies"): they are passed over on both sides."""
        before = self._drawn_sibling(el.itersiblings(preceding=True))
        if before is None:
            return False
        shown = self._seen_box(before)
        if (shown is None or len(before.text_content().split()) < CLAMP_MIN_SHOWN_WORDS
                or len(el.text_content().split()) < CLAMP_MIN_SHOWN_WORDS
                or not self._built_as(el, self._tags.get(before))):
            return False
        after = self._drawn_sibling(el.itersiblings())
        if after is None:
            return False
        for node in after.iter():
            if self._opens_in_place(node):
                box = self._seen_box(node)
                return (box is not None
                        and abs(box.rect.y - shown.rect.bottom) <= CLAMP_CONTROL_REACH_PX)
        return False

    def _drawn_sibling(self, siblings):
        """The first of `siblings` that is an element the browser gave a box (undrawn
        ones, the rest's own further parts, passed over); None when there is none."""
        return next((s for s in siblings
                     if isinstance(s.tag, str) and not self._undrawn(s)), None)

    def _built_as(self, el, tag) -> bool:
        """The rest goes on as the text it follows: it is, or holds, an element of
        the shown text's tag (a <p> after a <p>), unlike a pop-up's or a cookie
        notice's bare box."""
        return any(self._tags.get(node) == tag for node in el.iter())

    def panel_of_tab_set(self, el) -> bool:
        """One of a set of panels built alike (siblings of one tag sharing a class),
        one drawn and the rest undrawn until their tab is chosen, named by no ARIA
        role: CSS tabs (radio buttons and `:checked ~ .panel`, or `:target`) and
        script tabs without roles (Bootstrap's `.tab-pane`). Its controls are a drawn
        in-page link to its id, or radio buttons beside the set, one per panel. A
        reader opens it with one click, as a tab panel; a menu of links is not one."""
        parent = el.getparent()
        tokens = set((el.get("class") or "").split())
        if parent is None or not tokens:
            return False
        if not self._prose(el):
            return False
        tag = self._tags.get(el)
        panels = [s for s in parent if self._tags.get(s) == tag
                  and tokens & set((s.get("class") or "").split())]
        if not any(self.drawn_for_a_reader(s) for s in panels if s is not el):
            return False
        # Tabs link every panel, the chosen one too: a box opened by a link of its
        # own beside a drawn box alike (a promotion's "Details") is no tab set.
        targets = self._link_targets()
        if all((p.get("id") or "").strip() in targets for p in panels):
            return True
        radios = sum(1 for child in parent if child not in panels and isinstance(child.tag, str)
                     for node in child.iter("input")
                     if (node.get("type") or "").strip().lower() == "radio")
        return radios >= len(panels)

    def in_collapsed_panel(self, el, box) -> bool:
        """Inside a panel an accordion collapsed to no height (`max-height: 0` or
        `grid-template-rows: 0fr` with its overflow hidden, animated open by a click)
        right under a drawn question or control: the element is that panel (a box of
        no height hiding its overflow) or is cut off by it. Offered as a collapsed
        panel with ARIA is: the answer is one click away."""
        code = box.unseen_code
        if code not in (UNSEEN_ZERO_SIZE_CLIP, UNSEEN_OUTSIDE_CLIP):
            return False
        node = el
        while node is not None:
            outer = self.box(node)
            if outer is not None and outer.unseen_code == UNSEEN_ZERO_SIZE_CLIP:
                found = self._collapsed.get(node)
                if found is None:
                    found = self._collapsed[node] = self._collapsed_under_question(node)
                return found
            node = node.getparent()
        return False

    def _collapsed_under_question(self, panel) -> bool:
        """A box of no height holding prose whose previous drawn sibling (its own, or
        that of the zero-height boxes around it) is a short line a reader clicks: a
        button, a summary, a heading, or an element saying it expands."""
        if not self._prose(panel):
            return False
        node = panel
        while True:
            before = self._drawn_sibling(node.itersiblings(preceding=True))
            if before is not None:
                break
            node = node.getparent()
            outer = self.box(node) if node is not None else None
            if outer is None or outer.rect.h > 1:
                return False
        if self._seen_box(before) is None:
            return False
        words = before.text_content().split()
        tag = self._tags.get(before)
        if not 0 < len(words) <= QUESTION_MAX_WORDS:
            return False
        if (tag in QUESTION_TAGS or self._role(before) == "button"
                or before.get("aria-expanded") is not None):
            return True
        # A box whose one button holds all its words (a bar of Yes and No buttons
        # after "Was this page helpful?" is no question).
        buttons = [node for node in before.iter() if self._tags.get(node) in ("button", "summary")]
        return len(buttons) == 1 and buttons[0].text_content().split() == words

    def panel_of_button_tabs(self, el) -> bool:
        """One of a run of two or more sibling panels of one tag right after a row of
        buttons, one button per panel, each labelled in a few words: script tabs
        without ARIA roles or links (Alpine's x-show and Vue's v-show write
        display:none on the panels not chosen; a framework's hiding class does the
        same). One panel shows, the rest wait for their button, one click away, as
        a tab panel does. A slider's dots say nothing and a lone hidden box (a
        modal) has no such row; without a browser, showing means not hidden inline."""
        parent = el.getparent()
        if parent is None or not self._prose(el):
            return False
        if el not in self._button_tabs:
            self._read_button_tabs(el)
        shown = self._button_tabs[el]
        return shown is not None and shown - (1 if self._shows(el) else 0) > 0

    def _read_button_tabs(self, el) -> None:
        """Decide once for the run of siblings of el's tag holding no control around
        `el` whether it is a tab set under a row of buttons, and note the answer for
        each of them (asking for every hidden sibling would walk the run each time)."""
        tag = self._tags.get(el)

        def panel(kid) -> bool:
            return self._tags.get(kid) == tag and not self._controls(kid)

        if not panel(el):
            self._button_tabs[el] = None
            return
        strip = None
        before = []
        for kid in el.itersiblings(preceding=True):
            if not isinstance(kid.tag, str):
                continue
            if not panel(kid):
                strip = kid
                break
            before.append(kid)
        panels = before[::-1] + [el]
        for kid in el.itersiblings():
            if isinstance(kid.tag, str):
                if not panel(kid):
                    break
                panels.append(kid)
        shown = None if strip is None else self._shown_button_tabs(strip, panels)
        for kid in panels:
            self._button_tabs[kid] = shown

    def _shown_button_tabs(self, strip, panels) -> int | None:
        """How many of `panels` show, when they are tabs of the buttons in `strip`,
        the element before them; None when they are not."""
        buttons = [node for node in self._controls(strip) if self.drawn_for_a_reader(node)]
        if len(panels) < 2 or len(buttons) != len(panels) or not all(
                0 < len(b.text_content().split()) <= TAB_LABEL_MAX_WORDS for b in buttons):
            return None
        # Built alike: one class among them all, or none at all (Alpine's bare divs).
        classes = [set((p.get("class") or "").split()) for p in panels]
        if not (set.intersection(*classes) or not any(classes)):
            return None
        return sum(1 for p in panels if self._shows(p))

    def _controls(self, el) -> list:
        """The buttons in `el` (and links with no address or `#` alone: a link to an
        id is `panel_of_tab_set`'s)."""
        found = []
        for node in el.iter():
            tag = self._tags.get(node)
            href = (node.get("href") or "").strip().lower() if tag == "a" else None
            if (tag == "button" or self._role(node) == "button"
                    or (href is not None and href in ("", "#") or (href or "").startswith("javascript:"))):
                found.append(node)
        return found

    def _shows(self, el) -> bool:
        """Drawn for a reader; without a browser, not hidden by an attribute or an
        inline display:none."""
        return (self.drawn_for_a_reader(el) and el.get("hidden") is None
                and not _DISPLAY_NONE_RE.search(el.get("style") or ""))

    def in_invisible_tab_panel(self, el) -> bool:
        """Inside a tab panel drawn invisible (`visibility: hidden`, stacked under
        the chosen one) rather than undrawn: the element or an invisible ancestor
        is one of `panel_of_tab_set`'s panels."""
        node = el
        while node is not None:
            box = self.box(node)
            if box is None or box.visible:
                return False
            panel = self._invisible_panels.get(node)
            if panel is None:
                panel = self._invisible_panels[node] = self.panel_of_tab_set(node)
            if panel:
                return True
            node = node.getparent()
        return False

    def opened_by_checkbox(self, el) -> bool:
        """Prose kept undrawn until a checkbox before it is ticked (the CSS-only
        accordion, `input:checked ~ .content`), the checkbox's label drawn beside it
        as the question: the answer is one click away, as a collapsed panel's. A
        hamburger's checkbox opens a menu of links, which stays out."""
        if not self._prose(el):
            return False
        ticked = labelled = False
        for before in el.itersiblings(preceding=True):
            tag = self._tags.get(before)
            if tag == "input" and (before.get("type") or "").strip().lower() == "checkbox":
                ticked = True
            elif tag == "label" and self.drawn_for_a_reader(before):
                labelled = True
        return ticked and labelled

    def _prose(self, el) -> bool:
        """A sentence or more of words, most of them not in links."""
        words = len(el.text_content().split())
        linked = sum(len(a.text_content().split()) for a in el.iter("a"))
        return words >= CLAMP_MIN_SHOWN_WORDS and linked < words / 2

    def _link_targets(self) -> frozenset:
        """The ids that drawn in-page links (`href="#id"`) point at."""
        if self._targets is None:
            self._targets = frozenset(
                href[1:] for el, tag in self._tags.items() if tag == "a"
                for href in [(el.get("href") or "").strip()]
                if len(href) > 1 and href[0] == "#" and self.drawn_for_a_reader(el))
        return self._targets

    def rest_of_paragraph_behind_control(self, el) -> bool:
        """The rest of a paragraph kept undrawn inside it until its "Read more" link
        is pressed (`<p>text<span class="dots">...</span><span class="more">rest
        </span> <a href="#">Read more</a></p>`, a review's or a bio's): prose, in a
        drawn parent that shows a sentence before it, followed in that parent by a
        drawn control that opens in place. Offered as `rest_behind_control`'s is."""
        parent = el.getparent()
        if (parent is None or self._tags.get(el) not in PHRASING_REST_TAGS
                or not self._prose(el) or not self.drawn_for_a_reader(parent)):
            return False
        shown = [parent.text or ""]
        for before in el.itersiblings(preceding=True):
            drawn = isinstance(before.tag, str) and not self._undrawn(before)
            shown += [before.text_content() if drawn else "", before.tail or ""]
        if len(" ".join(shown).split()) < CLAMP_MIN_SHOWN_WORDS:
            return False
        after = self._drawn_sibling(el.itersiblings())
        return after is not None and any(
            self._opens_in_place(node) and self.drawn_for_a_reader(node) for node in after.iter())

    def _seen_box(self, el):
        """The element's box when it is drawn with some height and seen; else None."""
        box = self.box(el)
        if box is None or not box.displayed or box.rect.h <= 0 or box.unseen_reason:
            return None
        return box

    def _undrawn(self, el) -> bool:
        """Measured, and given no layout box."""
        box = self.box(el)
        return box is not None and not box.displayed

    def _opens_in_place(self, node) -> bool:
        """A button, or a link that goes nowhere (a script's "Read more")."""
        tag = self._tags.get(node)
        if tag in ("button", "summary") or self._role(node) == "button":
            return True
        href = (node.get("href") or "").strip().lower() if tag == "a" else None
        return href is not None and (not href or href.startswith(("#", "javascript:")))

    def _control_at_foot(self, frame_el, frame) -> bool:
        """A drawn button or link near the box's bottom edge, inside the box or in
        what follows it (its next siblings, or its parent's)."""
        places = [frame_el]
        for el in (frame_el, frame_el.getparent()):
            sibling = el.getnext() if el is not None else None
            for _ in range(CLAMP_CONTROL_SIBLINGS):
                if sibling is None:
                    break
                places.append(sibling)
                sibling = sibling.getnext()
        for place in places:
            for node in place.iter():
                if not (self._tags.get(node) in CLAMP_CONTROL_TAGS or self._role(node) == "button"):
                    continue
                box = self._seen_box(node)
                if (box is not None and abs(box.rect.y - frame.bottom) <= CLAMP_CONTROL_REACH_PX
                        and box.rect.x < frame.right and box.rect.right > frame.x):
                    return True
        return False
