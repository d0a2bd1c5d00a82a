"""Click to clipboard, as a user waits for it: the real extension and the real
registered host in Chromium, the popup's Copy clicked, the clipboard polled.

    PYTHONPATH=host python bench/latency.py [--runs 3] [--pages DIR] [--only big|docs]
                                            [--json out.json]

Pages: a generated 5 MB page of ~35,000 elements (2,400 sections of headings,
paragraphs with links, lists and code, and a 600-link sidebar), and six CPython
documentation pages with their real CSS from the installed Python docs
(`--docs`, /usr/share/doc/python3.11/html by default; skipped when absent). Any
folder of saved pages can be added with `--pages`.

The popup opens in a window of its own, aimed at the page's tab, which stays the
visible tab of its window as it does under the popup's bubble (`--popup tab` opens it
in a tab beside the page, as sessions 1-16 did: the page is then a hidden tab, whose
renderer Chromium runs at background priority, nice 5 on Linux, and under load its
layout reads took ~40% longer: docs/history/latency.md, session 17).
Each run reloads the popup (a user opening it afresh: a new host starts with it),
waits `--think-ms` (a user moving to the Copy button; 0 clicks at once) and clicks.
Each copy's phases come from the timeline the extension keeps for the last copy
(popup body[data-timeline]): epoch times from the popup, collect.js and the host
(its reply's `timings`), all on the same machine clock. The click → clipboard
time is measured apart from them, by the popup page polling the clipboard every
30 ms until it changes. Printed: a table per page (each run and the median) and
the medians of every page side by side. Not a test: figures only.
"""
from __future__ import annotations

import argparse
import functools
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "host"))

BIG_PAGE = "latency--five-megabytes.html"
BIG_SECTIONS = 2400
SIDEBAR_LINKS = 600
DOCS_DIR = Path("/usr/share/doc/python3.11/html")
# CPython library pages of 100-200 KB: typical documentation, real Sphinx CSS.
DOCS_PAGES = ("library/csv.html", "library/json.html", "library/string.html",
              "library/itertools.html", "library/pathlib.html", "library/logging.html")
POLL_MS = 30
# Between the popup appearing and the click on Copy: a person needs more than this
# to see the button and move to it (pointing takes ~0.5-1 s, Fitts's law studies).
THINK_MS = 500
# Sizes a section's paragraphs like real documentation prose (about 2 KB a section).
PROSE = ("Frames are lifted one at a time, brood is checked for eggs and the queen is looked "
         "for but not chased; the smoker stays lit but is used sparingly, because smoke makes "
         "the bees gorge on honey and a full bee is a calm bee. ") * 3


def big_page() -> str:
    """~5.3 MB and ~35,000 elements: a long documentation-like article beside a sidebar."""
    sidebar = "".join(f'<li><a href="/topic/{n}">Topic number {n} of the index</a></li>'
                      for n in range(SIDEBAR_LINKS))
    sections = []
    for n in range(BIG_SECTIONS):
        sections.append(
            f'<section id="s{n}"><h2>Section {n}: keeping bees on a roof</h2>'
            f'<p>The keeper of hive {n} writes down the weather, the flow and the temper of the '
            f'colony, and links to <a href="/notes/{n}">the notes of hive {n}</a> and to '
            f'<a href="/stores/{n}">the stores ledger</a> for anyone who wants the numbers. '
            f'{PROSE}</p>'
            f'<p>A second paragraph says what changed since the last visit to hive {n}: more '
            f'capped honey on the outer frames, less pollen coming in, calm bees. {PROSE}</p>'
            f'<ul><li>Brood frames: {n % 9 + 2}, checked for eggs and young larvae</li>'
            f'<li>Honey frames: {n % 5 + 1}, mostly capped at the top corners</li>'
            f'<li>Temper: <em>calm</em>, no veil needed for a short look</li>'
            f'<li>Next visit: in {n % 7 + 7} days</li></ul>'
            f'<pre><code>inspect(hive={n}, frames={n % 9 + 2}, queen_seen=True, eggs=True)\n'
            f'record(hive={n}, weather="sunny", temperature_c=21, wind="light")</code></pre>'
            '</section>')
    return ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>The rooftop '
            'apiary handbook</title><style>body{margin:0;font:16px/1.5 sans-serif}'
            'nav{position:absolute;left:0;top:0;width:240px}main{margin-left:260px;max-width:760px}'
            'pre{background:#f4f4f4;padding:8px}</style></head><body>'
            f'<nav aria-label="Index"><ul>{sidebar}</ul></nav>'
            '<main><h1>The rooftop apiary handbook</h1>' + "".join(sections) + '</main></body></html>')


def serve(folder: Path) -> tuple[ThreadingHTTPServer, str]:
    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, format, *args):
            pass
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}"


