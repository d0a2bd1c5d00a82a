"""score.py on the browser path: each probe served over HTTP, loaded in one headless
Chromium at the standard viewport, settled, measured by extension/collect.js and
converted with that capture as geometry (as the extension does).

  PYTHONPATH=<tree>/host python bench/code_heldout/browser_score.py [--half ...] [--show]
"""
from __future__ import annotations

import functools
import http.server
import tempfile
import threading
from pathlib import Path

import score
import webgist_host
from webgist_host.cli.browser import fresh_tab, run_collect, set_viewport, settle, start_chromium

HERE = Path(__file__).resolve().parent


def run() -> None:
    class Handler(http.server.SimpleHTTPRequestHandler):
        # The probes declare no charset: served as UTF-8, as their files are.
        extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                          ".html": "text/html; charset=utf-8"}

        def log_message(self, *args) -> None:
            pass
    handler = functools.partial(Handler, directory=str(HERE / "probes"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    driver = start_chromium(tempfile.mkdtemp(prefix="code-heldout-"))
    set_viewport(driver)

    def convert(path: Path) -> str:
        fresh_tab(driver)
        driver.get(f"http://127.0.0.1:{server.server_port}/{path.name}")
        settle(driver)
        capture = run_collect(driver)
        return webgist_host.convert(capture["html"], geometry=capture, scope="page").markdown
    try:
        score.main(convert)
    finally:
        driver.quit()
        server.shutdown()


if __name__ == "__main__":
    run()
