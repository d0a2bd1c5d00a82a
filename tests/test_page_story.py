"""The page's own story among several written one after another (regions/page_story.py)."""
from __future__ import annotations

from webgist_host.engine.pipeline import convert

PARAGRAPH = ("<p>The council heard from residents, engineers and the mayor about the "
             "bridge, whose repairs have run two years late and far over budget.</p>")


def page(body: str, title: str = "Bridge repairs run two years late | City Post") -> str:
    return (f"<html><head><title>{title}</title></head><body>"
            f"<div class='feed'>{body}</div></body></html>")


def story(tag: str, headline: str, paragraphs: int = 2) -> str:
    return f"<{tag}><h1>{headline}</h1>{PARAGRAPH * paragraphs}</{tag}>"


def headlines(html: str) -> list[str]:
    document = convert(html, scope="main")
    return [line for line in document.markdown.splitlines() if line.startswith("# ")]


def test_the_next_article_below_the_pages_own_goes():
    html = page(story("article", "Bridge repairs run two years late")
                + story("article", "School board votes to close two schools", 5))
    assert headlines(html) == ["# Bridge repairs run two years late"]


def test_a_pages_sections_under_their_own_h1_stay():
    html = page(story("section", "Bridge repairs run two years late")
                + story("section", "What the repairs cost and who pays"))
    assert headlines(html) == ["# Bridge repairs run two years late",
                               "# What the repairs cost and who pays"]


def test_headlines_side_by_side_in_one_element_stay():
    html = page("<h1>Bridge repairs run two years late</h1>" + PARAGRAPH
                + "<h1>What the repairs cost and who pays</h1>" + PARAGRAPH)
    assert headlines(html) == ["# Bridge repairs run two years late",
                               "# What the repairs cost and who pays"]


def test_stories_are_dropped_only_when_the_pages_own_comes_first():
    # The page's own story second: the one after it is not "the next story" either.
    html = page(story("article", "School board votes to close two schools")
                + story("article", "Bridge repairs run two years late")
                + story("article", "Library opens on Sundays from March"))
    assert len(headlines(html)) == 3


def test_a_title_naming_no_headline_or_several_leaves_the_page_alone():
    stories = (story("article", "Bridge repairs run two years late")
               + story("article", "School board votes to close two schools"))
    assert len(headlines(page(stories, title="City Post"))) == 2
    assert len(headlines(page(stories, title="Bridge repairs run two years late; "
                                             "School board votes to close two schools"))) == 2


# A dated page that scrolls on: the next story, longer than the page's own and under a
# headline of another level, in its own wrapper, took the container.
DATED = '<meta property="article:published_time" content="2019-09-02T11:00:00Z">'
LONG = ("<p>The school board voted to close two schools at the end of the year and to "
        "move their pupils to the new campus on the edge of town, over parents' objections.</p>")


def scrolling(first: str, second: str, *, linked: bool = False, title: str =
              "Bridge repairs run two years late | City Post") -> str:
    second_headline = f'<a href="/schools">{second}</a>' if linked else second
    return (f"<html><head><title>{title}</title>{DATED}</head><body><div class='feed'>"
            f"<div class='item'><article><h1>{first}</h1>{PARAGRAPH * 2}</article></div>"
            f"<div class='item'><article><h2>{second_headline}</h2>{LONG * 6}</article></div>"
            "</div></body></html>")


def test_a_longer_next_story_below_the_pages_own_goes_and_the_own_stays():
    document = convert(scrolling("Bridge repairs run two years late",
                                 "School board votes to close two schools"), scope="main")
    assert document.markdown.count("The council heard") == 2
    assert "school board" not in document.markdown.casefold()


def test_the_next_stories_stay_when_the_title_says_another_or_the_headline_is_a_link():
    said_second = scrolling("Library opens on Sundays from March",
                            "Bridge repairs run two years late")
    teaser = scrolling("Bridge repairs run two years late",
                       "School board votes to close two schools", linked=True)
    for html in (said_second, teaser):
        assert "The school board voted" in convert(html, scope="main").markdown


# A partner's paid story in an element named as an ad, under a heavier list of teasers.
TEASERS = "".join(f'<div class="card"><h3><a href="/n{n}">Other news number {n} of the day</a></h3>'
                  f"<p>A line about other news number {n}, long enough to be read as a sentence "
                  "by anyone who counts the words in it.</p></div>" for n in range(8))


def partner_page(story_class: str, *, box: str = "") -> str:
    head = '<meta property="og:type" content="article">' + DATED
    return (f"<html><head><title>Bridge repairs run two years late | City Post</title>{head}"
            f"</head><body><div class='main'><div class='{story_class}'>"
            f"<h1>Bridge repairs run two years late</h1>{PARAGRAPH * 2}</div>{box}</div>"
            f"<div class='more'>{TEASERS}</div></body></html>")


def test_a_dated_storys_text_in_an_element_named_as_sponsored_stays():
    assert convert(partner_page("story is-sponsored"), scope="main").markdown.count(
        "The council heard") == 2


def test_an_ad_box_beside_a_story_stays_out_with_its_heading():
    ad = ("<div class='sponsored'><h2>Visit the new bridge cafe</h2>"
          + PARAGRAPH.replace("council", "sponsor") * 2 + "</div>")
    beside = convert(partner_page("story", box=ad), scope="main").markdown
    assert "The council heard" in beside and "The sponsor heard" not in beside
