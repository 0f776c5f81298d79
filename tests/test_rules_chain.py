"""Chain rules as registered plug-ins (``tooldial/rules/chain/``): the case table in
``tests/data/rules/chain_cases.yaml``, the registry's contract, and the one loop the sampler, the planner and the
validator call (``dialogue.chains.chain_verdict``)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from tooldial.corpus.models import Api, Corpus, OutputComponent, Parameter
from tooldial.dialogue.chains import chain_link, chain_problem, chain_verdict, schema_copies
from tooldial.registry import CHAIN_RULES
from tooldial.rules.chaining import ChainCheck, ChainProblem, ChainRule, Link, chain_rules, check_chain

CASES = yaml.safe_load((Path(__file__).parent / "data" / "rules" / "chain_cases.yaml").read_text(encoding="utf-8"))


@cache
def _builtin() -> Corpus:
    from tooldial.corpus import load_corpus

    return load_corpus("builtin")


def _api(spec: str | dict[str, Any]) -> Api:
    """An API of the embedded corpus (by id) or one the case describes."""
    if isinstance(spec, str):
        return _builtin().get(spec)

    def param(p: str | dict[str, Any]) -> Parameter:
        return Parameter(name=p) if isinstance(p, str) else Parameter(**p)

    def output(o: str | dict[str, Any]) -> OutputComponent:
        o = {"path": o} if isinstance(o, str) else dict(o)
        return OutputComponent(**{**o, "path": tuple(o["path"].split("|"))})

    return Api(category=spec.get("category", "Data"), tool=spec["tool"], name=spec["name"],
               description=spec.get("description", spec["name"]), method=spec.get("method", "GET"),
               required_parameters=tuple(param(p) for p in spec.get("params", ())),
               optional_parameters=tuple(param(p) for p in spec.get("optional", ())),
               output_components=tuple(output(o) for o in spec.get("outputs", ())),
               example_response=spec.get("example"))


def _link(case: dict[str, Any]) -> Link:
    source, target = _api(case["source"]), _api(case["target"])
    copies = schema_copies(_builtin(), source) if isinstance(case["source"], str) else 1
    return chain_link(source, target, case["input"], source.output(case["output"]), case.get("edge"),
                      schema_copies=copies)


def _name(case: dict[str, Any]) -> str:
    api = case["source"] if isinstance(case["source"], str) else case["source"]["name"]
    return f"{case.get('rule', 'clean')}:{case['check']}:{api}->{case['input']}"


@pytest.mark.parametrize("case", CASES, ids=_name)
def test_chain_case_table(case: dict[str, Any]) -> None:
    link = _link(case)
    verdict = check_chain(link)
    if case["check"] is None:
        assert verdict is None, verdict
        return
    assert verdict is not None and verdict.check is ChainCheck[case["check"]], verdict
    # the rule the case names is the one that rejects the chain (the first in registry order)
    rule = chain_rules()[list(CHAIN_RULES).index(case["rule"])]
    assert rule.applies(link) and rule.problem(link) == verdict and verdict.check in rule.checks


def test_every_registered_rule_has_a_case_and_every_check_a_rule() -> None:
    """A rule no case rejects with is untested; a check no rule declares is dead (``undocumented output`` is the
    validator's own, found before the rules run)."""
    assert {c["rule"] for c in CASES if c["check"] is not None} == set(CHAIN_RULES)
    declared = {c for rule in chain_rules() for c in rule.checks}
    assert declared == set(ChainCheck) - {ChainCheck.UNDOCUMENTED_OUTPUT}
    assert any(c["check"] is None for c in CASES)


def test_every_registered_rule_is_a_chain_rule_in_its_own_module() -> None:
    rules = chain_rules()
    assert len(rules) == len(CHAIN_RULES) and all(isinstance(r, ChainRule) and r.checks for r in rules)
    modules = [CHAIN_RULES.target(n).partition(":")[0] for n in CHAIN_RULES]
    assert len(set(modules)) == len(modules) and all(m.startswith("tooldial.rules.chain.") for m in modules)


def test_the_message_is_for_people_and_the_check_for_code() -> None:
    case = next(c for c in CASES if c.get("rule") == "echo" and c["check"] == "ECHOED_INPUT")
    link = _link(case)
    verdict = chain_verdict(link.source, link.target, link.chain_param, link.chain, case.get("edge"))
    assert verdict == ChainProblem(ChainCheck.ECHOED_INPUT, "the source echoes the sign the user gave: Sign reading (sign)")
    # the words before the colon name the case ("the sign"); reports count the check's general name
    assert str(verdict).split(":")[0] != verdict.check.value == "the source echoes an input the user gave"
    assert chain_problem(link.source, link.target, link.chain_param, link.chain) == str(verdict)
    assert verdict.detail == "Sign reading (sign)"


def test_the_cross_tool_rule_runs_only_across_tools() -> None:
    case = next(c for c in CASES if c.get("rule") == "cross_tool")
    link = _link(case)
    cross = chain_rules()[list(CHAIN_RULES).index("cross_tool")]
    assert link.cross_tool and cross.applies(link)
    same_tool = Link(link.source, link.source, link.chain_param, link.chain, link.kind, link.edge)
    assert not cross.applies(same_tool)


def test_the_loop_stops_at_the_first_problem_in_the_order_given() -> None:
    class Always(ChainRule):
        checks = (ChainCheck.MEASURED,)

        def problem(self, link: Link) -> ChainProblem | None:
            return ChainProblem(ChainCheck.MEASURED, "a measured quantity, not a value to look up: always")

    link = _link(next(c for c in CASES if c["check"] is None))
    assert check_chain(link) is None
    assert check_chain(link, rules=(Always(), *chain_rules())).check is ChainCheck.MEASURED
