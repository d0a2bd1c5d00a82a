"""How pages name and word their layout: the stage's word lists and text patterns.

Names. Class, id, name and role values are folded so that `menuItem`,
`menu__item--7` and `menu_123_item` all read `menu-item`; a value's words are then
matched against the naming tables below. The tables come from the counts seed 004
reports over 2.9 billion Common Crawl pages (e.g. `a.nav-link` 5.3 billion times,
`ul.nav` 1.2 billion, the WordPress names `entry-content`, `#comments`,
`#sidebar`, `.widget`, `#footer`).

Text. The patterns a heading or a short line is matched against whole (furniture
headings, control lines, bylines); sections.py and bylines.py compile them.

Every number the rules use is in tuning.py; the evidence for each rule is in
docs/rules/regions.md.
"""
from __future__ import annotations

import re

from ..model import Region, Widget
from .tuning import MAX_ATTRIBUTE_CHARS

_CAMEL_BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
# A word of a folded value: from a letter to the last letter before the next character
# outside [a-z0-9]. That is what splitting at every other character, stripping the
# digits off each piece's ends and dropping one-letter pieces leaves, in one pass.
_WORD = re.compile(r"[a-z][a-z0-9]*[a-z]")


def _folded(value: str) -> str:
    """`value` in lower case, a hyphen at each camelCase boundary."""
    lowered = value.lower()
    if lowered == value:    # no capital, so no camelCase boundary
        return lowered
    return _CAMEL_BOUNDARY.sub("-", value).lower()


def normalize_token(value: str) -> str:
    """Seed 004's folding: camelCase to kebab, lower case, non-alphanumerics to one
    hyphen, numbers and one-letter pieces dropped, e.g. `menu__item3--7` → `menu-item`."""
    return "-".join(_WORD.findall(_folded(value)))


# The attributes in which authors name an element's part of the layout.
NAMING_ATTRIBUTES = ("class", "id", "name", "role")
# An id that is the element's own text as an anchor names nothing (marks.id_is_text_slug).
ATTRIBUTES_BUT_ID = tuple(a for a in NAMING_ATTRIBUTES if a != "id")


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
    # The words of each token's normalize_token: whitespace is a separator like any
    # other character outside [a-z0-9], so one pass over the whole value finds them.
    return frozenset(_WORD.findall(_folded(raw[:MAX_ATTRIBUTE_CHARS])))


def token_words(token: str) -> list[str]:
    """One class or id token's words in order ("hasDisclaimer" -> has, disclaimer)."""
    return _WORD.findall(_folded(token[:MAX_ATTRIBUTE_CHARS]))


# --- Tags and roles ----------------------------------------------------------------

# Landmarks by tag. <section> and <form> count only when they carry a name, as ARIA says.
LANDMARK_TAGS = {"header": Region.HEADER, "nav": Region.NAV, "main": Region.MAIN,
                 "aside": Region.ASIDE, "footer": Region.FOOTER, "article": Region.ARTICLE}
NAMED_LANDMARK_TAGS = {"section": Region.SECTION, "form": Region.FORM}
LANDMARK_ROLES = {"banner": Region.HEADER, "navigation": Region.NAV, "main": Region.MAIN,
                  "complementary": Region.ASIDE, "contentinfo": Region.FOOTER,
                  "search": Region.SEARCH, "dialog": Region.DIALOG,
                  "alertdialog": Region.DIALOG, "region": Region.SECTION,
                  "article": Region.ARTICLE, "form": Region.FORM}
# <header> and <footer> are the page's own only outside these; inside an article
# they hold its title or its tags.
SECTIONING_TAGS = frozenset({"article", "main", "section", "aside", "nav"})
# An explicit role replaces the tag's own (ARIA): `<aside role="note">` is a note in
# the text, as docutils writes footnotes and EPUB/DPUB markup writes notes; and an
# element that only groups such notes (docutils' `aside.footnote-list`) is a note list.
DOCUMENT_NOTE_ROLES = frozenset({"note", "doc-footnote", "doc-endnote", "doc-endnotes",
                                 "doc-example", "doc-notice", "doc-tip", "doc-abstract"})
