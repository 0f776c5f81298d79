"""Rules on records inside one tool: a bare id of one record type into an input of another, a record's name
into an API about other records, a file into a folder input, a list of ids into a plural id input."""

from __future__ import annotations

import re

from tooldial.graph.entities import Entity, fused_id_record, split_words
from tooldial.graph.record_types import (
    _API_NAME_NOISE,
    _CONTAINERS,
    _MARKETPLACE,
    BARE_IDS,
    _content_words,
    api_subject_words,
    record_type,
)
from tooldial.graph.value_kinds import IDENTIFIER_TAIL, IDENTIFIER_WORDS, classify
from tooldial.knowledge.loader import ordered_words
from tooldial.knowledge.loader import words as _knowledge_words

#: Words of a search API's name (``Query Term``): they name no record (knowledge/packs/same_values.yaml).
_SEARCH_WORDS = _knowledge_words("same_values", "search_inputs")


def record_type_clash(source: Entity, target: Entity) -> str | None:
    """Inside one tool, a bare id of one record type into an input of another: ``cities|id`` into ``Get country by
    ID``'s ``id``, a coin ``slug`` into ``Get platform by slug``. The target's record types are read from its
    parameter name (without id words), else its whole API name (``ForecastByStationId``: forecast, station) and
    the parameter's documentation; the source's from its path, else the part of its API name before ``by``."""
    kind = record_type(source)
    if kind is None:
        return None
    own = _content_words(target.raw or target.key, _API_NAME_NOISE | BARE_IDS | IDENTIFIER_WORDS | IDENTIFIER_TAIL)
    if own:  # and the name its description gives it (``payment_id``: "The payment method id")
        own += _content_words(target.name, _API_NAME_NOISE | BARE_IDS | IDENTIFIER_WORDS | IDENTIFIER_TAIL)
    words = set(own) if own else set(_content_words(
        f"{target.api_id.rsplit('|', 1)[-1]} {target.documented}", _API_NAME_NOISE | BARE_IDS | _MARKETPLACE))
    # a name written as one lower-case word (``playerid``, ``teamid``) names its record before the ``id``
    words |= {record for w in words if (record := fused_id_record(w))}
    # an abbreviation of the API's record (``pid`` of ``mergePullRequest``) names that record; read for a documented
    # provider only (a spec, a function list: ToolBench tools name none and keep their verdicts)
    if target.provider:
        from tooldial.graph.record_names import abbreviated_record

        words |= set(abbreviated_record(target.raw or target.key, target.api_id) or ())
    if not words or kind in words:
        return None
    return f"a {kind} id is not the {'/'.join(sorted(words)[:3])} id the input wants"


_FOLDER = re.compile(r"(?i)\b(" + "|".join(ordered_words("media_files", "folder_words")) + r")\b")


_FILE = re.compile(r"(?i)\b(" + "|".join(ordered_words("media_files", "file_words")) + r")\b")


def file_into_folder(source: Entity, target: Entity) -> bool:
    """A file's path (documented as a file's: "Resultant file path in storage") into an input documented as a folder
    path only ("Folder path e.g. '/folder'"): a listing of a folder does not take a file (an input for a file or
    a folder takes both)."""
    t_doc = target.documented or ""
    if not _FOLDER.search(t_doc) or _FILE.search(t_doc):
        return False
    return bool(_FILE.search(f"{source.documented or ''} {source.raw or source.key}"))


def named_record_clash(source: Entity, target: Entity) -> str | None:
    """Inside one tool, a record's ``title`` / ``name`` into an API named for other records: a movie's title into
    ``search a tvShow or serial`` (labelling guide: generic names chain only within one vocabulary). The source's
    record is named by its path (``data|movies|title`` → movie), else its API; the target's by its API name before
    ``by``; a target whose API name names no record decides nothing."""
    if source.tool_id != target.tool_id:
        return None
    leaf = split_words(source.raw or source.key.rsplit("|", 1)[-1])
    if leaf not in (["title"], ["name"]):
        return None
    kind = None
    for part in reversed(source.key.split("|")[:-1]):
        if words := _content_words(part, _CONTAINERS | _API_NAME_NOISE):
            kind = words[-1]
            break
    kind = kind or next(iter(reversed(api_subject_words(source.api_id))), None)
    # ``Query Term``, ``Search``: the words of a search API name no record
    wanted = set(api_subject_words(target.api_id)) - {"title", "name"} - _SEARCH_WORDS
    # a lower-case compound names its head last (``bestplayer`` is a player)
    if kind is None or not wanted or kind in wanted or any(kind.endswith(w) for w in wanted if len(w) > 2):
        return None
    return f"a {kind}'s {leaf[0]} is not one of the {'/'.join(sorted(wanted)[:3])} records the target is about"


def id_list_into_id_list(source: Entity, target: Entity, lcs_sim: float) -> bool:
    """A list of ids (``items[].item_id``, ``orders``) into a plural id input of the same name (``item_ids``):
    the shape and the name say it, so the description bar across tools does not apply (a list input is
    documented for what is done with the ids, ``The item ids to be returned``)."""
    return (source.is_list and target.is_list and lcs_sim >= 1.0
            and classify(source).kind == "identifier" and classify(target).kind == "identifier")
