"""One page in, one output row out: what `webgist batch`, the Dask bag and the
DataTrove step all write.

A row is `{source, url, markdown, title, metadata, reading_order_method, words,
ms, notes, error}`. `error` is None for a page converted as given. When it is
set, `markdown` is None, except for a charset error (the page was still read,
stray bytes as windows-1252) and a .gz cut short (the part before the cut was
read): the Markdown is kept beside the error.
"""
from __future__ import annotations

import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from ..engine.model import Metadata
from ..engine.pipeline import SCOPES, convert
from .pagebytes import PageError, TruncatedGzip, check_html, decode_page, read_gzip_file

ROW_FIELDS = ("source", "url", "markdown", "title", "metadata", "reading_order_method",
              "words", "ms", "notes", "error")
METADATA_FIELDS = tuple(Metadata.__dataclass_fields__)


@dataclass(frozen=True)
class ConvertOptions:
    """What every page of a run is converted with."""

    scope: str = "main"
    front_matter: bool = False
    # The engine's own budget (stages after the block model are skipped once it
    # is spent, with a note); None leaves the engine's default.
    time_budget_s: float | None = None
    # Measure each page in headless Chromium first (batch/render.py).
    render: bool = False

    def __post_init__(self) -> None:
        if self.scope not in SCOPES:
            raise ValueError(f"scope must be one of {', '.join(SCOPES)}, not {self.scope!r}")

    def engine_options(self) -> dict[str, Any]:
        options: dict[str, Any] = {"front_matter": self.front_matter}
        if self.time_budget_s is not None:
            options["limits"] = {"time_budget_s": self.time_budget_s}
        return options


def error_row(source: str | None, url: str | None, error: str, ms: float = 0.0) -> dict[str, Any]:
    return {"source": source, "url": url, "markdown": None, "title": None, "metadata": None,
            "reading_order_method": None, "words": 0, "ms": round(ms, 1), "notes": [],
            "error": error}


def convert_html(html: str | bytes | None, *, url: str | None = None, source: str | None = None,
                 charset: str | None = None, options: ConvertOptions = ConvertOptions(),
                 renderer=None) -> dict[str, Any]:
    """The row for one page given as text or bytes (bytes are checked and decoded
    first: empty, binary and mislabelled pages are errors). With a `renderer`
    (batch/render.py) the page is measured in its browser first."""
    started = time.perf_counter()
    charset_error = charset_note = None
    try:
        if html is None:
            raise PageError("no HTML")
        if isinstance(html, str):
            if not html.strip():
                raise PageError("empty page: no text" if html == "" else "empty page: whitespace only")
            text = html
        else:
            check_html(html)
            text, charset_error, charset_note = decode_page(html, charset)
        document = _convert_text(text, url, options, renderer)
        if charset_note:
            document = replace(document, notes=(charset_note,) + document.notes)
    except (PageError, ValueError) as exc:
        return error_row(source, url, str(exc), _ms_since(started))
    except MemoryError:
        return error_row(source, url, "the engine ran out of memory", _ms_since(started))
    except Exception as exc:      # an engine bug must cost one page, not the run
        return error_row(source, url, f"engine error: {type(exc).__name__}: {exc}",
                         _ms_since(started))
    return _document_row(document, source, url, started, charset_error)


def _document_row(document, source: str | None, url: str | None, started: float,
                  error: str | None) -> dict[str, Any]:
    return {"source": source, "url": url, "markdown": document.markdown,
            "title": document.title or None, "metadata": asdict(document.metadata),
            "reading_order_method": str(document.reading_order_method),
            "words": document.stats()["words"], "ms": _ms_since(started),
            "notes": list(document.notes), "error": error}