PAGE_BAND_TAGS = frozenset({"header", "footer"})
# The same holds for names: inside the page's <main> or an <article>, an element named
# "header" is the content's own header band (title, standfirst, intro), not the site
# header.
CONTENT_TAGS = frozenset({"article", "main"})
CONTENT_ROLES = frozenset({"main", "article"})
# Names on these say nothing about one part of the page: body classes list page
# states ("menu-open", "has-sidebar"), and <html> carries framework flags.
UNNAMED_TAGS = frozenset({"html", "body"})
# Input types a reader types words into. A form with one of these (or a textarea)
# collects a comment, an answer, an enquiry or a sign-up: its labels ("Email*",
# "Required, but never shown") are not content.
TEXT_INPUT_TYPES = frozenset({"", "text", "email", "tel", "password", "url"})
TAB_PANEL_ROLE = "tabpanel"
# A sign-up box asks for an email address: a field of type "email", or a text field
# (older forms) whose name, id, placeholder or autofill hint says "mail" (MailChimp's
# name="EMAIL", "e-mail", "Your email"). Forms carry these names in English in every
# language; a post's or a poll's fields say nothing of mail.
SIGNUP_INPUT_TYPES = frozenset({"", "text"})
SIGNUP_FIELD_ATTRS = ("name", "id", "placeholder", "autocomplete")
SIGNUP_FIELD_HINT = "mail"


# --- Text patterns -----------------------------------------------------------------

# Furniture headings, matched against the whole heading (case-insensitive). Each line
# is one family; a pattern must not match a heading that introduces the page's own
# subject ("Related work" in a paper is a section of the paper).
FURNITURE_HEADING_PATTERNS = (
    # related and recommended content
    r"(related|similar|recommended|popular|trending|recent|latest|more|other) (posts|articles|stories|"
    r"items|products|reads|news|videos|threads|discussions|questions|guides|topics|"
    r"books)( on .{1,40}| (that|you) may (like|enjoy|interest you))?",
    r"(you|customers|people|shoppers) (may|might|who|also|frequently) .*(like|bought|viewed|enjoy|"
    r"purchased|read)",
    r"(more like this|more to explore|discover more|explore more( articles| posts| content)?)",
    # the same lists under other words: "Related content", "New articles", "Featured
    # posts", "Trending stories in world travel", "More articles you might enjoy",
    # "You may also like these posts", "Explore more related content"
    r"(related|new|featured) (content|publications|articles|posts|stories)( (on|in|about|from) .{1,40})?",
    r"(related|similar|recommended|popular|trending|recent|latest|more|other) (posts|articles|stories|"
    r"reads|news|guides|topics)( (in|about|from) .{1,40}| (that|you) (may|might) (also )?(like|enjoy))",
    r"you (may|might) also (like|enjoy) these (posts|articles|stories)|explore more related content",
    r"(frequently bought together|"
    r"recently viewed( items| products)?|more from .{1,40}|read (more|next)|up next|"
    r"don'?t miss|further reading|keep reading)",
    # a marketing page's teasers of its other pages: "Featured insights", "Related
    # services", "Featured client stories", "From the blog". Not "Resources" (a
    # "Related resources" box mid-article would run over the article's own table),
    # nor a bare "Insights" or "Case studies", which head a page's own section.
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
# On a page that declares a product, the shop's terms beside its description, as its
# tabs and accordions head them: "Shipping & Returns", "Delivery and returns", "Shipping
# and return policies". Only there, and only as a box of their own (sections.py): a
# landing page's "Free shipping & returns" or a review's "Delivery and returns" is its
# own text. A bare "Returns", "Delivery" or "Return policy" stays: a docs page's section,
# a product's own data and a marketplace's listed terms use them. Beyond English, the
# wordings shops' product tabs and accordions use in their code (docs/rules/regions.md,
# the Placement table); footers' and help centres' names ("Trocas e devoluções",
# "Bezorging en retour", "Returns & Exchanges") are left out.
PRODUCT_FURNITURE_HEADING_PATTERNS = (
    r"(free )?(shipping|delivery) (and|&) (returns?|return polic(y|ies)|exchanges?)",
    r"(returns?|exchanges?) (and|&) (shipping|delivery)",
    r"(livraison|expédition) (et|&) retours?|retours? (et|&) échanges",
    r"(versand|lieferung) (und|&) (rückgabe|retouren?|rücksendung)",
    r"(envíos?|entrega) y devoluci(ón|ones)|(spedizion[ei]|consegna) e res[oi]",
    r"verzending (en|&) retour(neren|en)?|envios? e devoluç(ão|ões)|(dostawa|wysyłka) i zwroty",
)
# Comment sections: "Comments", "12 responses", "Leave a reply". Furniture under an
# article; on a page whose comments are its content (a forum thread) they head
# the posts themselves (Vanilla Forums titles its thread's posts "Comments").
COMMENT_HEADING_PATTERNS = (
    r"(\d+\s*(comments?|responses)|comments|responses)( on .*| for .*| \(\d+\))?",
    r"(leave|post|write|add) (a|your) (reply|comment)",
)
# Lines that are only a control's label or a listing's tally, matched against the
# whole line (case-insensitive): the sort control and result count above a grid,
# the "Load more" button under it, a card's "Add to cart", a "Loading…" placeholder.
# Standing alone they are the page's controls, not its text.
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
    # the label a contents box or an ad slot carries when the box itself is gone, and
    # the ad slot's label in the languages of the news sites the engine misread
    # ("advertising" is left out: it also names a service on agencies' pages)
    r"table of contents|advertisement|sponsored|"
    r"publicité|anzeige|werbung|publicidad|publicidade|pubblicità|advertentie|reklama|"
    r"реклама|reklam|iklan|quảng cáo|إعلان|広告|广告|廣告|광고",
    # an ad slot set between paragraphs asks the reader to scroll past it
    r"scroll (down )?to (continue|resume)( with| reading)?( (the )?(content|article|reading))?|"
    r"((the )?(article|story) continues|continue reading) (below|after)( (the |this )?"
    r"(advertisement|ad))?",
    # a placeholder waiting for a script
    r"loading",
    # a slideshow's position for screen readers and a reading-time estimate
    r"slide \d{1,3} of \d{1,3}|\d{1,3} min(ute)?s? read",
)

