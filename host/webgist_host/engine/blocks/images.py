"""Images: which address an <img> really shows, lazy loaders and <noscript> included."""
from __future__ import annotations

from ..dom.nodes import tag_of
from .tuning import PICTURE_DEPTH, PLACEHOLDER_SCHEMES

# collect.js stamps the browser's currentSrc here when it differs from src.
CURRENT_SRC_ATTR = "data-wg-src"
# Lazy loaders keep the real address here while src holds a placeholder
# (lazysizes/lozad data-src, jQuery lazyload data-original, WP Rocket data-lazy-src).
LAZY_SRC_ATTRIBUTES = ("data-src", "data-original", "data-lazy-src")
# lazysizes keeps a responsive image's real candidates here until it loads.
LAZY_SRCSET_ATTRIBUTE = "data-srcset"
# The only data: URIs a page may show as a picture.
DATA_IMAGE_PREFIX = "data:image/"


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


def image_source(el) -> str | None:
    """currentSrc (when measured), the lazy attributes, src, the first srcset
    candidate, a <noscript> twin beside a placeholder, and only then a data: image."""
    found = _own_source(el)
    if found:
        return found
    fallback = noscript_image(el)
    if fallback is not None:
        return _own_source(fallback, measured_src=False)
    sourced = picture_source(el)
    if sourced:
        return sourced
    src = _attr(el, "src")
    return src if src.lower().startswith(DATA_IMAGE_PREFIX) else None


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
