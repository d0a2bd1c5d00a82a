#!/bin/sh
# Rebuild the real-theme reading-order pages (tests/pages/order--<theme>.html) from
# _src/, with their assets under real-themes/<theme>/. See README.md.
#   MKDOCSENV=/tmp/mkdocsenv sh tests/pages/real-themes/build.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
pages=$(dirname "$here")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# MkDocs Material: the guide page, its one stylesheet; no scripts (the layout is CSS).
"${MKDOCSENV:?set MKDOCSENV to a venv with mkdocs-material}/bin/mkdocs" build -q \
  -f "$here/_src/mkdocs-material/mkdocs.yml" -d "$tmp/mkdocs-material"
rm -rf "$here/mkdocs-material" && mkdir -p "$here/mkdocs-material/assets/stylesheets"
cp "$tmp"/mkdocs-material/assets/stylesheets/main.*.min.css "$here/mkdocs-material/assets/stylesheets/"
sed -e 's#\(href\|src\)="assets/#\1="real-themes/mkdocs-material/assets/#g' \
    -e 's#<script src="real-themes/mkdocs-material/assets/javascripts/[^"]*"></script>##' \
  "$tmp/mkdocs-material/guide.html" > "$pages/order--mkdocs-material.html"

# Jekyll minima (Debian's jekyll and jekyll-theme-minima): the post, main.css and the
# social icons; absolute asset URLs rewritten to real-themes/jekyll-minima/.
jekyll build -q --disable-disk-cache -s "$here/_src/jekyll-minima" -d "$tmp/jekyll-minima"
rm -rf "$here/jekyll-minima" && mkdir -p "$here/jekyll-minima/assets"
cp "$tmp/jekyll-minima/assets/main.css" "$tmp/jekyll-minima/assets/minima-social-icons.svg" \
  "$here/jekyll-minima/assets/"
sed -e 's#\(href\|src\)="/assets/#\1="real-themes/jekyll-minima/assets/#g' \
  "$tmp/jekyll-minima/2026/03/14/the-first-sowings.html" > "$pages/order--jekyll-minima.html"

# VitePress 1.6.4 (npm, in a throwaway folder: VITEPRESSDIR with node_modules/vitepress):
# the guide page server-rendered, its stylesheet; no scripts (no hydration), no fonts
# (Chromium falls back to the theme's system font stack).
# The sources are built inside VITEPRESSDIR, where vue and vitepress resolve.
vp=${VITEPRESSDIR:?set VITEPRESSDIR to a folder with node_modules/vitepress}
rm -rf "$vp/webgist-src" && cp -r "$here/_src/vitepress" "$vp/webgist-src"
(cd "$vp" && npx vitepress build webgist-src --outDir "$tmp/vitepress" >/dev/null)
rm -rf "$vp/webgist-src"
rm -rf "$here/vitepress" && mkdir -p "$here/vitepress/assets"
cp "$tmp"/vitepress/assets/style.*.css "$here/vitepress/assets/"
sed -e 's#<script[^>]*>[^<]*</script>##g' -e 's#<link rel="\(modulepreload\|preload\)" [^>]*>##g' \
    -e 's#href="/assets/style#href="real-themes/vitepress/assets/style#g' \
    -e 's#<link rel="preload stylesheet" href="/vp-icons.css" as="style">##' \
    -e 's#rel="preload stylesheet"#rel="stylesheet"#g' \
  "$tmp/vitepress/guide.html" > "$pages/order--vitepress.html"
