"""The page's own story when the markup holds several, one after another.

News sites that scroll on from one story into the next often write the next story
(or several) into the page below the first, each as the same kind of element with
its own headline. The page is the story whose headline is the page's title. By
shape and metadata, in any language: two or more main-content headlines of level
1, each in its own <article> below their common parent, exactly one of them said
by the page's title, and that one first; what follows its headline under the
common parent and outside its <article> goes.
"""
from __future__ import annotations

from typing import NamedTuple

from ..model import Block, BlockKind, Widget
from .belief import Placement
from .marks import Context, MarkSource
from .sections import common_element, is_title
from .tuning import BODY_KINDS, SENTENCE_MIN_WORDS, STORY_HEADLINE_MIN_WORDS

# Each story is an <article>: HTML's element for a self-contained composition. A
# page's sections, each under its own <h1>, are <section>s or <div>s.
STORY_STEP = "article["
# A story written below the page's own holds at least this many sentences
# (SENTENCE_MIN_WORDS words outside links): a teaser card holds a line.
STORY_MIN_SENTENCES = 2


def other_stories(blocks: list[Block], title: str | None) -> list[int]:
    """Indices of the main-content blocks of the stories that are not the page's."""
    page_title = _folded(title or "")
    if not page_title:
        return []
    headlines = [i for i, block in enumerate(blocks)
                 if block.in_main and is_title(block)]
    if len(headlines) < 2:
        return []
    own = [i for i in headlines if _said_by(blocks[i].text, page_title)]
    if len(own) != 1:
        return []
    parent = common_element(blocks[i].xpath for i in headlines) + "/"
    stories = [_child_of(parent, blocks[i].xpath) for i in headlines]
    if len(set(stories)) != len(stories) or not all(
            story[len(parent):].startswith(STORY_STEP) for story in stories):
        return []       # not a run of <article>s, one headline each (a page's sections)
    story = _child_of(parent, blocks[own[0]].xpath)
    if story != stories[0]:
        return []                   # the next stories come below the page's own
    return [i for i in range(own[0], len(blocks))
            if blocks[i].in_main and blocks[i].xpath.startswith(parent)
            and not (blocks[i].xpath + "/").startswith(story)]


def _child_of(parent: str, xpath: str) -> str:
    """The path of the element right below `parent` that holds `xpath`, with a slash."""
    return parent + xpath[len(parent):].split("/", 1)[0] + "/"


def _folded(text: str) -> str:
    return " ".join(text.casefold().split())


def _said_by(headline: str, page_title: str) -> bool:
    """Whether the page's title says the headline (titles add the site's name)."""
    folded = _folded(headline)
    return len(folded.split()) >= STORY_HEADLINE_MIN_WORDS and folded in page_title


class OwnStory(NamedTuple):
    """The <article> holding the page's own story, and the blocks of the stories
    written below it."""

    article: str
    others: list[int]


def own_story(blocks: list[Block], weights: list[int], linked: list[int],
              title: str | None) -> OwnStory | None:
    """Where a page that scrolls on into its next stories holds its own: the first of
    two or more <article>s (none inside another), each opening with an unlinked
    headline of any level and holding STORY_MIN_SENTENCES sentences or more, whose
    headline alone the page's title says. The next story is often longer than the
    page's own, and text weight alone takes it for the content. None when the page
    holds no such run (a teaser card's headline is a link, and holds a line)."""
    page_title = _folded(title or "")
    if not page_title:
        return None
    first_heading: dict[str, int] = {}
    first_sentence: dict[str, int] = {}
    sentences: dict[str, int] = {}
    members: dict[str, list[int]] = {}
    for i, block in enumerate(blocks):
        article = _article_of(block.xpath)
        if article is None:
            continue
        members.setdefault(article, []).append(i)
        if block.kind == BlockKind.HEADING:
            first_heading.setdefault(article, i)
        elif block.kind in BODY_KINDS and weights[i] >= SENTENCE_MIN_WORDS:
            first_sentence.setdefault(article, i)
            sentences[article] = sentences.get(article, 0) + 1
    stories = [article for article, i in first_heading.items()
               if not linked[i] and sentences.get(article, 0) >= STORY_MIN_SENTENCES
               and first_sentence[article] > i]
    if len(stories) < 2 or _nested(stories):
        return None
    said = [article for article in stories
            if _said_by(blocks[first_heading[article]].text, page_title)]
    if said != stories[:1]:
        return None
    return OwnStory(stories[0], [i for article in stories[1:] for i in members[article]])


def _nested(articles: list[str]) -> bool:
    """Whether one of the <article> paths holds another (each asked of its own
    ancestors that are <article>s, not of every other path)."""
    known = set(articles)
    for path in articles:
        at = path.rfind("/" + STORY_STEP)
        while at > 0:
            at = path.rfind("/" + STORY_STEP, 0, at)
            if at == -1:
                break
            end = path.find("/", at + 1)
            if path[:end] in known:
                return True
    return False


def _article_of(xpath: str) -> str | None:
    """The path of the innermost <article> holding the block at `xpath`, or None."""
    at = xpath.rfind("/" + STORY_STEP)
    if at == -1:
        return None
    end = xpath.find("/", at + 1)
    return xpath if end == -1 else xpath[:end]


def story_named_as_ad(blocks: list[Block], placements: list[Placement],
                      contexts: list[Context], weights: list[int]) -> list[int]:
    """Indices of the blocks placed in an ad only for an element named as one that
    holds the page's headline (an `<h1>`) and STORY_MIN_SENTENCES sentences
    (SENTENCE_MIN_WORDS words outside links) after it: a partner's paid story
    ("is-sponsored", "sponsored-content"), which an ad box never is. For dated pages
    that say they are articles (the caller's test)."""
    held: dict[str, list[int]] = {}
    for i, context in enumerate(contexts):
        if placements[i].widget != Widget.AD:
            continue
        ad = next((path for path, source, kind in reversed(context.marks)
                   if source == MarkSource.WIDGET and kind == Widget.AD), None)
        if ad is not None:
            held.setdefault(ad, []).append(i)
    story: list[int] = []
    for inside in held.values():
        title = next((i for i in inside if is_title(blocks[i])), None)
        if title is not None and sum(_is_sentence(blocks[i], weights[i])
                                     for i in inside if i > title) >= STORY_MIN_SENTENCES:
            story += inside
    return story


def _is_sentence(block: Block, weight: int) -> bool:
    return block.kind in BODY_KINDS and weight >= SENTENCE_MIN_WORDS