# Bylines. The patterns take single spaces: the text is normalised before they run,
# and a `\s*` under search() would be quadratic on a long run of spaces.
# Month names by their first letters, in English, French, German, Spanish, Portuguese,
# Italian and Dutch (the languages of most of the news pages the engine misread):
# "jan" is janvier/Januar/janeiro too, "mar" mars/März/marzo/março, "dic" diciembre.
# A stem counts only between a day and a year, so a stem that is also a word ("out",
# "mai") does not make a date of prose.
MONTH_STEMS = (
    "jan", "feb", "fév", "fev", "mar", "mär", "apr", "avr", "abr", "may", "mai", "mei",
    "mag", "jun", "jui", "giu", "jul", "lug", "aug", "ago", "aoû", "aou", "sep", "set",
    "oct", "okt", "ott", "out", "nov", "dec", "déc", "dez", "dic", "ene", "gen",
    # Indonesian ("Agustus", "Desember"), Turkish ("Ocak" ... "Aralık"), Polish
    # ("stycznia" ... "grudnia"), Czech ("ledna" ... "prosince", in the genitive a date
    # takes) and Russian ("января" ... "декабря") write the month as a word on their
    # datelines. Their months are given whole (but for an ending that varies): a
    # three-letter stem of theirs begins English words ("Design", "Temple", "Lisbon",
    # "Pro") that stand before a number and a year in product and event names.
    "agustus", "desember", "ocak", "şubat", "nisan", "mayıs", "haziran", "temmuz",
    "ağustos", "eylül", "ekim", "kasım", "aralık",
    "stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca", "sierpnia",
    "września", "października", "listopad", "grudnia",
    "ledna", "února", "března", "dubna", "května", "června", "července", "srpna", "září",
    "října", "prosince",
    "янв", "фев", "мар", "апр", "мая", "май", "июн", "июл", "авг", "сен", "окт", "ноя",
    "дек",
)
# Those languages' short forms ("02 Des 2019", "12 Kas 2019", "3 lis 2019"), read as
# whole words only.
MONTH_SHORT_FORMS = (
    "agu", "agt", "des", "oca", "şub", "nis", "haz", "tem", "ağu", "eyl", "eki", "kas",
    "ara", "sty", "lut", "kwi", "cze", "lip", "sie", "wrz", "paź", "lis", "gru",
)
WEEKDAY_NAMES = (
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche",
    "montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonntag",
    "lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo",
    "lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica",
)
# The words that say which date a line gives: "Updated", "Publié le", "Aktualisiert am",
# "Publicado el", "Pubblicato il", "Bijgewerkt op"; and the bare "on", "le", "am" ...
DATE_LABEL_WORDS = (
    "updated", "published", "posted", "modified", "reviewed", "released", "publié",
    "mis à jour", "veröffentlicht", "aktualisiert", "publicado", "actualizado",
    "atualizado", "pubblicato", "aggiornato", "gepubliceerd", "bijgewerkt",
)
DATE_LABEL_JOINS = ("on", "le", "am", "el", "em", "il", "op")
_MONTH = rf"(({'|'.join(MONTH_STEMS)})\w*|({'|'.join(MONTH_SHORT_FORMS)})\b)\.?"
_DAY = r"\d{1,2}(st|nd|rd|th|er)?\.?"
_WEEKDAY = rf"(({'|'.join(WEEKDAY_NAMES)}),? )?"
_OF = r"( de)?"           # "3 de diciembre de 2024"
DATE_PATTERN = (rf"{_WEEKDAY}({_MONTH} {_DAY},? \d{{4}}|{_DAY}{_OF}[ -]{_MONTH}{_OF},?[ -]\d{{4}}"
                r"|\d{4}-\d\d-\d\d|\d{1,2}[/.]\d{1,2}[/.]\d{2,4}"
                # "2019. 8. 21." (Korean, Hungarian), "4. 11. 2019" (Czech, Slovak); the
                # spaces are required: "2023.2.1" is a version number
                r"|\d{4}\. \d{1,2}\. \d{1,2}\.?|\d{1,2}\. \d{1,2}\. \d{4}"
                r"|\d{4} ?年 ?\d{1,2} ?月 ?\d{1,2} ?日|\d{4}년 ?\d{1,2}월 ?\d{1,2}일)")
