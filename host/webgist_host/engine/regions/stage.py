"""Stage 4: where each block sits, and which blocks are the page's main content.

`apply_regions` wires the stage together and writes its decision log:

1. `_read_page`: marks.py gives every block its context, from the block stage's
   index of the tree (the innermost landmark, its region, and the layout marks
   around it), and belief.py weighs each mark against what its element holds of the
   page and resolves each block's chrome and widget;
2. `_choose_main`: container.py chooses the main-content container by text weight,
   again without a comment thread's or the next stories' weight when they drew it
   away from the page's story;
3. each block is placed: in the main content, or not and why (reasons.py); what
   stands beside the story's text comes back (`_bring_back_beside_text`), the site's
   furniture goes (`_take_out_furniture`, one rule module each), and the lead beside
   the container comes in last (siblings.py). For scope "main" only the main content
   is kept, and every other block is logged with its reason.

Numbers are in tuning.py, words and patterns in vocabulary.py, the evidence for
each rule in docs/rules/regions.md, what each is worth in docs/rules/ablation.md.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..bylines import url_day as permalink_day
from ..dom.nodes import TreeIndex
from ..words import word_count
from ..model import Action, Block, Decision, Widget, revised
from .belief import Placement, comments_are_content, resolve_marks
from .bylines import byline_lines, comment_call_lines
from .container import (Container, article_bodies, card_titles, choose_container,
                        last_block_inside)
from .marks import Context, block_contexts
from .sections import (article_paragraphs, furniture_sections, is_control_line, is_title,
                       trailing_series)
from .chart_labels import chart_labels
from .share_links import share_links
from .read_also import read_also_lines
from .page_story import OwnStory, other_stories, own_story, story_named_as_ad
from .paths import nested
from .product_name import above_product_name
from .counted_controls import counted_controls
from .lone_links import lone_links
from .lone_calls import LONE_CALL_REASON, lone_call_links
from .button_lines import BUTTON_LINE_REASON, product_button_lines
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
from .comment_thread import NO_THREAD, Thread, blog_thread, thread_after_story
from .teaser_rails import closing_cards, teaser_rails
from .link_cards import LINK_CARD_REASON, link_cards
from .reasons import (
    CHROME_REASON_PREFIX, OUTSIDE_CONTAINER, ASIDE_REASON, HEADER_REASON, COMMENTS_REASON,
    AFTER_BODY_REASON, CONTROL_LINE_REASON, BYLINE_REASON, COMMENT_CALL_REASON,
    TRAILING_SERIES_REASON, CHART_LABEL_REASON, SHARE_REASON, READ_ALSO_REASON,
    OTHER_STORY_REASON, HEADLINE_BOX_REASON, TEASER_CARD_REASON, TEASER_RAIL_REASON,
    CLOSING_CARDS_REASON, COUNTED_CONTROL_REASON, SLIDESHOW_REASON,
    SITE_SERIES_REASON, TAG_LIST_REASON, CLOSING_LINKS_REASON,
    ABOVE_PRODUCT_NAME_REASON, AUTHOR_BOX_REASON, AFTER_TEXT_REASON, BEFORE_TEXT_REASON,
    SIGNUP_BOX_REASON, MENU_REASON, BREADCRUMB_REASON, LONE_LINK_REASON,
    PRODUCT_CARDS_REASON,
)
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

@dataclass(frozen=True)
class _Page:
    """What every rule of the stage reads about the page: its blocks and their
    contexts, word counts and weights, and what its metadata says."""
    tree: TreeIndex
    blocks: list[Block]
    lineage: list[tuple[str, ...]]
    linked: list[int]
    words: list[int]
    weights: list[int]
    placements: list[Placement]
    contexts: list[Context]
    tab_panels: frozenset[str]
    page_type: str | None
    dated: bool
    declared_article: bool
    title: str | None
    address: str | None
    author: str | None
    bodies: frozenset[str]
    cards: tuple


@dataclass(frozen=True)
class _Main:
    """The main content's container, and what choosing it settled on the way."""
    container: Container
    comments_kept: bool
    thread: Thread
    own: OwnStory | None
    missed_others: list[int]


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
    page = _read_page(tree, blocks, page_type=page_type, dated=dated,
                      declared_article=declared_article, title=title, address=address,
                      author=author)
    main = _choose_main(page)
    container = main.container
    decisions = [Decision(STAGE, Action.NOTE, container.note, container.path or "")]
    # Only a declared discussion keeps its "Comments" heading: on articles whose
    # comments outweigh the body, that heading is what keeps them out.
    in_container = [w if container.path is None or container.path in chain else 0
                    for w, chain in zip(page.weights, page.lineage)]
    furniture = furniture_sections(blocks, comments_are_content=page_type == DISCUSSION_PAGE,
                                   weights=in_container, product_page=page_type == PRODUCT_PAGE,
                                   title=page.title)
    placed, reasons = _place_blocks(blocks, page.placements, page.lineage, container,
                                    main.comments_kept, furniture)
    placed = _keep_title(placed, reasons, container.path, furniture)
    _take_out(placed, reasons, main.thread.blocks, COMMENTS_REASON)
    _take_out(placed, reasons, main.missed_others, OTHER_STORY_REASON)
    _bring_back_beside_text(page, main, placed, reasons, furniture)
    if byline_in_metadata:
        _take_out(placed, reasons, byline_lines(placed, [p.byline for p in page.placements],
                                                after_standfirst=page_type != DISCUSSION_PAGE,
                                                author=author),
                  BYLINE_REASON)
    _take_out_furniture(page, main, placed, reasons)
    # Last, so the rules above read the article's bounds as the container drew them.
    # Where the page is no article (its main content holds no article's text, or it
    # declares a product), the intro may stand in the title's band above a grid or a
    # landing page's sections (siblings.py).
    no_article = page_type == PRODUCT_PAGE or not article_paragraphs(
        placed, [i for i, b in enumerate(placed) if b.in_main], page.weights)
    _admit(placed, reasons, furniture,
           lead_sentences(blocks, page.placements, page.lineage, page.weights, page.words,
                          container.path, beyond_siblings=no_article))
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


