"""World rules as registered plug-ins (``tooldial/rules/dialogue/``): the case table in
``tests/data/rules/world_cases.yaml``, the registry's contract, and the one loop the validator (every call, then
the dialogue) and the planner (its plan's calls) run."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from tooldial.corpus.models import Corpus, Tool
from tooldial.dialogue.record import DialogueRecord
from tooldial.registry import WORLD_RULES
from tooldial.rules.record import Check
from tooldial.rules.world_check import (
    Call,
    CallRule,
    DialogueRule,
    Scene,
    WorldCheck,
    WorldProblem,
    check_call,
    check_dialogue,
    world_rules,
)

CASES = yaml.safe_load((Path(__file__).parent / "data" / "rules" / "world_cases.yaml").read_text(encoding="utf-8"))
RULES = dict(zip(WORLD_RULES, world_rules(), strict=True))


def _scene(case: dict[str, Any]) -> Scene:
    from test_rules_chain import _api

    corpus = None
    if case.get("corpus"):
        apis = tuple(_api(spec) for spec in case["corpus"])
        corpus = Corpus(spec="test", tools=[Tool(category=apis[0].category, name=apis[0].tool, apis=apis)])
    record = DialogueRecord.model_construct(dialogue_id="case", source="", target=case.get("target", ""),
                                            scenario=case.get("scenario", {}), dialogue=[],
                                            mockdata=case.get("mockdata", {"source": [], "target": []}))
    return Scene(record, [tuple(turn) for turn in case.get("turns", [])], None, corpus)


def _problems(case: dict[str, Any]) -> list[WorldProblem]:
    rule = RULES[case["rule"]]
    if isinstance(rule, CallRule):
        return rule.problems(Call(case.get("api_name", "Api"), case.get("inputs", {}), case.get("result")), None)
    return rule.problems(_scene(case))


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['rule']}:{','.join(c['expect']) or 'clean'}")
def test_world_case_table(case: dict[str, Any]) -> None:
    problems = _problems(case)
    assert [p.check.value for p in problems] == case["expect"], [str(p) for p in problems]
    assert all(p.check in RULES[case["rule"]].checks for p in problems)


def test_every_registered_rule_has_a_case_and_every_check_a_rule() -> None:
    """A rule no case makes report is untested; a world check no rule declares is dead."""
    assert {c["rule"] for c in CASES if c["expect"]} == set(WORLD_RULES)
    declared = {c for rule in world_rules() for c in rule.checks}
    assert declared == set(WorldCheck) | set(Check)


def test_every_registered_rule_is_a_world_rule_in_its_own_module() -> None:
    modules = [WORLD_RULES.target(n).partition(":")[0] for n in WORLD_RULES]
    assert len(set(modules)) == len(modules) and all(m.startswith("tooldial.rules.dialogue.") for m in modules)
    assert all(isinstance(r, CallRule | DialogueRule) and r.checks and r.kind in ("filler", "consistency", "groups",
                                                                                 "answer") for r in world_rules())


def test_the_message_is_the_check_then_where_then_the_detail() -> None:
    problem = RULES["records"].problems(Call("Quote", {}, {"volume": -5}), None)[0]
    assert problem == WorldProblem(Check.NEGATIVE_VOLUME, "Quote result: volume=-5", ("volume",))
    assert str(problem) == "negative volume: Quote result: volume=-5"


def test_the_planner_runs_the_records_and_error_rules_of_the_same_loop() -> None:
    call = Call("Api", {"latitude": 0, "longitude": 0}, {"volume": -5, "name": "willow-5166"})
    planned = [p.check for _, p in check_call(call, plan=True)]
    assert planned == [Check.NEGATIVE_VOLUME, WorldCheck.NULL_ISLAND]  # records, then error records
    checked = [p.check for _, p in check_call(call)]
    assert WorldCheck.FILLER_TOKEN in checked and WorldCheck.NULL_ISLAND not in checked  # the turns' rule judges it


def test_a_dialogue_runs_the_call_rules_on_each_call_then_the_dialogue_rules() -> None:
    case = next(c for c in CASES if c["rule"] == "venues" and c["expect"])
    scene = _scene(case)
    found = check_dialogue(scene)
    assert [(k, p.check) for k, p in found] == [("consistency", WorldCheck.VENUE_ELSEWHERE)]


def _fixed(name: str) -> tuple[dict[str, Any], Any]:
    """A broken call of each world rule that carries its own fix (run by the mock-data generator), mended by it."""
    import random

    from tooldial.rules.dialogue import (
        calendar,
        code_name,
        exchange_rate,
        paging,
        rows,
        status,
        weather,
        window,
    )

    if name == "calendar":
        inputs = {"date": "2025-03-10", "month": "7"}
        assert RULES[name].problems(Call("Api", inputs, None), None)
        calendar.agree_calendar(inputs, {"date": "date"}, None, {})  # type: ignore[arg-type]  # a full date: no draw
        return inputs, None
    if name == "window":
        inputs = {"to": "2021-01-17T14:34:08.700Z", "from": "2021-01-17T14:34:08.700Z", "startDate": "2021-03-02",
                  "endDate": "2021-03-01"}
        assert len(RULES[name].problems(Call("Api", inputs, None), None)) == 2
        window.Window.fix(inputs)
        assert inputs == {"to": "2021-01-18T14:34:08.700Z", "from": "2021-01-17T14:34:08.700Z",
                          "startDate": "2021-03-01", "endDate": "2021-03-02"}  # the end's own form; a backward pair swapped
        return inputs, None
    inputs, result = {
        "code_name": ({}, {"language": {"code": "en", "name": "Vietnamese"}}),
        "exchange_rate": ({"from": "USD", "to": "EUR", "amount": "100"}, {"response": {"converted": 445.67}}),
        "paging": ({"page": "2"}, {"page": 5, "total_pages": 3}),
        "status": ({}, {"response": {"statusCode": "73", "success": True, "data": {"id": 6796}}}),
        "rows": ({}, {"teams": [{"team_id": 7, "team_name": "Arsenal"}, {"team_id": 7, "team_name": "Chelsea"}],
                      "prices": [{"date": "2025-01-01", "close": 100.0}, {"date": "2025-01-02", "close": 900.0}]}),
        "weather": ({}, {"cloudCover": 58.17, "uvIndex": 94, "humidity": 85, "pressure": 70.71, "windSpeed": 98.62,
                         "windGust": 39.13, "temperature": 25.6}),
    }[name]
    assert RULES[name].problems(Call("Api", inputs, result), None)
    if name == "code_name":
        code_name.name_from_code(("language",), result["language"])
    elif name == "exchange_rate":
        exchange_rate.fix_conversion(result["response"], inputs)
    elif name == "paging":
        paging.fix_paging(result, inputs)
    elif name == "status":
        status.fix_status(result["response"])
        assert result["response"]["statusCode"] == "200"  # a string stays a string
    elif name == "rows":
        rows.one_name_per_id(result["teams"])
        rows.walk_series(result, random.Random(1))
    else:
        weather.fix_weather(result, random.Random(1))
    return inputs, result


@pytest.mark.parametrize("name", ["calendar", "window", "code_name", "exchange_rate", "paging", "status", "rows",
                                  "weather"])
def test_a_world_rules_own_fix_mends_what_it_reports(name: str) -> None:
    inputs, result = _fixed(name)
    assert RULES[name].problems(Call("Api", inputs, result), None) == []


def test_a_result_that_is_only_a_status_code_states_a_success_code():
    # review 4511: a Petstore uploadFile's ApiResponse came back as {"code": 45} and the answer repeated it
    from tooldial.rules.dialogue import status as status_rule

    body = {"code": 45}
    assert status_rule.status_problems(body)
    status_rule.fix_status(body)
    assert body == {"code": 200}
    assert not status_rule.status_problems({"code": 200})
    assert not status_rule.status_problems({"error": "Not found", "code": 404})  # an error record is the error rules'