_TIME = r"(,? (at |à |um )?\d{1,2}[:h]\d\d( ?[ap]\.?m\.?)?( [a-z]{2,4})?)?"
_JOIN = f"({'|'.join(DATE_LABEL_JOINS)})"
_WHEN = rf"((last )?({'|'.join(DATE_LABEL_WORDS)})( {_JOIN})?( ?:)? ?|{_JOIN} )?"
# "Updated: Dec 3, 2024", "Last updated on 20 January 2025", "Published June 4, 2025",
# "March 16, 2026 at 5:50 pm", "Publié le 3 décembre 2024 à 10h30", "3. Dezember 2024",
# "2024年12月3日": a date, the word that says which date, perhaps the time.
DATED_PATTERN = rf"\b{_WHEN}{DATE_PATTERN}{_TIME}\b"
# "9 min read", "Reading time: 11 minutes", "4 min read time", "5 min de lecture",
# "Lesezeit: 3 Min.", "Tiempo de lectura: 4 minutos".
READING_WORDS = ("read", "read time", "reading time", "to read", "lecture", "de lecture",
                 "lesezeit", "lectura", "de lectura", "leitura", "de leitura",
                 "lettura", "di lettura", "leestijd")
READING_LABELS = ("reading time", "read time", "time to read", "temps de lecture",
                  "lesezeit", "tiempo de lectura", "tempo de leitura", "tempo di lettura",
                  "leestijd")
_MINUTES = r"(min|mins|minutes?|minuten|minutos|minuti)\.?"
READING_TIME_PATTERN = (
    rf"\b((estimated )?({'|'.join(READING_LABELS)})( ?:)? ?\d+ ?{_MINUTES}"
    rf"|\d+ ?{_MINUTES}( ({'|'.join(sorted(READING_WORDS, key=len, reverse=True))}))?)(?!\w)")
# "By Mirel Zaman", "Written by: Elise Nass", "By Claire Wilson, Co-Founder & COO", and the
# labels alone when the name is its own line ("Written by", "Published on"); "Par",
# "Von", "Por", "Door", "Oleh", "Przez", "Autor:" elsewhere. ("di" and "da" are left
# out: "Da Vinci" would read as a credit.)
CREDIT_WORDS = (
    "by", "written by", "posted by", "reviewed by", "medically reviewed by", "edited by",
    "fact-checked by", "fact checked by", "author", "authors", "written", "published",
    "posted", "updated", "last updated", "par", "von", "por", "door", "oleh", "przez",
    "auteur", "autor", "autore", "écrit par", "geschrieben von", "escrito por",
)
_CREDIT = f"({'|'.join(CREDIT_WORDS)})"
# The name is capitalised ("By the way" is a sentence, not a credit), in Latin-1
# capitals too ("Élise", "Øystein").
_NAME_WORD = r"((?i:and|&|of|et|und|y|e) )?[A-ZÀ-ÖØ-Þ][^\s|•·]*"
CREDIT_LINE_PATTERN = (rf"((?i:{_CREDIT}( on)?)( ?:)?)?( ?{_NAME_WORD}( {_NAME_WORD}){{0,5}})?"
                       r"( (?i:on|in))?")
