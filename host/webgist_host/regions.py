"""Stage 4: where each block sits (landmarks, roles, naming) and which are main content.

Placeholder: every block is main content.
"""
from __future__ import annotations

from .model import Block, Decision


def assign_regions(root, blocks: list[Block]) -> list[Block]:
    return list(blocks)


def select_scope(blocks: list[Block], scope: str) -> tuple[list[Block], list[Decision]]:
    return list(blocks), []
