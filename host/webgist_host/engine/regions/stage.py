"""Stage 4: where each block sits, and which blocks are the page's main content.

`apply_regions` wires the stage together and writes its decision log:

1. marks.py gives every block its context, from the block stage's index of the
   tree: the innermost landmark (its region) and the layout marks around it;
2. belief.py weighs each mark against what its element holds of the page and
   resolves each block's chrome and widget;
3. container.py chooses the main-content container by text weight;
4. here each block is placed: in the main content, or not and why; the title band,
   furniture sections (sections.py), control lines and bylines (bylines.py), and
   the article's text beside the container (siblings.py) are
   settled; for scope "main" only the main content is kept, and every other block
   is logged with its reason.

Numbers are in tuning.py, words and patterns in vocabulary.py, the evidence for
each rule in docs/rules/regions.md.
"""
from __future__ import annotations

from dataclasses import replace

from ..dom.nodes import TreeIndex
from ..words import word_count
from ..model import Action, Block, Decision, Region, Widget, revised
from .belief import Placement, comments_are_content, resolve_marks
from .bylines import byline_lines, comment_call_lines
from .container import (Container, article_bodies, card_titles, choose_container,
                        last_block_inside)
from .marks import block_contexts
from .sections import (article_paragraphs, furniture_sections, is_control_line, is_title,
                       trailing_series)
from .chart_labels import chart_labels
from .share_links import share_links
from .read_also import read_also_lines
from .page_story import other_stories, own_story, story_named_as_ad
from .paths import nested
from .product_name import above_product_name
from .lone_links import lone_links
from .product_cards import other_product_cards
from .siblings import container_twins, lead_sentences
from .headline_boxes import headline_boxes, teaser_cards
from .site_series import site_series_in_text
from .slideshows import embedded_slideshows
from .tag_lists import trailing_tag_lists
from .author_box import author_box
from .title_menu import menu_above_title
from .breadcrumbs import title_trails
from .closing_links import closing_site_links
from .after_text import BoxTraits, after_text_band, before_text_lines, box_traits
from .fact_boxes import fact_boxes, review_boxes
from .title_header import headline_in_header
from .signup_boxes import signup_boxes
from .comment_thread import NO_THREAD, thread_after_story
from .teaser_rails import teaser_rails
from .tuning import (CONTROL_LINE_KINDS, DROPPED_WIDGETS, TITLE_BAND_MAX_WORDS,
                     WEIGHTLESS_KINDS)

# Enum members read once: in Python 3.11 each `Enum.MEMBER` read off the class costs
# ~100 ns (a descriptor), and these comparisons run for every block.
_COMMENTS = Widget.COMMENTS

STAGE = "regions"
# The page types metadata declares (Metadata.page_type).
PRODUCT_PAGE = "product"
DISCUSSION_PAGE = "discussion"
REVIEW_PAGE = "review"

# The decision log's reasons.
CHROME_REASON_PREFIX = "page chrome"
OUTSIDE_CONTAINER = "outside the main content container"
ASIDE_REASON = f"{CHROME_REASON_PREFIX} ({Region.ASIDE}), never main content"
HEADER_REASON = f"{CHROME_REASON_PREFIX} ({Region.HEADER}), never main content"
COMMENTS_REASON = "in the comments, which are not the bulk of this page"
AFTER_BODY_REASON = "after the element named as the article's body, inside the container"
CONTROL_LINE_REASON = "a control's label or a listing's tally standing alone, not content"
BYLINE_REASON = ("a byline line above the article's text, or under its standfirst (date, author, "
                 "reading time)")
COMMENT_CALL_REASON = "a line that only counts the comments or asks for one"
TRAILING_SERIES_REASON = ("a series of linked teasers after the article's last paragraph, "
                          "and what follows it")
CHART_LABEL_REASON = "a label set over a chart picture (a tick, a value, a unit)"
SHARE_REASON = "share buttons: links that only publish the page on a network or by mail"
READ_ALSO_REASON = ("a \"read also\" line among the text: a label and one linked headline to "
                    "another of the site's pages")
OTHER_STORY_REASON = ("another story written into the page below its own (its headline "
                      "is not the page's title)")
HEADLINE_BOX_REASON = ("a box of linked headlines between the article's paragraphs "
                       "(most read, related)")
