"""Chain rules about the source and the target: a lookup of the right kind of value that gives something
the user did not already have, from a record the source really gives."""

from __future__ import annotations

from typing import Any

from tooldial.corpus.error_example import documented_error as error_record
from tooldial.corpus.error_example import error_only_path
from tooldial.corpus.models import Api, OutputComponent
from tooldial.dialogue.chains.documented import (
    _DATA_KEY,
    _distinctive,
    _documented_values,
    _example_values,
    _sent_inputs,
    _several,
    documented_error,
    value_shape,
)
from tooldial.dialogue.chains.effects import _MAKES_NEW, side_effects
from tooldial.dialogue.chains.records import (
    _BARE_ID,
    _CONTAINERS,
    _COPIED_SCHEMA,
    _ID_SUFFIXES,
    _STOP,
    _input_entity,
    _kind,
    _lookup_form,
    _named_entity,
    _output_entity,
    _partners,
    _stems,
    alike_record,
    top_record,
)
from tooldial.dialogue.chains.user_rules import _ROLE_WORDS
from tooldial.dialogue.intents import description_clause, readable
from tooldial.dialogue.mockdata import FieldName, as_text
from tooldial.knowledge.loader import ordered_words, word_map
from tooldial.knowledge.loader import words as knowledge_words

#: Words that name a kind of value in a description (what an API gives back).
_KIND_WORDS = {kind: set(words) for kind, words in word_map("places", "coordinate_words").items()}


#: First words of APIs that fetch a file or a rendering (a download costs quota; nobody runs one to learn an id).
_FETCH_VERBS = knowledge_words("actions", "fetch_verbs")


def _circular_problem(source: Api, target: Api, chain_param: str, chain: OutputComponent, kind: str | None,
                      edge: dict[str, Any]) -> str:
    """The source already needs the thing the user would procure: the chain procures nothing.

    Read from the source's documentation, with its required inputs and the optional ones it is sent with their
    documented default: (1) the documented response gives back a documented input value at the procured path
    (YouTube ``Channel Community`` for channel ``UCJ5…`` lists posts whose author's ``channelId`` is ``UCJ5…``);
    (2) a lookup of several records by their ids (``Get artists(ids)``, "Artist IDs (you can use commas)")
    answers with exactly those records, so their own ids are the user's; (3) the author or owner of an entity's
    own content is that entity (a channel's community posts, a user's own tweets)."""
    inputs = _sent_inputs(source)
    given = {v for p in inputs for v in _documented_values(p)}
    shown = {as_text(v) for v in _example_values(source.example_response, chain.path)}
    echoed = sorted(v for v in given & shown if _distinctive(v))
    if echoed:
        return f"the source's documented answer gives back its own input: {'->'.join(chain.path)} = {echoed[0][:30]}"
    record = [k for k in chain.path[:-1] if k.lower() not in _CONTAINERS]
    for p in inputs:
        if _several(p) and len(record) <= 1 and _stems(set(FieldName(p.name).tokens)) == _stems(
                set(FieldName(chain.name).tokens)):
            # "Get Product Slim (Bulk)" for asins "B07…,B00…": each record's asin is one the user sent
            return f"the source looks up the user's own {readable(p.name)}: {source.name} gives those records back"
    if kind != "id":
        return ""
    wanted = _output_entity(source, chain)
    named = _named_entity(chain.name)
    for p in inputs:
        if _kind(p.name, p.type) != "id" or _input_entity(source, p) != wanted:
            continue
        if _several(p) and len(record) <= 1:
            return f"the source looks up the user's own {readable(p.name)}: {source.name} gives those records back"
        if record and set(readable(record[-1]).split()) & _ROLE_WORDS:
            return (f"the {readable(record[-1])} of the {'/'.join(sorted(wanted))}'s own content is the "
                    f"{readable(p.name)} the user gave: {source.name}")
        if named and not _several(p) and not (record and _stems(set(readable(record[-1]).split())) & named):
            # "Retrieve a tournament" by its id lists fixtures whose tournamentid is that tournament: the records
            # of a lookup by one thing's id point back to it (a record of that thing itself would be another one)
            return (f"the records of a lookup by the user's {'/'.join(sorted(named))} point back to it: "
                    f"{'->'.join(chain.path)} of {source.name}")
    return ""


