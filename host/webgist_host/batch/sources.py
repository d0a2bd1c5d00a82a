"""What `webgist batch` reads: folders of saved pages, WARC files, JSONL files and
lists of URLs, each turned into a stream of `PageInput`s in a fixed order.

Readers never raise on a bad page: a page they cannot take becomes a PageInput
with `error` set, and the stream goes on with the next one.
"""
from __future__ import annotations

import gzip
import json
import os
import re
import zlib
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Iterator

from ..host.framing import json_kind
from .warc import read_warc

# Saved pages a folder may hold (a .gz of each too); anything else is skipped.
PAGE_SUFFIXES = (".html", ".htm", ".xhtml")
WARC_SUFFIXES = (".warc", ".warc.gz", ".arc", ".arc.gz")
JSONL_SUFFIXES = (".jsonl", ".jsonl.gz", ".ndjson", ".ndjson.gz")
# A text file of URLs, one a line (as `wget -i` and `curl -K` users keep them).
URL_LIST_SUFFIXES = (".txt", ".urls")
URL_SCHEMES = ("http://", "https://")
# The INPUT that means "a URL list on standard input".
STDIN = "-"


@dataclass(frozen=True)
class PageInput:
    """One page to convert. Exactly one of `data`, `path` and `error` says what it
    is: the page's bytes or text, a file to read (in the worker, so reading and
    gunzipping run in parallel), or why it could not be read at all; or, with
    `from_url`, none of them: the page is `url`, loaded by the worker's browser
    (--render only)."""

    source: str                    # where it came from; the key --resume matches on
    name: str                      # a relative file name for `-o FOLDER` output
    url: str | None = None
    data: bytes | str | None = None
    path: str | None = None
    charset: str | None = None     # what the transport declared (HTTP Content-Type)
    error: str | None = None
    size: int = 0                  # input bytes this page accounts for (progress)
    from_url: bool = False


@dataclass(frozen=True)
class FieldNames:
    """The JSONL fields holding a page's HTML and its URL."""

    html: str = "html"
    url: str = "url"


def input_kind(given: str | Path) -> str | None:
    """"folder", "page", "warc", "jsonl", "urls" (a URL list, or - for one on
    stdin), "url", or None for a file batch does not read."""
    if isinstance(given, str):
        if given == STDIN:
            return "urls"
        if given.lower().startswith(URL_SCHEMES):
            return "url"
    path = Path(given)
    if path.is_dir():
        return "folder"
    name = path.name.lower()
    if name.endswith(URL_LIST_SUFFIXES):
        return "urls"
    if name.endswith(WARC_SUFFIXES):
        return "warc"
    if name.endswith(JSONL_SUFFIXES):
        return "jsonl"
    if name.endswith(PAGE_SUFFIXES) or name.endswith(tuple(s + ".gz" for s in PAGE_SUFFIXES)):
        return "page"
    return None


