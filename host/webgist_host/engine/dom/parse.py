"""Stage 1: bytes or text in, a fresh lxml tree out, bounded (see limits.py).

Whatever a page holds, the tree handed on is at most MAX_DEPTH deep and MAX_ELEMENTS
large: deeper or excess markup is replaced by its text in place, so the words
survive and the later, recursive stages cannot run out of stack or time. Each such
repair is reported as a note.
"""
from __future__ import annotations

import codecs
import re
from typing import Any

import lxml.html
from lxml import etree

from .attributes import cap_attributes
from .charset import guess_charset
from .nodes import tag_of
from ..limits import LIBXML2_MAX_DEPTH, Limits
from .endtags import close_stranded_divs, ignored_popping_end_tag

# Strangers' pages nest deeply and carry huge text nodes; libxml2 refuses both by
# default, so the parser is told to accept them.
_PARSER_OPTIONS = dict(huge_tree=True, remove_comments=True, remove_pis=True)

# Text that is never the page's words, left out when markup is flattened to text.
_NON_TEXT_TAGS = frozenset({"script", "style", "template", "head", "title"})
# Flattened block-level markup keeps its words apart with a line break.
_BREAKING_TAGS = frozenset({
    "address", "article", "aside", "blockquote", "br", "caption", "dd", "div", "dl",
    "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4",
    "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section",
    "table", "td", "th", "tr", "ul",
})

# --- source-level depth bounding (only when libxml2 gave up) ------------------------
_VOID_TAGS = frozenset({
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
    "param", "source", "track", "wbr", "basefont", "bgsound", "frame", "keygen",
})
_RAW_TEXT_TAGS = frozenset({
    "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes",
    "plaintext",
})
# Start tags that close an open element of the same name (<p>a<p>b are siblings).
_SELF_CLOSING_SIBLINGS = frozenset({"p", "li", "dt", "dd", "tr", "td", "th", "option"})
# How far down the open-element stack an end tag may look for its start tag.
_END_TAG_REACH = 16
# A tag, a comment opener or a declaration. `[^<>]*` stops at the next "<", so an
# unclosed "<a<a<a..." is scanned once, not once per "<" (no quadratic rescans).
_TAG_RE = re.compile(r"<(?:(!--)|(/?)([A-Za-z][^\s/<>]*)([^<>]*)>)")
_XML_DECLARATION_RE = re.compile(r"\A(?:\ufeff)?\s{0,1024}<\?xml[^<>]{0,1024}\?>")
# Lone surrogates (libxml2 silently stops reading at one) and the two characters
# XML forbids outright (lxml refuses to set text holding them).
_SURROGATE_RE = re.compile("[\ud800-\udfff\ufffe\uffff]")
# C0 controls other than tab, newline, carriage return and form feed: libxml2 keeps
# them, but lxml refuses them when text is set, and no reader sees them.
_CONTROL_RE = re.compile("[\x01-\x08\x0b\x0e-\x1f]+")
# The same characters one by one: clean_text looks for each with `in` (a C memchr)
# before running _CONTROL_RE, ten times faster than the regex's scan of a clean page.
_CONTROL_CHARS = tuple(chr(c) for c in (*range(0x01, 0x09), 0x0b, *range(0x0e, 0x20)))
# NUL, those and the form feed, as UTF-8 bytes (clean_text's first test).
_ASCII_UNSAFE_BYTES = tuple(ch.encode() for ch in ("\x00", *_CONTROL_CHARS, "\x0c"))
_META_CHARSET_RE = re.compile(
    rb"""<meta[^<>]{0,512}?charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]{1,40})""", re.I)
# The HTML standard's sniffing window for a declared charset.
_SNIFF_BYTES = 1024
# Past it, a declaration is still looked for in the head (up to <body>, at most this
# much) before a charset is guessed: browsers read the whole head, and a page with
# long scripts first may declare windows-1252 after 1 KiB.
_HEAD_BYTES = 64 * 1024
_BODY_RE = re.compile(rb"<body[\s>/]", re.I)


class ParseError(ValueError):
    """The input could not be read as HTML at all."""


def parse_html(html: str | bytes, limits: Limits | None = None):
    """Parse a page into the root element of a new tree the caller owns."""
    return parse_page(html, limits)[0]


def parse_page(html: str | bytes, limits: Limits | None = None) -> tuple[Any, list[str]]:
    """The bounded tree and the notes on what was repaired to get it."""
    root, notes, _ = read_page(html, limits)
    return root, notes


