#!/usr/bin/env python3
"""Corpus throughput: `webgist batch` against trafilatura on the same WARC.

    .venv/bin/python bench/batch.py --wcxb ../shared/bench/wcxb-dev [--limit N] \
        [--jobs 1 2] [--rounds 1] [--no-peer] [--render] [--out bench-out/batch]

1. Builds `OUT/wcxb-dev.warc.gz` once (warcio): each WCXB dev page as an HTTP
   response record, its ground-truth URL as the target URI.
2. Runs the real command, `webgist batch WARC -o rows.jsonl --jobs N`, in a
   subprocess, and reads its summary line (pages, errors, peak worker memory).
3. Runs trafilatura 2.3.1 (`extract(html, url=URL, output_format="markdown")`) over
   the same records, read by the same WARC reader, in a pool of N processes,
   writing JSONL too.
4. With --render, `webgist batch WARC --render N` as well: each page measured in
   one of N reused headless Chromium instances.
   With --render-urls, the same pages served over HTTP on 127.0.0.1 and given to
   `webgist batch urls.txt --render N` as a URL list (each loaded from the server).
5. With --overhead, instead of the runs: what a page costs outside the engine, in
   CPU time per page (reading the WARC, decoding, building the row, pickling it
   both ways, writing JSON), beside the engine's own time, and how long a worker
   takes to start.

Both are timed end to end, start-up included (the command's process, its
workers' imports and warm-up; trafilatura's pool and imports). Each round runs
every (tool, jobs) pair back to back, so both tools share the machine's load;
the figures are medians over rounds. Pages per CPU second (the workers' user +
system time, from getrusage) is the throughput one core gives whatever else the
machine runs; wall-clock pages/s and the scaling from 1 to 2 workers depend on
how busy the machine is. Reported: pages/s, pages/s
per worker, the scaling from the first to the last --jobs value, peak memory per
worker (ru_maxrss of the worker processes).
"""
from __future__ import annotations

import argparse
import gzip
import json
import multiprocessing
import re
import resource
import statistics
import subprocess
import sys
import time
from io import BytesIO
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "host"))

SUMMARY_RE = re.compile(r"webgist batch: (\d+) pages in ([\d.]+) s .*?(\d+) errors.*?"
                        r"peak worker memory (\d+) MB; worker CPU ([\d.]+) s.*?"
                        r"main process CPU ([\d.]+) s")


def build_warc(wcxb: Path, target: Path, limit: int | None) -> int:
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    pages = sorted((wcxb / "html").glob("*.html.gz"))[:limit]
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target, "wb") as handle:
        writer = WARCWriter(handle, gzip=True)
        for page in pages:
            body = gzip.decompress(page.read_bytes())
            truth = wcxb / "ground-truth" / (page.name.split(".")[0] + ".json")
            url = json.loads(truth.read_text(encoding="utf-8")).get("url") if truth.exists() else None
            url = url or f"https://wcxb.invalid/{page.name.split('.')[0]}"
            http = StatusAndHeaders("200 OK", [("Content-Type", "text/html; charset=utf-8"),
                                               ("Content-Length", str(len(body)))],
                                    protocol="HTTP/1.1")
            writer.write_record(writer.create_warc_record(url, "response", payload=BytesIO(body),
                                                          http_headers=http))
    return len(pages)


