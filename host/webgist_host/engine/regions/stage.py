"""Stage 4: where each block sits, and which blocks are the page's main content.

`apply_regions` walks the tree once and gives every block its region (the innermost
landmark, by tag or ARIA role), its widget kind, and `in_main`, from the
main-content container it chooses; for scope "main" it keeps only those blocks and
logs why each other block went.

Choosing the container does not trust <article> or <main> alone: the page's text is
weighed (words outside links, in blocks that are not page chrome), and the walk goes
down from the top while one child still holds most of that weight. An explicit
<main> or role=main that holds most of it is where the walk starts.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..dom.nodes import tag_of, walk_with_paths, PATH_ATTR
from ..model import Block, Decision, revised
from .bylines import (BYLINE_REASON, COMMENT_CALL_REASON, NAMED_BYLINE_MAX_WORDS,
                      byline_lines, comment_call_lines)
from .sections import furniture_sections, is_control_line
from .vocabulary import (
    AUTHOR_BOX_WORDS, BYLINE_WORDS, COMMENT_WORDS, CONSENT_VENDOR_WORDS, FOOTER_WORDS,
    HEADER_WORDS, MAIN_WORDS, NAVIGATION_WORDS, PART_HEADER_WORDS, REVIEW_WORDS,
    NAMING_ATTRIBUTES, SIDEBAR_WORDS, USER_CARD_WORDS, WIDGET_WORDS, naming_words,
)

# Landmarks by tag. <section> and <form> count only when they carry a name, as ARIA says.
LANDMARK_TAGS = {"header": "header", "nav": "nav", "main": "main", "aside": "aside",
                 "footer": "footer", "article": "article"}
NAMED_LANDMARK_TAGS = {"section": "section", "form": "form"}
LANDMARK_ROLES = {"banner": "header", "navigation": "nav", "main": "main",
                  "complementary": "aside", "contentinfo": "footer", "search": "search",
                  "dialog": "dialog", "alertdialog": "dialog", "region": "section",
                  "article": "article", "form": "form"}
# <header> and <footer> are the page's own only outside these; inside an article
# they hold its title or its tags.
SECTIONING_TAGS = frozenset({"article", "main", "section", "aside", "nav"})
# The same holds for names: inside the page's <main> or an <article>, an element named
# "header" is the content's own header band (title, standfirst, intro: MDN's
# layout__header holds a reference page's summary), not the site header.
CONTENT_TAGS = frozenset({"article", "main"})
# Inside an <article>, an element named as a sidebar is the article's own: a pull-out
# box, the example column of an API reference (Stripe). Not the <aside> tag: MDN
# closes its articles with <aside class="metadata"> (edit links, last modified).

# Names on these say nothing about one part of the page: body classes list page
# states ("menu-open", "has-sidebar"), and <html> carries framework flags.
UNNAMED_TAGS = frozenset({"html", "body"})
# A layout mark (a chrome landmark or name) is believed only on an element holding
# less than this share of the page's words: a "header" wrapper around the whole
# page is not the page header.
CHROME_MAX_SHARE = 0.5
# ...except furniture that sits beside each post (signatures, user cards): in a
# short thread one long signature holds over a quarter of the text (WCXB 0546), so
# these are believed up to the chrome share, as a sidebar is.
LENIENT_WIDGETS = frozenset({"post-furniture"})
# Widgets are smaller still: a "newsletter-post" or "filter-results" element that
# holds a quarter of the page is the page (WCXB: 2,035 article words and 589
# listing words were lost to such names at the chrome limit).
WIDGET_MAX_SHARE = 0.25
# Navigation is made of links. An element named as navigation whose words are
# mostly outside links is content: a "toc-para" section, a "skip-item" topic.
NAV_MIN_LINKED_SHARE = 0.35
# ...and a navigation landmark this much made of links is believed whatever its size.
LINK_NAV_SHARE = 0.7
# ...and so is a page header (<header> outside sectioning content, role=banner) as
# much made of links: a mega-menu of product links and their one-line blurbs
# outweighs a short article (WCXB 0005: 4,000 linked words above 1,300 of prose).
# Only on a page with prose of its own: where nearly every word is a link (a
# category grid), the header's few words are what places the content (WCXB 4509).
LINK_HEADER_MIN_PROSE = 100
# Landmarks (by tag or role) believed whatever their size. A page footer (<footer>
# outside sectioning content, role=contentinfo) that holds most of the page is not
# a wrapper around it: either the content is built by script and the static HTML is
# the footer alone (WCXB: five shop and service pages, empty in the reference), or
# the footer carries pages of legal footnotes under a short product grid (WCXB 3064).
ANY_SIZE_LANDMARKS = frozenset({"footer"})
# A page whose <main> (or role=main) holds at least this share of the prose has said
# where its content is: header, navigation and footer marks outside that <main>
# cannot be wrappers around the content, so they are believed at any size (WCXB
# 2894: a mega-menu header holding half the page's words, beside a real <main>).
TRUSTED_MAIN_SHARE = 0.25

# Filters are made of options (checkbox labels, links, counts). An element named as
# a filter that is mostly paragraphs of this many words is an accordion of prose
# (an FAQ styled with the page's filter classes), not a filter.
SENTENCE_MIN_WORDS = 12
FILTER_MAX_PROSE_SHARE = 0.5

# The chrome kinds that are never main content, whatever the container.
CHROME_KINDS = frozenset({"header", "nav", "footer", "aside", "dialog", "search"})
# Widget kinds dropped from the main content; `comments` only when they are not the
# page's bulk (a forum thread is all comments, and they are its content).
DROPPED_WIDGETS = frozenset({"consent", "filter", "post-furniture", "related",
                             "newsletter", "ad", "modal", "product-reviews", "author-bio",
                             "notice", "product-carousel", "input-form"})

# Blocks that can be a control's label standing alone (see sections.CONTROL_LINE_PATTERNS).
CONTROL_LINE_KINDS = frozenset({"paragraph", "heading", "list-item"})

# The walk goes into a child while it holds at least this share of the content
# weight of the whole page. Below it, the content is spread over several children
# (a product's description and its specification table) and the walk stops.
CONTAINER_SHARE = 0.85
# Where the walk stops above an <article> that holds at least this share of the
# container's weight (and is not one of a series of posts or cards), the rest is
# what sits around the article: teasers, product cards, sign-up boxes, the author's
# other posts. WCXB's article references keep the <article> alone.
ARTICLE_FOCUS_SHARE = 0.5
# An element named as the article's body ("entry-content", "post-body") that holds
# that share of the container's weight ends the article: what follows it in the
# container goes (the walk can stop above it when teasers and sign-up bands below
# carry over 15% of the text). WCXB: +0.0014 overall, article +0.0026 (22 pages
# gained, up to +0.25: "Blog." card grids, "Popular" lists, promo bands, author
# boxes under the text), service +0.0004; no page lost. Not when another body
# beside it holds at least this share of its weight: then they are a series of
# excerpts, not one article.
SERIES_BODY_SHARE = 0.1
# Tabs show one panel at a time, but without a browser every panel is the page's
# content: the walk never narrows to one panel of a set (role=tabpanel, "tab-pane",
# "tabs__panel" beside another), or it keeps the first tab and loses the others
# (WCXB 4550, a permits page's forms and FAQ tabs, +0.33; +0.0002 overall).
TAB_WORDS = frozenset({"tab", "tabs"})
TAB_PANEL_WORDS = frozenset({"pane", "panel"})
TAB_PANEL_NAMES = frozenset({"tabpanel", "tabpane"})
# A category page opens with a few paragraphs on its subject above a grid of cards
# whose titles are links. Links weigh nothing, so the walk went into the intro and
# left the cards behind (WCXB: four listing pages of four sites, +0.03 to +0.29).
# On a page with no published date the walk stops where going on would leave out
# CARD_SERIES_MIN_TITLES or more linked headings of one series (a heading at
# least CARD_TITLE_MIN_LINKED link words) that hold at least CARD_SERIES_MIN_SHARE
# of the child's weight. A related-posts box lists fewer titles: 10 and 15 on
# two WCXB articles, 20 to 102 on the four listings.
CARD_SERIES_MIN_TITLES = 12
CARD_TITLE_MIN_LINKED = 0.6
CARD_SERIES_MIN_SHARE = 0.15
# An explicit <main> is trusted when it holds at least this share of the weight.
EXPLICIT_MAIN_SHARE = 0.5
# A line beside the title (a byline, a date) is this short at most.
TITLE_BAND_MAX_WORDS = 30
OUTSIDE_CONTAINER = "outside the main content container"
AFTER_BODY_REASON = "after the element named as the article's body, inside the container"
# Comments inside the container are dropped unless they hold this share of its weight.
COMMENTS_ARE_CONTENT_SHARE = 0.5



@dataclass(frozen=True)
class _Context:
    """What an element inherits: its landmark, and every layout mark on the way down.

    A mark is (path, what, kind), what being "chrome" (by name), "landmark" (by tag or
    role), "widget", "vendor" or "main". Marks are
    resolved only once the text is weighed, because a name is not trusted on an
    element that holds most of the page (a body class "has-navbar", a wrapper
    "page-header-offset" around everything).
    """

    region: str | None = None
    marks: tuple[tuple[str, str, str], ...] = ()


def _role(el) -> str:
    role = el.get("role")
    return role.strip().lower().split(" ")[0] if role else ""


def _landmark(el, tag: str, role: str, inside_sectioning: bool) -> str | None:
    if role in LANDMARK_ROLES:
        return LANDMARK_ROLES[role]
    if tag in LANDMARK_TAGS:
        if tag in ("header", "footer") and inside_sectioning:
            return None
        return LANDMARK_TAGS[tag]
    if tag in NAMED_LANDMARK_TAGS and (el.get("aria-label") or el.get("aria-labelledby")):
        return NAMED_LANDMARK_TAGS[tag]
    return None


def _chrome_from_names(words: frozenset[str]) -> str | None:
    """A chrome kind named by class/id words, unless the same value also says content
    (`entry-header` holds the post title; `post-navigation` is still navigation,
    and `entry-footer` is still a footer)."""
    if words & MAIN_WORDS and not words & NAVIGATION_WORDS:
        # ...but the content's own footer (entry-footer, content-footer) holds its
        # tags, licence and "last updated" line, not its text.
        return "footer" if words & FOOTER_WORDS else None
    if words & NAVIGATION_WORDS:
        return "nav"
    if words & HEADER_WORDS and not words & PART_HEADER_WORDS:
        return "header"
    if words & FOOTER_WORDS:
        return "footer"
    if words & SIDEBAR_WORDS:
        return "aside"
    return None


WIDGET_WORD_SET = frozenset(WIDGET_WORDS)


def _widget_from_names(words: frozenset[str]) -> str | None:
    if "author" in words and words & AUTHOR_BOX_WORDS:
        return "author-bio"
    if "user" in words and words & USER_CARD_WORDS:
        return "post-furniture"
    if words & COMMENT_WORDS:
        return "comments"
    if words & REVIEW_WORDS:
        return "reviews"
    named = words & WIDGET_WORD_SET
    kind = WIDGET_WORDS[min(named)] if named else None
    if kind is None and words & BYLINE_WORDS:
        return "byline"
    # A dialog named for the subject it shows ("product-details-modal") holds the
    # page's own content; a bare "modal" around it still marks the dialog itself.
    # Not the parts every dialog has ("modal-content", "modal-body") nor a form.
    if kind == "modal" and words & SUBJECT_WORDS and "form" not in words:
        return None
    return kind


# An article's body by name: a word for the article beside a word for its text
# ("entry-content", "post-body", "article__content", "story-text"), the element
# WordPress and most blog and news templates wrap the text itself in.
ARTICLE_WORDS = frozenset({"article", "post", "entry", "story"})
ARTICLE_BODY_WORDS = frozenset({"content", "body", "text"})


def _names_article_body(words: frozenset[str]) -> bool:
    return bool(words & ARTICLE_WORDS and words & ARTICLE_BODY_WORDS)


# Content words that name a subject, not a generic part of a box.
SUBJECT_WORDS = MAIN_WORDS - {"content", "body", "text", "page", "main"}


def _names_say(words: frozenset[str], memo: dict) -> tuple[str | None, str | None, bool]:
    """(chrome kind, widget kind, consent vendor?) named by these words; pages repeat
    the same class lists, so the answer is kept in `memo` under the word set."""
    said = memo.get(words)
    if said is None:
        said = (_chrome_from_names(words), _widget_from_names(words),
                bool(words & CONSENT_VENDOR_WORDS))
        memo[words] = said
    return said


def _child_context(parent: _Context, el, path: str, tag: str, role: str,
                   inside_sectioning: bool, inside_content: bool, inside_article: bool,
                   memo: dict, said: dict) -> _Context:
    landmark = _landmark(el, tag, role, inside_sectioning)
    marks = []
    if tag not in UNNAMED_TAGS:
        words = _element_words(el, tag, memo)
        if words:
            named_chrome, widget, vendor = _names_say(words, said)
            if (named_chrome or widget) and _id_is_text_slug(el):
                words = _element_words(el, tag, memo, attributes=ATTRIBUTES_BUT_ID)
                named_chrome, widget, vendor = _names_say(words, said)
            if (named_chrome == "header" and inside_content
                    or named_chrome == "aside" and inside_article):
                named_chrome = None
            if named_chrome:
                marks.append((path, "chrome", named_chrome))
            elif not widget and _names_article_body(words):
                marks.append((path, "body", "article-body"))
            if vendor:
                marks.append((path, "vendor", "consent"))
            elif widget:
                marks.append((path, "widget", widget))
    if tag == "form" and _asks_for_text(el):
        marks.append((path, "widget", "input-form"))
    if landmark in CHROME_KINDS:
        marks.append((path, "landmark", landmark))
    elif landmark == "main":
        marks.append((path, "main", "main"))
    if landmark == "dialog":
        marks.append((path, "widget", "modal"))
    if not marks and landmark is None:
        return parent
    return _Context(region=landmark or parent.region, marks=parent.marks + tuple(marks))


_NOT_ALNUM = re.compile(r"[^a-z0-9]+")


def _id_is_text_slug(el) -> bool:
    """True when the element's id is its own opening text made into an anchor
    ("receive-and-reply-to-an-inbound-sms" on the heading that says so)."""
    raw = (el.get("id") or "").lower()
    if not raw or raw.isalnum():
        return False          # none, or one word ("header", "mainContent"): no slug
    id_words = [w for w in _NOT_ALNUM.split(raw) if w]
    if len(id_words) < 2:
        return False
    text_words = set(_NOT_ALNUM.split(_opening_text(el, 400).lower()))
    return all(w in text_words for w in id_words)


def _opening_text(el, limit: int) -> str:
    """The first `limit` characters of an element's text, read no further: the test
    runs on elements as big as the whole page."""
    pieces, length = [], 0
    for piece in el.itertext():
        pieces.append(piece)
        length += len(piece)
        if length >= limit:
            break
    return "".join(pieces)[:limit]


def _element_words(el, tag: str, memo: dict,
                   attributes: tuple[str, ...] = NAMING_ATTRIBUTES) -> frozenset[str]:
    words = naming_words(el, memo, attributes)
    if "-" in tag:
        # A custom element's own name is the author's name for a layout part,
        # as a class is (<devsite-content-footer>, <site-header>).
        words = words | _words_of_tag(tag, memo)
    return words


# An id that is the element's own text as an anchor names nothing (_id_is_text_slug).
ATTRIBUTES_BUT_ID = tuple(a for a in NAMING_ATTRIBUTES if a != "id")


# Input types a reader types words into. A form with one of these (or a textarea)
# collects a comment, an answer, an enquiry or a sign-up: its labels ("Email*",
# "Required, but never shown") are not content. As a widget it is believed only
# below WIDGET_MAX_SHARE, so a page wrapped whole in one <form> (ASP.NET) is kept.
# WCXB: +0.0005 overall, gains on five page types (service +0.0015, forum +0.0008).
TEXT_INPUT_TYPES = frozenset({"", "text", "email", "tel", "password", "url"})


def _asks_for_text(form) -> bool:
    for field in form.iter("textarea", "input"):
        if field.tag == "textarea" or (field.get("type") or "").strip().lower() in TEXT_INPUT_TYPES:
            return True
    return False


def _words_of_tag(tag: str, memo: dict) -> frozenset[str]:
    key = "<" + tag
    words = memo.get(key)
    if words is None:
        words = memo[key] = frozenset(w for w in tag.split("-") if len(w) > 1)
    return words


def _content_weight(block: Block, linked_words: int) -> int:
    """Words a reader came for: outside links, and not in images or media."""
    if block.kind in ("rule", "image", "media"):
        return 0
    return max(0, len(block.text.split()) - linked_words)


def apply_regions(root, blocks: list[Block], scope: str, *,
                  page_type: str | None = None,
                  byline_in_metadata: bool = False,
                  dated: bool = False) -> tuple[list[Block], list[Decision]]:
    """Give each block region, widget and in_main; for scope "main", keep only the
    main content and log why each other block went. `page_type` is what the page's
    metadata says it is ("product", "discussion" or None); `byline_in_metadata`,
    whether it names the author or the published date, which makes the byline
    lines above the text redundant; `dated`, whether it names the published date."""
    raw_contexts, lineage, linked, tab_panels = _block_contexts(root, blocks)
    product_page = page_type == "product"
    contexts = _resolve_marks(blocks, raw_contexts, lineage, linked, product_page)
    weights = [_content_weight(block, n) for block, n in zip(blocks, linked)]
    # Not on a page that declares a product or a discussion: a shop's
    # "entry-product-page-content" holds the summary but not the specification
    # tabs beside it (WCXB 0600), and a thread is its posts.
    bodies = _article_bodies(raw_contexts) if page_type is None else frozenset()
    # A dated page is an article: a list of titles beside it is its archive or
    # its related posts, never the content (WCXB 0240, 45 such titles).
    cards = () if dated else _card_titles(blocks, contexts, lineage, linked)
    container, note, body = _choose_container(contexts, lineage, weights,
                                               focus_article=page_type != "discussion",
                                               tab_panels=tab_panels, article_bodies=bodies,
                                               card_titles=cards)
    body_end = _last_block_inside(lineage, body)
    decisions = [Decision("regions", "note", note, container or "")]
    # A page that declares itself a discussion (a forum thread, a Q&A page) is its
    # comments; elsewhere they are content only when they are the page's bulk.
    comments_are_content = (page_type == "discussion"
                            or _comments_are_content(contexts, lineage, weights, container,
                                                     raw_contexts))

    # Only a declared discussion keeps its "Comments" heading: on articles whose
    # comments outweigh the body, that heading is what keeps them out.
    furniture = furniture_sections(blocks, comments_are_content=page_type == "discussion")
    placed, reasons = [], []
    for i, block in enumerate(blocks):
        context = contexts[i]
        reason = _reason_outside(context, container is None or container in lineage[i],
                                 comments_are_content)
        if reason is None and i > body_end and body not in lineage[i]:
            reason = AFTER_BODY_REASON
        if reason is None and i in furniture:
            reason = f"in a section headed “{furniture[i]}”, which is page furniture"
        if reason is None and block.kind in CONTROL_LINE_KINDS and is_control_line(block.text):
            reason = "a control's label or a listing's tally standing alone, not content"
        in_main = reason is None
        if (block.region, block.widget, block.in_main) != (context.region, context.widget, in_main):
            block = revised(block, region=context.region, widget=context.widget, in_main=in_main)
        placed.append(block)
        reasons.append(reason)
    placed = _keep_title(placed, reasons, container)
    if byline_in_metadata:
        for i in byline_lines(placed, [context.byline for context in contexts]):
            placed[i] = revised(placed[i], in_main=False)
            reasons[i] = BYLINE_REASON
    for i in comment_call_lines(placed):
        placed[i] = revised(placed[i], in_main=False)
        reasons[i] = COMMENT_CALL_REASON
    if scope == "page":
        return placed, decisions
    kept = []
    for block, reason in zip(placed, reasons):
        if block.in_main:
            kept.append(block)
        else:
            decisions.append(Decision("regions", "dropped", reason, block.xpath, block.text))
    return kept, decisions


def _reason_outside(context: _Placement, inside_container: bool, comments_are_content: bool) -> str | None:
    """Why a block is not main content, or None when it is."""
    if context.chrome is not None:
        return f"page chrome ({context.chrome}), never main content"
    if context.widget in DROPPED_WIDGETS:
        return f"in a {context.widget} widget"
    if context.widget == "comments" and not comments_are_content:
        return "in the comments, which are not the bulk of this page"
    if not inside_container:
        return OUTSIDE_CONTAINER
    return None


@dataclass(frozen=True)
class _Placement:
    """A block's marks, resolved: what it sits in, as far as the page's names are believed."""

    region: str | None
    chrome: str | None
    widget: str | None
    explicit_main: str | None
    byline: bool = False       # inside an element named as the byline


def _resolve_marks(blocks: list[Block], contexts: list[_Context], lineage,
                   linked_words: list[int], product_page: bool) -> list[_Placement]:
    words: dict[str, int] = {}
    linked: dict[str, int] = {}
    prose: dict[str, int] = {}
    total = 0
    for block, chain, in_links in zip(blocks, lineage, linked_words):
        n = len(block.text.split())
        total += n
        sentences = n - in_links if block.kind == "paragraph" and n - in_links >= SENTENCE_MIN_WORDS else 0
        for p in chain:
            words[p] = words.get(p, 0) + n
            linked[p] = linked.get(p, 0) + in_links
            if sentences:
                prose[p] = prose.get(p, 0) + sentences

    prose_total = total - sum(linked_words)
    trusted_mains = [path for path in {mark[0] for context in contexts for mark in context.marks
                                       if mark[1] == "main"}
                     if words.get(path, 0) - linked.get(path, 0)
                     >= TRUSTED_MAIN_SHARE * prose_total > 0]

    def beside_trusted_main(path: str) -> bool:
        return bool(trusted_mains) and not any(
            _nested(main, path) for main in trusted_mains)

    def believed(path: str, what: str, kind: str) -> bool:
        if (what == "vendor" or kind == "reviews" and product_page
                or what == "landmark" and kind in ANY_SIZE_LANDMARKS):
            return True
        if what in ("chrome", "landmark") and beside_trusted_main(path):
            return True
        held = words.get(path, 0)
        in_links = linked.get(path, 0)
        share = (WIDGET_MAX_SHARE if what == "widget" and kind not in LENIENT_WIDGETS
                 else CHROME_MAX_SHARE)
        # A real <nav> (or role=navigation) that is mostly links is navigation at any
        # size: a docs sidebar listing the whole manual outweighs a short page.
        link_nav = (what == "landmark" and in_links >= LINK_NAV_SHARE * held
                    and (kind == "nav"
                         or kind == "header" and prose_total >= LINK_HEADER_MIN_PROSE))
        if held >= share * total and not link_nav:
            return False
        # Prose outside links, measured the same way: a column named
        # "sidebar-first-only" that carries most of the page's prose is the article.
        if held - in_links >= share * prose_total > 0:
            return False
        if kind == "nav" and held and in_links < NAV_MIN_LINKED_SHARE * held:
            return False
        if kind == "filter" and prose.get(path, 0) >= FILTER_MAX_PROSE_SHARE * held > 0:
            return False
        return True

    # Blocks in the same element share one context object: each is resolved once.
    resolved: dict[int, _Placement] = {}
    placements = []
    for context in contexts:
        placement = resolved.get(id(context))
        if placement is None:
            placement = resolved[id(context)] = _place(context, words, believed, product_page)
        placements.append(placement)
    return placements


def _place(context: _Context, words: dict[str, int], believed, product_page: bool) -> _Placement:
    """One context's marks, innermost first, as far as `believed` trusts them."""
    chrome = widget = explicit_main = None
    byline = False
    for path, what, kind in reversed(context.marks):     # innermost first
        if kind == "byline":
            # ...which says where it sits, not what it is: the widgets around
            # it still decide.
            byline = byline or words.get(path, 0) <= NAMED_BYLINE_MAX_WORDS
        elif what == "main":
            explicit_main = explicit_main or path
        elif what == "body":
            continue          # says where the text is, not what to drop
        elif not believed(path, what, kind):
            continue
        elif what in ("chrome", "landmark") and chrome is None and explicit_main is None:
            chrome = kind
        elif what in ("widget", "vendor") and widget is None:
            # On a page that declares it sells a product, its reviews are
            # furniture at any size (they often outweigh the description);
            # elsewhere they count as comments.
            if kind == "reviews":
                kind = "product-reviews" if product_page else "comments"
            if kind == "carousel":
                # ...and a carousel only on such a page (see naming.py).
                if not product_page:
                    continue
                kind = "product-carousel"
            widget = kind
    return _Placement(context.region, chrome, widget, explicit_main, byline)


