"""The story's own header band, named "header", inside the main content.

News CMSes wrap the headline and its dateline in an element named for the article's
header ("read__header", "art-header", "article-header") outside any `<article>` or
`<main>`: the naming rule reads it as the site's header, and the `<h1>` goes as page
chrome. A site's header never stands inside the container the text weight chose, and
its `<h1>` (a logo) does not say the page's title. So an `<h1>` dropped as a page
header beside the text (inside the container's parent), before the main content's
first block, whose words are the page's title (as the metadata gives it, the site's
name cut off), is the story's headline. Only the headline comes back: the dateline beside it is the byline rule's.

Q&A sites set the question's title so ("question-header"), as a link to the page
itself, with an "Ask" call in the band and the asked / viewed line after it. A logo
links to the site's root, an index file or a language's root, never to the page it
is on; so an `<h1>` linked to this very page (its address or canonical one) and
saying words of its title is the page's title wherever the text starts, unless it
stands in the site's banner (a `<header>` holding a `<nav>`): at a permalink ending in
"/" a logo linked to "./" links to the page too, whatever its name's length. A saved page
with no address has only its `<title>`: there the heading must be one whole piece
of it (the title holds more: a tag, the site's name) and its link a page's slug.
"""
from __future__ import annotations

import re
from typing import Callable
from urllib.parse import unquote, urlsplit

from ..model import Block, BlockKind
from ..page_title import TITLE_SEPARATOR
from .paths import step_tag
from .sections import is_title
from .tuning import HEADLINE_MIN_WORDS
from ..words import word_count

# The site's banner: a <header> element holding a <nav> (_in_banner).
_BANNER_TAG = "header"
_NAV_STEP = "/nav["
# A Markdown link's destination in a block's rich text.
_LINK_TARGET = re.compile(r"\]\(<?([^)\s>]*)")
# Where a logo links: a site's root, an index file or a language's root ("en") has no
# slug's mark and is never taken for a page's slug (_SLUG_MARK); a language's root
# with its region ("pt-br", "zh_Hans") has one.
_LANGUAGE_ROOT = re.compile(r"[a-z]{2}[-_][a-z]{2,4}", re.IGNORECASE)
# A page's own slug or id ("why-is-x-bad", "21553327", "post_12.html", "冬の長雨":
# a step in letters beyond ASCII, where slugs are seldom transliterated), not a
# section's one word ("blog", "news").
_SLUG_MARK = re.compile(r"[-_\d]|[^\W\x00-\x7f]")


def _normal(text: str) -> str:
    return " ".join(text.split()).casefold()


def headline_in_header(blocks: list[Block], header_dropped: Callable[[int], bool],
                       band: str, title: str | None, address: str | None = None) -> list[int]:
    """Index of the `<h1>` to bring back (at most one): dropped as a page header
    (`header_dropped`), beside the text (under `band`, the container's parent's path
    with a closing "/"), before the first main-content block, saying the page's
    `title`, or linked to the page itself (`address`, see the module's note);
    [] when the main content has an `<h1>`."""
    # (An <h1> quoted in the text, an answer citing the question, is not its title.)
    if not title or any(b.in_main and is_title(b) and not b.quoted for b in blocks):
        return []
    first_main = next((i for i, b in enumerate(blocks) if b.in_main), len(blocks))
    own = _own_title(blocks, header_dropped, band, title, address, first_main)
    if own is not None:
        return [own]
    # Main content that opens with a heading has its headline already: an <h1>
    # before it is the site's name (a classic theme's h1.site-title over the
    # post's h2.entry-title), whatever the metadata takes for the title.
    if first_main < len(blocks) and blocks[first_main].kind is BlockKind.HEADING:
        return []
    wanted = _normal(title)
    for i in range(first_main):
        if is_title(blocks[i]) and blocks[i].xpath.startswith(band) and header_dropped(i):
            text = _normal(blocks[i].text)
            # A headline's words, half the title's at least, not a link home: a
            # logo's name is short or links, and the metadata may take it for the
            # title when the <h1> says it.
            said = (text and "](" not in blocks[i].rich_text and text in wanted
                    and len(text.split()) >= HEADLINE_MIN_WORDS
                    and 2 * len(text.split()) >= len(wanted.split()))
            # Between it and the text only its band's own lines (a dateline, a
            # byline), none of them links: a site's header goes on with its menu.
            own_band = blocks[i].xpath.rsplit("/", 1)[0] + "/"
            alone = all(blocks[j].xpath.startswith(own_band) and "](" not in blocks[j].rich_text
                        for j in range(i + 1, first_main))
            return [i] if said and alone else []
    return []


