"""Readers' comments under a dated story go however long; a forum's replies stay."""
from __future__ import annotations

import pytest

from webgist_host import convert

DATED = '<meta property="article:published_time" content="2019-05-09T07:45:00+02:00">'
ARTICLE = '<meta property="og:type" content="article">' + DATED
WEBSITE = '<meta property="og:type" content="website">' + DATED
STORY = ["The pool opens a week late this year because a filter pump failed when it was filled.",
         "Season tickets bought before the delay stay valid one week longer, until September."]
# Distinct replies (repeats would go as repeats), under no heading ("8 comments" heads a
# furniture section of its own).
REPLIES = [f"Every spring the same story with the pool on {street} Street, and every spring "
           f"the town says it could not have known, which {who} here believes any more."
           for street, who in zip(("Elm", "Oak", "Mill", "Bridge", "Church", "Station"),
                                  ("nobody", "no neighbour", "no parent", "no swimmer",
                                   "no shopkeeper", "no pensioner"))]


def page(*, text_class: str, reply_class: str, head: str = ARTICLE) -> str:
    story = "".join(f"<p>{p}</p>" for p in STORY)
    thread = "".join(f'<li class="comment"><div class="{reply_class}"><p>{r}</p></div></li>'
                     for r in REPLIES)
    return f"""<html><head>{head}</head><body><main>
      <article><h1>Pool opens late</h1><div class="{text_class}">{story}</div></article>
      <div id="comments"><ol class="comment-list">{thread}</ol></div>
      </main></body></html>"""


def texts(html: str) -> list[str]:
    return [b.text for b in convert(html, scope="main").blocks]


def test_a_thread_outweighing_a_dated_story_goes_and_the_story_stays():
    kept = texts(page(text_class="entry-content", reply_class="comment-content"))
    assert kept == ["Pool opens late", *STORY]


@pytest.mark.parametrize("text_class, reply_class, head", [
    ("markdown", "markdown", ARTICLE),                  # the first post built as the replies
    ("entry-content", "comment-content", WEBSITE),      # a forum's head: not an article
    ("entry-content", "comment-content", DATED),        # no type declared
    ("entry-content", "comment-content", '<meta property="og:type" content="article">'),  # undated
])
def test_a_thread_stays_where_it_is_the_content(text_class, reply_class, head):
    kept = texts(page(text_class=text_class, reply_class=reply_class, head=head))
    assert STORY[0] in kept and REPLIES[0] in kept and REPLIES[-1] in kept
