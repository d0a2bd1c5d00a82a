"""Sign-up boxes set between an article's own paragraphs, by shape.

News sites break a story with a newsletter box: a line that names the newsletter, a
line that sells it, an email field and a button ("Recibe las noticias de tu ciudad",
"Politics Today: the day's news in your inbox"). The form's own labels go already
(marks.py: a form that collects words); the lines around it stayed. The box is told
by its shape, in any language: an element of its own between two of the article's
own paragraphs, apart from the element that holds them, holding a field to type an
email or a name into and no box to write a comment in (`<textarea>`), and few words.
Only on a page whose metadata gives a published date: a landing page's sign-up form
is the page's offer.
"""
from __future__ import annotations

from typing import Callable

from ..model import Block
from .sections import article_paragraphs, outermost_apart
from .tuning import SIGNUP_BOX_MAX_WORDS
from .vocabulary import SIGNUP_FIELD_ATTRS, SIGNUP_FIELD_HINT, SIGNUP_INPUT_TYPES


def signup_boxes(blocks: list[Block], weights: list[int], words: list[int],
                 elements_at: Callable[[set[str]], dict[str, list]]) -> list[int]:
    """Indices of the main-content blocks in a sign-up box between two of the
    article's own paragraphs (`elements_at`: the tree's elements at the paths asked)."""
    kept = [i for i, block in enumerate(blocks) if block.in_main]
    own = article_paragraphs(blocks, kept, weights)
    if len(own) < 2:
        return []
    own_paths = [blocks[i].xpath for i in own]
    own_set = set(own)
    boxes: dict[str, list[int]] = {}
    for i in kept:
        if own[0] < i < own[-1] and i not in own_set:
            box = outermost_apart(blocks[i].xpath, own_paths)
            boxes.setdefault(box, []).append(i)
    boxes = {box: members for box, members in boxes.items()
             if sum(words[i] for i in members) <= SIGNUP_BOX_MAX_WORDS}
    if not boxes:
        return []
    found: list[int] = []
    for box, elements in elements_at(set(boxes)).items():
        if elements and _asks_for_email(elements[-1]):
            found.extend(boxes[box])
    return sorted(found)


def _asks_for_email(el) -> bool:
    """Whether an element holds a field for an email address (by its type, or a text
    field whose name, placeholder or autofill hint says mail), a button to send it,
    and no box to write a comment or a message in."""
    if next(el.iter("textarea"), None) is not None:
        return False
    if not any(_email_field(f) for f in el.iter("input")):
        return False
    return next(el.iter("button"), None) is not None or any(
        (f.get("type") or "").strip().lower() in ("submit", "image") for f in el.iter("input"))


def _email_field(field) -> bool:
    kind = (field.get("type") or "").strip().lower()
    if kind == "email":
        return True
    return kind in SIGNUP_INPUT_TYPES and any(
        SIGNUP_FIELD_HINT in (field.get(attr) or "").lower() for attr in SIGNUP_FIELD_ATTRS)
