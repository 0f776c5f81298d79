"""The format of a standard value (``US`` alpha-2 vs ``840`` numeric, ``BTCUSDT`` a pair, ``2024-01-31`` iso), read
from an example value (pycountry checks codes), a description or the name itself."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from functools import lru_cache

from tooldial.graph.entities import split_words
from tooldial.knowledge.loader import ordered_words

_QUOTES = ordered_words("markets", "quote_tickers")


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


def _iso_currency(value: str) -> bool:
    import pycountry

    v = value.strip().strip("'\"").upper()
    return len(v) == 3 and pycountry.currencies.get(alpha_3=v) is not None


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
