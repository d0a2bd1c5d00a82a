"""Chromium and Firefox side by side: the boxes collect.js measures, the reading order
and the Markdown the engine makes from each, page by page.

    .venv/bin/python bench/firefox_parity.py [--pages 'tests/pages/order--*.html' ...]
        [--out bench-out/firefox-parity] [--tolerance 1]

One browser of each kind serves every page (served from tests/pages on 127.0.0.1, at
the 1280 x 1024 viewport). For every element both measured, a box that differs by
more than --tolerance px on any side is listed with the page, the element's path
and tag, and the differences; each page also reports whether the block order and the
Markdown are the same. Writes report.json and report.md to --out.
"""
from __future__ import annotations

import argparse
import functools
import glob
import json
import shutil
import sys
import tempfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "host"))

from webgist_host.cli.browser import quit_browser, run_collect, set_viewport, start_chromium  # noqa: E402
from webgist_host.cli.firefox import run_collect_firefox, set_viewport_firefox, start_firefox  # noqa: E402
from webgist_host.engine.dom.capture import read_capture  # noqa: E402
from webgist_host.engine.pipeline import convert  # noqa: E402

DEFAULT_PAGES = ["tests/pages/order--*.html", "tests/pages/layout--*.html", "tests/pages/overlay--*.html",
                 "tests/pages/*/page.html"]


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def boxes_by_path(measured) -> dict[str, tuple]:
    """x, y, width, height and flags of every measured element, by XPath (any capture
    version; `measured` is read_capture's result)."""
    return {path: (box.rect.x, box.rect.y, box.rect.w, box.rect.h, box.flags)
            for path, box in measured.boxes.items()}


def tag_at(html: str, stamp_of: dict[str, str], path: str) -> str:
    """The tag of the element at `path` in the captured HTML, found by its stamp
    (`stamp_of`: XPath -> stamp; a version-1 capture stamps the XPath itself)."""
    marker = f'data-wg-path="{stamp_of.get(path, path)}"'
    at = html.find(marker)
    if at < 0:
        return "?"
    start = html.rfind("<", 0, at)
    return html[start + 1:at].split()[0] if start >= 0 else "?"


def compare(page: str, chromium: dict, firefox: dict, tolerance: float) -> dict:
    measured = read_capture(chromium)
    ours, theirs = boxes_by_path(measured), boxes_by_path(read_capture(firefox))
    stamp_of = {path: str(i) for i, path in enumerate(measured.stamp_paths) if path}
    differences = []
    for path in ours.keys() & theirs.keys():
        a, b = ours[path], theirs[path]
        if not (a[4] & 1 and b[4] & 1):          # compare displayed boxes only
            continue
        delta = [round(b[i] - a[i], 1) for i in range(4)]
        if any(abs(d) > tolerance for d in delta):
            differences.append({"path": path, "tag": tag_at(chromium["html"], stamp_of, path),
                                "dx": delta[0], "dy": delta[1], "dw": delta[2], "dh": delta[3]})
    docs = {name: convert(c["html"], url=c.get("url"), geometry=c, scope="page")
            for name, c in (("chromium", chromium), ("firefox", firefox))}
    order = {name: [b.text for b in d.blocks] for name, d in docs.items()}
    return {
        "page": page,
        "measured": {"chromium": len(ours), "firefox": len(theirs), "both": len(ours.keys() & theirs.keys())},
        "only_in_chromium": sorted(ours.keys() - theirs.keys())[:20],
        "only_in_firefox": sorted(theirs.keys() - ours.keys())[:20],
        "box_differences": sorted(differences, key=lambda d: d["path"]),
        "same_order": order["chromium"] == order["firefox"],
        "same_markdown": docs["chromium"].markdown == docs["firefox"].markdown,
        "methods": {name: d.reading_order_method for name, d in docs.items()},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", nargs="*", default=DEFAULT_PAGES)
    parser.add_argument("--out", type=Path, default=ROOT / "bench-out" / "firefox-parity")
    parser.add_argument("--tolerance", type=float, default=1.0)
    args = parser.parse_args(argv)
    site = ROOT / "tests" / "pages"
    pages = sorted({Path(p).resolve().relative_to(site).as_posix()
                    for pattern in args.pages for p in glob.glob(str(ROOT / pattern))})
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    profile = tempfile.mkdtemp(prefix="webgist-parity-")
    chromium = start_chromium(profile)
    firefox = start_firefox(bidi=True)
    results = []
    try:
        set_viewport(chromium)
        set_viewport_firefox(firefox)
        for page in pages:
            url = f"{base}/{page}"
            chromium.get(url)
            firefox.get(url)
            try:
                results.append(compare(page, run_collect(chromium), run_collect_firefox(firefox),
                                       args.tolerance))
            except Exception as exc:        # a page one browser cannot read is reported, not fatal
                results.append({"page": page, "error": f"{type(exc).__name__}: {exc}"})
            print(f"{page}: {summary_line(results[-1])}", file=sys.stderr)
    finally:
        quit_browser(chromium)
        quit_browser(firefox)
        shutil.rmtree(profile, ignore_errors=True)
        httpd.shutdown()
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "report.json").write_text(json.dumps(results, indent=1, ensure_ascii=False))
    (args.out / "report.md").write_text(report_markdown(results, args.tolerance))
    print(report_markdown(results, args.tolerance).split("\n## ")[0])
    return 0


def summary_line(result: dict) -> str:
    if "error" in result:
        return result["error"]
    return (f"{len(result['box_differences'])} boxes differ, order "
            f"{'same' if result['same_order'] else 'DIFFERS'}, Markdown "
            f"{'same' if result['same_markdown'] else 'DIFFERS'}")


def report_markdown(results: list[dict], tolerance: float) -> str:
    ok = [r for r in results if "error" not in r]
    lines = ["# Chromium and Firefox: boxes, order, Markdown", "",
             f"{len(results)} pages; boxes compared within {tolerance:g} px.", "",
             f"- same block order: {sum(r['same_order'] for r in ok)} of {len(ok)}",
             f"- same Markdown: {sum(r['same_markdown'] for r in ok)} of {len(ok)}",
             f"- pages with every shared box within {tolerance:g} px: "
             f"{sum(not r['box_differences'] for r in ok)} of {len(ok)}",
             f"- boxes compared: {sum(r['measured']['both'] for r in ok)}, differing: "
             f"{sum(len(r['box_differences']) for r in ok)}",
             f"- errors: {len(results) - len(ok)}", "", "## Pages", ""]
    for r in results:
        lines.append(f"- `{r['page']}`: {summary_line(r)}")
        for d in r.get("box_differences", [])[:8]:
            lines.append(f"  - `{d['path']}` <{d['tag']}> dx {d['dx']}, dy {d['dy']}, dw {d['dw']}, dh {d['dh']}")
        if len(r.get("box_differences", [])) > 8:
            lines.append(f"  - … {len(r['box_differences']) - 8} more")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
