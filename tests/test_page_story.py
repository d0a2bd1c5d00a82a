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
