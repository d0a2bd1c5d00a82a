#!/bin/sh
# Rebuild the docs sites from _src/ with every theme, then trim them (prune.py).
# Needs a Python with Sphinx and the themes, kept OUT of the project's venv, e.g.
#   python3 -m venv /tmp/sphinxenv
#   /tmp/sphinxenv/bin/pip install sphinx furo sphinx-rtd-theme pydata-sphinx-theme sphinx-book-theme
#   SPHINXENV=/tmp/sphinxenv sh tests/pages/docs-sites/build.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
env=${SPHINXENV:-/tmp/sphinxenv}
out=$(mktemp -d)
for theme in alabaster furo sphinx_rtd_theme pydata_sphinx_theme sphinx_book_theme; do
    DOCS_THEME=$theme "$env/bin/sphinx-build" -q -E -b html "$here/_src" "$out/$theme"
    "$env/bin/python" "$here/prune.py" "$out/$theme" "$here/$theme"
done
rm -rf "$out"
du -sh "$here"
