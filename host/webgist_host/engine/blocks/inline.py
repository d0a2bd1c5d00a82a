"""Inline content of a block: plain text and inline Markdown, rendered together.

The block walker (blocks.py) decides where blocks start and end; this module turns
the inline material inside one block into `text` (whitespace-collapsed, for keys)
and `rich_text` (links, emphasis and code spans as Markdown, special characters
escaped only where Markdown would otherwise read them as syntax).
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Callable
from urllib.parse import urljoin, urlsplit

from .code import code_span_text, code_text
from .struck import footnote_mark, opens_number, struck_before
from .math import Math, math_of
from .urls import QuickJoin
from ..dom.nodes import tag_of
from .tuning import (
    CODE_TAGS, CONTROL_TAGS, EDIT_SECTION_CLASSES, LINE_BREAKING_TAGS, MAX_LINK_URL_CHARS, PERMALINK_CLASSES,
    PERMALINK_GLYPHS, PERMALINK_MAX_CHARS, QUOTE_MARKS, QUOTE_MARKS_DEFAULT, SKIPPED_TAGS,
    UNSAFE_HREF_PREFIXES,
)

# Elements that start a new block in the browser's default stylesheet. Met inside
# inline content (a <div> in a heading, a <p> in a table cell) they keep words apart.
BLOCK_TAGS = frozenset({
    "address", "article", "aside", "blockquote", "body", "caption", "center", "dd",
    "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
    "footer", "form", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup",
    "hr", "html", "legend", "li", "listing", "main", "menu", "nav", "ol", "p",
    "plaintext", "pre", "search", "section", "summary", "table", "tbody", "td", "tfoot",
    "th", "thead", "tr", "ul", "xmp",
})

# <del>, <s> and <strike> as GFM strikethrough: a sale's old price, a struck claim
# (defuddle's expected Markdown writes ~~ for them too).
EMPHASIS_MARKS = {"strong": "**", "b": "**", "em": "*", "i": "*",
                  "del": "~~", "s": "~~", "strike": "~~"}
# Sub- and superscripts keep their tags, the one raw HTML besides a table's: "H2O",
# "x2" and "mc2" say something else, Markdown has no syntax for them, and GitHub
# and CommonMark renderers draw the tags (defuddle's expected Markdown keeps them).
# Written bare, without attributes, around escaped text.
SCRIPT_TAGS = frozenset({"sub", "sup"})
# A footnote reference in <sup> is the footnote's mark alone: "[^2]", never "<sup>[^2]</sup>".
_FOOTNOTE_MARK_RE = re.compile(r"\[\^[^\]]+\]")
# Rendered as code spans: their text is literal, not prose to escape.
CODE_SPAN_TAGS = frozenset({"code", "kbd", "samp", "tt"})
# Keys are drawn as caps side by side (<kbd>Ctrl</kbd><kbd>C</kbd>): two keys are
# written apart, where other code elements side by side that look alike run together
# as one span.
KEY_TAG = "kbd"

# A page served over the web cannot send its reader to their own disk.
WEB_SCHEMES = frozenset({"http", "https"})
LOCAL_SCHEMES = frozenset({"file"})

BR = "\x00"          # a hard line break, until the block is finished
# Docusaurus and VitePress write a zero-width space as their permalink's text.
ZERO_WIDTH = "\u200b\u200c\u200d\ufeff"
_SPACE_RE = re.compile(r"[ \t\n\r\f\v]+")
_BACKTICK_RUN_RE = re.compile(r"`+")


def class_tokens(el) -> set[str]:
    return set((el.get("class") or "").split())


def collapse(text: str) -> str:
    """HTML whitespace collapsing: runs of ASCII whitespace become one space."""
    if ("  " not in text and "\n" not in text and "\t" not in text and "\r" not in text
            and "\f" not in text and "\v" not in text):
        # Only single spaces (three quarters of the text on WCXB): nothing to do,
        # and these C substring tests cost less than the substitution's scan.
        return text
    return _SPACE_RE.sub(" ", text)


# --- escaping -----------------------------------------------------------------

# Each escape with the text every match of it holds: a text without that text
# skips the substitution, which costs a template expansion even matching nothing.
_ESCAPES = (
    ("\\", re.compile(r"\\(?=[!-/:-@\[-`{-~])"), r"\\\\"),   # a backslash that would escape
    ("`", re.compile(r"`"), r"\\`"),
    ("*", re.compile(r"(?<=\S)\*|\*(?=\S)"), r"\\*"),           # "5 * 3" stays as written
    # "_" opens or closes emphasis only at a word edge, next to a non-space:
    # snake_case and "a _ b" stay as written.
    ("_", re.compile(r"(?<![^\W_])_(?=\S)|(?<=\S)_(?![^\W_])"), r"\\_"),
    # A tag opener or an entity may be completed by the next text node ("&lt;" then
    # an empty <span>, then "b"), so a "<" or "&" at a node's end is escaped too.
    ("<", re.compile(r"<(?=[A-Za-z/!?]|$)"), r"\\<"),           # would open a tag
    ("&", re.compile(r"&(?=#?\w+;|#?\w*$)"), r"\\&"),            # would read as an entity
    ("~~", re.compile(r"~~"), r"\\~\\~"),                        # GFM strikethrough
)
_LINE_START_ESCAPES = (
    (re.compile(r"^(#{1,6})(?=\s|$)"), r"\\\1"),           # ATX heading
    (re.compile(r"^>"), r"\\>"),                           # block quote
    (re.compile(r"^([-+*])(?=\s|$)"), r"\\\1"),            # bullet
    (re.compile(r"^(\d{1,9})([.)])(?=\s|$)"), r"\1\\\2"),  # ordered item
    (re.compile(r"^(=+|-+)\s*$"), r"\\\1"),                # setext underline / rule
    # A thematic break spelled with spaces ("_ _ _", "* * *"): CommonMark §4.1.
    (re.compile(r"^([-*_])(?=(?:[ \t]*\1){2,}[ \t]*$)"), r"\\\1"),
)

# The first characters the patterns above can match at (`\d` is str.isdecimal).
# Most lines start with none of them and skip the six substitutions, each of which
# costs a template expansion even when nothing matches.
_LINE_START_MARKS = frozenset("#>-+*=_")


# Prose brackets are held as these until the whole block is known: "[" opens a link
# (or a shortcut reference such as "[1]") only with a "]" after it, and that "]" may
# sit in a later text node (Wikipedia writes "[", "1", "]" as three nodes).
OPEN_BRACKET = "\x02"
CLOSE_BRACKET = "\x03"

# Emphasis markers are held as these until the whole block is known: whether "**"
# can open or close (CommonMark's flanking rules, §6.2) depends on the characters
# either side of it, which may sit in the next text node or in the parent's.
# (mark, held opener, held closer, the HTML element written where the mark cannot be)
_HELD_EMPHASIS = (("**", "\x10", "\x11", "strong"), ("*", "\x12", "\x13", "em"),
                  ("~~", "\x14", "\x15", "del"))
_HOLD = {mark: (opener, closer) for mark, opener, closer, _ in _HELD_EMPHASIS}
_HELD_MARK = {held: (mark, element, held == opener)
              for mark, opener, closer, element in _HELD_EMPHASIS for held in (opener, closer)}
_HELD_RE = re.compile("([\x10-\x15])")

_SENTINELS = {ord(ch): None for ch in (OPEN_BRACKET, CLOSE_BRACKET, *_HELD_MARK)}


# Every character any escape above (or the bracket and emphasis holds) looks at.
# Most text has none, and then the seven substitutions are skipped.
_ESCAPE_CANDIDATES = re.compile(r"[\\`*_<&~\[\]\x02\x03\x10-\x15]")


def escape_piece(text: str) -> str:
    """Escape one text node of a block; its brackets wait for resolve_brackets."""
    if not _ESCAPE_CANDIDATES.search(text):
        return text
    text = text.translate(_SENTINELS)
    for held, pattern, replacement in _ESCAPES:
        # (A search first: the substitution's template costs microseconds even
        # where nothing matches, and most "&", "_" and "*" need no escape.)
        if held in text and pattern.search(text):
            text = pattern.sub(replacement, text)
    return text.replace("[", OPEN_BRACKET).replace("]", CLOSE_BRACKET)


def resolve_brackets(rich: str) -> str:
    """Escape each prose "[" that has a prose "]" after it; "]" alone is harmless."""
    if OPEN_BRACKET not in rich:
        return rich.replace(CLOSE_BRACKET, "]")
    last_close = rich.rfind(CLOSE_BRACKET)
    out = []
    for i, ch in enumerate(rich):
        if ch == OPEN_BRACKET:
            out.append("\\[" if i < last_close else "[")
        elif ch == CLOSE_BRACKET:
            out.append("]")
        else:
            out.append(ch)
    return "".join(out)


def escape_text(text: str) -> str:
    """Escape only the characters Markdown would take as syntax in this text."""
    return resolve_brackets(escape_piece(text))


def escape_line_start(line: str) -> str:
    if not line or (line[0] not in _LINE_START_MARKS and not line[0].isdecimal()):
        return line
    for pattern, replacement in _LINE_START_ESCAPES:
        # (A match first, as in escape_piece: most lines starting with "*" or a
        # digit are bold text or a number, which no pattern here changes.)
        if pattern.match(line):
            line = pattern.sub(replacement, line, count=1)
    return line


def code_span(text: str) -> str:
    """A code span whose fence is longer than any backtick run inside it."""
    if not text.strip():
        return text
    longest = max((len(m) for m in _BACKTICK_RUN_RE.findall(text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


# What a browser ignores in a URL's scheme: controls and spaces.
_CONTROL_OR_SPACE_RE = re.compile(r"[\x00-\x20]")


def safe_href(href: str | None) -> str | None:
    """The href to link to, or None when it is empty, script, or an in-page fragment."""
    if not href:
        return None
    href = href.strip()
    probe = _CONTROL_OR_SPACE_RE.sub("", href).lower()
    if not probe or probe.startswith("#") or probe.startswith(UNSAFE_HREF_PREFIXES):
        return None
    return href


@dataclass(frozen=True)
class LinkPolicy:
    """Which hrefs survive, made absolute against the page's base URL."""

    base: str | None = None

    def href(self, raw: str | None) -> str | None:
        """A link target, or None when it is unsafe, a fragment, a local file named
        by a web page, or too long to be an address."""
        href = safe_href(raw)
        if href is None:
            return None
        joined = self._quick.join(href)
        if joined is not None:
            return self.address(joined)     # an http(s) address: never a local file
        href = self.resolve(href)
        # The base first: without a web base (a file, or no URL at all) every
        # scheme is kept, and the link's own is not parsed.
        if self._web_base and _scheme(href) in LOCAL_SCHEMES:
            return None
        return self.address(href)

    @cached_property
    def _quick(self) -> QuickJoin:
        """urljoin's answers for the common shapes of link, without urljoin."""
        return QuickJoin(self.base)

    @cached_property
    def _web_base(self) -> bool:
        """The base is a web address: parsed once, not once per link."""
        return _scheme(self.base) in WEB_SCHEMES

    def local_under_web_base(self, url: str) -> bool:
        """A local file's address on a page whose base is a web address: what a
        browser makes of a relative address when the page is a copy read from disk."""
        return self._web_base and _scheme(url) in LOCAL_SCHEMES

    @staticmethod
    def address(url: str) -> str | None:
        """`url` as a link target, or None when it is state rather than an address."""
        return None if len(url) > MAX_LINK_URL_CHARS else url

    def resolve(self, url: str) -> str:
        url = url.strip()
        if not self.base or url.lower().startswith("data:"):
            return url
        joined = self._quick.join(url)
        if joined is not None:
            return joined
        try:
            return urljoin(self.base, url)
        except ValueError:
            return url


