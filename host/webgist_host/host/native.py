"""The native-messaging host: `python -m webgist_host.native [origin]` (native.py at the
package root starts this module; installed launchers call it by that name).

Chromium starts this (through the launcher that `webgist install-host` writes)
with argv `[launcher, "chrome-extension://<id>/"]` and keeps it running for as
long as the extension holds its `connectNative` port. The loop reads frames from
stdin and writes frames to stdout; stdout carries nothing else, ever.

Requests and replies (each one frame, or a begin/chunk/end upload or reply when
larger; see framing.py):

    {"type": "ping"}
        -> {"ok": true, "type": "pong", "version": "<webgist version>", "id": ... | null}
    {"type": "prepare", "html": str, "version"?: 2, "elements"?: {...}, "options"?: {...},
     "id": str | int}
        -> {"ok": true, "type": "prepared", "id": ...}
    (a page's markup and element table sent ahead of its geometry, which the browser is
    still measuring: the host parses it now; the `convert` that names it in `prepared`
    brings the rest. One page is held at a time: a later `prepare` replaces it.)
    {"type": "convert", "html": str (or "prepared": the id of a prepare), "url"?: str, "title"?: str, "version"?: 1 | 2,
     "elements"?: {...}, "geometry"?: {...}, "viewport"?: {...}, "dir"?: {...}, "lang"?: {...}, "timings"?: {...},
     "options"?: {"scope": "main" | "page", "front_matter"?: bool,
                  "images"?: "keep" | "drop" | "link", "link_style"?: "inline" | "reference",
                  "explain"?: bool, "overlay"?: bool},
     "id"?: str | int, "reply_encoding"?: "deflate"}
        -> {"ok": true, "id": ..., "markdown": str, "method": str, "measured": bool,
            "title": str, "stats": {...}, "explain"?: str,
            "overlay"?: [[reading index, x, y, w, h, region or "", kind], ...],
            "timings": {"spawned_at" (or null), "python_at", "ready_at", "first_frame_at", "last_frame_at", "decoded_at", "replied_at": epoch ms,
                        "engine_ms": {stage: ms}, "cpu_ms": host CPU converting,
                        "peak_rss_kb": int}}
    (`timings`: where the host's time went, for bench/latency.py; `spawned_at` when the
    process started (Linux, to 10 ms), `python_at` when Python began importing webgist,
    `ready_at` when this process had imported everything and began reading requests, the same for
    every request a port sends; `overlay`, with options.overlay true: the measured blocks' page boxes in reading
    order, for extension/overlay.js to draw; `reply_encoding` "deflate", which any
    request may carry: a reply too large for one frame comes back compressed, see
    framing.REPLY_ENCODINGS)
    anything wrong
        -> {"ok": false, "id": ... | null, "error": "<what went wrong and what to do>"}

A bad message never ends the loop; only the end of stdin does (exit status 0), or
a stream cut in the middle of a frame (status 1), or a refused origin (status 2).
The host imports nothing that can reach the network.
"""
from __future__ import annotations

import json
import logging
import os
import resource
import sys
import time
from typing import Any, BinaryIO

from .. import IMPORT_STARTED_AT, __version__
from .collector import answering, fewer_collections, freeze_start_up
from .framing import (MAX_INCOMING_FRAME, REPLY_ENCODINGS, FrameTooLargeError, FramingError,
                      MessageJSONError, UploadAssembler, UploadError, UPLOAD_TYPES, clean_text,
                      encode_frame, encode_reply_frames, json_kind, parse_message_json,
                      read_frame)
from ..install.manifest import (ALLOWED_EXTENSIONS, ALLOWED_ORIGINS, EXTENSION_ID_RE, EXTRA_IDS_VARIABLE,
                                extra_origins)
from ..engine.render.markdown import IMAGE_MODES, LINK_STYLES
from ..engine.render.overlay import overlay_blocks
from ..engine.pipeline import SCOPES, Parsed, convert, parse_markup