def _own_title(blocks: list[Block], header_dropped: Callable[[int], bool], band: str,
               title: str, address: str | None, first_main: int) -> int | None:
    """The first `<h1>` before the main content, dropped as a page header beside the
    text, when it is the page's title by its link: to this page itself (with an
    address), or to a slug with its words a whole piece of the `<title>` (without)."""
    first = next((i for i in range(first_main) if is_title(blocks[i])), None)
    if first is None or not header_dropped(first):
        return None
    block = blocks[first]
    targets = _LINK_TARGET.findall(block.rich_text)
    text = _normal(block.text)
    if not targets or not text or any(_links_root(t) for t in targets):
        return None
    # Linked to the page itself, it is the page's title wherever it stands (the
    # container may have taken the answers' box, the question's band beside it),
    # when its words are in the title, and it is not the site's banner's: a logo
    # linked to "./" at a permalink ending in "/" is linked to the page itself, and
    # the metadata may take its name for the title.
    if address:
        here = all(_same_page(t, address) for t in targets)
        said = text in _normal(title) and not _in_banner(blocks, first)
        return first if here and said else None
    if not block.xpath.startswith(band):
        return None
    pieces = [_normal(p) for p in re.split(TITLE_SEPARATOR, title)]
    slugs = all(_SLUG_MARK.search(_steps(t)[-1]) for t in targets)
    said = (len(pieces) > 1 and text in pieces
            and word_count(text) >= HEADLINE_MIN_WORDS)
    return first if slugs and said else None


def _in_banner(blocks: list[Block], at: int) -> bool:
    """Whether blocks[at] stands in a `<header>` that also holds a `<nav>`: the site's
    banner, its logo beside its menu (WordPress's header#masthead around
    nav#site-navigation). A question's band holds its title and an "Ask" call, and a
    site's top bar with its menu stands apart from it, before it."""
    steps = blocks[at].xpath.split("/")
    bands = ["/".join(steps[:k + 1]) + "/" for k in range(1, len(steps) - 1)
             if step_tag(steps[k]) == _BANNER_TAG]
    return any(b.xpath.startswith(band) and _NAV_STEP in b.xpath[len(band) - 1:]
               for band in bands for b in blocks)


def _steps(url: str) -> list[str]:
    """The path's steps, percent-decoded ([""] for the root)."""
    try:
        path = urlsplit(url).path
    except ValueError:
        return [""]
    return [unquote(s) for s in path.split("/") if s] or [""]


def _links_root(url: str) -> bool:
    """Whether `url` is a language's root with its region, where a logo links and
    whose step has a slug's mark (see _LANGUAGE_ROOT)."""
    steps = _steps(url)
    return len(steps) == 1 and _LANGUAGE_ROOT.fullmatch(steps[0]) is not None


def _same_page(url: str, address: str) -> bool:
    """Whether `url` points to the page at `address`, a page's own slug or id (not a
    section's word, "/blog/"): the same host and path, or the same path up to an id
    ("/questions/123/") with another slug after it."""
    try:
        link, page = urlsplit(url), urlsplit(address)
    except ValueError:
        return False
    if link.fragment or (link.hostname and page.hostname
                         and link.hostname.removeprefix("www.") != page.hostname.removeprefix("www.")):
        return False
    ours, theirs = _steps(url), _steps(address)
    if not _SLUG_MARK.search(ours[-1]):
        return False
    return ours == theirs or (
        len(ours) >= 2 and ours[:-1] == theirs[:-1] and ours[-2].isdigit()
        and _SLUG_MARK.search(theirs[-1]) is not None)