def _scheme(url: str | None) -> str:
    try:
        return urlsplit(url or "").scheme.lower()
    except ValueError:
        return ""


def base_url_of(bases: Iterable, page_url: str | None) -> str | None:
    """The document's base URL: the first <base href> (of the page's <base>
    elements, `bases`, in document order), resolved against the page."""
    for el in bases:
        href = (el.get("href") or "").strip()
        if href:
            return LinkPolicy(page_url).resolve(href) if page_url else (
                href if _scheme(href) else None)
    return page_url


def markdown_url(url: str) -> str:
    """Make a URL safe inside Markdown's (...) destination."""
    return (url.replace(" ", "%20").replace("(", "%28").replace(")", "%29")
            .replace("<", "%3C").replace(">", "%3E").replace("\n", ""))


# --- wrapping -----------------------------------------------------------------

def _is_edge(ch: str) -> bool:
    """Space a marker must not touch: CommonMark's flanking rules count every Unicode
    whitespace (a no-break space too), so "*foo\u00a0*" would not close."""
    return ch == BR or ch.isspace()


def _split_edges(rich: str) -> tuple[str, str, str]:
    """(leading space/breaks, core, trailing space/breaks) so markers hug the words."""
    start, end = 0, len(rich)
    while start < end and _is_edge(rich[start]):
        start += 1
    while end > start and _is_edge(rich[end - 1]):
        end -= 1
    if start == end:
        return rich, "", ""
    return rich[:start], rich[start:end], rich[end:]