def read_page(html: str | bytes,
              limits: Limits | None = None) -> tuple[Any, list[str], str | bytes]:
    """`parse_page`'s tree and notes, and the page's text the tree was read from:
    as the UTF-8 bytes given, when libxml2 was handed those. Every character of the
    tree's text and attribute values is in it, as itself or as a character reference
    (the repairs below only add markup, or cut some out)."""
    limits = limits or Limits()
    notes: list[str] = []
    utf8 = None             # the text's UTF-8 encoding (the input bytes, when they are just that)
    if isinstance(html, (bytes, bytearray, memoryview)):
        data = bytes(html)
        if len(data) > limits.max_input_bytes:
            notes.append(_cut_note(len(data), limits.max_input_bytes))
            data = data[:limits.max_input_bytes]
        html, note = decode_bytes(data)
        if note:
            notes.append(note)
        # Without a note the bytes were UTF-8 (or UTF-16 after its byte-order mark),
        # whose decoders never make a lone surrogate: they are errors in both.
        decoded_unicode = note is None
        if decoded_unicode and not data.startswith(_BYTE_ORDER_MARKS):
            utf8 = data     # valid UTF-8 decodes and encodes back to the same bytes
    elif isinstance(html, str):
        decoded_unicode = False
        html, note = _cap_text(html, limits.max_input_bytes)
        if note:
            notes.append(note)
        try:
            # What libxml2 reads (see _libxml2), made once: clean_text searches it
            # too, and encoding fails exactly at a lone surrogate.
            utf8 = html.encode("utf-8")
        except UnicodeEncodeError:
            pass
    else:
        raise ParseError(f"expected HTML text, got {type(html).__name__}")
    cleaned = clean_text(html, notes, surrogates_possible=not decoded_unicode, utf8=utf8)
    if cleaned is not html:
        # (clean_text returns its input itself when it changes nothing; should a
        # replace ever hand back an equal copy, the text is merely encoded again.)
        utf8 = None
    html = cleaned
    if not html.strip():
        html, utf8 = "<html><body></body></html>", None
    if utf8 is None:
        try:
            utf8 = html.encode("utf-8")     # what libxml2 reads (see _libxml2)
        except UnicodeEncodeError:
            pass                            # (left to the parse, as before)
    if utf8 is not None:
        capped, tags, dropped = cap_attributes(utf8, limits.max_attributes)
        if tags:
            utf8, html = capped, capped.decode("utf-8")
            which = "a start tag" if tags == 1 else f"{tags} start tags"
            notes.append(f"{which} had more than {limits.max_attributes} attributes; the "
                         f"{dropped} past that were dropped before parsing")
    source = html
    try:
        root, halted, stranded = _libxml2(source, utf8)
    except ParseError:
        # libxml2 finds no document in some inputs ("</a>", a lone comment): read it
        # inside an explicit body, else as an empty page.
        try:
            source = "<html><body>" + html
            root, halted, stranded = _libxml2(source)
        except ParseError:
            source = "<html><body></body></html>"
            root, halted, stranded = _libxml2(source)
            notes.append("libxml2 found no document in the input; read as an empty page")
    if halted:
        notes.append(
            f"markup nested past libxml2's limit of {LIBXML2_MAX_DEPTH} levels; tags "
            f"deeper than {limits.max_depth} were removed before parsing (their text kept)")
        source = shallow_source(html, limits.max_depth)
        root, _, stranded = _libxml2(source)
    if stranded:
        # Only pages where libxml2 reported ignoring such an end tag pay for the scan.
        source, closed = close_stranded_divs(source)
        if closed:
            root, _, _ = _libxml2(source)
            notes.append(f"{closed} unclosed <div>s were closed before end tags that "
                         "libxml2 would have ignored, as a browser does")
    adopted = _adopt_after_root(root)
    if adopted:
        notes.append(f"{adopted} elements after the page's </html> were read into its "
                     "<body>, as a browser does")
    flattened = bound_depth(root, limits.max_depth)
    if flattened:
        notes.append(f"{flattened} elements nested deeper than {limits.max_depth} levels "
                     "were read as plain text")
    total, flattened = bound_elements(root, limits.max_elements)
    if flattened:
        notes.append(f"page has {total} elements; past the first {limits.max_elements} "
                     f"the remaining {flattened} were read as plain text")
    return root, notes, html if utf8 is None else utf8


