"""Chain rule ``place``: a place of the user's plans: not a featured city, a server's location or a moving thing."""

from __future__ import annotations

from tooldial.dialogue.chains.documented import value_shape
from tooldial.dialogue.chains.records import locates_place, name_kind, record_words_of
from tooldial.dialogue.intents import readable
from tooldial.dialogue.mockdata import FieldName, as_text
from tooldial.knowledge.loader import words as knowledge_words
from tooldial.rules.chaining import ChainCheck, ChainProblem, ChainRule, Link

#: Words of a source that ranks or features things of the moment (the hottest city, today's extremes, the job of
#: the week): its one place is never the place of the user's own plans.
_FEATURED_WORDS = knowledge_words("documentation", "featured_words")
_LOCATED_PLACES = knowledge_words("field_kinds", "located_places")
#: Words of a source whose coordinates are a moving thing's position (a flight in the air, a tracked vehicle).
_MOVING_WORDS = knowledge_words("places", "moving_things")
#: Kinds that a place-aware API (geocoder, IP lookup, city search) provides to another service.
_PLACE = knowledge_words("field_kinds", "provided_place")
#: Words of an id input that make it a place's id; of a source's input that takes a site.
_PLACE_ID_WORDS = knowledge_words("places", "place_id_words")
_SITE_INPUTS = knowledge_words("web", "site_inputs")
_POSTAL_CODE_WORDS = knowledge_words("places", "postal_code_words")
#: Kinds of a place name a user says, and of where something is (``knowledge/packs/field_kinds.yaml``).
_SAID_PLACES = knowledge_words("field_kinds", "said_places")
#: Words of a target about states and about postal codes (``knowledge/packs/places.yaml``).
_STATE_WORDS = knowledge_words("places", "state_words")


class Place(ChainRule):
    """A place the user's plans are about: not today's hottest city, not where a flight is right now."""

    checks = (ChainCheck.STATE_ABBREVIATION, ChainCheck.PLACE_SAID, ChainCheck.FEATURED_PLACE,
              ChainCheck.SERVER_LOCATION, ChainCheck.UNNARROWED_LIST, ChainCheck.REVERSE_GEOCODE,
              ChainCheck.MOVING_THING)

    def problem(self, link: Link) -> ChainProblem | None:
        source, target, chain_param = link.source, link.target, link.chain_param
        chain, kind = link.chain, link.kind
        place = kind in _PLACE or kind == "id" and FieldName(chain_param).has(*_PLACE_ID_WORDS)
        target_words = set(readable(target.name).split())
        if kind == "postal" and target_words & _STATE_WORDS and not target_words & _POSTAL_CODE_WORDS:
            return ChainProblem(ChainCheck.STATE_ABBREVIATION,
                                f"a state's postal abbreviation is not a postal code: {target.name}")
        if kind in _SAID_PLACES and not locates_place(source, chain):
            # learnt only from a position or from a record that is the place itself: the city of a fuel provider at
            # the airport the user named is a city the user would say
            return ChainProblem(ChainCheck.PLACE_SAID,
                                f"a place name the user says: {readable(chain_param)} of a {record_words_of(source, chain)} record")
        if place and not source.required_parameters and set(readable(source.name).split()) & _FEATURED_WORDS:
            return ChainProblem(ChainCheck.FEATURED_PLACE,
                                f"a featured place stands in for the user's own: {source.name}")
        if place and any(FieldName(p.name).has(*_SITE_INPUTS)
                         or value_shape(as_text(p.example if p.example is not None else p.default)) == "host"
                         for p in source.required_parameters):
            # "IP location by domain name": where a website is hosted is no place of the user's plans
            return ChainProblem(ChainCheck.SERVER_LOCATION,
                                f"a website's server location stands in for a place of the user's: {source.name}")
        if kind in ("latitude", "longitude") and chain.is_list and not source.required_parameters:
            # "airports near me": a point the user has in mind is not among a whole database's first records
            return ChainProblem(ChainCheck.UNNARROWED_LIST,
                                f"coordinates from a list the user did not narrow: {source.name}")
        if kind in ("latitude", "longitude") and "reverse" in readable(f"{target.tool} {target.name}").split() and any(
                o.path[:-1] == chain.path[:-1] and name_kind(o.name, o.type) in _LOCATED_PLACES
                for o in source.output_components):
            # reverse-geocoding a listed home's (or a geocoded address's) point: its record already gives the address
            return ChainProblem(ChainCheck.REVERSE_GEOCODE,
                                f"the record already gives the address a reverse geocoder would: {source.name}")
        if kind in ("latitude", "longitude") and set(readable(f"{source.name} {source.tool}").split()) & _MOVING_WORDS:
            return ChainProblem(ChainCheck.MOVING_THING,
                                f"coordinates of a moving thing (not a place to search near): {source.name}")
        return None
