"""`webgist batch INPUT... -o OUT`: many pages, converted by worker processes."""
from __future__ import annotations

import argparse
import io
import itertools
import os
import re
import resource
import signal
import sys
import time
from collections import Counter
from pathlib import Path

from ..engine.pipeline import SCOPES
from .output import FORMATS, guess_format, open_writer, run_options
from .pool import PoolLimits, PoolStats, convert_pages
from .rows import ConvertOptions
from .sources import STDIN, FieldNames, has_urls, input_kind, read_inputs, total_bytes

DESCRIPTION = """\
Convert many pages to Markdown, one row per page, in input order: with the static
engine (source order, no browser), or with --render N in headless Chromium.

INPUT is any mix of:
  a folder            every .html, .htm, .xhtml (and .gz of each) under it, recursively,
                      in sorted path order
  a page file         .html, .htm, .xhtml, or a .gz of one
  a WARC file         .warc or .warc.gz: its response records that hold HTML
  a JSONL file        .jsonl or .jsonl.gz: one JSON object a line, the HTML in field
                      "html" and the URL in "url" (--html-field, --url-field)
  a URL list          .txt or .urls: one http(s) URL a line (# comments and blank lines
                      are passed over); - reads one from stdin; an http(s) URL
                      itself is one page. URLs are loaded only with --render N

OUT is chosen by its name (or --format):
  OUT.jsonl           one JSON object a line (- for stdout)
  OUT.parquet         a Parquet table (needs pyarrow: pip install 'webgist[parquet]')
  OUT/                a folder: one .md file a page, and OUT/index.jsonl with every row
                      (also a name without a suffix, or an existing folder); another
                      name (out.json, out.csv) is refused unless --format says what
                      to write there

Each row: source (where the page came from: path, path@offset in a WARC, path:line in
a JSONL or URL list), url, markdown, title, metadata, reading_order_method, words, ms
(time to convert it), notes (what the engine had to repair), error. A page that
cannot be read (0 bytes, not HTML, truncated gzip, broken WARC record, wrong charset,
HTTP error status) or that goes over --page-timeout or --max-memory is one row with
`error` set, and the run goes on. For a wrong charset the page is still read and its
Markdown kept. What is not a page at all (a WARC's images, scripts, redirects and
revisits; a folder's other files) makes no row, and the summary counts it.
"""

