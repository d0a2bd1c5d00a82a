"""Code blocks: the verbatim text of a <pre> (or of an element the browser drew as
code), the language its markup names, and the copy-button strip above it."""
from __future__ import annotations

import re
from itertools import islice
from typing import Callable

from ..dom.nodes import tag_of, text_with_breaks
from .tuning import (
    CODE_LANG_ATTRIBUTE, CODE_TABLE_DEPTH, CODE_TAGS, CODE_WRAPPER_DEPTH, CONTROL_ROLES,
    CONTROL_TAGS, COPY_WORDS, EXTENSION_LANGUAGES, FILE_NAME_ATTRIBUTES, FILE_NAME_LANGUAGES,
    HIGHLIGHTER_CLASS_WORDS, HIGHLIGHTER_MARK_WORDS, HUMAN_LANGUAGE_CODES,
    LABEL_MAX_WORDS, LANGUAGE_ANCESTOR_LEVELS, LANGUAGE_LABEL_WORDS, LINE_LISTING_CLASSES,
    LINE_NUMBER_CLASSES, LISTING_CODE_CELL_CLASS, LISTING_LINE_CLASS, NO_LANGUAGE_WORDS,
    PROSE_TAGS, STRIP_MAX_WORDS,
)
from .languages import BRUSH_ALIASES, CLASS_FURNITURE_WORDS, CLASS_WORD_LANGUAGES, LANGUAGE_NAMES, SCOPE_CLASS_PREFIXES, fence_name, scope_language

# Class prefixes highlighters use for the language: Prism/highlight.js "language-",
# Google prettify "lang-", MDN and Sphinx "highlight-", GitHub "highlight-source-",
# the Crayon WordPress plugin's "lang:python decode:true", MediaWiki's SyntaxHighlight
# (Wikipedia) "mw-highlight mw-highlight-lang-python" on the <pre>'s wrapper.
LANGUAGE_CLASS_PREFIXES = ("language-", "lang-", "highlight-source-", "highlight-", "lang:",
                           "mw-highlight-lang-")
# GitHub's source scopes are mostly the language's own id (highlight-source-gleam):
# read as written when no known name is found in them.
OPEN_SCOPE_PREFIX = "highlight-source-"
# ...and prefixes believed only before a known language name: Org mode's export
# "src src-python", Jupyter nbconvert's "highlight hl-ipython3", Jira's and
# Confluence's wiki renderer "code-java" ("code-block" names none).
# LaTeXML's listings (arXiv HTML) name theirs "ltx_lst_language_python".
KNOWN_LANGUAGE_CLASS_PREFIXES = ("src-", "hl-", "code-", "ltx_lst_language_")
# W3Schools' highlighter names the language before "High": pythonHigh, htmlHigh, jsHigh.
KNOWN_LANGUAGE_CLASS_SUFFIX = "high"
# Attributes that hold the language: Mintlify writes a bare language="tsx" on the
# <pre>, its <code> and the wrapper; Medium data-code-block-lang, the Enlighter
# WordPress plugin data-enlighter-language, Google's developer sites syntax="Java",
# Apple's DocC data-syntax.
LANGUAGE_ATTRIBUTES = ("data-lang", "data-language", "language", "data-code-block-lang",
                       "data-enlighter-language", "syntax", "data-syntax")
# Any other data attribute whose name ends in "lang" or "language" counts when its value
# is a language name: Tistory's data-ke-language, Phabricator's data-code-lang on the
# block's wrapper, GeeksforGeeks' tab panel data-code-lang.
_LANGUAGE_ATTRIBUTE_RE = re.compile(r"^data-(?:[a-z0-9]+-)+lang(?:uage)?$")
# MDN's SyntaxHighlighter convention: class="brush: js; ...", which Confluence's code
# macro writes in data-syntaxhighlighter-params.
_BRUSH_RE = re.compile(r"brush:\s*([\w+#.-]+)")
BRUSH_ATTRIBUTES = ("class", "data-syntaxhighlighter-params")
# The attributes `_language_of` reads (besides those _LANGUAGE_ATTRIBUTE_RE names).
_NAMING_ATTRIBUTES = frozenset(LANGUAGE_ATTRIBUTES + BRUSH_ATTRIBUTES)
_LANGUAGE_RE = re.compile(r"^[a-z0-9][a-z0-9_+#.-]{0,29}$")
# A human language or locale (en, pt-br, zh_cn): read as a code language only when
# it is one's known name.
_LOCALE_RE = re.compile(r"^[a-z]{2}(?:[-_][a-z]{2,4})?$")
# Block-level children that start and end a line inside code (GitHub's blob view
# and many highlighters write one <div> per line).
LINE_TAGS = frozenset({"div", "p", "li", "tr", "table", "ul", "ol", "dl", "dt", "dd",
                       "section", "article", "pre", "h1", "h2", "h3", "h4", "h5", "h6"})
