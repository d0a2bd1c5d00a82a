"""Native-messaging frames, and chunking for messages bigger than one frame.

Chromium talks to a native host over the host's stdin/stdout. Every message, in
both directions, is one frame: a 4-byte unsigned length in the machine's own byte
order, then that many bytes of UTF-8 JSON. Two ceilings apply (measured against
Chromium 156, see GUIDE.md section 2):

* browser -> host: a message of 64 MiB or more is refused by Chromium itself, so
  nothing bigger can legitimately arrive (`MAX_INCOMING_FRAME`);
* host -> browser: more than 1,048,576 bytes and Chromium closes the port
  (`MAX_OUTGOING_FRAME`).

Real pages exceed both, so a large message travels as a small conversation on the
same port:

    {"type": "begin", "id": ID, "chunks": N}
    {"type": "chunk", "id": ID, "seq": 0, "data": "<piece of the JSON text>"}
    ... seq 1 .. N-1 ...
    {"type": "end", "id": ID}

Joining the `data` strings in `seq` order gives the JSON text of the real message.
`encode_reply_frames` produces that conversation for replies (host -> browser);
`UploadAssembler` consumes it for requests (browser -> host).

Nothing here touches the network or any global state; the host module owns the
streams.
"""
from __future__ import annotations

import base64
import json
import re
import struct
import sys
import zlib
from collections import OrderedDict
from typing import Any, BinaryIO

# --- limits -----------------------------------------------------------------

#: Chromium refuses to send a message this big or bigger to a host, so a length
#: prefix above it can only mean a broken or hostile stream.
MAX_INCOMING_FRAME = 64 * 1024 * 1024

#: Reply encodings a request may ask for (its `reply_encoding`). "deflate": a
#: reply too big for one frame travels as begin{"encoding": "deflate"} / chunks /
#: end, the chunks' `data` joined being the base64 of the reply's UTF-8 JSON text
#: compressed by zlib (what the Compression Streams API calls "deflate"). A page's
#: Markdown is words repeated: 3-5x smaller, and Chromium's carrying of each
#: reply frame to the extension, not the compression, was the cost (5 MB: ~0.3 s).
REPLY_ENCODINGS = ("deflate",)

#: zlib's fastest level: ~45 ms for 5 MB of real pages' Markdown on the 2-core
#: machines here (level 6: ~165 ms for a tenth less).
DEFLATE_LEVEL = 1

#: The most a host may send in one message; one byte more and Chromium drops the
#: port. We count the 4-byte prefix against it too, which is 4 bytes stricter
#: than Chromium and so safe under either reading of "message size".
MAX_OUTGOING_FRAME = 1_048_576

#: Ceiling on the bytes (UTF-8 of the `data` strings) that all open uploads may
#: hold at once. A 5 MB page with its geometry is ~10 MB; this leaves lots of room.
MAX_UPLOAD_BYTES = 256 * 1024 * 1024

#: How many chunked uploads may be open at the same time on one port.
MAX_CONCURRENT_UPLOADS = 4

#: The largest `chunks` count a `begin` may announce.
MAX_UPLOAD_CHUNKS = 65_536

PREFIX = struct.Struct("=I")   # native byte order, standard 4-byte size
PREFIX_SIZE = PREFIX.size

# Oversized frames are skipped in pieces of this size so memory stays bounded.
_DISCARD_PIECE = 64 * 1024

# A surrogate code point in a Python str is always unpaired (the JSON decoder and
# UTF-8 decoding join valid pairs), and cannot be written as UTF-8.
_SURROGATE = re.compile("[\ud800-\udfff]")

_BACKSLASH = 0x5C


# --- errors -------------------------------------------------------------------

class FramingError(Exception):
    """The byte stream does not hold a well-formed frame."""

    #: False when the stream can no longer be trusted (the caller should stop).
    recoverable = False


