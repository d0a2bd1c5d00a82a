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

from ..dom.nodes import TreeIndex
from ..model import Block
from .sections import article_paragraphs
from .tuning import SIGNUP_BOX_MAX_WORDS
from .vocabulary import SIGNUP_FIELD_ATTRS, SIGNUP_FIELD_HINT, SIGNUP_INPUT_TYPES


def signup_boxes(blocks: list[Block], weights: list[int], words: list[int],
                 tree: TreeIndex) -> list[int]:
    """Indices of the main-content blocks in a sign-up box between two of the
    article's own paragraphs (`tree`: the block stage's index of the page)."""
    # Most pages ask for no address at all: one pass over their fields says so
    # before any box is looked up.
    if not any(_email_field(field) for field in tree.tagged("input")):
        return []
    kept = [i for i, block in enumerate(blocks) if block.in_main]
    own = article_paragraphs(blocks, kept, weights)
    if len(own) < 2:
        return []
    # Every element holding one of the paragraphs, so that each block's box is found
    # by climbing its path with a set lookup a step (a long story has hundreds).
    holding: set[str] = set()
    for i in own:
        path = blocks[i].xpath
        end = path.rfind("/")
        while end > 0 and path[:end] not in holding:    # the rest are in already
            holding.add(path[:end])
            end = path.rfind("/", 0, end)
    own_set = set(own)
    boxes: dict[str, list[int]] = {}
    for i in kept:
        if own[0] < i < own[-1] and i not in own_set:
            boxes.setdefault(_outermost_apart(blocks[i].xpath, holding), []).append(i)
    boxes = {box: members for box, members in boxes.items()
             if sum(words[i] for i in members) <= SIGNUP_BOX_MAX_WORDS}
    if not boxes:
        return []
    found: list[int] = []
    for box, elements in tree.elements_at(set(boxes)).items():
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


def _outermost_apart(element: str, holding: set[str]) -> str:
    """The outermost element around `element` (itself included) whose parent is not
    in `holding` (the elements that hold the article's paragraphs): as
    sections.outermost_apart, by lookups."""
    while "/" in element.lstrip("/"):
        parent = element.rsplit("/", 1)[0]
        if parent in holding:
            break
        element = parent
    return element
