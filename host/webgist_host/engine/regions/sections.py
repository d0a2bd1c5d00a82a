"""Sections a page titles as furniture: "Related posts", "Customer reviews", "Share this".

A heading whose words name page furniture starts a section that runs until the
next heading of the same or a higher rank; everything in it is furniture too. This
catches what class names miss: related-items lists, reviews, sharing and sign-up
boxes that carry no telling class. A furniture heading's words standing as a plain
line ("Popular posts", "**Related articles:**") title the run of links after it
the same way. Lines that are only a control's label or a listing's tally are found
here too, and, by shape alone, the series of linked teasers that follows an
article's own text (trailing_series).

The heading and line patterns are in vocabulary.py, the numbers in tuning.py.
"""
from __future__ import annotations

import re
from typing import Callable, NamedTuple

from ..model import MAX_HEADING_LEVEL, Block, BlockKind
from ..page_title import TITLE_SEPARATOR
from .paths import BlocksByPath, inside_any, step_tag
from .tuning import (ARTICLE_BEFORE_SERIES_MIN_WORDS, ARTICLE_MIN_PARAGRAPHS, BODY_KINDS,
                     DATED_TEASER_SERIES_MIN_ITEMS, FRONT_MIN_SECTIONS, HEADING_WRAPPER_DEPTH,
                     KICKER_MAX_WORDS,
                     LABEL_LIST_MIN_ITEMS, LABEL_LIST_MIN_LINKED,
                     FURNITURE_SECTION_MAX_PROSE_WORDS, MAX_CONTROL_LINE_CHARS,
                     MAX_FURNITURE_HEADING_CHARS,
                     OWN_PARAGRAPH_MIN_WORDS, RUN_PARAGRAPH_MIN_COUNT, RUN_PARAGRAPH_MIN_WORDS,
                     SECTION_SCOPE_MIN_DEPTH, SHORT_LINE_RAW_FACTOR,
                     TEASER_HEADLINE_MIN_WORDS, TEASER_LEAD_MIN_LINKED, TEASER_SERIES_MIN_ITEMS,
                     TEASER_SERIES_MIN_LED)
from .headings_intl import COMMENT_HEADINGS, FURNITURE_HEADINGS, SHOP_RAIL_HEADINGS, heading_key
from .vocabulary import (COMMENT_HEADING_PATTERNS, CONTROL_LINE_PATTERNS, MARKDOWN_LINK_PATTERN,
                         FURNITURE_HEADING_PATTERNS, PRODUCT_FURNITURE_HEADING_PATTERNS)

# Enum members read once: in Python 3.11 each `Enum.MEMBER` read off the class costs
# ~100 ns (a descriptor), and these comparisons run for every block.
_HEADING = BlockKind.HEADING
_PARAGRAPH = BlockKind.PARAGRAPH
_IMAGE = BlockKind.IMAGE

# Each used only with fullmatch, on short text (tests/regex_audit.py checks it).
_COMMENT_HEADING = re.compile(
    "|".join(f"(?:{p})" for p in COMMENT_HEADING_PATTERNS), re.IGNORECASE)
_FURNITURE_HEADING = re.compile(
    "|".join(f"(?:{p})" for p in FURNITURE_HEADING_PATTERNS), re.IGNORECASE)
_PRODUCT_FURNITURE_HEADING = re.compile(
    "|".join(f"(?:{p})" for p in PRODUCT_FURNITURE_HEADING_PATTERNS), re.IGNORECASE)
_CONTROL_LINE = re.compile("|".join(f"(?:{p})" for p in CONTROL_LINE_PATTERNS), re.IGNORECASE)
_LABEL_DASHES = " -–—"
# The elements an accordion's or a tab's label sits in.
_CONTROL_TAGS = frozenset({"summary", "button"})
# A Markdown link's text in a block's rich text.
_LINK_TEXT = re.compile(r"\[([^\[\]]*)\]\(")


