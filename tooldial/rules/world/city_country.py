"""A known city lies in the country its record names."""

from __future__ import annotations

from functools import cache

from tooldial.dialogue.mockdata import as_text, places
from tooldial.rules.record import Check, Problem, Record, RecordRule


@cache
def city_countries() -> dict[str, frozenset[str]]:
    """City name → the ISO codes of the countries of the mock world's places of that name."""
    out: dict[str, set[str]] = {}
    for p in places():
        out.setdefault(p.city, set()).add(p.country_code)
    return {k: frozenset(v) for k, v in out.items()}


def country_codes(record: Record) -> list[str]:
    """The record's two-letter country codes, upper case."""
    return [as_text(v).upper() for k, v in record.scalars.items()
            if record.kinds[k] == "country_code" and len(as_text(v)) == 2]


class CityCountry(RecordRule):
    """A city the mock world knows (``Lyon``) is in one of the record's country codes (not ``US``)."""

    checks = (Check.CITY_COUNTRY,)
    needs = frozenset({"city"})

    def problems(self, record: Record) -> list[Problem]:
        cities = [(k, as_text(v)) for k, v in record.scalars.items() if record.kinds[k] == "city"]
        codes = country_codes(record)
        known = city_countries()
        return [Problem(Check.CITY_COUNTRY, f"city {city} is not in {'/'.join(codes)}", (key,))
                for key, city in cities if city in known and codes and not set(codes) & known[city]]
