"""One field taxonomy: what kind of value a field holds, read from its name, type and context words.

:func:`field_kind` answers with a :class:`FieldKind` (the first :data:`RULES` predicate that holds; the mock world
draws a value of that kind), :func:`standard_of` with the standard kind a name's words name (the graph's
``value_kinds``: country, latitude, url ...). The vocabulary is the packs': ``standards.kind_by_word`` (the words of
a standard kind, one vocabulary for the graph and the mock world's rules of that kind), ``field_words`` (one cue
set per rule of the other kinds) and the sets of identifiers, time, people, media, measures, addresses, sports.
:class:`tooldial.knowledge.lexicon.Lexicon` asks both.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import lru_cache
from typing import cast

from tooldial.knowledge import loader
from tooldial.knowledge.english import singular


def weather_role(name: str) -> str | None:
    """The weather quantity a field's name says (:func:`tooldial.dialogue.weather.role`, imported on use: the
    knowledge layer loads without the dialogue package)."""
    from tooldial.dialogue.weather import role

    return role(name)


@dataclass(frozen=True)
class FieldName:
    """A field (parameter or output leaf) as the rules see it: its name's words, its type, its context words."""

    name: str
    type: str = "string"
    context: frozenset[str] = frozenset()  # words of the enclosing path and of the API name
    title: frozenset[str] = frozenset()  # words of the API's name and the enclosing path only (no description)
    parent: str = ""  # the enclosing key of a result field (``country`` for ``country|isoName``)
    #: The nouns that may name the record a result field belongs to, nearest first (enclosing keys, the API's
    #: name, its tool: ``mockdata.record_kinds.record_words``); empty for an input.
    record: tuple[str, ...] = ()
    #: The nearest enclosing key that says what a generic number measures (``temperature`` for
    #: ``temperature|data|value``; :func:`named_quantity`); empty for an input or a field that names its own.
    quantity: str = ""

    @property
    def tokens(self) -> tuple[str, ...]:
        return name_tokens(self.name)

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
def name_tokens(name: str) -> tuple[str, ...]:
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name)
    return tuple(t for t in re.split(r"[^a-zA-Z0-9]+", spaced.lower()) if t)


@lru_cache(maxsize=65536)
def _token_set(name: str) -> frozenset[str]:
    return frozenset(name_tokens(name))


#: The identifier vocabulary (``identifiers.identifier``), one for every stage: a field name whose last word is
#: one of these is an identifier (the graph's value kinds and entity names, the lexicon).
IDENTIFIER_WORDS = loader.words("identifiers", "identifier")
#: Identifier words that are identifiers only at the end of a name of two or more words (``country code``).
IDENTIFIER_TAIL = loader.words("identifiers", "identifier_tail")
#: The part of :data:`IDENTIFIER_WORDS` whose values are opaque codes (``identifiers.opaque_identifier``): the mock
#: world's kind ``id``; a ``username`` or a ``tag`` is an identifier too, but drawn as a name.
OPAQUE_ID_WORDS = loader.ordered_words("identifiers", "opaque_identifier")
_ID_WORDS = OPAQUE_ID_WORDS


_NOT_ID = loader.ordered_words("identifiers", "not_id")


_PERSON = loader.ordered_words("people", "person_roles")


def _heads(f: FieldName, words: Sequence[str]) -> bool:
    """Whether one of ``words`` is the field's head noun, its last word, in a field that is no number or flag. A
    person or organisation word that only qualifies another head (``member_religion``, ``userAgent``,
    ``seller_vat_number``, ``author_deleted``) names no person or company, nor does a number (``currentPlayers``).
    A plural head (``players``) is left as it was: such lists hold records or ids as often as names (two blind
    readers preferred no person kind for 4 of 5)."""
    return bool(f.tokens) and not f.numeric and (f.type or "").lower() != "boolean" and f.tokens[-1] in words


_ORG = loader.ordered_words("people", "organisations")
#: A brand's code under its name (``airline_code``, ``airline_iata``): the company's, drawn with its name (pack
#: ``brands``).
_BRAND_CODES = loader.words("brands", "code_fields") | loader.words("brands", "code_heads")


