"""The key proposer of one system's builds (:mod:`tooldial.graph.system_keys`): which outputs and inputs are keys of
which record, and that only a model fitted with the proposer brings its candidates into a build. Made-up APIs."""

from __future__ import annotations

import json

import pytest
from conftest import graph_entity

from tooldial.corpus.models import Api, Parameter
from tooldial.errors import TooldialError
from tooldial.graph.system_keys import input_key_record, key_form, output_key_record

TOOL = "Directory|Directory"


def _api(name: str, method: str, path: str, required=()) -> Api:
    return Api(category="Directory", tool="Directory", name=name, method=method, path=path,
               required_parameters=tuple(Parameter(name=n) for n in required))


def _out(api: Api, key: str):
    return output_key_record(graph_entity(api.id, "output", key), api)


def _in(api: Api, key: str):
    return input_key_record(graph_entity(api.id, "input", key), api)


def test_an_output_key_names_its_record_by_its_name_its_container_or_its_call():
    groups, queue = _api("listGroups", "GET", "/v2/Groups"), _api("createQueue", "POST", "/queues")
    company = _api("getCompany", "GET", "/company/{companyId}", ["companyId"])
    assert "group" in _out(groups, "resources|id")  # a bare id: the call's resource names it
    assert _out(queue, "queues|name") >= {"queue"}  # the container names the record
    assert _out(company, "acquisition|acquirer_company_id") == {"acquirer", "company"}
    assert _out(company, "playerid") == {"player", "company"}  # one word ending in id; one word: the call's too
    assert _out(company, "description") == frozenset()  # no key
    assert _out(company, "acquisition|date") == frozenset()


def test_an_input_key_names_its_record_by_its_name_or_the_segment_before_it():
    member = _api("getMember", "GET", "/groups/{groupId}/members/{id}", ["groupId", "id"])
    assert _in(member, "groupId") == {"group"}
    assert (key_form("groupKey"), key_form("queue_name"), key_form("playerid"), key_form("group")) == (
        "identifier", "name", "identifier", None)  # the form of a key: a name does not fill an id
    assert _in(member, "id") == {"member"}  # a bare path parameter: the segment before it
    search = _api("search", "GET", "/search", ["query", "user_id"])
    assert _in(search, "query") == frozenset()  # neither a key nor a path parameter
    assert _in(search, "user_id") == {"user"}
    by_name = _api("getPublisher", "GET", "/publisher/{name}", ["name"])
    assert _in(by_name, "name") == {"publisher"}


SPEC = {
    "openapi": "3.0.0",
    "info": {"title": "Directory", "version": "1"},
    "servers": [{"url": "https://directory.example.com"}],
    "paths": {
        "/Groups": {"get": {"operationId": "listGroups", "summary": "List the groups of the account",
                            "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {
                                "type": "object", "properties": {"resources": {"type": "array", "items": {
                                    "type": "object", "properties": {"id": {"type": "string"},
                                                                     "displayName": {"type": "string"}}}}}}}}}}}},
        "/Members": {"get": {
            "operationId": "listMembers", "summary": "List the members of a group",
            "parameters": [{"name": "parentGroupId", "in": "query", "required": True, "schema": {"type": "string"},
                            "description": "The group whose members to return"}],
            "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {
                "type": "object", "properties": {"members": {"type": "array", "items": {"type": "string"}}}}}}}}}},
        "/Users/{userKey}": {"delete": {
            "operationId": "deleteUser", "summary": "Remove a user",
            "parameters": [{"name": "userKey", "in": "path", "required": True, "schema": {"type": "string"}}],
            "responses": {"204": {"description": "gone"}}}},
    },
}


@pytest.fixture
def directory(tmp_path):
    from tooldial.corpus.loaders import load_corpus

    path = tmp_path / "directory.json"
    path.write_text(json.dumps(SPEC), encoding="utf-8")
    return load_corpus(str(path))


def _pairs(cands) -> set[tuple[str, str, str, str]]:
    return {(c.output.api_id.rsplit("|", 1)[-1], c.output.key, c.input.api_id.rsplit("|", 1)[-1], c.input.key)
            for c in cands}


def test_the_proposer_adds_the_key_chain_eq1_misses_and_nothing_of_another_record(directory, embedder, tmp_path):
    from tooldial.graph import GraphConfig
    from tooldial.graph.build import GraphBuilder
    from tooldial.graph.calibrate import labelled_candidates

    config = GraphConfig(cache_dir=tmp_path, progress=False, validity="rules")
    builder = GraphBuilder(config, embedder=embedder)
    plain = _pairs(labelled_candidates(directory, [], config, builder=builder, features=()).cands)
    keys = _pairs(labelled_candidates(directory, [], config, builder=builder, features=(),
                                      proposers=("system_keys",)).cands)
    chain = ("listGroups", "resources|id", "listMembers", "parentGroupId")
    assert chain not in plain and chain in keys
    assert not any(p[2] == "deleteUser" for p in keys - plain)  # a user key is another record


