"""XSS (issue 7, item 3): the popup and the options page render nothing from the
page as HTML, and the extension's CSP would block inline script if anything tried.

tests/pages/xss--hostile-page.html carries `<img src=x onerror="window.__pwned=1">`,
`<script>window.__pwned=1</script>` and `javascript:` links in its title, meta
author, heading, paragraph text, link text and hrefs, alt and title attributes, a
caption, inline and block code and table cells. The popup is driven through every
path that shows something from the page (Copy, the preview that follows the scope
switch, Save as .md, the reading-order overlay, and the "Last time" restore of a
keyboard-command result), with front matter on so the title and author reach the
preview too. Then, in the popup, on the page and on the options page:
`window.__pwned` is undefined, no element was added to the popup from page content
(a MutationObserver watches from before the first click), no CSP violation was
reported (nothing even tried), and the preview's text holds the payloads as
literal text. The native host runs under the blocked-socket harness of
tests/test_isolation.py for the whole session, so this is also the isolation check
with a real capture from collect.js.
"""
from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from browser_support import (OPTIONS_URL, POPUP_URL, click_copy, extension_browser_saving_to,
                             open_page_and_popup, popup_result, set_options, wait_ready)
from test_isolation import harness_entries, harness_loaded, write_harness

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[1]
PAGE = "xss--hostile-page.html"
IMG = '<img src=x onerror="window.__pwned=1">'
SCRIPT = "<script>window.__pwned=1</script>"
# What the popup's own markup holds: one module script and the Options link.
# The popup's own two scripts: start-host.js (in <head>, opens the host's port early)
# and the module popup.js; a hostile page adds none.
POPUP_ELEMENTS = {"script": 2, "img": 0, "iframe": 0, "object": 0, "embed": 0, "svg": 0,
                  "a": 1, "link": 1, "style": 0, "form": 0, "base": 0, "meta": 1}

WATCH = """
window.__added = [];
window.__violations = [];
document.addEventListener('securitypolicyviolation',
  (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + (e.sample || '')));
new MutationObserver((records) => {
  for (const r of records) for (const n of r.addedNodes)
    if (n.nodeType === Node.ELEMENT_NODE) window.__added.push(n.tagName);
}).observe(document.documentElement, {childList: true, subtree: true});
return true;
"""

COUNT = """
const out = {};
for (const tag of arguments[0]) out[tag] = document.getElementsByTagName(tag).length;
return out;
"""


def pwned(driver) -> str:
    return driver.execute_script("return typeof window.__pwned")


def element_counts(driver) -> dict:
    return driver.execute_script(COUNT, list(POPUP_ELEMENTS))


def assert_popup_clean(driver, where: str) -> None:
    assert pwned(driver) == "undefined", where
    assert element_counts(driver) == POPUP_ELEMENTS, where
    assert driver.execute_script("return document.getElementById('preview').children.length") == 0
    added = driver.execute_script("return window.__added")
    # The only element the popup ever adds: the textarea of its clipboard fallback.
    assert set(added or []) <= {"TEXTAREA"}, (where, added)
    assert driver.execute_script("return window.__violations") == [], where


@pytest.fixture
def downloads(tmp_path):
    folder = tmp_path / "downloads"
    folder.mkdir()
    return folder


@pytest.fixture
def hostile_session(tmp_path, browser_paths, downloads):
    """The extension with the real host (installed by `webgist install-host`), its
    launcher changed to load the blocked-socket harness."""
    harness = write_harness(tmp_path / "harness")
    log = tmp_path / "net.log"
    for driver in extension_browser_saving_to(tmp_path, browser_paths, downloads):
        launcher = tmp_path / "webgist-home" / "webgist-native-host"
        text = launcher.read_text()
        shebang, rest = text.split("\n", 1)
        launcher.write_text(f'{shebang}\nPYTHONPATH="{harness}"${{PYTHONPATH:+:$PYTHONPATH}}\n'
                            f'WEBGIST_NET_LOG="{log}"\nexport PYTHONPATH WEBGIST_NET_LOG\n{rest}')
        yield driver, log


def test_manifest_csp_allows_no_inline_or_remote_script():
    manifest = json.loads((ROOT / "extension" / "manifest.json").read_text(encoding="utf-8"))
    policy = manifest["content_security_policy"]["extension_pages"]
    directives = {d.split()[0]: d.split()[1:] for d in policy.split(";") if d.strip()}
    assert directives["script-src"] == ["'self'"]
    assert directives["object-src"] == ["'none'"]
    assert directives["default-src"] == ["'self'"]
    assert directives["base-uri"] == ["'none'"]
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
    assert "http:" not in policy and "https:" not in policy and "*" not in policy
    # No page of the extension carries inline script or inline handlers.
    for page in sorted((ROOT / "extension").glob("*.html")):
        html = page.read_text(encoding="utf-8")
        assert "<script>" not in html and not re.search(r"<[^>]*\son\w+\s*=", html), page.name
        assert all('src="' in tag for tag in html.split("<script")[1:]), page.name