#: Names of quantities: a number even when documented as a string (``beds``, ``sqFt``, ``distance``).
_MEASURES = loader.ordered_words("measures", "quantities")


_WORK = loader.ordered_words("media", "works")


#: Last words of a field that is a quantity of a day, not a day (``day_volume``, ``day_change``, ``day_high``).
_DAY_QUANTITY = loader.ordered_words("time", "day_quantity")


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


_STANDARD_BY_WORD = cast("Mapping[str, str]", loader.word_map("standards", "kind_by_word"))


def standard_words(kind: str) -> frozenset[str]:
    """The words of a name that name one standard kind (``standards.kind_by_word``: ``lat``, ``latitude`` →
    latitude): the graph reads the kind from them, the mock world's rule of that kind the same words."""
    return _STANDARD_WORDS.get(kind, frozenset())


_STANDARD_WORDS = {kind: frozenset(w for w, k in _STANDARD_BY_WORD.items() if k == kind)
                   for kind in dict.fromkeys(_STANDARD_BY_WORD.values())}


#: Words of ``standards.kind_by_word`` that are plain English words too ("long"), and the words beside which they
#: still name their kind (``standards.abbreviation_partners``).
_ABBREVIATIONS = loader.words("standards", "abbreviations")
_PARTNERS = loader.words("standards", "abbreviation_partners")


def _standard_word(words: Sequence[str], i: int) -> str | None:
    """The standard kind word ``i`` of a name names: an abbreviation of ``standards.abbreviations`` only as the whole
    name or beside its partners and single letters or digits (``longA``, ``from_long``; not ``longName``)."""
    hit = _STANDARD_BY_WORD.get(words[i])
    if hit and words[i] in _ABBREVIATIONS and not all(
            w in _PARTNERS or len(w) == 1 or w.isdigit() for j, w in enumerate(words) if j != i):
        return None
    return hit


def standard_of(words: Sequence[str]) -> str | None:
    """The standard kind named by a name's words, the last one that names one (``home_country_code``); two words
    that are one term written apart (``time zone``, ``timeZone``) name it before either word does."""
    for i in range(len(words) - 1, -1, -1):
        if i + 1 < len(words) and (hit := _STANDARD_BY_WORD.get(words[i] + words[i + 1])):
            return hit
        hit = _standard_word(words, i)
        if hit:
            return hit
    joined = "".join(words)
    return _STANDARD_BY_WORD.get(joined)


class FieldKind(StrEnum):
    """The kinds of value a field holds, in :data:`RULES` order (a member equals its text: ``FieldKind.CITY ==
    "city"``)."""

    BOOLEAN = "boolean"
    ID = "id"
    EMAIL = "email"
    IMAGE = "image"
    URL = "url"
    FILE = "file"
    LATITUDE = "latitude"
    LONGITUDE = "longitude"
    TIMEZONE = "timezone"
    DATE_PART = "date_part"
    RELATIVE_TIME = "relative_time"
    DURATION_TEXT = "duration_text"
    DATETIME = "datetime"
    DATE = "date"
    HOURS = "hours"
    TIME = "time"
    YEAR = "year"
    QUARTER = "quarter"
    MONTH = "month"
    TEMPERATURE = "temperature"
    PRESSURE = "pressure"
    UV_INDEX = "uv_index"
    PRECIPITATION = "precipitation"
    PERCENT = "percent"
    PAGE = "page"
    LIMIT = "limit"
    COUNTRY_CODE = "country_code"
    COUNTRY = "country"
    CITY = "city"
    LEDGER_ADDRESS = "ledger_address"
    ADDRESS = "address"
    STATE = "state"
    POSTAL = "postal"
    LANGUAGE_CODE = "language_code"
    LANGUAGE = "language"
    CURRENCY_CODE = "currency_code"
    CURRENCY_NAME = "currency_name"
    COIN = "coin"
    SYMBOL = "symbol"
    PHONE = "phone"
    RATING = "rating"
    RATE = "rate"
    CONVERTED = "converted"
    PRICE = "price"
    COUNT = "count"
    LEVEL = "level"
    STANDING = "standing"
    MATCH_SCORE = "match_score"
    MEASURE = "measure"
    FIRST_NAME = "first_name"
    LAST_NAME = "last_name"
    USERNAME = "username"
    PERSON = "person"
    COMPANY = "company"
    GENDER = "gender"
    QUERY = "query"
    TEXT = "text"
    TITLE = "title"
    NAME = "name"
    STATUS = "status"
    STATUS_CODE = "status_code"
    ERROR = "error"
    CATEGORY = "category"


