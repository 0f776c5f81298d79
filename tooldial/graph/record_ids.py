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

import re
from collections.abc import Iterable, Sequence

import numpy as np

from tooldial.graph.bounds import proposed_edges
from tooldial.graph.edges import EdgeArrays
from tooldial.graph.entities import STOPWORDS, Entity, split_words
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

#: Last words of an id's name that say a record's part for another one, or no kind of record (``ownerId``,
#: ``parentId``, ``itemId``): :func:`named_id_clash` decides nothing for them.
_ROLE_HEADS = knowledge_words("records", "role_heads")

#: Records that are people (``userId``, ``authorId``, ``customerId``): one person may be named by two of them.
_PERSON_HEADS = knowledge_words("accounts", "person_records")

#: Words that name the value a record's id is made of, not a record (``company_name_slug``; ``records.naming_leaves``).
_NAMING = knowledge_words("records", "naming_leaves")


def _record_words(text: str) -> tuple[str, ...]:
    words = _content_words(text, _ID_NOISE)
    # ``playerid``: a name written as one lower-case word names its record before the ``id``
    words = [w[:-2] if w.endswith("id") and len(w) > 4 else w for w in words]
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
    return "id" if last.endswith("id") and len(last) > 4 else None


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


def _names_alone(text: str, word: str) -> bool:
    """``text`` names ``word`` as a noun of its own, not as a modifier of the next word: "an urban / village
    (Kelurahan/Desa)" names a village, "Get a bank account" no bank."""
    for m in re.finditer(rf"\b{re.escape(word)}(?:s|es)?\b", text, re.IGNORECASE):
        after = re.match(r"[ \t_-]+([A-Za-z]+)", text[m.end():])
        if after is None or after.group(1).lower() in STOPWORDS:
            return True
    return False


def named_id_clash(source: Entity, target: Entity, docs: str = "") -> str | None:
    """Inside one tool, an output id named for one record into a required id input named for another:
    ``data|bankAccounts|bankId`` (a bank's id, kept in a bank account) into ``bankAccountId``. Both leaves name
    their record before an id word (a bare ``id`` is :func:`~tooldial.graph.record_clashes.record_type_clash`'s),
    read as :func:`output_record` / :func:`input_record` read them (role words dropped: ``homeTeamId`` is a team's).
    A clash when the head nouns (the last record words) differ: a record with a modifier added keeps its head
    (``accountId`` → ``bankAccountId``), so neither record is then a word-suffix of the other. ``None`` (nothing
    decided) when they agree, when one head starts or ends the other (``catId`` / ``categoryId``, a lower-case
    compound ``bankaccountId``), when a head says a role or no kind of record (``ownerId``, ``parentId``,
    ``itemId``; ``records.role_heads``) or what the id is made of (``company_name_slug``;
    ``records.naming_leaves``), when both heads are people (``userId`` / ``authorId``), or when ``docs`` (the
    target API's name and description, the input's documentation) name the source's record as a noun of its own
    (``urban_slug`` of "Get postal code from an urban / village": a village's slug)."""
    if id_word(source) is None or id_word(target) is None:
        return None
    if not _record_words(source.raw or source.key.rsplit("|", 1)[-1]):
        return None  # a bare id: its record is the path's
    if not _record_words(target.raw or target.key.rsplit(".", 1)[-1]):
        return None  # a bare id input: its documentation names its record
    src, want = output_record(source), input_record(target)
    if src is None or want is None:
        return None
    a, b = src[-1], want[-1]
    if a.startswith(b) or b.startswith(a) or a.endswith(b) or b.endswith(a):
        return None
    if a in _ROLE_HEADS or b in _ROLE_HEADS or a in _NAMING or b in _NAMING:
        return None
    if (a in _PERSON_HEADS and b in _PERSON_HEADS) or _names_alone(docs, a):
        return None
    return f"a {' '.join(src)} id is not the {' '.join(want)} id the input wants"


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
