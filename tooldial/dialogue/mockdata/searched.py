"""What a call searched for (:func:`searched`) and a result about it (:func:`about_searched`).

A search for "New York" finds New York, a stock search for "Apple" finds AAPL, a user search for "insta" finds a
user named so, and a request the result echoes is the one asked: the first record of a search (every record, for a
filter such as ``city`` or ``symbol``) holds the searched words in its field of the searched kind. A place
searched by name is placed by the builder (:attr:`Searched.place`: the first record lies there); a ticker comes
from the ``money`` pack's knowledge (``company_tickers``, ``coin_symbols``) or is left as it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tooldial.corpus.models import Api
from tooldial.dialogue.mockdata.fields import FieldName, api_words, field_kind, name_tokens
from tooldial.dialogue.mockdata.paths import _WRAPPERS, as_text
from tooldial.dialogue.mockdata.places import _place_index, city_aliases, place_names
from tooldial.knowledge import loader
from tooldial.knowledge.english import singular

if TYPE_CHECKING:
    from tooldial.dialogue.mockdata.places import Place


_SEARCH_VERBS = loader.words("search", "search_verbs")
_NAMED_KINDS = loader.words("search", "named_kinds")
_FILTER_KINDS = loader.words("search", "filter_kinds")
_RECORD_NAME_KINDS = loader.words("search", "record_name_kinds")
_NAME_WORDS = loader.words("search", "name_words")
#: Words of a ticker or coin field (``symbol``, ``ticker``, ``coin``): the field is the record's own ticker when its
#: other words are none or the API's (``stock_symbol``), not a ``currency_symbol``.
_SYMBOL_WORDS = loader.words("field_words", "symbol") | loader.words("field_words", "coin")
_TICKERS = loader.word_map("money", "company_tickers")
_COINS = loader.word_map("money", "coin_symbols")
#: Words of an API about places (its records are places, or lie in one).
_PLACE_WORDS = loader.words("places", "place_records")
#: Response keys that echo the request (``request``, ``params``).
_ECHO = loader.words("containers", "echo")
#: Documented types of a flag (``searchMetadata=true`` searches for nothing).
_BOOLEAN_TYPES = loader.words("field_words", "boolean_types")

#: A ticker or coin symbol as written ("AAPL", "BRK.B", "BTC").
_TICKER = re.compile(r"[A-Z][A-Z0-9]{0,5}([.\-][A-Z]{1,2})?")


@dataclass(frozen=True)
class Searched:
    """The searched thing: the words asked (``text``), the kind of the input that asked them, the input's name,
    the ticker they name when known, and the place when they name a known city."""

    text: str
    kind: str
    key: str
    ticker: str | None = None
    place: Place | None = None
    #: Whether the API's name says it searches (:data:`_SEARCH_VERBS`): only then is its first record named so
    #: (the ``keyword`` of "Get Cities" or of "newlyRegisteredDomains" filters, it names no record).
    search_api: bool = False

    @property
    def filter(self) -> bool:
        """Whether every record is about it (a ``city`` or ``symbol`` input), not only the best match."""
        return self.kind in _FILTER_KINDS

    @property
    def shown(self) -> str:
        """The words as a record's name shows them: "stamford" → "Stamford", "iPhone 15" as asked."""
        return self.text.title() if self.text.islower() else self.text


def searched_place(text: str, prefix: bool = False) -> Place | None:
    """The known city the words name (a name or alternate name, any case; with ``prefix``, the first city whose
    name starts with them: an autocomplete of "sunn" finds Sunnyvale), else None."""
    words = text.strip().lower()
    city = city_aliases().get(words)
    if city is None and prefix and len(words) >= 3:
        city = next((c for c in sorted(set(city_aliases().values())) if c.lower().startswith(words)), None)
    return _place_index().get(city) if city is not None else None


def _ticker(text: str, kind: str) -> str | None:
    """The ticker the words name: a symbol as written, else a known company or coin (the pack), else None."""
    words = text.strip()
    if _TICKER.fullmatch(words) or kind in ("symbol", "coin") and _TICKER.fullmatch(words.upper()) and len(words) <= 5:
        return words.upper()
    known = _COINS.get(words.lower()) if kind == "coin" else None
    known = known or _TICKERS.get(words.lower()) or _COINS.get(words.lower())
    return str(known) if known is not None else None