def read_inputs(inputs: list[str], fields: FieldNames = FieldNames(),
                skip: frozenset[str] = frozenset(), stdin: str = "",
                passed_over: Counter | None = None,
                skipped: Counter | None = None) -> Iterator[PageInput]:
    """Every page of every input, in the order given (folders in sorted path
    order), leaving out those whose source is in `skip` (a resumed run), counted
    in `skipped` ("pages", and their input "bytes", for the progress). `stdin`
    is the text of standard input, for the input `-` (a URL list). What is read
    but is not a page (a WARC's image responses, a folder's .css files) makes no
    PageInput; it is counted in `passed_over`, by (where, what)."""
    passed_over = passed_over if passed_over is not None else Counter()
    skipped = skipped if skipped is not None else Counter()
    prefixes = input_prefixes(inputs)
    for given, prefix in zip(inputs, prefixes):
        path = Path(given)
        kind = input_kind(given)
        if kind == "url":
            pages = iter([PageInput(source=given, name=_slug(given).lstrip("-"), url=given,
                                    from_url=True, size=len(given) + 1)])
        elif kind == "urls":
            pages = _url_list(given, stdin if given == STDIN else None)
        elif kind == "folder":
            pages = _folder(path, passed_over)
        elif kind == "page":
            pages = iter([_page_file(path, path.name)])
        elif kind == "warc":
            pages = _warc(path, passed_over)
        elif kind == "jsonl":
            pages = _jsonl(path, fields)
        else:
            pages = iter([PageInput(source=given, name=path.name, error=(
                "not an input webgist batch reads (a folder, .html/.htm/.html.gz, "
                ".warc/.warc.gz, .jsonl, a .txt list of URLs, or a URL)"))])
        for page in pages:
            if page.source in skip:
                skipped["pages"] += 1
                skipped["bytes"] += page.size
            else:
                # Two inputs may hold the same names (two sites' index.html): each
                # input's .md files go under its own name.
                yield replace(page, name=f"{prefix}/{page.name}") if len(inputs) > 1 else page


def input_prefixes(inputs: list[str]) -> list[str]:
    """Each input's folder under `-o FOLDER` when there are several: its file
    name, with -2, -3 ... after it for a later input of the same name (two
    sites' index.html), compared without case (one file on macOS and Windows)."""
    taken: set[str] = set()
    prefixes = []
    for given in inputs:
        name = Path(given).name or "input"
        prefix, number = name, 1
        while prefix.casefold() in taken:
            number += 1
            prefix = f"{name}-{number}"
        taken.add(prefix.casefold())
        prefixes.append(prefix)
    return prefixes


def total_bytes(inputs: list[str], stdin: str = "") -> int:
    """The size of everything `read_inputs` will read, for the progress bar's ETA
    (a URL counts its characters, so a URL list's ETA is by lines)."""
    total = 0
    for given in inputs:
        path = Path(given)
        kind = input_kind(given)
        if kind == "url":
            total += len(given) + 1
        elif given == STDIN:
            total += len(stdin.encode())
        elif path.is_dir():
            total += sum(f.stat().st_size for f in _page_files(path))
        elif path.is_file():
            total += path.stat().st_size
    return total


def _page_files(folder: Path, passed_over: Counter | None = None) -> list[Path]:
    """Page files under `folder`, sorted by their path's parts (so `b/c.html`
    comes before `empty.html`, whatever the file system's order); the other
    files are counted in `passed_over` by suffix."""
    found = []
    for directory, _, files in os.walk(folder):
        for name in files:
            candidate = Path(directory) / name
            if input_kind(candidate) == "page":
                found.append(candidate)
            elif passed_over is not None:
                passed_over["files in folders", candidate.suffix.lower() or "no suffix"] += 1
    return sorted(found, key=lambda path: path.relative_to(folder).parts)


def _folder(folder: Path, passed_over: Counter) -> Iterator[PageInput]:
    for path in _page_files(folder, passed_over):
        yield _page_file(path, str(path.relative_to(folder)))


def _page_file(path: Path, name: str) -> PageInput:
    return PageInput(source=str(path), name=name, path=str(path), size=path.stat().st_size)


def _warc(path: Path, passed_over: Counter) -> Iterator[PageInput]:
    stem = _stem(path.name)
    for record in read_warc(path):
        if record.skipped is not None:
            passed_over["WARC records", record.skipped] += 1
            continue
        yield PageInput(source=f"{path}@{record.offset}", url=record.url,
                        name=f"{stem}/{record.offset:012d}{_slug(record.url)}",
                        data=record.payload, charset=record.charset, error=record.error,
                        size=record.size)


def has_urls(inputs: list[str]) -> bool:
    """Whether any input is a URL or a URL list (they need --render)."""
    return any(input_kind(given) in ("url", "urls") for given in inputs)


