"""Worker processes that convert pages, watched one page at a time.

Each worker converts one page at a time and answers with its row; it holds the
next page already (PAGES_PER_WORKER), so it never waits for the parent between
pages. The parent watches every busy worker: one past the page's time budget or
over the memory cap is killed and replaced, its page becomes an error row, and
the page it held next goes to another worker. Rows come back in input order
whatever order the workers finish in.

A standard process pool cannot do this: it has no way to stop one task, and a
worker killed under it breaks the whole pool.
"""
from __future__ import annotations

import gc
import multiprocessing
import queue
import resource
import shutil
import signal
import tempfile
import threading
import sys
import time
from collections import deque
from dataclasses import dataclass, field
from multiprocessing.connection import wait
from pathlib import Path
from typing import Any, Generator, Iterable

import psutil

from .render import render_folder_prefix
from .rows import ConvertOptions, convert_file, convert_html, convert_url, error_row
from .sources import PageInput

# How often busy workers are checked against the time budget and the memory cap.
WATCH_INTERVAL_S = 0.1
# Pages a worker holds: the one it converts and the next, received while it
# converts (a thread of its own reads the pipe). With one, a worker sat idle
# between pages while the parent woke up, read its row and sent the next page
# (a page is ~240 KB on average): 3.3 % of its time with one worker and 2 to 5 %
# with two, on a busy 2-core machine.
PAGES_PER_WORKER = 2
# Pages handed out ahead of the oldest unfinished one, per worker: enough to
# keep workers busy while one page is slow, bounded so the rows waiting to be
# written in order (and the pages waiting to be sent) stay few.
WINDOW_PER_WORKER = 16
# forkserver starts each worker from a clean process that has already imported
# the engine, this module (the workers' code) and the program's main module (which
# a worker would otherwise import again, as spawn does): a worker is ready ~40 ms
# after it is asked for, with ~20 ms of CPU, where preloading the engine alone left
# ~250 ms and ~170 ms of imports to each worker, at the start and for every
# replacement.
PRELOAD = ["__main__", "webgist_host.batch.pool"]
WARM_UP_PAGE = "<html><head><title>t</title></head><body><main><h1>h</h1><p>p <a href='/'>a</a></p></main></body></html>"
READY = "ready"
# A worker's garbage collector: the objects that exist once the engine is warm (the
# modules, compiled patterns, tables) are frozen out of every later collection, and
# the youngest generation is collected less often. The engine's pages make few
# reference cycles; in an A/B over 60 WCXB pages this cut CPU time per page ~5%.
GC_THRESHOLDS = (50_000, 20, 100)


@dataclass(frozen=True)
class PoolLimits:
    jobs: int
    page_timeout_s: float
    max_memory_mb: float


@dataclass
class PoolStats:
    peak_memory_mb: dict[int, float] = field(default_factory=dict)   # per worker slot
    restarts: int = 0
    # CPU seconds (user + system) of the live workers by slot, and of those replaced
    # or stopped: on a shared machine, pages per CPU second is the throughput a
    # core gives, whatever else the machine runs.
    cpu_s: dict[int, float] = field(default_factory=dict)
    retired_cpu_s: float = 0.0

    def total_cpu_s(self) -> float:
        return self.retired_cpu_s + sum(self.cpu_s.values())


def convert_page(page: PageInput, options: ConvertOptions, renderer=None) -> dict[str, Any]:
    """The row for one PageInput (in whatever process runs it)."""
    if page.error is not None:
        return error_row(page.source, page.url, page.error)
    if page.from_url:
        return convert_url(page.url, source=page.source, options=options, renderer=renderer)
    if page.path is not None:
        return convert_file(page.path, source=page.source, options=options, renderer=renderer)
    return convert_html(page.data, url=page.url, source=page.source, charset=page.charset,
                        options=options, renderer=renderer)


def _worker_main(connection, options: ConvertOptions) -> None:
    # Ctrl-C is the parent's to handle: it stops the workers and keeps what was written.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    renderer = None
    if options.render:
        from .render import PageRenderer

        renderer = PageRenderer(load_timeout_s=options.time_budget_s or 30.0)
    try:
        _serve(connection, options, renderer)
    except (BrokenPipeError, EOFError, ConnectionResetError):
        pass            # the parent stopped (interrupted, or done): nothing to report to
    finally:
        if renderer is not None:
            renderer.close()


