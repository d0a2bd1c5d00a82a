"""The story's headline in a band named "header" beside its text comes back."""
from __future__ import annotations

import pytest

from webgist_host import convert

PARAGRAPHS = [f"{n} " + " ".join(["Nurse bees feed the larvae and keep the brood warm in spring."] * 3)
              for n in ("First.", "Second.", "Third.")]
HEADLINE = "Beekeepers count fewer hives after a wet winter"


def page(header: str, title: str = f"{HEADLINE} - Bee News") -> str:
    text = "".join(f"<p>{p}</p>" for p in PARAGRAPHS)
    return f"""<html><head><title>{title}</title></head><body>
      <div class="story">{header}<div class="story-text">{text}</div></div></body></html>"""


def texts(html: str) -> list[str]:
    return [b.text for b in convert(html, scope="main").blocks]


@pytest.mark.parametrize("band", ["read__header", "art-header"])
def test_the_headline_in_a_header_named_band_beside_the_text_stays(band):
    assert texts(page(f'<div class="{band}"><h1>{HEADLINE}</h1></div>')) == [HEADLINE, *PARAGRAPHS]


MENU = '<ul><li><a href="/a">Hives</a></li><li><a href="/b">Honey</a></li></ul>'


@pytest.mark.parametrize("header, title", [
    ('<div class="site-header"><h1>Bee News</h1></div>', f"{HEADLINE} - Bee News"),  # a logo
    (f'<div class="read__header"><h1>{HEADLINE}</h1></div>', "Wasps in the attic"),  # not the title
    (f'<div class="header"><h1>{HEADLINE}</h1>{MENU}</div>', f"{HEADLINE} - Bee News"),  # a menu
])
def test_other_h1s_in_header_bands_stay_out(header, title):
    assert texts(page(header, title)) == PARAGRAPHS


# A question's title: its <h1> links to the page itself (the page's address or its
# canonical one); a logo links to the site's root, an index file or a language's root.
QUESTION = "/questions/3277503/why-do-beekeepers-count-hives"
HERE = f"https://bees.example{QUESTION}"


def qa_page(href: str, title: str = f"bees - {HEADLINE} - Bee Answers", head: str = "",
            quoted: str = "") -> str:
    text = "".join(f"<p>{p}</p>" for p in PARAGRAPHS)
    return f"""<html><head><title>{title}</title>{head}</head><body>
      <div id="content"><div id="question-header"><h1><a href="{href}">{HEADLINE}</a></h1>
        <div class="aside-cta"><a href="/questions/ask">Ask Question</a></div></div>
      <div class="meta"><div>Asked 2 years ago</div><div>Modified <a href="?lastactivity">1 year ago</a></div></div>
      <div class="story-text">{quoted}{text}</div></div></body></html>"""


def qa_texts(html: str, url: str | None) -> list[str]:
    return [b.text for b in convert(html, url=url, scope="main").blocks]


@pytest.mark.parametrize("href, url", [
    (QUESTION, HERE),                                                  # the page's own address
    (QUESTION, None),                                                  # a saved page: its <title>
    ("/questions/3277503/old-slug", HERE),                             # the id, another slug
    ("/pt-br" + QUESTION, "https://bees.example/pt-br" + QUESTION),    # under a language's root
])
def test_a_question_title_linked_to_its_own_page_stays(href, url):
    assert qa_texts(qa_page(href), url)[:1] == [HEADLINE]


def test_its_canonical_address_says_the_page_when_no_address_is_given():
    head = f'<link rel="canonical" href="{HERE}">'
    assert qa_texts(qa_page(QUESTION, title=HEADLINE, head=head), None)[:1] == [HEADLINE]


def test_a_heading_linked_here_that_does_not_say_the_title_stays_out():
    assert HEADLINE not in qa_texts(qa_page(QUESTION, title="Wasps in the attic - Bee Answers"), HERE)


def test_a_quoted_h1_in_the_text_is_not_the_pages_title():
    quoted = "<blockquote><h1>Count your hives twice a year</h1></blockquote>"
    assert qa_texts(qa_page(QUESTION, quoted=quoted), HERE)[:1] == [HEADLINE]


@pytest.mark.parametrize("href, url", [
    ("/", HERE), ("/en/", HERE), ("/index.html", HERE), ("./", HERE),   # where logos link
    ("https://bees.example/index.php", HERE),
    ("/questions/999/why-do-beekeepers-count-hives", HERE),            # another question
    ("/questions/3277503/old-slug", "https://bees.example/questions/3277503"),  # no slug
    (f"{QUESTION}#answers", HERE),                                     # a place in the page
    (f"https://other.example{QUESTION}", HERE),                        # another site
    ("/blog/", "https://bees.example/blog/"),                          # a section's front page
    ("./", "https://bees.example/2024/05/wet-winter"),                 # a date's folder
    ("/blog/", None),                                                  # saved: not a page's slug
    ("/pt-br/", None),                                                 # saved: a language's root
    ("/blog/another-post", "https://bees.example/blog/this-post"),     # a sibling page, no id
])
def test_headings_not_linked_to_this_page_stay_out(href, url):
    assert HEADLINE not in qa_texts(qa_page(href), url)


