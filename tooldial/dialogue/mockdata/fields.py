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
        return (self.type or "").lower() in _NUMERIC_TYPES

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


def _cue(name: str) -> frozenset[str]:
    """A word set of the ``field_words`` pack: the cues of one kind's rule."""
    return loader.words("field_words", name)


_NUMERIC_TYPES = _cue("numeric_types")


def _is_date_kind(f: FieldName) -> bool:
    if f.tokens and f.tokens[-1] in _DAY_QUANTITY:
        return False
    return f.has(*_cue("date")) or f.joined.endswith("date") \
        or f.joined in _cue("date_joined") or (f.type or "").lower() == "date"


#: Words ending in "id" that are not ids (``is_paid``, ``valid``).
_ID_LOOKALIKES = loader.words("identifiers", "id_lookalike")


def _is_id(f: FieldName) -> bool:
    toks = f.tokens
    return bool(toks) and (toks[-1] in _ID_WORDS or (toks[-1].endswith("id") and toks[-1] not in _ID_LOOKALIKES)) \
        and not f.has(*_NOT_ID)


#: Words of an address that is no street address (a wallet's, a contract's, a network's).
_NOT_STREET = loader.ordered_words("addresses", "not_street")


#: (kind, predicate) in priority order; the first predicate that holds names the field's kind. The words are the
#: ``field_words`` pack's (one set per cue).
RULES: tuple[tuple[str, Callable[[FieldName], bool]], ...] = (
    ("boolean", lambda f: len(f.tokens) > 1 and f.tokens[0] in _cue("boolean_prefixes")),
    ("id", _is_id),
    ("email", lambda f: "email" in f.joined),
    ("image", lambda f: f.has(*_cue("image")) and not f.numeric),
    ("url", lambda f: f.has(*_cue("url"))),
    ("file", lambda f: f.has(*_cue("file")) and not f.numeric),
    ("latitude", lambda f: f.has(*_cue("latitude"))),
    ("longitude", lambda f: f.has(*_cue("longitude"))),
    ("timezone", lambda f: f.has(*_cue("timezone")) or "timezone" in f.joined),
    ("datetime", lambda f: f.has(*_cue("datetime")) or (f.has("at") and len(f.tokens) == 2
                                                       and f.tokens[-1] == "at")),
    ("date", _is_date_kind),
    ("hours", lambda f: f.has("hours") and f.about(*_cue("opening_hours_context"))),
    ("time", lambda f: f.has("time") and not f.has(*_cue("not_time"))),
    ("year", lambda f: f.has("year") and f.tokens[-1] not in _DAY_QUANTITY and not f.has(*_cue("per_unit")) or (
        f.has("season") and f.numeric) or (f.numeric and f.has(*_cue("year_numbers")))),
    ("quarter", lambda f: f.numeric and f.has(*_cue("quarter"))),
    ("month", lambda f: f.has("month")),
    ("temperature", lambda f: f.has(*_cue("temperature")) or (
        f.has(*_cue("temperature_units")) and f.has(*_cue("temperature_stats"))
        and len(f.tokens) == 2)),  # a forecast's ``max_c`` is a temperature, not a page size capped at 50
    ("pressure", lambda f: f.numeric and weather_role(f.name) == "pressure"),
    ("uv_index", lambda f: f.numeric and weather_role(f.name) == "uv"),
    ("precipitation", lambda f: f.numeric and f.has(*_cue("precipitation"))
     and f.has(*_cue("precipitation_amount"))),
    ("percent", lambda f: f.has(*_cue("percent"))),
    ("page", lambda f: f.has(*_cue("page")) and not f.has(*_cue("not_page"))),
    ("limit", lambda f: f.has(*_cue("limit")) and f.numeric and not f.has(*_cue("not_limit"))
     or f.joined in _cue("limit_joined")),
    ("country_code", lambda f: (f.has("country") and f.has(*_cue("country_code_marks")))
     or f.joined in _cue("country_code_joined") or (f.has("region") and not f.numeric and len(f.tokens) == 1)),
    ("country", lambda f: f.has(*_cue("country"))),
    ("city", lambda f: f.has(*_cue("city"))),
    ("address", lambda f: f.has(*_cue("address")) and not f.has(*_NOT_STREET) and not f.about(*_NOT_STREET)),
    ("state", lambda f: f.has(*_cue("state")) and not f.numeric and not f.about(*_cue("state_not_place"))),
    ("postal", lambda f: f.has(*_cue("postal"))),
    ("language_code", lambda f: f.has(*_cue("language_code"))
     or (f.has("language") and f.has(*_cue("language_code_marks")))),
    ("language", lambda f: f.has(*_cue("language"))),
    ("currency_code", lambda f: f.has(*_cue("currency_code")) and f.about(*_cue("currency_context"))
     or f.joined in _cue("currency_sides") and f.about(*_cue("currency_side_context"))),
    ("currency_name", lambda f: f.has("currency") and f.has("name")),
    ("coin", lambda f: f.has(*_cue("coin")) and not f.numeric),
    ("symbol", lambda f: f.has(*_cue("symbol")) and not f.numeric),
    ("phone", lambda f: f.has(*_cue("phone"))),
    ("rating", lambda f: f.has(*_cue("rating"))),
    ("rate", lambda f: f.has(*_cue("rate")) and (f.numeric or f.about(*_cue("rate_context")))),
    ("converted", lambda f: f.has(*_cue("converted")) and f.numeric),
    ("price", lambda f: f.has(*_cue("price")) and not f.has(*_cue("not_price"))
     and (f.numeric or f.has(*_cue("price_as_text")))),
    ("count", lambda f: f.has(*_cue("count")) and f.numeric),
    ("standing", lambda f: _is_standing(f)),
    ("match_score", lambda f: _is_match_score(f)),
    ("measure", lambda f: f.has(*_MEASURES) or f.joined in _cue("measure_joined")),
    ("first_name", lambda f: f.has(*_cue("first_name")) and f.has(*_cue("first_name_marks"))),
    ("last_name", lambda f: f.has(*_cue("last_name")) and f.has(*_cue("last_name_marks"))),
    ("username", lambda f: f.has(*_cue("username"))),
    ("person", lambda f: f.has(*_PERSON) or (f.has(*_cue("person_name")) and f.named(*_PERSON))),
    ("company", lambda f: f.has(*_ORG) or (f.has("name") and f.named(*_ORG))),
    ("gender", lambda f: f.has(*_cue("gender"))),
    ("query", lambda f: f.has(*_cue("query"))),
    ("text", lambda f: f.has(*_cue("text"))),
    ("title", lambda f: f.has(*_cue("title")) or (f.has(*_cue("name")) and f.about(*_WORK)
                                                  and _token_set(f.parent).isdisjoint(_NAMED_PARENTS)
                                                  and not f.has(*_FORMAT_WORDS))),
    ("name", lambda f: f.has(*_cue("name"))),
    ("boolean", lambda f: (f.type or "").lower() in _cue("boolean_types") or f.joined in _cue("boolean_joined")),
    ("status", lambda f: f.has("status") and not f.numeric),
    ("status_code", lambda f: f.has("status") and f.numeric),
    ("error", lambda f: f.has(*_cue("error")) and not f.numeric),
    ("category", lambda f: f.has(*_cue("category")) and not f.numeric),
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
    return f.has(*_cue("match_score")) and f.has(*_cue("match_score_context"))


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