def _adopt_after_root(root) -> int:
    """Move what libxml2 put after the root (markup after an early </html> becomes a
    second <html> beside it) into the root's body, where browsers put it. The emptied
    element stays beside the root, which no stage walks. Returns how many elements
    moved."""
    follower = root.getnext()
    if follower is None:
        return 0
    body = root.find("body")
    if body is None:
        body = etree.SubElement(root, "body")
    moved = 0
    while follower is not None:
        if isinstance(follower.tag, str):
            holder = follower.find("body")
            holder = follower if holder is None else holder
            _append_text(body, holder.text)
            holder.text = None
            for child in list(holder):
                if child.tag != "head":
                    body.append(child)
                    moved += 1
        follower = follower.getnext()
    return moved


def _append_text(parent, text: str | None) -> None:
    if not text:
        return
    last = parent[-1] if len(parent) else None
    if last is None:
        parent.text = (parent.text or "") + text
    else:
        last.tail = (last.tail or "") + text


def _libxml2(html: str, utf8: bytes | None = None):
    """The root, whether libxml2 stopped at its depth limit, and whether it ignored an
    end tag a browser would have honoured (see parse_endtags.py). `utf8` is
    `html.encode("utf-8")` when the caller holds it."""
    # (The text goes in as UTF-8, libxml2's own encoding: a str is handed over as
    # Latin-1, UTF-16 or UCS-4, by its widest character, which libxml2 converts
    # first, and that costs more than encoding it here. The same tree either way:
    # the parser is told the encoding, so a <meta charset> changes nothing.)
    parser = lxml.html.HTMLParser(encoding="utf-8", **_PARSER_OPTIONS)
    # lxml.html picks each element's class with a Python callback, run for every
    # element object lxml makes, and each stage's walk makes them all again. Every
    # element is an HtmlElement here (the form-field subclasses add only form
    # properties, which nothing reads), chosen in C.
    parser.set_element_class_lookup(etree.ElementDefaultClassLookup(
        element=lxml.html.HtmlElement, comment=lxml.html.HtmlComment,
        pi=lxml.html.HtmlProcessingInstruction, entity=lxml.html.HtmlEntity))
    try:
        root = lxml.html.document_fromstring(html.encode("utf-8") if utf8 is None else utf8,
                                             parser=parser)
    except (etree.ParserError, ValueError) as exc:
        raise ParseError(f"could not parse the page as HTML: {exc}") from exc
    errors = parser.error_log
    halted = any(e.type_name == "ERR_RESOURCE_LIMIT" for e in errors)
    return root, halted, ignored_popping_end_tag(errors)


# --- bytes and text ------------------------------------------------------------------

# A byte-order mark and the codec it names (`decode_bytes` reads them first).
_BYTE_ORDER_CODECS = ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"),
                      (codecs.BOM_UTF16_BE, "utf-16-be"))
_BYTE_ORDER_MARKS = tuple(bom for bom, _ in _BYTE_ORDER_CODECS)


def _cut_note(size: int, limit: int) -> str:
    return (f"page is {size:,} bytes; only the first {limit:,} "
            f"({limit // (1024 * 1024)} MiB) were read")


def _cap_text(html: str, limit: int) -> tuple[str, str | None]:
    if len(html) * 4 <= limit:          # cheap: no character is over 4 bytes
        return html, None
    data = html.encode("utf-8", errors="surrogatepass")
    if len(data) <= limit:
        return html, None
    # Cut at a character boundary: drop a partial sequence at the end.
    return data[:limit].decode("utf-8", errors="ignore"), _cut_note(len(data), limit)


def declared_label(data: bytes) -> str | None:
    """The charset a <meta charset> (or http-equiv) in the first 1 KiB names."""
    match = _META_CHARSET_RE.search(data[:_SNIFF_BYTES])
    return match.group(1).decode("ascii", errors="replace") if match else None


def late_label(data: bytes) -> str | None:
    """The charset a <meta charset> after the first 1 KiB names, in the head."""
    head = data[:_HEAD_BYTES]
    body = _BODY_RE.search(head)
    match = _META_CHARSET_RE.search(head, 0, body.start() if body else len(head))
    return match.group(1).decode("ascii", errors="replace") if match else None


def declared_charset(data: bytes) -> str | None:
    """The codec the page declares, if Python knows it."""
    label = declared_label(data)
    try:
        return codecs.lookup(label).name if label else None
    except LookupError:
        return None


def _cp1252_fallback(error: UnicodeError) -> tuple[str, int]:
    """Bytes that are not UTF-8 are read one by one as windows-1252 (the web's
    default legacy encoding), so mixed pages keep both halves readable."""
    if not isinstance(error, UnicodeDecodeError):
        raise error                    # registered for decoding only
    bad = error.object[error.start:error.end]
    return bad.decode("cp1252", errors="replace"), error.end