def _shape_problem(source: Api, target: Api, chain_param: str, chain: OutputComponent, kind: str | None,
                   edge: dict[str, Any]) -> str:
    """The documented values disagree in shape: a full date (``2022-04-22``) is no day number (``15``), a
    number no word; the target would be called with a value its documentation shows it does not take."""
    data_key = next((k for k in chain.path[:-1] if _DATA_KEY.search(k)), None)
    if data_key is not None:
        # "20018x20023@2023-02-14T03_0^1^0*H_PointsBet|site": one example's record key, not a field of every answer
        return f"the output sits under a documented example's data key: {data_key[:30]}"
    param = target.parameter(chain_param)
    if param is None:
        return ""
    documented = next((v for v in (param.example, param.default) if v not in (None, "")), None)
    if documented is None or isinstance(chain.example, (dict, list)) or isinstance(documented, (dict, list)):
        return ""
    if chain.example is not None:
        shown, given = as_text(chain.example), value_shape(as_text(chain.example))
    else:  # an undocumented output named as a website's address holds one ("registered|domain")
        shown, given = chain.name, "host" if FieldName(chain.name).has(*_HOST_WORDS) else ""
    taken = value_shape(as_text(documented))
    if taken == "code" and chain.example is not None and value_shape(shown.upper()) != "code":
        # a currency sign ("€", "Fr., CHf, SFr.") or a name where the documentation shows codes ("USD,JPY")
        return (f"documented values differ in shape: {shown[:30]!r} for {readable(chain_param)} "
                f"{as_text(documented)[:30]!r} (codes)")
    given, taken = ("word" if shape == "code" else shape for shape in (given, taken))
    if given and taken and given != taken:
        return (f"documented values differ in shape: {shown[:30]!r} ({given}) for "
                f"{readable(chain_param)} {as_text(documented)[:30]!r} ({taken})")
    return ""


#: Words of an output's name that say it holds a website's address.
_HOST_WORDS = ordered_words("web", "host_outputs")


def _target_error(source: Api, target: Api, chain_param: str, chain: OutputComponent, kind: str | None,
                  edge: dict[str, Any]) -> str:
    """The target's documented answer is an error about its input ("Invalid Coordinates"): the chain would serve
    an error as the answer (auth, quota and rate-limit notes say nothing about the input and are not counted)."""
    error = documented_error(target)
    return f"the target's documented answer is an error: {error}" if error else ""


def _source_error(source: Api, target: Api, chain_param: str, chain: OutputComponent, kind: str | None,
                  edge: dict[str, Any]) -> str:
    """The source's only documented response is an error and the chained output is one of its error fields
    (``ErrorCode``, ``traceId``): the value would come from the error, not from an answer. The error's other
    fields (``Latitude``) name the success shape and are procured like any undocumented output, with mock values
    by field semantics (:func:`tooldial.corpus.schema.success_fields`)."""
    if error_record(source.example_response) and error_only_path(chain.path):
        return f"the source's documented response is an error: {'|'.join(chain.path)} is one of its error fields"
    return ""


