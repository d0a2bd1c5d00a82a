"""The extension's JavaScript, checked from the suite: node's unit tests of its pure
helpers (tests/js/), ESLint over extension/ (eslint.config.js), and the context
menu's link and image policy against the engine's on the same addresses.

Node comes from apt and ESLint from package-lock.json; install/setup.sh installs
both. Without them these tests skip with the command to run, and fail under CI.
"""
from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import webgist_host

ROOT = Path(__file__).resolve().parents[1]
NODE_TESTS = ROOT / "tests" / "js"
ESLINT = ROOT / "node_modules" / "eslint" / "bin" / "eslint.js"
FLOW = ROOT / "extension" / "flow.js"
SETUP = "install/setup.sh --no-demo"


def _unavailable(message: str) -> None:
    """Skip on a developer's machine; fail in CI, where a skip would hide the check."""
    if os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no"):
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        _unavailable(f"node is not installed; run {SETUP} (or: sudo apt-get install nodejs npm)")
    return node


def _run(command: list[str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120, **kwargs)


def test_node_unit_tests():
    # The files by name: node 18 and 20 search a directory given to --test, later
    # versions take globs instead, and a list of files suits them all.
    files = sorted(str(path.relative_to(ROOT)) for path in NODE_TESTS.glob("*.test.mjs"))
    assert files, "no tests in tests/js/"
    result = _run([_node(), "--test", *files])
    assert result.returncode == 0, f"node --test tests/js/ failed:\n{result.stdout}\n{result.stderr}"
    assert re.search(r"^# pass [1-9]", result.stdout, re.M), result.stdout


def test_eslint_finds_nothing():
    node = _node()
    if not ESLINT.exists():
        _unavailable(f"ESLint is not installed; run `npm ci` in {ROOT} (or {SETUP})")
    result = _run([node, str(ESLINT), "--max-warnings", "0", "extension", "tests/js", "eslint.config.js"])
    assert result.returncode == 0, f"ESLint found problems:\n{result.stdout}\n{result.stderr}"


# --- one safe-URL policy ------------------------------------------------------------

WEB_PAGE = "https://example.org/notes/page.html"
LOCAL_PAGE = "file:///home/reader/page.html"
# Addresses as the browser hands them to the context menu: absolute and serialised.
# Both sides must write the very same Markdown for these.
PLAIN_ADDRESSES = [
    "https://example.org/a%20b/(c)",
    "https://example.org/x<y>",
    "http://example.org/",
    "mailto:keeper@example.org",
    "ftp://example.org/pub/file.txt",
    "about:blank",
    "blob:https://example.org/0d5c1c1e",
    "file:///etc/passwd",
    "file:///home/reader/notes.html",
    "data:image/png;base64,iVBORw0KGgo=",
    "data:image/svg+xml,%3Csvg%3E%3C/svg%3E",
    # Placeholders that show nothing (dropped), and pictures (kept): one rule.
    "data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==",
    "data:image/svg+xml,%3Csvg%20width='9'%3E%3Crect%20width='9'%20fill-opacity=%220%22/%3E%3C/svg%3E",
    "data:image/svg+xml,%3Csvg%3E%3Crect%20width='9'%20fill='none'%20stroke='red'/%3E%3C/svg%3E",
    "data:image/svg+xml,%3Csvg%3E%3Ccircle%20r='4'/%3E%3C/svg%3E",
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACgAAAAoCAIAAAADnC86AAAAL0lEQVR4",
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
    "data:text/html,%3Cscript%3Ealert(1)%3C/script%3E",
    # 1,000 characters is still an address; 1,001 is state (MAX_LINK_URL_CHARS).
    "https://example.org/search?q=" + "a" * (1000 - len("https://example.org/search?q=")),
    "https://example.org/search?q=" + "a" * (1001 - len("https://example.org/search?q=")),
    "javascript:alert(1)",
    "vbscript:msgbox(1)",
]
# Hostile spellings a page could write: the two must keep or drop the same ones
# (the engine also resolves what it keeps, so only the decision is compared).
DISGUISED_ADDRESSES = [
    " JaVa\tscript:alert(1)",
    "java\nscript:alert(1)",
    "  javascript:alert(1)",
    " DATA:image/gif;base64,R0lGOD==",
    "Data:text/html;base64,PHNjcmlwdD4=",
    " FiLe:///etc/passwd",
    "fi\tle:///etc/passwd",
]

_LINK_RE = re.compile(r"\[the link\]\((.*?)\) end\.")
_IMAGE_RE = re.compile(r"!\[the picture\]\((.*)\)")


def _engine_markdown(address: str, page: str) -> tuple[str | None, str | None]:
    """The link and image Markdown the engine writes for `address` on `page`: the
    link's destination (None when only its text is left), and the image's line."""
    quoted = html.escape(address, quote=True)
    document = webgist_host.convert(
        "<!DOCTYPE html><html><body><p>The words around it, then "
        f'<a href="{quoted}">the link</a> end.</p>'
        f'<p><img src="{quoted}" alt="the picture" width="400" height="300"></p></body></html>',
        url=page, scope="page")
    markdown = document.markdown
    assert "the link" in markdown, markdown
    link = _LINK_RE.search(markdown)
    image = _IMAGE_RE.search(markdown)
    return (link.group(1) if link else None), (image.group(0) if image else None)


def _menu_markdown(cases: list[tuple[str, str]]) -> list[dict]:
    """What flow.js writes for each (address, page): linkMarkdown and imageMarkdown."""
    script = (
        f"import {{ imageMarkdown, linkMarkdown }} from {json.dumps(FLOW.as_uri())};\n"
        "let input = '';\n"
        "for await (const piece of process.stdin) input += piece;\n"
        "const out = JSON.parse(input).map(([address, page]) => ({\n"
        "  link: linkMarkdown('the link', address, page),\n"
        "  image: imageMarkdown('the picture', address) }));\n"
        "process.stdout.write(JSON.stringify(out));\n")
    result = _run([_node(), "--input-type=module", "-e", script], input=json.dumps(cases))
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_context_menu_keeps_and_drops_what_the_engine_does():
    cases = [(address, page) for page in (WEB_PAGE, LOCAL_PAGE)
             for address in PLAIN_ADDRESSES + DISGUISED_ADDRESSES]
    menu = _menu_markdown(cases)
    disagreements = []
    for (address, page), written in zip(cases, menu):
        engine_link, engine_image = _engine_markdown(address, page)
        menu_link = _LINK_RE.search(written["link"] + " end.")
        menu_link = menu_link.group(1) if menu_link else None
        menu_image = written["image"] if written["image"].startswith("![") else None
        if address in PLAIN_ADDRESSES:
            same = engine_link == menu_link and engine_image == menu_image
        else:
            same = ((engine_link is None) == (menu_link is None)
                    and (engine_image is None) == (menu_image is None))
        if not same:
            disagreements.append(f"{address!r} on {page}: engine {engine_link!r} / {engine_image!r}, "
                                 f"menu {written['link']!r} / {written['image']!r}")
    assert not disagreements, "\n".join(disagreements)
