"""Slide and page counters: controls that are bare numbers counting up (regions/counted_controls.py)."""
from __future__ import annotations

from webgist_host import convert

_SENTENCE = "Nurse bees feed the larvae and keep the brood warm in spring."
_PARAGRAPHS = [f"{n} " + " ".join([_SENTENCE] * 3) for n in ("First.", "Second.", "Third.")]


def _page(between: str) -> str:
    text = "".join(f"<p>{p}</p>" for p in _PARAGRAPHS)
    return (f"<html><body><main><h1>Bees</h1><p>{_PARAGRAPHS[0]}</p>{between}"
            f"{text}</main></body></html>")


def _texts(html: str) -> list[str]:
    return [b.text for b in convert(html, scope="main").blocks]


def _items(numbers, tag: str = "ul") -> str:
    return f"<{tag}>" + "".join(f"<li>{n}</li>" for n in numbers) + f"</{tag}>"


def _dots(numbers) -> str:
    return _items([f'<button type="button">{n}</button>' for n in numbers])


def test_a_carousels_numbered_dots_go():
    assert "2" not in _texts(_page(_dots([1, 2, 3, 4])))


def test_dots_counted_from_zero_go():
    assert "2" not in _texts(_page(_dots([0, 1, 2])))


def test_tabs_by_role_go():
    tabs = "".join(f'<li><span role="tab">{n}</span></li>' for n in (1, 2, 3))
    assert "2" not in _texts(_page(f"<ul>{tabs}</ul>"))


def test_linked_page_numbers_go():
    links = "".join(f'<div><a href="?page={n}">{n}</a></div>' for n in (1, 2, 3))
    assert "2" not in _texts(_page(links))


def test_numbers_with_a_click_handler_go():
    # An older gallery's numbers: a box with an onclick of its own around each.
    dots = "".join(f'<div onclick="gallery.show({n})"><span>{n}</span></div>' for n in (1, 2, 3))
    assert "2" not in _texts(_page(dots))


def test_two_numbers_stay():
    assert "2" in _texts(_page(_dots([1, 2])))


def test_numbers_that_do_not_count_up_by_one_stay():
    # Sizes or scores in a row: they say something.
    assert "10" in _texts(_page(_dots([8, 10, 12])))


def test_a_count_that_starts_elsewhere_stays():
    assert "4" in _texts(_page(_dots([3, 4, 5])))


def test_a_polls_answers_stay():
    # Plain numbers counting up from 0 are the author's: the answers to a question.
    question = "<p>How many moons does Mars have? Pick one of the answers below.</p>"
    texts = _texts(_page(question + _items([0, 1, 2, 3], "ol")))
    assert all(str(n) in texts for n in range(4)), texts


def test_a_polls_answers_inside_a_clickable_box_stay():
    # Only the line's own element, what it holds and its parent are read as controls.
    question = "<p>How many moons does Mars have? Pick one of the answers below.</p>"
    box = f'<div onclick="poll.open()"><div>{_items([0, 1, 2, 3], "ol")}</div></div>'
    texts = _texts(_page(question + box))
    assert all(str(n) in texts for n in range(4)), texts


def test_a_column_of_step_numbers_stays():
    texts = _texts(_page("".join(f"<div>{n}</div>" for n in (1, 2, 3, 4))))
    assert all(str(n) in texts for n in range(1, 5)), texts


def test_a_run_with_one_plain_number_stays():
    # Every line a control: a plain "3" after two buttons is not a carousel's dot.
    items = _items(['<button type="button">1</button>', '<button type="button">2</button>', "3"])
    assert "2" in _texts(_page(items))


def test_numbered_items_with_words_stay():
    items = _items(["1 hive", "2 hives", "3 hives"])
    assert "2 hives" in _texts(_page(items))



def test_a_click_handler_on_a_box_of_the_authors_lines_makes_no_buttons():
    # A poll's answers in a box a tracking handler hangs on: each line is no control.
    poll = '<div class="poll" onclick="track(event)">' + "".join(f"<p>{n}</p>" for n in range(4)) + "</div>"
    assert "2" in _texts(_page(poll))