def is_furniture_heading(text: str, comments_are_content: bool = False,
                         product_page: bool = False) -> bool:
    """Whether a heading's words name furniture; with `product_page`, a shop's terms
    ("Shipping & Returns") and its rail of other products beyond English count too."""
    text = " ".join(text.split()).strip(" :.!?")
    if len(text) > MAX_FURNITURE_HEADING_CHARS:
        return False
    if _FURNITURE_HEADING.fullmatch(text) or (
            not comments_are_content and _COMMENT_HEADING.fullmatch(text)):
        return True
    key = heading_key(text)
    if key in FURNITURE_HEADINGS or (not comments_are_content and key in COMMENT_HEADINGS):
        return True
    return product_page and (bool(_PRODUCT_FURNITURE_HEADING.fullmatch(text))
                             or key in SHOP_RAIL_HEADINGS)


def is_control_line(text: str) -> bool:
    """True for a line that is only a control's label or a listing's tally."""
    line = _short_line(text, MAX_CONTROL_LINE_CHARS)
    # Ad slots' labels come set between dashes: "- Advertisement -", "— Anzeige —".
    return line is not None and bool(_CONTROL_LINE.fullmatch(line.strip(_LABEL_DASHES)))


def _short_line(text: str, max_chars: int) -> str | None:
    """The text, white space collapsed and end punctuation trimmed, when it is at
    most `max_chars` long; else None. Long text is never collapsed: this runs on
    every block."""
    if len(text) > SHORT_LINE_RAW_FACTOR * max_chars:
        return None
    line = " ".join(text.split()).strip(" :.!?…")
    return line if len(line) <= max_chars else None


def furniture_sections(blocks: list[Block], comments_are_content: bool = False,
                       weights: list[int] | None = None,
                       product_page: bool = False, title: str | None = None) -> dict[int, str]:
    """Index of each block (in source order) inside a furniture section -> its heading.

    A section ends at the next heading of the same or a higher rank, or where the
    heading's parent element ends: a "Share this page" heading in a sidebar must not
    swallow the article that follows the sidebar. A heading alone in its wrapper
    heads the wrapper's siblings; with `weights` (each block's words outside links),
    such a climbed section that holds FURNITURE_SECTION_MAX_PROSE_WORDS of them is the
    page's text under an empty box's heading (a "Related" box a script fills), not
    furniture. Comment sections are exempt: comments are prose.

    On a page that declares a product (`product_page`), the shop's terms ("Shipping &
    Returns") head furniture too, but only as a tab or accordion label (alone in its
    wrapper under a `<summary>` or `<button>`) or a box of their own (`_in_own_box`):
    never the page's title (an `<h1>`, or a piece of `title`: a shop's policy page),
    and never a section among the sibling sections of one element, closed there by a
    heading of its rank that is not furniture itself (a review that declares the
    product it reviews, its headings flat or each in a page builder's wrapper). A
    review whose every section is a box of its own (one block or group per section)
    cannot be told by shape from a shop's tab panels: its terms section goes. The
    shop's rail of other products beyond English opens there like any furniture
    heading.
    """
    inside: dict[int, str] = {}
    # A declared discussion titles its own posts "Recommended Posts" in such a
    # wrapper: there the heading's parent bounds it.
    wrappers = 0 if comments_are_content else HEADING_WRAPPER_DEPTH
    title_keys = _title_keys(title)
    # The path of the last heading of each rank (index = level) seen so far.
    last_heading = [""] * (MAX_HEADING_LEVEL + 1)
    open_level: int | None = None
    scope = title_text = ""
    section: list[int] | None = None
    shop: list[int] | None = None
    for i, block in enumerate(blocks):
        if open_level is not None and not block.xpath.startswith(scope):
            _give_back_prose(section, inside, weights)
            open_level = None
        if block.kind == _HEADING:
            level = min(max(block.level, 1), MAX_HEADING_LEVEL)
            if open_level is not None and block.level <= open_level:
                _give_back_prose(section, inside, weights)
                # A shop's terms closed by a heading of their own rank in the same
                # element: a section of the page's text, not a tab; unless that heading
                # is furniture itself ("Customer reviews" after the terms).
                if not is_furniture_heading(block.text, comments_are_content,
                                            product_page=True):
                    _give_back_shop(shop, inside)
                open_level = None
            if open_level is None:
                # A declared product's rail of other products goes as in English
                # ("Related products", a FURNITURE_HEADING), wherever it stands.
                opens = is_furniture_heading(block.text, comments_are_content) or (
                    product_page and heading_key(block.text) in SHOP_RAIL_HEADINGS)
                # A shop's terms: the section is handed back when it proves to be one
                # of the text's own sections (closed by a heading of its rank).
                shop = [] if not opens and product_page and _shop_heading(
                    block, comments_are_content, title_keys) else None
                if opens or shop is not None:
                    scope = _section_scope(blocks, i, wrappers)
                    climbed = scope != block.xpath.rsplit("/", 1)[0] + "/"
                    if shop is not None:
                        # Alone in its wrapper under a tab's or an accordion's control,
                        # it is that panel's label; a page builder wraps every heading
                        # alone, so other wrappers prove nothing.
                        label = climbed and _under_control(block.xpath, scope)
                        opens = label or _in_own_box(last_heading, level, scope)
                        shop = shop if opens and not label else None
                if opens:
                    open_level, title_text = block.level, block.text
                    section = ([] if climbed and weights and not _is_comment_heading(title_text)
                               else None)
            last_heading[level] = block.xpath
        if open_level is not None:
            inside[i] = title_text
            if section is not None:
                section.append(i)
            if shop is not None:
                shop.append(i)
        elif i not in inside and block.kind == _PARAGRAPH and _is_furniture_label(block.text):
            for j in _labelled_link_list(blocks, i, wrappers):
                inside[j] = block.text
    if open_level is not None:
        _give_back_prose(section, inside, weights)
    return inside


