"""API graph: Eq. 1, LCS, blocked search vs brute force, embedding cache, filters, files, calibration, CLI."""

from __future__ import annotations

import json
import random
from pathlib import Path

import networkx as nx
import numpy as np
import pytest

from tooldial.corpus.models import Api, Corpus, OutputComponent, Parameter, Tool
from tooldial.embedding import Embedder
from tooldial.graph import (
    FilterConfig,
    GraphBuilder,
    GraphConfig,
    Thresholds,
    build_graph,
    eq1,
    export_graphml,
    lcs_similarity,
    load_graph,
    save_graph,
)
from tooldial.graph.build import index_entities
from tooldial.graph.edges import LCSCache, blocked_edges, dense_edges
from tooldial.graph.entities import Entity, OfflineEntityText, short_name
from tooldial.graph.labels import BinaryMetrics, LabelledPair, closed_world_scores

LOOSE = Thresholds(lcs=0.5, kw=0.2, desc=0.3)


def out(path: str, desc: str = "", is_list: bool = False) -> OutputComponent:
    return OutputComponent(path=tuple(path.split("|")), description=desc, is_list=is_list)


def par(name: str, desc: str = "") -> Parameter:
    return Parameter(name=name, description=desc)


def toy_corpus() -> Corpus:
    """Music chain artist → albums → tracks, a weather chain city → forecast, paging and status noise."""
    music = Tool(category="Music", name="tunes", apis=(
        Api(category="Music", tool="tunes", name="Search Artists", description="Find artists by name",
            required_parameters=(par("query", "Artist name to search"),),
            output_components=(out("artists|artist_id", "Unique id of the artist", True),
                               out("artists|name", "Artist name", True), out("status", "Request status"))),
        Api(category="Music", tool="tunes", name="Artist Albums", description="Albums of an artist",
            required_parameters=(par("artist_id", "Unique id of the artist"),),
            output_components=(out("albums|album_id", "Unique id of the album", True),
                               out("message", "Human readable message"))),
        Api(category="Music", tool="tunes", name="Album Tracks", description="Tracks of an album",
            required_parameters=(par("album_id", "Unique id of the album"), par("page", "Page number")),
            output_components=(out("tracks|track_id", "Unique id of the track", True),
                               out("next_page", "Next page number"))),
        Api(category="Music", tool="tunes", name="Track Lyrics", description="Lyrics of a track",
            required_parameters=(par("track_id", "Unique id of the track"),),
            output_components=(out("lyrics", "Full lyrics text"), out("track_id", "Unique id of the track"))),
    ))
    weather = Tool(category="Weather", name="skies", apis=(
        Api(category="Weather", tool="skies", name="Find City", description="Look up cities",
            required_parameters=(par("q", "Free text"),),
            output_components=(out("cities|city_name", "Name of the city", True),)),
        Api(category="Weather", tool="skies", name="City Forecast", description="Weather forecast for a city",
            required_parameters=(par("city_name", "The city to forecast the weather for"), par("limit", "Max days")),
            output_components=(out("forecast|temperature", "Temperature in Celsius", True),)),
        Api(category="Weather", tool="skies", name="Lonely", description="Nothing chains here",
            output_components=(out("uptime", "Seconds since boot"),)),
    ))
    return Corpus(spec="toy", tools=[music, weather])


TOY_CHAINS = [
    ("Music|tunes|Search Artists", "artists|artist_id", "Music|tunes|Artist Albums", "artist_id"),
    ("Music|tunes|Artist Albums", "albums|album_id", "Music|tunes|Album Tracks", "album_id"),
    ("Music|tunes|Album Tracks", "tracks|track_id", "Music|tunes|Track Lyrics", "track_id"),
    ("Weather|skies|Find City", "cities|city_name", "Weather|skies|City Forecast", "city_name"),
]


@pytest.fixture(scope="module")
def graph_embedder(embedder: Embedder, tmp_path_factory: pytest.TempPathFactory) -> Embedder:
    """An Embedder with its own cache dir that borrows the session's loaded model (never loads another)."""
    emb = Embedder(cache_dir=tmp_path_factory.mktemp("graph-emb"))
    emb._model = embedder.model
    yield emb
    emb.close()


