"""The record-rule contract: a flat record's view (:class:`Record`), what a rule reports (:class:`Problem` with a
:class:`Check`), the base class (:class:`RecordRule`) and the one loop every stage runs (:func:`check_record`)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache, lru_cache
from typing import Any, ClassVar

from tooldial.dialogue.mockdata.fields import FieldName, field_kind, name_tokens
from tooldial.dialogue.mockdata.paths import as_text
from tooldial.registry import RECORD_RULES


class Check(StrEnum):
    """What a record breaks; the value is the name reports count (the text before a message's first colon)."""

    CLOCK_TIME = "clock time"
    IMPOSSIBLE_DATE = "impossible date"
    OUT_OF_RANGE = "value out of range"
    CLOCK_PART = "clock part"
    START_AFTER_END = "start after end"
    MIN_ABOVE_MAX = "minimum above maximum"
    OHLC = "ohlc"
    NEGATIVE_VOLUME = "negative volume"
    CITY_COUNTRY = "city and country"
    COUNTRY_CURRENCY = "country currency"
    AMOUNT_RATE = "amount x rate"
    CURRENCY_PAIR = "currency pair"
    SPAN_UNITS = "span units"
    MIDDLE = "middle"
    UTC_OFFSET = "utc offset"
    LOCAL_TIME = "local time"
    ADDRESS_STREET = "address street"
    WEATHER_CONDITION = "weather condition"
    STANDINGS = "standings"
    MATCH_SCORE = "match score"
    COUNTRY_FACTS = "country facts"
    EU_MEMBER = "eu member"
    DATE_PARTS = "date parts"
    SALE_PRICE = "sale price"
    LEAGUE_TEAM = "league and team"
    CREATED_AFTER_EVENT = "created after a later event"
    PICTURE_SIZE = "picture size"
    REVIEW_TONE = "review tone"
    RENDERING = "rendering"


@dataclass(frozen=True, slots=True)
class Problem:
    """One broken expectation: which check (typed), the record's keys it concerns, and a detail for people."""

    check: Check
    detail: str
    keys: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.check.value}: {self.detail}"


@dataclass(frozen=True, slots=True)
class Record:
    """A flat record's scalar values (nested dicts and lists are records of their own) and each key's kind."""

    scalars: Mapping[str, Any]
    kinds: Mapping[str, str | None]

    @classmethod
    def of(cls, record: Mapping[str, Any]) -> Record:
        scalars = {k: v for k, v in record.items() if not isinstance(v, dict | list) and v is not None}
        kinds = {k: field_kind(FieldName(k, "number" if number(v) is not None else "string"))
                 for k, v in scalars.items()}
        return cls(scalars, kinds)


class RecordRule:
    """A rule on one flat record. Subclasses set ``checks`` (what it reports), ``needs`` (field kinds, any of which
    must be present for it to run; empty: it always runs) and implement :meth:`problems`."""

    checks: ClassVar[tuple[Check, ...]] = ()
    needs: ClassVar[frozenset[str]] = frozenset()

    def applies(self, record: Record) -> bool:
        return not self.needs or not self.needs.isdisjoint(record.kinds.values())

    def problems(self, record: Record) -> list[Problem]:
        raise NotImplementedError


@cache
def record_rules() -> tuple[RecordRule, ...]:
    """One instance of each registered rule, in registration order (rules hold no state)."""
    return tuple(RECORD_RULES.create(name) for name in RECORD_RULES)


def check_record(record: Mapping[str, Any], rules: Sequence[RecordRule] | None = None) -> list[Problem]:
    """Every rule's problems with one flat record, in order (``rules``: the registered ones by default)."""
    view = Record.of(record)
    return [p for rule in (record_rules() if rules is None else rules) if rule.applies(view)
            for p in rule.problems(view)]


@lru_cache(maxsize=16384)
def marked_pairs(keys: tuple[str, ...], marks: frozenset[str], ignore: frozenset[str] = frozenset()
                 ) -> tuple[tuple[str, str], ...]:
    """(marked, plain) key pairs of a record, in key order: a key with a word of ``marks`` and the first other key
    with none whose words, less those of ``ignore``, are the marked key's less its marks (``salePrice`` / ``price`` by
    discount words, ``final_price_in_cents`` / ``original_price_in_cents`` ignoring regular-price words,
    ``price_string`` / ``price`` by rendering words). Records of one schema repeat their keys: computed once."""
    toks = {k: name_tokens(k) for k in keys}
    out = []
    for key, words in toks.items():
        rest = tuple(w for w in words if w not in marks)
        if not rest or len(rest) == len(words):
            continue
        plain = next((k for k, w in toks.items() if k != key and not marks.intersection(w)
                      and tuple(x for x in w if x not in ignore) == rest), None)
        if plain is not None:
            out.append((key, plain))
    return tuple(out)


def number(value: Any) -> float | None:
    """A value as a number (``"12.5"`` too), or None; a boolean is no number."""
    if isinstance(value, bool):
        return None
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


_ISO = re.compile(r"^(\d{4})-(\d{2})-(\d{2})")


def iso_date(value: Any) -> dt.date | None:
    """The date a value starts with (``2024-05-01...``), None when it starts with none, ``date.min`` when it
    names an impossible one (``2024-02-30``: reported by the caller)."""
    m = _ISO.match(as_text(value))
    if not m:
        return None
    try:
        return dt.date(int(m[1]), int(m[2]), int(m[3]))
    except ValueError:
        return dt.date.min