def _shop_heading(block: Block, comments_are_content: bool, title_keys: frozenset[str]) -> bool:
    """Whether a heading is a shop's terms or its rail of other products, and not the
    page's title (a shop's own policy page may have a cart button too)."""
    return (not is_title(block) and not _says_title(block.text, title_keys)
            and is_furniture_heading(block.text, comments_are_content, product_page=True))


def _title_keys(title: str | None) -> frozenset[str]:
    """The page's title as heading keys: all of it, and each piece its separators
    set apart from the site's name ("Shipping & Returns – Alder Goods",
    "Alder Goods | Shipping & Returns")."""
    if not title:
        return frozenset()
    pieces = [title, *re.split(TITLE_SEPARATOR, title)]
    return frozenset(key for key in map(heading_key, pieces) if key)


def _says_title(text: str, title_keys: frozenset[str]) -> bool:
    """Whether a heading says the page's title (`_title_keys`)."""
    return bool(title_keys) and heading_key(text) in title_keys


def _under_control(xpath: str, scope: str) -> bool:
    """Whether an element at `xpath` sits inside a disclosure's or a tab's control
    (`<summary>`, `<button>`) below `scope`."""
    return any(step_tag(step) in _CONTROL_TAGS for step in xpath[len(scope):].split("/")[:-1])


def _in_own_box(last_heading: list[str], level: int, scope: str) -> bool:
    """Whether a heading of rank `level` whose section lives in `scope` stands in a box
    of its own: no heading of its rank or a higher one came before it in that element
    (a tab, an accordion's panel), as one would among an article's sections. The
    page's `<h1>` heads all of them, a shop's flat product page too: it does not count."""
    return not any(path.startswith(scope) for path in last_heading[2:level + 1] if path)


def _give_back_shop(shop: list[int] | None, inside: dict[int, str]) -> None:
    """Take back a shop's terms section, heading and all."""
    for i in shop or ():
        inside.pop(i, None)


def _give_back_prose(section: list[int] | None, inside: dict[int, str],
                     weights: list[int] | None) -> None:
    """At a climbed section's end, take back what it holds when that is the page's
    prose (the heading itself, over an empty box, stays furniture)."""
    if section and weights and (
            sum(weights[i] for i in section) >= FURNITURE_SECTION_MAX_PROSE_WORDS):
        for i in section[1:]:
            del inside[i]


def _is_comment_heading(text: str) -> bool:
    """Whether only the comment headings name it (a shop's terms are no comments)."""
    return not is_furniture_heading(text, comments_are_content=True, product_page=True)


def _is_furniture_label(text: str) -> bool:
    line = _short_line(text, MAX_FURNITURE_HEADING_CHARS)
    return line is not None and (bool(_FURNITURE_HEADING.fullmatch(line))
                                 or heading_key(line) in FURNITURE_HEADINGS)


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
    if block.kind == _IMAGE:
        return block.link is not None
    return (block.kind != _HEADING and bool(block.text.strip())
            and _linked_text(block) >= LABEL_LIST_MIN_LINKED * len(block.text))


