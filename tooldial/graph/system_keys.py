"""A proposer of key chains inside one system, for builds a learned model judges (the system model's pool).

Eq. 1 compares the short texts of an output and an input; inside one system a record's key is documented for what
each call does with it ("The vault to list the items of" for ``vaultUuid``; ``resources|id`` of ``GET /Groups``
for ``groupKey``), so 24% of the natural chains of 126 labelled APIs.guru specs were no Eq. 1 candidate at all.
The URL layout and the names say which record a key belongs to, without a word list of any domain:

- an **output key** is a field whose last word is a key word (``containers.resource_key_words``: id, key, name,
  uuid, code, …; or one word ending in ``id``); its record is the rest of its name (``acquirer_company_id`` →
  acquirer, company), else the nearest path element that is no container (``queues|name`` → queue), else the
  source's last literal URL segment (``GET /Groups`` → group), which a one-word key names too;
- a **required key input** is a parameter named so, or a URL path parameter; its record is the rest of its name,
  and the literal segment before it in the target's path (``/groups/{groupKey}`` → group).

Each output key is paired with each key input of another API that shares a record word and the key's form (an id,
key or uuid into any of them, a name into a name: :func:`key_form`). Pairs of any form were 4,032 beyond Eq. 1's
9,509 candidates in the 126 labelled specs, 3.8% of them valid, with 80 natural chains; of one form 1,950, 7.4%
valid, 77 natural; of one key word only 1,187, 9.4%, 52 natural. They are
proposed only for a model fitted with them (:attr:`tooldial.graph.learned.EdgeModel.proposers`), which judges them
with the layout features; the rules alone never keep them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from tooldial.corpus.models import Api
from tooldial.graph.bounds import proposed_edges
from tooldial.graph.edges import EdgeArrays, LCSCache
from tooldial.graph.entities import CONTAINER_NAMES, Entity, fused_id_record, singular_name, split_words
from tooldial.knowledge.english import singular
from tooldial.knowledge.loader import word_map
from tooldial.knowledge.loader import words as knowledge_words

#: Last words of a name that make it a record's key (``containers.resource_key_words``).
KEY_WORDS = knowledge_words("containers", "resource_key_words")
#: Key word → its form: identifier, name, code or token (``containers.resource_key_forms``).
KEY_FORMS = word_map("containers", "resource_key_forms")


def _words(text: str) -> list[str]:
    return [singular(w) for w in split_words(text)]


def _key_word(words: list[str]) -> tuple[str, set[str]] | None:
    """The key word that ends a name and the record words before it (``company_id`` → id, {company};
    ``playerid`` → id, {player}; ``id`` → id, set()); ``None`` when the name ends in no key word."""
    if not words:
        return None
    last = words[-1]
    if last in KEY_WORDS:
        return last, set(words[:-1])
    if record := fused_id_record(last):  # one word: the record fused with its id
        return "id", {*words[:-1], record}
    return None


def _key_record(words: list[str]) -> set[str] | None:
    """The record words of a name that ends in a key word; ``None`` when the name is no key."""
    found = _key_word(words)
    return found[1] if found is not None else None


def key_form(name: str) -> str | None:
    """The form of the key word that ends a name (``groupKey``, ``group_uuid``, ``playerid`` → identifier,
    ``queueName`` → name; ``containers.resource_key_forms``), ``None`` for no key word: a group's id fills a
    ``groupKey``, its name does not."""
    found = _key_word(_words(name))
    return str(KEY_FORMS.get(found[0], found[0])) if found is not None else None


def _resource(path: str) -> set[str]:
    """The words of the last literal segment of a URL path (``/v1/groups/{id}/members`` → {member})."""
    literals = [s for s in path.strip("/").split("/") if s and not s.startswith("{")]
    return set(_words(literals[-1].split(".")[0])) if literals else set()


def output_key_record(entity: Entity, api: Api | None) -> frozenset[str]:
    """The record words of an output key (see the module docstring); empty for an output that is no key."""
    parts = entity.key.split("|")
    leaf = _words(entity.raw or parts[-1])
    record = _key_record(leaf)
    if record is None:
        return frozenset()
    if not record:
        for part in reversed(parts[:-1]):
            if words := [w for w in _words(part) if w not in CONTAINER_NAMES]:
                record = set(words)
                break
    path = api.path if api is not None else ""
    if (not record or len(leaf) == 1) and path:
        record |= _resource(path)
    return frozenset(record)


def input_key_record(entity: Entity, api: Api | None) -> frozenset[str]:
    """The record words of a required key input or URL path parameter (see the module docstring); empty for
    another input."""
    name = entity.param or entity.key
    record = _key_record(_words(name))
    segs = [s for s in (api.path if api is not None else "").strip("/").split("/") if s]
    own = singular_name(name)
    for j, segment in enumerate(segs):
        if segment.startswith("{") and singular_name(segment.strip("{}")) == own:
            record = record or set()
            if j and not segs[j - 1].startswith("{"):
                record |= set(_words(segs[j - 1].split(".")[0]))
    return frozenset(record or ())


def system_key_edges(outputs: Sequence[Entity], inputs: Sequence[Entity], apis: Mapping[str, Api],
                     out_index, in_index, vectors: np.ndarray, lcs: LCSCache, *,
                     mask_self: bool = True, limit: int | None = None) -> EdgeArrays:
    """Every (output key, key input) pair of two APIs whose records share a word, in the same form
    (:func:`key_form`; an input named by its path segment alone, ``/groups/{group}``, takes any), as candidates
    (cosines and the names' LCS recorded, so the model reads them like Eq. 1's). ``limit``: each input is paired with
    at most this many outputs, the most alike names first (a large system stays linear in its inputs)."""
    by_word: dict[str, list[int]] = {}
    by_form: dict[tuple[str, str | None], list[int]] = {}
    for i, e in enumerate(outputs):
        form = key_form(e.raw or e.key.rsplit("|", 1)[-1])
        for word in output_key_record(e, apis.get(e.api_id)):
            by_word.setdefault(word, []).append(i)
            by_form.setdefault((word, form), []).append(i)
    src: list[int] = []
    dst: list[int] = []
    for j, e in enumerate(inputs):
        found: set[int] = set()
        form = key_form(e.param or e.key)
        for word in input_key_record(e, apis.get(e.api_id)):
            found.update(by_word.get(word, ()) if form is None else by_form.get((word, form), ()))
        found = sorted(i for i in found if not (mask_self and outputs[i].api_id == e.api_id))
        if limit is not None and len(found) > limit:
            alike = lcs(out_index.name[np.array(found)], np.full(len(found), in_index.name[j]))
            found = sorted(found[k] for k in np.argsort(-alike, kind="stable")[:limit])
        src.extend(found)
        dst.extend([j] * len(found))
    if not src:
        return EdgeArrays.empty()
    s, d = np.array(src, dtype=np.int64), np.array(dst, dtype=np.int64)
    names = lcs(out_index.name[s], in_index.name[d])
    return proposed_edges(src, dst, vectors, out_index.desc, out_index.kw, in_index.desc, in_index.kw,
                          lcs=names.tolist())