def _read_page(tree: TreeIndex, blocks: list[Block], *, page_type: str | None, dated: bool,
               declared_article: bool, title: str | None, address: str | None,
               author: str | None) -> _Page:
    """Each block's context, words, weight and placement (marks.py, belief.py)."""
    walked = block_contexts(tree, blocks)
    lineage, linked = walked.lineage, walked.linked
    words = [word_count(block.text) for block in blocks]
    placements = resolve_marks(blocks, walked.contexts, lineage, linked, words,
                               product_page=page_type == PRODUCT_PAGE,
                               review_page=page_type == REVIEW_PAGE,
                               linked_through=walked.linked_through)
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
    return _Page(tree, blocks, lineage, linked, words, weights, placements, walked.contexts,
                 walked.tab_panels, page_type, dated, declared_article, title, address,
                 author, bodies, cards)


def _choose_main(page: _Page) -> _Main:
    """The main content's container (container.py), chosen again without a comment
    thread's or the next stories' weight when they drew it away from the page's story."""
    def choose(weights: list[int], focus_article: bool) -> Container:
        return choose_container(page.placements, page.lineage, weights,
                                focus_article=focus_article, tab_panels=page.tab_panels,
                                article_bodies=page.bodies, card_titles=page.cards)

    page_type, lineage = page.page_type, page.lineage
    container = choose(page.weights, focus_article=page_type != DISCUSSION_PAGE)
    # A page that declares itself a discussion (a forum thread, a Q&A page) is its
    # comments; elsewhere they are content only when they are the page's bulk.
    comments_kept = (page_type == DISCUSSION_PAGE
                     or comments_are_content(page.placements, page.contexts, lineage,
                                             page.weights, container.path))
    # ...but not under a dated story that says it is an article, or a blog post whose
    # permalink carries its day (/2019/04/14/, whatever its head declares), where a
    # long thread outweighs the text or draws the container into it (a forum's
    # replies, built like its first post, are its content: comment_thread.py; a
    # shop's reviews go by their own rules).
    article_page = page_type not in (DISCUSSION_PAGE, PRODUCT_PAGE)
    declared_story = page.dated and page.declared_article
    thread = (thread_after_story(page.tree, page.blocks, page.contexts, page.placements,
                                 page.weights)
              if article_page and (declared_story or permalink_day(page.address) is not None)
              else NO_THREAD)
    # Under a dated permalink alone (nothing in the head says "article"), a forum's
    # replies may be what stands after the first post: only a blog's markup says the
    # thread is its readers' comments.
    if thread.blocks and not declared_story and not blog_thread(page.tree, page.blocks,
                                                                page.contexts, thread):
        thread = NO_THREAD
    misses_story = container.path is not None and not any(container.path in lineage[i]
                                                          for i in thread.story)
    if thread.blocks and (comments_kept or misses_story):
        container = choose(_without(page.weights, thread.blocks), focus_article=True)
        comments_kept = False
    else:
        thread = NO_THREAD
    # A page that scrolls on into its next stories: its own is the one its title says,
    # however long the next (page_story.py).
    own = (own_story(page.blocks, page.weights, page.linked, page.title)
           if page.dated and article_page else None)
    # ...when the container missed it, chosen again without the next stories' weight.
    missed_others = (own.others if own is not None and container.path is not None
                     and not nested(container.path, own.article) else [])
    if missed_others:
        container = choose(_without(page.weights, [*thread.blocks, *missed_others]),
                           focus_article=True)
    return _Main(container, comments_kept, thread, own, missed_others)


