"""Block's compiled makers (model.new_block, model.revised) against the dataclass's own."""
from dataclasses import FrozenInstanceError, replace

import pytest

from webgist_host.engine.model import Block, BlockKind, Rect, Region, new_block, revised

FIELDS = dict(kind=BlockKind.LIST_ITEM, text="Two eggs", rich_text="Two *eggs*", tag="li",
              xpath="/html[1]/body[1]/ul[1]/li[2]", dom_index=7, rect=Rect(1.0, 2.0, 30.0, 4.0),
              level=1, ordered=True, number=2)


def test_new_block_is_the_block_the_class_makes():
    block = new_block(dict(FIELDS))
    assert type(block) is Block
    assert block == Block(**FIELDS)
    assert hash(block) == hash(Block(**FIELDS))
    assert block.in_main and block.region is None and block.visible   # defaults


def test_revised_is_replace():
    block = new_block(dict(FIELDS))
    copy = revised(block, region=Region.NAV, in_main=False)
    assert type(copy) is Block
    assert copy == replace(block, region=Region.NAV, in_main=False)
    assert block.in_main and block.region is None                     # the original kept


def test_blocks_stay_frozen_and_slotted():
    block = revised(new_block(dict(FIELDS)), level=2)
    with pytest.raises(FrozenInstanceError):
        block.text = "changed"  # type: ignore[misc]
    assert not hasattr(block, "__dict__")


def test_a_wrong_or_missing_field_is_refused():
    with pytest.raises(TypeError, match="colour"):
        new_block({**FIELDS, "colour": "red"})
    with pytest.raises(TypeError, match="dom_index"):
        new_block({k: v for k, v in FIELDS.items() if k != "dom_index"})
    with pytest.raises(TypeError, match="colour"):
        revised(new_block(dict(FIELDS)), colour="red")