# A gutter's text: line numbers, one a line (Hexo, Chroma, Pygments "linenos").
_LINE_NUMBERS_RE = re.compile(r"^\s*\d+(?:\s*\n\s*\d+)*\s*$")


# Prism's diff-highlight plugin names a diff of code in a language "diff-<language>"
# ("language-diff-javascript"): a diff, which is what a fence can say.
DIFF_LANGUAGE_PREFIX = "diff-"


def clean_language(value: str | None) -> str | None:
    value = (value or "").strip().lower()
    if not value or value in NO_LANGUAGE_WORDS or not _LANGUAGE_RE.match(value):
        return None
    diffed = value[len(DIFF_LANGUAGE_PREFIX):]
    if value.startswith(DIFF_LANGUAGE_PREFIX) and diffed in LANGUAGE_NAMES:
        return "diff"
    return fence_name(value)


def _language_of(el) -> str | None:
    """The language an element's attributes or classes name. A known name wins over
    a word only a prefix vouches for ("highlight-height language-typescript")."""
    names = el.keys()
    if not any(name in _NAMING_ATTRIBUTES or _LANGUAGE_ATTRIBUTE_RE.match(name) for name in names):
        return None         # (most wrappers, and a bare <pre> or <code>: none to read)
    unknown = None                     # the first word a prefix or attribute vouches for
    for attr in LANGUAGE_ATTRIBUTES:
        found = clean_language(el.get(attr))
        if found in LANGUAGE_NAMES:
            return found
        unknown = unknown or _plausible(found)
    for attr in names:
        if _LANGUAGE_ATTRIBUTE_RE.match(attr) and attr not in LANGUAGE_ATTRIBUTES:
            value = (el.get(attr) or "").strip().lower()
            if value in LANGUAGE_NAMES:
                return clean_language(value)
    for attr in BRUSH_ATTRIBUTES:
        brush = _BRUSH_RE.search(el.get(attr) or "")
        if brush:
            word = brush.group(1).lower()
            return BRUSH_ALIASES.get(word) or clean_language(word)
    lowered = (el.get("class") or "").lower().split()
    for token in lowered:
        scope = next((token[len(p):] for p in SCOPE_CLASS_PREFIXES if token.startswith(p)), None)
        if scope is not None:
            found = scope_language(scope)
            if found:
                return found
            if not token.startswith(OPEN_SCOPE_PREFIX):
                continue      # "source-code", highlight-text-adblock: no language
        for prefix in LANGUAGE_CLASS_PREFIXES:
            if token.startswith(prefix):
                found = clean_language(token[len(prefix):])
                if found in LANGUAGE_NAMES:
                    return found
                unknown = unknown or _plausible(found)
                break
    for token in lowered:
        for prefix in KNOWN_LANGUAGE_CLASS_PREFIXES:
            if token.startswith(prefix) and token[len(prefix):] in LANGUAGE_NAMES:
                return clean_language(token[len(prefix):])
        if token.endswith(KNOWN_LANGUAGE_CLASS_SUFFIX) and token[:-len(KNOWN_LANGUAGE_CLASS_SUFFIX)] in LANGUAGE_NAMES:
            return clean_language(token[:-len(KNOWN_LANGUAGE_CLASS_SUFFIX)])
    if not HIGHLIGHTER_MARK_WORDS.isdisjoint(lowered):
        # "highlight cpp", "python hljs", "sourceCode python": the bare word counts
        # only when it is a language ("highlight wrap" names none).
        for token in lowered:
            if token in LANGUAGE_NAMES:
                return clean_language(token)
    return unknown


def _plausible(word: str | None) -> str | None:
    """A word a prefix or attribute vouches for, unless it is or holds a wrapper's
    word ("highlight-wrapper", "lang-switch", "language-selector-box") or is a human
    language ("lang-en", "zh-cn")."""
    if (not word or _LOCALE_RE.match(word)
            or not CLASS_FURNITURE_WORDS.isdisjoint(re.split(r"[-_]", word))):
        return None
    return word


def _bare_language(el) -> str | None:
    """A <pre> or <code> whose one class word is a language: highlight.js's first
    convention (`<code class="python">`), GeSHi (`<pre class="javascript">`), knitr's
    R Markdown (`<pre class="r">`), Mermaid's diagram source (`<pre class="mermaid">`)."""
    if tag_of(el) not in ("pre", "code"):
        return None
    tokens = (el.get("class") or "").lower().split()
    if len(tokens) == 1 and tokens[0] in LANGUAGE_NAMES:
        return clean_language(tokens[0])
    # Beside other class words (a highlighter or theme we do not know: GeSHi's
    # "python highlighted_source", "line-numbers python"), one language name that
    # is no common class word.
    named = [token for token in tokens if token in LANGUAGE_NAMES]
    if len(named) == 1 and named[0] not in CLASS_WORD_LANGUAGES:
        return clean_language(named[0])
    return None