log = logging.getLogger("webgist.native")

EXIT_OK = 0
EXIT_STREAM_BROKEN = 1
EXIT_ORIGIN_REFUSED = 2

REQUEST_TYPES = ("ping", "prepare", "convert", *UPLOAD_TYPES)

# Optional members of a convert request and the JSON types they may have
# (None stands for JSON null / absent).
_OPTIONAL_FIELDS: dict[str, tuple[type, ...]] = {
    "url": (str,),
    "title": (str,),
    "elements": (dict,),
    "geometry": (dict,),
    "viewport": (dict,),
    "dir": (dict,),
    "lang": (dict,),
    "timings": (dict,),
    "options": (dict,),
}
_JSON_NAMES = {str: "a string", dict: "an object"}


class RequestError(ValueError):
    """A request the host understood well enough to refuse, with a reason for the user."""


def origin_allowed(origin: str) -> bool:
    if "://" not in origin:        # Firefox passes the extension id: exact match only
        return origin in ALLOWED_EXTENSIONS
    normalized = origin if origin.endswith("/") else origin + "/"
    # The ids `install-host --extension-id` added reach the host through its launcher.
    return normalized in ALLOWED_ORIGINS + extra_origins(os.environ.get(EXTRA_IDS_VARIABLE, ""))


def _request_id(message: Any) -> Any:
    """The id to echo back: a string or integer from the request, else null."""
    if isinstance(message, dict):
        value = message.get("id")
        if isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool)):
            return value
    return None


def epoch_ms() -> float:
    """Wall-clock milliseconds: the extension's timeline uses the same clock."""
    return round(time.time() * 1000, 1)


def handle_ping(message: dict[str, Any], clock: dict[str, float]) -> dict[str, Any]:
    return {"ok": True, "type": "pong", "version": __version__, "id": _request_id(message)}


class Prepared:
    """A page sent ahead (`prepare`): its members but the type and id, its tree
    parsed (with the text it was read from), and when that happened (for the
    reply's timings)."""

    def __init__(self, request_id: Any, fields: dict[str, Any], parsed: Parsed,
                 timings: dict[str, float]):
        self.request_id = request_id
        self.fields = fields
        self.parsed: Parsed | None = parsed
        self.timings = timings

    def hand_over(self) -> Parsed | None:
        """The parsed page, no longer held here: `convert` changes the tree in place
        and lets the page's text go once it has searched it."""
        parsed, self.parsed = self.parsed, None
        return parsed


def handle_prepare(message: dict[str, Any], clock: dict[str, float]) -> Prepared:
    cpu_started = time.process_time()
    html = message.get("html")
    if not isinstance(html, str):
        raise RequestError("'prepare' needs 'html' as a string of the page's markup")
    options = message.get("options")
    if options is not None and not isinstance(options, dict):
        raise RequestError("'options' must be an object or null")
    html = clean_text(html)
    try:
        with fewer_collections():
            parsed = parse_markup(html, options)
    except Exception as exc:   # the parser failed: report it, keep serving
        log.exception("prepare failed")
        raise RequestError(f"could not read the page: {exc}") from exc
    fields = {key: value for key, value in message.items()
              if key not in ("type", "id", "reply_encoding", "options")}
    fields["html"] = html
    timings = {"first_frame_at": clock["first_frame_at"], "last_frame_at": clock["last_frame_at"],
               "decoded_at": clock["decoded_at"], "parsed_at": epoch_ms(),
               "cpu_ms": round((time.process_time() - cpu_started) * 1000, 1)}
    return Prepared(_request_id(message), fields, parsed, timings)