def _url_list(given: str, text: str | None) -> Iterator[PageInput]:
    """One page a line of the file `given` (or of `text`, standard input's); blank
    lines and # comments are passed over, anything else that is not an http(s)
    URL is an error row."""
    origin = "stdin" if given == STDIN else given
    stem = "stdin" if given == STDIN else _stem(Path(given).name)
    if text is None:
        try:
            text = Path(given).read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            yield PageInput(source=given, name=stem, error=f"unreadable: {exc.strerror or exc}")
            return
    for line_number, line in enumerate(text.splitlines(), start=1):
        url = line.strip()
        if not url or url.startswith("#"):
            continue
        source, name = f"{origin}:{line_number}", f"{stem}/{line_number:07d}{_slug(url)}"
        size = len(line.encode()) + 1
        if not url.lower().startswith(URL_SCHEMES) or any(c.isspace() for c in url):
            yield PageInput(source=source, name=name, size=size,
                            error=f"line {line_number} is not an http(s) URL: {url[:200]!r}")
        else:
            yield PageInput(source=source, name=name, url=url, from_url=True, size=size)


def _jsonl(path: Path, fields: FieldNames) -> Iterator[PageInput]:
    stem = _stem(path.name)
    compressed = path.name.lower().endswith(".gz")
    line_number = 0
    try:
        with open(path, "rb") as raw, (gzip.open(raw) if compressed else raw) as lines:
            # Progress counts the file's bytes, as its total does: a .gz line
            # accounts for the compressed bytes read since the line before.
            position = 0
            for line_number, line in enumerate(lines, start=1):
                if not line.strip():
                    continue
                size = len(line)
                if compressed:
                    size, position = raw.tell() - position, raw.tell()
                yield replace(_jsonl_page(path, stem, line_number, line, fields), size=size)
    except (OSError, EOFError, zlib.error) as exc:
        # A cut-short or corrupt .gz: the lines read so far stand, and the rest of
        # the file is one error.
        yield PageInput(source=f"{path}:{line_number + 1}", name=f"{stem}/{line_number + 1:07d}",
                        error=f"unreadable from line {line_number + 1} on: {exc}")


def _jsonl_page(path: Path, stem: str, line_number: int, line: bytes,
                fields: FieldNames) -> PageInput:
    source, name = f"{path}:{line_number}", f"{stem}/{line_number:07d}"
    try:
        record = json.loads(line)
    except (ValueError, RecursionError) as exc:
        return PageInput(source=source, name=name, size=len(line),
                         error=f"line {line_number} is not JSON: {exc}")
    if not isinstance(record, dict):
        return PageInput(source=source, name=name, size=len(line),
                         error=f"line {line_number} is not a JSON object")
    url = record.get(fields.url)
    url = url if isinstance(url, str) and url else None
    html = record.get(fields.html)
    if not isinstance(html, str):
        found = "missing" if html is None else f"{json_kind(html)}, not a string"
        return PageInput(source=source, name=name + _slug(url), url=url, size=len(line),
                         error=f"line {line_number}: field {fields.html!r} is {found} "
                               "(--html-field names the field that holds the HTML)")
    return PageInput(source=source, name=name + _slug(url), url=url, data=html, size=len(line))


def _stem(file_name: str) -> str:
    """crawl.warc.gz -> crawl: the input's name, for its folder under `-o FOLDER`."""
    stem = file_name
    for suffix in (".gz", ".warc", ".arc", ".jsonl", ".ndjson", ".txt", ".urls"):
        if stem.lower().endswith(suffix):
            stem = stem[: -len(suffix)]
    return stem or "input"


def _slug(url: str | None) -> str:
    """A short, file-name-safe trace of the URL, so `-o FOLDER` files are findable."""
    if not url:
        return ""
    words = re.sub(r"^[a-z]+://(www\.)?", "", url, flags=re.I)
    return "-" + (re.sub(r"[^A-Za-z0-9]+", "-", words).strip("-")[:60] or "page")