def config(tmp_path: Path, **kw) -> GraphConfig:
    return GraphConfig(cache_dir=tmp_path, **kw)


# ----------------------------------------------------------------------------------------- Eq. 1 and LCS


def test_lcs_similarity_normalizes_case_and_punctuation():
    assert lcs_similarity("Artist_ID", "artistId") == 1.0
    assert lcs_similarity("album id", "album") == pytest.approx(2 * 5 / (7 + 5))
    assert lcs_similarity("abc", "xyz") == 0.0
    assert lcs_similarity("--", "abc") == 0.0  # nothing left after normalisation
    assert lcs_similarity("city name", "cityname") == 1.0
    # subsequence, not substring: "acd" is a subsequence of "abcd"
    assert lcs_similarity("a-c-d", "abcd") == pytest.approx(2 * 3 / (3 + 4))


def test_eq1_is_strict_on_every_threshold():
    t = Thresholds(lcs=0.8, kw=0.5, desc=0.7)
    assert eq1(0.71, 0.51, 0.81, t)
    assert not eq1(0.70, 0.51, 0.81, t)
    assert not eq1(0.71, 0.50, 0.81, t)
    assert not eq1(0.71, 0.51, 0.80, t)


def _hand_made_search(embedder: Embedder, thresholds: Thresholds):
    outputs = [Entity("A|t|source", "output", "artist|id", "artist id", "artist id: unique id of a music artist",
                      ("music", "artist", "album", "song"))]
    inputs = [Entity("B|u|target", "input", "artist_id", "artist id", "artist id: the id of the music artist",
                      ("music", "artist", "discography", "album"))]
    out_i, in_i, texts, names = index_entities(outputs, inputs, {"A|t|source": 0, "B|u|target": 1},
                                               {"A|t": 0, "B|u": 1})
    vecs = embedder.encode(texts)
    dense = dense_edges(out_i, in_i, vecs, vecs, names, Thresholds(lcs=0, kw=-1, desc=-1))
    found = blocked_edges(out_i, in_i, vecs, vecs, LCSCache(names), thresholds)
    return dense, found


@pytest.mark.parametrize("criterion", ["desc", "kw", "lcs"])
def test_each_criterion_can_veto_an_edge(graph_embedder, criterion):
    dense, _ = _hand_made_search(graph_embedder, Thresholds(lcs=0, kw=-1, desc=-1))
    sims = {"desc": float(dense.desc_sim[0]), "kw": float(dense.kw_sim[0]), "lcs": float(dense.lcs_sim[0])}
    assert len(dense) == 1 and sims["lcs"] == 1.0 and sims["desc"] > 0.5
    below = {k: max(v - 0.05, 0.0) for k, v in sims.items()}
    _, passing = _hand_made_search(graph_embedder, Thresholds(**below))
    assert len(passing) == 1
    vetoed = {**below, criterion: min(sims[criterion] + 1e-4, 1.0)}  # just above this pair's similarity
    _, none = _hand_made_search(graph_embedder, Thresholds(**vetoed))
    assert len(none) == 0


# ----------------------------------------------------------------------------------------- blocked search


