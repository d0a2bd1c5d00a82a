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
  before every hidden element was stamped).
The caller's tree is never changed: it is copied first when something must go.
"""
from __future__ import annotations

import copy
from typing import Any

from lxml import etree

from .capture import Capture
from .nodes import PATH_ATTR, tag_of
from .shadow import SHADOW_ROOT_ATTRIBUTES

# Stamped elements whose content the browser never lays out as elements.
_INERT_CONTAINERS = frozenset({"template", "noscript"})


def expand_stamps(root, capture: Capture) -> Any:
    """A version-2 capture's tree with each stamp (an element's index in the capture's
    element table) replaced by that element's XPath, which every later stage keys on.

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
    for el in root.iter(etree.Element):
        stamp = el.get(PATH_ATTR)
        if stamp is None:
            continue
        path = by_stamp.pop(stamp, None)
        if path is None:
            del el.attrib[PATH_ATTR]
        else:
            el.set(PATH_ATTR, path)
    return root


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


def _unstamped(root, capture: Capture) -> list:
    """The topmost unstamped elements that are not allowed to be."""
    out: list = []
    walker = etree.iterwalk(root, events=("start",))
    for _, el in walker:
        tag = tag_of(el)
        if not tag:
            continue
        stamp = el.get(PATH_ATTR)
        if stamp is None:
            if tag == "template" and any(el.get(a) is not None for a in SHADOW_ROOT_ATTRIBUTES):
                continue                 # the browser's writing of an open shadow root
            out.append(el)
            walker.skip_subtree()
            continue
        box = capture.boxes.get(stamp)
        if tag in _INERT_CONTAINERS or (box is not None and not box.displayed):
            walker.skip_subtree()
    return out
