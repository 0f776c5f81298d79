"""Chain rule ``circular``: the source already needs what the user would procure: the chain procures nothing."""

from __future__ import annotations

from tooldial.dialogue.chains.documented import (
    distinctive,
    example_values,
    param_documented_values,
    sent_inputs,
    takes_several,
)
from tooldial.dialogue.chains.records import (
    CONTAINERS,
    input_entity_words,
    name_kind,
    named_entity,
    output_entity_words,
    word_stems,
)
from tooldial.dialogue.intents import readable
from tooldial.dialogue.mockdata import FieldName, as_text
from tooldial.knowledge.loader import words as knowledge_words
from tooldial.rules.chaining import ChainCheck, ChainProblem, ChainRule, Link

#: Keys of a record's author or owner: the author of a channel's own posts is that channel.
_ROLE_WORDS = knowledge_words("ownership", "author_roles")


class Circular(ChainRule):
    """The source already needs the thing the user would procure: the chain procures nothing.

    Read from the source's documentation, with its required inputs and the optional ones it is sent with their
    documented default: (1) the documented response gives back a documented input value at the procured path
    (YouTube ``Channel Community`` for channel ``UCJ5…`` lists posts whose author's ``channelId`` is ``UCJ5…``);
    (2) a lookup of several records by their ids (``Get artists(ids)``, "Artist IDs (you can use commas)")
    answers with exactly those records, so their own ids are the user's; (3) the author or owner of an entity's
    own content is that entity (a channel's community posts, a user's own tweets)."""

    checks = (ChainCheck.SOURCE_RETURNS_INPUT, ChainCheck.OWN_VALUES_LOOKUP, ChainCheck.OWN_CONTENT_AUTHOR,
              ChainCheck.POINTS_BACK)

    def problem(self, link: Link) -> ChainProblem | None:
        source, chain, kind = link.source, link.chain, link.kind
        inputs = sent_inputs(source)
        given = {v for p in inputs for v in param_documented_values(p)}
        shown = {as_text(v) for v in example_values(source.example_response, chain.path)}
        echoed = sorted(v for v in given & shown if distinctive(v))
        if echoed:
            return ChainProblem(ChainCheck.SOURCE_RETURNS_INPUT,
                                f"the source's documented answer gives back its own input: {'->'.join(chain.path)} = {echoed[0][:30]}")
        record = [k for k in chain.path[:-1] if k.lower() not in CONTAINERS]
        for p in inputs:
            if takes_several(p) and len(record) <= 1 and word_stems(set(FieldName(p.name).tokens)) == word_stems(
                    set(FieldName(chain.name).tokens)):
                # "Get Product Slim (Bulk)" for asins "B07…,B00…": each record's asin is one the user sent
                return ChainProblem(ChainCheck.OWN_VALUES_LOOKUP,
                                    f"the source looks up the user's own {readable(p.name)}: {source.name} gives those records back")
        if kind != "id":
            return None
        wanted = output_entity_words(source, chain)
        named = named_entity(chain.name)
        for p in inputs:
            if name_kind(p.name, p.type) != "id" or input_entity_words(source, p) != wanted:
                continue
            if takes_several(p) and len(record) <= 1:
                return ChainProblem(ChainCheck.OWN_VALUES_LOOKUP,
                                    f"the source looks up the user's own {readable(p.name)}: {source.name} gives those records back")
            if record and set(readable(record[-1]).split()) & _ROLE_WORDS:
                return ChainProblem(ChainCheck.OWN_CONTENT_AUTHOR,
                                    f"the {readable(record[-1])} of the {'/'.join(sorted(wanted))}'s own content is the "
                        f"{readable(p.name)} the user gave: {source.name}")
            if named and not takes_several(p) and not (record and word_stems(set(readable(record[-1]).split())) & named):
                # "Retrieve a tournament" by its id lists fixtures whose tournamentid is that tournament: the records
                # of a lookup by one thing's id point back to it (a record of that thing itself would be another one)
                return ChainProblem(ChainCheck.POINTS_BACK,
                                    f"the records of a lookup by the user's {'/'.join(sorted(named))} point back to it: "
                        f"{'->'.join(chain.path)} of {source.name}")
        return None
