"""Edge validity beyond name similarity: Eq. 1 proposes candidate edges, these rules decide.

Eq. 1 compares names, descriptions and keywords, so it joins look-alikes: the ``player_id`` of an NBA
statistics API and of a cricket API, ``btc`` and ``BTCUSDT``, numeric and alpha-2 country codes. Each candidate
gets a :class:`Verdict` (kept or not, a ``reason`` and a ``confidence``) from the kinds of its two entities
(:func:`classify`):

- **identifier** (ids, keys, provider codes, tokens, user names): between two APIs of one tool, kept; between
  tools only with evidence of a shared id space: one provider (a documented provider or server host), one tool
  family (tool names with the same stem), or the target's documentation naming the source's tool;
- **standard** values (ISO country / currency / language codes, coordinates, e-mails, phone numbers, URLs,
  dates, postal codes, IATA codes...): kept across tools when both sides are the same kind of value and their
  formats agree (``US`` vs ``840`` vs ``United States``; ``btc`` vs ``BTCUSDT``), read from formats, examples
  and descriptions (pycountry checks codes); dates across tools also need the generic bar below;
- **generic** names (``date``, ``category``, ``image``, ``symbol``, ``prompt``, ``name``, ``title``, ...): across
  tools only when descriptions *and* keywords agree clearly (``generic_desc`` / ``generic_kw``, above Eq. 1's);
- other **value** s (``city name``, ``hashtag``): across tools when the keyword texts agree (``value_kw``).

Input groups: inputs that must come from one source record (latitude + longitude, a date range, a currency
pair) are found per target API (:func:`input_groups`); an edge into a member records the group and, per member,
the source output of the same record (:func:`group_sources`). A coordinate edge whose source cannot give the
partner coordinate is rejected.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from tooldial.graph.entities import Entity, _singular, split_words

EntityKind = Literal["identifier", "standard", "generic", "value"]


class RuleConfig(BaseModel):
    """Thresholds of the validity rules. The defaults come from ``tooldial graph calibrate --rules`` on the
    ``fit`` part of ``tooldial/data/graph_dev/pairs.jsonl`` (first on its first 275 pairs, then ``same_tool_kw``
    on all 560 v1 pairs; MCC, one threshold at a time), with the Eq. 1 generator at 0.85,0.4,0.45. The
    ``heldout`` part (300 pairs of 36 other tools) is for reporting (README, "API graph")."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    #: Generic names across tools: description cosine and keyword-text cosine must both exceed these.
    generic_desc: float = Field(default=0.7, ge=-1.0, le=1.0)
    generic_kw: float = Field(default=0.8, ge=-1.0, le=1.0)
    #: Generic names and other values inside one tool (``period`` of an economic calendar vs a candle period):
    #: keyword-text cosine must exceed this.
    same_tool_kw: float = Field(default=0.65, ge=-1.0, le=1.0)
    #: Other values across tools: keyword-text cosine must exceed this.
    value_kw: float = Field(default=0.55, ge=-1.0, le=1.0)
    #: Standard values across tools need a meaningful relation: keyword-text cosine above this.
    standard_kw: float = Field(default=0.55, ge=-1.0, le=1.0)
    #: Candidates between two tools must also pass these (Eq. 1 generates candidates with looser thresholds, so
    #: that names differing a little, ``location`` vs ``locations|id``, still chain inside one tool).
    cross_tool_lcs: float = Field(default=0.95, ge=0.0, le=1.0)
    cross_tool_desc: float = Field(default=0.6, ge=-1.0, le=1.0)
    #: Inside one tool, a bare id (``cities|id``) feeds only inputs of its record type (:func:`record_type_clash`).
    record_types: bool = True
    #: Identifiers across tools with the same tool-name stem count as one id space.
    tool_family: bool = True
    #: Every tool of the corpus is one provider's (a tool set such as tau-bench's, documented tool by tool
    #: without a provider): identifiers chain between all of them.
    single_provider: bool = False