# Runs in the popup: put a sentinel on the clipboard, click Copy, poll the clipboard
# every POLL_MS until it holds something else. Returns epoch times and the text's size.
_CLICK_AND_POLL = """
const [pollMs, done] = [arguments[0], arguments[1]];
const now = () => performance.timeOrigin + performance.now();
(async () => {
  const sentinel = "webgist-latency-" + Math.random();
  await navigator.clipboard.writeText(sentinel);
  delete document.body.dataset.state;
  const clickedAt = now();
  document.getElementById("copy").click();
  for (;;) {
    await new Promise((r) => setTimeout(r, pollMs));
    const text = await navigator.clipboard.readText();
    if (text !== sentinel) {
      return done({clicked_at: clickedAt, clipboard_seen_at: now(), chars: text.length});
    }
    if (document.body.dataset.state === "error") return done({error: document.getElementById("status").textContent});
  }
})().catch((e) => done({error: String(e)}));
"""


def phases(timeline: dict, click: dict) -> dict[str, float]:
    """Milliseconds per phase of one copy, from the popup's timeline."""
    collect, host = timeline["collect"], timeline["host"]
    collect_end = collect["started_at"] + collect["total_ms"]
    row = {
        "to collect.js": collect["started_at"] - click["clicked_at"],
        "collect: walk": collect.get("walk_ms", 0.0),
        "collect: layout reads": collect["measure_ms"],
        "collect: stamping": collect.get("stamp_ms", 0.0),
        "collect: serialising": collect["serialise_ms"],
        # The markup sent ahead (its JSON text made and posted) before the layout is read.
        "collect: send ahead": collect.get("send_ahead_ms", 0.0),
        # capture-text.js: the capture as one JSON string (0 where the tree has none).
        "collect: JSON text": collect.get("json_ms", 0.0),
        "collect → popup": timeline["collected_at"] - collect_end - collect.get("json_ms", 0.0),
        "popup: encode+post": timeline["sent_at"] - timeline["send_at"],
        "to host (start, transfer)": host["last_frame_at"] - timeline["sent_at"],
        "host: JSON decode": host["decoded_at"] - host["last_frame_at"],
    }
    if "ready_at" in host and "host_opened_at" in timeline:
        # The host's own start-up (process, Python, imports), and when it was over
        # counted from the click (negative: before the click, hidden from the user).
        row["host start-up"] = host["ready_at"] - timeline["host_opened_at"]
        row["host ready, from click"] = host["ready_at"] - click["clicked_at"]
        if "popup_at" in timeline:
            # From the popup's navigation to its connectNative call.
            row["host opened, from popup start"] = timeline["host_opened_at"] - timeline["popup_at"]
        if host.get("spawned_at") and host.get("python_at"):
            # The start-up's steps: the browser starting the process (to the kernel's
            # 10 ms tick), Python and its site start, then webgist's imports.
            row["start-up: process started"] = host["spawned_at"] - timeline["host_opened_at"]
            row["start-up: Python up"] = host["python_at"] - host["spawned_at"]
        if host.get("python_at"):
            row["start-up: imports"] = host["ready_at"] - host["python_at"]
    if "popup_at" in timeline:
        # The popup's own path to collect.js, from its navigation: its module running,
        # the early read's steps (flow.js readAhead: settings and the tab's state, asking
        # the page whether to read it, collect.js asked for), collect.js beginning;
        # and the click. The early read's rows are there when the click used its reply.
        start = timeline["popup_at"]
        marks = (("popup.js runs", timeline.get("popup_module_at")),
                 ("early read started", timeline.get("early_started_at")),
                 ("early: page asked", timeline.get("early_asked_at")),
                 ("early: collect.js asked", timeline.get("early_collect_at")),
                 ("collect.js started", collect["started_at"]),
                 ("click", click["clicked_at"]))
        for name, at in marks:
            if at:
                row[f"{name}, from popup start"] = at - start
    # When the capture (the early read's, or the click's) was all at the host.
    row["capture at host, from click"] = host["last_frame_at"] - click["clicked_at"]
    ahead = host.get("ahead")
    if ahead and collect.get("sent_ahead_at"):
        # The markup's own trip, beside the layout reads: posted by collect.js, all
        # frames at the host, decoded and parsed; "hidden" is how much of it ended
        # before collect.js did (all of it when it equals the trip).
        row["ahead: collect.js → host"] = ahead["last_frame_at"] - collect["sent_ahead_at"]
        row["ahead: host decode + parse"] = ahead["parsed_at"] - ahead["last_frame_at"]
        row["ahead: parsed, before collect.js ended"] = collect_end - ahead["parsed_at"]
    # The page read (and converted) as the popup opened, before the click (flow.js
    # readAhead): whether the click used its capture and the host's reply, and how
    # long asking the page whether it changed took. The phases above and below are
    # then the early ones', with times from the click negative where they ended before it.
    early = timeline.get("ahead") or {}
    row["early: capture used"] = 1.0 if early.get("capture") else 0.0
    row["early: reply used"] = 1.0 if early.get("reply") else 0.0
    row["early: page unchanged? (check)"] = early.get("checked_ms", 0.0)
    for stage, ms in host["engine_ms"].items():
        row[f"engine: {stage}"] = ms
    engine_end = host["decoded_at"] + sum(host["engine_ms"].values())
    row["host: reply prep"] = host["replied_at"] - engine_end
    row["reply → popup"] = timeline["reply_at"] - host["replied_at"]
    row["preview + clipboard"] = timeline["clipboard_at"] - timeline["reply_at"]
    row["click → clipboard (timeline)"] = timeline["clipboard_at"] - click["clicked_at"]
    row["click → clipboard (polled)"] = click["clipboard_seen_at"] - click["clicked_at"]
    row["host CPU converting"] = host.get("cpu_ms", 0.0)
    row["host peak RSS MB"] = host.get("peak_rss_kb", 0) / 1024
    return {k: round(v, 1) for k, v in row.items()}


