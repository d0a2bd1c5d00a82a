"""The extension in a real Firefox: one smoke test per feature, with the real native
host registered by `webgist install-host --browser firefox`, pages on 127.0.0.1 and
the clipboard read back. The popup is driven with browser_support's helpers, the same
ones the Chromium tests use; only the browser's own controls (shortcuts, tabs, menus,
the clipboard) go through firefox_support. One Firefox serves the module: it takes
seconds to start."""
from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from browser_support import (change_page_after_early_read, click_copy, host_processes, popup_result,
                             reconnect_popup_host, wait_converting, wait_ready)
from firefox_support import firefox_paths, firefox_with_extension, wait_for  # noqa: F401
from test_cli import DEMO_ORDER, _assert_in_order
from test_collect import SNAPSHOT_JS
from test_extension import COUNT_FRAMES_JS
from test_extension_errors import _tiny_pdf
from test_extension_logged_in import login_site  # noqa: F401  (fixture)
from test_extension_privacy import _Counter, listener  # noqa: F401  (fixture)
from test_extension_theme import POPUP_FOCUS_ORDER
from test_overlay import PAGE as OVERLAY_PAGE, _click_overlay, _describe
from theme_support import (SHOW_EVERYTHING_JS, contrast_report, focus_order, low_contrast,
                           unnamed_controls)
from webgist_host.install.manifest import GECKO_ID

pytestmark = pytest.mark.browser
PAGE = "ext--options.html"
# The add-ons site's name goes to 127.0.0.1, over plain HTTP (no HSTS preload), so
# the restricted-domain rule is met on a page the test serves.
ADDONS_SITE_PREFS = {"network.dns.localDomains": "addons.mozilla.org",
                     "network.stricttransportsecurity.preloadlist": False}


# A page whose Markdown is over 1 MiB (the most one native message may carry), so
# the reply must come in chunks, and small enough to keep the test short.
LARGE_PAGE = "firefox--one-and-a-half-mebibytes.html"
LARGE_PAGE_PARAGRAPHS = 3600


@pytest.fixture(scope="module")
def large_page(site_dir) -> str:
    rows = "\n".join(
        f"<p>Paragraph {n} of the long page: 蜜蜂は屋上でよく育つ 🐝🍯 and the keeper notes the "
        f"weather, the flow and the temper of colony {n}. " * 3 + "</p>" for n in range(LARGE_PAGE_PARAGRAPHS))
    (site_dir / LARGE_PAGE).write_text(
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>A long page</title>"
        f"</head><body><h1>A long page</h1>{rows}<p>The last paragraph.</p></body></html>", encoding="utf-8")
    return LARGE_PAGE


@pytest.fixture(scope="module")
def firefox(tmp_path_factory, firefox_paths):
    yield from firefox_with_extension(tmp_path_factory.mktemp("firefox"), firefox_paths,
                                      prefs=ADDONS_SITE_PREFS)


def test_copy_from_the_popup_puts_markdown_on_the_clipboard(firefox, server):
    firefox.write_clipboard("before")
    firefox.open_page_and_popup(f"{server}/layout--grid-sidebar-first.html")
    result = click_copy(firefox.driver, scope="page")
    assert result["state"] == "done", result
    assert result["method"] == "geometric-xy-cut"
    assert result["status"].startswith("Copied ")
    assert firefox.read_clipboard() == result["preview"]
    _assert_in_order(result["preview"], DEMO_ORDER + ["## From the almanac"])


def test_copy_gets_the_signed_in_page(firefox, login_site):
    base, _ = login_site
    firefox.driver.get(f"{base}/login")          # sets the HttpOnly session cookie
    assert firefox.driver.current_url == f"{base}/account"
    firefox.open_page_and_popup(f"{base}/account")
    result = click_copy(firefox.driver, scope="main")
    assert result["state"] == "done", result
    clipboard = firefox.read_clipboard()
    assert clipboard == result["preview"]
    assert clipboard.lstrip().startswith("# Your hives") and "Please sign in" not in clipboard
    assert "| North | Marked blue, 2024 | 7 |" in clipboard