# "36 Comments", "No comments", "2 replies", "Leave a comment": the count of the
# comments, or the way to them, which stand in the byline or close the article. The
# count's word in the languages of the news and blog themes that write it there
# ("0 Kommentare", "3 commentaires", "12 comentarios", "5 yorum", "Комментариев: 0",
# "댓글 12"); the number may follow the word.
COMMENT_COUNT_WORDS = (
    "comments?", "responses?", "replies", "kommentare?", "kommentar", "commentaires?",
    "comentarios?", "comentários?", "commenti", "commento", "reacties?", "komentarzy?",
    "komentarze", "komentáře", "komentářů", "komentář", "komentar", "yorum(lar)?",
    "комментари(ев|я|й)", "комментарий", "댓글", "コメント", "评论", "評論",
)
_COMMENT_COUNT = f"({'|'.join(COMMENT_COUNT_WORDS)})"
COMMENT_CALL_PATTERN = (rf"(\d+|no|one) {_COMMENT_COUNT}|{_COMMENT_COUNT}:? \d+"
                        r"|(leave|add|post|write) a (comment|reply)")
# The separators bylines join their parts with: "by whova | Apr 21, 2025".
BYLINE_SEPARATOR_PATTERN = r"[|•·—–~/]| - "


# --- The naming tables -------------------------------------------------------------
# Each maps a layout part to the words that name it. A word counts when it is one of
# the value's hyphen-separated words, so `site-header` and `header-inner` both say
# header, but `headerless` does not.

# Page header: `header#header`, `div#header`, `div.top-bar`, the `masthead` themes use.
HEADER_WORDS = frozenset({"header", "masthead", "topbar", "banner"})
# ...but a header or banner named for a part of the page ("section-header",
# "accordion-header", "cta-banner") is that part's own heading band, not the site's
# header.
PART_HEADER_WORDS = frozenset({"section", "accordion", "cta"})
# ...nor is a header band whose child is named as the page title's band (Doxygen's
# div.header > div.headertitle > div.title, above the page's contents): it is the
# content's own title.
TITLE_BAND_CLASSES = frozenset({"headertitle"})

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
# A recipe card by name or by its schema.org microdata: WP Recipe Maker's
# `div.wprm-recipe-container`, Tasty Recipes' `div.tasty-recipes`, themes' `recipe-card`,
# the hRecipe microformat, `itemtype="https://schema.org/Recipe"`. Recipe plugins set
# the card after the post's own text, outside the element holding it, and it is what
# the reader of a recipe blog came for.
RECIPE_WORDS = frozenset({"recipe", "recipes", "hrecipe"})
# ...but not a box of other recipes ("more-recipes", "recipes-grid", "recipe-index").
# (Plugin and theme class names are English whatever the page's language.)
RECIPE_LIST_WORDS = frozenset({"more", "latest", "recent", "related", "popular", "similar",
                               "other", "index", "grid", "list", "archive"})
RECIPE_ITEMTYPE_RE = re.compile(r"^https?://schema\.org/Recipe/?$", re.I)
# An article's body by name: a word for the article beside a word for its text
# ("entry-content", "post-body", "article__content", "story-text"), the element
# WordPress and most blog and news templates wrap the text itself in.
ARTICLE_WORDS = frozenset({"article", "post", "entry", "story"})
ARTICLE_BODY_WORDS = frozenset({"content", "body", "text"})
# schema.org's microdata name for an article's text (`itemprop="articleBody"`): a
# vocabulary, not a site's naming, written by news and blog CMSes in every language.
ARTICLE_BODY_ITEMPROP = "articleBody"

# User comments: `div#comments`, `div.comment`, `a.reply`, Disqus. On a forum the
# posts carry the same names and are the content, so this signal is never used alone.
# Sites outside English name the section in their own language (`div#comentarios_lectores`,
# `div.kommentare`, `section#commentaires`): the plural, as class names write it (ASCII,
# no accents), for the section holds the comments. The singular is left out beyond
# English: it names one box in the story as often ("div.kommentar", an editor's
# opinion; "div.reactie", a right of reply).
COMMENTS_BEYOND_ENGLISH = frozenset({
    "comentarios",      # es, pt
    "kommentare",       # de
    "kommentarer",      # sv, da, no
    "commentaires",     # fr
    "commenti",         # it
    "reacties",         # nl
    "komentarze",       # pl
    "komentare",        # cs, sk
    "yorumlar"})        # tr
COMMENT_WORDS = frozenset({"comment", "comments", "respond", "reply", "replies", "disqus",
                           "discussion", *COMMENTS_BEYOND_ENGLISH})
