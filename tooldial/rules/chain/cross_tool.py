"""Chain rule ``cross_tool``: across tools only one value space (graph evidence), one country, one market, a place-aware source."""

from __future__ import annotations

from tooldial.dialogue.chains.effects import side_effects
from tooldial.dialogue.chains.records import api_text_words, coordinate_of, name_kind
from tooldial.dialogue.chains.scope import countries_of
from tooldial.dialogue.intents import readable
from tooldial.dialogue.mockdata import FieldName, as_text
from tooldial.graph.evidence import Evidence, edge_evidence
from tooldial.knowledge.loader import words as knowledge_words
from tooldial.rules.chaining import ChainCheck, ChainProblem, ChainRule, Link

#: Standard values with several spellings (alpha-2 / alpha-3 / numeric / name): across tools only when the graph
#: saw both formats agree.
_FORMATTED_STANDARDS = knowledge_words("standards", "formatted_standards")
_GEOCODER_WORDS = knowledge_words("places", "geocoder_words")
#: Evidence of one id space across tools; a tool-family name resemblance ("Real Estate" vs "Real Estate
#: Property API") is not.
_ID_EVIDENCE = frozenset({Evidence.SAME_PROVIDER, Evidence.DOCS_NAME_SOURCE, Evidence.ONE_PROVIDER})
_LOCATOR_WORDS = knowledge_words("places", "locator_words")
#: Words that say which market a tool's symbols belong to (``knowledge/packs/markets.yaml``).
_MARKETS = {market: knowledge_words("markets", market) for market in ("crypto", "stock")}
#: Kinds of a person's contact details (``knowledge/packs/field_kinds.yaml``).
_PERSON_CONTACTS = knowledge_words("field_kinds", "person_contacts")
#: Kinds that a place-aware API (geocoder, IP lookup, city search) provides to another service.
_PLACE = knowledge_words("field_kinds", "provided_place")
#: Categories of a place-aware tool, words of a source that locates things, and of one that geocodes
#: (``knowledge/packs/places.yaml``).
_PLACE_CATEGORIES = knowledge_words("places", "place_categories")
#: Words of an id output that make it a place's id (city_id, airport_id).
_PLACE_ID_WORDS = knowledge_words("places", "place_id_words_wide")
_PLACE_WORDS = knowledge_words("places", "place_aware_words")
#: Kinds of a place name a user says, and of where something is (``knowledge/packs/field_kinds.yaml``).
_SAID_PLACES = knowledge_words("field_kinds", "said_places")
#: Words of a target about time: a time zone is its subject, not a display setting.
_TIME_WORDS = knowledge_words("time", "time_subject")
#: Words of a tool that tracks things of many services (parcels, shipments): its ids are not theirs.
_TRACKER_WORDS = knowledge_words("ownership", "tracker_words")
#: Domains where a thing's coordinates (an airport's) stay that thing's: its address, its time zone. Other
#: searches near it (weather stations, transit stops, shops) take it as a stand-in for the user's own place.
_TRAVEL_DOMAINS = knowledge_words("places", "travel_domains")