def copy_once(driver, popup: str, think_ms: int) -> dict[str, float]:
    from browser_support import wait_ready
    driver.switch_to.window(popup)
    driver.refresh()
    wait_ready(driver)
    driver.execute_script("document.getElementById('scope').value = 'main';")
    driver.execute_cdp_cmd("Page.bringToFront", {})
    time.sleep(think_ms / 1000)
    click = driver.execute_async_script(_CLICK_AND_POLL, POLL_MS)
    for _ in range(3):
        # On a loaded machine the window is sometimes not focused yet, and the
        # sentinel's write is refused before anything is clicked: try again at once
        # (no wait, which would add to the think time).
        if "not focused" not in click.get("error", ""):
            break
        driver.execute_cdp_cmd("Page.bringToFront", {})
        click = driver.execute_async_script(_CLICK_AND_POLL, POLL_MS)
    if "error" in click:
        raise RuntimeError(f"copy failed: {click['error']}")
    timeline = json.loads(driver.execute_script("return document.body.dataset.timeline || '{}'"))
    # The words copied: a run whose engine spent its time budget (a loaded machine)
    # skips stages and copies a different page, which this row shows.
    words = driver.execute_script("return document.getElementById('words').textContent")
    if not timeline.get("host"):
        raise RuntimeError("the host sent no timings: is this tree's host the one registered?")
    return {**phases(timeline, click), "words copied": float(words or 0)}


def open_popup_window(driver, url: str) -> tuple[str, str]:
    """Open `url`, press the shortcut on it, then open the popup in a window of its
    own aimed at it: the page's tab stays the visible one of its window, as under
    the extension's popup bubble. (In a tab beside it, the page is a hidden tab,
    whose renderer Chromium runs at background priority: nice 5 on Linux.)"""
    from browser_support import POPUP_URL, press_extension_shortcut, wait_ready
    driver.get(url)
    page = driver.current_window_handle
    press_extension_shortcut(driver)
    driver.switch_to.new_window("window")
    driver.get(POPUP_URL)
    # The page's tab: the one tab that is not this one (the browser holds no other).
    tabs = driver.execute_async_script(
        "const done = arguments[0];"
        "Promise.all([chrome.tabs.query({}), chrome.tabs.getCurrent()])"
        ".then(([all, self]) => done(all.filter(x => x.id !== self.id).map(x => x.id)));")
    if len(tabs) != 1:
        raise RuntimeError(f"expected the page's tab beside the popup, found {len(tabs)} tabs")
    driver.get(f"{POPUP_URL}?tabId={tabs[0]}")
    wait_ready(driver)
    settle(driver)
    return page, driver.current_window_handle


def settle(driver, timeout: float = 10) -> None:
    """Wait until the popup loaded only to find the page's tab has no host left
    starting, and this popup is done reading the page (body[data-early], where the
    tree has it): a user opens the popup once, so the first copy should not share
    the machine with the start-up of a host no one uses."""
    from browser_support import host_processes
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and (
            len(host_processes(driver)) > 1
            or driver.execute_script("return document.body.dataset.early || ''") == "reading"):
        time.sleep(0.05)


def page_visibility(driver) -> str:
    """The page's document.visibilityState, asked from the popup (switching the
    driver to the page's tab would make it the active one)."""
    return driver.execute_async_script(
        "const done = arguments[0];"
        "const tabId = Number(new URLSearchParams(location.search).get('tabId'));"
        "chrome.scripting.executeScript({target: {tabId}, func: () => document.visibilityState})"
        ".then(([r]) => done(r.result), (e) => done(String(e)));")


