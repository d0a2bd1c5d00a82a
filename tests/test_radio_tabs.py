"""Radio-button tab sets (blocks/radio_tabs.py): which radio groups are tabs."""
from __future__ import annotations

from webgist_host.engine.blocks.radio_tabs import find_radio_tabs, tab_code_language
from webgist_host.engine.blocks.tuning import RADIO_TAB_LABEL_MAX_WORDS
from webgist_host.engine.dom.parse import parse_html


def _tabs_in(html: str):
    return find_radio_tabs(parse_html(html).iter("input"))


def _tab_set(first_label: str) -> str:
    return f"""<div class="tabbed-set"><input checked id="t1" name="g" type="radio"><input
        id="t2" name="g" type="radio"><div class="tabbed-labels"><label for="t1">{first_label}</label><label
        for="t2">conda</label></div><div class="tabbed-content"><div><p>one</p></div><div><p>two</p></div>
        </div></div>"""


def test_a_label_of_a_few_words_names_a_tab_and_a_longer_one_is_a_question():
    few = " ".join(["word"] * RADIO_TAB_LABEL_MAX_WORDS)
    more = " ".join(["word"] * (RADIO_TAB_LABEL_MAX_WORDS + 1))
    assert len(_tabs_in(_tab_set(few)).labels) == 2
    assert not _tabs_in(_tab_set(more)).labels


def _radio_group(holder_class: str, checked: str, radios_first: bool, box_class: str = "") -> str:
    radios = [f'<input type="radio" name="q" id="a"{checked}>', '<input type="radio" name="q" id="b">']
    labels = ['<label for="a">Paris</label>', '<label for="b">Lyon</label>']
    controls = radios + labels if radios_first else [radios[0], labels[0], radios[1], labels[1]]
    return (f'<form class="{holder_class}">{"".join(controls)}<div class="{box_class}">'
            "<p>Paris is the capital.</p><p>Lyon is the third city.</p></div></form>")


def test_a_forms_radio_group_over_its_explanation_is_no_tab_set():
    assert not _tabs_in(_radio_group("quiz", "", False)).labels
    assert not _tabs_in(_radio_group("quiz", "", True)).labels
    assert not _tabs_in(_radio_group("quiz", " checked", False)).labels


def test_labels_among_their_radios_are_tabs_when_the_set_says_so():
    assert _tabs_in(_radio_group("os-tabs", "", False)).labels
    assert _tabs_in(_radio_group("", "", False, "tabbed_content")).labels
    assert _tabs_in(_radio_group("", " checked", True)).labels


def test_a_tab_label_that_is_an_ordinary_word_or_a_tool_names_no_language():
    panel = parse_html("<div><pre>name: demo</pre></div>").find(".//div")
    assert tab_code_language("Python", panel) is not None
    for label in ("Basic", "Console", "C", "R", "dotnet", "Docker", "Django"):
        assert tab_code_language(label, panel) is None, label
