"""The extension in a real Firefox: one smoke test per feature, with the real native
host registered by `webgist install-host --browser firefox`, pages on 127.0.0.1 and
the clipboard read back. The popup is driven with browser_support's helpers, the same
ones the Chromium tests use; only the browser's own controls (shortcuts, tabs, menus,
the clipboard) go through firefox_support. One Firefox serves the module: it takes
seconds to start."""
from __future__ import annotations

import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from browser_support import click_copy
from firefox_support import firefox_paths, firefox_with_extension, wait_for  # noqa: F401
from test_cli import DEMO_ORDER, _assert_in_order
from test_extension_logged_in import login_site  # noqa: F401  (fixture)

pytestmark = pytest.mark.browser
PAGE = "ext--options.html"


@pytest.fixture(scope="module")
def firefox(tmp_path_factory, firefox_paths):
    yield from firefox_with_extension(tmp_path_factory.mktemp("firefox"), firefox_paths)


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