def _block_contexts(root, blocks: list[Block]):
    """Each block's inherited context, its lineage (real paths, root first), and how
    many of its words sit inside links (fragment links included, which Markdown
    renders as plain text)."""
    by_path: dict[str, list[int]] = {}
    for i, block in enumerate(blocks):
        by_path.setdefault(block.xpath, []).append(i)
    contexts: list[_Context] = [_Context()] * len(blocks)
    lineage: list[tuple[str, ...]] = [()] * len(blocks)
    linked = [0] * len(blocks)
    stack: list[_Frame] = []                  # the open elements, root first
    names = _Names()
    panels: dict[str, list[str]] = {}         # parent path -> its tab panels' paths
    for el, real_path, ancestors in walk_with_paths(root):
        del stack[len(ancestors):]
        frame = _Frame(stack[-1] if stack else None, el, real_path, tag_of(el), _role(el))
        stack.append(frame)
        hits = by_path.get(el.get(PATH_ATTR) or real_path)
        if hits:
            context = frame.context(names)
            chain = tuple(p for _, p in ancestors) + (real_path,)
            for i in hits:
                contexts[i] = context
                lineage[i] = chain
            frame.block = hits[-1]
        if frame.tag == "a" and frame.block is not None and el.get("href") is not None:
            linked[frame.block] += len(el.text_content().split())
        # (The substring test first: this runs for every element of the page.)
        classes = el.get("class")
        if (frame.role == "tabpanel" or classes and ("tab" in classes or "Tab" in classes)
                and _named_tab_panel(el, names.words)):
            panels.setdefault(real_path.rsplit("/", 1)[0], []).append(real_path)
    tab_panels = frozenset(p for group in panels.values() if len(group) > 1 for p in group)
    return contexts, lineage, linked, tab_panels


