"""The extension in a real Firefox: one smoke test per feature, with the real native
host registered by `webgist install-host --browser firefox`, pages on 127.0.0.1 and
the clipboard read back. The popup is driven with browser_support's helpers, the same
ones the Chromium tests use; only the browser's own controls (shortcuts, tabs, the
clipboard) go through firefox_support."""
from __future__ import annotations

import pytest

from browser_support import click_copy
from firefox_support import firefox_paths, firefox_with_extension  # noqa: F401 (fixture)
from test_cli import DEMO_ORDER, _assert_in_order

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def firefox(tmp_path_factory, firefox_paths):
    """One Firefox for the module: it takes several seconds to start."""
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
