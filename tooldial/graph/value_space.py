"""Whether a value of one tool lies in the value space of another tool's input: formats that clash, a target
that takes its own tool's list, a tool's documented conventions, symbols of unknown markets, URLs of other
sites."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import cast

from tooldial.graph.entities import Entity, split_words
from tooldial.graph.geo_scope import is_box_corner
from tooldial.graph.id_spaces import shared_id_space
from tooldial.graph.markets import markets_named, sole_market_named
from tooldial.graph.reasons import Clash, EdgeReason
from tooldial.graph.urls import url_site, url_site_named
from tooldial.graph.value_kinds import Traits, classify, is_coordinate
from tooldial.graph.verdict import RuleConfig
from tooldial.knowledge.english import singular
from tooldial.knowledge.loader import word_map
from tooldial.knowledge.loader import words as knowledge_words

#: Formats that are another thing than the kind's plain value, whatever the other side's format: a provider's slug
#: of a place (``austin-tx``) is not a place's name, a top-level domain (``.com``) is not a host name.
_KEY_FORMATS = cast("Mapping[str, str]", word_map("standards", "key_formats"))


#: Formats a target documents that a value of its kind does not take unless it says so (a country code without an
#: example is read as alpha-2, the common form; ``ESP`` or "ISO 3166-1 alpha-3" is another convention): a target
#: that shows one of these takes only a source that shows it too (fifth round, v7 errors).
UNCOMMON_FORMATS = cast(Mapping[str, tuple[str, ...]], word_map("standards", "uncommon_formats"))


def format_clash(a: Traits, b: Traits, target_api_text: str = "") -> Clash | None:
    """Two standard values whose formats (or symbol markets) clash, or ``None``."""
    if a.fmt and b.fmt and a.fmt != b.fmt:
        return Clash(EdgeReason.FORMATS_DIFFER, f"{a.standard} formats differ ({a.fmt} vs {b.fmt})")
    if a.fmt is None and b.fmt in UNCOMMON_FORMATS.get(b.standard or "", ()):
        return Clash(EdgeReason.FORMATS_DIFFER,
                     f"{b.standard} formats differ (the input documents {b.fmt}; the source shows no format, read "
                     "as the common one)")
    if (key := _KEY_FORMATS.get(a.standard or "")) and (a.fmt == key) != (b.fmt == key):
        return Clash(EdgeReason.FORMATS_DIFFER, f"{a.standard} formats differ ({a.fmt or 'plain'} vs "
                                                f"{b.fmt or 'plain'}: a {key} is not the plain value)")
    if a.market and b.market and a.market != b.market and a.market not in markets_named(target_api_text):
        return Clash(EdgeReason.SYMBOL_MARKETS, f"symbols of different markets ({a.market} vs {b.market})")
    return None


def _format_clash(a: Traits, b: Traits, target_api_text: str = "") -> str | None:
    """:func:`format_clash`'s prose alone."""
    return clash.text if (clash := format_clash(a, b, target_api_text)) else None


@dataclass(frozen=True)
class ToolConventions:
    """The format a tool documents for its inputs of one name (``symbol`` → ``pair`` when its endpoints show
    ``BTCUSD``): an input of that name documented without an example takes the same format. A name whose inputs
    show two formats in one tool has no convention."""

    formats: dict[tuple[str, str], str]

    def format_of(self, entity: Entity) -> str | None:
        return self.formats.get((entity.tool_id, _convention_key(entity)))


def _convention_key(entity: Entity) -> str:
    return "".join(singular(w) for w in split_words(entity.raw or entity.key.rsplit("|", 1)[-1]))


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
_LISTABLE_STANDARDS = knowledge_words("standards", "listable")


def provider_listed(target: Entity) -> bool:
    """Whether the input's documentation sends the user to an endpoint of its own tool for its values."""
    return bool(target.documented and _OWN_LIST.search(target.documented))


#: Words of a symbol's name that say it is a market (a pair), not one asset.
_PAIR_WORDS = knowledge_words("markets", "pair_names")


def _symbol_fmt_or_default(entity: Entity, traits: Traits) -> str | None:
    """A symbol's format; one documented without an example is one asset's ticker (``symbol`` of a coin record)
    unless its path or its API's name says pair or market (``List of all supported crypto markets``)."""
    if traits.fmt or traits.standard != "symbol":
        return traits.fmt
    words = set(split_words(entity.key)) | set(split_words(entity.api_id.rsplit("|", 1)[-1]))
    return "pair" if words & _PAIR_WORDS else "asset"


def value_space_clash_of(source: Entity, target: Entity, s: Traits, t: Traits, target_docs: str,
                         target_api_text: str, config: RuleConfig) -> Clash | None:
    """Why a standard, generic or other value of one tool is not in the value space of another tool's input, or
    ``None``: the target takes its own tool's list, a bounding-box corner is no place, a symbol's market is not
    known on both sides, URLs of different sites."""
    registry = s.standard == t.standard == "timezone" and t.fmt == "iana" and (
        s.fmt == "iana" or (s.fmt is None and split_words(source.raw or source.key)[-1:] in (["timezone"], ["zone"],
                                                                                          ["tz"])))
    if provider_listed(target) and (t.kind in ("generic", "value") or t.standard in _LISTABLE_STANDARDS) \
            and not registry and shared_id_space(source, target, target_docs, config) is None:
        return Clash(EdgeReason.OWN_LIST,
                     "the input takes its own tool's list of values (its documentation names an endpoint for them)")
    if is_coordinate(s) and is_box_corner(source) and not is_box_corner(target):
        return Clash(EdgeReason.BOX_CORNER, "a corner of a bounding box is not a place")
    if s.standard == "symbol" and t.standard == "symbol":
        s_fmt, t_fmt = _symbol_fmt_or_default(source, s), _symbol_fmt_or_default(target, t)
        if (s.fmt or t.fmt) and s_fmt != t_fmt:
            return Clash(EdgeReason.SYMBOL_FORMATS, f"symbol formats differ ({s_fmt} vs {t_fmt}; a symbol without an "
                                                    "example is read as one asset)")
        t_market = t.market or sole_market_named(target_docs)
        if not s.market or not (t_market or markets_named(target_api_text)):
            return Clash(EdgeReason.UNKNOWN_MARKET,
                         "a symbol of an unknown market (no evidence that both sides list one market)")
        if t.market is None and t_market and t_market != s.market and s.market not in markets_named(target_api_text):
            return Clash(EdgeReason.SYMBOL_MARKETS, f"symbols of different markets ({s.market} vs {t_market})")
    if s.standard == "url" and t.standard == "url":
        s_site, t_site = url_site(source.example), url_site(target.example)
        if s_site and t_site and s_site != t_site:
            return Clash(EdgeReason.URL_SITES, f"URLs of different sites ({s_site} vs {t_site})")
        if site := url_site_named(source, target):
            return Clash(EdgeReason.SITE_URLS, f"the input takes one site's URLs ({site}; nothing says the source's are)")
    return None


def value_space_clash(source: Entity, target: Entity, s: Traits, t: Traits, target_docs: str,
                      target_api_text: str, config: RuleConfig) -> str | None:
    """:func:`value_space_clash_of`'s prose alone."""
    clash = value_space_clash_of(source, target, s, t, target_docs, target_api_text, config)
    return clash.text if clash else None
