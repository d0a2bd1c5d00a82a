"""The `webgist` command: a page (URL, file or stdin) to Markdown in reading order."""
from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path
from urllib.parse import urlsplit

from .. import __version__
from .browser import BrowserError, capture_page
from .outputs import prepare_output_paths, save_file, write_output
from .source import fetch, page_url, read_source
from .status import Status, page_size
from ..engine.model import Document
from ..engine.dom.parse import ParseError
from ..engine.pipeline import SCOPES, convert
from ..engine.render.markdown import IMAGE_MODES, LINK_STYLES

DESCRIPTION = """\
Convert a web page to clean Markdown, in the order a reader reads it.

SOURCE is an http(s) URL, a path to an HTML file, or - for HTML on stdin. By default
the page is rendered in headless Chromium so the engine can see where each block is
drawn; --static skips the browser and keeps source order (and says so).
"""

EPILOG = """\
other commands:
  webgist install-host [--browser NAME] [--profile DIR] [--extension-id ID]
                       [--uninstall] [--check]
      register the native host so the browser extension can reach this engine
      (--extension-id: also allow a store-packaged extension with that id)
      (run `webgist install-host --help` for details)
  webgist batch INPUT... -o OUT [--jobs N] [--resume]
      many pages (folders, WARC, JSONL) to JSONL, Parquet or .md files
      (run `webgist batch --help` for details)

examples:
  webgist --demo                          the bundled two-column demo page
  webgist https://example.org/post -o post.md
  webgist page.html --scope page --explain
  webgist saved.html --url https://example.org/post   links resolved against the page's address
  webgist --overlay order.png page.html   also save a screenshot with the reading order drawn on
  curl -s https://example.org | webgist - --static

environment:
  WEBGIST_CHROMIUM, WEBGIST_CHROMEDRIVER   the Chromium and chromedriver to run
                                          (default: the first on PATH)
  WEBGIST_FIREFOX, WEBGIST_GECKODRIVER     the same for --browser firefox
  TMPDIR                                  where the browser's temporary profile is made
  WEBGIST_HOME                            where install-host puts the native host

exit status:
  0    the Markdown was written
  2    nothing usable: a bad option, a SOURCE that is not a page (missing, empty,
       binary, an HTTP error, unreachable), a browser that is missing or failed, or
       an output file that could not be written (the Markdown then goes to stdout)
  3    with --strict: the page had not finished loading (the Markdown is written)
  130  interrupted (Ctrl-C)
"""



def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="webgist", description=DESCRIPTION, epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("source", nargs="?", metavar="SOURCE",
                        help="http(s) URL, HTML file path, or - for stdin")
    parser.add_argument("--demo", action="store_true",
                        help="convert the bundled demo page (two columns and a sidebar)")
    parser.add_argument("--static", action="store_true",
                        help="no browser: read the HTML alone, in source order (dom-fallback)")
    parser.add_argument("--scope", choices=SCOPES, default="main",
                        help="main: the page's main content (default); page: everything")
    parser.add_argument("-o", "--output", metavar="FILE",
                        help="write Markdown (or JSON) to FILE instead of stdout (its folder is "
                             "made if missing; - is stdout)")
    parser.add_argument("--json", action="store_true",
                        help="print the whole Document as JSON: blocks, boxes, order method")
    parser.add_argument("--explain", action="store_true",
                        help="print to stderr why each block was dropped, moved or merged")
    parser.add_argument("--front-matter", action="store_true",
                        help="start the Markdown with YAML front matter (title, url, author, date, language, reading order)")
    parser.add_argument("--images", choices=IMAGE_MODES, default="keep",
                        help="keep: ![alt](src) (default); link: [alt](src), a link to each "
                             "picture; drop: leave pictures out (the extension's option too)")
    parser.add_argument("--link-style", choices=LINK_STYLES, default="inline",
                        help="inline: [text](href) (default); reference: [text][1], with the "
                             "addresses listed at the end")
    parser.add_argument("--timeout", type=_seconds, default=30.0, metavar="SECONDS",
                        help="how long to wait for the page to load (default 30); a page "
                             "still loading then is converted as far as it got, with a note")
    parser.add_argument("--strict", action="store_true",
                        help="exit with status 3 when the page had not finished loading "
                             "at --timeout (the Markdown is still written)")
    parser.add_argument("--save-capture", metavar="FILE",
                        help="also save the browser's capture (HTML + boxes) as JSON")
    parser.add_argument("--capture", metavar="FILE",
                        help="replay a saved capture instead of opening a browser")
    parser.add_argument("--url", type=_web_address, metavar="URL",
                        help="the address a saved page (a file, stdin or --capture) came "
                             "from: its relative links and pictures point there, and the "
                             "front matter names it")
    parser.add_argument("--overlay", metavar="FILE.png",
                        help="also save a full-page screenshot with every block boxed and "
                             "numbered in reading order, coloured by region (needs the browser)")
    parser.add_argument("--browser", choices=("chromium", "firefox"), default="chromium",
                        help="the browser that renders the page (default chromium); "
                             "firefox needs firefox-esr and geckodriver")
    parser.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                        help="what a long run is doing (starting the browser, loading the "
                             "page, converting), on stderr. By default: on a terminal, one "
                             "line after a second, cleared at the end; nothing when stderr is "
                             "not a terminal. --progress: there too, one line a step; "
                             "--no-progress: never")
    parser.add_argument("--version", action="version", version=f"webgist {__version__}")
    return parser


