"""The garbage collector's policy in the native host, a process webgist owns.

A conversion allocates a tracked object (Block, Box, Rect, lxml proxy, list, dict)
for nearly every element and block of the page, and makes few reference cycles:
its garbage goes by reference counting. With the default thresholds (700, 10, 10)
the collector runs about 600 young and 5 full collections while the 5 MB page of
bench/latency.py converts, ~0.65 s of its ~4.4 s of CPU, each full one scanning
every object the conversion still holds plus every module, pattern and table the
host imported.

So: what exists once the host has imported everything is frozen out of every
later collection (`freeze_start_up`), and while one page converts the youngest
generation is collected every 100,000 allocations instead of 700
(`fewer_collections`): cycles are still found, a few times a page, and the
caller's thresholds come back when the page is done, whatever happened.

The host's loop goes further (`answering`): from a message's arrival until its reply
is written, the youngest generation waits for 1,000,000 allocations (no page of
bench/latency.py reaches that), and it is collected once the reply is out, while
the host waits for the next message. A conversion's garbage is freed by reference
counting as it goes (it leaves no cycle to find: docs/history/latency.md, session 14), so
what a collection inside it scans is the page's own live objects while the user
waits: at 100,000 the 5 MB page's capture paid two young collections, 25-42 ms of
collector time before its reply was written; now one, of a few objects, after it.
"""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

# The youngest generation's threshold while a page converts. Measured on the 5 MB
# page (gc.callbacks timing the collector, start-up frozen): 700 -> 0.52 s in the
# collector, 20,000 -> 0.24 s, 50,000 -> 0.14 s, 100,000 -> 0.08 s; peak RSS
# 182 -> 185 MB. The older generations keep their own thresholds.
CONVERTING_YOUNG_THRESHOLD = 100_000


# The youngest generation's threshold from a message's arrival to its reply written
# (Host.serve): a bound only, for a page far larger than any measured. The 5 MB page
# of bench/latency.py collects twice at 100,000 and not at all at 1,000,000.
ANSWERING_YOUNG_THRESHOLD = 1_000_000


def freeze_start_up() -> None:
    """Leave every object alive now (modules, compiled patterns, tables) out of
    later collections: they live as long as the process and hold no garbage."""
    gc.freeze()


@contextmanager
def fewer_collections(young: int = CONVERTING_YOUNG_THRESHOLD) -> Iterator[None]:
    """Collect the youngest generation only every `young` allocations inside the
    block; the thresholds in force before are restored after it, even when it
    raises. Nothing else about the collector (enabled or not, freezing) changes."""
    before = gc.get_threshold()
    if 0 < before[0] < young:    # a threshold of 0 means no automatic collection: kept
        gc.set_threshold(young, *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


@contextmanager
def answering() -> Iterator[None]:
    """One message answered, its reply written, with no young collection on the way
    (below ANSWERING_YOUNG_THRESHOLD allocations); then the youngest generation is
    collected, once, off the reply's path, and the thresholds in force before come
    back. A caller with automatic collection off (disabled, or a threshold of 0)
    gets no collection."""
    collects = gc.isenabled() and gc.get_threshold()[0] > 0
    with fewer_collections(ANSWERING_YOUNG_THRESHOLD):
        try:
            yield
        finally:
            if collects:
                gc.collect(0)     # before the thresholds drop, so only this one runs
