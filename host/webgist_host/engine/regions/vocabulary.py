"""How pages name their layout: token normalisation and the naming tables (seed 004).

Class, id, name and role values are folded so that `menuItem`, `menu__item--7` and
`menu_123_item` all read `menu-item`; a value's words are then matched against the
tables below. The tables come from the counts seed 004 reports over 2.9 billion
Common Crawl pages (e.g. `a.nav-link` 5.3 billion times, `ul.nav` 1.2 billion, the
WordPress names `entry-content`, `#comments`, `#sidebar`, `.widget`, `#footer`).
"""
from __future__ import annotations

import re

_CAMEL_BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_NON_ALNUM = re.compile(r"[^a-z0-9]+")
_DIGITS = "0123456789"
# Most values are already folded ("menu-item", "container"): one match says so.
_ALREADY_FOLDED = re.compile(r"[a-z]{2,}(?:-[a-z]{2,})*")
# Class lists on real pages reach tens of kilobytes (utility CSS); words past this
# many characters add nothing but cost.
MAX_ATTRIBUTE_CHARS = 2000


def normalize_token(value: str) -> str:
    """Seed 004's folding: camelCase to kebab, lower case, non-alphanumerics to one
    hyphen, numbers and one-letter pieces dropped, e.g. `menu__item3--7` → `menu-item`."""
    if _ALREADY_FOLDED.fullmatch(value):
        return value
    value = _CAMEL_BOUNDARY.sub("-", value).lower()
    pieces = []
    for piece in _NON_ALNUM.sub("-", value).strip("-").split("-"):
        piece = piece.strip(_DIGITS)    # pieces hold only [a-z0-9] by now
        if len(piece) > 1:
            pieces.append(piece)
    return "-".join(pieces)


# The attributes in which authors name an element's part of the layout.
NAMING_ATTRIBUTES = ("class", "id", "name", "role")


def naming_words(el, memo: dict[str, frozenset[str]] | None = None,
                 attributes: tuple[str, ...] = NAMING_ATTRIBUTES) -> frozenset[str]:
    """Every word of the element's class, id, name and role values, normalised.

    `memo` maps a raw attribute value to its words; pages repeat the same class
    lists thousands of times, so callers walking a whole page pass one dict.
    """
    words: frozenset[str] = frozenset()
    for attribute in attributes:
        raw = el.get(attribute)
        if not raw:
            continue
        found = memo.get(raw) if memo is not None else None
        if found is None:
            found = words_of_value(raw)
            if memo is not None:
                memo[raw] = found
        words = words | found if words else found
    return words


def words_of_value(raw: str) -> frozenset[str]:
    words: set[str] = set()
    for value in raw[:MAX_ATTRIBUTE_CHARS].split():
        normalized = normalize_token(value)
        if normalized:
            words.update(normalized.split("-"))
    return frozenset(words)


# --- The naming tables -------------------------------------------------------------
# Each maps a layout part to the words that name it. A word counts when it is one of
# the value's hyphen-separated words, so `site-header` and `header-inner` both say
# header, but `headerless` does not.

# Page header: `header#header`, `div#header`, `div.top-bar`, the `masthead` themes use.
HEADER_WORDS = frozenset({"header", "masthead", "topbar", "banner"})
# ...but a header or banner named for a part of the page ("section-header",
# "accordion-header", "cta-banner", a "headline-header") is that part's own heading
# band, not the site's header: WCXB's references keep them (+0.0006 overall,
# service +0.0027, listing +0.0013; no type down more than 0.0001).
PART_HEADER_WORDS = frozenset({"section", "accordion", "cta", "headline"})

# Navigation: `a.nav-link`, `ul.nav`, `ul.sub-menu`, `li.menu-item`, breadcrumbs,
# pagination and skip links are all ways around the page, not the page.
NAVIGATION_WORDS = frozenset({
    "nav", "navbar", "navigation", "menu", "submenu", "menubar", "breadcrumb",
    "breadcrumbs", "pagination", "pager", "skip", "sitemap", "toc",
})

# Main content: `div.entry-content`, `article#post-*`, `div#content`, `main#main`.
MAIN_WORDS = frozenset({
    "main", "content", "article", "post", "entry", "story", "body", "prose", "markdown",
    "text", "blog", "thread", "topic", "product", "description", "recipe", "docs",
    "documentation", "page",
})

# User comments: `div#comments`, `div.comment`, `a.reply`, Disqus. On a forum the
# posts carry the same names and are the content, so this signal is never used alone.
COMMENT_WORDS = frozenset({"comment", "comments", "respond", "reply", "replies", "disqus",
                           "discussion"})

# Product reviews are the shop's comments: WCXB's product references leave them out
# (757 + 672 words on two pages). Elsewhere ("review-body" on a critic's review) they
# are treated as comments are.
REVIEW_WORDS = frozenset({"review", "reviews"})

