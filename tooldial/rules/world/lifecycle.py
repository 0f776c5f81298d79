"""Record rule ``lifecycle``: a record is created before anything else befalls it: its ``createdAt`` is no later than
its ``updatedAt``, ``canceledAt``, ``deleted_at`` or ``last_login`` (words: ``time.record_created`` and
``time.record_later``). :meth:`Lifecycle.fix`, run by the mock-data generator, swaps the creation stamp with the
earliest stamp that comes before it, so every later event follows the creation and the record keeps its dates."""

from __future__ import annotations

from typing import Any

from tooldial.dialogue.mockdata import ISO_DATE, FieldName
from tooldial.knowledge import loader
from tooldial.rules.record import Check, Problem, Record, RecordRule, iso_date

_CREATED = loader.words("time", "record_created")
_LATER = loader.words("time", "record_later")


def _stamps(record: dict[str, Any] | Record) -> tuple[list[str], list[str]]:
    """(creation keys, later-event keys) of a flat record whose values are ISO dates or moments. A key that names
    both (``created_or_updated``) is neither."""
    scalars = record.scalars if isinstance(record, Record) else record
    created, later = [], []
    for key, value in scalars.items():
        if not (isinstance(value, str) and ISO_DATE.match(value)):
            continue
        f = FieldName(key)
        first, after = f.has(*_CREATED), f.has(*_LATER)
        if first and not after:
            created.append(key)
        elif after and not first:
            later.append(key)
    return created, later


class Lifecycle(RecordRule):
    """Creation before every later event of the same record (``createdAt`` ≤ ``updatedAt``, ``canceledAt``,
    ``deletedAt``, ``paid_at``): compared by date, so two stamps of one day never clash over a time zone."""

    checks = (Check.CREATED_AFTER_EVENT,)

    def problems(self, record: Record) -> list[Problem]:
        created, later = _stamps(record)
        out = []
        for a in created:
            for b in later:
                da, db = iso_date(record.scalars[a]), iso_date(record.scalars[b])
                if da is not None and db is not None and db < da:
                    out.append(Problem(Check.CREATED_AFTER_EVENT,
                                       f"{b}={record.scalars[b]} is before {a}={record.scalars[a]}", (a, b)))
        return out

    @staticmethod
    def fix(record: dict[str, Any]) -> None:
        """The generator's fix: each creation stamp later than a later event's swaps with the earliest such stamp
        (ISO text compares in time order), which leaves every later event at or after the creation."""
        created, later = _stamps(record)
        for a in created:
            early = [b for b in later if str(record[b])[:10] < str(record[a])[:10]]
            if early:
                b = min(early, key=lambda k: str(record[k]))
                record[a], record[b] = _written_as(record[b], record[a]), _written_as(record[a], record[b])


def _written_as(value: str, like: str) -> str:
    """ISO ``value`` in the layout of ISO ``like``: a date where ``like`` is a date, the time and zone ``like``
    writes where it has them (a swapped stamp keeps its field's layout: ``creation_date_time`` stays a date-time)."""
    if len(like) <= 10:
        return value[:10]
    if len(value) <= 10:
        return value + like[10:]
    return value[:19] + like[19:] if len(value) >= 19 and len(like) >= 19 else value
