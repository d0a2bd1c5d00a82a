"""The block stage's handlers, one per kind of element that starts a block: each
reads its element and asks the walker to emit blocks (or to walk into it as a
container). HANDLERS maps a tag to its handler; the walker picks math, editors and
drawn code first, whatever their tag."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from .admonitions import read_admonition, title_is_alert_name
from .code import (
    blob_language, blob_lines, blob_text, block_code_language, block_code_text, br_code_text,
    code_text,
    is_block_code, is_line_listing, is_line_number_gutter, is_notebook_prompt, framed_listing,
    label_language, line_listing_text, listings_in, names_the_listing_after, numbered_code_lines,
)
from .context import Context, Frame
from .counted_lines import counted_line_cells, counted_listing_text, latexml_listing_rows
from .definitions import term_style
from .editors import read_editor
from .images import image_alt, image_source
from .inline import escape_text, finish, link, markdown_url, wrap
from .list_labels import item_labels
from .page_index import MEDIA_LABELS, svg_labels
from .textareas import textarea_text
from .tables import (
    cells_of, clean_table_html, grid_rows, is_layout_table, needs_html, own_rows,
)
from .tuning import (
    LONG_CELL_CHARS, QUOTE_KIND_ATTRIBUTES, QUOTE_PARAGRAPH_TAGS, QUOTE_STRUCTURE_TAGS,
    SECTION_ITEM_TAGS, TITLE_BAND_PARENT_CLASS, TITLE_DIV_CLASS,
)
from ..dom.nodes import tag_of
from ..model import MAX_HEADING_LEVEL, Action, Block, BlockKind, Decision, revised

if TYPE_CHECKING:
    from .walker import Walker

STAGE = "blocks"
HEADING_LEVELS = {f"h{n}": n for n in range(1, MAX_HEADING_LEVEL + 1)}
SVG_LABEL_JOINER = " · "


def heading(w: Walker, el, ctx: Context) -> None:
    text, rich = finish(*w.inline.content(el))
    if text:
        rich = rich.replace("  \n", " ")
        if ctx.link and "](" not in rich:
            rich = link(rich, ctx.link)
        # A title drawn as a <div> (is_title_div) is the page's <h1>.
        w.emit(ctx, BlockKind.HEADING, el, text, rich,
               level=HEADING_LEVELS.get(w.index.tags[el], 1))


def list_(w: Walker, el, ctx: Context) -> None:
    if _is_section_list(el):
        # Layout, not a list: each item's section is walked as the page's own part.
        for item in el:
            if isinstance(item.tag, str) and not w.skipped(item) and item not in w.consumed:
                w.container(item, ctx)
        return
    ordered = tag_of(el) == "ol"
    numbers = _item_numbers(el) if ordered else None
    labels = item_labels(el, numbers) if numbers else None
    if labels is not None:
        # Letters, roman numerals or the items' own numbers: bullets that say them.
        ordered, numbers = False, labels
    inner = ctx._replace(list_depth=ctx.list_depth + 1, ordered=ordered,
                         numbers=numbers, frame=None)
    w.container(el, inner)


def footnote(w: Walker, el, ctx: Context, label: str) -> None:
    """A note a reference points to: "[^label]: " before its first paragraph,
    the rest continuing it."""
    frame = Frame(w.path(el), w.index.positions.get(el, 0), w.rect(el),
                  dict(kind=BlockKind.PARAGRAPH, tag=tag_of(el)), prefix=f"[^{label}]: ",
                  mark=w.footnotes.marks.get(el, ""))
    w.container(el, ctx._replace(frame=frame, numbers=None, list_depth=0, ordered=False))


def list_item(w: Walker, el, ctx: Context) -> None:
    number = ctx.numbers.get(el) if (ctx.ordered and ctx.numbers) else None
    # A bullet of a lettered list: its letter ("a."), before its first paragraph.
    label = ctx.numbers.get(el) if (not ctx.ordered and ctx.numbers) else None
    # (Only an item holding an <input> can be a task: most hold none.)
    checked = _task_state(el) if el in w.index.holds_input else None
    fields = dict(kind=BlockKind.LIST_ITEM, tag="li", level=max(1, ctx.list_depth),
                  ordered=ctx.ordered, number=number, checked=checked)
    _framed(w, el, ctx, fields, prefix=f"{label} " if label else "")


def definition(w: Walker, el, ctx: Context) -> None:
    tag = tag_of(el)
    term = term_style(el) if tag == "dt" else ""
    _framed(w, el, ctx, dict(kind=BlockKind.PARAGRAPH, tag=tag), term=term)


def _framed(w: Walker, el, ctx: Context, fields: dict, term: str = "", prefix: str = "") -> None:
    outer = ctx.frame
    if outer is not None and outer.taken and fields["kind"] != BlockKind.LIST_ITEM:
        # A definition list inside a definition (Sphinx's "Returns:" field list
        # in a function's <dd>) continues the outer item.
        fields = {**fields, "body_of": outer.xpath}
    frame = Frame(w.path(el), w.index.positions.get(el, 0), w.rect(el), fields, term=term,
                  prefix=prefix)
    w.container(el, ctx._replace(frame=frame, numbers=None))


def caption(w: Walker, el, ctx: Context, *, before=None) -> None:
    """A caption; `before` is the table it titles, whose place it takes in
    source order (the <caption> sits inside the <table> it precedes)."""
    text, rich = finish(*w.inline_lines.content(el))
    if text:
        placed = {}
        if before is not None:
            positions = w.index.positions
            placed["dom_index"] = positions.get(before, positions.get(el, 0))
        w.emit(ctx, BlockKind.FIGURE_CAPTION, el, text, rich, **placed)


def _quotes_around(ctx: Context) -> tuple:
    """The chain of quotes a quote opened here sits in, so the renderer nests it."""
    return ctx.quote_outer + (ctx.quote_of,) if ctx.quoted and ctx.quote_of else ()


def blockquote(w: Walker, el, ctx: Context) -> None:
    inner = _sole_quote(w, el)
    while inner is not None and _is_bare(el):
        # A bare quote holding nothing but another quote indents it: one quote, not
        # two. (A mail's or forum's quote, marked as one, is a level of the thread.)
        el, inner = inner, _sole_quote(w, inner)
    if _quote_is_structured(el):
        # Inside a list item whose first paragraph is written, the quote continues the
        # item (indented to it); else it starts no item of its own.
        frame = ctx.frame if ctx.frame is not None and ctx.frame.taken else None
        w.container(el, ctx._replace(quoted=True, quote_of=w.path(el), callout=None, frame=frame,
                                     quote_outer=_quotes_around(ctx)))
        return
    text, rich = finish(*w.inline_lines.content(el))
    if text:
        w.emit(ctx, BlockKind.QUOTE, el, text, rich)


def admonition(w: Walker, el, ctx: Context) -> None:
    """A callout box: its blocks as one quote, opened by its GFM alert ("[!NOTE]")
    and by its title in bold unless the alert shows that title itself."""
    box = read_admonition(el, tag_of(el))
    lines = [f"[!{box.alert}]"] if box and box.alert else []
    if box is not None and box.title is not None:
        w.taken_titles.add(box.title)
        text, rich = finish(*w.inline.content(box.title))
        if text and not title_is_alert_name(text, box.alert):
            lines.append(wrap(" ".join(rich.split("  \n")), "**"))
    w.container(el, ctx._replace(quoted=True, quote_of=w.path(el), quote_outer=_quotes_around(ctx),
                                 callout="\n".join(lines) or None))


def code(w: Walker, el, ctx: Context) -> None:
    if tag_of(el) == "pre":
        inner = next((d for d in el.iterdescendants() if d in w.index.editors), None)
        if inner is not None:
            # Typora's export: pre.md-fences[lang] around a CodeMirror 5 editor, whose
            # measuring box and gutters are no part of the code.
            editor(w, inner, ctx, fallback=w.code_languages[el])
            return
    if is_line_listing(el):
        text = line_listing_text(el, w.skipped)
        if text.strip():
            w.emit(ctx, BlockKind.CODE, el, text, text, language=w.code_languages[el])
        return
    counted = latexml_listing_rows(el)
    if counted is not None:
        text = counted_listing_text(counted, code_text, w.skipped)
        if text.strip():
            w.emit(ctx, BlockKind.CODE, el, text, text, language=w.code_languages[el])
        return
    listings = listings_in(el) if tag_of(el) == "pre" else []
    if listings:
        for listing in listings:
            text = code_text(listing, w.skipped)
            if text.strip() and not w.skipped(listing):
                w.emit(ctx, BlockKind.CODE, listing, text, text,
                       language=w.code_languages[listing] or w.code_languages[el])
        return
    framed = framed_listing(el, w.skipped) if tag_of(el) == "pre" else None
    if framed is not None:
        listing, labelled = framed
        text = code_text(listing, w.skipped)
        if text.strip():
            w.emit(ctx, BlockKind.CODE, el, text, text,
                   language=w.code_languages[listing] or w.code_languages[el] or labelled)
        return
    text = code_text(el, w.skipped)
    if text.strip() and is_line_number_gutter(el, text, w.index.is_code):
        w.decisions.append(Decision(STAGE, Action.DROPPED, "line-number gutter of a code block",
                                    w.path(el), " ".join(text.split())[:60]))
        return
    if text.strip() and names_the_listing_after(el, text):
        name = text.strip()
        w.emit(ctx, BlockKind.PARAGRAPH, el, name, escape_text(name))
        return
    if text.strip() and tag_of(el) == "pre" and is_notebook_prompt(el, text):
        w.decisions.append(Decision(STAGE, Action.DROPPED, "a notebook cell's execution prompt",
                                    w.path(el), text.strip()))
        return
    if text.strip():
        block_code = is_block_code(el)
        language = block_code_language(el) if block_code else w.code_languages[el]
        if block_code:
            text = block_code_text(br_code_text(el, w.skipped) if el.find(".//br") is not None
                                   else text)
        w.emit(ctx, BlockKind.CODE, el, text, text,
               language=language or label_language(el, w.skipped))


def editor(w: Walker, el, ctx: Context, fallback: str | None = None) -> None:
    found = read_editor(el, w.skipped)
    if found is None:
        return
    if found.source is not None:
        w.consumed.add(found.source)
    w.emit(ctx, BlockKind.CODE, el, found.text, found.text,
           language=found.language or fallback)


def textarea(w: Walker, el, ctx: Context) -> None:
    """Code shown in a textarea (an example to edit and run): its text as written."""
    text = textarea_text(el).rstrip()
    if text.strip():             # (an editor's source, read already, never gets here)
        w.emit(ctx, BlockKind.CODE, el, text, text, language=w.code_languages[el])


def math(w: Walker, el, ctx: Context) -> None:
    formula = w.index.math[el]
    if formula.display and formula.tex:
        w.emit(ctx, BlockKind.MATH, el, formula.tex, formula.tex)
        return
    text, rich = finish(*w.inline.element(el, 1, frozenset()))
    if text:
        w.emit(ctx, BlockKind.PARAGRAPH, el, text, rich)


def rule(w: Walker, el, ctx: Context) -> None:
    if w.measured and w.index.box(el) is None:
        w.decisions.append(Decision(STAGE, Action.DROPPED, "rule the browser gave no box",
                                    w.path(el)))
        return
    w.emit(ctx, BlockKind.RULE, el, "", "---")


def image(w: Walker, el, ctx: Context) -> None:
    src = w.index.image_source(el)
    if src is None:
        return
    src = w.links.resolve(src)
    if w.links.local_under_web_base(src):
        # The browser showed a file beside a saved copy of the page; the page's own
        # attributes name the picture on its site, when they name one there.
        own = image_source(el, measured_src=False)
        if own is not None and not w.links.local_under_web_base(own := w.links.resolve(own)):
            src = own
    alt = image_alt(el)
    target = ctx.link
    rich = f"![{_escape_alt(alt)}]({markdown_url(src)})"
    if target:
        rich = f"[{rich}]({markdown_url(target)})"
    w.emit(ctx._replace(link=None), BlockKind.IMAGE, el, alt, rich, href=src, alt=alt,
           link=target)


def noscript(w: Walker, el, ctx: Context) -> None:
    if w.visibility.noscript_is_the_page(el):
        w.container(el, ctx)
        return
    for picture in w.visibility.noscript_pictures(el):
        w.block(picture, ctx)


def svg(w: Walker, el, ctx: Context) -> None:
    labels = svg_labels(el)
    if labels:
        text = SVG_LABEL_JOINER.join(labels)
        w.emit(ctx, BlockKind.PARAGRAPH, el, text, escape_text(text))


def media(w: Walker, el, ctx: Context) -> None:
    src = el.get("src") or next((s.get("src") for s in el.iter("source") if s.get("src")), None)
    title = " ".join((el.get("title") or el.get("aria-label") or "").split())
    if not (src or title) or (src or "").strip().lower() == "about:blank" and not title:
        return
    if w.index.tiny(el):
        w.decisions.append(Decision(STAGE, Action.DROPPED, "embed too small to be content",
                                    w.path(el), src or title))
        return
    if tag_of(el) == "iframe" and w.index.ad_sized(el):
        w.decisions.append(Decision(STAGE, Action.DROPPED, "a frame the size of a standard "
                                    "ad unit (an ad slot)", w.path(el), src or title))
        return
    src = w.links.address(w.links.resolve(src)) if src else src
    if not (src or title):
        w.decisions.append(Decision(STAGE, Action.DROPPED, "embed with no title whose address "
                                    "is too long to be one", w.path(el)))
        return
    # The address goes in the link target (where a reader can follow it), not in
    # the note's words: "[Video: title](src)", or "[Video](src)" without a title.
    label = f"{MEDIA_LABELS[tag_of(el)]}: {title}" if title else MEDIA_LABELS[tag_of(el)]
    w.emit(ctx, BlockKind.MEDIA, el, title or src or "", escape_text(label), href=src)


def table(w: Walker, el, ctx: Context) -> None:
    rows = own_rows(el)
    lines = blob_lines(rows) or numbered_code_lines(rows) or counted_line_cells(rows)
    if lines is not None:
        text = blob_text(lines, w.skipped)
        if text.strip():
            w.emit(ctx, BlockKind.CODE, el, text, text, language=blob_language(el))
        return
    if is_layout_table(el, rows):
        _layout_table(w, el, ctx, rows)
        return
    html_kept = needs_html(rows)
    skipped = w.skipped
    if not html_kept:        # cleaned table markup carries its <caption> itself
        for child in el:
            if tag_of(child) == "caption" and not skipped(child):
                caption(w, child, ctx, before=el)
    plain_rows, rich_rows = [], []
    queued = w.queued_notes()
    for row in rows:
        if skipped(row):
            continue
        cells = [_cell(w, cell) for cell in cells_of(row) if not skipped(cell)]
        if any(plain for plain, _ in cells):
            plain_rows.append(tuple(plain for plain, _ in cells))
            rich_rows.append(tuple(rich for _, rich in cells))
    if not plain_rows:
        return
    text = " ".join(cell for row in plain_rows for cell in row if cell)
    table_html = clean_table_html(el, skipped) if html_kept else None
    if html_kept:
        # An HTML table cannot carry "[^n]": its cells keep their notes' words.
        w.unqueue_notes(queued)
    w.emit(ctx, BlockKind.TABLE, el, text, text, rows=tuple(plain_rows),
           rich_rows=tuple(rich_rows), table_html=table_html)


def cell_grid(w: Walker, el, ctx: Context) -> None:
    """A <div> grid laid out as a table (tables.grid_rows): a table, the header
    cells its first row. A row whose cells are all hidden (javadoc's tabs hide the
    rows of the kinds not chosen) is left out."""
    plain_rows, rich_rows = [], []
    for cells in grid_rows(el) or ():
        if all(w.skipped(cell) for cell in cells):
            continue
        read = [_cell(w, cell) if not w.skipped(cell) else ("", "") for cell in cells]
        plain_rows.append(tuple(plain for plain, _ in read))
        rich_rows.append(tuple(rich for _, rich in read))
    if len(plain_rows) < 2:
        w.container(el, ctx)
        return
    text = " ".join(cell for row in plain_rows for cell in row if cell)
    w.emit(ctx, BlockKind.TABLE, el, text, text, rows=tuple(plain_rows),
           rich_rows=tuple(rich_rows))


def _layout_table(w: Walker, el, ctx: Context, rows: list) -> None:
    """A layout table is walked as containers, each cell a block, except a row drawn
    as one line (_line_cells), which is read as one paragraph."""
    lines = [_line_cells(w, row) for row in rows]
    if not any(lines):
        w.container(el, ctx)
        return
    for child in el:
        if isinstance(child.tag, str) and tag_of(child) not in ("tr", "thead", "tbody", "tfoot"):
            w.block(child, ctx)       # a caption
    for row, cells in zip(rows, lines):
        group = row.getparent()
        if w.skipped(row) or group is not el and w.skipped(group):
            continue
        if cells:
            w.line(row, [piece for cell in cells for piece in (cell, " ")][:-1], ctx)
        else:
            w.block(row, ctx)


def _line_cells(w: Walker, row, nested: bool = False) -> list:
    """The cells of a layout row drawn as one line of words, or []: two or more
    cells with words, none holding a block or a long text. Doxygen lays out each
    member's prototype so, one cell per part ("void Counter::feed", "(", "const
    std::string &", "line", ")"), and its member lists one row per member (type |
    name and arguments); read cell by cell they came out one part a line, and the
    de-duplication stage took repeated parts ("(", "const", "void") out of the page."""
    cells = [cell for cell in cells_of(row) if not w.skipped(cell)]
    # Blocks first: a page held in a layout cell is told by its first block, without
    # reading all its text.
    if len(cells) < 2 or not all(_inline_cell(w, cell, nested) for cell in cells):
        return []
    texts = [" ".join(cell.text_content().split()) for cell in cells]
    if sum(1 for text in texts if text) < 2 or any(len(t) > LONG_CELL_CHARS for t in texts):
        return []
    return cells


# The elements of a table, which a line row's cell may nest one level of.
TABLE_PART_TAGS = frozenset({"table", "caption", "thead", "tbody", "tfoot", "tr", "td", "th"})


def _inline_cell(w: Walker, cell, nested: bool) -> bool:
    """A cell holding no block, or (one level down) only tables of one line row:
    Doxygen nests the prototype's table in a cell beside its labels ("inline")."""
    if cell not in w.index.holds_block:
        return True
    if nested:
        return False
    starts = w.index.block_starts
    if any(d in starts and tag_of(d) not in TABLE_PART_TAGS for d in cell.iterdescendants()):
        return False
    tables = [d for d in cell.iterdescendants() if tag_of(d) == "table"]
    for table in tables:
        rows = own_rows(table)
        if len(rows) != 1 or not _line_cells(w, rows[0], nested=True):
            return False
    return True


