"""Which API (or edge) and which sequence each dialogue uses.

Units are single APIs (for the one-API and failure sequences) and graph edges source → target (for the
two-API sequences). A unit is *structurally* compatible with a sequence when
:meth:`~tooldial.dialogue.sequences.ActionSequence.compatible` says so for its profile; whether an intent
utterance lands in the needed retriever band is found out at generation time, and a (sequence, unit) that
cannot be realized is dropped from the pools so it is not drawn again.

Two modes: :meth:`Sampler.balanced` (``--n N``: sequences in shuffled rounds, so every realizable sequence
appears and counts differ by at most one while pools last) and :meth:`Sampler.all_combinations` (every
compatible unit × sequence, as the paper did). Every choice draws from the ``random.Random`` passed in.

In balanced mode a (sequence, chain) pair is drawn again only when every pool has given each of its chains: the
rounds skip a sequence, and within a sequence a tool, that has no undrawn chain left, then all start over.
Repeating small pools to keep the counts even (``even_sequences=True``, the earlier behaviour) made one pair 18 of
300 dialogues of a random 400-tool ToolBench sample and two chains 106 of them (the two-API pools of such samples
hold 0 to 31 edges); the same pair again is the same dialogue with other values. The price: sequence counts
follow how many distinct chains each pool holds.

Within a sequence's pool, draws go by *tool*, then by *chain*, each in shuffled rounds: every tool (:func:`tool_key`:
the tools of the chain's APIs) is drawn once before any is drawn again, and within a tool every chain
(:func:`chain_key`: one API, or one source → target pair with all its edges — a latitude and a longitude edge, or
several outputs of one source into one target, are one chain) once before any again. Drawing edges uniformly made the
chains with many parallel edges (one airport list feeding ``lat`` and ``lng`` from three outputs) a third of all
two-API dialogues of a ToolBench subset; drawing chains uniformly made the tools with many chains most of them (one
rugby API 87 of 150 dialogues of a random 400-tool sample, 23 to 35 tools in 150 dialogues).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from tooldial.corpus.models import Corpus
from tooldial.dialogue.chains import chain_verdict, schema_copies
from tooldial.dialogue.planner import DialogueUnit
from tooldial.dialogue.sequences import SEQUENCES, ActionSequence, profile_of

#: Edge attributes a unit carries to the planner and the record's ``scenario.chain`` (where the validator re-judges
#: the chain): ``evidence`` and ``standard`` are the graph's typed facts that ``chains.chain_problem`` reads.
EDGE_ATTRIBUTES = frozenset({"reason", "evidence", "standard", "confidence", "kind", "cross_tool", "input_group",
                             "group_members", "group_sources"})


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


#: One tool's chains: chain key -> its units.
Chains = dict[tuple[str, str], list[DialogueUnit]]


def chain_key(unit: DialogueUnit) -> tuple[str, str]:
    """What a reader sees as one chain: the (source, target) APIs (``("", api)`` for a one-API unit)."""
    return unit.source, unit.target


def tool_key(unit: DialogueUnit) -> tuple[str, str]:
    """The tools a unit's chain belongs to: (source's tool, target's tool) as ``Category|tool``; ``("", tool)`` for
    one API. Read from the left of the ``Category|tool|api`` id: an API's own name may hold a ``|``."""
    def tool(api_id: str) -> str:
        return "|".join(api_id.split("|", 2)[:2]) if api_id else ""

    return tool(unit.source), tool(unit.target)


def api_units(corpus: Corpus) -> list[DialogueUnit]:
    return [DialogueUnit(target=api_id) for api_id in sorted(a.id for a in corpus.apis)]


#: How often a chain whose dialogue was dropped after it was drawn is given back per round of the pools
#: (:meth:`Sampler.undraw`).
UNDRAWS = 3


