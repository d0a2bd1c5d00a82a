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


def test_a_strip_in_a_header_pairs_with_the_panels_beside_the_header():
    assert _pairs('<div class="tabs-container"><header><ul role="tablist"><li role="tab">npm</li>'
                  '<li role="tab">Yarn</li></ul></header>'
                  '<div><div role="tabpanel">a</div><div role="tabpanel">b</div></div></div>'
                  ) == {"a": "npm", "b": "Yarn"}


def test_panels_whose_wrapper_meets_the_strip_four_levels_up_pair_nothing():
    assert _pairs('<section><div><div><div><ul role="tablist"><li role="tab">npm</li>'
                  '<li role="tab">Yarn</li></ul></div></div></div>'
                  '<div><div role="tabpanel">a</div><div role="tabpanel">b</div></div></section>'
                  ) == {}


def test_an_icon_only_tab_or_a_long_tab_pairs_nothing():
    panels = '<div><div role="tabpanel">a</div><div role="tabpanel">b</div></div></div>'
    assert _pairs('<div><ul role="tablist"><li role="tab">npm</li><li role="tab"><svg></svg></li>'
                  '</ul>' + panels) == {}
    assert _pairs('<div><ul role="tablist"><li role="tab">npm</li><li role="tab">'
                  'one two three four five six seven</li></ul>' + panels) == {}


def test_panels_keep_the_first_strip_that_pairs_with_them():
    assert _pairs('<div><ul role="tablist"><li role="tab">npm</li><li role="tab">Yarn</li></ul>'
                  '<ul role="tablist"><li role="tab">A</li><li role="tab">B</li></ul>'
                  '<div><div role="tabpanel">a</div><div role="tabpanel">b</div></div></div>'
                  ) == {"a": "npm", "b": "Yarn"}


def test_a_panel_group_that_starts_before_the_strip_pairs_nothing():
    assert _pairs('<div><div role="tabpanel">x</div><ul role="tablist"><li role="tab">npm</li>'
                  '<li role="tab">Yarn</li></ul><div role="tabpanel">y</div></div>') == {}
