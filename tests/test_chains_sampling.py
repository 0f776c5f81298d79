"""Which chains the sampler draws: every distinct chain before any again, not one edge per draw."""

from __future__ import annotations

import random
from collections import Counter

import networkx as nx

from tooldial.corpus.models import Api, Corpus, OutputComponent, Parameter, Tool
from tooldial.dialogue.sampling import UNDRAWS, Sampler
from tooldial.dialogue.sequences import get_sequence


def _api(name, params=(), outputs=()):
    return Api(category="Travel", tool="atlas", name=name, description=f"{name} of a place",
               required_parameters=tuple(Parameter(name=n) for n in params),
               output_components=tuple(OutputComponent(path=tuple(p.split("|")), is_list="|" in p)
                                       for p in outputs))


def _corpus_and_graph():
    # one source feeds a target through twelve parallel edges; three other chains have one edge each
    wide = _api("List Stations", [], [f"stations|id_{i}" for i in range(12)] + ["stations|name"])
    target = _api("Station Details", ["station_id"])
    others = [(_api(f"List {k}", [], [f"{k}s|{k}_id", f"{k}s|name"]), _api(f"{k} details", [f"{k}_id"]))
              for k in ("park", "museum", "harbour")]
    apis = [wide, target] + [a for pair in others for a in pair]
    corpus = Corpus(spec="fixture", tools=[Tool(category="Travel", name="atlas", apis=tuple(apis))])
    graph = nx.MultiDiGraph()
    for i in range(12):
        graph.add_edge(wide.id, target.id, key=f"e{i}", source_output=f"stations|id_{i}", target_input="station_id")
    for (source, det), k in zip(others, ("park", "museum", "harbour"), strict=True):
        graph.add_edge(source.id, det.id, key=k, source_output=f"{k}s|{k}_id", target_input=f"{k}_id")
    return corpus, graph


def test_every_chain_is_drawn_once_before_any_is_drawn_again():
    corpus, graph = _corpus_and_graph()
    seq = get_sequence("two_api_06")  # a direct source call, then a pick from a list
    sampler = Sampler(corpus, graph, random.Random(3), (seq,))
    assert len(sampler.pools[seq.id]) == 15
    draws = sampler.balanced()
    chains = Counter(chain_key(next(draws)[1]) for _ in range(8))
    # drawing edges uniformly gives the twelve-edge chain ~80% of the draws; by chain each gets two of eight
    assert len(chains) == 4 and set(chains.values()) == {2}


def test_a_discarded_unit_leaves_its_chain_and_redraws_still_cover_the_rest():
    corpus, graph = _corpus_and_graph()
    seq = get_sequence("two_api_06")
    sampler = Sampler(corpus, graph, random.Random(5), (seq,))
    park = [u for u in sampler.pools[seq.id] if "park" in u.target]
    sampler.discard(seq.id, park[0])
    drawn = {chain_key(sampler.redraw(seq.id)) for _ in range(6)}
    assert len(drawn) == 3 and not any("park" in target for _, target in drawn)
    assert park[0] not in sampler.pools[seq.id]


def chain_key(unit):
    return unit.source, unit.target


def test_every_tool_is_drawn_once_before_any_is_drawn_again():
    """A tool with many chains (one rugby API: 87 of 150 dialogues of a 400-tool sample) gets its turn like the
    others: draws go tool by tool, then chain by chain within the tool; a tool that has given all its chains is not
    drawn again while another still has new ones."""
    big = [_api(f"Fixture {i}", ["fixture_id"]) for i in range(10)]
    small = [Api(category="Music", tool="radio", name=f"Stations {i}", description="Stations of a city",
                 required_parameters=(Parameter(name="city"),)) for i in range(3)]
    corpus = Corpus(spec="fixture", tools=[Tool(category="Travel", name="atlas", apis=tuple(big)),
                                           Tool(category="Music", name="radio", apis=tuple(small))])
    seq = get_sequence("one_api_01")
    sampler = Sampler(corpus, nx.MultiDiGraph(), random.Random(7), (seq,))
    assert len(sampler.pools[seq.id]) == 13
    draws = [sampler.redraw(seq.id).target for _ in range(10)]
    assert Counter(d.split("|")[1] for d in draws[:6]) == {"atlas": 3, "radio": 3}
    assert all("atlas" in d for d in draws[6:])  # radio's three were drawn: atlas's new ones, not radio again
    assert len(set(draws)) == 10  # no API twice
    # the earlier sampler (``even_sequences``) keeps the tool rounds even by drawing radio's again
    even = Sampler(corpus, nx.MultiDiGraph(), random.Random(7), (seq,), even_sequences=True)
    again = [even.redraw(seq.id).target for _ in range(10)]
    assert Counter(d.split("|")[1] for d in again) == {"atlas": 5, "radio": 5} and len(set(again)) < 10


