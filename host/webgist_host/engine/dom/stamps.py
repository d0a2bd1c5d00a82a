"""Only what the browser laid out: elements in a measured capture that collect.js
did not stamp are dropped (issue 17).

collect.js stamps every element of the live page with its path (`data-wg-path`)
before it serialises the page. An element that arrives without a stamp was never in
the page the reader saw: it was made by parsing the serialised text again, out of a
node whose text broke out of its container (a comment holding "-->", a <style>
holding "</style>"). collect.js writes such nodes harmlessly; this is the engine's
own check, so a capture from an older or patched collector cannot smuggle them.

Not stamped, and kept:
- the `<template shadowrootmode>` the browser writes for an open shadow root (its
  children are stamped, and are checked like any others);
- anything inside a stamped <template> or <noscript>: inert content and raw text
  that libxml2 reads as markup, neither of which the engine shows;
- anything under an element the browser measured as display: none (captures made
  before every hidden element was stamped);
- <html>, <head> and <body> themselves: libxml2 opens them when the markup does not
  (and then drops the page's own tag, stamp and all), so their children are checked
  instead. A version-2 capture gives them back their stamp (`expand_stamps`).
The caller's tree is never changed: it is copied first when something must go.
"""
from __future__ import annotations

import copy
from typing import Any

from lxml import etree

from .capture import Capture
from .nodes import FLOAT_ATTR, PATH_ATTR, tag_of
from .shadow import SHADOW_ROOT_ATTRIBUTES

# Stamped elements whose content the browser never lays out as elements.
_INERT_CONTAINERS = frozenset({"template", "noscript"})
# The document's parts a parser opens on its own when the markup leaves them out,
# and their paths.
IMPLIED_PART_PATHS = {"html": "/html[1]", "head": "/html[1]/head[1]", "body": "/html[1]/body[1]"}


# lxml's own attribute setter. lxml.html's elements reach it through `HtmlMixin.set`,
# a Python method that only calls it (once per element of the page here).
_SET_ATTRIBUTE = etree.ElementBase.set


def expand_stamps(root, capture: Capture) -> Any:
    """A version-2 capture's tree with each stamp (an element's index in the capture's
    element table) replaced by that element's XPath, which every later stage keys on,
    and the float roots the capture lists (`Capture.float_stamps`) stamped as such.

    Rewrites `root` in place: call it only on the tree this conversion has just
    parsed, which no caller holds. A stamp that is no index of the table, or that a
    second element carries too (collect.js stamps each element once), is removed,
    so the element counts as unstamped. Other captures are returned untouched.
    """
    paths = capture.stamp_paths
    if not paths:
        return root
    # By the stamp's text; popped when used, so a second element carrying the same
    # stamp finds nothing, as does any stamp that is no index of the table.
    by_stamp = {str(i): path for i, path in enumerate(paths) if path is not None}
    floats = capture.float_stamps
    set_attribute = _SET_ATTRIBUTE
    for el in root.iter(etree.Element):
        stamp = el.get(PATH_ATTR)
        if stamp is None:
            continue
        path = by_stamp.pop(stamp, None)
        if path is None:
            del el.attrib[PATH_ATTR]
        else:
            set_attribute(el, PATH_ATTR, path)
            if stamp in floats:
                # Measured after the markup was written: stamped here as collect.js
                # stamped it before (the index, replacing any value the page gave it).
                set_attribute(el, FLOAT_ATTR, stamp)
    _restamp_implied_parts(root, set(by_stamp.values()))
    return root


def _restamp_implied_parts(root, unused_paths: set) -> None:
    """Give <html>, <head> and <body> back the stamp libxml2 lost them.

    Scripts put elements into <head> that do not belong there (an iframe, a div);
    collect.js writes them where they are. Parsing that text again, libxml2 opens
    <body> itself at the first of them and then ignores the page's own <body> tag,
    stamp and all, where a browser would merge it into the body it opened. Left
    unstamped, the body and the whole page under it would be dropped as never laid
    out. The table says where the page's own body was, so it gets that path."""
    if not unused_paths:
        return
    for el in [root, *root]:
        path = IMPLIED_PART_PATHS.get(tag_of(el))
        if path is None or el.get(PATH_ATTR) is not None:
            continue
        if path in unused_paths:
            el.set(PATH_ATTR, path)
            unused_paths.discard(path)


def is_stamped_capture(root, capture: Capture) -> bool:
    """The tree is collect.js's serialisation of a measured page."""
    return capture.measured and root.get(PATH_ATTR) is not None


def drop_unstamped(root, capture: Capture) -> tuple[Any, list[str]]:
    """The tree without the elements the browser never laid out, and a note."""
    if not is_stamped_capture(root, capture):
        return root, []
    smuggled = _unstamped(root, capture)
    if not smuggled:
        return root, []
    paths = [root.getroottree().getpath(el) for el in smuggled]
    root = copy.deepcopy(root.getroottree()).getroot()
    tree = root.getroottree()
    # Last first: removing an element renumbers the positional paths of its later
    # siblings, never those of elements before it.
    for path in reversed(paths):
        found = tree.xpath(path)
        if found:
            el = found[0]
            # Its tail is the text after it, which came out of the same breakout.
            el.getparent().remove(el)
    return root, [f"{len(paths)} elements that the browser never laid out (not stamped by "
                  "collect.js: text that broke out of a comment, a script or a style) "
                  "were dropped"]


# Elements without a stamp, found by libxml2 in one pass: on a page collect.js
# stamped they are a handful (the parts libxml2 opened, shadow-root templates), so
# each is judged by its ancestors instead of visiting every element in Python.
_UNSTAMPED = etree.XPath(f"descendant-or-self::*[not(@{PATH_ATTR})]")


def _unstamped(root, capture: Capture) -> list:
    """The topmost unstamped elements that are not allowed to be, in document order:
    those not inside a subtree the check leaves alone (inert or not displayed)."""
    out: list = []
    opened: dict = {}        # element -> whether the check looks inside it
    for el in _UNSTAMPED(root):
        tag = tag_of(el)
        if not tag or _allowed_unstamped(el, tag):
            continue
        if el is root or _looks_inside(el.getparent(), root, capture, opened):
            out.append(el)
            opened[el] = False               # its subtree goes with it
    return out


def _allowed_unstamped(el, tag: str) -> bool:
    if tag == "template" and any(el.get(a) is not None for a in SHADOW_ROOT_ATTRIBUTES):
        return True                      # the browser's writing of an open shadow root
    return tag in IMPLIED_PART_PATHS     # opened by the parser (a second one is ignored)


def _looks_inside(el, root, capture: Capture, opened: dict) -> bool:
    """Whether the check reaches `el`'s children: `el` and each of its ancestors up
    to `root` let it in. Each element is judged once (`opened`), so the cost is
    linear in the tree however many unstamped elements it holds."""
    chain = []
    node = el
    inside = True
    while node is not None:
        known = opened.get(node)
        if known is not None:
            inside = known
            break
        chain.append(node)
        if node is root:
            break
        node = node.getparent()
    for node in reversed(chain):             # from the top down
        inside = inside and _lets_in(node, capture)
        opened[node] = inside
    return inside


def _lets_in(el, capture: Capture) -> bool:
    """Whether the check looks inside one element, judged on its own."""
    tag = tag_of(el)
    stamp = el.get(PATH_ATTR)
    if stamp is None:
        return _allowed_unstamped(el, tag)     # others are dropped, subtree and all
    box = capture.boxes.get(stamp)
    return not (tag in _INERT_CONTAINERS or (box is not None and not box.displayed))
