"""Page metadata: title, language and writing direction; author, date, site name and
canonical URL from <meta>, <link rel=canonical> and JSON-LD; when the head names no
author or date, from the body (bylines.py); the title without the site's name
(page_title.py).

Direction is read from the document only (seed 001): `dir` on <html> or <body> wins
outright, otherwise the language decides. Never from character frequency, or a page
that merely quotes Arabic would have its columns read backwards.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from urllib.parse import urljoin

from .bylines import (
    UNAUTHORED_TYPES, byline_near_h1, dateline_near_h1, elements_by_itemprop, headline_element,
    microdata_author, microdata_date, rel_author, time_near_h1, url_day, without_byline_word,
)
from .dom.capture import Capture
from .dom.nodes import ElementsByTag
from .model import Metadata
from .page_title import headings, host, host_label, page_title

# <meta name|property> keys per field, best first (Open Graph, article:*, Dublin Core,
# and the names news CMSs write: parsely-*, sailthru.*, NYT's byl; publishdate and
# publish_date; the Highwire Press citation_* tags journals and research blogs write
# for Google Scholar).
AUTHOR_META = ("author", "article:author", "dc.creator", "dcterms.creator", "parsely-author",
               "sailthru.author", "byl")
PUBLISHED_META = ("article:published_time", "og:published_time", "datepublished",
                  "dc.date.issued", "dcterms.issued", "dc.date", "dcterms.created",
                  "parsely-pub-date", "sailthru.date", "pubdate", "publish-date", "date",
                  "publishdate", "publish_date", "article.published", "og:article:published_time",
                  "citation_publication_date", "citation_date")
SITE_NAME_META = ("og:site_name", "application-name")
TITLE_META = ("og:title", "twitter:title", "dc.title")
CANONICAL_META = ("og:url",)
# JSON-LD types that describe the page's own text (schema.org CreativeWork kinds).
ARTICLE_TYPES = frozenset({
    "article", "newsarticle", "blogposting", "reportagenewsarticle", "scholarlyarticle",
    "techarticle", "report", "analysisnewsarticle", "opinionnewsarticle", "review",
    "webpage", "qapage", "faqpage", "howto", "recipe", "creativework", "socialmediaposting",
})
# JSON-LD types and og:type values by which a page says it sells one thing...
PRODUCT_TYPES = frozenset({"product", "productgroup", "og:product"})
# Microdata says the same with one `itemtype="https://schema.org/Product"` scope
# (exactly one: a shop's list pages mark each of their items so).
MICRODATA_PRODUCT_RE = re.compile(r"^https?://schema\.org/(Product|ProductGroup)/?$", re.I)
# ...and so does a price in Open Graph's product meta, or WooCommerce's body class
# for a product's own page.
PRODUCT_PRICE_META = ("product:price:amount", "og:price:amount")
PRODUCT_BODY_CLASSES = frozenset({"single-product"})
# ...and so does a page with one or two "add to cart" buttons (a second is the sticky
# bar's copy); a shop's list pages carry one per item.
ADD_TO_CART_RE = re.compile(r"add[-_ ]?to[-_ ]?(?:cart|bag|basket)", re.I)
ADD_TO_CART_MAX_BUTTONS = 2
BUTTON_INPUT_TYPES = frozenset({"submit", "button", "image"})
# JSON-LD types by which a page says it is a discussion: its comments are its content.
DISCUSSION_TYPES = frozenset({"discussionforumposting", "qapage"})
# JSON-LD types by which the page's own text says it is a critic's review (the object
# about the page's text, not a review nested in a product's): its boxes named "review"
# (score, pros and cons, verdict) are the review itself, not readers' comments.
REVIEW_TYPES = frozenset({"review", "criticreview"})
# Review plugins declare a critic's review as the product it reviews, holding that one
# review: a product with one review and neither offers nor readers' ratings is
# reviewed on the page, not sold there (a shop's product lists its offers; readers'
# reviews come with their aggregate rating).
PRODUCT_SALE_KEYS = ("offers", "aggregateRating")
# A product page is no product page when it also declares itself an article: a buying
# guide lists its products in JSON-LD too.
ARTICLE_OVER_PRODUCT_TYPES = frozenset({
    "article", "newsarticle", "blogposting", "reportagenewsarticle", "scholarlyarticle",
    "techarticle", "analysisnewsarticle", "opinionnewsarticle",
})
# JSON-LD blocks found wrapped in HTML comments or CDATA by old CMSs.
_JSON_WRAPPERS_RE = re.compile(r"^\s*(?:<!--|<!\[CDATA\[)|(?:-->|\]\]>)\s*$")

# Primary language subtags written right to left.
RTL_LANGUAGES = frozenset({
    "ar", "arc", "ckb", "dv", "fa", "ha", "he", "iw", "khw", "ks", "ku", "ps",
    "sd", "syr", "ug", "ur", "yi",
})


def _clean(value: str | None) -> str | None:
    value = (value or "").strip()
    return value or None


def direction_of(dir_html: str | None, dir_body: str | None, lang: str | None,
                 computed: str | None = None) -> str:
    """The page's writing direction. The browser's computed direction of the body
    wins when it is rtl (a site may set it in CSS alone); otherwise `dir` on <body>
    or <html>, else the language. A computed ltr does not overrule the language: a
    site may set rtl on an inner wrapper only."""
    if computed == "rtl":
        return "rtl"
    for value in (dir_body, dir_html):
        value = (value or "").strip().lower()
        if value in ("rtl", "ltr"):
            return value
    primary = (lang or "").strip().lower().replace("_", "-").split("-")[0]
    return "rtl" if primary in RTL_LANGUAGES else "ltr"


def _meta_values(tagged: ElementsByTag) -> dict[str, str]:
    """Lower-cased name/property/itemprop -> first non-empty content."""
    found: dict[str, str] = {}
    for el in tagged("meta"):
        key = (el.get("property") or el.get("name") or el.get("itemprop") or "").strip().lower()
        value = " ".join((el.get("content") or "").split())
        if key and value and key not in found:
            found[key] = value
    return found


def _first(values: dict[str, str], keys, accept=lambda v: True) -> str | None:
    for key in keys:
        value = values.get(key)
        if value and accept(value):
            return value
    return None


def _not_url(value: str) -> bool:
    """article:author is often a profile URL, not a name."""
    return not re.match(r"^(https?:)?//", value, re.I)


def _json_ld_items(tagged: ElementsByTag) -> list[dict]:
    """Every object in the page's JSON-LD, @graph arrays flattened; bad JSON skipped."""
    items: list[dict] = []
    for el in tagged("script"):
        if (el.get("type") or "").strip().lower() != "application/ld+json":
            continue
        text = _JSON_WRAPPERS_RE.sub("", el.text or "").strip().rstrip(";")
        try:
            data = json.loads(text, strict=False)
        except (ValueError, RecursionError):
            continue
        _flatten(data, items)
    return items


