"""The reading-order overlay in real Chromium: drawn from the popup on the live page
and taken away without a trace, and drawn by `webgist --overlay` into a full-page
screenshot."""
from __future__ import annotations

import json
import struct
import zlib

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from browser_support import open_page_and_popup
from test_cli import run_webgist
from test_collect import SNAPSHOT_JS
from webgist_host.cli.browser import run_collect, set_viewport
from webgist_host.host.native import Host

PAGE = "overlay--two-columns.html"
PAGE_HEIGHT = 2000          # the page's body is exactly this tall
# extension/overlay.js's palette, as computed colours and as pixels.
MAIN = (11, 95, 255)
ASIDE = (10, 143, 60)
NAV = (230, 119, 0)
FOOTER = (95, 107, 122)
BADGE = (17, 20, 24)
REGION_COLOURS = {"main": MAIN, "article": MAIN, "aside": ASIDE, "nav": NAV, "header": (138, 43, 226),
                  "footer": FOOTER}

# Runs in the extension's isolated world of the page, where overlay.js keeps the
# only reference to its closed shadow root.
DESCRIBE_JS = """
const done = arguments[arguments.length - 1];
const tabId = Number(new URLSearchParams(location.search).get('tabId'));
chrome.scripting.executeScript({target: {tabId}, func: () =>
    globalThis.webgistOverlay ? globalThis.webgistOverlay.describe() : null})
  .then(r => done({value: r[0].result}), e => done({error: String(e)}));
"""


def _rgb(css: str) -> tuple[int, int, int]:
    return tuple(int(v) for v in css[css.index("(") + 1:css.index(")")].split(",")[:3])


def _engine_blocks(server) -> dict:
    result = run_webgist(f"{server}/{PAGE}", "--json", "--scope", "page")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def _click_overlay(driver, timeout: float = 60) -> str:
    """Click the Show/Hide button and wait until the popup has finished."""
    driver.find_element(By.ID, "overlay").click()
    WebDriverWait(driver, timeout, poll_frequency=0.1).until(
        lambda d: d.execute_script("return document.body.dataset.overlay") not in ("working", None))
    return driver.execute_script("return document.body.dataset.overlay")


def _describe(driver):
    result = driver.execute_async_script(DESCRIBE_JS)
    assert "value" in result, result
    return result["value"]


@pytest.mark.browser
def test_popup_shows_the_engines_order_and_hide_leaves_no_trace(extension_browser, server):
    driver = extension_browser
    page, popup = open_page_and_popup(driver, f"{server}/{PAGE}")
    driver.switch_to.window(page)
    before = driver.execute_script(SNAPSHOT_JS)
    driver.switch_to.window(popup)
    driver.execute_script("document.getElementById('scope').value = 'page';")

    assert driver.find_element(By.ID, "overlay").text == "Show reading order"
    assert _click_overlay(driver) == "shown", driver.find_element(By.ID, "status").text
    assert driver.find_element(By.ID, "overlay").text == "Hide reading order"
    assert driver.find_element(By.ID, "method").text == "geometric-xy-cut"
    drawn = _describe(driver)

    # The numbers are the engine's order, each on its block's box.
    engine = _engine_blocks(server)
    expected = [(i + 1, b["rect"], b.get("region") or "")
                for i, b in enumerate(engine["blocks"]) if b.get("rect")]
    assert len(expected) == len(engine["blocks"]) == 10
    assert [box["n"] for box in drawn["boxes"]] == [n for n, _, _ in expected]
    for box, (n, rect, region) in zip(drawn["boxes"], expected):
        assert (box["x"], box["y"], box["w"], box["h"]) == pytest.approx(
            (rect["x"], rect["y"], rect["w"], rect["h"]), abs=1), n
        assert box["region"] == region
        assert _rgb(box["colour"]) == REGION_COLOURS[region], (n, region)
    # The sidebar comes first in the source but is drawn, and numbered, after the story.
    texts = [b["text"] for b in engine["blocks"]]
    assert texts.index("Main fourth: never take more than a quarter of the canopy in one winter.") \
        < texts.index("Related notes")
    by_region = {}
    for box in drawn["boxes"]:
        by_region.setdefault(box["region"], []).append(box["n"])
    assert max(by_region["main"]) < min(by_region["aside"])
    assert drawn["method"] == "Reading order: geometric-xy-cut"
    assert drawn["legend"] == ["main 5", "nav 1", "aside 3", "footer 1"]
    assert _rgb(drawn["badge"]["colour"]) == BADGE

    # The page sees one inert element and nothing it can open or call.
    driver.switch_to.window(page)
    seen = driver.execute_script("""
      const hosts = [...document.documentElement.children].filter(
          el => el.hasAttribute('data-webgist-overlay'));
      const p = [...document.querySelectorAll('main p')][1].getBoundingClientRect();
      return {hosts: hosts.length, shadow: hosts[0].shadowRoot === null,
              api: typeof window.webgistOverlay,
              hit: document.elementFromPoint(p.left + 5, p.top + 5).localName};""")
    assert seen == {"hosts": 1, "shadow": True, "api": "undefined", "hit": "p"}
    assert driver.execute_script(SNAPSHOT_JS) != before

    # A popup opened again over the page offers Hide.
    driver.switch_to.window(popup)
    driver.refresh()
    WebDriverWait(driver, 10, poll_frequency=0.1).until(
        lambda d: d.execute_script("return document.body.dataset.overlay") == "shown")
    assert driver.find_element(By.ID, "overlay").text == "Hide reading order"

    assert _click_overlay(driver) == "hidden", driver.find_element(By.ID, "status").text
    assert driver.find_element(By.ID, "overlay").text == "Show reading order"
    assert _describe(driver) is None
    driver.switch_to.window(page)
    assert driver.execute_script(SNAPSHOT_JS) == before
    driver.switch_to.window(popup)

    # It can be shown again, once, not twice over; the reopened popup's scope
    # switch is back on "Main content", so only the story's five blocks are drawn.
    assert _click_overlay(driver) == "shown"
    again = _describe(driver)["boxes"]
    assert [(b["n"], b["region"]) for b in again] == [(n, "main") for n in range(1, 6)]
    assert _click_overlay(driver) == "hidden"
    driver.switch_to.window(page)
    assert driver.execute_script(SNAPSHOT_JS) == before


