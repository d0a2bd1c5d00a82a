"""Author and date read from the page's body when its head names none: microdata,
rel=author, the byline and <time> under the headline; JSON-LD's other objects."""
from __future__ import annotations

from webgist_host.engine.dom.capture import Capture
from webgist_host.engine.dom.parse import parse_html
from webgist_host.engine.metadata import read_metadata


def meta(body: str, head: str = ""):
    html = f"<html><head><title>T</title>{head}</head><body>{body}</body></html>"
    return read_metadata(parse_html(html), url="https://news.example/a", capture=Capture())


def test_microdata_author_and_date_of_an_article():
    found = meta('<article itemscope itemtype="https://schema.org/BlogPosting"><h1>T</h1>'
                 '<span itemprop="author" itemscope itemtype="https://schema.org/Person">'
                 '<span itemprop="name">Ann Lee</span></span>'
                 '<meta itemprop="datePublished" content="2024-03-01"></article>')
    assert (found.author, found.published) == ("Ann Lee", "2024-03-01")


def test_a_customer_review_author_is_not_the_pages():
    found = meta('<div itemscope itemtype="https://schema.org/Product"><h1>Kettle</h1>'
                 '<div itemprop="review" itemscope itemtype="https://schema.org/Review">'
                 '<span itemprop="author">Laura B.</span></div></div>')
    assert found.author is None
    assert meta('<h1>Kettle</h1>', '<script type="application/ld+json">[{"@type": "Article", '
                '"datePublished": "2024-01-02"}, {"@type": "Review", "author": "Laura B."}]'
                '</script>').author is None


def test_a_microdata_date_without_a_year_is_no_date():
    assert meta('<h1>T</h1><abbr itemprop="datePublished">12:55 AM</abbr>').published is None
    assert meta('<h1>T</h1><span itemprop="datePublished">December 19, 2025</span>'
                ).published == "December 19, 2025"


def test_rel_author_link_names_the_author():
    assert meta('<h1>T</h1><p>Words</p><a rel="author" href="/u/jo">Jo Marsh</a>').author == "Jo Marsh"


def test_the_byline_under_the_headline_in_several_languages():
    for line, name in (("By Ann Lee", "Ann Lee"), ("Por Ana López", "Ana López"),
                       ("Von Jörg Bauer", "Jörg Bauer"), ("Par Sébastien Farcis", "Sébastien Farcis"),
                       ("Di Marco Rossi", "Marco Rossi"), ("Door Jan de Vries", "Jan de Vries")):
        assert meta(f'<h1>T</h1><div class="post-author">{line}</div>').author == name


def test_a_byline_class_is_a_whole_word_and_no_comment_form_field():
    assert meta('<h1>T</h1><span class="authorized-dealer">Authorized Dealer</span>').author is None
    assert meta('<h1>T</h1><form><label class="comment-form-author">Name *</label></form>'
                ).author is None
    # a dateline in the byline element is no name
    assert meta('<h1>T</h1><div class="byline">Updated Feb. 27, 2025</div>').author is None


def test_a_byline_above_the_headline_or_far_below_it_is_not_read():
    assert meta('<div class="author">Site Team</div><h1>T</h1>').author is None
    far = "".join("<p>x</p>" for _ in range(400))
    assert meta(f'<h1>T</h1>{far}<div class="author">Commenter</div>').author is None


def test_json_ld_author_of_another_object_when_the_article_names_none():
    found = meta('<h1>T</h1>', '<script type="application/ld+json">[{"@type": "NewsArticle", '
                 '"datePublished": "2024-01-02"}, {"@type": "WebPage", '
                 '"author": {"name": "Jo Marsh"}}]</script>')
    assert (found.author, found.published) == ("Jo Marsh", "2024-01-02")


def test_the_first_time_under_the_headline_gives_the_date():
    found = meta('<time datetime="2020-01-01">nav</time><h1>T</h1>'
                 '<p>By <b>Ann</b> <time datetime="2024-05-06T10:00:00Z">May 6</time></p>'
                 '<time datetime="2024-06-01">comment</time>')
    assert found.published == "2024-05-06T10:00:00Z"
    assert meta('<h1>T</h1><time datetime="10:00">ten</time>').published is None


def test_the_head_still_wins():
    found = meta('<h1>T</h1><div class="byline">By Body Name</div><time datetime="2024-05-06">x</time>',
                 '<meta name="author" content="Head Name">'
                 '<meta property="article:published_time" content="2023-01-01">')
    assert (found.author, found.published) == ("Head Name", "2023-01-01")


