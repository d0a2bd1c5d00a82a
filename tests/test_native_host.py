"""The real native host, started as a subprocess exactly as Chromium starts it.

Requests are encoded with `nativemessaging.encode_message` (an encoder we did not
write, so it checks our reader independently) or written as raw bytes; replies
are decoded here by hand, so nothing in these tests trusts webgist's own framing
code to check itself.
"""
from __future__ import annotations

import base64
import json
import queue
import re
import struct
import subprocess
import sys
import threading
import zlib

import nativemessaging
import pytest

import webgist_host
from webgist_host.install.manifest import EXTENSION_ID

ORIGIN = f"chrome-extension://{EXTENSION_ID}/"
ONE_MIB = 1_048_576
# A guard against a hung host, not a performance assertion.
HANG_GUARD_S = 120


def nm_frame(obj) -> bytes:
    message = nativemessaging.encode_message(obj)
    return message["length"] + message["content"]


def raw_frame(body: bytes) -> bytes:
    return struct.pack("=I", len(body)) + body


class HostProcess:
    """`python -m webgist_host.native ORIGIN` with a thread collecting all of stdout."""

    def __init__(self, *args: str):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "webgist_host.native", *args],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.stdout = bytearray()
        self.frames: queue.Queue = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self._stderr = b""
        self._stderr_reader = threading.Thread(target=self._read_stderr, daemon=True)
        self._stderr_reader.start()

    def _read(self):
        pos = 0
        while True:
            piece = self.proc.stdout.read1(1 << 16)
            if not piece:
                self.frames.put(None)
                return
            self.stdout += piece
            while len(self.stdout) - pos >= 4:
                (length,) = struct.unpack("=I", self.stdout[pos:pos + 4])
                if len(self.stdout) - pos - 4 < length:
                    break
                self.frames.put(bytes(self.stdout[pos + 4:pos + 4 + length]))
                pos += 4 + length

    def _read_stderr(self):
        self._stderr = self.proc.stderr.read()

    def send(self, data: bytes) -> None:
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def recv_frame(self) -> bytes:
        body = self.frames.get(timeout=HANG_GUARD_S)
        assert body is not None, f"host closed stdout; stderr: {self.stderr()}"
        return body

    def recv(self) -> dict:
        """One logical reply: a single frame, or begin/chunk.../end reassembled."""
        first = json.loads(self.recv_frame().decode("utf-8"))
        if first.get("type") != "begin":
            return first
        chunks = [json.loads(self.recv_frame().decode("utf-8")) for _ in range(first["chunks"])]
        end = json.loads(self.recv_frame().decode("utf-8"))
        assert end == {"type": "end", "id": first["id"]}
        assert [c["seq"] for c in chunks] == list(range(first["chunks"]))
        assert all(c["type"] == "chunk" and c["id"] == first["id"] for c in chunks)
        text = "".join(c["data"] for c in chunks)
        if first.get("encoding") == "deflate":
            text = zlib.decompress(base64.b64decode(text, validate=True)).decode("utf-8")
        reply = json.loads(text)
        reply["_chunks"] = len(chunks)
        reply["_encoding"] = first.get("encoding")
        return reply

    def close(self) -> int:
        """Close stdin (the browser going away) and return the exit status."""
        if not self.proc.stdin.closed:
            self.proc.stdin.close()
        status = self.proc.wait(timeout=HANG_GUARD_S)
        self._reader.join(timeout=HANG_GUARD_S)
        self._stderr_reader.join(timeout=HANG_GUARD_S)
        return status

    def stderr(self) -> str:
        return self._stderr.decode("utf-8", "replace")

    def all_frames(self) -> list[bytes]:
        """Every frame the host wrote; fails if stdout held anything but frames."""
        data, pos, bodies = bytes(self.stdout), 0, []
        while pos < len(data):
            assert pos + 4 <= len(data), f"stray bytes on stdout: {data[pos:pos + 80]!r}"
            (length,) = struct.unpack("=I", data[pos:pos + 4])
            assert pos + 4 + length <= len(data), f"stray bytes on stdout: {data[pos:pos + 80]!r}"
            bodies.append(data[pos + 4:pos + 4 + length])
            pos += 4 + length
        return bodies


@pytest.fixture
def host():
    h = HostProcess(ORIGIN)
    yield h
    if h.proc.poll() is None:
        h.proc.kill()
        h.proc.wait()


