"""Chain rule ``one_thing``: an id names one thing, and the target does not fetch again what the source returned."""

from __future__ import annotations

from tooldial.dialogue.chains.records import (
    BARE_ID,
    CONTAINERS,
    ID_SUFFIXES,
    STOP,
    lookup_form,
    name_kind,
    word_stems,
)
from tooldial.dialogue.intents import readable
from tooldial.dialogue.mockdata import FieldName
from tooldial.rules.chaining import ChainCheck, ChainProblem, ChainRule, Link


class OneThing(ChainRule):
    """An id names one thing: a bare ``id`` joins APIs about the same thing, and the target does not fetch again
    the record the source returned."""

    checks = (ChainCheck.BARE_ID_OTHER, ChainCheck.ECHOED_INPUT, ChainCheck.LIST_OWN_ID,
              ChainCheck.REFETCH_RETURNED, ChainCheck.REFETCH_LISTED)

    def problem(self, link: Link) -> ChainProblem | None:
        source, target, chain_param = link.source, link.target, link.chain_param
        chain, kind = link.chain, link.kind
        if kind != "id":
            return None
        if set(FieldName(chain_param).tokens) <= BARE_ID and set(FieldName(chain.name).tokens) <= BARE_ID:
            # the id's record is the output's parent ("events|awayTeam|id": a team), or the source's subject when
            # the parent is a mere container; the target's id names the first thing of its name ("TeamMedia": a team)
            record = [w for w in readable(" ".join(chain.path[:-1])).split() if w not in CONTAINERS | STOP]
            source_things = set(record or readable(source.name).split()) - STOP
            target_things = [w for w in readable(target.name).split() if w not in STOP]
            if target_things and not word_stems(source_things) & word_stems(set(target_things[:1])):
                return ChainProblem(ChainCheck.BARE_ID_OTHER,
                                    f"a bare id of another thing: {source.name} -> {target.name}")
            # the id is its nearest record's: a schedule's "games|…|away|team|id" is a team's, no game's
            parent = [w for w in readable(chain.path[-2]).split() if w not in CONTAINERS | STOP] \
                if len(chain.path) > 1 else []
            if parent and target_things and not word_stems(set(parent)) & word_stems(set(target_things)):
                return ChainProblem(ChainCheck.BARE_ID_OTHER,
                                    f"a bare id of another thing: a {' '.join(parent)} id -> {target.name}")
        entity = set(FieldName(chain_param).tokens) - BARE_ID
        out_entity = set(FieldName(chain.name).tokens) - BARE_ID
        for p in source.required_parameters:
            given = FieldName(p.name)
            if name_kind(p.name, p.type) == "id" and out_entity and (set(given.tokens) - ID_SUFFIXES) == out_entity:
                # "Option expirations" for ticker NVDA: every record echoes the ticker the user named; a lookup of
                # something else is not where a user gets the thing's id
                return ChainProblem(ChainCheck.ECHOED_INPUT,
                                    f"the source echoes the {readable(p.name)} the user gave: {source.name}")
        source_words = readable(source.name).split()
        if len(chain.path) == 1 and set(FieldName(chain.name).tokens) <= BARE_ID and entity and (
                source_words[:1] == ["list"] or {f"{w}s" for w in entity} & set(source_words)):
            return ChainProblem(ChainCheck.LIST_OWN_ID,
                                f"a list's own id used as a {'/'.join(sorted(entity))} id: {source.name}")
        if not chain.is_list:
            source_fields = {c.path[-1].lower() for c in source.output_components if not c.is_list}
            target_fields = {c.path[-1].lower() for c in target.output_components if not c.is_list}
            if len(target_fields) >= 4 and len(source_fields & target_fields) >= 0.6 * len(target_fields):
                return ChainProblem(ChainCheck.REFETCH_RETURNED,
                                    f"target fetches again the record the source returned: {target.name}")
        elif lookup_form(source, target):
            # "AllStatesFuelPriceToday" lists each state's prices today; "StateFuelPriceToday" for one of them returns
            # the very record the user picked: the list already answered
            record_fields = {c.path[-1].lower() for c in source.output_components if c.path[:-1] == chain.path[:-1]}
            target_fields = {c.path[-1].lower() for c in target.output_components}
            if len(target_fields) >= 3 and len(record_fields & target_fields) >= 0.8 * len(target_fields):
                return ChainProblem(ChainCheck.REFETCH_LISTED,
                                    f"target fetches again the record the source listed: {source.name} -> {target.name}")
        return None
