"""Frames, limits, chunked replies and chunked uploads (webgist_host.host.framing)."""
from __future__ import annotations

import base64
import io
import json
import struct
import zlib

import nativemessaging
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webgist_host.host.framing import (MAX_INCOMING_FRAME, MAX_OUTGOING_FRAME, MAX_UPLOAD_BYTES,
                                  FrameTooLargeError, FramingError, TruncatedBodyError,
                                  TruncatedPrefixError, UploadAssembler, UploadError,
                                  encode_frame, encode_reply_frames, json_text, read_frame)


def raw_frame(body: bytes) -> bytes:
    return struct.pack("=I", len(body)) + body


def reference_frame(obj) -> bytes:
    # nativemessaging.encode_message is an encoder we did not write: use it as the
    # independent reference for what a sender puts on the wire.
    message = nativemessaging.encode_message(obj)
    return message["length"] + message["content"]


def split_frames(data: bytes) -> list[bytes]:
    """Split a byte string into frame bodies; fails unless it is frames and nothing else."""
    bodies, pos = [], 0
    while pos < len(data):
        assert pos + 4 <= len(data), "trailing bytes that are not a frame"
        (length,) = struct.unpack("=I", data[pos:pos + 4])
        assert pos + 4 + length <= len(data), "frame runs past the end"
        bodies.append(data[pos + 4:pos + 4 + length])
        pos += 4 + length
    return bodies


def reassemble(frames: list[bytes]) -> tuple[dict, int]:
    """Decode a reply the way the extension would. Returns (reply, number of chunks)."""
    messages = [json.loads(body.decode("utf-8")) for body in split_frames(b"".join(frames))]
    if len(messages) == 1:
        return messages[0], 0
    begin, *chunks, end = messages
    assert begin["type"] == "begin" and end["type"] == "end"
    assert begin["chunks"] == len(chunks)
    assert [c["seq"] for c in chunks] == list(range(len(chunks)))
    assert {m["id"] for m in messages} == {begin["id"]}
    text = "".join(c["data"] for c in chunks)
    if begin.get("encoding") == "deflate":
        text = zlib.decompress(base64.b64decode(text, validate=True)).decode("utf-8")
    else:
        assert "encoding" not in begin
    return json.loads(text), len(chunks)


class RecordingStream(io.BytesIO):
    """A real byte stream that remembers the largest read it was asked for."""

    def __init__(self, data: bytes):
        super().__init__(data)
        self.largest_read = 0

    def read(self, size=-1):
        self.largest_read = max(self.largest_read, size if size >= 0 else 1 << 62)
        return super().read(size)


class TrickleStream(io.BytesIO):
    """Returns at most 3 bytes per read, like a slow pipe."""

    def read(self, size=-1):
        return super().read(min(3, size) if size >= 0 else 3)


# --- single frames ---------------------------------------------------------------------

def test_limits_are_the_measured_chromium_ceilings():
    assert MAX_INCOMING_FRAME == 64 * 1024 * 1024
    assert MAX_OUTGOING_FRAME == 1_048_576
    assert MAX_UPLOAD_BYTES == 256 * 1024 * 1024


def test_encode_frame_is_native_order_prefix_plus_compact_utf8_json():
    frame = encode_frame({"text": "héllo 世界 😀", "n": [1, 2]})
    body = '{"text":"héllo 世界 😀","n":[1,2]}'.encode("utf-8")
    assert frame == struct.pack("=I", len(body)) + body


def test_read_frame_reads_frames_written_by_the_reference_encoder():
    messages = [{"type": "ping"}, {"type": "convert", "html": "<p>日本語 \"q\" \\ 😀</p>"}, {}]
    stream = io.BytesIO(b"".join(reference_frame(m) for m in messages))
    got = []
    while (body := read_frame(stream)) is not None:
        got.append(json.loads(body))
    assert got == messages


def test_read_frame_returns_none_on_clean_eof():
    assert read_frame(io.BytesIO(b"")) is None
    stream = io.BytesIO(encode_frame({"a": 1}))
    assert read_frame(stream) == b'{"a":1}'
    assert read_frame(stream) is None


def test_read_frame_survives_short_reads():
    frames = encode_frame({"a": "x" * 100}) + encode_frame({"b": 2})
    stream = TrickleStream(frames)
    assert json.loads(read_frame(stream)) == {"a": "x" * 100}
    assert json.loads(read_frame(stream)) == {"b": 2}
    assert read_frame(stream) is None