def serve_pages(warc: Path, out: Path) -> tuple[Path, object]:
    """The WARC's pages served on 127.0.0.1 (one path a page), and a URL list of them."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from webgist_host.batch.warc import read_warc

    bodies = {f"/page/{number}": page.payload
              for number, page in enumerate(read_warc(warc)) if page.payload is not None}

    class Pages(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (the http.server name)
            body = bodies.get(self.path)
            self.send_response(200 if body is not None else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body or b"")))
            self.end_headers()
            self.wfile.write(body or b"")

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Pages)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    urls = out / "urls.txt"
    urls.write_text("".join(f"http://127.0.0.1:{server.server_address[1]}{path}\n"
                            for path in bodies), encoding="utf-8")
    return urls, server


def run_webgist(warc: Path, jobs: int, out: Path, render: bool = False) -> dict:
    rows = out / f"webgist{'-render' if render else ''}-{jobs}-{warc.stem}.jsonl"
    rows.unlink(missing_ok=True)
    workers = ["--render", str(jobs)] if render else ["--jobs", str(jobs)]
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "webgist_host.cli.command", "batch", str(warc),
                           "-o", str(rows), *workers],
                          capture_output=True, text=True, cwd=REPO,
                          env={"PYTHONPATH": str(REPO / "host"), "PATH": "/usr/bin:/bin"})
    seconds = time.perf_counter() - started
    match = SUMMARY_RE.search(done.stderr)
    if done.returncode != 0 or match is None:
        sys.exit(f"webgist batch failed ({done.returncode}):\n{done.stderr[-2000:]}")
    pages = int(match.group(1))
    return {"pages": pages, "seconds": seconds, "errors": int(match.group(3)),
            "peak_mb": float(match.group(4)), "cpu_s": float(match.group(5)),
            "main_cpu_s": float(match.group(6))}


def _trafilatura_one(record: tuple[str | None, bytes, str | None]) -> tuple[str, float, int, float]:
    import os

    import trafilatura

    url, payload, _charset = record
    markdown = trafilatura.extract(payload.decode("utf-8", errors="replace"), url=url,
                                   output_format="markdown") or ""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return markdown, usage.ru_maxrss / 1024, os.getpid(), usage.ru_utime + usage.ru_stime


def _warm_trafilatura(_: int) -> None:
    import trafilatura

    trafilatura.extract("<html><body><article><p>warm up text</p></article></body></html>")


def run_trafilatura(warc: Path, jobs: int, out: Path) -> dict:
    from webgist_host.batch.warc import read_warc

    rows = out / f"trafilatura-{jobs}.jsonl"
    context = multiprocessing.get_context("forkserver")
    # Imported once in the fork server, as webgist's engine is, so neither tool's
    # workers pay for their imports in the CPU time measured.
    context.set_forkserver_preload(["trafilatura"])
    # Timed from the start, pool and imports included, as the webgist command is.
    started = time.perf_counter()
    main_before = resource.getrusage(resource.RUSAGE_SELF)
    with context.Pool(jobs) as pool:
        pool.map(_warm_trafilatura, range(jobs))      # imports, as webgist's workers warm up
        records = ((page.url, page.payload, page.charset) for page in read_warc(warc)
                   if page.payload is not None)
        peak, pages, cpu_by_worker = 0.0, 0, {}
        with open(rows, "w", encoding="utf-8") as handle:
            for markdown, peak_mb, pid, cpu_s in pool.imap(_trafilatura_one, records, chunksize=4):
                handle.write(json.dumps({"markdown": markdown}, ensure_ascii=False) + "\n")
                peak, pages = max(peak, peak_mb), pages + 1
                cpu_by_worker[pid] = max(cpu_by_worker.get(pid, 0.0), cpu_s)
    seconds = time.perf_counter() - started
    main_after = resource.getrusage(resource.RUSAGE_SELF)
    main_cpu_s = (main_after.ru_utime + main_after.ru_stime
                  - main_before.ru_utime - main_before.ru_stime)
    return {"pages": pages, "seconds": seconds, "errors": 0, "peak_mb": peak,
            "cpu_s": sum(cpu_by_worker.values()), "main_cpu_s": main_cpu_s}


def measure_overhead(warc: Path) -> str:
    """CPU milliseconds per page of each step a batch page goes through, the
    engine's beside them (measured in turn on every page, so load shifts both
    alike), and a worker's start (from being asked for to ready)."""
    import pickle

    from webgist_host.batch import pool
    from webgist_host.batch.pagebytes import check_html, decode_page
    from webgist_host.batch.rows import ConvertOptions, convert_html
    from webgist_host.batch.sources import read_inputs
    from webgist_host.engine.pipeline import convert

    def cpu_ms(step, items) -> float:
        started = time.process_time()
        for item in items:
            step(item)
        return (time.process_time() - started) * 1000 / len(items)

    started = time.process_time()
    pages = list(read_inputs([str(warc)]))
    steps = {"main process: read the WARC (warcio, gunzip)":
             (time.process_time() - started) * 1000 / len(pages)}
    steps["main process → worker: pickle a page both ways"] = cpu_ms(
        lambda page: pickle.loads(pickle.dumps(page, pickle.HIGHEST_PROTOCOL)), pages)
    steps["worker: check and decode the bytes"] = cpu_ms(
        lambda page: (check_html(page.data), decode_page(page.data, page.charset)), pages)
    options = ConvertOptions(time_budget_s=30.0)
    convert_html(pool.WARM_UP_PAGE, options=options)
    engine = row = 0.0
    rows = []
    for number, page in enumerate(pages):
        text = decode_page(page.data, page.charset)[0]

        def engine_only():
            convert(text, url=page.url, scope=options.scope, options=options.engine_options())

        def whole_row():
            rows.append(convert_html(page.data, url=page.url, source=page.source,
                                     charset=page.charset, options=options))

        # In turn, the order swapped from page to page: the second run of a page
        # finds the caches warm.
        for step in ((engine_only, whole_row) if number % 2 else (whole_row, engine_only)):
            begun = time.process_time()
            step()
            spent = time.process_time() - begun
            if step is engine_only:
                engine += spent
            else:
                row += spent
    steps["worker: the engine's convert()"] = engine * 1000 / len(pages)
    steps["worker: the whole row (checks, decode, convert, row)"] = row * 1000 / len(pages)
    steps["worker → main process: pickle a row both ways"] = cpu_ms(
        lambda r: pickle.loads(pickle.dumps(r, pickle.HIGHEST_PROTOCOL)), rows)
    steps["main process: the row as a JSON line"] = cpu_ms(
        lambda r: json.dumps(r, ensure_ascii=False), rows)
    lines = [f"{len(pages)} pages of {warc.name}", "", "| step | CPU ms per page |", "|---|---|"]
    lines += [f"| {name} | {ms:.3f} |" for name, ms in steps.items()]
    context = pool._context()
    ready_ms, cpu_ms_used = [], []
    for _ in range(4):
        begun = time.perf_counter()
        worker = pool._Worker(context, 0, options)
        assert worker.connection.recv() == pool.READY
        ready_ms.append((time.perf_counter() - begun) * 1000)
        used = worker.watch.cpu_times()
        cpu_ms_used.append((used.user + used.system) * 1000)
        worker.stop()
    lines.append(f"\nworker start, asked for to ready: first (fork server start) "
                 f"{ready_ms[0]:.0f} ms, then " + ", ".join(f"{ms:.0f}" for ms in ready_ms[1:])
                 + " ms; its CPU " + ", ".join(f"{ms:.0f}" for ms in cpu_ms_used[1:]) + " ms")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wcxb", type=Path, default=REPO.parent / "shared" / "bench" / "wcxb-dev")
    parser.add_argument("--out", type=Path, default=REPO / "bench-out" / "batch")
    parser.add_argument("--limit", type=int)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--no-peer", action="store_true", help="skip trafilatura")
    parser.add_argument("--render-urls", action="store_true",
                        help="also serve the pages on 127.0.0.1 and run `webgist batch urls.txt "
                             "--render N` over them; slow: pair it with --limit")
    parser.add_argument("--overhead", action="store_true",
                        help="measure a page's costs outside the engine instead (pair it "
                             "with --limit)")
    parser.add_argument("--render", action="store_true",
                        help="also run `webgist batch --render N` (N = each --jobs value); "
                             "slow: pair it with --limit")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    warc = args.out / (f"wcxb-dev-{args.limit}.warc.gz" if args.limit else "wcxb-dev.warc.gz")
    if not warc.exists():
        count = build_warc(args.wcxb, warc, args.limit)
        print(f"built {warc} ({count} pages, {warc.stat().st_size / 2**20:.1f} MiB)", flush=True)
    if args.overhead:
        print(measure_overhead(warc), flush=True)
        return
    runners = {"webgist": run_webgist}
    if not args.no_peer:
        runners["trafilatura"] = run_trafilatura
    if args.render:
        runners["webgist --render"] = lambda warc, jobs, out: run_webgist(warc, jobs, out, True)
    if args.render_urls:
        urls, _server = serve_pages(warc, args.out)
        runners["webgist --render, URLs"] = lambda warc, jobs, out: run_webgist(urls, jobs, out, True)
    results: dict[tuple[str, int], list[dict]] = {}
    for round_number in range(args.rounds):
        for jobs in args.jobs:
            for tool, runner in runners.items():
                result = runner(warc, jobs, args.out)
                results.setdefault((tool, jobs), []).append(result)
                print(f"round {round_number + 1}: {tool} --jobs {jobs}: {result['pages']} pages "
                      f"in {result['seconds']:.1f} s ({result['pages'] / result['seconds']:.1f} "
                      f"pages/s), worker CPU {result['cpu_s']:.1f} s "
                      f"({result['pages'] / result['cpu_s']:.2f} pages per CPU s), "
                      f"main process CPU {result['main_cpu_s']:.1f} s, "
                      f"peak {result['peak_mb']:.0f} MB per worker, {result['errors']} errors",
                      flush=True)
    print(report(results, args.jobs), flush=True)