class TruncatedPrefixError(FramingError):
    """The stream ended inside a 4-byte length prefix."""

    def __init__(self, got: int):
        super().__init__(f"stream ended after {got} of {PREFIX_SIZE} length-prefix bytes")
        self.got = got


class TruncatedBodyError(FramingError):
    """The stream ended before the number of bytes the prefix announced."""

    def __init__(self, expected: int, got: int):
        super().__init__(f"stream ended after {got} of {expected} announced message bytes")
        self.expected = expected
        self.got = got


class FrameTooLargeError(FramingError):
    """A frame is longer than the ceiling for its direction.

    When raised by `read_frame`, the oversized body has already been read and
    thrown away, so the stream is positioned at the next frame and the caller
    may carry on (`recoverable` is True).
    """

    def __init__(self, length: int, limit: int, *, recoverable: bool = False):
        super().__init__(f"message of {length:,} bytes is over the {limit:,}-byte limit")
        self.length = length
        self.limit = limit
        self.recoverable = recoverable


class UploadError(ValueError):
    """A begin/chunk/end message broke the chunked-upload protocol."""

    def __init__(self, message: str, upload_id: Any = None):
        super().__init__(message)
        self.upload_id = upload_id


# --- reading and writing single frames -------------------------------------------

def _read_exactly(stream: BinaryIO, size: int) -> bytes:
    """Read up to `size` bytes, looping over short reads; fewer only at EOF."""
    parts: list[bytes] = []
    remaining = size
    while remaining:
        piece = stream.read(remaining)
        if not piece:
            break
        parts.append(piece)
        remaining -= len(piece)
    return b"".join(parts)


def read_frame(stream: BinaryIO, max_bytes: int = MAX_INCOMING_FRAME) -> bytes | None:
    """Read one frame's body from a binary stream.

    Returns None when the stream ends cleanly between frames. Raises
    `TruncatedPrefixError` / `TruncatedBodyError` when it ends mid-frame (the
    stream is over; not recoverable) and `FrameTooLargeError` when the announced
    length exceeds `max_bytes`.

    Oversized frames: the announced length is never allocated. The body is read
    and discarded in 64 KiB pieces, which keeps memory bounded and leaves the
    stream aligned on the next frame, so the error is `recoverable`. (A hostile
    sender could announce 4 GiB; discarding then simply runs until that many bytes
    arrive or the stream ends, in which case `TruncatedBodyError` is raised.)
    """
    prefix = _read_exactly(stream, PREFIX_SIZE)
    if not prefix:
        return None
    if len(prefix) < PREFIX_SIZE:
        raise TruncatedPrefixError(len(prefix))
    (length,) = PREFIX.unpack(prefix)
    if length > max_bytes:
        skipped = 0
        while skipped < length:
            piece = stream.read(min(_DISCARD_PIECE, length - skipped))
            if not piece:
                raise TruncatedBodyError(length, skipped)
            skipped += len(piece)
        raise FrameTooLargeError(length, max_bytes, recoverable=True)
    body = _read_exactly(stream, length)
    if len(body) < length:
        raise TruncatedBodyError(length, len(body))
    return body


def clean_text(text: str) -> str:
    """Replace unpaired surrogates (which UTF-8 cannot carry) with U+FFFD."""
    # CPython marks every all-ASCII string as such, so this answer costs nothing;
    # the search below reads every character (~35 ms on a 5 MB page, and the host
    # cleans the request, the page and the reply).
    if text.isascii() or _SURROGATE.search(text) is None:
        return text
    # Re-pair adjacent high+low surrogates first (two halves of one character that
    # arrived in separate pieces), then replace whatever is still alone.
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


class MessageJSONError(ValueError):
    """A frame's text is not JSON this host can read."""


