"""Edge rules (tooldial/rules/edge/): the case table ``tests/data/rules/edge_cases.yaml`` (which registered rule
decides each candidate, with which typed code), the registry's contract and the one loop."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
import yaml

from tooldial.graph.edge_features import REASON_CLASSES as CLASSES
from tooldial.graph.edge_features import reason_class
from tooldial.graph.entities import Entity
from tooldial.graph.reasons import EdgeReason
from tooldial.graph.validity import RuleConfig, Verdict, classify, judge_edge
from tooldial.registry import EDGE_RULES
from tooldial.rules.edge.base import EdgeCase, EdgeRule, decide, edge_rules

DATA = Path(__file__).parent / "data" / "rules"
CASES = yaml.safe_load((DATA / "edge_cases.yaml").read_text(encoding="utf-8"))
REASON_CLASSES = yaml.safe_load((DATA / "edge_reason_classes.yaml").read_text(encoding="utf-8"))
RULES = dict(zip(EDGE_RULES.names(), edge_rules(), strict=True))


def entity(role: str, spec: dict) -> Entity:
    key = spec["key"]
    return Entity(spec["api"], role, key, key.replace("_", " ").replace("|", " "), spec.get("documented") or key,
                  raw=key.split("|")[-1], documented=spec.get("documented", ""), example=spec.get("example", ""),
                  type=spec.get("type", "string"), provider=spec.get("provider", ""),
                  is_list=spec.get("is_list", False), implied=spec.get("implied", False), format=spec.get("format"))


def judge(case: dict):
    desc, kw, lcs = case["sims"]
    return judge_edge(entity("output", case["source"]), entity("input", case["target"]), desc, kw, lcs,
                      keyed_lookup=case.get("keyed", False), target_docs=case.get("target_docs", ""),
                      target_api_text=case.get("target_api_text", ""), tool_records=_records(case))


def _records(case: dict) -> frozenset[tuple[str, ...]]:
    return frozenset(tuple(r) for r in case.get("tool_records", ()))


def deciding_rule(case: dict) -> str:
    """The name of the first registered rule that applies and returns a verdict (the loop of :func:`decide`)."""
    desc, kw, lcs = case["sims"]
    source, target = entity("output", case["source"]), entity("input", case["target"])
    view = EdgeCase(source, target, classify(source), classify(target), desc, kw, lcs, case.get("target_docs", ""),
                    case.get("target_api_text", ""), RuleConfig(), case.get("keyed", False), _records(case))
    return next(name for name, rule in RULES.items() if rule.applies(view) and rule.judge(view) is not None)


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['rule']}-{c['expect'][1]}")
def test_edge_case_table(case: dict) -> None:
    got = judge(case)
    keep, code = case["expect"]
    assert (got.keep, got.code) == (keep, EdgeReason(code)), got.reason
    assert deciding_rule(case) == case["rule"]
    assert got.code in RULES[case["rule"]].codes


def test_every_registered_rule_has_a_case() -> None:
    assert {c["rule"] for c in CASES} == set(EDGE_RULES.names())


def test_every_registered_rule_is_an_edge_rule_in_its_own_module() -> None:
    root = Path(__file__).parent.parent / "tooldial" / "rules" / "edge"
    for name in EDGE_RULES:
        rule = RULES[name]
        assert isinstance(rule, EdgeRule) and rule.codes, name
        module = EDGE_RULES.target(name).partition(":")[0]
        tree = ast.parse((root / f"{module.rsplit('.', 1)[-1]}.py").read_text(encoding="utf-8"))
        assert [n.name for n in tree.body if isinstance(n, ast.ClassDef)] == [type(rule).__name__]


def test_the_loop_needs_a_deciding_rule() -> None:
    case = CASES[0]
    desc, kw, lcs = case["sims"]
    source, target = entity("output", case["source"]), entity("input", case["target"])
    view = EdgeCase(source, target, classify(source), classify(target), desc, kw, lcs, "", "", RuleConfig(), False)
    with pytest.raises(LookupError):
        decide(view, rules=[])
    assert decide(view, rules=[RULES["cross_tool"]]).code is EdgeReason.CROSS_TOOL_SIMILARITY


@pytest.mark.parametrize("row", REASON_CLASSES, ids=lambda r: f"{r['code']}-{r['class']}")
def test_reason_class_table(row: dict) -> None:
    """The learned model's reason class is read from the code (and a rejection's listed field names)."""
    verdict = Verdict(row["keep"], "prose that says nothing the class depends on", 0.5, "value",
                      code=EdgeReason(row["code"]), names=tuple(row.get("names", ())))
    assert reason_class(verdict) == row["class"]


def test_the_prose_reason_is_unchanged_beside_the_code() -> None:
    case = next(c for c in CASES if c["expect"][1] == "cross_tool_similarity")
    got = judge(case)
    assert got.reason == "across tools the names or descriptions differ too much"
    assert got.code is EdgeReason.CROSS_TOOL_SIMILARITY


def test_every_reason_class_has_a_row() -> None:
    assert {r["class"] for r in REASON_CLASSES} == set(CLASSES)