@dataclass(frozen=True, slots=True)
class Traits:
    """What the rules know about one entity."""

    kind: EntityKind
    #: For standard values: ``country``, ``currency``, ``language``, ``latitude``, ``longitude``,
    #: ``coordinates``, ``email``, ``phone``, ``url``, ``date``, ``datetime``, ``time``, ``timezone``,
    #: ``postal_code``, ``ip``, ``domain``, ``iata``, ``isbn``, ``place``; for symbols ``symbol``.
    standard: str | None = None
    #: A format when known: ``alpha2`` / ``alpha3`` / ``numeric`` / ``name`` (country, language), ``pair`` /
    #: ``asset`` (symbols), ``iso`` / ``unix`` / ``dmy`` (dates), ``locale`` (language).
    fmt: str | None = None
    #: For symbols: the market its words name (``currency``, ``stock``, ``crypto``), when only one.
    market: str | None = None


@dataclass(frozen=True, slots=True)
class Verdict:
    """A rule's decision on one candidate. ``test`` says which similarity bar decided it (``none``: the kinds
    and evidence alone; ``generic``: ``generic_desc`` and ``generic_kw``; ``value``: ``value_kw``), so the
    calibration can re-decide candidates for other thresholds without re-running the rules."""

    keep: bool
    reason: str
    confidence: float
    kind: EntityKind
    test: Literal["none", "generic", "value", "standard", "cross", "same"] = "none"


# --------------------------------------------------------------------------------------------- classify

def _W(text: str) -> frozenset[str]:  # noqa: N802 - a set literal of words
    return frozenset(text.split())


IDENTIFIER_WORDS = _W("id ids uuid guid key token slug handle hash ref reference username login nickname "
                      "sku uid pid cid userid accountid puuid steamid tag ident identifier")
#: Identifier words that are only identifiers at the end of a name (``code`` of ``country code`` is standard).
IDENTIFIER_TAIL = _W("code number no num")
GENERIC_WORDS = _W("date category categories image images photo picture thumbnail icon logo symbol prompt name "
                   "title text query keyword keywords term type kind tag genre word description value label "
                   "topic subject content message question answer status format mode language sort order size "
                   "color colour year month day time")
_STANDARD_BY_WORD: dict[str, str] = {
    "country": "country", "nation": "country", "currency": "currency", "language": "language", "lang": "language",
    "locale": "language", "lat": "latitude", "latitude": "latitude", "lng": "longitude", "lon": "longitude",
    "long": "longitude", "longitude": "longitude", "coordinate": "coordinates", "coordinates": "coordinates",
    "latlng": "coordinates", "latlon": "coordinates", "geopoint": "coordinates", "email": "email", "mail": "email",
    "phone": "phone", "mobile": "phone", "msisdn": "phone", "telephone": "phone", "url": "url", "uri": "url",
    "link": "url", "website": "url", "href": "url", "homepage": "url", "date": "date", "birthday": "date",
    "dob": "date", "timestamp": "datetime", "datetime": "datetime", "time": "time", "timezone": "timezone",
    "tz": "timezone", "zip": "postal_code", "zipcode": "postal_code", "postal": "postal_code",
    "postcode": "postal_code", "ip": "ip", "domain": "domain", "hostname": "domain", "iata": "iata",
    "icao": "iata", "airport": "iata", "isbn": "isbn", "city": "place", "town": "place", "state": "place",
    "address": "place", "region": "place", "province": "place", "location": "place", "place": "place",
    "symbol": "symbol", "ticker": "symbol", "coin": "symbol", "pair": "symbol",
    # public identifier spaces: the same value means the same thing in every tool
    "imdb": "imdb", "imdbid": "imdb", "tconst": "imdb", "geoname": "geonames", "geonameid": "geonames",
    "geonames": "geonames", "continent": "continent",
}
#: Standard kinds whose values are the same thing whatever tool holds them.
GLOBAL_STANDARDS = _W("country currency language latitude longitude coordinates email phone url postal_code ip "
                      "domain iata isbn place timezone imdb geonames continent")
#: Standard kinds that are identifiers of a public registry: ``imdb_id`` stays one of them, not a provider id.
PUBLIC_IDS = _W("iata isbn symbol imdb geonames")
DATE_STANDARDS = _W("date datetime time")