def wrap(rich: str, mark: str) -> str:
    lead, core, trail = _split_edges(rich)
    if not core:
        return rich
    return f"{lead}{mark}{core}{mark}{trail}"


def hold(rich: str, mark: str) -> str:
    """`rich` emphasised with `mark`, held until `finish` knows what is either side."""
    lead, core, trail = _split_edges(rich)
    if not core:
        return rich
    opener, closer = _HOLD[mark]
    return f"{lead}{opener}{core}{closer}{trail}"


# Punctuation that may be moved out of an emphasis to let its marker open or close
# ("**注意：**推导" -> "**注意**：推导"): any Unicode punctuation or symbol but the ASCII
# ones that are Markdown's own syntax (a code span's backtick, a link's brackets, an
# escape, a tag's angle brackets...), which must stay where they are.
_UNMOVABLE = frozenset("\\`<>[]()*_~&#|$\x02\x03")


def _movable(ch: str) -> bool:
    return ch not in _UNMOVABLE and _is_punctuation(ch)


def _is_punctuation(ch: str) -> bool:
    """CommonMark's Unicode punctuation: the P and S categories (0.31, §2.1)."""
    return unicodedata.category(ch)[0] in "PS"


def _is_blank(ch: str) -> bool:
    return ch == BR or ch.isspace()


def _flanks(out: str, start: int, end: int, opening: bool) -> bool:
    """Whether the delimiter run around out[start:end] can open (left-flanking) or
    close (right-flanking) emphasis; the edge of the text counts as white space."""
    ch = out[start]
    while start > 0 and out[start - 1] == ch and not (start > 1 and out[start - 2] == "\\"):
        start -= 1
    while end < len(out) and out[end] == ch:
        end += 1
    before = out[start - 1] if start else " "
    after = out[end] if end < len(out) else " "
    inside, outside = (after, before) if opening else (before, after)
    if _is_blank(inside):
        return False
    return not _is_punctuation(inside) or _is_blank(outside) or _is_punctuation(outside)


def _move_out(pieces: list[str], at: int, opening: bool) -> str:
    """Move the punctuation just inside the marker at pieces[at] to its outside, and
    return it; "" when it cannot be (no plain text there, nothing but punctuation, or
    syntax). Markers sit at odd places in `pieces`, between texts, so both neighbours
    exist."""
    inner, outer = (at + 1, at - 1) if opening else (at - 1, at + 1)
    text = pieces[inner]
    cut = 0
    while cut < len(text) and _movable(text[cut if opening else -1 - cut]):
        cut += 1
    if cut == 0 or cut == len(text):
        return ""
    if opening:
        pieces[outer] += text[:cut]
        pieces[inner] = text[cut:]
        return text[:cut]
    pieces[outer] = text[-cut:] + pieces[outer]
    pieces[inner] = text[:-cut]
    return text[-cut:]


# Quotation marks and brackets that pair up (opening, closing), in the languages'
# usages: German „…“ and ‚…‘, Swedish and Danish »…« as well as «…».
_PAIRED = frozenset({"“”", "‘’", "„“", "‚‘", "«»", "»«", "‹›", "›‹", '""', "''",
                     "「」", "『』", "（）", "【】", "《》", "〈〉", "〔〕", "［］", "｛｝"})


def _move_partner_mark(pieces: list[str], other: int, cut: str, opening: bool) -> bool:
    """After a quotation mark or bracket moved out past the marker at pieces[at], move
    its partner just inside the other marker out too: "**“Done**”" would draw the
    emphasis from the opening mark only ("“**Done**”" does not). Whether it moved."""
    if opening:
        inner, outer = other - 1, other + 1
        text = pieces[inner]
        if len(text) > 1 and cut[0] + text[-1] in _PAIRED:
            pieces[outer] = text[-1] + pieces[outer]
            pieces[inner] = text[:-1]
            return True
    else:
        inner, outer = other + 1, other - 1
        text = pieces[inner]
        if len(text) > 1 and text[0] + cut[-1] in _PAIRED:
            pieces[outer] += text[0]
            pieces[inner] = text[1:]
            return True
    return False


def _ends_in_bang(text: str) -> bool:
    """Whether `text` ends in a "!" that is not escaped."""
    if not text.endswith("!"):
        return False
    slashes = len(text) - 1 - len(text[:-1].rstrip("\\"))
    return slashes % 2 == 0