# A blog's comment section by name, not a forum's replies: the plural or a list of
# them ("#comments", ".commentlist", "#disqus_thread"). "reply", "replies" and
# "discussion" name a forum's posts and a paper's closing section as well.
BLOG_COMMENT_ROOT_WORDS = frozenset({"comments", "commentlist", "disqus",
                                     *COMMENTS_BEYOND_ENGLISH})
# A blog post's or news story's element by class (WordPress `.post`, `.hentry`,
# `.entry-content`, `.article-body`): the story's text stands in a post's markup.
POST_CLASS_WORDS = frozenset({"post", "hentry", "entry", "article"})

# Product reviews are the shop's comments: a product page is its description and
# specifications. Elsewhere ("review-body" on a critic's review) they are treated as
# comments are.
REVIEW_WORDS = frozenset({"review", "reviews"})

# Sidebars: `aside#sidebar`, `div.widget` (and the `elementor-widget` family, which is
# page-builder markup and not a sidebar: handled by requiring a sidebar word alone).
SIDEBAR_WORDS = frozenset({"sidebar", "aside", "rail", "widgets"})

# Page footer: `footer#footer`, WordPress `colophon`, copyright strips.
FOOTER_WORDS = frozenset({"footer", "colophon", "copyright"})

# Widgets: named furniture inside or around the content. The value is the widget kind
# reported on the block.
WIDGET_WORDS: dict[str, Widget] = {
    "cookie": Widget.CONSENT, "cookies": Widget.CONSENT, "consent": Widget.CONSENT,
    "gdpr": Widget.CONSENT,
    "filter": Widget.FILTER, "filters": Widget.FILTER, "facet": Widget.FILTER,
    "facets": Widget.FILTER,
    # The sort control above a grid ("Sort by: Best Match", Magento's toolbar-sorter,
    # "sort-by-select") is a filter's sibling.
    "sort": Widget.FILTER, "sorter": Widget.FILTER, "sortby": Widget.FILTER,
    "sorting": Widget.FILTER,
    "share": Widget.POST_FURNITURE, "sharing": Widget.POST_FURNITURE,
    "social": Widget.POST_FURNITURE, "sharedaddy": Widget.POST_FURNITURE,
    "addtoany": Widget.POST_FURNITURE,
    "related": Widget.RELATED, "recommended": Widget.RELATED,
    "recommendations": Widget.RELATED,
    # ...and "related" glued to what it lists, as one word: Jetpack's
    # `div.jp-relatedposts` on WordPress sites, a `relatedarticles` box (class names
    # are English whatever the page's language). Not "relatedproducts": a service
    # page's other products can be what it offers.
    **{"related" + listed: Widget.RELATED
       for listed in ("posts", "articles", "stories", "news", "content", "reads")},
    "newsletter": Widget.NEWSLETTER, "subscribe": Widget.NEWSLETTER,
    # The subscription wall set after a story's opening paragraphs (Piano's
    # div.paywall-prompt#piano-inline, "paywall-bar", "paywall-cta"): an offer, not the
    # story. Not on the story's own body when it is walled ("article-body
    # paywall-fade", marks._widget_from_names).
    "paywall": Widget.NEWSLETTER,
    "signup": Widget.NEWSLETTER,
    # Not "ads" or "promo": classified-ad listings and product promotions are content.
    "advert": Widget.AD, "advertisement": Widget.AD, "adsbygoogle": Widget.AD,
    "sponsored": Widget.AD,
    # Not "overlay" or "lightbox": hero captions and image galleries use them.
    # A popover is what a button shows on a click, beside the line it explains (a
    # seller badge's meaning, how a delivery date or a fee was reckoned).
    "modal": Widget.MODAL, "popup": Widget.MODAL, "popover": Widget.MODAL,
    # Forum signatures and user cards under each post (vBulletin, XenForo
    # message-signature, StackExchange post-signature): the person, not the post.
    "signature": Widget.POST_FURNITURE, "postsignature": Widget.POST_FURNITURE,
    # ...and the user card and timestamp beside each post (phpBB's dl.postprofile,
    # vBulletin's userinfo, "timestamp" spans): who and when ("Joined:", "Posts:").
    "postprofile": Widget.POST_FURNITURE, "postdetails": Widget.POST_FURNITURE,
    "userinfo": Widget.POST_FURNITURE, "timestamp": Widget.POST_FURNITURE,
    # The author's box after an article ("author-bio", "author__info", "about-author"):
    # who wrote it, not what they wrote.
    "bio": Widget.AUTHOR_BIO, "biography": Widget.AUTHOR_BIO,
    "authorbio": Widget.AUTHOR_BIO, "authorbox": Widget.AUTHOR_BIO,
    # Site-wide notices and announcements above the content (XenForo's ul.notices,
    # a shop's delivery announcement bar): about the site, not this page.
    "notices": Widget.NOTICE, "announcement": Widget.NOTICE, "announcements": Widget.NOTICE,
    # ...and a box named as the page's disclaimer: the fine print under a product's or
    # an offer's copy (availability, footnoted claims, terms). Believed at a widget's
    # size only, so a wrapper so named around the whole text stays (belief.py), and
    # only in a box's shape (SHAPE_GUARDED_WORDS). English only, as class names are on
    # pages in any language (the German fixture's is "produkt-disclaimer").
    "disclaimer": Widget.NOTICE, "disclaimers": Widget.NOTICE,
    # A carousel on a page that declares a product holds other products or the photo
    # strip, not the description. Elsewhere it is left unnamed: service pages put
    # testimonials and collections put their items in carousels.
    "carousel": Widget.CAROUSEL,
}
WIDGET_WORD_SET = frozenset(WIDGET_WORDS)
# A group of buttons ("wp-block-buttons", "hero-buttons", a slider's "buttons" with
# its arrows and "1 / 5" counter, "section-ctas"): calls to action and controls,
# furniture when it holds no more than a few labels (tuning.BUTTON_GROUP_MAX_WORDS).
# Not "button", "btn" or "cta": each card's own link is styled so, and a "cta" box
# holds a section's own lead as often as a call.
# English only: class names are English on pages in any language (the German, French
# and Spanish fixtures' groups are "wp-block-buttons", "hero-buttons", "section-ctas";
# a "boutons" or "botones" group is one site's, too rare to weigh). Read in the class
# only (an id is a heading's anchor as often), and believed only for a group of links
# or buttons (name_guards.is_control_group).
BUTTON_GROUP_WORDS = frozenset({"buttons", "ctas"})
# Prefixes site builders put before a heading's slug id (GitHub's "user-content-",
# WordPress's "h-"): the slug is what follows.
ID_SLUG_PREFIXES = ("user-content-", "h-")
# Words believed only where the element's shape agrees (name_guards.unguarded): not
# on a heading or an element holding one (a terms page's "disclaimers" section, a
# design system's "popover-usage" section), not as a modifier's object
# ("has-disclaimer"), and a popover not on the wrapper holding its visible trigger.
PAYWALL_WORD = "paywall"
SHAPE_GUARDED_WORDS = frozenset({"disclaimer", "disclaimers", "popover"})
POPOVER_TRIGGER_WORDS = frozenset({"popover"})
# Words of an author's box believed only on an element holding no table header cell:
# an infobox about a person (MediaWiki's every "infobox biography vcard") is a data
# table of labelled facts (th: Born, Died, Spouse), the page's own content; an author
# box is a photo and a few lines of prose.
DATA_GUARDED_WORDS = frozenset({"bio", "biography"})
TRIGGER_WORD = "trigger"
# A class token's first word that makes the rest its object: the box has, lacks or
# shows one, it is not one.
NAME_MODIFIER_WORDS = frozenset({"has", "no", "with", "without", "is", "show", "hide"})
# Link targets that are pages, not files offered for download.
DOCUMENT_PAGE_EXTENSIONS = frozenset({"html", "htm", "xhtml", "shtml", "php", "asp",
                                      "aspx", "jsp", "cfm", "cgi", "pl"})