def _outside_code_table(pre):
    """The element a line-number table sits in, when `pre` is that table's code cell
    (Hexo, Chroma: table > tr > td.gutter + td.code; Pygments' table, as Sphinx and
    MkDocs Material write it, puts a <div> between: td.code > div.highlight > pre);
    else the <pre>'s parent."""
    node = pre.getparent()
    if node is not None and tag_of(node) == "div" and len(node) == 1:
        cell = node.getparent()
        if cell is not None and tag_of(cell) in ("td", "th"):
            node = cell
    if node is None or tag_of(node) not in ("td", "th"):
        return pre.getparent()
    for _ in range(CODE_TABLE_DEPTH):
        node = node.getparent()
        if node is None:
            return None
        if tag_of(node) == "table":
            return node.getparent()
    return pre.getparent()


def code_language(pre) -> str | None:
    """The language named on the <pre>, its <code> child, or a close wrapper (a
    line-number table between them does not count as a level)."""
    own = _own_listing(pre)
    candidates = list(own)
    node = _outside_code_table(pre)
    wrapper = pre.getparent()
    if node is not wrapper and wrapper is not None and tag_of(wrapper) == "div":
        candidates.append(wrapper)    # the <div> between the <pre> and its cell
    for _ in range(LANGUAGE_ANCESTOR_LEVELS):
        if node is None:
            break
        candidates.append(node)
        node = node.getparent()
    for el in candidates:
        found = _language_of(el)
        if found:
            return found
    for el in own:                # not the wrappers: a "basic" box names no language
        found = _bare_language(el) or _lang_attribute_language(el)
        if found:
            return found
    return None


def _own_listing(pre) -> list:
    """The <pre> and its first <code> child, or a lone inner <pre> and its <code>:
    mdBook writes a runnable listing one level deeper, <pre><pre class="playground">
    <code class="language-rust">. Without a <code> child, the <code> of its first
    line: Google prettify's line numbering (pre.linenums > ol > li > code.lang-js)
    wraps each line's <code> in a list item."""
    own = [pre]
    elements = [child for child in pre if tag_of(child)]
    if len(elements) == 1 and tag_of(elements[0]) == "pre":
        pre = elements[0]
        own.append(pre)
    codes = [child for child in pre if tag_of(child) == "code"][:1]
    return own + (codes or _first_line_code(pre))


# How deep a line's <code> may sit under its <pre> (pre > ol > li > code).
FIRST_LINE_CODE_DEPTH = 3


def _first_line_code(pre) -> list:
    node = pre
    for _ in range(FIRST_LINE_CODE_DEPTH):
        node = next((child for child in node if isinstance(child.tag, str)), None)
        if node is None or tag_of(node) not in LINE_TAGS | {"code"}:
            return []
        if tag_of(node) == "code":
            return [node]
    return []


def _lang_attribute_language(el) -> str | None:
    """A code language in the HTML lang attribute (CODE_LANG_ATTRIBUTE)."""
    value = (el.get(CODE_LANG_ATTRIBUTE) or "").strip().lower()
    if value in LANGUAGE_NAMES and value not in HUMAN_LANGUAGE_CODES:
        return clean_language(value)
    return None


# A <code> outside any <pre> whose class says "block" is a listing of its own (Lean's
# Verso writes code.hl.lean.block); its other class words are highlighter names
# (HIGHLIGHTER_CLASS_WORDS) or the language.
BLOCK_CODE_CLASS = "block"
# Cells write their content on one line: a <code> there stays inline.
_CELL_TAGS = ("td", "th")


def is_block_code(el) -> bool:
    if tag_of(el) != "code":
        return False
    if BLOCK_CODE_CLASS not in (el.get("class") or "").split() and not _is_broken_into_lines(el):
        return False
    return not any(tag_of(a) in ("pre", "listing", "xmp") for a in el.iterancestors())


def _is_broken_into_lines(code) -> bool:
    """A <code> standing alone in its box whose lines are <br>s: PHP's highlight_string
    (the PHP manual's div.phpcode > code, every space a &nbsp;) and forum software
    that write a listing without a <pre>."""
    if code.find(".//br") is None:
        return False
    box = code.getparent()
    if box is None or tag_of(box) in _CELL_TAGS or (code.tail or "").strip():
        return False
    if not _on_lines_of_its_own(code, box):
        return False
    return "\n" in code_text(code, lambda el: False).strip()


