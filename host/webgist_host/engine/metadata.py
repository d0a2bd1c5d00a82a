"""Page metadata: title, language and writing direction; author, date, site name and
canonical URL from <meta>, <link rel=canonical> and JSON-LD.

Direction is read from the document only (seed 001): `dir` on <html> or <body> wins
outright, otherwise the language decides. Never from character frequency, or a page
that merely quotes Arabic would have its columns read backwards.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

from .dom.capture import Capture
from .model import Metadata

# <meta name|property> keys per field, best first (Open Graph, article:*, Dublin Core,
# and the names news CMSs write: parsely-*, sailthru.*, NYT's byl).
AUTHOR_META = ("author", "article:author", "dc.creator", "dcterms.creator", "parsely-author",
               "sailthru.author", "byl")
PUBLISHED_META = ("article:published_time", "og:published_time", "datepublished",
                  "dc.date.issued", "dcterms.issued", "dc.date", "dcterms.created",
                  "parsely-pub-date", "sailthru.date", "pubdate", "publish-date", "date")
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
# A product page is no product page when it also declares itself an article: a buying
# guide lists its products in JSON-LD too.
ARTICLE_OVER_PRODUCT_TYPES = frozenset({
    "article", "newsarticle", "blogposting", "reportagenewsarticle", "scholarlyarticle",
    "techarticle", "analysisnewsarticle", "opinionnewsarticle",
})
# "By Jane Doe" in a byline: the word is not the name. The words bylines open with in
# the languages of the Latin script we read pages in (English, Spanish/Portuguese,
# German, French, Italian, Dutch, Swedish/Norwegian and Danish, Polish); a script of
# its own needs its own entry, none is known to us yet. Some are also the first word
# of a surname ("Di Maio", "Von Miller"): one goes only when two words are left.
BYLINE_WORDS = ("written by", "posted by", "by", "por", "von", "par", "di", "door",
                "av", "af", "przez", "author:", "autor:", "auteur:")
_BY_RE = re.compile(r"^(?:" + "|".join(re.escape(w) for w in BYLINE_WORDS) + r")(?:\s+|(?<=:))",
                    re.I)
BYLINE_NAME_MIN_WORDS = 2
# The byline under a page's headline: an element whose class says author or byline,
# this many elements after the first <h1> at most (past it lie comments and teasers).
BYLINE_REACH_ELEMENTS = 300
# A class token names it when one of its dash- or underscore-separated words does
# ("post-author", "c-byline__name"; not "authorized").
BYLINE_CLASS_WORDS = frozenset({"author", "byline"})
_CLASS_WORD_RE = re.compile(r"[-_\s]+")
# A review's author is not the page's (a shop's customer reviews): microdata and
# JSON-LD authors of these item types do not count. (A thread's first author, its
# original poster, does: the DiscussionForumPosting, Question or Comment items.)
UNAUTHORED_TYPES = frozenset({"review", "rating", "aggregaterating", "employerreview",
                              "criticreview", "userreview"})
# A byline element's text is a name when it is this short and holds no digit (a date
# or a count says it is the dateline or a list of posts).
BYLINE_MAX_WORDS = 4
# What a <title> puts between the page's own headline and the site's name ("Tips |
# CDC", "Tips – Site"): a bar, dash, bullet or guillemet with space on both sides. Not
# a colon: headlines hold one ("AWS vs Azure: the big 3").
TITLE_SEPARATOR = r"\s+(?:[|\u2013\u2014\u2022\u00b7\u00bb\u00ab~-]|::)\s+"
# Month names a dateline under the headline writes, full and abbreviated, in English,
# German, French, Spanish, Italian, Dutch and Portuguese (1-based, by month). A page in
# another language gives its date in <time> or meta, or none is read from its text.
MONTH_NAMES = (
    ("january", "jan", "januar", "jänner", "janvier", "janv", "enero", "ene", "gennaio",
     "gen", "januari", "janeiro"),
    ("february", "feb", "februar", "février", "févr", "fevrier", "febrero", "febbraio",
     "februari", "fevereiro", "fev"),
    ("march", "mar", "märz", "mars", "marzo", "maart", "mrt", "março", "marco"),
    ("april", "apr", "avril", "avr", "abril", "abr", "aprile"),
    ("may", "mai", "mayo", "maggio", "mag", "mei", "maio"),
    ("june", "jun", "juni", "juin", "junio", "giugno", "giu", "junho"),
    ("july", "jul", "juli", "juillet", "juil", "julio", "luglio", "lug", "julho"),
    ("august", "aug", "août", "aout", "agosto", "ago", "augustus"),
    ("september", "sep", "sept", "septembre", "septiembre", "settembre", "set", "setembro"),
    ("october", "oct", "oktober", "okt", "octobre", "octubre", "ottobre", "ott", "outubro",
     "out"),
    ("november", "nov", "novembre", "noviembre", "novembro"),
    ("december", "dec", "dezember", "dez", "décembre", "déc", "diciembre", "dic",
     "dicembre", "dezembro"),
)
_MONTHS = {name: number for number, names in enumerate(MONTH_NAMES, 1) for name in names}
_MONTH = r"([^\W\d_]{3,9})\.?"
# "July 9, 2025", "Jun 08, 2023", "9 July 2025", "15. März 2024", "9 de julio de 2025",
# "2025-07-09", "23.07.2025" (a dotted date is day first).
_TEXT_DATES = (
    (re.compile(_MONTH + r"\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b"), "mdy"),
    (re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)?\.?\s+(?:de\s+)?" + _MONTH
                + r",?\s+(?:de\s+)?(\d{4})\b"), "dmy"),
    (re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b"), "ymd"),
    (re.compile(r"\b(\d{1,2})\.(\d{1,2})\.(\d{4})\b"), "dmy"),
)
# A dateline is short: the date and a word or two ("Updated on", "Published").
DATELINE_MAX_CHARS = 40
# A dated address: /2025/12/18/ in the path (WordPress and news CMSs' permalinks).
_URL_DAY_RE = re.compile(r"/((?:19|20)\d\d)/(0?[1-9]|1[0-2])/(0?[1-9]|[12]\d|3[01])/")
_YEAR_RE = re.compile(r"(?<!\d)\d{4}(?!\d)")
_ISO_DAY_RE = re.compile(r"\d{4}-\d{2}-\d{2}")
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})
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


def _meta_values(root) -> dict[str, str]:
    """Lower-cased name/property/itemprop -> first non-empty content."""
    found: dict[str, str] = {}
    for el in root.iter("meta"):
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


def _json_ld_items(root) -> list[dict]:
    """Every object in the page's JSON-LD, @graph arrays flattened; bad JSON skipped."""
    items: list[dict] = []
    for el in root.iter("script"):
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


