"""Intent utterances whose real retriever scores land in the band a sequence needs.

For every API a fixed, deterministic set of candidate utterances is written from its documentation, in three
clarity levels: ``clear`` (paraphrases of the description), ``suggest`` (related but vague: the API's name or
a few keywords) and ``clarify`` (vague: only the domain). Each candidate is scored by the real
:class:`~tooldial.dialogue.retriever.Retriever`; only candidates whose actual ranking fits their band are kept
(:meth:`Retriever.fits`). A sequence whose band has no fitting candidate for an API is not realized with that
API — scores are never edited. ``clear_add`` utterances carry an input value; each (API, parameter) has a
small fixed set of values whose utterances are scored once (:meth:`IntentBank.clear_add_pool`).

Candidates are embedded in batches through the embedder's disk cache, so a second run costs no model time.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tooldial.corpus.models import Api, Corpus
from tooldial.dialogue.retriever import Band, Hits, Retriever

_STOP = frozenset(
    ["a", "an", "the", "of", "for", "to", "and", "or", "in", "on", "at", "by", "with", "from", "this", "that", "these", "those", "is", "are", "be", "it", "its", "api", "endpoint", "returns", "return", "get", "gets", "given", "using", "use", "used", "data", "information", "info", "based", "specific", "all", "any", "each"]
)
_VERB_MAP = {
    "returns": "get", "return": "get", "gets": "get", "get": "get", "fetches": "fetch", "fetch": "fetch",
    "retrieves": "retrieve", "retrieve": "retrieve", "lists": "list", "list": "list", "provides": "get",
    "shows": "see", "show": "see", "gives": "get", "searches": "search", "search": "search",
    "finds": "find", "find": "find", "looks": "look", "checks": "check", "check": "check",
    "calculates": "calculate", "calculate": "calculate", "converts": "convert", "convert": "convert",
    "creates": "create", "create": "create", "generates": "generate", "generate": "generate",
    "translates": "translate", "translate": "translate", "validates": "validate", "validate": "validate",
    "retrieving": "retrieve", "getting": "get", "fetching": "fetch", "searching": "search", "listing": "list",
    "finding": "find", "checking": "check", "converting": "convert", "calculating": "calculate",
    "generating": "generate", "returning": "get", "providing": "get",
}

CLEAR_TEMPLATES = (
    "I'd like to {clause}.",
    "Can you help me {clause}?",
    "I need to {clause}.",
    "Could you {clause} for me?",
    "Please {clause}.",
    "I want to {clause}, can you do that?",
    "Is there a way to {clause}?",
    "I'm trying to {clause}.",
)
SUGGEST_TEMPLATES = (
    "I'm curious about {name}.",
    "Something about {kw}, maybe?",
    "Can you help with {kw}?",
    "I have a question related to {name}.",
    "Tell me something about {kw}.",
    "I was wondering about {kw} stuff.",
    "Anything on {name}?",
    "I need some {kw} details.",
    "What can you tell me regarding {kw1}?",
    "I'm looking into {kw1} things.",
)
CLARIFY_TEMPLATES = (
    "Can you help me with something?",
    "I need some help with {domain} stuff.",
    "I have a question.",
    "Could you look something up for me?",
    "I'm trying to figure something out about {domain}.",
    "Help me with a {domain} thing?",
    "I need a hand with something.",
    "There's something I want to check.",
)
CLEAR_ADD_TEMPLATES = (
    "{base} The {label} is {value}.",
    "{base_np} for {label} {value}.",
    "{base} My {label} is {value}.",
)


def words(text: str) -> list[str]:
    """Lowercase words of a name or description (camelCase and separators split)."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", text)
    return [w for w in re.split(r"[^A-Za-z0-9']+", spaced.lower()) if w]


def readable(name: str) -> str:
    """``stationId`` → ``station id``; ``/crypto/intraday`` → ``crypto intraday``."""
    return " ".join(words(name)) or name


