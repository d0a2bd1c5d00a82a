"""The options page end to end: each option is set by clicking it on
options.html (stored in chrome.storage.sync), travels to the real host with the
next conversion, and shows in the Markdown read back from the clipboard."""
from __future__ import annotations

import pytest

from browser_support import (click_copy, open_page_and_popup, read_clipboard, set_options,
                             wait_ready)
from webgist_host.host.native import Host

PAGE = "ext--options.html"


def _copy(driver, page: str, popup: str, scope: str | None = None) -> str:
    driver.switch_to.window(popup)
    result = click_copy(driver, scope=scope)
    assert result["state"] == "done", result
    clipboard = read_clipboard(driver, page)
    assert clipboard == result["preview"]
    return clipboard


def _options(driver, **settings) -> None:
    driver.switch_to.window(driver.window_handles[-1])
    set_options(driver, **settings)


@pytest.mark.browser
def test_each_option_set_on_the_options_page_changes_the_markdown(extension_browser, server):
    driver = extension_browser
    page, popup = open_page_and_popup(driver, f"{server}/{PAGE}")
    driver.switch_to.new_window("tab")      # the options page, in a tab of its own

    # The defaults: main content, no front matter, images kept, inline links.
    plain = _copy(driver, page, popup)
    assert plain.startswith("# Rooftop bees\n")
    assert f"![A striped hive]({server}/ext--bee.svg)" in plain
    assert f"[wind survey]({server}/wind.html)" in plain
    assert "From the almanac" not in plain and "---" not in plain

    _options(driver, front_matter=True)
    framed = _copy(driver, page, popup)
    assert framed.startswith('---\ntitle: "Rooftop bees: a \\"how/why\\" guide?"\n')
    assert f'url: "{server}/{PAGE}"' in framed and 'author: "Ada Keeper"' in framed
    assert framed.split("---\n", 2)[2].lstrip("\n") == plain

    _options(driver, front_matter=False, images="drop")
    dropped = _copy(driver, page, popup)
    assert "striped hive" not in dropped and "ext--bee.svg" not in dropped
    assert "[wind survey]" in dropped

    _options(driver, images="link")
    linked = _copy(driver, page, popup)
    assert f"[A striped hive]({server}/ext--bee.svg)" in linked
    assert "![" not in linked

    _options(driver, images="keep", link_style="reference")
    referenced = _copy(driver, page, popup)
    assert "[wind survey][1]" in referenced and "[city council][2]" in referenced
    assert referenced.rstrip().endswith(
        f"[1]: {server}/wind.html\n[2]: https://example.org/council")
    assert "](http" not in referenced.replace(f"![A striped hive]({server}", "")

    # The default scope: the popup opens with the switch on it.
    _options(driver, link_style="inline", scope="page")
    driver.switch_to.window(popup)
    driver.refresh()
    wait_ready(driver)
    assert driver.execute_script("return document.getElementById('scope').value") == "page"
    whole = _copy(driver, page, popup)
    assert "## From the almanac" in whole and "Sidebar note" in whole
    assert whole.index("# Rooftop bees") < whole.index("## From the almanac")

    # A selection overrides the page (the default), keeping its list.
    driver.switch_to.window(page)
    driver.execute_script("""
      const items = document.querySelectorAll('#kit li');
      const range = document.createRange();
      range.setStart(items[0].firstChild, 0);
      range.setEnd(items[1].firstChild, items[1].firstChild.length);
      getSelection().removeAllRanges();
      getSelection().addRange(range);""")
    selected = _copy(driver, page, popup)
    driver.switch_to.window(popup)
    assert selected == ("- A veil and gloves for the first inspection.\n"
                        "- A smoker, lit with cotton or hessian.\n")
    assert driver.execute_script("return document.getElementById('source').textContent") \
        == "the selection"

    _options(driver, selection_overrides=False)
    driver.switch_to.window(page)
    assert driver.execute_script("return getSelection().toString()").startswith("A veil")
    assert _copy(driver, page, popup) == whole


def test_the_host_refuses_option_values_it_does_not_know():
    host = Host(out=None)
    for options, wanted in (({"images": "blur"}, "options.images must be one of keep, drop, link"),
                            ({"link_style": "footnote"}, "options.link_style must be one of"),
                            ({"front_matter": "yes"}, "options.front_matter must be true or false")):
        reply = host.handle_message({"type": "convert", "html": "<p>x</p>", "options": options})
        assert reply["ok"] is False and wanted in reply["error"], reply
    reply = host.handle_message({"type": "convert", "html": "<h1>T</h1><p>x <a href='/a'>a</a></p>",
                                 "url": "http://h/", "options": {
                                     "front_matter": True, "images": "drop",
                                     "link_style": "reference", "scope": "page"}})
    assert reply["ok"] and reply["markdown"].startswith("---\ntitle:")
    assert "[a][1]" in reply["markdown"]
