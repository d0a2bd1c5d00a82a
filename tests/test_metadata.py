"""Page metadata from <meta>, <link rel=canonical> and JSON-LD; robust to bad JSON."""
from __future__ import annotations

from webgist_host.engine.dom.capture import Capture
from webgist_host.engine.metadata import read_metadata
from webgist_host.engine.dom.parse import parse_html


def meta(head: str, url: str | None = "https://news.example/a/story"):
    html = f"<html lang='en-GB'><head>{head}</head><body><p>x</p></body></html>"
    return read_metadata(parse_html(html), url=url, capture=Capture())


def ld(json_text: str) -> str:
    return f'<script type="application/ld+json">{json_text}</script>'


def test_meta_tags_give_author_date_site_and_canonical():
    found = meta('<title>Story</title><meta name="author" content="By Ann Lee">'
                 '<meta property="article:published_time" content="2024-03-01T10:00:00Z">'
                 '<meta property="og:site_name" content="The News">'
                 '<link rel="canonical" href="/a/story-canonical">')
    assert (found.title, found.author, found.published, found.site_name, found.canonical_url,
            found.lang) == ("Story", "Ann Lee", "2024-03-01T10:00:00Z", "The News",
                            "https://news.example/a/story-canonical", "en-GB")


def test_profile_url_is_not_an_author_and_dublin_core_is_read():
    found = meta('<meta property="article:author" content="https://facebook.com/ann">'
                 '<meta name="DC.creator" content="Ann Lee"><meta name="dc.date" content="2020">')
    assert (found.author, found.published) == ("Ann Lee", "2020")


def test_og_title_and_og_url_fill_in():
    found = meta('<meta property="og:title" content="OG title">'
                 '<meta property="og:url" content="https://news.example/og">')
    assert (found.title, found.canonical_url) == ("OG title", "https://news.example/og")


def test_json_ld_graph_with_author_reference():
    found = meta(ld('{"@context":"https://schema.org","@graph":['
                    '{"@type":"WebSite","name":"Site Name"},'
                    '{"@type":"Person","@id":"#jo","name":"Jo Marsh"},'
                    '{"@type":"BlogPosting","author":{"@id":"#jo"},'
                    '"datePublished":"2024-09-14"}]}'))
    assert (found.author, found.published, found.site_name) == (
        "Jo Marsh", "2024-09-14", "Site Name")


def test_json_ld_author_list_and_string_and_array_of_objects():
    assert meta(ld('[{"@type":"NewsArticle","author":[{"@type":"Person","name":"A"},'
                   '{"name":"B"}],"datePublished":"2021"}]')).author == "A, B"
    assert meta(ld('{"@type":"Article","author":"C D"}')).author == "C D"


def test_json_ld_beats_meta_for_author_and_date():
    found = meta('<meta name="author" content="Site Team">'
                 + ld('{"@type":"Article","author":{"name":"Real Person"},'
                      '"datePublished":"2022-02-02"}'))
    assert (found.author, found.published) == ("Real Person", "2022-02-02")


def test_malformed_json_ld_is_skipped_and_comment_wrapped_is_read():
    found = meta(ld('{"@type": "Article", "author": ') +
                 ld('<!-- {"@type":"Article","author":{"name":"E"}}; -->'))
    assert found.author == "E"


def test_nothing_found_is_none():
    found = meta("<title>Only</title>", url=None)
    assert (found.author, found.published, found.site_name, found.canonical_url) == (
        None, None, None, None)


def test_a_page_declaring_a_product_says_so():
    assert meta(ld('{"@type": "Product", "name": "Daypack"}')).page_type == "product"
    assert meta(ld('{"@graph": [{"@type": "WebPage"}, {"@type": ["ProductGroup"]}]}')).page_type == "product"
    assert meta('<meta property="og:type" content="product">').page_type == "product"
    assert meta(ld('{"@type": "Article", "headline": "A review"}')).page_type is None
    assert meta('<meta property="og:type" content="article">').page_type is None


def test_an_article_listing_products_is_still_an_article():
    found = meta(ld('{"@type": "NewsArticle", "headline": "Best kettles"}')
                 + ld('{"@type": "Product", "name": "Kettle one"}')
                 + ld('{"@type": "Product", "name": "Kettle two"}'))
    assert found.page_type is None


def test_a_critics_review_says_so_and_a_shop_with_reviews_stays_a_product():
    review = ('{"@type": "Review", "author": {"@type": "Person", "name": "Ana"},'
              ' "itemReviewed": {"@type": "Product", "name": "Kettle"}}')
    assert meta(ld(review)).page_type == "review"
    one = '{"@type": "Review", "author": {"@type": "Person", "name": "Ana"}}'
    assert meta(ld('{"@type": "Product", "name": "Kettle", "review": %s}' % one)).page_type == "review"
    assert meta(ld('{"@type": "Product", "name": "Kettle", "review": [%s]}' % one)).page_type == "review"
    # A shop's product lists its offers, and readers' reviews come with their aggregate.
    offered = '{"@type": "Product", "name": "Kettle", "offers": {"price": "20"}, "review": %s}' % one
    assert meta(ld(offered)).page_type == "product"
    rated = ('{"@type": "Product", "name": "Kettle", "aggregateRating": {"ratingValue": "4"},'
             ' "review": %s}' % one)
    assert meta(ld(rated)).page_type == "product"
    assert meta(ld('{"@type": "Product", "name": "Kettle", "review": [%s, %s]}' % (one, one))
                ).page_type == "product"


def test_a_forum_thread_or_qa_page_says_it_is_a_discussion():
    assert meta(ld('{"@type": "DiscussionForumPosting", "headline": "Tips?"}')).page_type == "discussion"
    assert meta(ld('{"@type": "QAPage", "mainEntity": {"@type": "Question"}}')).page_type == "discussion"
    assert meta(ld('{"@type": "FAQPage", "mainEntity": [{"@type": "Question"}]}')).page_type is None


def _measured(body_flags: int, *, lang: str = "", dir_html: str = "") -> str:
    """The direction read from a page measured with <body>'s box flags `body_flags`."""
    from webgist_host.engine.dom.capture import read_capture
    capture = read_capture({"geometry": {"paths": ["/html[1]", "/html[1]/body[1]"],
                                         "boxes": [0, 0, 1280, 900, 3, 0, 0, 1280, 900, body_flags]},
                            "dir": {"html": dir_html, "body": ""}, "lang": {"html": lang, "body": ""}})
    html = f"<html lang='{lang}' dir='{dir_html}'><head></head><body><p>x</p></body></html>"
    return read_metadata(parse_html(html), url=None, capture=capture).direction


def test_direction_set_only_in_css_is_read_from_the_computed_style():
    from webgist_host.engine.dom.capture import FLAG_RTL
    assert _measured(3 | FLAG_RTL) == "rtl"                 # no dir, no lang
    assert _measured(3 | FLAG_RTL, dir_html="ltr") == "rtl"  # the stylesheet overrode dir
    assert _measured(3) == "ltr"
    # A computed ltr body does not overrule the language: rtl may be set on a wrapper.
    assert _measured(3, lang="he") == "rtl"