def unbang(text: str) -> str:
    """`text`, about to be followed by a link's "[": a "!" it ends in escaped, or the
    link would be read as an image ("today![Shop](/shop)")."""
    return text[:-1] + "\\!" if _ends_in_bang(text) else text


def join_unbanged(pieces: list[str]) -> str:
    """The pieces joined, each "!" that ends one escaped where the next opens a link
    (`unbang_joins`). Most runs hold no "![" at all: one test in C answers them."""
    joined = "".join(pieces)
    if "![" not in joined:
        return joined
    unbang_joins(pieces)
    return "".join(pieces)


def unbang_joins(pieces: list[str]) -> None:
    """Escape each "!" that ends a piece when the next non-empty piece opens a link."""
    last = -1
    for k, piece in enumerate(pieces):
        if not piece:
            continue
        if last >= 0 and piece[0] == "[" and _ends_in_bang(pieces[last]):
            pieces[last] = unbang(pieces[last])
        last = k


def _into_link(pieces: list[str], at: int, partner: dict[int, int]) -> bool:
    """An emphasis holding one whole link ("**[a](/)**" after a letter, which cannot
    open) moved inside the link's text, where its brackets stand either side of it:
    "[**a**](/)". False when the emphasis holds anything else."""
    opener, closer = min(at, partner[at]), max(at, partner[at])
    text = pieces[opener + 1]
    if closer != opener + 2 or not (text.startswith("[") and text.endswith(")")):
        return False
    split = text.find("](")
    while split > 0 and text[split - 1] == "\\":
        split = text.find("](", split + 1)
    if split < 0 or split != text.rfind("]("):
        return False
    pieces[opener - 1] = unbang(pieces[opener - 1]) + "["
    pieces[opener + 1] = text[1:split]
    pieces[closer + 1] = text[split:] + pieces[closer + 1]
    return True


_MARK_OF = {ord(held): mark for held, (mark, _, _) in _HELD_MARK.items()}
_RUN_CHARS = frozenset("*~\\")
_OPENERS = frozenset("\x10\x12\x14")


def _all_flank(rich: str) -> bool:
    """Every held marker has a letter, digit or ideograph on its inside and no
    marker character on its outside: each opens or closes wherever it stands (most
    emphasis), so the markers can be written as they are."""
    last = len(rich) - 1
    for match in _HELD_RE.finditer(rich):
        at = match.start()
        before = rich[at - 1] if at else " "
        after = rich[at + 1] if at < last else " "
        inner, outer = (after, before) if rich[at] in _OPENERS else (before, after)
        if (inner in _HELD_MARK or outer in _HELD_MARK or outer in _RUN_CHARS
                or _is_blank(inner) or _is_punctuation(inner)):
            return False
    return True


# A "!" closing one emphasis right before a like one that opens with a link: merged
# below, "**cut!**" and "**[see](/u)**" would read "**cut![see](/u)**", an image.
_BANG_BEFORE_MERGE_RE = re.compile(r"!(?=(?:\x11\x10|\x13\x12|\x15\x14)+\[)")


def _unbang_merges(rich: str) -> str:
    """Each "!" not already escaped that stands right before a merge of emphases
    opening a link, escaped. The backslashes before it are counted by hand: a pattern
    that read them would scan a long run of them again from each of its positions."""
    out: list[str] = []
    last = 0
    for match in _BANG_BEFORE_MERGE_RE.finditer(rich):
        at = match.start()
        slashes = 0
        while at - slashes > last and rich[at - slashes - 1] == "\\":
            slashes += 1
        if slashes % 2 == 0:
            out.append(rich[last:at])
            out.append("\\!")
            last = at + 1
    out.append(rich[last:])
    return "".join(out)


def resolve_emphasis(rich: str) -> str:
    """Write the held emphasis as Markdown markers where CommonMark reads them so,
    moving punctuation just inside a marker outside where that lets it open or close
    ("使用“**引号**”的"), and as HTML (<strong>, <em>, <del>) where nothing else does."""
    if "\x10" not in rich and "\x12" not in rich and "\x14" not in rich:
        return rich           # no emphasis (most blocks): plain `in` tests, in C
    # Two emphases of one kind side by side (<b>one</b><b>two</b>) draw as one, and
    # written apart ("**one****two**", "*a**b*") CommonMark misreads them: one they are.
    if "!" in rich:
        rich = _unbang_merges(rich)
    while "\x11\x10" in rich or "\x13\x12" in rich or "\x15\x14" in rich:
        rich = rich.replace("\x11\x10", "").replace("\x13\x12", "").replace("\x15\x14", "")
    if _all_flank(rich):
        return rich.translate(_MARK_OF)
    # Text pieces alternate with held markers: an empty text between two markers.
    pieces = _HELD_RE.split(rich)
    partner: dict[int, int] = {}
    stack: list[int] = []
    for i in range(1, len(pieces), 2):
        mark, _, opening = _HELD_MARK[pieces[i]]
        if opening:
            stack.append(i)
        elif stack and _HELD_MARK[pieces[stack[-1]]][0] == mark:
            j = stack.pop()
            partner[i], partner[j] = j, i
    as_html: set[int] = set()
    unmarked: set[int] = set()         # of those, the ones written without emphasis
    moved: set[int] = set()
    linked: set[int] = set()
    # Each round writes a marker as HTML or moves punctuation for good, so the rounds
    # end; one suffices on almost every block.
    while True:
        out, bad = _written(pieces, partner, as_html, unmarked)
        if not bad:
            return out
        changed: set[int] = set()       # pairs changed this round: judged again next
        for at in bad:
            if at in changed or at in as_html:
                continue
            if at not in linked and _into_link(pieces, at, partner):
                changed.update((at, partner[at]))
                linked.update((at, partner[at]))
                continue
            cut = "" if at in moved else _move_out(pieces, at, opening=partner[at] > at)
            if (cut and partner[at] not in changed
                    and _move_partner_mark(pieces, partner[at], cut, opening=partner[at] > at)):
                changed.add(partner[at])    # judged again next round, where it stands now
            if not cut:
                as_html.update((at, partner[at]))
                if _punctuation_only(pieces, at, partner):
                    unmarked.update((at, partner[at]))
            moved.add(at)
            changed.add(at)


