"""The API graph (paper §3.1): nodes are APIs, an edge says an output of one API can fill a required input
of another (Eq. 1). Build with :func:`build_graph`, save/load node-link JSON with :func:`save_graph` /
:func:`load_graph`, export GraphML with :func:`export_graphml`."""

from tooldial.graph.build import BuildReport, GraphBuilder, build_graph
from tooldial.graph.config import (
    MINILM_OFFLINE_THRESHOLDS,
    PAPER_THRESHOLDS,
    FilterConfig,
    GraphConfig,
    Thresholds,
)
from tooldial.graph.edges import eq1, lcs_similarity
from tooldial.graph.entities import Entity, EntityTexts, OfflineEntityText
from tooldial.graph.io import export_graphml, load_graph, save_graph
from tooldial.graph.stats import graph_stats

__all__ = [
    "MINILM_OFFLINE_THRESHOLDS",
    "PAPER_THRESHOLDS",
    "BuildReport",
    "Entity",
    "EntityTexts",
    "FilterConfig",
    "GraphBuilder",
    "GraphConfig",
    "OfflineEntityText",
    "Thresholds",
    "build_graph",
    "eq1",
    "export_graphml",
    "graph_stats",
    "lcs_similarity",
    "load_graph",
    "save_graph",
]
