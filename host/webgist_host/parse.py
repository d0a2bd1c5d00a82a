"""Stage 1: bytes or text in, a fresh lxml tree out."""
from __future__ import annotations

import lxml.html
from lxml import etree

# Strangers' pages nest deeply and carry huge text nodes; libxml2 refuses both by
# default, so the parser is told to accept them.
_PARSER_OPTIONS = dict(huge_tree=True, remove_comments=True, remove_pis=True)


class ParseError(ValueError):
    """The input could not be read as HTML at all."""


def parse_html(html: str | bytes):
    """Parse a page into the root element of a new tree the caller owns."""
    if isinstance(html, bytes):
        # Trust the bytes over a declared charset: decode as UTF-8, keep what cannot be.
        html = html.decode("utf-8", errors="replace")
    if not isinstance(html, str):
        raise ParseError(f"expected HTML text, got {type(html).__name__}")
    html = html.replace("\x00", "\ufffd")
    if not html.strip():
        html = "<html><body></body></html>"
    parser = lxml.html.HTMLParser(**_PARSER_OPTIONS)
    try:
        root = lxml.html.document_fromstring(html, parser=parser)
    except (etree.ParserError, ValueError) as exc:
        raise ParseError(f"could not parse the page as HTML: {exc}") from exc
    return root