class _Names:
    """What the page's names say, worked out once per distinct value: pages repeat
    the same class lists thousands of times."""

    def __init__(self):
        self.words: dict[str, frozenset[str]] = {}     # attribute value -> its words
        self.said: dict[frozenset[str], tuple] = {}    # words -> what they name


class _Frame:
    """An open element of the regions walk, with what it inherits. Its context is
    worked out only when a block at or below it asks: most elements hold no block
    (menus, icons, a paragraph's inline markup), and reading every element's names
    cost a tenth of the engine's time."""

    __slots__ = ("parent", "el", "path", "tag", "role", "in_sectioning", "in_content",
                 "in_article", "block", "_context")

    def __init__(self, parent: _Frame | None, el, path: str, tag: str, role: str):
        self.parent, self.el, self.path, self.tag, self.role = parent, el, path, tag, role
        self._context: _Context | None = None
        if parent is None:
            self.in_sectioning = self.in_content = self.in_article = False
            self.block = None
            return
        # Inside, not counting the element itself: sectioning content, <main> or
        # <article>, an <article>; and the block it is in.
        self.in_sectioning = parent.in_sectioning or parent.tag in SECTIONING_TAGS
        self.in_content = (parent.in_content or parent.tag in CONTENT_TAGS
                           or parent.role in ("main", "article"))
        self.in_article = parent.in_article or parent.tag == "article" or parent.role == "article"
        self.block: int | None = parent.block

    def context(self, names: _Names) -> _Context:
        unresolved = []
        frame = self
        while frame is not None and frame._context is None:
            unresolved.append(frame)
            frame = frame.parent
        inherited = frame._context if frame is not None else _Context()
        for frame in reversed(unresolved):           # root first
            inherited = frame._context = _child_context(
                inherited, frame.el, frame.path, frame.tag, frame.role, frame.in_sectioning,
                frame.in_content, frame.in_article, names.words, names.said)
        return inherited