# Extensions of more than five characters that name a file (name_guards.file_extension):
# package and installer formats a download page offers (Linux's AppImage and Flatpak,
# Windows' MSIX/AppX bundles and App Installer, Apple's configuration profiles,
# Unity's packages, BitTorrent's files) and data a data portal or a model hub offers
# (GeoJSON and TopoJSON, Parquet, Feather, SQLite, newline-delimited JSON, TFRecord,
# safetensors, Python's pickles, Keynote decks). Any other longer dotted word is a
# name's part ("/people/anna.schmidt", "/reference/android.widget",
# "/p/sofa.kopenhagen"), so the formats are named rather than the length raised.
# Format names, so not English words.
LONG_FILE_EXTENSIONS = frozenset({"appimage", "flatpak", "flatpakref", "flatpakrepo",
                                  "msixbundle", "appxbundle", "appinstaller",
                                  "mobileconfig", "unitypackage", "torrent",
                                  "geojson", "topojson", "parquet", "feather", "sqlite",
                                  "sqlite3", "ndjson", "tfrecord", "safetensors", "pickle",
                                  "keynote"})
# ...and of the files, these are pictures: a link to one is a larger copy ("View this
# figure"), not a download the page offers.
PICTURE_EXTENSIONS = frozenset({"jpg", "jpeg", "png", "gif", "webp", "svg", "avif"})
# ...but a signature named for an API member ("member-signature", "type-signature":
# javadoc's declaration of every class, method and field) is the code the page documents.
SIGNATURE_WORD = "signature"
API_SIGNATURE_WORDS = frozenset({"member", "type", "method", "function"})
# "user" names a forum post's user card furniture beside one of these: the rank,
# badge and counters under the poster's name (h5.userTitle, div.userBanner,
# div.message-userExtras with "Joined", "Messages", "Reaction score"); the name and
# date are the post's own.
USER_WORD = "user"
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
# Not "wrapper", "block" or "container": a page may wrap its FAQ in such a name.
AUTHOR_WORD = "author"
AUTHOR_BOX_WORDS = frozenset({"info", "box", "card", "about", "details", "profile",
                              "description", "section"})