codecs.register_error("webgist-cp1252", _cp1252_fallback)


def decode_bytes(data: bytes) -> tuple[str, str | None]:
    """Text from bytes: a BOM wins, then valid UTF-8, then the declared charset, then
    (nothing declared) a non-Latin or Central European charset the text plainly fits
    (charset.py), then UTF-8 with stray bytes read as windows-1252. Never raises."""
    for bom, codec in _BYTE_ORDER_CODECS:
        if data.startswith(bom):
            text = data[len(bom):].decode(codec, errors="replace")
            return text, (f"bytes are not valid {codec} after its byte-order mark; "
                          "bad sequences replaced" if "\ufffd" in text and
                          b"\xef\xbf\xbd" not in data else None)
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError:
        pass
    declared = declared_charset(data)
    if declared and declared not in ("utf-8", "utf-16-le", "utf-16-be", "utf-16"):
        text = data.decode(declared, errors="replace")
        return text, f"bytes are not UTF-8; read as the declared charset {declared}"
    label = declared or declared_label(data)
    guessed = None if label else guess_charset(data, late_label(data))
    if guessed:
        return data.decode(guessed), ("bytes are not UTF-8 and no charset is declared; "
                                      f"read as {guessed}, guessed from the text")
    text = data.decode("utf-8", errors="webgist-cp1252")
    said = f" (declared {label})" if label else ""
    return text, (f"bytes are not valid UTF-8{said}; invalid bytes read as windows-1252")


def clean_text(html: str, notes: list[str] | None = None, *,
               surrogates_possible: bool = True, utf8: bytes | None = None) -> str:
    """Characters libxml2 cannot take, replaced so it does not stop reading at them.
    `surrogates_possible` is False for text a UTF-8 or UTF-16 decoder made, which
    holds no lone surrogate (the non-characters are still looked for). `utf8` is
    `html.encode("utf-8")` when the caller holds it (so `html` has no lone
    surrogate either). Returns `html` itself when nothing needed replacing."""
    # NUL, the control characters and the form feed are ASCII, the same byte in UTF-8
    # as the character in the text; searching the bytes costs a third of searching
    # a str wider than Latin-1 (most pages are).
    ascii_clean = utf8 is not None and not any(byte in utf8 for byte in _ASCII_UNSAFE_BYTES)
    if utf8 is not None:
        surrogates_possible = False
    if not ascii_clean and "\x00" in html:
        html = html.replace("\x00", "\ufffd")
        if notes is not None:
            notes.append("NUL characters replaced with U+FFFD")
    if _has_surrogates(html, surrogates_possible):
        html = _SURROGATE_RE.sub("\ufffd", html)
        if notes is not None:
            notes.append("lone surrogates and non-characters replaced with U+FFFD")
    if not ascii_clean and any(ch in html for ch in _CONTROL_CHARS):
        html = _CONTROL_RE.sub("", html)
        if notes is not None:
            notes.append("control characters removed")
    if not ascii_clean:
        html = html.replace("\x0c", " ")  # form feed is HTML whitespace; lxml refuses it
    declaration = _XML_DECLARATION_RE.match(html)
    if declaration:
        # lxml refuses str input that declares an encoding; the declaration says
        # nothing once the text is decoded.
        html = html[declaration.end():]
    return html


def _has_surrogates(html: str, surrogates_possible: bool = True) -> bool:
    """_SURROGATE_RE.search, without its character-by-character scan of the whole page
    (it cost more than libxml2's parse): ASCII text has none, and UTF-8 encoding,
    done in C, fails exactly at a lone surrogate. The two non-characters are
    searched for directly."""
    if html.isascii():
        return False
    if "\ufffe" in html or "\uffff" in html:
        return True
    if not surrogates_possible:
        return False
    try:
        html.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


# --- bounding the tree ---------------------------------------------------------------

_XML_UNSAFE_RE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_safe(text: str) -> str:
    """Text lxml will accept back: libxml2 itself produces characters it refuses to be
    given (`&#1;` reads as U+0001), so text moved between nodes is cleaned first."""
    return _XML_UNSAFE_RE.sub("\ufffd", text) if _XML_UNSAFE_RE.search(text) else text


def text_of_children(el) -> str:
    """The words inside `el`'s children (and their tails), flattened without
    recursion; script and style text is left out, block edges become line breaks."""
    parts: list[str] = []
    _gather_text(el, parts, own=False)
    return "".join(parts)


