"""Record rule ``eu member``: a record of one country says it is in the European Union exactly when that country is
(``{"country_code": "SA", "in_eu": true}`` is Saudi Arabia in the EU); its fix (:func:`fix_eu_flags`, run by the
mock-data generator on every record) states the country's membership. Members: ``places.eu_members``."""

from __future__ import annotations

from typing import Any

from tooldial.dialogue.mockdata import FieldName, as_text
from tooldial.knowledge.loader import words
from tooldial.rules.record import Check, Problem, Record, RecordRule
from tooldial.rules.world.city_country import country_codes

_MEMBERS = words("places", "eu_members")
_FLAG_WORDS = words("places", "eu_flag_words")
#: The yes/no words a flag may be written in (``labels.boolean_values``), by pair: a fix keeps the flag's style.
_BOOLEANS = words("labels", "boolean_values")
_PAIRS = {w: pair for pair in (("true", "false"), ("yes", "no"), ("y", "n")) for w in pair}


def eu_flag(key: str) -> bool:
    """Whether a field says EU membership: every word of its name is one of ``places.eu_flag_words`` and it
    names the EU (``in_eu``, ``isEU``, ``isInEuropeanUnion``; not ``is_in``)."""
    tokens = FieldName(key).tokens
    return bool(tokens) and set(tokens) <= _FLAG_WORDS and ("eu" in tokens or {"european", "union"} <= set(tokens))


def _truth(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    text = as_text(value).strip().lower()
    return None if text not in _BOOLEANS or text not in _PAIRS else text == _PAIRS[text][0]


def _membership(record: Record) -> tuple[str, bool] | None:
    """(the record's one two-letter country code, whether it is an EU member), or None."""
    codes = set(country_codes(record))
    if len(codes) != 1:
        return None
    code = codes.pop()
    return code, code in _MEMBERS


class EuMember(RecordRule):
    """A record of one country says it is in the EU exactly when it is (``SA``: no; ``FR``: yes)."""

    checks = (Check.EU_MEMBER,)
    needs = frozenset({"country_code"})

    def problems(self, record: Record) -> list[Problem]:
        found = _membership(record)
        if found is None:
            return []
        code, member = found
        return [Problem(Check.EU_MEMBER, f"{key}={record.scalars[key]!r} but {code} is {'' if member else 'not '}in the EU",
                        (key,)) for key in record.scalars if eu_flag(key) and _truth(record.scalars[key]) not in (None, member)]

    @staticmethod
    def fix(record: dict[str, Any]) -> None:
        """The generator's fix of one record: :func:`fix_eu_flags`."""
        fix_eu_flags(record)


def fix_eu_flags(record: dict[str, Any]) -> None:
    """Every EU flag of a record with one two-letter country code states that country's membership, in the form it
    was written in (a boolean, ``"true"``/``"false"``, ``"yes"``/``"no"``, ``"y"``/``"n"``, case kept). Runs on every
    generated record: records without an EU flag are left at once."""
    flags = [k for k in record if eu_flag(k) and _truth(record[k]) is not None]
    found = _membership(Record.of(record)) if flags else None
    if found is None:
        return
    member = found[1]
    for key in flags:
        value = record[key]
        if isinstance(value, bool):
            record[key] = member
            continue
        text = as_text(value).strip()
        word = _PAIRS[text.lower()][0 if member else 1]
        record[key] = word.capitalize() if text[:1].isupper() else word