def test_popup_and_options_render_nothing_from_a_hostile_page_as_html(hostile_session, server, downloads):
    driver, net_log = hostile_session
    set_options(driver, front_matter=True)           # title and author reach the preview
    options_tab = driver.current_window_handle
    page, popup = open_page_and_popup(driver, f"{server}/{PAGE}")
    assert driver.execute_script(WATCH)
    assert_popup_clean(driver, "before anything")

    # Copy.
    copied = click_copy(driver, scope="main")
    assert copied["state"] == "done", copied
    preview = copied["preview"]
    assert preview.startswith("---\ntitle: ")
    assert "```html\n" + IMG + "\n" + SCRIPT + "\n" in preview        # the code block, verbatim
    assert "`" + SCRIPT + "`" in preview                                 # inline code
    assert '\\<img src=x onerror="window.\\_\\_pwned=1"> heading' in preview
    assert "&lt;script&gt;window.__pwned=1&lt;/script&gt;" in preview    # a table cell
    assert not re.search(r"\]\(\s*javascript:|\]:\s*javascript:", preview, re.I)
    assert "The last paragraph, after every payload." in preview
    # The preview's text is that Markdown, character for character: text, not HTML.
    assert driver.execute_script("return document.getElementById('preview').textContent") == preview
    assert_popup_clean(driver, "after Copy")

    # The preview following the scope switch.
    driver.execute_script("""
      const s = document.getElementById('scope');
      s.value = 'page'; s.dispatchEvent(new Event('change'));""")
    WebDriverWait(driver, 60, poll_frequency=0.1).until(
        lambda d: d.execute_script("return document.body.dataset.state || ''") == "previewed")
    assert IMG in popup_result(driver)["preview"]
    assert_popup_clean(driver, "after the scope switch")

    # Save as .md: the file name comes from the hostile title, made safe.
    driver.find_element(By.ID, "save").click()
    WebDriverWait(driver, 60, poll_frequency=0.1).until(
        lambda d: d.execute_script("return document.body.dataset.state || ''") == "saved")
    saved = Path(driver.execute_script("return document.body.dataset.saved"))
    assert saved.parent == downloads, saved
    assert not set(saved.name) & set('<>:"/\\|?*')
    assert saved.read_text(encoding="utf-8") == popup_result(driver)["preview"]
    assert_popup_clean(driver, "after Save")

    # The reading-order overlay, drawn on the page.
    driver.find_element(By.ID, "overlay").click()
    WebDriverWait(driver, 60, poll_frequency=0.1).until(
        lambda d: d.execute_script("return document.body.dataset.overlay") in ("shown", "error"))
    assert driver.execute_script("return document.body.dataset.overlay") == "shown", popup_result(driver)
    assert_popup_clean(driver, "after the overlay")

    # On the page: the overlay ran nothing and added only its own host element.
    driver.switch_to.window(page)
    assert pwned(driver) == "undefined"
    assert driver.execute_script("return document.scripts.length") == 0
    assert driver.execute_script("return document.images.length") == 2
    assert driver.execute_script(
        "return [...document.documentElement.children].map(e => e.tagName)") == ["HEAD", "BODY", "DIV"]

    # "Last time": a keyboard-command result kept in session storage, restored when
    # the popup opens, with page-made text in its message, hint and Markdown.
    driver.switch_to.window(popup)
    tab_id = int(driver.current_url.split("tabId=")[1])
    hostile = f"{IMG}{SCRIPT}<a href=\"javascript:window.__pwned=1\">x</a>"
    driver.execute_async_script(
        "const [tabId, text, done] = arguments;"
        "chrome.storage.session.set({lastResult: {ok: false, kind: 'clipboard-denied', tabId,"
        " at: Date.now(), message: 'Could not copy ' + text, hint: text, markdown: text,"
        " title: text}}).then(() => done(true));", tab_id, hostile)
    driver.refresh()
    wait_ready(driver)
    assert driver.execute_script(WATCH)
    restored = popup_result(driver)
    assert restored["status"] == f"Last time: Could not copy {hostile}"
    assert restored["hint"] == hostile and restored["preview"] == hostile
    assert_popup_clean(driver, "after the restore")

    # The options page.
    driver.switch_to.window(options_tab)
    driver.get(OPTIONS_URL)
    wait_ready(driver)
    assert pwned(driver) == "undefined"
    counts = driver.execute_script(COUNT, ["script", "img", "iframe", "object", "embed", "svg"])
    assert counts == {"script": 1, "img": 0, "iframe": 0, "object": 0, "embed": 0, "svg": 0}

    # Defence in depth: had anything inserted markup, the CSP stops it running.
    driver.switch_to.window(popup)
    driver.execute_script("""
      const s = document.createElement('script');
      s.textContent = 'window.__inline = 1';
      document.body.append(s);
      document.body.insertAdjacentHTML('beforeend', '<img src="x" onerror="window.__inline = 2">');""")
    deadline = time.monotonic() + 5
    while len(driver.execute_script("return window.__violations")) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert driver.execute_script("return typeof window.__inline") == "undefined"
    violations = driver.execute_script("return window.__violations")
    assert any(v.startswith("script-src-elem") for v in violations), violations
    assert any(v.startswith("script-src-attr") for v in violations), violations

    # And the host, under the blocked-socket harness all along, opened no socket.
    assert harness_loaded(net_log) >= 3, net_log.read_text() if net_log.exists() else "no log"
    assert harness_entries(net_log) == []


def test_context_menu_markdown_carries_no_active_content(extension_browser_without_host):
    driver = extension_browser_without_host
    driver.get(POPUP_URL)
    wait_ready(driver)
    made = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "import('./flow.js').then(m => done(["
        "  m.linkMarkdown(arguments[0], 'javascript:window.__pwned=1'),"
        "  m.linkMarkdown('text', ' JaVaScRiPt:window.__pwned=1'),"
        "  m.imageMarkdown(arguments[0], 'javascript:window.__pwned=1')]));", IMG)
    for markdown in made:
        assert "javascript:" not in markdown.lower(), made
        # A backslash-escaped "\<" is literal text in Markdown, never a tag.
        assert not re.search(r"(?<!\\)<[A-Za-z]", markdown), made
