"""The page read as the popup opens (issue 20): the popup collects the page and asks
the host for its Markdown before Copy is clicked (flow.js readAhead); the click uses
them only while watch.js says the page is as it was read, and reads it afresh
otherwise. Real Chromium, the real extension and host."""
from __future__ import annotations

import time

import pytest

from browser_support import (click_copy, copy_by_shortcut, open_page_and_popup,
                             popup_timeline, read_clipboard, wait_for)

pytestmark = pytest.mark.browser
PAGE = "layout--grid-sidebar-first.html"
LONG_PAGE = "order--cpython-sticky-sidebar.html"   # taller than the window: it scrolls



def _early(driver) -> str:
    return driver.execute_script("return document.body.dataset.early || ''")



def _shortcut_markdown(driver, page: str) -> str:
    """The page's Markdown read at this moment by the copy shortcut (no early read)."""
    driver.switch_to.window(page)
    result = copy_by_shortcut(driver)
    assert result["ok"], result
    return result["markdown"]


def test_an_unchanged_page_is_copied_from_what_was_read_as_the_popup_opened(extension_browser, server):
    driver = extension_browser
    page, popup = open_page_and_popup(driver, f"{server}/{PAGE}")
    wait_for(lambda: _early(driver) == "converted", message="the early conversion")
    result = click_copy(driver, scope=None)
    assert result["state"] == "done", result["status"]
    timeline = popup_timeline(driver)
    assert timeline["ahead"]["capture"] is True and timeline["ahead"]["reply"] is True
    # Read and converted before the click.
    assert timeline["collect"]["started_at"] < timeline["host"]["replied_at"] < timeline["started_at"]
    markdown = result["preview"]

    # Another scope: the capture is still the page's, the host is asked again.
    whole = click_copy(driver, scope="page")
    assert whole["state"] == "done", whole["status"]
    timeline = popup_timeline(driver)
    assert timeline["ahead"]["capture"] is True and timeline["ahead"]["reply"] is False
    assert timeline["host"]["first_frame_at"] > timeline["started_at"]
    assert read_clipboard(driver, page) == whole["preview"]

    # The same Markdown as the page read afresh (the shortcut's own reading of the
    # page ends the watch: its stamps are changes to the document).
    assert _shortcut_markdown(driver, page) == markdown


def test_a_page_changed_after_the_popup_opened_is_read_again(extension_browser, server):
    driver = extension_browser
    page, popup = open_page_and_popup(driver, f"{server}/{PAGE}")
    wait_for(lambda: _early(driver) == "converted", message="the early conversion")
    driver.switch_to.window(page)
    driver.execute_script(
        "const p = document.createElement('p');"
        "p.textContent = 'A paragraph the page added after the popup had read it.';"
        "document.querySelector('main, article, body').append(p);")
    driver.switch_to.window(popup)
    result = click_copy(driver, scope="page")
    assert result["state"] == "done", result["status"]
    timeline = popup_timeline(driver)
    assert timeline["ahead"]["capture"] is False and timeline["ahead"]["reply"] is False
    assert timeline["collect"]["started_at"] > timeline["started_at"]
    assert "A paragraph the page added after the popup had read it." in result["preview"]


def test_a_page_scrolled_after_the_popup_opened_is_read_again(extension_browser, server):
    driver = extension_browser
    page, popup = open_page_and_popup(driver, f"{server}/{LONG_PAGE}")
    wait_for(lambda: _early(driver) == "converted", message="the early conversion")
    driver.switch_to.window(page)
    driver.execute_script("window.scrollBy(0, 40);")
    assert driver.execute_script("return window.scrollY") == 40
    driver.switch_to.window(popup)
    result = click_copy(driver, scope=None)
    assert result["state"] == "done", result["status"]
    assert popup_timeline(driver)["ahead"]["capture"] is False


def test_the_watch_leaves_the_page_untouched(extension_browser, server):
    """watch.js adds nothing the page's own scripts can see: no attribute, no node,
    no global of the page's world. (The page's own MutationObserver does see
    collect.js's stamps added and removed as the popup opens, as it sees them at a
    click: test_a_page_with_an_open_shadow_root_is_read_once counts them.)"""
    driver = extension_browser
    seen = ("return [document.documentElement.outerHTML, "
            "Object.keys(window).sort().join(',')];")
    driver.get(f"{server}/{PAGE}")
    before = driver.execute_script(seen)
    page, popup = open_page_and_popup(driver, f"{server}/{PAGE}")
    wait_for(lambda: _early(driver) == "converted", message="the early conversion")
    driver.switch_to.window(page)
    assert driver.execute_script(seen) == before