EPILOG = """\
examples:
  webgist batch saved-pages/ -o pages.jsonl
  webgist batch crawl.warc.gz -o crawl.parquet --jobs 8
  webgist batch dump.jsonl --html-field content --url-field link -o out/
  webgist batch crawl.warc.gz -o pages.jsonl --resume      continue after a stop
  webgist batch saved-pages/ -o pages.jsonl --render 2     measured in two reused browsers
  webgist batch urls.txt -o pages.jsonl --render 2         load each URL in one of two browsers
  grep -h example.org urls.txt | webgist batch - -o pages.jsonl --render 1
  webgist batch crawl.warc.gz -o - --limit 20 | jq -r .title   a first look

Progress (pages, pages/s, ETA by input bytes) goes to stderr, then a summary line
(pages, errors by kind, what was passed over, pages/s, CPU, peak memory); --quiet
turns both off. Exit status: 0 when every input was read (error rows included), 2 for
a usage error, 130 when interrupted (the rows written so far are kept: --resume), 141
when the reader of the output stops (-o - | head), as for other commands.
"""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="webgist batch", description=DESCRIPTION, epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("inputs", nargs="+", metavar="INPUT",
                        help="folders, page files, WARC or JSONL files, URL lists (- for stdin), URLs")
    parser.add_argument("-o", "--output", required=True, metavar="OUT",
                        help="OUT.jsonl (- for stdout), OUT.parquet, or a folder for .md files")
    parser.add_argument("--format", choices=FORMATS,
                        help="output format, when OUT's name does not say it")
    parser.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 1, metavar="N",
                        help="worker processes (default: the number of cores, %(default)s here)")
    parser.add_argument("--scope", choices=SCOPES, default="main",
                        help="main: each page's main content (default); page: everything")
    parser.add_argument("--front-matter", action="store_true",
                        help="start each page's Markdown with YAML front matter")
    parser.add_argument("--html-field", default="html", metavar="NAME",
                        help="JSONL field that holds the HTML (default: html)")
    parser.add_argument("--url-field", default="url", metavar="NAME",
                        help="JSONL field that holds the page URL (default: url)")
    parser.add_argument("--page-timeout", type=float, default=60.0, metavar="SECONDS",
                        help="a page still converting after this long is stopped and reported "
                             "as an error row (default 60); the engine itself skips its later "
                             "stages past half of it, with a note")
    parser.add_argument("--max-memory", type=float, default=1024.0, metavar="MB",
                        help="a worker whose memory passes this while converting a page is "
                             "stopped and replaced, and the page reported (default 1024)")
    parser.add_argument("--render", type=int, metavar="N",
                        help="measure every page in headless Chromium first: N workers, each "
                             "with its own browser kept open from page to page (sets --jobs "
                             "to N). Blocks get real boxes and reading order; a browser that "
                             "fails leaves the page read without it, with a note. Saved pages "
                             "load nothing from the network; URL inputs are loaded from the web "
                             "(and need --render)")
    parser.add_argument("--limit", type=int, metavar="N",
                        help="convert only the first N pages (with --resume: the first N "
                             "not in OUT), for a trial run")
    parser.add_argument("--resume", action="store_true",
                        help="OUT holds an earlier run's rows: skip those pages and add the rest")
    parser.add_argument("--quiet", "-q", action="store_true",
                        help="no progress bar and no summary on stderr")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    if args.page_timeout <= 0 or args.max_memory <= 0:
        parser.error("--page-timeout and --max-memory must be positive")
    if args.limit is not None and args.limit < 1:
        parser.error("--limit must be at least 1")
    if args.render is not None:
        if args.render < 1:
            parser.error("--render must be at least 1")
        from ..cli.browser import BrowserError, find_browser
        from .render import batch_hint
        try:
            find_browser()
        except BrowserError as exc:
            print(f"webgist batch: --render needs Chromium: {batch_hint(str(exc))}",
                  file=sys.stderr)
            return 2
        args.jobs = args.render
    missing = [given for given in args.inputs
               if input_kind(given) != "url" and given != STDIN and not Path(given).exists()]
    if missing:
        parser.error(f"no such file or folder: {', '.join(missing)}")
    if args.inputs.count(STDIN) > 1:
        parser.error("- (a URL list on stdin) can be given once")
    if args.render is None and has_urls(args.inputs):
        parser.error("URL inputs need --render N: webgist batch loads web pages only in "
                     "headless Chromium (without --render it reads saved pages and never "
                     "touches the network)")
    try:
        fmt = args.format or ("jsonl" if args.output == STDIN else guess_format(args.output))
    except ValueError as exc:
        print(f"webgist batch: {exc}", file=sys.stderr)
        return 2
    stdin = sys.stdin.read() if STDIN in args.inputs else ""
    options = ConvertOptions(scope=args.scope, front_matter=args.front_matter,
                             time_budget_s=args.page_timeout / 2,
                             render=args.render is not None)
    limits = PoolLimits(jobs=args.jobs, page_timeout_s=args.page_timeout,
                        max_memory_mb=args.max_memory)
    try:
        writer = open_writer(args.output, fmt, args.resume,
                             run_options(args.scope, args.front_matter, args.render is not None))
    except (ValueError, OSError) as exc:
        print(f"webgist batch: {exc}", file=sys.stderr)
        return 2
    passed_over: Counter = Counter()
    skipped: Counter = Counter()
    pages = read_inputs(args.inputs, FieldNames(html=args.html_field, url=args.url_field),
                        skip=frozenset(writer.done), stdin=stdin, passed_over=passed_over,
                        skipped=skipped)
    if args.limit is not None:
        pages = itertools.islice(pages, args.limit)
    stats = PoolStats()
    counts = {"pages": 0, "errors": 0}
    error_kinds: Counter = Counter()
    started = time.perf_counter()
    # With --limit the pages to come are counted (at most N); otherwise the input bytes.
    progress = None if args.quiet else _progress_bar(
        args.limit if args.limit is not None else total_bytes(args.inputs, stdin),
        by_pages=args.limit is not None)
    interrupted = broken_pipe = False
    skipped_shown = 0
    rows = convert_pages(pages, options, limits, stats)
    try:
        for page, row in rows:
            writer.write(page, row)
            counts["pages"] += 1
            if row["error"] is not None:
                counts["errors"] += 1
                error_kinds[error_kind(row["error"])] += 1
            if progress is not None:
                if args.limit is None:
                    # A resumed run's pages already in OUT are not this run's work.
                    progress.total = max(progress.total - (skipped["bytes"] - skipped_shown),
                                         progress.n)
                    skipped_shown = skipped["bytes"]
                _advance(progress, 1 if args.limit is not None else page.size, counts, started)
        if progress is not None:
            # Done: what no page accounted for (the last records that are not
            # pages, fewer pages left than --limit) is done too.
            progress.total = max(progress.total, progress.n, 1)
            progress.update(progress.total - progress.n)
    except KeyboardInterrupt:
        interrupted = True
    except BrokenPipeError:
        # The reader of stdout (or stderr) went away: `-o - | head -1`.
        broken_pipe = True
    finally:
        rows.close()        # stops the workers
        try:
            writer.close()
            if progress is not None:
                progress.close()
        except BrokenPipeError:
            broken_pipe = True
    if broken_pipe:
        return _end_on_broken_pipe()
    if interrupted:
        print("webgist batch: interrupted; the rows written so far are kept "
              "(run again with --resume to continue)", file=sys.stderr)
        return 130
    if not args.quiet:
        print(_summary(counts, time.perf_counter() - started, args, stats, len(writer.done),
                       passed_over, error_kinds), file=sys.stderr)
    return 0