def _gather_text(el, parts: list[str], *, own: bool) -> None:
    """Append the text of `el`'s subtree (with `el`'s own text and edges when `own`),
    never its tail."""
    walker = etree.iterwalk(el, events=("start", "end"))
    for event, node in walker:
        if node is el and not own:
            continue
        tag = tag_of(node)
        if event == "start":
            if tag in _NON_TEXT_TAGS:
                walker.skip_subtree()
                # skip_subtree() suppresses this element's "end" event: take its tail now.
                if node.tail and node is not el:
                    parts.append(node.tail)
                continue
            if tag in _BREAKING_TAGS:
                parts.append("\n")
            if tag and node.text:
                parts.append(node.text)
        else:
            if tag in _BREAKING_TAGS:
                parts.append("\n")
            if node.tail and node is not el:
                parts.append(node.tail)


def flatten(el) -> None:
    """Replace `el`'s children by their text, appended to el.text."""
    text = text_of_children(el)
    for child in list(el):
        el.remove(child)
    if text:
        el.text = xml_safe((el.text or "") + text)


def bound_depth(root, max_depth: int) -> int:
    """Flatten every element at depth max_depth (the root is 0) that has element
    children. Returns how many elements were turned into text. The deep elements are
    found by one XPath query, evaluated in C."""
    deep = root.xpath("self::*" + "/*" * max_depth + "[*]")
    flattened = 0
    for el in deep:
        flattened += sum(1 for _ in el.iterdescendants())
        flatten(el)
    return flattened


def bound_elements(root, max_elements: int) -> tuple[int, int]:
    """Keep the first max_elements elements in document order as structure;
    everything after them becomes text in place. Returns (total, flattened)."""
    total = int(root.xpath("count(descendant-or-self::*)"))
    if total <= max_elements:
        return total, 0
    last = root.xpath(f"(descendant-or-self::*)[{max_elements}]")[0]
    # Everything after `last` in document order: its descendants, then the
    # following siblings of it and of each of its ancestors.
    flatten(last)
    node = last
    while node is not None:
        parent = node.getparent()
        if parent is None:
            break
        if node.getnext() is not None:
            pieces = [node.tail or ""]
            for sibling in node.itersiblings():
                # libxml2's HTML parser writes tags in lower case: compare them as is.
                tag = sibling.tag
                if len(sibling):
                    _gather_text(sibling, pieces, own=True)
                else:                      # a leaf, the common case: no walker needed
                    if tag in _BREAKING_TAGS:
                        pieces.append("\n")
                    if sibling.text and tag not in _NON_TEXT_TAGS:
                        pieces.append(sibling.text)
                    if tag in _BREAKING_TAGS:
                        pieces.append("\n")
                pieces.append(sibling.tail or "")
            del parent[parent.index(node) + 1:]
            node.tail = xml_safe("".join(pieces))
        node = parent
    return total, total - max_elements


def shallow_source(html: str, max_depth: int) -> str:
    """The source with every tag that would open past max_depth removed (its text
    kept). A plain tag scanner, not an HTML parser: it is used only on pages libxml2
    refused, to get their words back."""
    out: list[str] = []
    stack: list[str] = []
    lowered = None
    pos = 0
    size = len(html)
    while pos < size:
        match = _TAG_RE.search(html, pos)
        if match is None:
            out.append(html[pos:])
            break
        out.append(html[pos:match.start()])
        if match.group(1):                       # <!-- comment -->
            end = html.find("-->", match.end())
            pos = size if end < 0 else end + 3
            continue
        closing, name = match.group(2), match.group(3).lower()
        pos = match.end()
        if closing:
            keep = bool(stack) and len(stack) <= max_depth
            for reach in range(1, min(_END_TAG_REACH, len(stack)) + 1):
                if stack[-reach] == name:
                    keep = len(stack) - reach < max_depth
                    del stack[-reach:]
                    break
            out.append(match.group(0) if keep else _separator(name))
            continue
        if name in _SELF_CLOSING_SIBLINGS and stack and stack[-1] == name:
            stack.pop()
        if name in _VOID_TAGS:
            out.append(match.group(0) if len(stack) < max_depth else _separator(name))
            continue
        stack.append(name)
        kept = len(stack) <= max_depth
        out.append(match.group(0) if kept else _separator(name))
        if name in _RAW_TEXT_TAGS:
            # Script and the like end only at their own end tag.
            if lowered is None:
                lowered = html.lower()
            end = lowered.find("</" + name, pos)
            end = size if end < 0 else end
            if kept or name not in _NON_TEXT_TAGS:
                out.append(html[pos:end])
            pos = end
    return "".join(out)


def _separator(name: str) -> str:
    return "\n" if name in _BREAKING_TAGS else ""
