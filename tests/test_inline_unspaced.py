"""Letters meeting across two elements drawn apart make two words only in scripts
written with spaces: Han and kana text runs on with no space between its boxes."""
from __future__ import annotations

import pytest

from webgist_host import convert
from webgist_host.engine.blocks.inline import letters_meet


@pytest.mark.parametrize("before, after", [
    ("Weight", "118 g"), ("naïve", "Ärger"), ("Москва", "Київ"), ("한국어", "문장"),
])
def test_letters_of_spaced_scripts_meet(before, after):
    assert letters_meet(before, after)


@pytest.mark.parametrize("before, after", [
    ("日本の", "未来を考える"), ("東京", "2024年"), ("version", "日本語"),
    ("カタカナ", "ひらがな"), ("ｶﾀｶﾅ", "中文"), ("word ", "next"), ("end.", "Next"),
])
def test_letters_of_unspaced_scripts_or_not_letters_do_not_meet(before, after):
    assert not letters_meet(before, after)


@pytest.mark.parametrize("first, second, expected", [
    ("日本の", "未来を考える", "日本の未来を考える"),     # a headline set in two inline-block runs
    ("Weight", "118 g", "Weight 118 g"),                  # a spec row's two flex items
])
def test_two_classed_spans_without_a_page_measure_part_only_spaced_scripts(first, second,
                                                                           expected):
    html = (f'<html><body><main><p><span class="a">{first}</span><span class="b">{second}</span>'
            "</p></main></body></html>")
    assert convert(html, scope="main").blocks[0].text == expected
