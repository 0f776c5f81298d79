"""``scripts/blind_edge_sample.py draw``: a labeller sees both APIs' documentation and the edge, nothing of why the
graph kept it; ``--not-in`` draws only the edges another graph lacks (what a change added).

Tool names and documentation are made up for these tests."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import networkx as nx

from tooldial.graph.io import save_graph

REPO = Path(__file__).resolve().parents[1]
TOOL = {"tool_name": "Shelf", "category": "Data", "tool_description": "A made-up book shelf.",
        "api_list": [
            {"name": "List books", "description": "Every book on the shelf.", "method": "GET",
             "required_parameters": [], "optional_parameters": [],
             "schema": {"type": "object", "properties": {"books": {"type": "array", "items": {
                 "type": "object", "properties": {"isbn": {"type": "string"}, "title": {"type": "string"}}}}}}},
            {"name": "Book detail", "description": "One book by its ISBN.", "method": "GET",
             "required_parameters": [{"name": "isbn", "type": "STRING", "description": "The book's ISBN",
                                      "default": "9780141439518"}],
             "optional_parameters": []},
            {"name": "Search", "description": "Books whose title matches.", "method": "GET",
             "required_parameters": [{"name": "query", "type": "STRING", "description": "Words of a title",
                                      "default": "emma"}],
             "optional_parameters": []}]}
LIST, DETAIL, SEARCH = (f"Data|Shelf|{name}" for name in ("List books", "Book detail", "Search"))


def _graph(path: Path, edges: list[tuple[str, str, str, str]]) -> Path:
    graph = nx.MultiDiGraph()
    for u, v, out, inp in edges:
        graph.add_edge(u, v, source_output=out, target_input=inp, kind="identifier", reason="made up")
    return save_graph(graph, path)


def _draw(tmp_path: Path, *extra: str) -> list[dict]:
    corpus = tmp_path / "shelf.jsonl"
    corpus.write_text(json.dumps(TOOL) + "\n", encoding="utf-8")
    out = tmp_path / "drawn.jsonl"
    subprocess.run([sys.executable, str(REPO / "scripts" / "blind_edge_sample.py"), "draw", "--graph",
                    str(tmp_path / "after.json"), "--corpus", str(corpus), "--n", "10", "--out", str(out), *extra],
                   check=True, capture_output=True, text=True)
    return [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]


def test_only_the_edges_a_change_added_are_drawn(tmp_path):
    old = (LIST, DETAIL, "books|isbn", "isbn")
    new = (LIST, SEARCH, "books|title", "query")
    _graph(tmp_path / "before.json", [old])
    _graph(tmp_path / "after.json", [old, new])
    every = _draw(tmp_path)
    assert {(r["source"]["id"], r["target"]["id"]) for r in every} == {(LIST, DETAIL), (LIST, SEARCH)}
    added = _draw(tmp_path, "--not-in", str(tmp_path / "before.json"))
    assert [(r["source"]["id"], r["target"]["id"], r["edge"]["target_input"]) for r in added] == [
        (LIST, SEARCH, "query")]
    # blind: nothing of why the graph kept the edge
    assert not {"kind", "reason", "confidence"} & set(added[0]["edge"])
    assert added[0]["target"]["required_parameters"][0]["example"] == "emma"