_FORMAT_FORMATS = {"date": "date", "date-time": "datetime", "datetime": "datetime", "time": "time",
                   "email": "email", "uri": "url", "url": "url", "hostname": "domain", "ipv4": "ip", "ipv6": "ip",
                   "geopoint": "coordinates"}
_QUOTES = ("USDT", "USDC", "BUSD", "USD", "EUR", "BTC", "ETH", "BNB", "GBP", "JPY", "TRY")


#: ``(pattern, format)`` rules, first match wins: a code format named in a description, a date format named in a
#: description, a date format of an example value (whole value).
_DESC_CODE_FORMATS = ((r"alpha[- ]?2|2[- ]letter|two[- ]letter|iso[- ]?3166[- ]?1? ?alpha[- ]?2|iso ?639-1", "alpha2"),
                      (r"alpha[- ]?3|3[- ]letter|three[- ]letter", "alpha3"),
                      (r"numeric|m49|3[- ]digit", "numeric"))
_DESC_DATE_FORMATS = ((r"yyyy-mm-dd|iso ?8601|\d{4}-\d{2}-\d{2}", "iso"), (r"unix|epoch|timestamp", "unix"),
                      (r"dd[/.-]mm[/.-]yyyy|mm[/.-]dd[/.-]yyyy", "dmy"))
_VALUE_DATE_FORMATS = ((r"\d{4}-\d{2}-\d{2}([T ].*)?", "iso"), (r"\d{9,13}", "unix"),
                       (r"\d{1,2}[/.-]\d{1,2}[/.-]\d{4}", "dmy"), (r"\d{8}", "compact"))


def _first_format(rules: tuple[tuple[str, str], ...], text: str,
                  match: Callable[[str, str], object] = re.search) -> str | None:
    """The format of the first ``(pattern, format)`` rule whose pattern ``match``-es ``text``."""
    return next((fmt for pattern, fmt in rules if match(pattern, text)), None)


def _desc_format(text: str, standard: str) -> str | None:
    t = text.lower()
    if standard in ("country", "language"):
        if found := _first_format(_DESC_CODE_FORMATS, t):
            return found
        if standard == "language" and re.search(r"\blocale\b|[a-z]{2}[-_][A-Z]{2}", text):
            return "locale"
    if standard == "date":
        return _first_format(_DESC_DATE_FORMATS, t)
    return None


@lru_cache(maxsize=65536)
def _value_format(value: str, standard: str) -> str | None:
    """The format of an example value of a standard kind (``US`` → alpha2, ``840`` → numeric)."""
    import pycountry

    v = value.strip().strip("'\"")
    if not v:
        return None
    if standard == "country":
        if v.isdigit():
            return "numeric" if pycountry.countries.get(numeric=v.zfill(3)) else None
        if len(v) == 2 and v.isalpha():
            return "alpha2" if pycountry.countries.get(alpha_2=v.upper()) else None
        if len(v) == 3 and v.isalpha():
            return "alpha3" if pycountry.countries.get(alpha_3=v.upper()) else None
        return "name" if len(v) > 3 and v.replace(" ", "").isalpha() else None
    if standard == "language":
        if re.fullmatch(r"[a-zA-Z]{2}[-_][a-zA-Z]{2}", v):
            return "locale"
        if len(v) == 2 and v.isalpha():
            return "alpha2" if pycountry.languages.get(alpha_2=v.lower()) else None
        if len(v) == 3 and v.isalpha():
            return "alpha3"
        return "name" if v.replace(" ", "").isalpha() else None
    if standard == "currency":
        return "iso" if len(v) == 3 and v.isalpha() and pycountry.currencies.get(alpha_3=v.upper()) else None
    if standard == "symbol":
        compact = re.sub(r"[-/_:]", "", v.upper())
        if re.search(r"[-/_:]", v) or any(compact.endswith(q) and len(compact) > len(q) + 1 for q in _QUOTES):
            return "pair"
        return "asset" if compact.isalnum() else None
    if standard == "date":
        return _first_format(_VALUE_DATE_FORMATS, v, re.fullmatch)
    return None