def handle_convert(message: dict[str, Any], clock: dict[str, float],
                   prepared: Prepared | None = None) -> dict[str, Any]:
    cpu_started = time.process_time()
    if prepared is not None:
        message = {**prepared.fields, **message}
    html = message.get("html")
    if not isinstance(html, str):
        got = "it is missing" if html is None else f"it is {json_kind(html)}"
        raise RequestError(f"'convert' needs 'html' as a string of the page's markup ({got})")
    for name, types in _OPTIONAL_FIELDS.items():
        value = message.get(name)
        if value is not None and not isinstance(value, types):
            raise RequestError(f"'{name}' must be {_JSON_NAMES[types[0]]} or null, "
                               f"not {json_kind(value)}")
    options = dict(message.get("options") or {})
    _check_options(options)
    scope = options.get("scope", "main")
    reply_id = _request_id(message)
    try:
        with fewer_collections():
            doc = convert(html if prepared else clean_text(html), url=message.get("url"),
                          geometry=message, scope=scope, options=options,
                          parsed=prepared.hand_over() if prepared else None)
    except Exception as exc:   # the engine failed: report it, keep serving
        log.exception("convert failed")
        raise RequestError(f"could not convert the page: {exc}") from exc
    reply: dict[str, Any] = {
        "ok": True,
        "id": reply_id,
        "markdown": doc.markdown,
        "method": doc.reading_order_method,
        "measured": doc.reading_order_measured,
        "title": doc.title or message.get("title") or "",
        "stats": doc.stats(),
    }
    if options.get("explain"):
        reply["explain"] = doc.explain()
    if options.get("overlay") is True:
        reply["overlay"] = overlay_blocks(doc)
    ahead = {"ahead": prepared.timings} if prepared else {}
    reply["timings"] = {**clock, **ahead, "engine_ms": dict(doc.timings_ms), "replied_at": epoch_ms(),
                        "cpu_ms": round((time.process_time() - cpu_started) * 1000, 1),
                        "peak_rss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}
    return reply


# The extension's options page settings (extension/settings.js), as the engine
# names them: a wrong value is refused, not silently replaced by the default.
_OPTION_CHOICES: dict[str, tuple[str, ...]] = {"scope": SCOPES, "images": IMAGE_MODES,
                                                "link_style": LINK_STYLES}
_OPTION_FLAGS = ("front_matter", "explain", "overlay")


def _check_options(options: dict[str, Any]) -> None:
    for name, choices in _OPTION_CHOICES.items():
        if name in options and options[name] not in choices:
            raise RequestError(f"options.{name} must be one of {', '.join(choices)}, "
                               f"not {_shown(options[name])}")
    for name in _OPTION_FLAGS:
        if name in options and not isinstance(options[name], bool):
            raise RequestError(f"options.{name} must be true or false, not {_shown(options[name])}")


def _shown(value: Any) -> str:
    """A request's value as its JSON, shortened: what the sender wrote, not Python's repr."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (ValueError, RecursionError):   # a value too deep to write back
        return json_kind(value)
    return text if len(text) <= 60 else text[:57] + "..."


_HANDLERS = {"ping": handle_ping, "convert": handle_convert}


def error_reply(message: str, request_id: Any = None) -> dict[str, Any]:
    return {"ok": False, "id": request_id, "error": message}


def process_started_at() -> float | None:
    """When the kernel started this process (epoch ms, to its 10 ms clock tick), so
    that the time before Python ran is seen too; None where /proc does not say."""
    try:
        with open("/proc/self/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
        ticks_after_boot = int(fields[19]) / os.sysconf("SC_CLK_TCK")
        return round((time.time() - time.clock_gettime(time.CLOCK_BOOTTIME) + ticks_after_boot) * 1000, 1)
    except (OSError, ValueError, IndexError, AttributeError):
        return None


class Host:
    """One port's worth of state: the open uploads and a counter for reply ids."""

    def __init__(self, out: BinaryIO):
        self.out = out
        self.ready_at = epoch_ms()   # imports done: the process can answer from here on
        # The start-up's steps, in every reply's timings: the process started, Python
        # began importing webgist, the imports were done.
        self.start_up = {"spawned_at": process_started_at(), "python_at": IMPORT_STARTED_AT,
                         "ready_at": self.ready_at}
        self.uploads = UploadAssembler()
        self._replies = 0
        self._upload_began: dict[Any, float] = {}   # upload id -> epoch ms of its 'begin'
        self._reply_encoding: dict[Any, str] = {}   # request id -> the encoding its reply may take
        self._prepared: Prepared | None = None      # the page sent ahead, until its convert

    def send(self, reply: dict[str, Any]) -> None:
        self._replies += 1
        chunk_id = reply.get("id")
        if chunk_id is None:
            chunk_id = f"reply-{self._replies}"
        encoding = self._reply_encoding.pop(reply.get("id"), None)
        try:
            frames = encode_reply_frames(reply, chunk_id, encoding=encoding)
        except (TypeError, ValueError, RecursionError) as exc:   # not JSON-serializable: a host bug
            log.exception("could not encode reply")
            frames = [encode_frame(error_reply(f"internal error encoding the reply: {exc}",
                                               reply.get("id")))]
        for frame in frames:
            self.out.write(frame)
        self.out.flush()

    def handle_body(self, body: bytes, received_at: float | None = None) -> dict[str, Any] | None:
        """Turn one frame body into the reply to send (None: nothing to send).
        `received_at`: when the frame had arrived, in epoch ms."""
        received_at = epoch_ms() if received_at is None else received_at
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError as exc:
            return error_reply(f"message is not valid UTF-8 (bad byte at offset {exc.start}); "
                               "send UTF-8 JSON")
        try:
            message = parse_message_json(text)
        except MessageJSONError as exc:
            return error_reply(f"message is not valid JSON: {exc}")
        try:
            return self.handle_message(message, {"first_frame_at": received_at,
                                                 "last_frame_at": received_at})
        except Exception as exc:   # a host bug: say so in a frame and keep serving
            log.exception("could not handle a message")
            return error_reply(f"internal error handling the message: {type(exc).__name__}",
                               _request_id(message))

    def handle_message(self, message: Any,
                       clock: dict[str, float] | None = None) -> dict[str, Any] | None:
        """The reply to one message. `clock`: when its frames arrived (epoch ms)."""
        clock = clock or {"first_frame_at": epoch_ms(), "last_frame_at": epoch_ms()}
        if not isinstance(message, dict):
            return error_reply(f"message must be a JSON object, not {json_kind(message)}")
        kind = message.get("type")
        request_id = _request_id(message)
        if kind in UPLOAD_TYPES:
            upload_id = message.get("id")
            if kind == "begin":
                self._upload_began[upload_id] = clock["first_frame_at"]
            try:
                request = self.uploads.feed(message)
            except UploadError as exc:
                self._upload_began.pop(upload_id, None)
                return error_reply(str(exc), exc.upload_id)
            if request is None:
                return None
            began = self._upload_began.pop(upload_id, clock["first_frame_at"])
            return self.handle_message(request, {**clock, "first_frame_at": began})
        if message.get("reply_encoding") in REPLY_ENCODINGS:
            self._reply_encoding[request_id] = message["reply_encoding"]
        if kind == "prepare":
            self._prepared = None                   # one page held at a time
            try:
                self._prepared = handle_prepare(message, {**clock, "decoded_at": epoch_ms()})
            except RequestError as exc:
                return error_reply(str(exc), request_id)
            return {"ok": True, "type": "prepared", "id": request_id}
        if kind == "convert" and "prepared" in message:
            prepared, self._prepared = self._prepared, None
            if prepared is None or prepared.request_id != message["prepared"]:
                return error_reply("the page's markup sent ahead of this request "
                                   f"(prepare {message['prepared']!r}) did not arrive; "
                                   "try again", request_id)
            try:
                return handle_convert(message, {**self.start_up, **clock,
                                                "decoded_at": epoch_ms()}, prepared)
            except RequestError as exc:
                return error_reply(str(exc), request_id)
        handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            what = "has no 'type'" if kind is None else f"has unknown type {kind!r}"
            return error_reply(f"message {what}; expected one of {', '.join(REQUEST_TYPES)}",
                               request_id)
        try:
            return handler(message, {**self.start_up, **clock, "decoded_at": epoch_ms()})
        except RequestError as exc:
            return error_reply(str(exc), request_id)

    def serve(self, stream: BinaryIO) -> int:
        """Answer frames until the stream ends. Returns the exit status."""
        while True:
            try:
                body = read_frame(stream, MAX_INCOMING_FRAME)
            except FrameTooLargeError as exc:
                log.warning("%s", exc)
                self.send(error_reply(f"{exc}; send large requests as begin/chunk/end uploads"))
                continue
            except FramingError as exc:
                log.error("input stream broken: %s", exc)
                self.send(error_reply(f"input stream broken: {exc}"))
                return EXIT_STREAM_BROKEN
            if body is None:
                log.info("stdin closed; exiting")
                return EXIT_OK
            with answering():            # collected after the reply, not while it is made
                reply = self.handle_body(body, epoch_ms())
                if reply is not None:
                    self.send(reply)
                del reply


def protect_stdout() -> BinaryIO:
    """Keep a private handle on the real stdout for frames, and point everything
    else that would write to stdout (print, sys.stdout, C code writing to fd 1)
    at stderr, so nothing stray can corrupt the frame stream."""
    sys.stdout.flush()
    frame_fd = os.dup(1)
    os.dup2(2, 1)
    if sys.platform == "win32":   # no newline translation on the frame streams
        import msvcrt
        msvcrt.setmode(frame_fd, os.O_BINARY)
        msvcrt.setmode(0, os.O_BINARY)
    sys.stdout = sys.stderr
    return os.fdopen(frame_fd, "wb", buffering=0)


def refusal(origin: str) -> str:
    """What the host says to a caller it does not serve, and how to allow it."""
    said = (f"this host only serves {', '.join(ALLOWED_ORIGINS)} and the Firefox extension "
            f"{', '.join(ALLOWED_EXTENSIONS)}; {origin} is not allowed. ")
    # A Chromium copy with an id of its own (a store build): the command that allows it.
    scheme, _, rest = origin.partition("://")
    extension_id = rest[:-1] if rest.endswith("/") else rest
    if scheme == "chrome-extension" and EXTENSION_ID_RE.fullmatch(extension_id):
        return said + f"To allow it, run: webgist install-host --extension-id {extension_id}"
    return said + "Install the webgist extension itself, or re-run `webgist install-host`."


def _origin_from_argv(argv: list[str]) -> str | None:
    # Chromium passes the caller's origin first; on Windows a --parent-window=N
    # follows it. Firefox passes [path to the host manifest, extension id]: the id
    # is what gets checked then. A lone argument that is not an origin (no "://",
    # someone running the host by hand) is not checked here.
    if argv and "://" in argv[0]:
        return argv[0]
    if len(argv) >= 2:
        return argv[1]
    return None


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = protect_stdout()
    level = getattr(logging, os.environ.get("WEBGIST_LOG", "").upper(), logging.WARNING)
    logging.basicConfig(stream=sys.stderr, level=level if isinstance(level, int) else logging.WARNING,
                        format="webgist-host %(levelname)s: %(message)s")
    origin = _origin_from_argv(argv)
    freeze_start_up()
    host = Host(out)
    try:
        if origin is not None and not origin_allowed(origin):
            log.error("refusing origin %s", origin)
            host.send(error_reply(refusal(origin)))
            return EXIT_ORIGIN_REFUSED
        return host.serve(sys.stdin.buffer)
    except BrokenPipeError:
        log.info("browser closed the port; exiting")
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
