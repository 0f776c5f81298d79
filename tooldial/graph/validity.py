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
echoes, input groups); the rules that decide, one class per file, in :mod:`tooldial.rules.edge` (registered in
:data:`tooldial.registry.EDGE_RULES`, in order); this module holds the loop's entry point (:func:`judge_edge`) and
re-exports the helpers' names.
"""

from __future__ import annotations

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
from tooldial.graph.entities import Entity
from tooldial.graph.geo_scope import (
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
    image_url_into_image_input,
    lookup_kind,
)
from tooldial.graph.markets import SETTING_WORDS, api_market, markets_named
from tooldial.graph.reasons import EdgeReason
from tooldial.graph.record_clashes import (
    file_into_folder,
    id_list_into_id_list,
    named_record_clash,
    record_type_clash,
)
from tooldial.graph.record_types import _API_NAME_NOISE, _CONTAINERS, BARE_IDS, api_subject_words, record_type
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
    provider_listed,
    tool_conventions,
    value_space_clash,
)
from tooldial.graph.verdict import EntityKind, RuleConfig, Verdict
from tooldial.rules.edge.base import EdgeCase, decide
from tooldial.rules.edge.cross_tool import CROSS_TOOL_REASON
from tooldial.rules.edge.keyed_lookup import KEYED_REASON
from tooldial.rules.edge.value_keywords import VALUE_REASON

__all__ = [
    "BARE_IDS",
    "COUNTRY_BOUND",
    "COUNT_WORDS",
    "CROSS_TOOL_REASON",
    "DATE_STANDARDS",
    "ECHO_CONTAINERS",
    "ECHO_REASON",
    "EdgeReason",
    "EntityKind",
    "GENERIC_WORDS",
    "GLOBAL_STANDARDS",
    "GroupName",
    "IDENTIFIER_TAIL",
    "IDENTIFIER_WORDS",
    "IMAGE_WORDS",
    "InputGroup",
    "KEYED_REASON",
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
    "VALUE_REASON",
    "Verdict",
    "_API_NAME_NOISE",
    "_CONTAINERS",
    "_standard_of",
    "api_market",
    "api_subject_words",
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


def judge_edge(source: Entity, target: Entity, desc_sim: float, kw_sim: float, lcs_sim: float = 1.0, *,
               target_docs: str = "", target_api_text: str = "", config: RuleConfig | None = None,
               conventions: ToolConventions | None = None, keyed_lookup: bool = False,
               tool_records: frozenset[tuple[str, ...]] = frozenset()) -> Verdict:
    """Keep or reject one Eq. 1 candidate: the first verdict of the registered edge rules
    (:data:`tooldial.registry.EDGE_RULES`, see the module docstring). ``keyed_lookup``: the input
    is the only value the target API needs (:func:`keyed_by`). ``target_docs``: the
    target API's and tool's descriptions and the input's documentation (evidence of a shared id space);
    ``target_api_text``: the target API's own description (an endpoint documented for "forex or crypto" takes
    symbols of both markets); ``conventions``: the formats the target's tool shows for inputs of its name;
    ``tool_records``: the records the target's tool returns ids of."""
    s, t = classify(source), classify(target)
    if conventions is not None and t.kind == "standard" and t.fmt is None and (fmt := conventions.format_of(target)):
        t = replace(t, fmt=fmt)
    return decide(EdgeCase(source, target, s, t, desc_sim, kw_sim, lcs_sim, target_docs, target_api_text,
                           config or RuleConfig(), keyed_lookup, tool_records))