@pytest.mark.parametrize("title", [
    HEADLINE,                                # the <title> says only the heading: a site's name
    "Bee Answers - Hives counted",           # not a piece of it
])
def test_a_saved_pages_heading_is_a_whole_piece_of_a_longer_title(title):
    assert HEADLINE not in qa_texts(qa_page(QUESTION, title=title), None)


def test_a_short_saved_heading_is_not_taken_for_the_title():
    html = qa_page(QUESTION, title="bees - Count hives - Bee Answers").replace(
        f">{HEADLINE}</a>", ">Count hives</a>")
    assert "Count hives" not in qa_texts(html, None)


def test_a_saved_pages_heading_must_stand_beside_the_text():
    html = qa_page(QUESTION).replace('<div class="story-text">', '<div class="story"><div class="story-text">'
                                     ).replace("</div></div></body>", "</div></div></div></body>")
    assert HEADLINE not in qa_texts(html, None)
    assert qa_texts(html, HERE)[:1] == [HEADLINE]           # linked here, it is the title anywhere


# Permalinks that end in "/" (WordPress's): a logo linked to "./" there is linked to
# the page itself, and the metadata may take its name for the title; it stands in the
# site's banner, a <header> holding the site's <nav>, whatever its name's length.
BANNER_NAV = '<nav class="main-navigation"><ul><li><a href="/hives/">Hives</a></li></ul></nav>'


@pytest.mark.parametrize("name", ["Bee Answers", "Notes from the Apiary", "みつばちと暮らす日々の記録"])
def test_a_logo_linked_to_its_folder_at_a_trailing_slash_address_stays_out(name):
    html = qa_page("./", title=f"{HEADLINE} - {name}").replace(f">{HEADLINE}</a>", f">{name}</a>").replace(
        '<div id="question-header">', '<header id="masthead">').replace(
        '</a></div></div>\n      <div class="meta">', f'</a></div>{BANNER_NAV}</header>\n      <div class="meta">')
    assert "<header" in html and BANNER_NAV in html
    assert name not in qa_texts(html, HERE + "/")


# A question's title of any length or script comes back by its link; a <header> around
# it is no banner without a <nav>.
@pytest.mark.parametrize("short", ["Understanding slice notation", "Сортировка словаря Python", "配列の並べ替え"])
def test_a_short_question_title_linked_here_stays(short):
    html = qa_page(QUESTION, title=f"python - {short} - Bee Answers").replace(f">{HEADLINE}</a>", f">{short}</a>")
    assert qa_texts(html, HERE)[:1] == [short]
    in_header = html.replace('<div id="question-header">', '<header id="question-header">').replace(
        '</a></div></div>\n      <div class="meta">', '</a></div></header>\n      <div class="meta">').replace(
        '<body>', f'<body><header class="top-bar"><a href="/">Bee Answers</a>{BANNER_NAV}</header>')
    assert "<header" in in_header and BANNER_NAV in in_header and qa_texts(in_header, HERE)[:1] == [short]


# On a saved page (no address) the heading's length is still read, as words.word_count
# counts them: two CJK characters a word.
def test_a_long_cjk_saved_heading_is_taken_for_the_title():
    ja = "配列を値の大きい順に並べ替える方法"
    html = qa_page(QUESTION, title=f"python - {ja} - Bee Answers").replace(f">{HEADLINE}</a>", f">{ja}</a>")
    assert qa_texts(html, None)[:1] == [ja]


@pytest.mark.parametrize("href, url", [
    (QUESTION + "/", HERE + "/"), (QUESTION, HERE + "/"), ("./", HERE + "/"),
])
def test_a_question_title_at_a_trailing_slash_address_stays(href, url):
    assert qa_texts(qa_page(href), url)[:1] == [HEADLINE]


# A slug in letters beyond ASCII, written as is or percent-encoded on either side.
JA_HEADLINE = "冬の長雨で巣箱が減った理由"
JA_SLUG = "/hachi/冬の長雨/"
JA_QUOTED = "/hachi/%E5%86%AC%E3%81%AE%E9%95%B7%E9%9B%A8/"


@pytest.mark.parametrize("href, url", [
    (JA_SLUG, "https://bees.example" + JA_QUOTED), (JA_QUOTED, "https://bees.example" + JA_SLUG),
])
def test_a_slug_in_other_letters_links_to_its_own_page(href, url):
    html = qa_page(href, title=f"養蜂 - {JA_HEADLINE} - 養蜂日誌").replace(HEADLINE, JA_HEADLINE)
    assert qa_texts(html, url)[:1] == [JA_HEADLINE]


def test_a_heading_linked_here_but_dropped_as_a_dialog_stays_out():
    html = qa_page(QUESTION).replace('<div id="question-header">',
                                     '<div class="share-modal" role="dialog"><p>Share this question</p>')
    assert HEADLINE not in qa_texts(html, HERE)


def test_a_heading_with_a_link_elsewhere_is_not_linked_here():
    html = qa_page(QUESTION).replace(f">{HEADLINE}</a>", ">Beekeepers count</a> "
                                     '<a href="/tags/hives">fewer hives after a wet winter</a>')
    assert HEADLINE not in qa_texts(html, HERE)


def test_a_page_under_the_questions_id_that_is_no_slug_is_another_page():
    assert HEADLINE not in qa_texts(qa_page(QUESTION), "https://bees.example/questions/3277503/revisions")