def _element_before(node):
    """The nearest element before `node` among its siblings (comments and processing
    instructions passed over), or None."""
    previous = node.getprevious()
    while previous is not None and not isinstance(previous.tag, str):
        previous = previous.getprevious()
    return previous


def _element_after(node):
    """The nearest element after `node` among its siblings, or None."""
    following = node.getnext()
    while following is not None and not isinstance(following.tag, str):
        following = following.getnext()
    return following


def _on_lines_of_its_own(code, box) -> bool:
    """No words and no inline element beside the <code> on its lines: what comes
    before it is a block (SMF writes div.codeheader "Code: [Select]" just before its
    code.bbc_code) or nothing, what comes after it a <br>, a block or nothing."""
    previous = _element_before(code)
    if previous is None:
        if (box.text or "").strip():
            return False
    elif tag_of(previous) not in LINE_TAGS or (previous.tail or "").strip():
        return False
    following = _element_after(code)
    return following is None or tag_of(following) == "br" or tag_of(following) in LINE_TAGS


def br_code_text(code, skip: Callable[[object], bool]) -> str:
    """A block <code> whose lines are <br>s: a source newline right after a <br> only
    lays out the source (MyBB writes "<br />" and a newline for each line), and the
    spaces a line ends in are not the code's."""
    text = text_with_breaks(code, _BR_MARK, skip)
    text = _BR_THEN_NEWLINE_RE.sub("\n", text).replace(_BR_MARK, "\n")
    return "\n".join(line.rstrip() for line in text.split("\n")).strip("\n")


def code_span_text(el) -> str:
    """The text of an inline <code> (or <kbd>...), a <br> in it a space: "a<br>b" is
    two words on two lines, never "ab"."""
    return text_with_breaks(el, " ", lambda node: False)


def block_code_text(text: str) -> str:
    """A listing outside a <pre> keeps its indentation in no-break spaces (a browser
    collapses plain ones there): they are the code's spaces."""
    return text.replace("\u00a0", " ")


def block_code_language(el) -> str | None:
    """The language of a block <code>: named the usual ways, else the one class word
    that is not a highlighter's."""
    found = code_language(el)
    if found:
        return found
    rest = [w.lower() for w in (el.get("class") or "").split()
            if w.isalpha() and w.lower() not in HIGHLIGHTER_CLASS_WORDS | NO_LANGUAGE_WORDS]
    return rest[0] if len(rest) == 1 and rest[0] in LANGUAGE_NAMES else None


def label_language(code, skip: Callable[[object], bool] = lambda el: False) -> str | None:
    """The language a label just above the block names: a chat UI's header bar
    ("python  Copy code"), a caption or title bar with a file name ("setup.py",
    MkDocs Material's span.filename, Sphinx's code-block-caption). Read from the
    element before the block, or before the wrappers it is the first child of."""
    node = code
    for _ in range(CODE_WRAPPER_DEPTH + 1):
        previous = _element_before(node)
        if previous is not None:
            if (tag_of(previous) in PROSE_TAGS or tag_of(previous) in CODE_TAGS or skip(previous)
                    or next(previous.iter("pre", "code"), None) is not None):
                return None         # a panel or a listing before it, not its label
            return _named_language(" ".join(previous.itertext()).split())
        if (node.text or "").strip():
            return None
        node = node.getparent()
        if node is None:
            return None
    return None


def names_the_listing_after(pre, text: str) -> bool:
    """A one-line <pre> that is the name of the listing just after it, not a listing:
    Quarto writes a code block's file name as div.code-with-filename-file > pre > code
    ("Terminal", "app.py"), and the listing's wrapper after it carries the same name in
    a file-name attribute (FILE_NAME_ATTRIBUTES: data-filename)."""
    name = text.strip()
    if not name:
        return False
    node = pre
    for _ in range(CODE_WRAPPER_DEPTH + 1):
        following = _element_after(node)
        if following is not None:
            return _carries_name(following, name)
        parent = node.getparent()
        if (node.tail or "").strip() or parent is None or (parent.text or "").strip() or any(
                isinstance(child.tag, str) and child is not node for child in parent):
            return False
        node = parent
    return False


def _carries_name(el, name: str) -> bool:
    """A listing whose wrapper names it `name` in a file-name attribute."""
    return any((el.get(key) or "").strip() == name for key in FILE_NAME_ATTRIBUTES) and next(
        el.iter("pre"), None) is not None