def _seconds(text: str) -> float:
    """--timeout's value: a number of seconds above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text} s: give a number of seconds above 0, such as 30")
    return value


def _web_address(text: str) -> str:
    """--url's value: an http(s) address with a host."""
    parts = urlsplit(text)
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a web address: give the page's http(s) URL, such as "
            "https://example.org/blog/post")
    return text


def main(argv: list[str] | None = None) -> int:
    try:
        return _main(argv)
    except KeyboardInterrupt:
        # Ctrl-C: the browser and its profile folder are already cleaned up by
        # the `finally` blocks the interrupt went through.
        print("\nwebgist: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


# Ctrl-C, as shells report a command ended by SIGINT (128 + 2).
EXIT_INTERRUPTED = 130


def _main(argv: list[str] | None) -> int:
    # Selenium logs its own clean-up failures with a traceback (a driver killed by
    # Ctrl-C with the browser); what went wrong is said in webgist's words instead.
    logging.getLogger("selenium").addHandler(logging.NullHandler())
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "install-host":
        from ..install.command import main as install_main
        return install_main(argv[1:])
    if argv and argv[0] == "batch":
        from ..batch.command import main as batch_main
        return batch_main(argv[1:])
    parser = build_parser()
    args = parser.parse_args(argv)
    if not args.demo and not args.source and not args.capture:
        parser.error("give a SOURCE (URL, file or -), or --demo, or --capture FILE")
    if args.url and args.source and args.source.startswith(("http://", "https://")):
        parser.error("--url names where a saved page came from; SOURCE is already an "
                     "address, so drop --url")
    if args.overlay and (args.static or args.capture):
        parser.error("--overlay draws on the rendered page: it cannot be combined with "
                     f"{'--static' if args.static else '--capture'}")
    if args.overlay and args.browser != "chromium":
        parser.error("--overlay draws with Chromium only: drop --browser firefox")
    options = {"front_matter": args.front_matter, "images": args.images,
               "link_style": args.link_style}
    capture = None
    png = None
    try:
        prepare_output_paths(args)
        with Status(args.progress) as status:
            if args.overlay:
                document, capture, png = _convert_with_overlay(args, options, status)
            else:
                html, url, capture = _load(args, status)
                status.step(_converting(html, rendered=capture is not None))
                document = convert(html, url=url, geometry=capture, scope=args.scope,
                                   options=options)
    except (BrowserError, ParseError, OSError, ValueError) as exc:
        print(f"webgist: {exc}", file=sys.stderr)
        return 2
    saved = True
    if args.save_capture and capture is not None:
        # A page given its address with --url keeps it in the capture, so a replay
        # points its links at the site as this run did.
        kept = {**capture, "url": args.url} if args.url else capture
        saved = save_file("--save-capture", args.save_capture,
                          json.dumps(kept, ensure_ascii=False))
    if png is not None:
        if save_file("--overlay", args.overlay, png):
            print(f"webgist: wrote {args.overlay} ({len(document.blocks)} blocks, "
                  f"{document.reading_order_method})", file=sys.stderr)
        else:
            saved = False
    unfinished = capture is not None and capture.get("loaded") is False
    if unfinished:
        print(f"webgist: note: the page had not finished loading after {args.timeout:g} s; "
              "what had loaded was converted, and the rest of the page may be missing "
              "(give a longer --timeout)", file=sys.stderr)
    if not args.overlay and (args.static or capture is None):
        print(f"webgist: no browser used: blocks are in source order ({document.reading_order_method})",
              file=sys.stderr)
    if args.explain:
        print(document.explain(), file=sys.stderr)
    if args.scope == "main" and not document.stats()["words"]:
        print(_EMPTY_MAIN_HINT + ("; or drop --static, so the page's scripts can build its content"
                                  if args.static else ""), file=sys.stderr)
    output = document.to_json_text() + "\n" if args.json else document.markdown
    saved = write_output(args.output, output, f"{document.stats()['words']} words, "
                         f"{document.reading_order_method}") and saved
    if not saved:
        return 2
    return EXIT_UNFINISHED if unfinished and args.strict else 0


# --strict: the page was converted, but it had not finished loading.
EXIT_UNFINISHED = 3


# Said when the main content comes out empty: everything on the page was chrome
# (menus, footer), often because the page builds its content with script.
_EMPTY_MAIN_HINT = ("webgist: no main content found (every block was page chrome: see --explain); "
                    "--scope page keeps everything")


def _converting(html: str | None, rendered: bool) -> str:
    # The rendered page's HTML (the DOM as the browser holds it) is not the size of
    # the file that was loaded, so it is named as such.
    what = "the rendered page" if rendered else "the page"
    return f"converting {what} ({_size(html)})" if html else f"converting {what}"


def _loading(html: str | None) -> str:
    """The browser's load step, with the page's size when it is known before (a
    file, stdin; a URL's is known once it has loaded, and said when converting)."""
    return f"loading the page ({_size(html)})" if html else "loading the page"


def _size(html: str) -> str:
    return page_size(len(html.encode("utf-8", "replace")))


def _convert_with_overlay(args, options, status: Status) -> tuple[Document, dict, bytes]:
    """Render, convert and screenshot in one browser session, so the boxes drawn
    are the very ones the engine ordered."""
    from .overlay import render_overlay

    html, url, source_path = read_source(args)

    def convert_capture(capture: dict) -> Document:
        status.step(_converting(capture["html"], rendered=True))
        return convert(capture["html"], url=args.url or url or capture.get("url"),
                       geometry=capture,
                       scope=args.scope, options=options)

    with page_url(html, url, source_path) as target:
        capture, document, png, warnings = render_overlay(
            target, convert_capture, timeout=args.timeout,
            progress=_browser_steps(status, _loading(html)))
    for warning in warnings:
        print(f"webgist: {warning}", file=sys.stderr)
    return document, capture, png


def _browser_steps(status: Status, loading: str):
    """The browser's steps, as capture_page names them, in the status line's words."""
    words = {"start": "starting the browser", "load": loading,
             "settle": "letting the page settle", "read": "reading the page's layout",
             "draw": "drawing the overlay and taking the screenshot"}

    def step(name: str) -> None:
        status.step(words.get(name, name))
    return step


def _load(args, status: Status) -> tuple[str, str | None, dict | None]:
    """Return the HTML, its URL and the browser capture (None when static)."""
    if args.capture:
        if Path(args.capture).is_dir() or not Path(args.capture).exists():
            raise OSError(f"no such file: {args.capture} (--capture reads a file saved by "
                          "--save-capture)")
        try:
            capture = json.loads(Path(args.capture).read_text(encoding="utf-8"))
        except RecursionError:
            raise ValueError(f"{args.capture} is nested too deeply to be a webgist capture") from None
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise ValueError(f"{args.capture} is not a webgist capture (not JSON); --capture "
                             "reads a file saved by --save-capture, a page is given as SOURCE"
                             ) from None
        if not isinstance(capture, dict) or not isinstance(capture.get("html"), str):
            raise ValueError(f"{args.capture} is not a webgist capture (no html member)")
        return capture["html"], args.url or capture.get("url"), capture
    status.step("reading " + ("standard input" if args.source == "-" else
                              args.source if args.source else "the demo page"))
    html, url, source_path = read_source(args)
    if args.static:
        if html is None and url is not None:
            status.step(f"downloading {url}")
            html = fetch(url)
        return html, args.url or url, None
    capture = _render(args, html, url, source_path, _browser_steps(status, _loading(html)))
    return capture["html"], args.url or url or capture.get("url"), capture


def _render(args, html, url, source_path, progress) -> dict:
    with page_url(html, url, source_path) as target:
        if args.browser == "firefox":
            from .firefox import capture_page_firefox
            capture = capture_page_firefox(target, timeout=args.timeout, progress=progress)
        else:
            capture = capture_page(target, timeout=args.timeout, progress=progress)
    if html is not None and url is None and source_path is None:
        # Piped HTML was loaded from a temporary file: its links are the page's
        # own, not addresses inside that file's folder.
        capture["url"] = None
    return capture


if __name__ == "__main__":
    sys.exit(main())
