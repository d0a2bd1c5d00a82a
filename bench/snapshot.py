#!/usr/bin/env python3
"""Freeze the engine's output, then check that a refactor left it byte-identical.

    # once, with the browser: measure every test page (fixtures and the reading-order
    # corpus) in headless Chromium and keep collect.js's results
    .venv/bin/python bench/snapshot.py capture --out bench-out/captures

    # at each revision: convert every page and write one digest per page
    .venv/bin/python bench/snapshot.py outputs --captures bench-out/captures \
        --wcxb ../shared/bench/wcxb-dev --out bench-out/snap-before.json.gz
    .venv/bin/python bench/snapshot.py compare bench-out/snap-before.json.gz \
        bench-out/snap-after.json.gz

Pages converted: every WCXB page statically (scope main, with the URL its
ground-truth file records; snapshots written before 2026-12-04's session 9 had none,
so make the "before" snapshot again with this script), every fixture statically with
its own options, every readability-dev page statically (scope main, no URL, as
bench/quality.py converts it) when --readability is given, and every captured page with
its saved geometry (scope page and main).
Saved captures make the measured path exact: the same boxes go in each time, so any
difference is the engine's. The digest covers the whole Document (blocks, decisions,
notes, Markdown), not its timings; the Markdown is kept too, so `compare` can show a diff.
"""
from __future__ import annotations

import argparse
import difflib
import gzip
import hashlib
import json
import shutil
import sys
import tempfile
import threading
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PAGES = REPO / "tests" / "pages"


def test_pages() -> list[Path]:
    """Fixture pages (<category>--<slug>/page.html) and reading-order pages."""
    fixtures = sorted(p / "page.html" for p in PAGES.iterdir()
                      if p.is_dir() and "--" in p.name and (p / "page.html").exists())
    return fixtures + sorted(PAGES.glob("order--*.html"))


def page_name(page: Path) -> str:
    return page.parent.name if page.name == "page.html" else page.stem


def capture(out: Path) -> None:
    from webgist_host.cli.browser import run_collect, set_viewport, start_chromium

    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = partial(Quiet, directory=str(PAGES))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    profile = tempfile.mkdtemp(prefix="webgist-snapshot-")
    out.mkdir(parents=True, exist_ok=True)
    driver = start_chromium(profile)
    try:
        set_viewport(driver)
        for page in test_pages():
            driver.get(f"{base}/{page.relative_to(PAGES).as_posix()}")
            result = run_collect(driver)
            (out / f"{page_name(page)}.json").write_text(json.dumps(result), encoding="utf-8")
            print(page_name(page), file=sys.stderr)
    finally:
        driver.quit()
        httpd.shutdown()
        shutil.rmtree(profile, ignore_errors=True)


def _digest(document) -> dict:
    data = document.to_json()
    data.pop("timings_ms", None)
    text = json.dumps(data, ensure_ascii=False, sort_keys=True)
    return {"sha": hashlib.sha256(text.encode()).hexdigest(), "markdown": document.markdown}


def _convert_job(job: tuple[str, str, str]) -> tuple[str, dict]:
    import webgist_host

    name, kind, path = job
    try:
        if kind == "wcxb":
            html = gzip.decompress(Path(path).read_bytes()).decode("utf-8", "replace")
            # With the page's URL, as bench/quality.py converts it: links are resolved,
            # so a change to link resolution shows here.
            truth = Path(path).parent.parent / "ground-truth" / f"{name.split('/')[1]}.json"
            url = (json.loads(truth.read_text(encoding="utf-8")).get("url")
                   if truth.exists() else None)
            return name, _digest(webgist_host.convert(html, url=url, scope="main"))
        if kind == "fixture":
            settings_path = Path(path).parent / "options.json"
            settings = (json.loads(settings_path.read_text(encoding="utf-8"))
                        if settings_path.exists() else {})
            html = Path(path).read_text(encoding="utf-8")
            return name, _digest(webgist_host.convert(
                html, scope=settings.get("scope", "page"), url=settings.get("url"),
                options=settings.get("options")))
        if kind == "readability":
            # As bench/quality.py converts it: the bytes trusted as UTF-8, no URL.
            html = Path(path).read_bytes().decode("utf-8", "replace")
            return name, _digest(webgist_host.convert(html, scope="main"))
        captured = json.loads(Path(path).read_text(encoding="utf-8"))
        scope = kind.removeprefix("capture-")
        return name, _digest(webgist_host.convert(
            captured["html"], url=captured.get("url"), geometry=captured, scope=scope))
    except Exception as exc:  # a crash is an output too, and must stay the same
        return name, {"sha": f"error: {type(exc).__name__}: {exc}", "markdown": ""}