def test_a_surname_that_opens_with_a_byline_word_is_kept():
    assert meta('<h1>T</h1><div class="author">Di Maio</div>').author == "Di Maio"
    assert meta('<h1>T</h1>', '<meta name="author" content="By Ann">').author == "Ann"
    assert meta('<h1>T</h1>', '<meta name="author" content="Autor: Jan Nowak">').author == "Jan Nowak"


def test_what_the_body_gives_is_not_declared_to_the_regions_stage():
    from webgist_host.engine.metadata import read_page_metadata
    html = ('<html><head><title>T</title></head><body><h1>T</h1><div class="byline">By Ann Lee'
            '</div><time datetime="2024-05-06">May 6</time></body></html>')
    found, declared = read_page_metadata(parse_html(html), url=None, capture=Capture())
    assert (found.author, found.published) == ("Ann Lee", "2024-05-06")
    assert (declared.byline, declared.dated) == (False, False)
    head = ('<html><head><meta name="author" content="Ann Lee"></head><body><h1>T</h1>'
            '<time datetime="2024-05-06">May 6</time></body></html>')
    declared = read_page_metadata(parse_html(head), url=None, capture=Capture())[1]
    assert (declared.byline, declared.dated) == (True, False)


def test_a_permalink_dated_in_its_path_gives_the_day():
    html = "<html><head><title>T</title></head><body><h1>T</h1></body></html>"
    def day(url):
        return read_metadata(parse_html(html), url=url, capture=Capture()).published
    assert day("https://whatever.example/2025/12/18/a-post/") == "2025-12-18"
    assert day("https://news.example/2024/3/7/story") == "2024-03-07"
    assert day("https://shop.example/sizes/2024/13/40/") is None
    assert day("https://news.example/story-2025-12-18") is None


def test_a_short_dateline_under_the_headline_gives_the_day_in_several_languages():
    for line, day in (("Updated on July 9, 2025", "2025-07-09"), ("Jun 08, 2023 • 11 min", "2023-06-08"),
                      ("15. März 2024", "2024-03-15"), ("9 de julio de 2025", "2025-07-09"),
                      ("3 janvier 2024", "2024-01-03"), ("23.07.2025", "2025-07-23")):
        assert meta(f"<h1>T</h1><div><span>{line}</span></div>").published == day, line
    # a long paragraph that mentions a date, a link's text, a line above the h1: no date
    assert meta("<h1>T</h1><p>The law passed on July 9, 2025 after a long debate in the house.</p>"
                ).published is None
    assert meta('<h1>T</h1><a href="/x">July 9, 2025</a>').published is None
    # above the headline: in its own title block, yes; a masthead's date further up, no
    assert meta('<div class="meta"><div><span>Published July 9, 2025</span></div>'
                '<div class="title"><h1>T</h1></div></div>').published == "2025-07-09"
    masthead = "".join(f'<li><a href="/s{i}">Section {i}</a></li>' for i in range(20))
    assert meta(f"<header><span>July 9, 2025</span><ul>{masthead}</ul></header>"
                "<main><h1>T</h1><p>Words</p></main>").published is None
    assert meta("<h1>T</h1><span>Chapter 12, 2025</span>").published is None


def test_a_dateline_written_between_the_bylines_links_gives_the_day():
    # the day is text of the line itself, after a link or a line break, not of a child
    for line, day in (('by <a href="/author/amanda/">Amanda</a> · Dec 20, 2025 at 3:00 am',
                       "2025-12-20"),
                      ("Andrew Gerrand<br>4 August 2010", "2010-08-04"),
                      ('<strong><a href="/team/v">Dr. Vahid Osman</a></strong> - Mar 27, 2024',
                       "2024-03-27")):
        assert meta(f"<h1>T</h1><p>{line}</p>").published == day, line
    # a long paragraph stays no dateline, however its links split it
    assert meta('<h1>T</h1><p>The law that <a href="/l">the house</a> passed on July 9, 2025 '
                "after a long debate.</p>").published is None


def test_the_dateline_is_read_under_the_headline_not_under_a_first_h1_of_the_site():
    filler = "".join(f'<li><a href="/s{i}">Section {i}</a></li>' for i in range(400))
    html = (f"<html><head><title>Rates rise again | Daily</title></head><body>"
            f'<header><h1>Search</h1><ul>{filler}</ul></header>'
            f"<main><h1>Rates rise again</h1><p>December 24, 2024</p></main></body></html>")
    found = read_metadata(parse_html(html), url="https://news.example/a", capture=Capture())
    assert found.published == "2024-12-24"
