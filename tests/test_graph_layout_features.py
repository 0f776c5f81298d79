"""The layout features of one system's candidates (:mod:`tooldial.graph.layout_features`), the columns a model picks
by name (:meth:`~tooldial.graph.edge_features.FeatureContext.rows`), and which corpora the ``auto`` validity gives
to the system model (:func:`~tooldial.graph.learned.is_one_system`). Made-up APIs only."""

from __future__ import annotations

import math

import numpy as np
import pytest
from conftest import graph_entity

from tooldial.corpus.models import Api, Corpus, Parameter, Tool
from tooldial.graph.edge_features import ALL_FEATURE_NAMES, FEATURE_NAMES, FeatureContext
from tooldial.graph.layout_features import LAYOUT_FEATURE_NAMES, layout_rows
from tooldial.graph.learned import is_one_system
from tooldial.graph.select import Candidate

TOOL = "Pets|Pet Clinic"


def _api(name: str, method: str, path: str, required=(), enum: dict | None = None) -> Api:
    params = tuple(Parameter(name=n, enum=(enum or {}).get(n)) for n in required)
    return Api(category="Pets", tool="Pet Clinic", name=name, method=method, path=path, required_parameters=params)


APIS = [
    _api("listPets", "GET", "/pets"),
    _api("getPet", "GET", "/pets/{petId}", ["petId"]),
    _api("addPhoto", "POST", "/pets/{petId}/photos", ["petId", "kind"], enum={"kind": ["portrait", "xray"]}),
    _api("getOwner", "GET", "/owners/{ownerId}", ["ownerId"]),
]


def _cand(source: str, output: str, target: str, inp: str, score: float = 2.0, is_list: bool = False) -> Candidate:
    return Candidate(graph_entity(f"{TOOL}|{source}", "output", output, is_list=is_list),
                     graph_entity(f"{TOOL}|{target}", "input", inp), score / 3, score / 3, score / 3)


def _rows(cands) -> list[dict[str, float]]:
    x = layout_rows({a.id: a for a in APIS}, cands)
    return [dict(zip(LAYOUT_FEATURE_NAMES, row, strict=True)) for row in x]


def test_a_list_into_its_item_path_reads_as_the_layout_states_it():
    item, owner = _rows([_cand("listPets", "items|id", "getPet", "petId", is_list=True),
                         _cand("listPets", "items|id", "getOwner", "ownerId", score=1.5, is_list=True)])
    assert item["path_known"] == item["path_param"] == item["target_under_source"] == 1.0
    assert item["segment_names_record"] == 1.0  # /pets/{petId}: the segment names the listed records
    assert item["qualified_match"] == 1.0  # pets + id spell petId
    assert item["path_prefix_share"] == 1.0 and item["source_under_target"] == 0.0
    assert item["source_read"] == item["target_read"] == 1.0 and item["target_write"] == 0.0
    assert item["leaf_key"] == 1.0 and item["input_words_covered"] == 1.0
    # another collection's item path: no shared segment, the record is not named, the input's words are half held
    assert owner["path_prefix_share"] == 0.0 and owner["target_under_source"] == 0.0
    assert owner["segment_names_record"] == 0.0 and owner["qualified_match"] == 0.0
    assert owner["input_words_covered"] == 0.5
    assert item["system_apis_log"] == owner["system_apis_log"] == math.log1p(len(APIS))


def test_ranks_compare_the_candidates_of_one_input_and_of_one_output():
    rows = _rows([_cand("listPets", "items|id", "getPet", "petId", score=2.5, is_list=True),
                  _cand("getOwner", "pet_id", "getPet", "petId", score=2.0),
                  _cand("getOwner", "id", "getPet", "petId", score=1.0)])
    assert [r["rank_in_inverse"] for r in rows] == [1.0, 0.5, 1 / 3]
    assert [r["top_in"] for r in rows] == [1.0, 0.0, 0.0]
    assert {r["candidates_in_log"] for r in rows} == {math.log1p(3)}
    assert [r["rank_out_inverse"] for r in rows] == [1.0, 1.0, 1.0]  # each output has this one candidate


def test_an_item_call_handing_back_its_own_key_and_a_picked_value_are_told_apart():
    back, picked = _rows([_cand("getPet", "id", "addPhoto", "petId"), _cand("getPet", "kind", "addPhoto", "kind")])
    assert back["shared_input"] == 1.0  # getPet takes petId too: its id is the caller's own value
    assert back["target_write"] == 1.0 and back["source_read"] == 1.0
    assert back["target_under_source"] == 1.0  # /pets/{petId}/photos continues /pets/{petId}
    assert picked["target_enum"] == 1.0 and back["target_enum"] == 0.0
    assert picked["path_param"] == 0.0 and back["path_param"] == 1.0


