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

The rules live in sibling modules by concept (what kind of value: :mod:`~tooldial.graph.value_kinds`, its format:
:mod:`~tooldial.graph.value_formats`; id spaces, record types, markets, places, URLs, counts, keyed lookups,
echoes, input groups); this module holds the verdict (:func:`judge_edge`) and re-exports their names.
"""

from __future__ import annotations

import re
from dataclasses import replace

from tooldial.graph.counts import COUNT_WORDS, is_count, is_request_size
from tooldial.graph.echoes import (
    ECHO_CONTAINERS,
    ECHO_REASON,
    SETTINGS_CONTAINERS,
    VALUE_CHECKED_KINDS,
    creates_record,
    echoed_input,
    echoed_owner,
    echoed_point,
    is_setting_of_answer,
)
from tooldial.graph.entities import Entity, split_words
from tooldial.graph.evidence import Evidence
from tooldial.graph.geo_scope import (
    _AREA_TARGET,
    COUNTRY_BOUND,
    country_scope_clash,
    documented_continents,
    is_area_centre,
    is_box_corner,
    keyed_country_clash,
    region_only,
    region_scope_clash,
    tool_country,
)
from tooldial.graph.id_spaces import shared_id_space, tool_full_name, tool_stem
from tooldial.graph.input_groups import GroupName, InputGroup, group_sources, input_groups
from tooldial.graph.lookups import (
    IMAGE_WORDS,
    LOOKUP_KINDS,
    _lookup_kind,
    image_url_into_image_input,
    lookup_kind,
)
from tooldial.graph.markets import SETTING_WORDS, _symbol_market, api_market, markets_named
from tooldial.graph.record_clashes import (
    file_into_folder,
    id_list_into_id_list,
    named_record_clash,
    record_type_clash,
)
from tooldial.graph.record_types import _API_NAME_NOISE, _CONTAINERS, BARE_IDS, _api_subject, record_type
from tooldial.graph.urls import media_url_clash, url_site, url_site_named
from tooldial.graph.value_kinds import (
    DATE_STANDARDS,
    GENERIC_WORDS,
    GLOBAL_STANDARDS,
    IDENTIFIER_TAIL,
    IDENTIFIER_WORDS,
    NAMING_LEAVES,
    PLACEHOLDER_EXAMPLES,
    PROVIDER_SCOPED_WORDS,
    PUBLIC_IDS,
    SYNTAX_STANDARDS,
    Traits,
    _standard_of,
    classify,
    classify_name_kind,
    is_coordinate,
)
from tooldial.graph.value_space import (
    UNCOMMON_FORMATS,
    ToolConventions,
    _format_clash,
    provider_listed,
    tool_conventions,
    value_space_clash,
)
from tooldial.graph.verdict import EntityKind, RuleConfig, Verdict

__all__ = [
    "BARE_IDS",
    "COUNTRY_BOUND",
    "COUNT_WORDS",
    "DATE_STANDARDS",
    "ECHO_CONTAINERS",
    "ECHO_REASON",
    "EntityKind",
    "GENERIC_WORDS",
    "GLOBAL_STANDARDS",
    "GroupName",
    "IDENTIFIER_TAIL",
    "IDENTIFIER_WORDS",
    "IMAGE_WORDS",
    "InputGroup",
    "LOOKUP_KINDS",
    "NAMING_LEAVES",
    "PLACEHOLDER_EXAMPLES",
    "PROVIDER_SCOPED_WORDS",
    "PUBLIC_IDS",
    "RuleConfig",
    "SETTINGS_CONTAINERS",
    "SETTING_WORDS",
    "SYNTAX_STANDARDS",
    "ToolConventions",
    "Traits",
    "UNCOMMON_FORMATS",
    "VALUE_CHECKED_KINDS",
    "Verdict",
    "_API_NAME_NOISE",
    "_CONTAINERS",
    "_api_subject",
    "_standard_of",
    "api_market",
    "classify",
    "classify_name_kind",
    "country_scope_clash",
    "creates_record",
    "documented_continents",
    "echoed_input",
    "echoed_owner",
    "echoed_point",
    "file_into_folder",
    "group_sources",
    "id_list_into_id_list",
    "image_url_into_image_input",
    "input_groups",
    "is_area_centre",
    "is_box_corner",
    "is_coordinate",
    "is_count",
    "is_request_size",
    "is_setting_of_answer",
    "keyed_country_clash",
    "lookup_kind",
    "markets_named",
    "media_url_clash",
    "named_record_clash",
    "provider_listed",
    "record_type",
    "record_type_clash",
    "region_only",
    "region_scope_clash",
    "shared_id_space",
    "tool_conventions",
    "tool_country",
    "tool_full_name",
    "tool_stem",
    "url_site",
    "url_site_named",
    "value_space_clash",
]


#: An API whose subject (its name before ``by``) is a standard value's own record (``Search Neighbour Countries by
#: country code``, ``CURRENCY_EXCHANGE_RATE``; not ``Airport Count by Type and Country``): a code of that kind from
#: any record is a meaningful call.
_REFERENCE_KINDS = {"country": re.compile(r"(?i)countr"),
                    "currency": re.compile(r"(?i)currenc|exchange|convert")}


CROSS_TOOL_REASON = "across tools the names or descriptions differ too much"


#: The reason of a plain value kept across tools because the keyword texts agree.
VALUE_REASON = "value; keywords agree"


#: In the reason of a standard value kept as the key of a lookup (:func:`_judge_standard`).
KEYED_REASON = " into a lookup keyed by"


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
