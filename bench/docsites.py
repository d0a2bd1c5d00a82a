#!/usr/bin/env python3
"""Real documentation generators' own pages against the sources they were built from.

    .venv/bin/python bench/docsites.py [--cpython /usr/share/doc/python3.11/html] \
        [--pages json,itertools,...] [--generators rustdoc,javadoc,doxygen] [--no-browser] \
        [--out bench-out/docsites]

Corpus: the CPython documentation as Debian's python3.11-doc installs it
(`apt-get install python3.11-doc`): Sphinx HTML (python_docs_theme) with the
reStructuredText it was built from beside it in _sources/; and the same .rst pages
rebuilt by stock Sphinx under --themes (alabaster, furo, sphinx_rtd_theme,
pydata_sphinx_theme), with a venv made under --build and filled from PyPI
(docsites_build.py); and small projects of our own built by rustdoc, javadoc and
Doxygen (docsites_generators.py), whose sources are known to the word. Nothing is
copied into the repository.

Each page is converted twice: the static path (`convert(html, url=file URL)`), and in
headless Chromium with the site's own CSS and scripts (collect.js on the loaded page,
the path users take). Both are checked against the page's .rst source:

- headings: every section title, in order, with its level (recall by longest common
  subsequence of normalised titles; level agreement over the matched ones);
- code: every literal block, code-block, doctest block and testcode body verbatim
  (after trailing-space trimming) among the output's fenced blocks, and its language
  where the source names one (for a bare `::` block, the page's highlight language or
  none is right); an example written in several flavours that the page shows one at
  a time (Node.js's ```cjs + ```mjs) is one block, right when a flavour is verbatim;
- paragraphs: each prose paragraph's words, in order, found in the output's words
  (word recall pooled over paragraphs of 4+ words; a paragraph under half found is lost),
  and found in place: under the output heading matched to the source heading it sits
  under;
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
from docsites_build import (  # noqa: E402
    MKDOCS_PACKAGES, MKDOCS_THEMES, THEMES, build_mkdocs, build_themes, ensure_sphinx, ensure_tool,
)
from docsites_generators import GENERATORS, generator_sites  # noqa: E402
from docsites_sources import (  # noqa: E402
    Source, inline_text, read_markdown, read_rst, words_of,
)

CPYTHON_HTML = Path("/usr/share/doc/python3.11/html")
# The 16 module pages issue 18 measured.
CPYTHON_PAGES = ("json", "itertools", "os.path", "pathlib", "functools", "collections", "re",
                 "datetime", "argparse", "csv", "enum", "dataclasses", "logging", "string",
                 "textwrap", "contextlib")
CPYTHON_DEFAULT_LANGUAGE = "python"
# Node.js's API docs as the nodejs package installs them: its doc tool's HTML beside
# the Markdown it was made from.
NODE_API = Path("/usr/share/doc/nodejs/api")
NODE_PAGES = ("path", "os", "timers", "tty", "querystring", "string_decoder", "readline",
              "dns", "events", "assert")
# Node.js's sources write an example for both module systems, ```cjs then ```mjs; its
# doc tool draws the pair as one listing with a toggle that shows one of them.
NODE_FLAVOURS = frozenset({"cjs", "mjs"})

# A line (or a link) that is only one of these is a control's label, not content.
CONTROL_LABELS = frozenset({
    "¶", "#", "🔗", "§", ">>>", "copy", "copied!", "copied", "copy code", "copy to clipboard",
    "edit on github", "edit this page", "show source", "view page source", "view source",
    "toggle navigation", "toggle theme", "back to top",
    # rustdoc's: the item path button, the docs' <summary>, the link to the source view.
    "copy item path", "expand description", "source", "search",
})
LOST_BELOW = 0.5
LANGUAGE_ALIASES = {"js": "javascript", "cjs": "javascript", "mjs": "javascript",
                    "python3": "python", "py": "python", "py3": "python", "pycon": "python",
                    "pytb": "python", "sh": "bash", "shell": "bash", "console": "bash",
                    "shell-session": "bash", "none": None, "text": None, "default": None}


# --- the output: Markdown ------------------------------------------------------------

_DOCTEST_FLAG_RE = re.compile(r"[ \t]*#\s*doctest:.*$", re.M)
_MD_LINK_RE = re.compile(r"\]\([^)]*\)")
_VERSION_RE = re.compile(r"v?\d+(?:\.\d+)+")
_FENCE_RE = re.compile(r"^(\s*(?:>\s?)*)(`{3,}|~{3,})(.*)$")


def markdown_parts(markdown: str) -> tuple[list, list, list[str]]:
    """(headings as (normalised text, level), code blocks as (text, language),
    the output's words in order)."""
    from markdown_it import MarkdownIt
    parser = MarkdownIt("commonmark").enable(["table", "strikethrough"])
    parser.validateLink = lambda url: True     # the pages' links are file: URLs here
    tokens = parser.parse(markdown)
    headings, code = [], []
    for k, token in enumerate(tokens):
        if token.type == "heading_open":
            headings.append((" ".join(words_of(inline_text(tokens[k + 1]))),
                             int(token.tag[1])))
        elif token.type == "fence":
            code.append((token.content.rstrip("\n"), token.info.strip() or None))
    text = _MD_LINK_RE.sub("]", markdown)
    return headings, code, words_of(text)


def section_words(markdown: str) -> list[list[str]]:
    """The output's words by section: [0] before the first heading, [j + 1] under
    heading j (the heading's own words left out)."""
    from markdown_it import MarkdownIt
    lines = markdown.split("\n")
    tokens = MarkdownIt("commonmark").enable(["table", "strikethrough"]).parse(markdown)
    starts = [(t.map[0], t.map[1]) for t in tokens if t.type == "heading_open" and t.map]
    bounds = [(0, 0)] + starts + [(len(lines), len(lines))]
    return [words_of(_MD_LINK_RE.sub("]", "\n".join(lines[bounds[k][1]:bounds[k + 1][0]])))
            for k in range(len(bounds) - 1)]


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
        # Controls side by side, with separators and version stamps ("1.0.0 · Source").
        parts = [part.strip().lower() for part in
                 re.split(r"[·|•]", re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", core))]
        parts = [part for part in parts if part and not _VERSION_RE.fullmatch(part)]
        if label in CONTROL_LABELS or parts and all(part in CONTROL_LABELS for part in parts):
            found.append(line)
        elif line.startswith("#") and any(label.endswith(" " + c) for c in CONTROL_LABELS
                                          if len(c) > 4):
            found.append(line)        # a button's label inside a heading
    return found


# --- scoring -------------------------------------------------------------------------

@dataclass
class Score:
    headings: int = 0
    headings_found: int = 0
    levels_right: int = 0
    code: int = 0
    code_verbatim: int = 0
    code_flavours: int = 0          # blocks that are another flavour of an example
    code_flavours_absent: int = 0   # ... of which the output has not that flavour
    code_named: int = 0
    code_language_right: int = 0
    code_unnamed_language_ok: int = 0
    code_unnamed: int = 0
    paragraph_words: int = 0
    paragraph_words_found: int = 0
    paragraphs: int = 0
    paragraphs_lost: list = field(default_factory=list)
    paragraphs_placed: int = 0      # found under their own section's heading
    paragraphs_misplaced: list = field(default_factory=list)
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


def _title_pairs(source: list[str], out: list[str]) -> list[tuple[int, int]]:
    """The longest in-order matching of source titles to output headings; an output
    heading matches when it starts with the title's words (generators append a
    "[src]" link or a version badge)."""
    def same(a: str, b: str) -> bool:
        return b == a or b.startswith(a + " ")
    rows, cols = len(source), len(out)
    best = [[0] * (cols + 1) for _ in range(rows + 1)]
    for i in range(rows - 1, -1, -1):
        for j in range(cols - 1, -1, -1):
            best[i][j] = (best[i + 1][j + 1] + 1 if same(source[i], out[j])
                          else max(best[i + 1][j], best[i][j + 1]))
    pairs, i, j = [], 0, 0
    while i < rows and j < cols:
        if same(source[i], out[j]) and best[i][j] == best[i + 1][j + 1] + 1:
            pairs.append((i, j))
            i, j = i + 1, j + 1
        elif best[i + 1][j] >= best[i][j + 1]:
            i += 1
        else:
            j += 1
    return pairs


def _relative(headings: list) -> list:
    top = min((level for _, level in headings), default=1)
    return [(text, level - top + 1) for text, level in headings]


def _language(value: str | None) -> str | None:
    value = (value or "").lower() or None
    return LANGUAGE_ALIASES.get(value, value) if value else None


def score_page(name: str, source: Source, markdown: str, default_language: str | None) -> Score:
    score = Score()
    out_headings, out_code, out_words = markdown_parts(markdown)
    # Levels are compared relative to each side's top level: Node.js's tool writes
    # the page title "# Path" as an <h2>.
    source_headings = _relative(source.headings)
    out_headings = _relative(out_headings)
    # Headings: longest common subsequence of titles, then their levels.
    score.headings = len(source.headings)
    pairs = _title_pairs([h for h, _ in source_headings], [h for h, _ in out_headings])
    matched = set()
    for a, b in pairs:
        matched.add(a)
        score.levels_right += source_headings[a][1] == out_headings[b][1]
    score.headings_found = len(matched)
    score.missing_headings += [f"{name}: {source.headings[k][0]!r}"
                               for k in range(len(source.headings)) if k not in matched]
    # Code blocks: verbatim among the output's fences; languages where named.
    normalised = [("\n".join(l.rstrip() for l in text.split("\n")).strip("\n"), lang)
                  for text, lang in out_code]
    # One example in several flavours (source.flavour_of) is one block, right when
    # a flavour the page shows is there verbatim: the browser path gives the flavour
    # the reader has chosen (bench/README.md, "Flavours").
    groups: dict[int, list] = {}
    for k, entry in enumerate(source.code):
        groups.setdefault(source.flavour_of.get(k, k), []).append(entry)
    for flavours in groups.values():
        found = []
        for text, language, named in flavours:
            # Sphinx shows doctests without their flags (trim_doctest_flags).
            text = _DOCTEST_FLAG_RE.sub("", text).replace("<BLANKLINE>", "")
            text = "\n".join(l.rstrip() for l in text.split("\n")).strip("\n")
            hit = next((lang for out, lang in normalised if out == text), "missing")
            if hit != "missing":
                found.append((hit, language, named))
        score.code += 1
        score.code_flavours += len(flavours) - 1
        score.code_flavours_absent += len(flavours) - max(len(found), 1)
        if not found:
            score.missing_code.append(f"{name}: {flavours[0][0][:60]!r}")
            continue
        hit, language, named = found[0]
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
    # ... and in their place: under the heading they are under in the source (between
    # the output headings matched to the source's headings around them).
    sections = section_words(markdown)
    out_of = dict(pairs)
    for words, section in zip(source.paragraphs, source.sections):
        before = [out_of[i] for i in range(section, -1, -1) if i in out_of][:1]
        after = [out_of[i] for i in range(section + 1, len(source.headings)) if i in out_of][:1]
        low = before[0] if before else -1
        high = after[0] if after else len(sections) - 1
        region = [w for part in sections[low + 1:high + 1] for w in part]
        finder.set_seq2(region)
        finder.set_seq1(words)
        if sum(b.size for b in finder.get_matching_blocks()) >= LOST_BELOW * len(words):
            score.paragraphs_placed += 1
        else:
            score.paragraphs_misplaced.append(f"{name}: {' '.join(words[:12])}")
    score.controls += [f"{name}: {line!r}" for line in control_lines(markdown)]
    score.structure += [f"{name}: {p}" for p in structure_problems(markdown)]
    return score


def _ratio(a: int, b: int) -> str:
    return f"{a / b:.3f}" if b else "n/a"


def _flavours(score: Score) -> str:
    if not score.code_flavours:
        return ""
    return f"; {score.code_flavours - score.code_flavours_absent}/{score.code_flavours} other flavours"


def report(label: str, score: Score) -> str:
    return (f"| {label} | {_ratio(score.headings_found, score.headings)} ({score.headings}) | "
            f"{_ratio(score.levels_right, score.headings_found)} | "
            f"{_ratio(score.code_verbatim, score.code)} ({score.code}"
            f"{_flavours(score)}) | "
            f"{_ratio(score.code_language_right, score.code_named)} ({score.code_named}) | "
            f"{_ratio(score.code_unnamed_language_ok, score.code_unnamed)} | "
            f"{_ratio(score.paragraph_words_found, score.paragraph_words)} | "
            f"{len(score.paragraphs_lost)}/{score.paragraphs} | "
            f"{_ratio(score.paragraphs_placed, score.paragraphs)} | {len(score.controls)} | "
            f"{len(score.structure)} |")


HEADER = ("| site, path | headings | levels | code verbatim | language (named) | language (::) | "
          "paragraph words | paragraphs lost | paragraphs in place | controls | structure problems |\n"
          "|---|---|---|---|---|---|---|---|---|---|---|")


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


def run_site(label: str, pages: list, paths: list[str], browser, out: Path,
             default_language: str | None) -> dict:
    """`pages`: (name, html path, Source). Converts each on every path and scores it."""
    totals = {p: Score() for p in paths}
    for name, html, source in pages:
        for path in paths:
            markdown = convert_static(html) if path == "static" else browser.convert(html)
            folder = out / label / path
            folder.mkdir(parents=True, exist_ok=True)
            (folder / f"{name}.md").write_text(markdown, encoding="utf-8")
            totals[path].add(score_page(name, source, markdown, default_language))
    for path in paths:
        print(report(f"{label} {path}", totals[path]), flush=True)
    return totals


def sphinx_pages(html_dir: Path, sources: Path, names: list[str]) -> list:
    pages = []
    for name in names:
        html = html_dir / "library" / f"{name}.html"
        rst = sources / "library" / f"{name}.rst.txt"
        if html.exists() and rst.exists():
            pages.append((name, html, read_rst(rst.read_text(encoding="utf-8"),
                                               CPYTHON_DEFAULT_LANGUAGE)))
    return pages


def markdown_pages(html_dir: Path, sources: Path, names: list[str], html_name) -> list:
    pages = []
    for name in names:
        html, md = html_dir / html_name(name), sources / f"{name}.md"
        if html.exists() and md.exists():
            pages.append((name, html, read_markdown(md.read_text(encoding="utf-8"),
                                                    NODE_FLAVOURS)))
    return pages


def print_losses(label: str, totals: dict, show: int) -> None:
    for path, score in totals.items():
        for kind in ("missing_headings", "missing_code", "paragraphs_lost",
                     "paragraphs_misplaced", "controls", "structure"):
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
    parser.add_argument("--node", type=Path, default=NODE_API,
                        help="Node.js's API docs: <page>.html beside <page>.md (nodejs package)")
    parser.add_argument("--node-pages", default=",".join(NODE_PAGES))
    parser.add_argument("--mkdocs-themes", default=",".join(MKDOCS_THEMES),
                        help="MkDocs themes to build the Node.js Markdown with ('' for none)")
    parser.add_argument("--generators", default=",".join(GENERATORS),
                        help="small projects built with these generators "
                             "(docsites_generators.py; '' for none)")
    parser.add_argument("--no-browser", action="store_true")
    parser.add_argument("--out", type=Path, default=REPO / "bench-out" / "docsites")
    parser.add_argument("--json", type=Path, help="write the figures here too")
    parser.add_argument("--show", type=int, default=15, help="losses listed per kind")
    args = parser.parse_args()
    if args.pages and not (args.cpython / "_sources").is_dir():
        print(f"no CPython docs with _sources at {args.cpython}: "
              "apt-get install python3.11-doc", file=sys.stderr)
        return 2
    names = [n for n in args.pages.split(",") if n]
    sources = args.cpython / "_sources"
    sites = ([("cpython", sphinx_pages(args.cpython, sources, names), CPYTHON_DEFAULT_LANGUAGE)]
             if names else [])
    themes = [t for t in args.themes.split(",") if t]
    if themes and names:
        built = build_themes(ensure_sphinx(args.build), sources, names, args.build, themes)
        sites += [(theme, sphinx_pages(folder, sources, names), CPYTHON_DEFAULT_LANGUAGE)
                  for theme, folder in built.items()]
    node_names = [n for n in args.node_pages.split(",") if n]
    if node_names and (args.node / "path.md").exists():
        sites.append(("nodejs", markdown_pages(args.node, args.node, node_names,
                                               lambda n: f"{n}.html"), None))
        mkdocs_themes = [t for t in args.mkdocs_themes.split(",") if t]
        if mkdocs_themes:
            mkdocs = ensure_tool(args.build, "mkdocs", MKDOCS_PACKAGES)
            for label, site in build_mkdocs(mkdocs, args.node, node_names, args.build,
                                            mkdocs_themes).items():
                sites.append((label, markdown_pages(site, args.node, node_names,
                                                    lambda n: f"{n}.html"), None))
    generators = [g for g in args.generators.split(",") if g]
    sites += generator_sites(args.build, generators)
    paths = ["static"] + ([] if args.no_browser else ["browser"])
    browser = BrowserPath() if "browser" in paths else None
    print(f"## Documentation generators against their sources: {len(names)} CPython pages "
          f"(.rst), {len(node_names)} Node.js API pages (.md), "
          f"generators {', '.join(generators) or 'none'}\n")
    print(HEADER)
    results = {}
    try:
        for label, pages, language in sites:
            results[label] = run_site(label, pages, paths, browser, args.out, language)
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
