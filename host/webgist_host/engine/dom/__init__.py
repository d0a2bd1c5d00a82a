"""Stages 1 and 2: the page parsed with lxml, open shadow roots composed in, and the
boxes collect.js measured, read into a Capture."""