TEASER_CARD_REASON = ("a lone teaser card (a linked headline, a line about it) set among or "
                      "after the article's paragraphs")
TEASER_RAIL_REASON = ("a rail of teaser cards between the article's paragraphs (linked headlines "
                      "to the site's other pages, a line about each)")
SLIDESHOW_REASON = ("a numbered slideshow set between the article's paragraphs (a gallery "
                    "of other pictures, one caption per slide)")
SITE_SERIES_REASON = ("a series of teasers leading to the site's other pages, set in the "
                      "article's own element after its text, and what follows it")
TAG_LIST_REASON = "a list of short tag or topic links after the article's last paragraph"
CLOSING_LINKS_REASON = ("the run of linked headlines to the site's other pages that closes "
                        "the main content (its reading list), and its label")
ABOVE_PRODUCT_NAME_REASON = ("above the product's name on a product page (the shop's bars, "
                             "account, cart and stock lines)")
AUTHOR_BOX_REASON = ("the author's box after the article (the name the metadata gives, a "
                     "headshot, a short bio)")
AFTER_TEXT_REASON = ("after the article's last paragraph, outside the element that holds its "
                     "text (the site's band under every story)")
BEFORE_TEXT_REASON = ("a short line before the article's first paragraph, outside the element "
                      "that holds its text (the site's band over every story)")
SIGNUP_BOX_REASON = ("a sign-up box between the article's paragraphs (an email field, a "
                     "button, a line about the newsletter)")
MENU_REASON = "a menu of short links above the page's title, inside the main content"
BREADCRUMB_REASON = "a breadcrumb: links to the site's sections, then the page's own title"
LONE_LINK_REASON = ("a lone link standing among a product page's lines (a control or a way "
                    "to another page)")
PRODUCT_CARDS_REASON = ("a series of cards offering other products after the product's name "
                        "(also viewed, also bought, the series' other titles), and its label")


