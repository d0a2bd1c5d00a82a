"""images.draws_placeholder and images.image_as_text on single elements."""
from lxml import html

from webgist_host.engine.blocks.images import draws_placeholder, image_as_text

PIXEL = "data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw=="


def _img(markup: str):
    return html.fragment_fromstring(f"<div>{markup}</div>").find(".//img")


def test_lazy_picture_named_for_readers_draws_a_placeholder():
    assert draws_placeholder(_img(f'<img src="{PIXEL}" data-src="/a.jpg" alt="Alpenrose">'))


def test_lazy_address_without_alt_or_twin_is_not_believed():
    # A tracking pixel loads lazily too: its 1x1 box stays its verdict.
    assert not draws_placeholder(_img(
        f'<img src="{PIXEL}" data-src="https://px.example/t.gif?ev=view" alt="">'))


def test_lazy_address_with_noscript_twin_draws_a_placeholder():
    assert draws_placeholder(_img(
        f'<img src="{PIXEL}" data-src="/a.jpg" alt=""><noscript><img src="/a.jpg"></noscript>'))


def test_browser_showed_another_address_no_placeholder():
    assert not draws_placeholder(_img(
        f'<img src="{PIXEL}" data-src="/a.jpg" alt="Alpenrose" data-wg-src="/a.jpg">'))


def test_symbol_alt_drawn_large_is_a_picture():
    assert image_as_text(_img('<p>see <img alt="⭐" src="/s.png"> here</p>'), small=False) is None
    assert image_as_text(_img('<p>see <img alt="⭐" src="/s.png"> here</p>'), small=True) == "⭐"


def test_symbol_alt_of_unknown_size_only_among_words():
    assert image_as_text(_img('<p>see <img alt="⭐" src="/s.png"> here</p>'), small=None) == "⭐"
    assert image_as_text(_img('<figure><img alt="🌅" src="/s.jpg"></figure>'), small=None) is None


def test_word_icon_alt_is_not_read():
    assert image_as_text(_img('<p>Posted by <img alt="Avatar" src="/a.png"> jdoe</p>'),
                         small=True) is None
