#!/usr/bin/env python3
"""Real documentation generators' own pages against the sources they were built from.

    .venv/bin/python bench/docsites.py [--cpython /usr/share/doc/python3.11/html] \
        [--pages json,itertools,...] [--no-browser] [--out bench-out/docsites]

Corpus: the CPython documentation as Debian's python3.11-doc installs it
(`apt-get install python3.11-doc`): Sphinx HTML (python_docs_theme) with the
reStructuredText it was built from beside it in _sources/; and the same .rst pages
rebuilt by stock Sphinx under --themes (alabaster, furo, sphinx_rtd_theme,
pydata_sphinx_theme), with a venv made under --build and filled from PyPI
(docsites_build.py). Nothing is copied into the repository.

Each page is converted twice: the static path (`convert(html, url=file URL)`), and in
headless Chromium with the site's own CSS and scripts (collect.js on the loaded page,
the path users take). Both are checked against the page's .rst source:

- headings: every section title, in order, with its level (recall by longest common
  subsequence of normalised titles; level agreement over the matched ones);
- code: every literal block, code-block, doctest block and testcode body verbatim
  (after trailing-space trimming) among the output's fenced blocks, and its language
  where the source names one (for a bare `::` block, the page's highlight language or
  none is right);
- paragraphs: each prose paragraph's words, in order, found in the output's words
  (word recall pooled over paragraphs of 4+ words; a paragraph under half found is lost);
- controls: output lines (or links) that are only a control's label;
- structure: every output parses in markdown-it-py as the headings, items, tables,
  fences and alerts its lines are shaped as (tests/test_markdown_structure.py's oracle).

Prints one row per path and a list of what was lost; per-page Markdown goes to --out.
"""
from __future__ import annotations

import argparse
import difflib
import json
import re
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "host"))
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO / "bench"))

import webgist_host  # noqa: E402
from test_markdown_structure import structure_problems  # noqa: E402
from docsites_build import THEMES, build_themes, ensure_sphinx  # noqa: E402

CPYTHON_HTML = Path("/usr/share/doc/python3.11/html")
# The 16 module pages issue 18 measured.
CPYTHON_PAGES = ("json", "itertools", "os.path", "pathlib", "functools", "collections", "re",
                 "datetime", "argparse", "csv", "enum", "dataclasses", "logging", "string",
                 "textwrap", "contextlib")
CPYTHON_DEFAULT_LANGUAGE = "python"

# A line (or a link) that is only one of these is a control's label, not content.
CONTROL_LABELS = frozenset({
    "¶", "#", "🔗", "§", ">>>", "copy", "copied!", "copied", "copy code", "copy to clipboard",
    "edit on github", "edit this page", "show source", "view page source", "view source",
    "toggle navigation", "toggle theme", "back to top",
})
ADORNMENT_CHARS = "=-`:'\"~^_*+#<>"
MIN_PARAGRAPH_WORDS = 4
LOST_BELOW = 0.5
LANGUAGE_ALIASES = {"python3": "python", "py": "python", "py3": "python", "pycon": "python",
                    "pytb": "python", "sh": "bash", "shell": "bash", "console": "bash",
                    "shell-session": "bash", "none": None, "text": None, "default": None}


# --- the source: reStructuredText ---------------------------------------------------

@dataclass
class Source:
    headings: list = field(default_factory=list)     # (normalised text, level)
    code: list = field(default_factory=list)         # (text, language or None, named)
    paragraphs: list = field(default_factory=list)   # word lists


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


# --- the output: Markdown ------------------------------------------------------------

_DOCTEST_FLAG_RE = re.compile(r"[ \t]*#\s*doctest:.*$", re.M)
_MD_LINK_RE = re.compile(r"\]\([^)]*\)")
_FENCE_RE = re.compile(r"^(\s*(?:>\s?)*)(`{3,}|~{3,})(.*)$")


def markdown_parts(markdown: str) -> tuple[list, list, list[str]]:
    """(headings as (normalised text, level), code blocks as (text, language),
    the output's words in order)."""
    from markdown_it import MarkdownIt
    tokens = MarkdownIt("commonmark").enable(["table", "strikethrough"]).parse(markdown)
    headings, code = [], []
    for k, token in enumerate(tokens):
        if token.type == "heading_open":
            title = _MD_LINK_RE.sub("]", tokens[k + 1].content.replace("\\", ""))
            headings.append((" ".join(words_of(title)),
                             int(token.tag[1])))
        elif token.type == "fence":
            code.append((token.content.rstrip("\n"), token.info.strip() or None))
    text = _MD_LINK_RE.sub("]", markdown)
    return headings, code, words_of(text)


