"""Tabs paired with their panels by position (blocks/tab_pairs.py)."""
from __future__ import annotations

from lxml import html

from webgist_host.engine.blocks.tab_pairs import pair_tabs_by_position


def _pairs(markup: str) -> dict:
    root = html.fromstring(markup)
    elements = list(root.iter())
    positions = {el: i for i, el in enumerate(elements)}
    roles = {el: el.get("role") for el in elements
             if isinstance(el.tag, str) and el.get("role")}
    found = pair_tabs_by_position(roles, lambda el: (roles.get(el) or "").lower(), positions)
    return {panel.text_content().strip(): tab.text_content().strip()
            for panel, tab in found.items()}


def test_tabs_pair_with_the_panels_that_follow_in_order():
    assert _pairs('<div><ul role="tablist"><li role="tab">npm</li><li role="tab">Yarn</li></ul>'
                  '<div><div role="tabpanel">a</div><div role="tabpanel">b</div></div></div>'
                  ) == {"a": "npm", "b": "Yarn"}


def test_a_count_that_differs_pairs_nothing():
    assert _pairs('<div><ul role="tablist"><li role="tab">npm</li><li role="tab">Yarn</li>'
                  '<li role="tab">pnpm</li></ul>'
                  '<div><div role="tabpanel">a</div><div role="tabpanel">b</div></div></div>'
                  ) == {}


def test_an_accordion_whose_tabs_hold_their_panels_pairs_nothing():
    assert _pairs('<div><div role="tablist"><div role="tab" id="h1"><h2>Eligibility</h2>'
                  '<div role="tabpanel" aria-labelledby="h1">Node 20 or newer.</div></div></div></div>'
                  ) == {}


def test_tabs_that_name_their_panels_are_left_to_aria_controls():
    assert _pairs('<div><div role="tablist"><button role="tab" aria-controls="p1">A</button></div>'
                  '<div role="tabpanel" id="p1">a</div></div>') == {}
