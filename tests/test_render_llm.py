"""The ``openai`` renderer: answer validation, retries with feedback, drops with reasons, kill-and-resume.

Scripted answers come from a real HTTP server on 127.0.0.1 (``ScriptedServer`` from test_llm.py); the
end-to-end run uses the real ``openai_server`` (SmolLM2-135M), whose answers are mostly unusable — the test
holds the renderer to detecting that, not to the model being good.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_llm import ScriptedServer

from tooldial.dialogue.render_llm import LLMRenderer, build_prompt, messages_from_answer, renderable_turns
from tooldial.dialogue.renderer import check_messages, get_renderer
from tooldial.dialogue.scenario import ApiBrief, ScenarioInstruction, make_turn
from tooldial.llm import LLMClient

API = "Weather|sky_cast|Daily Forecast"


def weather_scenario(dialogue_id: str = "td-test-0", seed: int = 5, city: str = "Paris") -> ScenarioInstruction:
    """A short single-API dialogue: clear intent (fixed), retriever call, call, response, byes."""
    result = {"api_name": API, "result": {"city": city, "condition": "sunny", "high_c": 18}}
    state = {"api_confirmed": "true", "api_status": {"api_name": API, "required_parameters": {"city": city},
                                                     "optional_parameters": {}, "system_action": "respond"}}
    turns = [
        make_turn("User", "inform_intent_clear", "User asks for tomorrow's forecast.",
                  fixed_message=f"What's the weather forecast for {city} tomorrow?"),
        make_turn("System", "retriever_call", "The system calls the retriever.", thought="I will call the retriever."),
        make_turn("System", "call", f"The system calls {API}.", thought="I have every input. I will call it.",
                  api_request={"api_name": API, "required_parameters": {"city": city}, "optional_parameters": {}},
                  api_response=result),
        make_turn("System", "response", "The system reports the forecast: sunny, high of 18.",
                  thought="I can answer from the call result.", dialogue_state=state, api_response=result,
                  required_values=["sunny", "18"]),
        make_turn("User", "user_bye", "User thanks the system and says goodbye."),
        make_turn("System", "system_bye", "The system says goodbye politely.", thought="I will say goodbye."),
    ]
    return ScenarioInstruction(
        dialogue_id=dialogue_id, sequence_id="one_api_07", actions=[t.sequence_action for t in turns],
        subgraph_type="zeroyes", target=API, domain="Weather", seed=seed,
        query=f"What's the weather forecast for {city} tomorrow?",
        apis=[ApiBrief(api_id=API, name="Daily Forecast", tool="sky_cast", category="Weather",
                       description="Daily weather forecast for a city.", required_parameters={"city": "City name"})],
        mockdata={"source": [], "target": [result]}, turns=turns,
    )


GOOD = [
    {"turn": 3, "action": "response", "message": "  Tomorrow looks sunny with a high of 18 degrees!"},
    {"turn": 4, "action": "user_bye", "message": "Thanks a lot, bye!"},
    {"turn": 5, "action": "system_bye", "message": "You're welcome, have a great day."},
]


def test_prompt_numbers_turns_and_marks_what_to_write() -> None:
    scenario = weather_scenario()
    assert renderable_turns(scenario) == [3, 4, 5]
    system, user = build_prompt(scenario)
    assert system["role"] == "system" and '"turn"' in system["content"]
    text = user["content"]
    assert "### Turn 0 (already written)" in text and "### Turn 1 (silent, no message)" in text
    assert "### Turn 3 (write this turn)" in text and '-must contain verbatim: ["sunny", "18"]' in text
    assert text.endswith("Turns to write: 3, 4, 5")
    retry = build_prompt(scenario, ["turn 3 (System response): missing required value '18'"])[1]["content"]
    assert "previous answer was rejected" in retry and "missing required value '18'" in retry


def test_a_valid_answer_is_kept_verbatim() -> None:
    scenario = weather_scenario()
    answer = "Here you go:\n```json\n" + json.dumps(GOOD) + "\n```"
    messages, problems = messages_from_answer(scenario, answer)
    assert problems == []
    assert messages == ["What's the weather forecast for Paris tomorrow?", "", "",
                        "  Tomorrow looks sunny with a high of 18 degrees!", "Thanks a lot, bye!",
                        "You're welcome, have a great day."]
    assert check_messages(scenario, messages) == []
    # JSON mode answers are objects; turn numbers may be missing (then the order decides) or strings.
    wrapped = json.dumps({"turns": [{**g, "turn": str(g["turn"])} for g in GOOD]})
    assert messages_from_answer(scenario, wrapped)[0] == messages
    unnumbered = json.dumps([{k: v for k, v in g.items() if k != "turn"} for g in GOOD])
    assert messages_from_answer(scenario, unnumbered)[0] == messages


@pytest.mark.parametrize(
    ("answer", "problem"),
    [
        ("I'm sorry, I can't write that dialogue.", "answer is not JSON"),
        ('[{"turn": 3, "action": "response", "message": "It will be sunny', "answer is not JSON"),
        (json.dumps([{**GOOD[0], "message": "It will be sunny."}, *GOOD[1:]]), "missing required value '18'"),
        (json.dumps([{**GOOD[0], "action": "request"}, *GOOD[1:]]), "action changed to 'request'"),
        (json.dumps(GOOD[:2]), "turn 5 (System system_bye): missing from the answer"),
        (json.dumps([{**GOOD[0], "message": 18}, *GOOD[1:]]), "message is not a string"),
        (json.dumps([*GOOD[:2], {**GOOD[2], "message": "   "}]), "turn 5 (System system_bye): empty message"),
        (json.dumps([{"turn": 0, "action": "inform_intent_clear", "message": "Weather?"}, *GOOD[:2]]),
         "turn 5 (System system_bye): missing"),  # fixed turns cannot be rewritten; turn 5 still missing
        (json.dumps({"verdict": "ok"}), "turn 3 (System response): message is not a string"),
    ],
)
def test_bad_answers_are_rejected_with_a_reason(answer: str, problem: str) -> None:
    messages, problems = messages_from_answer(weather_scenario(), answer)
    assert messages is None
    assert any(problem in p for p in problems), problems


def _renderer(server: ScriptedServer, tmp_path: Path, **kwargs) -> LLMRenderer:
    client = LLMClient(server.base_url, "scripted-model", cache_dir=tmp_path / "llm", max_retries=1)
    return LLMRenderer(client=client, **kwargs)


def test_failed_attempt_is_retried_with_feedback_then_kept(tmp_path: Path) -> None:
    def responder(body: dict) -> str:
        if "previous answer was rejected" in body["messages"][-1]["content"]:
            return json.dumps(GOOD)
        return json.dumps([{**GOOD[0], "message": "It will be sunny."}, *GOOD[1:]])  # forgets the 18

    with ScriptedServer(responder=responder) as server:
        renderer = _renderer(server, tmp_path, max_attempts=3)
        [result] = renderer.render([weather_scenario(seed=5)])
        assert result.ok and result.messages[3] == GOOD[0]["message"]
        assert result.stats["attempts"] == 2 and result.stats["requests"] == 2
        first, second = server.requests
        assert (first["temperature"], first["seed"]) == (0.0, 5)
        assert second["temperature"] == 0.7 and second["seed"] == 6  # a changed seed and temperature
        assert "missing required value '18'" in second["messages"][-1]["content"]


def test_hopeless_dialogues_are_dropped_with_every_reason(tmp_path: Path) -> None:
    answers = iter(["no JSON at all", json.dumps(GOOD[:1])])
    with ScriptedServer(responder=lambda body: next(answers)) as server:
        renderer = _renderer(server, tmp_path, max_attempts=2)
        [result] = renderer.render([weather_scenario()])
        assert not result.ok and result.messages is None
        assert result.error.startswith("dropped after 2 attempts: attempt 1: answer is not JSON")
        assert "attempt 2: turn 4 (User user_bye): missing from the answer" in result.error
        assert len(server.requests) == 2


def test_server_errors_drop_the_dialogue_not_the_batch(tmp_path: Path) -> None:
    def responder(body: dict) -> str:
        return json.dumps(GOOD)

    boom = (500, {}, {"error": {"message": "model crashed"}})
    # Every request whose prompt is Berlin's fails; Paris's succeeds.
    with ScriptedServer(responder=responder) as server:
        berlin = weather_scenario("td-test-berlin", city="Berlin")
        server.always = {build_prompt(berlin)[1]["content"]: boom}
        renderer = _renderer(server, tmp_path, max_attempts=1)
        paris_result, berlin_result = renderer.render([weather_scenario("td-test-paris"), berlin])
        assert paris_result.ok
        assert not berlin_result.ok and "request failed" in berlin_result.error and "model crashed" in berlin_result.error


def test_get_renderer_builds_the_openai_renderer(tmp_path: Path) -> None:
    renderer = get_renderer("openai", base_url="http://127.0.0.1:9/v1", model="m", cache_dir=tmp_path,
                            max_concurrency=2)
    assert renderer.name == "openai" and renderer.client.max_concurrency == 2


_RUN = """
import json, sys
from tooldial.dialogue.render_llm import LLMRenderer
from tooldial.dialogue.scenario import ScenarioInstruction
from tooldial.llm import LLMClient
base_url, model, cache, scenarios_file, out = sys.argv[1:]
scenarios = [ScenarioInstruction.model_validate_json(line) for line in open(scenarios_file)]
client = LLMClient(base_url, model, cache_dir=cache, max_concurrency=1)
results = LLMRenderer(client=client, max_attempts=1, max_tokens=12).render(scenarios)
open(out, "w").write(json.dumps([r.model_dump() for r in results]))
"""


def short_scenario(dialogue_id: str, seed: int, city: str) -> ScenarioInstruction:
    """The weather scenario cut to intent, user_bye, system_bye: half the prompt for the slow CPU model."""
    full = weather_scenario(dialogue_id, seed, city)
    turns = [full.turns[i] for i in (0, 4, 5)]
    return full.model_copy(update={"turns": turns, "actions": [t.sequence_action for t in turns]})


@pytest.mark.slow
def test_real_server_killed_run_resumes_without_losing_answers(openai_server, tmp_path: Path) -> None:
    scenarios = [short_scenario("td-test-a", 1, "Paris"), short_scenario("td-test-b", 2, "Oslo")]
    scenarios_file = tmp_path / "scenarios.jsonl"
    scenarios_file.write_text("".join(s.model_dump_json() + "\n" for s in scenarios))
    cache = tmp_path / "llm"
    argv = [sys.executable, "-c", _RUN, openai_server.base_url, openai_server.model, str(cache),
            str(scenarios_file), str(tmp_path / "killed.json")]
    start = openai_server.request_count()
    proc = subprocess.Popen(argv, env={**os.environ, "OPENAI_API_KEY": "sk-never-stored"})
    deadline = time.monotonic() + 120
    while openai_server.request_count() < start + 1 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(0.2)  # the answer reaches the client's cache right after the server logs it
    proc.kill()
    proc.wait()
    answered_before_kill = openai_server.request_count() - start
    assert answered_before_kill >= 1 and not (tmp_path / "killed.json").exists()

    client = LLMClient(openai_server.base_url, openai_server.model, cache_dir=cache, max_concurrency=1)
    results = LLMRenderer(client=client, max_attempts=1, max_tokens=12).render(scenarios)
    needed = sum(r.stats["attempts"] for r in results)
    # Nothing answered before the kill was asked again; only the rest was sent.
    assert needed == 2 and client.stats.cache_hits >= answered_before_kill
    assert client.stats.requests == needed - client.stats.cache_hits
    assert openai_server.request_count() - start == answered_before_kill + client.stats.requests
    for scenario, result in zip(scenarios, results, strict=True):
        if result.ok:  # a usable answer: kept, and it satisfies every rule
            assert check_messages(scenario, result.messages) == []
        else:  # an unusable one: dropped, with the reason of each attempt
            assert result.error.startswith("dropped after 1 attempt: attempt 1: ")
    # A rerun is free and gives the same renderings.
    again = LLMRenderer(client=LLMClient(openai_server.base_url, openai_server.model, cache_dir=cache),
                        max_attempts=1, max_tokens=12)
    assert [r.model_dump(exclude={"stats"}) for r in again.render(scenarios)] == \
        [r.model_dump(exclude={"stats"}) for r in results]
    assert again.client.stats.requests == 0
    assert b"sk-never-stored" not in (cache / "chat.sqlite").read_bytes()