def outputs(captures: Path | None, wcxb: Path | None, out: Path, jobs: int,
            readability: Path | None = None) -> None:
    work: list[tuple[str, str, str]] = []
    for page in test_pages():
        if page.name == "page.html":
            work.append((f"fixture/{page_name(page)}", "fixture", str(page)))
    if captures:
        for path in sorted(captures.glob("*.json")):
            for scope in ("page", "main"):
                work.append((f"capture-{scope}/{path.stem}", f"capture-{scope}", str(path)))
    if wcxb:
        for path in sorted((wcxb / "html").glob("*.html.gz")):
            work.append((f"wcxb/{path.name.split('.')[0]}", "wcxb", str(path)))
    if readability:
        for folder in sorted((readability / "pages").iterdir()):
            if (folder / "source.html").exists():
                work.append((f"readability/{folder.name}", "readability",
                             str(folder / "source.html")))
    with ProcessPoolExecutor(jobs) as pool:
        results = dict(pool.map(_convert_job, work, chunksize=8))
    out.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(out, "wt", encoding="utf-8") as fh:
        json.dump(results, fh, ensure_ascii=False, sort_keys=True)
    print(f"{len(results)} pages -> {out}", file=sys.stderr)


def compare(before: Path, after: Path, show: int) -> int:
    with gzip.open(before, "rt", encoding="utf-8") as fh:
        old = json.load(fh)
    with gzip.open(after, "rt", encoding="utf-8") as fh:
        new = json.load(fh)
    missing = sorted(set(old) ^ set(new))
    changed = sorted(k for k in set(old) & set(new) if old[k]["sha"] != new[k]["sha"])
    print(f"{len(old)} pages before, {len(new)} after; {len(changed)} differ; "
          f"{len(missing)} in one run only")
    for name in missing[:show]:
        print(f"  only in one run: {name}")
    for name in changed[:show]:
        print(f"--- {name}")
        diff = difflib.unified_diff(old[name]["markdown"].splitlines(),
                                    new[name]["markdown"].splitlines(), lineterm="", n=1)
        lines = list(diff)[2:40]
        print("\n".join(lines) if lines else "  (same Markdown; blocks or decisions differ)")
    return 1 if changed or missing else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 1)[1])
    commands = parser.add_subparsers(dest="command", required=True)
    cap = commands.add_parser("capture", help="measure the test pages in Chromium")
    cap.add_argument("--out", type=Path, required=True)
    run = commands.add_parser("outputs", help="convert every page; write digests")
    run.add_argument("--captures", type=Path)
    run.add_argument("--wcxb", type=Path, help="a WCXB-format folder (html/*.html.gz)")
    run.add_argument("--readability", type=Path,
                     help="a readability-dev folder (pages/<id>/source.html)")
    run.add_argument("--out", type=Path, required=True)
    run.add_argument("--jobs", type=int, default=2)
    cmp = commands.add_parser("compare", help="name and show the pages that differ")
    cmp.add_argument("before", type=Path)
    cmp.add_argument("after", type=Path)
    cmp.add_argument("--show", type=int, default=10, help="diffs to print (default 10)")
    args = parser.parse_args(argv)
    if args.command == "capture":
        capture(args.out)
        return 0
    if args.command == "outputs":
        outputs(args.captures, args.wcxb, args.out, args.jobs, args.readability)
        return 0
    return compare(args.before, args.after, args.show)


if __name__ == "__main__":
    sys.exit(main())