class CrossTool(ChainRule):
    """Across tools: one value space (graph evidence), one country, one market, a place-aware source."""

    checks = (ChainCheck.COUNTRY_SCOPE, ChainCheck.WORLDWIDE_PLACE, ChainCheck.MARKETS,
              ChainCheck.CROSS_TOOL_CHANGE, ChainCheck.ACCOUNT_CONTACT, ChainCheck.TIME_ZONE_SETTING,
              ChainCheck.VALUE_SPACE, ChainCheck.ID_SPACE, ChainCheck.TRACKER_ID, ChainCheck.ID_DOMAINS,
              ChainCheck.STANDARD_FORMATS, ChainCheck.PLACE_SAID, ChainCheck.NOT_PLACE_AWARE,
              ChainCheck.COORDINATES_DOMAIN, ChainCheck.NO_EVIDENCE)

    def applies(self, link: Link) -> bool:
        return link.cross_tool  # within one tool, the rules above decide

    def problem(self, link: Link) -> ChainProblem | None:
        source, target, chain_param = link.source, link.target, link.chain_param
        chain, kind, edge = link.chain, link.kind, link.edge
        f = FieldName(chain_param)
        s_countries, t_countries = countries_of(source), countries_of(target)
        if s_countries and t_countries and not s_countries & t_countries:
            return ChainProblem(ChainCheck.COUNTRY_SCOPE,
                                f"tools scoped to different countries: {'/'.join(sorted(s_countries))} vs "
                    f"{'/'.join(sorted(t_countries))}")
        if t_countries and not s_countries and kind in _PLACE:
            # an IP's city, a brewery's postal code, a seaport's point lie anywhere: a US-only or India-only target
            # takes a place of its own country, which a worldwide source does not promise
            return ChainProblem(ChainCheck.WORLDWIDE_PLACE,
                                f"a place from a worldwide source into a {'/'.join(sorted(t_countries))}-only tool: {target.tool}")
        s_words, t_words = api_text_words(source), api_text_words(target)
        s_markets = {m for m, words in _MARKETS.items() if s_words & words}
        t_markets = {m for m, words in _MARKETS.items() if t_words & words}
        if kind == "symbol" and s_markets and t_markets and not s_markets & t_markets:
            return ChainProblem(ChainCheck.MARKETS,
                                f"symbols of different markets: {'/'.join(sorted(s_markets))} vs {'/'.join(sorted(t_markets))}")
        if side_effects(target):
            # a user acts (uploads, sets a webhook, sends) with their own values: a street address is no webhook
            # address, a ZIP code no ZIP file
            return ChainProblem(ChainCheck.CROSS_TOOL_CHANGE,
                                f"cross-tool value into a change: {source.tool} -> {target.name}")
        if kind in _PERSON_CONTACTS:
            # a pet shop's user record does not say who someone is in a time tracker: each service keeps its own
            # accounts, and people say their own contact details
            return ChainProblem(ChainCheck.ACCOUNT_CONTACT,
                                f"an account's contact value across services: {readable(chain_param)} ({source.tool} -> {target.tool})")
        if kind == "timezone" and not set(readable(f"{target.name} {target.description}").split()) & _TIME_WORDS:
            # a scores or news feed's "timezone" formats its times: nobody looks up a zone to set it
            return ChainProblem(ChainCheck.TIME_ZONE_SETTING,
                                f"a time zone as a display setting of a target about something else: {target.name}")
        graph_kind, reason = str(edge.get("kind") or ""), str(edge.get("reason") or "")
        if graph_kind in ("generic", "value"):
            return ChainProblem(ChainCheck.VALUE_SPACE,
                                f"cross-tool {graph_kind} value (not one value space): {source.tool} -> {target.tool}")
        evidence = edge_evidence(edge)  # typed facts of the graph stage; its ``reason`` is for people only
        if graph_kind == "identifier" and not evidence & _ID_EVIDENCE:
            return ChainProblem(ChainCheck.ID_SPACE,
                                f"cross-tool identifier without shared-id-space evidence: {reason or source.tool}")
        place_id = kind == "id" and f.has(*_PLACE_ID_WORDS)
        if kind == "id" and not place_id and set(readable(source.tool).split()) & _TRACKER_WORDS and not set(
                readable(target.tool).split()) & _TRACKER_WORDS:
            # a parcel tracker follows orders of many shops: its item ids are no one shop's product ids
            return ChainProblem(ChainCheck.TRACKER_ID,
                                f"a tracker's record id in another service: {source.tool} -> {target.tool}")
        if kind == "id" and not place_id and source.category != target.category:
            # one provider's match_id of an esports API is not its football API's match_id
            return ChainProblem(ChainCheck.ID_DOMAINS,
                                f"identifier across domains: {source.category} -> {target.category}")
        if graph_kind == "standard" and edge.get("standard") in _FORMATTED_STANDARDS \
                and Evidence.FORMATS_AGREE not in evidence:
            return ChainProblem(ChainCheck.STANDARD_FORMATS,
                                f"cross-tool standard value without agreeing formats: {reason}")
        if kind in _SAID_PLACES and not any(
                name_kind(p.name, p.type) in ("latitude", "longitude") or coordinate_of(p.name) or FieldName(p.name).has("ip")
                for p in source.required_parameters):
            return ChainProblem(ChainCheck.PLACE_SAID, f"a place name the user says: {readable(chain_param)}")  # learnt only from a position
        if kind in _PLACE or place_id:
            words = set(readable(source.name + " " + source.description).split()) | set(readable(source.tool).split())
            locator = bool(set(readable(source.category).split()) & _PLACE_CATEGORIES) or bool(words & _LOCATOR_WORDS)
            if not words & _PLACE_WORDS or (source.category != target.category and not locator):
                return ChainProblem(ChainCheck.NOT_PLACE_AWARE,
                                    f"place value from a source that is not place-aware: {source.tool}")
            geocoder = bool(set(readable(source.category).split()) & _PLACE_CATEGORIES) or bool(words & _GEOCODER_WORDS)
            if kind in ("latitude", "longitude") and not geocoder and source.category != target.category and \
                    set(readable(target.category).split()).isdisjoint(_TRAVEL_DOMAINS):
                # an airport's coordinates stand for the airport, not for the town where the user shops or commutes
                return ChainProblem(ChainCheck.COORDINATES_DOMAIN,
                                    f"coordinates of a {source.category} record for a {target.category} search: {source.name}")
        if graph_kind:  # the graph judged it: an identifier of one provider or a standard value
            return None
        param = target.parameter(chain_param)
        documented_same = param is not None and chain.example is not None and as_text(chain.example) in (
            as_text(param.example), as_text(param.default))
        if kind == "id" or kind is None:
            if documented_same:
                return None
            if kind is None and set(FieldName(chain.name).tokens) == set(f.tokens):
                return None
            return ChainProblem(ChainCheck.NO_EVIDENCE,
                                f"cross-tool {kind or 'value'} without documented evidence: {source.tool} -> {target.tool}")
        return None
