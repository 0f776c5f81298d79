"""Which countries a tool is scoped to, by its names and description (``Polish zip codes`` → PL)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import pycountry

from tooldial.corpus.models import Api
from tooldial.dialogue.mockdata import as_text
from tooldial.knowledge.loader import word_map

#: Adjectives that scope a tool to a country (pycountry gives the names).
_DEMONYMS = word_map("places", "demonyms")


@lru_cache(maxsize=1)
def _country_pattern() -> tuple[re.Pattern[str], dict[str, str]]:
    names: dict[str, str] = {}
    for country in pycountry.countries:
        for attr in ("name", "common_name"):
            value = getattr(country, attr, None)
            if value and "," not in value and len(value) >= 4:
                names[value.lower()] = country.alpha_2
    names.update(_DEMONYMS)
    for state in pycountry.subdivisions.get(country_code="US"):
        # a US state scopes a tool to the US ("Arizona Lottery"), unless a country has the name (Georgia)
        names.setdefault(state.name.lower(), "US")
    alternation = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"\b({alternation})\b"), names


@lru_cache(maxsize=65536)
def _countries_in(text: str) -> frozenset[str]:
    pattern, names = _country_pattern()
    return frozenset(names[m] for m in pattern.findall(text.lower()))


def names_a_country(value: Any) -> bool:
    """Whether a documented value is a country's name and nothing else (``France``)."""
    text = as_text(value).strip().lower()
    return bool(text) and _country_pattern()[1].get(text) is not None and text not in _DEMONYMS


def countries_of(api: Api) -> frozenset[str]:
    """Countries an API is scoped to by its tool name, name or description (``Polish zip codes`` → PL,
    ``Arizona Lottery`` and ``RetrieveUSTaxRate`` → US)."""
    text = " ".join((api.tool, api.name, " ".join((api.description or "").split()[:30])))
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", " ", text)
    abbreviations = {_ABBREVIATIONS[w] for w in re.findall(r"\b[A-Z]{2,3}\b", spaced) if w in _ABBREVIATIONS}
    return _countries_in(text) | abbreviations


#: Upper-case abbreviations that scope a tool to a country (``US Zip Code Information``); lower-case "us" is a
#: pronoun.
_ABBREVIATIONS = word_map("places", "country_abbreviations")
