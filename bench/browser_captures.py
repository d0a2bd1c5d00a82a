"""Saved browser captures: made by `webgist batch --render`'s own code, replayed by it.

Used by bench/browser_quality.py; not run by itself. A capture file
(`<folder>/<corpus>/<id>.json.gz`) holds one page as the batch rendered it:

    format, corpus, id, url     the corpus page (url: the one the corpus records)
    source, text                the page file and its text as the batch decoded it
                                (None when the bytes were no page: empty, binary)
    capture                     collect.js's result (with unloadedStylesheets, loaded),
                                or None when the browser failed: browser_error says why
    batch_row                   the batch's row at capture time (markdown, error, notes,
                                reading_order_method), for `verify`
    engine, chromium, seconds, captured_at

The capture goes through the batch's row code (batch/rows.py convert_file) with the
batch's renderer (batch/render.py PageRenderer) and the options `webgist batch` uses at
its default --page-timeout; the replay goes through the same row code with the saved
capture standing in for the browser, so fallbacks (a page the browser could not render,
or drew empty) are the batch's own.
"""
from __future__ import annotations

import copy
import datetime
import gzip
import json
import sys
import time
from collections import Counter
from concurrent.futures import FIRST_EXCEPTION, ProcessPoolExecutor, wait
from pathlib import Path

from webgist_host.batch.command import build_parser as batch_parser
from webgist_host.batch.rows import ConvertOptions, convert_file, convert_html
from webgist_host.cli.browser import BrowserError

CAPTURE_FORMAT = 1
# What `webgist batch --render` converts with at its default --page-timeout: the
# engine's budget is half the page's (batch/command.py), and the renderer waits that
# long for a page to load (batch/pool.py).
PAGE_TIMEOUT_S = batch_parser().get_default("page_timeout")
BATCH_OPTIONS = ConvertOptions(scope="main", time_budget_s=PAGE_TIMEOUT_S / 2, render=True)
PROGRESS_EVERY_S = 5


class RecordingRenderer:
    """The batch's PageRenderer, keeping what the browser gave for the page."""

    def __init__(self, renderer):
        self.renderer = renderer
        self.text: str | None = None
        self.capture_result: dict | None = None
        self.error: str | None = None

    def capture(self, html: str) -> dict:
        self.text = html
        try:
            result = self.renderer.capture(html)
        except BrowserError as exc:
            self.error = str(exc)
            raise
        self.capture_result = copy.deepcopy(result)
        return result


class SavedCapture:
    """Stands in for the renderer at replay: the saved capture, or the saved failure."""

    def __init__(self, record: dict):
        self.record = record

    def capture(self, html: str) -> dict:
        if self.record["capture"] is None:
            raise BrowserError(self.record["browser_error"] or "not rendered")
        return copy.deepcopy(self.record["capture"])


def capture_path(folder: Path, page) -> Path:
    return folder / page.corpus / f"{page.id}.json.gz"


def read_capture(path: Path) -> dict:
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        return json.load(handle)


def replay_row(record: dict, url: str | None) -> dict:
    """The batch row for a saved capture: `webgist batch --render`'s conversion, the
    browser replaced by what it measured when the page was captured."""
    if record["text"] is None:   # the bytes were no page (empty, binary): an error row
        return dict(record["batch_row"])
    return convert_html(record["text"], url=url, source=record["source"],
                        options=BATCH_OPTIONS, renderer=SavedCapture(record))


def render_pages(pages: list, folder: Path, jobs: int, engine: str) -> None:
    """Capture `pages` (bench/corpora.py Page records) into `folder` with `jobs`
    browsers, each kept open for its share; progress on stderr."""
    shares = [pages[k::jobs] for k in range(jobs) if pages[k::jobs]]
    started, started_wall = time.monotonic(), time.time()

    def rendered(page) -> bool:
        path = capture_path(folder, page)
        return path.exists() and path.stat().st_mtime >= started_wall

    with ProcessPoolExecutor(len(shares)) as pool:
        futures = [pool.submit(_render_share, (share, folder, engine)) for share in shares]
        while True:
            done, running = wait(futures, timeout=PROGRESS_EVERY_S, return_when=FIRST_EXCEPTION)
            made = sum(rendered(p) for p in pages)
            elapsed = time.monotonic() - started
            eta = elapsed / max(made, 1) * (len(pages) - made)
            print(f"\r{made}/{len(pages)} pages rendered, {elapsed:.0f} s, about "
                  f"{eta:.0f} s to go   ", end="", file=sys.stderr, flush=True)
            if not running or any(f.exception() for f in done):
                break
    print(file=sys.stderr)
    for future in futures:
        future.result()           # a worker's crash is reported, not hidden


