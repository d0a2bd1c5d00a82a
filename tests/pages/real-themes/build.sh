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