def control_lines(markdown: str) -> list[str]:
    found = []
    fence = False
    for line in markdown.split("\n"):
        if _FENCE_RE.match(line):
            fence = not fence
            continue
        if fence:
            continue
        core = line.strip().lstrip(">-* ").replace("\\", "").strip()
        link = re.fullmatch(r"\[([^\]]*)\]\([^)]*\)", core)
        label = (link.group(1) if link else core).strip().lower()
        if label in CONTROL_LABELS:
            found.append(line)
    return found


# --- scoring -------------------------------------------------------------------------

@dataclass
class Score:
    headings: int = 0
    headings_found: int = 0
    levels_right: int = 0
    code: int = 0
    code_verbatim: int = 0
    code_named: int = 0
    code_language_right: int = 0
    code_unnamed_language_ok: int = 0
    code_unnamed: int = 0
    paragraph_words: int = 0
    paragraph_words_found: int = 0
    paragraphs: int = 0
    paragraphs_lost: list = field(default_factory=list)
    controls: list = field(default_factory=list)
    structure: list = field(default_factory=list)
    missing_headings: list = field(default_factory=list)
    missing_code: list = field(default_factory=list)

    def add(self, other: "Score") -> None:
        for name, value in vars(other).items():
            if isinstance(value, list):
                getattr(self, name).extend(value)
            else:
                setattr(self, name, getattr(self, name) + value)


def _language(value: str | None) -> str | None:
    value = (value or "").lower() or None
    return LANGUAGE_ALIASES.get(value, value) if value else None


def score_page(name: str, source: Source, markdown: str, default_language: str | None) -> Score:
    score = Score()
    out_headings, out_code, out_words = markdown_parts(markdown)
    # Headings: longest common subsequence of titles, then their levels.
    matcher = difflib.SequenceMatcher(None, [h for h, _ in source.headings],
                                      [h for h, _ in out_headings], autojunk=False)
    score.headings = len(source.headings)
    matched = set()
    for block in matcher.get_matching_blocks():
        for k in range(block.size):
            matched.add(block.a + k)
            if source.headings[block.a + k][1] == out_headings[block.b + k][1]:
                score.levels_right += 1
    score.headings_found = len(matched)
    score.missing_headings += [f"{name}: {source.headings[k][0]!r}"
                               for k in range(len(source.headings)) if k not in matched]
    # Code blocks: verbatim among the output's fences; languages where named.
    normalised = [("\n".join(l.rstrip() for l in text.split("\n")).strip("\n"), lang)
                  for text, lang in out_code]
    for text, language, named in source.code:
        # Sphinx shows doctests without their flags (trim_doctest_flags).
        text = _DOCTEST_FLAG_RE.sub("", text).replace("<BLANKLINE>", "")
        text = "\n".join(l.rstrip() for l in text.split("\n")).strip("\n")
        score.code += 1
        hit = next((lang for out, lang in normalised if out == text), "missing")
        if hit == "missing":
            score.missing_code.append(f"{name}: {text[:60]!r}")
            continue
        score.code_verbatim += 1
        if named:
            score.code_named += 1
            score.code_language_right += _language(hit) == _language(language)
        else:
            score.code_unnamed += 1
            score.code_unnamed_language_ok += _language(hit) in (
                None, _language(language), _language(default_language))
    # Paragraph words, in order, anywhere in the output.
    finder = difflib.SequenceMatcher(None, autojunk=False)
    finder.set_seq2(out_words)
    for words in source.paragraphs:
        finder.set_seq1(words)
        found = sum(b.size for b in finder.get_matching_blocks())
        score.paragraphs += 1
        score.paragraph_words += len(words)
        score.paragraph_words_found += found
        if found < LOST_BELOW * len(words):
            score.paragraphs_lost.append(f"{name}: {' '.join(words[:12])}")
    score.controls += [f"{name}: {line!r}" for line in control_lines(markdown)]
    score.structure += [f"{name}: {p}" for p in structure_problems(markdown)]
    return score


def _ratio(a: int, b: int) -> str:
    return f"{a / b:.3f}" if b else "n/a"


def report(label: str, score: Score) -> str:
    return (f"| {label} | {_ratio(score.headings_found, score.headings)} ({score.headings}) | "
            f"{_ratio(score.levels_right, score.headings_found)} | "
            f"{_ratio(score.code_verbatim, score.code)} ({score.code}) | "
            f"{_ratio(score.code_language_right, score.code_named)} ({score.code_named}) | "
            f"{_ratio(score.code_unnamed_language_ok, score.code_unnamed)} | "
            f"{_ratio(score.paragraph_words_found, score.paragraph_words)} | "
            f"{len(score.paragraphs_lost)}/{score.paragraphs} | {len(score.controls)} | "
            f"{len(score.structure)} |")


