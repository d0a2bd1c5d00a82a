"""The page's own title: the <title> without the site's name it adds."""
from __future__ import annotations

from webgist_host.engine.dom.capture import Capture
from webgist_host.engine.dom.parse import parse_html
from webgist_host.engine.metadata import read_metadata


def title_of(head: str, body: str = "<p>x</p>", url: str | None = "https://www.cdc.gov/a") -> str:
    html = f"<html><head>{head}</head><body>{body}</body></html>"
    return read_metadata(parse_html(html), url=url, capture=Capture()).title


def test_the_headline_the_page_names_elsewhere_is_its_title():
    # an <h1>, og:title or JSON-LD headline that is the <title> less separated words
    assert title_of("<title>Healthy Eating Tips | Nutrition | CDC</title>",
                    "<h1>Healthy Eating Tips</h1>") == "Healthy Eating Tips"
    assert title_of('<title>Tipps – Gesund essen – Das Magazin</title>'
                    '<meta property="og:title" content="Tipps – Gesund essen">',
                    url=None) == "Tipps – Gesund essen"
    assert title_of('<title>Le Monde » Un titre</title>'
                    '<script type="application/ld+json">{"@type": "NewsArticle", '
                    '"headline": "Un titre", "author": "A"}</script>', url=None) == "Un titre"


def test_the_site_name_at_either_end_goes():
    assert title_of('<title>Healthy Eating Plate • The Nutrition Source</title>'
                    '<meta property="og:site_name" content="The Nutrition Source">',
                    url=None) == "Healthy Eating Plate"
    assert title_of("<title>CDC - Healthy Eating Tips</title>") == "Healthy Eating Tips"
    # the address's registered name, written with spaces and capitals
    assert title_of("<title>A Story – Yoga Pathways</title>", "<h1>Yoga Pathways</h1>",
                    url="https://yogapathways.co.uk/x") == "A Story"


def test_an_h1_naming_the_site_is_no_headline():
    assert title_of("<title>A Story | Clinic News</title>", "<h1>Clinic News</h1>",
                    url="https://clinicnews.org/x") == "A Story"


def test_a_title_is_kept_whole_without_a_separator_or_a_known_part():
    assert title_of("<title>AWS vs Azure: the big 3</title>", "<h1>AWS vs Azure</h1>") == (
        "AWS vs Azure: the big 3")
    assert title_of("<title>Nine-to-five - a history</title>", "<h1>Other</h1>",
                    url=None) == "Nine-to-five - a history"
    assert title_of("<title>Just a title</title>") == "Just a title"


def test_the_address_written_whole_is_the_site_name_too():
    assert title_of("<title>Workforce Development | AustinTexas.gov</title>",
                    url="https://www.austintexas.gov/department/workforce") == "Workforce Development"
