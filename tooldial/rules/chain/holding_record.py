"""Chain rule ``holding_record``: the record holding the value is one the source gives and the user means."""

from __future__ import annotations

from tooldial.dialogue.chains.records import (
    CONTAINERS,
    COPIED_SCHEMA,
    STOP,
    alike_record,
    group_partners,
    name_kind,
    named_entity,
    top_record,
    word_stems,
)
from tooldial.dialogue.intents import readable
from tooldial.dialogue.mockdata import FieldName
from tooldial.knowledge.loader import words as knowledge_words
from tooldial.rules.chaining import ChainCheck, ChainProblem, ChainRule, Link

#: Names of an attribute that say nothing about whose it is (a type, a page's address; a category is the tool's
#: one catalogue, shared by its records).
_BARE_ATTRIBUTE = knowledge_words("documentation", "bare_attributes")
#: Words of a name that say it holds a web address.
_URL_WORDS = knowledge_words("web", "url_words")


class HoldingRecord(ChainRule):
    """The record holding an id is one the source gives and the one the user means, and the target's other ids
    come with it: a schema copied onto every endpoint of a tool lists bank accounts under "Retrieve all mail
    options"; the away team's id of a match the user picked is the system's choice between two teams; a season id
    the user brings does not belong to a tournament read off an arbitrary live match."""

    checks = (ChainCheck.ATTRIBUTE_OTHER, ChainCheck.UNDOCUMENTED_RECORD, ChainCheck.ALIKE_RECORD,
              ChainCheck.IDS_APART)

    def problem(self, link: Link) -> ChainProblem | None:
        source, target, chain_param = link.source, link.target, link.chain_param
        chain, kind, edge = link.chain, link.kind, link.edge
        if set(FieldName(chain_param).tokens) <= _BARE_ATTRIBUTE and set(FieldName(chain.name).tokens) <= _BARE_ATTRIBUTE:
            # a school's type is no kind of professional, an agent's page no property's: a bare attribute belongs to
            # its record (the output's parent unless a container, else the source's subject), which the target names
            parent = [w for w in readable(" ".join(chain.path[-2:-1])).split() if w not in CONTAINERS | STOP]
            record_words = set(parent or readable(source.name).split()) - STOP
            if not word_stems(record_words) & word_stems(set(readable(f"{target.name} {target.description}").split()) - STOP):
                return ChainProblem(ChainCheck.ATTRIBUTE_OTHER,
                                    f"a {readable(chain.name)} of another thing: {' '.join(sorted(record_words))} -> {target.name}")
        thing = set(FieldName(chain_param).tokens) - _URL_WORDS
        if set(FieldName(chain.name).tokens) <= _URL_WORDS and thing and set(FieldName(chain_param).tokens) & _URL_WORDS:
            # a profile's website is no station's URL: a URL input named for a thing takes a record of that thing's
            record_words = set(readable(" ".join(chain.path[:-1]) or source.name).split()) - STOP
            if not word_stems(record_words) & word_stems(thing):
                return ChainProblem(ChainCheck.ATTRIBUTE_OTHER,
                                    f"a {readable(chain.name)} of another thing: {' '.join(sorted(record_words))} -> {chain_param}")
        if kind != "id":
            return None
        short = len(source.output_components) < 3  # a short copied schema: its id's named thing is its record
        record = top_record(chain) or (" ".join(sorted(named_entity(chain.name))) if short else "")
        if record and int(edge.get("schema_copies") or 1) >= COPIED_SCHEMA:
            # the copied response is this endpoint's only when its name or description names one of its records
            # (an auto-complete of "countries, cities, places" gives cities and stations alike); an id under
            # containers only is its named thing's (``data|asset_id``: assets)
            said = word_stems(set(readable(f"{source.name} {source.description}").split()))
            records = {top_record(o) or " ".join(sorted(named_entity(o.name))) for o in source.output_components
                       if top_record(o) or short and name_kind(o.name, o.type) == "id"} - {""}
            if not any(word_stems(set(readable(r).split()) - STOP) & said for r in records):
                return ChainProblem(ChainCheck.UNDOCUMENTED_RECORD,
                                    f"the source's documentation does not say it gives {readable(record)}: {source.name}")
        alike = alike_record(source, chain)
        if alike and not chain.is_list:
            return ChainProblem(ChainCheck.ALIKE_RECORD,
                                f"one of two alike records, which the user never chose: {readable(chain.path[-2])} "
                   f"(not {readable(alike)}) of {source.name}")
        own = FieldName(chain_param).tokens
        others = [p.name for p in target.required_parameters
                  if FieldName(p.name).tokens != own and name_kind(p.name, p.type) == "id" and p.name not in group_partners(edge)]
        if others:
            # the user would bring the tournament id with the season id; taking one from another record mixes them
            return ChainProblem(ChainCheck.IDS_APART,
                                f"ids procured apart: {chain_param} from {source.name}, {', '.join(others)} from the user")
        return None
