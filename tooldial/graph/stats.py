"""Summary statistics of an API graph (``tooldial graph stats``)."""

from __future__ import annotations

from collections import Counter

import networkx as nx
from pydantic import BaseModel

from tooldial.corpus.providers import RULE_TEXT
from tooldial.graph.reasons import EdgeReason, reason_label


class GraphStats(BaseModel):
    nodes: int
    edges: int
    api_pairs: int
    #: APIs of the corpus the graph was built from (isolated ones are not nodes); ``nodes`` for old graphs.
    corpus_apis: int
    edges_per_api: float
    cross_tool_edges: int
    cross_tool_share: float
    #: Edges by the rules' kind (``identifier``, ``standard``, ``generic``, ``value``) and input group.
    kinds: dict[str, int]
    input_groups: dict[str, int]
    weak_components: int
    largest_component: int
    degree_histogram: dict[str, int]
    top_apis: list[tuple[str, int]]
    category_pairs: list[tuple[str, str, int]]
    attributes: dict
    #: How the corpus's providers were decided (:func:`tooldial.corpus.providers.provider_summary`), empty for
    #: graphs built before it was recorded.
    providers: dict = {}
    #: Candidates the rules rejected, by typed code (:class:`~tooldial.graph.reasons.EdgeReason` value; graphs
    #: built before the counts were typed count the reason's prose); documented links (OpenAPI ``links``) added as edges.
    rejected: dict[str, int] = {}
    documented_links: int = 0
    #: Edges the path layout of an OpenAPI spec states (:mod:`tooldial.graph.rest_resources`).
    resource_chains: int = 0
    #: What to try when identifier chains were rejected only because their tools are different providers.
    hint: str = ""


def _bucket(d: int) -> str:
    if d <= 4:
        return str(d)
    low = 5
    while low * 2 <= d:
        low *= 2
    return f"{low}-{low * 2 - 1}"


def graph_stats(graph: nx.MultiDiGraph, top: int = 10) -> GraphStats:
    """Counts, components, degree distribution (API-pair degree), best-connected APIs, category pairs."""
    simple = nx.DiGraph(graph)
    comps = list(nx.weakly_connected_components(simple)) if simple.number_of_nodes() else []
    degree = {n: simple.in_degree(n) + simple.out_degree(n) for n in simple.nodes}
    buckets = Counter(_bucket(d) for d in degree.values())
    order = sorted(buckets, key=lambda b: int(b.split("-")[0]))
    cats = Counter((graph.nodes[u].get("category", "?"), graph.nodes[v].get("category", "?"))
                   for u, v in simple.edges)
    n_edges = graph.number_of_edges()
    apis = int(graph.graph.get("corpus_apis") or graph.number_of_nodes())
    cross = sum(1 for u, v, d in graph.edges(data=True)
                if d.get("cross_tool", u.rsplit("|", 1)[0] != v.rsplit("|", 1)[0]))
    kinds = Counter(str(d.get("kind", "unknown")) for _, _, d in graph.edges(data=True))
    groups = Counter(str(d["input_group"]) for _, _, d in graph.edges(data=True) if d.get("input_group"))
    return GraphStats(
        nodes=graph.number_of_nodes(),
        edges=n_edges,
        api_pairs=simple.number_of_edges(),
        corpus_apis=apis,
        edges_per_api=round(n_edges / apis, 4) if apis else 0.0,
        cross_tool_edges=cross,
        cross_tool_share=round(cross / n_edges, 4) if n_edges else 0.0,
        kinds=dict(sorted(kinds.items())),
        input_groups=dict(sorted(groups.items())),
        weak_components=len(comps),
        largest_component=max((len(c) for c in comps), default=0),
        degree_histogram={b: buckets[b] for b in order},
        top_apis=sorted(degree.items(), key=lambda kv: (-kv[1], kv[0]))[:top],
        category_pairs=[(a, b, n) for (a, b), n in sorted(cats.items(), key=lambda kv: (-kv[1], kv[0]))[:top]],
        attributes=dict(graph.graph),
        providers=dict(graph.graph.get("providers") or {}),
        rejected=dict(graph.graph.get("rejected") or {}),
        documented_links=int(graph.graph.get("documented_links") or 0),
        resource_chains=int(graph.graph.get("resource_chains") or 0),
        hint=provider_hint(graph.graph.get("rejected") or {}, graph.graph.get("rules") or {},
                           graph.graph.get("providers")),
    )


def learned_line(learned: dict | None) -> str:
    """Who decided the edges when a learned model did (``graph.graph["learned"]``): the model, why, its threshold,
    and how its picks differ from the rules' (whose rejections ``rejected`` still counts)."""
    if not learned:
        return ""
    why = f"; {learned['auto']}" if learned.get("auto") else ""
    decided = "decided" if learned.get("scorer") == "learned" else "ranked"
    return (f"validity         {learned.get('model') or 'a learned model'} {decided} ({learned.get('scorer')}{why}), "
            f"threshold {learned.get('threshold')}: {learned.get('kept')} candidates kept before the caps, the rules "
            f"kept {learned.get('rules_kept')} ({learned.get('kept_not_rules')} only by the model, "
            f"{learned.get('rules_not_kept')} only by the rules; the rejections below are the rules' verdicts)"
            + "".join(f"; {n} more candidates proposed by its {name}" for name, n in learned.get("proposed", {}).items()))