def _from_json_ld(root) -> _Found:
    items = _json_ld_items(root)
    if not items:
        return _Found()
    kinds = set().union(*(_types(item) for item in items))
    product = bool(kinds & PRODUCT_TYPES) and not kinds & ARTICLE_OVER_PRODUCT_TYPES
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
    )


def _one_microdata_product(root) -> bool:
    """True when the page's microdata names exactly one product."""
    found = 0
    for itemtype in root.xpath("//@itemtype"):
        if MICRODATA_PRODUCT_RE.match(itemtype.strip()):
            found += 1
            if found > 1:
                return False
    return found == 1


def _add_to_cart_buttons(root) -> int:
    """How many buttons (or submit inputs) say "add to cart" by their id, name, class
    or label."""
    found = 0
    for el in root.iter("button", "input"):
        if el.tag == "input" and (el.get("type") or "").lower() not in BUTTON_INPUT_TYPES:
            continue
        label = el.text_content() if el.tag == "button" else el.get("value") or ""
        said = " ".join(el.get(name) or "" for name in ("id", "name", "class"))
        if ADD_TO_CART_RE.search(said) or ADD_TO_CART_RE.search(" ".join(label.split())):
            found += 1
    return found


def _one_add_to_cart(root) -> bool:
    """True when the page offers one thing to put in the cart."""
    return 0 < _add_to_cart_buttons(root) <= ADD_TO_CART_MAX_BUTTONS


def _body_says_product(body) -> bool:
    classes = (body.get("class") or "").split() if body is not None else ()
    return any(c in PRODUCT_BODY_CLASSES for c in classes)


def _folded(text: str | None) -> str:
    return " ".join((text or "").translate(_QUOTES).casefold().split())


def _letters(text: str | None) -> str:
    return "".join(ch for ch in _folded(text) if ch.isalnum())


def _host_label(url: str | None) -> str:
    """The name a site registered: "clevelandclinic" for health.clevelandclinic.org,
    "bbc" for www.bbc.co.uk (a two-letter country code after a short second level)."""
    try:
        labels = (urlsplit(url).hostname or "").split(".") if url else []
    except ValueError:
        return ""
    if len(labels) >= 3 and len(labels[-1]) == 2 and len(labels[-2]) <= 3:
        labels = labels[:-1]
    return labels[-2] if len(labels) >= 2 else ""


def _host(url: str | None) -> str:
    """The address's host without "www.": a title may end in it ("| AustinTexas.gov")."""
    try:
        return (urlsplit(url).hostname or "").removeprefix("www.") if url else ""
    except ValueError:
        return ""


