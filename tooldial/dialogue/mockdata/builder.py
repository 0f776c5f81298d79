"""Results: :func:`build_result` fills the documented structure of a result (:class:`ResultBuilder`),
then mends it as a whole (paging, status, conversions, series, record rules, countries)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tooldial.corpus.error_example import documented_error, error_key
from tooldial.corpus.models import MAP_KEY, Api, OutputComponent
from tooldial.corpus.schema import json_value_type, normalize_type
from tooldial.dialogue.mockdata.climate import _gen_temperature
from tooldial.dialogue.mockdata.countries import country_by_name, country_info
from tooldial.dialogue.mockdata.created import created_id_output
from tooldial.dialogue.mockdata.dates import (
    ISO_DATE,
    SEASON_INPUTS,
    _gen_date,
    _gen_time,
    asked_season,
    date_bounds,
    is_now_stamp,
    order_series,
    parse_date,
    unix_time,
    written_like,
)
from tooldial.dialogue.mockdata.documented import (
    another_record,
    asked_documented,
    documented_places,
    documented_request,
    elsewhere_words,
    entity_string,
    foreign_lookup,
    identifying,
    list_groups,
    names_elsewhere,
)
from tooldial.dialogue.mockdata.fields import (
    _ID_WORDS,
    _PERSON,
    FieldName,
    api_words,
    field_kind,
    name_tokens,
    said_name,
)
from tooldial.dialogue.mockdata.files import file_link, made_file
from tooldial.dialogue.mockdata.generators import _by_type, _digits, coded_number, draw_in_range, generate
from tooldial.dialogue.mockdata.hollow import (
    hollow_list,
    one_record,
    typical_components,
    undocumented_components,
)
from tooldial.dialogue.mockdata.moments import keep_documented_gaps
from tooldial.dialogue.mockdata.money import _convert_money, currency_inputs, rate_text
from tooldial.dialogue.mockdata.paging import requested_records
from tooldial.dialogue.mockdata.paths import _WRAPPERS, _set_path, as_number, as_text, owner_words
from tooldial.dialogue.mockdata.placeholders import counted_record, names_its_field
from tooldial.dialogue.mockdata.places import (
    _country_names,
    _named_city,
    _place_index,
    _zone_places,
    bound_places,
    business_record,
    distance_km,
    input_places,
    names_us,
    nearby_places,
    place_of,
    places,
)
from tooldial.dialogue.mockdata.record_kinds import record_words
from tooldial.dialogue.mockdata.record_rules import apply_rules, ordered_pairs
from tooldial.dialogue.mockdata.rule_fixes import record_fix, world_fix
from tooldial.dialogue.mockdata.searched import about_searched, searched
from tooldial.dialogue.mockdata.sites import site_of
from tooldial.dialogue.mockdata.sports import (
    _rank_tables,
    api_sport,
    has_team_name,
    names_team,
    own_team,
    team_context,
)
from tooldial.dialogue.mockdata.titles import _gen_name, _gen_person, _last_name
from tooldial.dialogue.mockdata.tool_records import more_records
from tooldial.dialogue.mockdata.world import (
    TOPICS,
    USD_VALUE,
    WORLD_YEAR,
    MockWorld,
    RecordContext,
    own_topic,
)
from tooldial.dialogue.schema_values import conform_result, radius_input, request_bounds
from tooldial.knowledge import loader
from tooldial.knowledge.english import singular
from tooldial.knowledge.taxonomy import generic_quantity

if TYPE_CHECKING:
    from tooldial.dialogue.mockdata.places import Place


def _typed(text: str, type_: str, example: Any = None) -> Any:
    """``text`` as the documented type (an int/float when the type or the example says so). A documented integer
    is whole (a drawn measure "48.3" for an integer ``length`` is 48) and a documented boolean is a flag, not the
    text "false"."""
    t = normalize_type(type_)[0] if type_ else ""  # the schema's spelling ("int", "NUMBER") as a JSON type
    numeric_example = isinstance(example, int | float) and not isinstance(example, bool)
    if (t == "integer" or isinstance(example, int) and numeric_example) and re.fullmatch(r"-?\d+", text):
        return int(text)
    if t == "integer" and re.fullmatch(r"-?\d+\.\d+", text):
        return round(float(text))
    if (t == "number" or numeric_example) and re.fullmatch(r"-?\d+(\.\d+)?", text):
        return float(text) if "." in text else int(text)
    if (isinstance(example, bool) or t == "boolean") and text in ("true", "false"):
        return text == "true"
    return text


def _off_type(value: Any, type_: str) -> bool:
    """Whether a drawn text breaks the leaf's documented scalar type: an integer ``genderIndex`` drawn "female", a
    boolean ``enableEmailOTP`` drawn as an e-mail address, an integer ``constTempTime`` drawn as "14:45"."""
    if not isinstance(value, str) or not type_:
        return False
    t = normalize_type(type_)[0]
    if t == "integer":
        return not re.fullmatch(r"-?\d+", value.strip())
    if t == "number":
        return as_number(value) is None
    return t == "boolean" and value not in ("true", "false")


def _of_type(value: str, type_: str, ctx: RecordContext) -> Any:
    """A value of the documented type in place of one that breaks it: a moment drawn for an integer is its Unix
    time, anything else is drawn from the type alone."""
    t = normalize_type(type_)[0]
    seconds = unix_time(value) if t in ("integer", "number") else None
    if seconds is not None:
        return seconds
    drawn = _by_type(t, ctx)
    return value if drawn is None else _typed(drawn, t)


_NEARBY_WORDS = loader.words("places", "nearby_words")
#: Kinds a model's range replaces: their generators know no domain (a count is 1-250 for wickets and views alike).
_RANGED_KINDS = loader.words("field_kinds", "model_ranged")
#: Kinds of a record's own position: in a search around a point, each town found has its own, not the point's.
_POINT_KINDS = loader.words("field_kinds", "record_position")
_TOWN_WORDS = loader.words("places", "town_records")
_NOT_TOWN_WORDS = loader.words("places", "not_town_records")
#: The record noun of countries (``places.country_record_words``): an API whose name or tool names countries.
_COUNTRY_NOUNS = loader.words("places", "country_record_words")
#: Result keys under which a response repeats the request (``parameters``, ``query``, ``search_parameters``).
_ECHO_CONTAINERS = loader.words("containers", "echo")
#: Records that each hold their own currency: their lists are not priced in one (countries, wallets).
_OWN_CURRENCY_RECORDS = loader.words("money", "own_currency_records")


def _searches_around(api: Api, inputs: dict[str, Any]) -> bool:
    """Whether a call searches for towns around a point: its name says towns (``places.town_records``) and that
    it searches around (``places.nearby_words``: "Cities Nearby"; a description's "near real-time" does not), or it
    takes a radius (``measures.radius_inputs``). Stores or airports near a point are no towns: their records keep
    the point's town and their documented distances."""
    said = set(name_tokens(said_name(api)))
    return bool(said & _TOWN_WORDS) and (bool(said & _NEARBY_WORDS) or any(radius_input(k) for k in inputs))


def _said_in(words: set[str], said: frozenset[str]) -> bool:
    """Whether the API's name says every one of ``words``, either number (``articles_id`` of "Article summary")."""
    return {singular(w) for w in words} <= {singular(w) for w in said}


def _same_text(value: Any, example: str) -> bool:
    """``value`` is the documented ``example``, or that text with only its numbers redrawn ("Gujarat Titans beat
    Delhi Capitals by 7 wickets" from "... by 6 wickets"): words of the documented entity, not a code or a phone
    number drawn in the documented layout."""
    if value == example:
        return True
    return isinstance(value, str) and len(re.findall(r"(?<!\S)[A-Za-z]{2,}(?!\S)", example)) >= 2 and re.sub(
        r"\d+", "0", value) == re.sub(r"\d+", "0", example)


def _lost_number(value: Any, example: Any) -> bool:
    """Whether a value drawn for a field whose documented example is a number is text that is no number: the
    documentation fixes the field's JSON type whatever its name suggests (an integer ``countryId`` is a code of the
    API's own, no country name; an integer ``status`` is a status code, no "success")."""
    return isinstance(example, int | float) and not isinstance(example, bool) and isinstance(value, str) \
        and as_number(value) is None


def _epoch_like(value: str, example: Any) -> int | None:
    """A date drawn for a field documented as a Unix timestamp, as the timestamp: seconds, or milliseconds when the
    example counts them (``startTimestamp: 1700000000``, ``1700000000000``); None for any other text."""
    if not isinstance(example, int) or example < 10**8:
        return None
    seconds = unix_time(value)
    return None if seconds is None else seconds * 1000 if example >= 10**11 else seconds


_URL = re.compile(r"(?P<site>https?://[^/?#\s]+)(?P<rest>[^\s]*)")


def _patterned_url(example: Any, ctx: RecordContext) -> str | None:
    """Another record's URL in the documented one's form: the same site and path, the digits of its ids redrawn
    (``https://i.scdn.co/image/ab67616d…`` → another picture there), or, where the path has none, its last
    segment named anew with its extension kept (``/products/amazing-yotpo-poster`` → ``/products/moreno-poster``).
    A drawn record's URL then is no made-up page on a made-up site, and a picture's URL stays a picture's. None
    when the example is no URL."""
    m = _URL.fullmatch(example.strip()) if isinstance(example, str) else None
    if m is None or len(example) > 300:
        return None
    rest = m["rest"]
    # a token of letters and digits (a video id "U0G5OA6ZH5w", a hash) and a run of three digits or more (an id, a
    # year) are the record's own; one or two digits alone are a date's month and day or a size, kept
    varied = re.sub(r"[A-Za-z0-9]{8,}|\d{3,}", lambda run: _vary_digits(run.group(), ctx.world.rng)
                    if re.search(r"\d", run.group()) else run.group(), rest)
    if varied != rest:
        return m["site"] + varied
    parts = re.split(r"([?#])", rest, maxsplit=1)
    path, sep, tail = parts if len(parts) == 3 else (rest, "", "")
    slash = "/" if path.endswith("/") and len(path) > 1 else ""
    head, _, last = path.rstrip("/").rpartition("/")
    stem, dot, ext = last.rpartition(".") if "." in last else (last, "", "")
    if not stem:
        return None  # a site's home page: nothing of the record's own to redraw
    word = re.split(r"[-_]", stem)[-1] if re.fullmatch(r"[A-Za-z]+([-_][A-Za-z]+)+", stem) else ""
    name = _last_name(ctx).lower() + (f"-{word.lower()}" if word else "")
    return f"{m['site']}{head}/{name}{dot}{ext}{slash}{sep}{tail}"


def _country_code_like(example: Any, country: str) -> str | None:
    """A country drawn by name for a field whose documented example is a code (``"US"``, ``"usa"``): its ISO code
    of the example's length and case (the country table's); None when the example is no code or the name no
    country of the table."""
    if not isinstance(example, str) or not re.fullmatch(r"[A-Za-z]{2,3}", example.strip()):
        return None
    iso = country_by_name().get(country.strip().lower())
    if iso is None:
        return None
    code = iso if len(example.strip()) == 2 else str(country_info()[iso]["iso3"])
    return code.lower() if example.strip().islower() else code


def _patterned_id(example: Any, ctx: RecordContext) -> str | None:
    """A new id in the documented one's form ("htl_31120" → "htl_58203", "rt_blue" → "rt_40912", 79942 → 51380),
    so the third hotel of a list is no "91584653" beside two "htl_" ones; None when the example has no form to
    keep."""
    rng = ctx.world.rng
    digits = str(example) if isinstance(example, int) and not isinstance(example, bool) and example >= 10 else \
        example if isinstance(example, str) and example.isdigit() and 2 <= len(example) <= 18 else ""
    if digits:  # a numeric id keeps its number of digits (a branchId 79942 is no 2463)
        return str(rng.randint(10 ** (len(digits) - 1), 10 ** len(digits) - 1))
    if not isinstance(example, str) or not 3 <= len(example) <= 40:
        return None
    if re.search(r"\d", example) and re.search(r"[A-Za-z]", example):
        return _vary_digits(example, rng)
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
    if ISO_DATE.match(text):
        return _gen_date(f, ctx).isoformat() + text[10:]
    if re.fullmatch(r"\d{1,2}:\d{2}(:\d{2})?", text):  # a clock time stays a clock time
        return _gen_time(f, ctx) + (":00" if text.count(":") == 2 else "")
    if re.search(r"\d", text) and len(text) <= 80 and not re.search(r"\d:\d", text):
        return _vary_digits(text, rng)
    return example


#: A year standing alone among other characters ("the-village-2004", "Report 2019 Q3"; not inside "20231115"),
#: an ordinal ("1st Inning"), else one digit: what :func:`_vary_digits` redraws, left to right.
_YEAR_OR_DIGIT = re.compile(r"(?<!\d)(?P<year>(?:19|20)\d\d)(?!\d)|(?<!\d)(?P<ordinal>\d+(?:st|nd|rd|th))\b|\d")


def _vary_digits(text: str, rng: random.Random) -> str:
    """``text`` with its digits redrawn in place (a varied value, a patterned id), except that a year stays a year
    of the past ten (a film's slug "village-2023" became "village-2544"); a year after the mock world's is kept,
    and an ordinal is kept ("1st Inning" became "3st Inning")."""
    def redraw(m: re.Match[str]) -> str:
        if m["ordinal"] is not None:
            return m["ordinal"]
        if m["year"] is None:
            return str(rng.randint(0, 9))
        year = int(m["year"])
        return str(rng.randint(year - 10, year) if year <= WORLD_YEAR else year)

    return _YEAR_OR_DIGIT.sub(redraw, text)


#: Scalar type names (``knowledge/packs/schema_types.yaml``: type_aliases) that a documentation writer puts where a
#: value goes when the documented response is a type map, not an example (``{"label": "string", "quality":
#: "number"}``: 126 ToolBench APIs of 50 tools hold such leaves).
#: Spellings that carry a format ("date", "file") or a choice ("enum", "none") are left out: "sort": "date" is a value.
_TYPE_NAMES = frozenset(name for name, json_type in loader.word_map("schema_types", "type_aliases").items()
                        if name and json_type in ("string", "number", "integer", "boolean")
                        and name not in loader.word_map("schema_types", "format_aliases")
                        and name not in loader.words("schema_types", "choice_type_names"))

#: A result field with nothing to say (no documented value, a name that says nothing): left out.
OMIT: Any = object()


PLACE_KINDS = loader.words("field_kinds", "place")


#: Owners whose records a call lists (its channel's videos, its artist's tracks).
_OWNER_WORDS = loader.ordered_words("media", "owners")
#: Values of a unit input that ask for °F; words of an API that lists people; of a short-form name field; of a
#: time-zone field's side; a record's own name and id field names (the packs' sets of the same names).
_FAHRENHEIT_INPUTS = loader.words("units", "fahrenheit_inputs")
_PEOPLE_LISTS = loader.ordered_words("people", "people_lists")
_SHORT_NAME_WORDS = loader.words("records", "short_name_words")
_ZONE_SIDES = loader.words("time", "zone_sides")
_OWN_NAME_FIELDS = loader.words("records", "own_name_fields")
_RECORD_ID_NAMES = loader.words("identifiers", "record_id_names")


_EXCHANGE_SIDES = loader.ordered_words("money", "exchange_side")


class ResultBuilder:
    """Fills the documented structure of a result: record ``i`` of a list from documented item ``i`` (dates
    redrawn), later records generated by field semantics or varied from the documented item; non-list
    fields echo same-named inputs and are otherwise generated by semantics, else documented."""

    def __init__(self, api: Api, world: MockWorld, records: int, inputs: dict[str, str] | None = None) -> None:
        self.world = world
        self.records = max(1, records)
        self.sport = api_sport(api)
        self.by_path = {c.path: c for c in api.output_components}
        self.api_words = api_words(api)
        self.name_words = frozenset(name_tokens(said_name(api)))
        self.api, self.api_name, self.tool, self.category = api, said_name(api), api.tool, api.category
        #: Where the tool's records link: its documented hosts, a domain its documentation names, or its name's.
        self.site = site_of(api.tool, api.description, api.example_response)
        #: A model's usual range of each undocumented number (the ``ranges`` role), by leaf path ``a|b``.
        self.ranges = {key: (low, high, typical) for key, low, high, typical in api.value_ranges}
        #: When a dict: the undocumented numbers drawn, path -> JSON type (:func:`rangeable_leaves` collects them).
        self.rangeable: dict[str, str] | None = None
        self.inputs = {k.lower(): v for k, v in (inputs or {}).items()}
        self.raw_inputs = dict(inputs or {})
        #: Inputs by the words of their name when it has two or more (``channelId`` and ``channel_id`` alike).
        self._inputs_by_words = {FieldName(k).tokens: k.lower() for k in self.raw_inputs
                                 if len(FieldName(k).tokens) > 1}
        example = api.example_response
        #: The result's own top-level field names: an input echoes into these, not into a nested namesake.
        self._top_names = {c.path[0].lower() for c in api.output_components if len(c.path) == 1 and not c.is_list} | (
            {str(k).lower() for k in example} if isinstance(example, dict) else set())
        self.records = requested_records(self.raw_inputs, self.records)
        #: Whether the call asks for Fahrenheit (``units=imperial``, ``unit=F``).
        self.fahrenheit = any(as_text(v).strip().lower() in _FAHRENHEIT_INPUTS
                              for k, v in self.inputs.items() if "unit" in k or "scale" in k or "temp" in k)
        self.bounds = date_bounds(inputs or {})  # the names as written: ``startDate`` is a start, ``startdate`` not
        #: What the call searched for ("New York", "Apple"): its records are about it (:func:`about_searched`).
        self.searched = searched(api, dict(inputs or {}))
        #: The place the first record lies in: the city searched by name (New York for a city search).
        self.first_place: Place | None = None
        self.top = self.context()
        self.top.top = True
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
        us_api = names_us(api)
        #: The cities of the one country the tool's name names ("argentina_movie_theatres", "Mexico ZIP Codes"; the
        #: US cities when ``us_api``): records of such a tool lie there, unless the inputs or searched words place them.
        bound = bound_places(api)
        if not self.record_places:
            self.record_places = input_places(self.inputs, country_api=bool(
                {singular(w) for w in name_tokens(f"{api.name} {api.tool}")} & _COUNTRY_NOUNS))
            if not self.record_places and us_api:  # a US zip code lies in the US, not in the user's Zunyi
                self.record_places = bound
            if not self.record_places and any(field_kind(FieldName(k)) in ("postal", "address") for k in self.inputs):
                named = _named_city(" ".join(str(v) for k, v in self.inputs.items()
                                            if field_kind(FieldName(k)) == "address"))
                self.record_places = (named or (world.rng.choice(bound) if bound else world.home),)  # "Praca do
                # Comercio, Lisbon" lies in Lisbon; an address of a tool bound to one country in that country
            if self.record_places:
                self.input_place = self.record_places[0] if len(self.record_places) == 1 else \
                    world.rng.choice(self.record_places)
        if not self.record_places and self.searched is not None and self.searched.place is not None:
            place = self.searched.place  # a city searched by name: the best match first, then others of its country
            self.first_place = self.input_place = place
            self.record_places = (place,) if self.searched.kind == "city" else tuple(
                p for p in places() if p.country_code == place.country_code and p != place) or (place,)
        if not self.record_places and bound:  # an Argentinian cinema chain's cinemas, the result's own place too
            self.record_places = bound
            self.top._place = world.rng.choice(bound)
        #: The currency of prices nothing placed (no place asked, searched or bound): a store's, US dollars, not the
        #: currency of whatever town a record's other fields draw (``RecordContext.store_currency``).
        self.store_currency = None if self.record_places else "USD"
        self.top.store_currency = self.store_currency
        #: Whether the call sends its documented request: the documented response is its answer, whose places
        #: are the ones asked (:func:`~.documented.documented_request`); its records follow no drawn place and its
        #: lists hold the documented records, no more.
        # (not when its places lie elsewhere than the inputs or the tool place the call: the example was recorded
        # with other inputs, or is made up, "Ufa" for ``countryId=US``)
        countries = {p.country_code for p in self.record_places}
        self.as_documented = documented_request(api, self.raw_inputs) and (not countries or all(
            _place_index()[city].country_code in countries for city in documented_places(api)))
        if self.as_documented:
            self.record_places = ()
        #: A search around the point asked (``Cities Nearby``, a ``radius`` input): its records are the towns
        #: nearest to it, in turn, within the radius; their ``distance`` is the real one (:func:`nearby_places`).
        self.nearby = self.input_place is not None and _searches_around(api, self.inputs)
        self._around = 0
        if self.nearby:
            assert self.input_place is not None
            # no town that close: the search finds none (an empty list), not the point's own city three times
            self.record_places = nearby_places(self.input_place,
                                               request_bounds(self.inputs).get("distance", (None, None))[1])
        if self.input_place is not None:
            self.top._place = self.input_place
        self.seen: dict[tuple[str, ...], set[str]] = {}
        #: Whether the call names an owner (a channel, an author, an artist) whose records it lists.
        self.owner_inputs = any(set(name_tokens(k)) & set(_OWNER_WORDS) for k in self.raw_inputs)
        self.owned: dict[str, Any] = {}
        #: How many records enclose the current node (list items, objects with an id or a name of their own): a list
        #: inside a record belongs to it (an actor's characters, a language's links) and takes no other record's.
        self.record_depth = 0
        #: What the call searched for ("food"): the titles of the records it finds are about it.
        self.topic = next((str(v).strip() for k, v in (inputs or {}).items() if field_kind(FieldName(k)) == "query"
                           and 2 < len(str(v).strip()) <= 40 and not any(c.isdigit() for c in str(v))), None) or \
            self._asked_topic()
        #: No topic asked: one is drawn (titles of articles, apps, books), but never for videos.
        self.drawn_topic = self.topic is None
        # one topic per result: a course's modules are all about one subject; the news of a currency pair or a
        # ticker are about it, not about photography; unasked, what the API's own words name (a covid news feed's
        # articles are about covid-19), else one drawn (drawn either way: the later draws stay where they were)
        if self.topic is None:
            drawn = world.rng.choice(TOPICS)
            self.topic = own_topic(api.name, api.tool, api.category) or drawn
        self.top.topic = self.topic
        self.top.drawn_topic = self.drawn_topic
        #: The identifying inputs the documented example does not describe (its entity strings are not served).
        self.foreign = foreign_lookup(api, dict(inputs or {}))
        #: The documented values of those inputs (the team 1312 the example describes): records without them are
        #: records of their own, which keep their names (:func:`~.documented.another_record`).
        self.asked_documented = asked_documented(api, self.foreign)
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

    def context(self, first: bool = False, taken: list[Place] | None = None) -> RecordContext:
        """A record's context; its dates hang off the date the user asked for (a start, a departure); its place
        lies where the inputs say (:attr:`record_places`), the first record's where a search by name says
        (:attr:`first_place`); in a list of towns (:meth:`lists_towns`), a place ``taken`` by an earlier record
        only when every one is (the largest cities of Spain are Madrid and Barcelona, not Madrid twice). The place
        drawn is added to ``taken``."""
        ctx = RecordContext(self.world, topic=getattr(self, "topic", None), drawn_topic=getattr(self, "drawn_topic", False))
        ctx.sport, ctx.league = self.sport
        ctx.site = self.site
        ctx.store_currency = getattr(self, "store_currency", None)
        places_ = getattr(self, "record_places", ())
        if first and getattr(self, "first_place", None) is not None:
            ctx._place = self.first_place
        elif places_ and getattr(self, "nearby", False):
            ctx._place, self._around = places_[self._around % len(places_)], self._around + 1  # nearest first
        elif places_:
            ctx._place = places_[0] if len(places_) == 1 else self.world.rng.choice(places_)
            if taken and ctx._place in taken:  # the next place not taken, in turn: the draws stay where they were
                at = places_.index(ctx._place)
                ctx._place = next((p for p in (*places_[at + 1:], *places_[:at]) if p not in taken), ctx._place)
        if taken is not None and ctx._place is not None:
            taken.append(ctx._place)
        if self.bounds.on is not None:
            ctx.anchor = self.bounds.on
            ctx.asked_span = bool(self.bounds.end and self.bounds.start)
            ctx.span = (self.bounds.end - self.bounds.on).days if ctx.asked_span else self.world.rng.randint(1, 10)
        return ctx

    def list_currency(self, path: tuple[str, ...], currency: str | None = None) -> _ListCurrency:
        """The currency the records of the list at ``path`` are priced in: one, the first record's (or
        ``currency``, an outer list's), for a store's search results, a cart's items, one city's prices; none when
        the records each hold their own (the list's record noun, else the API's, is one of
        ``money.own_currency_records``: countries, markets, wallets)."""
        nouns = record_words((*path, ""), self.api_name, self.tool)
        one = not nouns or nouns[0] not in _OWN_CURRENCY_RECORDS
        return _ListCurrency(one, currency if one else None)

    def lists_towns(self, path: tuple[str, ...]) -> bool:
        """Whether the list at ``path`` lists towns (its record noun, else the API's, is one of
        ``places.town_records`` before one of ``places.not_town_records``: "Largest Cities in Country", a list of
        ``cities``): each is another town. The homes, listings and suburbs of one search share its area instead."""
        noun = next((w for w in record_words((*path, ""), self.api_name, self.tool)
                     if w in _TOWN_WORDS or w in _NOT_TOWN_WORDS), None)
        return noun in _TOWN_WORDS

    def list_length(self) -> int:
        """How many records a list of the result holds: :attr:`records`; a search around a point lists as many
        towns as lie within its radius (none when none does)."""
        return min(self.records, len(self.record_places)) if self.nearby else self.records

    def documented_length(self, items: list[Any]) -> int:
        """How many records a documented list of the result holds: :meth:`list_length`, at most the documented
        ones when the call sends its documented request (a zip code's one place, not two)."""
        return min(self.list_length(), len(items)) if self.as_documented else self.list_length()

    def field(self, path: tuple[str, ...], example: Any) -> FieldName:
        comp = self.by_path.get(path)
        type_ = comp.type if comp is not None else json_value_type(example)
        in_path = frozenset(t for p in path[:-1] for t in name_tokens(p))
        quantity = next((k for k in reversed(path[:-1]) if k.lower() not in _WRAPPERS and not k.isdigit()), "") \
            if path and generic_quantity(path[-1]) else ""  # the key that names what a ``value`` measures
        return FieldName(path[-1] if path else "value", type_ or "string", self.api_words | in_path,
                         self.name_words | in_path, path[-2] if len(path) > 1 else "",
                         record_words(path, self.api_name, self.tool), quantity)

    def echo(self, f: FieldName, top: bool, path: tuple[str, ...] = ()) -> str | None:
        """The input a result field repeats: a same-named input (at the top; in every record of a list when it
        is a filter — a country, a category id — not the record's own name or id: related articles do not
        all carry the article id asked about, universities searched by name are not all named so), or — at
        the top of a single result — the id it was looked up by (``id`` for ``property_id`` of "Get Property
        Details by Id")."""
        name = f.name.lower()
        if name not in self.inputs:  # a video's ``channel_id`` repeats the ``channelId`` asked, written either way
            name = self._inputs_by_words.get(f.tokens, name)
        if name not in self.inputs and f.joined in SEASON_INPUTS and (season := asked_season(self.raw_inputs)):
            return season[0]  # a record's ``season`` is the season asked by its year (``season_id=2021``)
        if name in self.inputs and len(path) > 1 and str(path[-2]).lower() in _ECHO_CONTAINERS:
            return self.inputs[name]  # a field right under a request echo (``parameters.id``): ids and names too
        owner = owner_words(path)
        if name in self.inputs and top and len(path) > 1 and name in self._top_names:
            return None  # the result's own ``uid`` repeats the ``uid`` asked for, not a nested ``provider.uid`` too
        if name in self.inputs and (top or self._filter(f, path) and not (
                self.nearby and field_kind(f) in _POINT_KINDS)) and not (
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
            if other_stem == stem or (not other_stem and _said_in(stem, self.name_words)) or (
                    not stem and _said_in(other_stem, self.name_words)):
                return value
        return None

    @staticmethod
    def _filter(f: FieldName, path: tuple[str, ...]) -> bool:
        """Whether a same-named input filters a list's records (so every record repeats it)."""
        if f.name.lower() in _RECORD_ID_NAMES:
            return False
        kind = field_kind(f)
        if kind in ("name", "title", "query", "person", "company", "text", "first_name", "last_name", "username"):
            return False
        if kind in ("count", "limit"):  # a post's ``edge_liked_by.count`` is its likes, not the ``count=12`` asked
            return False
        if kind != "id" and identifying(f.name):  # an airport's code names one airport, not all of a list
            return False
        if kind == "id":  # a category id filters products; an article id is the record's own
            stem = set(f.tokens) - set(_ID_WORDS)
            container = {singular(t) for p in path[:-1] for t in name_tokens(p)}
            return bool(stem) and not stem & container
        return True

    def leaf(self, path: tuple[str, ...], example: Any, ctx: RecordContext, documented: bool) -> Any:
        f = self.field(path, example)
        # the documented request's response already says what was asked, as it writes it ("country": "United
        # States" for ``country=us``)
        echoed = None if self.as_documented and documented else self.echo(f, ctx is self.top, path)
        if echoed is not None:
            return _typed(echoed, f.type, example)
        owned = self._owned(f)
        if owned is not None and owned in self.owned:
            return self.owned[owned]
        if self._placeholder(f, example):
            example, documented = None, False  # drawn by its kind, as if undocumented
        value = self._leaf(path, example, ctx, documented, f)
        if owned is not None:
            self.owned[owned] = value
        return value

    def _placeholder(self, f: FieldName, example: Any) -> bool:
        """A documented value that stands in for one (:mod:`~tooldial.dialogue.mockdata.placeholders`): the field's
        own words ("content": "content") or, as a record's name or title, the API's record noun and a counting
        number ("todo 1"). Only a field whose kind can be drawn: with no kind, nothing better is known than the
        documented value (HelloSalut's "hello": "Hello" is its answer)."""
        if not isinstance(example, str) or not example.strip():
            return False
        if example.strip().lower() in _TYPE_NAMES:  # a type map given as the example: {"label": "string"}; but
            # a field that names a type holds one ("dataType": "string", "type": "NUMBER"), whatever its documented type
            return field_kind(FieldName(f.name, "string")) != "category"
        kind = field_kind(f)
        if kind is None:
            return False
        return names_its_field(example, f.name) or (kind in ("name", "title") and counted_record(
            example, self.name_words))

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
        if kind == "name" and "".join(f.tokens) not in _OWN_NAME_FIELDS:
            return OMIT  # another entity's short name or code ("nameCode": "ZUR") is not drawn anew
        people = kind in ("name", "person", None) and f.has("name") and any(
            w in f.title for w in (*_PERSON, *_PEOPLE_LISTS))  # a first name or a country name stays what it is
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
        if example is not None and set(name_tokens(f.parent)) & {"sport", "sports"}:
            return example  # every record of a sports feed is of the documented sport (its id, name and slug)
        if (chosen := self._enum_value(path, example, documented)) is not None:
            return chosen
        if not documented and field_kind(f) == "name" and set(f.tokens) & _SHORT_NAME_WORDS:
            return OMIT  # a drawn record has no drawn short form beside its name ("nameCode": "Recife United")
        kind = field_kind(f)
        if self.nearby and ctx is not self.top and ctx._place is not None and self.input_place is not None and (
                "distance" in f.tokens) and not isinstance(example, str | bool) and kind in (None, "measure"):
            km = distance_km(self.input_place, ctx._place)  # the town's real distance from the point asked
            miles = "mile" in f.joined or any(as_text(v).strip().lower() in ("mi", "mile", "miles")
                                              for v in self.inputs.values())
            return _typed(f"{km / 1.609344 if miles else km:.1f}", f.type, example)
        if kind == "timezone" and self.zones and not (isinstance(example, str) and example in self.zones.values()):
            # the zone asked about (a ``to_timezone`` the ``to_tz`` one), not another city's
            side = set(f.tokens) & _ZONE_SIDES
            return _typed(next((z for k, z in self.zones.items() if side & set(name_tokens(k))),
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
        if documented and isinstance(example, str) and ISO_DATE.match(example) and kind not in (
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
            if set(name_tokens(f.parent)) & {"sport", "sports"}:
                return example  # the sport of another match is the same sport
            value = self._another_entity_value(path, example, ctx, f, kind)
            if value is OMIT:
                return OMIT
        elif documented and self.foreign and kind == "id" and isinstance(example, str) and not re.search(r"\d", example):
            return OMIT  # another entity's slug ("comp.ind", "btc-usd") says which entity it is
        elif documented and self.elsewhere and kind == "id" and example is not None and not isinstance(example, bool):
            value = _vary(example, f, ctx)  # the documented place's ids (a city id of Lisbon) are another place's
        elif kind == "rate" and self.pair_rate is not None and as_number(example) is not None:
            value = _typed(rate_text(self.pair_rate), f.type, example)  # the pair asked, not the documented one
        elif kind == "temperature" and as_number(example) is not None and not isinstance(example, bool):
            # a documented temperature is the example's city on the example's day: the record's place and
            # date get their own, in the example's scale (Kelvin stays Kelvin, °F stays °F)
            scale = FieldName(f.name + (" kelvin" if as_number(example) > 150 else " f" if self.fahrenheit else ""))
            value = _typed(_gen_temperature(scale, ctx), f.type, example)
        elif documented and example is not None and kind not in ("date", "datetime") and not follows_input \
                and not stale:
            value = example
        elif kind == "measure" and isinstance(example, int | float) and not isinstance(example, bool):
            value = _vary(example, f, ctx)  # a width of 480 px stays near 480 and whole, not a drawn 17.3
        elif (ranged := self._in_range(path, f, kind, example)) is not None:
            value = _typed(ranged, f.type, example)
        else:
            own = kind is not None and (not stale or kind in ("date", "datetime"))
            patterned = _patterned_id(example, ctx) if kind == "id" else _patterned_url(example, ctx) \
                if kind in ("url", "image") else None
            text = patterned if patterned is not None else generate(f, ctx) if own else None
            if text is None and example is None:
                text = coded_number(f, ctx) or _by_type(f.type, ctx)
                if text is None:  # nothing the documentation or the name says: the field is left out
                    return OMIT
            value = _typed(text, f.type, example) if text is not None else _vary(example, f, ctx)
            if kind == "date" and isinstance(example, str) and ISO_DATE.match(example):
                value = str(value)[:10] + example[10:]
            elif kind in ("date", "datetime") and isinstance(example, str) and isinstance(value, str):
                value = written_like(example, value) or value  # "Mon, 19 Jun 2023 01:21:47 GMT" stays so
            elif kind == "country" and isinstance(value, str):
                value = _country_code_like(example, value) or value
        if self.foreign and isinstance(example, str) and _same_text(value, example) and entity_string(f.name, example):
            return OMIT  # a later record varied from another entity's documented one keeps none of its strings
        if _lost_number(value, example):  # a documented number stays a number (countryId 353, never "France")
            value = _epoch_like(value, example)
            value = _vary(example, f, ctx) if value is None else value
        elif value != example and _off_type(value, f.type):
            value = _of_type(value, f.type, ctx)  # the documented JSON type wins over the name's kind
        seen = self.seen.setdefault(path, set())
        if isinstance(value, str) and len(value) > 200:
            value = value[:200]
        seen.add(as_text(value))
        return value

    def _in_range(self, path: tuple[str, ...], f: FieldName, kind: str | None, example: Any) -> str | None:
        """A number drawn in the range a model gave this leaf (``Api.value_ranges``), else None. Only for numbers
        the documentation says nothing of (no example, no bounds) whose name gives no kind or only a generic one
        (``field_kinds.model_ranged``: a count, a measure, a price): a wicket count or an Apgar score drawn from
        1-100 is the JSON type's guess, not the API's. One draw from the world's RNG, as the type's own."""
        if example is not None or not (kind is None or kind in _RANGED_KINDS):
            return None
        t = normalize_type(f.type)[0] if f.type else ""
        c = self.by_path[path].constraints if path in self.by_path else None
        if t not in ("integer", "number") or c is not None and any(
                b is not None for b in (c.minimum, c.maximum, c.exclusive_minimum, c.exclusive_maximum)):
            return None  # the documented bounds are the range
        key = "|".join(path)
        if self.rangeable is not None:
            self.rangeable[key] = t
        bounds = self.ranges.get(key)
        return None if bounds is None else draw_in_range(*bounds, t, self.world.rng)

    def fill(self, node: Any, path: tuple[str, ...], ctx: RecordContext, documented: bool) -> Any:
        if isinstance(node, dict) and self.foreign and documented and another_record(
                node, path, self.api, self.asked_documented):
            foreign, self.foreign = self.foreign, []
            try:
                return self.fill(node, path, ctx, documented)
            finally:
                self.foreign = foreign
        if isinstance(node, dict):
            base, filled = ctx._place, {}
            if ctx.documented_span is None:  # a drawn record of a documented template keeps its span too
                ctx.documented_span = documented_span(node)
            record = _names_itself(node)
            self.record_depth += record
            business, ctx.business = ctx.business, business_record(node)  # an object's own, its parent's after it
            try:
                for k, v in node.items():
                    # a team's sub-record lies where its team plays; the record, where its first team does
                    own = team_context(ctx, str(k), base) if isinstance(v, dict) else ctx
                    filled[k] = self.fill(v, (*path, str(k)), own, documented)
                    if ctx._place is None and own is not ctx:
                        ctx._place = own._place
            finally:
                self.record_depth -= record
                ctx.business = business
            filled = {k: v for k, v in filled.items() if v is not OMIT}
            _rederive(node, filled)
            _rederive_segments(node, filled)
            world_fix("code_name")(path, filled)
            _convert_money(node, filled)
            if record or not path:
                keep_documented_gaps(node, filled, _names_itself, self.world.today)
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
        used = [item for i, item in enumerate(items[:self.records]) if _distinct_item(items, i)]
        priced = self.list_currency(path)
        taken: list[Place] | None = [] if self.lists_towns(path) else None
        for i in range(self.documented_length(items) if documented else self.list_length()):
            doc = documented and i < len(items) and _distinct_item(items, i)
            template = items[i] if doc else items[0]
            if not doc and documented and path and isinstance(items[0], dict) and not self.record_depth \
                    and not error_key(path[-1]):  # a call's errors are its own, not another call's
                # a further record is one the tool documents elsewhere (a real competitor), not a drawn one
                pool = more_records(self.world.tool_records(self.category, self.tool).get(path[-1], ()), items[0],
                                    used)
                if pool:
                    template, doc = self.world.rng.choice(pool), True
                    used.append(template)
            ctx = self.context(first=i == 0, taken=taken)
            priced.put(ctx)
            if path and isinstance(template, dict) and names_team(path[-1]) and has_team_name(template):
                own_team(ctx, path[-1])  # a drawn team of a list of teams: the item lies where it plays
            self.record_depth += 1
            try:
                item = self.fill(template, path, ctx, doc)
            finally:
                self.record_depth -= 1
            if isinstance(template, dict) and isinstance(item, dict) and not _names_itself(template):
                # a list item that is no record of its own (fill moved a record's moments already): a drawn one
                # keeps the documented gaps too
                keep_documented_gaps(template, item, _names_itself, self.world.today)
            priced.seen(ctx, item if doc else None)  # a documented record is priced as documented
            if out and item in out:
                continue  # a record's one documented badge is not listed twice ("VERIFIED_CHANNEL" x 2)
            out.append(item)
            if isinstance(out[-1], dict):
                apply_rules(out[-1], ctx)
                self.world.remember_places(out[-1], ctx)
        return out

    @staticmethod
    def _team_context(ctx: RecordContext, path: tuple[str, ...], base: Place | None,
                      teams: dict[str, RecordContext]) -> RecordContext:
        """The context of a documented leaf at ``path`` inside a record: its team's (``homeTeam|name``: a team's
        sub-record lies where its team plays, as in :meth:`fill`), drawn once per team key, else ``ctx``."""
        key = next((k for k in path[:-1] if names_team(k)), None)
        if key is None:
            return ctx
        if key not in teams:
            teams[key] = team_context(ctx, key, base)
            if ctx._place is None:
                ctx._place = teams[key]._place
        return teams[key]

    def from_components(self, api: Api) -> Any:
        body: dict[str, Any] = {}
        base, teams = self.top._place, {}
        for comp in api.output_components:
            if not comp.is_list:
                value = self.leaf(comp.path, comp.example, self._team_context(self.top, comp.path, base, teams), False)
                if value is not OMIT:
                    _set_path(body, comp.path, value)
        root_list: list[Any] | None = None
        placed: dict[tuple[str, ...], list[dict[str, Any]]] = {}  # lists of records built so far, by path
        priced_at: dict[tuple[str, ...], str] = {}  # the currency each list of records is priced in
        # outer lists first: a list inside a record (a payment's refunds) is filled in each of its records
        groups = list_groups(api)
        for container, comps in sorted(groups.items(), key=lambda item: len(item[0])):
            outer = max((p for p in placed if p == container[:len(p)] and p != container), key=len, default=None)
            if outer is not None:  # a list in a list in a list is left out: a record holds one level of lists
                if not any(len(outer) < len(p) < len(container) and p == container[:len(p)] for p in groups):
                    self._fill_inner(placed[outer], outer, container, comps, priced_at.get(outer))
                continue
            if container and any(c.path == (*container, MAP_KEY) for c in comps):  # a map keyed by data
                mapped = self._map(container, comps, self.records)
                if mapped:
                    _set_path(body, container, mapped)
                continue
            single = False
            if hollow_list(comps, container):  # a list of untyped objects: records of the kind it lists
                comps = typical_components(api, container) or comps
                self.by_path.update({c.path: c for c in comps})
                single = one_record(api) and comps[0].path != container
            if any(c.path == container for c in comps):  # a list of scalars
                values = [v for v in (self.leaf(container, comps[0].example, self.context(), False)
                                      for _ in range(self.records)) if v is not OMIT]
                if container and values:
                    _set_path(body, container, values)
                continue
            rows: list[dict[str, Any]] = []
            priced = self.list_currency(container)
            taken: list[Place] | None = [] if self.lists_towns(container) else None
            for i in range(1 if single else self.list_length()):
                row: dict[str, Any] = {}
                ctx = self.context(first=i == 0, taken=taken)
                priced.put(ctx)
                ctx.business = business_record(c.path[len(container)] for c in comps if len(c.path) == len(container) + 1)
                if container and names_team(container[-1]) and has_team_name(c.path[-1] for c in comps
                                                                             if len(c.path) == len(container) + 1):
                    own_team(ctx, container[-1])  # a row of a list of teams lies where its team plays
                base, teams = ctx._place, {}
                for comp in comps:
                    own = self._team_context(ctx, comp.path[len(container):], base, teams)
                    value = self.leaf(comp.path, comp.example, own, False)
                    if value is not OMIT:
                        _set_path(row, comp.path[len(container):], value)
                apply_rules(row, ctx)
                self.world.remember_places(row, ctx)
                priced.seen(ctx)
                if row:
                    rows.append(row)
            if priced.currency:
                priced_at[container] = priced.currency
            if container and rows:
                _set_path(body, container, rows)
                placed[container] = rows
            elif not container:  # the response itself is the list
                root_list = placed[container] = rows
        return root_list if root_list is not None else body

    def _fill_inner(self, rows: list[dict[str, Any]], outer: tuple[str, ...], container: tuple[str, ...],
                    comps: list[OutputComponent], currency: str | None = None) -> None:
        """A list or map the schema puts inside each record of the list at ``outer`` (a payment's refunds): two
        values, records or keys in each, drawn like the record's own fields; records priced in ``currency`` (the
        outer list's: a hotel's room rates are in the hotel's)."""
        for row in rows:
            value = self._collection(container, comps, 2, currency)
            if value:
                _set_path(row, container[len(outer):], value)

    def _collection(self, container: tuple[str, ...], comps: list[OutputComponent], n: int,
                    currency: str | None = None) -> Any:
        """What the schema puts at ``container``: a map keyed by data, ``n`` scalars, or ``n`` records."""
        if any(c.path == (*container, MAP_KEY) for c in comps):
            return self._map(container, comps, n)
        if any(c.path == container for c in comps):  # a list of scalars
            return [v for v in (self.leaf(container, comps[0].example, self.context(), False) for _ in range(n))
                    if v is not OMIT]
        items: list[dict[str, Any]] = []
        priced = self.list_currency(container, currency)
        for _ in range(n):
            ctx = self.context()
            priced.put(ctx)
            item = self._record(container, comps, ctx)
            priced.seen(ctx)
            apply_rules(item, ctx)
            if item:
                items.append(item)
        return items

    def _record(self, container: tuple[str, ...], comps: list[OutputComponent], ctx: RecordContext) -> dict[str, Any]:
        """One record of the collection at ``container``: its leaves drawn in one context."""
        record: dict[str, Any] = {}
        for comp in comps:
            value = self.leaf(comp.path, comp.example, ctx, False)
            if value is not OMIT:
                _set_path(record, comp.path[len(container):], value)
        return record

    def _map(self, container: tuple[str, ...], comps: list[OutputComponent], n: int) -> dict[str, Any]:
        """A map keyed by data (``additionalProperties``: a payment's metadata, rates by currency): ``n`` keys
        drawn as its key leaf says, each with a value or record drawn like a list's."""
        key_comp = next(c for c in comps if c.path == (*container, MAP_KEY))
        values = [c for c in comps if c is not key_comp]
        scalar = next((c for c in values if c.path == container), None)
        # the keys are drawn as what the schema says they are ("currency code": USD), named so
        said = "_".join(re.findall(r"[a-z0-9]+", key_comp.description.lower())[:3])
        key_path = (*container, said) if said else key_comp.path
        out: dict[str, Any] = {}
        for _ in range(3 * n):  # keys are distinct: a drawn twice is drawn again
            if len(out) == n:
                break
            ctx = self.context()
            ctx.store_currency = None  # the keys of a map by currency differ: each is drawn, not the store's
            key = self.leaf(key_path, key_comp.example, ctx, False)
            if key is OMIT or not as_text(key).strip() or as_text(key) in out:
                continue
            value = self.leaf(container, scalar.example, ctx, False) if scalar is not None else self._record(
                container, values, ctx)
            if value is not OMIT and value != {}:
                out[as_text(key)] = value
        return out


#: Kinds of a record's names: the picked record's carry to the lookup by its id.
_NAME_KINDS = loader.words("field_kinds", "record_name")


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
            isinstance(v, dict) and (k.lower() in _WRAPPERS or set(name_tokens(k)) & words) for k, v in body.items()):
        body[named[0]] = entity[named[0]]  # a details lookup names what it describes (a channel's badges alone)
    for key, value in body.items():
        if isinstance(value, dict) and key not in entity and key.lower() in _WRAPPERS:
            carry_names(value, entity, words)
        elif isinstance(value, dict) and key not in entity and set(name_tokens(key)) & words:
            carry_names(value, entity)
    for key, value in entity.items():
        if key not in body:
            continue
        if isinstance(value, dict) and isinstance(body[key], dict):
            carry_names(body[key], value)
        elif isinstance(value, str) and value.strip() and not isinstance(body[key], dict | list | bool) and \
                field_kind(FieldName(key)) in _NAME_KINDS:
            body[key] = value


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


def _rederive_segments(example: dict[str, Any], filled: dict[str, Any]) -> None:
    """A URL of the documented record whose path has the record's own value as a whole segment
    (``…/teams/12`` beside ``"id": 12``) is the documented URL with the new record's value there; one that ends in a
    value the record keeps (``…/language/de`` beside ``"code": "de"``) stays the documented one. Short values too,
    which :func:`_rederive` leaves alone as substrings, are safe as whole segments."""
    own = {key: as_text(old) for key, old in example.items() if isinstance(old, str | int)
           and not isinstance(old, bool) and as_text(old).strip() and "/" not in as_text(old)
           and key in filled and not isinstance(filled[key], dict | list | bool)}
    # a changed id moves into its URLs; any value the record keeps keeps a URL that ends in it (``de`` of a code)
    segments = {old: as_text(filled[key]) if field_kind(FieldName(str(key))) == "id" else old
                for key, old in own.items()}
    if segments:
        _replace_segments(example, filled, segments)


def _replace_segments(example: Any, filled: Any, changed: dict[str, str]) -> None:
    if isinstance(example, dict) and isinstance(filled, dict):
        for key, value in example.items():
            if key not in filled:
                continue
            m = _URL.fullmatch(value.strip()) if isinstance(value, str) else None
            if m is not None:
                cut = re.split(r"([?#])", m["rest"], maxsplit=1)
                path, sep, rest = cut if len(cut) == 3 else (m["rest"], "", "")
                parts = path.split("/")
                moved = any(p in changed and changed[p] != p for p in parts)
                if moved or (parts[-1] in changed and isinstance(filled[key], str)):
                    filled[key] = m["site"] + "/".join(changed.get(p, p) for p in parts) + sep + rest
            elif isinstance(value, dict | list):
                _replace_segments(value, filled[key], changed)
    elif isinstance(example, list) and isinstance(filled, list):
        for a, b in zip(example, filled, strict=False):
            _replace_segments(a, b, changed)


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


def documented_span(node: dict[str, Any]) -> int | None:
    """The days from a documented record's start to its end (``start_date``/``end_date``, ``checkIn``/``checkOut``)
    when both are dates in order; None otherwise."""
    for low, high in ordered_pairs(node, dates=True):
        start, end = parse_date(as_text(node[low])), parse_date(as_text(node[high]))
        if start is not None and end is not None and end >= start:
            return (end - start).days
    return None


#: Last words of a key that make its object a record of its own (``containers.record_own_key_tails``: a ``code``).
_OWN_KEY_TAILS = loader.words("containers", "record_own_key_tails")


def _names_itself(node: dict[str, Any]) -> bool:
    """An object that is a record (an id, a name, a title or a code of its own), not an envelope of lists
    (``{"competitors": [...], "games": [...]}``) or of paging (``{"data": [...], "count": 20}``)."""
    def own(key: str) -> bool:
        words = name_tokens(key)
        return field_kind(FieldName(key)) in ("id", "name", "title") or bool(words) and words[-1] in _OWN_KEY_TAILS

    return any(not isinstance(v, dict | list) and v is not None and own(str(k)) for k, v in node.items())


@dataclass
class _ListCurrency:
    """The currency a list of records is priced in (:meth:`ResultBuilder.list_currency`): ``one`` when it has one,
    ``currency`` once known (an outer list's, else the first record's that states one)."""

    one: bool
    currency: str | None = None

    def put(self, ctx: RecordContext) -> None:
        """The list's currency on a record's context; a record of a list whose records each hold their own
        currency (countries, wallets) takes no store's currency either."""
        ctx.list_currency = self.currency
        if not self.one:
            ctx.store_currency = None

    def seen(self, ctx: RecordContext, documented: Any = None) -> None:
        """After a record: the list's currency is the first drawn for it, or the one a ``documented`` record
        states (its first plain ``currency_code`` field)."""
        if not self.one or self.currency is not None:
            return
        if ctx.currencies:
            self.currency = ctx.currencies[0]
        elif isinstance(documented, dict):
            self.currency = next((v for k, v in documented.items() if isinstance(v, str)
                                  and re.fullmatch(r"[A-Z]{3}", v) and field_kind(FieldName(k)) == "currency_code"),
                                 None)


def _distinct_item(items: list[Any], i: int) -> bool:
    """Documented item ``i`` can serve as record ``i`` (it differs from the earlier documented items)."""
    return all(items[j] != items[i] for j in range(i))


def build_result(api: Api, rng: random.Random, *, records: int = 2, inputs: dict[str, str] | None = None,
                 world: MockWorld | None = None) -> dict[str, Any]:
    """An API result ``{"response": …}``: the documented example's structure (its records first), or a
    structure built from the output components, or for an undocumented create the new record's id
    (:mod:`~tooldial.dialogue.mockdata.created`). Lists hold ``records`` records. Non-list fields named like an
    input echo the input's value."""
    return _built(api, ResultBuilder(api, world or MockWorld(rng), records, inputs))


def rangeable_leaves(api: Api) -> dict[str, str]:
    """The numbers of ``api``'s result that are drawn without documentation, leaf path ``a|b`` -> ``integer`` or
    ``number`` (what the ``ranges`` role asks a model about): found by building one result with a fixed seed."""
    builder = ResultBuilder(api, MockWorld(random.Random(0)), 2)
    builder.ranges, builder.rangeable = {}, {}
    _built(api, builder)
    return builder.rangeable


def _built(api: Api, builder: ResultBuilder) -> dict[str, Any]:
    """The result ``builder`` fills for ``api`` (see :func:`build_result`)."""
    example = api.example_response
    if isinstance(example, dict | list) and example and not documented_error(example):
        body = builder.fill(example, (), builder.top, True)
        _mend(api, body, builder)
        return {"response": body}
    body = builder.from_components(api)
    if _only_counts(body):  # an envelope whose records are undocumented ({"results": 25, "response": []})
        body = {}
    created = created_id_output(api) if body in ({}, []) else None
    made = made_file(api) if body in ({}, []) else None
    if created is not None:  # an undocumented create returns the new record's id
        body = {"status": "success", **builder.from_components(api.model_copy(update={"output_components": (created,)}))}
    if made is not None:  # an undocumented conversion, edit or generation returns the file it made (a create that
        # makes one, "CreatePDFFromUrl", its id and the file)
        site, fake = builder.top.site, builder.world.fake
        host = (site.pictures if made[0].path[-1] == "image_url" else site.pages) if site is not None else \
            f"files.{fake.domain_name()}"
        body = {"status": "success", **(body or {}), made[0].path[-1]: file_link(made[1], host, builder.world.rng)}
    if body in ({}, []) and created is None and made is None and (typical := undocumented_components(api)):
        # a lookup that documents no response: the records its name names (:mod:`~.hollow`)
        builder.by_path.update({c.path: c for c in typical})
        body = builder.from_components(api.model_copy(update={"output_components": tuple(typical)}))
    _mend(api, body, builder)
    if body in ({}, []):
        return {"response": {"status": "success"}}
    return {"response": body}


#: What a result's counts are: they say how many records there are, never what they hold.
_COUNT_KINDS = loader.words("field_kinds", "counts")


def _only_counts(body: Any) -> bool:
    """Whether a result built from a schema holds nothing but counts and page numbers: its records are
    undocumented, so it says nothing of them (it is built as an undocumented result)."""
    if not isinstance(body, dict) or not body:
        return False
    for key, value in body.items():
        if isinstance(value, dict):
            if not _only_counts(value):
                return False
        elif isinstance(value, list) or field_kind(FieldName(key, json_value_type(value))) not in _COUNT_KINDS:
            return False
    return True


def _mend(api: Api, body: Any, builder: ResultBuilder) -> None:
    """Mend a filled result as a whole (in place): paging, status, conversions, the record rules on every object,
    league tables, price walks, what was searched, country facts, the documented schema, then series in order; then
    note its places."""
    words = builder.name_words | frozenset(name_tokens(api.tool))
    world_fix("rows", "fix_places")(body)  # before paging counts the records
    world_fix("paging")(body, builder.raw_inputs)
    world_fix("status")(body)
    world_fix("exchange_rate")(body, builder.raw_inputs)
    _apply_everywhere(body, builder.top)
    _rank_tables(body)
    world_fix("rows", "fix_series")(body, builder.world.rng)
    if builder.searched is not None:
        about_searched(api, body, builder.searched)  # the records are about what was searched
    # after the search has named its records: a country searched for ("spain") states Spain's facts
    record_fix("country_facts")(body, builder.raw_inputs, builder.world.rng, api.name, api.tool)
    if world_fix("rows", "fix_places")(body):  # the search named every record for the place it found: once
        world_fix("paging")(body, builder.raw_inputs)
    conform_result(api, body, builder.world.rng, builder.world.today, builder.raw_inputs)  # inside the documented schema
    # series are ordered once the schema has made its moments: a clock time it made a date-time ("15:45" →
    # "2023-10-08T15:45") runs in order too (an hourly history's times were dates of any year, in any order); one
    # pass here builds every ToolBench result as the pass before the schema step and this one together did
    order_series(body, words, builder.bounds, builder.world.today)
    _order_everywhere(body)
    _remember_top(body, builder)


def _remember_top(body: Any, builder: ResultBuilder) -> None:
    """Note the place of the ids of a result's top record and of the objects directly under it."""
    if not isinstance(body, dict):
        return
    for node in (body, *(v for v in body.values() if isinstance(v, dict))):
        builder.world.remember_places(node, builder.top)


def _order_everywhere(node: Any) -> None:
    """The record rules that order a record's moments (``order``: a start before its end; ``lifecycle``: the
    creation before the later events) on every object of a result; they draw nothing."""
    if isinstance(node, dict):
        record_fix("order")(node)
        record_fix("lifecycle")(node)
        for value in node.values():
            _order_everywhere(value)
    elif isinstance(node, list):
        for value in node:
            _order_everywhere(value)


def _apply_everywhere(node: Any, ctx: RecordContext) -> None:
    """:func:`apply_rules` on every object of a result (a candle nested under ``data`` too)."""
    if isinstance(node, dict):
        apply_rules(node, ctx)
        for value in node.values():
            _apply_everywhere(value, ctx)
    elif isinstance(node, list):
        for value in node:
            _apply_everywhere(value, ctx)
