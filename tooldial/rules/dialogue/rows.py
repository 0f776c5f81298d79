"""World rule ``rows``: the records of one list agree: one id has one name, a price series has no jump, a place is
listed once. Its fixes, run by the mock-data generator on a result: :func:`one_name_per_id`, :func:`walk_series`
and :func:`drop_repeated_places`."""

from __future__ import annotations

import random
from typing import Any

from tooldial.dialogue.mockdata.dates import series_key
from tooldial.dialogue.mockdata.fields import FieldName, field_kind, name_tokens
from tooldial.dialogue.mockdata.paths import as_number, as_text
from tooldial.dialogue.mockdata.places import city_aliases
from tooldial.dialogue.result_records import dict_lists
from tooldial.knowledge import loader
from tooldial.rules.world_check import Call, CallRule, Scene, WorldCheck, WorldProblem


class Rows(CallRule):
    """The records of one list agree: one id has one name, a price series has no jump, a place is listed once."""

    checks = (WorldCheck.ONE_ID_TWO_NAMES, WorldCheck.PRICE_JUMP, WorldCheck.PLACE_TWICE)

    def problems(self, call: Call, scene: Scene | None) -> list[WorldProblem]:
        return [p.at(f"{call.api_name} result") for _path, rows in dict_lists(call.result)
                for p in one_name_problems(rows) + price_jump_problems(rows) + place_twice_problems(rows)]

    @staticmethod
    def fix_places(body: Any) -> bool:
        """The generator's fix of a whole result: :func:`drop_repeated_places`; whether it left any record out."""
        return drop_repeated_places(body)

    @staticmethod
    def fix_names(records: list[dict[str, Any]]) -> None:
        """The generator's fix of one list (league tables): :func:`one_name_per_id`."""
        one_name_per_id(records)

    @staticmethod
    def fix_series(body: Any, rng: random.Random) -> None:
        """The generator's fix of a whole result: :func:`walk_series`."""
        walk_series(body, rng)


def one_name_per_id(records: list[dict[str, Any]]) -> None:
    """Records of one list that share an id (``league_id``) share its name (``league_name``): one league of a
    standings table, not "Harare Masters" and "Harare Cup"."""
    first = records[0]
    for key in first:
        if not key.lower().endswith(("_id", "id")) or key.lower() in ("id", "_id"):
            continue
        stem = key[:-3] if key.lower().endswith("_id") else key[:-2]
        name = next((k for k in (f"{stem}_name", f"{stem}Name", f"{stem}name") if k in first), None)
        if name is None:
            continue
        names: dict[str, Any] = {}
        for record in records:
            if key in record and name in record:
                record[name] = names.setdefault(as_text(record[key]), record[name])


def one_name_problems(records: list[dict[str, Any]]) -> list[WorldProblem]:
    """Rule ``one id, two names``: records of a list that share an id give it different names."""
    probe = [dict(r) for r in records]
    one_name_per_id(probe)
    return [WorldProblem(WorldCheck.ONE_ID_TWO_NAMES, f"{k}={r[k]!r} beside {p[k]!r}", (k,))
            for r, p in zip(records, probe, strict=True) for k in r if r[k] != p[k]][:1]


#: The kinds of a record's fields that say where it lies: two records of one place agree on every one.
_PLACE_KINDS = ("latitude", "longitude", "country", "country_code", "city", "state", "timezone")


def _place_key(record: dict[str, Any]) -> tuple[Any, ...] | None:
    """What makes a record one place: its own name when that is a city's, beside its own coordinates (``name``:
    Patna, ``latitude``, ``longitude``), with its place fields (coordinates, country, time zone); None for a record
    of anything else (a hotel, a song) or a thing named for its town or country without a point of its own (the air
    stations a search for "singapore" found)."""
    name = next((v for k, v in record.items() if isinstance(v, str) and field_kind(FieldName(k)) == "name"), None)
    if name is None:
        return None
    fields = sorted((str(field_kind(FieldName(k))), as_text(v)) for k, v in record.items()
                    if not isinstance(v, dict | list) and field_kind(FieldName(k)) in _PLACE_KINDS)
    point = {"latitude", "longitude"} <= {kind for kind, _ in fields}
    if not point or name.strip().lower() not in city_aliases():
        return None
    return (name.strip().lower(), *fields)


