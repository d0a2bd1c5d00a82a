"""What a block inherits from the elements the walk is inside: the walker and the
per-kind handlers pass these down."""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..model import Rect


@dataclass
class Frame:
    """A <li>, <dt> or <dd> whose first paragraph becomes the item itself."""

    xpath: str
    dom_index: int
    rect: Rect | None
    fields: dict
    taken: bool = False
    prefix: str = ""            # a footnote's "[^n]: " or a lettered item's "a. ", before the first paragraph
    mark: str = ""              # the reference's text, which a note may restate first
    term: str = ""              # a <dt>'s look: "code" (an API signature), "bold", or ""


class Context(NamedTuple):
    """What a block inherits from the elements around it. A NamedTuple, not a frozen
    dataclass: one is derived (`_replace`) for every list, item and link walked, and
    a frozen dataclass costs several times as much to build."""

    list_depth: int = 0
    ordered: bool = False
    numbers: dict | None = None        # <li> -> its number, for the <ol> being walked
    quoted: bool = False
    quote_of: str | None = None        # xpath of the quote or admonition walked into
    quote_outer: tuple = ()            # xpaths of the quotes around it, outermost first
    callout: str | None = None         # the quote's opening line ("[!NOTE]", "**See also**")
    float_of: str | None = None
    link: str | None = None            # href of an <a> walked through (cards, <a><img>)
    frame: Frame | None = None