def _linked_text(block: Block) -> int:
    """Characters of a block's text that sit inside links."""
    return sum(map(len, link_texts(block)))


def link_texts(block: Block) -> list[str]:
    """The text of each Markdown link in a block's rich text."""
    return _LINK_TEXT.findall(block.rich_text)


def _section_scope(blocks: list[Block], i: int, wrappers: int) -> str:
    """The element a furniture heading's section lives in: the heading's parent, or,
    when that parent wraps the heading alone (`div.title > h2`), the nearest ancestor
    that holds another block, at most `wrappers` levels up."""
    scope = blocks[i].xpath.rsplit("/", 1)[0]
    neighbours = [b.xpath for b in (blocks[i - 1] if i else None,
                                    blocks[i + 1] if i + 1 < len(blocks) else None) if b]
    for _ in range(wrappers):
        if any(x.startswith(scope + "/") for x in neighbours) or scope.count("/") < SECTION_SCOPE_MIN_DEPTH:
            break
        scope = scope.rsplit("/", 1)[0]
    return scope + "/"


def led_series(blocks: list[Block], kept: list[int], words: list[int],
               leads: Callable[[int, int], bool]) -> dict[tuple[str, str, str], dict[str, int]]:
    """Series of sibling elements (`li[1]`, `li[2]`, ...) whose first line with words
    leads (`leads(index, words[index])`, `words` the blocks' word counts): for each
    path with one step's position left open (parent, step tag, the rest), its items'
    steps, each with its leading line's index.
    A picture or a kicker (KICKER_MAX_WORDS words or fewer, no link) above an item's
    headline is not its first line."""
    series: dict[tuple[str, str, str], dict[str, int]] = {}
    previous = ""
    for i in kept:
        xpath = blocks[i].xpath
        count = words[i]
        if 0 < count <= KICKER_MAX_WORDS and "](" not in blocks[i].rich_text:
            continue                # a kicker above a card's headline is not its first line
        if count and leads(i, count):
            # Where each step of the path ends; steps below <body> are tried.
            ends = _slash_positions(xpath)[1:] + [len(xpath)]
            for k in range(_first_new_item(xpath, ends, previous), len(ends) - 1):
                item_end = ends[k + 1]
                # The same path with this one step's position left open.
                step = xpath[ends[k] + 1:item_end]
                key = (xpath[:ends[k]], step_tag(step), xpath[item_end + 1:])
                series.setdefault(key, {}).setdefault(step, i)
        if count:
            previous = xpath        # a picture above a card's headline is not its first line
    return series


def _first_new_item(xpath: str, ends: list[int], previous: str) -> int:
    """The first k (from 1) whose item, `xpath[:ends[k + 1]]`, does not hold the
    `previous` path. Items nest, each holding the next, so those holding it come
    first: found by halving, not by trying each (paths run 15-25 steps deep)."""
    held = previous + "/"
    low, high = 1, len(ends) - 1
    while low < high:
        middle = (low + high) // 2
        if held.startswith(xpath[:ends[middle + 1]] + "/"):
            low = middle + 1
        else:
            high = middle
    return low


def _slash_positions(xpath: str) -> list[int]:
    """Where each "/" of `xpath` is (found step by step, not character by character)."""
    positions, at = [], -1
    for step in xpath.split("/")[:-1]:
        at += len(step) + 1
        positions.append(at)
    return positions