def article(paragraphs: int) -> str:
    body = "".join(
        f"<p>Paragraph {i}: the quick brown fox — «naïve» 漢字かな {'😀' if i % 3 else '𝄞'} "
        f"jumps over the \"lazy\" dog \\ again and again.</p>\n" for i in range(paragraphs))
    return (f"<!doctype html><html lang=en><head><title>Long read</title></head><body>"
            f"<main><article><h1>A very long article</h1>{body}</article></main></body></html>")


def test_ping_answers_pong_with_the_version(host):
    host.send(nm_frame({"type": "ping", "id": "p1"}))
    assert host.recv() == {"ok": True, "type": "pong", "version": webgist_host.__version__,
                           "id": "p1"}
    assert host.close() == 0


def test_convert_returns_markdown_method_and_stats(host):
    html = "<html><head><title>T</title></head><body><main><h1>Hello</h1><p>World 世界 😀</p></main></body></html>"
    host.send(nm_frame({"type": "convert", "id": 7, "html": html, "url": "http://127.0.0.1/x",
                        "options": {"scope": "main", "explain": True}}))
    reply = host.recv()
    expected = webgist_host.convert(html, url="http://127.0.0.1/x", scope="main",
                                    options={"scope": "main", "explain": True})
    assert reply["ok"] is True and reply["id"] == 7
    assert reply["markdown"] == expected.markdown
    assert "World 世界 😀" in reply["markdown"]
    assert reply["method"] == expected.reading_order_method
    assert reply["measured"] is expected.reading_order_measured
    assert reply["stats"] == expected.stats()
    assert reply["explain"] == expected.explain()
    assert host.close() == 0


def test_convert_without_explain_option_has_no_explain_member(host):
    host.send(nm_frame({"type": "convert", "html": "<p>x</p>"}))
    reply = host.recv()
    assert reply["ok"] is True and "explain" not in reply
    assert host.close() == 0


def test_five_megabyte_page_uploads_in_chunks_and_the_large_reply_comes_back_chunked(host):
    html = article(42_000)
    request = {"type": "convert", "html": html, "url": "http://127.0.0.1/long",
               "title": "Long read", "options": {"scope": "main"}}
    text = json.dumps(request, ensure_ascii=False)
    assert len(html.encode("utf-8")) > 5_000_000
    # Cut the JSON text the way the extension does (by characters), encode every
    # message with the reference encoder; each frame stays well under 64 MiB.
    piece = 1_000_000
    pieces = [text[i:i + piece] for i in range(0, len(text), piece)]
    host.send(nm_frame({"type": "begin", "id": "big", "chunks": len(pieces)}))
    for seq, data in enumerate(pieces):
        host.send(nm_frame({"type": "chunk", "id": "big", "seq": seq, "data": data}))
    host.send(nm_frame({"type": "end", "id": "big"}))

    reply = host.recv()
    assert reply.get("ok") is True, reply
    assert reply["id"] == "big"
    expected = webgist_host.convert(html, url="http://127.0.0.1/long", scope="main",
                                    options={"scope": "main"})
    assert reply["markdown"] == expected.markdown
    assert "Paragraph 41999" in reply["markdown"]
    # Where the host's time went (bench/latency.py): the upload's first and last frame,
    # the decoded request and the reply, on the wall clock the extension uses too.
    timings = reply["timings"]
    assert timings["first_frame_at"] < timings["last_frame_at"] <= timings["decoded_at"] \
        <= timings["replied_at"]
    assert set(timings["engine_ms"]) >= {"capture", "parse", "blocks", "regions", "dedup", "markdown"}
    assert timings["cpu_ms"] > 0 and timings["peak_rss_kb"] > 50_000
    assert len(json.dumps(reply, ensure_ascii=False).encode("utf-8")) > ONE_MIB
    assert reply["_chunks"] >= 2
    # Every frame the host wrote respects Chromium's 1 MiB host->browser ceiling.
    assert all(4 + len(body) <= ONE_MIB for body in host.all_frames())
    # The port still works afterwards.
    host.send(nm_frame({"type": "ping"}))
    assert host.recv()["type"] == "pong"
    assert host.close() == 0