# Pages whose change after the early read leaves no trace a MutationObserver of the
# document sees (the review of session 18). Each is written into the test server's
# folder; `change` runs in the page's own world after the early read.
_HEAD = ("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Early read</title>"
         "<style>body{font:16px sans-serif}</style></head><body><main><h1>Early read</h1>"
         "<p>First paragraph of the page, long enough to be main content in any reading of it.</p>")
_TAIL = ("<p>Last paragraph, also long enough to count as content for the engine here.</p>"
         "</main>{script}</body></html>")
# The page's own observer: how many attribute changes it saw (collect.js's stamps).
_PAGE_OBSERVER = ("<script>window.seenAttributes = 0; new MutationObserver((r) => {"
                  " window.seenAttributes += r.filter((m) => m.type === 'attributes').length; })"
                  ".observe(document, {subtree: true, attributes: true});</script>")


def _reused(driver) -> bool:
    """Whether the last click used the capture read as the popup opened."""
    return popup_timeline(driver).get("ahead", {}).get("capture") is True


def _write_page(site_dir, name: str, body: str, script: str = "") -> str:
    (site_dir / name).write_text(_HEAD + body + _TAIL.format(script=script), encoding="utf-8")
    return name


def _in_page(driver, page: str, popup: str, script: str):
    driver.switch_to.window(page)
    try:
        return driver.execute_script(script)
    finally:
        driver.switch_to.window(popup)


def _wait_early_done(driver) -> str:
    return wait_for(lambda: _early(driver) if _early(driver) in ("none", "converted") else "",
                     timeout=90, message="the early read to finish")


STALE_CASES = {
    # A rule inserted through the CSSOM hides a line.
    "cssom": ('<p id="secret">SECRET-LINE visible at open.</p>',
              "document.styleSheets[0].insertRule('#secret{visibility:hidden}', 0);",
              "SECRET-LINE", False),
    # A rule's declaration edited through the CSSOM: as many rules as before.
    "cssedit": ('<style>#secret{color:black}</style><p id="secret">SECRET-LINE visible at open.</p>',
                "document.styleSheets[1].cssRules[0].style.visibility = 'hidden';",
                "SECRET-LINE", False),
    # A Web Animation of one millisecond hides it, and stays (fill: forwards).
    "waapi": ('<p id="secret">SECRET-LINE visible at open.</p>',
              "document.getElementById('secret').animate([{visibility: 'hidden'}, {visibility: 'hidden'}],"
              " {duration: 1, fill: 'forwards'});",
              "SECRET-LINE", False),
    # A late web component: an open shadow root attached after the read.
    "shadowlate": ('<div id="host"><p>OLD-LIGHT text shown at open.</p></div>',
                   "document.getElementById('host').attachShadow({mode: 'open'}).innerHTML ="
                   " '<p>NEW-SHADOW text added later.</p>';",
                   "NEW-SHADOW", True),
    # Text changed in place, same length: no element, size or scroll changes.
    "text": ('<p id="t">ALPHA-WORD in a paragraph.</p>',
             "document.getElementById('t').firstChild.data = 'OMEGA-WORD in a paragraph.';",
             "OMEGA-WORD", True),
}


def _assert_read_afresh(driver, marker: str, present: bool) -> None:
    """Copies the page (scope page) and checks the click read it again, not the early
    capture, and the copy shows `marker` as the page now does (`present`)."""
    time.sleep(0.1)
    result = click_copy(driver, scope="page")
    assert result["state"] == "done", result["status"]
    assert not _reused(driver)
    assert (marker in result["preview"]) is present, result["preview"]


@pytest.mark.parametrize("case", sorted(STALE_CASES))
def test_a_change_no_mutation_of_the_document_shows_is_still_seen(extension_browser, server, site_dir, case):
    body, change, marker, present = STALE_CASES[case]
    driver = extension_browser
    name = _write_page(site_dir, f"early--{case}.html", body)
    page, popup = open_page_and_popup(driver, f"{server}/{name}")
    assert _wait_early_done(driver) == "converted"
    _in_page(driver, page, popup, change)
    _assert_read_afresh(driver, marker, present)


