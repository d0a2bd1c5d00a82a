"""The native host's garbage-collector policy: fewer young collections while a page
converts, none while the host answers a message (one after its reply is written),
the thresholds in force before restored afterwards, whatever happened."""
from __future__ import annotations

import gc
import io
import json
import struct

import pytest

from webgist_host.host.collector import (ANSWERING_YOUNG_THRESHOLD, CONVERTING_YOUNG_THRESHOLD,
                                         answering, fewer_collections)
from webgist_host.host.native import Host


@pytest.fixture
def caller_thresholds():
    """A caller's own thresholds, put back after the test whatever it did."""
    saved = gc.get_threshold()
    gc.set_threshold(1234, 11, 12)
    yield (1234, 11, 12)
    gc.set_threshold(*saved)


def test_young_threshold_is_raised_inside_and_restored_after(caller_thresholds):
    with fewer_collections():
        assert gc.get_threshold() == (CONVERTING_YOUNG_THRESHOLD, 11, 12)
    assert gc.get_threshold() == caller_thresholds


def test_thresholds_are_restored_when_the_conversion_raises(caller_thresholds):
    with pytest.raises(RuntimeError, match="engine broke"):
        with fewer_collections():
            raise RuntimeError("engine broke")
    assert gc.get_threshold() == caller_thresholds


def test_a_caller_with_automatic_collection_off_keeps_it_off():
    saved = gc.get_threshold()
    try:
        gc.set_threshold(0, 10, 10)
        with fewer_collections():
            assert gc.get_threshold()[0] == 0
        assert gc.get_threshold() == (0, 10, 10)
    finally:
        gc.set_threshold(*saved)


def test_a_higher_threshold_of_the_callers_is_not_lowered():
    saved = gc.get_threshold()
    try:
        gc.set_threshold(500_000, 10, 10)
        with fewer_collections():
            assert gc.get_threshold() == (500_000, 10, 10)
    finally:
        gc.set_threshold(*saved)


def test_the_host_converts_with_the_raised_threshold_and_restores_the_callers(caller_thresholds):
    seen: list[tuple[int, int, int]] = []

    def note_thresholds(phase, info):
        if phase == "start":
            seen.append(gc.get_threshold())

    # Enough allocation to trigger a young collection even at the raised threshold.
    page = "<html><body><main>" + "".join(
        f"<p>Paragraph {n} with <a href='/{n}'>a link</a> and <em>some</em> words.</p>"
        for n in range(20_000)) + "</main></body></html>"
    gc.callbacks.append(note_thresholds)
    try:
        reply = Host(io.BytesIO()).handle_message({"type": "convert", "html": page, "id": 1})
    finally:
        gc.callbacks.remove(note_thresholds)
    assert reply["ok"], reply
    assert "Paragraph 19999" in reply["markdown"]
    assert (CONVERTING_YOUNG_THRESHOLD, 11, 12) in seen
    assert gc.get_threshold() == caller_thresholds


def test_answering_raises_the_young_threshold_and_collects_once_after(caller_thresholds):
    runs: list[tuple[int, tuple[int, int, int]]] = []

    def note(phase, info):
        if phase == "start":
            runs.append((info["generation"], gc.get_threshold()))

    gc.callbacks.append(note)
    try:
        with answering():
            assert gc.get_threshold() == (ANSWERING_YOUNG_THRESHOLD, 11, 12)
            kept = [[n] for n in range(50_000)]     # past the caller's 1234, far below 1e6
            assert runs == []
        assert runs == [(0, (ANSWERING_YOUNG_THRESHOLD, 11, 12))]    # once, young only
    finally:
        gc.callbacks.remove(note)
    assert gc.get_threshold() == caller_thresholds and len(kept) == 50_000


def test_the_host_writes_a_reply_before_any_young_collection(caller_thresholds):
    # Through the host's own loop: the page converts and its reply is written with no
    # collection on the way (the user waits for it); the young generation is
    # collected after, while the host waits for the next message.
    page = "<html><body><main>" + "".join(
        f"<p>Paragraph {n} with <a href='/{n}'>a link</a> and <em>some</em> words.</p>"
        for n in range(20_000)) + "</main></body></html>"
    body = json.dumps({"type": "convert", "html": page, "id": 1}).encode()
    events: list[str] = []

    class Out(io.BytesIO):
        def write(self, data):
            events.append("write")
            return super().write(data)

    def note(phase, info):
        if phase == "start":
            events.append(f"collect {info['generation']}")

    gc.callbacks.append(note)
    try:
        out = Out()
        assert Host(out).serve(io.BytesIO(struct.pack("=I", len(body)) + body)) == 0
    finally:
        gc.callbacks.remove(note)
    first_write = events.index("write")
    assert "collect 0" in events[first_write:]
    assert not [e for e in events[:first_write] if e.startswith("collect")]
    assert b"Paragraph 19999" in out.getvalue()
    assert gc.get_threshold() == caller_thresholds