def test_a_large_reply_asked_for_deflated_comes_back_compressed_and_small_ones_plain(host):
    html = article(30_000)
    host.send(nm_frame({"type": "ping", "id": "p", "reply_encoding": "deflate"}))
    assert host.recv() == {"ok": True, "type": "pong", "version": webgist_host.__version__, "id": "p"}
    request = {"type": "convert", "html": html, "options": {"scope": "page"}}
    host.send(nm_frame({**request, "id": "plain"}))
    plain = host.recv()
    host.send(nm_frame({**request, "id": "packed", "reply_encoding": "deflate"}))
    packed = host.recv()
    assert plain["_encoding"] is None and plain["_chunks"] >= 2
    assert packed["_encoding"] == "deflate" and packed["_chunks"] < plain["_chunks"]
    assert packed["markdown"] == plain["markdown"] and "Paragraph 29999" in packed["markdown"]
    assert all(4 + len(body) <= ONE_MIB for body in host.all_frames())
    # An encoding the host does not know is not used: the reply comes back plain.
    host.send(nm_frame({**request, "id": "other", "reply_encoding": "brotli"}))
    assert host.recv()["_encoding"] is None
    assert host.close() == 0


def test_a_page_prepared_ahead_converts_as_the_whole_request_would(host):
    # The extension sends the page's markup and element table while collect.js still
    # measures (prepare), then the rest naming it (convert with prepared).
    capture = {"version": 2,
               "html": '<html data-wg-path="0"><body data-wg-path="1"><p data-wg-path="2">Bees, '
                       'seen.</p><p data-wg-path="3">Wasps, hidden.</p></body></html>',
               "elements": {"steps": ["html", "body", "p"], "parent": [-1, 0, 1, 1],
                            "step": [0, 1, 2, 2], "nth": [1, 1, 1, 2]}}
    rest = {"url": "https://example.org/bees", "viewport": {"width": 800, "height": 600},
            "geometry": {"ids": [0, 1, 2, 3], "boxes": [0, 0, 800, 600] * 3 + [0, 0, 0, 0],
                         "flags": [3, 3, 3, 0], "floats": []}}
    host.send(nm_frame({"type": "convert", "id": "whole", **capture, **rest}))
    whole = host.recv()
    host.send(nm_frame({"type": "prepare", "id": "ahead", "options": {"scope": "page"}, **capture}))
    assert host.recv() == {"ok": True, "type": "prepared", "id": "ahead"}
    host.send(nm_frame({"type": "convert", "id": "rest", "prepared": "ahead", **rest}))
    split = host.recv()
    assert split["ok"] is True and split["markdown"] == whole["markdown"] == "Bees, seen.\n"
    assert {"first_frame_at", "last_frame_at", "parsed_at", "cpu_ms"} <= set(split["timings"]["ahead"])
    # The prepared page is used once; a convert naming another (or it again) is refused.
    host.send(nm_frame({"type": "convert", "id": "again", "prepared": "ahead", **rest}))
    again = host.recv()
    assert again["ok"] is False and "did not arrive" in again["error"] and again["id"] == "again"
    host.send(nm_frame({"type": "prepare", "id": "bad", "html": 3}))
    assert "needs 'html'" in host.recv()["error"]
    assert host.close() == 0


BAD_MESSAGES = [
    pytest.param(raw_frame(b"\xff\xfe{}"), None, "not valid UTF-8", id="invalid-utf8"),
    pytest.param(raw_frame(b'{"type": "ping"'), None, "not valid JSON", id="invalid-json"),
    pytest.param(raw_frame(b""), None, "not valid JSON", id="empty-body"),
    pytest.param(nm_frame([1, 2, 3]), None, "must be a JSON object, not an array", id="not-an-object"),
    pytest.param(nm_frame("ping"), None, "must be a JSON object, not a string", id="string"),
    pytest.param(nm_frame(None), None, "must be a JSON object, not null", id="null"),
    pytest.param(nm_frame(42), None, "must be a JSON object, not a number", id="number"),
    pytest.param(nm_frame({"id": "a"}), "a", "has no 'type'", id="no-type"),
    pytest.param(nm_frame({"type": "dance", "id": "b"}), "b", "unknown type 'dance'", id="unknown-type"),
    pytest.param(nm_frame({"type": "convert", "id": "c"}), "c", "needs 'html'", id="missing-html"),
    pytest.param(nm_frame({"type": "convert", "id": 4, "html": 5}), 4,
                 "needs 'html' as a string of the page's markup (it is a number)", id="html-not-string"),
    pytest.param(nm_frame({"type": "convert", "id": "e", "html": "<p>x</p>", "url": 3}), "e",
                 "'url' must be a string", id="url-not-string"),
    pytest.param(nm_frame({"type": "convert", "id": "f", "html": "<p>x</p>", "options": "page"}), "f",
                 "'options' must be an object or null, not a string", id="options-not-object"),
    pytest.param(nm_frame({"type": "convert", "id": "g", "html": "<p>x</p>", "geometry": [1]}), "g",
                 "'geometry' must be an object or null, not an array", id="geometry-not-object"),
    pytest.param(nm_frame({"type": "convert", "id": "h", "html": "<p>x</p>",
                           "options": {"scope": "everything"}}), "h",
                 'options.scope must be one of main, page, not "everything"', id="scope-unknown"),
    pytest.param(nm_frame({"type": "convert", "id": "i", "html": "<p>x</p>", "options": {"scope": None}}), "i",
                 "options.scope must be one of main, page, not null", id="scope-null"),
    pytest.param(nm_frame({"type": "convert", "id": "j", "html": "<p>x</p>", "options": {"images": [1]}}), "j",
                 "options.images must be one of keep, drop, link, not [1]", id="images-array"),
    pytest.param(nm_frame({"type": "chunk", "id": "ghost", "seq": 0, "data": "{}"}), "ghost",
                 "unknown upload", id="chunk-unknown-upload"),
    pytest.param(nm_frame({"type": "end", "id": "ghost"}), "ghost", "unknown upload",
                 id="end-unknown-upload"),
    pytest.param(nm_frame({"type": "begin", "id": "z", "chunks": -1}), "z", "'chunks' must be",
                 id="begin-bad-count"),
    # Well-formed JSON that Python's decoder refuses with errors of its own.
    pytest.param(raw_frame(b"[" * 1000 + b"]" * 1000), None, "nested too deeply",
                 id="nested-1000-deep"),
    pytest.param(raw_frame(b'{"type": "ping", "n": ' + b"7" * 4301 + b"}"), None,
                 "it holds a number of more than 4,300 digits", id="number-of-4301-digits"),
]