def apply_regions(tree: TreeIndex, blocks: list[Block], scope: str, *,
                  page_type: str | None = None,
                  byline_in_metadata: bool = False,
                  dated: bool = False,
                  declared_article: bool = False,
                  title: str | None = None,
                  address: str | None = None,
                  author: str | None = None) -> tuple[list[Block], list[Decision]]:
    """Give each block region, widget and in_main; for scope "main", keep only the
    main content and log why each other block went. `tree` is the block stage's
    index of the page (what its one pass over the tree recorded). `page_type` is what the page's
    metadata says it is ("product", "discussion", "review" or None); `byline_in_metadata`,
    whether it names the author or the published date, which makes the byline
    lines above the text redundant; `dated`, whether it names the published date;
    `declared_article`, whether it says it is an article (og:type, JSON-LD);
    `title`, the page's title, which names its own story among several; `address`, the
    page's address (or its canonical one), which tells the site's links from others';
    `author`, the author the metadata names, whose box may close the article."""
    walked = block_contexts(tree, blocks)
    lineage, linked = walked.lineage, walked.linked
    words = [word_count(block.text) for block in blocks]
    placements = resolve_marks(blocks, walked.contexts, lineage, linked, words,
                               product_page=page_type == PRODUCT_PAGE,
                               review_page=page_type == REVIEW_PAGE)
    weights = [_content_weight(block, n, linked_n)
               for block, n, linked_n in zip(blocks, words, linked)]
    # A partner's paid story in an element named as an ad (it holds the page's
    # headline and sentences after it) is the page's story, not an ad (page_story.py).
    if dated and declared_article and page_type not in (DISCUSSION_PAGE, PRODUCT_PAGE):
        for i in story_named_as_ad(blocks, placements, walked.contexts, weights):
            placements[i] = replace(placements[i], widget=None)
    # Not on a page that declares a discussion: a thread is its posts.
    bodies = article_bodies(walked.contexts) if page_type != DISCUSSION_PAGE else frozenset()
    # A dated page is an article: a list of titles beside it is its archive or
    # its related posts, never the content.
    cards = () if dated else card_titles(blocks, placements, lineage, linked)
    container = choose_container(placements, lineage, weights,
                                 focus_article=page_type != DISCUSSION_PAGE,
                                 tab_panels=walked.tab_panels, article_bodies=bodies,
                                 card_titles=cards)
    # A page that declares itself a discussion (a forum thread, a Q&A page) is its
    # comments; elsewhere they are content only when they are the page's bulk.
    comments_kept = (page_type == DISCUSSION_PAGE
                     or comments_are_content(placements, walked.contexts, lineage, weights,
                                             container.path))
    # ...but not under a dated story that says it is an article, where a long thread
    # outweighs the text or draws the container into it (a forum's replies, built
    # like its first post, are its content: comment_thread.py; a shop's reviews go
    # by their own rules).
    thread = (thread_after_story(tree, blocks, walked.contexts, placements, weights)
              if dated and declared_article and page_type not in (DISCUSSION_PAGE, PRODUCT_PAGE)
              else NO_THREAD)
    misses_story = container.path is not None and not any(container.path in lineage[i]
                                                          for i in thread.story)
    if thread.blocks and (comments_kept or misses_story):
        container = choose_container(placements, lineage, _without(weights, thread.blocks),
                                     focus_article=True, tab_panels=walked.tab_panels,
                                     article_bodies=bodies, card_titles=cards)
        comments_kept = False
    else:
        thread = NO_THREAD
    # A page that scrolls on into its next stories: its own is the one its title says,
    # however long the next (page_story.py).
    own = (own_story(blocks, weights, linked, title)
           if dated and page_type not in (DISCUSSION_PAGE, PRODUCT_PAGE) else None)
    # ...when the container missed it, chosen again without the next stories' weight.
    missed_others = (own.others if own is not None and container.path is not None
                     and not nested(container.path, own.article) else [])
    if missed_others:
        container = choose_container(
            placements, lineage, _without(weights, [*thread.blocks, *missed_others]),
            focus_article=True, tab_panels=walked.tab_panels, article_bodies=bodies,
            card_titles=cards)
    decisions = [Decision(STAGE, Action.NOTE, container.note, container.path or "")]
    # Only a declared discussion keeps its "Comments" heading: on articles whose
    # comments outweigh the body, that heading is what keeps them out.
    in_container = [w if container.path is None or container.path in chain else 0
                    for w, chain in zip(weights, lineage)]
    furniture = furniture_sections(blocks, comments_are_content=page_type == DISCUSSION_PAGE,
                                   weights=in_container)
    placed, reasons = _place_blocks(blocks, placements, lineage, container, comments_kept,
                                    furniture)
    placed = _keep_title(placed, reasons, container.path, furniture)
    _take_out(placed, reasons, thread.blocks, COMMENTS_REASON)
    _take_out(placed, reasons, missed_others, OTHER_STORY_REASON)
    # The container's parent holds the story's header band beside its text.
    band = container.path.rsplit("/", 1)[0] + "/" if container.path else ""
    _bring_in(placed, reasons, headline_in_header(
        placed, lambda i: reasons[i] == HEADER_REASON, band, title))
    twins = container_twins(tree, container.path, lineage)
    beside = ([i for i, chain in enumerate(lineage) if any(t in chain for t in twins)]
              if twins else [])
    _admit(placed, reasons, furniture, beside)
    # An <aside> inside the story's text, between its paragraphs, is the story's fact box.
    if page_type not in (PRODUCT_PAGE, DISCUSSION_PAGE):
        chrome_aside = [reason == ASIDE_REASON for reason in reasons]
        _bring_in(placed, reasons, fact_boxes(placed, placements, chrome_aside, weights,
                                              words, linked))
        in_comments = [reason == COMMENTS_REASON for reason in reasons]
        _bring_in(placed, reasons, review_boxes(placed, in_comments, weights, words, linked))
    if byline_in_metadata:
        _take_out(placed, reasons, byline_lines(placed, [p.byline for p in placements],
                                                after_standfirst=page_type != DISCUSSION_PAGE,
                                                author=author),
                  BYLINE_REASON)
    _take_out(placed, reasons, comment_call_lines(placed), COMMENT_CALL_REASON)
    _take_out(placed, reasons, chart_labels(placed), CHART_LABEL_REASON)
    _take_out(placed, reasons, share_links(placed), SHARE_REASON)
    _take_out(placed, reasons, read_also_lines(placed, words, linked, address), READ_ALSO_REASON)
    _take_out(placed, reasons, other_stories(placed, title), OTHER_STORY_REASON)
    if own is not None and not missed_others:
        _take_out(placed, reasons, own.others, OTHER_STORY_REASON)
    _take_out(placed, reasons, menu_above_title(placed, words, linked), MENU_REASON)
    _take_out(placed, reasons, title_trails(placed, words), BREADCRUMB_REASON)
    # Only a dated page is surely an article: on a listing, boxes of headlines are
    # what the page lists.
    if dated:
        _take_out(placed, reasons, headline_boxes(placed, weights, linked),
                  HEADLINE_BOX_REASON)
        _take_out(placed, reasons, embedded_slideshows(placed, weights), SLIDESHOW_REASON)
        _take_out(placed, reasons, signup_boxes(placed, weights, words, tree),
                  SIGNUP_BOX_REASON)
        _take_out(placed, reasons, teaser_cards(placed, weights, linked, address),
                  TEASER_CARD_REASON)
        _take_out(placed, reasons, teaser_rails(placed, words, weights, linked, address),
                  TEASER_RAIL_REASON)
    # An undated page with a series of card titles is a listing: its cards are the
    # content, wherever they stand.
    if not cards:
        _take_out(placed, reasons, trailing_series(placed, words, weights, linked, dated),
                  TRAILING_SERIES_REASON)
        _take_out(placed, reasons, site_series_in_text(placed, words, weights, linked, dated, address),
                  SITE_SERIES_REASON)
        _take_out(placed, reasons, trailing_tag_lists(placed, weights, linked),
                  TAG_LIST_REASON)
        _take_out(placed, reasons, closing_site_links(placed, words, weights, linked, dated, address),
                  CLOSING_LINKS_REASON)

    def twins_of(path: str) -> frozenset[str]:
        return container_twins(tree, path, lineage)

    def traits_of(paths: set[str]) -> dict[str, BoxTraits]:
        return {path: box_traits(found[-1]) for path, found in tree.elements_at(paths).items()
                if found}

    # A dated page is surely an article (on a declared discussion, what follows the
    # first post is the replies). An undated page is one only when its text stands in
    # an <article> or a named body and it declares no type and lists no card titles:
    # on a shop's product or a landing page the offer and the grid follow the lead.
    story = dated and page_type != DISCUSSION_PAGE
    if story or page_type in (None, REVIEW_PAGE) and not cards:
        marked_by = None if story else bodies
        _take_out(placed, reasons, after_text_band(placed, weights, words, twins_of, traits_of,
                                                  marked_by),
                  AFTER_TEXT_REASON)
        _take_out(placed, reasons, before_text_lines(placed, weights, words, marked_by),
                  BEFORE_TEXT_REASON)
    # After the closing links: the author's box often stands right above them.
    _take_out(placed, reasons, author_box(placed, words, weights, linked, author),
              AUTHOR_BOX_REASON)
    if page_type == PRODUCT_PAGE:
        _take_out(placed, reasons, above_product_name(placed, words),
                  ABOVE_PRODUCT_NAME_REASON)
        _take_out(placed, reasons, lone_links(placed, words, linked), LONE_LINK_REASON)
        _take_out(placed, reasons, other_product_cards(placed, words, linked),
                  PRODUCT_CARDS_REASON)
    # Last, so the rules above read the article's bounds as the container drew them.
    # Where the page is no article (its main content holds no article's text, or it
    # declares a product), the intro may stand in the title's band above a grid or a
    # landing page's sections (siblings.py).
    no_article = page_type == PRODUCT_PAGE or not article_paragraphs(
        placed, [i for i, b in enumerate(placed) if b.in_main], weights)
    _admit(placed, reasons, furniture,
           lead_sentences(blocks, placements, lineage, weights, words, container.path,
                          beyond_siblings=no_article))
    if scope == "page":
        return placed, decisions
    kept = []
    for block, reason in zip(placed, reasons):
        if block.in_main:
            kept.append(block)
        else:
            assert reason is not None     # a block leaves the main content with a reason
            decisions.append(Decision(STAGE, Action.DROPPED, reason, block.xpath, block.text))
    return kept, decisions