def _names_site(text: str, site_names: list[str], host_label: str) -> bool:
    letters = _letters(text)
    return bool(letters) and (letters == host_label
                              or any(letters == _letters(name) for name in site_names))


def page_title(title: str, headlines: list[str], site_names: list[str],
               host_label: str) -> str:
    """The page's own title: the <title> without the site's name that it adds before
    or after a separator ("Tips | CDC"). Where the page names its headline elsewhere
    (og:title, JSON-LD headline, an <h1>) and the <title> is that headline plus
    separated words, the headline; else site-name parts at either end go."""
    pieces = re.split(f"({TITLE_SEPARATOR})", title)
    if len(pieces) < 3:
        return title
    runs = ["".join(pieces[:k]) for k in range(1, len(pieces) - 1, 2)]
    runs += ["".join(pieces[k:]) for k in range(2, len(pieces), 2)]
    for headline in headlines:
        if _names_site(headline, site_names, host_label):
            continue
        for run in runs:
            if _folded(run) == _folded(headline):
                return run.strip()
    while len(pieces) >= 3 and _names_site(pieces[-1], site_names, host_label):
        pieces = pieces[:-2]
    while len(pieces) >= 3 and _names_site(pieces[0], site_names, host_label):
        pieces = pieces[2:]
    return "".join(pieces).strip()


def _headings(root, tag: str) -> list[str]:
    found = (" ".join(el.text_content().split()) for el in root.iter(tag))
    return [text for text in found if text]


def _after_h1(root, max_elements: int):
    """The elements that follow the first <h1> in document order, `max_elements` at most."""
    h1 = next(root.iter("h1"), None)
    if h1 is None:
        return
    for count, el in enumerate(_following(h1), 1):
        if count > max_elements:
            return
        yield el


def _following(el):
    """Every element after `el` in document order, its own descendants first."""
    yield from el.iterdescendants()
    node = el
    while node is not None:
        for sibling in node.itersiblings():
            yield sibling
            yield from sibling.iterdescendants()
        node = node.getparent()


def _itemprops(root) -> dict[str, list]:
    """Elements by their itemprop, in document order: one pass over the attributes
    (half the time of one XPath test per element, and one pass for every property)."""
    found: dict[str, list] = {}
    for value in root.xpath("//@itemprop"):
        found.setdefault(str(value), []).append(value.getparent())
    return found


def _microdata_author(props: dict[str, list]) -> str | None:
    """The first itemprop=author: its itemprop=name, else its content or text."""
    for el in props.get("author", ()):
        if not _of_authored_item(el):
            continue
        names = el.xpath(".//*[@itemprop='name']")
        named = names[0] if names else el
        value = " ".join((named.get("content") or named.text_content()).split())
        if value and len(value.split()) <= BYLINE_MAX_WORDS + 2:
            return value
    return None


def _of_authored_item(el) -> bool:
    """Whether the microdata item `el` is a property of is not a review."""
    for scope in el.iterancestors():
        if scope.get("itemscope") is not None:
            kind = (scope.get("itemtype") or "").strip().rstrip("/").rsplit("/", 1)[-1]
            return kind.lower() not in UNAUTHORED_TYPES
    return True


def _rel_author(root) -> str | None:
    for el in root.iter("a"):
        if "author" in (el.get("rel") or "").lower().split():
            value = " ".join(el.text_content().split())
            if value:
                return value
    return None


def _byline_near_h1(root) -> str | None:
    for el in _after_h1(root, BYLINE_REACH_ELEMENTS):
        if not isinstance(el.tag, str) or el.tag in ("script", "style", "img", "meta", "link"):
            continue
        words = _CLASS_WORD_RE.split((el.get("class") or "").lower())
        if not BYLINE_CLASS_WORDS.intersection(words) or _in_form(el):
            continue
        value = _without_byline_word(" ".join(el.text_content().split()))
        if not value:
            continue
        if len(value.split()) <= BYLINE_MAX_WORDS and not any(ch.isdigit() for ch in value):
            return value
        return None
    return None


def _without_byline_word(text: str) -> str:
    """"By Ann Lee" -> "Ann Lee"; "Di Maio" stays."""
    rest = _BY_RE.sub("", text, count=1).strip()
    if rest == text or len(rest.split()) >= BYLINE_NAME_MIN_WORDS or text.lower().startswith("by "):
        return rest
    return text


def _in_form(el) -> bool:
    """A comment form's "Name *" field is labelled author too."""
    return any(a.tag in ("form", "label") for a in el.iterancestors())


