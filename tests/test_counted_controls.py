"""Slide and page counters: lines that are bare numbers counting up (regions/counted_controls.py)."""
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


def _items(numbers) -> str:
    return "<ul>" + "".join(f"<li>{n}</li>" for n in numbers) + "</ul>"


def test_a_carousels_numbered_dots_go():
    assert "2" not in _texts(_page(_items([1, 2, 3, 4])))


def test_dots_counted_from_zero_go():
    assert "2" not in _texts(_page(_items([0, 1, 2])))


def test_linked_page_numbers_go():
    links = "".join(f'<div><a href="?page={n}">{n}</a></div>' for n in (1, 2, 3))
    assert "2" not in _texts(_page(links))


def test_two_numbers_stay():
    assert "2" in _texts(_page(_items([1, 2])))


def test_numbers_that_do_not_count_up_by_one_stay():
    # Sizes or scores in a row: they say something.
    assert "10" in _texts(_page(_items([8, 10, 12])))


def test_a_count_that_starts_elsewhere_stays():
    assert "4" in _texts(_page(_items([3, 4, 5])))


def test_numbered_items_with_words_stay():
    items = _items(["1 hive", "2 hives", "3 hives"])
    assert "2 hives" in _texts(_page(items))


# counter_lines: a gallery's "1 of 24".

def _line(text: str) -> str:
    return _page(f"<p>{text}</p>")


def test_a_gallerys_first_counter_line_goes():
    for line in ("1 of 24", "1/4", "1 / 5", "1 sur 5", "1 de 3", "(1/12)"):
        assert line not in _texts(_line(line)), line


def test_counter_lines_counting_to_one_total_go():
    texts = _texts(_page("<p>2 of 3</p><p>A caption.</p><p>3 of 3</p>"))
    assert "2 of 3" not in texts and "3 of 3" not in texts


def test_counts_that_are_no_slide_counter_stay():
    for line in ("6 of 4", "Top 10", "1 of the best hives", "1/1", "0/5", "5/5"):
        assert line in _texts(_line(line)), line


def test_a_lone_score_stays():
    assert "4/5" in _texts(_line("4/5"))