_SECRET = '<p id="secret">SECRET-LINE visible at open, a line of words.</p>'
_HIDE = "#secret{visibility:hidden}"
_ADOPTED = ("<script>const s = new CSSStyleSheet(); s.replaceSync('#secret{color:black}');"
            " document.adoptedStyleSheets = [s];</script>")
# Changes that leave no mutation and no event watch.js listened for (review 5d):
# (body, change, marker, whether the fresh reading has it, the early read's outcome).
# `change` is a script run in the page's world, or a (CDP command, params) pair.
SILENT_CASES = {
    # A script checks a box: `#cb:checked ~ #secret` hides the line.
    "checkbox": ("<style>#cb:checked ~ #secret{visibility:hidden}</style>"
                 '<div><input type="checkbox" id="cb">' + _SECRET + "</div>",
                 "document.getElementById('cb').checked = true;", "SECRET-LINE", False, "converted"),
    # A CSS-only tab set turned by a script: as many :checked elements as before.
    "radiotabs": ("<style>.panel{display:none;height:40px} #ta:checked ~ .pa{display:block}"
                  " #tb:checked ~ .pb{display:block}</style>"
                  '<div class="tabs"><input type="radio" name="t" id="ta" checked>'
                  '<input type="radio" name="t" id="tb">'
                  '<div class="panel pa">PANEL-A-TEXT the first tab panel words here.</div>'
                  '<div class="panel pb">PANEL-B-TEXT the second tab panel words here.</div></div>',
                  "document.getElementById('tb').checked = true;", "PANEL-B-TEXT", True, "converted"),
    # Another sheet adopted in the same slot.
    "adopted_swap": (_SECRET + _ADOPTED,
                     f"const s = new CSSStyleSheet(); s.replaceSync('{_HIDE}'); document.adoptedStyleSheets = [s];",
                     "SECRET-LINE", False, "converted"),
    # The adopted sheet rewritten in place.
    "adopted_replace": (_SECRET + _ADOPTED, f"document.adoptedStyleSheets[0].replaceSync('{_HIDE}');",
                        "SECRET-LINE", False, "converted"),
    # A rule inserted into an @import-ed sheet.
    "import_edit": ('<style>@import url("early--imported.css");</style>'
                    '<p id="imp">IMPORT-LINE styled by an imported sheet words.</p>',
                    "[...document.styleSheets].find((x) => x.cssRules[0] && x.cssRules[0].styleSheet)"
                    ".cssRules[0].styleSheet.insertRule('#imp{visibility:hidden}', 1);",
                    "IMPORT-LINE", False, "converted"),
    # A closed shadow root whose style hides a slotted line: not read early at all.
    "closed_shadow": ('<div id="host"><p>SECRET-LINE slotted light text, a line of words.</p></div>'
                      "<script>window.root = document.getElementById('host').attachShadow({mode: 'closed'});"
                      " root.innerHTML = '<style>::slotted(p){color:black}</style><slot></slot>';</script>",
                      "root.querySelector('style').textContent = '::slotted(p){visibility:hidden}';",
                      "SECRET-LINE", False, "none"),
    # A custom element state (`:state()`) set by the element's script.
    "custom_state": ("<style>x-el{display:block} x-el:state(hide) #secret{visibility:hidden}</style>"
                     '<x-el id="x">' + _SECRET + "</x-el><script>customElements.define('x-el',"
                     " class extends HTMLElement { constructor() { super(); this.i = this.attachInternals(); } });"
                     "</script>",
                     "document.getElementById('x').i.states.add('hide');", "SECRET-LINE", False, "converted"),
    # A media query turning without a resize (the system's colour scheme).
    "colorscheme": ("<style>@media (prefers-color-scheme: dark){#secret{visibility:hidden}}</style>" + _SECRET,
                    ("Emulation.setEmulatedMedia",
                     {"features": [{"name": "prefers-color-scheme", "value": "dark"}]}),
                    "SECRET-LINE", False, "converted"),
    # A picture loading inside a box of fixed size: nothing moves. A page still
    # loading a picture is not watched.
    "late_image": ('<p>A picture follows.</p><div style="position:relative;height:200px">'
                   '<img style="position:absolute;top:0;left:0" loading="lazy" src="slow-image.png?ms=2500"'
                   ' alt="PICTURE-ALT"></div>',
                   "return new Promise((done) => { const i = document.querySelector('img');"
                   " if (i.complete) done(true); else i.onload = () => done(true); });",
                   "PICTURE-ALT", True, "none"),
}


