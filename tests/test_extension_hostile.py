"""Issue 17 through the real extension: each hostile page copied with the popup, in
one browser session, its live DOM compared before and after (test_hostile_pages.py
holds the pages' expectations and takes them through collect.js and the CLI)."""
from __future__ import annotations

import pytest

from browser_support import click_copy, open_page_and_popup
from test_hostile_pages import HOSTILE_PAGES, NEVER, SHOWN, snapshot

pytestmark = pytest.mark.browser


def test_the_extension_copies_each_hostile_page_as_its_reader_sees_it(extension_browser, server):
    driver = extension_browser
    outcomes = {}
    for page in HOSTILE_PAGES:
        driver.get(f"{server}/{page}")
        before = snapshot(driver)
        page_tab, popup_tab = open_page_and_popup(driver, f"{server}/{page}#copy")
        result = click_copy(driver, scope="page")
        driver.close()                      # the popup's tab
        driver.switch_to.window(page_tab)
        outcomes[page] = (result, before == snapshot(driver))
    for page, (result, unchanged) in outcomes.items():
        assert result["state"] == "done", (page, result["status"], result["hint"])
        markdown = result["preview"]
        for words in SHOWN[page]:
            assert words in markdown, (page, words, markdown)
        assert not NEVER.search(markdown), (page, markdown)
        assert unchanged, f"{page}: the live DOM changed"
