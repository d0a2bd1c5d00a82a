"""Names that say furniture only in a small box's shape (regions/name_guards.py)."""
from __future__ import annotations

import pytest

from webgist_host import convert
from webgist_host.engine.regions.name_guards import file_extension, links_to_file

INTRO = ("<p>Quillpad adds split panes, a faster search across large folders and a fix for "
         "the crash some people saw when they opened files from a network drive.</p>")
OUTRO = ("<p>Each file has a checksum on the release page; compare it with the one your "
         "system prints before you run the installer on your own machine.</p>")


def texts(group: str) -> list[str]:
    # Enough prose that a 30-word group is a widget's share of the page.
    html = (f"<html><body><main><h1>Quillpad</h1>{INTRO * 3}{group}<h2>Checking</h2>"
            f"{OUTRO * 3}</main></body></html>")
    return [b.text for b in convert(html, scope="main").blocks]


def links(words: int) -> str:
    labels = [" ".join(["Start"] * 5)] * (words // 5)
    return "".join(f'<a href="/go{n}">{label}</a> ' for n, label in enumerate(labels))


def test_a_small_group_of_links_named_buttons_is_furniture():
    kept = texts(f'<div class="hero-buttons">{links(30)}</div>')
    assert not any(t.startswith("Start") for t in kept)


def test_a_group_named_buttons_over_thirty_words_stays():
    # BUTTON_GROUP_MAX_WORDS: a grid of product links so named is content.
    kept = texts(f'<div class="hero-buttons">{links(35)}</div>')
    assert any("Start" in t for t in kept)


def test_a_group_named_buttons_by_its_id_only_stays():
    kept = texts(f'<div id="buttons">{links(10)}</div>')
    assert any("Start" in t for t in kept)


def test_a_list_of_what_each_button_does_stays():
    items = "".join(f"<li>{side}: light, hold to lock</li>" for side in ("Top left", "Top right"))
    kept = texts(f'<ul class="watch-buttons">{items}</ul>')
    assert "Top left: light, hold to lock" in kept


def test_a_heading_named_buttons_by_its_class_stays():
    kept = texts('<h2 class="section-buttons">Buttons</h2><p>Put the primary action on the right.</p>')
    assert "Buttons" in kept


def test_installer_links_named_download_buttons_stay():
    kept = texts('<div class="download-buttons"><a href="/dl/q-4.2-mac.dmg">macOS 12 or later</a></div>')
    assert any("macOS 12 or later" in t for t in kept)


def test_a_disclaimer_box_between_sections_goes_but_a_modifier_class_does_not():
    fine = "Images simulated; colours may differ from the product you receive."
    kept = texts(f'<div class="product-disclaimer"><p>{fine}</p></div>'
                 f'<div class="callout has-disclaimer"><p>To qualify, the home needs a valid certificate.</p></div>')
    assert fine not in kept
    assert "To qualify, the home needs a valid certificate." in kept


def test_a_call_to_action_to_a_bare_host_is_no_download():
    # The host "app.quillpad.io" is no file named with an "io" extension.
    kept = texts('<div class="hero-buttons"><a href="https://app.quillpad.io">Get started free</a> '
                 '<a href="/pricing">See pricing</a></div>')
    assert not any("Get started" in t for t in kept)


def test_a_one_word_id_on_a_box_is_its_name_not_a_slug():
    # id="share" around the label "Share" and icons: the share bar it names.
    kept = texts('<div id="share"><span>Share</span> <a href="/s/x"><svg></svg></a></div>')
    assert "Share" not in kept


@pytest.mark.parametrize("href, extension", [
    # packages and installers with long extensions
    ("https://dl.example/notizblock-4.2-x86_64.AppImage", "appimage"),
    ("/dl/org.example.Notes.flatpakref", "flatpakref"),
    ("/dl/Notes-3.1.msixbundle?sig=abc", "msixbundle"),
    ("/dl/Notes.appinstaller", "appinstaller"),
    ("/files/notes-all.torrent", "torrent"),
    ("/files/report.pdf", "pdf"),
    ("/notebooks/analysis.ipynb", "ipynb"),
    # data a portal offers
    ("/opendata/radwege.geojson", "geojson"),
    ("/data/fahrten-2025.parquet", "parquet"),
    ("/data/stationen.sqlite3", "sqlite3"),
    ("/models/encoder.safetensors", "safetensors"),
    ("/archive/refs/tags/v1.2.3.tar.gz", "tar"),
    # a version's step ends in a number or a series' wildcard: a page
    ("/releases/v1.2.3", ""),
    ("/code/release-2.0", ""),
    ("/series/2.x", ""),
    # one other letter after a digit is a source file's extension
    ("/src/beispiel1.c", "c"),
    ("/include/vec3.h", "h"),
    ("/profiles/office.mobileconfig", "mobileconfig"),
    ("/assets/terrain-kit.unitypackage", "unitypackage"),
    # a dotted word longer than five letters, not a known package format, is a name's part
    ("/people/anna.schmidt", ""),
    ("/@jane.williams", ""),
    ("/u/max.mustermann", ""),
    ("/reference/android.widget", ""),
    ("/artifact/org.springframework/spring-core/5.3.9.RELEASE", ""),
    ("/tags/v1.0.0.preview", ""),
    ("/de/p/sofa.kopenhagen", ""),
    ("https://app.quillpad.io", ""),
])
def test_file_extension_reads_the_last_step(href, extension):
    assert file_extension(href) == extension


def test_a_page_extension_is_no_file():
    assert not links_to_file("/about/index.html") and not links_to_file("/a/b.php")
    assert links_to_file("/dl/notes-4.2-x86_64.AppImage")