def classify(entity: Entity) -> Traits:
    """Kind, standard and format of an entity, from its names, type, format, description and example."""
    return _classify(entity.raw or entity.key, entity.name, entity.type, entity.format or "",
                     entity.documented, entity.example, f"{entity.key} {entity.api_id.rsplit('|', 1)[-1]}",
                     _tool_name(entity.tool_id))


@lru_cache(maxsize=262144)
def _classify(raw: str, name: str, kind: str, fmt: str, documented: str, example: str, context: str,
              tool: str = "") -> Traits:
    raw_words = split_words(raw)
    words = split_words(name) or raw_words
    last = raw_words[-1] if raw_words else (words[-1] if words else "")
    standard = _FORMAT_FORMATS.get(fmt.lower())
    if standard is None:
        standard = _standard_of(raw_words) or _standard_of(words[-2:])
    if standard and last in IDENTIFIER_WORDS and standard not in PUBLIC_IDS:
        standard = None  # ``city_id``, ``country_id``: an id of a record, not the value itself
    if standard:
        value_fmt = _value_format(example, standard) if example else None
        if value_fmt is None and fmt.lower() == "name" and standard in ("country", "language", "currency"):
            value_fmt = "name"  # the record also has the code (see entities.NAME_FORMAT)
        if standard == "symbol":
            # the field's own words first, then its path and API name, then the tool's name (``Realtime Crypto
            # Prices``, ``Forex``): a ``symbol`` of a crypto price API is a coin even where the API name is neutral
            market = (_symbol_market(f"{name} {documented}") or _symbol_market(context)
                      or _symbol_market(tool))
            return Traits("standard", standard, value_fmt, market)
        return Traits("standard", standard, value_fmt or _desc_format(documented, standard))
    if last in IDENTIFIER_WORDS or (last in IDENTIFIER_TAIL and len(raw_words) > 1) or raw.lower().endswith("id"):
        return Traits("identifier")
    content = [w for w in words if w not in GENERIC_WORDS]
    if not content or set(raw_words) <= GENERIC_WORDS:
        return Traits("generic")
    return Traits("value")


_MARKETS = {"currency": re.compile(r"\b(currenc\w*|forex|fx|iso ?4217|fiat)\b", re.I),
            "stock": re.compile(r"\b(stocks?|equit\w+|shares?|tickers?|funds?|etfs?|nasdaq|nyse|indices|index)\b", re.I),
            "crypto": re.compile(r"\b(crypto\w*|coins?|tokens?|bitcoin|blockchain)\b", re.I)}


def _symbol_market(text: str) -> str | None:
    """Which market a symbol belongs to (``currency``, ``stock``, ``crypto``), when its words say one only."""
    hits = [m for m, rx in _MARKETS.items() if rx.search(text.replace("_", " "))]
    return hits[0] if len(hits) == 1 else None


def _standard_of(words: Sequence[str]) -> str | None:
    """The standard kind named by a name's words, the last one that names one (``home_country_code``)."""
    for word in reversed(words):
        hit = _STANDARD_BY_WORD.get(word)
        if hit:
            return hit
    joined = "".join(words)
    return _STANDARD_BY_WORD.get(joined)


# --------------------------------------------------------------------------------------------- id spaces

_FAMILY_NOISE = _W("api apis v1 v2 v3 v4 v5 data the free official unofficial service services live real "
                   "time realtime pro lite plus app io com net org")


@lru_cache(maxsize=65536)
def tool_stem(tool: str) -> str:
    """A tool name without version and filler words, for tool families (``Spotify v2`` → ``spotify``)."""
    words = [w for w in split_words(tool) if w not in _FAMILY_NOISE and not w.isdigit()]
    return "".join(words)


def _tool_name(tool_id: str) -> str:
    return tool_id.split("|", 1)[-1]


