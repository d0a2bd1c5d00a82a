"""Images: which address an <img> really shows, lazy loaders and <noscript> included."""
from __future__ import annotations

import base64
import binascii
import re
import unicodedata
from urllib.parse import unquote_to_bytes

from ..dom.nodes import tag_of
from .tuning import MIN_IMAGE_PX, PICTURE_DEPTH, PLACEHOLDER_SCHEMES, SYMBOL_ALT_MAX_CHARS

# collect.js stamps the browser's currentSrc here when it differs from src.
CURRENT_SRC_ATTR = "data-wg-src"
# Lazy loaders keep the real address here while src holds a placeholder
# (lazysizes/lozad data-src, jQuery lazyload data-original, WP Rocket data-lazy-src).
LAZY_SRC_ATTRIBUTES = ("data-src", "data-original", "data-lazy-src")
# lazysizes keeps a responsive image's real candidates here until it loads.
LAZY_SRCSET_ATTRIBUTE = "data-srcset"
# The only data: URIs a page may show as a picture.
DATA_IMAGE_PREFIX = "data:image/"
# Lazy loaders hold a picture's place with a data: image that shows nothing: an
# SVG with no element inside (its viewBox only reserves the aspect ratio) or only
# rectangles painted with no alpha, or a 1x1 GIF or PNG, stretched. Read with
# patterns, not a parser, so extension/flow.js (the context menu) reads them the
# same way: an SVG's tags with their attribute text, and one attribute. A name is
# read whole (the look-around) and a tag's text stops at the next "<", so no input
# makes either pattern go back over what it read.
SVG_TAG = re.compile(r"<\s*([A-Za-z][A-Za-z0-9_:.-]*)(?![A-Za-z0-9_:.-])([^<>]*)>")
SVG_ATTRIBUTE = re.compile(
    r"""(?<![A-Za-z0-9_:.-])([A-Za-z0-9_:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""")
SVG_ROOT_NAMES = ("svg", "svg:svg")
CLEAR_OPACITY_ATTRIBUTES = ("opacity", "fill-opacity")
CLEAR_OPACITIES = ("0", "0.0")
CLEAR_FILLS = ("none", "transparent")
# Base64 characters read for a GIF's or PNG's header (33 bytes): GIF keeps its width
# and height at bytes 6-9, PNG in its IHDR chunk at 16-23.
RASTER_HEADER_CHARS = 44


def first_srcset_url(value: str | None) -> str | None:
    """The URL of a srcset's first candidate (HTML: a URL ends at whitespace, and a
    trailing comma ends the candidate), so commas inside a CDN URL survive."""
    value = (value or "").lstrip(" \t\n\r\f,")
    if not value:
        return None
    url = value.split(None, 1)[0]
    if url.endswith(","):
        url = url.rstrip(",")
    return url or None


def _attr(el, name: str) -> str:
    return (el.get(name) or "").strip()


def _is_placeholder(url: str) -> bool:
    return url.lower().startswith(PLACEHOLDER_SCHEMES)


def _candidates(el, measured_src: bool):
    """Addresses in the order they are believed: what the browser showed, then a
    lazy loader's real address (its src is a placeholder until scripts swap it in;
    once swapped the two agree), then src, then the first srcset candidate."""
    if measured_src:
        yield _attr(el, CURRENT_SRC_ATTR)
    for name in LAZY_SRC_ATTRIBUTES:
        yield _attr(el, name)
    yield first_srcset_url(el.get(LAZY_SRCSET_ATTRIBUTE))
    yield _attr(el, "src")
    yield first_srcset_url(el.get("srcset"))


def _own_source(el, measured_src: bool = True) -> str | None:
    """The first real (non-placeholder) address the element itself names."""
    for url in _candidates(el, measured_src):
        if url and not _is_placeholder(url):
            return url
    return None