def _end_on_broken_pipe() -> int:
    """Stop quietly, as a command killed by SIGPIPE does (status 128 + 13): the
    rows written so far are kept. Standard output and error are pointed at
    /dev/null, so Python's own flush of them at exit finds no closed pipe."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    for stream in (sys.stdout, sys.stderr):
        try:
            os.dup2(devnull, stream.fileno())
        except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
            pass        # not a real file (a test's capture)
    os.close(devnull)
    return 128 + signal.SIGPIPE


def _progress_bar(total: int, by_pages: bool):
    from tqdm import tqdm

    # Progress is counted in input bytes, which every input knows up front (a
    # WARC's page count is only known once it is read), so the ETA is real; the
    # page count and rate are written beside it.
    return tqdm(total=total, unit="page" if by_pages else "B", unit_scale=not by_pages,
                file=sys.stderr, dynamic_ncols=True,
                bar_format="{desc}: {percentage:3.0f}%|{bar}| [{elapsed}<{remaining}]",
                desc="0 pages")


def _advance(progress, size: int, counts: dict[str, int], started: float) -> None:
    rate = counts["pages"] / max(time.perf_counter() - started, 1e-9)
    progress.set_description_str(f"{_count(counts['pages'], 'page')}, {rate:.1f} pages/s, "
                             f"{_errors(counts['errors'])}", refresh=False)
    progress.update(min(size, max(progress.total - progress.n, 0)))


def _errors(count: int) -> str:
    return _count(count, "error")


def _count(count: int, noun: str) -> str:
    """"1 page", "2 pages"."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _summary(counts: dict[str, int], seconds: float, args, stats: PoolStats, skipped: int,
             passed_over: Counter, error_kinds: Counter) -> str:
    pages = counts["pages"]
    peak = max(stats.peak_memory_mb.values(), default=0.0)
    parts = [f"webgist batch: {_count(pages, 'page')} in {seconds:.1f} s "
             f"({pages / max(seconds, 1e-9):.1f} pages/s, {_count(args.jobs, 'worker')})",
             f"{pages - counts['errors']} converted, {_errors(counts['errors'])}"
             + (f" ({_most_common(error_kinds)})" if error_kinds else "")]
    if skipped:
        parts.append(f"{skipped} already in {args.output} (skipped)")
    if passed_over:
        parts.append("not pages, passed over: " + passed_over_text(passed_over))
    if stats.restarts:
        parts.append(f"{_count(stats.restarts, 'worker')} replaced")
    parts.append(f"peak worker memory {peak:.0f} MB")
    cpu = stats.total_cpu_s()
    if cpu:
        parts.append(f"worker CPU {cpu:.1f} s ({pages / cpu:.1f} pages per CPU second)")
    # Reading the inputs, handing pages out, writing rows: if this nears the
    # workers' CPU, the main process is what limits the run.
    usage = resource.getrusage(resource.RUSAGE_SELF)
    parts.append(f"main process CPU {usage.ru_utime + usage.ru_stime:.1f} s")
    return "; ".join(parts) + f"; wrote {'stdout' if args.output == STDIN else args.output}"


# An error row's kind where its message up to the first colon does not say it:
# (pattern, kind), the first that matches.
ERROR_KINDS = (
    (re.compile(r"line \d+: field (.+?) is "), r"field \1 missing or not a string"),
    (re.compile(r"line \d+ is (not [^:]*)"), r"\1"),
    (re.compile(r"(broken|truncated) WARC record at byte \d+"), r"\1 WARC record"),
    (re.compile(r"unreadable from line \d+ on"), "unreadable"),
)


def error_kind(error: str) -> str:
    """An error row's kind, for the summary: "field 'html' missing or not a
    string", "not JSON", "broken WARC record", else its message up to the first
    colon ("empty page", "HTTP 404")."""
    for pattern, kind in ERROR_KINDS:
        found = pattern.match(error)
        if found:
            return found.expand(kind)
    return error.split(":")[0]


def _most_common(kinds: Counter, shown: int = 4) -> str:
    text = ", ".join(f"{count} {what}" for what, count in kinds.most_common(shown))
    more = len(kinds) - shown
    return text + (f", {more} more kinds" if more > 0 else "")


def passed_over_text(passed_over: Counter, kinds_shown: int = 4) -> str:
    """"3 WARC records (2 image/png, 1 revisit), 1 file in folders (1 .css)"."""
    groups: dict[str, Counter] = {}
    for (where, what), count in passed_over.items():
        groups.setdefault(where, Counter())[what] += count
    texts = []
    for where, kinds in groups.items():
        total = sum(kinds.values())
        shown = _most_common(kinds, kinds_shown)
        noun = where if total != 1 else where.replace("records", "record").replace("files", "file")
        texts.append(f"{total} {noun} ({shown})")
    return ", ".join(texts)
