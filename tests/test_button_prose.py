"""A paragraph inside a <button> is the button's label, not a paragraph
(walker._prose_in_button): Medium's Listen and clap count."""
from __future__ import annotations

import pytest

from webgist_host import convert

TEXT = ("For six years I reached for an ORM on every project, and last year I removed it "
        "from our main service without anybody missing it.")


def texts(controls: str) -> list[str]:
    html = f"<html><body><article><div>{controls}</div><p>{TEXT}</p></article></body></html>"
    return [b.text for b in convert(html, scope="page").blocks]


@pytest.mark.parametrize("controls", [
    '<button class="af ee"><div class="ab q"><svg></svg><div><p class="bf b">Listen</p></div></div></button>',
    '<div role="button"><p>Listen</p></div>',
])
def test_a_buttons_paragraph_is_its_label(controls):
    assert texts(controls) == [TEXT]


@pytest.mark.parametrize("controls, kept", [
    ('<button aria-expanded="false"><p>Shipping</p></button>', "Shipping"),            # a disclosure
    ('<button><p><a href="/pricing">See plans</a></p></button>', "See plans"),          # a link
    ('<button><p>Read the whole story</p></button>', "Read the whole story"),           # a sentence's length
    ('<a href="/app"><button><p>Open app</p></button></a>', "Open app"),               # inside a link
    ('<div class="share-btn"><p>Share</p></div>', "Share"),                             # a class name only
    ('<p>Press <button>Save</button> to keep it</p>', "Press Save to keep it"),         # words around it
    ('<p><button>Download CSV</button></p>', "Download CSV"),                           # holding a button
])
def test_other_paragraphs_by_buttons_stay(controls, kept):
    assert texts(controls) == [kept, TEXT]