def _flatten(data, items: list[dict]) -> None:
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(reversed(node))
        elif isinstance(node, dict):
            items.append(node)
            graph = node.get("@graph")
            if isinstance(graph, list):
                stack.extend(reversed(graph))


def _types(item: dict) -> set[str]:
    kind = item.get("@type")
    kinds = kind if isinstance(kind, list) else [kind]
    return {k.lower() for k in kinds if isinstance(k, str)}


def _name(value, by_id: dict) -> str | None:
    """A person or organisation named as a string, an object, a reference or a list."""
    if isinstance(value, str):
        value = " ".join(value.split())
        return value or None
    if isinstance(value, list):
        names = [n for n in (_name(v, by_id) for v in value[:10]) if n]
        return ", ".join(dict.fromkeys(names)) or None
    if isinstance(value, dict):
        if "name" not in value and isinstance(value.get("@id"), str):
            value = by_id.get(value["@id"], value)
        name = value.get("name")
        return _name(name, by_id) if isinstance(name, (str, list)) else None
    return None


def _string(value) -> str | None:
    if isinstance(value, list) and value:
        value = value[0]
    if not isinstance(value, str):
        return None
    return " ".join(value.split()) or None


def _article(items: list[dict]) -> dict:
    """The JSON-LD object about the page's text: an Article-like type first, else
    the first object that names an author or a date."""
    for item in items:
        if _types(item) & ARTICLE_TYPES and (item.get("author") or item.get("datePublished")):
            return item
    for item in items:
        if item.get("author") or item.get("datePublished"):
            return item
    return {}