def _named_tab_panel(el, memo: dict) -> bool:
    words = naming_words(el, memo)
    return bool(words & TAB_PANEL_NAMES or words & TAB_WORDS and words & TAB_PANEL_WORDS)


def _card_titles(blocks: list[Block], contexts, lineage, linked: list[int]) -> tuple:
    """(lineage, words) of each linked heading, outside chrome and dropped widgets,
    that titles one of a series of cards: CARD_SERIES_MIN_TITLES or more headings
    whose paths differ in one step's position only (`li[1]/h3`, `li[2]/h3`, ...)."""
    titles = [i for i, block in enumerate(blocks)
              if block.kind == "heading" and contexts[i].chrome is None
              and contexts[i].widget not in DROPPED_WIDGETS
              and linked[i] >= CARD_TITLE_MIN_LINKED * len(block.text.split()) > 0]
    if len(titles) < CARD_SERIES_MIN_TITLES:
        return ()
    series: dict[tuple, list[int]] = {}
    for i in titles:
        steps = blocks[i].xpath.split("/")
        for k, step in enumerate(steps):
            # The same path with this one step's position left open.
            key = (k, "/".join(steps[:k]), step.split("[", 1)[0], "/".join(steps[k + 1:]))
            series.setdefault(key, []).append(i)
    in_series = sorted({i for members in series.values()
                        if len(members) >= CARD_SERIES_MIN_TITLES for i in members})
    return tuple((lineage[i], len(blocks[i].text.split())) for i in in_series)