def framed_listing(pre, skip: Callable[[object], bool]) -> tuple[object, str | None] | None:
    """A <pre> drawn as a frame around one <code>, with a short label beside it (chat
    UIs put a header bar "python" and a "Copy code" button inside the <pre>): the
    <code> and the language the label names; None for any other <pre>."""
    codes = [d for d in pre.iterdescendants() if tag_of(d) == "code"]
    if len(codes) != 1 or codes[0].getparent() is pre and not _label_line_beside(codes[0], pre):
        return None
    code = codes[0]
    if _text_beside(code, pre):
        return None
    label = code_text(pre, lambda el: el is code or skip(el)).split()
    if not label or len(label) > LABEL_MAX_WORDS:
        return None
    return code, _named_language(label)


def _label_line_beside(code, pre) -> bool:
    """Whether a <code> child of the <pre> has a line of its own beside it holding
    words: Shiki's old renderer and twoslash write pre > div.language-id + code."""
    first = next((child for child in pre if isinstance(child.tag, str)), None)
    return (first is not None and first is not code and tag_of(first) in LINE_TAGS
            and bool("".join(first.itertext()).strip()))


def _text_beside(code, pre) -> bool:
    """Whether text runs beside the <code> or its wrappers inside the <pre>: then the
    <code> is a word of the listing (DocBook's <em class="replaceable"><code>cursor</code>
    </em> in "EXEC SQL OPEN cursor;"), not a frame's listing under a label bar."""
    node = code
    while node is not pre:
        parent = node.getparent()
        if parent is None:
            return False
        if (parent.text or "").strip() or any((child.tail or "").strip() for child in parent):
            return True
        node = parent
    return False


def _named_language(words: list[str]) -> str | None:
    if not words or len(words) > LABEL_MAX_WORDS:
        return None
    for position, word in enumerate(words):
        written = word.strip(":()[]")
        word = written.lower()
        if word in LANGUAGE_NAMES:
            # A common word in a caption names nothing ("Basic Usage", "Parsing C
            # code", "Limiting the diff output"); a header bar leads with the
            # language as the fence wrote it ("c Copy code").
            if (word in CLASS_WORD_LANGUAGES and len(words) > 1
                    and (written != word or position > 0)):
                continue
            return clean_language(word)
        name = word.rsplit("/", 1)[-1]
        if name in FILE_NAME_LANGUAGES:
            return FILE_NAME_LANGUAGES[name]
        if "." in name.strip("."):
            found = EXTENSION_LANGUAGES.get(name.rsplit(".", 1)[1])
            if found:
                return found
    return None


def code_text(pre, skip: Callable[[object], bool]) -> str:
    """The text exactly as written: whitespace is the meaning, <br> is a newline,
    and a block-level child (one <div> per line) is a line of its own."""
    parts: list[str] = []
    _collect(pre, skip, parts)
    text = "".join(parts)
    if text.startswith("\r\n"):
        text = text[2:]
    elif text.startswith("\n"):
        text = text[1:]       # the parser keeps the newline a browser drops after <pre>
    return text.rstrip()


def _is_line(el) -> bool:
    """A block-level child, or a highlighter's line span: Shiki and rehype-pretty-code
    write <span class="line"> (or data-line) per line, and some builds leave out the
    newline text between them, which only their stylesheet turns into lines. A
    line span only starts a line: the text after it may bring its own newline."""
    if tag_of(el) in LINE_TAGS:
        return True
    if tag_of(el) != "span":
        return False
    return el.get("data-line") is not None or "line" in (el.get("class") or "").split()


def _is_line_number(el) -> bool:
    """A line's number a highlighter wrote into the listing (LINE_NUMBER_CLASSES), or
    the number cell of a line row: a table inside the listing whose rows are a cell
    of digits, then the line (Zola's pre[data-linenos] writes tr > td 1 + td code,
    unclassed; its style sheet makes the first cell unselectable)."""
    classes = el.get("class")
    if classes and not LINE_NUMBER_CLASSES.isdisjoint(classes.split()):
        return True
    if tag_of(el) not in ("td", "th"):
        return False
    following = el.getnext()
    return (following is not None and tag_of(following) in ("td", "th")
            and el.getprevious() is None
            and _LINE_NUMBERS_RE.match("".join(el.itertext()) or "0") is not None)


def _end_line(parts: list[str]) -> None:
    """A line break unless the text already ends a line (or nothing is written yet)."""
    last = next((p for p in reversed(parts) if p), "")
    if last and not last.endswith("\n"):
        parts.append("\n")