def _source_problem(source: Api, target: Api, chain_param: str, chain: OutputComponent, kind: str | None,
                    edge: dict[str, Any]) -> str:
    """The source is an API a user would call to learn the value: a lookup of the right kind of value."""
    out_kind = _kind(chain.name, chain.type)
    if out_kind and kind and out_kind != kind and not {out_kind, kind} & {"name", "title", "query"}:
        return f"output is another kind of value: {out_kind} for a {kind}"
    if kind == "id" and out_kind in ("name", "title", "text", "person", "company"):
        return f"output is another kind of value: a {out_kind} for an id ({chain.name} -> {chain_param})"
    if side_effects(source):
        return f"source changes something (not a lookup): {source.name}"
    if _MAKES_NEW.search(f"{source.name} {description_clause(source)}"):
        # "Obtain a new datacenter proxy": each call issues another resource, whose place or address is nobody's
        return f"source makes a new resource (not a lookup): {source.name}"
    if (readable(source.name).split() or [""])[0] in _FETCH_VERBS:
        return f"a download is not a lookup: {source.name}"
    if side_effects(target) and not chain.is_list and not source.required_parameters:
        # e.g. applying to the "job of the week": the user acts on an item they never saw or picked
        return f"target changes something for an item the user never chose: {source.name}"
    if any(p.name.lower() == chain_param.lower() or (kind not in (None, "id") and _kind(p.name, p.type) == kind)
           for p in source.required_parameters):
        return f"source already needs the value it would provide: {chain_param}"
    if kind != "id" and any(_kind(p.name, p.type) == "id" for p in target.required_parameters
                            if p.name != chain_param):
        return f"user gives opaque ids but not the {readable(chain_param)}"
    target_words = set(readable(target.name + " " + target.description).split())
    for p in source.required_parameters:
        if (set(FieldName(p.name).tokens) | _KIND_WORDS.get(_kind(p.name) or "", set())) & \
                target_words - {"id", "name", "data"}:
            return f"target gives back what the user started from: {p.name}"
    if kind != "id" and any(_kind(p.name, p.type) == "id" for p in source.required_parameters):
        return f"source needs an id the user would not know: {readable(chain_param)} looked up by id"
    param = target.parameter(chain_param)
    if kind == "measure" or kind is None and param is not None and FieldName(param.name, param.type or "string").numeric:
        return f"a measured quantity, not a value to look up: {readable(chain_param)}"
    return ""


def _entity_problem(source: Api, target: Api, chain_param: str, chain: OutputComponent, kind: str | None,
                    edge: dict[str, Any]) -> str:
    """An id names one thing: a bare ``id`` joins APIs about the same thing, and the target does not fetch again
    the record the source returned."""
    if kind != "id":
        return ""
    if set(FieldName(chain_param).tokens) <= _BARE_ID and set(FieldName(chain.name).tokens) <= _BARE_ID:
        # the id's record is the output's parent ("events|awayTeam|id": a team), or the source's subject when
        # the parent is a mere container; the target's id names the first thing of its name ("TeamMedia": a team)
        record = [w for w in readable(" ".join(chain.path[:-1])).split() if w not in _CONTAINERS | _STOP]
        source_things = set(record or readable(source.name).split()) - _STOP
        target_things = [w for w in readable(target.name).split() if w not in _STOP]
        if target_things and not _stems(source_things) & _stems(set(target_things[:1])):
            return f"a bare id of another thing: {source.name} -> {target.name}"
        # the id is its nearest record's: a schedule's "games|…|away|team|id" is a team's, no game's
        parent = [w for w in readable(chain.path[-2]).split() if w not in _CONTAINERS | _STOP] \
            if len(chain.path) > 1 else []
        if parent and target_things and not _stems(set(parent)) & _stems(set(target_things)):
            return f"a bare id of another thing: a {' '.join(parent)} id -> {target.name}"
    entity = set(FieldName(chain_param).tokens) - _BARE_ID
    out_entity = set(FieldName(chain.name).tokens) - _BARE_ID
    for p in source.required_parameters:
        given = FieldName(p.name)
        if _kind(p.name, p.type) == "id" and out_entity and (set(given.tokens) - _ID_SUFFIXES) == out_entity:
            # "Option expirations" for ticker NVDA: every record echoes the ticker the user named; a lookup of
            # something else is not where a user gets the thing's id
            return f"the source echoes the {readable(p.name)} the user gave: {source.name}"
    source_words = readable(source.name).split()
    if len(chain.path) == 1 and set(FieldName(chain.name).tokens) <= _BARE_ID and entity and (
            source_words[:1] == ["list"] or {f"{w}s" for w in entity} & set(source_words)):
        return f"a list's own id used as a {'/'.join(sorted(entity))} id: {source.name}"
    if not chain.is_list:
        source_fields = {c.path[-1].lower() for c in source.output_components if not c.is_list}
        target_fields = {c.path[-1].lower() for c in target.output_components if not c.is_list}
        if len(target_fields) >= 4 and len(source_fields & target_fields) >= 0.6 * len(target_fields):
            return f"target fetches again the record the source returned: {target.name}"
    elif _lookup_form(source, target):
        # "AllStatesFuelPriceToday" lists each state's prices today; "StateFuelPriceToday" for one of them returns
        # the very record the user picked: the list already answered
        record_fields = {c.path[-1].lower() for c in source.output_components if c.path[:-1] == chain.path[:-1]}
        target_fields = {c.path[-1].lower() for c in target.output_components}
        if len(target_fields) >= 3 and len(record_fields & target_fields) >= 0.8 * len(target_fields):
            return f"target fetches again the record the source listed: {source.name} -> {target.name}"
    return ""