def noscript_image(el):
    """The <img> in a <noscript> right beside `el`, the fallback lazy loaders write."""
    for sibling in (el.getnext(), el.getprevious()):
        if sibling is not None and tag_of(sibling) == "noscript":
            for node in sibling.iter():
                if tag_of(node) == "img" and _own_source(node, measured_src=False):
                    return node
    return None


def image_source(el, measured_src: bool = True) -> str | None:
    """currentSrc (when measured and `measured_src`), the lazy attributes, src, the
    first srcset candidate, a <noscript> twin beside a placeholder, and only then a
    data: image that shows something."""
    found = _own_source(el, measured_src)
    if found:
        return found
    fallback = noscript_image(el)
    if fallback is not None:
        return _own_source(fallback, measured_src=False)
    sourced = picture_source(el)
    if sourced:
        return sourced
    src = _attr(el, "src")
    return src if src.lower().startswith(DATA_IMAGE_PREFIX) and not shows_nothing(src) else None


def draws_placeholder(el) -> bool:
    """The browser drew a lazy loader's placeholder (a data: src the loader has not
    swapped yet: offline, or below the fold when the page was read) for a picture
    the page names for readers: an alt beside the lazy address, or the <noscript>
    twin, or its <picture>. The drawn box (a 1x1 GIF drawn 1x1) is the
    placeholder's, not the picture's. A lazy address with no alt and no twin is
    not believed: a tracking pixel loads lazily too. CURRENT_SRC_ATTR is stamped
    only when the browser showed another address than src."""
    src = _attr(el, "src")
    if not _is_placeholder(src) or _attr(el, CURRENT_SRC_ATTR):
        return False
    return ((bool((el.get("alt") or "").strip())
             and _own_source(el, measured_src=False) is not None)
            or noscript_image(el) is not None or picture_source(el) is not None)


def shows_nothing(url: str) -> bool:
    """A data: image that is only a placeholder: an SVG holding no element but
    rectangles painted with no alpha, or a GIF or PNG smaller than MIN_IMAGE_PX both
    ways (a pixel or an icon, as an image element of that size is). Anything it
    cannot read is kept. extension/flow.js `showsNothing` is the same rule."""
    head, comma, payload = url.partition(",")
    media = head.lower()
    if not comma or not media.startswith(DATA_IMAGE_PREFIX):
        return False
    is_svg = media.startswith("data:image/svg")
    try:
        if media.endswith(";base64"):
            raw = base64.b64decode(payload if is_svg else payload[:RASTER_HEADER_CHARS])
        else:
            raw = unquote_to_bytes(payload)
    except (binascii.Error, ValueError):
        return False
    if is_svg:
        return all(_clear(name.lower(), attributes)
                   for name, attributes in SVG_TAG.findall(raw.decode("latin-1")))
    size = _raster_size(raw)
    return size is not None and size[0] < MIN_IMAGE_PX and size[1] < MIN_IMAGE_PX


def _clear(name: str, attributes: str) -> bool:
    """The SVG root, or a rectangle with no stroke painted with no alpha."""
    if name in SVG_ROOT_NAMES:
        return True
    if name != "rect":
        return False
    values = {key.lower(): (double or single).strip().lower()
              for key, double, single in SVG_ATTRIBUTE.findall(attributes)}
    return "stroke" not in values and (
        any(values.get(key) in CLEAR_OPACITIES for key in CLEAR_OPACITY_ATTRIBUTES)
        or values.get("fill") in CLEAR_FILLS)


def _raster_size(header: bytes) -> tuple[int, int] | None:
    if header[:4] == b"GIF8" and len(header) >= 10:
        return int.from_bytes(header[6:8], "little"), int.from_bytes(header[8:10], "little")
    if header[:8] == b"\x89PNG\r\n\x1a\n" and header[12:16] == b"IHDR" and len(header) >= 24:
        return int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")
    return None