def _leaves_cards_out(node: str, child: str, card_titles: tuple, child_weight: int) -> bool:
    """Whether going from `node` into `child` would leave a series of cards behind."""
    left = [words for chain, words in card_titles if node in chain and child not in chain]
    return (len(left) >= CARD_SERIES_MIN_TITLES
            and sum(left) >= CARD_SERIES_MIN_SHARE * child_weight)


def _choose_container(contexts, lineage, weights, focus_article: bool = True,
                      tab_panels: frozenset[str] = frozenset(),
                      article_bodies: frozenset[str] = frozenset(),
                      card_titles: tuple = ()) -> tuple[str | None, str, str | None]:
    """The main-content container, a note saying how it was found, and the element
    named as the article's body inside it, if one holds most of it (else None)."""
    weight: dict[str, int] = {}
    children: dict[str, set[str]] = {}
    explicit: dict[str, int] = {}
    total = 0
    for i, (context, w) in enumerate(zip(contexts, weights)):
        if context.chrome is not None or context.widget in DROPPED_WIDGETS:
            continue
        if not w:
            continue
        total += w
        chain = lineage[i]
        for parent, child in zip(chain, chain[1:]):
            children.setdefault(parent, set()).add(child)
        for p in chain:
            weight[p] = weight.get(p, 0) + w
        if context.explicit_main:
            explicit[context.explicit_main] = explicit.get(context.explicit_main, 0) + w
    if not total:
        return None, "no weighty text outside page chrome: the whole page is kept", None
    start = next((p for p, w in explicit.items() if w >= EXPLICIT_MAIN_SHARE * total), None)
    node = start or next(iter(weight))  # the root is the first path every chain shares
    while True:
        kids = children.get(node)
        if not kids:
            break
        best = max(kids, key=lambda p: weight.get(p, 0))
        if weight.get(best, 0) < CONTAINER_SHARE * total or best in tab_panels:
            break
        if card_titles and _leaves_cards_out(node, best, card_titles, weight.get(best, 0)):
            break
        node = best
    how = "inside the page's <main>" if start else "by text weight"
    body = None
    if focus_article:
        article = _lone_article(node, weight)
        if article is not None:
            node, how = article, how + ", narrowed to the <article> that holds most of it"
        body = _lone_article_body(node, weight, article_bodies)
        if body is not None:
            how += f", ending with the article body {body}"
    share = weight.get(node, 0) / total
    return (node, f"main content container {node} ({how}; holds {share:.0%} of the page's prose)",
            body)


