"""Learned edge validity (issue 10): features of a candidate edge, a logistic regression fitted on labelled pairs,
its decisions, confidences and cap ranks, and the model file.

Every corpus, label and model here is a small example written for these tests (made-up tools and values)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from tooldial.corpus.models import Api, Corpus, OutputComponent, Parameter, Tool
from tooldial.errors import TooldialError
from tooldial.graph.edge_features import FEATURE_NAMES, FeatureContext
from tooldial.graph.entities import Entity
from tooldial.graph.learned import (
    MODEL_VERSION,
    EdgeModel,
    LabelledCandidates,
    fit_edge_model,
    learned_verdicts,
    load_edge_model,
    save_edge_model,
)
from tooldial.graph.select import Candidate, EdgeSelector, apply_caps
from tooldial.graph.validity import Verdict

RAIL, SKY, ROAD = "Transportation|rail_live|Train positions", "Weather|sky_cast|Forecast", "Mapping|road_info|Speed"


def geo_corpus() -> Corpus:
    """A rail feed whose trains have positions, a weather forecast and a road lookup, both placed by coordinates."""
    def coords() -> tuple[Parameter, ...]:
        return (Parameter(name="latitude", type="number"), Parameter(name="longitude", type="number"))

    rail = Tool(category="Transportation", name="rail_live", description="Live trains of a city", apis=(
        Api(category="Transportation", tool="rail_live", name="Train positions", description="Where trains are now",
            required_parameters=(Parameter(name="line"),), output_components=(
                OutputComponent(path=("trains", "latitude"), type="number", is_list=True),
                OutputComponent(path=("trains", "longitude"), type="number", is_list=True))),))
    sky = Tool(category="Weather", name="sky_cast", description="Weather forecasts", apis=(
        Api(category="Weather", tool="sky_cast", name="Forecast", description="Weather forecast at a place",
            required_parameters=coords()),))
    road = Tool(category="Mapping", name="road_info", description="Road data", apis=(
        Api(category="Mapping", tool="road_info", name="Speed", description="Speed limit of the road at a point",
            required_parameters=coords()),))
    return Corpus(spec="geo", tools=[rail, sky, road])


def ent(api_id: str, role: str, key: str, **kw) -> Entity:
    return Entity(api_id, role, key, key.replace("|", " "), key, raw=key.split("|")[-1], **kw)


def candidates() -> tuple[list[Candidate], list[Entity], list[Entity]]:
    outputs = [ent(RAIL, "output", "trains|latitude", type="number", is_list=True),
               ent(RAIL, "output", "trains|longitude", type="number", is_list=True)]
    inputs = [ent(SKY, "input", "latitude", type="number"), ent(ROAD, "input", "latitude", type="number")]
    rule = Verdict(True, "standard value (latitude)", 0.7, "standard", "standard")
    return [Candidate(outputs[0], i, 0.8, 0.6, 1.0, rule) for i in inputs], outputs, inputs


def context(relevant: str, outputs: list[Entity], inputs: list[Entity]) -> FeatureContext:
    """Feature lookups with hand-made vectors: the rail feed's text points the way of ``relevant``'s only."""
    corpus = geo_corpus()

    def embed(texts: list[str]) -> np.ndarray:
        near = {"Forecast": "Forecast" if relevant == SKY else "Speed", "sky_cast": "sky_cast" if relevant == SKY
                else "road_info"}
        rows = []
        for t in texts:
            v = np.zeros(4, dtype=np.float32)
            if t.startswith(("Train positions", "rail_live")) or any(t.startswith(k) for k in near.values()):
                v[0] = 1.0
            else:
                v[1] = 1.0
            rows.append(v)
        return np.array(rows)

    vectors = np.eye(4, dtype=np.float32)
    return FeatureContext.build(corpus, outputs, inputs, np.zeros(len(outputs), dtype=np.int64),
                                np.zeros(len(inputs), dtype=np.int64), vectors, embed)


def relevance_model(threshold: float = 0.5) -> EdgeModel:
    """A model that weighs only how related the two APIs are."""
    coef = [0.0] * len(FEATURE_NAMES)
    coef[FEATURE_NAMES.index("api_rel")] = 4.0
    n = len(FEATURE_NAMES)
    return EdgeModel(version=MODEL_VERSION, features=FEATURE_NAMES, mean=(0.0,) * n, scale=(1.0,) * n,
                     coef=tuple(coef), intercept=-2.0, threshold=threshold, embedding_model="all-MiniLM-L6-v2")


def test_the_learned_decision_follows_the_relevance_of_the_call():
    cands, outputs, inputs = candidates()
    for relevant, kept, dropped in ((SKY, SKY, ROAD), (ROAD, ROAD, SKY)):
        x = context(relevant, outputs, inputs).rows(cands)
        api_rel = x[:, FEATURE_NAMES.index("api_rel")]
        assert api_rel.tolist() == [1.0 if c.input.api_id == relevant else 0.0 for c in cands]
        # every other feature is the same for the two targets: same rule verdict, same similarities
        other = [i for i, n in enumerate(FEATURE_NAMES) if "rel" not in n]
        assert (x[0, other] == x[1, other]).all()
        p = relevance_model().probabilities(x)
        decided = {c.input.api_id: c.verdict.keep for c in learned_verdicts(cands, p, 0.5, selector=None)}
        assert decided == {kept: True, dropped: False}
    # the packaged model, too, puts a cross-tool coordinate of a related call above the same one of an unrelated call
    packaged = load_edge_model()
    x = context(SKY, outputs, inputs).rows(cands)
    p = packaged.probabilities(x)
    assert p[0] > p[1]


def test_rule_rejected_candidates_kept_by_the_model_still_need_the_partner_coordinate():
    corpus = geo_corpus()
    lat = ent(RAIL, "output", "trains|latitude", type="number", is_list=True)
    lone = ent("Transportation|rail_live|Stop", "output", "stop|latitude", type="number")
    target = ent(SKY, "input", "latitude", type="number")
    selector = EdgeSelector(corpus, [lat, ent(RAIL, "output", "trains|longitude", type="number", is_list=True),
                                     lone], [target, ent(SKY, "input", "longitude", type="number")])
    rejected = Verdict(False, "standard value (latitude) across unrelated domains", 0.6, "standard", "standard")
    cands = [Candidate(lat, target, 0.8, 0.3, 1.0, rejected), Candidate(lone, target, 0.8, 0.3, 1.0, rejected)]
    got = learned_verdicts(cands, np.array([0.9, 0.9]), 0.5, selector)
    assert got[0].verdict.keep and got[0].group is not None and got[0].verdict.confidence == 0.9
    assert got[0].sources == {"latitude": "trains|latitude", "longitude": "trains|longitude"}
    assert not got[1].verdict.keep and "partner" in got[1].verdict.reason
    assert not cands[0].verdict.keep  # the inputs are not changed
    # without deciding, the rules' keep/drop stands and only the confidence is the model's
    ranked = learned_verdicts(cands, np.array([0.9, 0.2]), 0.5, selector, decide=False)
    assert [c.verdict.keep for c in ranked] == [False, False] and ranked[1].verdict.confidence == 0.2


def test_caps_keep_the_highest_confidence_edges_not_the_most_similar_names():
    weather = ent("Weather|sky_cast|Forecast", "input", "city")
    sources = [ent(f"Travel|t{i}|Record", "output", "city") for i in range(4)]
    rule = Verdict(True, "standard value (place)", 0.7, "standard", "standard")
    # the best Eq. 1 scores are the least plausible calls
    cands = [Candidate(s, weather, 0.9 - i / 10, 0.9, 1.0, rule) for i, s in enumerate(sources)]
    by_rules = apply_caps(cands, per_pair=1, cross_tool_per_api=2)
    assert {c.output.api_id for c in by_rules} == {"Travel|t0|Record", "Travel|t1|Record"}
    learned = learned_verdicts(cands, np.array([0.55, 0.6, 0.95, 0.9]), 0.5, selector=None)
    kept = apply_caps(learned, per_pair=1, cross_tool_per_api=2)
    assert {c.output.api_id for c in kept} == {"Travel|t2|Record", "Travel|t3|Record"}


def synthetic(n: int = 90, seed: int = 3) -> tuple[LabelledCandidates, dict[int, str]]:
    """Labelled candidates whose validity follows two features, in three sets."""
    from tooldial.graph.labels import LabelledPair

    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, len(FEATURE_NAMES)))
    y = (x[:, 0] + x[:, FEATURE_NAMES.index("api_rel")] + rng.normal(scale=0.5, size=n)) > 0
    labels = [LabelledPair(source_api=f"C|t{i % 7}|a", source_output="o", target_api="C|u|b", target_input="i",
                           valid=bool(v), set=f"v{i % 3 + 1}") for i, v in enumerate(y)]
    data = LabelledCandidates([], x, labels, list(range(n)), None)
    return data, {i: p.label_set for i, p in enumerate(labels)}


def test_fitting_is_deterministic_and_the_file_round_trips(tmp_path):
    data, sets = synthetic()
    assert sorted(set(sets.values())) == ["v1", "v2", "v3"]  # the labels file's `set` is read
    a = fit_edge_model(data, sets, embedding_model="all-MiniLM-L6-v2", fitted={"pairs": 90})
    b = fit_edge_model(data, sets, embedding_model="all-MiniLM-L6-v2", fitted={"pairs": 90})
    assert a.to_json() == b.to_json()
    first, second = save_edge_model(a, tmp_path / "a.json"), save_edge_model(b, tmp_path / "b.json")
    assert first.read_bytes() == second.read_bytes()
    back = load_edge_model(first)
    assert back.features == FEATURE_NAMES and 0.2 <= back.threshold <= 0.8
    # what the model learned is what made the labels: the two features weigh most
    top = sorted(zip(back.coef, FEATURE_NAMES, strict=True), reverse=True)[:2]
    assert {n for _, n in top} == {FEATURE_NAMES[0], "api_rel"}
    assert np.allclose(back.probabilities(data.x), a.probabilities(data.x), atol=1e-6)


def test_a_bad_or_missing_model_file_is_one_clear_error(tmp_path, capsys):
    good = json.loads(relevance_model().to_json())
    cases = {
        "missing.json": None,
        "broken.json": "{not json",
        "list.json": "[]",
        "version.json": json.dumps({**good, "version": 99}),
        "features.json": json.dumps({**good, "features": ["desc_sim"] + good["features"][1:-1] + ["extra"]}),
        "short.json": json.dumps({**good, "coef": good["coef"][:-1]}),
        "threshold.json": json.dumps({**good, "threshold": 2}),
    }
    for name, text in cases.items():
        path = tmp_path / name
        if text is not None:
            path.write_text(text, encoding="utf-8")
        with pytest.raises(TooldialError) as err:
            load_edge_model(path)
        assert name in str(err.value)
    # the CLI stops before any work with one line naming the file
    from tooldial.cli import main

    out = tmp_path / "graph.json"
    assert main(["graph", "build", "--validity", "learned", "--edge-model", str(tmp_path / "short.json"),
                 "--out", str(out), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tooldial:") and "short.json" in err and "coef" in err and not out.exists()


def geo_tools_json() -> list[dict]:
    """Four tools documented the ToolBench way: train positions, hotels with ids and places, a forecast and a road
    lookup placed by coordinates."""
    def api(name: str, desc: str, params=(), schema: dict | None = None) -> dict:
        return {"name": name, "description": desc, "method": "GET", "required_parameters": [
            {"name": n, "type": t, "description": d, "default": ""} for n, t, d in params],
            "optional_parameters": [], "schema": schema or "", "example_response": None}

    def records(field: str, **props: str) -> dict:
        return {"type": "object", "properties": {field: {"type": "array", "items": {
            "type": "object", "properties": {k: {"type": v} for k, v in props.items()}}}}}

    point = [("latitude", "NUMBER", "Latitude of the place"), ("longitude", "NUMBER", "Longitude of the place")]
    return [
        {"category": "Transportation", "tool_name": "Rail Live", "tool_description": "Live trains of a city",
         "api_list": [api("Train positions", "Where the trains of a line are now", [("line", "STRING", "Line name")],
                          records("trains", train_id="string", latitude="number", longitude="number")),
                      api("Train details", "One train", [("train_id", "STRING", "Id of the train")],
                          {"type": "object", "properties": {"line": {"type": "string"}}})]},
        {"category": "Travel", "tool_name": "Stay Finder", "tool_description": "Hotels and their places",
         "api_list": [api("Hotel search", "Hotels in a city", [("city", "STRING", "City name")],
                          records("hotels", hotel_id="string", latitude="number", longitude="number")),
                      api("Hotel details", "One hotel", [("hotel_id", "STRING", "Id of the hotel")],
                          {"type": "object", "properties": {"city": {"type": "string"}}})]},
        {"category": "Weather", "tool_name": "Sky Cast", "tool_description": "Weather forecasts",
         "api_list": [api("Forecast", "Weather forecast at a place", point,
                          {"type": "object", "properties": {"latitude": {"type": "number"},
                                                            "longitude": {"type": "number"},
                                                            "temperature": {"type": "number"}}})]},
        {"category": "Mapping", "tool_name": "Road Info", "tool_description": "Road data",
         "api_list": [api("Speed limit", "Speed limit of the road at a point", point,
                          {"type": "object", "properties": {"speed": {"type": "number"}}})]},
    ]


GEO_LABELS = [  # (source API, output, target API, input, valid, set)
    ("Transportation|Rail Live|Train positions", "trains|train_id", "Transportation|Rail Live|Train details",
     "train_id", True, "v1"),
    ("Transportation|Rail Live|Train positions", "trains|latitude", "Mapping|Road Info|Speed limit", "latitude",
     True, "v1"),
    ("Transportation|Rail Live|Train positions", "trains|latitude", "Weather|Sky Cast|Forecast", "latitude",
     False, "v1"),
    ("Travel|Stay Finder|Hotel search", "hotels|hotel_id", "Travel|Stay Finder|Hotel details", "hotel_id", True,
     "v2"),
    ("Travel|Stay Finder|Hotel search", "hotels|latitude", "Weather|Sky Cast|Forecast", "latitude", True, "v2"),
    ("Travel|Stay Finder|Hotel search", "hotels|latitude", "Mapping|Road Info|Speed limit", "latitude", False,
     "v2"),
    ("Weather|Sky Cast|Forecast", "latitude", "Mapping|Road Info|Speed limit", "latitude", False, "v3"),
    ("Travel|Stay Finder|Hotel details", "city", "Travel|Stay Finder|Hotel search", "city", True, "v3"),
    ("Travel|Stay Finder|Hotel search", "hotels|longitude", "Weather|Sky Cast|Forecast", "longitude", True, "v3"),
    ("Weather|Sky Cast|Forecast", "longitude", "Mapping|Road Info|Speed limit", "longitude", False, "v3"),
]


def test_calibrate_learn_writes_the_same_model_twice_and_a_build_uses_it(embedder, tmp_path, capsys):
    from tooldial.cli import main
    from tooldial.corpus import load_corpus
    from tooldial.embedding import Embedder
    from tooldial.graph import GraphConfig
    from tooldial.graph.build import GraphBuilder
    from tooldial.graph.calibrate import labelled_candidates
    from tooldial.graph.io import load_graph
    from tooldial.graph.labels import read_labels

    corpus_file, labels_file, cache = tmp_path / "tools.json", tmp_path / "labels.jsonl", tmp_path / "cache"
    corpus_file.write_text(json.dumps(geo_tools_json()), encoding="utf-8")
    labels_file.write_text("".join(json.dumps(dict(zip(
        ("source_api", "source_output", "target_api", "target_input", "valid", "set"), row, strict=True)) | {
        "split": "fit"}) + "\n" for row in GEO_LABELS), encoding="utf-8")
    warm = Embedder(cache_dir=cache)  # the CLI finds every vector cached and loads no model
    warm._model = embedder.model
    config = GraphConfig(cache_dir=cache)
    data = labelled_candidates(load_corpus(str(corpus_file)), read_labels(labels_file), config,
                               builder=GraphBuilder(config, embedder=warm))
    warm.close()
    assert sum(r is not None for r in data.row_of) >= 8  # the labelled pairs are candidates of a build
    outs = [tmp_path / "m1.json", tmp_path / "m2.json"]
    for out in outs:
        assert main(["graph", "calibrate", "--corpus", str(corpus_file), "--labels", str(labels_file), "--split",
                     "fit", "--learn", "--cv", "3", "--out", str(out), "--cache-dir", str(cache)]) == 0
    printed = capsys.readouterr().out
    assert "leave one set out" in printed and "grouped 3-fold by source tool" in printed
    assert outs[0].read_bytes() == outs[1].read_bytes()
    model = load_edge_model(outs[0])
    assert model.fitted["sets"] == ["v1", "v2", "v3"] and model.fitted["pairs"] == len(GEO_LABELS)
    graph_file = tmp_path / "graph.json"
    assert main(["graph", "build", "--corpus", str(corpus_file), "--out", str(graph_file), "--cache-dir", str(cache),
                 "--validity", "learned", "--edge-model", str(outs[0]), "--no-progress"]) == 0
    graph = load_graph(graph_file)
    assert graph.graph["validity"] == "learned" and graph.graph["learned"]["threshold"] == model.threshold
    assert all(d["confidence"] >= model.threshold for _, _, d in graph.edges(data=True))
