"""The guards of the per-comment controls (blocks/forum_controls.py), the number
field's stepper (blocks/form_controls.py), a form field's spacing and <time>'s
(blocks/inline.py): each case here keeps what a guard keeps."""
from __future__ import annotations

from lxml import html

from webgist_host.engine.blocks.form_controls import stepper_buttons
from webgist_host.engine.blocks.forum_controls import MAX_COUNT_WORDS, forum_controls
from webgist_host.engine.pipeline import convert

COMMENT = '<div itemscope itemtype="http://schema.org/Comment"><span itemprop="author">ann</span>{}</div>'


def _controls(markup: str) -> list:
    root = html.fromstring(f"<div>{markup}</div>")
    itemprops = {el: el.get("itemprop") for el in root.iter() if el.get("itemprop")}
    found = forum_controls(root.iter("a"), lambda el: el.get("href"), itemprops)
    return sorted(" ".join(el.text_content().split()) for el in found)


def _count(text: str, tag: str = "span") -> str:
    return COMMENT.format(f'<{tag} itemprop="interactionStatistic">{text}</{tag}>')


def test_a_declared_count_in_a_comment_goes():
    assert _controls(_count("2 Likes")) == ["2 Likes"]


def test_a_count_of_more_words_than_a_count_stays():
    assert MAX_COUNT_WORDS == 3
    assert _controls(_count("1 person liked")) == ["1 person liked"]
    assert _controls(_count("4 people found this")) == []


def test_a_count_that_does_not_start_with_a_number_stays():
    assert _controls(_count("Liked by Ann")) == []


def test_a_count_in_a_table_cell_or_list_item_stays():
    assert _controls(COMMENT.format('<table><tr><td itemprop="interactionStatistic">'
                                    '4,211 votes</td></tr></table>')) == []
    assert _controls(COMMENT.format('<ul><li itemprop="interactionStatistic">2 Likes</li></ul>')) == []


def test_a_count_outside_a_thread_message_stays():
    assert _controls('<article itemscope itemtype="https://schema.org/Recipe">'
                     '<div itemprop="interactionStatistic">12000 downloads</div></article>') == []
    assert _controls('<div itemprop="interactionStatistic">2 Likes</div>') == []


def test_a_toggle_strip_standing_alone_goes():
    assert _controls('<span> | <a href="#2">parent</a> | <a href="javascript:void(0)">[–]</a></span>'
                     ) == ["[–]", "| parent | [–]"]


def test_a_list_item_is_no_strip_only_its_toggle_goes():
    assert _controls('<ul><li><a href="#2">parent</a> | <a href="#t">[–]</a></li></ul>') == ["[–]"]


def test_script_links_without_a_toggle_stay():
    assert _controls('<p><a href="javascript:open(1)">dmesg.log</a> | '
                     '<a href="javascript:open(2)">fan.json</a></p>') == []


def test_a_strip_inside_a_sentence_stays():
    found = _controls('<p>Tested: <span><a href="#a">6.1</a> / <a href="#b">[+]</a></span> too.</p>')
    assert "6.1 / [+]" not in found


def test_a_toggle_link_in_prose_stays():
    assert _controls('<p>Our score: <a href="#r">[+]</a> means good.</p>') == []


def _steppers(markup: str) -> list:
    root = html.fromstring(f"<div>{markup}</div>")
    return sorted(" ".join(el.text_content().split()) or el.tag
                  for el in stepper_buttons(root.iter("input")))


FIELD = '<input type="number" value="1">'


def test_the_signs_beside_a_number_field_go():
    assert _steppers(f'<button type="button">−</button>{FIELD}<button type="button">+</button>'
                     ) == ["+", "−"]


def test_buttons_with_words_a_submit_or_a_picture_beside_the_field_stay():
    assert _steppers(f'<button type="button">Add to cart</button>{FIELD}<button>OK</button>') == []
    assert _steppers(f'<button type="submit">→</button>{FIELD}') == []
    assert _steppers(f'{FIELD}<button type="button"><img src="r.jpg" alt="Red"></button>') == []
    assert _steppers(f'{FIELD}<button type="button"><svg><title>Size guide</title></svg></button>'
                     ) == []


def test_a_sign_button_that_is_not_the_fields_neighbour_stays():
    assert _steppers(f'{FIELD}<span>pcs</span><button type="button">+</button>') == []


def test_a_field_beside_another_type_has_no_stepper():
    assert _steppers('<button type="button">−</button><input type="text">') == []


def _md(body: str) -> str:
    page = f"<html><body><main><article><h1>T</h1>{body}</article></main></body></html>"
    return convert(page).markdown.split("\n\n", 1)[1].strip()


def test_a_field_before_its_label_parts_the_labels():
    assert _md('<p>Size <input type=radio id=a><label for=a>Small</label>'
               '<input type=radio id=b><label for=b>Large</label> only.</p>') == "Size Small Large only."


def test_a_field_not_followed_by_a_label_parts_nothing():
    assert _md('<p>Mass<label for=s class="margin-toggle"></label><input type=checkbox id=s>'
               '<span class=sidenote>1</span>, by Newton.</p>') == "Mass1, by Newton."


def test_a_hidden_field_parts_nothing():
    assert _md('<p>Word<input type=hidden name=x><label>s</label> only.</p>') == "Words only."


def test_two_labels_side_by_side_are_two_words():
    assert _md('<p>Pick <label>Small</label><label>Large</label> now.</p>') == "Pick Small Large now."


def test_a_time_is_a_word_of_its_own_but_keeps_its_ordinal():
    assert _md('<p>Updated <time>3 Jan</time><span>by Ann</span>.</p>') == "Updated 3 Jan by Ann."
    assert _md('<p>Le <time>1</time><sup>er</sup> juin.</p>') == "Le 1<sup>er</sup> juin."


def test_a_count_in_the_authors_card_of_a_message_goes_but_not_in_a_lone_profile():
    card = ('<div itemprop="author" itemscope itemtype="https://schema.org/Person">ann'
            '<div itemprop="interactionStatistic">20 posts</div></div>')
    assert _controls(COMMENT.format(card)) == ["20 posts"]
    assert _controls(card) == []