def _punctuation_only(pieces: list[str], at: int, partner: dict[int, int]) -> bool:
    """Bold or italics holding no letter or digit (a bold comma): its emphasis shows
    nothing a reader needs, and "<strong>,</strong>" in the text is noise. A struck
    sign is an edit and keeps its <del>."""
    opener, closer = min(at, partner[at]), max(at, partner[at])
    return (_HELD_MARK[pieces[opener]][0] != "~~"
            and not any(ch.isalnum() for piece in pieces[opener + 1:closer] for ch in piece))


def _written(pieces: list[str], partner: dict[int, int], as_html: set[int],
             unmarked: set[int]) -> tuple[str, list[int]]:
    """The text with each held marker written, and the markers that cannot open or
    close where they stand."""
    out: list[str] = []
    spans: list[tuple[int, int, int]] = []
    length = 0
    bang: int | None = None      # the last non-empty piece written
    for i, piece in enumerate(pieces):
        if i % 2 == 0:
            written = piece
        elif i not in partner or i in unmarked:
            written = ""                 # a marker whose partner was cut off, or unneeded
        else:
            mark, element, opening = _HELD_MARK[piece]
            if i in as_html:
                written = f"<{element}>" if opening else f"</{element}>"
            else:
                written = mark
                spans.append((i, length, length + len(mark)))
        if written[:1] == "[" and bang is not None and _ends_in_bang(out[bang]):
            out[bang] = unbang(out[bang])
            length += 1
        if written:
            bang = len(out)
        out.append(written)
        length += len(written)
    text = "".join(out)
    bad = [i for i, start, end in spans
           if not _flanks(text, start, end, opening=partner[i] > i)]
    return text, bad


def script(plain: str, rich: str, tag: str) -> str:
    """`rich` between <sub> or <sup> tags; spaces and breaks stay outside them. A
    bracketed citation mark ("[1]", "[citation needed]") is set apart by its
    brackets already, and a raised sign ("®", "†") means what it means anywhere:
    both stay as they are."""
    lead, core, trail = _split_edges(rich)
    words = plain.strip()
    if (not core or BR in core or _FOOTNOTE_MARK_RE.fullmatch(core)
            or words.startswith("[") and words.endswith("]")
            or not any(ch.isalnum() for ch in words)):
        return rich
    return f"{lead}<{tag}>{core}</{tag}>{trail}"


def quoted(el, rich: str, inner: bool) -> str:
    """A <q>'s text between the quotation marks its language draws around it."""
    lead, core, trail = _split_edges(rich)
    if not core:
        return rich
    lang = next((a.get("lang") for a in el.iterancestors() if a.get("lang")), None) \
        if not el.get("lang") else el.get("lang")
    marks = QUOTE_MARKS.get((lang or "").split("-")[0].lower(), QUOTE_MARKS_DEFAULT)
    opener, closer = marks[2:] if inner else marks[:2]
    return f"{lead}{opener}{core}{closer}{trail}"


def link(rich: str, href: str | None) -> str:
    return link_to(rich, link_destination(href))


def link_destination(href: str | None) -> str | None:
    """What a link to `href` writes between its parentheses; None when the href is
    unsafe or a fragment (the text is then written unlinked)."""
    href = safe_href(href)
    return None if href is None else markdown_url(href)


def link_to(rich: str, destination: str | None) -> str:
    """`rich` as a link's text, to `destination` (link_destination's)."""
    lead, core, trail = _split_edges(rich)
    if not core or destination is None:
        return rich
    # Inside link text every prose bracket is escaped: an unescaped "]" would end
    # the text early ("[Some \\[text]](url)" is no link).
    before = after = ""
    if (len(core) > 2 and core[0] == OPEN_BRACKET and core[-1] == CLOSE_BRACKET
            and OPEN_BRACKET not in core[1:-1] and CLOSE_BRACKET not in core[1:-1]):
        # Brackets around the whole text ("[source]", "[Smith '97]") are punctuation
        # around the link: written outside it, the link text needs no escapes.
        before, after, core = "\\[", "\\]", core[1:-1]
    core = core.replace(OPEN_BRACKET, "\\[").replace(CLOSE_BRACKET, "\\]")
    return f"{lead}{before}[{core}]({destination}){after}{trail}"


def finish(plain: str, rich: str) -> tuple[str, str]:
    """Collapse whitespace, resolve hard breaks and escape line starts."""
    plain = " ".join(plain.split())
    rich = collapse(resolve_emphasis(resolve_brackets(rich)))
    if BR not in rich:
        # One line (most blocks): what the general case below makes of it.
        line = rich.strip(" ")
        return plain, escape_line_start(line) if line else ""
    lines = [line.strip(" ") for line in rich.split(BR)]
    lines = [escape_line_start(line) for line in lines if line]
    return plain, "  \n".join(lines)


# --- the renderer -------------------------------------------------------------

HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})


def _in_heading(el) -> bool:
    """A button beside a heading's own words (rustdoc's "Copy item path") is a control,
    not words of the title. A button that holds the title (an accordion's
    <h3><button>Question</button></h3>) is the title."""
    heading = next((a for a in el.iterancestors() if tag_of(a) in HEADING_TAGS), None)
    if heading is None:
        return False
    rest = heading.text_content().replace(el.text_content(), "", 1)
    return any(ch.isalnum() for ch in rest)


# (A parameter not given: the value is read from the element.)
_READ = object()


