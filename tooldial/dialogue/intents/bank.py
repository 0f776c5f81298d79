"""Intent utterances whose real retriever hits fit a band (:class:`IntentBank`), with the hits kept on disk
by content (:class:`SearchCache`)."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from tooldial.corpus.models import Corpus
from tooldial.dialogue.flags import flag_phrase, flag_value
from tooldial.dialogue.intents.candidates import GREETINGS, candidates
from tooldial.dialogue.intents.personas import introduces, persona_of
from tooldial.dialogue.retriever import Band, Hits, Retriever
from tooldial.dialogue.slot_words import agreeing, own_or_the
from tooldial.knowledge.loader import phrase_banks
from tooldial.knowledge.loader import words as knowledge_words
from tooldial.knowledge.taxonomy import name_tokens

#: The intent writer's phrase book (``tooldial/knowledge/phrases/en/intents.yaml``).
_BANKS = phrase_banks("en", "intents")

_T = TypeVar("_T")


#: Composed confirm utterances a clear_add value is added to, per value (besides the two hand-written ones).
CLEAR_ADD_BASES = 3
CLEAR_ADD_TEMPLATES = _BANKS["clear_add_templates"]
#: The same for an input that says how many records to return ("Just 10 of them, please.").
CLEAR_ADD_COUNT_TEMPLATES = _BANKS["clear_add_count_templates"]
#: The same for a yes/no input, said as a person says it ("Don't use logo, please.": :mod:`tooldial.dialogue.flags`).
CLEAR_ADD_FLAG_TEMPLATES = _BANKS["clear_add_flag_templates"]
#: Input names (joined words) that say how many records to return (``paging.how_many_inputs``).
_HOW_MANY = knowledge_words("paging", "how_many_inputs")


def count_input(slot: str) -> bool:
    """Whether an input says how many records to return (``limit``, ``maxResults``, ``page_size``)."""
    return "".join(name_tokens(slot)) in _HOW_MANY


#: Share of confirmed intents drawn from the close-candidate utterances (gold API not ranked first), when an
#: API has any.
CLOSE_SHARE = 0.3


@dataclass(frozen=True)
class Intent:
    """An utterance and what the retriever really returned for it."""

    text: str
    hits: Hits


class SearchCache:
    """:meth:`Retriever.search` with its hits kept on disk (``retrieval.sqlite`` beside the embeddings), per text.

    Keyed by content only: the scope is a digest of what decides the hits besides the text (embedding model, API
    ids and their document vectors, ``top_k``, score rounding) and the key is the text's sha256. Any later run on
    the same corpus, whatever its seed, reads the hits of a text it has seen instead of fetching its vector and
    scoring it against every API (on a 1,601-API ToolBench subset that product is most of a warm run). Hits are
    stored as the retriever returned them, so a cached run writes the same bytes. ``cache_dir=None``: no disk."""

    def __init__(self, retriever: Retriever, cache_dir: str | Path | None) -> None:
        from tooldial.dialogue.retriever import SCORE_DECIMALS

        self.retriever = retriever
        self.searched = 0  # texts scored by the retriever (not found on disk), for benchmarks and tests
        self._store = None
        if cache_dir is not None:
            from tooldial.cache import KeyValueStore

            self._store = KeyValueStore(Path(cache_dir) / "retrieval.sqlite", "hits", scope_column="index_key",
                                        value_column="hits")
        digest = hashlib.sha256(json.dumps([retriever.embedder.model_name, retriever.config.top_k, SCORE_DECIMALS,
                                            retriever.api_ids]).encode())
        digest.update(retriever.matrix.tobytes())
        self.scope = digest.hexdigest()

    def __call__(self, texts: Sequence[str]) -> list[Hits]:
        if self._store is None:
            self.searched += len(texts)
            return self.retriever.search(texts)
        keys = [hashlib.sha256(t.encode("utf-8")).hexdigest() for t in texts]
        stored = self._store.get_many(list(dict.fromkeys(keys)), scope=self.scope)
        decoded = json.loads("[" + ",".join(stored.values()) + "]")  # one parse for the batch, not one per text
        found: dict[str, Hits] = {k: [(a, s) for a, s in v] for k, v in zip(stored, decoded, strict=True)}
        missing = list(dict.fromkeys((k, t) for k, t in zip(keys, texts, strict=True) if k not in found))
        if missing:
            hits = self.retriever.search([t for _, t in missing])
            self.searched += len(missing)
            found.update((k, h) for (k, _), h in zip(missing, hits, strict=True))
            self._store.put_many(((k, json.dumps(h)) for (k, _), h in zip(missing, hits, strict=True)),
                                 scope=self.scope)
        return [found[k] for k in keys]

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None


class IntentBank:
    """Per-API pools of intent utterances that fit each band, computed lazily in batches."""

    def __init__(self, corpus: Corpus, retriever: Retriever, search: SearchCache | None = None) -> None:
        self.corpus = corpus
        self.retriever = retriever
        self.search = search or SearchCache(retriever, None)
        self._pools: dict[str, dict[Band, list[Intent]]] = {}
        self._add_pools: dict[tuple[str, str], list[tuple[str, Intent]]] = {}

    def prepare(self, api_ids: Iterable[str]) -> None:
        """Score the candidates of every API not seen yet, in one batch."""
        todo = [a for a in dict.fromkeys(api_ids) if a not in self._pools]
        if not todo:
            return
        texts: list[str] = []
        owners: list[tuple[str, Band]] = []
        for api_id in todo:
            for band, cands in candidates(self.corpus.get(api_id)).items():
                texts.extend(cands)
                owners.extend((api_id, band) for _ in cands)
        unique = list(dict.fromkeys(texts))  # personas share vague openers: score each text once
        found = dict(zip(unique, self.search(unique), strict=True))
        all_hits = [found[t] for t in texts]
        for api_id in todo:
            self._pools[api_id] = {"confirm": [], "suggest": [], "clarify": []}
        for text, (api_id, band), hits in zip(texts, owners, all_hits, strict=True):
            if self.retriever.fits(hits, band, api_id):
                self._pools[api_id][band].append(Intent(text, hits))

    def forget(self, api_id: str) -> None:
        """Drop the API's pools (its documentation in :attr:`corpus` changed: they are composed again)."""
        self._pools.pop(api_id, None)
        for key in [k for k in self._add_pools if k[0] == api_id]:
            del self._add_pools[key]

    def pool(self, api_id: str, band: Band) -> list[Intent]:
        self.prepare([api_id])
        return self._pools[api_id][band]

    def has(self, api_id: str, band: Band) -> bool:
        return bool(self.pool(api_id, band))

    def choose(self, api_id: str, band: Band, rng: random.Random, *, later: bool = False) -> Intent | None:
        """A fitting utterance; for ``confirm``, one where the API is a close candidate but not ranked first
        with probability :data:`CLOSE_SHARE` when the pool has such utterances (hard retrieval cases).
        ``later``: the user has already spoken, so no utterance that greets again ("Hello, quick question.") or
        says again who they are and why (:func:`unintroduced`)."""
        pool = self.pool(api_id, band)
        if later:
            pool = unintroduced(ungreeted(pool), persona_of(self.corpus.get(api_id)))
        if not pool:
            return None
        close = [i for i in pool if i.hits[0][0] != api_id]
        if band == "confirm" and close and rng.random() < CLOSE_SHARE:
            return rng.choice(close)
        return rng.choice(pool)

    def clear_add_pool(self, api_id: str, slot: str, label: str, values: Sequence[str]
                       ) -> list[tuple[str, Intent]]:
        """(value, utterance) pairs for a clear intent carrying ``slot``'s value, each fitting the confirm band.

        The values come from a small fixed set per (API, slot) (see
        :func:`tooldial.dialogue.generate.clear_add_values`) so that the utterances are scored once and then
        served from the embedding cache.
        """
        self.prepare_clear_add([(api_id, slot, label, values)])
        return self._add_pools[(api_id, slot)]

    def prepare_clear_add(self, items: Iterable[tuple[str, str, str, Sequence[str]]]) -> None:
        """Score the clear_add candidates of several (API, slot, label, values) in one batch."""
        texts: list[str] = []
        owners: list[tuple[tuple[str, str], str]] = []
        todo: list[tuple[str, str]] = []
        for api_id, slot, label, values in items:
            key = (api_id, slot)
            if key in self._add_pools or key in todo:
                continue
            todo.append(key)
            pool = self.pool(api_id, "confirm")
            flags = [flag_value(v) for v in values]
            bank = CLEAR_ADD_COUNT_TEMPLATES if count_input(slot) else (
                CLEAR_ADD_FLAG_TEMPLATES if values and None not in flags else CLEAR_ADD_TEMPLATES)
            for n, value in enumerate(values):
                flag = flag_phrase(label, flags[n]) if flags[n] is not None else ""
                # two hand-written bases (as before) and, per value, a few more spread over the pool
                spread = pool[2:][n::max(len(values), 1)][:CLEAR_ADD_BASES]
                for b, intent in enumerate(pool[:2] + spread):
                    base_np = intent.text.rstrip(".?!")
                    templates = bank[:2] if b < 2 else bank[(n + b) % 3 + 2:][:1]
                    for template in templates:
                        if template.startswith("{base_np}") and not intent.text.endswith("."):
                            continue  # "Can you …? for city Lisbon." is not a sentence
                        texts.append(agreeing(own_or_the(template, label, "label"), label, "label").format(
                            base=intent.text, base_np=base_np, label=label, value=value, flag=flag,
                            Flag=flag[:1].upper() + flag[1:]))
                        owners.append((key, value))
        unique = list(dict.fromkeys(texts))
        found = dict(zip(unique, self.search(unique), strict=True))
        hits = [found[t] for t in texts]
        for key in todo:
            self._add_pools[key] = []
        for (key, value), text, h in zip(owners, texts, hits, strict=True):
            if self.retriever.fits(h, "confirm", key[0]):
                self._add_pools[key].append((value, Intent(text, h)))


def ungreeted(pool: Sequence[_T]) -> list[_T]:
    """The utterances of ``pool`` (intents or (value, intent) pairs) that open with no greeting; all of them when
    every one greets (a later turn of a user who already said hello)."""
    def text(item: object) -> str:
        return item.text if isinstance(item, Intent) else item[1].text  # type: ignore[index]

    kept = [i for i in pool if not _split_greeting(text(i))[0]]
    return kept or list(pool)


def unintroduced(pool: Sequence[_T], entry: tuple[str, str, str, str]) -> list[_T]:
    """The utterances of ``pool`` that do not say who the user is or why they ask (:func:`introduces`): a later
    intent turn leaves that to the first one (one introduction per dialogue); all of them when every one does."""
    def text(item: object) -> str:
        return item.text if isinstance(item, Intent) else item[1].text  # type: ignore[index]

    kept = [i for i in pool if not introduces(text(i), entry)]
    return kept or list(pool)


def _split_greeting(text: str) -> tuple[str, str]:
    """(greeting, rest) of a pool utterance that starts with one of :data:`GREETINGS`."""
    for g in sorted((g for g in GREETINGS if g), key=len, reverse=True):
        if text.startswith(g + " "):
            return g, text[len(g) + 1:]
    return "", text
