"""Radio-button tab sets (blocks/radio_tabs.py): which radio groups are tabs."""
from __future__ import annotations

from webgist_host.engine.blocks.radio_tabs import find_radio_tabs
from webgist_host.engine.blocks.tuning import RADIO_TAB_LABEL_MAX_WORDS
from webgist_host.engine.dom.parse import parse_html


def _tab_set(first_label: str) -> str:
    return f"""<div class="tabbed-set"><input checked id="t1" name="g" type="radio"><input
        id="t2" name="g" type="radio"><div class="tabbed-labels"><label for="t1">{first_label}</label><label
        for="t2">conda</label></div><div class="tabbed-content"><div><p>one</p></div><div><p>two</p></div>
        </div></div>"""


def test_a_label_of_a_few_words_names_a_tab_and_a_longer_one_is_a_question():
    few = " ".join(["word"] * RADIO_TAB_LABEL_MAX_WORDS)
    more = " ".join(["word"] * (RADIO_TAB_LABEL_MAX_WORDS + 1))
    assert len(find_radio_tabs(parse_html(_tab_set(few))).labels) == 2
    assert not find_radio_tabs(parse_html(_tab_set(more))).labels