def test_a_sequence_that_gave_all_its_chains_waits_until_every_sequence_has():
    """Balanced draws do not repeat a (sequence, chain) pair while another sequence still has a chain not drawn: a
    pool of one chain repeated to keep the counts even made one pair 18 of 300 dialogues of a ToolBench sample."""
    corpus, graph = _corpus_and_graph()
    small, large = get_sequence("two_api_14"), get_sequence("two_api_06")
    sampler = Sampler(corpus, graph, random.Random(11), (small, large))
    park = [u for u in sampler.pools[small.id] if "park" in u.target]
    sampler.pools[small.id] = park  # one chain left for the small sequence
    draws = sampler.balanced()
    first = [next(draws) for _ in range(5)]
    assert Counter(seq.id for seq, _ in first) == {small.id: 1, large.id: 4}
    assert len({chain_key(u) for seq, u in first if seq is large}) == 4  # four distinct chains, none twice
    # every pool has given each of its chains: both start over, one round each
    assert Counter(seq.id for seq, _ in (next(draws) for _ in range(2))) == {small.id: 1, large.id: 1}
    # ``even_sequences`` repeats the small pool every round instead
    even = Sampler(corpus, graph, random.Random(11), (small, large), even_sequences=True)
    even.pools[small.id] = park
    rounds = even.balanced()
    assert Counter(seq.id for seq, _ in (next(rounds) for _ in range(6))) == {small.id: 3, large.id: 3}


def test_the_report_counts_dialogues_that_repeat_an_earlier_pair():
    from tooldial.dialogue.generate import GenerationReport

    report = GenerationReport()
    assert report.repeated == 0
    report.pairs.update([("two_api_06", "a", "b"), ("two_api_06", "a", "b"), ("two_api_06", "a", "b"),
                         ("one_api_01", "", "b")])
    assert report.repeated == 2


def test_a_redraw_does_not_repeat_a_pair_while_another_sequence_has_a_new_one():
    corpus, graph = _corpus_and_graph()
    small, large = get_sequence("two_api_14"), get_sequence("two_api_06")
    sampler = Sampler(corpus, graph, random.Random(13), (small, large))
    sampler.pools[small.id] = [u for u in sampler.pools[small.id] if "park" in u.target]
    assert sampler.redraw(small.id) is not None  # its one chain
    assert sampler.redraw(small.id) is None  # drawn; the large pool still has four new chains
    for _ in range(4):
        assert sampler.redraw(large.id) is not None
    assert sampler.redraw(small.id) is not None  # no pool has a new chain: pairs repeat
    even = Sampler(corpus, graph, random.Random(13), (small, large), even_sequences=True)
    even.pools[small.id] = sampler.pools[small.id]
    assert even.redraw(small.id) is not None and even.redraw(small.id) is not None


def test_a_chain_whose_draw_failed_can_be_drawn_again_through_its_other_edges():
    corpus, graph = _corpus_and_graph()
    small, large = get_sequence("two_api_14"), get_sequence("two_api_06")
    sampler = Sampler(corpus, graph, random.Random(17), (small, large))
    wide = [u for u in sampler.pools[small.id] if "Station" in u.target]  # one chain of twelve edges
    sampler.pools[small.id] = wide
    first = sampler.redraw(small.id)
    sampler.discard(small.id, first)  # its plan failed: no dialogue of the chain was written
    again = sampler.redraw(small.id)
    assert again is not None and again != first and chain_key(again) == chain_key(first)
    assert sampler.redraw(small.id) is None  # now drawn; the large pool still has new chains


def test_a_dropped_dialogue_gives_its_chain_back_a_few_times():
    """A dialogue the validator drops wrote nothing of its chain, so the chain may be drawn again, but not every
    time: chains whose dialogues always fail would otherwise be all that is left to draw."""
    corpus, graph = _corpus_and_graph()
    small, large = get_sequence("two_api_14"), get_sequence("two_api_06")
    sampler = Sampler(corpus, graph, random.Random(19), (small, large))
    sampler.pools[small.id] = [u for u in sampler.pools[small.id] if "park" in u.target]
    unit = sampler.redraw(small.id)
    assert not sampler.has_undrawn(small.id)
    for _ in range(UNDRAWS):
        sampler.undraw(small.id, unit)  # its dialogue failed `validate`
        assert sampler.has_undrawn(small.id) and sampler.redraw(small.id) == unit
    sampler.undraw(small.id, unit)  # failed once more: the chain stays drawn
    assert not sampler.has_undrawn(small.id) and sampler.redraw(small.id) is None


def test_a_draw_made_again_moves_no_other_draw_of_its_round():
    """Each shuffle and choice has a generator of its own, and a unit drawn again after a failed one is the round's
    last, not its next: the other sequence's units, the rounds' order and the failed sequence's other draws of that
    round stay as they were, so a before/after comparison reads the same scenarios."""
    corpus, graph = _corpus_and_graph()
    small, large = get_sequence("two_api_14"), get_sequence("two_api_06")

    def draws(redraws: int) -> list[tuple[str, tuple[str, str]]]:
        sampler = Sampler(corpus, graph, random.Random(23), (small, large), even_sequences=True)
        rounds = sampler.balanced()
        out = []
        for _ in range(6):
            seq, unit = next(rounds)
            if seq is small and not any(s == small.id for s, _ in out):
                for _ in range(redraws):
                    unit = sampler.redraw(small.id)  # the small sequence's first draw failed and was drawn again
            out.append((seq.id, chain_key(unit)))
        return out

    plain, redrawn = draws(0), draws(1)
    assert [s for s, _ in plain] == [s for s, _ in redrawn]  # the rounds' order
    assert [u for s, u in plain if s == large.id] == [u for s, u in redrawn if s == large.id]
    small_plain, small_redrawn = ([u for s, u in run if s == small.id] for run in (plain, redrawn))
    assert small_plain[0] != small_redrawn[0] and small_plain[1:] == small_redrawn[1:]  # 4 chains: 3 drawn here
