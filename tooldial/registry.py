"""Named implementations, imported lazily: one :class:`Registry` per kind of pluggable part.

Every "pick an implementation by name" in tooldial goes through here: evaluation backends, renderers,
entity-text producers, evaluation tasks, user simulators. A registry maps a name to a ``"module:attr"`` string,
so listing the names (CLI choices, defaults, help) imports nothing, and choosing one imports only its module
(the ``template`` renderer never imports ``openai``; the ``oracle`` backend never imports torch). Because the
tables hold strings, a module never imports its own plug-ins, which keeps the package free of import cycles.

Adding an implementation is one line: ``RENDERERS.register("mine", "my_pkg.render:MyRenderer")``.
"""

from __future__ import annotations

import difflib
import importlib
from collections.abc import Iterator
from typing import Any

from tooldial.errors import ConfigError


class Registry:
    """name → ``"module:attr"`` for one kind of part, with a default and did-you-mean on unknown names."""

    def __init__(self, kind: str, entries: dict[str, str] | None = None, *, default: str | None = None,
                 field: str | None = None) -> None:
        self.kind = kind
        self.field = field or kind
        self._entries: dict[str, str] = {}
        for name, target in (entries or {}).items():
            self.register(name, target)
        if default is not None and default not in self._entries:
            raise ValueError(f"default {default!r} is not a registered {kind}")
        self.default = default

    def register(self, name: str, target: str) -> None:
        """Add (or replace) ``name``; ``target`` is ``"package.module:attribute"``."""
        module, sep, attr = target.partition(":")
        if not (module and sep and attr):
            raise ValueError(f"{self.kind} {name!r}: target {target!r} is not 'module:attr'")
        self._entries[name] = target

    def names(self) -> tuple[str, ...]:
        """Registered names in registration order (the CLI's choices)."""
        return tuple(self._entries)

    def __contains__(self, name: object) -> bool:
        return name in self._entries

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def target(self, name: str) -> str:
        """The ``"module:attr"`` of ``name``; a :class:`~tooldial.errors.ConfigError` with suggestions if unknown."""
        if name not in self._entries:
            raise ConfigError(self._unknown_message(name), field=self.field)
        return self._entries[name]

    def load(self, name: str) -> Any:
        """Import and return the attribute registered as ``name``."""
        module_name, _, attr = self.target(name).partition(":")
        return getattr(importlib.import_module(module_name), attr)

    def create(self, name: str, **options: Any) -> Any:
        """``load(name)(**options)``: an instance of the registered class (or the factory's result)."""
        return self.load(name)(**options)

    def _unknown_message(self, name: str) -> str:
        if not self._entries:
            return f"unknown {self.kind} {name!r}: none is registered"
        close = difflib.get_close_matches(str(name), self._entries, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        return f"unknown {self.kind} {name!r}{hint}; choose one of {', '.join(self._entries)}"


#: ``tooldial eval --backend``: text generators (:class:`tooldial.evaluation.backends.base.Backend`).
BACKENDS = Registry("backend", {
    "hf": "tooldial.evaluation.backends.hf:HFBackend",
    "openai": "tooldial.evaluation.backends.openai:OpenAIBackend",
    "oracle": "tooldial.evaluation.backends.oracle:OracleBackend",
    "rule": "tooldial.evaluation.backends.rule:RuleBackend",
    "random": "tooldial.evaluation.backends.random_policy:RandomBackend",
}, default="hf", field="backend")

#: ``tooldial generate --renderer``: scenario instructions → messages (:class:`tooldial.dialogue.renderer.Renderer`).
RENDERERS = Registry("renderer", {
    "template": "tooldial.dialogue.render_template:TemplateRenderer",
    "openai": "tooldial.dialogue.render_llm:LLMRenderer",
}, default="template", field="--renderer")

#: ``tooldial graph build --entity-text``: entity text producers (:class:`tooldial.graph.entities.EntityTextProducer`).
ENTITY_PRODUCERS = Registry("entity text producer", {
    "offline": "tooldial.graph.entities:OfflineEntityText",
    "llm": "tooldial.graph.llm_entities:LLMEntityText",
}, default="offline", field="entity_text")

#: ``tooldial eval --task``: the benchmark tasks (paper §4, :class:`tooldial.evaluation.tasks.EvalTask`), in order.
EVAL_TASKS = Registry("task", {
    "dst": "tooldial.evaluation.tasks:DstTask",
    "action": "tooldial.evaluation.tasks:ActionTask",
    "faithfulness": "tooldial.evaluation.tasks:FaithfulnessTask",
    "overall": "tooldial.evaluation.tasks:OverallTask",
}, field="task")

#: Simulated users / dynamic systems for interactive evaluation (registered by the simulation package).
SIMULATORS = Registry("simulator", {
    "scripted": "tooldial.simulation.users:ScriptedUser",
    "llm": "tooldial.simulation.users:LLMUser",
}, default="scripted", field="user")

#: Rules on one flat record of the mock world (:class:`tooldial.rules.record.RecordRule`), run in this order by
#: :func:`tooldial.rules.record.check_record` for the planner and the validator. One rule per file.
RECORD_RULES = Registry("record rule", {
    "values": "tooldial.rules.world.values:Values",
    "order": "tooldial.rules.world.order:Order",
    "lifecycle": "tooldial.rules.world.lifecycle:Lifecycle",
    "ohlc": "tooldial.rules.world.ohlc:Ohlc",
    "volume": "tooldial.rules.world.volume:Volume",
    "city_country": "tooldial.rules.world.city_country:CityCountry",
    "country_currency": "tooldial.rules.world.country_currency:CountryCurrency",
    "amount_rate": "tooldial.rules.world.amount_rate:AmountRate",
    "currency_pair": "tooldial.rules.world.currency_pair:CurrencyPair",
    "span_units": "tooldial.rules.world.span_units:SpanUnits",
    "middle": "tooldial.rules.world.middle:Middle",
    "utc_offset": "tooldial.rules.world.utc_offset:UtcOffset",
    "street": "tooldial.rules.world.street:Street",
    "sky": "tooldial.rules.world.sky:Sky",
    "standings": "tooldial.rules.world.standings:Standings",
    "match_score": "tooldial.rules.world.match_score:MatchScore",
    "league_team": "tooldial.rules.world.league_team:LeagueTeam",
    "country_facts": "tooldial.rules.world.country_facts:CountryFacts",
    "eu_member": "tooldial.rules.world.eu_member:EuMember",
    "date_parts": "tooldial.rules.world.date_parts:DateParts",
    "sale_price": "tooldial.rules.world.sale_price:SalePrice",
    "picture_size": "tooldial.rules.world.picture_size:PictureSize",
    "rendering": "tooldial.rules.world.rendering:Rendering",
    "review_tone": "tooldial.rules.world.review_tone:ReviewTone",
}, field="record rule")

#: Rules on one Eq. 1 candidate edge (:class:`tooldial.rules.edge.base.EdgeRule`), tried in this order by
#: :func:`tooldial.rules.edge.base.decide` (:func:`tooldial.graph.validity.judge_edge`); the first verdict wins.
#: One rule per file; each declares the pairs of value kinds and the tools (same / across) it judges.
EDGE_RULES = Registry("edge rule", {
    "cross_tool": "tooldial.rules.edge.cross_tool:CrossTool",
    "object_into_scalar": "tooldial.rules.edge.object_into_scalar:ObjectIntoScalar",
    "array_into_scalar": "tooldial.rules.edge.array_into_scalar:ArrayIntoScalar",
    "json_type": "tooldial.rules.edge.json_type:JsonType",
    "id_shape": "tooldial.rules.edge.id_shape:IdShape",
    "url_page_kind": "tooldial.rules.edge.url_page_kind:UrlPageKind",
    "image_url_lookup": "tooldial.rules.edge.image_url_lookup:ImageUrlLookup",
    "count_not_id": "tooldial.rules.edge.count_not_id:CountNotId",
    "key_into_syntax_value": "tooldial.rules.edge.key_into_syntax_value:KeyIntoSyntaxValue",
    "measure_into_id": "tooldial.rules.edge.measure_into_id:MeasureIntoId",
    "paging_cursor": "tooldial.rules.edge.paging_cursor:PagingCursor",
    "implied_scope": "tooldial.rules.edge.implied_scope:ImpliedScope",
    "market_setting": "tooldial.rules.edge.market_setting:MarketSetting",
    "standard_into_foreign_id": "tooldial.rules.edge.standard_into_foreign_id:StandardIntoForeignId",
    "plain_value_into_bare_id": "tooldial.rules.edge.plain_value_into_bare_id:PlainValueIntoBareId",
    "record_type": "tooldial.rules.edge.record_type:RecordType",
    "record_compound": "tooldial.rules.edge.record_compound:RecordCompound",
    "shared_id_space": "tooldial.rules.edge.shared_id_space:SharedIdSpace",
    "different_standards": "tooldial.rules.edge.different_standards:DifferentStandards",
    "standard_format": "tooldial.rules.edge.standard_format:StandardFormat",
    "box_corner": "tooldial.rules.edge.box_corner:BoxCorner",
    "symbol_market": "tooldial.rules.edge.symbol_market:SymbolMarket",
    "currency_market": "tooldial.rules.edge.currency_market:CurrencyMarket",
    "area_centre": "tooldial.rules.edge.area_centre:AreaCentre",
    "media_url": "tooldial.rules.edge.media_url:MediaUrl",
    "same_tool_standard": "tooldial.rules.edge.same_tool_standard:SameToolStandard",
    "same_tool": "tooldial.rules.edge.same_tool:SameTool",
    "value_space": "tooldial.rules.edge.value_space:ValueSpace",
    "date_standard": "tooldial.rules.edge.date_standard:DateStandard",
    "reference_lookup": "tooldial.rules.edge.reference_lookup:ReferenceLookup",
    "keyed_lookup": "tooldial.rules.edge.keyed_lookup:KeyedLookup",
    "unrelated_domains": "tooldial.rules.edge.unrelated_domains:UnrelatedDomains",
    "standard_value": "tooldial.rules.edge.standard_value:StandardValue",
    "syntax_standard": "tooldial.rules.edge.syntax_standard:SyntaxStandard",
    "generic_name": "tooldial.rules.edge.generic_name:GenericName",
    "value_keywords": "tooldial.rules.edge.value_keywords:ValueKeywords",
}, field="edge rule")

#: Rules on one chain (a graph edge a dialogue would follow; :class:`tooldial.rules.chaining.ChainRule`), run in
#: this order by :func:`tooldial.rules.chaining.check_chain` for the sampler, the planner and the validator: the
#: first problem rejects the chain. One rule per file.
CHAIN_RULES = Registry("chain rule", {
    "source_error": "tooldial.rules.chain.source_error:SourceError",
    "user_knows": "tooldial.rules.chain.user_knows:UserKnows",
    "groups": "tooldial.rules.chain.groups:Groups",
    "echo": "tooldial.rules.chain.echo:Echo",
    "shape": "tooldial.rules.chain.shape:Shape",
    "lookup": "tooldial.rules.chain.lookup:Lookup",
    "one_thing": "tooldial.rules.chain.one_thing:OneThing",
    "circular": "tooldial.rules.chain.circular:Circular",
    "owner": "tooldial.rules.chain.owner:Owner",
    "own_records": "tooldial.rules.chain.own_records:OwnRecords",
    "holding_record": "tooldial.rules.chain.holding_record:HoldingRecord",
    "place": "tooldial.rules.chain.place:Place",
    "target_error": "tooldial.rules.chain.target_error:TargetError",
    "cross_tool": "tooldial.rules.chain.cross_tool:CrossTool",
}, field="chain rule")

#: World rules of a dialogue (:class:`tooldial.rules.world_check.CallRule` on each call, then
#: :class:`~tooldial.rules.world_check.DialogueRule` on the whole), run in this order by
#: :func:`tooldial.rules.world_check.check_dialogue` for the validator and :func:`~tooldial.rules.world_check.
#: check_call` for the planner's plans. One rule per file.
WORLD_RULES = Registry("world rule", {
    "filler_values": "tooldial.rules.dialogue.filler_values:FillerValues",
    "id_form": "tooldial.rules.dialogue.id_form:IdForm",
    "records": "tooldial.rules.dialogue.records:Records",
    "dates": "tooldial.rules.dialogue.dates:Dates",
    "time_zones": "tooldial.rules.dialogue.time_zones:TimeZones",
    "climate": "tooldial.rules.dialogue.climate:Climate",
    "weather": "tooldial.rules.dialogue.weather:Weather",
    "rows": "tooldial.rules.dialogue.rows:Rows",
    "exchange_rate": "tooldial.rules.dialogue.exchange_rate:ExchangeRate",
    "calendar": "tooldial.rules.dialogue.calendar:Calendar",
    "window": "tooldial.rules.dialogue.window:Window",
    "id_echo": "tooldial.rules.dialogue.id_echo:IdEcho",
    "code_name": "tooldial.rules.dialogue.code_name:CodeName",
    "paging": "tooldial.rules.dialogue.paging:Paging",
    "status": "tooldial.rules.dialogue.status:Status",
    "error_records": "tooldial.rules.dialogue.error_records:ErrorRecords",
    "venues": "tooldial.rules.dialogue.venues:Venues",
    "entities": "tooldial.rules.dialogue.entities:Entities",
    "groups": "tooldial.rules.dialogue.groups:Groups",
    "error_data": "tooldial.rules.dialogue.error_data:ErrorData",
    "answer": "tooldial.rules.dialogue.answer:Answer",
}, field="world rule")