def _cue(name: str) -> frozenset[str]:
    """A word set of the ``field_words`` pack: the cues of one kind's rule."""
    return loader.words("field_words", name)


_NUMERIC_TYPES = _cue("numeric_types")


def _is_date_kind(f: FieldName) -> bool:
    if f.tokens and f.tokens[-1] in _DAY_QUANTITY:
        return False
    if f.joined in _cue("weekday") or (f.numeric and f.joined in _cue("date_part_numbers")):
        return False
    return f.has(*standard_words("date"), *_cue("date")) or f.joined.endswith("date") \
        or f.joined in _cue("date_joined") or (f.type or "").lower() == "date"


#: Words ending in "id" that are not ids (``is_paid``, ``valid``).
_ID_LOOKALIKES = loader.words("identifiers", "id_lookalike")


def _is_id(f: FieldName) -> bool:
    toks = f.tokens
    return bool(toks) and (toks[-1] in _ID_WORDS or (toks[-1].endswith("id") and toks[-1] not in _ID_LOOKALIKES)) \
        and not f.has(*_NOT_ID)


#: Words of an address that is no street address (a wallet's, a contract's, a network's).
_NOT_STREET = loader.ordered_words("addresses", "not_street")
#: Words of an address's own name that make it a ledger's (a wallet's or a contract's "0x…"), words of its record
#: or API that do (``markets.ledger_domains``: no "token"), and words of an address that is no ledger's: a
#: network's (an IP) or a street's by its own or its key's name (``addresses.ledger_words``, ``network_words``,
#: ``street_marks``).
_LEDGER_WORDS = loader.ordered_words("addresses", "ledger_words")
_LEDGER_DOMAINS = loader.ordered_words("markets", "ledger_domains")
_STREET_MARKS = loader.ordered_words("addresses", "street_marks")
_NOT_LEDGER = loader.ordered_words("addresses", "network_words") + _STREET_MARKS


def _street_marked(f: FieldName) -> bool:
    """An address whose own name or enclosing key says it is a street's (``street_address``,
    ``billing_address.address_1``), whatever its API is about."""
    return f.has(*_STREET_MARKS) or not _token_set(f.parent).isdisjoint(_STREET_MARKS)


