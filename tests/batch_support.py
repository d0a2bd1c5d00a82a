"""Small real corpora for the batch tests, built from the fixture pages: a folder,
WARC files written by warcio itself, and JSONL files."""
from __future__ import annotations

import gzip
import json
from io import BytesIO
from pathlib import Path

from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

PAGES = Path(__file__).parent / "pages"
# Fixture pages whose expected.md (written by hand) is for scope "page" and no options.
FIXTURES = ("blocks--br-br-paragraphs", "code--inline-spans", "tables--spans",
            "lists--definition-list")


def fixture_html(name: str) -> bytes:
    return (PAGES / name / "page.html").read_bytes()


def fixture_markdown(name: str) -> str:
    return (PAGES / name / "expected.md").read_text(encoding="utf-8")


def fixture_url(name: str) -> str:
    return f"https://example.org/{name}"


def read_rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def big_text_page(megabytes: int = 5) -> bytes:
    """One paragraph of `megabytes` MB: the engine takes about 2 s and grows by
    over 100 MB on it (one huge text node), so it trips a small time or memory cap."""
    return b"<html><body><p>" + b"word " * (megabytes * 200_000) + b"</p></body></html>"


def many_blocks_page(count: int = 40_000) -> bytes:
    """`count` linked paragraphs: about 1.3 s of the engine's CPU time for parsing
    and the block model alone on this project's machines (December 2026), the part
    its own time budget cannot skip, so it outlasts a budget well under a second
    however idle the machine is."""
    return ("<html><body>" + "".join(f'<div><p>para {i} <a href="/x{i}">link {i}</a></p></div>'
                                     for i in range(count)) + "</body></html>").encode()


def warc_records(records: list[tuple], *, gz: bool, id_base: int = 0) -> tuple[bytes, list[int]]:
    """A WARC written by warcio: (record type, URL, Content-Type, body[, HTTP
    status line]) each, with an HTTP response header ("200 OK" unless given) for
    response records. Record ids count from `id_base`, so a test can vary the bytes
    deterministically. Returns the file and each record's offset."""
    buffer = BytesIO()
    writer = WARCWriter(buffer, gzip=gz)
    offsets = []
    for number, (record_type, url, content_type, body, *status) in enumerate(records):
        offsets.append(buffer.tell())
        # Fixed record ids and dates: the same records make the same bytes on every
        # run, so a test that damages them damages the same bytes each time.
        fixed = {"WARC-Record-ID": f"<urn:uuid:00000000-0000-4000-8000-{id_base + number:012d}>",
                 "WARC-Date": "2026-12-03T00:00:00Z"}
        if record_type == "response":
            http = StatusAndHeaders(status[0] if status else "200 OK",
                                    [("Content-Type", content_type),
                                     ("Content-Length", str(len(body)))],
                                    protocol="HTTP/1.1")
            record = writer.create_warc_record(url, "response", payload=BytesIO(body),
                                               http_headers=http, warc_headers_dict=fixed)
        else:
            record = writer.create_warc_record(url, record_type, payload=BytesIO(body),
                                               warc_content_type=content_type,
                                               warc_headers_dict=fixed)
        writer.write_record(record)
    return buffer.getvalue(), offsets


def fixture_warc_records() -> list[tuple[str, str, str, bytes]]:
    """The fixture pages as responses, with a request record and an image between
    them (neither is a page: both are passed over)."""
    records = []
    for name in FIXTURES:
        records.append(("request", fixture_url(name), "application/http; msgtype=request",
                        b"GET / HTTP/1.1\r\nHost: example.org\r\n\r\n"))
        records.append(("response", fixture_url(name), "text/html; charset=utf-8",
                        fixture_html(name)))
        records.append(("response", fixture_url(name) + "/logo.png", "image/png",
                        b"\x89PNG\r\n\x1a\n" + b"\x00" * 32))
    return records


def write_gz(path: Path, data: bytes) -> Path:
    path.write_bytes(gzip.compress(data))
    return path