def is_permalink(el, tag: str, classes: Any = _READ, href: Any = _READ) -> bool:
    """A heading's or term's permalink widget: "¶", "#", "🔗" or nothing visible,
    classed as one or pointing into the page. A link whose text is words (CPython's
    <h1><a href="#module-json"><code>json</code></a> ...) is content, wherever it points.
    `classes` and `href`: the element's class and href values, when the caller has them."""
    if tag != "a":
        return False
    if classes is _READ:
        classes = el.get("class")
    if classes and not PERMALINK_CLASSES.isdisjoint(classes.split()):
        # Classed as the widget: a glyph, or a glyph the page's undeclared charset
        # mangled ("Â¶"); a word is the heading's own text.
        text = "".join(el.itertext()).strip()
        return len(text) <= PERMALINK_MAX_CHARS or not any(ch.isalnum() for ch in text)
    # Unclassed, only a link into the page can be one: most links are ruled out
    # before their text is gathered.
    if href is _READ:
        href = el.get("href")
    if not (href or "").strip().startswith("#"):
        return False
    text = "".join(el.itertext()).strip()
    return not any(ch.isalnum() for ch in text) and text.strip(ZERO_WIDTH) in PERMALINK_GLYPHS


def _class_attribute(el) -> str | None:
    return el.get("class")


def _href_attribute(el) -> str | None:
    return el.get("href")


def _is_edit_section(classes: str | None) -> bool:
    """A class value naming MediaWiki's "[edit]" link box."""
    # A substring test rules out most elements before their classes are split.
    return bool(classes and any(name in classes for name in EDIT_SECTION_CLASSES)
                and set(classes.split()) & EDIT_SECTION_CLASSES)


# Elements never drawn that sit between two boxes in microdata ("<time>…</time><meta
# itemprop=…><span>1</span>"): they neither join nor part their neighbours.
UNDRAWN_TAGS = frozenset({"meta", "link"})
# Raised or lowered letters written against a word: an ordinal's ending after a
# <time>'s number ("1<sup>er</sup>", "5<sup>th</sup>") is part of that word.
SCRIPT_POSITION_TAGS = frozenset({"sup", "sub"})
# Sibling boxes at least this far apart on one line (CSS px) are two words: a space is
# about a quarter of an em (4 px in 16 px type); kerning and rounding leave under one.
APART_GAP_PX = 2.0


def drawn_apart(previous, current, before: str, after: str) -> bool:
    """Whether two classed <span>s, or two links to different addresses, with nothing
    between them in the source are two words: stylesheets lay such spans out as flex
    or grid items that the browser draws apart ("Weight" and "118 g" in a spec row),
    and links side by side as a row's items (a breadcrumb's "Home" and "Shop", a
    card's two buttons), so letters meeting across them must not run together (in
    Latin, Cyrillic, Hangul...; Han and kana run on: "日本の未来"). Links side by side
    in Thai, Lao, Tibetan, Myanmar or Khmer run on too: those scripts space phrases,
    not words, and their wikis link words inside a phrase ("ภาษากลุ่มไท" +
    "ตะวันตกเฉียงใต้"). A <time> is a word of its own, and two <label>s side by side are two
    controls' names. `before` and `after` are the text written either side."""
    return (previous is not None and letters_meet(before, after)
            and (_styled_span(previous) and _styled_span(current)
                 or (previous.tag == "time" or current.tag == "time")
                 and current.tag not in SCRIPT_POSITION_TAGS
                 or previous.tag == current.tag == "label"
                 or previous.tag == current.tag == "a"
                 and previous.get("href") != current.get("href")
                 and not _in_phrase_spaced_script(before, after)))


# Scripts written without spaces between words: Han ideographs, hiragana and
# katakana (half-width too). Boxes drawn apart in them are not two words, so no
# space goes between them ("日本の未来", not "日本の 未来"). Hangul is written with
# spaces between words, as Latin is.
_UNSPACED_SCRIPT = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f]")
# Thai, Lao, Tibetan, Myanmar and Khmer put a space between phrases, not words: a
# spec row's two boxes or a price and its button are parted as in Latin, but two
# links written side by side may be two words of one phrase.
_PHRASE_SPACED_SCRIPT = re.compile(r"[\u0e00-\u0eff\u0f00-\u0fff\u1000-\u109f\u1780-\u17ff]")


def _in_phrase_spaced_script(before: str, after: str) -> bool:
    return bool(_PHRASE_SPACED_SCRIPT.match(before[-1:]) or _PHRASE_SPACED_SCRIPT.match(after[:1]))


# A ruby's annotation: its reading (<rt>), or a container of readings (<rtc>).
RUBY_TEXT_TAGS = frozenset({"rt", "rtc"})
# Per-character readings that join with no space: kana, bopomofo, Han, and Hangul
# syllables (漢<rt>한</rt>字<rt>자</rt> reads 한자, one word, though Korean is
# written with spaces between words).
_READING_JOINED = re.compile(
    r"[\u3040-\u30ff\u3100-\u312f\u31a0-\u31bf\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
    r"\uff66-\uff9f\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]")


def _reading_text(rt):
    """The text of a reading, without the <rp> parentheses an <rtc> may hold."""
    if rt.text:
        yield rt.text
    for child in rt:
        if isinstance(child.tag, str) and tag_of(child) != "rp":
            yield from _reading_text(child)
        if child.tail:
            yield child.tail


def letters_meet(before: str, after: str) -> bool:
    """The text written before an element ends, and its own begins, with a letter or
    digit of a script written with spaces: run together, they would make one word."""
    last, first = before[-1:], after[:1]
    return (last.isalnum() and first.isalnum()
            and not _UNSPACED_SCRIPT.match(last) and not _UNSPACED_SCRIPT.match(first))


# What may close a text and still let the next word run on from it: an opening
# bracket or quote, a dash or hyphen ("co-"), a handle's or tag's sign.
_OPENING = frozenset({"Ps", "Pi", "Pd"})
_SIGNS = "@#"


