"""Ordered lists whose numbers Markdown cannot write: letters and roman numerals
(<ol type="a">, `list-style-type: lower-roman`), and lists that hide their markers
because each item writes its own number ("1.1", "(a)"). Markdown numbers items in
decimal only, so such a list is written as bullets: a lettered item with its letter
("- a. files and records", as the browser draws it), a self-numbered item as it is
("- 1.1 “Service” means", not "1. 1.1 ...")."""
from __future__ import annotations

import re


# <ol type>: case matters ("a" is a, b, c; "A" is A, B, C).
_TYPE_STYLES = {"a": "lower-alpha", "A": "upper-alpha", "i": "lower-roman", "I": "upper-roman"}
# CSS list-style-type values for the same, and the one that hides the markers.
_CSS_STYLES = {"lower-alpha": "lower-alpha", "lower-latin": "lower-alpha",
               "upper-alpha": "upper-alpha", "upper-latin": "upper-alpha",
               "lower-roman": "lower-roman", "upper-roman": "upper-roman",
               "lower-greek": "lower-greek", "none": "none",
               # Decimal overrides a type attribute (CSS wins in the browser); the
               # bullet styles draw an <ol> with bullets, not numbers.
               "decimal": "decimal", "disc": "bullet", "circle": "bullet",
               "square": "bullet"}
_LIST_STYLE_RE = re.compile(r"list-style(?:-type)?\s*:\s*([^;]+)", re.I)
# An item that writes its own number first: "1.", "1.1", "2.3.4", "(a)", "a)", "(iv)",
# "§ 3", set apart from its words by a space (or closed by a bracket).
_OWN_NUMBER_RE = re.compile(
    r"(?:§\s?)?(?:\d{1,3}(?:\.\d{1,3}){0,4}\.?(?=\s|$)|\(?(?:\d{1,3}|[a-zA-Z]|[ivxlcdm]{1,6})\))")
# Enough of an item's text to hold its own number.
_HEAD_CHARS = 24
_GREEK = "αβγδεζηθικλμνξοπρστυφχψω"
_ROMAN = ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
          (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"))


def list_style(ol) -> str:
    """The ol's marker style from its inline CSS or type attribute (CSS wins): one of
    _CSS_STYLES' values, or "" for none given (or one not known)."""
    style = ""
    match = _LIST_STYLE_RE.search(ol.get("style") or "")
    if match:
        style = next((_CSS_STYLES[word] for word in match.group(1).lower().split()
                      if word in _CSS_STYLES), "")
    return style or _TYPE_STYLES.get((ol.get("type") or "").strip(), "")


def item_labels(ol, numbers: dict) -> dict | None:
    """li -> the label written before its words ("a.", "iv.", or "" for none), when
    the ol's numbers cannot be written as Markdown's; None when they can. `numbers`:
    each li's number (start, value and reversed honoured)."""
    style = list_style(ol)
    if style in ("", "decimal"):
        return _countdown(numbers)
    if style == "bullet":
        return {li: "" for li in numbers}
    if style == "none":
        items = list(numbers)
        return {li: "" for li in items} if items and all(map(_numbers_itself, items)) else None
    return {li: f"{_label(number, style)}." for li, number in numbers.items()}


def _countdown(numbers: dict) -> dict | None:
    """Decimal numbers that go down somewhere (<ol reversed>, a countdown written with
    value=): Markdown counts up from a list's first number, and a list started anew
    at each item would be one list per item, so each item is written with its own
    number ("- 3\\. third place": escaped, or "3." would start a list inside the
    bullet). None when they never go down."""
    values = list(numbers.values())
    if not any(later < earlier for earlier, later in zip(values, values[1:])):
        return None
    return {li: f"{number}\\." for li, number in numbers.items()}


def _numbers_itself(li) -> bool:
    head = ""
    for text in li.itertext():
        head += text
        if len(head.strip()) >= _HEAD_CHARS:
            break
    return bool(_OWN_NUMBER_RE.match(head.strip()))


def _label(number: int, style: str) -> str:
    if number < 1:
        return str(number)
    if style == "lower-greek":
        label = ""
        while number:
            number, rest = divmod(number - 1, len(_GREEK))
            label = _GREEK[rest] + label
        return label
    if style.endswith("alpha"):
        label = ""
        while number:
            number, rest = divmod(number - 1, 26)
            label = chr(ord("a") + rest) + label
    elif number < 4000:
        label = ""
        for value, numeral in _ROMAN:
            count, number = divmod(number, value)
            label += numeral * count
    else:
        return str(number)
    return label.upper() if style.startswith("upper") else label


