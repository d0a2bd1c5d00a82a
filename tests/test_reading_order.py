"""Reading order from measured boxes: XY-cut, cards, floats, rails, anchoring, labels."""
from __future__ import annotations

from dataclasses import replace

from webgist_host.engine.model import Block, PinnedBox, Rect, TextFlows
from webgist_host.engine.order import order_blocks, page_line_height
from webgist_host.engine.order.tuning import MAX_MOVE_DECISIONS


class Page:
    """Builds blocks in source order: each `add` gets the next dom_index."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []

    def add(self, text: str, box: tuple[float, float, float, float] | None = None, *,
            xpath: str | None = None, kind: str = "paragraph",
            float_of: str | None = None) -> Block:
        index = len(self.blocks)
        block = Block(kind=kind, text=text, rich_text=text, tag="p",
                      xpath=xpath or f"/html[1]/body[1]/div[1]/p[{index + 1}]",
                      dom_index=index, rect=Rect(*box) if box else None, float_of=float_of)
        self.blocks.append(block)
        return block


def texts(blocks: list[Block]) -> list[str]:
    return [b.text for b in blocks]


def column_xpath(column: int, row: int) -> str:
    return f"/html[1]/body[1]/div[{column}]/p[{row}]"


# ---------------------------------------------------------------- columns

def test_two_column_page_reads_each_column_whole_instead_of_interleaving():
    page = Page()
    # A CSS grid whose source interleaves the columns row by row.
    for row in range(3):
        page.add(f"L{row}", (0, row * 34, 380, 24), xpath=column_xpath(1, row + 1))
        page.add(f"R{row}", (420, row * 34, 380, 24), xpath=column_xpath(2, row + 1))
    ordered, label, _ = order_blocks(page.blocks)
    assert texts(ordered) == ["L0", "L1", "L2", "R0", "R1", "R2"]
    assert label == "geometric-xy-cut"


def test_header_over_grid_aligned_columns_is_cut_at_the_widest_band_first():
    page = Page()
    page.add("Header", (0, 0, 800, 40), xpath="/html[1]/body[1]/header[1]/h1[1]")
    # Column lines share their 10 px gaps exactly; the header gap (50 px) is wider
    # than the 40 px gutter, which the header bridges anyway.
    for row in range(3):
        y = 90 + row * 34
        page.add(f"L{row}", (0, y, 380, 24), xpath=column_xpath(1, row + 1))
        page.add(f"R{row}", (420, y, 380, 24), xpath=column_xpath(2, row + 1))
    ordered, _, _ = order_blocks(page.blocks)
    assert texts(ordered) == ["Header", "L0", "L1", "L2", "R0", "R1", "R2"]


def test_three_columns_with_aligned_tops_read_column_by_column():
    page = Page()
    # Distinct containers (nav/main/aside), so only geometry can find the columns.
    containers = {1: "nav", 2: "main", 3: "aside"}
    heights = {1: (24, 90, 50, 70), 2: (24, 40, 120, 40), 3: (24, 60, 60, 60)}
    tops = {}
    for column, hs in heights.items():
        tops[column] = [100 + sum(hs[:row]) + 15 * row for row in range(4)]
    for row in range(4):
        for column in (1, 2, 3):
            x = (column - 1) * 280
            page.add(f"C{column}.{row}", (x, tops[column][row], 250, heights[column][row]),
                     xpath=f"/html[1]/body[1]/{containers[column]}[1]/p[{row + 1}]")
    ordered, _, _ = order_blocks(page.blocks)
    assert texts(ordered) == [f"C{c}.{r}" for c in (1, 2, 3) for r in range(4)]


def test_columns_with_a_one_em_gutter_are_still_columns():
    page = Page()
    # CSS multi-column's default gap: 1em (16 px) between columns of 24 px lines.
    for row in range(4):
        page.add(f"L{row}", (0, row * 30, 392, 24), xpath=column_xpath(1, row + 1))
        page.add(f"R{row}", (408, row * 30, 392, 24), xpath=column_xpath(2, row + 1))
    ordered, _, _ = order_blocks(page.blocks)
    assert texts(ordered) == ["L0", "L1", "L2", "L3", "R0", "R1", "R2", "R3"]


def test_rtl_reads_columns_right_to_left_and_ltr_left_to_right():
    page = Page()
    for row in range(2):
        page.add(f"L{row}", (0, row * 34, 380, 24), xpath=column_xpath(1, row + 1))
        page.add(f"R{row}", (420, row * 34, 380, 24), xpath=column_xpath(2, row + 1))
    rtl, _, _ = order_blocks(page.blocks, direction="rtl")
    ltr, _, _ = order_blocks(page.blocks, direction="ltr")
    assert texts(rtl) == ["R0", "R1", "L0", "L1"]
    assert texts(ltr) == ["L0", "L1", "R0", "R1"]


def test_lines_are_grouped_by_overlap_against_the_taller_box():
    page = Page()
    # B overlaps A by 10 px: half of B's height but only a quarter of A's, so they
    # are two lines (A first, being higher), not one line read left to right.
    page.add("B", (0, 30, 100, 20))
    page.add("A", (90, 0, 210, 40))
    ordered, _, _ = order_blocks(page.blocks)
    assert texts(ordered) == ["A", "B"]


# ---------------------------------------------------------------- docs sidebar and rails

def docs_page() -> Page:
    """Sphinx-like: article first in source, sidebar after it, drawn to its left."""
    page = Page()
    page.add("Title", (266, 0, 634, 30), kind="heading",
             xpath="/html[1]/body[1]/div[1]/div[1]/h1[1]")
    for k in range(12):
        page.add(f"Para{k}", (266, 40 + k * 61, 634, 51),
                 xpath=f"/html[1]/body[1]/div[1]/div[1]/section[1]/p[{k + 1}]")
    for k in range(8):
        page.add(f"Side{k}", (0, k * 40, 230, 30),
                 xpath=f"/html[1]/body[1]/div[1]/div[2]/ul[1]/li[{k + 1}]")
    # The collapse handle, centred in the 36 px gutter: 12 px either side of it.
    page.add("«", (242, 0, 12, 901), xpath="/html[1]/body[1]/div[1]/div[2]/div[1]")
    return page


def test_line_height_is_the_lower_quartile_of_block_heights_not_the_median():
    page = docs_page()
    # 8 one-line sidebar items (30 px) against 12 two-line paragraphs (51 px).
    assert page_line_height(page.blocks) == 30


def test_docs_sidebar_behind_a_36px_gutter_with_a_rail_is_its_own_column():
    page = docs_page()
    ordered, _, _ = order_blocks(page.blocks)
    order = texts(ordered)
    sidebar = [f"Side{k}" for k in range(8)]
    article = ["Title"] + [f"Para{k}" for k in range(12)]
    positions = {text: k for k, text in enumerate(order)}
    # Each column is read whole: no sidebar item falls between two article blocks.
    article_span = range(positions["Title"], positions["Para11"] + 1)
    assert [t for t in order if positions[t] in article_span] == article
    assert [t for t in order if t in sidebar] == sidebar
    assert positions["Side7"] < positions["Title"]       # left column first


def test_tall_thin_rail_loses_its_box_and_is_logged():
    page = docs_page()
    ordered, label, decisions = order_blocks(page.blocks)
    rail = next(b for b in ordered if b.text == "«")
    assert rail.rect is None
    assert any(d.action == "moved" and d.stage == "reading_order" and "rail" in d.reason
               and d.xpath == rail.xpath for d in decisions)
    # Anchored right after the measured block before it in the source (the last item).
    assert texts(ordered)[texts(ordered).index("Side7") + 1] == "«"
    assert page.blocks[-1].rect is not None          # the input block is untouched
    assert label == "geometric-xy-cut"               # the browser measured every block


# ---------------------------------------------------------------- cards and floats

def test_product_grid_is_read_card_by_card():
    page = Page()
    # row-reverse: li[1] is drawn in the last slot of each row of three.
    slots = [2, 1, 0, 5, 4, 3]
    for n, slot in enumerate(slots, start=1):
        x, y = (slot % 3) * 323, (slot // 3) * 300
        card = f"/html[1]/body[1]/main[1]/ul[1]/li[{n}]"
        page.add(f"img{n}", (x, y, 312, 200), kind="image", xpath=f"{card}/img[1]")
        page.add(f"title{n}", (x, y + 214, 312, 20), xpath=f"{card}/h3[1]")
        page.add(f"price{n}", (x, y + 248, 312, 16), xpath=f"{card}/span[1]")
    ordered, _, _ = order_blocks(page.blocks)
    visual = sorted(range(1, 7), key=lambda n: slots[n - 1])
    assert texts(ordered) == [f"{part}{n}" for n in visual for part in ("img", "title", "price")]


def floated_gallery_page() -> Page:
    page = Page()
    gallery = "/html[1]/body[1]/article[1]/figure[1]"
    # The float comes first in the source. As in CSS, the paragraphs' block boxes run
    # underneath it (only their lines are shortened), so no gutter separates them.
    page.add("G1", (600, 40, 300, 100), kind="image", xpath=f"{gallery}/img[1]", float_of=gallery)
    page.add("G2", (600, 150, 300, 100), kind="image", xpath=f"{gallery}/img[2]", float_of=gallery)
    page.add("Caption", (600, 260, 300, 20), kind="figure-caption",
             xpath=f"{gallery}/figcaption[1]", float_of=gallery)
    page.add("Title", (0, 0, 900, 30), kind="heading", xpath="/html[1]/body[1]/article[1]/h1[1]")
    for k in range(5):
        page.add(f"P{k}", (0, 40 + k * 70, 900, 60),
                 xpath=f"/html[1]/body[1]/article[1]/p[{k + 1}]")
    return page


def test_floated_gallery_is_read_as_one_unit():
    ordered, _, _ = order_blocks(floated_gallery_page().blocks)
    order = texts(ordered)
    start = order.index("G1")
    assert order[start:start + 3] == ["G1", "G2", "Caption"]


def test_float_is_read_after_the_text_beside_it_and_before_the_text_below_it():
    ordered, _, _ = order_blocks(floated_gallery_page().blocks)
    # The float ends at y=280: P0-P3 start beside it, P4 (y=320) starts below it.
    assert texts(ordered) == ["Title", "P0", "P1", "P2", "P3", "G1", "G2", "Caption", "P4"]


def test_a_single_floated_image_waits_for_the_text_beside_it():
    page = Page()
    page.add("Photo", (700, 0, 200, 150), kind="image",
             xpath="/html[1]/body[1]/div[1]/img[1]", float_of="/html[1]/body[1]/div[1]/img[1]")
    page.add("P0", (0, 0, 900, 60))
    page.add("P1", (0, 70, 900, 60))
    page.add("P2", (0, 200, 900, 60))
    ordered, _, _ = order_blocks(page.blocks)
    assert texts(ordered) == ["P0", "P1", "Photo", "P2"]


# ---------------------------------------------------------------- anchoring and labels

def test_unmeasured_blocks_follow_their_preceding_measured_block_in_the_source():
    page = Page()
    page.add("lead-unmeasured")
    page.add("A", (0, 300, 500, 40))
    page.add("A-details")
    page.add("C", (0, 0, 500, 40))
    page.add("D", (0, 100, 500, 40))
    page.add("D-details")
    page.add("F", (0, 200, 500, 40))
    ordered, label, _ = order_blocks(page.blocks)
    assert texts(ordered) == ["lead-unmeasured", "C", "D", "D-details", "F", "A", "A-details"]
    assert label == "geometric-anchored"


def test_one_unmeasured_block_does_not_downgrade_the_page():
    page = Page()
    for k in range(20):
        page.add(f"B{k}", (0, (19 - k) * 50, 500, 40))    # drawn bottom-up
        if k == 10:
            page.add("collapsed-details")
    ordered, label, _ = order_blocks(page.blocks)
    assert label == "geometric-anchored"
    expected = [f"B{k}" for k in range(19, -1, -1)]
    expected.insert(expected.index("B10") + 1, "collapsed-details")
    assert texts(ordered) == expected


def test_label_single_block_for_zero_or_one_block():
    page = Page()
    assert order_blocks([])[1] == "single-block"
    page.add("only", (0, 0, 10, 10))
    ordered, label, decisions = order_blocks(page.blocks)
    assert (texts(ordered), label, decisions) == (["only"], "single-block", [])


def test_label_xy_cut_when_every_block_is_measured():
    page = Page()
    page.add("second", (0, 100, 100, 20))
    page.add("first", (0, 0, 100, 20))
    ordered, label, _ = order_blocks(page.blocks)
    assert label == "geometric-xy-cut"
    assert texts(ordered) == ["first", "second"]


def test_label_dom_fallback_when_half_or_fewer_are_measured_keeps_source_order():
    page = Page()
    page.add("one", (0, 500, 100, 20))
    page.add("two", (0, 0, 100, 20))
    page.add("three")
    page.add("four")
    ordered, label, decisions = order_blocks(page.blocks)
    assert label == "dom-fallback"
    assert texts(ordered) == ["one", "two", "three", "four"]
    assert decisions == []


def test_label_dom_fallback_without_any_geometry():
    page = Page()
    for word in ("c", "a", "b"):
        page.add(word)
    shuffled = [page.blocks[2], page.blocks[0], page.blocks[1]]
    ordered, label, _ = order_blocks(shuffled)
    assert label == "dom-fallback"
    assert texts(ordered) == ["c", "a", "b"]      # by dom_index, not by list position


# ---------------------------------------------------------------- degenerate geometry

def test_identical_boxes_keep_source_order_without_looping():
    page = Page()
    for k in range(200):
        page.add(f"B{k}", (10, 10, 300, 20))
    ordered, label, decisions = order_blocks(page.blocks)
    assert texts(ordered) == [f"B{k}" for k in range(200)]
    assert label == "geometric-xy-cut"
    assert decisions == []


def test_zero_size_boxes_count_as_unmeasured():
    page = Page()
    page.add("late", (0, 400, 100, 20))
    page.add("hidden", (0, 0, 0, 0))
    page.add("early", (0, 0, 100, 20))
    page.add("middle", (0, 200, 100, 20))
    ordered, label, _ = order_blocks(page.blocks)
    assert label == "geometric-anchored"
    assert texts(ordered) == ["early", "middle", "late", "hidden"]
    assert next(b for b in ordered if b.text == "hidden").rect is None


def test_all_zero_size_boxes_fall_back_to_source_order():
    page = Page()
    for word in ("x", "y", "z"):
        page.add(word, (0, 0, 0, 0))
    ordered, label, _ = order_blocks(page.blocks)
    assert (texts(ordered), label) == (["x", "y", "z"], "dom-fallback")


def test_zero_height_lines_do_not_crash_and_read_top_down():
    page = Page()
    for k in range(5):
        page.add(f"L{k}", (0, (4 - k) * 10, 100, 0))
    ordered, _, _ = order_blocks(page.blocks)
    assert texts(ordered) == ["L4", "L3", "L2", "L1", "L0"]


def test_staircase_of_ever_wider_gaps_finishes_and_reads_top_down():
    # Each cut splits off one block, the worst shape for XY-cut; the depth bound and
    # the explicit stack keep this finite and free of recursion errors.
    page = Page()
    y = 0.0
    for k in range(3000):
        page.add(f"S{k}", (0, y, 100, 10))
        y += 10 + 1 + k * 0.2
    reversed_source = [page.blocks[k] for k in range(2999, -1, -1)]
    ordered, _, _ = order_blocks(reversed_source)
    assert texts(ordered) == [f"S{k}" for k in range(3000)]


# ---------------------------------------------------------------- decision log

def test_blocks_read_out_of_source_order_are_logged_as_moved():
    page = Page()
    for row in range(3):
        page.add(f"R{row}", (420, row * 34, 380, 24), xpath=column_xpath(2, row + 1))
    for row in range(3):
        page.add(f"L{row}", (0, row * 34, 380, 24), xpath=column_xpath(1, row + 1))
    ordered, _, decisions = order_blocks(page.blocks)
    assert texts(ordered) == ["L0", "L1", "L2", "R0", "R1", "R2"]
    moved = [d for d in decisions if d.action == "moved"]
    assert len(moved) == 3 and all(d.stage == "reading_order" for d in moved)


def test_move_log_is_bounded_with_a_summary():
    page = Page()
    for k in range(300):
        page.add(f"B{k}", (0, (299 - k) * 30, 100, 20))
    _, _, decisions = order_blocks(page.blocks)
    assert len(decisions) == MAX_MOVE_DECISIONS + 1
    assert decisions[-1].xpath == "" and "more blocks" in decisions[-1].reason


def test_input_list_and_blocks_are_not_mutated():
    page = docs_page()
    before = list(page.blocks)
    order_blocks(page.blocks)
    assert page.blocks == before


def test_rtl_reads_a_line_of_nearly_touching_boxes_right_to_left():
    page = Page()
    # 6 px apart: no gutter, one line; rtl reads it from the right.
    page.add("left", (0, 0, 100, 24))
    page.add("right", (106, 0, 100, 24))
    page.add("below", (0, 40, 206, 24))
    rtl, _, _ = order_blocks(page.blocks, direction="rtl")
    ltr, _, _ = order_blocks(page.blocks)
    assert texts(rtl) == ["right", "left", "below"]
    assert texts(ltr) == ["left", "right", "below"]


def test_staggered_timeline_reads_down_the_spine_not_column_by_column():
    page = Page()
    # Entries alternate left and right of a 112 px channel, each alone in its band.
    years = ["1889", "1902", "1931", "1956", "2009", "2024"]
    for k, year in enumerate(years):
        x = 156 if k % 2 == 0 else 696
        page.add(year, (x, 138 + k * 122, 428, 82),
                 xpath=f"/html[1]/body[1]/div[1]/div[{k // 2 + 1 + (k % 2) * 3}]/p[1]")
    source_by_side = sorted(page.blocks, key=lambda b: (b.rect.x, b.rect.y))
    ordered, _, _ = order_blocks([replace(b, dom_index=i) for i, b in enumerate(source_by_side)])
    assert texts(ordered) == years


def test_row_band_inside_a_column_layout_does_not_cut_the_sidebar_off():
    page = Page()
    page.add("Masthead", (32, 16, 1216, 79), xpath="/html[1]/body[1]/div[1]/p[1]")
    page.add("Most read", (973, 135, 275, 32), kind="heading",
             xpath="/html[1]/body[1]/div[2]/aside[1]/h2[1]")
    page.add("Lead", (32, 131, 876, 400), xpath="/html[1]/body[1]/div[2]/article[1]/p[1]")
    # 44 px of clear space below the lead (wider than the 36 px under the masthead),
    # while the sidebar column stays open beside both.
    page.add("Council", (32, 575, 418, 112), xpath="/html[1]/body[1]/div[2]/article[2]/p[1]")
    page.add("Schools", (490, 575, 418, 112), xpath="/html[1]/body[1]/div[2]/article[3]/p[1]")
    ordered, _, _ = order_blocks(page.blocks)
    assert texts(ordered) == ["Masthead", "Lead", "Council", "Schools", "Most read"]



# ---------------------------------------------------------------- text flows

def multicolumn_story() -> Page:
    """Three CSS columns, a 16 px gutter; the third paragraph breaks across the first
    gutter, so its box is the union of its pieces (both columns, full height)."""
    page = Page()
    story = "/html[1]/body[1]/article[1]/div[1]"
    page.add("Title", (0, 0, 1000, 40), xpath="/html[1]/body[1]/article[1]/h1[1]")
    boxes = [(0, 60, 323, 120), (0, 188, 323, 96), (0, 60, 661, 280), (339, 140, 323, 96),
             (339, 244, 323, 96), (677, 60, 323, 96), (677, 164, 323, 96)]
    for n, box in enumerate(boxes, start=1):
        page.add(f"P{n}", box, xpath=f"{story}/p[{n}]")
    return page


def test_multicolumn_text_is_read_in_source_order_when_the_browser_says_so():
    page = multicolumn_story()
    ordered, _, _ = order_blocks(page.blocks)
    assert texts(ordered) != ["Title", "P1", "P2", "P3", "P4", "P5", "P6", "P7"]
    flows = TextFlows(columns=frozenset({"/html[1]/body[1]/article[1]/div[1]"}))
    ordered, label, _ = order_blocks(page.blocks, flows=flows)
    assert texts(ordered) == ["Title", "P1", "P2", "P3", "P4", "P5", "P6", "P7"]
    assert label == "geometric-xy-cut"


def vertical_essay() -> Page:
    """A header across the page, then an essay set vertical-rl: tall columns, the
    title at the right."""
    page = Page()
    page.add("Header", (0, 0, 1000, 24), xpath="/html[1]/body[1]/header[1]/p[1]")
    essay = "/html[1]/body[1]/article[1]"
    page.add("Title", (960, 60, 40, 560), xpath=f"{essay}/h1[1]")
    for n in range(1, 4):
        page.add(f"P{n}", (960 - 80 * n, 60, 64, 560), xpath=f"{essay}/p[{n}]")
    return page


def test_vertical_rl_text_is_read_from_the_right_and_the_rest_across():
    page = vertical_essay()
    vertical = frozenset(b.xpath for b in page.blocks if b.text != "Header")
    ordered, _, _ = order_blocks(page.blocks, flows=TextFlows(vertical_rl=vertical))
    assert texts(ordered) == ["Header", "Title", "P1", "P2", "P3"]
    ordered, _, _ = order_blocks(page.blocks)       # boxes alone read it left to right
    assert texts(ordered) != ["Header", "Title", "P1", "P2", "P3"]


def test_a_vertical_column_is_not_a_rail_and_sets_the_line_by_its_width():
    page = vertical_essay()
    vertical = frozenset(b.xpath for b in page.blocks if b.text != "Header")
    assert page_line_height(page.blocks, vertical) == 40       # the title's width
    _, _, decisions = order_blocks(page.blocks, flows=TextFlows(vertical_rl=vertical))
    assert not [d for d in decisions if "rail" in d.reason]


# ---------------------------------------------------------------- bars over columns

def bar_over_sidebar(bar: str) -> Page:
    """A bar (name at the left, links at the right, 28 px above the text below it)
    over a sidebar and an article split by a 40 px gutter; `bar` is the path of the
    element holding the bar's two blocks."""
    page = Page()
    page.add("Brand", (24, 8, 104, 24), xpath=f"{bar}/span[1]")
    page.add("Links", (1158, 8, 98, 24), xpath=f"{bar}/nav[1]")
    wrap = "/html[1]/body[1]/div[2]"
    page.add("Contents", (90, 60, 240, 24), xpath=f"{wrap}/aside[1]/h2[1]")
    page.add("Entry", (130, 104, 200, 24), xpath=f"{wrap}/aside[1]/ul[1]/li[1]")
    for n in range(3):
        page.add(f"Text{n}", (370, 61 + 60 * n, 820, 48), xpath=f"{wrap}/main[1]/p[{n + 1}]")
    return page