def shared_id_space(source: Entity, target: Entity, target_docs: str, config: RuleConfig) -> str | None:
    """Why two tools share an id space, or ``None``."""
    if source.tool_id == target.tool_id:
        return "same tool"
    if source.provider and source.provider == target.provider:
        return f"same provider ({source.provider})"
    if config.single_provider:
        return "one provider (single_provider)"
    s_stem, t_stem = tool_stem(_tool_name(source.tool_id)), tool_stem(_tool_name(target.tool_id))
    if config.tool_family and len(s_stem) >= 4 and len(t_stem) >= 4 and (
            s_stem == t_stem or s_stem.startswith(t_stem) or t_stem.startswith(s_stem)):
        return f"same tool family ({min(s_stem, t_stem, key=len)})"
    if len(s_stem) >= 5 and s_stem in re.sub(r"[^a-z0-9]", "", target_docs.lower()):
        return "target documentation names the source tool"
    return None


# --------------------------------------------------------------------------------------------- record types

#: Leaf names that say "the id of this record" and nothing about which record: ``cities|id``, ``data|slug``.
BARE_IDS = _W("id uuid guid slug key ident identifier")
#: Path elements that wrap records without naming them (``data|results|id``): the record type is further up or
#: in the API name.
_CONTAINERS = _W("data result results response responses items list lists content contents payload body record "
                 "records value values embedded hits docs entries entry objects object rows row info details "
                 "detail meta node nodes edges page")
#: Words of an API name that name no record type (``Get country by ID`` → ``country``).
_API_NAME_NOISE = _W("get list all search by id ids for of the a an details detail info information api find fetch "
                     "retrieve show single new latest top trending and or with from to in on v1 v2 v3 v4 query "
                     "lookup look up endpoint data")


def _content_words(text: str, noise: frozenset[str]) -> list[str]:
    return [_singular(w) for w in split_words(text) if w not in noise and not w.isdigit() and len(w) > 1]


def _api_subject(api_id: str) -> list[str]:
    """The record words of an API name: what comes before ``by`` (``ObservationHistoryByCoordinates`` →
    ``observation history``; ``Get city by ID`` → ``city``)."""
    words = split_words(api_id.rsplit("|", 1)[-1])
    if "by" in words[1:]:
        words = words[:words.index("by", 1)]
    return _content_words(" ".join(words), _API_NAME_NOISE | BARE_IDS | _W("rapid rapidapi"))


def record_type(entity: Entity) -> str | None:
    """The record type a bare output id belongs to (``cities|id`` → ``city``; ``id`` of ``Get country by ID`` →
    ``country``), or ``None`` when the leaf is not a bare id or nothing names the record."""
    parts = entity.key.split("|")
    leaf = split_words(parts[-1])
    if len(leaf) != 1 or leaf[0] not in BARE_IDS:
        return None
    for part in reversed(parts[:-1]):
        words = _content_words(part, _CONTAINERS | _API_NAME_NOISE)
        if words:
            return words[-1]
    words = _api_subject(entity.api_id)
    return words[-1] if words else None


def record_type_clash(source: Entity, target: Entity) -> str | None:
    """Inside one tool, a bare id of one record type into an input of another: ``cities|id`` into ``Get country by
    ID``'s ``id``, a coin ``slug`` into ``Get platform by slug``. The target's record types are read from its
    parameter name (without id words), else its whole API name (``ForecastByStationId``: forecast, station) and
    the parameter's documentation; the source's from its path, else the part of its API name before ``by``."""
    kind = record_type(source)
    if kind is None:
        return None
    own = _content_words(target.raw or target.key, _API_NAME_NOISE | BARE_IDS | IDENTIFIER_WORDS | IDENTIFIER_TAIL)
    words = set(own) if own else set(_content_words(
        f"{target.api_id.rsplit('|', 1)[-1]} {target.documented}", _API_NAME_NOISE | BARE_IDS | _W("rapid rapidapi")))
    if not words or kind in words:
        return None
    return f"a {kind} id is not the {'/'.join(sorted(words)[:3])} id the input wants"


def id_list_into_id_list(source: Entity, target: Entity, lcs_sim: float) -> bool:
    """A list of ids (``items[].item_id``, ``orders``) into a plural id input of the same name (``item_ids``):
    the shape and the name say it, so the description bar across tools does not apply (a list input is
    documented for what is done with the ids, ``The item ids to be returned``)."""
    return (source.is_list and target.is_list and lcs_sim >= 1.0
            and classify(source).kind == "identifier" and classify(target).kind == "identifier")