@pytest.mark.parametrize("frame, request_id, message", BAD_MESSAGES)
def test_bad_message_gets_a_framed_error_and_the_next_message_works(host, frame, request_id, message):
    host.send(frame)
    reply = host.recv()
    assert reply["ok"] is False
    assert reply["id"] == request_id
    assert message in reply["error"]
    # Plain words: no Python type names or advice meant for Python programmers.
    assert not re.search(r"\b(NoneType|list|int|str|dict|float|bool)\b|sys\.", reply["error"]), reply
    host.send(nm_frame({"type": "ping", "id": "after"}))
    assert host.recv()["type"] == "pong"
    assert host.close() == 0
    # A refused request is the sender's mistake, not a host failure: no traceback.
    assert "Traceback" not in host.stderr()


def test_upload_of_deeply_nested_json_gets_a_framed_error_then_the_port_still_works(host):
    text = '{"type": "convert", "html": "<p>x</p>", "geometry": ' + "[" * 5000 + "]" * 5000 + "}"
    host.send(nm_frame({"type": "begin", "id": "deep", "chunks": 2}))
    host.send(nm_frame({"type": "chunk", "id": "deep", "seq": 0, "data": text[:3000]}))
    host.send(nm_frame({"type": "chunk", "id": "deep", "seq": 1, "data": text[3000:]}))
    host.send(nm_frame({"type": "end", "id": "deep"}))
    reply = host.recv()
    assert reply["ok"] is False and reply["id"] == "deep"
    assert "nested too deeply" in reply["error"]
    host.send(nm_frame({"type": "ping", "id": "after"}))
    assert host.recv()["type"] == "pong"
    assert host.close() == 0
    assert "Traceback" not in host.stderr()


def test_chunked_upload_with_a_gap_gets_one_error_then_the_port_still_works(host):
    text = json.dumps({"type": "convert", "html": "<p>hello</p>"})
    host.send(nm_frame({"type": "begin", "id": "u", "chunks": 3}))
    host.send(nm_frame({"type": "chunk", "id": "u", "seq": 0, "data": text[:5]}))
    host.send(nm_frame({"type": "chunk", "id": "u", "seq": 2, "data": text[10:]}))
    host.send(nm_frame({"type": "end", "id": "u"}))
    reply = host.recv()
    assert reply["ok"] is False and reply["id"] == "u"
    assert "chunk 2 arrived before chunk 1" in reply["error"]
    host.send(nm_frame({"type": "ping", "id": "next"}))
    assert host.recv() == {"ok": True, "type": "pong", "version": webgist_host.__version__,
                           "id": "next"}
    assert host.close() == 0
    # Exactly the two replies: the straggling end of the dropped upload got no second error.
    assert len(host.all_frames()) == 2


