"""The `webgist` command's SOURCE: a URL, a file, stdin or the demo page, read and
checked as `webgist batch` reads pages (batch/pagebytes.py), with errors that say
what to do instead."""
from __future__ import annotations

import contextlib
import re
import socket
import ssl
import sys
import tempfile
import urllib.error
import urllib.request
from importlib import resources
from pathlib import Path
from urllib.parse import urlsplit

from .. import __version__
from ..batch.pagebytes import PageError, check_html, decode_page, gunzip_file
from .navigation import net_error_words, status_words

# Pages fetched for --static are capped so a runaway response cannot fill memory.
MAX_FETCH_BYTES = 64 * 1024 * 1024
FETCH_TIMEOUT_SECONDS = 30

# A page saved as one file ("Webpage, Single File" in Chromium): MIME headers, then
# the page and its resources as quoted-printable or base64 parts.
MHTML_SUFFIXES = (".mhtml", ".mht")
MHTML_START = re.compile(rb"\A(?:(?:From|Snapshot-Content-Location|Subject|Date|MIME-Version|"
                         rb"Content-Type)[^\n]*\r?\n)+", re.IGNORECASE)
# A SOURCE that is not a file but reads as a web address without its scheme
# ("example.org/post"): a name of dotted labels whose last is not a file type.
HOST_LIKE = re.compile(r"\A(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.([a-z]{2,24})(?::\d+)?(?:/\S*)?\Z",
                       re.IGNORECASE)
FILE_TYPES = {"html", "htm", "xhtml", "mhtml", "mht", "gz", "txt", "md", "json", "jsonl", "xml",
              "php", "asp", "aspx", "jsp", "shtml", "warc", "pdf", "png", "jpg", "svg", "csv"}


def read_source(args) -> tuple[str | None, str | None, Path | None]:
    """SOURCE as (HTML, or None for a URL the browser will load; URL; file path)."""
    if args.demo:
        demo = resources.files("webgist_host").joinpath("demo/two-columns.html")
        return demo.read_text(encoding="utf-8"), None, Path(str(demo))
    if args.source == "-":
        data = checked_bytes(sys.stdin.buffer.read(), "stdin", static=args.static)
        return decode(data, None, "stdin"), None, None
    if args.source.startswith(("http://", "https://")):
        return None, args.source, None
    source_path = _source_file(args.source)
    data = checked_bytes(source_path.read_bytes(), args.source, static=args.static)
    html = decode(data, None, args.source)
    if args.source.lower().endswith(".gz"):
        return html, None, None     # the browser gets the page itself, not the archive
    return html, None, source_path


def _source_file(source: str) -> Path:
    """The file SOURCE names (a file:// URL too), or an error that says what the
    user may have meant."""
    if source.startswith("file://"):
        path = Path(urllib.request.url2pathname(urlsplit(source).path))
    else:
        path = Path(source)
    if path.is_file():
        return path
    if path.is_dir():
        raise OSError(f"{source} is a folder: for the pages in it, run "
                      f"webgist batch {source} -o out/")
    if "://" in source:
        raise OSError(f"{source}: only http://, https:// and file:// addresses are read")
    hint = "give a path, an http(s) URL, or -"
    host_like = HOST_LIKE.match(source)
    if host_like and host_like.group(1).lower() not in FILE_TYPES:
        hint = f"did you mean https://{source} ?"
    raise OSError(f"no such file: {source} ({hint})")


def checked_bytes(data: bytes, where: str, *, static: bool) -> bytes:
    """The page's bytes, checked as `webgist batch` checks them (batch/pagebytes.py):
    an empty file, a program, a PDF or an image is an error; a .gz file is
    decompressed; an MHTML archive is read by the browser only."""
    try:
        if where.lower().endswith(".gz"):
            data = gunzip_file(data)
        check_html(data)
    except PageError as exc:
        raise PageError(f"{where}: {exc}") from None
    head = data[:4096]
    if where.lower().endswith(MHTML_SUFFIXES) or (
            MHTML_START.match(head) and b"multipart/related" in head.lower()):
        if where == "stdin" or not where.lower().endswith(MHTML_SUFFIXES):
            raise PageError(f"{where} is an MHTML archive (a page saved as one file): save it "
                            "as a .mhtml file and give its path, without --static")
        if static:
            raise PageError(f"{where} is an MHTML archive (a page saved as one file): only the "
                            "browser reads it; drop --static")
    return data


@contextlib.contextmanager
def page_url(html, url, source_path):
    """The address the browser loads: the URL, the file, or (HTML from stdin or
    from a .gz file) a temporary file holding it."""
    if url is not None:
        yield url
    elif source_path is not None:
        yield source_path.resolve().as_uri()
    else:
        with tempfile.TemporaryDirectory(prefix="webgist-stdin-") as folder:
            page = Path(folder) / "page.html"
            # Decoded already; the byte-order mark makes the browser read it as
            # UTF-8 whatever its <meta charset> says.
            page.write_text(html, encoding="utf-8-sig")
            yield page.as_uri()


def fetch(url: str) -> str:
    """The page at `url` without a browser (--static), checked and decoded."""
    request = urllib.request.Request(url, headers={"User-Agent": f"webgist/{__version__}"})
    try:
        with urllib.request.urlopen(request, timeout=FETCH_TIMEOUT_SECONDS) as response:
            body = response.read(MAX_FETCH_BYTES + 1)
            charset = response.headers.get_content_charset()
    except urllib.error.HTTPError as exc:
        raise OSError(f"{url}: the server answered {status_words(exc.code)}; "
                      "nothing was converted") from None
    except (urllib.error.URLError, OSError) as exc:
        raise OSError(f"could not load {url}: {_network_words(url, exc)}") from None
    if len(body) > MAX_FETCH_BYTES:
        raise ValueError(f"{url} is larger than {MAX_FETCH_BYTES // 2**20} MiB")
    return decode(checked_bytes(body, url, static=True), charset, url)


def _network_words(url: str, exc: Exception) -> str:
    """Why `url` could not be fetched, in the words the browser path uses."""
    reason = getattr(exc, "reason", exc)
    if isinstance(reason, socket.gaierror):
        code = "ERR_NAME_NOT_RESOLVED"
    elif isinstance(reason, ConnectionRefusedError):
        code = "ERR_CONNECTION_REFUSED"
    elif isinstance(reason, (socket.timeout, TimeoutError)):
        code = "ERR_TIMED_OUT"
    elif isinstance(reason, OSError) and reason.errno in (101, 113):   # ENETUNREACH, EHOSTUNREACH
        code = "ERR_NETWORK_UNREACHABLE"
    elif isinstance(reason, ssl.SSLError):
        return f"the secure connection failed ({reason.reason or reason})"
    else:
        return str(getattr(reason, "strerror", None) or reason)
    return net_error_words(url, code).rsplit(" (net::", 1)[0]


def decode(data: bytes, charset: str | None, where: str) -> str:
    """The page's text as `webgist batch` reads it: UTF-8 when the bytes are, else
    the charset the server or the page's <meta> names. A charset that does not fit
    is a warning, and the page is still read; a note on how it was read (when
    decode_page gives one) is said too."""
    text, charset_error, note = decode_page(data, charset)
    if charset_error:
        print(f"webgist: {where}: {charset_error}; read anyway", file=sys.stderr)
    elif note:
        print(f"webgist: note: {where}: {note}", file=sys.stderr)
    return text
