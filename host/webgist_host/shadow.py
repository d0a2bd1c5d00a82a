"""Stage 2: compose open shadow roots into the flat tree the browser renders.

Placeholder until the shadow-DOM work lands: the tree is returned unchanged.
"""
from __future__ import annotations


def flatten_shadow_roots(root):
    return root