def _without(weights: list[int], indices: list[int]) -> list[int]:
    """`weights` with the blocks at `indices` weighing nothing."""
    if not indices:
        return weights
    left = list(weights)
    for i in indices:
        left[i] = 0
    return left


def _content_weight(block: Block, words: int, linked_words: int) -> int:
    """Words a reader came for (of the block's `words`): outside links, and not in
    images or media."""
    if block.kind in WEIGHTLESS_KINDS:
        return 0
    return max(0, words - linked_words)


def _place_blocks(blocks: list[Block], placements: list[Placement],
                  lineage: list[tuple[str, ...]], container: Container,
                  comments_kept: bool, furniture: dict[int, str],
                  ) -> tuple[list[Block], list[str | None]]:
    """Each block with its region, widget and in_main, and why it is not main
    content (None when it is). Blocks whose fields do not change are not copied."""
    body_end = last_block_inside(lineage, container.body)
    placed, reasons = [], []
    for i, block in enumerate(blocks):
        placement = placements[i]
        reason = _reason_outside(placement,
                                 container.path is None or container.path in lineage[i],
                                 comments_kept)
        if reason is None and i > body_end and container.body not in lineage[i]:
            reason = AFTER_BODY_REASON
        if reason is None and i in furniture:
            reason = f"in a section headed “{furniture[i]}”, which is page furniture"
        if reason is None and block.kind in CONTROL_LINE_KINDS and is_control_line(block.text):
            reason = CONTROL_LINE_REASON
        in_main = reason is None
        if ((block.region, block.widget, block.in_main)
                != (placement.region, placement.widget, in_main)):
            block = revised(block, region=placement.region, widget=placement.widget,
                            in_main=in_main)
        placed.append(block)
        reasons.append(reason)
    return placed, reasons


