"""The run of links to the site's other pages that closes the main content.

Blogs, guides and service pages end the text with the site's own reading list: a
"More guides", "Learn more in our series:" or "If you liked this, you might also
like:" line over three or more linked headlines, or the headlines alone, as a list,
as linked headings or as lines with a picture each. Nothing of the text follows. The
series rules (sections.py, site_series.py) read such lists by their sibling
structure and stand down on undated pages unless each item is a card; this one reads
the position instead, in any language (no words are read):

- the run is the last thing in the main content, made only of lines that are mostly
  a link, short lines (a label, a number, a date) and pictures;
- three or more of its lines are linked headlines (HEADLINE_MIN_WORDS or more
  words), and most of its linked lines lead to other pages of the site: an author's
  closing list of sources leads to other sites, a table of contents to places here;
- on a page without a published date, none of its lines is a linked sentence (a
  landing page's feature cards and a service page's blog teasers link their teaser
  lines too, and are its content); a dated story's related list may link long
  headlines and teasers;
- the article before it has paragraphs of its own (article_paragraphs) and twice the
  run's words outside links: a listing or a page of cards is its links.

The run goes, and the label right above it: a short heading, or a short line that
ends in a colon or is as short as the run's short lines.
"""
from __future__ import annotations

from ..model import Block, BlockKind
from .sections import article_paragraphs
from .site_links import host_of, links_within
from .tuning import (CLOSING_LABEL_MAX_WORDS, CLOSING_LINKS_MAX_SHARE, CLOSING_LINKS_MIN_SITE,
                     CLOSING_SENTENCE_MIN_WORDS, CLOSING_SHORT_MAX_WORDS, HEADLINE_MIN_LINKED,
                     HEADLINE_MIN_WORDS, TEASER_LEAD_MIN_LINKED, WEIGHTLESS_KINDS)

_HEADING = BlockKind.HEADING
_PARAGRAPH = BlockKind.PARAGRAPH


def closing_site_links(blocks: list[Block], words: list[int], weights: list[int],
                       linked: list[int], dated: bool, address: str | None) -> list[int]:
    """Indices of the main-content blocks of the closing run of site links, with the
    label right above it; [] when the main content does not end so."""
    kept = [i for i, block in enumerate(blocks) if block.in_main]
    start = len(kept)
    while start > 0 and _in_run(blocks[kept[start - 1]], words[kept[start - 1]],
                                linked[kept[start - 1]]):
        start -= 1
    run = kept[start:]
    mostly_linked = [i for i in run if words[i] and linked[i] >= TEASER_LEAD_MIN_LINKED * words[i]]
    headlines = [i for i in mostly_linked
                 if words[i] >= HEADLINE_MIN_WORDS and linked[i] >= HEADLINE_MIN_LINKED * words[i]]
    if len(headlines) < 3 or (not dated and any(words[i] >= CLOSING_SENTENCE_MIN_WORDS
                                                for i in headlines)):
        return []
    site = host_of(address or "")
    within = sum(1 for i in mostly_linked if links_within(blocks[i].rich_text, site))
    if within < CLOSING_LINKS_MIN_SITE * len(mostly_linked):
        return []
    before = kept[:start]
    prose = sum(weights[i] for i in before)
    if (not article_paragraphs(blocks, before, weights)
            or sum(words[i] for i in run) > CLOSING_LINKS_MAX_SHARE * prose):
        return []
    found = list(run)
    if _is_label(blocks[before[-1]], words[before[-1]]):
        found.append(before[-1])
    return sorted(found)


def _is_label(block: Block, words: int) -> bool:
    """Whether the line right above the run labels it: a short heading ("More guides"),
    or a short line that ends in a colon ("If you liked this, you might also like:")
    or is as short as a short line of the run. A short sentence of the text's own
    ("Thanks for reading, see you next week.") is not."""
    if not 0 < words <= CLOSING_LABEL_MAX_WORDS:
        return False
    if block.kind == _HEADING:
        return True
    return block.kind == _PARAGRAPH and (block.text.rstrip(" *_").endswith(":")
                                         or words <= CLOSING_SHORT_MAX_WORDS)


def _in_run(block: Block, words: int, linked_words: int) -> bool:
    """Whether a block can stand in the closing run: a picture or a rule, a short
    line, or a line mostly made of a link."""
    return (block.kind in WEIGHTLESS_KINDS or words <= CLOSING_SHORT_MAX_WORDS
            or linked_words >= HEADLINE_MIN_LINKED * words)