def _collect(root, skip, parts: list[str]) -> None:
    # Iterative so a deep highlighter soup cannot exhaust the stack.
    stack = [(root, False)]
    while stack:
        el, done = stack.pop()
        if done:
            if el is not root and tag_of(el) in LINE_TAGS:
                _end_line(parts)
            if el is not root and el.tail:
                parts.append(el.tail)
            continue
        if el is not root and (not isinstance(el.tag, str) or skip(el) or _is_control(el)
                               or _is_line_number(el)):
            # A copy button inside the <pre> (Node.js's docs) is no part of the code.
            if el.tail:
                parts.append(el.tail)
            continue
        line = el is not root and _is_line(el)
        if line:
            _end_line(parts)
        if tag_of(el) == "br":
            parts.append("\n")
        elif el.text:
            parts.append(el.text)
        stack.append((el, True))
        stack.extend((child, False) for child in reversed(el))


def _classes(el) -> set[str]:
    return set((el.get("class") or "").split())


# SyntaxHighlighter writes indentation as &nbsp; (code.spaces); Doxygen's &nbsp; after
# a line's number is left as it is.
NBSP_INDENTED_LISTING = "syntaxhighlighter"


def _listing_lines(el) -> list:
    lines = [child for child in el if isinstance(child.tag, str) and tag_of(child) == "div"
             and LISTING_LINE_CLASS in _classes(child)]
    if lines:
        return lines
    # SyntaxHighlighter: the rows of the code cell, not of the gutter beside it.
    cell = next((td for td in el.iter("td") if LISTING_CODE_CELL_CLASS in _classes(td)), None)
    if cell is None:
        return []
    return [div for div in cell.iter("div") if LISTING_LINE_CLASS in _classes(div)]


# Of LINE_LISTING_CLASSES, the boxes whose lines are <br>s (W3.CSS's code box).
BR_LISTING_CLASS = "w3-code"


def is_line_listing(el) -> bool:
    """A <div> listing with no <pre>: Doxygen's div.fragment of div.line rows, or a
    code box whose lines are <br>s."""
    return (tag_of(el) == "div" and class_may_list_lines(el.get("class") or "")
            and (BR_LISTING_CLASS in _classes(el) or bool(_listing_lines(el))))


_BR_MARK = "\x00"
_BR_THEN_NEWLINE_RE = re.compile(_BR_MARK + r"\r?\n")
_SOURCE_SPACE_RE = re.compile(r"[ \t\n\r\f]+")


def br_listing_text(el, skip: Callable[[object], bool]) -> str:
    """A listing in a box that is not pre-formatted: whitespace in the source
    collapses as in prose, a <br> ends a line, no-break spaces are the indentation."""
    text = _SOURCE_SPACE_RE.sub(" ", text_with_breaks(el, _BR_MARK, skip))
    lines = [line.strip(" ").replace("\u00a0", " ").rstrip() for line in text.split(_BR_MARK)]
    return "\n".join(lines).strip("\n")


def class_may_list_lines(classes: str) -> bool:
    """is_line_listing's test of the class value, which callers may answer once per
    distinct value."""
    return not LINE_LISTING_CLASSES.isdisjoint(classes.split())


def line_listing_text(el, skip: Callable[[object], bool]) -> str:
    """The listing's lines, one a row, without the numbers written into them."""
    if BR_LISTING_CLASS in _classes(el):
        return br_listing_text(el, skip)

    def skip_numbers(node) -> bool:
        return skip(node) or not LINE_NUMBER_CLASSES.isdisjoint(_classes(node))
    lines = [code_text(line, skip_numbers) for line in _listing_lines(el) if not skip(line)]
    text = "\n".join(lines).strip("\n")
    return block_code_text(text) if NBSP_INDENTED_LISTING in _classes(el) else text


# --- the copy-button strip above a code block ------------------------------------


def _is_control(el) -> bool:
    return tag_of(el) in CONTROL_TAGS or (el.get("role") or "").strip() in CONTROL_ROLES


def _holds_control(el) -> bool:
    return any(_is_control(node) for node in el.iter() if isinstance(node.tag, str))


def listings_in(pre) -> list:
    """The <code> children of a <pre> that holds several listings side by side and
    nothing else in words (Node.js's docs: one <code> per module flavour, CommonJS
    and ES, a toggle showing one); else []."""
    codes = [child for child in pre if tag_of(child) == "code"]
    if len(codes) < 2 or (pre.text or "").strip():
        return []
    for child in pre:
        if (child.tail or "").strip():
            return []
        if tag_of(child) != "code" and not _is_control(child) and "".join(child.itertext()).strip():
            return []
    return codes


def _control_free_words(el) -> list[str]:
    """The strip's words outside its controls."""
    words: list[str] = []
    stack = [el]
    while stack:
        node = stack.pop()
        if not isinstance(node.tag, str):
            continue
        is_control = tag_of(node) in CONTROL_TAGS or (node.get("role") or "") in CONTROL_ROLES
        if node.text and not is_control:
            words += node.text.split()
        if node.tail and node is not el:
            words += node.tail.split()
        if not is_control:
            stack.extend(reversed(node))
    return words