def measure_page(driver, url: str, runs: int, think_ms: int,
                 popup_in: str = "window") -> list[dict[str, float]]:
    from browser_support import open_page_and_popup
    from webgist_host.install.manifest import EXTENSION_ID
    opener = open_popup_window if popup_in == "window" else open_page_and_popup
    page, popup = opener(driver, url)
    driver.execute_cdp_cmd("Browser.grantPermissions", {
        "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"],
        "origin": f"chrome-extension://{EXTENSION_ID}"})
    rows = [copy_once(driver, popup, think_ms) for _ in range(runs)]
    print(f"(the page was {page_visibility(driver)} after the copies)")
    for handle in driver.window_handles[1:]:
        driver.switch_to.window(handle)
        driver.close()
    driver.switch_to.window(driver.window_handles[0])
    return rows


def medians(rows: list[dict[str, float]]) -> dict[str, float]:
    return {key: round(statistics.median(r[key] for r in rows), 1) for key in rows[0]}


def print_table(name: str, rows: list[dict[str, float]]) -> None:
    med = medians(rows)
    print(f"\n### {name}\n")
    print("| phase (ms) | " + " | ".join(f"run {i + 1}" for i in range(len(rows))) + " | median |")
    print("|---|" + "---:|" * (len(rows) + 1))
    for key in rows[0]:
        print(f"| {key} | " + " | ".join(f"{r[key]:g}" for r in rows) + f" | {med[key]:g} |")


def page_list(site: Path, args) -> list[tuple[str, str]]:
    pages = []
    if args.only in (None, "big"):
        (site / BIG_PAGE).write_text(big_page(), encoding="utf-8")
        pages.append(("5 MB generated page", BIG_PAGE))
    if args.only in (None, "docs") and args.docs.is_dir():
        (site / "pydocs").symlink_to(args.docs.resolve())
        pages += [(f"CPython docs {p}", f"pydocs/{p}") for p in DOCS_PAGES if (args.docs / p).exists()]
    if args.pages:
        (site / "saved").symlink_to(args.pages.resolve())
        pages += [(f"saved {p.name}", f"saved/{p.name}") for p in sorted(args.pages.glob("*.htm*"))]
    return pages


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--docs", type=Path, default=DOCS_DIR)
    parser.add_argument("--pages", type=Path, help="a folder of saved .html pages to add")
    parser.add_argument("--only", choices=("big", "docs"))
    parser.add_argument("--json", type=Path, help="write every run's phases here")
    parser.add_argument("--popup", choices=("window", "tab"), default="window",
                        help="open the popup in a window of its own (the default: the page "
                             "stays visible, as under the popup bubble) or in a tab beside the "
                             "page (the page then a hidden tab, as in sessions 1-16)")
    parser.add_argument("--think-ms", type=int, default=THINK_MS,
                        help=f"wait between the popup opening and the click (default {THINK_MS})")
    args = parser.parse_args(argv)

    from conftest import _extension_browser, register_host
    from webgist_host.cli.browser import find_browser
    work = Path(tempfile.mkdtemp(prefix="webgist-latency-"))
    # The host Chromium starts must be this tree's: it inherits PYTHONPATH.
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "host"),
                                                            os.environ.get("PYTHONPATH")]))
    try:
        site = work / "site"
        site.mkdir()
        pages = page_list(site, args)
        httpd, base = serve(site)
        register_host(work / "profile", work)
        browser = _extension_browser(work / "profile", find_browser())
        driver = next(browser)
        driver.set_script_timeout(300)
        results: dict[str, list[dict[str, float]]] = {}
        try:
            for name, path in pages:
                results[name] = measure_page(driver, f"{base}/{path}", args.runs, args.think_ms,
                                             args.popup)
                print_table(name, results[name])
                sys.stdout.flush()
        finally:
            browser.close()
            httpd.shutdown()
        summary = {name: medians(rows) for name, rows in results.items()}
        print("\n### medians of every page\n")
        keys = ["click → clipboard (polled)", "click → clipboard (timeline)", "host peak RSS MB"]
        print("| page | " + " | ".join(keys) + " |\n|---|" + "---:|" * len(keys))
        for name, med in summary.items():
            print(f"| {name} | " + " | ".join(f"{med[k]:g}" for k in keys) + " |")
        docs = [med["click → clipboard (polled)"] for name, med in summary.items()
                if name.startswith("CPython docs")]
        if docs:
            print(f"\nCPython docs pages: median of the medians {statistics.median(docs):g} ms")
        if args.json:
            args.json.write_text(json.dumps(results, indent=1))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