def is_coordinate(traits: Traits) -> bool:
    return traits.kind == "standard" and traits.standard in ("latitude", "longitude")


# --------------------------------------------------------------------------------------------- verdicts


def markets_named(text: str) -> set[str]:
    """Every market a text names (``Get currency / forex or crypto exchange rates`` → currency, crypto)."""
    return {m for m, rx in _MARKETS.items() if rx.search(text.replace("_", " "))}


def _format_clash(a: Traits, b: Traits, target_api_text: str = "") -> str | None:
    if a.fmt and b.fmt and a.fmt != b.fmt:
        return f"{a.standard} formats differ ({a.fmt} vs {b.fmt})"
    if a.market and b.market and a.market != b.market and a.market not in markets_named(target_api_text):
        return f"symbols of different markets ({a.market} vs {b.market})"
    return None


CROSS_TOOL_REASON = "across tools the names or descriptions differ too much"


def judge_edge(source: Entity, target: Entity, desc_sim: float, kw_sim: float, lcs_sim: float = 1.0, *,
               target_docs: str = "", target_api_text: str = "", config: RuleConfig | None = None) -> Verdict:
    """Keep or reject one Eq. 1 candidate (see the module docstring for the rules). ``target_docs``: the
    target API's and tool's descriptions and the input's documentation (evidence of a shared id space);
    ``target_api_text``: the target API's own description (an endpoint documented for "forex or crypto" takes
    symbols of both markets)."""
    config = config or RuleConfig()
    same_tool = source.tool_id == target.tool_id
    s, t = classify(source), classify(target)
    coordinates = is_coordinate(s) and s.standard == t.standard
    if not same_tool and (lcs_sim <= config.cross_tool_lcs
                          or (desc_sim <= config.cross_tool_desc and not coordinates
                              and not id_list_into_id_list(source, target, lcs_sim))):
        return Verdict(False, CROSS_TOOL_REASON, 0.6, "value", "cross")
    if source.type == "object" and target.type not in ("object", "array"):
        return Verdict(False, "an undocumented object does not fill a scalar input", 0.8, "value")
    if s.kind == "identifier" or t.kind == "identifier":
        if s.kind == "standard" and s.standard in GLOBAL_STANDARDS and t.kind == "identifier" and not same_tool:
            return Verdict(False, f"a {s.standard} value does not fill another tool's identifier", 0.8,
                           "identifier")
        if same_tool and config.record_types and (clash := record_type_clash(source, target)):
            return Verdict(False, f"identifier of another record type ({clash})", 0.75, "identifier")
        why = shared_id_space(source, target, target_docs, config)
        if why is None:
            return Verdict(False, "identifier of another provider (no evidence of a shared id space)", 0.8,
                           "identifier")
        return Verdict(True, f"identifier; {why}", 0.95 if same_tool else 0.8, "identifier")
    if s.kind == "standard" and t.kind == "standard":
        if s.standard != t.standard and {s.standard, t.standard} != {"date", "datetime"}:
            return Verdict(False, f"different kinds of value ({s.standard} vs {t.standard})", 0.7, "standard")
        clash = _format_clash(s, t, target_api_text)
        if clash:
            return Verdict(False, clash, 0.85, "standard")
        if same_tool:
            return Verdict(True, f"standard value ({s.standard}); same tool", 0.9, "standard")
        if s.standard in DATE_STANDARDS:
            return _generic(source, target, desc_sim, kw_sim, config, s.standard or "date")
        known = " (formats agree)" if s.fmt and t.fmt else ""
        if kw_sim <= config.standard_kw and not coordinates:  # a place's coordinates suit any geo search
            return Verdict(False, f"standard value ({s.standard}) across unrelated domains", 0.6, "standard",
                           "standard")
        return Verdict(True, f"standard value ({s.standard}){known}", 0.85 if known else 0.7, "standard", "standard")
    if same_tool:
        kind = "value" if "generic" not in (s.kind, t.kind) else "generic"
        if kw_sim <= config.same_tool_kw:
            return Verdict(False, "same tool, but the keywords of the two names disagree", 0.6, kind, "same")
        return Verdict(True, "same tool", 0.85, kind, "same")
    if s.kind == "generic" or t.kind == "generic" or s.kind == "standard" or t.kind == "standard":
        return _generic(source, target, desc_sim, kw_sim, config, "generic name")
    if kw_sim > config.value_kw:
        return Verdict(True, "value; keywords agree", 0.6, "value", "value")
    return Verdict(False, "value across tools; keywords disagree", 0.6, "value", "value")