def runs_on(before: str, after: str) -> bool:
    """Text before a boundary ends with no white space, and the text after it opens with
    a letter or digit of a script written with spaces: written as they are, the two
    read as one word or glue a value to a word ("8,50 €In den Warenkorb")."""
    last, first = before[-1:], after[:1]
    return (bool(last) and not last.isspace() and first.isalnum()
            and unicodedata.category(last) not in _OPENING and last not in _SIGNS
            and not _UNSPACED_SCRIPT.match(last) and not _UNSPACED_SCRIPT.match(first))


def boxes_apart(first, second) -> bool:
    """Two boxes of sibling elements (collect.js's, or None) the browser drew as two
    pieces: one below the other, or a gap between them on one line (flex and grid
    items, margins). Text that merely changes style mid-word is drawn edge to edge."""
    if first is None or second is None or not (first.displayed and second.displayed):
        return False
    a, b = first.rect, second.rect
    if a.w <= 0 or a.h <= 0 or b.w <= 0 or b.h <= 0:
        return False
    if b.y >= a.bottom - 1 or a.y >= b.bottom - 1:
        return True
    return b.x >= a.right + APART_GAP_PX or a.x >= b.right + APART_GAP_PX


def _labelled_next(field) -> bool:
    """A form field drawn before its label (input + label, as radio buttons and check
    boxes are written). A field after its label may be a CSS toggle hidden between a
    note's mark and the note (org-mode's sidenotes): it parts nothing."""
    if (field.get("type") or "").strip().lower() == "hidden":
        return False
    following = field.getnext()
    return following is not None and following.tag == "label"


def _styled_span(el) -> bool:
    return el.tag == "span" and bool(el.get("class"))


