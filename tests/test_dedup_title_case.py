"""Section titles compared casefolded among titles alone (dedup._sections)."""
from __future__ import annotations

from webgist_host import convert

_URL = "https://green.example/blog/sustainable-brands"
_INTRO = ("<p>These are the brands I buy from after three years of trying to shop with less "
          "harm, with what each of them makes and which fabrics they use for it.</p>")


def _brand(name: str, fabrics: list[str]) -> str:
    items = "".join(f"<li>{f}</li>" for f in fabrics)
    return (f"<h2>{name}</h2><p><a href='https://{name.split()[0].lower()}.example'>"
            f"{name.lower()}</a></p><ul>{items}</ul>")


def _md(body: str) -> str:
    html = f"<html><body><article><h1>Sustainable brands</h1>{_INTRO}{body}</article></body></html>"
    return convert(html, url=_URL, scope="main").markdown


def test_brand_link_in_lower_case_leaves_its_heading_a_section_title():
    md = _md(_brand("Carve Designs", ["organic cotton", "hemp"])
             + _brand("Toad Company", ["organic cotton", "linen"]))
    assert md.count("- organic cotton") == 2


def test_title_repeated_in_other_case_is_one_title_said_twice():
    md = _md(_brand("Carve Designs", ["organic cotton", "hemp"])
             + "<h2>Carve designs</h2><ul><li>organic cotton</li><li>hemp</li></ul>")
    assert md.count("- organic cotton") == 1


def test_term_repeated_in_other_case_is_one_title_said_twice():
    # A definition list's terms title their sections like headings do.
    body = ("<dl><dt>Care instructions</dt><dd>Machine wash cold and hang to dry.</dd></dl>"
            "<p>More about the fabrics further down this page, brand by brand.</p>"
            "<dl><dt>Care Instructions</dt><dd>Machine wash cold and hang to dry.</dd></dl>")
    md = _md(body)
    assert md.count("Machine wash cold and hang to dry.") == 1


def test_one_word_titles_differing_in_case_stay_two_titles():
    # An identifier's case is its meaning: HTTPS_PROXY and https_proxy are two entries.
    body = "".join(f"<dl><dt>{name}</dt><dd>The proxy for HTTPS requests.</dd>"
                   "<dd>Default: unset.</dd></dl>" for name in ("HTTPS_PROXY", "https_proxy"))
    md = _md(body)
    assert md.count("Default: unset.") == 2