def repeated_places(records: list[Any]) -> list[int]:
    """The indexes of records that repeat an earlier record's place: a geocoder's "patna" found Patna twice, at one
    point, with two populations (review 5251)."""
    seen: set[tuple[Any, ...]] = set()
    out = []
    for i, record in enumerate(records):
        key = _place_key(record) if isinstance(record, dict) else None
        if key is not None and key in seen:
            out.append(i)
        elif key is not None:
            seen.add(key)
    return out


def place_twice_problems(records: list[dict[str, Any]]) -> list[WorldProblem]:
    """Rule ``place twice``: a list names one place in two records (:func:`repeated_places`)."""
    return [WorldProblem(WorldCheck.PLACE_TWICE, f"record {i} repeats the place of an earlier one "
                         f"({(_place_key(records[i]) or ('',))[0]!r})", ()) for i in repeated_places(records)][:1]


def drop_repeated_places(node: Any) -> bool:
    """Every list of the result lists each place once: a record that repeats an earlier one's place is left out
    (:func:`repeated_places`); a list of one place is the one match a search by its name finds. Whether any was."""
    dropped = False
    if isinstance(node, dict):
        for value in node.values():
            dropped = drop_repeated_places(value) or dropped
    elif isinstance(node, list):
        for i in reversed(repeated_places(node)):
            del node[i]
            dropped = True
        for value in node:
            dropped = drop_repeated_places(value) or dropped
    return dropped


#: Price words of a series record (a candle's open/high/low/close, a chart point's price).
_SERIES_PRICE_WORDS = loader.words("money", "series_prices")


def _series_prices(row: dict[str, Any]) -> list[WorldProblem]:
    return [k for k, v in row.items() if as_number(v) is not None and not isinstance(v, str | bool) and (
        set(name_tokens(k)) & _SERIES_PRICE_WORDS) and field_kind(FieldName(k, "number")) not in ("date", "datetime",
                                                                                             "time", "count")]


#: How far one step of a generated price series moves at most (×), and how far the check allows (documented
#: charts included).
SERIES_STEP = 1.25


SERIES_JUMP = 2.0


def price_jump_problems(rows: list[dict[str, Any]]) -> list[WorldProblem]:
    """Rule ``price jump``: a price series whose price more than doubles or halves from one record to the next
    (Pebble Finance at 3,512.90, then 80.11 the next day)."""
    if len(rows) < 2 or series_key(rows[0]) is None:
        return []
    for prev, row in zip(rows, rows[1:], strict=False):
        for key in _series_prices(prev)[:1]:
            a, b = as_number(prev.get(key)), as_number(row.get(key))
            if a and b and a > 0 and b > 0 and not 1 / SERIES_JUMP <= b / a <= SERIES_JUMP:
                return [WorldProblem(WorldCheck.PRICE_JUMP, f"{key} {prev[key]} then {row[key]}", (key,))]
    return []


def walk_series(node: Any, rng: random.Random) -> None:
    """A price series moves by small steps from its first (documented) record: each later record's prices are
    scaled together (open, high, low and close keep their order) when its lead price leaves ×1.25 of the last."""
    if isinstance(node, dict):
        for value in node.values():
            walk_series(value, rng)
        return
    if not isinstance(node, list):
        return
    for value in node:
        walk_series(value, rng)
    rows = [r for r in node if isinstance(r, dict)]
    if len(rows) < 2 or len(rows) != len(node) or series_key(rows[0]) is None or not _series_prices(rows[0]):
        return
    lead = _series_prices(rows[0])[0]
    for prev, row in zip(rows, rows[1:], strict=False):
        a, b = as_number(prev.get(lead)), as_number(row.get(lead))
        if not a or not b or a <= 0 or b <= 0 or 1 / SERIES_STEP <= b / a <= SERIES_STEP:
            continue
        factor = a * rng.uniform(0.97, 1.03) / b
        for key in _series_prices(row):
            digits = len(str(row[key]).split(".")[1]) if "." in str(row[key]) else 0
            row[key] = round(row[key] * factor, max(digits, 2)) if isinstance(row[key], float) else round(
                row[key] * factor)