def _bring_back_beside_text(page: _Page, main: _Main, placed: list[Block],
                            reasons: list[str | None], furniture: dict[int, str]) -> None:
    """Bring back what stands beside the story's text but outside the container: its
    headline in a header band, the text's twin elements, its fact and review boxes."""
    container = main.container
    # The container's parent holds the story's header band beside its text.
    band = container.path.rsplit("/", 1)[0] + "/" if container.path else ""
    _bring_in(placed, reasons, headline_in_header(
        placed, lambda i: reasons[i] == HEADER_REASON, band, page.title, page.address))
    twins = container_twins(page.tree, container.path, page.lineage)
    beside = ([i for i, chain in enumerate(page.lineage) if any(t in chain for t in twins)]
              if twins else [])
    _admit(placed, reasons, furniture, beside)
    # An <aside> inside the story's text, between its paragraphs, is the story's fact box.
    if page.page_type not in (PRODUCT_PAGE, DISCUSSION_PAGE):
        weights, words, linked = page.weights, page.words, page.linked
        chrome_aside = [reason == ASIDE_REASON for reason in reasons]
        _bring_in(placed, reasons, fact_boxes(placed, page.placements, chrome_aside, weights,
                                              words, linked))
        in_comments = [reason == COMMENTS_REASON for reason in reasons]
        _bring_in(placed, reasons, review_boxes(placed, in_comments, weights, words, linked))


