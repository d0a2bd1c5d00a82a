"""Whether a line's link goes to another page of the page's own site.

Related posts, "more from" lists and teaser cards lead to the site's other pages; an
author's sources, a shop list or a channel list lead to other sites, and an
accordion's toggle or a table of contents to a place on this page.
"""
from __future__ import annotations

from .vocabulary import MARKDOWN_LINK_PATTERN


def links_within(rich_text: str, site: str) -> bool:
    """Whether the line's (first) link goes to another page of the site: not a place on
    this page ("#answer-3", an accordion's toggle), not another site (a shop, a channel).
    With no address for the page (`site` empty), any page link counts."""
    link = MARKDOWN_LINK_PATTERN.search(rich_text)
    if link is None or link[2].startswith("#"):
        return False
    host = host_of(link[2])
    return not host or not site or host == site


def host_of(address: str) -> str:
    """The host of an absolute address, without "www."; "" for a relative one."""
    if "//" not in address:
        return ""
    host = address.split("//", 1)[1].split("/", 1)[0].split("?", 1)[0].lower()
    return host.removeprefix("www.")