def _generic(source: Entity, target: Entity, desc_sim: float, kw_sim: float, config: RuleConfig,
             what: str) -> Verdict:
    if desc_sim > config.generic_desc and kw_sim > config.generic_kw:
        return Verdict(True, f"{what}; descriptions and keywords agree", 0.6, "generic", "generic")
    return Verdict(False, f"{what} across tools; descriptions or keywords disagree", 0.7, "generic", "generic")


# --------------------------------------------------------------------------------------------- input groups

GroupName = Literal["coordinates", "date_range", "currency_pair"]
_RANGE_START = _W("start from begin since checkin check departure min")
_RANGE_END = _W("end to until till checkout return arrival max")


@dataclass(frozen=True, slots=True)
class InputGroup:
    """Required inputs of one API that are procured together: ``members`` are input keys."""

    name: GroupName
    members: tuple[str, ...]


def input_groups(inputs: Iterable[Entity]) -> list[InputGroup]:
    """Coordinate pairs, date ranges and currency pairs among the required inputs of one API."""
    by_standard: dict[str, list[Entity]] = {}
    for e in inputs:
        tr = classify(e)
        if tr.kind == "standard" and tr.standard:
            by_standard.setdefault(tr.standard, []).append(e)
    groups: list[InputGroup] = []
    lats, lons = by_standard.get("latitude", []), by_standard.get("longitude", [])
    for lat, lon in zip(lats, lons, strict=False):
        groups.append(InputGroup("coordinates", (lat.key, lon.key)))
    dates = by_standard.get("date", []) + by_standard.get("datetime", [])
    pair = _range_pair(dates)
    if pair:
        groups.append(InputGroup("date_range", pair))
    pair = _range_pair(by_standard.get("currency", []) + by_standard.get("symbol", []), also=("base", "quote"))
    if pair:
        groups.append(InputGroup("currency_pair", pair))
    return groups


def _range_pair(entities: list[Entity], also: tuple[str, str] = ("", "")) -> tuple[str, str] | None:
    start = next((e for e in entities if set(split_words(e.raw or e.key)) & (_RANGE_START | {also[0]})), None)
    end = next((e for e in entities if e is not start and set(split_words(e.raw or e.key)) & (_RANGE_END | {also[1]})),
               None)
    return (start.key, end.key) if start and end else None


def group_sources(edge_output: Entity, group: InputGroup, target_inputs: dict[str, Entity],
                  source_outputs: Sequence[Entity], fed_input: str) -> dict[str, str]:
    """For each member of ``group``, the source output of the same record that fills it (the edge's own output
    for the member it feeds): the output of the member's kind sharing the longest path prefix with the edge's
    output. Coordinates must come from the very same record (same parent path). Members the source cannot
    fill are left out."""
    found = {fed_input: edge_output.key}
    prefix = edge_output.key.split("|")[:-1]
    for member in group.members:
        if member == fed_input or member not in target_inputs:
            continue
        want = classify(target_inputs[member])
        best, best_len = None, -1
        for o in source_outputs:
            tr = classify(o)
            if o.key == edge_output.key or tr.kind != "standard" or tr.standard != want.standard:
                continue
            parent = o.key.split("|")[:-1]
            shared = _common_prefix(prefix, parent)
            if group.name == "coordinates" and not (shared == len(prefix) == len(parent)):
                continue
            if shared > best_len:
                best, best_len = o, shared
        if best is not None:
            found[member] = best.key
    return found


def _common_prefix(a: list[str], b: list[str]) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n