# Sidebars: `aside#sidebar`, `div.widget` (and the `elementor-widget` family, which is
# page-builder markup and not a sidebar: handled by requiring a sidebar word alone).
SIDEBAR_WORDS = frozenset({"sidebar", "aside", "rail", "widgets"})

# Page footer: `footer#footer`, WordPress `colophon`, copyright strips.
FOOTER_WORDS = frozenset({"footer", "colophon", "copyright"})

# Widgets: named furniture inside or around the content. The value is the widget kind
# reported on the block.
WIDGET_WORDS: dict[str, str] = {
    "cookie": "consent", "cookies": "consent", "consent": "consent", "gdpr": "consent",
    "filter": "filter", "filters": "filter", "facet": "filter", "facets": "filter",
    # The sort control above a grid ("Sort by: Best Match", Magento's toolbar-sorter,
    # "sort-by-select") is a filter's sibling: WCXB's collection and listing
    # references leave it out (32 of 33 such lines on 30 pages).
    "sort": "filter", "sorter": "filter", "sortby": "filter", "sorting": "filter",
    "share": "post-furniture", "sharing": "post-furniture", "social": "post-furniture",
    "sharedaddy": "post-furniture", "addtoany": "post-furniture",
    "related": "related", "recommended": "related", "recommendations": "related",
    "newsletter": "newsletter", "subscribe": "newsletter", "signup": "newsletter",
    # Not "ads" or "promo": classified-ad listings and product promotions are content.
    "advert": "ad", "advertisement": "ad", "adsbygoogle": "ad", "sponsored": "ad",
    # Not "overlay" or "lightbox": hero captions and image galleries use them.
    "modal": "modal", "popup": "modal",
    # Forum signatures and user cards under each post (vBulletin, XenForo
    # message-signature, StackExchange post-signature): the person, not the post.
    "signature": "post-furniture", "postsignature": "post-furniture",
    # ...and the user card and timestamp beside each post (phpBB's dl.postprofile,
    # vBulletin's userinfo, "timestamp" spans): who and when, which the references
    # leave out (phpBB threads on WCXB carried "Joined:" and "Posts:" lines).
    "postprofile": "post-furniture", "postdetails": "post-furniture",
    "userinfo": "post-furniture", "timestamp": "post-furniture",
    # The author's box after an article ("author-bio", "author__info", "about-author"):
    # who wrote it, not what they wrote; WCXB's article references leave it out.
    "bio": "author-bio", "biography": "author-bio", "authorbio": "author-bio",
    "authorbox": "author-bio",
    # Site-wide notices and announcements above the content (XenForo's ul.notices,
    # a shop's delivery announcement bar): about the site, not this page.
    "notices": "notice", "announcement": "notice", "announcements": "notice",
    # A carousel on a page that declares a product holds other products or the photo
    # strip, not the description (WCXB: ten product pages gained, up to +0.07).
    # Elsewhere it is left unnamed: service pages put testimonials and collections
    # put their items in carousels, and the references keep them (-0.006 service).
    "carousel": "carousel",
}
# "user" names a forum post's user card furniture beside one of these: the rank,
# badge and counters under the poster's name (h5.userTitle, div.userBanner,
# div.message-userExtras with "Joined", "Messages", "Reaction score"). The name and
# date stay in WCXB's forum references; these lines do not (+0.0004 overall, forum
# +0.0056 on 20 threads, none worse; no other page type moved).
USER_CARD_WORDS = frozenset({"extras", "title", "banner"})
# The byline: who wrote the article and when ("byline", "entry-date", "posted-on",
# "author-name", "published"). Believed only above the article's first paragraph
# (bylines.py), where it holds the credit and the date the front matter carries;
# further down an "author" or a "date" is part of the text (a quote's source, an
# event's date).
BYLINE_WORDS = frozenset({"byline", "dateline", "author", "authors", "date", "pubdate",
                          "published", "posted", "updated"})
# "author" names a box about the author only beside one of these (a bare "author"
# is also the byline link, or a forum post's user card, which other rules handle).
# Not "wrapper", "block" or "container": one page wraps its FAQ in such a name.
AUTHOR_BOX_WORDS = frozenset({"info", "box", "card", "about", "details", "profile",
                              "description", "section"})

# Consent managers by name: OneTrust, Cookiebot, Didomi, Usercentrics, TrustArc.
# Their dialogs are long (a forum page in WCXB carried 1,000 words of
# cookie categories), so unlike other widgets they are believed at any size.
# Not "cmp" (Adobe AEM names every core component cmp-text, cmp-container) nor
# Quantcast's "qc" (Medium's generated two-letter class names include "qc").
CONSENT_VENDOR_WORDS = frozenset({"onetrust", "cookiebot", "didomi", "usercentrics",
                                  "truste"})
