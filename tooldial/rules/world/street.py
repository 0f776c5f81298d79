"""A record's street is the one its own street address names."""

from __future__ import annotations

import re

from tooldial.dialogue.mockdata import FieldName, field_kind
from tooldial.knowledge import loader
from tooldial.rules.record import Check, Problem, Record, RecordRule

#: Words of a street field that holds no street name (``street_number``, ``street_type``): the ``addresses`` pack.
_NOT_STREET_NAME = loader.ordered_words("addresses", "not_street_name_words")


class Street(RecordRule):
    """``address`` "201 Mccarthy Drive" with ``street`` "Thomas Avenue" is two places."""

    checks = (Check.ADDRESS_STREET,)

    def problems(self, record: Record) -> list[Problem]:
        scalars = record.scalars
        lines = [(k, v) for k, v in scalars.items() if isinstance(v, str) and re.search(r"\d", v)
                 and FieldName(k).has("address") and field_kind(FieldName(k)) == "address"]
        streets = [(k, v) for k, v in scalars.items() if isinstance(v, str) and v.strip()
                   and FieldName(k).has("street")
                   and not FieldName(k).has(*_NOT_STREET_NAME)]
        return [Problem(Check.ADDRESS_STREET, f"{k}={v!r} is not in {a}={line!r}", (k, a))
                for k, v in streets for a, line in lines if v.strip().casefold() not in line.casefold()]
