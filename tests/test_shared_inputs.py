"""An input the source and the target of one tool share (allscores' ``timezone`` and ``langId``) is one value
of the user's, said once: the system never asks for it again for the other API (session-20 review: "the
assistant asks again for the lang id and timezone it already has")."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from tooldial.corpus.models import Api, OutputComponent, Parameter
from tooldial.dialogue.dialogue_plan import ApiSlots, DialoguePlan, DialogueUnit
from tooldial.dialogue.retriever import RetrieverConfig
from tooldial.dialogue.scenario_writer import _ScenarioWriter
from tooldial.dialogue.sequences import get_sequence


def _api(name: str, params: list[str], outputs: tuple[str, ...] = ()) -> Api:
    return Api(category="Sports", tool="Scores", name=name, description=f"Get {name.lower()}.", method="GET",
               required_parameters=tuple(Parameter(name=p, type="string", description=p) for p in params),
               output_components=tuple(OutputComponent(path=tuple(o.split("|"))) for o in outputs))


GAME = _api("Game details", ["gameId", "timezone", "langId"], ("game|awayCompetitor|id", "game|name"))
GAMES = _api("Competitor games", ["competitorId", "timezone", "langId", "season"])
VALUES = {"gameId": "3627363", "timezone": "America/Chicago", "langId": "1", "competitorId": "1305",
          "season": "2024"}


def _plan(sequence: str, source_values: dict[str, str] | None = None) -> DialoguePlan:
    unit = DialogueUnit(target=GAMES.id, source=GAME.id, chain_param="competitorId",
                        chain_output="game|awayCompetitor|id")
    target = ApiSlots(GAMES, [p.name for p in GAMES.required_parameters], [],
                      {p.name: VALUES[p.name] for p in GAMES.required_parameters})
    values = source_values or {p.name: VALUES[p.name] for p in GAME.required_parameters}
    plan = DialoguePlan(unit=unit, sequence=get_sequence(sequence), target=target, target_result={})
    plan.source = ApiSlots(GAME, list(values), [], values)
    plan.source_result = {"game": {"awayCompetitor": {"id": 1305}, "name": "Final"}}
    plan.chain_component = GAME.output("game|awayCompetitor|id")
    return plan


def _requests(plan: DialoguePlan) -> list[tuple[str, list[str], dict[str, str]]]:
    writer = _ScenarioWriter(plan, SimpleNamespace(config=RetrieverConfig()), random.Random(0))
    writer.two_apis()
    out = []
    for turn in writer.turns:
        if turn.action == "request":
            status = turn.dialogue_state["api_status"]
            out.append((status["api_name"], turn.content["slots"], status["required_parameters"]))
    return out


def test_the_shared_inputs_are_those_with_the_same_name_and_value() -> None:
    assert _plan("two_api_07").shared == ["timezone", "langId"]
    other = dict(gameId="3627363", timezone="Europe/Paris", langId="1")
    assert _plan("two_api_07", other).shared == ["langId"]  # another timezone is another value


@pytest.mark.parametrize("sequence", ["two_api_07", "two_api_08"])
def test_a_shared_input_is_never_asked_for_twice(sequence: str) -> None:
    requests = _requests(_plan(sequence))
    asked: list[str] = []
    for _, slots, _ in requests:
        asked += [s for s in slots if s in ("timezone", "lang id")]
    # the first request names what the target needs; afterwards each shared input is asked at most once more
    assert asked.count("timezone") <= 2 and asked.count("lang id") <= 2, requests
    later = requests[1:]
    assert sum(s in ("timezone", "lang id") for _, slots, _ in later for s in slots) <= 2, requests
    if sequence == "two_api_07":  # after the source call only the season is left, and the state has the rest
        api, slots, state = requests[-1]
        assert api == GAMES.id and slots == ["season"]
        assert state["timezone"] == "America/Chicago" and state["langId"] == "1"
    else:  # the user gave timezone and lang id with the target's rest: the source asks only for the game id
        api, slots, state = requests[1]
        assert api == GAME.id and slots == ["game id"] and state["timezone"] == "America/Chicago"


def test_a_sequence_that_would_ask_only_for_shared_inputs_is_not_planned() -> None:
    """Target "Competitor squads" needs only the chained id and the two inputs the source also takes: after the
    source call nothing is left to ask, so a sequence with a request there is not realized with this edge."""
    from tooldial.corpus.models import Corpus, Tool
    from tooldial.dialogue.planner import plan_dialogue

    squads = _api("Competitor squads", ["competitorId", "timezone", "langId"])
    corpus = Corpus(spec="test", tools=[Tool(category="Sports", name="Scores", apis=(GAME, squads, GAMES))])
    for target, expected in ((squads, False), (GAMES, True)):
        unit = DialogueUnit(target=target.id, source=GAME.id, chain_param="competitorId",
                            chain_output="game|awayCompetitor|id")
        plans = [plan_dialogue(unit, get_sequence("two_api_07"), corpus, random.Random(seed)) for seed in range(20)]
        assert any(p is not None for p in plans) is expected
        assert all(p is None or "season" in p.target.names for p in plans)