def _cell(w: Walker, cell) -> tuple[str, str]:
    text, rich = finish(*w.inline_lines.content(cell))
    return text, rich.replace("  \n", "<br>")


Handler = Callable[["Walker", object, Context], None]
HANDLERS: dict[str, Handler] = {
    "ul": list_, "ol": list_, "menu": list_, "dir": list_,
    "li": list_item, "dt": definition, "dd": definition,
    "figcaption": caption, "blockquote": blockquote,
    "pre": code, "listing": code, "xmp": code,
    "hr": rule, "img": image, "svg": svg,
    "video": media, "audio": media, "iframe": media,
    "table": table, "noscript": noscript,
}


def is_title_div(el, classes: str | None) -> bool:
    """Doxygen's page title: div.title alone in div.headertitle."""
    if not classes or TITLE_DIV_CLASS not in classes.split():
        return False
    parent = el.getparent()
    return (parent is not None and TITLE_BAND_PARENT_CLASS in (parent.get("class") or "").split()
            and not any(tag_of(d) in HEADING_LEVELS for d in el.iterdescendants()))


def under_drawn_title(blocks: list[Block]) -> list[Block]:
    """Below a page title drawn as a <div> (is_title_div), the page's headings are a
    level under it: Doxygen writes its pages' sections as <h1>s."""
    title = next((i for i, b in enumerate(blocks)
                  if b.kind == BlockKind.HEADING and b.tag == "div"), None)
    if title is None or not any(b.kind == BlockKind.HEADING and b.level == 1
                                for b in blocks[title + 1:]):
        return blocks
    return blocks[:title + 1] + [
        revised(b, level=min(b.level + 1, 6)) if b.kind == BlockKind.HEADING else b
        for b in blocks[title + 1:]]