def _nested(a: str, b: str) -> bool:
    """Whether two element paths are one element, or one holds the other."""
    return a == b or a.startswith(b + "/") or b.startswith(a + "/")


def _step_tag(step: str) -> str:
    return step.split("[", 1)[0]


def _lone_article(node: str, weight: dict[str, int]) -> str | None:
    """The <article> inside the container that holds most of its weight, unless it is
    one of a series (forum posts, product cards: <article> siblings, or one per <li>),
    or the container is already inside an <article>."""
    if "/article[" in node:
        return None
    articles = [p for p in weight if p.startswith(node + "/")
                and _step_tag(p.rsplit("/", 1)[-1]) == "article"]
    if not articles:
        return None
    best = max(articles, key=lambda p: weight[p])
    if weight[best] < ARTICLE_FOCUS_SHARE * weight.get(node, 0):
        return None
    steps = best.split("/")
    for other in articles:
        if _nested(other, best):
            continue
        others = other.split("/")
        if len(others) != len(steps):
            continue
        differ = [(a, b) for a, b in zip(steps, others) if a != b]
        if (len(differ) == 1 and _step_tag(differ[0][0]) == _step_tag(differ[0][1])
                and _step_tag(differ[0][0]) in ("article", "li")):
            return None
    return best


def _article_bodies(raw_contexts: list[_Context]) -> frozenset[str]:
    """Paths of the elements named as an article's body, over all blocks' marks."""
    return frozenset(path for context in raw_contexts
                     for path, what, _ in context.marks if what == "body")