HEADER = ("| site, path | headings | levels | code verbatim | language (named) | language (::) | "
          "paragraph words | paragraphs lost | controls | structure problems |\n"
          "|---|---|---|---|---|---|---|---|---|---|")


# --- the two paths -------------------------------------------------------------------

def convert_static(path: Path) -> str:
    html = path.read_bytes()
    return webgist_host.convert(html, url=path.as_uri(), scope="main").markdown


class BrowserPath:
    """One headless Chromium for every page: load the page with its CSS and scripts,
    run collect.js, convert with the boxes."""

    def __init__(self):
        from webgist_host.cli.browser import set_viewport, start_chromium
        self.profile = tempfile.mkdtemp(prefix="webgist-docsites-")
        self.driver = start_chromium(self.profile)
        set_viewport(self.driver)
        self.driver.set_page_load_timeout(30)

    def convert(self, path: Path) -> str:
        from webgist_host.cli.browser import run_collect
        self.driver.get(path.as_uri())
        time.sleep(0.3)      # the page's own scripts (jQuery ready handlers) run
        capture = run_collect(self.driver)
        return webgist_host.convert(capture["html"], url=path.as_uri(), geometry=capture,
                                    scope="main").markdown

    def close(self) -> None:
        self.driver.quit()
        shutil.rmtree(self.profile, ignore_errors=True)


def run_site(label: str, html_dir: Path, sources: Path, pages: list[str], paths: list[str],
             browser, out: Path, show: int) -> dict:
    totals = {p: Score() for p in paths}
    for name in pages:
        html = html_dir / "library" / f"{name}.html"
        rst = sources / "library" / f"{name}.rst.txt"
        if not html.exists():
            continue
        source = read_rst(rst.read_text(encoding="utf-8"), CPYTHON_DEFAULT_LANGUAGE)
        for path in paths:
            markdown = convert_static(html) if path == "static" else browser.convert(html)
            folder = out / label / path
            folder.mkdir(parents=True, exist_ok=True)
            (folder / f"{name}.md").write_text(markdown, encoding="utf-8")
            totals[path].add(score_page(name, source, markdown, CPYTHON_DEFAULT_LANGUAGE))
    for path in paths:
        print(report(f"{label} {path}", totals[path]))
    return totals


def print_losses(label: str, totals: dict, show: int) -> None:
    for path, score in totals.items():
        for kind in ("missing_headings", "missing_code", "paragraphs_lost", "controls",
                     "structure"):
            items = getattr(score, kind)
            if items:
                print(f"\n{label} {path} {kind} ({len(items)}):")
                for item in items[:show]:
                    print(f"  {item}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cpython", type=Path, default=CPYTHON_HTML,
                        help="the CPython HTML docs with _sources (python3.11-doc)")
    parser.add_argument("--pages", default=",".join(CPYTHON_PAGES))
    parser.add_argument("--themes", default=",".join(THEMES),
                        help="Sphinx themes to rebuild the pages with ('' for none)")
    parser.add_argument("--build", type=Path, default=REPO / "bench-out" / "docsites-build",
                        help="where the Sphinx venv and the rebuilt sites go")
    parser.add_argument("--no-browser", action="store_true")
    parser.add_argument("--out", type=Path, default=REPO / "bench-out" / "docsites")
    parser.add_argument("--json", type=Path, help="write the figures here too")
    parser.add_argument("--show", type=int, default=15, help="losses listed per kind")
    args = parser.parse_args()
    if not (args.cpython / "_sources").is_dir():
        print(f"no CPython docs with _sources at {args.cpython}: "
              "apt-get install python3.11-doc", file=sys.stderr)
        return 2
    pages = args.pages.split(",")
    sources = args.cpython / "_sources"
    sites = [("cpython", args.cpython)]
    themes = [t for t in args.themes.split(",") if t]
    if themes:
        sphinx_build = ensure_sphinx(args.build)
        built = build_themes(sphinx_build, sources, pages, args.build, themes)
        sites += [(theme, folder) for theme, folder in built.items()]
    paths = ["static"] + ([] if args.no_browser else ["browser"])
    browser = BrowserPath() if "browser" in paths else None
    print(f"## {len(pages)} CPython 3.11 module pages against their .rst: the python3.11-doc "
          f"build (python_docs_theme) and stock Sphinx rebuilds per theme\n")
    print(HEADER)
    results = {}
    try:
        for label, folder in sites:
            results[label] = run_site(label, folder, sources, pages, paths, browser, args.out,
                                      args.show)
    finally:
        if browser is not None:
            browser.close()
    for label, totals in results.items():
        print_losses(label, totals, args.show)
    if args.json:
        args.json.write_text(json.dumps(
            {label: {p: {k: (len(v) if isinstance(v, list) else v) for k, v in vars(s).items()}
                     for p, s in totals.items()} for label, totals in results.items()},
            indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