# Tab panels: role=tabpanel, "tab-pane", "tabs__panel". Tabs show one panel at a
# time, but without a browser every panel is the page's content.
TAB_WORDS = frozenset({"tab", "tabs"})
TAB_PANEL_WORDS = frozenset({"pane", "panel"})
TAB_PANEL_NAMES = frozenset({"tabpanel", "tabpane"})

# Consent managers by name: OneTrust, Cookiebot, Didomi, Usercentrics, TrustArc.
# Their dialogs are long (a thousand words of cookie categories), so unlike other
# widgets they are believed at any size.
# Not "cmp" (Adobe AEM names every core component cmp-text, cmp-container) nor
# Quantcast's "qc" (Medium's generated two-letter class names include "qc").
CONSENT_VENDOR_WORDS = frozenset({"onetrust", "cookiebot", "didomi", "usercentrics",
                                  "truste"})


# --- Share links (share_links.py) ----------------------------------------------------

# The share endpoints of the social networks and mail: a link to one of them
# publishes the page, it is no part of what the page says. These are addresses the
# networks document for share buttons, the same on every site and in every language.
SHARE_LINK_PATTERN = re.compile(
    r"(?:https?://(?:www\.|m\.|mobile\.|api\.|web\.)?"
    r"(?:twitter\.com/(?:intent|share)|x\.com/intent|facebook\.com/(?:sharer|share\.php"
    r"|dialog/(?:share|feed))|linkedin\.com/(?:shareArticle|sharing|cws/share)"
    r"|pinterest\.[a-z.]{2,6}/pin/create|reddit\.com/submit|api\.whatsapp\.com/send"
    r"|wa\.me/\?|t\.me/share|telegram\.me/share|vk\.com/share|tumblr\.com/(?:share"
    r"|widgets/share)|getpocket\.com/(?:save|edit)|news\.ycombinator\.com/submitlink"
    r"|share\.flipboard\.com|flipboard\.com/bookmarklet|social-plugins\.line\.me"
    r"|line\.me/R/msg|plus\.google\.com/share|service\.weibo\.com/share"
    r"|connect\.ok\.ru/offer|xing\.com/(?:spi/shares|social/share)|buffer\.com/add"
    r"|bsky\.app/intent|threads\.net/intent"
    # The same buttons drawn as frames: Facebook's Like and Share plugins, X's button.
    r"|facebook\.com/(?:v[\d.]+/)?plugins/(?:like|share_button)\.php"
    r"|platform\.twitter\.com/widgets/tweet_button)"
    r"|mailto:\?|whatsapp://send)",
    re.IGNORECASE)
# In a block's inline Markdown: a picture (dropped first, so a linked icon leaves an
# empty link), then a link's text (no nested brackets) and address to its end.
MARKDOWN_IMAGE_PATTERN = re.compile(r"!\[[^\[\]]*\]\([^()]*\)")
MARKDOWN_LINK_PATTERN = re.compile(r"\[([^\[\]]*+)\]\(<?([^\s)>]*+)[^()]*+\)")

# What joins a breadcrumb's links: "Home / News", "Home » News", "Home > News", "›", "|",
# "→", "•" (the same in every language).
BREADCRUMB_SEPARATORS = "/»>›|→•·"

# A slideshow's position at the start of a slide's line ("1/50", "12 / 50 Title"): a
# position and a total, in figures, so the same in every language. Not a date: a third
# part ("28/11/2025", "07/03/24") or a figure right after is refused.
SLIDE_COUNTER_PATTERN = re.compile(r"(\d{1,3}) ?/ ?(\d{1,3})(?![\d/])")