def searched(api: Api, inputs: dict[str, Any]) -> Searched | None:
    """What a call searched for: its first search-term input (kind ``query``), or a ``city`` / ``symbol`` /
    ``coin`` input, or in a search API (:data:`_SEARCH_VERBS` in its name) a name-like input whose other words
    are the API's (``name`` and ``artist_name`` of "Search Artist", not ``from_name``); None when it names none."""
    title = {singular(t) for t in name_tokens(f"{api.tool} {api.name}")}
    search_api = bool(title & _SEARCH_VERBS)
    for key, value in inputs.items():
        text = as_text(value).strip()
        param = api.parameter(key)
        if not 2 <= len(text) <= 60 or not re.search(r"[A-Za-z]", text) or "://" in text or text.lower() in (
                "true", "false") or param is not None and (param.type or "").lower() in _BOOLEAN_TYPES:
            continue  # a flag (``searchMetadata=true``) searches for nothing
        f = FieldName(key)
        kind = field_kind(f)
        own = {singular(t) for t in f.tokens} - _NAME_WORDS
        if kind == "query" or kind in _FILTER_KINDS or (
                kind in _NAMED_KINDS and search_api and own <= title):
            about_places = bool(api_words(api) & _PLACE_WORDS)
            place = searched_place(text, prefix=kind == "query" and about_places and search_api) if kind == "city" or (
                kind in ("query", "name") and about_places) else None
            ticker = _ticker(text, kind) if kind not in ("city", "person", "username") and place is None else None
            return Searched(text, str(kind), key, ticker, place, search_api)
    return None


def _records(body: Any) -> list[dict[str, Any]]:
    """The records of a result: the objects of its first list of objects, nearest the top first (request echoes
    left out), else the one object it wraps (``{"data": {...}}``) or the result itself."""
    level = [body]
    while level:
        for node in level:
            if isinstance(node, list) and (found := [x for x in node if isinstance(x, dict)]):
                return found
        level = [v for node in level for v in (
            (v for k, v in node.items() if str(k).lower() not in _ECHO) if isinstance(node, dict) else
            node if isinstance(node, list) else ()) if isinstance(v, dict | list)]
    if isinstance(body, dict):
        inner = [v for k, v in body.items() if isinstance(v, dict) and k.lower() in _WRAPPERS]
        return inner[:1] if len(inner) == 1 else [body]
    return []


def _own_name(key: str, title: frozenset[str], words: frozenset[str] = _NAME_WORDS) -> bool:
    """A record's own name (``name``, ``displayName``, ``company_name`` of a company search, ``user`` of a user
    search), not another thing's (``source_name``, ``author``): its words beside ``words`` are the API's."""
    return {singular(t) for t in name_tokens(key)} - words <= title


def _holds(value: Any, asked: Searched) -> bool:
    text = as_text(value).lower()
    if asked.text.lower() in text:
        return True
    return asked.place is not None and any(n.lower() in text for n in place_names(asked.place.city))


def about_searched(api: Api, body: Any, asked: Searched) -> None:
    """Mend a filled result (in place) so its records are about what was searched: the first record (every one,
    for a filter) holds the ticker asked in its symbol fields and the words asked in its own name (unless a name
    of it holds them already, or the place the words name placed it); fields of a request echo hold what was
    asked."""
    title = frozenset(singular(t) for t in name_tokens(f"{api.tool} {api.name}"))
    records = _records(body)
    for record in records if asked.filter else records[:1]:
        scalars = [k for k, v in record.items() if not isinstance(v, dict | list | bool) and v is not None]
        kinds = {k: field_kind(FieldName(k, "number" if isinstance(record[k], int | float) else "string"))
                 for k in scalars}
        if asked.ticker is not None:
            for key in (k for k in scalars if kinds[k] in ("symbol", "coin") and _own_name(k, title, _SYMBOL_WORDS)):
                if not as_text(record[key]).upper().startswith(asked.ticker):
                    record[key] = asked.ticker
        if asked.kind == "city" and asked.place is None:
            for key in (k for k in scalars if kinds[k] == "city" and not _holds(record[k], asked)):
                record[key] = asked.shown
        if not asked.search_api and asked.place is None or asked.kind in ("city", "symbol") or (
                asked.kind == "coin" and asked.ticker == asked.text.upper()):
            continue  # a filter's records are not named after it; a ticker is no name
        names = [k for k in scalars if kinds[k] in _RECORD_NAME_KINDS and isinstance(record[k], str)
                 and _own_name(k, title) and not re.fullmatch(
                     r"\S+[.@]\S+", record[k].strip())]  # a domain or an address is not renamed with words
        if names and not any(_holds(record[k], asked) for k in names):
            record[names[0]] = asked.place.city if asked.place is not None else \
                asked.shown if kinds[names[0]] != "username" else asked.text
    _echo(body, asked)


def _echo(body: Any, asked: Searched) -> None:
    """Fields of a request echo (``request.city``, ``params.q``) of the searched kind or a search term's hold the
    words asked (was ``"request": {"city": "Khartoum"}`` for a search of "New York")."""
    if not isinstance(body, dict):
        return
    kinds = {"query", asked.kind} | ({"city"} if asked.place is not None else set())
    for key, value in body.items():
        if key.lower() in _ECHO and isinstance(value, dict):
            for k, v in value.items():
                if isinstance(v, str) and field_kind(FieldName(k)) in kinds and v != asked.text:
                    value[k] = asked.text
        elif isinstance(value, dict):
            _echo(value, asked)
