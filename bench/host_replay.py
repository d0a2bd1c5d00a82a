#!/usr/bin/env python3
"""A saved capture through real native-host processes: host CPU and peak RSS per tree.

    PYTHONPATH=host .venv/bin/python bench/host_replay.py big.capture.json \
        OLD/host NEW/host --rounds 4

Sends the capture (collect.js's result, with its `html`) to `python -m
webgist_host.native` as the extension does: one begin/chunk/end upload of 2 Mi-unit
chunks, scope main. A fresh host per conversion, the trees alternating round by
round (the first one alternating), each tree's package directory put first on
PYTHONPATH. The host's own reply says what it spent converting (`timings.cpu_ms`:
decoding the request, the engine, the reply) and its peak RSS (`ru_maxrss`); the
wall time from the first frame written to the reply read includes the host's start-up.
This is the host's side of bench/latency.py without a browser: the machine is
shared, so compare trees of one run, by their CPU and memory.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import struct
import subprocess
import sys
import time
from pathlib import Path

CHUNK_UNITS = 2 * 1024 * 1024    # extension/native.js's request chunk, in UTF-16 units


def frame(message: dict) -> bytes:
    body = json.dumps(message, ensure_ascii=False).encode("utf-8")
    return struct.pack("=I", len(body)) + body


def upload(capture: dict) -> bytes:
    """The convert request as the frames of one begin/chunk/end upload."""
    text = json.dumps({**capture, "type": "convert", "id": 1, "options": {"scope": "main"}},
                      ensure_ascii=False)
    pieces = [text[i:i + CHUNK_UNITS] for i in range(0, len(text), CHUNK_UNITS)]
    frames = [frame({"type": "begin", "id": "upload", "chunks": len(pieces)})]
    frames += [frame({"type": "chunk", "id": "upload", "seq": k, "data": piece})
               for k, piece in enumerate(pieces)]
    frames.append(frame({"type": "end", "id": "upload"}))
    return b"".join(frames)


def read_reply(stream) -> dict:
    """One reply, joined from its chunks when it came as several frames."""
    pieces: list[str] = []
    while True:
        length = struct.unpack("=I", stream.read(4))[0]
        message = json.loads(stream.read(length))
        kind = message.get("type")
        if kind == "begin":
            continue
        if kind == "chunk":
            pieces.append(message["data"])
            continue
        return json.loads("".join(pieces)) if kind == "end" else message


def convert_once(tree: Path, request: bytes) -> tuple[float, float, float, dict[str, float]]:
    """(host CPU ms, peak RSS MB, wall ms, phases) of one conversion in a fresh host.
    Phases (wall ms, the host's own clock): the request's decoding after its last
    frame, each engine stage, and the reply's making up to its first frame."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    host = subprocess.Popen([sys.executable, "-m", "webgist_host.native"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
    started = time.perf_counter()
    host.stdin.write(request)
    host.stdin.flush()
    reply = read_reply(host.stdout)
    wall = (time.perf_counter() - started) * 1000
    host.stdin.close()
    host.wait()
    if not reply.get("ok"):
        sys.exit(f"{tree}: {reply.get('error')}")
    timings = reply["timings"]
    engine = timings["engine_ms"]
    phases = {"decode": timings["decoded_at"] - timings["last_frame_at"], **engine,
              "reply": timings["replied_at"] - timings["decoded_at"] - sum(engine.values())}
    return timings["cpu_ms"], timings["peak_rss_kb"] / 1024, wall, phases


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("capture", type=Path, help="a capture saved by webgist --save-capture")
    parser.add_argument("trees", type=Path, nargs="+",
                        help="directories holding a webgist_host package (a checkout's host/)")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    request = upload(json.loads(args.capture.read_text(encoding="utf-8")))
    results: dict[Path, list[tuple[float, float, float]]] = {tree: [] for tree in args.trees}
    phases: dict[Path, list[dict[str, float]]] = {tree: [] for tree in args.trees}
    for round_ in range(args.rounds):
        for tree in (args.trees if round_ % 2 == 0 else args.trees[::-1]):
            cpu, rss, wall, laps = convert_once(tree, request)
            results[tree].append((cpu, rss, wall))
            phases[tree].append(laps)
            print(f"{tree}: host CPU {cpu:.0f} ms, peak RSS {rss:.1f} MB, wall {wall:.0f} ms",
                  flush=True)
    for tree, rows in results.items():
        cpu, rss, wall = (statistics.median(column) for column in zip(*rows))
        print(f"median {tree}: host CPU {cpu:.0f} ms, peak RSS {rss:.1f} MB, wall {wall:.0f} ms")
    # Wall-clock phases, medians: indicative only on a shared machine.
    names = list(phases[args.trees[0]][0])
    print("phase (wall ms, median) | " + " | ".join(str(tree) for tree in args.trees))
    for name in names:
        print(f"{name} | " + " | ".join(
            f"{statistics.median(laps.get(name, 0.0) for laps in phases[tree]):.0f}"
            for tree in args.trees))
    return 0


if __name__ == "__main__":
    sys.exit(main())
