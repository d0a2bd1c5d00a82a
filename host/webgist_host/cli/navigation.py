"""Did the browser show the page that was asked for? An HTTP error, the browser's own
error page, or a URL the browser downloads instead of showing is an error, never
converted as if it were the page.

This module imports nothing that reaches the network unless a download has to be
named (`describe_download` asks the server for the headers alone).
"""
from __future__ import annotations

import http
import re
import urllib.error
import urllib.request
from urllib.parse import urlsplit

# What the tab's own document says about how the page arrived: the address it ended
# on (a download leaves the tab where it was; a failed load shows the browser's error
# page), its content type, the HTTP status of its response (Navigation Timing level
# 2; 0 when the browser does not say) and, on Chromium's error page, its error code.
NAVIGATION_SCRIPT = (
    "(() => { const entry = performance.getEntriesByType('navigation')[0];"
    " const error = document.URL.startsWith('chrome-error:') && document.body"
    " ? (document.body.innerText.match(/ERR_[A-Z_0-9]+/) || [''])[0] : '';"
    " return {url: document.URL, contentType: document.contentType,"
    " status: entry && entry.responseStatus || 0, error: error}; })()")

# Content types the browser shows as a document collect.js can read.
PAGE_TYPES = ("text/html", "application/xhtml+xml", "text/plain")
# Where a page is read from; any other address the tab ends on (about:blank, the New
# Tab page, an error page) means the page was not shown.
PAGE_SCHEMES = ("http", "https", "file")
# Chromium's network error codes in plain words ({host}: the URL's host name). The
# code itself is kept in the message (batch tells network failures by it).
NET_ERROR_WORDS = {
    "ERR_NAME_NOT_RESOLVED": "the name {host} could not be looked up (is this machine offline, "
                             "or is the name wrong?)",
    "ERR_NAME_RESOLUTION_FAILED": "the name {host} could not be looked up (is this machine "
                                  "offline?)",
    "ERR_INTERNET_DISCONNECTED": "this machine seems to be offline",
    "ERR_NETWORK_UNREACHABLE": "no network route to {host} (is this machine offline?)",
    "ERR_ADDRESS_UNREACHABLE": "no network route to {host} (is this machine offline?)",
    "ERR_CONNECTION_REFUSED": "{host} refused the connection (is the server running?)",
    "ERR_CONNECTION_TIMED_OUT": "{host} did not answer (is this machine offline?)",
    "ERR_TIMED_OUT": "{host} did not answer (is this machine offline?)",
    "ERR_UNSAFE_PORT": "browsers never load pages from this port (it belongs to another service)",
    "ERR_SSL_PROTOCOL_ERROR": "{host} does not speak https on this port (try http://?)",
}
# Firefox's error page codes (about:neterror?e=CODE) that the machine's network explains.
FIREFOX_ERROR_WORDS = {
    "dnsNotFound": "the name {host} could not be looked up (is this machine offline, or is the "
                   "name wrong?)",
    "netOffline": "this machine seems to be offline",
    "connectionFailure": "{host} refused the connection (is the server running?)",
    "netTimeout": "{host} did not answer (is this machine offline?)",
    "deniedPortAccess": "browsers never load pages from this port (it belongs to another service)",
}
NET_ERROR_CODE = re.compile(r"(?:net::)?(ERR_[A-Z_0-9]+)")
HEADERS_TIMEOUT_S = 10


def net_error_words(url: str, text: str) -> str:
    """`text` (a browser's error) with Chromium's error code put in plain words."""
    found = NET_ERROR_CODE.search(text)
    if not found:
        return text
    code = found.group(1)
    words = NET_ERROR_WORDS.get(code)
    if words is None:
        return f"net::{code}"
    return f"{words.format(host=urlsplit(url).hostname or url)} (net::{code})"


def navigation_problem(url: str, facts: dict, *, finished: bool, browser: str) -> str | None:
    """Why the tab does not show the page at `url` (None when it does). `facts` is
    NAVIGATION_SCRIPT's result."""
    landed = str(facts.get("url") or "")
    if landed.startswith("chrome-error:") or landed.startswith("about:neterror"):
        code = str(facts.get("error") or "") or _firefox_error(url, landed)
        return f"{browser} could not load {url}: {net_error_words(url, code) or 'its error page'}"
    if urlsplit(landed).scheme not in PAGE_SCHEMES:
        # The tab is still blank: a download (Chromium is done with it; Firefox waits
        # for a page that never comes), or a server that sent nothing in time.
        return describe_download(url, finished=finished)
    status = facts.get("status") or 0
    if isinstance(status, int) and status >= 400:
        return f"{url}: the server answered {status_words(status)}; nothing was converted"
    kind = str(facts.get("contentType") or "").lower()
    if kind and kind not in PAGE_TYPES:
        return f"{url} is not a web page: the server sent {kind}; nothing was converted"
    return None


def describe_download(url: str, *, finished: bool = True) -> str:
    """The error for a URL the browser did not show: saved instead (with the content
    type the server gives it, when it says), or no answer before the time limit."""
    kind = None
    if url.startswith(("http://", "https://")):
        try:
            request = urllib.request.Request(url, method="HEAD")
            with urllib.request.urlopen(request, timeout=HEADERS_TIMEOUT_S) as reply:
                kind = reply.headers.get_content_type() if reply.headers.get("Content-Type") else None
        except (urllib.error.URLError, OSError, ValueError):
            pass
    if not finished and (kind is None or kind in PAGE_TYPES):
        return (f"no page arrived from {url} within the time limit (--timeout); "
                "nothing was converted")
    sent = f"the server sent {kind}" if kind else "the browser downloads it rather than showing it"
    return f"{url} is not a web page: {sent} (a download); nothing was converted"


def firefox_load_error(url: str, text: str) -> str:
    """geckodriver's "Reached error page: about:neterror?..." in words."""
    found = re.search(r"about:neterror\S*", text)
    return _firefox_error(url, found.group(0)) if found else text


def status_words(status: int) -> str:
    try:
        return f"{status} {http.HTTPStatus(status).phrase}"
    except ValueError:
        return f"HTTP {status}"


def _firefox_error(url: str, landed: str) -> str:
    """Firefox's about:neterror?e=CODE&...&d=DESCRIPTION as words."""
    from urllib.parse import parse_qs

    query = parse_qs(urlsplit(landed).query)
    code = (query.get("e") or [""])[0]
    if code in FIREFOX_ERROR_WORDS:
        return FIREFOX_ERROR_WORDS[code].format(host=urlsplit(url).hostname or url)
    return (query.get("d") or [""])[0].strip() or code