def _microdata_date(props: dict[str, list]) -> str | None:
    for el in props.get("datePublished", ()):
        value = " ".join((el.get("datetime") or el.get("content") or el.text_content()).split())
        if _YEAR_RE.search(value):
            return value
    return None


def _time_near_h1(root) -> str | None:
    """The first <time datetime> naming a day under the page's headline."""
    for el in _after_h1(root, BYLINE_REACH_ELEMENTS):
        if el.tag == "time" and _ISO_DAY_RE.match((el.get("datetime") or "").strip()):
            return el.get("datetime").strip()
    return None


def _day_in_text(text: str) -> str | None:
    """YYYY-MM-DD from a short dateline's text, or None."""
    for pattern, order in _TEXT_DATES:
        found = pattern.search(text)
        if not found:
            continue
        parts = dict(zip(order, found.groups()))
        month = parts["m"]
        number = int(month) if month.isdigit() else _MONTHS.get(month.lower())
        year, day = int(parts["y"]), int(parts["d"])
        if number and 1 <= number <= 12 and 1 <= day <= 31 and 1900 <= year <= 2100:
            return f"{year:04d}-{number:02d}-{day:02d}"
    return None


def _dateline_near_h1(root) -> str | None:
    """The day the first short line under the headline that holds one names."""
    for el in _after_h1(root, BYLINE_REACH_ELEMENTS):
        if not isinstance(el.tag, str) or el.tag in ("script", "style", "a", "option"):
            continue
        text = " ".join((el.text or "").split())
        if text and len(text) <= DATELINE_MAX_CHARS:
            day = _day_in_text(text)
            if day:
                return day
    return None


def _url_day(url: str | None) -> str | None:
    """YYYY-MM-DD from a permalink's /YYYY/MM/DD/."""
    try:
        path = urlsplit(url).path if url else ""
    except ValueError:
        return None
    found = _URL_DAY_RE.search(path)
    return "{}-{:0>2}-{:0>2}".format(*found.groups()) if found else None


def _canonical(root, base: str | None, metas: dict[str, str]) -> str | None:
    for el in root.iter("link"):
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


def read_metadata(root, *, url: str | None, capture: Capture) -> Metadata:
    return read_page_metadata(root, url=url, capture=capture)[0]


def read_page_metadata(root, *, url: str | None,
                       capture: Capture) -> tuple[Metadata, Declared]:
    """The page's metadata, and what of it the head declared (`Declared`)."""
    body = root.find("body")
    title_el = root.find(".//title")
    title = capture.title or (title_el.text_content() if title_el is not None else "")
    title = " ".join((title or "").split())
    dir_html = capture.dir.get("html") or root.get("dir")
    dir_body = capture.dir.get("body") or (body.get("dir") if body is not None else None)
    lang = (_clean(capture.lang.get("html")) or _clean(root.get("lang"))
            or _clean(capture.lang.get("body"))
            or (_clean(body.get("lang")) if body is not None else None))
    metas = _meta_values(root)
    ld = _from_json_ld(root)
    page_url = url or capture.url
    declared_author = ld.author or _first(metas, AUTHOR_META, _not_url)
    declared_date = ld.published or _first(metas, PUBLISHED_META)
    props = _itemprops(root) if not (declared_author and declared_date) else {}
    author = (declared_author or ld.any_author or _microdata_author(props) or _rel_author(root)
              or _byline_near_h1(root))
    site_names = [name for name in (*(metas.get(key) for key in SITE_NAME_META), ld.site_name)
                  if name]
    if title:
        title = page_title(title, [h for h in (metas.get("og:title"), ld.title) if h]
                           + _headings(root, "h1"), site_names + [_host(page_url)],
                           _host_label(page_url))
    metadata = Metadata(
        title=title or _first(metas, TITLE_META) or ld.title or "",
        url=page_url,
        lang=lang,
        direction=direction_of(dir_html, dir_body, lang, capture.computed_direction()),
        author=_without_byline_word(author) if author else None,
        published=(declared_date or _microdata_date(props) or _time_near_h1(root)
                   or _url_day(page_url) or _dateline_near_h1(root)),
        site_name=_first(metas, SITE_NAME_META) or ld.site_name,
        canonical_url=_canonical(root, page_url, metas),
        page_type=("discussion" if ld.discussion else "product"
                   if ld.product or (metas.get("og:type") or "").lower() in PRODUCT_TYPES
                   or _one_microdata_product(root) or _first(metas, PRODUCT_PRICE_META)
                   or _body_says_product(body) or _one_add_to_cart(root)
                   else None),
    )
    return metadata, Declared(byline=bool(declared_author or declared_date),
                              dated=bool(declared_date))