def test_a_bar_of_its_own_over_columns_is_read_whole_first():
    page = bar_over_sidebar("/html[1]/body[1]/div[1]")
    ordered, _, _ = order_blocks(page.blocks)
    assert texts(ordered) == ["Brand", "Links", "Contents", "Entry", "Text0", "Text1", "Text2"]


def test_a_strip_sharing_its_element_with_the_columns_is_left_to_them():
    # The same boxes, the "bar" being the first line of the wrapper's two columns.
    page = bar_over_sidebar("/html[1]/body[1]/div[2]")
    ordered, _, _ = order_blocks(page.blocks)
    assert texts(ordered) == ["Brand", "Contents", "Entry", "Links", "Text0", "Text1", "Text2"]


def test_a_bar_fixed_to_the_screen_is_read_where_the_source_puts_it():
    page = Page()
    for n in range(6):
        page.add(f"P{n}", (360, 64 + 200 * n, 400, 180), xpath=f"/html[1]/body[1]/main[1]/p[{n + 1}]")
    page.add("Strip", (24, 988, 1232, 24), xpath="/html[1]/body[1]/div[2]/p[1]")
    strip = {"/html[1]/body[1]/div[2]": PinnedBox(Rect(0, 976, 1280, 48), Rect(0, 0, 1280, 1300))}
    ordered, _, decisions = order_blocks(page.blocks, page_width=1280, viewport_height=1024,
                                         pinned=strip)
    assert texts(ordered) == ["P0", "P1", "P2", "P3", "P4", "P5", "Strip"]
    assert any("bar fixed to the screen" in d.reason for d in decisions)
    ordered, _, _ = order_blocks(page.blocks, page_width=1280, viewport_height=1024)
    assert texts(ordered).index("Strip") < 6          # drawn mid-article when measured