@pytest.mark.browser
def test_host_sends_block_geometry_only_when_asked(chromium, server):
    set_viewport(chromium)
    chromium.get(f"{server}/{PAGE}")
    capture = run_collect(chromium)
    host = Host(out=None)
    plain = host.handle_message({"type": "convert", **capture, "options": {"scope": "page"}})
    assert plain["ok"] and "overlay" not in plain
    reply = host.handle_message({"type": "convert", **capture,
                                 "options": {"scope": "page", "overlay": True}})
    assert reply["ok"], reply
    rows = reply["overlay"]
    assert [row[0] for row in rows] == list(range(10))
    assert all(len(row) == 7 and row[3] > 0 and row[4] > 0 for row in rows)
    assert [row[5] for row in rows] == ["nav"] + ["main"] * 5 + ["aside"] * 3 + ["footer"]
    assert rows[1][6] == "heading" and rows[2][6] == "paragraph"
    json.dumps(reply)   # it travels as JSON


def read_png(data: bytes) -> tuple[int, int, list[bytes], int]:
    """Decode an 8-bit, non-interlaced RGB or RGBA PNG: (width, height, rows, bytes
    per pixel). Enough for Chromium's screenshots, with no imaging library."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        crc, = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        assert zlib.crc32(kind + body) == crc, f"bad CRC in {kind!r}"
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, header
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - bpp] if i >= bpp else 0
            up = previous[i]
            corner = previous[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, rows, bpp


def _pixel(image, x: int, y: int) -> tuple[int, int, int]:
    _, _, rows, bpp = image
    return tuple(rows[y][x * bpp:x * bpp + 3])


@pytest.mark.browser
def test_cli_overlay_writes_a_full_page_png_with_the_numbering(server, browser_paths, tmp_path):
    url = f"{server}/{PAGE}"
    png = tmp_path / "order.png"
    result = run_webgist("--overlay", str(png), "--scope", "page", url)
    assert result.returncode == 0, result.stderr
    assert f"wrote {png}" in result.stderr
    engine = _engine_blocks(server)
    assert result.stdout == engine["markdown"]     # the Markdown is printed as usual

    image = read_png(png.read_bytes())
    width, height = image[0], image[1]
    assert (width, height) == (1280, PAGE_HEIGHT)
    # The method badge, top right.
    assert _pixel(image, width - 10, 10) == BADGE
    # Every block's box, on its left border half-way down, in its region's colour:
    # the footer's box lies below the first screen, so the whole page was drawn.
    blocks = [b for b in engine["blocks"] if b.get("rect")]
    assert blocks[-1]["region"] == "footer" and blocks[-1]["rect"]["y"] > 1024 + 300
    for block in blocks:
        rect = block["rect"]
        x, y = int(rect["x"]) + 1, int(rect["y"] + rect["h"] / 2)
        assert _pixel(image, x, y) == REGION_COLOURS[block["region"]], block["text"]
    # And the page itself still shows between them.
    assert _pixel(image, 640, 1500) == (255, 255, 255)


def test_cli_overlay_needs_the_browser(tmp_path):
    result = run_webgist("--overlay", str(tmp_path / "x.png"), "--static", "page.html")
    assert result.returncode == 2
    assert "--overlay" in result.stderr and "--static" in result.stderr
    assert not (tmp_path / "x.png").exists()
