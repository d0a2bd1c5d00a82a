"""Capture formats (issue 20): collect.js now sends version 2 (each element stamped
with its index in an element table, boxes as flat arrays); `webgist --capture` still
reads the version-1 captures saved before (XPath stamps, five numbers per box).
The version-2 captures here are written by hand, as collect.js shapes them."""
from __future__ import annotations

from pathlib import Path

import webgist_host
from webgist_host.engine.dom.capture import FLAG_DISPLAYED, FLAG_VISIBLE, read_capture
from webgist_host.engine.dom.parse import parse_page
from webgist_host.engine.dom.stamps import expand_stamps
from webgist_host.engine.limits import Limits

from test_cli import _env_without_browser, run_webgist

CAPTURES = Path(__file__).parent / "captures"
SEEN = FLAG_DISPLAYED | FLAG_VISIBLE


def test_a_version_1_capture_saved_earlier_replays_in_its_measured_order(tmp_path):
    # Saved by `webgist --save-capture` before version 2; the page's notices are in
    # flex row-reverse, so only the measured order reads them oldest first.
    folder = CAPTURES / "capture-v1--flex-row-reverse"
    replay = run_webgist("--capture", str(folder / "capture.json"), env=_env_without_browser(tmp_path))
    assert replay.returncode == 0, replay.stderr
    assert replay.stdout.strip() == (folder / "expected.md").read_text(encoding="utf-8").strip()


def capture_v2(body: str, table: list[tuple[int, str, int]], measured: list[int]) -> dict:
    """A version-2 capture: `table` rows are (parent, step, nth) after html, head and
    body (stamps 0-2); `measured` lists the stamps that get a seen box."""
    rows = [(-1, "html", 1), (0, "head", 1), (0, "body", 1), *table]
    steps = sorted({step for _, step, _ in rows})
    html = ('<!DOCTYPE html><html data-wg-path="0"><head data-wg-path="1"></head>'
            '<body data-wg-path="2">' + body + "</body></html>")
    return {
        "version": 2, "html": html, "viewport": {"width": 1280, "height": 1024},
        "elements": {"steps": steps, "parent": [r[0] for r in rows],
                     "step": [steps.index(r[1]) for r in rows], "nth": [r[2] for r in rows]},
        "geometry": {"ids": [0, 2, *measured],
                     "boxes": [v for i in range(len(measured) + 2) for v in (0, 20 * i, 600, 18)],
                     "flags": [SEEN] * (len(measured) + 2)},
    }


def test_version_2_stamps_become_the_xpaths_of_the_element_table():
    capture = capture_v2('<main data-wg-path="3"><p data-wg-path="4">One.</p>'
                         '<p data-wg-path="5">Two.</p></main>',
                         [(2, "main", 1), (3, "p", 1), (3, "p", 2)], [3, 4, 5])
    read = read_capture(capture)
    assert read.stamp_paths[5] == "/html[1]/body[1]/main[1]/p[2]"
    assert read.boxes["/html[1]/body[1]/main[1]/p[2]"].rect.y == 80
    document = webgist_host.convert(capture["html"], geometry=capture, scope="page")
    assert document.markdown.strip() == "One.\n\nTwo."
    assert document.reading_order_measured and not document.notes


def test_version_2_forged_repeated_or_unknown_stamps_count_as_never_laid_out():
    # Stamp 4 twice (the second is a copy made by text that broke out of a comment),
    # a stamp past the table, one that is not a number, and none at all.
    capture = capture_v2('<p data-wg-path="3">Seen words.</p><p data-wg-path="3">Copied words.</p>'
                         '<p data-wg-path="99">Past the table.</p><p data-wg-path="x">Not a stamp.</p>'
                         '<p data-wg-path="²">Not ascii.</p><p>No stamp.</p><p data-wg-path="4">Also seen.</p>',
                         [(2, "p", 1), (2, "p", 2)], [3, 4])
    document = webgist_host.convert(capture["html"], geometry=capture, scope="page")
    assert document.markdown.strip() == "Seen words.\n\nAlso seen."
    assert any("5 elements that the browser never laid out" in note for note in document.notes)


