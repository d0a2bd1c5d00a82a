"""A "read also" line among a story's paragraphs: a label, then one linked headline
to another page of the same site (regions/read_also.py)."""
from __future__ import annotations

import pytest

from webgist_host import convert

URL = "https://www.daily.example/city/2019/03/04/rice-prices"
PARAGRAPHS = [f"{n} " + " ".join(["Rice prices rose again at the city's markets this week."] * 3)
              for n in ("First.", "Second.", "Third.")]
HEADLINE = "Chilli prices fall ahead of the harvest season"


DATED = '<meta property="article:published_time" content="2019-03-04T08:00:00Z">'


def kept_texts(line: str, url: str | None = URL, head: str = DATED) -> list[str]:
    first, second, third = (f"<p>{p}</p>" for p in PARAGRAPHS)
    html = f"""<html><head><title>Rice</title>{head}</head><body><article><h1>Rice</h1>
      {first}{second}{line}{third}</article></body></html>"""
    return [b.text for b in convert(html, url=url, scope="main").blocks]


@pytest.mark.parametrize("line", [
    f'<p><strong>Also read:</strong> <a href="/city/chilli">{HEADLINE}</a></p>',
    f'<p>Baca juga: <a href="https://www.daily.example/chilli">{HEADLINE}</a></p>',
    f'<p>» Leia também: <a href="/chilli">{HEADLINE}</a></p>',
    f'<p><a href="/chilli">Related: {HEADLINE}</a></p>',                # label in the link
    f'<p>相关阅读：<a href="/chilli">{HEADLINE}</a></p>',
    f'<h4>Читайте также — <a href="/chilli">{HEADLINE}</a></h4>',
])
def test_a_read_also_line_goes(line):
    assert kept_texts(line) == ["Rice", *PARAGRAPHS]


@pytest.mark.parametrize("line", [
    # the author's own lines of the same shape
    f'<p>Source: <a href="/reports/rice">{HEADLINE}</a></p>',
    f'<p>Read more: <a href="/reports/rice">{HEADLINE}</a></p>',
    f'<p>See also: <a href="/wiki/Rice">{HEADLINE}</a></p>',
    # no separator: a sentence that opens with the words
    f'<p>Related <a href="/chilli">{HEADLINE}</a></p>',
    # another site's page: a pointer to a source
    f'<p>Also read: <a href="https://other.example/chilli">{HEADLINE}</a></p>',
    # not a headline
    '<p>Also read: <a href="/chilli">this</a></p>',
    # words of the author's own beside the link
    f'<p>Also read: <a href="/chilli">{HEADLINE}</a>, which explains the drought.</p>',
    # two links
    f'<p>Also read: <a href="/a">{HEADLINE}</a> <a href="/b">{HEADLINE}</a></p>',
])
def test_a_line_the_author_wrote_stays(line):
    assert len(kept_texts(line)) == 5


def test_without_the_page_address_any_page_link_counts():
    line = f'<p>Also read: <a href="https://other.example/chilli">{HEADLINE}</a></p>'
    assert kept_texts(line, url=None) == ["Rice", *PARAGRAPHS]


def test_on_a_page_that_is_no_story_the_line_stays():
    # A docs page's "Related: <page>" is the author's cross-reference.
    line = f'<p>Related: <a href="/docs/chilli">{HEADLINE}</a></p>'
    assert len(kept_texts(line, url="https://docs.example/docs/rice", head="")) == 5


@pytest.mark.parametrize("label", ["<strong>Baca juga:</strong>", "Baca juga", "<b>ข่าวที่เกี่ยวข้อง</b>"])
def test_a_label_over_linked_headlines_in_one_paragraph_goes(label):
    line = (f'<p>{label}<br><a href="/city/chilli">{HEADLINE}</a><br>'
            f'<a href="/city/beans">Bean growers expect a late but large harvest</a></p>')
    assert kept_texts(line) == ["Rice", *PARAGRAPHS]


@pytest.mark.parametrize("line", [
    # the author's sources, another site's pages, a label the table lacks
    f'<p><strong>Sources:</strong><br><a href="/reports/rice">{HEADLINE}</a></p>',
    f'<p>Baca juga:<br><a href="https://other.example/chilli">{HEADLINE}</a></p>',
    f'<p>Baca juga:<br><a href="/city/chilli">{HEADLINE}</a><br>and a line of the author</p>',
])
def test_a_paragraph_of_links_not_so_labelled_stays(line):
    assert len(kept_texts(line)) == 5


# The one-line form in Thai: the label weighs more words than an English one, and
# whether it is taken must not hang on the headline's length.
THAI_HEADLINES = ["ตลาดนัดริมน้ำกลับมาเปิดอีกครั้งหลังปรับปรุงนานหกเดือน",
                  "ตลาดนัดริมน้ำกลับมาเปิดอีกครั้งหลังปรับปรุงนานหกเดือนนี้"]


@pytest.mark.parametrize("headline", THAI_HEADLINES, ids=["headline", "longer-headline"])
@pytest.mark.parametrize("label", ["ข่าวที่เกี่ยวข้อง", "เรื่องที่เกี่ยวข้อง", "บทความที่เกี่ยวข้อง"],
                         ids=["related-news", "related-stories", "related-articles"])
def test_a_thai_read_also_line_goes(label, headline):
    line = f'<p>{label}: <a href="/city/2019/03/01/market">{headline}</a></p>'
    assert kept_texts(line) == ["Rice", *PARAGRAPHS]


def test_a_japanese_read_also_line_goes():
    line = '<p>あわせて読みたい：<a href="/city/2019/03/01/market">市場の野菜価格が今週も上がり続けている</a></p>'
    assert kept_texts(line) == ["Rice", *PARAGRAPHS]


@pytest.mark.parametrize("headline", THAI_HEADLINES, ids=["headline", "longer-headline"])
def test_thai_read_on_is_no_read_also_label(headline):
    # "อ่านต่อ" is "read on / read more": kept out of the table, as "Read more" is.
    line = f'<p>อ่านต่อ: <a href="/city/2019/03/01/market">{headline}</a></p>'
    assert len(kept_texts(line)) == 5