def report(results: dict[tuple[str, int], list[dict]], jobs_list: list[int]) -> str:
    lines = ["", "| tool | workers | pages/s (wall) | pages/s per worker | scaling | "
                 "pages per worker CPU second | pages per CPU second, main process too | "
                 "peak MB per worker |", "|---|---|---|---|---|---|---|---|"]
    rates: dict[tuple[str, int], float] = {}
    per_cpu: dict[tuple[str, int], float] = {}
    per_all_cpu: dict[tuple[str, int], float] = {}
    for (tool, jobs), runs in sorted(results.items()):
        rates[(tool, jobs)] = statistics.median(r["pages"] / r["seconds"] for r in runs)
        per_cpu[(tool, jobs)] = statistics.median(r["pages"] / r["cpu_s"] for r in runs)
        per_all_cpu[(tool, jobs)] = statistics.median(
            r["pages"] / (r["cpu_s"] + r["main_cpu_s"]) for r in runs)
    for (tool, jobs), rate in sorted(rates.items()):
        base = rates.get((tool, jobs_list[0]))
        scaling = f"{rate / base:.2f}x" if base and jobs != jobs_list[0] else ""
        peak = max(r["peak_mb"] for r in results[(tool, jobs)])
        lines.append(f"| {tool} | {jobs} | {rate:.2f} | {rate / jobs:.2f} | {scaling} | "
                     f"{per_cpu[(tool, jobs)]:.2f} | {per_all_cpu[(tool, jobs)]:.2f} | {peak:.0f} |")
    for jobs in jobs_list:
        if ("trafilatura", jobs) in rates:
            lines.append(f"\nwebgist / trafilatura at {jobs} workers: wall throughput "
                         f"{rates[('webgist', jobs)] / rates[('trafilatura', jobs)]:.2f}, "
                         f"pages per CPU second "
                         f"{per_cpu[('webgist', jobs)] / per_cpu[('trafilatura', jobs)]:.2f}, "
                         f"main process included "
                         f"{per_all_cpu[('webgist', jobs)] / per_all_cpu[('trafilatura', jobs)]:.2f}")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
