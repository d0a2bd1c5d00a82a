"""The single-page `webgist` checks a page's bytes as `webgist batch` does
(batch/pagebytes.py): an empty file, a program, a PDF is an error with batch's
words and exit 2, before any browser starts; a .gz page is decompressed; an MHTML
archive is read by the browser only."""
from __future__ import annotations

import gzip
import subprocess

import pytest

from conftest import webgist_command
from test_cli import _env_without_browser

PAGE = ("<!doctype html><html><head><meta charset=\"utf-8\"><title>Hives</title></head><body>"
        "<main><h1>Winter hives</h1><p>Wrap the hive before the first frost, and leave the "
        "entrance open.</p></main></body></html>")
# Chromium's "Webpage, Single File" layout, written by hand: the page as a
# quoted-printable part (soft line breaks, =3D for "=").
MHTML = (
    "From: <Saved by Blink>\r\n"
    "Snapshot-Content-Location: https://example.org/hives\r\n"
    "Subject: Hives\r\n"
    "MIME-Version: 1.0\r\n"
    "Content-Type: multipart/related;\r\n"
    "\ttype=\"text/html\";\r\n"
    "\tboundary=\"----MultipartBoundary--abc\"\r\n"
    "\r\n"
    "------MultipartBoundary--abc\r\n"
    "Content-Type: text/html\r\n"
    "Content-ID: <frame-1@mhtml.blink>\r\n"
    "Content-Transfer-Encoding: quoted-printable\r\n"
    "Content-Location: https://example.org/hives\r\n"
    "\r\n"
    "<html><head><meta http-equiv=3D\"Content-Type\" content=3D\"text/html; charset=3DUTF-8\">"
    "</head><body><main><h1>Winter hives</h1><p>Wrap the hive before the first fr=\r\n"
    "ost, and leave the entrance open.</p></main></body></html>\r\n"
    "------MultipartBoundary--abc--\r\n").encode("ascii")


def _run(*args, data: bytes | None = None, env=None):
    result = subprocess.run(webgist_command() + list(args), capture_output=True, input=data,
                            env=env, timeout=120)
    return result.returncode, result.stdout.decode("utf-8"), result.stderr.decode("utf-8")


@pytest.mark.parametrize("static", [True, False], ids=["static", "browser path"])
@pytest.mark.parametrize("name, data, words", [
    ("empty.html", b"", "empty.html: empty page: 0 bytes"),
    ("tool.html", b"\x7fELF\x02\x01\x01" + bytes(3000), "tool.html: not HTML: the bytes are a program"),
    ("paper.pdf", b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n", "paper.pdf: not HTML: the bytes are a PDF document"),
    ("blank.html", b"  \n\t\n", "blank.html: empty page: whitespace only"),
    ("cut.html.gz", gzip.compress(PAGE.encode())[:40], "cut.html.gz: truncated gzip"),
])
def test_bytes_that_are_not_a_page_are_refused_before_any_browser(tmp_path, static, name, data, words):
    page = tmp_path / name
    page.write_bytes(data)
    # No browser on PATH: the file is refused before one is looked for.
    code, out, err = _run(str(page), *(["--static"] if static else []),
                          env=_env_without_browser(tmp_path))
    assert code == 2, err
    assert out == ""
    assert words in err and "Traceback" not in err
    assert "Chromium" not in err


def test_empty_stdin_is_an_empty_page(tmp_path):
    code, out, err = _run("-", "--static", data=b"", env=_env_without_browser(tmp_path))
    assert (code, out) == (2, "")
    assert "stdin: empty page: 0 bytes" in err


def test_a_gzipped_page_is_read_without_the_browser(tmp_path):
    page = tmp_path / "hives.html.gz"
    page.write_bytes(gzip.compress(PAGE.encode("utf-8")))
    code, out, err = _run(str(page), "--static", env=_env_without_browser(tmp_path))
    assert code == 0, err
    assert out.startswith("# Winter hives\n") and "Wrap the hive before the first frost" in out


@pytest.mark.browser
def test_a_gzipped_page_is_read_in_the_browser(tmp_path, browser_paths):
    page = tmp_path / "hives.html.gz"
    page.write_bytes(gzip.compress(PAGE.encode("utf-8")))
    code, out, err = _run(str(page))
    assert code == 0, err
    assert "no browser used" not in err
    assert out.startswith("# Winter hives\n") and "Wrap the hive before the first frost" in out


def test_an_mhtml_archive_needs_the_browser(tmp_path):
    page = tmp_path / "hives.mhtml"
    page.write_bytes(MHTML)
    code, out, err = _run(str(page), "--static", env=_env_without_browser(tmp_path))
    assert (code, out) == (2, "")
    assert "hives.mhtml is an MHTML archive" in err and "drop --static" in err
    assert "=3D" not in err
    code, out, err = _run("-", "--static", data=MHTML, env=_env_without_browser(tmp_path))
    assert (code, out) == (2, "")
    assert "stdin is an MHTML archive" in err and "give its path" in err


@pytest.mark.browser
def test_an_mhtml_archive_is_read_in_the_browser(tmp_path, browser_paths):
    page = tmp_path / "hives.mhtml"
    page.write_bytes(MHTML)
    code, out, err = _run(str(page))
    assert code == 0, err
    assert out.startswith("# Winter hives\n"), out
    assert "Wrap the hive before the first frost, and leave the entrance open." in out