def _last_result(firefox, after: float) -> dict:
    """The outcome the background stored for a run after `after`, read from an
    extension page (the popup tab)."""
    return wait_for(lambda: (r := firefox.storage_session("lastResult")) and r["at"] / 1000 > after and r,
                    timeout=60, message="the background's result")


def test_shortcut_and_context_menu_copy_from_the_event_page(firefox, server):
    """The background's own clipboard path (Firefox's event page has a DOM), which
    Chromium never takes: the keyboard command, then the context menu."""
    driver = firefox.driver
    url = f"{server}/{PAGE}"
    _, popup = firefox.open_page_and_popup(url, gesture=False)
    page = driver.window_handles[0]

    firefox.write_clipboard("before")
    started = time.time()
    firefox.select_tab(page)
    firefox.press("K")
    copied = wait_for(lambda: (t := firefox.read_clipboard()) != "before" and t,
                      timeout=60, message="the command's copy")
    driver.switch_to.window(popup)
    outcome = _last_result(firefox, started)
    assert outcome["ok"] and outcome["kind"] == "copied", outcome
    assert outcome["via"] in ("clipboard-api", "copy-command"), outcome
    assert copied == outcome["markdown"] and copied.startswith("# Rooftop bees\n")

    firefox.write_clipboard("before")
    started = time.time()
    firefox.select_tab(page)
    ActionChains(driver).context_click(driver.find_element(By.TAG_NAME, "h1")).perform()
    firefox.click_menu_item("Copy page as Markdown")
    menu_copy = wait_for(lambda: (t := firefox.read_clipboard()) != "before" and t,
                         timeout=60, message="the menu's copy")
    driver.switch_to.window(popup)
    outcome = _last_result(firefox, started)
    assert outcome["ok"] and outcome["via"] in ("clipboard-api", "copy-command"), outcome
    assert menu_copy == copied


def test_overlay_shown_and_hidden_leaves_the_dom_as_it_was(firefox, server):
    driver = firefox.driver
    page, popup = firefox.open_page_and_popup(f"{server}/{OVERLAY_PAGE}")
    driver.switch_to.window(page)
    before = driver.execute_script(SNAPSHOT_JS)
    driver.switch_to.window(popup)
    driver.execute_script("document.getElementById('scope').value = 'page';")
    assert _click_overlay(driver) == "shown", driver.find_element(By.ID, "status").text
    drawn = _describe(driver)
    assert [b["n"] for b in drawn["boxes"]] == list(range(1, 11))
    assert drawn["method"] == "Reading order: geometric-xy-cut"
    by_region: dict[str, list[int]] = {}
    for box in drawn["boxes"]:
        by_region.setdefault(box["region"], []).append(box["n"])
    assert max(by_region["main"]) < min(by_region["aside"])   # the sidebar comes after
    driver.switch_to.window(page)
    assert driver.execute_script(SNAPSHOT_JS) != before       # something is drawn
    driver.switch_to.window(popup)
    assert _click_overlay(driver) == "hidden"
    assert _describe(driver) is None
    driver.switch_to.window(page)
    assert driver.execute_script(SNAPSHOT_JS) == before