def format_stats(stats: GraphStats) -> str:
    lines = [
        f"nodes            {stats.nodes}",
        f"edges            {stats.edges} (entity level)",
        f"API pairs        {stats.api_pairs}",
        f"edges per API    {stats.edges_per_api:.3f} ({stats.edges} edges / {stats.corpus_apis} corpus APIs)",
        f"cross-tool       {stats.cross_tool_edges} edges ({stats.cross_tool_share:.1%})",
        "edge kinds       " + (", ".join(f"{k} {n}" for k, n in stats.kinds.items()) or "none"),
        "input groups     " + (", ".join(f"{k} {n}" for k, n in stats.input_groups.items()) or "none"),
        f"weak components  {stats.weak_components} (largest: {stats.largest_component} APIs)",
    ]
    t = stats.attributes.get("thresholds")
    if t:
        lines.append(f"thresholds       lcs={t['lcs']} kw={t['kw']} desc={t['desc']} "
                     f"({stats.attributes.get('embedding_model')}, {stats.attributes.get('entity_text')} text)")
    if stats.providers:
        rules = stats.providers.get("rules", {})
        lines.append(f"providers        {stats.providers.get('providers')} for {stats.providers.get('tools')} tools, "
                     "decided by: " + "; ".join(f"{RULE_TEXT.get(r, r)} ({n} tools)" for r, n in rules.items()))
    if line := learned_line(stats.attributes.get("learned")):
        lines.append(line)
    if line := copied_schema_line(stats.attributes.get("copied_schemas")):
        lines.append(line)
    if line := implied_output_line(stats.attributes.get("implied_outputs")):
        lines.append(line)
    if stats.documented_links:
        described = stats.attributes.get("described_links") or 0
        said = f", {described} of them stated in words" if described else ""
        lines.append(f"documented links {stats.documented_links} edges (OpenAPI links, Arazzo steps{said}; no rule "
                     "removes them)")
    if stats.resource_chains:
        lines.append(f"REST resources   {stats.resource_chains} edges (a collection's item key into the paths under "
                     "its items; no rule removes them)")
    if stats.rejected:
        lines.append(f"rejected         {sum(stats.rejected.values())} candidates; by rule:")
        lines += [f"  {n:6d}  {reason_label(code)}" for code, n in
                  sorted(stats.rejected.items(), key=lambda kv: (-kv[1], kv[0]))]
    if stats.hint:
        lines.append(f"hint             {stats.hint}")
    lines.append("degree (API pairs in + out): " + ", ".join(f"{b}: {n}" for b, n in stats.degree_histogram.items()))
    lines.append("top connected APIs:")
    lines += [f"  {d:6d}  {api}" for api, d in stats.top_apis]
    lines.append("API pairs per category pair:")
    lines += [f"  {n:6d}  {a} -> {b}" for a, b, n in stats.category_pairs]
    return "\n".join(lines)


def copied_schema_line(summary: dict | None) -> str:
    """What the copied-schema check (:mod:`tooldial.graph.copied_schemas`) did, or ``""`` when it touched nothing."""
    if not summary or not summary.get("apis"):
        return ""
    return (f"copied schemas: outputs of {summary['apis']} APIs in {summary['tools']} tools count as undocumented "
            "(a response schema copied onto APIs that do not name its record)")


def implied_output_line(summary: dict | None) -> str:
    """What the corpus' implied outputs (:mod:`tooldial.corpus.implied_outputs`) added, or ``""``."""
    if not summary or not summary.get("outputs"):
        return ""
    described = (f"; {summary['described']} of them fields another API's documentation says they return, placed "
                 "under a response's undescribed object where it has one, which chain only where it says"
                 if summary.get("described") else "")
    return (f"implied outputs: {summary['outputs']} ids on {summary['apis']} APIs whose documentation does not give "
            "them "
            f"(createX / listXs / findX where another API of the tool takes an xId{described}; "
            "`--no-implied-outputs` leaves them out)")


def provider_hint(rejected: dict, rules: dict, providers: dict | None = None) -> str:
    """When identifier chains were rejected only because their tools are different providers, the flag that keeps
    them; worded for a corpus of one category (perhaps one system documented tool by tool) or of several (a
    multi-tool corpus, where the rejection is expected)."""
    n = int(rejected.get(EdgeReason.ID_OF_OTHER_PROVIDER.value, 0))
    if not n or rules.get("single_provider"):
        return ""
    if (providers or {}).get("categories", 1) > 1:
        return (f"{n} identifier candidates were rejected only because their tools are different providers (expected "
                "in a multi-tool corpus); `graph build --single-provider` keeps them if all tools are one system's")
    return (f"{n} identifier candidates were rejected only because their tools are different providers; if these "
            "tools are one system's, `graph build --single-provider` keeps them")


def graph_notes(graph: nx.MultiDiGraph) -> list[str]:
    """What ``graph build`` adds to its summary: how providers were decided, documented links, the hint."""
    lines = []
    summary = graph.graph.get("providers") or {}
    if summary:
        lines.append(f"providers: {summary.get('providers')} for {summary.get('tools')} tools ("
                     + "; ".join(f"{n} {r}" for r, n in summary.get("rules", {}).items()) + ")")
    if graph.graph.get("documented_links"):
        described = graph.graph.get("described_links") or 0
        lines.append(f"documented links: {graph.graph['documented_links']} edges"
                     + (f" ({described} stated in words in the APIs' documentation)" if described else ""))
    if graph.graph.get("resource_chains"):
        lines.append(f"REST resources: {graph.graph['resource_chains']} edges (a collection's item key into the paths "
                     "under its items)")
    if line := copied_schema_line(graph.graph.get("copied_schemas")):
        lines.append(line)
    if line := implied_output_line(graph.graph.get("implied_outputs")):
        lines.append(line)
    if hint := provider_hint(graph.graph.get("rejected") or {}, graph.graph.get("rules") or {},
                             graph.graph.get("providers")):
        lines.append(f"hint: {hint}")
    return lines
