"""Reading order of the shapes that need more than the cut: sidebars pinned by
position: fixed or sticky, and zigzag timelines."""
from __future__ import annotations


from webgist_host.engine.dom.capture import FLAG_DISPLAYED, FLAG_FIXED, FLAG_VISIBLE, read_capture
from webgist_host.engine.model import PinnedBox, Rect
from webgist_host.engine.order import order_blocks
from webgist_host.engine.order import pinned as pinned_module
from webgist_host.engine.order.pinned import pinned_columns

from test_reading_order import Page, texts


# ---------------------------------------------------------------- pinned columns

SIDEBAR = "/html[1]/body[1]/div[2]/div[2]"
DOCUMENT = Rect(16, 70, 1050, 4000)         # the sidebar's parent: it sticks within this


def sticky_sidebar_page(footer_in_lane: bool = False) -> Page:
    """A docs page: the article first in the source, a sticky sidebar (capped at one
    1024 px screen) after it, on the left; the article runs on below the sidebar in
    paragraphs separated by bands wider than any gap beside it."""
    page = Page()
    for k in range(12):
        page.add(f"A{k}", (265, 70 + k * 330, 800, 300),
                 xpath=f"/html[1]/body[1]/div[2]/div[1]/p[{k + 1}]")
    for k in range(4):
        page.add(f"S{k}", (26, 110 + k * 200, 202, 150), xpath=f"{SIDEBAR}/div[1]/p[{k + 1}]")
    if footer_in_lane:
        page.add("Footer", (16, 4100, 1248, 40), xpath="/html[1]/body[1]/div[3]/p[1]")
    return page


def test_sticky_sidebar_capped_at_the_viewport_is_a_column_for_the_whole_page():
    page = sticky_sidebar_page()
    pinned = {SIDEBAR: PinnedBox(Rect(16, 70, 230, 1024), DOCUMENT)}
    ordered, label, _ = order_blocks(page.blocks, viewport_height=1024, pinned=pinned)
    assert texts(ordered) == [f"S{k}" for k in range(4)] + [f"A{k}" for k in range(12)]
    assert label == "geometric-xy-cut"


def test_without_the_pinned_box_the_short_sidebar_is_dealt_into_the_article():
    # What the stage would do without knowing the sidebar is sticky: the case the
    # test above guards against really happens on this page.
    ordered, _, _ = order_blocks(sticky_sidebar_page().blocks, viewport_height=1024)
    article = [i for i, b in enumerate(ordered) if b.text.startswith("A")]
    sidebar = [i for i, b in enumerate(ordered) if b.text.startswith("S")]
    assert any(article[0] < i < article[-1] for i in sidebar)


def test_pinned_column_stops_at_a_footer_drawn_across_its_lane():
    page = sticky_sidebar_page(footer_in_lane=True)
    holder = Rect(0, 0, 1280, 4200)          # a fixed sidebar: it sticks within the page
    pinned = {SIDEBAR: PinnedBox(Rect(16, 70, 230, 1024), holder)}
    ordered, _, _ = order_blocks(page.blocks, viewport_height=1024, pinned=pinned)
    assert texts(ordered) == [f"S{k}" for k in range(4)] + [f"A{k}" for k in range(12)] + ["Footer"]


def test_only_boxes_laid_out_fixed_or_sticky_with_an_area_are_pinned():
    # collect.js sets FLAG_FIXED only on a box it laid out, but a capture is read
    # from a web page (or saved by an older collect.js): a box flagged fixed that
    # the browser says it did not lay out (no FLAG_DISPLAYED) is not pinned.
    body, bar = "/html[1]/body[1]", "/html[1]/body[1]/div[1]"
    laid_out = FLAG_DISPLAYED | FLAG_VISIBLE
    boxes = {body: (0, 0, 1280, 4000, laid_out), bar: (16, 70, 230, 1024, laid_out | FLAG_FIXED),
             f"{bar}/div[1]": (16, 70, 230, 40, FLAG_FIXED),
             f"{bar}/div[2]": (16, 70, 0, 40, laid_out | FLAG_FIXED),
             f"{bar}/div[3]": (16, 70, 230, 40, laid_out)}
    capture = read_capture({"paths": list(boxes), "boxes": [n for b in boxes.values() for n in b]})
    assert capture.pinned_boxes() == {bar: PinnedBox(Rect(16, 70, 230, 1024), Rect(0, 0, 1280, 4000))}


def test_a_sticky_bar_across_the_page_is_not_a_column():
    page = Page()
    page.add("Site name", (0, 0, 600, 40), xpath="/html[1]/body[1]/header[1]/p[1]")
    page.add("Menu", (640, 0, 600, 40), xpath="/html[1]/body[1]/header[1]/p[2]")
    for k in range(4):
        page.add(f"A{k}", (0, 80 + k * 60, 1240, 40), xpath=f"/html[1]/body[1]/main[1]/p[{k + 1}]")
    pinned = {"/html[1]/body[1]/header[1]": PinnedBox(Rect(0, 0, 1240, 40), Rect(0, 0, 1240, 400))}
    ordered, _, _ = order_blocks(page.blocks, page_width=1280, viewport_height=1024,
                                 pinned=pinned)
    assert texts(ordered) == ["Site name", "Menu", "A0", "A1", "A2", "A3"]


