"""`webgist batch --render N`: pages measured in reused headless Chromium."""
from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

import psutil
import pytest

from batch_support import PAGES, read_rows
from webgist_host.cli import main

pytestmark = pytest.mark.browser
ORDER_PAGES = ("order--abs-byline", "order--blog-sticky-toc")


def _expected_order(name: str) -> tuple[str, list[str]]:
    """The method and snippets of the hand-written order file."""
    method, snippets = "", []
    for line in (PAGES / f"{name}.order.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("# method:"):
            method = line.split(":", 1)[1].strip()
        elif line.strip() and not line.startswith("#"):
            snippets.append(line.strip())
    return method, snippets


def _render_processes() -> list[psutil.Process]:
    found = []
    for process in psutil.process_iter(["cmdline"]):
        if any("webgist-batch-render-" in part for part in process.info["cmdline"] or ()):
            found.append(process)
    return found


def test_rendered_pages_are_read_in_their_measured_order(tmp_path):
    folder = tmp_path / "pages"
    folder.mkdir()
    for name in ORDER_PAGES:
        shutil.copy(PAGES / f"{name}.html", folder / f"{name}.html")
    # The same page as JSONL text: rendered from a file the worker writes.
    jsonl = tmp_path / "pages.jsonl"
    html = (PAGES / f"{ORDER_PAGES[0]}.html").read_text(encoding="utf-8")
    jsonl.write_text(json.dumps({"html": html, "url": "https://example.org/a"}) + "\n")
    out = tmp_path / "out.jsonl"
    assert main(["batch", "--quiet", "--scope", "page", "--render", "2", str(folder), str(jsonl),
                 "-o", str(out)]) == 0
    rows = read_rows(out)
    assert len(rows) == 3
    for row, name in zip(rows, ORDER_PAGES + ORDER_PAGES[:1]):
        method, snippets = _expected_order(name)
        assert row["error"] is None and row["reading_order_method"] == method, row["source"]
        positions = [row["markdown"].find(snippet) for snippet in snippets]
        assert -1 not in positions, (name, snippets, row["markdown"])
        assert positions == sorted(positions), name
    assert rows[2]["markdown"] == rows[0]["markdown"]
    assert not _render_processes()


def test_a_page_that_holds_the_browser_is_an_error_row_and_leaves_no_browser(tmp_path):
    folder = tmp_path / "pages"
    folder.mkdir()
    shutil.copy(PAGES / "hostile--spins-after-load.html", folder / "1-spins.html")
    shutil.copy(PAGES / f"{ORDER_PAGES[0]}.html", folder / "2-good.html")
    out = tmp_path / "out.jsonl"
    before = set(Path(tempfile.gettempdir()).glob("webgist-batch-render-*"))
    assert main(["batch", "--quiet", "--scope", "page", "--render", "1", "--page-timeout", "6",
                 str(folder), "-o", str(out)]) == 0
    spins, good = read_rows(out)
    assert spins["markdown"] is None
    assert spins["error"] == "over the time budget: still converting after 6 s"
    assert good["error"] is None and good["reading_order_method"] == _expected_order(ORDER_PAGES[0])[0]
    assert not _render_processes()
    assert set(Path(tempfile.gettempdir()).glob("webgist-batch-render-*")) == before


def test_a_page_in_a_legacy_charset_is_rendered_as_the_static_path_reads_it_links_as_written(tmp_path):
    # The worker decodes the page (its <meta> says windows-1251) and hands the text
    # to the browser as a file: the browser must read that file as what it now is.
    folder = tmp_path / "pages"
    folder.mkdir()
    words = "Паром отходит в семь тридцать утра"
    page = ('<!doctype html><html><head><meta charset="windows-1251"><title>Паром</title></head>'
            f"<body><main><h1>Расписание</h1><p>{words}.</p>"
            '<p>See the <a href="/timetable/winter">winter timetable</a>.</p></main></body></html>')
    (folder / "ru.html").write_bytes(page.encode("windows-1251"))
    out = tmp_path / "out.jsonl"
    assert main(["batch", "--quiet", "--render", "1", str(folder), "-o", str(out)]) == 0
    static_out = tmp_path / "static.jsonl"
    assert main(["batch", "--quiet", str(folder), "-o", str(static_out)]) == 0
    (row,), (static_row,) = read_rows(out), read_rows(static_out)
    assert row["error"] is None and row["reading_order_method"] != "dom-fallback"
    assert words in row["markdown"] and "# Расписание" in row["markdown"]
    # No URL given: the link stays as the page wrote it, not resolved against the
    # worker's temporary file.
    assert "[winter timetable](/timetable/winter)" in row["markdown"]
    assert row["markdown"] == static_row["markdown"]


def test_a_saved_page_its_scripts_left_hidden_is_read_from_its_markup_and_says_so(tmp_path):
    # The page hides itself until its script (from a CDN a saved page cannot reach)
    # reveals it, as Next.js and anti-flicker snippets do.
    folder = tmp_path / "pages"
    folder.mkdir()
    (folder / "hidden.html").write_text(
        '<!doctype html><html><head><title>Tides</title>'
        '<script src="https://cdn.example.org/reveal.js"></script></head><body>'
        '<div id="app" style="visibility:hidden"><main><h1>Tide tables</h1>'
        "<p>High water at the harbour mouth comes forty minutes before it reaches the inner basin.</p>"
        "</main></div></body></html>", encoding="utf-8")
    (folder / "shown.html").write_text(
        "<!doctype html><html><head><title>Shown</title></head><body><main><h1>Shown</h1>"
        "<p>Words the browser draws, so the rendered reading stands.</p></main></body></html>",
        encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert main(["batch", "--quiet", "--render", "1", str(folder), "-o", str(out)]) == 0
    hidden, shown = read_rows(out)
    assert hidden["error"] is None
    assert "# Tide tables" in hidden["markdown"] and "forty minutes" in hidden["markdown"]
    assert hidden["reading_order_method"] == "dom-fallback"
    assert any("rendered page showed no content" in note for note in hidden["notes"])
    assert shown["reading_order_method"] != "dom-fallback"
    assert not any("rendered page showed no content" in note for note in shown["notes"])
