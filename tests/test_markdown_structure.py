"""Every fixture's Markdown parses, in a real CommonMark parser with GFM tables, as
the structures it is written to be: headings, list items, tables, fenced code and
GFM alerts. The expected files are written by hand and the engine must equal them
(test_fixtures.py), so a form no renderer reads ("term\\n: definition", an alert
marker that is not its quote's first line) fails here whichever side wrote it.

The oracle is markdown-it-py (CommonMark, with GFM's table and strikethrough
rules). The structures are found in the source by their line shapes at column 0,
outside fenced code, and each must be a token of that kind starting on that line.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

import webgist_host

PAGES = Path(__file__).parent / "pages"
FIXTURES = sorted(p for p in PAGES.iterdir()
                  if p.is_dir() and "--" in p.name and (p / "page.html").exists())
MARKDOWN_FILES = sorted(f for p in FIXTURES for f in p.glob("expected*.md"))

HEADING_RE = re.compile(r"^(#{1,6}) \S")
FENCE_RE = re.compile(r"^(`{3,}|~{3,})(.*)$")
BULLET_RE = re.compile(r"^[-*+] \S")
ORDERED_RE = re.compile(r"^\d{1,9}[.)] \S")
TABLE_DELIMITER_RE = re.compile(r"^\|(?: *:?-+:? *\|)+$")
ALERT_RE = re.compile(r"^> \[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]$")
ANY_ALERT_MARK_RE = re.compile(r"\[!(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]")


def gfm() -> MarkdownIt:
    return MarkdownIt("commonmark").enable(["table", "strikethrough"])


def _shapes(lines: list[str]) -> dict[str, list]:
    """Line numbers of each structure's start, found by shape at column 0, fenced
    code skipped (its info string kept)."""
    shapes: dict[str, list] = {"heading": [], "fence": [], "item": [], "table": [], "alert": []}
    fence = None
    for i, line in enumerate(lines):
        if fence is not None:
            if line.startswith(fence) and not line.strip(fence[0]).strip():
                fence = None
            continue
        match = FENCE_RE.match(line)
        if match:
            fence = match.group(1)
            shapes["fence"].append((i, match.group(2).strip()))
        elif HEADING_RE.match(line):
            shapes["heading"].append((i, len(HEADING_RE.match(line).group(1))))
        elif BULLET_RE.match(line) or ORDERED_RE.match(line):
            shapes["item"].append(i)
        elif (line.startswith("|") and i + 1 < len(lines)
              and TABLE_DELIMITER_RE.match(lines[i + 1].replace(" ", ""))):
            shapes["table"].append(i)
        elif ALERT_RE.match(line):
            shapes["alert"].append((i, ALERT_RE.match(line).group(1)))
    return shapes


def structure_problems(markdown: str) -> list[str]:
    """What in `markdown` does not parse as the structure its lines are shaped as."""
    lines = markdown.split("\n")
    tokens = gfm().parse(markdown)
    top = [t for t in tokens if t.level == 0 and t.map]
    problems = []
    shapes = _shapes(lines)
    headings = {t.map[0]: int(t.tag[1]) for t in top if t.type == "heading_open"}
    for line, level in shapes["heading"]:
        if headings.get(line) != level:
            problems.append(f"line {line + 1}: not a level-{level} heading: {lines[line]!r}")
    fences = {t.map[0]: t.info.strip() for t in top if t.type == "fence"}
    for line, info in shapes["fence"]:
        if fences.get(line) != info:
            problems.append(f"line {line + 1}: not a fenced code block ({info!r}): {lines[line]!r}")
    items = {t.map[0] for t in tokens if t.type == "list_item_open" and t.level == 1 and t.map}
    for line in shapes["item"]:
        if line not in items:
            problems.append(f"line {line + 1}: not a list item: {lines[line]!r}")
    tables = {t.map[0] for t in top if t.type == "table_open"}
    for line in shapes["table"]:
        if line not in tables:
            problems.append(f"line {line + 1}: not a table: {lines[line]!r}")
    problems += _alert_problems(tokens, lines, shapes["alert"])
    return problems


def _alert_problems(tokens, lines: list[str], alerts: list) -> list[str]:
    """An alert is a blockquote whose first paragraph's first line is its marker,
    and a marker appears nowhere else."""
    problems = []
    quotes = {t.map[0]: i for i, t in enumerate(tokens)
              if t.type == "blockquote_open" and t.level == 0 and t.map}
    for line, kind in alerts:
        at = quotes.get(line)
        first = next((t for t in tokens[at + 1:] if t.type == "inline"), None) if at is not None else None
        if first is None or first.content.split("\n")[0] != f"[!{kind}]":
            problems.append(f"line {line + 1}: [!{kind}] does not open its blockquote")
    marked = {line for line, _ in alerts}
    for i, line in enumerate(lines):
        if ANY_ALERT_MARK_RE.search(line) and i not in marked and not _in_fence(lines, i):
            problems.append(f"line {i + 1}: an alert marker that opens no quote: {line!r}")
    return problems


def _in_fence(lines: list[str], index: int) -> bool:
    fence = None
    for line in lines[:index]:
        if fence is not None:
            if line.startswith(fence) and not line.strip(fence[0]).strip():
                fence = None
        elif FENCE_RE.match(line):
            fence = FENCE_RE.match(line).group(1)
    return fence is not None


@pytest.mark.parametrize("path", MARKDOWN_FILES,
                         ids=[f"{p.parent.name}/{p.name}" for p in MARKDOWN_FILES])
def test_expected_markdown_parses_as_written(path: Path):
    problems = structure_problems(path.read_text(encoding="utf-8"))
    assert not problems, "\n".join(problems)


# --- the oracle itself ---------------------------------------------------------------

def test_oracle_accepts_what_renders():
    markdown = ("# Title\n\n- a\n- b\n\n1. one\n\n| x | y |\n|---|---|\n| 1 | 2 |\n\n"
                "```python\nprint(1)\n```\n\n> [!NOTE]\n> Read this.\n\n"
                "> **See also**\n>\n> [Install](i.html)\n")
    assert structure_problems(markdown) == []


@pytest.mark.parametrize("markdown, problem", [
    # A delimiter row with fewer cells than the header makes no table.
    ("| x | y |\n|---|\n", "not a table"),
    # A marker after the quote's first line, or outside any quote.
    ("> Read this.\n> [!NOTE]\n", "does not open its blockquote"),
    ("- item\n\n  # Title\n", None),
    ("-item\n", None),
    # A numbered item not starting at 1 cannot interrupt a paragraph.
    ("Steps:\n2. second\n", "not a list item"),
    # A heading line inside an unclosed HTML block is raw HTML, not a heading.
    ("<div>\n# Title\n", "not a level-1 heading"),
    ("[!WARNING] careful\n", "opens no quote"),
    # An indented block's fence is code, not a fence.
    ("    ```js\n    x\n    ```\n", None),
    ("Term\n: definition\n", None),
])
def test_oracle_rejects_what_does_not(markdown, problem):
    problems = structure_problems(markdown)
    if problem is None:
        assert problems == []
    else:
        assert any(problem in p for p in problems), problems


def test_old_definition_form_is_not_a_definition_in_gfm():
    """Why definitions are not written "term\\n: definition": GFM reads one paragraph."""
    tokens = gfm().parse("Term\n: definition\n")
    assert [t.type for t in tokens] == ["paragraph_open", "inline", "paragraph_close"]


def test_engine_output_on_alert_and_definition_markup_parses():
    html = ("<main><h1>API</h1><dl class='py function'><dt class='sig sig-object py'>"
            "<span class='sig-name descname'>f</span>(<em>x</em>)</dt><dd><p>Does f.</p>"
            "<div class='admonition warning'><p class='admonition-title'>Warning</p>"
            "<p>Slow.</p><ul><li><p>one</p></li><li><p>two</p></li></ul></div></dd></dl>"
            "<table><tr><th>a</th></tr><tr><td>1</td></tr></table></main>")
    markdown = webgist_host.convert(html, scope="page").markdown
    assert "> [!WARNING]" in markdown and "`f(x)`" in markdown
    assert structure_problems(markdown) == []