class Sampler:
    """Pools of structurally compatible units per sequence, and the two drawing modes."""

    def __init__(self, corpus: Corpus, graph: Any, rng: random.Random,
                 sequences: tuple[ActionSequence, ...] = SEQUENCES, *, even_sequences: bool = False) -> None:
        #: one number from ``rng`` seeds everything the sampler draws, each shuffle and choice from a generator of
        #: its own (:meth:`_keyed`), so a draw that fails and is drawn again takes one other unit of its sequence
        #: and moves no other draw (with :func:`~tooldial.dialogue.generate.attempt_rng`, a before/after comparison
        #: reads the same scenarios)
        self._seed = rng.getrandbits(64)
        #: how many generators :meth:`_keyed` made per key
        self._made: Counter[str] = Counter()
        #: Keep the sequence counts even by drawing a small pool's chains again while other pools still hold
        #: undrawn ones (the sampler before session 33); default: a pair is repeated only when every pool has run out.
        self.even_sequences = even_sequences
        self.sequences = sequences
        singles = api_units(corpus)
        pairs = edge_units(graph, corpus)
        profiles = {}
        #: Edges left out because a careful reader would reject the chain (:class:`~tooldial.rules.chaining.
        #: ChainCheck` -> edges).
        self.implausible: Counter = Counter()
        copies: dict[str, int] = {}
        for unit in singles + pairs:
            target = corpus.get(unit.target)
            if unit.is_pair:
                source = corpus.get(unit.source)
                chain = source.output(unit.chain_output)
                if target.parameter(unit.chain_param) is None or chain is None:
                    continue
                if unit.source not in copies:
                    copies[unit.source] = schema_copies(corpus, source)
                problem = chain_verdict(source, target, unit.chain_param, chain, unit.edge,
                                        schema_copies=copies[unit.source])
                if problem is not None:
                    self.implausible[problem.check] += 1
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
        #: sequence id -> (the pool list the groups were made from, tool key -> chain key -> its units in pool order)
        self._groups: dict[str, tuple[list[DialogueUnit], dict[tuple[str, str], Chains]]] = {}
        #: sequence id -> tool keys not yet drawn in the current round
        self._rounds: dict[str, list[tuple[str, str]]] = {}
        #: (sequence id, tool key) -> that tool's chain keys not yet drawn in its current round
        self._chain_rounds: dict[tuple[str, tuple[str, str]], list[tuple[str, str]]] = {}
        #: sequence id -> the chain keys drawn for it since every pool last ran out of undrawn ones
        self._drawn: dict[str, set[tuple[str, str]]] = {s.id: set() for s in sequences}
        #: sequence id -> the chain keys :meth:`undraw` gave back since the pools last started over
        self._retried: dict[str, Counter[tuple[str, str]]] = {s.id: Counter() for s in sequences}

    def _tools(self, sequence_id: str) -> dict[tuple[str, str], Chains]:
        """The pool's units grouped by tool, then by chain (rebuilt when the pool list was replaced)."""
        pool = self.pools.get(sequence_id, [])
        cached = self._groups.get(sequence_id)
        if cached is None or cached[0] is not pool:
            groups: dict[tuple[str, str], Chains] = {}
            for unit in pool:
                groups.setdefault(tool_key(unit), {}).setdefault(chain_key(unit), []).append(unit)
            self._groups[sequence_id] = cached = (pool, groups)
            self._rounds[sequence_id] = []
            for key in [k for k in self._chain_rounds if k[0] == sequence_id]:
                del self._chain_rounds[key]
        return cached[1]

    def has_undrawn(self, sequence_id: str) -> bool:
        """Whether the sequence's pool holds a chain not drawn for it since the pools last started over."""
        drawn = self._drawn[sequence_id]
        return any(key not in drawn for chains in self._tools(sequence_id).values() for key in chains)

    def _keyed(self, *key: object) -> random.Random:
        """A generator of its own for the ``n``-th shuffle or choice of ``key`` (a sequence's tool rounds, a tool's
        chain rounds, a chain's units): what one draw takes from it does not move any other draw."""
        name = "|".join(map(str, key))
        self._made[name] += 1
        return random.Random(f"sampler|{self._seed}|{name}|{self._made[name]}")

    def _draw(self, sequence_id: str, *, again: bool = False) -> DialogueUnit | None:
        """A unit of a tool not drawn yet in this round of the sequence, of a chain not drawn yet in that tool's
        round (a new shuffled round when all were). A draw ``again`` (after a failed one) takes the rounds' last
        tool and chain, not their next, so the draws after it keep theirs."""
        tools = self._tools(sequence_id)
        if not tools:
            return None
        pending = self._rounds[sequence_id]
        drawn = self._drawn[sequence_id]
        undrawn = not self.even_sequences and self.has_undrawn(sequence_id)
        while True:
            if not pending:
                pending.extend(tools)
                self._keyed("tools", sequence_id).shuffle(pending)
            tool = pending.pop(0 if again else -1)
            chains = tools.get(tool)
            if not chains or undrawn and all(key in drawn for key in chains):
                continue
            waiting = self._chain_rounds.setdefault((sequence_id, tool), [])
            while True:
                if not waiting:
                    waiting.extend(chains)
                    self._keyed("chains", sequence_id, *tool).shuffle(waiting)
                key = waiting.pop(0 if again else -1)
                if chains.get(key) and not (undrawn and key in drawn):
                    drawn.add(key)
                    return self._keyed("unit", sequence_id, *key).choice(chains[key])

    def discard(self, sequence_id: str, unit: DialogueUnit) -> None:
        """Forget a unit that could not realize a sequence (no fitting intent, no plan for its mock data); its chain
        counts as not drawn while it has other units (a failed draw wrote no dialogue of it)."""
        pool = self.pools.get(sequence_id, [])
        if unit in pool:
            tools = self._tools(sequence_id)
            pool.remove(unit)
            chains = tools.get(tool_key(unit), {})
            members = chains.get(chain_key(unit), [])
            if unit in members:
                members.remove(unit)
            if members:
                self._drawn[sequence_id].discard(chain_key(unit))
            else:
                chains.pop(chain_key(unit), None)
            if not chains:
                tools.pop(tool_key(unit), None)

    def undraw(self, sequence_id: str, unit: DialogueUnit) -> None:
        """Count ``unit``'s chain as not drawn for the sequence, :data:`UNDRAWS` times per round of the pools: the
        dialogue drawn from it was not written (the validator, the renderer or a model part dropped it), so a later
        draw may try the chain again. Not every time: a chain whose dialogues fail every time would otherwise be
        all that is left to draw (308 of 600 dialogues of a sample failed `validate` when every failure gave its
        chain back)."""
        key = chain_key(unit)
        retried = self._retried[sequence_id]
        if retried[key] < UNDRAWS:
            retried[key] += 1
            self._drawn[sequence_id].discard(key)

    def redraw(self, sequence_id: str) -> DialogueUnit | None:
        """Another unit for a sequence (after a failed attempt), or None when its pool is empty or (unless
        ``even_sequences``) has given each of its chains while another sequence still has a new one: the balanced
        rounds then draw that one instead of repeating a pair."""
        if not self.even_sequences and not self.has_undrawn(sequence_id) and any(
                self.has_undrawn(s.id) for s in self.sequences if self.pools[s.id]):
            return None
        return self._draw(sequence_id, again=True)

    def balanced(self) -> Iterator[tuple[ActionSequence, DialogueUnit]]:
        """Endless draws: each round visits every sequence with a chain not drawn for it once, in the round's own
        shuffled order of all sequences (the same order whichever have chains left); when no sequence has one,
        every pool starts over (its chains are drawn again)."""
        for round_no in itertools.count():
            active = [s for s in self.sequences if self.pools[s.id]]
            if not active:
                return
            fresh = active if self.even_sequences else [s for s in active if self.has_undrawn(s.id)]
            if not fresh:
                for drawn in (*self._drawn.values(), *self._retried.values()):
                    drawn.clear()
                fresh = active
            order = list(self.sequences)
            self._keyed("round", round_no).shuffle(order)
            fresh = [s for s in order if s in fresh]
            for seq in fresh:
                if not self.even_sequences and not self.has_undrawn(seq.id):
                    continue  # its last chains went to redraws earlier in this round
                unit = self._draw(seq.id)
                if unit is not None:
                    yield seq, unit

    def all_combinations(self) -> Iterator[tuple[ActionSequence, DialogueUnit]]:
        """Every compatible (sequence, unit), sequences in table order, units sorted."""
        for seq in self.sequences:
            for unit in list(self.pools[seq.id]):
                yield seq, unit

    def counts(self) -> dict[str, int]:
        return {s.id: len(self.pools[s.id]) for s in self.sequences}
