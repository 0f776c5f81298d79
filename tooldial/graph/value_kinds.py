"""What kind of value an entity holds (:func:`classify` → :class:`Traits`): an **identifier** (ids, keys,
provider codes), a **standard** value (ISO codes, coordinates, e-mails, URLs, dates, places, symbols ...) with
its format, a **generic** name (``date``, ``title``, ``name``) or another **value**; read from the entity's names,
type, format, description and example."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import cast

from tooldial.graph.entities import Entity, split_words
from tooldial.graph.id_spaces import _tool_name
from tooldial.graph.markets import sole_market_named
from tooldial.graph.record_types import _CONTAINERS, api_subject_words
from tooldial.graph.value_formats import _desc_format, _iso_currency, _name_format, _value_format
from tooldial.graph.verdict import EntityKind
from tooldial.knowledge import taxonomy
from tooldial.knowledge.english import singular
from tooldial.knowledge.loader import ordered_words, word_map
from tooldial.knowledge.loader import words as knowledge_words
from tooldial.knowledge.taxonomy import _STANDARD_BY_WORD as _STANDARD_BY_WORD
from tooldial.knowledge.taxonomy import standard_of as _standard_of


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


#: The identifier vocabulary (:data:`tooldial.knowledge.taxonomy.IDENTIFIER_WORDS`): a name whose last word is one.
IDENTIFIER_WORDS = taxonomy.IDENTIFIER_WORDS


#: Words of values that only mean something in one provider's own calendar or list: a ``season`` (``2021``,
#: ``2021-22``, a season id) of an F1 feed is not a golf tour's season. Classified as identifiers: across tools they
#: need a shared id space.
PROVIDER_SCOPED_WORDS = knowledge_words("identifiers", "provider_scoped")


#: Identifier words that are only identifiers at the end of a name (``code`` of ``country code`` is standard).
IDENTIFIER_TAIL = taxonomy.IDENTIFIER_TAIL


GENERIC_WORDS = knowledge_words("names", "graph_generic")


#: Standard kinds whose values are the same thing whatever tool holds them.
GLOBAL_STANDARDS = knowledge_words("standards", "global")


#: Standard kinds that are identifiers of a public registry: ``imdb_id`` stays one of them, not a provider id.
#: (``symbol`` is not among them: a ``coin_id`` or ``coin_slug`` is a provider's id, ``btc-bitcoin``, not a ticker.)
PUBLIC_IDS = knowledge_words("standards", "public_registry")


DATE_STANDARDS = knowledge_words("standards", "dates")


_FORMAT_FORMATS = cast("Mapping[str, str]", word_map("standards", "kind_by_schema_format"))


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
            or _standard_of([singular(w) for w in raw_words])
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
            market = (sole_market_named(f"{name} {documented}") or sole_market_named(context)
                      or sole_market_named(tool))
            if market == "currency" and value_fmt == "asset" and not _iso_currency(example):
                # ``BTC`` shown for a "base currency" of a crypto tool: a coin, the tool's market says which
                market = sole_market_named(tool) if sole_market_named(tool) != "currency" else None
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
_LEDGER_WORDS = knowledge_words("markets", "ledger")


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
NAMING_LEAVES = knowledge_words("records", "naming_leaves")


#: Examples that are a type's name written where a value should be (ToolBench's ``"domain": "string"``).
PLACEHOLDER_EXAMPLES = knowledge_words("records", "placeholder_examples")


#: Standard kinds with a syntax an example can be checked against.
SYNTAX_STANDARDS = knowledge_words("standards", "syntax")
#: Standard kinds whose values have a syntax no record key has (``standards.named_syntax``; read by the edge rule
#: :mod:`tooldial.rules.edge.key_into_syntax_value`).
NAMED_SYNTAX = knowledge_words("standards", "named_syntax")

#: Standard kinds that are moments or positions, never a record's key (``standards.never_keys``).
NEVER_KEYS = knowledge_words("standards", "never_keys")


_SYNTAX = {"email": re.compile(r"[^@\s]+@[^@\s]+\.[a-z]{2,}", re.I),
           "domain": re.compile(r"([a-z0-9-]+\.)+[a-z]{2,}\.?|\.[a-z]{2,}", re.I),
           "ip": re.compile(r"\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:]+", re.I)}


#: Documentation words that make a bare ``domain`` an internet domain.
_INTERNET_DOC = re.compile(r"(?i)\b(" + "|".join(ordered_words("web", "internet_docs")) + r")\b")


def _has_syntax(example: str, standard: str) -> bool:
    v = example.strip().strip("'\"")
    return bool(_SYNTAX[standard].fullmatch(v))


#: Records whose bare ``code`` is a standard code (``currencies|alphaCode``, ``Get Country By AlphaCode``'s ``code``).
_CODED_RECORDS = cast("Mapping[str, str]", word_map("standards", "coded_records"))


def _coded_record(path: str, api_name: str) -> str | None:
    """The standard kind of a bare ``code`` (``code``, ``alphaCode``): the record it sits in (``currencies|code`` →
    currency), else, at the top of a response or as an input, the API's subject (``Get Country By AlphaCode`` →
    country)."""
    for part in reversed(path.split("|")[:-1]):
        words = [singular(w) for w in split_words(part) if w not in _CONTAINERS]
        if words:
            return _CODED_RECORDS.get(words[-1])
    subject = api_subject_words(f"|{api_name}")
    return _CODED_RECORDS.get(subject[0]) if subject else None


def _is_currency_sign_field(raw_words: list[str], path: str, documented: str) -> bool:
    """A bare ``symbol`` of a currency record (``currencies|symbol``, "The currency symbol"): its sign, the record's
    code is another field. A symbol documented as a code or ticker is not."""
    if raw_words != ["symbol"] or re.search(r"(?i)\b(code|iso|ticker|pair)\b", documented):
        return False
    parents = split_words(path.rsplit("|", 1)[0]) if "|" in path else []
    return bool({"currency", "currencies"} & set(parents)) or bool(re.search(r"(?i)\bcurrency symbol\b", documented))


def classify_name_kind(name: str) -> str | None:
    """The standard kind an input's name alone states (``country_code`` → country; ``code`` → none)."""
    return _standard_of(split_words(name))


def is_coordinate(traits: Traits) -> bool:
    return traits.kind == "standard" and traits.standard in ("latitude", "longitude")
