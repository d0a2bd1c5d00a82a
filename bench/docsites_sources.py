"""What a documentation page was built from, read for bench/docsites.py: its
section titles with levels, its code blocks with languages, its prose paragraphs as
words. Two readers: reStructuredText (Sphinx's _sources) and Markdown (Node.js's
doc/api, MkDocs' docs folder), the latter through markdown-it-py.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

ADORNMENT_CHARS = "=-`:'\"~^_*+#<>"
MIN_PARAGRAPH_WORDS = 4


@dataclass
class Source:
    headings: list = field(default_factory=list)     # (normalised text, level)
    code: list = field(default_factory=list)         # (text, language or None, named)
    paragraphs: list = field(default_factory=list)   # word lists
    # paragraph k sits under headings[sections[k]] (-1: before the first heading)
    sections: list = field(default_factory=list)
    # code index -> the index of the block it is another flavour of (one example
    # written twice, of which the page shows one at a time: see read_markdown)
    flavour_of: dict = field(default_factory=dict)


_ROLE_RE = re.compile(r":[\w:.+-]+:`([^`]*)`")
_LINK_RE = re.compile(r"`([^`<]*?)\s*<[^>]*>`__?")
_WORD_RE = re.compile(r"\w+")
CODE_DIRECTIVES = ("code-block", "sourcecode", "code", "testcode", "doctest")
# Directives whose body is not prose shown on the page (or is code).
SKIPPED_DIRECTIVES = ("toctree", "index", "productionlist", "raw", "include", "literalinclude",
                      "testsetup", "testcleanup", "testoutput", "csv-table", "list-table",
                      "table", "image", "figure", "only", "highlight", "module", "moduleauthor",
                      "sectionauthor", "currentmodule", "availability", "audit-event", "impl-detail",
                      "opcode", "program", "cmdoption", "option", "envvar", "describe", "data",
                      "function", "method", "class", "exception", "attribute", "decorator",
                      "decoratormethod", "classmethod", "staticmethod", "versionadded",
                      "versionchanged", "deprecated", "deprecated-removed", "seealso", "note",
                      "warning", "tip", "hint", "important", "caution", "danger", "attention",
                      "error", "admonition", "rubric", "glossary", "tabularcolumns", "abstractmethod",
                      "coroutinefunction", "coroutinemethod", "pdbcommand", "productionlist",
                      "doctest", "testcode", "code-block", "sourcecode", "code", "_", "|")


def plain_rst(text: str) -> str:
    """Inline reStructuredText reduced to the words a reader sees."""
    def role(match: re.Match) -> str:
        inner = match.group(1)
        inner = re.sub(r"\s*<[^>]*>$", "", inner) if "<" in inner else inner
        inner = inner.lstrip("~!")
        if match.group(0).startswith(":class:`~") or match.group(0).startswith(":func:`~"):
            inner = inner.rsplit(".", 1)[-1]
        return inner
    text = _LINK_RE.sub(r"\1", text)
    text = _ROLE_RE.sub(role, text)
    text = re.sub(r"\[#[\w-]*\]_|\[\d+\]_", "", text)
    return text.replace("``", "").replace("**", "").replace("*", "").replace("`_", "")


def words_of(text: str) -> list[str]:
    return [w.lower() for w in _WORD_RE.findall(text)]


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _is_adornment(line: str) -> bool:
    s = line.rstrip()
    return len(s) >= 3 and s[0] in ADORNMENT_CHARS and s == s[0] * len(s)


def read_rst(text: str, default_language: str | None) -> Source:
    lines = text.expandtabs(8).split("\n")
    src = Source()
    styles: list = []
    language = default_language
    i, n = 0, len(lines)

    def block_after(start: int, parent_indent: int) -> tuple[list[str], int]:
        """The indented block from `start` (blank lines included), and where it ends."""
        j = start
        body = []
        while j < n and (not lines[j].strip() or _indent(lines[j]) > parent_indent):
            body.append(lines[j])
            j += 1
        while body and not body[-1].strip():
            body.pop()
        while body and not body[0].strip():
            body.pop(0)
        return body, j

    def dedent(body: list[str]) -> str:
        width = min((_indent(b) for b in body if b.strip()), default=0)
        return "\n".join(b[width:].rstrip() for b in body).strip("\n")

    paragraph: list[str] = []
    paragraph_indent = 0

    def flush() -> None:
        if paragraph:
            joined = " ".join(p.strip() for p in paragraph)
            if not joined.startswith(">>>"):
                w = words_of(plain_rst(re.sub(r"^([-*+]|#\.|\d+\.)\s+", "", joined)))
                if len(w) >= MIN_PARAGRAPH_WORDS:
                    src.paragraphs.append(w)
                    src.sections.append(len(src.headings) - 1)
            paragraph.clear()

    while i < n:
        line = lines[i]
        stripped = line.strip()
        # Titles: text over an adornment line (with or without an overline).
        if (stripped and _indent(line) == 0 and i + 1 < n and _is_adornment(lines[i + 1])
                and not _is_adornment(line) and len(lines[i + 1].rstrip()) >= len(stripped) - 1
                and not paragraph):
            over = i > 0 and _is_adornment(lines[i - 1])
            style = (lines[i + 1][0], over)
            if style not in styles:
                styles.append(style)
            src.headings.append((" ".join(words_of(plain_rst(stripped))), styles.index(style) + 1))
            i += 2
            continue
        if _is_adornment(line) and not paragraph:
            i += 1
            continue
        if not stripped:
            flush()
            i += 1
            continue
        directive = re.match(r"^(\s*)\.\.\s+([\w:-]+)::\s*(.*)$", line)
        if directive:
            flush()
            indent, name, argument = len(directive.group(1)), directive.group(2), directive.group(3)
            body, end = block_after(i + 1, indent)
            options = [b for b in body if re.match(r"^\s*:[\w-]+:", b)]
            content = body[len(options):] if body[:len(options)] == options else body
            if name == "highlight":
                language = argument.strip() or language
            if name in CODE_DIRECTIVES:
                hidden = any(":hide:" in o for o in options)
                if content and not hidden:
                    named = name in ("code-block", "sourcecode", "code") and bool(argument.strip())
                    src.code.append((dedent(content), argument.strip() if named else language, named))
                i = end
                continue
            if name in ("note", "warning", "seealso", "tip", "hint", "important", "caution",
                        "danger", "attention", "error", "versionadded", "versionchanged",
                        "deprecated", "deprecated-removed", "function", "method", "class",
                        "exception", "attribute", "data", "decorator", "classmethod",
                        "staticmethod", "describe", "option", "envvar", "cmdoption",
                        "admonition", "impl-detail", "coroutinefunction", "coroutinemethod",
                        "abstractmethod", "decoratormethod", "only", "glossary"):
                # Prose inside: read it as if it were at this level.
                sub = read_rst(dedent(content), language) if content else Source()
                src.code += sub.code
                src.paragraphs += sub.paragraphs
                src.sections += [len(src.headings) - 1] * len(sub.paragraphs)
            i = end
            continue
        if re.match(r"^\s*\.\.(\s|$)", line):       # a comment, target or substitution
            flush()
            _, i = block_after(i + 1, _indent(line))
            continue
        if re.match(r"^\s*[+|]-", line) or re.match(r"^\s*=+(\s+=+)+\s*$", line):
            flush()                                  # a table: not measured
            j = i
            while j < n and lines[j].strip():
                j += 1
            i = j
            continue
        if stripped.startswith(">>>") and not paragraph:
            j = i
            while j < n and lines[j].strip():
                j += 1
            src.code.append((dedent(lines[i:j]), language, False))
            i = j
            continue
        if not paragraph:
            # A list item's text (and the literal block it introduces) is indented
            # past its bullet.
            bullet = re.match(r"^\s*(?:[-*+]|#\.|\d+\.)\s+", line)
            paragraph_indent = len(bullet.group(0)) if bullet else _indent(line)
        elif _indent(line) < paragraph_indent:
            flush()
            paragraph_indent = _indent(line)
        paragraph.append(line)
        if stripped.endswith("::"):
            # The paragraph introduces a literal block.
            text_line = stripped[:-2].rstrip()
            paragraph[-1] = text_line
            flush()
            j = i + 1
            while j < n and not lines[j].strip():
                j += 1
            if j < n and _indent(lines[j]) > paragraph_indent:
                body, end = block_after(j, paragraph_indent)
                src.code.append((dedent(body), language, False))
                i = end
                continue
        i += 1
    flush()
    return src




# --- Markdown ------------------------------------------------------------------------

def read_markdown(text: str, flavours: frozenset = frozenset()) -> Source:
    """Headings, fences and paragraphs as a CommonMark + GFM-tables parser reads them.
    Fences next to each other whose languages are both in `flavours` are one example
    in several flavours (Node.js's ```cjs then ```mjs, which its doc tool draws as one
    listing with a toggle): each after the first is recorded in `flavour_of`."""
    from markdown_it import MarkdownIt
    tokens = MarkdownIt("commonmark").enable(["table", "strikethrough"]).parse(text)
    src = Source()
    for k, token in enumerate(tokens):
        if token.type == "heading_open":
            src.headings.append((" ".join(words_of(inline_text(tokens[k + 1]))),
                                 int(token.tag[1])))
        elif token.type == "fence":
            info = token.info.strip().split()[0] if token.info.strip() else ""
            previous = tokens[k - 1] if k else None
            if (info in flavours and previous is not None and previous.type == "fence"
                    and src.code and src.code[-1][1] in flavours and src.code[-1][1] != info):
                first = len(src.code) - 1
                src.flavour_of[len(src.code)] = src.flavour_of.get(first, first)
            src.code.append((token.content.rstrip("\n"), info or None, bool(info)))
        elif token.type == "paragraph_open":
            words = words_of(inline_text(tokens[k + 1]))
            if len(words) >= MIN_PARAGRAPH_WORDS:
                src.paragraphs.append(words)
                src.sections.append(len(src.headings) - 1)
    return src


def inline_text(token) -> str:
    """The words an inline token shows: text, code spans, link text."""
    if not token.children:
        return token.content
    return " ".join(child.content for child in token.children
                    if child.type in ("text", "code_inline"))