def test_share_rail_sticky_in_a_cell_as_narrow_as_itself_is_a_column():
    # A news grid: a 60 px cell holds the sticky share rail; the cell runs the height
    # of the story, the rail is 240 px tall. Narrow against the screen, not the cell.
    page = Page()
    rail = "/html[1]/body[1]/div[1]/aside[1]/ul[1]"
    for k in range(8):
        page.add(f"A{k}", (120, 100 + k * 330, 700, 300),
                 xpath=f"/html[1]/body[1]/div[1]/article[1]/p[{k + 1}]")
    for k in range(4):
        page.add(f"S{k}", (20, 100 + k * 60, 60, 40), xpath=f"{rail}/li[{k + 1}]")
    pinned = {rail: PinnedBox(Rect(20, 100, 60, 240), Rect(20, 100, 60, 2640))}
    columns = pinned_columns(page.blocks, pinned, 40.0, (1280, 1024))
    assert columns.boxes == {rail: (20, 100, 80, 2740)}
    assert columns.keys == [None] * 8 + [rail] * 4
    ordered, _, _ = order_blocks(page.blocks, page_width=1280, viewport_height=1024,
                                 pinned=pinned)
    assert texts(ordered) == [f"S{k}" for k in range(4)] + [f"A{k}" for k in range(8)]


def test_a_page_of_many_pinned_boxes_has_no_pinned_columns_and_scans_no_lane(monkeypatch):
    # Hostile or odd: 5,000 narrow fixed boxes, each holding one block. Without the
    # bound, finding each one's lane would scan every block: 25 million steps. The
    # lanes scanned are counted (not timed, which a loaded machine makes flaky).
    page = Page()
    pinned = {}
    for k in range(5000):
        path = f"/html[1]/body[1]/div[{k + 1}]"
        page.add(f"B{k}", (20 + (k % 10) * 100, 10 + (k // 10) * 30, 60, 20), xpath=f"{path}/p[1]")
        pinned[path] = PinnedBox(Rect(20 + (k % 10) * 100, 10 + (k // 10) * 30, 60, 20),
                                 Rect(0, 0, 1280, 20000))
    scanned = []
    scan_lane = pinned_module._column_box
    monkeypatch.setattr(pinned_module, "_column_box",
                        lambda key, *rest: scanned.append(key) or scan_lane(key, *rest))
    assert pinned_columns(page.blocks, pinned, 20.0, (1280, 1024)).boxes == {}
    pinned_order, _, _ = order_blocks(page.blocks, page_width=1280, viewport_height=1024,
                                      pinned=pinned)
    assert scanned == []
    assert texts(pinned_order) == texts(order_blocks(page.blocks, page_width=1280,
                                                     viewport_height=1024)[0])


def test_a_sticky_box_taller_than_the_screen_is_left_to_the_cut():
    page = sticky_sidebar_page()
    pinned = {SIDEBAR: PinnedBox(Rect(16, 70, 230, 1100), DOCUMENT)}
    capped, _, _ = order_blocks(page.blocks, viewport_height=1024, pinned=pinned)
    uncapped, _, _ = order_blocks(page.blocks, viewport_height=1024)
    assert texts(capped) == texts(uncapped)


# ---------------------------------------------------------------- zigzags

def test_zigzag_entries_overlapping_in_height_are_read_down_the_spine():
    page = Page()
    # Written oldest first, drawn newest first; each entry (a year over a line of
    # text) 80 px below the last and 150 px tall, alternating sides of a 120 px channel.
    years = ["1838", "1861", "1904", "1952", "1989", "2023"]
    for k, year in enumerate(years):
        top = 96 + (5 - k) * 80
        x = 160 if k % 2 == 0 else 700
        entry = f"/html[1]/body[1]/ol[1]/li[{k + 1}]"
        page.add(year, (x + 16, top + 10, 388, 28), xpath=f"{entry}/h2[1]", kind="heading")
        page.add(f"text {year}", (x + 16, top + 42, 388, 44), xpath=f"{entry}/p[1]")
    ordered, _, _ = order_blocks(page.blocks)
    assert texts(ordered) == [t for year in years[::-1] for t in (year, f"text {year}")]


def test_text_in_two_columns_is_not_a_zigzag():
    page = Page()
    # Paragraphs written down the left column, then the right; their tops alternate
    # sides, each lower than the last, but the source does not alternate.
    for k in range(3):
        page.add(f"L{k}", (0, k * 200, 380, 90), xpath=f"/html[1]/body[1]/div[1]/p[{k + 1}]")
    for k in range(3):
        page.add(f"R{k}", (460, 100 + k * 200, 380, 90), xpath=f"/html[1]/body[1]/div[1]/p[{k + 4}]")
    ordered, _, _ = order_blocks(page.blocks)
    assert texts(ordered) == ["L0", "L1", "L2", "R0", "R1", "R2"]

