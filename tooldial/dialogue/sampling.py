"""Which API (or edge) and which sequence each dialogue uses.

Units are single APIs (for the one-API and failure sequences) and graph edges source → target (for the
two-API sequences). A unit is *structurally* compatible with a sequence when
:meth:`~tooldial.dialogue.sequences.ActionSequence.compatible` says so for its profile; whether an intent
utterance lands in the needed retriever band is found out at generation time, and a (sequence, unit) that
cannot be realized is dropped from the pools so it is not drawn again.

Two modes: :meth:`Sampler.balanced` (``--n N``: sequences in shuffled rounds, so every realizable sequence
appears and counts differ by at most one while pools last) and :meth:`Sampler.all_combinations` (every
compatible unit × sequence, as the paper did). Every choice draws from the ``random.Random`` passed in.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from tooldial.corpus.models import Corpus
from tooldial.dialogue.chains import chain_problem
from tooldial.dialogue.planner import DialogueUnit
from tooldial.dialogue.sequences import SEQUENCES, ActionSequence, profile_of

#: Edge attributes a unit carries to the planner (from graphs that have them; older graphs lack them).
EDGE_ATTRIBUTES = frozenset({"reason", "confidence", "kind", "cross_tool", "input_group", "group_members",
                             "group_sources"})


def edge_units(graph: Any, corpus: Corpus) -> list[DialogueUnit]:
    """One unit per distinct graph edge (source, target, chain parameter, chain output) found in the corpus."""
    units = set()
    if graph is None:
        return []
    for source, target, data in graph.edges(data=True):
        param, output = data.get("target_input"), data.get("source_output")
        if not param or not output or source == target or source not in corpus or target not in corpus:
            continue
        attrs = tuple(sorted((k, v) for k, v in data.items() if k in EDGE_ATTRIBUTES))
        units.add(DialogueUnit(target=target, source=source, chain_param=str(param), chain_output=str(output),
                               edge_items=attrs))
    return sorted(units, key=lambda u: (u.source, u.target, u.chain_param, u.chain_output))


def api_units(corpus: Corpus) -> list[DialogueUnit]:
    return [DialogueUnit(target=api_id) for api_id in sorted(a.id for a in corpus.apis)]


class Sampler:
    """Pools of structurally compatible units per sequence, and the two drawing modes."""

    def __init__(self, corpus: Corpus, graph: Any, rng: random.Random,
                 sequences: tuple[ActionSequence, ...] = SEQUENCES) -> None:
        self.rng = rng
        self.sequences = sequences
        singles = api_units(corpus)
        pairs = edge_units(graph, corpus)
        profiles = {}
        #: Edges left out because a careful reader would reject the chain (reason -> edges).
        self.implausible: Counter = Counter()
        for unit in singles + pairs:
            target = corpus.get(unit.target)
            if unit.is_pair:
                source = corpus.get(unit.source)
                chain = source.output(unit.chain_output)
                if target.parameter(unit.chain_param) is None or chain is None:
                    continue
                reason = chain_problem(source, target, unit.chain_param, chain, unit.edge)
                if reason:
                    self.implausible[reason.split(":")[0]] += 1
                    continue
                profiles[unit] = profile_of(target, corpus.get(unit.source), chain_param=unit.chain_param,
                                            chain_output=unit.chain_output)
            else:
                profiles[unit] = profile_of(target)
        self.pools: dict[str, list[DialogueUnit]] = {}
        for seq in sequences:
            candidates = pairs if seq.kind == "two_api" else singles
            self.pools[seq.id] = [u for u in candidates if u in profiles and seq.compatible(profiles[u])]
        self.n_single, self.n_pairs = len(singles), len(pairs)

    def discard(self, sequence_id: str, unit: DialogueUnit) -> None:
        """Forget a unit that could not realize a sequence (no fitting intent, unusable mock data)."""
        pool = self.pools.get(sequence_id, [])
        if unit in pool:
            pool.remove(unit)

    def redraw(self, sequence_id: str) -> DialogueUnit | None:
        """Another unit for a sequence (after a failed attempt), or None when its pool is empty."""
        pool = self.pools.get(sequence_id, [])
        return self.rng.choice(pool) if pool else None

    def balanced(self) -> Iterator[tuple[ActionSequence, DialogueUnit]]:
        """Endless draws: each round visits every sequence with a non-empty pool once, in shuffled order."""
        while True:
            active = [s for s in self.sequences if self.pools[s.id]]
            if not active:
                return
            self.rng.shuffle(active)
            for seq in active:
                pool = self.pools[seq.id]
                if pool:
                    yield seq, self.rng.choice(pool)

    def all_combinations(self) -> Iterator[tuple[ActionSequence, DialogueUnit]]:
        """Every compatible (sequence, unit), sequences in table order, units sorted."""
        for seq in self.sequences:
            for unit in list(self.pools[seq.id]):
                yield seq, unit

    def counts(self) -> dict[str, int]:
        return {s.id: len(self.pools[s.id]) for s in self.sequences}
