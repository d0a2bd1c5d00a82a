"""Tabs paired with their panels by position.

An ARIA tab set names each panel's tab by `aria-controls` (on the tab) or
`aria-labelledby` (on the panel). Some generators write neither: Docusaurus's
`ul[role=tablist] > li[role=tab]` is followed by one `div[role=tabpanel]` per tab,
in the same order. There the tabs and the panels are paired by position, when the
shape leaves no doubt: a strip of tabs that each carry words, none naming a panel
itself, followed by as many sibling panels as it has tabs (no more, no fewer),
under a wrapper close to the strip. Then each panel is read under its tab's name
and the strip itself goes, as when aria-controls links them.
"""
from __future__ import annotations

from bisect import bisect_right

from .tuning import RADIO_TAB_LABEL_MAX_WORDS

# How far above the strip the panels' wrapper and the strip may meet: the strip's
# own wrapper (Docusaurus's div.tabs-container) or one more (a header around the
# strip). Further up, a strip and panels are no longer one tab set.
MAX_SHARED_LEVELS = 3


def pair_tabs_by_position(roles: dict, role_of, positions: dict) -> dict:
    """panel -> its tab, for tab sets whose tabs and panels are linked by nothing but
    their order. `roles` holds every element with a role, in document order."""
    tablists, panels = [], []
    for el in roles:
        role = role_of(el)
        if role == "tablist":
            tablists.append(el)
        elif role == "tabpanel":
            panels.append(el)
    if not tablists or not panels:
        return {}
    panel_positions = [positions[p] for p in panels]
    pairs: dict = {}
    groups: dict = {}           # a panels' parent -> its panel children, read once
    for tablist in tablists:
        tabs = [el for el in tablist.iter() if el in roles and role_of(el) == "tab"]
        if not tabs or any(tab.get("aria-controls") is not None for tab in tabs):
            continue
        words = [len(tab.text_content().split()) for tab in tabs]
        if not all(0 < n <= RADIO_TAB_LABEL_MAX_WORDS for n in words):
            continue            # an icon's tab names nothing; an accordion's holds its panel
        first = bisect_right(panel_positions, positions[tablist])
        if first >= len(panels):
            continue
        parent = panels[first].getparent()
        if parent is None:
            continue
        if parent not in groups:
            groups[parent] = [child for child in parent
                              if child in roles and role_of(child) == "tabpanel"]
        group = groups[parent]
        if len(group) != len(tabs) or group[0] is not panels[first]:
            continue
        if not _near(tablist, parent) or any(panel in pairs for panel in group):
            continue
        pairs.update(zip(group, tabs))
    return pairs


def _near(tablist, wrapper) -> bool:
    """The strip and the panels' wrapper meet within MAX_SHARED_LEVELS above the
    strip, the wrapper outside the strip."""
    above, node = set(), tablist.getparent()
    for _ in range(MAX_SHARED_LEVELS):
        if node is None:
            break
        above.add(node)
        node = node.getparent()
    node = wrapper
    for _ in range(MAX_SHARED_LEVELS + 1):
        if node is None or node is tablist:
            return False        # panels inside the strip: an accordion, no tab set
        if node in above:
            return True
        node = node.getparent()
    return False