def test_errors_host_missing_restricted_pages_and_a_crashed_host(firefox, server, site_dir, large_page):
    driver = firefox.driver
    manifest = firefox.home / ".mozilla" / "native-messaging-hosts" / "com.webgist.host.json"
    hidden = manifest.with_name("hidden.json")
    manifest.rename(hidden)
    try:
        firefox.open_page_and_popup(f"{server}/{PAGE}")
        missing = click_copy(driver)
    finally:
        hidden.rename(manifest)
    assert missing["state"] == "error" and missing["error_kind"] == "host-missing", missing
    assert "not installed" in missing["status"] and "webgist install-host" in missing["hint"]

    # A manifest that does not list this extension's id: Firefox tells the extension
    # "No such native application", as for no manifest (unlike Chromium's "forbidden"),
    # and a fresh `install-host` is what fixes it.
    original = manifest.read_text()
    manifest.write_text(original.replace(GECKO_ID, "someone-else@example.org"))
    try:
        firefox.open_page_and_popup(f"{server}/{PAGE}")
        refused = click_copy(driver)
    finally:
        manifest.write_text(original)
    assert refused["state"] == "error" and refused["error_kind"] == "host-missing", refused
    assert refused["hint"].endswith("\nwebgist install-host"), refused

    # A page the user has not invoked webgist on is not read, and not called off limits.
    firefox.open_page_and_popup(f"{server}/{PAGE}", gesture=False)
    ungranted = click_copy(driver)
    assert ungranted["state"] == "error" and ungranted["error_kind"] == "no-access", ungranted

    # Pages no extension may read: Firefox's own pages, the add-ons site (its name
    # resolved to 127.0.0.1 by the fixture's preferences), and the PDF viewer.
    (site_dir / "ext--document.pdf").write_bytes(_tiny_pdf("Hello from a PDF"))
    port = server.rsplit(":", 1)[1]
    for url in ("about:robots", f"http://addons.mozilla.org:{port}/{PAGE}",
                f"{server}/ext--document.pdf"):
        page, popup = firefox.open_page_and_popup(url)
        if url.endswith(".pdf"):   # the premise: the PDF opened in Firefox's viewer
            driver.switch_to.window(page)
            assert driver.execute_script("return document.contentType") == "application/pdf"
            driver.switch_to.window(popup)
        restricted = click_copy(driver)
        assert restricted["state"] == "error" and restricted["error_kind"] == "restricted", (url, restricted)
        assert "cannot be read by extensions" in restricted["status"], (url, restricted)
        assert "normal tab" in restricted["hint"]

    # The host killed in the middle of a conversion.
    firefox.open_page_and_popup(f"{server}/{large_page}")
    driver.find_element(By.ID, "copy").click()
    # The host the popup started as it opened now holds the page.
    wait_converting(driver)
    hosts = wait_for(lambda: host_processes(driver), timeout=60, poll=0.02, message="the host")
    for pid in hosts:
        os.kill(pid, signal.SIGKILL)
    WebDriverWait(driver, 60, poll_frequency=0.1).until(
        lambda d: d.execute_script("return document.body.dataset.state || ''"))
    crashed = popup_result(driver)
    assert crashed["state"] == "error" and crashed["error_kind"] == "host-crashed", crashed
    assert "webgist install-host --check" in crashed["hint"]


def test_host_runs_with_firefoxs_argv_and_replies_over_a_mebibyte_in_chunks(firefox, server, large_page):
    driver = firefox.driver
    firefox.open_page_and_popup(f"{server}/{large_page}")
    reconnect_popup_host(driver, COUNT_FRAMES_JS)
    change_page_after_early_read(driver)   # the click reads the page itself, markup ahead
    driver.find_element(By.ID, "copy").click()
    hosts = wait_for(lambda: host_processes(driver), timeout=60, poll=0.02, message="the host")
    argv = Path(f"/proc/{hosts[0]}/cmdline").read_bytes().split(b"\0")[:-1]
    manifest = firefox.home / ".mozilla" / "native-messaging-hosts" / "com.webgist.host.json"
    # Firefox's convention: the manifest's path, then the extension's id.
    assert [a.decode() for a in argv[-2:]] == [str(manifest), GECKO_ID], argv
    WebDriverWait(driver, 120, poll_frequency=0.1, ignored_exceptions=(TimeoutException,)).until(
        lambda d: d.execute_script("return document.body.dataset.state || ''"))
    result = popup_result(driver)
    assert result["state"] == "done", result
    frames = driver.execute_script("return window.__frames")
    received = [f for f in frames if not f.startswith("sent:")]
    # The markup went ahead (prepared); the reply, too big for one message, came
    # back deflated (Firefox has DecompressionStream too), still as begin/chunk/end.
    assert received[0] == "prepared"
    assert received[1] == "begin:deflate" and received[-1] == "end" and "chunk" in received
    markdown = result["preview"]
    assert len(markdown.encode()) > 2**20
    assert "Paragraph 0 of the long page: 蜜蜂は屋上でよく育つ 🐝🍯" in markdown
    assert markdown.rstrip().endswith("The last paragraph.")
    assert firefox.read_clipboard() == markdown


