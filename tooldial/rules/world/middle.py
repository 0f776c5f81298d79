"""Record rule ``middle``: a middle value (``avg``, ``mean``, ``median``) lies between its low and high; its fix
(:func:`fix_middles`, run by the mock-data generator) puts the three in order."""

from __future__ import annotations

from typing import Any

from tooldial.dialogue.mockdata.fields import FieldName, name_tokens
from tooldial.dialogue.mockdata.record_rules import ordered_pairs
from tooldial.knowledge import loader
from tooldial.rules.record import Check, Problem, Record, RecordRule

#: Words of a value that lies between its record's minimum and maximum (``averageRent`` in ``minRent``..``maxRent``).
MIDDLE_WORDS = loader.ordered_words("measures", "middle")


class Middle(RecordRule):
    """A middle value (``avg``, ``mean``, ``median``) between its low and high (``min``/``max``)."""

    checks = (Check.MIDDLE,)

    def problems(self, record: Record) -> list[Problem]:
        return middle_problems(dict(record.scalars))

    @staticmethod
    def fix(record: dict[str, Any]) -> None:
        """The generator's fix of one record: :func:`fix_middles`."""
        fix_middles(record)


def middle_triples(record: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(min, middle, max) numeric keys of one record named alike: ``minRent``/``averageRent``/``maxRent``."""
    numbers = [k for k, v in record.items() if isinstance(v, int | float) and not isinstance(v, bool)]
    out = []
    for low, high in ordered_pairs(numbers):
        if not FieldName(low).has("min", "lowest"):
            continue
        rest = [t for t in name_tokens(low) if t not in ("min", "lowest")]
        out += [(low, mid, high) for mid in numbers if FieldName(mid).has(*MIDDLE_WORDS)
                and [t for t in name_tokens(mid) if t not in MIDDLE_WORDS] == rest]
    return out


def middle_problems(record: dict[str, Any]) -> list[Problem]:
    """An average outside its record's minimum..maximum."""
    return [Problem(Check.MIDDLE, f"{mid} {record[mid]} outside {low} {record[low]}..{high} {record[high]}",
                    (low, mid, high))
            for low, mid, high in middle_triples(record) if not record[low] <= record[mid] <= record[high]]


def fix_middles(record: dict[str, Any]) -> None:
    """An average lies between its minimum and maximum: the three are put in order."""
    for low, mid, high in middle_triples(record):
        a, m, b = sorted((record[low], record[mid], record[high]))
        record[low], record[mid], record[high] = a, m, b