@pytest.mark.parametrize("prefix_bytes", [1, 2, 3])
def test_read_frame_raises_on_truncated_prefix(prefix_bytes):
    with pytest.raises(TruncatedPrefixError) as info:
        read_frame(io.BytesIO(struct.pack("=I", 10)[:prefix_bytes]))
    assert isinstance(info.value, FramingError)
    assert not info.value.recoverable


def test_read_frame_raises_on_truncated_body():
    with pytest.raises(TruncatedBodyError) as info:
        read_frame(io.BytesIO(struct.pack("=I", 10) + b"12345"))
    assert (info.value.expected, info.value.got) == (10, 5)
    assert not info.value.recoverable


def test_oversized_frame_is_skipped_in_bounded_reads_and_the_next_frame_is_intact():
    announced = 3 * 1024 * 1024
    stream = RecordingStream(struct.pack("=I", announced) + b"z" * announced
                             + encode_frame({"next": True}))
    with pytest.raises(FrameTooLargeError) as info:
        read_frame(stream, max_bytes=1000)
    assert info.value.recoverable
    assert info.value.length == announced
    # Never asked the stream for anything near the announced size.
    assert stream.largest_read <= 64 * 1024
    assert json.loads(read_frame(stream, max_bytes=1000)) == {"next": True}


def test_oversized_frame_that_ends_early_is_a_truncated_body():
    stream = io.BytesIO(struct.pack("=I", 5000) + b"z" * 100)
    with pytest.raises(TruncatedBodyError):
        read_frame(stream, max_bytes=1000)


def test_frame_at_the_limit_is_read_and_one_byte_more_is_refused():
    body = b'"' + b"a" * 98 + b'"'
    assert read_frame(io.BytesIO(raw_frame(body)), max_bytes=100) == body
    with pytest.raises(FrameTooLargeError):
        read_frame(io.BytesIO(raw_frame(body + b" ")), max_bytes=100)


