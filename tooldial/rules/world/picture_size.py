"""Record rule ``picture size``: a picture's width and height (:func:`~tooldial.knowledge.taxonomy.picture_size_keys`:
both beside the picture's own link) are whole numbers of pixels within ``media_files.picture_side_range``; its fix
(:meth:`PictureSize.fix`, run by the mock-data generator) draws the pair again as one of the common sizes
(``media_files.picture_sizes``). A thumbnail 22 by 9 pixels, a cover 26.7 wide, was a measure drawn by its name."""

from __future__ import annotations

import random
from typing import Any

from tooldial.knowledge import loader
from tooldial.knowledge.taxonomy import picture_size_keys
from tooldial.rules.record import Check, Problem, Record, RecordRule, number

_SIZES = loader.ordered_words("media_files", "picture_sizes")
_SIDE_RANGE = loader.ordered_words("media_files", "picture_side_range")
_LOW, _HIGH = (int(w) for w in _SIDE_RANGE)


def _bad_side(value: Any) -> bool:
    side = number(value)
    return side is None or side != int(side) or not _LOW <= side <= _HIGH


class PictureSize(RecordRule):
    """A picture's sides are whole pixels within the usual range."""

    checks = (Check.PICTURE_SIZE,)

    def problems(self, record: Record) -> list[Problem]:
        sides = picture_size_keys(record.scalars)
        return [Problem(Check.PICTURE_SIZE, f"{key}={record.scalars[key]} is no picture side", (key,))
                for key in sides if _bad_side(record.scalars[key])]

    @staticmethod
    def fix(record: dict[str, Any]) -> None:
        """The generator's fix of one record: a picture with a side out of range gets one common size, both sides
        at once, each in its field's form (a number stays a number, a text a text). The size is chosen by the
        record's own values, not drawn from the world's stream: the fix changes only the picture it mends."""
        sides = picture_size_keys(record)
        if not any(_bad_side(record[key]) for key in sides):
            return
        size = random.Random(repr(sorted((k, repr(v)) for k, v in record.items()))).choice(_SIZES).split("x")
        for key, side in sides.items():
            record[key] = size[side] if isinstance(record[key], str) else int(size[side])
