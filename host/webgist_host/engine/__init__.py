"""The conversion engine: pure stages from HTML (and measured boxes) to a Document.

pipeline.py runs them in order: dom/ (parse, shadow roots, the capture's boxes),
blocks/ (the block model), regions/ (landmarks and page furniture), order/ (reading
order), dedup.py, render/ (Markdown).
"""
