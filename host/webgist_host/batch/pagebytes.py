"""From the bytes a corpus holds to HTML text, or a clear reason why not.

Corpora hold whatever a crawler got: empty bodies, images and PDFs served as
pages, gzip files cut short, charsets that lie. Each of those is one error row
in `webgist batch`, never an exception that stops the run.
"""
from __future__ import annotations

import codecs
import zlib
from typing import NamedTuple

from ..engine.dom.parse import decode_bytes, declared_label
from ..engine.limits import MAX_INPUT_BYTES

# Leading bytes of the binary formats crawls most often serve in place of a page;
# a body that starts with one is not HTML, whatever its headers claim.
BINARY_SIGNATURES = (
    (b"%PDF-", "a PDF document"),
    (b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF87a", "a GIF image"),
    (b"GIF89a", "a GIF image"),
    (b"RIFF", "a RIFF file (WebP image, WAV audio)"),
    (b"PK\x03\x04", "a ZIP archive (or an Office document)"),
    (b"\x1f\x8b", "gzip-compressed data"),
    (b"\x00\x00\x01\x00", "an icon"),
    (b"wOFF", "a web font"),
    (b"wOF2", "a web font"),
    (b"\x7fELF", "a program"),
)
# Text never holds NUL bytes; binary data nearly always does within its first
# kilobyte. UTF-16 text is the exception, and it starts with a byte-order mark.
SNIFF_BYTES = 1024
UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)


class PageError(ValueError):
    """The bytes are not a page webgist can read; the message says why."""


class TruncatedGzip(PageError):
    """A .gz cut short; `partial` holds what was decoded before the cut."""

    def __init__(self, message: str, partial: bytes):
        super().__init__(message)
        self.partial = partial


def gunzip(data: bytes, limit: int = MAX_INPUT_BYTES) -> bytes:
    """A .gz file's content, at most `limit` bytes (a small file must not expand
    to fill memory); PageError when it is cut short or not gzip at all."""
    reader = zlib.decompressobj(wbits=31)
    try:
        out = reader.decompress(data, limit)
    except zlib.error as exc:
        raise PageError(f"not valid gzip data ({exc})") from None
    if reader.unconsumed_tail:
        raise PageError(f"gzip content is larger than {limit // 2**20} MiB")
    if not reader.eof:
        raise TruncatedGzip(f"truncated gzip: the data ends after {len(data)} bytes, "
                            f"before the end of the compressed stream ({len(out)} bytes read)",
                            out)
    return out


def read_gzip_file(path) -> bytes:
    with open(path, "rb") as handle:
        return gunzip_file(handle.read())


def gunzip_file(data: bytes) -> bytes:
    """A .gz file's bytes decompressed; an empty file is said to be one."""
    if not data:
        raise PageError("empty file: 0 bytes")
    return gunzip(data)


def check_html(data: bytes) -> None:
    """PageError when `data` is empty or plainly not an HTML page."""
    if not data:
        raise PageError("empty page: 0 bytes")
    for signature, kind in BINARY_SIGNATURES:
        if data.startswith(signature):
            raise PageError(f"not HTML: the bytes are {kind}")
    head = data[:SNIFF_BYTES]
    if b"\x00" in head and not head.startswith(UTF16_BOMS):
        raise PageError("not HTML: binary data (NUL bytes in the first kilobyte)")
    if not data.strip():
        raise PageError("empty page: whitespace only")


class PageText(NamedTuple):
    """A page's bytes as text: `error` says the charset given does not fit (the
    text is kept all the same), `note` how bytes in no declared charset were read."""
    text: str
    error: str | None = None
    note: str | None = None


def decode_page(data: bytes, charset: str | None = None) -> PageText:
    """The page's text, a charset error and a note on how it was read.

    Bytes that are valid UTF-8 are read as UTF-8 whatever is declared (servers and
    <meta> tags that say latin-1 over UTF-8 text are common; UTF-8 text is never
    valid by accident). Otherwise `charset` (what the transport said, an HTTP
    Content-Type) or the page's own <meta> declaration decides: a charset Python
    does not know, or bytes not valid in the declared one, is an error. The text
    is returned all the same, read as the engine reads undeclared pages (a non-Latin
    or Central European charset the text plainly fits, else stray bytes as
    windows-1252), so the Markdown is kept beside the error; the note says which.
    """
    if data.startswith((codecs.BOM_UTF8,) + UTF16_BOMS):
        return PageText(decode_bytes(data)[0])
    try:
        return PageText(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        first_bad = exc.start
    label = (charset or declared_label(data) or "").strip().strip("'\"")
    if not label:
        text, note = decode_bytes(data)
        return PageText(text, None, note)
    try:
        codec = codecs.lookup(label).name
    except LookupError:
        text, note = decode_bytes(data)
        return PageText(text, f"wrong charset: {label!r} is not a known charset", note)
    if codec == "utf-8":
        text, note = decode_bytes(data)
        return PageText(text, f"wrong charset: declared {label}, but byte {first_bad} "
                              f"(0x{data[first_bad]:02x}) is not valid UTF-8", note)
    try:
        return PageText(data.decode(codec))
    except UnicodeDecodeError as exc:
        return PageText(data.decode(codec, errors="replace"), (
            f"wrong charset: declared {label}, but byte {exc.start} "
            f"(0x{data[exc.start]:02x}) is not valid {codec}"))

