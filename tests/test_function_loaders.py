"""Function-list loaders (OpenAI tools / function definitions, MCP tools/list), the empty-corpus error, the
unknown-format error and the no-output note (issue 31)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tooldial.corpus import load_corpus
from tooldial.corpus.functions import check_loaded, is_function_list, no_output_note
from tooldial.errors import CorpusError

DATA = Path(__file__).parent / "data" / "own_api"


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tooldial", *args], capture_output=True, text=True, timeout=120)


def test_openai_tools_with_output_schemas_load_as_one_tool_with_chainable_outputs():
    corpus = load_corpus(str(DATA / "bookstore_tools.json"))
    assert [t.name for t in corpus.tools] == ["bookstore_tools"]  # one file = one system
    tool = corpus.tools[0]
    assert tool.provider == "bookstore_tools" and tool.category == "bookstore_tools"
    assert len(tool.apis) == 7
    order = corpus.get("bookstore_tools|bookstore_tools|place_order")
    assert [p.name for p in order.required_parameters] == ["customer_id", "book_id"]
    assert [p.name for p in order.optional_parameters] == ["quantity"]
    quantity = order.optional_parameters[0]
    assert quantity.type == "integer" and quantity.constraints.minimum == 1 and quantity.constraints.maximum == 10
    status = order.output("status")
    assert status.enum == ("pending", "paid", "shipped", "delivered", "cancelled")
    assert order.output("order_id").constraints.pattern == "^or_[0-9]{8}$"
    search = corpus.get("bookstore_tools|bookstore_tools|search_books")
    assert search.output("books|isbn").is_list


def test_mcp_tools_list_in_its_json_rpc_envelope_loads_input_and_output_schemas():
    corpus = load_corpus(str(DATA / "cinema_mcp_tools_list.json"))
    assert len(corpus.tools) == 1 and len(corpus.apis) == 4
    seats = corpus.get("cinema_mcp_tools_list|cinema_mcp_tools_list|book_seats")
    assert {p.name for p in seats.required_parameters} == {"showing_id", "seats"}
    assert seats.output("booking_ref").constraints.pattern == "^[A-Z]{3}[0-9]{4}$"


@pytest.mark.parametrize("doc", [
    [{"type": "function", "function": {"name": "f", "parameters": {"type": "object", "properties": {}}}}],
    {"tools": [{"type": "function", "name": "f", "parameters": {}}]},  # Responses-API spelling
    {"functions": [{"name": "f", "description": "d", "parameters": {}}]},
    {"tools": [{"name": "f", "inputSchema": {"type": "object"}}]},
    {"name": "f", "parameters": {"type": "object"}},  # one bare function
])
def test_every_function_list_shape_is_recognised(doc, tmp_path):
    assert is_function_list(doc)
    path = tmp_path / "svc.json"
    path.write_text(json.dumps(doc))
    assert [a.id for a in load_corpus(str(path)).apis] == ["svc|svc|f"]


def test_a_toolbench_tool_is_not_taken_for_a_function():
    assert not is_function_list({"tool_name": "t", "name": "t", "api_list": []})
    assert not is_function_list([{"tool_name": "t", "api_list": [{"name": "a", "parameters": {}}]}])


def test_functions_without_outputs_load_and_the_note_says_why_nothing_chains():
    corpus = load_corpus(str(DATA / "bookstore_tools_no_outputs.json"), implied_outputs=False)
    assert len(corpus.apis) == 7 and not any(a.output_components for a in corpus.apis)
    note = no_output_note(corpus)
    assert note is not None and "no chain can start from them (" in note and "output schema" in note
    assert no_output_note(load_corpus(str(DATA / "bookstore_tools.json"))) is None


def test_functions_without_outputs_get_the_ids_their_names_imply_and_the_note_counts_them():
    corpus = load_corpus(str(DATA / "bookstore_tools_no_outputs.json"))
    implied = {a.name: [(o.key, o.is_list) for o in a.output_components] for a in corpus.apis if a.output_components}
    # a search lists books, a find by isbn finds one, an order is created, a listing lists orders; the reads that
    # take the id they would return (get_book, get_order_status) and a customer nobody creates imply nothing
    assert implied == {"search_books": [("books|book_id", True)], "find_book_by_isbn": [("book_id", False)],
                       "place_order": [("order_id", False)], "list_orders": [("orders|order_id", True)]}
    assert {o.implied for a in corpus.apis for o in a.output_components} == {"created", "listed", "found"}
    # in the form the input documents (the book id's pattern), and never serialised
    assert corpus.get(corpus.apis[0].id).output_components[0].constraints.pattern == "^bk_[0-9]{6}$"
    assert '"implied"' not in corpus.apis[0].model_dump_json()
    note = no_output_note(corpus)
    assert note is not None and "but from the ids their names imply (4 API(s)" in note


def test_an_unknown_format_and_an_empty_corpus_are_errors_naming_the_formats(tmp_path):
    unknown = tmp_path / "mystery.json"
    unknown.write_text(json.dumps({"endpoints": [{"path": "/x"}]}))
    with pytest.raises(CorpusError, match="no known format.*OpenAI tools.*MCP tools/list"):
        load_corpus(str(unknown), strict=True)
    with pytest.raises(CorpusError, match="has no APIs.*no known format"):
        check_loaded(load_corpus(str(unknown)))
    empty = tmp_path / "empty.json"
    empty.write_text("[]")
    with pytest.raises(CorpusError, match="has no APIs"):
        check_loaded(load_corpus(str(empty)))


def test_cli_stats_and_graph_build_fail_with_exit_2_on_an_unknown_file(tmp_path):
    unknown = tmp_path / "mystery.json"
    unknown.write_text(json.dumps([{"endpoint": "/books"}]))
    stats = _cli("corpus", "stats", "--corpus", str(unknown))
    assert stats.returncode == 2 and "no known format" in stats.stderr and "Traceback" not in stats.stderr
    graph = _cli("graph", "build", "--corpus", str(unknown), "--out", str(tmp_path / "g.json"))
    assert graph.returncode == 2 and "has no APIs" in graph.stderr
    assert not (tmp_path / "g.json").exists()


def test_cli_stats_prints_the_no_output_line_once():
    stats = _cli("corpus", "stats", "--corpus", str(DATA / "bookstore_tools_no_outputs.json"))
    assert stats.returncode == 0
    assert stats.stderr.count("no chain can start") == 1


def test_openapi_operation_tags_are_the_api_domains():
    corpus = load_corpus(str(DATA / "bookstore_openapi.yaml"))
    domains = {a.name: a.domain for a in corpus.apis}
    assert domains["createOrder"] == "orders" and domains["getCustomer"] == "customers"
    assert domains["searchBooks"] == "catalogue"
    from tooldial.corpus.stats import compute_stats

    assert compute_stats(corpus).domains == 3


@pytest.mark.parametrize("spec", ["bookstore_openapi.yaml", "bookstore_tools.json", "cinema_mcp_tools_list.json"])
def test_the_designed_chains_of_each_own_api_file_are_graph_edges(spec, embedder, tmp_path):
    from tooldial.graph import GraphConfig, build_graph
    from tooldial.graph.labels import read_labels

    corpus = load_corpus(str(DATA / spec))
    labelled = [c for c in read_labels(DATA / "designed_chains.jsonl") if c.source_api in corpus]
    designed = [c for c in labelled if c.valid]
    assert len(designed) >= 3
    graph = build_graph(corpus, GraphConfig(cache_dir=tmp_path, progress=False), embedder=embedder)
    edges = {(u, d["source_output"], v, d["target_input"]) for u, v, d in graph.edges(data=True)}
    missing = [c for c in designed if (c.source_api, c.source_output, c.target_api, c.target_input) not in edges]
    assert missing == []
    # a labelled non-chain (an echo of the source's own required input) is no edge
    echoes = [c for c in labelled if not c.valid]
    assert not [c for c in echoes if (c.source_api, c.source_output, c.target_api, c.target_input) in edges]


def test_functions_without_outputs_build_one_api_dialogues_that_pass_validation(embedder):
    """No output schema: the calls are still made and answered by how they went (a create also by the new record's
    id), and the validator does not take that for a lookup that left its answer out."""
    import networkx as nx

    from tooldial.dialogue.generate import GenerateConfig, generate_dialogues
    from tooldial.dialogue.validate import validate_record

    corpus = load_corpus(str(DATA / "bookstore_tools_no_outputs.json"), implied_outputs=False)
    records = list(generate_dialogues(corpus, nx.MultiDiGraph(), GenerateConfig(n=16, seed=1), embedder=embedder))
    assert len(records) == 16 and not any(r.source for r in records)
    called = [r for r in records if "call" in r.actions]
    assert len({r.sequence_id for r in called}) >= 3
    for r in records:
        assert validate_record(r, corpus=corpus).problems == [], r.dialogue_id
    for r in called:
        response = next(b for t in r.dialogue for s, b in t.items() if s == "System" and b["action"] == "response")
        result = response["api_response"]["result"]["response"]
        if r.target.endswith("|place_order"):  # a create returns the new record's id (mockdata.created)
            assert set(result) == {"status", "order_id"} and result["order_id"] in response["message"]
        else:
            assert result == {"status": "success"}


def test_functions_without_outputs_chain_through_the_ids_their_names_imply(embedder):
    """With the implied ids (the default), the function list gives two-API dialogues that pass validation: the
    isbn lookup finds the book id ``get_book`` takes, in the documented form; placing an order is never called to
    learn an order id (a created id starts no chain), and an API with only an implied id answers nothing."""
    from tooldial.dialogue.generate import GenerateConfig, generate_dialogues
    from tooldial.dialogue.validate import validate_record
    from tooldial.graph import GraphConfig, build_graph

    corpus = load_corpus(str(DATA / "bookstore_tools_no_outputs.json"))
    graph = build_graph(corpus, GraphConfig(progress=False), embedder=embedder)
    edges = {(u.rsplit("|", 1)[-1], d["source_output"], v.rsplit("|", 1)[-1], d["target_input"])
             for u, v, d in graph.edges(data=True)}
    assert ("find_book_by_isbn", "book_id", "get_book", "book_id") in edges
    assert ("place_order", "order_id", "get_order_status", "order_id") in edges  # valid as a graph edge
    records = list(generate_dialogues(corpus, graph, GenerateConfig(n=16, seed=1), embedder=embedder))
    chained = [r for r in records if r.source]
    assert chained and {r.source.rsplit("|", 1)[-1] for r in chained} == {"find_book_by_isbn"}
    for r in records:
        assert validate_record(r, corpus=corpus).problems == [], r.dialogue_id
        for turn in r.dialogue:
            for speaker, body in turn.items():
                if speaker == "System" and body["action"] == "call" and r.source and r.source in body["api_response"]["api_name"]:
                    assert re.fullmatch(r"bk_[0-9]{6}", body["api_response"]["result"]["response"]["book_id"])


def test_corpus_stats_and_show_say_which_outputs_are_implied_and_the_flag_turns_them_off():
    spec = str(DATA / "bookstore_tools_no_outputs.json")
    on = _cli("corpus", "stats", "--corpus", spec)
    assert on.returncode == 0 and "4 ids implied by the names of 4 APIs" in on.stdout
    off = _cli("corpus", "stats", "--corpus", spec, "--no-implied-outputs")
    assert off.returncode == 0 and "implied" not in off.stdout and "output components     0" in off.stdout
    show = _cli("corpus", "show", "--corpus", spec, "--api",
                "bookstore_tools_no_outputs|bookstore_tools_no_outputs|list_orders")
    assert "orders—order_id (string, list, implied by the name)" in show.stdout
