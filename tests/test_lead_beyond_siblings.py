"""The intro set in the title's band, above a grid that sits deeper, is the page's lead;
above an article's body it is the site's (siblings.lead_sentences, beyond_siblings)."""
from __future__ import annotations

from webgist_host import convert

INTRO = ("Every trail on this page was ridden by our volunteers this season, and each card "
         "says how long the loop is, how much it climbs and which way to ride it after rain.")
NOTE = ("Our editors test every product on their own and pick what they would buy again; "
        "when you buy through the links on this page the site may earn a small commission.")


def page(band_line: str, body: str) -> str:
    return f"""<html><head><title>Trails</title></head><body>
      <header class="site-header"><a href="/">Trail Club</a></header>
      <div class="page">
        <section class="hero"><h1>Trails</h1><div class="hero__text"><p>{band_line}</p></div></section>
        <div class="layout"><div class="layout__main">{body}</div></div>
      </div></body></html>"""


def grid() -> str:
    cards = "".join(
        f'<li class="card"><h2><a href="/t{n}">Trail number {n} along the ridge</a></h2>'
        f"<p>A loop of {n + 3} kilometres through pine forest with two short climbs</p></li>"
        for n in range(24))
    return f'<ul class="cards">{cards}</ul>'


def article() -> str:
    paragraph = ("The ridge loop starts at the old quarry car park and follows the fire road "
                 "for the first few kilometres before it turns into the pines, where the "
                 "roots make the descent slow going after a wet week.")
    return '<div class="post-body">' + "".join(
        f"<p>{n}. {paragraph}</p>" for n in range(8)) + "</div>"


def texts(html: str) -> list[str]:
    return [b.text for b in convert(html, scope="main").blocks]


def test_a_listings_intro_above_its_grid_is_kept():
    kept = texts(page(INTRO, grid()))
    assert kept[:3] == ["Trails", INTRO, "Trail number 0 along the ridge"]


def test_a_note_between_an_articles_title_and_its_body_stays_out():
    kept = texts(page(NOTE, article()))
    assert NOTE not in kept
    assert kept[0] == "Trails" and kept[1].startswith("0. The ridge loop")


PRODUCT = '<script type="application/ld+json">{"@type": "Product", "name": "Trails"}</script>'


def test_a_declared_products_intro_above_its_sections_is_kept():
    html = page(NOTE, article()).replace("<head>", "<head>" + PRODUCT)
    kept = texts(html)
    assert kept[:2] == ["Trails", NOTE]
