"""Stage 2: compose open shadow roots into the flat tree the browser renders (seed 000).

collect.js serialises each open shadow root as <template shadowrootmode="open"> inside
its host. The browser does not show the host's children and the shadow tree side by
side: it shows the shadow tree with every <slot> replaced by the light children
assigned to it. Reading the two spliced together (the first version) read every
filled slot's fallback ("Untitled card") as page text.

Rules, as in the DOM standard's slot assignment:
- a light child with slot="name" goes to the first <slot name="name">; every other
  light child, text included, goes to the first unnamed slot;
- a slot shows its own children (fallback) only when nothing is assigned to it;
- light children no slot takes are not rendered, so they are dropped;
- nested components are composed inside out;
- past MAX_SHADOW_ROOTS roots, the rest are read in place (content kept, a note).
The caller's tree is never changed: it is copied first when there is work to do.
"""
from __future__ import annotations

import copy
from typing import Any

from ..limits import MAX_SHADOW_ROOTS
from .nodes import PATH_ATTR
from .parse import xml_safe

# Attributes that declare a shadow root; "shadowroot" is Chrome's older spelling.
SHADOW_ROOT_ATTRIBUTES = ("shadowrootmode", "shadowroot")


def _is_shadow_template(el) -> bool:
    return any(el.get(attr) is not None for attr in SHADOW_ROOT_ATTRIBUTES)


def _shadow_templates(root, measured: bool = False) -> list:
    """The templates that declare a shadow root. In a measured capture a template
    carrying collect.js's stamp is the page's own element, inert in the browser
    (one set through innerHTML shows its light children, not its content): the
    browser writes a real open shadow root as an unstamped template."""
    return [el for el in root.iter("template") if _is_shadow_template(el)
            and not (measured and el.get(PATH_ATTR) is not None)]


def flatten_shadow_roots(root, max_roots: int = MAX_SHADOW_ROOTS):
    """The flat tree, as a new tree; the input itself when it has no shadow roots."""
    return compose_shadow_roots(root, max_roots=max_roots)[0]


def compose_shadow_roots(root, *, max_roots: int = MAX_SHADOW_ROOTS,
                         measured: bool = False) -> tuple[Any, list[str]]:
    """The flat tree and notes. Linear in the tree's size times its (bounded) depth:
    every slot and template is replaced in place, never looked up by index.
    `measured`: the tree is collect.js's stamped serialisation of a live page."""
    if not _shadow_templates(root, measured):
        return root, []
    root = copy.deepcopy(root.getroottree()).getroot()
    # A host takes one shadow root: the first declarative template among its
    # children. Later ones stay inert <template>s, as in the browser.
    first: dict = {}
    for template in _shadow_templates(root, measured):
        host = template.getparent()
        if host is not None and host not in first:
            first[host] = template
    templates = list(first.values())          # document order
    notes: list[str] = []
    if len(templates) > max_roots:
        notes.append(f"{len(templates)} shadow roots; past the first {max_roots} their "
                     "content was read in place, slots not resolved")
        for template in templates[max_roots:]:
            _replace_slot(template, _detach_children(template))
        templates = templates[:max_roots]
    # Reverse document order puts every template after its descendants' templates:
    # inner components are composed before the ones that contain them.
    for template in reversed(templates):
        host = template.getparent()
        if host is not None:
            _compose(host, template)
    return root, notes


def _compose(host, template) -> None:
    light = _detach_children(host, keep=template)
    shadow = _detach_children(template)
    host.remove(template)
    _append_nodes(host, shadow)
    slots = [el for el in host.iter("slot")]
    assigned = _assign(light, slots)
    # Inner slots first, so a slot inside another's fallback is resolved in place.
    for slot in reversed(slots):
        nodes = assigned.get(slot)
        _replace_slot(slot, nodes if nodes else _detach_children(slot))


def _assign(light: list, slots: list) -> dict:
    """Which light nodes each slot receives."""
    named: dict[str, object] = {}
    default = None
    for slot in slots:
        name = slot.get("name") or ""
        if name:
            named.setdefault(name, slot)
        elif default is None:
            default = slot
    assigned: dict = {}
    for node in light:
        name = "" if isinstance(node, str) else (node.get("slot") or "")
        target = named.get(name) if name else default
        if target is not None:
            assigned.setdefault(target, []).append(node)
    return assigned


def _detach_children(el, keep=None) -> list:
    """Take an element's children out as a list of text strings and elements."""
    nodes: list = []
    if el.text:
        nodes.append(el.text)
    el.text = None
    for child in list(el):
        if child is keep:
            if child.tail:
                nodes.append(child.tail)
            child.tail = None
            continue
        tail = child.tail
        child.tail = None
        el.remove(child)
        nodes.append(child)
        if tail:
            nodes.append(tail)
    return nodes


def _replace_slot(slot, nodes: list) -> None:
    """Put `nodes` where `slot` is, and take the slot out (its tail text stays)."""
    parent = slot.getparent()
    if parent is None:
        return
    for node in nodes:
        if isinstance(node, str):
            _add_text(parent, slot.getprevious(), node)
        else:
            node.tail = None
            slot.addprevious(node)
    tail, slot.tail = slot.tail, None
    previous = slot.getprevious()
    parent.remove(slot)
    if tail:
        _add_text(parent, previous, tail)


def _append_nodes(parent, nodes: list) -> None:
    """Append nodes to an element with no children; text joins what precedes it."""
    previous = None
    for node in nodes:
        if isinstance(node, str):
            _add_text(parent, previous, node)
        else:
            node.tail = None
            parent.append(node)
            previous = node


def _add_text(parent, previous, text: str) -> None:
    if previous is None:
        parent.text = xml_safe((parent.text or "") + text)
    else:
        previous.tail = xml_safe((previous.tail or "") + text)