def _is_section_list(el) -> bool:
    """Every item is a lone <section> (SECTION_ITEM_TAGS) holding a heading."""
    items = [child for child in el if isinstance(child.tag, str)]
    if not items:
        return False
    for item in items:
        parts = [child for child in item if isinstance(child.tag, str)]
        if (tag_of(item) != "li" or len(parts) != 1 or tag_of(parts[0]) not in SECTION_ITEM_TAGS
                or (item.text or "").strip() or (parts[0].tail or "").strip()
                or not any(tag_of(d) in HEADING_LEVELS for d in parts[0].iterdescendants())):
            return False
    return True


def _task_state(li) -> bool | None:
    """A task-list item (GitHub's `<li><input type="checkbox" checked>`): its box
    state, or None for an ordinary item. The box must come before any text."""
    if (li.text or "").strip():
        return None
    for node in li.iter():
        if node is li:
            continue
        if tag_of(node) == "input":
            if (node.get("type") or "").lower() == "checkbox":
                return node.get("checked") is not None
            return None
        if (node.text or "").strip() or (node.tail or "").strip():
            return None
    return None


def _escape_alt(alt: str) -> str:
    return alt.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")


def _item_numbers(ol) -> dict:
    """Each direct <li>'s number, honouring start, reversed and value."""
    items = [child for child in ol if tag_of(child) == "li"]
    reverse = ol.get("reversed") is not None
    step = -1 if reverse else 1
    start = _integer(ol.get("start"))
    current = start if start is not None else (len(items) if reverse else 1)
    numbers = {}
    for item in items:
        value = _integer(item.get("value"))
        if value is not None:
            current = value
        numbers[item] = current
        current += step
    return numbers


def _integer(value: str | None) -> int | None:
    try:
        return int((value or "").strip())
    except ValueError:
        return None


def _is_bare(quote) -> bool:
    """No attribute says what the quote is (type="cite", cite=, a class)."""
    return not any(quote.get(name) for name in QUOTE_KIND_ATTRIBUTES)


def _sole_quote(w: Walker, el):
    """The one blockquote `el` holds with no words or other element beside it."""
    if (el.text or "").strip():
        return None
    children = [child for child in el if isinstance(child.tag, str)]
    if (len(children) != 1 or tag_of(children[0]) != "blockquote"
            or (children[0].tail or "").strip() or w.skipped(children[0])):
        return None
    return children[0]


def _quote_is_structured(bq) -> bool:
    paragraphs = 0
    for el in bq.iterdescendants():
        tag = tag_of(el)
        if tag in QUOTE_STRUCTURE_TAGS:
            return True
        if tag in QUOTE_PARAGRAPH_TAGS:
            paragraphs += 1
            if paragraphs > 1:
                return True
    return False
