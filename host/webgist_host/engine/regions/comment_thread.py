"""Readers' comments under a dated story: however long the thread, the story is the content.

Comments are kept when they are the page's bulk (belief.comments_are_content), and a
comment mark on an element holding much of the page is not believed: on a forum the
posts are named "comment" or "reply" and are the content. Under a short dated story
a long thread outweighs the text in the same way, and the story is then lost to the
thread (the container walks into the comment list). What tells the two apart is how
the page is built: a forum's first post is written into an element of the same class
as its replies' (`div.content`, `.markdown`, the editor's class), while a story's text
stands in the article's own element (`entry-content`, bare paragraphs) and the
replies in the comments' own (`comment-content`). And a story's head says it is
an article (og:type, JSON-LD), a forum's or a Q&A site's does not.
"""
from __future__ import annotations

from typing import NamedTuple

from ..dom.nodes import TreeIndex
from ..model import Block, Widget
from .belief import Placement
from .marks import Context, MarkKind, MarkSource
from .tuning import BODY_KINDS, DROPPED_WIDGETS, SENTENCE_MIN_WORDS
from .vocabulary import BLOG_COMMENT_ROOT_WORDS, POST_CLASS_WORDS, words_of_value

_COMMENTS = Widget.COMMENTS
_WIDGET = MarkSource.WIDGET


class Thread(NamedTuple):
    """The readers' thread under a story: its blocks' indices, the story's sentences',
    and the path of the heaviest element named as comments."""

    blocks: list[int]
    story: list[int]
    root: str = ""


NO_THREAD = Thread([], [])


def thread_after_story(tree: TreeIndex, blocks: list[Block], contexts: list[Context],
                       placements: list[Placement], weights: list[int]) -> Thread:
    """The blocks inside elements named as comments that stand after the page's
    text, and the text's sentences (`Thread`), when that text holds a sentence
    (SENTENCE_MIN_WORDS words outside links, in a paragraph outside page chrome,
    dropped widgets and the thread) before the heaviest of those elements, and no
    element holding the story's sentences shares a class with one holding the
    thread's (the replies are not built like the post); NO_THREAD otherwise. The
    caller asks on dated pages that say they are articles (a forum's head says
    "website" or declares a discussion), and under a permalink that carries its day
    only when `blog_thread` says the markup is a blog's."""
    roots: dict[str, list[int]] = {}         # outermost comment-named element -> its blocks
    root_of: dict[int, str] = {}
    for i, context in enumerate(contexts):
        if placements[i].chrome is not None:
            continue
        root = next((path for path, source, kind in context.marks
                     if source == _WIDGET and kind == _COMMENTS), None)
        if root is not None:
            roots.setdefault(root, []).append(i)
            root_of[i] = root
    if not roots:
        return NO_THREAD
    root = max(roots, key=lambda path: sum(weights[i] for i in roots[path]))
    heaviest = roots[root]
    in_roots = {i for inside in roots.values() for i in inside}
    story = [i for i in range(heaviest[0])
             if i not in in_roots and _sentence(blocks[i], placements[i], weights[i])]
    if not story:
        return NO_THREAD
    thread = sorted(i for i in in_roots if i > story[-1])
    # Every reply's text is asked, short ones too: a social post's replies are a line.
    replies = [i for i in thread if blocks[i].kind in BODY_KINDS]
    if _built_alike(tree, blocks, story, {i: root_of[i] for i in replies}):
        return NO_THREAD
    return Thread(thread, story, root)


def blog_thread(tree: TreeIndex, blocks: list[Block], contexts: list[Context],
                thread: Thread) -> bool:
    """Whether the thread is a blog's comments under its post, as its markup says: the
    element holding it is named for comments in the plural or as a list of them
    (`#comments`, `.commentlist`, `#disqus_thread`, `.kommentare`), or the story's
    text stands in a post's element (`.entry-content`, `.hentry`, `.post`,
    `itemprop=articleBody`). A forum's replies (`.replies > .reply`, `.discussion`)
    under a question in `.question` or `.topic` show neither."""
    last = thread.story[-1]
    found = tree.elements_at({thread.root, blocks[last].xpath})
    if any(words_of_value(" ".join(filter(None, (el.get("id"), el.get("class")))))
           & BLOG_COMMENT_ROOT_WORDS for el in found.get(thread.root, ())):
        return True
    if any(kind == MarkKind.ARTICLE_BODY for _, _, kind in contexts[last].marks):
        return True
    for el in found.get(blocks[last].xpath, ()):
        for ancestor in el.iterancestors():
            if tree.tags.get(ancestor) in ("body", "html"):
                break
            if words_of_value(tree.class_values.get(ancestor) or "") & POST_CLASS_WORDS:
                return True
    return False


def _sentence(block: Block, placement: Placement, weight: int) -> bool:
    return (block.kind in BODY_KINDS and weight >= SENTENCE_MIN_WORDS
            and placement.chrome is None and placement.widget not in DROPPED_WIDGETS)


def _built_alike(tree: TreeIndex, blocks: list[Block], story: list[int],
                 replies: dict[int, str]) -> bool:
    """Whether a class of the elements holding the story's sentences (each block's
    element and its parent) is also a class of the thread's: of an element holding
    a reply, from inside the reply's own element up to the outermost element named
    as comments, `replies[i]` (a forum's first post written as its replies are, or
    its summary set in a box built as the thread's)."""
    found = tree.elements_at({blocks[i].xpath for i in (*story, *replies)})
    story_names: set[str] = set()
    for i in story:
        for el in found.get(blocks[i].xpath, ()):
            story_names.update(_classes(tree, el))
            story_names.update(_classes(tree, el.getparent()))
    if not story_names:
        return False
    for i, root in replies.items():
        steps = blocks[i].xpath.count("/") - root.count("/")
        for el in found.get(blocks[i].xpath, ()):
            # A reply's block is often the whole list item holding its text.
            if any(not story_names.isdisjoint(_classes(tree, inner)) for inner in el.iter()):
                return True
            for _ in range(steps):
                el = el.getparent()
                if el is None:
                    break
                if not story_names.isdisjoint(_classes(tree, el)):
                    return True
    return False


def _classes(tree: TreeIndex, el) -> list[str]:
    value = tree.class_values.get(el) if el is not None else None
    return value.split() if value else []