def trailing_series(blocks: list[Block], words: list[int], weights: list[int],
                    linked: list[int], dated: bool = False) -> list[int]:
    """Indices of the main-content blocks that follow the article's own text: from the
    first item of a series of teasers to the end. A series is TEASER_SERIES_MIN_ITEMS
    (DATED_TEASER_SERIES_MIN_ITEMS on a `dated` page) or more sibling elements
    (`li[1]`, `li[2]`, ...), most of them led by a mostly
    linked line (related stories, a news feed, a section front). It is furniture when
    it sits outside the element that holds the article's own paragraphs (a list inside
    the text is the author's), no paragraph of the article's own follows its start,
    and the article before it has ARTICLE_MIN_PARAGRAPHS paragraphs and
    ARTICLE_BEFORE_SERIES_MIN_WORDS words of its own.
    The headings right above the series (its label) go with it."""
    kept = [i for i, block in enumerate(blocks) if block.in_main]
    series = led_series(blocks, kept, words, lambda i, count: (
        linked[i] >= TEASER_LEAD_MIN_LINKED * count or _opens_with_headline(blocks[i].rich_text)))
    min_items = DATED_TEASER_SERIES_MIN_ITEMS if dated else TEASER_SERIES_MIN_ITEMS
    qualified: dict[str, list[str]] = {}     # series parent -> its items
    by_path: BlocksByPath | None = None
    for (parent, _, _), items in series.items():
        if len(items) < min_items:
            continue
        by_path = by_path or BlocksByPath([blocks[i].xpath for i in kept], kept)
        under = by_path.by_child(parent + "/")    # the parent's children holding blocks
        if len(items) >= TEASER_SERIES_MIN_LED * len(under):
            qualified.setdefault(parent + "/", []).extend(f"{parent}/{step}/" for step in items)
    apart = article_text_apart(blocks, kept, weights, qualified, dated=dated)
    if apart is None:
        return []
    own, text = apart
    fronts = _section_fronts(qualified) if dated else frozenset()
    starts: list[str] = []
    for parent, members in qualified.items():
        if parent.startswith(text) and parent not in fronts:
            continue                        # a list inside the text is the author's
        if text.startswith(parent):
            # A section front's parent may also hold the article: its items count.
            starts.extend(item for item in members if not text.startswith(item))
        else:
            starts.append(parent)
    last_own = own[-1]
    start_paths = tuple(starts)
    first = next((n for n, i in enumerate(kept) if i > last_own
                  and blocks[i].xpath.startswith(start_paths)), None) if starts else None
    if first is None:
        return []
    while first > 0 and kept[first - 1] > last_own and blocks[kept[first - 1]].kind == _HEADING:
        first -= 1
    return kept[first:]


def _opens_with_headline(rich_text: str) -> bool:
    """Whether a line opens with a linked headline (a teaser: "[Headline](…) and a
    sentence about it"), TEASER_HEADLINE_MIN_WORDS words or more."""
    link = MARKDOWN_LINK_PATTERN.match(rich_text.lstrip("*_ "))
    return link is not None and len(link[1].split()) >= TEASER_HEADLINE_MIN_WORDS


def _section_fronts(qualified: dict[str, list[str]]) -> frozenset[str]:
    """The series that stand as sections of a front: FRONT_MIN_SECTIONS or more
    sibling elements, each holding a series of its own (World, Politics, Sport...,
    each its linked headlines). An author's lists inside the text do not come so."""
    siblings: dict[str, list[str]] = {}
    for parent in qualified:
        siblings.setdefault(parent.rstrip("/").rsplit("/", 1)[0], []).append(parent)
    return frozenset(parent for group in siblings.values() if len(group) >= FRONT_MIN_SECTIONS
                     for parent in group)


def is_title(block: Block) -> bool:
    """Whether a block is an `<h1>`: the page's title, where it has one."""
    return block.kind == _HEADING and block.level == 1


def article_paragraphs(blocks: list[Block], kept: list[int], weights: list[int],
                       outside: list[str] | tuple[str, ...] = (), dated: bool = False) -> list[int]:
    """The article's own paragraphs among `kept` (OWN_PARAGRAPH_MIN_WORDS words outside
    links, not under any element in `outside`: paths with their closing "/"), or []
    when there are too few of them, or too few words, to call the page an article
    (ARTICLE_MIN_PARAGRAPHS, ARTICLE_BEFORE_SERIES_MIN_WORDS)."""
    elements = frozenset(outside)
    own = [i for i in kept if blocks[i].kind in BODY_KINDS
           and weights[i] >= OWN_PARAGRAPH_MIN_WORDS
           and not inside_any(blocks[i].xpath, elements)]
    if (len(own) < ARTICLE_MIN_PARAGRAPHS
            or sum(weights[i] for i in own) < ARTICLE_BEFORE_SERIES_MIN_WORDS):
        # Too little long prose to call the page an article: a story told in short
        # paragraphs may still be one.
        own = _with_short_runs(blocks, kept, weights, elements, own, dated)
    if (len(own) < ARTICLE_MIN_PARAGRAPHS
            or sum(weights[i] for i in own) < ARTICLE_BEFORE_SERIES_MIN_WORDS):
        return []
    return own