def _lone_article_body(node: str, weight: dict[str, int], bodies: frozenset[str]) -> str | None:
    """The element named as the article's body inside the container, when it holds at
    least ARTICLE_FOCUS_SHARE of the container's weight and no other body stands
    beside it (a list of post excerpts, each in its own "entry-content").

    The body says where the article's text ends: what follows it in the container
    is the teaser grid, the sign-up band, the author's other posts. What comes
    before it (the title band, the lead image) stays.
    """
    if any(node == body or node.startswith(body + "/") for body in bodies):
        return None                  # the container is the body already, or inside it
    inside = [p for p in bodies if p.startswith(node + "/") and p in weight]
    if not inside:
        return None
    # The heaviest; of nested bodies holding the same text, the outermost.
    best = max(inside, key=lambda p: (weight[p], -len(p)))
    if weight[best] < ARTICLE_FOCUS_SHARE * weight.get(node, 0):
        return None
    for other in inside:
        if not _nested(other, best) and weight[other] >= SERIES_BODY_SHARE * weight[best]:
            return None
    return best


def _last_block_inside(lineage, path: str | None) -> int:
    """Index of the last block inside `path`; past the end when there is none.
    (Read from the end: the blocks after the body are few.)"""
    if path is not None:
        for i in range(len(lineage) - 1, -1, -1):
            if path in lineage[i]:
                return i
    return len(lineage)


