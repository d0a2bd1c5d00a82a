"""collect.js in real Chromium: what it measures, what it serialises, and that the
live page is left exactly as it was."""
from __future__ import annotations

import pytest

from webgist_host.cli.browser import (COLLECT_WORLD, collect_script, isolated_world, run_collect,
                                      set_viewport)
from webgist_host.engine.dom.capture import (
    FLAG_DISPLAYED, FLAG_FIXED, FLAG_FLOAT, FLAG_RTL, FLAG_VISIBLE, read_capture,
)
from webgist_host.engine.dom.parse import parse_page
from webgist_host.engine.dom.stamps import expand_stamps
from webgist_host.engine.limits import Limits

pytestmark = pytest.mark.browser

# The live DOM, shadow roots included, attributes in order: what "unchanged" means.
SNAPSHOT_JS = """
const roots = [];
const walk = (node) => {
  for (const el of node.querySelectorAll('*')) {
    if (el.shadowRoot) { roots.push(el.shadowRoot); walk(el.shadowRoot); }
  }
};
walk(document);
return document.documentElement.getHTML({shadowRoots: roots});
"""


@pytest.fixture
def live_page(chromium, server):
    set_viewport(chromium)
    chromium.get(f"{server}/collect--live-page.html")
    return chromium


def _box(capture, path):
    box = read_capture(capture).boxes[path]
    return [box.rect.x, box.rect.y, box.rect.w, box.rect.h, box.flags]


def _stamp(capture, path) -> str:
    """The stamp collect.js gave the element at `path`: its index in the element table."""
    return str(read_capture(capture).stamp_paths.index(path))


def test_live_page_is_left_exactly_as_it_was(live_page):
    before = live_page.execute_script(SNAPSHOT_JS)
    capture = run_collect(live_page)
    after = live_page.execute_script(SNAPSHOT_JS)
    assert "data-wg-path" in capture["html"]
    assert after == before
    # The page's own attributes that share our names keep their values.
    assert live_page.execute_script(
        "return document.documentElement.getAttribute('data-wg-path')") == "left-by-the-page"
    assert live_page.execute_script(
        "return document.querySelectorAll('[data-wg-path]').length") == 1


def test_every_element_is_stamped_with_its_index_and_the_table_gives_its_path(live_page):
    capture = run_collect(live_page)
    html = capture["html"]
    assert capture["version"] == 2
    paths = read_capture(capture).stamp_paths
    assert len(paths) == capture["counts"]["elements"] and None not in paths
    for stamp in range(len(paths)):
        assert html.count(f'data-wg-path="{stamp}"') == 1, stamp
    h1 = _stamp(capture, "/html[1]/body[1]/main[1]/h1[1]")
    assert f'<h1 data-wg-path="{h1}">Live page</h1>' in html
    assert set(read_capture(capture).boxes) <= set(paths)


def test_geometry_is_compact_and_page_relative(live_page):
    live_page.execute_script("window.scrollTo(0, 40)")
    capture = run_collect(live_page)
    geometry = capture["geometry"]
    assert len(geometry["boxes"]) == 4 * len(geometry["ids"]) == 4 * len(geometry["flags"])
    assert all(isinstance(n, (int, float)) for n in geometry["boxes"] + geometry["flags"])
    x, y, w, h, flags = _box(capture, "/html[1]/body[1]/main[1]/h1[1]")
    top = live_page.execute_script(
        "return document.querySelector('h1').getBoundingClientRect().top + window.scrollY")
    assert y == pytest.approx(top, abs=0.1)
    assert w > 0 and h > 0 and flags == FLAG_DISPLAYED | FLAG_VISIBLE


def test_flags_mark_hidden_invisible_float_and_pinned(live_page):
    capture = run_collect(live_page)
    main = "/html[1]/body[1]/main[1]"
    assert _box(capture, f"{main}/p[2]")[4] == 0                     # display: none
    assert _box(capture, f"{main}/p[3]")[4] == FLAG_DISPLAYED         # visibility: hidden
    assert _box(capture, f"{main}/div[1]")[4] & FLAG_FLOAT           # the float root ...
    assert not _box(capture, f"{main}/div[1]/p[1]")[4] & FLAG_FLOAT  # ... not its children
    assert not _box(capture, f"{main}/div[2]/span[1]")[4] & FLAG_FLOAT  # flex item
    assert _box(capture, "/html[1]/body[1]/nav[1]")[4] & FLAG_FIXED  # sticky
    # Float roots are known once measured, after the markup is written: they are
    # listed, and the host stamps them on its copy as collect.js once stamped the page.
    float_root = _stamp(capture, f"{main}/div[1]")
    floats = capture["geometry"]["floats"]
    assert int(float_root) in floats
    assert "data-wg-float" not in capture["html"].replace('data-wg-float="the page', "")
    root = expand_stamps(parse_page(capture["html"], Limits())[0], read_capture(capture))
    assert root.xpath(f"{main}/div[1]")[0].get("data-wg-float") == float_root
    # The page's own data-wg-float on the paragraph is left as it is, in the copy too.
    assert "the page's own value" in capture["html"]
    assert len(root.xpath("//*[@data-wg-float]")) == len(floats) + 1


