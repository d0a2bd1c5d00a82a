"""Every fixture page against its hand-written Markdown, through the whole engine.

Each fixture is a directory tests/pages/<category>--<slug>/ holding:

- page.html: a small page, often a real generator's markup in miniature;
- expected.md: the Markdown, written by reading the page, never by running the code;
- options.json (optional): {"scope": "main" | "page", "url": "...", "options": {...}},
  passed to convert(); scope defaults to "page".

Loose files in tests/pages (the reading-order pages) belong to other tests.
"""
from __future__ import annotations

import difflib
import json
import re
from pathlib import Path

import pytest

import webgist_host

PAGES = Path(__file__).parent / "pages"
# Fixture folders are named <category>--<slug>; other folders under tests/pages
# (docs-sites/, whole built sites for the browser tests) are not fixtures.
FIXTURE_DIRS = [p for p in PAGES.iterdir() if p.is_dir() and "--" in p.name]
FIXTURES = sorted(p for p in FIXTURE_DIRS if (p / "page.html").exists())
DEFAULT_SCOPE = "page"
OPTION_KEYS = frozenset({"scope", "url", "options"})


def _settings(fixture: Path) -> dict:
    path = fixture / "options.json"
    if not path.exists():
        return {}
    settings = json.loads(path.read_text(encoding="utf-8"))
    unknown = set(settings) - OPTION_KEYS
    assert not unknown, f"{path}: unknown keys {sorted(unknown)}"
    return settings


def test_fixture_corpus_size():
    assert len(FIXTURES) >= 80


def test_every_fixture_directory_has_a_page():
    strays = [p.name for p in FIXTURE_DIRS if not (p / "page.html").exists()]
    assert not strays, f"fixture directories without page.html: {strays}"


@pytest.mark.parametrize("fixture", FIXTURES, ids=[p.name for p in FIXTURES])
def test_fixture_matches_expected_markdown(fixture: Path):
    expected_path = fixture / "expected.md"
    if not expected_path.exists():
        pytest.fail(f"{fixture.name} has no expected.md")
    settings = _settings(fixture)
    expected = expected_path.read_text(encoding="utf-8")
    html = (fixture / "page.html").read_text(encoding="utf-8")
    document = webgist_host.convert(
        html,
        scope=settings.get("scope", DEFAULT_SCOPE),
        url=settings.get("url"),
        options=settings.get("options"),
    )
    if document.markdown != expected:
        diff = "".join(difflib.unified_diff(
            expected.splitlines(keepends=True), document.markdown.splitlines(keepends=True),
            fromfile=f"{fixture.name}/expected.md", tofile="produced"))
        pytest.fail(f"{fixture.name}: Markdown differs from expected.md\n{diff}",
                    pytrace=False)


# A footnote reference "[^x]" (not a definition "[^x]:"), and a definition line,
# inside quotes or not. Fenced code is left out: it may spell either.
_NOTE_REFERENCE_RE = re.compile(r"\[\^([^\]\s]+)\](?!:)")
_NOTE_DEFINITION_RE = re.compile(r"^(?:>\s?)*\s*\[\^([^\]\s]+)\]:", re.M)
_FENCED_RE = re.compile(r"^```.*?^```", re.S | re.M)


def _convert(fixture: Path):
    settings = _settings(fixture)
    return webgist_host.convert(
        (fixture / "page.html").read_text(encoding="utf-8"),
        scope=settings.get("scope", DEFAULT_SCOPE),
        url=settings.get("url"),
        options=settings.get("options"),
    )


def test_every_footnote_reference_has_its_note():
    """The engine's Markdown for every fixture page never refers to a note it does
    not write (a broken "[^1]"), nor writes a note nothing refers to."""
    orphans = {}
    for fixture in FIXTURES:
        text = _FENCED_RE.sub("", _convert(fixture).markdown)
        references = set(_NOTE_REFERENCE_RE.findall(text))
        definitions = set(_NOTE_DEFINITION_RE.findall(text))
        if references != definitions:
            orphans[fixture.name] = dict(no_note=sorted(references - definitions),
                                         no_reference=sorted(definitions - references))
    assert not orphans, orphans
