"""Sections a page titles as furniture: "Related posts", "Customer reviews", "Share this".

A heading whose words name page furniture starts a section that runs until the
next heading of the same or a higher rank; everything in it is furniture too. This
catches what class names miss: WCXB's product and article references leave these
sections out, and on the dev split they were the largest source of extra words
(e.g. "explore related items" 380, "similar items" 344, "customers also bought"
239, "8 reviews" 757 words on product pages).
"""
from __future__ import annotations

import re

from ..model import Block

# Heading texts, matched against the whole heading (case-insensitive). Each line is
# one family; a pattern must not match a heading that introduces the page's own
# subject ("Related work" in a paper is a section of the paper).
FURNITURE_HEADING_PATTERNS = (
    # related and recommended content
    r"(related|similar|recommended|popular|trending|recent|latest|more|other) (posts|articles|stories|"
    r"items|products|reads|news|videos|threads|discussions|questions|guides|topics|"
    r"books)( to explore| on .{1,40}| (that|you) may (like|enjoy|interest you))?",
    r"(you|customers|people|shoppers) (may|might|who|also|frequently) .*(like|bought|viewed|enjoy|"
    r"purchased|read)",
    r"(more like this|more to explore|discover more|explore more( articles| posts| content)?)",
    # the same lists under other words: "Related content", "New articles", "Featured
    # posts", "Trending stories in world travel", "More articles you might enjoy",
    # "You may also like these posts", "Explore more related content" (WCXB: 13
    # article pages, each such list outside the reference)
    r"(related|new|featured) (content|publications|articles|posts|stories)( (on|in|about|from) .{1,40})?",
    r"(related|similar|recommended|popular|trending|recent|latest|more|other) (posts|articles|stories|"
    r"reads|news|guides|topics)( (in|about|from) .{1,40}| (that|you) (may|might) (also )?(like|enjoy))",
    r"you (may|might) also (like|enjoy) these (posts|articles|stories)|explore more related content",
    r"(frequently bought together|explore related items|products related to this item|"
    r"recently viewed( items| products)?|more from .{1,40}|read (more|next)|up next|"
    r"don'?t miss|further reading|keep reading)",
    # a marketing page's teasers of its other pages: "Featured insights", "Related
    # services", "Featured client stories", "From the blog". WCXB: 2,270 words under
    # such headings were absent from the references and 73 present (26 pages).
    # "Resources" stays out: a "Related resources" box in mid-article let its section
    # run over the article's own table (-0.03); a bare "Insights" or "Case studies"
    # heads a page's own section.
    r"(related|latest|featured|recent) (insights|content|services|publications|searches|"
    r"blogs?)|(related|featured) (case studies|client stories|success stories)( about .{1,40})?"
    r"|news (and|&) insights|from (the|our) blog",
    # reviews: "3 Reviews", "Reviews (12)". A bare singular "Review" heads a section
    # of the article itself (a paper's review, a verdict).
    r"(\d+\s*reviews?|reviews)( on .*| for .*| \(\d+\))?",
    r"(write|add) (a|your) review",
    r"(customer|user|product) (reviews|ratings|photos|images|photos (&|and) videos)",
    r"(ratings? (&|and) reviews?|reviews? (&|and) ratings?|be the first to review.*)",
    # consent dialogs that carry no vendor name
    r"((strictly )?necessary|targeting|functional|performance|analytics|advertising|"
    r"marketing|social media|preference|statistics)( and [a-z]+)? cookies( and .*)?",
    r"(privacy preference center|about your privacy|we value your privacy|"
    r"manage (your )?(consent|cookies|privacy)( preferences| settings)?|"
    r"cookie (settings|preferences|policy|consent))",
    # the box about who wrote or checked it (class names catch "author-bio"; these
    # are the ones named only by their heading)
    r"about the (author|authors|reviewer|reviewers|writer|editor)",
    # sharing and subscribing
    r"(share|share this( post| article| page)?|share on .{1,20}|follow us.*)",
    r"(sign up|subscribe)( to| for)?( our)? (newsletter|updates|emails?).*|newsletter",
)
# Comment sections: "Comments", "12 responses", "Leave a reply". Furniture under an
# article; on a page whose comments are its content (a forum thread) they head
# the posts themselves (Vanilla Forums titles its thread's posts "Comments").
COMMENT_HEADING_PATTERNS = (
    r"(\d+\s*(comments?|responses)|comments|responses)( on .*| for .*| \(\d+\))?",
    r"(leave|post|write|add) (a|your) (reply|comment)",
)
_COMMENT_HEADING = re.compile(
    "|".join(f"(?:{p})" for p in COMMENT_HEADING_PATTERNS), re.IGNORECASE)