@dataclass(frozen=True)
class _Found:
    author: str | None = None
    any_author: str | None = None      # some other object's author, when the article names none
    published: str | None = None
    site_name: str | None = None
    title: str | None = None
    product: bool = False
    discussion: bool = False
    review: bool = False
    article: bool = False              # an object of an article type (not a web page)


def _from_json_ld(tagged: ElementsByTag) -> _Found:
    items = _json_ld_items(tagged)
    if not items:
        return _Found()
    kinds = set().union(*(_types(item) for item in items))
    reviewed = _reviewed_product(items)
    product = (bool(kinds & PRODUCT_TYPES) and not kinds & ARTICLE_OVER_PRODUCT_TYPES
               and not reviewed)
    by_id = {item["@id"]: item for item in items if isinstance(item.get("@id"), str)}
    article = _article(items)
    publisher = article.get("publisher")
    site = next((item for item in items if "website" in _types(item)), {})
    any_author = next((item["author"] for item in items
                       if item.get("author") and not _types(item) & UNAUTHORED_TYPES), None)
    return _Found(
        author=_name(article.get("author"), by_id),
        any_author=_name(any_author, by_id),
        published=_string(article.get("datePublished")),
        site_name=_name(site.get("name"), by_id) or _name(publisher, by_id),
        title=_string(article.get("headline")) or _string(article.get("name")),
        product=product,
        discussion=bool(kinds & DISCUSSION_TYPES),
        article=bool(kinds & ARTICLE_OVER_PRODUCT_TYPES),
        review=bool(_types(article) & REVIEW_TYPES) or reviewed,
    )


def _reviewed_product(items: list[dict]) -> bool:
    """True when a product object holds exactly one review and no offers or
    aggregate rating (see PRODUCT_SALE_KEYS)."""
    for item in items:
        if not _types(item) & PRODUCT_TYPES or any(item.get(key) for key in PRODUCT_SALE_KEYS):
            continue
        review = item.get("review")
        reviews = review if isinstance(review, list) else [review]
        if len(reviews) == 1 and isinstance(reviews[0], dict) and _types(reviews[0]) & REVIEW_TYPES:
            return True
    return False


def _one_microdata_product(root, itemtypes: dict | None = None) -> bool:
    """True when the page's microdata names exactly one product. `itemtypes`: element
    -> itemtype value, in document order, when the caller gathered them."""
    found = 0
    for itemtype in (root.xpath("//@itemtype") if itemtypes is None else itemtypes.values()):
        if MICRODATA_PRODUCT_RE.match(itemtype.strip()):
            found += 1
            if found > 1:
                return False
    return found == 1


def _add_to_cart_buttons(tagged: ElementsByTag) -> int:
    """How many buttons (or submit inputs) say "add to cart" by their id, name, class
    or label."""
    found = 0
    for el in (*tagged("button"), *tagged("input")):     # (counted: the order is moot)
        if el.tag == "input" and (el.get("type") or "").lower() not in BUTTON_INPUT_TYPES:
            continue
        label = el.text_content() if el.tag == "button" else el.get("value") or ""
        said = " ".join(el.get(name) or "" for name in ("id", "name", "class"))
        if ADD_TO_CART_RE.search(said) or ADD_TO_CART_RE.search(" ".join(label.split())):
            found += 1
    return found


def _one_add_to_cart(tagged: ElementsByTag) -> bool:
    """True when the page offers one thing to put in the cart."""
    return 0 < _add_to_cart_buttons(tagged) <= ADD_TO_CART_MAX_BUTTONS


def _body_says_product(body) -> bool:
    classes = (body.get("class") or "").split() if body is not None else ()
    return any(c in PRODUCT_BODY_CLASSES for c in classes)


def _canonical(tagged: ElementsByTag, base: str | None, metas: dict[str, str]) -> str | None:
    for el in tagged("link"):
        rel = (el.get("rel") or "").lower().split()
        href = (el.get("href") or "").strip()
        if "canonical" in rel and href:
            return _absolute(href, base)
    found = _first(metas, CANONICAL_META)
    return _absolute(found, base) if found else None