def description_clause(api: Api) -> str:
    """The API's description as a verb phrase a user could say (``get the playlist of a station``)."""
    text = (api.description or api.tool_description or "").strip()
    text = re.split(r"(?<=[.!?])\s", text, maxsplit=1)[0].strip().rstrip(".!?")
    text = re.sub(r"^(this|the)\s+(api|endpoint|tool|service|method)\s+(will\s+|can\s+|is used to\s+)?", "",
                  text, flags=re.I)
    text = re.sub(r"^(used to|allows you to|lets you|helps you|helps to|you can)\s+", "", text, flags=re.I)
    text = re.sub(r"^(is|are)\s+(an?|the)\s+[\w\s-]*?(method|endpoint|api|way|service)\s+(that|which|to)\s+"
                  r"(allows|lets|helps)?\s*(you\s+)?(to\s+)?", "", text, flags=re.I)
    tokens = text.split()
    if not tokens:
        return f"use {readable(api.name)}"
    first = tokens[0].lower()
    if first in _VERB_MAP:
        tokens[0] = _VERB_MAP[first]
    else:
        tokens = ["get", *([tokens[0].lower()] + tokens[1:] if tokens[0][1:].islower() else tokens)]
    clause = " ".join(tokens)
    return clause[:200]


def keywords(api: Api, n: int = 3) -> list[str]:
    """Content words of the API's name and description, name first, deduplicated."""
    seen: list[str] = []
    for w in words(api.name) + words(api.description or ""):
        if w not in _STOP and len(w) > 2 and not w.isdigit() and w not in seen:
            seen.append(w)
    return seen[:n] or words(api.name)[:1] or [api.name]


def candidates(api: Api) -> dict[Band, list[str]]:
    """The candidate intent utterances of an API per band (deterministic, deduplicated)."""
    clause = description_clause(api)
    name = readable(api.name)
    kws = keywords(api)
    kw = " ".join(kws[:2])
    domain = readable(api.category)
    fields = {"clause": clause, "name": name, "kw": kw, "kw1": kws[0], "domain": domain}
    out: dict[Band, list[str]] = {}
    for band, templates in (("confirm", CLEAR_TEMPLATES), ("suggest", SUGGEST_TEMPLATES),
                            ("clarify", CLARIFY_TEMPLATES)):
        texts = [t.format(**fields) for t in templates]
        out[band] = list(dict.fromkeys(texts))
    # graded vagueness: the start of the clear request, cut shorter and shorter, lands between the bands
    clause_words = clause.split()
    for k in range(2, min(len(clause_words), 8)):
        part = " ".join(clause_words[:k])
        out["suggest"].extend((f"I was hoping to {part}, or something like that.",
                               f"Maybe you can {part}? Not sure exactly."))
    for k in range(1, len(kws) + 1):
        out["suggest"].append(f"Something with {' '.join(kws[:k])} and {domain}, I think.")
    out["suggest"] = list(dict.fromkeys(out["suggest"]))
    return out


@dataclass(frozen=True)
class Intent:
    """An utterance and what the retriever really returned for it."""

    text: str
    hits: Hits


class IntentBank:
    """Per-API pools of intent utterances that fit each band, computed lazily in batches."""

    def __init__(self, corpus: Corpus, retriever: Retriever) -> None:
        self.corpus = corpus
        self.retriever = retriever
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
        all_hits = self.retriever.search(texts)
        for api_id in todo:
            self._pools[api_id] = {"confirm": [], "suggest": [], "clarify": []}
        for text, (api_id, band), hits in zip(texts, owners, all_hits, strict=True):
            if self.retriever.fits(hits, band, api_id):
                self._pools[api_id][band].append(Intent(text, hits))

    def pool(self, api_id: str, band: Band) -> list[Intent]:
        self.prepare([api_id])
        return self._pools[api_id][band]

    def has(self, api_id: str, band: Band) -> bool:
        return bool(self.pool(api_id, band))

    def choose(self, api_id: str, band: Band, rng: random.Random) -> Intent | None:
        pool = self.pool(api_id, band)
        return rng.choice(pool) if pool else None

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
            for value in values:
                for intent in self.pool(api_id, "confirm")[:2]:
                    base_np = intent.text.rstrip(".?!")
                    for template in CLEAR_ADD_TEMPLATES[:2]:
                        texts.append(template.format(base=intent.text, base_np=base_np, label=label, value=value))
                        owners.append((key, value))
        hits = self.retriever.search(texts)
        for key in todo:
            self._add_pools[key] = []
        for (key, value), text, h in zip(owners, texts, hits, strict=True):
            if self.retriever.fits(h, "confirm", key[0]):
                self._add_pools[key].append((value, Intent(text, h)))