def _serve(connection, options: ConvertOptions, renderer) -> None:
    # The first conversion in a process compiles the engine's patterns (and starts
    # the browser, when rendering); done before the worker says it is ready, it is
    # not charged to a page's budget.
    convert_html(WARM_UP_PAGE, options=options, renderer=renderer)
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    tasks: queue.SimpleQueue = queue.SimpleQueue()
    threading.Thread(target=_receive, args=(connection, tasks), name="webgist-batch-receive",
                     daemon=True).start()
    connection.send(READY)
    while True:
        task = tasks.get()
        if task is None:
            return
        seq, page = task
        row = convert_page(page, options, renderer)
        usage = resource.getrusage(resource.RUSAGE_SELF)
        # ru_maxrss is in KiB on Linux, bytes on macOS.
        peak_mb = usage.ru_maxrss / (2**20 if sys.platform == "darwin" else 2**10)
        connection.send((seq, row, peak_mb, usage.ru_utime + usage.ru_stime))


def _receive(connection, tasks: queue.SimpleQueue) -> None:
    """Tasks from the pipe into `tasks` while the worker converts (the read and
    its unpickling are a small part of a page's time); None at the end."""
    while True:
        try:
            task = connection.recv()
        except (EOFError, OSError):
            task = None
        tasks.put(task)
        if task is None:
            return


class _Worker:
    def __init__(self, context, slot: int, options: ConvertOptions):
        self.slot = slot
        self.connection, child = context.Pipe()
        self.process = context.Process(target=_worker_main, args=(child, options),
                                       name=f"webgist-batch-{slot}", daemon=True)
        self.process.start()
        child.close()
        self.watch = psutil.Process(self.process.pid)
        # What it holds, in the order it converts them: the first is its page now.
        self.tasks: deque[tuple[int, PageInput]] = deque()
        self.ready = False
        self.retire = False
        self.started = time.monotonic()      # when it began the page it converts now

    @property
    def task(self) -> tuple[int, PageInput] | None:
        """The page it converts now."""
        return self.tasks[0] if self.tasks else None

    def wants_page(self) -> bool:
        return self.ready and not self.retire and len(self.tasks) < PAGES_PER_WORKER

    def give(self, seq: int, page: PageInput) -> None:
        if not self.tasks:
            self.started = time.monotonic()
        self.tasks.append((seq, page))
        try:
            self.connection.send((seq, page))
        except OSError:
            pass        # it died: the next check finds it dead, and the page reported

    def finished(self) -> None:
        """Its page now is done; it is on the next one, if it holds one."""
        self.tasks.popleft()
        self.started = time.monotonic()

    def memory_mb(self) -> float:
        """The worker's resident memory (its browser's processes are not counted:
        Chromium bounds its own renderers)."""
        try:
            return self.watch.memory_info().rss / 2**20
        except psutil.Error:
            return 0.0

    def stop(self, kill: bool = False) -> None:
        if kill:
            # Its children too: a rendering worker's chromedriver and Chromium
            # would outlive it otherwise.
            try:
                children = self.watch.children(recursive=True)
            except psutil.Error:
                children = []
            self.process.kill()
            for child in children:
                try:
                    child.kill()
                except psutil.Error:
                    pass
            psutil.wait_procs(children, timeout=5)
            for leftover in Path(tempfile.gettempdir()).glob(render_folder_prefix(self.process.pid) + "*"):
                shutil.rmtree(leftover, ignore_errors=True)
        else:
            try:
                self.connection.send(None)
            except OSError:
                pass
        self.process.join(5)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.connection.close()


def _context():
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    if "forkserver" in methods:
        context.set_forkserver_preload(PRELOAD)
    return context


