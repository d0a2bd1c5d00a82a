"""Pages in a legacy charset that declare none (ux8 W1): the text is read in the
charset it fits, on every path that reads page bytes, and a note says it was guessed.

The pages are tests/pages/charsets/<language>-<charset>/ (see the README there).
Western pages keep the windows-1252 reading they had, and so do pages whose
non-ASCII bytes are mostly valid UTF-8.
"""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from batch_support import read_rows
from conftest import webgist_command
from webgist_host import convert
from webgist_host.batch.pagebytes import decode_page
from webgist_host.cli import main
from webgist_host.engine.dom.charset import guess_charset

CHARSETS = Path(__file__).parent / "pages" / "charsets"
PAGES = sorted(p for p in CHARSETS.iterdir() if (p / "page.html").exists())
GUESSED = [p for p in PAGES if not p.name.split("-", 1)[1].startswith("windows-1252")]
GUESS_NOTE = "bytes are not UTF-8 and no charset is declared; read as"


def _expected(page: Path) -> str:
    return (page / "expected.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_undeclared_legacy_pages_read_in_their_charset(page):
    data = (page / "page.html").read_bytes()
    assert b"charset" not in data
    doc = convert(data, scope="page")
    assert doc.markdown == _expected(page)
    guessed = page in GUESSED
    assert any(n.startswith(GUESS_NOTE) for n in doc.notes) == guessed, doc.notes
    text, error, note = decode_page(data)
    assert error is None and note is not None and note.startswith(GUESS_NOTE) == guessed
    assert convert(text, scope="page").markdown == _expected(page)


def test_batch_rows_carry_the_guess_in_their_notes(tmp_path):
    folder = tmp_path / "pages"
    folder.mkdir()
    for page in PAGES:
        (folder / f"{page.name}.html").write_bytes((page / "page.html").read_bytes())
    out = tmp_path / "out.jsonl"
    assert main(["batch", "--quiet", "--scope", "page", str(folder), "-o", str(out)]) == 0
    rows = {Path(row["source"]).stem: row for row in read_rows(out)}
    for page in PAGES:
        row = rows[page.name]
        assert row["error"] is None and row["markdown"] == _expected(page), page.name
        assert any(n.startswith(GUESS_NOTE) for n in row["notes"]) == (page in GUESSED)


def test_the_static_command_reads_and_says_so(tmp_path):
    page = CHARSETS / "ja-shift_jis"
    result = subprocess.run(webgist_command() + ["--static", "--scope", "page",
                                                 str(page / "page.html")],
                            capture_output=True, timeout=120)
    assert result.returncode == 0
    assert result.stdout.decode("utf-8") == _expected(page)
    assert f"note: {page / 'page.html'}: {GUESS_NOTE} cp932" in result.stderr.decode("utf-8")


@pytest.mark.parametrize("data", [
    # Western text with a few symbols that other charsets read as letters: "§" and
    # "·" are Thai letters in cp874, "é" a Cyrillic one in windows-1251.
    ("<p>§ 1 · Allgemeines</p>" * 40 + "<p>Caf\u00e9 cr\u00e8me, na\u00efve \u201cquotes\u201d</p>")
    .encode("cp1252"),
    # UTF-8 Russian with one stray windows-1252 paragraph: a mixed page, read as UTF-8.
    "<p>Первый автобус отправляется от вокзала.</p>".encode("utf-8") * 5
    + "<p>caf\u00e9 \u201cq\u201d</p>".encode("cp1252"),
    # Too little text to tell.
    "<p>\u00a9 2025 Société</p>".encode("cp1252"),
    # Western text whose windows-1252 reading has a symbol or two between letters
    # (not the several symbols a Central European page read so has).
    ("<p>Caf\u00e9 cr\u00e8me na\u00efve, Brand\u2122s and Acme\u00aeTools</p>" * 3)
    .encode("cp1252"),
])
def test_western_mixed_and_short_pages_keep_the_windows_1252_reading(data):
    assert guess_charset(data) is None
    assert decode_page(data).note == ("bytes are not valid UTF-8; invalid bytes read as "
                                      "windows-1252")


def test_a_central_european_page_keeps_windows_1252_when_its_reading_is_whole():
    # Hungarian read as windows-1252 ("õ" for "ő") breaks no word: too little to tell
    # from Western text by its shape, so it keeps the windows-1252 reading.
    data = ("<p>Az " + "\u0151sz " * 30 + "</p>").encode("cp1250")
    assert guess_charset(data) is None


@pytest.mark.browser
def test_batch_render_hands_the_browser_the_text_read_in_its_charset(tmp_path, browser_paths):
    folder = tmp_path / "pages"
    folder.mkdir()
    page = CHARSETS / "zh-gbk"
    (folder / "zh.html").write_bytes((page / "page.html").read_bytes())
    out = tmp_path / "out.jsonl"
    assert main(["batch", "--quiet", "--render", "1", "--scope", "page", str(folder),
                 "-o", str(out)]) == 0
    (row,) = read_rows(out)
    assert row["error"] is None and row["reading_order_method"] != "dom-fallback"
    assert row["markdown"] == _expected(page)
    assert any(n.startswith(GUESS_NOTE) for n in row["notes"])