def test_frame_over_64_mib_is_refused_and_skipped_and_the_next_message_works(host):
    announced = 64 * 1024 * 1024 + 1
    host.send(struct.pack("=I", announced))
    block = b"x" * (1 << 20)
    for _ in range(announced // len(block)):
        host.send(block)
    host.send(b"x" * (announced % len(block)))
    reply = host.recv()
    assert reply["ok"] is False and "over the 67,108,864-byte limit" in reply["error"]
    host.send(nm_frame({"type": "ping"}))
    assert host.recv()["type"] == "pong"
    assert host.close() == 0


def test_stdout_carries_only_valid_frames_over_a_mixed_session(host):
    host.send(nm_frame({"type": "ping"}))
    host.send(raw_frame(b"not json"))
    host.send(nm_frame({"type": "convert", "html": "<p>one</p>", "options": {"explain": True}}))
    host.send(nm_frame({"type": "convert", "html": "<p>two</p>", "options": {"scope": "bad"}}))
    host.send(nm_frame({"type": "ping"}))
    assert host.close() == 0
    bodies = host.all_frames()
    replies = [json.loads(b.decode("utf-8")) for b in bodies]
    assert [r["ok"] for r in replies] == [True, False, True, False, True]
    assert all(isinstance(r, dict) for r in replies)


def test_stray_prints_and_fd1_writes_go_to_stderr_not_into_the_frame_stream():
    # Runs the host's own stdout guard, then misbehaves the way a careless library
    # would; only the frame must reach the real stdout.
    code = (
        "import os, sys\n"
        "from webgist_host.host.native import protect_stdout\n"
        "from webgist_host.host.framing import encode_frame\n"
        "out = protect_stdout()\n"
        "print('stray print')\n"
        "sys.stdout.write('stray write\\n'); sys.stdout.flush()\n"
        "os.write(1, b'stray fd write\\n')\n"
        "out.write(encode_frame({'ok': True}))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=HANG_GUARD_S)
    assert result.returncode == 0, result.stderr
    assert result.stdout == raw_frame(b'{"ok":true}')
    for text in (b"stray print", b"stray write", b"stray fd write"):
        assert text in result.stderr


def test_eof_between_frames_exits_zero(host):
    host.send(nm_frame({"type": "ping"}))
    host.recv()
    assert host.close() == 0


def test_eof_inside_a_frame_reports_the_break_and_exits_nonzero(host):
    host.send(struct.pack("=I", 100) + b'{"type":')
    status = host.close()
    assert status == 1
    replies = [json.loads(b) for b in host.all_frames()]
    assert len(replies) == 1 and replies[0]["ok"] is False
    assert "stream ended" in replies[0]["error"]


def test_wrong_extension_origin_is_refused():
    h = HostProcess("chrome-extension://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/")
    try:
        h.send(nm_frame({"type": "ping"}))
    except BrokenPipeError:
        pass   # the host may already have gone
    status = h.close()
    assert status == 2
    replies = [json.loads(b) for b in h.all_frames()]
    assert len(replies) == 1
    assert replies[0]["ok"] is False and "not allowed" in replies[0]["error"]
    # The store gives a copy an id of its own: the reply says how to allow it.
    assert replies[0]["error"].endswith(
        "To allow it, run: webgist install-host --extension-id aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa")


def test_own_origin_without_trailing_slash_is_served():
    h = HostProcess(f"chrome-extension://{EXTENSION_ID}")
    h.send(nm_frame({"type": "ping"}))
    assert h.recv()["type"] == "pong"
    assert h.close() == 0


def host_imports_of(modules: tuple[str, ...]) -> str:
    """Which of `modules` a fresh Python holds once it has imported the native host,
    comma-separated ("" for none)."""
    code = ("import sys, webgist_host.native\n"
            f"print(','.join(sorted(m for m in sys.modules if m in {modules!r})))\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=HANG_GUARD_S)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_host_start_up_imports_none_of_the_installers_modules():
    """The host imports install.manifest (who may call it) at every start, which the
    user waits for on a first copy; what only the installer uses stays out of it:
    pathlib (~1.3 ms, annotations only there), hashlib, argparse, subprocess, files."""
    assert host_imports_of(("pathlib", "hashlib", "argparse", "subprocess", "shutil",
                            "tempfile", "fnmatch", "glob", "zipfile")) == ""


def test_host_imports_nothing_that_reaches_the_network():
    assert host_imports_of(("socket", "ssl", "http.client", "urllib.request", "asyncio",
                            "selenium", "websocket", "urllib3", "requests")) == ""