def leads_to_code(el, is_code: Callable[[object], bool]) -> object | None:
    """The code element `el` is, or wraps through its first children; else None."""
    node = el
    for _ in range(CODE_WRAPPER_DEPTH + 1):
        if node is None or not isinstance(node.tag, str):
            return None
        if is_code(node):
            return node
        node = next((child for child in node if isinstance(child.tag, str)), None)
    return None


# A notebook's execution prompt beside a cell's code or its output ("In [3]:",
# "Out[3]:", "In [ ]:" before a cell never run): Jupyter's nbconvert (classic
# div.prompt, JupyterLab div.jp-InputPrompt) writes it in the box before the cell;
# nbconvert's own Markdown leaves it out.
_NOTEBOOK_PROMPT_RE = re.compile(r"^(?:In|Out) ?\[ ?\d* ?\]:$")


def is_copy_strip(el, code, *, language: str | None = None, after: bool = False) -> bool:
    """True when `el`, just above `code` (or just after it, `after`), is its
    label-and-copy-button strip: it holds a control, or nothing but a language name
    and copy words, in few words; after the code, also its line-number gutter."""
    if tag_of(el) in PROSE_TAGS or el.find(".//pre") is not None:
        return False
    words = _control_free_words(el)
    if after and _numbers_the_lines(words, code):
        return True
    if len(words) > STRIP_MAX_WORDS:
        return False
    if _holds_control(el):
        return True
    if not words:
        return False
    if not any(ch.isalnum() for word in words for ch in word):
        return True     # a glyph, not words: CPython's ">>>" prompt toggle, "⧉"
    if _NOTEBOOK_PROMPT_RE.match(" ".join(words)):
        return True
    labels = COPY_WORDS | LANGUAGE_LABEL_WORDS | NO_LANGUAGE_WORDS | {language or ""}
    return all(word.lower().strip(":") in labels for word in words)


def _numbers_the_lines(words: list[str], code) -> bool:
    """Words that are the listing's line numbers, one a line, counting up: the gutter
    VuePress 1 writes after the <pre> (div.line-numbers-wrapper of span.line-number
    and <br>), which its style sheet lays beside the code."""
    if not words or not all(word.isdigit() for word in words):
        return False
    numbers = [int(word) for word in words]
    if any(b != a + 1 for a, b in zip(numbers, numbers[1:])):
        return False
    return len(numbers) == code_text(code, lambda el: False).count("\n") + 1


def is_line_number_gutter(pre, text: str, is_code: Callable[[object], bool]) -> bool:
    """A <pre> holding only ascending line numbers in the cell before the code's cell
    of a line-number table: furniture, not a listing (it split Chroma's and Hexo's
    listings in two). Without a table, a <pre> of as many numbers as the lines of the
    listing just after it (sourcehut's pre.lines beside div.highlight)."""
    if not _LINE_NUMBERS_RE.match(text):
        return False
    numbers = [int(n) for n in text.split()]
    if any(b != a + 1 for a, b in zip(numbers, numbers[1:])):
        return False
    cell = pre.getparent()
    while cell is not None and tag_of(cell) not in ("td", "th"):
        cell = cell.getparent()
    if cell is None:
        if len(pre.findall("a")) != len(numbers):
            return False
        return _numbers_the_listing_after(pre, len(numbers), is_code)
    following = _element_after(cell)
    return following is not None and any(
        isinstance(node.tag, str) and is_code(node) for node in following.iter())


def _numbers_the_listing_after(pre, count: int, is_code: Callable[[object], bool]) -> bool:
    following = _element_after(pre)
    if following is None:
        return False
    listing = next((node for node in following.iter()
                    if isinstance(node.tag, str) and is_code(node)), None)
    return (listing is not None
            and code_text(listing, lambda el: False).count("\n") + 1 == count)


# nbsphinx writes a cell's execution count as a listing of its own before the cell
# (div.prompt > div.highlight > pre "[3]:"), with or without "In"/"Out".
_PROMPT_LISTING_RE = re.compile(r"^(?:In|Out)? ?\[ ?\d* ?\]:$")
PROMPT_WRAPPER_LEVELS = 3


def is_notebook_prompt(pre, text: str) -> bool:
    """A <pre> holding only a notebook's execution prompt, beside the cell it
    numbers (a next sibling of the <pre> or of the wrappers it alone fills)."""
    if not _PROMPT_LISTING_RE.match(" ".join(text.replace("\u00a0", " ").split())):
        return False
    node = pre
    for level in range(PROMPT_WRAPPER_LEVELS + 1):
        following = node.getnext() if level else None
        while following is not None and not isinstance(following.tag, str):
            following = following.getnext()
        if following is not None:
            return True
        parent = node.getparent()
        if parent is None or len([c for c in parent if isinstance(c.tag, str)]) != 1:
            return False
        node = parent
    return False


