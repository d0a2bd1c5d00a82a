"""Every fixture page against its hand-written Markdown, through the whole engine.

Fixtures live in tests/fixtures as <category>--<slug>.html with a .md beside each;
the expected Markdown was written by reading the page, not by running the code.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import webgist_host

FIXTURES = Path(__file__).parent / "fixtures"
PAGES = sorted(FIXTURES.glob("*.html"))


def test_fixtures_exist():
    assert len(PAGES) >= 15


@pytest.mark.parametrize("page", PAGES, ids=[p.stem for p in PAGES])
def test_fixture_matches_expected_markdown(page: Path):
    expected_path = page.with_suffix(".md")
    assert expected_path.exists(), f"{page.name} has no expected {expected_path.name}"
    expected = expected_path.read_text(encoding="utf-8")
    html = page.read_text(encoding="utf-8")
    document = webgist_host.convert(html, scope="page")
    assert document.markdown == expected