def _take_out_furniture(page: _Page, main: _Main, placed: list[Block],
                        reasons: list[str | None]) -> None:
    """The rules that take the site's furniture out of the main content, in order:
    lines (comment calls, share and read-also links, menus, breadcrumbs), then boxes
    and series set among or after the text, then the bands around it."""
    words, weights, linked = page.words, page.weights, page.linked
    page_type, dated, cards = page.page_type, page.dated, page.cards
    address, title = page.address, page.title
    _take_out(placed, reasons, comment_call_lines(placed), COMMENT_CALL_REASON)
    _take_out(placed, reasons, chart_labels(placed), CHART_LABEL_REASON)
    _take_out(placed, reasons, share_links(placed), SHARE_REASON)
    # On a story (dated, or declared an article) "Related: <headline>" leads away from it;
    # on a docs or service page such a line is the author's cross-reference.
    if dated or page.declared_article:
        _take_out(placed, reasons, read_also_lines(placed, words, linked, address),
                  READ_ALSO_REASON)
    _take_out(placed, reasons, other_stories(placed, title), OTHER_STORY_REASON)
    if main.own is not None and not main.missed_others:
        _take_out(placed, reasons, main.own.others, OTHER_STORY_REASON)
    _take_out(placed, reasons, menu_above_title(placed, words, linked), MENU_REASON)
    _take_out(placed, reasons, title_trails(placed, words), BREADCRUMB_REASON)
    # Only a dated page is surely an article: on a listing, boxes of headlines are
    # what the page lists.
    if dated:
        _take_out(placed, reasons, headline_boxes(placed, weights, linked),
                  HEADLINE_BOX_REASON)
        _take_out(placed, reasons, embedded_slideshows(placed, weights), SLIDESHOW_REASON)
        _take_out(placed, reasons, signup_boxes(placed, weights, words, page.tree),
                  SIGNUP_BOX_REASON)
        _take_out(placed, reasons, teaser_cards(placed, weights, linked, address),
                  TEASER_CARD_REASON)
        _take_out(placed, reasons, teaser_rails(placed, words, weights, linked, address),
                  TEASER_RAIL_REASON)
        _take_out(placed, reasons, closing_cards(placed, words, weights, linked, address),
                  CLOSING_CARDS_REASON)
    # An undated page with a series of card titles is a listing: its cards are the
    # content, wherever they stand.
    if not cards:
        _take_out(placed, reasons, trailing_series(placed, words, weights, linked, dated),
                  TRAILING_SERIES_REASON)
        _take_out(placed, reasons,
                  site_series_in_text(placed, words, weights, linked, dated, address),
                  SITE_SERIES_REASON)
        _take_out(placed, reasons, trailing_tag_lists(placed, weights, linked),
                  TAG_LIST_REASON)
        _take_out(placed, reasons,
                  closing_site_links(placed, words, weights, linked, dated, address),
                  CLOSING_LINKS_REASON)

    def twins_of(path: str) -> frozenset[str]:
        return container_twins(page.tree, path, page.lineage)

    def traits_of(paths: set[str]) -> dict[str, BoxTraits]:
        return {path: box_traits(found[-1])
                for path, found in page.tree.elements_at(paths).items() if found}

    # A dated page is surely an article (on a declared discussion, what follows the
    # first post is the replies). An undated page is one only when its text stands in
    # an <article> or a named body and it declares no type and lists no card titles:
    # on a shop's product or a landing page the offer and the grid follow the lead.
    story = dated and page_type != DISCUSSION_PAGE
    if story or page_type in (None, REVIEW_PAGE) and not cards:
        marked_by = None if story else page.bodies
        _take_out(placed, reasons, after_text_band(placed, weights, words, twins_of, traits_of,
                                                  marked_by),
                  AFTER_TEXT_REASON)
        _take_out(placed, reasons, before_text_lines(placed, weights, words, marked_by),
                  BEFORE_TEXT_REASON)
    # After the closing links: the author's box often stands right above them.
    _take_out(placed, reasons, author_box(placed, words, weights, linked, page.author),
              AUTHOR_BOX_REASON)
    if page_type == PRODUCT_PAGE:
        _take_out(placed, reasons, above_product_name(placed, words),
                  ABOVE_PRODUCT_NAME_REASON)
        _take_out(placed, reasons, lone_links(placed, words, linked), LONE_LINK_REASON)
        _take_out(placed, reasons, other_product_cards(placed, words, linked),
                  PRODUCT_CARDS_REASON)
        _take_out(placed, reasons, product_button_lines(placed, words, page.tree),
                  BUTTON_LINE_REASON)
    # After the series and band rules, which read these cards' headlines as theirs. On
    # a page that says it is an article (dated or not): a dated landing, service or
    # docs page is made of such cards.
    if page.declared_article:
        _take_out(placed, reasons, link_cards(placed, weights, page.tree, address),
                  LINK_CARD_REASON)
    _take_out(placed, reasons, lone_call_links(placed, words, linked,
                                               product_page=page_type == PRODUCT_PAGE),
              LONE_CALL_REASON)
    # Last: the other rules read such runs as the short lines of a band or a series.
    _take_out(placed, reasons, counted_controls(placed, page.tree),
              COUNTED_CONTROL_REASON)


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
