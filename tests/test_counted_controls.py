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
