"""Stage 7: blocks to Markdown (CommonMark plus GFM tables).

Each block renders to lines; list items and the paragraphs that continue them are
indented to their parent's content column, quoted blocks share one "> " quote.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

from ..model import MAX_HEADING_LEVEL, Block, BlockKind, Metadata


class ImageMode(StrEnum):
    """What the `images` option does with a picture."""

    KEEP = "keep"      # ![alt](src), linked when the picture was a link
    DROP = "drop"      # left out
    LINK = "link"      # [alt](src): a link to the picture, for readers without images


class LinkStyle(StrEnum):
    """How the `link_style` option writes links."""

    INLINE = "inline"          # [text](href)
    REFERENCE = "reference"    # [text][1], with the definitions at the end


IMAGE_MODES = tuple(ImageMode)
LINK_STYLES = tuple(LinkStyle)

# --- the rule table ------------------------------------------------------------------
# "-" rather than "*": a "*" bullet beside *emphasis* is easy to misread.
BULLET = "-"
# CommonMark needs a fence longer than any backtick run in the code, and at least three.
MIN_FENCE = 3
# Display math between $$ lines: what GitHub, Obsidian and MathJax/KaTeX renderers read.
MATH_FENCE = "$$"
# Kinds whose text is written as is: no link rewriting, no escaping.
VERBATIM_KINDS = frozenset({BlockKind.CODE, BlockKind.TABLE, BlockKind.MATH})
# GFM: a footnote's further paragraphs are indented four spaces.
FOOTNOTE_INDENT = 4
# Addresses that run code when followed: never linked, never shown as pictures.
SCRIPT_SCHEMES = ("javascript:", "vbscript:")
# data: addresses carry their content inline; only pictures are kept as pictures.
DATA_SCHEME = "data:"
DATA_IMAGE_PREFIX = "data:image/"

# A footnote definition as the block walker writes it: "[^label]: text".
_FOOTNOTE_DEFINITION_RE = re.compile(r"^\[\^[^\]\s]+\]: ")
_BACKTICKS_RE = re.compile(r"`+")
# A GFM alert's marker line: "[!NOTE]", "[!WARNING]" ...
_ALERT_MARKER_RE = re.compile(r"^\[![A-Z]+\]$")
# An inline link [text](href) not preceded by "!" (images stay inline); the text may
# hold one level of brackets, as in [![alt](src)](href).
_LINK_RE = re.compile(
    r"(?<![!\\])\[((?:[^\[\]\\]|\\.|\[(?:[^\[\]\\]|\\.)*\])*)\]\(([^()\s]+)\)")
# What browsers ignore in a URL's scheme: controls and spaces ("java\tscript:").
_IGNORED_IN_SCHEME_RE = re.compile(r"[\x00-\x20]")
# A "<" that would open an HTML tag (or comment, or declaration).
_TAG_OPEN_RE = re.compile(r"<(?=[A-Za-z/!?])")


@dataclass
class _Options:
    images: ImageMode = ImageMode.KEEP
    front_matter: bool = False
    link_style: LinkStyle = LinkStyle.INLINE
    reading_order_method: str | None = None     # decided after blocks; for front matter


def _read_options(options: dict | None) -> _Options:
    """The options as given, any unknown image mode or link style read as the default."""
    options = options or {}
    images = options.get("images", ImageMode.KEEP)
    style = options.get("link_style", LinkStyle.INLINE)
    return _Options(
        images=ImageMode(images) if images in IMAGE_MODES else ImageMode.KEEP,
        front_matter=bool(options.get("front_matter", False)),
        link_style=LinkStyle(style) if style in LINK_STYLES else LinkStyle.INLINE,
        reading_order_method=options.get("reading_order_method") or None,
    )


@dataclass
class _References:
    """Numbers links for reference style; the same URL keeps one number."""

    numbers: dict[str, int] = field(default_factory=dict)

    def convert(self, rich: str) -> str:
        def to_reference(match: re.Match) -> str:
            href = match.group(2)
            number = self.numbers.setdefault(href, len(self.numbers) + 1)
            return f"[{match.group(1)}][{number}]"
        return _LINK_RE.sub(to_reference, rich)

    def definitions(self) -> str:
        return "\n".join(f"[{n}]: {href}" for href, n in self.numbers.items())


@dataclass
class _State:
    """Where the renderer is: the options, open list levels and the items continuations
    hang from."""

    opts: _Options
    refs: _References | None
    list_stack: list[tuple[int, int]] = field(default_factory=list)   # (level, content column)
    item_columns: dict[str, int] = field(default_factory=dict)        # li/dd xpath -> indent
    counters: dict[int, int] = field(default_factory=dict)            # level -> last number
    delimiters: dict[int, str] = field(default_factory=dict)          # level -> "." or ")"
    item_quotes: dict[str, tuple] = field(default_factory=dict)  # xpath -> its quote chain


def render_markdown(blocks: list[Block], metadata: Metadata, options: dict | None = None) -> str:
    opts = _read_options(options)
    refs = _References() if opts.link_style == LinkStyle.REFERENCE else None
    state = _State(opts, refs)
    out: list[str] = []
    previous: Block | None = None
    for block in blocks:
        separator, spacer = _join(previous, block) if previous is not None else ("", 0)
        lines = _render_block(block, state, previous, spacer)
        if not lines:
            continue
        out.append(separator)
        out.append("\n".join(lines))
        previous = block
    body = "".join(out).strip("\n")
    if refs is not None and refs.numbers:
        body += "\n\n" + refs.definitions()
    if opts.front_matter:
        body = _front_matter(metadata, opts.reading_order_method) + ("\n\n" + body if body else "")
    return body + "\n" if body else ""


def _join(previous: Block, block: Block) -> tuple[str, int]:
    """What goes between two blocks, and how many quotes deep the blank quote line
    (">", "> >") that separates blocks inside the quotes they share is (0: none)."""
    list_item = BlockKind.LIST_ITEM
    if (previous.kind == list_item and block.kind == list_item and not block.body_of
            and _quote_chain(previous) == _quote_chain(block)):
        return "\n", 0          # one list: no blank line between its items
    shared = _shared_quotes(previous, block)
    if shared:
        return "\n", shared     # blocks walked out of one blockquote share it
    return "\n\n", 0


def _quote_chain(block: Block | None) -> tuple:
    """The quotes a block was walked out of, outermost first."""
    if block is None or not block.quoted:
        return ()
    return block.quote_outer + (block.quote_of,)


def _shared_quotes(previous: Block | None, block: Block) -> int:
    """How many of their quotes, from the outermost, two blocks share."""
    shared = 0
    for outer, inner in zip(_quote_chain(previous), _quote_chain(block)):
        if outer != inner:
            break
        shared += 1
    return shared


def _render_block(block: Block, state: _State, previous: Block | None = None,
                  spacer: int = 0) -> list[str]:
    kind = block.kind
    list_item = BlockKind.LIST_ITEM
    if kind != list_item and not block.body_of:
        state.list_stack.clear()
        state.counters.clear()
        state.delimiters.clear()
    refs = state.refs
    rich = refs.convert(block.rich_text) if refs and kind not in VERBATIM_KINDS else block.rich_text
    lines = _LINE_WRITERS.get(kind, _paragraph)(block, rich, state)
    if not lines:
        return []
    chain = _quote_chain(block)
    state.item_quotes[block.xpath] = chain
    indent = ""
    if block.body_of and kind != list_item:
        indent = " " * state.item_columns.get(block.body_of, 0)
    # The quotes around the list hold the item's column ("> " then the indent); the
    # quotes inside the item are written inside it. A quote inside a quote walked
    # into nests once for each: "> > ".
    # (The item's quotes are the first of the block's: it was walked inside them.)
    outer = len(state.item_quotes.get(block.body_of or "", ())) if indent else 0
    if block.quoted and len(chain) > outer:
        if block.callout and block.quote_of not in _quote_chain(previous):
            lines = _callout(block, nested=bool(indent)) + lines
        lines = _quote_lines(lines, len(chain) - outer)
        if spacer > outer:
            lines = [" ".join(">" * (spacer - outer))] + lines
    if indent:
        lines = [indent + line if line else line for line in lines]
    lines = _quote_lines(lines, outer)
    if spacer and spacer <= outer:
        lines = [" ".join(">" * spacer)] + lines
    return lines


def _quote_lines(lines: list[str], depth: int) -> list[str]:
    for _ in range(depth):
        lines = [f"> {line}" if line else ">" for line in lines]
    return lines


# Kinds that may follow an alert's "[!TYPE]" line directly, as GitHub writes them: a
# paragraph continues the marker's paragraph, the others interrupt it.
_JOINS_MARKER = frozenset({BlockKind.PARAGRAPH, BlockKind.CODE, BlockKind.HEADING,
                           BlockKind.QUOTE, BlockKind.MATH})


def _callout(block: Block, nested: bool = False) -> list[str]:
    """A quote's opening lines: its alert marker and/or its title in bold, then a
    blank quote line unless the block may follow the marker directly. GitHub draws
    an alert only at the top level, so inside a list item the marker becomes the
    alert's name in bold (unless the box's own title follows it)."""
    head = (block.callout or "").split("\n")
    if nested and _ALERT_MARKER_RE.match(head[0]):
        head = head[1:] or [f"**{head[0][2:-1].capitalize()}**"]
    if _ALERT_MARKER_RE.match(head[-1]) and (
            block.kind in _JOINS_MARKER or block.kind == BlockKind.LIST_ITEM and not block.ordered):
        return head
    return head + [""]


# What blocks.inline.escape_line_start writes, read back: an ATX heading's text is
# inline content only (CommonMark §4.2), so "## 1. Definitions" holds no list and
# "## - x" no bullet, and those escapes are noise there.
_LINE_START_ESCAPE_RE = re.compile(r"^\\(?=#{1,6}(?:\s|$)|>|[-+*_](?:\s|$)|=+\s*$|-+\s*$)")
_ORDERED_ESCAPE_RE = re.compile(r"^(\[?\d{1,9})\\(?=[.)](?:\s|$))")
# A heading's text ending in a run of "#" after a space: CommonMark reads the run as
# the heading's closing sequence and drops it, so its first "#" is escaped.
_CLOSING_SEQUENCE_RE = re.compile(r"(?:(?<=[ \t])|^)(?=#+[ \t]*$)")


def heading_text(rich: str) -> str:
    """A block's one-line rich text as an ATX heading's text."""
    if rich[:1] == "\\":
        rich = _LINE_START_ESCAPE_RE.sub("", rich, count=1)
    elif rich[:1].isdecimal() or rich[:1] == "[":
        rich = _ORDERED_ESCAPE_RE.sub(r"\1", rich, count=1)
    if rich.rstrip(" \t").endswith("#"):
        rich = _CLOSING_SEQUENCE_RE.sub(r"\\", rich, count=1)
    return rich


def _heading(block: Block, rich: str, state: _State) -> list[str]:
    level = min(MAX_HEADING_LEVEL, max(1, block.level or 1))
    return ["#" * level + " " + heading_text(" ".join(rich.split()))] if rich.strip() else []


def _quote(block: Block, rich: str, state: _State) -> list[str]:
    return [f"> {line}" if line else ">" for line in rich.split("\n")]


def _rule(block: Block, rich: str, state: _State) -> list[str]:
    return ["---"]


def _figure_caption(block: Block, rich: str, state: _State) -> list[str]:
    """Underscores, so *emphasis* inside the caption does not close it early."""
    return [f"_{line.strip()}_" for line in rich.split("\n") if line.strip()]


def _paragraph(block: Block, rich: str, state: _State) -> list[str]:
    """A paragraph, footnote definition or definition (<dd>), and any unknown kind."""
    if _FOOTNOTE_DEFINITION_RE.match(rich):
        state.item_columns[block.xpath] = FOOTNOTE_INDENT
    if block.tag == "dd":
        # GFM has no definition lists: a definition is written as the paragraphs
        # after its term (which the block stage set in bold or as code), and what
        # continues it stays at its column, the column of the item it sits in.
        state.item_columns[block.xpath] = state.item_columns.get(block.body_of or "", 0)
    return rich.split("\n") if rich.strip() else []


def _hang(marker: str, lines: list[str], column: int) -> list[str]:
    """First line after the marker, the rest indented to the content column."""
    pad = " " * column
    return [marker + lines[0]] + [pad + line for line in lines[1:]]


def _list_item(block: Block, rich: str, state: _State) -> list[str]:
    level = max(1, block.level)
    while state.list_stack and state.list_stack[-1][0] >= level:
        state.list_stack.pop()
    for deeper in [k for k in state.counters if k > level]:
        del state.counters[deeper]
        state.delimiters.pop(deeper, None)
    base = state.list_stack[-1][1] if state.list_stack else 0
    if block.ordered:
        previous = state.counters.get(level)
        number = block.number if block.number is not None else (previous or 0) + 1
        delimiter = state.delimiters.get(level, ".")
        if previous is not None and number != previous + 1:
            # CommonMark counts a list on from its first number: one that does not
            # follow (<li value="5"> after 2, a second <ol> right after the first)
            # starts a new list, which the other delimiter does.
            delimiter = ")" if delimiter == "." else "."
        state.counters[level] = number
        state.delimiters[level] = delimiter
        marker = f"{number}{delimiter}"
    else:
        marker = BULLET
    column = base + len(marker) + 1
    state.list_stack.append((level, column))
    state.item_columns[block.xpath] = column
    if block.checked is not None:
        rich = ("[x] " if block.checked else "[ ] ") + rich
    lines = _hang(marker + " ", rich.split("\n"), len(marker) + 1)
    return [" " * base + line for line in lines]


def _code(block: Block, rich: str, state: _State) -> list[str]:
    code = block.rich_text or block.text
    longest = max((len(m) for m in _BACKTICKS_RE.findall(code)), default=0)
    fence = "`" * max(MIN_FENCE, longest + 1)
    return [fence + (block.language or "")] + code.split("\n") + [fence]


def _math(block: Block, rich: str, state: _State) -> list[str]:
    """Display math: its TeX between $$ lines, never escaped. A "<" that would open
    an HTML tag for a renderer without math gets a space after it (TeX ignores it)."""
    tex = _TAG_OPEN_RE.sub("< ", (block.rich_text or block.text).strip("\n"))
    return [MATH_FENCE] + tex.split("\n") + [MATH_FENCE] if tex.strip() else []


def _cell(text: str) -> str:
    return " ".join(text.replace("|", "\\|").split("\n")).strip()


def _table(block: Block, rich: str, state: _State) -> list[str]:
    if block.table_html:
        return block.table_html.split("\n")
    rows = block.rich_rows or block.rows or ()
    if not rows:
        return []
    width = max(len(row) for row in rows)
    refs = state.refs
    convert = refs.convert if refs else (lambda s: s)
    grid = [[_cell(convert(cell)) for cell in row] + [""] * (width - len(row)) for row in rows]
    header, body = grid[0], grid[1:]
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(["---"] * width) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in body]
    return lines


def _scheme_probe(href: str | None) -> str:
    """The address as a browser reads its scheme: controls and spaces gone, lower case."""
    return _IGNORED_IN_SCHEME_RE.sub("", href or "").lower()


def _image(block: Block, rich: str, state: _State) -> list[str]:
    """Only pictures: no script and no data: but data:image/."""
    images = state.opts.images
    probe = _scheme_probe(block.href)
    if (images == ImageMode.DROP or not block.href or probe.startswith(SCRIPT_SCHEMES)
            or probe.startswith(DATA_SCHEME) and not probe.startswith(DATA_IMAGE_PREFIX)):
        return []
    alt = (block.alt or "").replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")
    alt = _TAG_OPEN_RE.sub("\\\\<", alt)     # no raw HTML in link text
    src = _url(block.href)
    if images == ImageMode.LINK:
        return [f"[{alt or 'Image'}]({src})"]
    picture = f"![{alt}]({src})"
    return [f"[{picture}]({_url(block.link)})" if block.link else picture]


def _media(block: Block, rich: str, state: _State) -> list[str]:
    """A note that a video, audio or embed was there, linked to it when its address is
    one a reader can open (no script, no data:)."""
    label = (block.rich_text or block.text).replace("]", "\\]").replace("\\\\]", "\\]")
    if not label:
        return []
    if not block.href or _scheme_probe(block.href).startswith((*SCRIPT_SCHEMES, DATA_SCHEME)):
        return [f"*[{label}]*"]
    return [f"*[{label}]({_url(block.href)})*"]


def _url(url: str) -> str:
    return (url.replace(" ", "%20").replace("(", "%28").replace(")", "%29")
            .replace("<", "%3C").replace(">", "%3E").replace("\n", ""))


_LineWriter = Callable[[Block, str, _State], list[str]]

# How each kind is written; any other kind (paragraph included) is a paragraph.
_LINE_WRITERS: dict[str, _LineWriter] = {
    BlockKind.HEADING: _heading,
    BlockKind.LIST_ITEM: _list_item,
    BlockKind.CODE: _code,
    BlockKind.MATH: _math,
    BlockKind.TABLE: _table,
    BlockKind.QUOTE: _quote,
    BlockKind.IMAGE: _image,
    BlockKind.MEDIA: _media,
    BlockKind.RULE: _rule,
    BlockKind.FIGURE_CAPTION: _figure_caption,
}


# Characters a YAML double-quoted scalar must carry as escapes: C0 and C1 controls,
# DEL, the Unicode line and paragraph separators, BOM and non-characters (YAML 1.2
# §5.1 printable set). The rest of Unicode is written as is.
_YAML_UNPRINTABLE_RE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff\ud800-\udfff]")
_YAML_SHORT_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r",
                       "<": "\\u003c"}   # no tag even where front matter is not understood


def yaml_string(value: str) -> str:
    """A YAML double-quoted scalar: valid for any title, colons, quotes and newlines
    included."""
    out = "".join(_YAML_SHORT_ESCAPES.get(ch, ch) for ch in value)
    out = _YAML_UNPRINTABLE_RE.sub(lambda m: f"\\u{ord(m.group()):04x}", out)
    return f'"{out}"'


def _front_matter(metadata: Metadata, method: str | None = None) -> str:
    """YAML front matter: title always, then the fields the page (and engine) gave."""
    fields = [
        ("title", metadata.title or ""),
        ("url", metadata.url or metadata.canonical_url),
        ("author", metadata.author),
        ("date", metadata.published),
        ("language", metadata.lang),
        ("reading_order_method", method),
    ]
    lines = ["---"]
    lines += [f"{key}: {yaml_string(value or '')}" for key, value in fields
              if value or key == "title"]
    lines.append("---")
    return "\n".join(lines)
