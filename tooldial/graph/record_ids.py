"""A proposer of identifier chains inside one tool: an output id whose record is named the same as the record a
required id input of another API of the tool wants (``team|venue|id`` → ``venueId``; ``uniqueTournament|id`` →
``id`` "The unique tournament ID ..."). Eq. 1 misses many of them because each API documents its id for what
the call does with it ("The ID of the player for which you want to retrieve the statistics"), far from the
output's short text ("player id"); inside one tool a record's name keeps one meaning, so the name is the evidence.

The record of each side is the *whole* compound that names it (``unique tournament``, not ``tournament``): a
``tournament`` id and a ``unique tournament`` id are two records in one sports tool. Words of a record's role
(``home``, ``previous``; ``records.record_roles``) are not part of it: a match's ``homeTeam`` is a team. Candidates are judged by
the edge rules like Eq. 1's (echoes, other record types, the caps)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from tooldial.graph.bounds import proposed_edges
from tooldial.graph.edges import EdgeArrays
from tooldial.graph.entities import Entity, fused_id_record, split_words
from tooldial.graph.record_types import (
    _API_NAME_NOISE,
    _CONTAINERS,
    BARE_IDS,
    _content_words,
    api_subject_words,
)
from tooldial.graph.value_kinds import IDENTIFIER_TAIL, IDENTIFIER_WORDS, classify
from tooldial.knowledge.loader import words as knowledge_words

_ID_NOISE = _API_NAME_NOISE | BARE_IDS | IDENTIFIER_WORDS | IDENTIFIER_TAIL

#: Words that name a record's role in another record (``homeTeam`` is a team): dropped from the front of a name.
_ROLES = knowledge_words("records", "record_roles")


def _record_words(text: str) -> tuple[str, ...]:
    words = _content_words(text, _ID_NOISE)
    # ``playerid``: a name written as one lower-case word names its record before the ``id``
    words = [fused_id_record(w) or w for w in words]
    while len(words) > 1 and words[0] in _ROLES:
        words = words[1:]
    return tuple(words)


def output_record(entity: Entity) -> tuple[str, ...] | None:
    """The record an output identifier keys: its leaf's words without id words (``venueId`` → venue), or for a
    bare id (``id``, ``slug``) the words of the nearest path element that names a record (``uniqueTournament|id``
    → unique tournament). ``None`` for a non-identifier or when nothing names the record (``data|id``)."""
    if classify(entity).kind != "identifier":
        return None
    parts = entity.key.split("|")
    own = _record_words(entity.raw or parts[-1])
    if own:
        return own
    leaf = split_words(parts[-1])
    if len(leaf) != 1 or leaf[0] not in BARE_IDS:
        return None
    for part in reversed(parts[:-1]):
        if _content_words(part, _CONTAINERS | _API_NAME_NOISE):
            return _record_words(part) or None
    subject = api_subject_words(entity.api_id)  # ``Competitions``' ``results|id``: the API lists competitions
    return tuple(subject[-1:]) or None


def input_record(entity: Entity) -> tuple[str, ...] | None:
    """The record a required identifier input wants: its documented name's words without id words
    (``tournamentId`` → tournament), else, for a bare ``id``, the offline name its documentation gives it
    (``id`` "The ID of the cricket player ..." → player). ``None`` for a non-identifier or an unnamed id."""
    if classify(entity).kind != "identifier":
        return None
    return _record_words(entity.raw or entity.key.rsplit(".", 1)[-1]) or _record_words(entity.name) or None


def id_word(entity: Entity) -> str | None:
    """The word of a documented id name that says its form (``venueId`` → id, ``ticker_slug`` → slug, ``playerid``
    → id): a slug does not fill a numeric id input of the same record. ``None`` when the leaf ends in no id word."""
    words = split_words(entity.raw or entity.key.rsplit("|", 1)[-1].rsplit(".", 1)[-1])
    if not words:
        return None
    last = words[-1]
    if last in BARE_IDS or last in IDENTIFIER_WORDS or last in IDENTIFIER_TAIL:
        return last
    return "id" if fused_id_record(last) else None


def _phrases(text: str) -> str:
    return " " + " ".join(_content_words(text, frozenset())) + " "


def documented_record(entity: Entity, own: tuple[str, ...], records: set[tuple[str, ...]]) -> tuple[str, ...]:
    """The record an input wants as its documentation names it among the tool's own output records: the longest
    of ``records`` ending in ``own`` whose words appear together in the input's documentation (``tournamentId``
    "The unique tournament ID" → unique tournament, when the tool returns unique tournaments), else ``own``."""
    doc = _phrases(entity.documented or "")
    best = own
    for rec in records:
        if len(rec) > len(best) and rec[-len(own):] == own and f" {' '.join(rec)} " in doc:
            best = rec
    return best


def tool_records(outputs: Iterable[Entity]) -> dict[str, frozenset[tuple[str, ...]]]:
    """Per tool (``Category|tool``), the records its outputs return ids of (:func:`output_record`)."""
    got: dict[str, set[tuple[str, ...]]] = {}
    for e in outputs:
        if (rec := output_record(e)) is not None:
            got.setdefault(e.tool_id, set()).add(rec)
    return {k: frozenset(v) for k, v in got.items()}


def compound_record_clash(source: Entity, target: Entity, records: frozenset[tuple[str, ...]]) -> str | None:
    """Inside one tool, an id of one record into an input whose documentation names a longer record of the same
    tool: ``events|tournament|id`` into ``tournamentId`` "The unique tournament ID" when the tool returns unique
    tournaments too (a tournament and a unique tournament are two records). ``None`` when they agree or the
    documentation names no longer record of the tool."""
    src, want = output_record(source), input_record(target)
    if src is None or want is None:
        return None
    named = documented_record(target, want, set(records))
    if named in (want, src):
        return None
    return f"a {' '.join(src)} id is not the {' '.join(named)} id the input wants"


def documented_id_clash(source: Entity, target: Entity) -> str | None:
    """Inside one tool, an id of one record into a bare ``id`` input whose documentation names another record
    ("The ID of the team for which you want the tournaments"; :func:`input_record`) and shares no word with the
    source's (:func:`output_record`): the API name's words (``TeamTournaments``) do not say which id it takes."""
    leaf = split_words(target.raw or target.key.rsplit(".", 1)[-1])
    if len(leaf) != 1 or leaf[0] not in BARE_IDS:
        return None
    src, want = output_record(source), input_record(target)
    if src is None or want is None:
        return None
    documented = set(_content_words(target.documented or "", frozenset()))
    if not set(want) <= documented:  # the name came from the API name ("downvote id"), not from the docs
        return None
    if any(a.startswith(b) or b.startswith(a) for a in src for b in want if min(len(a), len(b)) >= 4 or a == b):
        return None  # ``bounce`` and "the bounced email": one record
    return f"a {' '.join(src)} id is not the {' '.join(want)} id the input's documentation names"


def same_tool_record_id_edges(outputs: Sequence[Entity], inputs: Sequence[Entity], out_desc: np.ndarray,
                              in_desc: np.ndarray, out_kw: np.ndarray, in_kw: np.ndarray, vectors: np.ndarray, *,
                              mask_self: bool = True, limit: int | None = None) -> EdgeArrays:
    """Candidates inside one tool whose output id keys the record the input wants (:func:`output_record` equal to
    :func:`input_record`, read as :func:`documented_record`) in the same form (:func:`id_word`), one per
    (output, input). ``lcs_sim`` is 1 (the names agree); the cosines are recorded
    for the caps' ranking, not used as bars. ``limit``: each input is paired with at most ``limit`` outputs, distinct output texts
    first (one tool that returns a venue id in forty places proposes a few of them)."""
    by_record: dict[tuple[str, tuple[str, ...], str], list[int]] = {}
    records: dict[str, set[tuple[str, ...]]] = {}
    for i, e in enumerate(outputs):
        if (rec := output_record(e)) is not None and (form := id_word(e)) is not None:
            by_record.setdefault((e.tool_id, rec, form), []).append(i)
            records.setdefault(e.tool_id, set()).add(rec)
    if limit is not None:  # distinct output texts first, and a bounded few: a tool of many alike operations
        for key, found in by_record.items():  # stays linear (an input keeps ``limit`` sources, its own API's aside)
            firsts: dict[int, int] = {}
            for i in found:
                firsts.setdefault(int(out_desc[i]), i)
            rest = [i for i in found if firsts[int(out_desc[i])] != i]
            by_record[key] = (list(firsts.values()) + rest)[:2 * limit]
    src: list[int] = []
    dst: list[int] = []
    for j, e in enumerate(inputs):
        rec, form = input_record(e), id_word(e)
        if rec is None or form is None:
            continue
        rec = documented_record(e, rec, records.get(e.tool_id, set()))
        if rec not in records.get(e.tool_id, set()) and len(rec) == 1 and len(rec[0]) >= 4:
            # ``comp_id`` of a tool whose only record starting so is ``competition``: the input abbreviates it
            longer = [r for r in records.get(e.tool_id, set()) if len(r) == 1 and r[0].startswith(rec[0])]
            rec = longer[0] if len(longer) == 1 else rec
        found = [i for i in by_record.get((e.tool_id, rec, form), ()) if not (mask_self and outputs[i].api_id == e.api_id)]
        if limit is not None:
            found = found[:limit]
        src.extend(found)
        dst.extend([j] * len(found))
    return proposed_edges(src, dst, vectors, out_desc, out_kw, in_desc, in_kw)