class StoryText(NamedTuple):
    """The article's own paragraphs among the main-content blocks, as the rules that
    look between them read it."""
    kept: list[int]               # the main-content blocks' indices
    own: list[int]                # the article's own paragraphs among them
    own_paths: list[str]          # their paths
    text: str                     # the element that holds them all
    position: dict[int, int]      # each kept block's place in `kept`


def story_text(blocks: list[Block], weights: list[int]) -> StoryText | None:
    """The article's own text (`article_paragraphs`), or None with fewer than two of
    its paragraphs: nothing stands between them."""
    kept = [i for i, block in enumerate(blocks) if block.in_main]
    own = article_paragraphs(blocks, kept, weights)
    if len(own) < 2:
        return None
    own_paths = [blocks[i].xpath for i in own]
    return StoryText(kept, own, own_paths, common_element(own_paths),
                     {i: n for n, i in enumerate(kept)})


def _with_short_runs(blocks: list[Block], kept: list[int], weights: list[int],
                     outside: frozenset[str], own: list[int], dated: bool) -> list[int]:
    """`own` with the short paragraphs that stand in runs (RUN_PARAGRAPH_MIN_COUNT or
    more paragraphs of RUN_PARAGRAPH_MIN_WORDS words outside links under one element)
    and those of that length directly under an element holding a run."""
    short = [i for i in kept if blocks[i].kind == _PARAGRAPH
             and RUN_PARAGRAPH_MIN_WORDS <= weights[i] < OWN_PARAGRAPH_MIN_WORDS
             and not inside_any(blocks[i].xpath, outside)]
    if not short:
        return own
    # On a dated page the run counts the long paragraphs beside the short ones: a
    # story of four paragraphs, one of them 30 words long, is as much a story as one
    # of four short ones. (Undated, a few paragraphs over a grid lead the grid.)
    members = [*short, *(i for i in own if blocks[i].kind == _PARAGRAPH)] if dated else short
    parents: dict[str, int] = {}
    for i in members:
        parent = blocks[i].xpath.rsplit("/", 1)[0]
        parents[parent] = parents.get(parent, 0) + 1
    run_parents = {parent for parent, count in parents.items() if count >= RUN_PARAGRAPH_MIN_COUNT}
    if not run_parents:
        return own
    # The story goes on past a run under the elements that hold it (a section's
    # heading and paragraphs under the <article> around the body): short paragraphs
    # whose parent holds a run count too. A teaser's line stands in its own card.
    holders = set()
    for parent in run_parents:
        while parent and parent not in holders:
            holders.add(parent)
            parent = parent.rsplit("/", 1)[0]
    runs = {i for i in short if blocks[i].xpath.rsplit("/", 1)[0] in holders}
    return sorted(runs.union(own))


def article_text_apart(blocks: list[Block], kept: list[int], weights: list[int],
                       series: dict[str, list[str]],
                       dated: bool = False) -> tuple[list[int], str] | None:
    """The article's own paragraphs outside every series item (`series`: parent ->
    its items' paths), and the path of the element that holds them, with a closing
    "/"; None when there is no series or too little article."""
    if not series:
        return None
    own = article_paragraphs(blocks, kept, weights,
                             outside=[item for items in series.values() for item in items],
                             dated=dated)
    if not own:
        return None
    return own, common_element(blocks[i].xpath for i in own) + "/"


def outermost_apart(element: str, own_paths: list[str]) -> str:
    """The outermost element around `element` (itself included) that holds none of
    the blocks at `own_paths` (the article's own paragraphs)."""
    while "/" in element.lstrip("/"):
        parent = element.rsplit("/", 1)[0]
        if any(path.startswith(parent + "/") for path in own_paths):
            break
        element = parent
    return element


def common_element(xpaths) -> str:
    """The innermost element holding every block at `xpaths` (their paths' common steps)."""
    common: list[str] | None = None
    for xpath in xpaths:
        steps = xpath.split("/")[:-1]
        if common is None:
            common = steps
            continue
        n = 0
        while n < len(common) and n < len(steps) and common[n] == steps[n]:
            n += 1
        del common[n:]
    return "/".join(common or [])