def _of_split(toks: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """(head, what it is of) of a name "A of B" (``number_of_pages``: number, pages; ``dayOfTheMonth``: day, month),
    else None: in English the head of "A of B" is A, which names the kind. B is one word: after a longer one the
    head may be its last word (``dateOfBirthTimestamp`` is a timestamp)."""
    for i, word in enumerate(toks):
        if 0 < i < len(toks) - 1 and word in _cue("of_words"):
            rest = tuple(w for w in toks[i + 1:] if w not in _cue("of_fillers"))
            return (toks[:i], rest) if len(rest) == 1 else None
    return None


_PART_OF_UNIT = cast("Mapping[str, int]", loader.word_map("time", "part_of_unit"))


def date_part_range(f: FieldName) -> tuple[int, int] | None:
    """The lowest and highest value of a part of a date named "<unit> of <unit>" (``dayOfMonth``: 1-31,
    ``hourOfDay``: 0-23), else None (``time.part_of_unit``): a number within its unit, never a whole date or
    year."""
    split = _of_split(f.tokens)
    if split is None or len(split[0]) != 1:
        return None
    top = _PART_OF_UNIT.get(f"{split[0][0]} {split[1][0]}")
    if top is None:
        return None
    first = 0 if split[0][0] in loader.words("time", "zero_based_parts") else 1
    return first, top


def names_picture(f: FieldName, own: bool = True) -> bool:
    """Whether the key a field sits directly under (and, with ``own``, its own name) names a picture: a link
    under ``thumbnails[]`` or ``avatar`` is the picture's (a video's thumbnail was a web page,
    "https://www.taylor.com/category/posts", to a blind reader of sample 6427), and so are a ``width`` there or a
    ``thumbnail_width``."""
    words = (*name_tokens(f.parent), *(f.tokens if own else ()))
    return bool({singular(t) for t in words} & _cue("image"))


def picture_side(f: FieldName) -> int | None:
    """0 for a picture's width, 1 for its height (``thumbnails[].width``, ``thumbnail_height``, ``image.h``
    spelled out), None for any other field."""
    side = 0 if f.has("width") else 1 if f.has("height") else None
    return side if side is not None and names_picture(f) else None


_PICTURE_LINKS = loader.words("media_files", "picture_link_keys")
_NOT_PICTURE_SIZES = loader.words("media_files", "not_picture_size_words")


def picture_size_keys(record: Mapping[str, object]) -> dict[str, int]:
    """The keys of one flat record that hold a picture's width (0) and height (1), or none: both sides are there as
    numbers and the record holds a picture (a field of kind image) or its own web link (a bare ``url`` or ``src``:
    ``media_files.picture_link_keys``). The picture is known by the record, not by a name above it: a cover's
    ``sources[]``, a video's ``thumbnails.default``, an ``hd_profile_pic_url_info``. A box on a page (its ``x`` and
    ``y``) or a thing with a depth is no picture's size (``media_files.not_picture_size_words``)."""
    sides: dict[str, int] = {}
    for key, value in record.items():
        tokens = name_tokens(key)
        if tokens in (("width",), ("height",)) and not isinstance(value, bool) and (
                isinstance(value, int | float) or isinstance(value, str) and re.fullmatch(r"\d+(\.\d+)?", value)):
            sides[key] = 0 if tokens[0] == "width" else 1
    if set(sides.values()) != {0, 1} or any(set(name_tokens(key)) & _NOT_PICTURE_SIZES for key in record):
        return {}
    for key, value in record.items():
        if isinstance(value, str) and value.strip() and (
                "".join(name_tokens(key)) in _PICTURE_LINKS and value.startswith(("http://", "https://"))
                or field_kind(FieldName(key)) == FieldKind.IMAGE):
            return sides
    return {}


def _picture_moment(f: FieldName) -> bool:
    """Whether a field that names a picture holds its moment (``photo_datetime_utc``, ``image_date``): its last
    word, past a time zone's (``field_words.zone_suffixes``), is one of ``field_words.picture_moment_heads``. A
    photo's date is a date, not a link to the photo."""
    tokens = list(f.tokens)
    while len(tokens) > 1 and tokens[-1] in _cue("zone_suffixes"):
        tokens.pop()
    return len(tokens) > 1 and tokens[-1] in _cue("picture_moment_heads")


#: (kind, predicate) in priority order; the first predicate that holds names the field's kind. The words are the
#: ``field_words`` pack's (one set per cue).
RULES: tuple[tuple[FieldKind, Callable[[FieldName], bool]], ...] = (
    (FieldKind.BOOLEAN, lambda f: len(f.tokens) > 1 and f.tokens[0] in _cue("boolean_prefixes")),
    (FieldKind.ID, _is_id),
    (FieldKind.EMAIL, lambda f: "email" in f.joined),
    (FieldKind.IMAGE, lambda f: f.has(*_cue("image")) and not f.numeric and not _picture_moment(f)
     or f.has(*standard_words("url")) and names_picture(f, own=False)),
    (FieldKind.URL, lambda f: f.has(*standard_words("url"))),
    (FieldKind.FILE, lambda f: f.has(*_cue("file")) and not f.numeric),
    (FieldKind.LATITUDE, lambda f: f.has(*standard_words("latitude"))),
    (FieldKind.LONGITUDE, lambda f: any(_standard_word(f.tokens, i) == "longitude" for i in range(len(f.tokens)))),
    (FieldKind.TIMEZONE, lambda f: f.has(*standard_words("timezone")) or "timezone" in f.joined),
    (FieldKind.DATE_PART, lambda f: date_part_range(f) is not None),
    # a moment or a length written for people ("publishedTimeText": "3 days ago", "lengthText": "4:13"), no clock time
    # or measure
    (FieldKind.RELATIVE_TIME, lambda f: _rendered(f) and f.has("time") and f.has(*_cue("moment_time"))),
    (FieldKind.DURATION_TEXT, lambda f: _rendered(f) and f.has(*_cue("durations"))),
    (FieldKind.DATETIME, lambda f: f.has(*standard_words("datetime")) or (f.has("at") and len(f.tokens) == 2
                                                       and f.tokens[-1] == "at")
     or (f.has("time") and f.has(*_cue("moment_time")) and f.tokens[-1] not in _cue("text"))),
    (FieldKind.DATE, _is_date_kind),
    (FieldKind.HOURS, lambda f: f.has("hours") and f.about(*_cue("opening_hours_context"))),
    (FieldKind.TIME, lambda f: f.has("time") and not f.has(*_cue("not_time"))),
    (FieldKind.YEAR, lambda f: f.has("year") and f.tokens[-1] not in _DAY_QUANTITY and not f.has(*_cue("per_unit")) or (
        f.has("season") and f.numeric) or (f.numeric and f.has(*_cue("year_numbers")))
        or f.joined in _cue("founding_years")),
    (FieldKind.QUARTER, lambda f: f.numeric and f.has(*_cue("quarter"))),
    (FieldKind.MONTH, lambda f: f.has("month")),
    (FieldKind.TEMPERATURE, lambda f: not _names_unit(f) and f.has(*_cue("temperature")) or (
        f.has(*_cue("temperature_units")) and f.has(*_cue("temperature_stats"))
        and len(f.tokens) == 2)),  # a forecast's ``max_c`` is a temperature, not a page size capped at 50
    (FieldKind.PRESSURE, lambda f: f.numeric and weather_role(f.name) == "pressure"),
    (FieldKind.UV_INDEX, lambda f: f.numeric and weather_role(f.name) == "uv"),
    (FieldKind.PRECIPITATION, lambda f: f.numeric and f.has(*_cue("precipitation"))
     and f.has(*_cue("precipitation_amount"))),
    (FieldKind.PERCENT, lambda f: f.has(*_cue("percent"))),
    (FieldKind.PAGE, lambda f: f.has(*_cue("page")) and not f.has(*_cue("not_page"))),
    (FieldKind.LIMIT, lambda f: f.has(*_cue("limit")) and f.numeric and not f.has(*_cue("not_limit"))
     or f.joined in _cue("limit_joined")),
    (FieldKind.COUNTRY_CODE, lambda f: (f.has("country") and f.has(*_cue("country_code_marks")))
     or f.joined in _cue("country_code_joined") or (f.has("region") and not f.numeric and len(f.tokens) == 1)),
    (FieldKind.COUNTRY, lambda f: _place_head(f, _cue("country"))),
    (FieldKind.CITY, lambda f: _place_head(f, _cue("city"))),
    (FieldKind.LEDGER_ADDRESS, lambda f: f.has(*_cue("address")) and not f.has(*_NOT_LEDGER) and not _street_marked(f)
     and not f.numeric and (f.has(*_LEDGER_WORDS) or f.about(*_LEDGER_DOMAINS))),
    (FieldKind.ADDRESS, lambda f: f.has(*_cue("address")) and not f.has(*_NOT_STREET)
     and (_street_marked(f) or not f.about(*_NOT_STREET))),
    (FieldKind.STATE, lambda f: _place_head(f, _cue("state")) and not f.numeric and not f.about(*_cue("state_not_place"))),
    (FieldKind.POSTAL, lambda f: f.has(*standard_words("postal_code"))),
    (FieldKind.LANGUAGE_CODE, lambda f: f.has(*_cue("language_code"))
     or (f.has("language") and f.has(*_cue("language_code_marks")))),
    (FieldKind.LANGUAGE, lambda f: f.has(*_cue("language"))),
    (FieldKind.CURRENCY_CODE, lambda f: f.has(*_cue("currency_code")) and f.about(*_cue("currency_context"))
     or f.joined in _cue("currency_sides") and f.about(*_cue("currency_side_context"))),
    (FieldKind.CURRENCY_NAME, lambda f: f.has("currency") and f.has("name")),
    (FieldKind.COIN, lambda f: f.has(*_cue("coin")) and not f.numeric),
    (FieldKind.SYMBOL, lambda f: f.has(*_cue("symbol")) and not f.numeric),
    (FieldKind.PHONE, lambda f: f.has(*standard_words("phone"))),
    (FieldKind.RATING, lambda f: f.has(*_cue("rating"))),
    (FieldKind.RATE, lambda f: f.has(*_cue("rate")) and (f.numeric or f.about(*_cue("rate_context")))),
    (FieldKind.CONVERTED, lambda f: f.has(*_cue("converted")) and f.numeric),
    (FieldKind.PRICE, lambda f: f.has(*_cue("price")) and not f.has(*_cue("not_price"))
     and not _other_head(f, _cue("price_other_heads")) and (f.numeric or f.has(*_cue("price_as_text")))),
    (FieldKind.COUNT, lambda f: f.has(*_cue("count")) and f.numeric),
    (FieldKind.LEVEL, lambda f: f.numeric and bool(f.tokens) and f.tokens[-1] in _cue("level")),
    (FieldKind.STANDING, lambda f: _is_standing(f)),
    (FieldKind.MATCH_SCORE, lambda f: _is_match_score(f)),
    (FieldKind.MEASURE, lambda f: not _names_unit(f) and (f.has(*_MEASURES) or f.joined in _cue("measure_joined"))),
    (FieldKind.FIRST_NAME, lambda f: f.has(*_cue("first_name")) and f.has(*_cue("first_name_marks"))),
    (FieldKind.LAST_NAME, lambda f: f.has(*_cue("last_name")) and f.has(*_cue("last_name_marks"))),
    (FieldKind.USERNAME, lambda f: f.has(*_cue("username"))),
    (FieldKind.PERSON, lambda f: _heads(f, _PERSON) or (f.has(*_cue("person_name")) and f.named(*_PERSON))),
    (FieldKind.COMPANY, lambda f: _heads(f, _ORG) or (f.has("name") and f.named(*_ORG))
     or (f.has(*_ORG) and f.tokens[-1] in _BRAND_CODES)),
    (FieldKind.GENDER, lambda f: f.has(*_cue("gender"))),
    (FieldKind.QUERY, lambda f: f.has(*_cue("query"))),
    (FieldKind.TEXT, lambda f: f.has(*_cue("text"))),
    (FieldKind.TITLE, lambda f: f.has(*_cue("title")) or (f.has(*_cue("name")) and f.about(*_WORK)
                                                  and _token_set(f.parent).isdisjoint(_NAMED_PARENTS)
                                                  and not f.has(*_FORMAT_WORDS)
                                                  and f.joined not in _cue("full_names"))),
    (FieldKind.NAME, lambda f: f.has(*_cue("name"))),
    (FieldKind.BOOLEAN, lambda f: (f.type or "").lower() in _cue("boolean_types") or f.joined in _cue("boolean_joined")),
    (FieldKind.STATUS, lambda f: f.has("status") and not f.numeric),
    (FieldKind.STATUS_CODE, lambda f: f.has("status") and f.numeric),
    (FieldKind.ERROR, lambda f: f.has(*_cue("error")) and not f.numeric),
    (FieldKind.CATEGORY, lambda f: f.has(*_cue("category")) and not f.numeric),
)


#: Last words of a field that writes a value out for people (``labels.rendering_words``: ``price_string``,
#: ``durationText``), the words the record rule ``rendering`` reads too.
_RENDERING_WORDS = loader.words("labels", "rendering_words")


def _rendered(f: FieldName) -> bool:
    """Whether the name's last word says its value is written out for people (``durationText``, ``length_string``)."""
    return len(f.tokens) > 1 and f.tokens[-1] in _RENDERING_WORDS


def _names_unit(f: FieldName) -> bool:
    """Whether a quantity's name names its unit (``distance_unit``, ``x-units-temperature``), not after "per"."""
    return any(t in _cue("unit_words") and (i == 0 or f.tokens[i - 1] != "per") for i, t in enumerate(f.tokens))


def _other_head(f: FieldName, heads: frozenset[str]) -> bool:
    """Whether the name's last word heads it as something else than its earlier words (``salary_period`` is a
    period); a word after "per" is a unit of the quantity, not its head (``price_per_unit`` is a price)."""
    return bool(f.tokens) and f.tokens[-1] in heads and (len(f.tokens) < 2 or f.tokens[-2] != "per")


def _place_head(f: FieldName, words: frozenset[str]) -> bool:
    """Whether a place word of ``words`` heads the name: nothing follows its last one but words of the place's own
    name or code, or other place words (``field_words.place_tails``: ``country_name``, ``city_state``). Before any
    other head the place word only qualifies it (``originIp`` is an address of a machine, ``city_fuel`` a fuel
    consumption, ``country_flag`` a picture)."""
    toks = f.tokens
    last = max((i for i, t in enumerate(toks) if t in words), default=None)
    if last is None:
        return False
    tails = _cue("place_tails") | _cue("city") | _cue("country")
    return all(t in tails for t in toks[last + 1:])


def _names_a_sort(f: FieldName) -> bool:
    """A name of two or more words whose head noun (its last word) is a word of a category (``member_type``,
    ``contactType``, ``Content-Type``), or whose words end in one and its name (``category_name``, ``genreTitle``:
    ``field_words.sort_name_tails``): the field holds a sort of the thing its first words name, not the thing
    (no person, no contact, no text, no product's title), whatever those words are cues of. A flag
    (``is_category``, a boolean ``should_show_category``) stays a flag."""
    toks = f.tokens
    if len(toks) > 2 and toks[-1] in _cue("sort_name_tails") and toks[-2] in _cue("category"):
        toks = toks[:-1]  # "product category name" names a category as "product category" does
    elif len(toks) == 2 and toks[-1] in _cue("sort_name_tails") and toks[0] in _cue("category"):
        toks = toks[:1] + toks[:1]  # "category name": the category itself
    return len(toks) > 1 and toks[-1] in _cue("category") and toks[0] not in _cue("boolean_prefixes") \
        and (f.type or "").lower() not in _cue("boolean_types")


_HEAD_KINDS = cast("Mapping[str, str]", loader.word_map("field_words", "head_kinds"))


def _counted_plural(word: str) -> bool:
    """A plural noun of things counted (reviews, questions, rentals): no money (``field_words.money_plurals``, a
    plural of a price word), no unit (seconds, miles), no word that names a kind of its own but a count (views)."""
    one = singular(word)
    return one != word and word not in _cue("money_plurals") and one not in _cue("price") \
        and word not in _UNIT_WORDS and one not in _UNIT_WORDS \
        and _rules_kind(FieldName(word, "number")) in (None, FieldKind.COUNT)


_UNIT_WORDS = loader.words("units", "numeric_only") | frozenset(loader.word_map("units", "field_suffix"))


def _head_kind(f: FieldName) -> tuple[bool, FieldKind | None]:
    """(whether the name's head noun decides, the kind it gives). English compounds have a head: in "A of B"
    (``dayOfMonth``, ``number_of_pages``) it is A; in "A B" (``price_level``, ``page_count``) the last word B. A
    "<unit> of <unit>" is a part of a date (:func:`date_part_range`); else "A of B" has the kind of A. A last word
    of ``field_words.head_kinds`` names the kind of a numeric name (a documented text keeps its form: no kind); a
    counted plural (``total_reviews``, ``ratings_total``) makes a numeric name a count where a word before it made
    it a price or a page. A flag (boolean type) is left to the rules."""
    if (f.type or "").lower() in _cue("boolean_types"):
        return False, None
    toks = f.tokens
    split = None if f.joined in _cue("weekday") else _of_split(toks)  # a day of the week: its own (no) kind
    if split is not None:
        if date_part_range(f) is not None:
            return True, FieldKind.DATE_PART
        return True, field_kind(replace(f, name=" ".join(split[0])))
    if len(toks) < 2:
        return False, None
    head = _HEAD_KINDS.get(toks[-1])
    if head is not None:
        return True, FieldKind(head) if f.numeric and head != "none" else None
    counted = toks[-2] if toks[-1] in _cue("total_heads") else toks[-1]
    if f.numeric and _counted_plural(counted) and _rules_kind(f) in _cue("counted_over"):
        return True, FieldKind.COUNT
    return False, None


def _rules_kind(f: FieldName) -> FieldKind | None:
    """The first :data:`RULES` kind whose predicate holds, or None."""
    for kind, test in RULES:
        if test(f):
            return kind
    return None


#: Names of a number that say "a number of" but not of what (``value``, ``max``, ``avg``): the quantity is the
#: enclosing key's (``field_words.generic_quantities``).
_GENERIC_QUANTITIES = _cue("generic_quantities")
#: Kinds an enclosing key may lend a generic number (``field_words.quantity_kinds``): a temperature's ``value``
#: is a temperature, a battery level's a level; a ``year``'s or a ``text``'s is no year or text.
_QUANTITY_KINDS = frozenset(FieldKind(k) for k in _cue("quantity_kinds"))


def generic_quantity(name: str) -> bool:
    """Whether a number's name says "a number of" and nothing of what (``value``, ``max``, ``avg``:
    :data:`_GENERIC_QUANTITIES`): its enclosing key then names the quantity (:attr:`FieldName.quantity`)."""
    tokens = name_tokens(name)
    return bool(tokens) and set(tokens) <= _GENERIC_QUANTITIES


def named_quantity(f: FieldName) -> FieldName | None:
    """The field as its enclosing key names it (``temperature value`` for a ``value`` under ``temperature|data``,
    with its own word where the kind stays the key's: a ``max`` stays a high, a ``distance value`` is a ``distance``) when
    its own name is a generic number (:data:`_GENERIC_QUANTITIES`) and that key's kind is a quantity's
    (:data:`_QUANTITY_KINDS`); else None. A ``value`` of 2,983 was a temperature drawn as a price."""
    if not f.quantity or not f.numeric or not generic_quantity(f.name):
        return None
    named = replace(f, name=f.quantity, quantity="")
    kind = field_kind(named)
    if kind not in _QUANTITY_KINDS:
        return None
    both = replace(named, name=f"{f.quantity} {f.name}")  # "temperature max": the max keeps its side
    return both if field_kind(both) == kind else named


@lru_cache(maxsize=65536)
def field_kind(f: FieldName) -> FieldKind | None:
    """The kind of a field: a generic number's is the quantity its enclosing key names (:func:`named_quantity`);
    a name whose head noun names a sort (:func:`_names_a_sort`) is a category, or of no kind when numeric (a code of
    the sort: ``timezone_type: 3``); else the kind its head noun gives (:func:`_head_kind`); else the first
    :data:`RULES` kind whose predicate holds, or None."""
    named = named_quantity(f)
    if named is not None:
        return field_kind(named)
    if _names_a_sort(f):
        return None if f.numeric else FieldKind.CATEGORY
    decided, kind = _head_kind(f)
    return kind if decided else _rules_kind(f)

