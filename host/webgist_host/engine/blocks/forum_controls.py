"""Per-comment controls of forum and comment threads.

Threads repeat a few controls on every comment, and read as text they come between
the author and the words: a collapse toggle written as a bracketed sign ("[–]",
"[+]": Hacker News, old Reddit, Slashdot), a strip of in-page links between
separators ("| parent | next | [–]": links that lead nowhere but within the page or
to a script), and a count of interactions a page declares as such (schema.org's
`interactionStatistic`: Discourse's "2 Likes"). Each is known by its shape, not
by its words.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

from ..dom.nodes import tag_of

# A collapse or expand toggle: one sign between square brackets.
_TOGGLE = re.compile(r"\[\s*[-–−+]\s*\]")
# Text a control strip may hold between its links: separators only.
_SEPARATORS = frozenset("|·•/")
# A declared interaction count is a number and a word or two ("2 Likes", "9 Kommentare").
MAX_COUNT_WORDS = 3
INTERACTION_PROPERTY = "interactionstatistic"
# The schema.org items a thread repeats once per message: a count is that message's
# control only inside one of them (a recipe's "12000 downloads" is the page's figure).
POST_TYPES = frozenset({"comment", "answer", "discussionforumposting", "socialmediaposting"})
# Items a message holds for its author: a count in the author's card beside the
# message (a forum's post count under the name) is the message's too.
AUTHOR_TYPES = frozenset({"person", "organization"})
# Elements whose text is a table's or a list's value, never a control to drop.
_VALUE_HOLDERS = frozenset({"td", "th", "li"})


def is_toggle_text(text: str | None) -> bool:
    # ("[" first: most link texts hold none, and that test is one search in C.)
    return text is not None and "[" in text and _TOGGLE.fullmatch(text.strip()) is not None


def forum_controls(anchors: Iterable, href_of, itemprops: dict) -> set:
    """The toggles, in-page control strips and declared interaction counts among the
    page's <a> elements (`anchors`; `href_of` gives an href value or None) and its
    elements with an itemprop (`itemprops`: element -> value)."""
    found: set = set()
    holders: set = set()
    for link in anchors:
        if len(link) == 0 and is_toggle_text(link.text) and _stands_alone(link):
            found.add(link)
        href = href_of(link)
        if href is not None and _goes_nowhere(href):
            parent = link.getparent()
            if parent is not None and parent not in holders:
                holders.add(parent)
                if _is_control_strip(parent, href_of):
                    found.add(parent)
    posts: dict = {}            # element -> whether it lies in a message (_in_post)
    for el, value in itemprops.items():
        if ((value or "").strip().lower() == INTERACTION_PROPERTY
                and tag_of(el) not in _VALUE_HOLDERS and _in_post(el, posts)
                and _is_count(" ".join(el.itertext()).split())):
            found.add(el)
    return found


def _goes_nowhere(href: str | None) -> bool:
    """A link within the page or to a script: a control, not a way to another page."""
    href = (href or "").strip()
    return href.startswith("#") or href[:11].lower() == "javascript:"


def _is_control_strip(el, href_of) -> bool:
    """Only links that go nowhere (_goes_nowhere) and separators, at least one of each,
    one link a bracketed toggle, standing apart from running text: "| parent | [–]".
    In-page links alone are a contents strip ("Free · Team · Enterprise" over the
    sections they name), and script links alone a post's own (its attachments, its
    tags, "6.1 / 6.6" in a sentence): they stay."""
    if tag_of(el) not in ("span", "div", "p") or not _stands_alone(el):
        return False
    pieces = [el.text or ""]
    acts = False
    for child in el:
        if isinstance(child.tag, str):
            if tag_of(child) != "a" or not _goes_nowhere(href_of(child)):
                return False
            acts = acts or is_toggle_text(child.text_content())
        pieces.append(child.tail or "")
    text = "".join(pieces)
    if not acts or not any(ch in _SEPARATORS for ch in text):
        return False
    return all(ch.isspace() or ch in _SEPARATORS for ch in text)


def _stands_alone(el) -> bool:
    """No running text either side of `el` in its parent: only blanks or separators."""
    previous = el.getprevious()
    parent = el.getparent()
    before = (previous.tail if previous is not None
              else parent.text if parent is not None else None) or ""
    return all(ch.isspace() or ch in _SEPARATORS for ch in before + (el.tail or ""))


def _in_post(el, known: dict) -> bool:
    """Whether the nearest schema.org item around `el`, past its author's, is a
    thread's message. `known` keeps each ancestor's answer, so that counts nested
    deep or in nested items read each ancestor once."""
    path = []
    answer = False
    for ancestor in el.iterancestors():
        if ancestor in known:
            answer = known[ancestor]
            break
        path.append(ancestor)
        if ancestor.get("itemscope") is not None:
            kind = (ancestor.get("itemtype") or "").strip().rstrip("/").rsplit("/", 1)[-1].lower()
            if kind not in AUTHOR_TYPES:
                answer = kind in POST_TYPES
                break
    for ancestor in path:
        known[ancestor] = answer
    return answer


def _is_count(words: list) -> bool:
    return (0 < len(words) <= MAX_COUNT_WORDS
            and any(ch.isdigit() for ch in words[0]))