def _render_share(job: tuple) -> int:
    """Worker: render its share of the pages with one browser, kept open."""
    from webgist_host.batch.render import PageRenderer

    pages, folder, engine = job
    renderer = PageRenderer(load_timeout_s=BATCH_OPTIONS.time_budget_s or 30.0)
    try:
        for page in pages:
            recorder = RecordingRenderer(renderer)
            started = time.perf_counter()
            row = convert_file(page.html_path, source=page.html_path, options=BATCH_OPTIONS,
                               renderer=recorder)
            driver = renderer.drivers.get("offline")
            record = {
                "format": CAPTURE_FORMAT, "corpus": page.corpus, "id": page.id, "url": page.url,
                "source": page.html_path, "text": recorder.text,
                "capture": recorder.capture_result, "browser_error": recorder.error,
                "batch_row": {key: row[key] for key in
                              ("markdown", "error", "notes", "reading_order_method")},
                "engine": engine, "seconds": round(time.perf_counter() - started, 2),
                "chromium": driver.capabilities.get("browserVersion") if driver else None,
                "captured_at": datetime.datetime.now(datetime.timezone.utc).isoformat(
                    timespec="seconds")}
            dest = capture_path(folder, page)
            partial = dest.with_suffix(".partial")
            with gzip.open(partial, "wt", encoding="utf-8") as handle:
                json.dump(record, handle, ensure_ascii=False)
            partial.replace(dest)
    finally:
        renderer.close()
    return len(pages)


def page_id_of_source(source: str) -> str:
    """A batch row's page ID: its file name up to the first dot (0001.html.gz, heise.html)."""
    return Path(source).name.split(".")[0]


def verify(folder: Path, rows_files: list[Path] | None, jobs: int, show: int,
           engine: str) -> int:
    """Replay every capture as the batch did (no URL) and compare its Markdown with the
    batch row saved at capture, or with the rows of a batch run (matched by file name).
    Returns 1 when a page differs."""
    files = sorted(folder.glob("*/*.json.gz"))
    if not files:
        sys.exit(f"no captures in {folder} (see `capture --help`)")
    expected: dict[str, str] = {}
    for rows_file in rows_files or ():
        with open(rows_file, encoding="utf-8") as handle:
            for line in handle:
                row = json.loads(line)
                expected[page_id_of_source(row["source"] or "")] = row["markdown"] or ""
    work = [(str(f), expected.get(f.name.removesuffix(".json.gz"))) for f in files]
    if rows_files:
        work = [(f, markdown) for f, markdown in work if markdown is not None]
        if not work:
            sys.exit("no page of --rows has a capture (rows are matched by their file name)")
    with ProcessPoolExecutor(jobs) as pool:
        results = list(pool.map(_verify_job, work, chunksize=4))
    differ = [name for name, same, _ in results if not same]
    engines = Counter(e for _, _, e in results)
    against = "the batch rows given" if rows_files else "the batch row saved at capture"
    print(f"replay vs {against}: {len(results) - len(differ)} of {len(results)} pages give "
          f"the same Markdown (engine now {engine}; at capture "
          + ", ".join(f"{e} x{n}" for e, n in engines.items()) + ")")
    for name in differ[:show]:
        print(f"  differs: {name}")
    if differ and rows_files:
        print("rows from another rendering may differ where the page draws differently "
              "from run to run (timers, random content, a loaded machine)")
    elif differ and set(engines) != {engine}:
        print("the engine changed since the capture: differences are expected")
    return 1 if differ else 0


def _verify_job(job: tuple[str, str | None]) -> tuple[str, bool, str]:
    capture_file, expected = job
    record = read_capture(Path(capture_file))
    row = replay_row(record, None)
    if expected is None:
        expected = record["batch_row"]["markdown"] or ""
    return f"{record['corpus']}/{record['id']}", (row["markdown"] or "") == expected, \
        record["engine"]
