"""Draw webgist's toolbar and store icons (extension/icons/icon-N.png).

The Markdown mark (an M and a down arrow, white) on a rounded blue square, drawn
from polygons with 4x4 supersampling and written as RGBA PNG with zlib alone, so
the icons are rebuilt from this file without an image library:

    python store/icons.py            # writes extension/icons/icon-{16,32,48,96,128}.png
"""
from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path

SIZES = (16, 32, 48, 96, 128)
# White on this blue is 6.4:1 and the blue stands at 6.1:1 against a light toolbar
# (Firefox's #f9f9fb); against a dark one (#2b2a33) it is only 2.2:1, so a white rim
# draws the square's edge there (15:1), and the white mark reads on either.
BLUE = (11, 87, 208)
WHITE = (255, 255, 255)
RIM = 1 / 16       # the rim's width, as a share of the side (1 px at 16 px)
# The Markdown mark's outline (Dustin Curtis' public-domain mark), in its own
# 208 x 128 units: the M, then the arrow.
MARK_M = [(30, 98), (30, 30), (50, 30), (70, 55), (90, 30), (110, 30), (110, 98), (90, 98),
          (90, 59), (70, 84), (50, 59), (50, 98)]
MARK_ARROW = [(155, 98), (125, 65), (145, 65), (145, 30), (165, 30), (165, 65), (185, 65)]
CORNER = 0.19      # corner radius of the square, as a share of its side
MARGIN = 0.12      # space between the mark and the square's edge, as a share


def _inside(polygon: list[tuple[float, float]], x: float, y: float) -> bool:
    inside = False
    j = len(polygon) - 1
    for i, (xi, yi) in enumerate(polygon):
        xj, yj = polygon[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def _in_rounded_square(x: float, y: float, side: float, inset: float = 0.0) -> bool:
    x, y, side = x - inset, y - inset, side - 2 * inset
    r = CORNER * side
    cx = min(max(x, r), side - r)
    cy = min(max(y, r), side - r)
    return 0 <= x <= side and 0 <= y <= side and (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def draw(size: int, samples: int = 4) -> list[list[tuple[int, int, int, int]]]:
    """RGBA rows of the icon at `size` px."""
    xs = [x for poly in (MARK_M, MARK_ARROW) for x, _ in poly]
    ys = [y for poly in (MARK_M, MARK_ARROW) for _, y in poly]
    width, height = max(xs) - min(xs), max(ys) - min(ys)
    scale = size * (1 - 2 * MARGIN) / width
    ox = (size - width * scale) / 2 - min(xs) * scale
    oy = (size - height * scale) / 2 - min(ys) * scale
    glyphs = [[(ox + x * scale, oy + y * scale) for x, y in poly] for poly in (MARK_M, MARK_ARROW)]
    rows = []
    for py in range(size):
        row = []
        for px in range(size):
            square = white = 0
            for sy in range(samples):
                for sx in range(samples):
                    x = px + (sx + 0.5) / samples
                    y = py + (sy + 0.5) / samples
                    if _in_rounded_square(x, y, size):
                        square += 1
                        if (not _in_rounded_square(x, y, size, RIM * size)
                                or any(_inside(g, x, y) for g in glyphs)):
                            white += 1
            total = samples * samples
            if not square:
                row.append((0, 0, 0, 0))
                continue
            share = white / square
            colour = tuple(round(b + (w - b) * share) for b, w in zip(BLUE, WHITE))
            row.append((*colour, round(255 * square / total)))
        rows.append(row)
    return rows


def png(rows: list[list[tuple[int, int, int, int]]]) -> bytes:
    height, width = len(rows), len(rows[0])
    raw = b"".join(b"\0" + bytes(v for pixel in row for v in pixel) for row in rows)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        (out / f"icon-{size}.png").write_bytes(png(draw(size)))


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[1] / "extension" / "icons")
