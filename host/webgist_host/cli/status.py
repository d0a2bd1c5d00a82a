"""What a long single-page run is doing, on stderr: "starting the browser",
"loading the page (20.1MB)", "reading the page's layout", "converting".

On a terminal it is one line, drawn by tqdm as batch's progress bar is, shown
only once the run has taken STATUS_DELAY_S (a quick page shows nothing) and
cleared when the run ends, Ctrl-C included. Elsewhere (a pipe, a CI log) nothing
is shown, unless --progress asks for it: then each step is one plain line, which
a log keeps readable. Standard output never carries any of it.
"""
from __future__ import annotations

import sys
import threading
import time
from typing import IO, Any

# A page converted within this long needs no status line.
STATUS_DELAY_S = 1.0
# How often the line's clock is redrawn.
STATUS_REFRESH_S = 0.5


def page_size(size: int) -> str:
    """A page's size in the words of batch's progress bar ("20.1MB")."""
    from tqdm import tqdm

    return tqdm.format_sizeof(size, "B")


class Status:
    """`step(text)` says what the run does now; `close()` (or leaving the
    `with` block) clears the line. `wanted`: None shows the line only when
    `stream` is a terminal; True shows it anyway (plain lines off a terminal);
    False never shows anything."""

    def __init__(self, wanted: bool | None = None, stream: IO[str] | None = None,
                 delay: float = STATUS_DELAY_S) -> None:
        self._stream = stream if stream is not None else sys.stderr
        terminal = _is_terminal(self._stream)
        self._live = terminal and wanted is not False
        self._lines = not terminal and wanted is True
        self._text = ""
        self._started = time.time()     # tqdm's clock: the line counts from the run's start
        self._bar: Any = None
        self._lock = threading.Lock()
        self._done = threading.Event()
        self._drawer: threading.Thread | None = None
        if self._live:
            self._drawer = threading.Thread(target=self._draw, args=(delay,),
                                            name="webgist-status", daemon=True)
            self._drawer.start()

    def step(self, text: str) -> None:
        with self._lock:
            self._text = text
            if self._bar is not None:
                self._bar.set_description_str(text)
        if self._lines:
            print(f"webgist: {text}", file=self._stream, flush=True)

    def _draw(self, delay: float) -> None:
        if self._done.wait(delay):
            return
        from tqdm import tqdm

        with self._lock:
            if self._done.is_set():
                return
            self._bar = tqdm(total=None, file=self._stream, leave=False, dynamic_ncols=True,
                             bar_format="webgist: {desc}... {elapsed}", desc=self._text)
            self._bar.start_t = self._started
            self._bar.refresh()
        while not self._done.wait(STATUS_REFRESH_S):
            with self._lock:
                if self._bar is not None:
                    self._bar.refresh()

    def close(self) -> None:
        """Clear the line (the output and any message after it start on a clean one)."""
        with self._lock:
            self._done.set()
            bar, self._bar = self._bar, None
            if bar is not None:
                bar.close()

    def __enter__(self) -> Status:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _is_terminal(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
