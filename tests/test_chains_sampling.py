"""Which chains the sampler draws: every distinct chain before any again, not one edge per draw."""

from __future__ import annotations

import random
from collections import Counter

import networkx as nx

from tooldial.corpus.models import Api, Corpus, OutputComponent, Parameter, Tool
from tooldial.dialogue.sampling import Sampler
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
    others: draws go tool by tool, then chain by chain within the tool."""
    big = [_api(f"Fixture {i}", ["fixture_id"]) for i in range(10)]
    small = Api(category="Music", tool="radio", name="Stations", description="Stations of a city",
                required_parameters=(Parameter(name="city"),))
    corpus = Corpus(spec="fixture", tools=[Tool(category="Travel", name="atlas", apis=tuple(big)),
                                           Tool(category="Music", name="radio", apis=(small,))])
    seq = get_sequence("one_api_01")
    sampler = Sampler(corpus, nx.MultiDiGraph(), random.Random(7), (seq,))
    assert len(sampler.pools[seq.id]) == 11
    draws = [sampler.redraw(seq.id).target for _ in range(6)]
    assert Counter(d.split("|")[1] for d in draws) == {"atlas": 3, "radio": 3}
    assert len(set(d for d in draws if "atlas" in d)) == 3  # within the tool, chain by chain