# --- a listing laid out as a table, one row a line --------------------------------

# GitHub's file view, and the Gist embed blogs paste (the same markup): a table of
# rows td.blob-num (the number, drawn by its style sheet from data-line-number) +
# td.blob-code. The language is in the table's data-tagsearch-lang ("Python"), or
# in an older embed's wrapper class "type-python".
BLOB_CODE_CLASS = "blob-code"
BLOB_LANGUAGE_ATTRIBUTE = "data-tagsearch-lang"
BLOB_TYPE_CLASS_PREFIX = "type-"
BLOB_TYPE_LEVELS = 3
# A diff's rows (td.blob-code-addition / -deletion / -hunk) are two versions side by
# side: read as one listing they would pass for code that never existed.
BLOB_DIFF_CLASSES = frozenset({"blob-code-addition", "blob-code-deletion", "blob-code-hunk"})


def blob_lines(rows: list) -> list | None:
    """The code cell of each row, when every row is a line of a GitHub blob table."""
    cells = []
    for row in rows:
        code = [cell for cell in row if isinstance(cell.tag, str)
                and BLOB_CODE_CLASS in (cell.get("class") or "").split()]
        if len(code) != 1 or not BLOB_DIFF_CLASSES.isdisjoint((code[0].get("class") or "").split()):
            return None
        cells.append(code[0])
    return cells or None


# Gitea's and Forgejo's file view: rows of td.lines-num (empty, its number drawn by
# the style sheet from data-line-number) + td.lines-code > code (div.code-inner in
# newer versions and in their code previews). Any such table counts: a first cell with
# no text but a data-line-number attribute (in it or on an element inside) and one
# other cell with content, the line; the numbers count up by one. A cell showing its
# number as text is not enough (a numbered table of commands is a table) unless the
# table carries a generator's own classes (counted_lines.counted_line_cells).
LINE_NUMBER_ATTRIBUTE = "data-line-number"


def numbered_code_lines(rows: list) -> list | None:
    """The line of each row (its cell, or the one element the cell wraps), when every
    row is a drawn line number and a line of code."""
    codes, numbers = [], []
    for row in rows:
        cells = [cell for cell in row if tag_of(cell) in ("td", "th")]
        if len(cells) < 2:
            return None
        number = _drawn_line_number(cells[0])
        if number is None:
            return None
        numbers.append(number)
        filled = [cell for cell in cells[1:] if len(cell) or (cell.text or "").strip()]
        if len(filled) != 1:
            return None
        codes.append(_line_in(filled[0]))
    if not codes or any(b != a + 1 for a, b in zip(numbers, numbers[1:])):
        return None
    return codes


# A line-number cell is small: itself and at most a few elements inside (Gitea: td >
# span). Looking no further keeps a table nested in first cells from being walked
# once per level.
LINE_NUMBER_CELL_NODES = 4


def _drawn_line_number(cell) -> int | None:
    """The number a text-less line-number cell draws from its attribute, or None."""
    nodes = list(islice(cell.iter(), LINE_NUMBER_CELL_NODES + 1))
    if len(nodes) > LINE_NUMBER_CELL_NODES or any(
            (node.text or "").strip() or (node is not cell and (node.tail or "").strip())
            for node in nodes):
        return None
    for node in nodes:
        value = node.get(LINE_NUMBER_ATTRIBUTE) if isinstance(node.tag, str) else None
        if value is not None:
            return int(value) if value.strip().isdigit() else None
    return None


def _line_in(cell):
    """The one element a cell wraps in white space (the template's indentation is no
    part of the line), else the cell."""
    elements = [child for child in cell if isinstance(child.tag, str)]
    if len(elements) == 1 and not (cell.text or "").strip() and not (elements[0].tail or "").strip():
        return elements[0]
    return cell


def blob_text(cells: list, skip: Callable[[object], bool]) -> str:
    return "\n".join(code_text(cell, skip) for cell in cells if not skip(cell)).strip("\n")


def blob_language(table) -> str | None:
    found = clean_language(table.get(BLOB_LANGUAGE_ATTRIBUTE))
    if found:
        return found
    node = table.getparent()
    for _ in range(BLOB_TYPE_LEVELS):
        if node is None:
            break
        for token in (node.get("class") or "").lower().split():
            if (token.startswith(BLOB_TYPE_CLASS_PREFIX)
                    and token[len(BLOB_TYPE_CLASS_PREFIX):] in LANGUAGE_NAMES):
                return clean_language(token[len(BLOB_TYPE_CLASS_PREFIX):])
        node = node.getparent()
    return None