def test_the_markup_sent_ahead_and_the_rest_make_the_capture_sent_whole(live_page):
    whole = run_collect(live_page)
    before = live_page.execute_script(SNAPSHOT_JS)
    world = isolated_world(live_page, COLLECT_WORLD)

    def evaluate(expression):
        return live_page.execute_cdp_cmd("Runtime.evaluate", {
            "expression": expression, "contextId": world, "returnByValue": True})["result"]["value"]

    evaluate("globalThis.webgistSendAhead = (part) => { globalThis.ahead = part; return true; }; 0")
    split = evaluate(collect_script())
    assert live_page.execute_script(SNAPSHOT_JS) == before
    ahead = evaluate("globalThis.ahead")
    assert split["sentAhead"] is True and "html" not in split and "elements" not in split
    assert ahead == {"version": 2, "html": whole["html"], "elements": whole["elements"]}
    assert split["geometry"] == whole["geometry"]
    assert split["timings"]["sent_ahead_at"] > split["timings"]["started_at"]
    # The hook serves one collection: the next sends everything itself.
    assert "html" in evaluate(collect_script())
    assert evaluate("typeof globalThis.webgistSendAhead") == "undefined"
    # A hook that refuses (returns anything but true) leaves the markup in the capture,
    # and so does one that wants longer markup than the page's.
    evaluate("globalThis.webgistSendAhead = () => false; 0")
    assert evaluate(collect_script())["html"] == whole["html"]
    evaluate(f"globalThis.webgistSendAhead = Object.assign(() => true, {{minChars: {len(whole['html']) + 1}}}); 0")
    assert evaluate(collect_script())["html"] == whole["html"]


def test_collapsed_details_body_is_left_unmeasured(live_page):
    capture = run_collect(live_page)
    paths = read_capture(capture).boxes
    assert "/html[1]/body[1]/main[1]/details[1]/summary[1]" in paths
    assert "/html[1]/body[1]/main[1]/details[1]/p[1]" not in paths


def test_open_shadow_roots_are_serialised_as_templates(live_page):
    capture = run_collect(live_page)
    html = capture["html"]
    assert '<template shadowrootmode="open">' in html
    assert "Member since 1843" in html
    assert capture["counts"]["shadowRoots"] == 1
    shadow_h2 = "/html[1]/body[1]/main[1]/user-card[1]/#shadow-root/section[1]/h2[1]"
    assert shadow_h2 in read_capture(capture).boxes


def test_capture_carries_viewport_direction_language_and_timings(live_page):
    capture = run_collect(live_page)
    assert capture["viewport"]["width"] == 1280 and capture["viewport"]["height"] == 1024
    assert capture["lang"] == {"html": "en", "body": ""}
    assert capture["dir"] == {"html": "", "body": ""}
    assert capture["title"] == "Live page"
    assert capture["url"].endswith("/collect--live-page.html")
    assert set(capture["timings"]) == {"started_at", "walk_ms", "stamp_ms", "serialise_ms",
                                       "send_ahead_ms", "sent_ahead_at", "measure_ms", "total_ms"}
    assert capture["timings"]["sent_ahead_at"] is None
    assert read_capture(capture).measured


def test_computed_direction_is_flagged_per_element(chromium, server):
    # The Arabic page sets direction: rtl on <body> in its stylesheet only (no dir, no lang).
    chromium.get(f"{server}/order--rtl-css-only.html")
    capture = run_collect(chromium)
    assert capture["dir"] == {"html": "", "body": ""} and capture["lang"] == {"html": "", "body": ""}
    assert not _box(capture, "/html[1]")[4] & FLAG_RTL
    assert _box(capture, "/html[1]/body[1]")[4] & FLAG_RTL
    assert _box(capture, "/html[1]/body[1]/div[1]/main[1]/h1[1]")[4] & FLAG_RTL
    assert read_capture(capture).computed_direction() == "rtl"
    chromium.get(f"{server}/collect--live-page.html")
    capture = run_collect(chromium)
    assert not any(flags & FLAG_RTL for flags in capture["geometry"]["flags"])
    assert read_capture(capture).computed_direction() == "ltr"