_FURNITURE_HEADING = re.compile(
    "|".join(f"(?:{p})" for p in FURNITURE_HEADING_PATTERNS), re.IGNORECASE)
# Lines that are only a control's label or a listing's tally, matched against the
# whole line (case-insensitive): the sort control and result count above a grid,
# the "Load more" button under it, a card's "Add to cart", a "Loading…" placeholder.
# WCXB's references leave them out wherever they stand alone: 32 of 33 sort lines
# (collection, listing, and "Sorted by:" above forum answers), 28 of 31 counts,
# 21 of 21 "show more", 33 of 34 shop buttons, 29 of 33 "read more", 55 of 57
# other lone buttons ("Reply", "Ask question", "Start free trial"), 25 of 27
# "Table of contents" and 15 of 17 "Advertisement"/"Sponsored" labels.
CONTROL_LINE_PATTERNS = (
    # sorting: "Sort by: Best Match", "Sort: Featured", "Sorted by:"
    r"sort(ed)? by:?( .{1,40})?|sort: .{1,40}",
    # result counts: "Showing 24 of 514 results", "1,072 results", "Items 1-24 of 123",
    # "1-24 items of 33", "3953 items found"
    r"((showing|displaying|viewing|loaded) )?\d[\d,.]{0,12}( ?[-–] ?\d[\d,.]{0,12})?( of \d[\d,.]{0,12})? "
    r"(results?|items?|products?|matches|listings)( found)?",
    r"(items?|results?|showing|displaying) \d[\d,.]{0,12}( ?[-–] ?\d[\d,.]{0,12})? of \d[\d,.]{0,12}"
    r"( (results?|items?|products?))?",
    r"\d[\d,.]{0,12}( ?[-–] ?\d[\d,.]{0,12})? (items?|results?|products?) of \d[\d,.]{0,12}",
    # paging by script
    r"(load|show|view|see) more( results| products| items)?|(view|see|shop) all",
    # a product card's shop buttons
    r"add to (cart|bag|basket|wish ?list|compare)|compare|quick ?(view|shop)|"
    r"(choose|select) options|shop now|(view|see) details",
    # calls to action under a teaser, and the way back up
    r"read more|apply now|back to top|scroll to top",
    # the account buttons a page repeats inside its content
    r"sign in|log in|subscribe",
    # a forum post's buttons, a Q&A site's "Ask question", other lone buttons
    r"reply|quote|ask (a )?question|more options|explore more|download now|"
    r"start (a |your )?free trial|get started for free",
    # the label a contents box or an ad slot carries when the box itself is gone
    r"table of contents|advertisement|sponsored",
    # a placeholder waiting for a script
    r"loading",
    # a slideshow's position for screen readers and a reading-time estimate: never
    # in the references (25 "Slide N of N" lines; +0.00006 overall, no page worse)
    r"slide \d{1,3} of \d{1,3}|\d{1,3} min(ute)?s? read",
)
_CONTROL_LINE = re.compile("|".join(f"(?:{p})" for p in CONTROL_LINE_PATTERNS), re.IGNORECASE)
# Lines longer than this say something; a control's label never runs so long.
MAX_CONTROL_LINE_CHARS = 60
# A heading often sits alone in its own wrapper (`div.section-title > h2 "Similar
# items"`), its section in the wrapper's sibling; the section's scope climbs past
# at most this many such wrappers (WCXB: product +0.002, a shop's "Similar items"
# +0.31; at four levels a listing's own list went under its heading, -0.94).
HEADING_WRAPPER_DEPTH = 3
# Headings longer than this are sentences about the subject, never furniture labels.
MAX_FURNITURE_HEADING_CHARS = 80
# A furniture heading's words standing as a plain line ("Popular posts", "**Related
# articles:**") title the list of links after it the same way: WCXB's article
# references leave such lists out (+0.0002 on articles, no page worse; 4451, 0333,
# 0495, 4194 gained). The run of blocks after the line
# that are mostly links (at least this share of their text) is the list; it must
# hold at least this many, and it ends at the first block of prose.
LABEL_LIST_MIN_ITEMS = 3
LABEL_LIST_MIN_LINKED = 0.6
_LINK_TEXT = re.compile(r"\[([^\[\]]*)\]\(")