def random_corpus(seed: int, n_apis: int = 40) -> Corpus:
    """Many repeated names and descriptions, so text groups, name caches and chunking all get exercised."""
    rng = random.Random(seed)
    things = ["artist", "album", "track", "city", "user", "hotel", "flight", "movie", "book", "team"]
    fields = ["id", "name", "code", "title", "country", "date"]
    tools = []
    for t in range(n_apis // 4):
        apis = []
        for a in range(4):
            thing = rng.choice(things)
            ins = tuple(par(f"{rng.choice(things)}_{rng.choice(fields)}", rng.choice(["", "The value to look up"]))
                        for _ in range(rng.randint(0, 2)))
            outs = tuple(out(f"{thing}s|{rng.choice(fields)}", rng.choice(["", f"{thing} field"]), True)
                         for _ in range(rng.randint(1, 4)))
            apis.append(Api(category=f"Cat{t % 3}", tool=f"tool{t}", name=f"Get {thing} {a}",
                            description=f"Returns {thing} data", required_parameters=ins,
                            output_components=tuple({o.path: o for o in outs}.values())))
        tools.append(Tool(category=f"Cat{t % 3}", name=f"tool{t}", apis=tuple(apis)))
    return Corpus(spec=f"random-{seed}", tools=tools)


@pytest.mark.parametrize("screen", ["desc", "kw"])
def test_blocked_search_equals_brute_force(graph_embedder, tmp_path, screen):
    corpus = random_corpus(1)
    builder = GraphBuilder(config(tmp_path), embedder=graph_embedder)
    prep = builder.prepare(corpus)
    reference = dense_edges(prep.out_index, prep.in_index, prep.vectors, prep.vectors, prep.names, LOOSE)
    assert len(reference) > 50  # a meaningful number of edges to compare
    for block in (1, 3, 17, 4096):
        for budget in (5, 4_000_000):  # tiny budget: many expansion chunks per block
            found = blocked_edges(prep.out_index, prep.in_index, prep.vectors, prep.vectors, LCSCache(prep.names),
                                  LOOSE, block_size=block, screen=screen, pair_budget=budget)
            assert found.pairs() == reference.pairs(), (block, budget)
            np.testing.assert_allclose(found.desc_sim, reference.desc_sim, atol=1e-5)
            np.testing.assert_allclose(found.kw_sim, reference.kw_sim, atol=1e-5)
            np.testing.assert_allclose(found.lcs_sim, reference.lcs_sim, atol=1e-6)


def test_same_tool_mask_matches_brute_force(graph_embedder, tmp_path):
    corpus = random_corpus(1)
    prep = GraphBuilder(config(tmp_path), embedder=graph_embedder).prepare(corpus)
    ref = dense_edges(prep.out_index, prep.in_index, prep.vectors, prep.vectors, prep.names, LOOSE, mask_group=True)
    all_ref = dense_edges(prep.out_index, prep.in_index, prep.vectors, prep.vectors, prep.names, LOOSE)
    found = blocked_edges(prep.out_index, prep.in_index, prep.vectors, prep.vectors, LCSCache(prep.names), LOOSE,
                          block_size=5, mask_group=True)
    assert found.pairs() == ref.pairs() and len(ref) < len(all_ref)


# ----------------------------------------------------------------------------------------- building


def test_build_recovers_toy_chains_and_filters(graph_embedder, tmp_path):
    g = build_graph(toy_corpus(), config(tmp_path, thresholds=LOOSE), embedder=graph_embedder)
    pairs = {(u, d["source_output"], v, d["target_input"]) for u, v, d in g.edges(data=True)}
    assert set(TOY_CHAINS) <= pairs
    keys = {d["source_output"] for _, _, d in g.edges(data=True)}
    assert not {"status", "message", "next_page"} & keys  # status/message outputs; page names
    assert not {"page", "limit"} & {d["target_input"] for _, _, d in g.edges(data=True)}
    assert all(u != v for u, v in g.edges())  # no self-edges
    assert "Weather|skies|Lonely" not in g  # isolated
    edge = g["Music|tunes|Search Artists"]["Music|tunes|Artist Albums"]["artists|artist_id -> artist_id"]
    assert edge["source_output_is_list"] is True and edge["lcs_sim"] == 1.0
    node = g.nodes["Music|tunes|Artist Albums"]
    assert node == {"tool": "tunes", "category": "Music", "description": "Albums of an artist"}


def test_filters_are_configurable(graph_embedder, tmp_path):
    corpus = toy_corpus()
    # Track Lyrics returns the track_id it takes: only a self-edge links them (an echo of its own input, which the
    # validity rules reject: the filters are what is tested here, so the rules are off)
    keep_all = FilterConfig(drop_outputs_containing=(), drop_names_containing=(), drop_self_edges=False,
                            drop_isolated=False)
    g = build_graph(corpus, config(tmp_path, thresholds=LOOSE, filters=keep_all, apply_rules=False),
                    embedder=graph_embedder)
    assert g.number_of_nodes() == len(corpus)
    assert g.has_edge("Music|tunes|Track Lyrics", "Music|tunes|Track Lyrics")
    default = build_graph(corpus, config(tmp_path, thresholds=LOOSE), embedder=graph_embedder)
    assert not default.has_edge("Music|tunes|Track Lyrics", "Music|tunes|Track Lyrics")
    same_tool = FilterConfig(drop_same_tool_edges=True)
    g2 = build_graph(corpus, config(tmp_path, thresholds=LOOSE, filters=same_tool), embedder=graph_embedder)
    assert all(u.rsplit("|", 1)[0] != v.rsplit("|", 1)[0] for u, v in g2.edges())


def test_max_edges_per_api_pair_keeps_the_best(graph_embedder, tmp_path):
    corpus = random_corpus(1)
    full = build_graph(corpus, config(tmp_path, thresholds=LOOSE, max_edges_per_api_pair=None),
                       embedder=graph_embedder)
    capped = build_graph(corpus, config(tmp_path, thresholds=LOOSE, max_edges_per_api_pair=1), embedder=graph_embedder)
    multi = [(u, v) for u, v in set(full.edges()) if full.number_of_edges(u, v) > 1]
    assert multi and set(capped.edges()) == set(full.edges())
    for u, v in multi:
        (kept,) = capped[u][v].values()
        # best first: the rules' confidence, then desc + kw + lcs
        assert (kept["confidence"], kept["desc_sim"] + kept["kw_sim"] + kept["lcs_sim"]) == max(
            (d["confidence"], d["desc_sim"] + d["kw_sim"] + d["lcs_sim"]) for d in full[u][v].values())


def test_rebuild_with_new_thresholds_encodes_nothing(graph_embedder, tmp_path):
    corpus = toy_corpus()
    cfg = config(tmp_path / "cache", thresholds=LOOSE)
    first = Embedder(cache_dir=cfg.cache_dir)
    first._model = graph_embedder.model
    build_graph(corpus, cfg, embedder=first)
    assert first.encoded_count > 0
    first.close()
    fresh = Embedder(cache_dir=cfg.cache_dir)  # a new process, as far as the cache is concerned
    strict = build_graph(corpus, cfg.model_copy(update={"thresholds": Thresholds(lcs=0.95, kw=0.5, desc=0.8)}),
                         embedder=fresh)
    assert fresh.encoded_count == 0 and fresh._model is None  # the model was never even loaded
    assert strict.number_of_edges() > 0
    fresh.close()


def test_offline_short_names_qualify_generic_names():
    api = Api(category="Video", tool="tube", name="Get Channel Details")
    assert short_name(api, "output", ("id",)) == "channel id"
    assert short_name(api, "output", ("data", "items", "avatar", "height")) == "avatar height"
    assert short_name(api, "input", ("channelId",)) == "channel id"
    by = Api(category="Video", tool="tube", name="Get Comments by Video Id")
    assert short_name(by, "input", ("id",)) == "video id"
    texts = OfflineEntityText().produce(toy_corpus())
    assert len(texts.inputs) == 8 and len(texts.outputs) == 12
    assert all(0 < len(e.keywords) <= 4 for e in texts.outputs + texts.inputs)


# ----------------------------------------------------------------------------------------- files


def test_node_link_round_trip_is_exact_and_deterministic(graph_embedder, tmp_path):
    g = build_graph(toy_corpus(), config(tmp_path, thresholds=LOOSE), embedder=graph_embedder)
    path = save_graph(g, tmp_path / "g.json")
    back = load_graph(path)
    assert isinstance(back, nx.MultiDiGraph)
    assert list(back.nodes(data=True)) == list(g.nodes(data=True))
    assert list(back.edges(keys=True, data=True)) == list(g.edges(keys=True, data=True))
    assert back.graph == g.graph
    again = build_graph(toy_corpus(), config(tmp_path, thresholds=LOOSE), embedder=graph_embedder)
    assert save_graph(again, tmp_path / "g2.json").read_bytes() == path.read_bytes()
    (tmp_path / "bad.json").write_text('{"nodes": [}')
    from tooldial.errors import TooldialError

    with pytest.raises(TooldialError, match="bad.json"):
        load_graph(tmp_path / "bad.json")


def test_graphml_export(graph_embedder, tmp_path):
    g = build_graph(toy_corpus(), config(tmp_path, thresholds=LOOSE), embedder=graph_embedder)
    path = export_graphml(g, tmp_path / "g.graphml")
    back = nx.read_graphml(path, force_multigraph=True)
    assert set(back.nodes) == set(g.nodes) and back.number_of_edges() == g.number_of_edges()
    got = {(u, v, d["source_output"], d["target_input"], d["desc_sim"]) for u, v, d in back.edges(data=True)}
    want = {(u, v, d["source_output"], d["target_input"], d["desc_sim"]) for u, v, d in g.edges(data=True)}
    assert got == want
    assert json.loads(back.graph["thresholds"]) == g.graph["thresholds"]
    assert load_graph(path).graph["thresholds"] == g.graph["thresholds"]


# ----------------------------------------------------------------------------------------- calibration


def test_metrics_match_definitions():
    m = BinaryMetrics.from_predictions([1, 1, 0, 0, 1], [1, 0, 0, 1, 1])
    assert (m.tp, m.fp, m.tn, m.fn) == (2, 1, 1, 1)
    assert m.precision == pytest.approx(2 / 3) and m.recall == pytest.approx(2 / 3)
    assert m.mcc == pytest.approx((2 * 1 - 1 * 1) / np.sqrt(3 * 3 * 2 * 2))
    assert BinaryMetrics(tp=0, fp=0, tn=5, fn=0).mcc is None


def test_calibration_on_toy_labels_agrees_with_build(graph_embedder, tmp_path):
    from tooldial.graph.calibrate import Grid, calibrate, plot_calibration

    corpus = toy_corpus()
    labels = [LabelledPair(source_api=a, source_output=o, target_api=b, target_input=i, valid=True)
              for a, o, b, i in TOY_CHAINS]
    grid = Grid(lcs=np.array([0.5, 0.7, 0.9]), kw=np.array([0.2, 0.5]), desc=np.array([0.3, 0.6, 0.9, 0.99]))
    builder = GraphBuilder(config(tmp_path), embedder=graph_embedder)
    result = calibrate(corpus, labels, builder=builder, grid=grid)
    assert len(result.points) == 3 * 2 * 4
    assert result.best.metrics.mcc == max(p.metrics.mcc or -1 for p in result.points)
    assert result.best.metrics.recall == 1.0  # the toy chains are all recoverable
    # the best point's counts are exactly what a build at those thresholds scores
    g = build_graph(corpus, config(tmp_path, thresholds=result.best.thresholds), embedder=graph_embedder)
    cw = closed_world_scores(g, labels)
    assert (cw.recovered, cw.graph_edges - cw.edges_in_chains) == (result.best.metrics.tp, result.best.metrics.fp)
    # the strictest description threshold loses chains: the curve is not flat
    assert min(p.metrics.recall for p in result.curve) < 1.0
    png = plot_calibration(result, tmp_path / "cal.png")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# ----------------------------------------------------------------------------------------- CLI


def _toolbench_file(path: Path) -> Path:
    """The toy corpus as a ToolBench JSONL file (what users feed the CLI)."""
    lines = []
    for tool in toy_corpus().tools:
        lines.append(json.dumps({"category": tool.category, "tool_name": tool.name, "tool_description": "",
                                 "api_list": [{"name": a.name, "description": a.description, "method": "GET",
                                               "required_parameters": [{"name": p.name, "type": "STRING",
                                                                        "description": p.description}
                                                                       for p in a.required_parameters],
                                               "optional_parameters": [],
                                               "schema": _schema(a)} for a in tool.apis]}))
    path.write_text("\n".join(lines) + "\n")
    return path


def _schema(api: Api) -> dict:
    root: dict = {"type": "object", "properties": {}}
    for o in api.output_components:
        node = root
        for part in o.path[:-1]:
            node = node["properties"].setdefault(part, {"type": "array", "items": {"type": "object", "properties": {}}})
            node = node["items"]
        node["properties"][o.path[-1]] = {"type": "string", "description": o.description}
    return root


def test_cli_build_and_stats(graph_embedder, tmp_path, capsys):
    from tooldial.cli import main
    from tooldial.corpus import load_corpus

    corpus_file = _toolbench_file(tmp_path / "tools.jsonl")
    cache = tmp_path / "cache"
    warm = Embedder(cache_dir=cache)  # warm the CLI's cache with the session model: the CLI loads no model
    warm._model = graph_embedder.model
    build_graph(load_corpus(str(corpus_file)), GraphConfig(cache_dir=cache), embedder=warm)
    warm.close()
    out = tmp_path / "graph.json"
    assert main(["graph", "build", "--corpus", str(corpus_file), "--out", str(out), "--cache-dir", str(cache),
                 "--thresholds", str(LOOSE), "--graphml", str(tmp_path / "g.graphml"), "--no-progress"]) == 0
    printed = capsys.readouterr().out
    g = load_graph(out)
    assert f"{g.number_of_edges()} edges" in printed and "0 embedded now" in printed
    pairs = {(u, d["source_output"], v, d["target_input"]) for u, v, d in g.edges(data=True)}
    assert set(TOY_CHAINS) <= pairs
    assert (tmp_path / "g.graphml").is_file()
    assert main(["graph", "stats", str(out)]) == 0
    text = capsys.readouterr().out
    assert f"nodes            {g.number_of_nodes()}" in text and "Music -> Music" in text
    assert main(["graph", "stats", str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["edges"] == g.number_of_edges()
    assert main(["graph", "build", "--corpus", str(corpus_file), "--thresholds", "0.8,oops,0.5"]) == 2
    assert "--thresholds" in capsys.readouterr().err


def test_cli_evaluate_and_calibrate_on_labels(graph_embedder, tmp_path, capsys):
    from tooldial.cli import main
    from tooldial.corpus import load_corpus

    corpus_file = _toolbench_file(tmp_path / "tools.jsonl")
    cache = tmp_path / "cache"
    warm = Embedder(cache_dir=cache)
    warm._model = graph_embedder.model
    build_graph(load_corpus(str(corpus_file)), GraphConfig(cache_dir=cache), embedder=warm)
    warm.close()
    labels = tmp_path / "labels.jsonl"
    rows = [dict(zip(("source_api", "source_output", "target_api", "target_input"), c, strict=True), valid=True)
            for c in TOY_CHAINS]
    rows.append({"source_api": TOY_CHAINS[0][0], "source_output": "artists->name", "target_api": TOY_CHAINS[3][2],
                 "target_input": "city_name", "valid": False})
    labels.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    out = tmp_path / "graph.json"
    assert main(["graph", "build", "--corpus", str(corpus_file), "--out", str(out), "--cache-dir", str(cache),
                 "--thresholds", str(LOOSE), "--no-progress"]) == 0
    capsys.readouterr()
    scores = tmp_path / "scores.json"
    assert main(["graph", "evaluate", str(out), "--corpus", str(corpus_file), "--labels", str(labels),
                 "--closed-world", "--out", str(scores)]) == 0
    result = json.loads(scores.read_text())
    assert result["graph_vs_labels"]["tp"] == 4 and result["graph_vs_labels"]["tn"] == 1
    assert result["closed_world"]["recall"] == 1.0
    assert "closed world" in capsys.readouterr().out
    assert main(["graph", "calibrate", "--corpus", str(corpus_file), "--labels", str(labels), "--cache-dir",
                 str(cache), "--plot", str(tmp_path / "cal.png")]) == 0
    text = capsys.readouterr().out
    assert "best thresholds LCS,KW,DESC" in text and (tmp_path / "cal.png").is_file()
    labels.write_text('{"source_api": "a", "valid": true}\n')
    assert main(["graph", "evaluate", str(out), "--corpus", str(corpus_file), "--labels", str(labels)]) == 2
    assert "line 1" in capsys.readouterr().err


def test_intervals_wilson_and_bootstrap_mcc(tmp_path):
    from tooldial.graph.labels import read_labels, wilson

    low, high = wilson(8, 10)
    assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)
    assert wilson(0, 0) == (None, None)
    m = BinaryMetrics(tp=40, fp=5, tn=45, fn=10)
    ci = m.intervals()
    assert ci["precision"][0] < m.precision < ci["precision"][1] and ci["npv"][0] < m.npv < ci["npv"][1]
    assert ci["mcc"][0] < m.mcc < ci["mcc"][1] and ci == m.intervals()  # fixed seed: same interval
    rows = [{"source_api": "a", "source_output": "x", "target_api": "b", "target_input": "y", "valid": v,
             "split": s, "kind": "cross_tool"} for v, s in ((True, "fit"), (False, "heldout"), ("true", "heldout"))]
    path = tmp_path / "pairs.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    held = read_labels(path, split="heldout")
    assert [p.valid for p in held] == [False, True] and held[0].kind == "cross_tool"


def test_rule_calibration_picks_thresholds_a_build_reproduces(graph_embedder, tmp_path):
    from tooldial.graph.calibrate import calibrate_rules
    from tooldial.graph.labels import evaluate_graph_on_labels
    from tooldial.graph.validity import RuleConfig

    corpus = toy_corpus()
    labels = [LabelledPair(source_api=a, source_output=o, target_api=b, target_input=i, valid=True)
              for a, o, b, i in TOY_CHAINS]
    labels += [LabelledPair(source_api="Music|tunes|Search Artists", source_output="artists|artist_id",
                            target_api="Music|tunes|Album Tracks", target_input="album_id", valid=False),
               LabelledPair(source_api="Music|tunes|Track Lyrics", source_output="track_id",
                            target_api="Music|tunes|Album Tracks", target_input="album_id", valid=False)]
    grid = {"lcs": (0.5, 0.7, 0.95), "kw": (0.2, 0.5), "desc": (0.3, 0.6, 0.99), "generic_kw": (0.5, 0.9)}
    builder = GraphBuilder(config(tmp_path), embedder=graph_embedder)
    fitted = calibrate_rules(corpus, labels, builder=builder, grid=grid)
    assert fitted.labelled == 6 and (fitted.metrics.mcc or -1) >= (fitted.start.mcc or -1)
    assert fitted.metrics.recall == 1.0 and fitted.metrics.fp == 0
    # a build at the picked thresholds (no density caps) scores the labelled pairs exactly so
    g = build_graph(corpus, config(tmp_path, thresholds=fitted.thresholds, max_edges_per_api_pair=None,
                                   rules=RuleConfig(**fitted.rules)), embedder=graph_embedder)
    assert evaluate_graph_on_labels(g, labels) == fitted.metrics


def test_a_status_field_is_dropped_but_not_a_record_inside_a_message_envelope():
    from tests.conftest import graph_entity as ent
    from tooldial.graph.build import apply_filters
    from tooldial.graph.entities import EntityTexts

    keys = ["status", "status|code", "error_message", "message|text", "statuses_count",
            "message|body|track|track_id", "message|header|status_code", "data|status|id",
            "messageid", "messages|message_id", "status|requestId", "message_valid"]
    texts = EntityTexts([ent("T|t|A", "output", k) for k in keys], [])
    kept = {e.key for e in apply_filters(texts, FilterConfig())[0]}
    # a status or message field, or one directly in a status object; a record deeper in an envelope named
    # "message" (Musixmatch's message.body) holds entities, and a key named for a message (an SMS API's
    # ``messageid``) is the message record's key
    assert kept == {"message|body|track|track_id", "messageid", "messages|message_id"}