def _absolute(href: str, base: str | None) -> str:
    try:
        return urljoin(base, href) if base else href
    except ValueError:
        return href


@dataclass(frozen=True)
class Declared:
    """What the page's head and structured data (meta, JSON-LD) name, before the body
    is read for an author or a date. The regions stage keys on these: its rules take
    out a byline the head makes redundant, and treat a dated page as an article."""
    byline: bool = False     # an author or a published date
    dated: bool = False      # a published date
    article: bool = False    # og:type "article" or a JSON-LD article type


def read_metadata(root, *, url: str | None, capture: Capture) -> Metadata:
    return read_page_metadata(root, url=url, capture=capture)[0]


def read_page_metadata(root, *, url: str | None, capture: Capture,
                       tagged: ElementsByTag | None = None, itemprops: dict | None = None,
                       itemtypes: dict | None = None) -> tuple[Metadata, Declared]:
    """The page's metadata, and what of it the head declared (`Declared`).
    `tagged`: the page's elements by tag; `itemprops`, `itemtypes`: element -> its
    itemprop or itemtype value, in document order; each when the caller gathered them."""
    if tagged is None:
        tagged = ElementsByTag(root)
    body = root.find("body")
    titles = tagged("title")
    title_el = titles[0] if titles else None
    title = capture.title or (title_el.text_content() if title_el is not None else "")
    title = " ".join((title or "").split())
    dir_html = capture.dir.get("html") or root.get("dir")
    dir_body = capture.dir.get("body") or (body.get("dir") if body is not None else None)
    lang = (_clean(capture.lang.get("html")) or _clean(root.get("lang"))
            or _clean(capture.lang.get("body"))
            or (_clean(body.get("lang")) if body is not None else None))
    metas = _meta_values(tagged)
    ld = _from_json_ld(tagged)
    page_url = url or capture.url
    declared_author = ld.author or _first(metas, AUTHOR_META, _not_url)
    declared_date = ld.published or _first(metas, PUBLISHED_META)
    site_names = [name for name in (*(metas.get(key) for key in SITE_NAME_META), ld.site_name)
                  if name]
    if title:
        title = page_title(title, [h for h in (metas.get("og:title"), ld.title) if h]
                           + headings(tagged("h1")), site_names + [host(page_url)],
                           host_label(page_url))
    # The body is read only for what the head leaves out.
    read_body = not (declared_author and declared_date)
    props = elements_by_itemprop(root, itemprops) if read_body else {}
    headline = headline_element(tagged("h1"), title or "") if read_body else None
    body_date = microdata_date(props)
    author = (declared_author or ld.any_author or microdata_author(props) or rel_author(tagged("a"))
              or byline_near_h1(headline))
    metadata = Metadata(
        title=title or _first(metas, TITLE_META) or ld.title or "",
        url=page_url,
        lang=lang,
        direction=direction_of(dir_html, dir_body, lang, capture.computed_direction()),
        author=without_byline_word(author) if author else None,
        published=(declared_date or body_date or time_near_h1(headline)
                   or url_day(page_url) or dateline_near_h1(headline)),
        site_name=_first(metas, SITE_NAME_META) or ld.site_name,
        canonical_url=_canonical(tagged, page_url, metas),
        page_type=("discussion" if ld.discussion else "product"
                   if ld.product or (metas.get("og:type") or "").lower() in PRODUCT_TYPES
                   or _one_microdata_product(root, itemtypes) or _first(metas, PRODUCT_PRICE_META)
                   or _body_says_product(body) or _one_add_to_cart(tagged)
                   else "review" if ld.review else None),
    )
    # A date the body's microdata marks (itemprop="datePublished" on a <time> or a
    # <span>) is declared as surely as the head's: sites that wrote schema.org
    # microdata before JSON-LD set it on the visible dateline.
    dated = bool(declared_date or body_date)
    article = ld.article or (metas.get("og:type") or "").strip().lower() == "article"
    return metadata, Declared(byline=bool(declared_author or dated), dated=dated, article=article)