def test_encode_frame_refuses_frames_over_the_outgoing_limit_counting_encoded_bytes():
    overhead = len(encode_frame({"d": ""}))        # prefix + '{"d":""}'
    fits = {"d": "a" * (MAX_OUTGOING_FRAME - overhead)}
    assert len(encode_frame(fits)) == MAX_OUTGOING_FRAME
    with pytest.raises(FrameTooLargeError):
        encode_frame({"d": "a" * (MAX_OUTGOING_FRAME - overhead + 1)})
    # Three-byte characters: fewer characters than the limit, more bytes than it.
    with pytest.raises(FrameTooLargeError):
        encode_frame({"d": "世" * (MAX_OUTGOING_FRAME // 3)})


def test_encode_frame_replaces_lone_surrogates_so_the_frame_is_valid_utf8():
    frame = encode_frame({"d": "a\ud800b\udc00c"})
    assert json.loads(frame[4:].decode("utf-8")) == {"d": "a\ufffdb\ufffdc"}


# --- chunked replies ---------------------------------------------------------------------

def test_reply_that_fits_is_a_single_frame_even_at_the_exact_limit():
    overhead = len(encode_frame({"markdown": ""}))
    reply = {"markdown": "m" * (MAX_OUTGOING_FRAME - overhead)}
    frames = encode_reply_frames(reply, "r1")
    assert len(frames) == 1 and len(frames[0]) == MAX_OUTGOING_FRAME
    assert reassemble(frames) == (reply, 0)
    reply["markdown"] += "m"
    assert len(encode_reply_frames(reply, "r1")) > 1


def _mixed_text(size: int) -> str:
    # Quotes, backslashes, newlines and control characters escape to 2 or 6 bytes;
    # CJK is 3 bytes; emoji and other astral characters are 4 bytes (a surrogate pair
    # in the extension's JavaScript strings).
    unit = ('Plain words, "quoted" \\ back\\slash\n\ttab \x01\x1f 漢字かな交じり文 '
            '😀🎉𝄞𠜎 한국어 ')
    return (unit * (size // len(unit) + 1))[:size]


def test_large_reply_is_chunked_with_every_frame_within_one_mib():
    reply = {"ok": True, "id": "req-7", "markdown": _mixed_text(1_500_000), "stats": {"words": 1}}
    assert len(json_text(reply).encode("utf-8")) > 2 * MAX_OUTGOING_FRAME
    frames = encode_reply_frames(reply, "req-7")
    assert all(len(f) <= MAX_OUTGOING_FRAME for f in frames)
    got, chunks = reassemble(frames)
    assert chunks >= 3
    assert got == reply


def test_a_reply_asked_for_deflated_comes_back_compressed_only_when_it_needs_chunks():
    reply = {"ok": True, "id": "z", "markdown": _mixed_text(3_000_000), "stats": {"words": 1}}
    plain = encode_reply_frames(reply, "z")
    deflated = encode_reply_frames(reply, "z", encoding="deflate")
    assert all(len(f) <= MAX_OUTGOING_FRAME for f in deflated)
    begin = json.loads(split_frames(b"".join(deflated))[0])
    assert begin == {"type": "begin", "id": "z", "chunks": len(deflated) - 2, "encoding": "deflate"}
    assert sum(map(len, deflated)) < sum(map(len, plain)) / 3
    assert reassemble(deflated)[0] == reply == reassemble(plain)[0]
    small = {"ok": True, "id": "s", "markdown": "bees"}
    assert encode_reply_frames(small, "s", encoding="deflate") == encode_reply_frames(small, "s")
    with pytest.raises(ValueError):
        encode_reply_frames(reply, "z", encoding="brotli")


@pytest.mark.parametrize("max_frame", [90, 97, 200])
def test_deflated_pieces_fill_small_frames_and_reassemble(max_frame):
    reply = {"markdown": "😀漢 \"quoted\"\n" * 300 + "".join(map(str, range(2000)))}
    frames = encode_reply_frames(reply, 7, max_frame=max_frame, encoding="deflate")
    assert len(frames) > 3
    assert all(len(f) <= max_frame for f in frames)
    assert reassemble(frames)[0] == reply


def test_chunks_fill_the_frame_budget():
    # Pure ASCII with no escapes: every chunk frame but the last is within 8 bytes
    # (the room reserved for the seq number) of the ceiling: the split is not wasteful.
    reply = {"markdown": "a" * 3_000_000}
    frames = encode_reply_frames(reply, 1)
    assert len(frames) == 2 + 3
    assert all(MAX_OUTGOING_FRAME - len(f) <= 8 for f in frames[1:-2])


ASTRAL = "😀🎉𠜎𝄞"


def test_chunk_cuts_next_to_astral_and_cjk_characters_never_split_them():
    # Small frames of every size from 80 to 119 bytes make the cuts fall at every
    # offset around the 3-byte (CJK) and 4-byte (astral) characters.
    text = "😀漢🎉字𠜎a𝄞" * 40
    reply = {"markdown": text}
    astral_neighbours = 0
    for max_frame in range(80, 120):
        frames = encode_reply_frames(reply, "x", max_frame=max_frame)
        assert all(len(f) <= max_frame for f in frames)
        bodies = split_frames(b"".join(frames))
        pieces = [json.loads(body.decode("utf-8"))["data"] for body in bodies[1:-1]]
        for piece in pieces:
            assert piece, "empty chunk"
            # No lone surrogates: each piece is whole characters in UTF-16 as well,
            # so the extension's JavaScript never holds half a pair.
            assert not any("\ud800" <= ch <= "\udfff" for ch in piece)
            piece.encode("utf-16-le").decode("utf-16-le")
        astral_neighbours += sum(a[-1] in ASTRAL and b[0] in ASTRAL + "漢字"
                                 for a, b in zip(pieces, pieces[1:]))
        assert reassemble(frames)[0] == reply
    # The cuts really did land right between two astral characters, many times.
    assert astral_neighbours > 20


@pytest.mark.parametrize("max_frame", range(70, 84))
def test_chunk_cuts_never_split_json_escapes(max_frame):
    reply = {"markdown": '\\"\n\x01\\\\\x1f"' * 60}
    frames = encode_reply_frames(reply, 9, max_frame=max_frame)
    assert all(len(f) <= max_frame for f in frames)
    assert reassemble(frames)[0] == reply


def test_chunked_reply_id_is_carried_on_every_frame():
    frames = encode_reply_frames({"markdown": "x" * 500}, "abc", max_frame=200)
    ids = {json.loads(body)["id"] for body in split_frames(b"".join(frames))}
    assert ids == {"abc"}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(markdown=st.text(max_size=600),
       reply_id=st.one_of(st.text(max_size=8), st.integers(0, 10**9)),
       max_frame=st.integers(min_value=90, max_value=400))
def test_property_chunked_replies_reassemble_exactly_within_the_limit(markdown, reply_id, max_frame):
    reply = {"ok": True, "id": reply_id, "markdown": markdown}
    frames = encode_reply_frames(reply, reply_id, max_frame=max_frame)
    assert all(len(f) <= max_frame for f in frames)
    assert reassemble(frames)[0] == reply


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**53, 2**53) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20)


@settings(max_examples=150, deadline=None)
@given(messages=st.lists(json_values, max_size=5))
def test_property_frames_round_trip_through_read_frame(messages):
    stream = io.BytesIO(b"".join(encode_frame(m) for m in messages))
    got = []
    while (body := read_frame(stream)) is not None:
        got.append(json.loads(body.decode("utf-8")))
    assert got == messages


# --- chunked uploads ------------------------------------------------------------------------

def upload_messages(request: dict, upload_id, pieces: int) -> list[dict]:
    text = json.dumps(request, ensure_ascii=False)
    size = -(-len(text) // pieces)
    data = [text[i:i + size] for i in range(0, len(text), size)]
    return ([{"type": "begin", "id": upload_id, "chunks": len(data)}]
            + [{"type": "chunk", "id": upload_id, "seq": i, "data": d} for i, d in enumerate(data)]
            + [{"type": "end", "id": upload_id}])


def feed_all(assembler: UploadAssembler, messages: list[dict]):
    results = [assembler.feed(m) for m in messages]
    assert all(r is None for r in results[:-1])
    return results[-1]


REQUEST = {"type": "convert", "html": "<p>" + "word 語 😀 " * 200 + "</p>", "id": "page-1"}


def test_upload_reassembles_the_request():
    assembler = UploadAssembler()
    assert feed_all(assembler, upload_messages(REQUEST, "u1", 7)) == REQUEST
    assert assembler.open_ids == [] and assembler.held_bytes == 0


def test_upload_request_without_id_takes_the_upload_id():
    request = {"type": "ping"}
    assert feed_all(UploadAssembler(), upload_messages(request, 42, 2)) == {"type": "ping", "id": 42}


def test_two_uploads_may_interleave():
    assembler = UploadAssembler()
    a = upload_messages({"type": "ping", "id": "a"}, "A", 3)
    b = upload_messages({"type": "ping", "id": "b"}, "B", 3)
    results = [assembler.feed(m) for pair in zip(a, b) for m in pair]
    assert [r for r in results if r] == [{"type": "ping", "id": "a"}, {"type": "ping", "id": "b"}]


def test_upload_rejects_out_of_order_chunk():
    assembler = UploadAssembler()
    begin, c0, c1, c2, end = upload_messages(REQUEST, "u", 3)
    assembler.feed(begin)
    assembler.feed(c0)
    with pytest.raises(UploadError, match="chunk 2 arrived before chunk 1"):
        assembler.feed(c2)
    assert assembler.open_ids == []


def test_upload_rejects_duplicate_chunk():
    assembler = UploadAssembler()
    begin, c0, *_ = upload_messages(REQUEST, "u", 3)
    assembler.feed(begin)
    assembler.feed(c0)
    with pytest.raises(UploadError, match="chunk 0 arrived twice") as info:
        assembler.feed(c0)
    assert info.value.upload_id == "u"


def test_upload_rejects_end_with_missing_chunks():
    assembler = UploadAssembler()
    begin, c0, c1, c2, end = upload_messages(REQUEST, "u", 3)
    for m in (begin, c0, c1):
        assembler.feed(m)
    with pytest.raises(UploadError, match="after 2 of 3 chunks"):
        assembler.feed(end)


def test_upload_rejects_more_chunks_than_announced():
    assembler = UploadAssembler()
    assembler.feed({"type": "begin", "id": "u", "chunks": 1})
    assembler.feed({"type": "chunk", "id": "u", "seq": 0, "data": "{}"})
    with pytest.raises(UploadError, match="past the 1 announced"):
        assembler.feed({"type": "chunk", "id": "u", "seq": 1, "data": ""})


@pytest.mark.parametrize("message, pattern", [
    ({"type": "chunk", "id": "ghost", "seq": 0, "data": "x"}, "unknown upload 'ghost'"),
    ({"type": "end", "id": "ghost"}, "unknown upload 'ghost'"),
    ({"type": "begin", "chunks": 2}, "needs an 'id'"),
    ({"type": "begin", "id": True, "chunks": 2}, "needs an 'id'"),
    ({"type": "begin", "id": "u", "chunks": 0}, "'chunks' must be an integer"),
    ({"type": "begin", "id": "u", "chunks": "3"}, "'chunks' must be an integer"),
    ({"type": "begin", "id": "u", "chunks": 10**9}, "'chunks' must be an integer"),
])
def test_upload_rejects_bad_messages(message, pattern):
    with pytest.raises(UploadError, match=pattern):
        UploadAssembler().feed(message)


def test_upload_rejects_mistyped_chunk_fields():
    assembler = UploadAssembler()
    assembler.feed({"type": "begin", "id": "u", "chunks": 2})
    with pytest.raises(UploadError, match="'data' must be a string"):
        assembler.feed({"type": "chunk", "id": "u", "seq": 0, "data": 5})
    assembler.feed({"type": "begin", "id": "v", "chunks": 2})
    with pytest.raises(UploadError, match="'seq' must be an integer"):
        assembler.feed({"type": "chunk", "id": "v", "seq": "0", "data": ""})


def test_upload_enforces_the_byte_ceiling_across_open_uploads():
    assembler = UploadAssembler(max_bytes=1000)
    assembler.feed({"type": "begin", "id": "a", "chunks": 2})
    assembler.feed({"type": "begin", "id": "b", "chunks": 2})
    assembler.feed({"type": "chunk", "id": "a", "seq": 0, "data": "x" * 600})
    with pytest.raises(UploadError, match="more than 1,000 bytes"):
        assembler.feed({"type": "chunk", "id": "b", "seq": 0, "data": "世" * 150})  # 450 bytes
    assert assembler.open_ids == ["a"] and assembler.held_bytes == 600


def test_upload_limits_concurrent_uploads():
    assembler = UploadAssembler(max_uploads=2)
    assembler.feed({"type": "begin", "id": 1, "chunks": 1})
    assembler.feed({"type": "begin", "id": 2, "chunks": 1})
    with pytest.raises(UploadError, match="at most 2"):
        assembler.feed({"type": "begin", "id": 3, "chunks": 1})


def test_upload_begin_twice_drops_the_upload():
    assembler = UploadAssembler()
    assembler.feed({"type": "begin", "id": "u", "chunks": 2})
    with pytest.raises(UploadError, match="sent again"):
        assembler.feed({"type": "begin", "id": "u", "chunks": 2})
    assert assembler.open_ids == []


def test_abandoned_upload_gets_one_error_and_its_stragglers_are_ignored():
    assembler = UploadAssembler()
    begin, c0, c1, c2, end = upload_messages(REQUEST, "u", 3)
    assembler.feed(begin)
    with pytest.raises(UploadError):
        assembler.feed(c1)
    assert assembler.feed(c2) is None
    assert assembler.feed(end) is None
    # Once its end has gone by, the id is unknown again.
    with pytest.raises(UploadError, match="unknown upload"):
        assembler.feed(end)
    # And the same id can be used for a fresh upload.
    assert feed_all(assembler, upload_messages(REQUEST, "u", 3)) == REQUEST


@pytest.mark.parametrize("text, pattern", [
    ('{"type": "ping"', "not valid JSON"),
    ('[1, 2]', "must be a JSON object, not an array$"),
    ('null', "must be a JSON object, not null$"),
    ('{"type": "begin", "id": "x", "chunks": 1}', "cannot carry another 'begin'"),
])
def test_upload_rejects_joined_text_that_is_not_a_request(text, pattern):
    assembler = UploadAssembler()
    messages = [{"type": "begin", "id": "u", "chunks": 1},
                {"type": "chunk", "id": "u", "seq": 0, "data": text},
                {"type": "end", "id": "u"}]
    with pytest.raises(UploadError, match=pattern):
        feed_all(assembler, messages)


def test_upload_rejoins_a_surrogate_pair_cut_by_the_sender():
    # A careless JavaScript sender could cut "😀" (\ud83d\ude00) between chunks;
    # JSON.stringify then writes each half as a lone escape.
    assembler = UploadAssembler()
    messages = [{"type": "begin", "id": "u", "chunks": 2},
                {"type": "chunk", "id": "u", "seq": 0, "data": '{"type":"ping","html":"a\ud83d'},
                {"type": "chunk", "id": "u", "seq": 1, "data": '\ude00b"}'},
                {"type": "end", "id": "u"}]
    assert feed_all(assembler, messages)["html"] == "a😀b"


@settings(max_examples=100, deadline=None)
@given(request=st.dictionaries(st.text(max_size=6), json_values, max_size=5),
       cuts=st.lists(st.integers(min_value=0, max_value=10_000), max_size=8))
def test_property_any_split_of_the_request_text_reassembles(request, cuts):
    text = json.dumps(request, ensure_ascii=False)
    points = sorted({c % (len(text) + 1) for c in cuts} | {0, len(text)})
    pieces = [text[a:b] for a, b in zip(points, points[1:])] or [""]
    messages = ([{"type": "begin", "id": "p", "chunks": len(pieces)}]
                + [{"type": "chunk", "id": "p", "seq": i, "data": d} for i, d in enumerate(pieces)]
                + [{"type": "end", "id": "p"}])
    expected = dict(request)
    expected.setdefault("id", "p")
    if request.get("type") in ("begin", "chunk", "end"):
        with pytest.raises(UploadError):
            feed_all(UploadAssembler(), messages)
    else:
        assert feed_all(UploadAssembler(), messages) == expected
