"""The native host's garbage-collector policy: fewer young collections while a page
converts, the thresholds in force before restored afterwards, whatever happened."""
from __future__ import annotations

import gc
import io

import pytest

from webgist_host.host.collector import CONVERTING_YOUNG_THRESHOLD, fewer_collections
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
