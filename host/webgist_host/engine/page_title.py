"""A page's title without the site's name: what the page calls itself, read from its
<title> against its headlines (og:title, JSON-LD's headline, the <h1>s) and the names
the site goes by (site-name meta, the address's registered name and host)."""
from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import urlsplit

# What a <title> puts between the page's own headline and the site's name ("Tips |
# CDC", "Tips – Site"): a bar, dash, bullet or guillemet with space on both sides. Not
# a colon: headlines hold one ("AWS vs Azure: the big 3").
TITLE_SEPARATOR = r"\s+(?:[|\u2013\u2014\u2022\u00b7\u00bb\u00ab~-]|::)\s+"


_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})


def _folded(text: str | None) -> str:
    return " ".join((text or "").translate(_QUOTES).casefold().split())


def _letters(text: str | None) -> str:
    return "".join(ch for ch in _folded(text) if ch.isalnum())


def host_label(url: str | None) -> str:
    """The name a site registered: "clevelandclinic" for health.clevelandclinic.org,
    "bbc" for www.bbc.co.uk (a two-letter country code after a short second level)."""
    try:
        labels = (urlsplit(url).hostname or "").split(".") if url else []
    except ValueError:
        return ""
    if len(labels) >= 3 and len(labels[-1]) == 2 and len(labels[-2]) <= 3:
        labels = labels[:-1]
    return labels[-2] if len(labels) >= 2 else ""


def host(url: str | None) -> str:
    """The address's host without "www.": a title may end in it ("| AustinTexas.gov")."""
    try:
        return (urlsplit(url).hostname or "").removeprefix("www.") if url else ""
    except ValueError:
        return ""


def _names_site(text: str, site_names: list[str], host_label: str) -> bool:
    letters = _letters(text)
    return bool(letters) and (letters == host_label
                              or any(letters == _letters(name) for name in site_names))


def page_title(title: str, headlines: list[str], site_names: list[str],
               host_label: str) -> str:
    """The page's own title: the <title> without the site's name that it adds before
    or after a separator ("Tips | CDC"). Where the page names its headline elsewhere
    (og:title, JSON-LD headline, an <h1>) and the <title> is that headline plus
    separated words, the headline; else site-name parts at either end go."""
    pieces = re.split(f"({TITLE_SEPARATOR})", title)
    if len(pieces) < 3:
        return title
    runs = ["".join(pieces[:k]) for k in range(1, len(pieces) - 1, 2)]
    runs += ["".join(pieces[k:]) for k in range(2, len(pieces), 2)]
    for headline in headlines:
        if _names_site(headline, site_names, host_label):
            continue
        for run in runs:
            if _folded(run) == _folded(headline):
                return run.strip()
    while len(pieces) >= 3 and _names_site(pieces[-1], site_names, host_label):
        pieces = pieces[:-2]
    while len(pieces) >= 3 and _names_site(pieces[0], site_names, host_label):
        pieces = pieces[2:]
    return "".join(pieces).strip()


def headings(elements: Iterable) -> list[str]:
    """The words of each of `elements` (a page's <h1>s) that has some."""
    found = (" ".join(el.text_content().split()) for el in elements)
    return [text for text in found if text]