def convert_pages(pages: Iterable[PageInput], options: ConvertOptions, limits: PoolLimits,
                  stats: PoolStats | None = None,
                  ) -> Generator[tuple[PageInput, dict[str, Any]], None, None]:
    """(page, row) for every page, in input order, converted by `limits.jobs`
    watched worker processes."""
    stats = stats if stats is not None else PoolStats()
    context = _context()
    workers = [_Worker(context, slot, options) for slot in range(limits.jobs)]
    window = WINDOW_PER_WORKER * limits.jobs
    source = enumerate(pages)
    waiting: dict[int, tuple[PageInput, dict[str, Any] | None]] = {}
    # Pages a killed worker held but had not begun: given again, first.
    again: deque[tuple[int, PageInput]] = deque()
    next_out, next_in, exhausted = 0, 0, False
    try:
        while True:
            for worker in workers:
                while worker.wants_page() and (again or (not exhausted and next_in - next_out < window)):
                    if again:
                        worker.give(*again.popleft())
                        continue
                    try:
                        seq, page = next(source)
                    except StopIteration:
                        exhausted = True
                        break
                    next_in = seq + 1
                    if page.error is not None:          # nothing to convert
                        waiting[seq] = (page, error_row(page.source, page.url, page.error))
                    else:
                        waiting[seq] = (page, None)
                        worker.give(seq, page)
            while next_out in waiting and waiting[next_out][1] is not None:
                page, row = waiting.pop(next_out)
                yield page, row
                next_out += 1
            busy = [w for w in workers if w.task is not None or not w.ready]
            if exhausted and not waiting:
                return
            for connection in wait([w.connection for w in busy], timeout=WATCH_INTERVAL_S):
                worker = next(w for w in busy if w.connection is connection)
                _collect(worker, waiting, stats, limits)
            for index, worker in enumerate(workers):
                problem = _over_limit(worker, limits)
                if problem is not None:
                    workers[index] = _replace(worker, problem, waiting, again, stats, context,
                                              options)
                elif worker.retire or (worker.ready and worker.task is None
                                       and not worker.process.is_alive()):
                    # Over the memory cap on its last page, or it died idle. The
                    # page it held next (perhaps begun) goes to another worker.
                    again.extendleft(reversed(worker.tasks))
                    worker.tasks.clear()
                    worker.stop(kill=True)
                    stats.retired_cpu_s += stats.cpu_s.pop(worker.slot, 0.0)
                    workers[index] = _Worker(context, worker.slot, options)
                    stats.restarts += 1
    finally:
        for worker in workers:
            worker.stop(kill=worker.task is not None)


def _collect(worker: _Worker, waiting: dict, stats: PoolStats, limits: PoolLimits) -> None:
    try:
        message = worker.connection.recv()
    except (EOFError, OSError):
        return          # it died: _over_limit sees that and replaces it
    if message == READY:
        worker.ready = True
        return
    seq, row, peak_mb, cpu_s = message
    page = waiting[seq][0]
    if peak_mb > limits.max_memory_mb:
        # The kernel's high-water mark catches a peak too brief for the watch to
        # see. The page went over the cap; the worker keeps that memory (and its
        # mark), so it is replaced.
        row = error_row(page.source, page.url, f"over the memory cap: the worker reached "
                                               f"{peak_mb:.0f} MB (cap {limits.max_memory_mb:g} MB)",
                        row["ms"])
        worker.retire = True
    waiting[seq] = (page, row)
    stats.peak_memory_mb[worker.slot] = max(stats.peak_memory_mb.get(worker.slot, 0.0), peak_mb)
    stats.cpu_s[worker.slot] = cpu_s
    worker.finished()


def _over_limit(worker: _Worker, limits: PoolLimits) -> str | None:
    if worker.task is None:
        if not worker.ready and not worker.process.is_alive():
            raise RuntimeError(f"a worker process could not start (exit code "
                               f"{worker.process.exitcode})")
        return None
    if not worker.process.is_alive():
        code = worker.process.exitcode
        how = f"was killed by signal {-code}" if code is not None and code < 0 else f"exited ({code})"
        return f"the worker process {how} while converting this page"
    elapsed = time.monotonic() - worker.started
    if elapsed > limits.page_timeout_s:
        return f"over the time budget: still converting after {limits.page_timeout_s:g} s"
    memory = worker.memory_mb()
    if memory > limits.max_memory_mb:
        return (f"over the memory cap: the worker reached {memory:.0f} MB "
                f"(cap {limits.max_memory_mb:g} MB)")
    return None


def _replace(worker: _Worker, problem: str, waiting: dict, again: deque, stats: PoolStats,
             context, options: ConvertOptions) -> _Worker:
    assert worker.task is not None
    seq, page = worker.tasks.popleft()
    # The pages it held next were not begun: another worker takes them, in order.
    again.extendleft(reversed(worker.tasks))
    worker.tasks.clear()
    worker.stop(kill=True)
    waiting[seq] = (page, error_row(page.source, page.url, problem,
                                    (time.monotonic() - worker.started) * 1000))
    stats.restarts += 1
    stats.retired_cpu_s += stats.cpu_s.pop(worker.slot, 0.0)
    return _Worker(context, worker.slot, options)
