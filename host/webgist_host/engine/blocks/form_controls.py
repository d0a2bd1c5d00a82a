"""A number field's stepper buttons.

A quantity field is drawn as an <input type=number> between a "−" and a "+" button
(Shopify Dawn's quantity-input, WooCommerce's and most shops' themes): the buttons
are controls, not words, and read after the field's label they give "Quantity−+".
A stepper button is a button beside the number field whose shown text is only a
sign (or nothing but an icon): its screen-reader words ("Decrease quantity") are no
content either. A button with words ("Add to cart") is no stepper.
"""
from __future__ import annotations

from collections.abc import Iterable

from .tuning import CONTROL_ROLES, CONTROL_TAGS, HIDING_CLASSES, SCREEN_READER_ONLY_CLASSES
from ..dom.nodes import tag_of

# Class names whose text is not drawn: a screen reader's words, display:none.
_UNSHOWN_CLASSES = SCREEN_READER_ONLY_CLASSES | HIDING_CLASSES


def stepper_buttons(inputs: Iterable) -> set:
    """The stepper buttons beside the number fields among `inputs` (<input> elements)."""
    found: set = set()
    for field in inputs:
        if (field.get("type") or "").strip().lower() != "number":
            continue
        for sibling in (field.getprevious(), field.getnext()):
            if (sibling is not None and _is_button(sibling) and _shows_only_signs(sibling)
                    and not _shows_picture(sibling)):
                found.add(sibling)
    return found


def _is_button(el) -> bool:
    if not isinstance(el.tag, str):
        return False
    if (el.get("type") or "").strip().lower() == "submit":
        return False
    return tag_of(el) in CONTROL_TAGS or (el.get("role") or "").strip().lower() in CONTROL_ROLES


def _shows_only_signs(button) -> bool:
    """No letter or digit in the button's text outside the parts a class hides."""
    return not any(ch.isalnum() for ch in "".join(_shown_text(button)))


def _shows_picture(button) -> bool:
    """An image, or an SVG with a title, is the button's content (a colour swatch, a
    size guide): it is no stepper sign."""
    for el in button.iter("img", "picture", "svg", "{*}svg"):
        if tag_of(el) != "svg" or any(tag_of(c) == "title" for c in el):
            return True
    return False


def _shown_text(el):
    if el.text:
        yield el.text
    for child in el:
        if isinstance(child.tag, str) and not _unshown(child):
            yield from _shown_text(child)
        if child.tail:
            yield child.tail


def _unshown(el) -> bool:
    classes = el.get("class")
    return bool(classes) and not _UNSHOWN_CLASSES.isdisjoint(classes.lower().split())
