"""Page metadata: title, language and writing direction.

Direction is read from the document only (seed 001): `dir` on <html> or <body> wins
outright, otherwise the language decides. Never from character frequency, or a page
that merely quotes Arabic would have its columns read backwards.
"""
from __future__ import annotations

from .geometry import Capture
from .model import Metadata

# Primary language subtags written right to left.
RTL_LANGUAGES = frozenset({
    "ar", "arc", "ckb", "dv", "fa", "ha", "he", "iw", "khw", "ks", "ku", "ps",
    "sd", "syr", "ug", "ur", "yi",
})


def _clean(value: str | None) -> str | None:
    value = (value or "").strip()
    return value or None


def direction_of(dir_html: str | None, dir_body: str | None, lang: str | None) -> str:
    for value in (dir_body, dir_html):
        value = (value or "").strip().lower()
        if value in ("rtl", "ltr"):
            return value
    primary = (lang or "").strip().lower().replace("_", "-").split("-")[0]
    return "rtl" if primary in RTL_LANGUAGES else "ltr"


def read_metadata(root, *, url: str | None, capture: Capture) -> Metadata:
    body = root.find("body")
    title_el = root.find(".//title")
    title = capture.title or (title_el.text_content() if title_el is not None else "")
    title = " ".join((title or "").split())
    dir_html = capture.dir.get("html") or root.get("dir")
    dir_body = capture.dir.get("body") or (body.get("dir") if body is not None else None)
    lang = (_clean(capture.lang.get("html")) or _clean(root.get("lang"))
            or _clean(capture.lang.get("body"))
            or (_clean(body.get("lang")) if body is not None else None))
    return Metadata(
        title=title,
        url=url or capture.url,
        lang=lang,
        direction=direction_of(dir_html, dir_body, lang),
    )
