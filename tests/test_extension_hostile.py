"""Issue 17 through the real extension: each hostile page copied with the popup, in
one browser session, its live DOM compared before and after (test_hostile_pages.py
holds the pages' expectations and takes them through collect.js and the CLI)."""
from __future__ import annotations

import pytest

from browser_support import click_copy, open_page_and_popup
from test_hostile_pages import HOSTILE_PAGES, NEVER, SHOWN, snapshot

pytestmark = pytest.mark.browser


def test_the_extension_copies_each_hostile_page_as_its_reader_sees_it(extension_browser, server):
    """The page, then (in the same session) a selection through its hostile nodes."""
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
    _a_selection_through_hostile_nodes_copies_only_what_was_selected(driver, server)


# Select from the first paragraph of <main> to its last, through every hostile node.
SELECT_MAIN_JS = """
  const paragraphs = document.querySelectorAll('main p');
  const last = paragraphs[paragraphs.length - 1];
  const range = document.createRange();
  range.setStartBefore(paragraphs[0]);
  range.setEndAfter(last);
  getSelection().removeAllRanges();
  getSelection().addRange(range);
"""

SELECTED = {
    "hostile--clobbering-form.html": [
        "Rooms look over the old harbour", "Tell us who is coming and when.",
        "Cots are free for children under two.", "Cancel free of charge"],
    "hostile--breakouts.html": [
        "The harbour opens at six", "Tickets are sold on board.",
        "Shown as it is: </xmp><h2>LITERAL-XMP-HEADING</h2>",
        "Light paragraph beside an inert template."],
}


def _a_selection_through_hostile_nodes_copies_only_what_was_selected(driver, server):
    outcomes = {}
    for page, words in SELECTED.items():
        page_tab, popup_tab = open_page_and_popup(driver, f"{server}/{page}")
        driver.switch_to.window(page_tab)
        driver.execute_script(SELECT_MAIN_JS)
        driver.switch_to.window(popup_tab)
        result = click_copy(driver, scope=None)
        driver.close()
        driver.switch_to.window(page_tab)
        outcomes[page] = result
    for page, result in outcomes.items():
        assert result["state"] == "done", (page, result["status"], result["hint"])
        assert result["source"] == "the selection", (page, result)
        for words in SELECTED[page]:
            assert words in result["preview"], (page, words, result["preview"])
        assert not NEVER.search(result["preview"]), (page, result["preview"])