def test_a_malformed_version_2_table_loses_the_broken_entries_only():
    capture = capture_v2('<p data-wg-path="3">Kept.</p><p data-wg-path="4">Orphan.</p>',
                         [(2, "p", 1), (7, "p", 2)], [3])
    read = read_capture(capture)
    assert read.stamp_paths[3] == "/html[1]/body[1]/p[1]" and read.stamp_paths[4] is None
    assert any("1 malformed element entries" in p for p in read.problems)
    document = webgist_host.convert(capture["html"], geometry=capture, scope="page")
    assert document.markdown.strip() == "Kept."


def test_malformed_version_2_boxes_are_ignored_one_by_one():
    capture = capture_v2('<p data-wg-path="3">A.</p><p data-wg-path="4">B.</p>'
                         '<p data-wg-path="5">C.</p><p data-wg-path="6">D.</p>',
                         [(2, "p", 1), (2, "p", 2), (2, "p", 3), (2, "p", 4)], [3, 4, 5, 6])
    geometry = capture["geometry"]
    geometry["boxes"][8:24] = [0, 40, float("nan"), 18,       # stamp 3: NaN width
                               0, 60, -5, 18,                 # stamp 4: negative width
                               True, 80, 600, 18,             # stamp 5: a boolean is no number
                               0, 1e12, 600, 18]              # stamp 6: off any layout
    geometry["ids"].append(99)                                 # a stamp past the table
    geometry["boxes"] += [0, 0, 1, 1]
    geometry["flags"].append(SEEN)
    read = read_capture(capture)
    assert sorted(read.boxes) == ["/html[1]", "/html[1]/body[1]"]
    assert any("5 malformed boxes ignored" in p for p in read.problems)
    geometry["flags"][1] = -1                                  # body: flags out of range
    assert sorted(read_capture(capture).boxes) == ["/html[1]"]


def test_version_2_boxes_match_version_1_read_of_the_same_page():
    v1 = {"geometry": {"paths": ["/html[1]", "/html[1]/body[1]", "/html[1]/body[1]/p[1]"],
                       "boxes": [0, 0, 800, 600, 3, 0, 8.5, 784, 580, 3, 8, 8.5, 784, 18, 19]}}
    v2 = capture_v2('<p data-wg-path="3">A.</p>', [(2, "p", 1)], [3])
    v2["geometry"] = {"ids": [0, 2, 3], "boxes": [0, 0, 800, 600, 0, 8.5, 784, 580, 8, 8.5, 784, 18],
                      "flags": [3, 3, 19]}
    assert read_capture(v2).boxes == read_capture(v1).boxes


def test_version_2_float_roots_listed_in_the_geometry_are_stamped_as_the_markup_once_was():
    # collect.js measures after writing the markup, so the float roots come as
    # geometry.floats; a capture saved earlier carries data-wg-float in its markup.
    # Both give the same tree, the page's own value on another element left alone;
    # entries that are no stamp of the table are ignored.
    body = ('<aside data-wg-path="3"><p data-wg-path="4">Pull quote.</p></aside>'
            '<p data-wg-path="5" data-wg-float="the page\'s own">Body text.</p>')
    listed = capture_v2(body, [(2, "aside", 1), (3, "p", 1), (2, "p", 1)], [3, 4, 5])
    listed["geometry"]["floats"] = [3, 99, -1, "3", True]
    stamped = capture_v2(body.replace('<aside data-wg-path="3">', '<aside data-wg-path="3" data-wg-float="3">'),
                         [(2, "aside", 1), (3, "p", 1), (2, "p", 1)], [3, 4, 5])
    assert read_capture(listed).float_stamps == {"3"}
    assert read_capture(stamped).float_stamps == frozenset()
    trees = []
    for capture in (listed, stamped):
        root = expand_stamps(parse_page(capture["html"], Limits())[0], read_capture(capture))
        trees.append([(el.tag, dict(el.attrib)) for el in root.iter()])
    assert trees[0] == trees[1]
    assert ("aside", {"data-wg-path": "/html[1]/body[1]/aside[1]", "data-wg-float": "3"}) in trees[0]
    assert webgist_host.convert(listed["html"], geometry=listed, scope="page").markdown == \
        webgist_host.convert(stamped["html"], geometry=stamped, scope="page").markdown