def _reason_outside(placement: Placement, inside_container: bool,
                    comments_kept: bool) -> str | None:
    """Why a block is not main content, or None when it is."""
    if placement.chrome is not None:
        return f"{CHROME_REASON_PREFIX} ({placement.chrome}), never main content"
    if placement.widget in DROPPED_WIDGETS:
        kind = str(placement.widget)
        return f"in {'an' if kind[0] in 'aeiou' else 'a'} {kind} widget"
    if placement.widget == _COMMENTS and not comments_kept:
        return COMMENTS_REASON
    if not inside_container:
        return OUTSIDE_CONTAINER
    return None


def _keep_title(blocks: list[Block], reasons: list[str | None],
                container: str | None, furniture: dict[int, str]) -> list[Block]:
    """The page's <h1> often sits in a header band just above the article body, with
    the byline beside it (WordPress's entry-header holds entry-title and entry-meta).
    Keep the title, and the short lines that share its parent, up to the body (not
    a furniture heading there: an empty "Related" box's)."""
    if container is None or any(b.in_main and is_title(b) for b in blocks):
        return blocks
    first_main = next((i for i, b in enumerate(blocks) if b.in_main), len(blocks))
    title = next((i for i, (b, reason) in enumerate(zip(blocks[:first_main], reasons))
                  if is_title(b) and reason is not None
                  and not reason.startswith(CHROME_REASON_PREFIX)), None)
    if title is None:
        return blocks
    blocks = list(blocks)
    band = blocks[title].xpath.rsplit("/", 1)[0] + "/"
    for i in range(title, first_main):
        block = blocks[i]
        if i == title or (block.xpath.startswith(band) and reasons[i] == OUTSIDE_CONTAINER
                          and i not in furniture
                          and word_count(block.text) <= TITLE_BAND_MAX_WORDS):
            blocks[i] = revised(block, in_main=True)
    return blocks


def _admit(placed: list[Block], reasons: list[str | None], furniture: dict[int, str],
           indices: list[int]) -> None:
    """Bring the blocks at `indices` into the main content when the container's
    bounds were all that kept them out (siblings.py: the article's text beside it)."""
    _bring_in(placed, reasons, [
        i for i in indices
        if reasons[i] == OUTSIDE_CONTAINER and i not in furniture
        and not (placed[i].kind in CONTROL_LINE_KINDS and is_control_line(placed[i].text))])


def _bring_in(placed: list[Block], reasons: list[str | None], indices: list[int]) -> None:
    """Bring the blocks at `indices` into the main content."""
    for i in indices:
        placed[i] = revised(placed[i], in_main=True)
        reasons[i] = None


def _take_out(placed: list[Block], reasons: list[str | None], indices: list[int],
              reason: str) -> None:
    """Take the blocks at `indices` out of the main content, with `reason`."""
    for i in indices:
        placed[i] = revised(placed[i], in_main=False)
        reasons[i] = reason