def test_no_network_from_extension_contexts(firefox, server, listener):
    """Every HTTP request the browser makes is watched from its parent process while
    the extension does its whole job: none is made by an extension context (the
    popup, the event page, the content scripts), and the policy refuses one."""
    driver = firefox.driver
    url = f"{server}/{PAGE}"
    _, popup = firefox.open_page_and_popup(url)
    page = driver.window_handles[0]
    firefox.chrome_script(WATCH_REQUESTS_JS)
    try:
        assert click_copy(driver)["state"] == "done"
        firefox.write_clipboard("before")
        firefox.select_tab(page)
        firefox.press("K")
        wait_for(lambda: firefox.read_clipboard() != "before", timeout=60, message="the command's copy")
        driver.switch_to.window(popup)
        attempt = ("fetch(%r, {method: 'POST', body: 'page'}).then(() => 'sent', e => 'refused: ' + e)"
                   % f"{listener}/leak")
        assert driver.execute_async_script(
            f"const done = arguments[arguments.length - 1]; {attempt}.then(done);").startswith("refused")
        time.sleep(0.3)
        assert _Counter.hits == []
        # The watch works: a request the page makes is seen.
        driver.switch_to.window(page)
        driver.execute_async_script(
            f"const done = arguments[0]; fetch('{listener}/control').then(() => done(), () => done());")
        seen = firefox.chrome_script("return window.__webgistRequests")
    finally:
        firefox.chrome_script("window.__webgistStopWatching && window.__webgistStopWatching();")
    assert f"{listener}/control" in [r["url"] for r in seen]
    from_extension = [r for r in seen if r["addon"] or r["origin"].startswith("moz-extension:")]
    assert from_extension == [], from_extension
    assert _Counter.hits == ["/control"]


# Runs in the browser's parent process: every HTTP(S) request, with the principal
# that started it (an extension's carries its addonId).
WATCH_REQUESTS_JS = """
window.__webgistRequests = [];
const observer = {observe(subject) {
  const channel = subject.QueryInterface(Ci.nsIHttpChannel);
  const principal = channel.loadInfo.triggeringPrincipal;
  window.__webgistRequests.push({url: channel.URI.spec, origin: principal.origin || '',
                                 addon: principal.addonId || ''});
}};
Services.obs.addObserver(observer, 'http-on-modify-request');
window.__webgistStopWatching = () => Services.obs.removeObserver(observer, 'http-on-modify-request');
"""


def test_popup_themes_contrast_focus_order_and_names(firefox):
    """The same checks as test_extension_theme.py, in Firefox: its content-override
    preference stands in for the system's light or dark setting."""
    driver = firefox.driver
    for extra in driver.window_handles[1:]:
        driver.switch_to.window(extra)
        driver.close()
    driver.switch_to.window(driver.window_handles[0])
    firefox.open_extension_page("popup.html")
    wait_ready(driver)
    assert focus_order(driver, len(POPUP_FOCUS_ORDER)) == POPUP_FOCUS_ORDER
    assert unnamed_controls(driver) == []
    driver.execute_script(SHOW_EVERYTHING_JS)
    try:
        for override, dark in ((1, False), (0, True)):     # 0 dark, 1 light
            firefox.chrome_script("Services.prefs.setIntPref("
                                  "'layout.css.prefers-color-scheme.content-override', arguments[0]);", override)
            report = wait_for(lambda: (r := contrast_report(driver)) and (r["body"] < 0.05) == dark and r,
                              timeout=5, message="the theme")
            assert len(report["controls"]) >= 8, report
            assert low_contrast(report) == [], (dark, low_contrast(report))
    finally:
        firefox.chrome_script("Services.prefs.clearUserPref('layout.css.prefers-color-scheme.content-override');")