@pytest.mark.parametrize("case", sorted(SILENT_CASES))
def test_a_change_that_fires_no_event_is_still_seen(extension_browser, server, site_dir, case):
    body, change, marker, present, early = SILENT_CASES[case]
    (site_dir / "early--imported.css").write_text("#imp{color:black}\n", encoding="utf-8")
    driver = extension_browser
    name = _write_page(site_dir, f"early--{case}.html", body)
    page, popup = open_page_and_popup(driver, f"{server}/{name}")
    assert _wait_early_done(driver) == early
    if isinstance(change, tuple):
        driver.switch_to.window(page)
        driver.execute_cdp_cmd(*change)
        driver.switch_to.window(popup)
    else:
        _in_page(driver, page, popup, change)
    _assert_read_afresh(driver, marker, present)


def test_a_page_animating_as_the_popup_opens_is_not_read_early(extension_browser, server, site_dir):
    """A line a CSS animation reveals: running as the popup opens, finished by the click."""
    driver = extension_browser
    name = _write_page(site_dir, "early--animend.html",
                       '<p id="secret" style="animation: reveal 3s steps(1, end) forwards">'
                       "REVEALED-LINE shown when the animation ends.</p>"
                       "<style>@keyframes reveal{from{visibility:hidden}to{visibility:visible}}</style>")
    page, popup = open_page_and_popup(driver, f"{server}/{name}")
    assert _wait_early_done(driver) == "none"
    _in_page(driver, page, popup, "return Promise.all(document.getAnimations().map((a) => a.finished)).then(() => true);")
    result = click_copy(driver, scope="page")
    assert result["state"] == "done", result["status"]
    assert not _reused(driver)
    assert "REVEALED-LINE" in result["preview"], result["preview"]


def test_a_page_with_an_open_shadow_root_is_read_once(extension_browser, server, site_dir):
    """watch.js cannot see inside shadow roots: such a page is not read early at all
    (its own observer sees no stamp before the click), and the click reads it."""
    driver = extension_browser
    name = _write_page(site_dir, "early--shadow.html", '<div id="host"></div>',
                       "<script>document.getElementById('host').attachShadow({mode: 'open'}).innerHTML ="
                       " '<p>SHADOW-TEXT inside an open shadow root.</p>';</script>" + _PAGE_OBSERVER)
    page, popup = open_page_and_popup(driver, f"{server}/{name}")
    assert _wait_early_done(driver) == "none"
    time.sleep(0.2)
    assert _in_page(driver, page, popup, "return window.seenAttributes;") == 0
    result = click_copy(driver, scope="page")
    assert result["state"] == "done", result["status"]
    assert not _reused(driver)
    assert "SHADOW-TEXT" in result["preview"]
    assert _in_page(driver, page, popup, "return window.seenAttributes;") > 0


def test_a_big_page_is_not_read_early(extension_browser, server):
    """Reading a page of 36,000 elements stalls it for a second or more: not done
    unless Copy is clicked (flow.js AHEAD_MAX_ELEMENTS)."""
    from conftest import BIG_PAGE
    driver = extension_browser
    page, popup = open_page_and_popup(driver, f"{server}/{BIG_PAGE}")
    wait_for(lambda: _early(driver) in ("none", "read", "converted"), timeout=90,
              message="the early read to finish")
    assert _early(driver) == "none"


def test_a_page_with_svg_is_read_early_and_reused(extension_browser, server, site_dir):
    """chrome.dom.openOrClosedShadowRoot throws for an element that is not an HTML
    element: an inline SVG must not stop the early read (the docs pages have some)."""
    driver = extension_browser
    name = _write_page(site_dir, "early--svg.html",
                       '<p>An icon: <svg width="10" height="10"><circle cx="5" cy="5" r="4"/></svg></p>')
    page, popup = open_page_and_popup(driver, f"{server}/{name}")
    assert _wait_early_done(driver) == "converted"
    result = click_copy(driver, scope="page")
    assert result["state"] == "done", result["status"]
    assert _reused(driver)