def _record_problem(source: Api, target: Api, chain_param: str, chain: OutputComponent, kind: str | None,
                    edge: dict[str, Any]) -> str:
    """The record holding an id is one the source gives and the one the user means, and the target's other ids
    come with it: a schema copied onto every endpoint of a tool lists bank accounts under "Retrieve all mail
    options"; the away team's id of a match the user picked is the system's choice between two teams; a season id
    the user brings does not belong to a tournament read off an arbitrary live match."""
    if set(FieldName(chain_param).tokens) <= _BARE_ATTRIBUTE and set(FieldName(chain.name).tokens) <= _BARE_ATTRIBUTE:
        # a school's type is no kind of professional, an agent's page no property's: a bare attribute belongs to
        # its record (the output's parent unless a container, else the source's subject), which the target names
        parent = [w for w in readable(" ".join(chain.path[-2:-1])).split() if w not in _CONTAINERS | _STOP]
        record_words = set(parent or readable(source.name).split()) - _STOP
        if not _stems(record_words) & _stems(set(readable(f"{target.name} {target.description}").split()) - _STOP):
            return f"a {readable(chain.name)} of another thing: {' '.join(sorted(record_words))} -> {target.name}"
    thing = set(FieldName(chain_param).tokens) - _URL_WORDS
    if set(FieldName(chain.name).tokens) <= _URL_WORDS and thing and set(FieldName(chain_param).tokens) & _URL_WORDS:
        # a profile's website is no station's URL: a URL input named for a thing takes a record of that thing's
        record_words = set(readable(" ".join(chain.path[:-1]) or source.name).split()) - _STOP
        if not _stems(record_words) & _stems(thing):
            return f"a {readable(chain.name)} of another thing: {' '.join(sorted(record_words))} -> {chain_param}"
    if kind != "id":
        return ""
    short = len(source.output_components) < 3  # a short copied schema: its id's named thing is its record
    record = top_record(chain) or (" ".join(sorted(_named_entity(chain.name))) if short else "")
    if record and int(edge.get("schema_copies") or 1) >= _COPIED_SCHEMA:
        # the copied response is this endpoint's only when its name or description names one of its records
        # (an auto-complete of "countries, cities, places" gives cities and stations alike); an id under
        # containers only is its named thing's (``data|asset_id``: assets)
        said = _stems(set(readable(f"{source.name} {source.description}").split()))
        records = {top_record(o) or " ".join(sorted(_named_entity(o.name))) for o in source.output_components
                   if top_record(o) or short and _kind(o.name, o.type) == "id"} - {""}
        if not any(_stems(set(readable(r).split()) - _STOP) & said for r in records):
            return f"the source's documentation does not say it gives {readable(record)}: {source.name}"
    alike = alike_record(source, chain)
    if alike and not chain.is_list:
        return f"one of two alike records, which the user never chose: {readable(chain.path[-2])} " \
               f"(not {readable(alike)}) of {source.name}"
    own = FieldName(chain_param).tokens
    others = [p.name for p in target.required_parameters
              if FieldName(p.name).tokens != own and _kind(p.name, p.type) == "id" and p.name not in _partners(edge)]
    if others:
        # the user would bring the tournament id with the season id; taking one from another record mixes them
        return f"ids procured apart: {chain_param} from {source.name}, {', '.join(others)} from the user"
    return ""


#: Names of an attribute that say nothing about whose it is (a type, a page's address; a category is the tool's
#: one catalogue, shared by its records).
_BARE_ATTRIBUTE = knowledge_words("documentation", "bare_attributes")


#: Words of a name that say it holds a web address.
_URL_WORDS = knowledge_words("web", "url_words")
