"""The two development corpora, their tune/validate split, and one timed conversion.

Shared by bench/quality.py, bench/wcxb.py and bench/make_quality_slice.py; not run by
itself. The data lives outside the repository (../shared/bench, see its README) and is
read only through the paths the scripts are given.

Where a page's URL comes from:
- WCXB: the `url` field of `ground-truth/NNNN.json`. Five dev pages have it empty or
  absent; they get None.
- readability-dev: nowhere. `expected-metadata.json` holds title, byline, lang, excerpt,
  siteName, publishedTime, no URL; Readability's own harness converted every page as
  `http://fakehost/test/page.html` (the links in `expected.html` are resolved against
  it), a placeholder that says nothing about the site. Every page gets None. (Many
  pages name their address in a canonical link; both tools can read that themselves.)
"""
from __future__ import annotations

import gzip
import hashlib
import importlib
import json
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import lxml.html

import webgist_host

try:
    import trafilatura
except ImportError:  # the peer is optional: pip install -e '.[bench]'
    trafilatura = None

TUNE_SHARE = 70  # per cent of hash buckets that go to the tune part


def site_part(url: str | None) -> str:
    """'tune' or 'validate', by a stable hash of the page's host.

    All pages of one site land in the same part, so a rule fitted to a site's
    template on tune cannot score that template again on validate. "www." is
    dropped so www.x.com and x.com count as one site. Pages without a URL share the
    empty host, hence one part (stable, if arbitrary).
    """
    digest = hashlib.sha256(site_of(url).encode("utf-8")).digest()
    return "tune" if int.from_bytes(digest[:4], "big") % 100 < TUNE_SHARE else "validate"


def site_of(url: str | None) -> str:
    """The lower-cased host without "www."; "" without a URL."""
    host = (urlsplit(url).hostname or "") if url else ""
    return host.lower().removeprefix("www.")


@dataclass(frozen=True)
class Page:
    corpus: str        # "wcxb" or "readability"
    id: str
    url: str | None
    page_type: str
    part: str          # "tune" / "validate" for WCXB; "validate" for readability-dev
    html_path: str


def load_scorers(tools: Path):
    """Import the shared scorers (score_wcxb, score_articles) from their folder."""
    if str(tools) not in sys.path:
        sys.path.insert(0, str(tools))
    return importlib.import_module("score_wcxb"), importlib.import_module("score_articles")


def wcxb_pages(data: Path, limit: int | None = None, types: set[str] | None = None) -> list[Page]:
    pages = []
    for truth in sorted((data / "ground-truth").glob("*.json")):
        record = json.loads(truth.read_text(encoding="utf-8"))
        page_type = record["_internal"]["page_type"]["primary"]
        if types and page_type not in types:
            continue
        url = record.get("url") or None
        pages.append(Page("wcxb", truth.stem, url, page_type, site_part(url),
                          str(data / "html" / f"{truth.stem}.html.gz")))
    return spread(pages, limit)


def readability_pages(data: Path, limit: int | None = None) -> list[Page]:
    # Nobody tunes on readability-dev: it counts as validate in spirit.
    pages = [Page("readability", folder.name, None, "article", "validate",
                  str(folder / "source.html"))
             for folder in sorted((data / "pages").iterdir()) if folder.is_dir()]
    return spread(pages, limit)


def spread(items: list, limit: int | None) -> list:
    """An evenly spread sample of `limit` items (all of them without a limit)."""
    if not limit or limit >= len(items):
        return items
    step = len(items) / limit
    return [items[int(step * k)] for k in range(limit)]


def read_html(path: str) -> str:
    raw = Path(path).read_bytes()
    if path.endswith(".gz"):
        raw = gzip.decompress(raw)
    # Trust the bytes (UTF-8), not a <meta charset>: see ../shared/bench/README.md.
    return raw.decode("utf-8", errors="replace")