def is_furniture_heading(text: str, comments_are_content: bool = False) -> bool:
    text = " ".join(text.split()).strip(" :.!?")
    if len(text) > MAX_FURNITURE_HEADING_CHARS:
        return False
    return bool(_FURNITURE_HEADING.fullmatch(text)
                or not comments_are_content and _COMMENT_HEADING.fullmatch(text))


def is_control_line(text: str) -> bool:
    """True for a line that is only a control's label or a listing's tally."""
    line = _short_line(text, MAX_CONTROL_LINE_CHARS)
    return line is not None and bool(_CONTROL_LINE.fullmatch(line))


def _short_line(text: str, max_chars: int) -> str | None:
    """The text, white space collapsed and end punctuation trimmed, when it is at
    most `max_chars` long; else None. Long text is never collapsed: this runs on
    every block."""
    if len(text) > 4 * max_chars:
        return None
    line = " ".join(text.split()).strip(" :.!?…")
    return line if len(line) <= max_chars else None


def furniture_sections(blocks: list[Block], comments_are_content: bool = False) -> dict[int, str]:
    """Index of each block (in source order) inside a furniture section -> its heading.

    A section ends at the next heading of the same or a higher rank, or where the
    heading's parent element ends: a "Share this page" heading in a sidebar must not
    swallow the article that follows the sidebar.
    """
    inside: dict[int, str] = {}
    # A declared discussion titles its own posts "Recommended Posts" in such a
    # wrapper (five forum threads on WCXB): there the heading's parent bounds it.
    wrappers = 0 if comments_are_content else HEADING_WRAPPER_DEPTH
    open_level: int | None = None
    scope = title = ""
    for i, block in enumerate(blocks):
        if open_level is not None and not block.xpath.startswith(scope):
            open_level = None
        if block.kind == "heading":
            if open_level is not None and block.level <= open_level:
                open_level = None
            if open_level is None and is_furniture_heading(block.text, comments_are_content):
                open_level, title = block.level, block.text
                scope = _section_scope(blocks, i, wrappers)
        if open_level is not None:
            inside[i] = title
        elif i not in inside and block.kind == "paragraph" and _is_furniture_label(block.text):
            for j in _labelled_link_list(blocks, i, wrappers):
                inside[j] = block.text
    return inside


def _is_furniture_label(text: str) -> bool:
    line = _short_line(text, MAX_FURNITURE_HEADING_CHARS)
    return line is not None and bool(_FURNITURE_HEADING.fullmatch(line))


def _labelled_link_list(blocks: list[Block], i: int, wrappers: int) -> list[int]:
    """The label at `i` and the run of links it titles: the blocks right after it in
    its section's scope whose text is mostly link text (linked images count), when
    the run holds at least LABEL_LIST_MIN_ITEMS blocks; else nothing."""
    scope = _section_scope(blocks, i, wrappers)
    run = []
    for j in range(i + 1, len(blocks)):
        if not blocks[j].xpath.startswith(scope) or not _is_link_block(blocks[j]):
            break
        run.append(j)
    return [i, *run] if len(run) >= LABEL_LIST_MIN_ITEMS else []


def _is_link_block(block: Block) -> bool:
    if block.kind == "image":
        return block.link is not None
    return (block.kind != "heading" and bool(block.text.strip())
            and _linked_text(block) >= LABEL_LIST_MIN_LINKED * len(block.text))


def _linked_text(block: Block) -> int:
    """Characters of a block's text that sit inside links."""
    return sum(len(m.group(1)) for m in _LINK_TEXT.finditer(block.rich_text))


def _section_scope(blocks: list[Block], i: int, wrappers: int) -> str:
    """The element a furniture heading's section lives in: the heading's parent, or,
    when that parent wraps the heading alone (`div.title > h2`), the nearest ancestor
    that holds another block, at most `wrappers` levels up."""
    scope = blocks[i].xpath.rsplit("/", 1)[0]
    neighbours = [b.xpath for b in (blocks[i - 1] if i else None,
                                    blocks[i + 1] if i + 1 < len(blocks) else None) if b]
    for _ in range(wrappers):
        if any(x.startswith(scope + "/") for x in neighbours) or scope.count("/") < 3:
            break
        scope = scope.rsplit("/", 1)[0]
    return scope + "/"