def _convert_text(text: str, url: str | None, options: ConvertOptions, renderer):
    engine_options = options.engine_options()
    if renderer is None:
        return convert(text, url=url, scope=options.scope, options=engine_options)
    from ..cli.browser import BrowserError
    from .render import NotAPage, batch_hint

    try:
        capture = renderer.capture(text)
    except (BrowserError, NotAPage) as exc:
        # The page is still worth its words: read without the browser, and said so.
        document = convert(text, url=url, scope=options.scope, options=engine_options)
        return replace(document, notes=(f"not rendered ({batch_hint(str(exc))}); read without "
                                        "the browser",)
                       + document.notes)
    document = convert(capture["html"], url=url, geometry=capture, scope=options.scope,
                       options=engine_options)
    if not document.stats()["words"]:
        # A saved page's scripts run without the network they were written for:
        # some leave the page hidden (a wrapper their code was to reveal) or
        # replace it with loaders. Its own markup is still worth its words.
        unrendered = convert(text, url=url, scope=options.scope, options=engine_options)
        if unrendered.stats()["words"]:
            return replace(unrendered, notes=(
                "the rendered page showed no content (its scripts may need what a saved "
                "page cannot reach); read without the browser",) + unrendered.notes)
    if capture.get("loaded") is False:
        document = replace(document, notes=document.notes + (
            "the page had not finished loading in the browser; converted as far as it got",))
    return document


def convert_url(url: str, *, source: str | None = None, options: ConvertOptions = ConvertOptions(),
                renderer=None) -> dict[str, Any]:
    """The row for the page at `url`, loaded by the renderer's browser (a URL
    needs one: without a renderer nothing is fetched, and the row says so). An
    HTTP error status, or a page the network could not deliver, is an error row."""
    started = time.perf_counter()
    if renderer is None:
        return error_row(source, url, "a URL is loaded only in a browser (webgist batch --render N)")
    from ..cli.browser import BrowserError
    from .render import NotAPage, batch_hint

    try:
        capture = renderer.capture_url(url)
    except BrowserError as exc:
        return error_row(source, url, f"not loaded: {batch_hint(str(exc))}", _ms_since(started))
    except NotAPage as exc:
        return error_row(source, url, str(exc), _ms_since(started))
    status = capture.get("status") or 0
    if status >= 400:
        return error_row(source, url, f"HTTP {status}: the server answered with an error page",
                         _ms_since(started))
    try:
        # Links resolve against where the browser ended up (after redirects).
        document = convert(capture["html"], url=capture.get("url") or url, geometry=capture,
                           scope=options.scope, options=options.engine_options())
    except MemoryError:
        return error_row(source, url, "the engine ran out of memory", _ms_since(started))
    except Exception as exc:      # an engine bug must cost one page, not the run
        return error_row(source, url, f"engine error: {type(exc).__name__}: {exc}",
                         _ms_since(started))
    if capture.get("loaded") is False:
        document = replace(document, notes=document.notes + (
            "the page had not finished loading in the browser; converted as far as it got",))
    return _document_row(document, source, url, started, None)


def convert_file(path: str, *, source: str | None = None, options: ConvertOptions = ConvertOptions(),
                 renderer=None) -> dict[str, Any]:
    """The row for a saved page (.html, or .html.gz)."""
    started = time.perf_counter()
    try:
        if path.lower().endswith(".gz"):
            data = read_gzip_file(path)
        else:
            data = Path(path).read_bytes()
    except TruncatedGzip as exc:
        row = _truncated_row(exc, source or path, options, renderer)
        row["ms"] = _ms_since(started)
        return row
    except PageError as exc:
        return error_row(source or path, None, str(exc), _ms_since(started))
    except OSError as exc:
        return error_row(source or path, None, f"unreadable: {exc.strerror or exc}", _ms_since(started))
    row = convert_html(data, source=source or path, options=options, renderer=renderer)
    row["ms"] = _ms_since(started)
    return row


def _truncated_row(cut: TruncatedGzip, source: str, options: ConvertOptions,
                   renderer) -> dict[str, Any]:
    """A .gz cut short: the row of the part that was read, with the cut as its
    error (as a wrong charset keeps its Markdown); an error row when that part
    is no page."""
    row = convert_html(cut.partial, source=source, options=options, renderer=renderer)
    if row["markdown"] is None:
        return error_row(source, None, str(cut))
    row["error"] = (f"{cut}; the Markdown is of the part that was read"
                    + (f"; {row['error']}" if row["error"] else ""))
    return row


def _ms_since(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 1)
