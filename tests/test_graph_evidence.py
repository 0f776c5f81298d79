"""Typed edge evidence (``tooldial.graph.evidence``): the graph stage writes what it knew, the chain sampler reads
it, and rewording an edge's ``reason`` (prose for people) changes nothing downstream."""

from __future__ import annotations

import json
from pathlib import Path

import networkx as nx
import pytest

from tooldial.corpus.models import Api, OutputComponent, Parameter
from tooldial.dialogue.chains import chain_problem
from tooldial.errors import TooldialError
from tooldial.graph import load_graph, save_graph
from tooldial.graph.entities import Entity
from tooldial.graph.evidence import Evidence, edge_attribute, edge_evidence
from tooldial.graph.validity import RuleConfig, judge_edge, shared_id_space


def _api(name, tool, params=(), outputs=(), category="Business"):
    return Api(category=category, tool=tool, name=name,
               required_parameters=tuple(Parameter(name=n, type="string") for n in params),
               output_components=tuple(OutputComponent(path=tuple(p.split("|"))) for p in outputs))


def _ent(api_id: str, role: str, key: str, provider: str = "") -> Entity:
    return Entity(api_id=api_id, role=role, key=key, name=key.replace("_", " "), description="", documented="",
                  provider=provider)


def test_the_graph_stage_gives_an_id_space_its_typed_evidence() -> None:
    cfg = RuleConfig()
    countries = _ent("Sports|ApiSoccer|Countries", "output", "country_id")
    odds = _ent("Sports|odds_hub|Tournaments", "input", "country_id")
    named = shared_id_space(countries, odds, "Country ids as ApiSoccer's Countries endpoint lists them", cfg)
    assert named is not None and named.evidence is Evidence.DOCS_NAME_SOURCE
    a = _ent("Business|crm one|Leads", "output", "lead_id", provider="acme")
    b = _ent("Business|crm two|Lead", "input", "lead_id", provider="acme")
    verdict = judge_edge(a, b, 0.9, 0.9)
    assert verdict.keep and verdict.evidence == (Evidence.SAME_PROVIDER,) and verdict.kind == "identifier"


@pytest.mark.parametrize(("evidence", "reason", "rejected"), [
    ("same_provider", "identifier; same provider (acme)", False),
    ("same_provider", "the two tools are run by one company", False),  # reworded: same decision
    ("", "identifier; same provider (acme)", True),  # prose alone is no evidence
    ("tool_family", "identifier; same tool family (estate)", True),
])
def test_chains_read_evidence_not_the_reason(evidence: str, reason: str, rejected: bool) -> None:
    a = _api("Property by Address", "Real Estate Property API", ["street"], ["property_id"])
    b = _api("property/details", "Real Estate", ["property_id"])
    edge = {"kind": "identifier", "reason": reason, "evidence": evidence}
    problem = chain_problem(a, b, "property_id", a.output("property_id"), edge)
    assert problem.startswith("cross-tool identifier without shared-id-space evidence") is rejected


def test_edge_attribute_round_trips_and_rejects_unknown_values() -> None:
    text = edge_attribute([Evidence.SAME_PROVIDER, Evidence.FORMATS_AGREE])
    assert text == "formats_agree,same_provider"
    assert edge_evidence({"evidence": text}) == {Evidence.SAME_PROVIDER, Evidence.FORMATS_AGREE}
    assert edge_evidence({}) == frozenset()
    with pytest.raises(ValueError):
        edge_evidence({"evidence": "same provider"})


def test_a_graph_file_older_than_the_evidence_is_refused_with_one_line(tmp_path: Path) -> None:
    graph = nx.MultiDiGraph()
    graph.add_edge("A|t|x", "A|t|y", kind="identifier", reason="identifier; same tool", evidence="same_tool")
    path = save_graph(graph, tmp_path / "graph.json")
    assert load_graph(path).number_of_edges() == 1
    data = json.loads(path.read_text(encoding="utf-8"))
    data["format_version"] = 1
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(TooldialError, match=r"graph\.json: graph format 1 predates typed edge evidence.*rebuild"):
        load_graph(path)


def test_the_sampler_carries_the_evidence_to_the_planner_and_the_record() -> None:
    """A unit's edge (what the planner judges and the record keeps in ``scenario.chain``, where the validator
    judges it again) holds the graph's typed evidence: without it every cross-tool identifier would be refused."""
    from tooldial.corpus.models import Corpus, Tool
    from tooldial.dialogue.sampling import edge_units

    a = _api("Leads", "crm one", [], ["lead_id"])
    b = _api("Lead", "crm two", ["lead_id"])
    corpus = Corpus(spec="test:evidence", tools=[Tool(category="Business", name=t.tool, apis=(t,)) for t in (a, b)])
    graph = nx.MultiDiGraph()
    graph.add_edge(a.id, b.id, source_output="lead_id", target_input="lead_id", kind="identifier",
                   reason="identifier; same provider (acme)", evidence="same_provider", standard="", cross_tool=True)
    (unit,) = edge_units(graph, corpus)
    assert unit.edge["evidence"] == "same_provider" and "standard" in unit.edge
    assert chain_problem(a, b, "lead_id", a.output("lead_id"), unit.edge) == ""


def test_a_rejection_count_key_is_a_code_with_a_label() -> None:
    from tooldial.graph.reasons import EdgeReason, reason_label

    assert EdgeReason.CROSS_TOOL_SIMILARITY.label == "cross tool similarity"
    assert reason_label("id_of_other_provider") == "id of other provider"
    assert reason_label("identifier of another provider") == "identifier of another provider"  # an old graph's key
