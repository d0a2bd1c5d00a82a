"""Author and date read from a page's body, when its head names none: microdata, the
authors of JSON-LD's other objects, rel=author, the byline and the <time> or dateline
under the headline, a dated permalink. Bylines are read in the Latin-script languages
named in BYLINE_WORDS and MONTH_NAMES."""
from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import urlsplit

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
# Above the headline, a dateline is read this close to it only (see _above_headline).
DATELINE_ABOVE_ELEMENTS = 12


# A dated address: /2025/12/18/ in the path (WordPress and news CMSs' permalinks).
_URL_DAY_RE = re.compile(r"/((?:19|20)\d\d)/(0?[1-9]|1[0-2])/(0?[1-9]|[12]\d|3[01])/")


_YEAR_RE = re.compile(r"(?<!\d)\d{4}(?!\d)")


_ISO_DAY_RE = re.compile(r"\d{4}-\d{2}-\d{2}")


def headline_element(h1s: list, title: str):
    """The <h1> (of the page's `h1s`, in document order) that states the page's title
    (a site's logo or search box may be the first <h1>); the first <h1> when none does."""
    wanted = title.casefold()
    if wanted:
        for h1 in h1s:
            if " ".join(h1.text_content().split()).casefold() == wanted:
                return h1
    return h1s[0] if h1s else None


def _after_h1(headline, max_elements: int):
    """The elements that follow the headline (`headline_element`; None: no <h1>) in
    document order, `max_elements` at most."""
    if headline is None:
        return
    for count, el in enumerate(_following(headline), 1):
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


def elements_by_itemprop(root, values: dict | None = None) -> dict[str, list]:
    """Elements by their itemprop, in document order. `values`: element -> itemprop
    value, in document order, when the caller gathered them; else one pass over the
    attributes (half the time of one XPath test per element, and one pass for every
    property)."""
    if values is None:
        values = {value.getparent(): str(value) for value in root.xpath("//@itemprop")}
    found: dict[str, list] = {}
    for el, value in values.items():
        found.setdefault(value, []).append(el)
    return found


def microdata_author(props: dict[str, list]) -> str | None:
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


def rel_author(anchors: Iterable) -> str | None:
    """The words of the first of the page's <a> elements (`anchors`) with rel=author
    that has some."""
    for el in anchors:
        if "author" in (el.get("rel") or "").lower().split():
            value = " ".join(el.text_content().split())
            if value:
                return value
    return None


def byline_near_h1(headline) -> str | None:
    for el in _after_h1(headline, BYLINE_REACH_ELEMENTS):
        if not isinstance(el.tag, str) or el.tag in ("script", "style", "img", "meta", "link"):
            continue
        words = _CLASS_WORD_RE.split((el.get("class") or "").lower())
        if not BYLINE_CLASS_WORDS.intersection(words) or _in_form(el):
            continue
        value = without_byline_word(" ".join(el.text_content().split()))
        if not value:
            continue
        if len(value.split()) <= BYLINE_MAX_WORDS and not any(ch.isdigit() for ch in value):
            return value
        return None
    return None


def without_byline_word(text: str) -> str:
    """"By Ann Lee" -> "Ann Lee"; "Di Maio" stays."""
    rest = _BY_RE.sub("", text, count=1).strip()
    if rest == text or len(rest.split()) >= BYLINE_NAME_MIN_WORDS or text.lower().startswith("by "):
        return rest
    return text


def _in_form(el) -> bool:
    """A comment form's "Name *" field is labelled author too."""
    return any(a.tag in ("form", "label") for a in el.iterancestors())


def microdata_date(props: dict[str, list]) -> str | None:
    for el in props.get("datePublished", ()):
        value = " ".join((el.get("datetime") or el.get("content") or el.text_content()).split())
        if _YEAR_RE.search(value):
            return value
    return None


def time_near_h1(headline) -> str | None:
    """The first <time datetime> naming a day under the page's headline."""
    for el in _after_h1(headline, BYLINE_REACH_ELEMENTS):
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


def _own_text(el) -> str:
    """The words an element holds outside its children: its text and what follows
    each child ("by <a>Jane</a> · May 2, 2025", "Jane Doe<br>4 August 2010")."""
    return " ".join(" ".join([el.text or "", *(child.tail or "" for child in el)]).split())


def _dateline_day(el) -> str | None:
    """The day an element's leading text names, else the day its own words name
    (`_own_text`), when they are short enough for a dateline."""
    if not isinstance(el.tag, str) or el.tag in ("script", "style", "a", "option"):
        return None
    lead = " ".join((el.text or "").split())
    if lead and len(lead) <= DATELINE_MAX_CHARS:
        day = _day_in_text(lead)
        if day:
            return day
    if not len(el):
        return None
    own = _own_text(el)
    if own != lead and own and len(own) <= DATELINE_MAX_CHARS:
        return _day_in_text(own)
    return None


def _above_headline(h1, max_elements: int):
    """The elements just before the headline in its own block (its parent and
    grandparent), nearest first: the title block's dateline over the <h1>
    ("Published August 7, 2023"). A date further up is the site's (today's date in
    a newspaper's masthead)."""
    count = 0
    level = h1
    for _ in range(2):
        for sibling in level.itersiblings(preceding=True):
            for el in reversed([sibling, *sibling.iterdescendants()]):
                count += 1
                if count > max_elements:
                    return
                yield el
        level = level.getparent()
        if level is None:
            return


def dateline_near_h1(headline) -> str | None:
    """The day the first short line under the headline that holds one names; else
    the day a line just above it in its own block names."""
    if headline is None:
        return None
    for el in _after_h1(headline, BYLINE_REACH_ELEMENTS):
        day = _dateline_day(el)
        if day:
            return day
    for el in _above_headline(headline, DATELINE_ABOVE_ELEMENTS):
        day = _dateline_day(el)
        if day:
            return day
    return None


def url_day(url: str | None) -> str | None:
    """YYYY-MM-DD from a permalink's /YYYY/MM/DD/."""
    try:
        path = urlsplit(url).path if url else ""
    except ValueError:
        return None
    found = _URL_DAY_RE.search(path)
    return "{}-{:0>2}-{:0>2}".format(*found.groups()) if found else None