def _comments_are_content(contexts, lineage, weights, container, raw_contexts=None) -> bool:
    """Whether the comments are the page's bulk. A block counts as a comment when
    something around it inside the container is named as one, believed or not: a long
    reply too big to be believed as a widget is still one of the thread's replies."""
    comment_weight = other_weight = 0
    for i, w in enumerate(weights):
        if container is not None and container not in lineage[i]:
            continue
        named = raw_contexts is not None and any(
            what == "widget" and kind == "comments"
            and (container is None or path.startswith(container + "/"))
            for path, what, kind in raw_contexts[i].marks)
        if contexts[i].chrome is None and (contexts[i].widget == "comments" or named):
            comment_weight += w
        elif contexts[i].chrome is None:
            other_weight += w
    return comment_weight >= COMMENTS_ARE_CONTENT_SHARE * (comment_weight + other_weight) > 0


def _keep_title(blocks: list[Block], reasons: list[str | None], container) -> list[Block]:
    """The page's <h1> often sits in a header band just above the article body, with
    the byline beside it (WordPress's entry-header holds entry-title and entry-meta).
    Keep the title, and the short lines that share its parent, up to the body."""
    if container is None or any(b.in_main and b.kind == "heading" and b.level == 1 for b in blocks):
        return blocks
    first_main = next((i for i, b in enumerate(blocks) if b.in_main), len(blocks))
    title = next((i for i, b in enumerate(blocks[:first_main])
                  if b.kind == "heading" and b.level == 1 and reasons[i] is not None
                  and not reasons[i].startswith("page chrome")), None)
    if title is None:
        return blocks
    blocks = list(blocks)
    band = blocks[title].xpath.rsplit("/", 1)[0] + "/"
    for i in range(title, first_main):
        block = blocks[i]
        if i == title or (block.xpath.startswith(band) and reasons[i] == OUTSIDE_CONTAINER
                          and len(block.text.split()) <= TITLE_BAND_MAX_WORDS):
            blocks[i] = revised(block, in_main=True)
    return blocks