def convert_timed(html: str, url: str | None, scope: str, with_peer: bool) -> dict:
    """Back to back in one worker: a bare lxml parse, webgist, trafilatura.

    Returns the timings, webgist's Markdown (`webgist_md`, empty on an error, which
    is recorded rather than raised) and trafilatura's (`trafilatura_md`).
    """
    row: dict = {"bytes": len(html.encode("utf-8"))}
    start = time.perf_counter()
    lxml.html.document_fromstring(html)
    row["lxml_ms"] = (time.perf_counter() - start) * 1000

    start = time.perf_counter()
    try:
        row["webgist_md"] = webgist_host.convert(html, url=url, scope=scope).markdown
        row["error"] = None
    except Exception as exc:  # a benchmark records failures instead of stopping
        row["webgist_md"], row["error"] = "", f"{type(exc).__name__}: {exc}"
    row["webgist_ms"] = (time.perf_counter() - start) * 1000

    if with_peer:
        start = time.perf_counter()
        row["trafilatura_md"] = trafilatura.extract(html, url=url, output_format="markdown") or ""
        row["trafilatura_ms"] = (time.perf_counter() - start) * 1000
    return row


def engine_version(repo: Path) -> str:
    """HEAD's short hash, marked when the engine (host/) has uncommitted changes."""
    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(repo), *args], capture_output=True,
                              text=True).stdout.strip()
    head = git("rev-parse", "--short", "HEAD") or "unknown"
    return head + ("+uncommitted-engine" if git("status", "--porcelain", "--", "host") else "")


def convert_to_files(job: tuple) -> dict:
    """Worker: convert one page, write <out>/<tool>/<id>.md, return its timing row.

    job = (page, out folder, scope, with_peer, pass_url); without pass_url both
    tools get url=None.
    """
    page, out, scope, with_peer, pass_url = job
    row = convert_timed(read_html(page.html_path), page.url if pass_url else None,
                        scope, with_peer)
    for tool in ("webgist", "trafilatura"):
        markdown = row.pop(f"{tool}_md", None)
        if markdown is not None:
            (Path(out) / tool / f"{page.id}.md").write_text(markdown, encoding="utf-8")
    return {"corpus": page.corpus, "id": page.id, **row}


def empty_output_folders(out: Path) -> None:
    """One folder of Markdown per tool under `out`, with last run's files gone."""
    for tool in ("webgist", "trafilatura"):
        folder = out / tool
        folder.mkdir(parents=True, exist_ok=True)
        for stale in folder.glob("*.md"):
            stale.unlink()


def convert_all(jobs: list[tuple], workers: int) -> list[dict]:
    """convert_to_files over `jobs` in `workers` processes, in order, with progress."""
    rows = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for done, row in enumerate(pool.map(convert_to_files, jobs, chunksize=4), 1):
            rows.append(row)
            if done % 50 == 0 or done == len(jobs):
                print(f"\r{done}/{len(jobs)} pages", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return rows


def summarise_speed(rows: list[dict]) -> list[str]:
    """Medians and per-page ratios; never one absolute time (the machines are shared)."""
    timed = [r for r in rows if r["webgist_ms"] > 0 and r["lxml_ms"] > 0]
    if not timed:
        return ["pages timed: 0"]
    peer = all(r.get("trafilatura_ms") for r in timed)
    median = statistics.median
    lines = [f"pages timed: {len(timed)}",
             f"median ms/page: lxml parse {median(r['lxml_ms'] for r in timed):.1f}, "
             f"webgist {median(r['webgist_ms'] for r in timed):.1f}"
             + (f", trafilatura {median(r['trafilatura_ms'] for r in timed):.1f}" if peer else ""),
             "median per-page ratio webgist / lxml parse: "
             f"{median(r['webgist_ms'] / r['lxml_ms'] for r in timed):.2f}"]
    if peer:
        lines.append("median per-page ratio webgist / trafilatura: "
                     f"{median(r['webgist_ms'] / r['trafilatura_ms'] for r in timed):.2f}")
    return lines
