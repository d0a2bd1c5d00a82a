import os

project = "Fenwick"
author = "The Fenwick contributors"
copyright = "2024, The Fenwick contributors"
release = "2.3.1"
version = "2.3"

extensions = []
html_theme = os.environ.get("DOCS_THEME", "alabaster")
html_title = "Fenwick 2.3 documentation"
html_static_path = []
html_show_sourcelink = False
html_copy_source = False
# Keep the build reproducible and free of network fetches.
html_last_updated_fmt = None
html_theme_options = {}
if html_theme == "pydata_sphinx_theme" or html_theme == "sphinx_book_theme":
    html_theme_options = {"navigation_with_keys": False}
