"""Lone calls to action on pages that declare no product: a short link on its own line.

Landing, service and shop pages end their sections with one link on a line of its
own: "Learn more", "Sign up for free", "See all reviews". It is a way to another
page, not a word of this one. The lone-link shape (`lone_links`: a line that is a
link, whose neighbours with words are not; not a grid's repeated titles; none when
such lines hold more than a quarter of the main content's words) is narrowed here,
since a page that declares no product may be anything: a paragraph of one short link
that closes the text above it. So these stay:
- list items (a list's entry: a lesson, a thread, a product), lines of several links
  (downloads set one under another with `<br>`), longer links (an author's sentence
  linked to its source), an address shown as the link's text (a URL, an e-mail), a
  label ending in a colon, which introduces the text after it;
- a link with no text above it to close: right under a heading (a byline, a kicker,
  a section's first entry), or under a line ending in a colon, which introduces it
  ("For the defaults, see:");
- a link that opens its container, followed there by a paragraph: a card's title (an
  event, a post, a person), the card's text under it;
- an answer: a link in a definition list's <dd> or inside <details>;
- a link to a file (a PDF, an archive, an installer): what the page exists to deliver.
"""
from __future__ import annotations

import re

from ..model import Block, BlockKind
from .lone_links import lone_links, main_lines
from .name_guards import file_extension, links_to_file
from .sections import link_texts
from .tuning import LONE_CALL_CARD_MIN_WORDS, LONE_CALL_MAX_CHARS, LONE_CALL_MAX_WORDS
from .vocabulary import PICTURE_EXTENSIONS

LONE_CALL_REASON = ("a lone call to action: one short link on a line of its own among the "
                    "page's text (a way to another page)")

_PARAGRAPH = BlockKind.PARAGRAPH
_HEADING = BlockKind.HEADING
# What an address shown as a link's text holds: a host's "www.", a path's slash (and
# a scheme's), an e-mail's @.
_ADDRESS_MARKS = ("www.", "/", "@")
# A line that introduces what follows it: a colon, Latin or full-width.
_INTRODUCING = (":", "：")
# A footnote's line ("[^5]: [Source](…)"), and a link set in bold, which names a term
# or an entry (an API's "createItem(data)") as a heading would.
_FOOTNOTE_MARK = "[^"
_BOLD, _BOLD_LINK = "**", "[**"
# Where an answer stands: a definition list's description, a disclosure's body.
_ANSWER_STEPS = ("/dd[", "/details[")
# A Markdown link's address: "](address" up to a space or the closing parenthesis.
_HREF = re.compile(r"\]\(([^)\s]+)")


def lone_call_links(blocks: list[Block], words: list[int], linked: list[int],
                    product_page: bool) -> list[int]:
    """Indices of the lone links (`lone_links`) that are a paragraph holding one link
    of at most LONE_CALL_MAX_WORDS words and LONE_CALL_MAX_CHARS characters, closing
    the text above it (see the module's docstring for what stays); none on a product
    page (`lone_links` runs there unnarrowed)."""
    if product_page:
        return []
    lone = set(lone_links(blocks, words, linked))
    lines = main_lines(blocks, words)
    calls = []
    for n, i in enumerate(lines):
        block = blocks[i]
        if (i not in lone or block.kind != _PARAGRAPH or words[i] > LONE_CALL_MAX_WORDS
                or len(block.text.strip()) > LONE_CALL_MAX_CHARS or n == 0):
            continue
        above = blocks[lines[n - 1]]
        below = lines[n + 1] if n + 1 < len(lines) else None
        if (_closes(above) and not _opens_card(blocks, words, i, above, below)
                and _is_call(block)):
            calls.append(i)
    return calls


def _closes(above: Block) -> bool:
    """Whether a link under `above` may close it: not a heading's first line, not a
    line that introduces the link."""
    return above.kind != _HEADING and not above.text.rstrip().endswith(_INTRODUCING)


def _opens_card(blocks: list[Block], words: list[int], i: int, above: Block,
                below: int | None) -> bool:
    """Whether the link at `i` is the first line of its container (the parent of its
    element) and a paragraph of LONE_CALL_CARD_MIN_WORDS words or more follows it there:
    a card's title, its text under it."""
    if below is None or blocks[below].kind != _PARAGRAPH or words[below] < LONE_CALL_CARD_MIN_WORDS:
        return False
    element = blocks[i].xpath
    if element.rsplit("/", 1)[-1].startswith("a["):
        element = element.rsplit("/", 1)[0]
    container = element.rsplit("/", 1)[0] + "/"
    return blocks[below].xpath.startswith(container) and not above.xpath.startswith(container)


def _is_call(block: Block) -> bool:
    """One link of its own line: not a footnote, not an answer, not part of a list
    entry's or a quote's or callout's body, not set in bold as a term, not a file, and
    its text neither an address nor a label."""
    if block.body_of or block.quoted or block.quote_of or block.callout:
        return False
    if any(step in block.xpath for step in _ANSWER_STEPS):
        return False
    rich = block.rich_text.strip()
    if rich.startswith(_FOOTNOTE_MARK) or rich.startswith(_BOLD) or rich.startswith(_BOLD_LINK):
        return False
    if len(link_texts(block)) != 1 or _links_a_file(rich):
        return False
    text = block.text.strip()
    return (not text.endswith(_INTRODUCING)
            and not any(mark in text.lower() for mark in _ADDRESS_MARKS))


def _links_a_file(rich: str) -> bool:
    """Whether the line's link fetches a file (`name_guards.links_to_file`) other than a
    picture (a larger copy: "View this figure")."""
    hrefs = _HREF.findall(rich)
    return (bool(hrefs) and links_to_file(hrefs[-1])
            and file_extension(hrefs[-1]) not in PICTURE_EXTENSIONS)