def parse_message_json(text: str) -> Any:
    """The JSON value of a message's text, or MessageJSONError saying why not.

    Besides malformed text, Python's decoder refuses two well-formed inputs with
    errors of their own: nesting deeper than the interpreter's stack allows
    (RecursionError) and integers of more than 4,300 digits (ValueError). Both
    become the same refusal, so no frame can end the host.
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise MessageJSONError(f"{exc.msg} at character {exc.pos}") from None
    except RecursionError:
        raise MessageJSONError("it is nested too deeply to read") from None
    except ValueError:                 # int digits limit: "Exceeds the limit (4300 digits) ..."
        raise MessageJSONError(f"it holds a number of more than {sys.get_int_max_str_digits():,} "
                               "digits") from None


def json_kind(value: Any) -> str:
    """What a decoded JSON value is, in JSON's words, for the host's refusals
    ("an array", not Python's "list")."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object" if isinstance(value, dict) else "an unknown value"


def json_text(obj: Any) -> str:
    """The compact JSON text we send: raw UTF-8 characters, no padding, no NaN."""
    return clean_text(json.dumps(obj, ensure_ascii=False, separators=(",", ":"),
                                 allow_nan=False))


def encode_frame(obj: Any, max_bytes: int = MAX_OUTGOING_FRAME) -> bytes:
    """Encode one message as a frame (prefix + UTF-8 JSON).

    Raises `FrameTooLargeError` if the whole frame, prefix included, would be
    longer than `max_bytes` (by default the host -> browser ceiling).
    """
    body = json_text(obj).encode("utf-8")
    if PREFIX_SIZE + len(body) > max_bytes:
        raise FrameTooLargeError(PREFIX_SIZE + len(body), max_bytes)
    return PREFIX.pack(len(body)) + body


# --- chunked replies (host -> browser) ----------------------------------------------

def _is_escape_start(buf: bytes, i: int) -> bool:
    """Is the backslash at buf[i] the first byte of an escape (not the second of \\\\)?"""
    run = 0
    j = i - 1
    while j >= 0 and buf[j] == _BACKSLASH:
        run += 1
        j -= 1
    return run % 2 == 0


def _safe_cut(buf: bytes, start: int, end: int) -> int:
    """The largest cut position p, start < p <= end, that splits neither a UTF-8
    sequence nor a JSON escape in `buf` (the escaped body of a JSON string).

    Because the text was escaped with ensure_ascii=False, characters outside the
    BMP appear as one 4-byte UTF-8 sequence, never as a \\uD83D\\uDE00 pair, so a
    cut on a UTF-8 boundary can never separate the halves of a surrogate pair.
    """
    if end >= len(buf):
        return len(buf)
    p = end
    while p > start and (buf[p] & 0xC0) == 0x80:    # inside a multi-byte character
        p -= 1
    # Escapes are at most 6 bytes (\u001f); look back 5 bytes for the backslash
    # that starts the escape p might fall inside.
    for i in range(p - 1, max(start, p - 6) - 1, -1):
        if buf[i] == _BACKSLASH:
            if _is_escape_start(buf, i):
                length = 6 if buf[i + 1] == ord("u") else 2
                if i + length > p:
                    p = i
            break
    if p <= start:     # cannot happen with a budget of 6 bytes or more
        raise ValueError("chunk budget too small to hold one character")
    return p


def encode_reply_frames(reply: dict[str, Any], reply_id: Any, *,
                        max_frame: int = MAX_OUTGOING_FRAME,
                        encoding: str | None = None) -> list[bytes]:
    """Encode a reply as one frame, or as begin / chunk... / end when too large.

    Each returned frame, prefix included, is at most `max_frame` bytes. Chunk
    `data` strings are consecutive pieces of the reply's compact JSON text; they
    are cut between whole characters and never inside an escape, so the sizes
    are exact rather than estimated. With `encoding` "deflate" (REPLY_ENCODINGS),
    a reply too large for one frame is compressed, and the pieces are of its
    base64 text instead (the `begin` says so).
    """
    text = json_text(reply)
    body = text.encode("utf-8")
    if PREFIX_SIZE + len(body) <= max_frame:
        return [PREFIX.pack(len(body)) + body]

    id_json = json_text(reply_id).encode("utf-8")
    begin_fields: dict[str, Any] = {}
    if encoding == "deflate":
        # Base64 holds no character JSON escapes: the pieces go into the frames as they are.
        escaped = base64.b64encode(zlib.compress(body, DEFLATE_LEVEL))
        begin_fields["encoding"] = "deflate"
    elif encoding is not None:
        raise ValueError(f"unknown reply encoding {encoding!r}")
    else:
        # The chunk text escaped once more as the body of a JSON string value.
        escaped = json.dumps(text, ensure_ascii=False)[1:-1].encode("utf-8")
    head_parts = (b'{"type":"chunk","id":' + id_json + b',"seq":', b',"data":"')
    tail = b'"}'
    # Reserve room for the widest seq number there could be.
    seq_width = len(str(len(escaped)))
    overhead = PREFIX_SIZE + len(head_parts[0]) + seq_width + len(head_parts[1]) + len(tail)
    budget = max_frame - overhead
    if budget < 6:
        raise ValueError(f"max_frame={max_frame} leaves no room for chunk data")

    chunks: list[bytes] = []
    pos = 0
    while pos < len(escaped):
        cut = _safe_cut(escaped, pos, pos + budget)
        chunk_body = (head_parts[0] + str(len(chunks)).encode("ascii") + head_parts[1]
                      + escaped[pos:cut] + tail)
        chunks.append(PREFIX.pack(len(chunk_body)) + chunk_body)
        pos = cut

    begin = encode_frame({"type": "begin", "id": reply_id, "chunks": len(chunks), **begin_fields},
                         max_frame)
    end = encode_frame({"type": "end", "id": reply_id}, max_frame)
    return [begin, *chunks, end]


# --- chunked uploads (browser -> host) ----------------------------------------------

UPLOAD_TYPES = ("begin", "chunk", "end")


def _valid_id(value: Any) -> bool:
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


class _Upload:
    __slots__ = ("chunks", "pieces", "size")

    def __init__(self, chunks: int):
        self.chunks = chunks
        self.pieces: list[str] = []
        self.size = 0


class UploadAssembler:
    """Collects begin/chunk/end messages into the request they carry.

    `feed(message)` returns the parsed request (a dict) when an `end` completes an
    upload, and None otherwise. Any protocol error raises `UploadError` and
    abandons that upload (its memory is freed); later chunks and the end of an
    abandoned upload are ignored quietly, so the sender gets exactly one error
    per failed upload. Ids never seen at all are errors.

    Chunks must arrive in order: seq 0, 1, ... N-1, each once. The byte ceiling
    covers everything held by all open uploads together.

    If the assembled request has no `id`, it gets the upload's id, so the reply
    can be matched to the upload that carried it.
    """

    #: How many abandoned ids are remembered (to ignore their stragglers).
    _FORGET_AFTER = 64

    def __init__(self, *, max_bytes: int = MAX_UPLOAD_BYTES,
                 max_uploads: int = MAX_CONCURRENT_UPLOADS,
                 max_chunks: int = MAX_UPLOAD_CHUNKS):
        self.max_bytes = max_bytes
        self.max_uploads = max_uploads
        self.max_chunks = max_chunks
        self._open: dict[Any, _Upload] = {}
        self._abandoned: OrderedDict[Any, None] = OrderedDict()

    @property
    def open_ids(self) -> list[Any]:
        return list(self._open)

    @property
    def held_bytes(self) -> int:
        return sum(u.size for u in self._open.values())

    def _abandon(self, upload_id: Any, reason: str) -> UploadError:
        self._open.pop(upload_id, None)
        self._abandoned[upload_id] = None
        while len(self._abandoned) > self._FORGET_AFTER:
            self._abandoned.popitem(last=False)
        return UploadError(f"upload {upload_id!r}: {reason}; the upload was dropped, "
                           "send it again from 'begin'", upload_id)

    def feed(self, message: dict[str, Any]) -> dict[str, Any] | None:
        kind = message.get("type")
        upload_id = message.get("id")
        if kind not in UPLOAD_TYPES:
            raise UploadError(f"not an upload message (type {kind!r})", upload_id)
        if not _valid_id(upload_id):
            raise UploadError(f"'{kind}' needs an 'id' that is a string or an integer", None)
        if kind == "begin":
            return self._begin(upload_id, message.get("chunks"))
        if kind == "chunk":
            return self._chunk(upload_id, message.get("seq"), message.get("data"))
        return self._end(upload_id)

    def _begin(self, upload_id: Any, chunks: Any) -> None:
        if upload_id in self._open:
            raise self._abandon(upload_id, "'begin' sent again while the upload was open")
        if isinstance(chunks, bool) or not isinstance(chunks, int) or not 1 <= chunks <= self.max_chunks:
            raise UploadError(f"upload {upload_id!r}: 'chunks' must be an integer from 1 to "
                              f"{self.max_chunks}, got {chunks!r}", upload_id)
        if len(self._open) >= self.max_uploads:
            raise UploadError(f"upload {upload_id!r}: {len(self._open)} uploads are already "
                              f"open (at most {self.max_uploads}); finish one first", upload_id)
        self._abandoned.pop(upload_id, None)
        self._open[upload_id] = _Upload(chunks)
        return None

    def _chunk(self, upload_id: Any, seq: Any, data: Any) -> None:
        upload = self._open.get(upload_id)
        if upload is None:
            if upload_id in self._abandoned:
                return None
            raise UploadError(f"chunk for unknown upload {upload_id!r} (no 'begin' seen)", upload_id)
        if isinstance(seq, bool) or not isinstance(seq, int):
            raise self._abandon(upload_id, f"chunk 'seq' must be an integer, got {seq!r}")
        if not isinstance(data, str):
            raise self._abandon(upload_id, f"chunk {seq} 'data' must be a string")
        expected = len(upload.pieces)
        if seq >= upload.chunks:
            raise self._abandon(upload_id, f"chunk {seq} is past the {upload.chunks} announced")
        if seq < expected:
            raise self._abandon(upload_id, f"chunk {seq} arrived twice")
        if seq > expected:
            raise self._abandon(upload_id, f"chunk {seq} arrived before chunk {expected} "
                                           "(missing or out of order)")
        size = len(data.encode("utf-8", "surrogatepass"))
        if self.held_bytes + size > self.max_bytes:
            raise self._abandon(upload_id, f"uploads would hold more than {self.max_bytes:,} bytes")
        upload.pieces.append(data)
        upload.size += size
        return None

    def _end(self, upload_id: Any) -> dict[str, Any] | None:
        upload = self._open.get(upload_id)
        if upload is None:
            if upload_id in self._abandoned:
                del self._abandoned[upload_id]
                return None
            raise UploadError(f"'end' for unknown upload {upload_id!r} (no 'begin' seen)", upload_id)
        if len(upload.pieces) != upload.chunks:
            raise self._abandon(upload_id, f"'end' after {len(upload.pieces)} of "
                                           f"{upload.chunks} chunks")
        del self._open[upload_id]
        # A sender that cut between the halves of a surrogate pair is repaired here.
        text = clean_text("".join(upload.pieces))
        upload.pieces.clear()
        try:
            request = parse_message_json(text)
        except MessageJSONError as exc:
            raise UploadError(f"upload {upload_id!r}: the joined chunks are not valid JSON "
                              f"({exc})", upload_id) from None
        if not isinstance(request, dict):
            raise UploadError(f"upload {upload_id!r}: the joined chunks must be a JSON object, "
                              f"not {json_kind(request)}", upload_id)
        if request.get("type") in UPLOAD_TYPES:
            raise UploadError(f"upload {upload_id!r}: an upload cannot carry another "
                              f"'{request['type']}' message", upload_id)
        request.setdefault("id", upload_id)
        return request
