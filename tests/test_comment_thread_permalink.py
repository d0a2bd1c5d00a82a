"""Readers' comments under a post whose permalink carries its day (/2019/04/14/), and
comment sections named beyond English (regions/comment_thread.py, vocabulary.py).

Each guard has a test that fails when it is taken out."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from webgist_host import convert

_FIXTURE = Path(__file__).parent / "pages" / "article--comment-thread-under-permalink-post"
_URL = json.loads((_FIXTURE / "options.json").read_text())["url"]
_COMMENT = "Chez moi c'est pareil tous les ans"
_STORY = "Le premier semis de tomates a fondu en trois jours"


def _blog() -> str:
    return (_FIXTURE / "page.html").read_text(encoding="utf-8")


def _texts(html: str, url: str = _URL) -> str:
    texts = convert(html, url=url, scope="main").markdown
    assert _STORY in texts
    return texts


def _without_post_classes(html: str) -> str:
    return (html.replace('<div class="post">', '<div class="topic">')
            .replace('<div class="entry">', '<div class="text">')
            .replace('class="single single-post"', ""))


def _replies_root(html: str) -> str:
    return (html.replace('<div id="comments" class="comment-wrapper">',
                         '<div id="replies" class="reply-wrapper">')
            .replace('<ol class="commentlist">', '<ol class="replylist">'))


def test_a_blog_s_comments_under_its_dated_permalink_go():
    assert _COMMENT not in _texts(_blog())


def test_a_thread_named_comments_goes_without_post_classes():
    assert _COMMENT not in _texts(_without_post_classes(_blog()))


def test_a_thread_under_a_post_s_element_goes_whatever_its_name():
    assert _COMMENT not in _texts(_replies_root(_blog()))


def test_replies_under_a_dated_url_without_blog_markup_stay():
    assert _COMMENT in _texts(_replies_root(_without_post_classes(_blog())))


def test_without_a_day_in_the_address_the_comments_stay():
    assert _COMMENT in _texts(_blog(), url="https://carnet-de-jardin.example/semis-de-tomates/")


def test_a_page_that_declares_a_discussion_keeps_its_thread_under_a_dated_url():
    forum = ('<script type="application/ld+json">{"@context": "https://schema.org", '
             '"@type": "DiscussionForumPosting", "headline": "Semis de tomates"}</script>'
             "</head>")
    assert _COMMENT in _texts(_blog().replace("</head>", forum, 1))


_NEWS = Path(__file__).parent / "pages" / "news--comment-section-named-beyond-english"
_NEWS_URL = json.loads((_NEWS / "options.json").read_text())["url"]
_READER = "Por fin, tres meses dando la vuelta."


@pytest.mark.parametrize("name", ["comentarios", "kommentare", "kommentarer", "commentaires",
                                  "commenti", "reacties", "komentarze", "komentare",
                                  "yorumlar"])
def test_a_comment_section_named_in_the_plural_goes(name):
    html = (_NEWS / "page.html").read_text(encoding="utf-8")
    html = html.replace('id="comentarios_lectores"', f'id="{name}"')
    assert _READER not in convert(html, url=_NEWS_URL, scope="main").markdown


@pytest.mark.parametrize("name", ["kommentar", "reactie", "commento", "yorum", "komentar"])
def test_a_box_named_in_the_singular_is_not_a_comment_section(name):
    html = (_NEWS / "page.html").read_text(encoding="utf-8")
    html = html.replace('id="comentarios_lectores"', f'id="{name}"')
    assert _READER in convert(html, url=_NEWS_URL, scope="main").markdown


def test_a_thread_under_the_story_s_article_body_goes_whatever_its_name():
    html = _replies_root(_without_post_classes(_blog()))
    html = html.replace('<div class="text">', '<div class="text" itemprop="articleBody">')
    assert _COMMENT not in _texts(html)
