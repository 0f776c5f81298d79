"""Graph files: node-link JSON (the project's format, exact round trip) and GraphML (for Gephi, yEd, igraph).

GraphML only holds scalar attributes, so nested graph attributes (thresholds, filters) are written there as
JSON strings.
"""

from __future__ import annotations

import json
from pathlib import Path

import networkx as nx

from tooldial.errors import TooldialError
from tooldial.jsonfile import loads as loads_json
from tooldial.jsonfile import read_text
from tooldial.outputs import atomic_writer

#: 2: edges carry typed ``evidence`` and ``standard`` (:mod:`tooldial.graph.evidence`), which the chain sampler
#: reads instead of the prose ``reason``; a version-1 file lacks them and is rebuilt, not guessed at.
FORMAT_VERSION = 2


def graph_to_dict(graph: nx.MultiDiGraph) -> dict:
    data = nx.node_link_data(graph, edges="edges")
    data["format_version"] = FORMAT_VERSION
    return data


def save_graph(graph: nx.MultiDiGraph, path: str | Path) -> Path:
    """Write node-link JSON atomically (``.graphml`` suffix → GraphML instead)."""
    path = Path(path)
    if path.suffix.lower() == ".graphml":
        return export_graphml(graph, path)
    with atomic_writer(path) as fh:
        json.dump(graph_to_dict(graph), fh, ensure_ascii=False, separators=(",", ":"))
        fh.write("\n")
    return path


def load_graph(path: str | Path) -> nx.MultiDiGraph:
    """Read a graph written by :func:`save_graph` (node-link JSON or GraphML)."""
    path = Path(path)
    if not path.is_file():
        raise TooldialError("no such graph file", file=str(path))
    if path.suffix.lower() == ".graphml":
        graph = nx.read_graphml(path, force_multigraph=True)
        for key, value in list(graph.graph.items()):
            if isinstance(value, str) and value[:1] in "{[":
                graph.graph[key] = json.loads(value)
        return graph
    try:
        data = loads_json(read_text(path))
    except json.JSONDecodeError as exc:
        raise TooldialError(f"not JSON ({exc.msg} at line {exc.lineno})", file=str(path)) from None
    edges_key = "edges" if isinstance(data, dict) and "edges" in data else "links"  # networkx < 3.4 wrote links
    if not isinstance(data, dict) or "nodes" not in data or edges_key not in data:
        raise TooldialError("not a node-link graph (expected 'nodes' and 'edges')", file=str(path))
    version = data.pop("format_version", None)
    if isinstance(version, int) and version < FORMAT_VERSION:
        raise TooldialError(f"graph format {version} predates typed edge evidence (format {FORMAT_VERSION}); "
                            "rebuild it with `tooldial graph build`", file=str(path))
    _check_node_link(data, edges_key, path)
    try:
        return nx.node_link_graph(data, directed=True, multigraph=True, edges=edges_key)
    except (KeyError, TypeError, AttributeError, ValueError, nx.NetworkXError) as exc:
        raise TooldialError(f"malformed node-link graph: {exc}", file=str(path)) from None


def _check_node_link(data: dict, edges_key: str, path: Path) -> None:
    """Every node an object with an ``id``, every edge one with ``source`` and ``target`` (the first that is not
    is named), so a hand-edited graph is one line, not an ``AttributeError`` inside networkx."""
    for key, needed in (("nodes", ("id",)), (edges_key, ("source", "target"))):
        items = data[key]
        if not isinstance(items, list):
            raise TooldialError(f"'{key}' must be a list, got {type(items).__name__}", file=str(path), field=key)
        for index, item in enumerate(items):
            if not isinstance(item, dict):
                raise TooldialError(f"must be an object, got {type(item).__name__}", file=str(path),
                                    record=f"{key}[{index}]")
            missing = [name for name in needed if name not in item]
            if missing:
                raise TooldialError(f"has no {missing[0]!r}", file=str(path), record=f"{key}[{index}]")
            for name in needed:
                if not isinstance(item[name], str | int):
                    raise TooldialError(f"must be a string, got {type(item[name]).__name__}", file=str(path),
                                        record=f"{key}[{index}]", field=name)


def export_graphml(graph: nx.MultiDiGraph, path: str | Path) -> Path:
    """Write GraphML; nested graph attributes become JSON strings."""
    path = Path(path)
    flat = graph.copy()
    flat.graph = {k: (json.dumps(v, sort_keys=True) if isinstance(v, dict | list | tuple) else v)
                  for k, v in graph.graph.items() if v is not None}
    with atomic_writer(path, "wb", flag="--graphml") as handle:
        nx.write_graphml(flat, handle)
    return path