class InlineRenderer:
    """Renders inline content; `skip(el)` says whether an element is hidden or not content.

    `line_breaks` makes block-level children (p, li, div) break lines instead of
    just separating words: table cells and quotes want that, headings do not.
    """

    # Past this depth content is read as flat text: deep tag soup (unclosed <font>)
    # must not exhaust the interpreter stack.
    MAX_DEPTH = 150

    def __init__(self, skip: Callable[[object], bool], *, line_breaks: bool = False,
                 destination: Callable[[str | None], str | None] = link_destination,
                 math: Callable[[object], Math | None] = math_of,
                 footnote: Callable[[object], str | None] = lambda el: None,
                 tag_of: Callable[[object], str] = tag_of,
                 class_of: Callable[[object], str | None] = _class_attribute,
                 href_of: Callable[[object], str | None] = _href_attribute,
                 boxed_apart: Callable[[object, object], bool] | None = None,
                 image_text: Callable[[object], str | None] = lambda el: None):
        self.skip = skip
        self.line_breaks = line_breaks
        # A link's href attribute -> what its Markdown link points to, or None (the
        # link policy: safe, absolute addresses).
        self.destination = destination
        self.math = math          # the formula an element holds whole, or None
        self.footnote = footnote  # the label of the note a reference points to, or None
        # An element's tag and class value: the page index's tables, when the
        # caller has them (reading the attribute costs lxml a search every time).
        self.tag_of = tag_of
        self.class_of = class_of
        self.href_of = href_of
        # On a measured page: whether the browser drew two sibling elements with a
        # gap between them (flex or grid items, margins), so their words are two.
        self.boxed_apart = boxed_apart
        # An image drawn at text size -> the text it stands for (an emoji's alt).
        self.image_text = image_text

    def content(self, el, depth: int = 0, styles: frozenset = frozenset()) -> tuple[str, str]:
        """Plain and rich text of everything inside `el`."""
        if not len(el):
            # Text alone (most links, emphasis and spans): no pieces to gather.
            text = el.text
            return (text, escape_piece(text)) if text else ("", "")
        plain: list[str] = []
        rich: list[str] = []
        if el.text:
            plain.append(el.text)
            rich.append(escape_piece(el.text))
        previous = None
        code_run = None      # the code span just written, with nothing after it yet
        last_words = None    # the last element written with words (struck.py asks it)
        for child in el:
            element = isinstance(child.tag, str)
            drawn = element and self.tag_of(child) not in UNDRAWN_TAGS
            if drawn:
                p, r = self.element(child, depth + 1, styles)
                mark = footnote_mark(self.tag_of(child), p)
                if not mark and opens_number(p) and struck_before(last_words):
                    p, r = " " + p, " " + r
                before = plain[-1] if plain else ""
                code_run = self.place(plain, rich, child, p, r, previous, code_run, styles)
                if p and not mark:
                    last_words = (child, before, p)
            tail = child.tail
            if tail:
                if opens_number(tail) and struck_before(last_words):
                    tail = " " + tail
                plain.append(tail)
                rich.append(escape_piece(tail))
                code_run = None
                last_words = None
            if tail or not element:
                previous = None
            elif drawn:
                previous = child      # (a <meta> or <link> between two boxes parts nothing)
        return "".join(plain), join_unbanged(rich)

    def place(self, plain: list, rich: list, child, p: str, r: str, previous,
              code_run: str | None, styles: frozenset = frozenset()) -> str | None:
        """Append an element's plain and rich text to a run being written. Returns the
        code span's text when it wrote one, for the next element: <code>A</code><code>B</code>
        is one run of code on the screen, and two spans side by side ("`A``B`") would
        read as one span holding backticks."""
        starts_code = r.lstrip(" ")[:1] == "`"
        if previous is None and code_run is None and not starts_code:
            plain.append(p)                 # most children: nothing to join or set apart
            rich.append(r)
            return None
        is_code = starts_code and self._is_code_span(child, styles)
        if code_run is not None and is_code:
            if self._same_look(previous, child):
                p = code_run + p
                plain[-1], rich[-1] = p, self._code(p)
                return p
            p, r = " " + p, " " + r          # two boxes: key caps, a styled prompt
        elif previous is not None and self.apart(previous, child, plain[-1] if plain else "", p):
            p, r = " " + p, " " + r
        plain.append(p)
        rich.append(r)
        return p if is_code else None

    def _same_look(self, previous, child) -> bool:
        """Two code elements side by side that draw as one run: not two keys, and the
        same class and style (Gentoo's wiki styles its prompt, <code style=...>root #</code>,
        apart from the command after it)."""
        return (not self.tag_of(previous) == self.tag_of(child) == KEY_TAG
                and self.class_of(previous) == self.class_of(child)
                and previous.get("style") == child.get("style"))

    def _is_code_span(self, el, styles: frozenset) -> bool:
        return self.tag_of(el) in CODE_SPAN_TAGS and "code" not in styles

    def apart(self, previous, current, before: str, after: str) -> bool:
        """`drawn_apart`, or on a measured page two elements drawn with a gap between
        them where the text would run on across them (`runs_on`: a price and the
        button beside it, "8,50 €" and "In den Warenkorb", as well as two words)."""
        if drawn_apart(previous, current, before, after):
            return True
        return (self.boxed_apart is not None and runs_on(before, after)
                and self.boxed_apart(previous, current))

    def element(self, el, depth: int, styles: frozenset) -> tuple[str, str]:
        tag = self.tag_of(el)
        classes = self.class_of(el)
        # (The permalink and edit-section tests asked only where they can say yes:
        # of a link, of a classed element.)
        if tag == "input" and _labelled_next(el):
            # A form control is a box, not words: the labels of two radio buttons or
            # check boxes side by side are two words ("Black" "White").
            return " ", " "
        if (self.skip(el) or tag == "a" and is_permalink(el, tag, classes, self.href_of(el))
                or classes and _is_edit_section(classes)
                or tag in CONTROL_TAGS and _in_heading(el)):
            return "", ""
        label = self.footnote(el)
        if label is not None:
            return "", f"[^{label}]"
        formula = self.math(el)
        if formula is not None:
            if formula.tex:
                return formula.inline()
            text = collapse(formula.text)          # no source kept: the words shown
            return text, escape_piece(text)
        if tag == "br":
            return " ", BR
        if tag == "img":
            shown = self.image_text(el)
            if shown:
                return shown, escape_piece(shown)
        if tag in ("img", "svg", "video", "audio", "iframe"):
            return " ", " "      # not words; the walker makes blocks of the ones that matter
        if tag == "ruby":
            return self._ruby(el, depth, styles)
        if tag in CODE_SPAN_TAGS and "code" not in styles:
            text = collapse("".join(el.itertext()) if len(el) == 0 else code_span_text(el))
            return text, self._code(text)
        if tag in CODE_TAGS and self.line_breaks and "code" not in styles:
            return self._listing(el)
        if depth > self.MAX_DEPTH:
            text = collapse(" ".join(el.itertext()))
            return text, escape_piece(text)
        inner_styles = styles | {tag} if tag in EMPHASIS_MARKS or tag == "q" else styles
        plain, rich = self.content(el, depth, inner_styles)
        return plain, self._decorate(el, tag, plain, rich, styles)

    def _ruby(self, el, depth: int, styles: frozenset) -> tuple[str, str]:
        """Ruby as its base, then its reading in parentheses: "明治神宮外苑（めいじじん
        ぐうがいえん）". The page's own <rp> parentheses are left out (a browser does
        not draw them, and many pages write none); the reading stays unless the page
        hides it. Full-width parentheses after Han or kana."""
        plain: list[str] = []
        rich: list[str] = []
        readings: list[str] = []
        if el.text:
            plain.append(el.text)
            rich.append(escape_piece(el.text))
        for child in el:
            if isinstance(child.tag, str):
                tag = self.tag_of(child)
                if tag in RUBY_TEXT_TAGS:
                    reading = collapse("".join(_reading_text(child))).strip()
                    if reading and not self.skip(child):
                        readings.append(reading)
                elif tag != "rp":
                    p, r = self.element(child, depth + 1, styles)
                    plain.append(p)
                    rich.append(r)
            if child.tail:
                plain.append(child.tail)
                rich.append(escape_piece(child.tail))
        base_plain, base_rich = "".join(plain), "".join(rich)
        base = base_plain.strip()
        if not readings or not base:
            return base_plain, base_rich
        unspaced = all(_READING_JOINED.search(reading) for reading in readings)
        reading = ("" if unspaced else " ").join(readings)
        if _UNSPACED_SCRIPT.match(base[-1]):
            note = f"（{reading}）"
        else:
            note = f" ({reading})"
        lead, core, trail = _split_edges(base_rich)
        kept = base_plain.rstrip()
        return (kept + note + base_plain[len(kept):],
                f"{lead}{core}{escape_piece(note)}{trail}")

    def _listing(self, el) -> tuple[str, str]:
        """A listing inside a table cell or a quote's lines: a code span a line, one
        below the other (its lines run together would be one wrong command)."""
        lines = [line for line in (collapse(line).strip()
                                   for line in code_text(el, self.skip).split("\n")) if line]
        if not lines:
            return "", ""
        return " ".join(lines), BR + BR.join(code_span(line) for line in lines) + BR

    def _code(self, text: str) -> str:
        lead = " " if text.startswith(" ") else ""
        trail = " " if text.endswith(" ") and text.strip() else ""
        return lead + code_span(text.strip()) + trail if text.strip() else text

    def _decorate(self, el, tag: str, plain: str, rich: str, styles: frozenset) -> str:
        mark = EMPHASIS_MARKS.get(tag)
        if mark:
            # Nested emphasis of the same strength would close the outer one early.
            already = any(EMPHASIS_MARKS.get(s) == mark for s in styles)
            return rich if already else hold(collapse(rich), mark)
        if tag == "a":
            return link_to(collapse(rich), self.destination(self.href_of(el)))
        if tag in SCRIPT_TAGS:
            return script(plain, rich, tag)
        if tag == "q":
            return quoted(el, rich, inner="q" in styles)
        if tag in BLOCK_TAGS:
            sep = BR if self.line_breaks and tag in LINE_BREAKING_TAGS else " "
            return f"{sep}{rich}{sep}"
        return rich