def image_alt(el) -> str:
    """The alt text, borrowed from the <noscript> twin when the placeholder has none."""
    alt = " ".join((el.get("alt") or "").split())
    if alt or _own_source(el):
        return alt
    fallback = noscript_image(el)
    return " ".join((fallback.get("alt") or "").split()) if fallback is not None else ""


def noscript_pictures(noscript) -> list:
    """The <img>s a <noscript> shows a reader without scripts, unless the image
    beside it is their lazy twin (the same picture, which is then read once)."""
    pictures = [node for node in noscript.iter() if tag_of(node) == "img"
                and _own_source(node, measured_src=False)]
    if not pictures:
        return []
    for sibling in (noscript.getprevious(), noscript.getnext()):
        if sibling is not None and tag_of(sibling) == "img" and _is_twin(sibling, pictures[0]):
            return []
    return pictures


def _is_twin(img, fallback) -> bool:
    own = _own_source(img)
    if own is None or own == _own_source(fallback, measured_src=False):
        return True
    alt = " ".join((img.get("alt") or "").split())
    return bool(alt) and alt == " ".join((fallback.get("alt") or "").split())


def picture_source(el) -> str | None:
    """The first <source srcset> candidate of the <picture> an <img> sits in, for an
    img whose own address is only a placeholder (React SSR's 1x1 GIF). libxml2 nests
    the <img> inside the <source>, so the picture is looked for a few levels up."""
    node = el.getparent()
    for _ in range(PICTURE_DEPTH):
        if node is None:
            return None
        if tag_of(node) == "picture":
            for source in node.iter("source"):
                found = first_srcset_url(source.get("srcset") or source.get(LAZY_SRCSET_ATTRIBUTE))
                if found and not _is_placeholder(found):
                    return found
            return None
        node = node.getparent()
    return None


def shown_noscript_pictures(el, measured: bool) -> list:
    """Without a browser, the pictures a <noscript> shows (not a lazy twin's); a
    measured page drew its pictures already."""
    if measured or tag_of(el) != "noscript":
        return []
    return noscript_pictures(el)


# Unicode categories of the characters an emoji or a symbol drawn as a picture is
# written with (So: emoji and pictographs; Sm and Sk: arrows, signs, modifiers).
_SYMBOL_CATEGORIES = frozenset({"So", "Sm", "Sk"})


def symbol_alt(alt: str) -> bool:
    """Alt text that is a symbol, not words: an emoji ("✅", "👍🏽", a flag), a sign
    ("→", "★"), a few characters with at least one symbol and no letter or digit.
    WordPress and Twemoji draw every emoji as <img class="emoji" alt="✅">."""
    if not alt or len(alt) > SYMBOL_ALT_MAX_CHARS:
        return False
    categories = [unicodedata.category(ch) for ch in alt]
    return (not any(c[0] in "LN" for c in categories)
            and not _SYMBOL_CATEGORIES.isdisjoint(categories))


def image_as_text(el, small: bool | None) -> str | None:
    """The text an image drawn at text size stands for in its line, or None (it is a
    picture, or nothing). `small`: drawn or declared smaller than a picture (True),
    larger (False), or not known (None, no size without a browser).

    An emoji or symbol's alt is that character in the text, unless drawn large. With
    no size known, only inside a run of words ("You'll see <img alt=✅> when"): an
    image standing alone (a figure, a link, its own block) is a picture whatever its
    alt. A word icon's alt ("Avatar", "PDF file") is not read: beside a name or a
    link it is decoration, and words cannot tell the two apart."""
    alt = " ".join((el.get("alt") or "").split())
    if not symbol_alt(alt) or small is False:
        return None
    if small is None and not _in_words(el):
        return None
    return alt


def _in_words(el) -> bool:
    """Words stand right before or right after `el` in its parent's text."""
    previous, parent = el.getprevious(), el.getparent()
    before = (previous.tail if previous is not None else
              parent.text if parent is not None else None) or ""
    return _has_word(before) or _has_word(el.tail or "")


def _has_word(text: str) -> bool:
    return any(ch.isalnum() for ch in text)
