"""Every tunable number of the reading-order stage, each with the reason it holds.

Lengths are in multiples of the page's line height (see `stage.page_line_height`),
so one rule fits a 12 px footnote page and a 24 px magazine spread alike.
"""
from __future__ import annotations

# --- bands: where the cut may fall ---------------------------------------------------
# A column gutter is at least half a line wide. CSS multi-column's default gap is
# 1em, two thirds of a 1.5 line, so the multiple must sit below 0.67; and on a page
# with few one-line blocks the lower quartile overshoots the text's real line.
COLUMN_GAP_LINES = 0.5
# A row band needs a quarter of a line of empty space: enough to ignore sub-pixel
# seams between touching boxes, small enough that ordinary leading separates rows.
ROW_GAP_LINES = 0.25
# Bands at least this fraction of the widest band are cut together with it
# ("the widest band, and anything within 5% of it"): equal gutters of a grid
# differ by a pixel or two of rounding.
BAND_TIE_FRACTION = 0.95
# In a region with no band left, two boxes share a line when their vertical
# overlap is at least this share of the taller box's height: measured against the
# taller box, a caption beside a tall picture is not its line's equal.
ROW_OVERLAP_OF_TALLER = 0.5

# --- zigzags: entries alternating either side of a spine --------------------------------
# At least three entries (left, right, left) before alternation means anything ...
ZIGZAG_MIN_ENTRIES = 3
# ... and each starts at least a line below the one before: entries level with each
# other are a row of a grid, read across.
ZIGZAG_MIN_STEP_LINES = 1.0

# --- rails: thin tall boxes standing in a gutter --------------------------------------
# A rail (a sidebar's collapse handle, a decorative rule drawn as a box) is no
# wider than one line and at least eight lines tall; left in the cut it bridges
# the gutter it stands in.
RAIL_MAX_WIDTH_LINES = 1.0
RAIL_MIN_HEIGHT_LINES = 8.0
# Line height used when no measured block has a positive height (CSS's default 16 px).
FALLBACK_LINE_HEIGHT = 16.0

# --- cards: repeated sibling containers read as one unit ------------------------------
# A card template is a sibling container repeated with at least three distinct
# indices (`/main/ul/li[3]`): two of a kind can be a pair of unrelated sections ...
CARD_MIN_SIBLINGS = 3
# ... whose every instance holds at most this many blocks. A product card is an
# image, a title, a price and a few badges; a page section is far larger.
MAX_CARD_BLOCKS = 12

# --- pinned columns: fixed and sticky sidebars ------------------------------------------
# A fixed or sticky box no wider than this share of the viewport stands beside the
# content (a sidebar, a share rail); a wider one is a bar across the page.
PINNED_MAX_WIDTH_SHARE = 0.5
# Its height is capped at the viewport (max-height: 100vh, or fixed top to bottom):
# sub-pixel rounding aside, no taller than the screen.
VIEWPORT_CAP_SLACK = 1.0
# Read as a column only when its holder runs on at least a line below it: otherwise
# it already stands where the reader sees it.
PINNED_MIN_REACH_LINES = 1.0
# A page draws a handful of sidebars and rails; past this many pinned boxes holding
# text it is something else (every line fixed in place), and finding each column's
# lane costs a pass over every block, so none is read as a column.
MAX_PINNED_COLUMNS = 16

# --- anchoring --------------------------------------------------------------------------
# Geometry leads when strictly more than this share of blocks were measured; with
# fewer, the anchored blocks would outnumber the ones placing them.
ANCHORED_MIN_MEASURED_SHARE = 0.5

# --- bounds ------------------------------------------------------------------------------
# At most this many individual "moved" decisions; the rest are summarised, so the
# log of a shuffled 30k-block page stays readable.
MAX_MOVE_DECISIONS = 50
# Cuts nested deeper than this are read as one region (by line). Real layouts nest a
# handful of levels; the bound keeps pathological inputs at O(depth * n log n).
MAX_CUT_DEPTH = 64
