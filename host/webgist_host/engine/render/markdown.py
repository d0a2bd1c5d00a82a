"""Stage 7: blocks to Markdown (CommonMark plus GFM tables).

Each block renders to lines; list items and the paragraphs that continue them are
indented to their parent's content column, quoted blocks share one "> " quote.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..model import Block, Metadata

IMAGE_MODES = ("keep", "drop", "link")
LINK_STYLES = ("inline", "reference")
BULLET = "-"
# CommonMark needs a fence longer than any backtick run in the code.
MIN_FENCE = 3
MATH_FENCE = "$$"
# Kinds whose text is written as is: no link rewriting, no escaping.
VERBATIM_KINDS = frozenset({"code", "table", "math"})
# A footnote definition as the block walker writes it: "[^label]: text".
_FOOTNOTE_DEFINITION_RE = re.compile(r"^\[\^[^\]\s]+\]: ")
FOOTNOTE_INDENT = 4
MEDIA_NOTE = {"video": "Video", "audio": "Audio", "iframe": "Embed"}

_BACKTICKS_RE = re.compile(r"`+")
# An inline link [text](href) not preceded by "!" (images stay inline); the text may
# hold one level of brackets, as in [![alt](src)](href).
_LINK_RE = re.compile(
    r"(?<![!\\])\[((?:[^\[\]\\]|\\.|\[(?:[^\[\]\\]|\\.)*\])*)\]\(([^()\s]+)\)")


@dataclass
class _Options:
    images: str = "keep"
    front_matter: bool = False
    link_style: str = "inline"
    reading_order_method: str | None = None     # decided after blocks; for front matter


def _read_options(options: dict | None) -> _Options:
    options = options or {}
    images = options.get("images", "keep")
    style = options.get("link_style", "inline")
    return _Options(
        images=images if images in IMAGE_MODES else "keep",
        front_matter=bool(options.get("front_matter", False)),
        link_style=style if style in LINK_STYLES else "inline",
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
    """Where the renderer is: open list levels and the items continuations hang from."""

    list_stack: list = field(default_factory=list)     # (level, content column)
    item_columns: dict = field(default_factory=dict)   # li/dd xpath -> indent
    counters: dict = field(default_factory=dict)       # level -> last number written


def render_markdown(blocks: list[Block], metadata: Metadata, options: dict | None = None) -> str:
    opts = _read_options(options)
    refs = _References() if opts.link_style == "reference" else None
    state = _State()
    out: list[str] = []
    previous: Block | None = None
    for block in blocks:
        lines = _render_block(block, opts, refs, state)
        if not lines:
            continue
        if previous is not None:
            out.append(_separator(previous, block))
        out.append("\n".join(lines))
        previous = block
    body = "".join(out).strip("\n")
    if refs is not None and refs.numbers:
        body += "\n\n" + refs.definitions()
    if opts.front_matter:
        body = _front_matter(metadata, opts.reading_order_method) + ("\n\n" + body if body else "")
    return body + "\n" if body else ""


def _separator(previous: Block, block: Block) -> str:
    if previous.kind == "list-item" and block.kind == "list-item" and not block.body_of:
        return "\n"            # one list: no blank line between its items
    if previous.tag == "dt" and block.tag == "dd" and previous.kind == block.kind == "paragraph":
        return "\n"            # term and its definition stay together
    if previous.quoted and block.quoted and previous.kind != "quote":
        return "\n>\n"         # blocks walked out of one blockquote share it
    return "\n\n"


def _render_block(block: Block, opts: _Options, refs, state: _State) -> list[str]:
    if block.kind != "list-item" and not block.body_of:
        state.list_stack.clear()
        state.counters.clear()
    verbatim = block.kind in VERBATIM_KINDS
    rich = refs.convert(block.rich_text) if refs and not verbatim else block.rich_text
    lines = _block_lines(block, rich, opts, refs, state)
    if not lines:
        return []
    if block.body_of and block.kind != "list-item":
        indent = " " * state.item_columns.get(block.body_of, 0)
        lines = [indent + line if line else line for line in lines]
    if block.quoted and block.kind != "quote":
        lines = [f"> {line}" if line else ">" for line in lines]
    return lines


def _block_lines(block: Block, rich: str, opts: _Options, refs, state: _State) -> list[str]:
    kind = block.kind
    if kind == "heading":
        level = min(6, max(1, block.level or 1))
        return ["#" * level + " " + " ".join(rich.split())] if rich.strip() else []
    if kind == "list-item":
        return _list_item(block, rich, state)
    if kind == "code":
        return _code(block)
    if kind == "math":
        return _math(block)
    if kind == "table":
        return _table(block, refs)
    if kind == "quote":
        return [f"> {line}" if line else ">" for line in rich.split("\n")]
    if kind == "image":
        return _image(block, opts)
    if kind == "media":
        return _media(block)
    if kind == "rule":
        return ["---"]
    if kind == "figure-caption":
        # Underscores, so *emphasis* inside the caption does not close it early.
        return [f"_{line.strip()}_" for line in rich.split("\n") if line.strip()]
    if _FOOTNOTE_DEFINITION_RE.match(rich):
        # GFM: a footnote's further paragraphs are indented four spaces.
        state.item_columns[block.xpath] = FOOTNOTE_INDENT
    if block.tag == "dd":
        # Nested under another item (body_of), the whole definition is indented
        # by that item's column afterwards; its own continuations go 2 further.
        state.item_columns[block.xpath] = 2 + state.item_columns.get(block.body_of, 0)
        return _hang(": ", rich.split("\n"), 2)
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
    base = state.list_stack[-1][1] if state.list_stack else 0
    if block.ordered:
        number = block.number if block.number is not None else state.counters.get(level, 0) + 1
        state.counters[level] = number
        marker = f"{number}."
    else:
        marker = BULLET
    column = base + len(marker) + 1
    state.list_stack.append((level, column))
    state.item_columns[block.xpath] = column
    if block.checked is not None:
        rich = ("[x] " if block.checked else "[ ] ") + rich
    lines = _hang(marker + " ", rich.split("\n"), len(marker) + 1)
    return [" " * base + line for line in lines]


def _code(block: Block) -> list[str]:
    code = block.rich_text or block.text
    longest = max((len(m) for m in _BACKTICKS_RE.findall(code)), default=0)
    fence = "`" * max(MIN_FENCE, longest + 1)
    return [fence + (block.language or "")] + code.split("\n") + [fence]


def _math(block: Block) -> list[str]:
    """Display math: its TeX between $$ lines, never escaped. A "<" that would open
    an HTML tag for a renderer without math gets a space after it (TeX ignores it)."""
    tex = re.sub(r"<(?=[A-Za-z/!?])", "< ", (block.rich_text or block.text).strip("\n"))
    return [MATH_FENCE] + tex.split("\n") + [MATH_FENCE] if tex.strip() else []


def _cell(text: str) -> str:
    return " ".join(text.replace("|", "\\|").split("\n")).strip()


def _table(block: Block, refs) -> list[str]:
    if block.table_html:
        return block.table_html.split("\n")
    rows = block.rich_rows or block.rows or ()
    if not rows:
        return []
    width = max(len(row) for row in rows)
    convert = refs.convert if refs else (lambda s: s)
    grid = [[_cell(convert(cell)) for cell in row] + [""] * (width - len(row)) for row in rows]
    header, body = grid[0], grid[1:]
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(["---"] * width) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in body]
    return lines


def _image(block: Block, opts: _Options) -> list[str]:
    # Only pictures: no script (javascript:, vbscript:) and no data: but data:image/.
    probe = re.sub(r"[\x00-\x20]", "", block.href or "").lower()
    if (opts.images == "drop" or not block.href or probe.startswith(("javascript:", "vbscript:"))
            or probe.startswith("data:") and not probe.startswith("data:image/")):
        return []
    alt = (block.alt or "").replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")
    alt = re.sub(r"<(?=[A-Za-z/!?])", "\\\\<", alt)     # no raw HTML in link text
    src = _url(block.href)
    if opts.images == "link":
        return [f"[{alt or 'Image'}]({src})"]
    picture = f"![{alt}]({src})"
    return [f"[{picture}]({_url(block.link)})" if block.link else picture]


def _media(block: Block) -> list[str]:
    """A note that a video, audio or embed was there, linked to it when its address is
    one a reader can open (no script, no data:)."""
    label = (block.rich_text or block.text).replace("]", "\\]").replace("\\\\]", "\\]")
    if not label:
        return []
    probe = re.sub(r"[\x00-\x20]", "", block.href or "").lower()
    if not block.href or probe.startswith(("javascript:", "vbscript:", "data:")):
        return [f"*[{label}]*"]
    return [f"*[{label}]({_url(block.href)})*"]


def _url(url: str) -> str:
    return (url.replace(" ", "%20").replace("(", "%28").replace(")", "%29")
            .replace("<", "%3C").replace(">", "%3E").replace("\n", ""))


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
    lines += [f"{key}: {yaml_string(value)}" for key, value in fields
              if value or key == "title"]
    lines.append("---")
    return "\n".join(lines)
