"""Trim one freshly built Sphinx site down to what the tests load.

Usage: python prune.py BUILT_SITE_DIR DEST_DIR

Keeps the three content pages and the _static files that draw the layout (CSS,
the fonts the CSS asks for in woff2, the theme's own small scripts). Drops the
search machinery, source maps, doctrees, the icon-font script (fontawesome.js,
1.5 MB, it only swaps <i> tags for SVG icons) and duplicate font formats, then
removes the <script>/<link> tags that point at dropped files.
"""
from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

PAGES = ("index.html", "guide.html", "api.html")
DROP_NAMES = {
    "searchtools.js", "language_data.js", "english-stemmer.js", "base-stemmer.js",
    "fontawesome.js", "searchindex.js", "objects.inv", ".buildinfo",
    # fonts no page here draws with: brand icons (no icon links are configured) and
    # Read the Docs' italic Lato faces (Chromium slants the upright face instead)
    "fa-brands-400.woff2", "lato-normal-italic.woff2", "lato-bold-italic.woff2",
    "logo_colab.png",
}
DROP_SUFFIXES = (".map", ".ttf", ".eot", ".svg", ".woff", ".LICENSE.txt", ".txt")
DROP_DIRS = {".doctrees", "_sources", "Lato", "RobotoSlab", "locales"}
KEEP_SVG = set()  # no theme here needs an .svg file for layout


def keep(rel: Path) -> bool:
    if any(part in DROP_DIRS for part in rel.parts):
        return False
    if rel.parts[0] != "_static":
        return rel.name in PAGES
    if rel.name in DROP_NAMES:
        return False
    if rel.name.endswith(DROP_SUFFIXES) and rel.name not in KEEP_SVG:
        return False
    return True


def main(src: Path, dest: Path) -> None:
    if dest.exists():
        shutil.rmtree(dest)
    for path in sorted(src.rglob("*")):
        rel = path.relative_to(src)
        if path.is_file() and keep(rel):
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, dest / rel)
    for page in PAGES:
        html_path = dest / page
        html = html_path.read_text(encoding="utf-8")

        def dangling(match: re.Match) -> str:
            ref = match.group("ref").split("?")[0].split("#")[0]
            if re.match(r"[a-z]+:", ref) or (dest / ref).exists():
                return match.group(0)
            return ""

        html = re.sub(r'<script\b[^>]*\bsrc="(?P<ref>[^"]+)"[^>]*>\s*</script>\n?', dangling, html)
        html = re.sub(r'<link\b[^>]*\brel="(?:preload|stylesheet)"[^>]*\bhref="(?P<ref>[^"]+)"[^>]*>\n?',
                      dangling, html)
        html = re.sub(r'<link\b[^>]*\bhref="(?P<ref>[^"]+)"[^>]*\brel="(?:preload|stylesheet)"[^>]*>\n?',
                      dangling, html)
        html_path.write_text(html, encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