def test_documentation_without_paths_leaves_the_layout_columns_empty():
    bare = [a.model_copy(update={"path": ""}) for a in APIS]
    listed, named = (dict(zip(LAYOUT_FEATURE_NAMES, row, strict=True)) for row in layout_rows(
        {a.id: a for a in bare}, [_cand("listPets", "items|id", "getPet", "petId", is_list=True),
                                  _cand("getOwner", "pet|id", "getPet", "petId")]))
    assert listed["path_known"] == listed["path_param"] == listed["target_under_source"] == 0.0
    assert listed["path_prefix_share"] == listed["segment_names_record"] == 0.0
    assert listed["qualified_match"] == 0.0  # without the /pets path, items|id names no record
    assert named["qualified_match"] == 1.0  # the names still read: pet|id spells petId
    assert layout_rows({}, []).shape == (0, len(LAYOUT_FEATURE_NAMES))


def test_a_model_reads_the_columns_it_names():
    cands = [_cand("listPets", "items|id", "getPet", "petId", is_list=True)]
    context = FeatureContext({}, np.zeros((0, 1)), np.zeros((0, 1)), np.zeros((0, 1)), {}, {}, {}, {}, {}, {}, {}, {},
                             {}, {a.id: a for a in APIS})
    context._base_rows = lambda c: np.arange(len(FEATURE_NAMES), dtype=float)[None, :].repeat(len(c), 0)
    assert context.rows(cands).shape == (1, len(FEATURE_NAMES))
    picked = context.rows(cands, ("path_param", FEATURE_NAMES[3], "qualified_match"))
    assert picked.tolist() == [[1.0, 3.0, 1.0]]
    assert ALL_FEATURE_NAMES[: len(FEATURE_NAMES)] == FEATURE_NAMES
    with pytest.raises(ValueError, match="no_such_feature"):
        context.rows(cands, ("no_such_feature",))


def _corpus(tools: list[Tool]) -> Corpus:
    return Corpus(spec="test", tools=tools)


def test_auto_gives_one_documented_system_to_the_model_and_the_rest_to_the_rules():
    spec = Tool(category="Pets", name="Pet Clinic", apis=tuple(APIS), provider="petclinic.example",
                provider_rule="server host")
    assert is_one_system(_corpus([spec]))
    functions = spec.model_copy(update={"apis": tuple(a.model_copy(update={"path": ""}) for a in APIS)})
    assert not is_one_system(_corpus([functions]))  # no URL paths: what the model was not fitted on
    other = Tool(category="Pets", name="Vet Finder", apis=(_api("findVet", "GET", "/vets"),), provider="vets.example")
    assert not is_one_system(_corpus([spec, other]))  # two providers
    embedded = spec.model_copy(update={"provider_rule": "embedded ecosystem"})
    assert not is_one_system(_corpus([embedded]))


def test_a_spec_at_defaults_is_judged_by_the_system_model_and_its_threshold_can_be_moved(embedder, tmp_path):
    from pathlib import Path

    from tooldial.corpus.loaders import load_corpus
    from tooldial.graph import GraphConfig, build_graph

    corpus = load_corpus(str(Path(__file__).parent / "data" / "own_api" / "bookstore_openapi.yaml"))

    def build(**kw):
        return build_graph(corpus, GraphConfig(cache_dir=tmp_path, progress=False, **kw), embedder=embedder)

    default, rules = build(), build(validity="rules")
    learned = default.graph["learned"]
    from tooldial.graph.learned import SYSTEM_EDGE_MODEL, load_edge_model

    packaged = load_edge_model(SYSTEM_EDGE_MODEL).threshold
    assert learned["auto"] and learned["model"] == "graph_edge_model_system.json" and learned["threshold"] == packaged
    assert default.graph["validity"] == "learned" and rules.graph["validity"] == "rules"
    assert "learned" not in rules.graph
    from tooldial.graph.stats import format_stats, graph_stats

    said = format_stats(graph_stats(default))
    assert "validity         graph_edge_model_system.json decided" in said and "auto: one provider's" in said
    assert "validity  " not in format_stats(graph_stats(rules))
    strict, loose = build(edge_threshold=0.99), build(edge_threshold=0.01)
    assert strict.graph["learned"]["threshold"] == 0.99
    assert strict.number_of_edges() < default.number_of_edges() < loose.number_of_edges()


def test_a_threshold_outside_zero_to_one_is_one_usage_line(tmp_path, capsys):
    from tooldial.cli import main

    out = tmp_path / "graph.json"
    for bad in ("2", "lots"):
        with pytest.raises(SystemExit) as stop:
            main(["graph", "build", "--edge-threshold", bad, "--out", str(out), "--no-progress"])
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert "--edge-threshold" in err and "between 0 and 1" in err and "Traceback" not in err
    assert not out.exists()
