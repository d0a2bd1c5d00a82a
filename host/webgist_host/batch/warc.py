"""HTML pages out of a WARC (or WARC.gz) file, through warcio.

warcio stops at the first record it cannot parse. A crawl is worth more than
its one bad record, so after one the reader reports it and starts again at the
next record boundary it can find (the next gzip member of a .warc.gz, the next
`WARC/1.` line of a plain one).
"""
from __future__ import annotations

import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Iterator

from warcio.archiveiterator import ArchiveIterator
from warcio.exceptions import ArchiveLoadFailed

# Records that carry a fetched document; request, metadata and warcinfo records
# hold no page. A revisit record points at an earlier capture instead of holding
# one: it is passed over and counted, as a response of another type is.
PAGE_RECORD_TYPES = ("response", "resource")
REVISIT = "revisit"
# Media types read as pages. A record without one is read too: its bytes are
# checked like any other page.
HTML_MEDIA_TYPES = ("text/html", "application/xhtml+xml")
# Where a record may start again after a broken one.
GZIP_MEMBER_START = b"\x1f\x8b\x08"
WARC_RECORD_START = b"\nWARC/1."
SCAN_CHUNK = 1 << 20
# Read errors from a damaged file, as warcio and zlib raise them.
READ_ERRORS = (ArchiveLoadFailed, zlib.error, EOFError, OSError, ValueError)


@dataclass(frozen=True)
class WarcPage:
    offset: int                 # where its record starts in the file
    url: str | None
    payload: bytes | None
    charset: str | None
    error: str | None
    size: int                   # file bytes read since the previous page (progress)
    # Set (and nothing else) for a record that is not a page: "image/png",
    # "revisit", "HTTP 301 redirect". Its bytes count in the next page's size.
    skipped: str | None = None


def read_warc(path: Path) -> Iterator[WarcPage]:
    """Every HTML response in the file, in file order; a broken record is one
    WarcPage with `error` set, then reading goes on at the next record; a
    response that is not a page is one with `skipped` set."""
    with open(path, "rb") as handle:
        compressed = handle.read(2) == GZIP_MEMBER_START[:2]
        start: int | None = 0
        resynced = False
        while start is not None:
            start = yield from _read_from(handle, start, compressed, resynced)
            resynced = True


def _read_from(handle: BinaryIO, start: int, compressed: bool,
               resynced: bool) -> Iterator[WarcPage]:
    """Pages from `start` on; returns where to start again after a broken
    record, or None at the end of the file. After a resync, a failure on the
    first record means the boundary found was a false one (bytes inside the
    broken record that look like one): the scan goes on without a second error."""
    handle.seek(start)
    records = ArchiveIterator(handle, arc2warc=True)
    position = start
    read_one = False
    try:
        for record in records:
            read_one = True
            offset = records.offset       # warcio counts from the file's start
            if compressed and not _member_starts_at(handle, offset):
                # warcio reads bytes that are not a gzip member as plain text and
                # may take a damaged member, and the start of the next one, for a
                # record: a record of a .warc.gz begins a member or is broken.
                raise ValueError("no gzip member starts here: the record's first bytes "
                                 "are damaged")
            if record.rec_type not in PAGE_RECORD_TYPES + (REVISIT,):
                continue
            skipped = _not_a_page(record)
            if skipped is not None:
                yield WarcPage(offset, None, None, None, None, 0, skipped=skipped)
                continue
            page = _page(record, offset, records)
            yield WarcPage(offset, page.url, page.payload, page.charset, page.error,
                           size=max(0, handle.tell() - position))
            position = handle.tell()
        return None
    except READ_ERRORS as exc:
        offset = records.offset
        resume = _next_record(handle, offset + 1, compressed)
        if resynced and not read_one:
            return resume
        yield WarcPage(offset, None, None, None,
                       f"broken WARC record at byte {offset}: {_first_line(exc)}",
                       size=max(0, (resume or handle.seek(0, 2)) - position))
        return resume


def _page(record, offset: int, records) -> WarcPage:
    url = record.rec_headers.get_header("WARC-Target-URI")
    payload = record.content_stream().read()
    if record.raw_stream.limit > 0:
        # warcio reads a record cut short at the end of the file without a word;
        # its Content-Length says how much is missing.
        return WarcPage(offset, url, None, None,
                        f"truncated WARC record at byte {offset}: {record.raw_stream.limit} "
                        "bytes of its content are missing", 0)
    status = _status(record)
    if status >= 400:
        return WarcPage(offset, url, None, None,
                        f"HTTP {status}: the server answered with an error page", 0)
    return WarcPage(offset, url, payload, _charset(record), None, 0)


def _not_a_page(record) -> str | None:
    """Why a response or revisit record is not a page (None when it is one)."""
    if record.rec_type == REVISIT:
        return "revisit"
    media_type = _content_type(record).split(";")[0].strip().lower()
    if media_type and media_type not in HTML_MEDIA_TYPES:
        return media_type
    status = _status(record)
    if 300 <= status < 400:
        # Its body is a "moved" stub; the page it points to is a record of its own.
        return f"HTTP {status} redirect"
    return None


def _status(record) -> int:
    """The HTTP status of a response record; 0 for a record without one."""
    if record.http_headers is None:
        return 0
    code = record.http_headers.get_statuscode() or ""
    return int(code) if code.isdigit() else 0


def _content_type(record) -> str:
    if record.http_headers is not None:
        return record.http_headers.get_header("Content-Type") or ""
    return record.rec_headers.get_header("Content-Type") or ""


def _charset(record) -> str | None:
    for parameter in _content_type(record).split(";")[1:]:
        key, _, value = parameter.partition("=")
        if key.strip().lower() == "charset" and value.strip():
            return value.strip().strip("'\"")
    return None


def _member_starts_at(handle: BinaryIO, offset: int) -> bool:
    """Whether a gzip member starts at `offset`; the handle's position is kept."""
    here = handle.tell()
    handle.seek(offset)
    head = handle.read(len(GZIP_MEMBER_START))
    handle.seek(here)
    return head == GZIP_MEMBER_START


def _next_record(handle: BinaryIO, begin: int, compressed: bool) -> int | None:
    """The offset of the first record boundary at or after `begin`, or None."""
    marker = GZIP_MEMBER_START if compressed else WARC_RECORD_START
    handle.seek(begin)
    position, tail = begin, b""
    while chunk := handle.read(SCAN_CHUNK):
        window = tail + chunk
        found = window.find(marker)
        if found >= 0:
            # A plain record starts after the newline that the marker includes.
            return position - len(tail) + found + (0 if compressed else 1)
        tail = window[-len(marker) + 1:]
        position += len(chunk)
    return None


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return (text[0][:200] if text else type(exc).__name__)
