"""Lone calls to action on pages that declare no product: a short link on its own line.

Landing, service and shop pages end their sections with one link on a line of its
own: "Learn more", "Sign up for free", "Download PDF", "See all reviews". It is a way
to another page, not a word of this one. The lone-link shape (`lone_links`: a line
that is a link, whose neighbours with words are not; not a grid's repeated titles;
not on a page made mostly of links) is narrowed here, since a page that declares no
product may be anything: a paragraph of one link of a few words that closes the
text above it. List items stay (a list's entry: a lesson, a thread, a product), so
do lines of several links (downloads set one under another with `<br>`), longer
links (an author's sentence linked to its source), an address shown as the link's
text (a URL, an e-mail), a label ending in a colon, which introduces the text after
it, and a link right under a heading (a byline, a kicker, a section's first entry).
"""
from __future__ import annotations

from ..model import Block, BlockKind
from .lone_links import lone_links
from .sections import link_texts
from .tuning import LONE_CALL_MAX_WORDS, WEIGHTLESS_KINDS

LONE_CALL_REASON = ("a lone call to action: one short link on a line of its own among the "
                    "page's text (a way to another page)")

_PARAGRAPH = BlockKind.PARAGRAPH
_HEADING = BlockKind.HEADING
# What an address shown as a link's text holds: a scheme, a host's "www.", a path's
# slash, an e-mail's @.
_ADDRESS_MARKS = ("://", "www.", "/", "@")
# A footnote's line ("[^5]: [Source](…)"), and a link set in bold, which names a term
# or an entry (an API's "createItem(data)") as a heading would.
_FOOTNOTE_MARK = "[^"
_BOLD, _BOLD_LINK = "**", "[**"


def lone_call_links(blocks: list[Block], words: list[int], linked: list[int],
                    declares_product: bool) -> list[int]:
    """Indices of the lone links (`lone_links`) that are a paragraph holding one link
    of at most LONE_CALL_MAX_WORDS words, neither an address nor a label; none on a
    page that declares a product (`lone_links` runs there unnarrowed)."""
    if declares_product:
        return []
    lone = set(lone_links(blocks, words, linked))
    calls, above = [], None
    for i, block in enumerate(blocks):
        if not block.in_main or words[i] == 0 or block.kind in WEIGHTLESS_KINDS:
            continue
        # A call closes the text above it; a link right under a heading is the
        # section's byline, kicker or first entry.
        if (i in lone and block.kind == _PARAGRAPH and words[i] <= LONE_CALL_MAX_WORDS
                and above is not None and above.kind != _HEADING and _is_call(block)):
            calls.append(i)
        above = block
    return calls


def _is_call(block: Block) -> bool:
    """One link of its own line: not a footnote, not part of a list entry's or a
    quote's or callout's body, not set in bold as a term, and its text neither an
    address nor a label."""
    if block.body_of or block.quoted or block.quote_of or block.callout:
        return False
    rich = block.rich_text.strip()
    if rich.startswith(_FOOTNOTE_MARK) or rich.startswith(_BOLD) or rich.startswith(_BOLD_LINK):
        return False
    if len(link_texts(block)) != 1:
        return False
    text = block.text.strip()
    return not text.endswith(":") and not any(mark in text.lower() for mark in _ADDRESS_MARKS)

