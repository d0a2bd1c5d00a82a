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

from ..model import Block
from .sections import common_element, is_title
from .tuning import STORY_HEADLINE_MIN_WORDS

# Each story is an <article>: HTML's element for a self-contained composition. A
# page's sections, each under its own <h1>, are <section>s or <div>s.
STORY_STEP = "article["


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
