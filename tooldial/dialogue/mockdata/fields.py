"""What a field's name says: its words (:class:`FieldName`) and its kind (:data:`RULES`, :func:`field_kind`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from tooldial.corpus.models import Api, Parameter
from tooldial.dialogue.weather import role as weather_role
from tooldial.knowledge import loader


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


_ID_WORDS = loader.ordered_words("identifiers", "mock_id")


_NOT_ID = loader.ordered_words("identifiers", "not_id")


_PAST = loader.ordered_words("time", "past")
_BIRTH = loader.ordered_words("time", "birth")


_FUTURE = loader.ordered_words("time", "future")


#: A field named with one of these holds the dialogue's "today" (or a moment just before it).
NOW_WORDS = loader.ordered_words("time", "now")


#: Words of a list's path or API name that make its records a series: forward from today, back from today.
FORWARD_SERIES = loader.ordered_words("time", "forward_series")


BACKWARD_SERIES = loader.ordered_words("time", "backward_series")


_START = loader.ordered_words("time", "start")


_END = loader.ordered_words("time", "end")


_PERSON = loader.ordered_words("people", "person_roles")


_ORG = loader.ordered_words("people", "organisations")


#: Names of quantities: a number even when documented as a string (``beds``, ``sqFt``, ``distance``).
_MEASURES = loader.ordered_words("measures", "quantities")


_WORK = loader.ordered_words("media", "works")


#: Last words of a field that is a quantity of a day, not a day (``day_volume``, ``day_change``, ``day_high``).
_DAY_QUANTITY = loader.ordered_words("time", "day_quantity")


def _is_date_kind(f: FieldName) -> bool:
    if f.tokens and f.tokens[-1] in _DAY_QUANTITY:
        return False
    return f.has("date", "day", "dob", "birthday", "checkin", "checkout") or f.joined.endswith("date") \
        or f.joined in ("checkin", "checkout") or (f.type or "").lower() == "date"


#: Words ending in "id" that are not ids (``is_paid``, ``valid``).
_ID_LOOKALIKES = loader.words("identifiers", "id_lookalike")


def _is_id(f: FieldName) -> bool:
    toks = f.tokens
    return bool(toks) and (toks[-1] in _ID_WORDS or (toks[-1].endswith("id") and toks[-1] not in _ID_LOOKALIKES)) \
        and not f.has(*_NOT_ID)


#: Words of an address that is no street address (a wallet's, a contract's, a network's).
_NOT_STREET = loader.ordered_words("addresses", "not_street")


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


def api_words(api: Api) -> frozenset[str]:
    """Context words of an API for the rules: its name, tool, category and the start of its description."""
    text = " ".join((api.name, api.tool, api.category, " ".join((api.description or "").split()[:30])))
    return frozenset(_tokens(text))


#: Words of a label that names a format, not a work (a stream's ``qualityLabel`` "720p"): documented or left out.
_FORMAT_WORDS = loader.ordered_words("media", "formats")


#: Enclosing keys that say what their ``name`` names (a caption's ``language.name`` is a language, even in a
#: video API): never a drawn title.
_NAMED_PARENTS = loader.words("media", "named_keys")


#: The last word of a league table's columns (``overall_league_W``, ``home_league_PTS``, ``position``).
STANDING_WORDS = frozenset(loader.word_map("sports", "standing_role"))


_TABLE_WORDS = loader.ordered_words("sports", "league_table")


def _is_standing(f: FieldName) -> bool:
    """A column of a league table (``overall_league_PTS``): a whole number, never a drawn measure."""
    return bool(f.tokens) and f.tokens[-1] in STANDING_WORDS and f.has(*_TABLE_WORDS)


def _is_match_score(f: FieldName) -> bool:
    """A match's goals (``match_hometeam_score``, ``halftime_score``): a small whole number."""
    return f.has("score", "goals") and f.has("match", "home", "away", "hometeam", "awayteam", "halftime", "ft",
                                             "ht", "fulltime", "penalty", "extra")


_CREDENTIAL_WORDS = loader.words("credentials", "credential")


#: Words of a token that is not a credential (a page token, a search keyword).
_NOT_CREDENTIAL = loader.words("credentials", "not_credential")


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
