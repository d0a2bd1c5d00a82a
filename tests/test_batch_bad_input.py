"""`webgist batch` on bad input: each bad page is one error row, saying what is
wrong, and the pages after it are converted as usual."""
from __future__ import annotations

import gzip
import json

import pytest

from batch_support import (FIXTURES, fixture_html, fixture_markdown, fixture_url,
                           read_rows, warc_records)
from webgist_host.batch.warc import read_warc
from webgist_host.cli import main

GOOD = FIXTURES[0]


def batch(*argv) -> int:
    return main(["batch", "--quiet", "--scope", "page", *map(str, argv)])


@pytest.fixture
def bad_folder(tmp_path):
    """One of each bad page, each followed (in sorted order) by a good one."""
    folder = tmp_path / "pages"
    folder.mkdir()
    good = fixture_html(GOOD)
    cut = gzip.compress(good)
    pages = {
        "01-empty.html": b"",
        "03-truncated.html.gz": cut[: len(cut) // 2],
        "05-not-gzip.html.gz": b"<p>plain text named .gz</p>",
        "07-png.html": b"\x89PNG\r\n\x1a\n" + b"\x00" * 64,
        "09-binary.htm": b"\x01\x02\x00\x00" + b"\xff" * 100,
        "11-unknown-charset.html": b'<meta charset="x-no-such-charset"><p>caf\xe9 cr\xe8me</p>',
        "13-lying-utf8.html": b'<meta charset="utf-8"><p>caf\xe9 au lait</p>',
        "15-whitespace.html": b" \n\t\n",
    }
    for index, (name, data) in enumerate(pages.items()):
        (folder / name).write_bytes(data)
        (folder / f"{int(name[:2]) + 1:02d}-good.html").write_bytes(good)
    return folder


def test_each_bad_page_in_a_folder_is_one_error_row_and_the_next_page_converts(bad_folder, tmp_path):
    out = tmp_path / "out.jsonl"
    assert batch(bad_folder, "-o", out, "--jobs", "2") == 0
    rows = read_rows(out)
    assert len(rows) == 16
    bad, good = rows[0::2], rows[1::2]
    for row in good:
        assert row["error"] is None and row["markdown"] == fixture_markdown(GOOD), row["source"]
    errors = [row["error"] for row in bad]
    assert errors[0] == "empty page: 0 bytes"
    assert errors[1].startswith("truncated gzip: the data ends after ")
    assert errors[2].startswith("not valid gzip data")
    assert errors[3] == "not HTML: the bytes are a PNG image"
    assert errors[4] == "not HTML: binary data (NUL bytes in the first kilobyte)"
    assert errors[5] == "wrong charset: 'x-no-such-charset' is not a known charset"
    assert errors[6] == "wrong charset: declared utf-8, but byte 28 (0xe9) is not valid UTF-8"
    assert errors[7] == "empty page: whitespace only"
    for row in bad[:1] + bad[2:5] + bad[7:]:
        assert row["markdown"] is None
    # A charset error keeps the page, read with stray bytes as windows-1252.
    assert bad[5]["markdown"] == "café crème\n"
    assert bad[6]["markdown"] == "café au lait\n"


def test_a_gz_page_cut_short_keeps_the_markdown_of_the_part_that_was_read(tmp_path):
    # As for a wrong charset: the error is set and what could be read is kept
    # (it was an error row with 0 words). A cut before any text is an error row.
    paragraphs = [f"Paragraph {n} of the saved page, with words enough to stand alone." for n in range(400)]
    html = ("<html><body><main><h1>A long saved page</h1>"
            + "".join(f"<p>{text}</p>" for text in paragraphs) + "</main></body></html>").encode()
    packed = gzip.compress(html, compresslevel=1)
    folder = tmp_path / "pages"
    folder.mkdir()
    (folder / "cut.html.gz").write_bytes(packed[: len(packed) // 2])
    (folder / "cut-early.html.gz").write_bytes(packed[:12])
    out = tmp_path / "out.jsonl"
    assert batch(folder, "-o", out) == 0
    early, cut = read_rows(out)
    assert cut["error"].startswith("truncated gzip: the data ends after ")
    assert cut["error"].endswith("; the Markdown is of the part that was read")
    assert cut["markdown"].startswith("# A long saved page\n\nParagraph 0 of the saved page")
    assert paragraphs[50] in cut["markdown"] and paragraphs[-1] not in cut["markdown"]
    assert cut["words"] > 500
    assert early["error"].startswith("truncated gzip") and early["markdown"] is None


def test_a_broken_warc_record_is_one_error_row_and_reading_goes_on(tmp_path):
    records = [("response", fixture_url(name), "text/html", fixture_html(name)) for name in FIXTURES]
    for gz in (False, True):
        data, offsets = warc_records(records, gz=gz)
        # Record 1's first bytes overwritten: warcio cannot parse it.
        broken = data[:offsets[1]] + b"GARBAGE!" + data[offsets[1] + 8:]
        warc = tmp_path / f"broken{'.warc.gz' if gz else '.warc'}"
        warc.write_bytes(broken)
        out = tmp_path / f"out-{gz}.jsonl"
        assert batch(warc, "-o", out) == 0
        rows = read_rows(out)
        assert [r["url"] for r in rows] == [fixture_url(FIXTURES[0]), None,
                                            fixture_url(FIXTURES[2]), fixture_url(FIXTURES[3])]
        assert rows[1]["error"].startswith(f"broken WARC record at byte {offsets[1]}: ")
        assert rows[1]["source"] == f"{warc}@{offsets[1]}"
        assert [r["markdown"] for r in rows[2:]] == [fixture_markdown(n) for n in FIXTURES[2:]]


def test_a_warc_cut_short_in_its_last_record_reports_that_record(tmp_path):
    records = [("response", fixture_url(name), "text/html", fixture_html(name)) for name in FIXTURES[:2]]
    data, offsets = warc_records(records, gz=False)
    warc = tmp_path / "cut.warc"
    warc.write_bytes(data[:-60])
    out = tmp_path / "out.jsonl"
    assert batch(warc, "-o", out) == 0
    first, last = read_rows(out)
    assert first["markdown"] == fixture_markdown(FIXTURES[0])
    assert last["url"] == fixture_url(FIXTURES[1]) and last["markdown"] is None
    assert last["error"].startswith(f"truncated WARC record at byte {offsets[1]}: ")


def test_warc_records_that_claim_html_but_are_not_and_charsets_that_lie(tmp_path):
    records = [
        ("response", "https://a.example/pdf", "text/html", b"%PDF-1.7\n%binary"),
        ("response", "https://a.example/empty", "text/html", b""),
        ("response", "https://a.example/latin", "text/html; charset=utf-8", b"<p>na\xefve</p>"),
        ("response", "https://a.example/nope", "text/html; charset=klingon", b"<p>\xe9t\xe9</p>"),
        ("response", "https://a.example/ok", "text/html; charset=windows-1252", b"<p>\xe9t\xe9</p>"),
    ]
    data, _ = warc_records(records, gz=True)
    warc = tmp_path / "odd.warc.gz"
    warc.write_bytes(data)
    out = tmp_path / "out.jsonl"
    assert batch(warc, "-o", out) == 0
    pdf, empty, latin, nope, ok = read_rows(out)
    assert pdf["error"] == "not HTML: the bytes are a PDF document"
    assert empty["error"] == "empty page: 0 bytes"
    assert latin["error"] == "wrong charset: declared utf-8, but byte 5 (0xef) is not valid UTF-8"
    assert latin["markdown"] == "naïve\n"
    assert nope["error"] == "wrong charset: 'klingon' is not a known charset"
    # The transport's charset is what a page without <meta> is read in.
    assert ok["error"] is None and ok["markdown"] == "été\n"


def test_warc_records_that_are_not_pages_are_counted_and_error_statuses_are_rows(tmp_path, capsys):
    page = b"<html><body><p>The page itself.</p></body></html>"
    records = [
        ("response", "https://a.example/logo.png", "image/png", b"\x89PNG\r\n\x1a\n" + b"\x00" * 8),
        ("response", "https://a.example/old", "text/html", b"<p>Moved</p>", "301 Moved Permanently"),
        ("revisit", "https://a.example/", "application/http; msgtype=response", b""),
        ("response", "https://a.example/gone", "text/html", b"<p>Not found</p>", "404 Not Found"),
        ("response", "https://a.example/app.js", "application/javascript", b"let a = 1;"),
        ("response", "https://a.example/icon.png", "image/png", b"\x89PNG\r\n\x1a\n"),
        ("response", "https://a.example/", "text/html", page),
    ]
    data, _ = warc_records(records, gz=True)
    warc = tmp_path / "crawl.warc.gz"
    warc.write_bytes(data)
    folder = tmp_path / "pages"
    folder.mkdir()
    (folder / "page.html").write_bytes(page)
    (folder / "style.css").write_text("p { color: red }")
    out = tmp_path / "out.jsonl"
    assert main(["batch", str(warc), str(folder), "-o", str(out)]) == 0
    gone, kept, from_folder = read_rows(out)
    assert gone["url"] == "https://a.example/gone" and gone["markdown"] is None
    assert gone["error"] == "HTTP 404: the server answered with an error page"
    assert kept["markdown"] == from_folder["markdown"] == "The page itself.\n"
    summary = capsys.readouterr().err.strip().splitlines()[-1]
    assert "3 pages in" in summary and "2 converted, 1 error" in summary
    assert ("not pages, passed over: 5 WARC records (2 image/png, 1 HTTP 301 redirect, "
            "1 revisit, 1 application/javascript), 1 file in folders (1 .css)") in summary


def test_bad_jsonl_lines_are_error_rows(tmp_path):
    source = tmp_path / "dump.jsonl"
    source.write_text("\n".join([
        json.dumps({"html": "<p>first</p>"}),
        '{"html": "<p>cut',
        json.dumps(["not", "an", "object"]),
        json.dumps({"html": 42}),
        json.dumps({"html": ""}),
        json.dumps({"html": "<p>last</p>"}),
        json.dumps({"html": ["<p>", "</p>"]}),
        json.dumps({"page": "<p>elsewhere</p>"}),
    ]) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert batch(source, "-o", out) == 0
    rows = read_rows(out)
    assert [r["markdown"] for r in rows] == ["first\n", None, None, None, None, "last\n", None, None]
    assert rows[1]["error"].startswith("line 2 is not JSON: ")
    assert rows[2]["error"] == "line 3 is not a JSON object"
    # In JSON's words, not Python's ("is a int").
    assert rows[3]["error"].startswith("line 4: field 'html' is a number, not a string")
    assert rows[4]["error"] == "empty page: no text"
    assert rows[6]["error"].startswith("line 7: field 'html' is an array, not a string")
    assert rows[7]["error"].startswith("line 8: field 'html' is missing")


def test_the_summary_names_error_kinds_in_words_and_counts_in_the_singular(tmp_path, capsys):
    # It said "2 line N" (the kind cut at the first colon), "1 workers".
    source = tmp_path / "dump.jsonl"
    source.write_text("\n".join([
        json.dumps({"html": "<p>first</p>"}), '{"html": "<p>cut', json.dumps({"html": 42}),
        json.dumps({"page": "<p>x</p>"}), json.dumps([1]),
    ]) + "\n", encoding="utf-8")
    urls = tmp_path / "urls.txt"
    urls.write_text("ftp://example.org/file\n", encoding="utf-8")
    assert main(["batch", str(source), "-o", str(tmp_path / "out.jsonl"), "--jobs", "1"]) == 0
    summary = capsys.readouterr().err.strip().splitlines()[-1]
    assert "pages/s, 1 worker)" in summary, summary
    assert ("1 converted, 4 errors (2 field 'html' missing or not a string, 1 not JSON, "
            "1 not a JSON object)") in summary, summary
    assert "line N" not in summary
    from webgist_host.batch.command import error_kind
    assert error_kind("line 6 is not an http(s) URL: 'ftp://example.org/file'") == "not an http(s) URL"
    assert error_kind("broken WARC record at byte 120: bad header") == "broken WARC record"
    assert error_kind("HTTP 404: the server answered with an error page") == "HTTP 404"
    assert error_kind("unreadable from line 9 on: CRC check failed") == "unreadable"


def test_a_truncated_jsonl_gz_keeps_the_lines_before_the_cut(tmp_path):
    lines = "".join(json.dumps({"html": f"<p>page {i} " + "word " * 300 + "</p>"}) + "\n"
                    for i in range(40)).encode()
    packed = gzip.compress(lines)
    source = tmp_path / "dump.jsonl.gz"
    source.write_bytes(packed[: len(packed) * 3 // 4])
    out = tmp_path / "out.jsonl"
    assert batch(source, "-o", out) == 0
    rows = read_rows(out)
    assert rows[-1]["markdown"] is None and "unreadable from line" in rows[-1]["error"]
    assert all(row["error"] is None for row in rows[:-1]) and len(rows) > 1
    assert rows[0]["markdown"].startswith("page 0 word")


def test_an_input_batch_does_not_read_is_an_error_row(tmp_path):
    other = tmp_path / "notes.csv"
    other.write_text("id,title\n1,hello\n")
    page = tmp_path / "page.html"
    page.write_bytes(fixture_html(GOOD))
    out = tmp_path / "out.jsonl"
    assert batch(other, page, "-o", out) == 0
    unread, converted = read_rows(out)
    assert unread["error"].startswith("not an input webgist batch reads")
    assert converted["markdown"] == fixture_markdown(GOOD)


def test_a_damaged_gzip_member_never_takes_the_next_record_with_it(tmp_path):
    """warcio reads a member whose gzip header is damaged as plain text, and now and
    then takes it, with the start of the next member, for a record. Forty different
    files (the record ids vary the compressed bytes) must each give the damaged
    record as one error and every other page whole, at the right offsets."""
    records = [("response", fixture_url(name), "text/html", fixture_html(name)) for name in FIXTURES]
    for id_base in range(0, 4000, 100):
        data, offsets = warc_records(records, gz=True, id_base=id_base)
        warc = tmp_path / f"damaged-{id_base}.warc.gz"
        warc.write_bytes(data[:offsets[1]] + b"GARBAGE!" + data[offsets[1] + 8:])
        pages = [page for page in read_warc(warc) if page.skipped is None]
        assert [(p.offset, p.url, p.error is None) for p in pages] == [
            (offsets[0], fixture_url(FIXTURES[0]), True), (offsets[1], None, False),
            (offsets[2], fixture_url(FIXTURES[2]), True),
            (offsets[3], fixture_url(FIXTURES[3]), True)], id_base


def test_render_without_chromium_advises_dropping_render_not_a_static_flag(tmp_path, capsys,
                                                                             monkeypatch):
    # The CLI's hint says "or run with --static"; batch has no --static.
    (tmp_path / "a.html").write_bytes(fixture_html(FIXTURES[0]))
    monkeypatch.setenv("WEBGIST_CHROMIUM", str(tmp_path / "no-chromium"))
    assert main(["batch", "--quiet", str(tmp_path / "a.html"), "-o", str(tmp_path / "out.jsonl"),
                 "--render", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("webgist batch: --render needs Chromium: Chromium not found."), err
    assert "--static" not in err and "drop --render" in err and "apt-get install" in err, err
    assert not (tmp_path / "out.jsonl").exists()