def test_a_build_runs_the_proposers_its_model_names(directory, embedder, tmp_path):
    from tooldial.graph import GraphConfig, build_graph
    from tooldial.graph.learned import SYSTEM_EDGE_MODEL, load_edge_model, save_edge_model
    from tooldial.graph.stats import format_stats, graph_stats

    packaged = load_edge_model(SYSTEM_EDGE_MODEL)
    edges, said = {}, {}
    for proposers in ((), ("system_keys",)):
        path = save_edge_model(packaged.model_copy(update={"proposers": proposers}), tmp_path / f"m{len(proposers)}.json")
        graph = build_graph(directory, GraphConfig(cache_dir=tmp_path, progress=False, validity="learned",
                                                   edge_model=path, edge_threshold=0.0), embedder=embedder)
        edges[proposers] = {(u.rsplit("|", 1)[-1], d["source_output"], v.rsplit("|", 1)[-1], d["target_input"])
                            for u, v, d in graph.edges(data=True)}
        said[proposers] = (graph.graph["learned"].get("proposed"), format_stats(graph_stats(graph)))
    chain = ("listGroups", "resources|id", "listMembers", "parentGroupId")
    assert chain in edges[("system_keys",)] and chain not in edges[()]
    proposed, line = said[("system_keys",)]
    assert proposed["system_keys"] >= 1 and f"{proposed['system_keys']} more candidates proposed by its system_keys" in line
    assert said[()][0] is None and "proposed by" not in said[()][1]


def test_a_model_file_naming_an_unknown_proposer_is_one_clear_error(tmp_path):
    from tooldial.graph.learned import SYSTEM_EDGE_MODEL, load_edge_model

    data = json.loads(SYSTEM_EDGE_MODEL.read_text(encoding="utf-8"))
    data["proposers"] = ["every_pair"]
    bad = tmp_path / "model.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(TooldialError) as err:
        load_edge_model(bad)
    assert "proposers" in str(err.value) and str(bad) in str(err.value)


def test_each_input_keeps_at_most_limit_sources_the_most_alike_names_first(embedder, tmp_path):
    import copy

    from tooldial.corpus.loaders import load_corpus
    from tooldial.graph import GraphConfig
    from tooldial.graph.build import GraphBuilder
    from tooldial.graph.edges import LCSCache
    from tooldial.graph.system_keys import system_key_edges

    spec = copy.deepcopy(SPEC)
    spec["paths"]["/Groups/archived"] = {"get": {
        "operationId": "listArchivedGroups", "summary": "Archived groups",
        "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {
            "type": "object", "properties": {"archived": {"type": "array", "items": {
                "type": "object", "properties": {"parent_group_id": {"type": "string"}}}}}}}}}}}}
    path = tmp_path / "directory.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    corpus = load_corpus(str(path))
    builder = GraphBuilder(GraphConfig(cache_dir=tmp_path, progress=False), embedder=embedder)
    p = builder.prepare(corpus)

    def sources(limit):
        edges = system_key_edges(p.outputs, p.inputs, p.apis, p.out_index, p.in_index, p.vectors, LCSCache(p.names),
                                 limit=limit)
        return {p.outputs[s].key for s, d in zip(edges.src.tolist(), edges.dst.tolist(), strict=True)
                if p.inputs[d].key == "parentGroupId"}

    assert sources(None) == {"resources|id", "archived|parent_group_id"}
    assert sources(1) == {"archived|parent_group_id"}  # the name spelled like the input's


def test_graph_build_prints_how_many_candidates_the_proposer_added(tmp_path, capsys):
    """A user's own spec at the defaults: the system model decides, its proposer runs, and the build says so."""
    from tooldial.cli import main
    from tooldial.graph.io import load_graph

    spec, out = tmp_path / "directory.json", tmp_path / "graph.json"
    spec.write_text(json.dumps(SPEC), encoding="utf-8")
    assert main(["graph", "build", "--corpus", str(spec), "--out", str(out), "--cache-dir", str(tmp_path / "c"),
                 "--no-progress"]) in (0, None)
    proposed = load_graph(out).graph["learned"]["proposed"]["system_keys"]
    printed = capsys.readouterr().out
    assert proposed >= 1 and f"; {proposed} more candidates proposed by system_keys" in printed
    assert main(["graph", "build", "--corpus", str(spec), "--out", str(tmp_path / "rules.json"),
                 "--cache-dir", str(tmp_path / "c"), "--no-progress", "--validity", "rules"]) in (0, None)
    assert "proposed by" not in capsys.readouterr().out  # the rules alone run no proposer


def test_a_name_fused_with_its_id_is_read_one_way_by_every_record_reader():
    from tooldial.graph.entities import fused_id_record
    from tooldial.graph.record_ids import id_word

    assert [fused_id_record(w) for w in ("playerid", "teamid", "paid", "id", "team")] == ["player", "team", None,
                                                                                         None, None]
    assert id_word(graph_entity("X|Y|Z", "output", "playerid")) == "id"
    assert key_form("playerid") == "identifier" and key_form("paid") is None
