"""The ``openai`` renderer: per-turn checks, retries with feedback, template fallback marked per turn, kill-and-resume.

Scripted answers come from a real HTTP server on 127.0.0.1 (``ScriptedServer`` from test_llm.py); the
end-to-end run uses the real ``openai_server`` (SmolLM2-135M), whose answers are mostly unusable — the test
holds the renderer to detecting that, not to the model being good.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import kill_after_first_answer
from test_llm import ScriptedServer

from tooldial.dialogue.render_llm import (
    LLMRenderer,
    build_prompt,
    build_turn_prompt,
    clean_message,
    messages_from_answer,
    renderable_turns,
    turn_problems,
)
from tooldial.dialogue.render_template import TemplateRenderer
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


def _action(body: dict) -> str:
    """The action a per-turn prompt asks for."""
    return re.search(r"^Action: (\S+)", body["messages"][-1]["content"], re.MULTILINE).group(1)


PER_TURN = {"response": "Tomorrow looks sunny with a high of 18 degrees!", "user_bye": "Thanks a lot, bye!",
            "system_bye": "You're welcome, have a great day."}


def test_turn_prompt_shows_the_dialogue_so_far_and_what_the_turn_must_hold() -> None:
    scenario = weather_scenario()
    system, user = build_turn_prompt(scenario, 3, ["What's the weather forecast for Paris tomorrow?", "", "", ""])
    assert "Write only what the speaker says" in system["content"]
    text = user["content"]
    assert "User: What's the weather forecast for Paris tomorrow?" in text and "System: \n" not in text
    assert "Action: response" in text and 'exactly as written: "sunny", "18"' in text
    assert "API call result: {'city': 'Paris'" in text and "The system thinks:" in text


@pytest.mark.parametrize(
    ("action", "content", "message", "problem"),
    [
        ("fail_inform", {"missing": ["city id"]}, "I don't know the city id.", None),
        ("fail_inform", {"missing": ["city id"]}, "The city id is 7.", "does not say the user does not know it"),
        ("fail_inform", {"missing": ["city id"]}, "Sorry, no idea.", "does not name what the user lacks"),
        ("request", {"slots": ["city_name"]}, "Which city name do you mean?", None),
        ("request", {"slots": ["city_name"]}, "How can I help you today?", "does not ask for city name"),
        ("negate", {}, "Sure, great.", "does not decline"),
        ("affirm", {}, "No, thanks.", "does not accept"),
        ("user_bye", {}, "What is the forecast?", "does not thank or say goodbye"),
        ("clarify", {}, "Tell me more.", "asks no question"),
        ("inform", {}, 'User: {"message": "Paris"}', "prompt debris"),
        ("inform", {}, "Paris. System: May I ask for the date?", "prompt debris"),
        ("request", {"slots": ["network"]}, "I need the network to call Crypto|block_scan|Gas Tracker.",
         "prompt debris"),
        ("fail_inform", {"missing": ["network"]}, "The user does not know the network.", "talks about the user"),
        ("system_bye", {}, "Goodbye! Take care. Goodbye! Take care.", "repeats itself"),
    ],
)
def test_turn_checks_hold_the_act(action: str, content: dict, message: str, problem: str | None) -> None:
    turn = make_turn("User" if action in ("fail_inform", "negate", "affirm", "user_bye", "inform") else "System",
                     action, "", content=content)
    problems = turn_problems(turn, clean_message(message))
    assert "cut off at max_tokens" in turn_problems(turn, clean_message(message), truncated=True)
    assert problems == [] if problem is None else any(problem in p for p in problems), problems


def test_turns_the_model_fails_fall_back_to_the_template_and_are_marked(tmp_path: Path) -> None:
    def responder(body: dict) -> str:
        return "{}" if _action(body) == "user_bye" else PER_TURN[_action(body)]  # the goodbye is never usable

    with ScriptedServer(responder=responder) as server:
        renderer = _renderer(server, tmp_path, max_attempts=2)
        scenario = weather_scenario()
        [result] = renderer.render([scenario])
        assert result.ok and check_messages(scenario, result.messages) == []
        assert result.rendered_by == ["fixed", "fixed", "fixed", "openai", "template", "openai"]
        assert result.messages[3] == PER_TURN["response"] and result.messages[5] == PER_TURN["system_bye"]
        assert result.messages[4] == TemplateRenderer().messages(scenario)[4]
        assert result.stats["llm_turns"] == 2 and result.stats["fallback_turns"] == 1
        assert result.stats["requests"] == 4 and len(server.requests) == 4  # the goodbye was asked twice
        assert renderer.share() == pytest.approx(2 / 3)
        # the second try at the goodbye lists the problem, at a new seed and a higher temperature
        first, second = [b for b in server.requests if _action(b) == "user_bye"]
        assert (first["temperature"], second["temperature"]) == (0.0, 0.7) and first["seed"] != second["seed"]
        assert "prompt debris" in second["messages"][-1]["content"]
        # a rerun is answered from the cache: same messages, nothing sent
        again = _renderer(server, tmp_path, max_attempts=2).render([scenario])[0]
        assert again.messages == result.messages and again.stats["requests"] == 0 and len(server.requests) == 4


def test_a_rejected_turn_is_asked_again_and_kept_when_fixed(tmp_path: Path) -> None:
    def responder(body: dict) -> str:
        if _action(body) == "response" and "rejected" not in body["messages"][-1]["content"]:
            return "It will be sunny."  # forgets the 18
        return PER_TURN[_action(body)]

    with ScriptedServer(responder=responder) as server:
        [result] = _renderer(server, tmp_path, max_attempts=3).render([weather_scenario()])
        assert result.rendered_by[3:] == ["openai"] * 3 and result.messages[3] == PER_TURN["response"]
        assert result.stats["problems"] == {"missing required value …": 1}
        retry = [b for b in server.requests if _action(b) == "response"][1]["messages"][-1]["content"]
        assert "missing required value '18'" in retry


def test_server_errors_fall_back_for_that_dialogue_only(tmp_path: Path) -> None:
    with ScriptedServer(responder=lambda body: PER_TURN[_action(body)]) as server:
        berlin = weather_scenario("td-test-berlin", city="Berlin")
        boom = (500, {}, {"error": {"message": "model crashed"}})
        server.always = {build_turn_prompt(berlin, i, TemplateRenderer().messages(berlin))[1]["content"]: boom
                         for i in (3,)}
        paris_result, berlin_result = _renderer(server, tmp_path, max_attempts=1).render(
            [weather_scenario("td-test-paris"), berlin])
        assert paris_result.rendered_by[3:] == ["openai"] * 3
        assert berlin_result.ok and berlin_result.rendered_by[3] == "template"
        assert any("request failed" in p for p in berlin_result.stats["problems"])


def test_dialogue_mode_keeps_the_right_turns_and_repairs_the_rest(tmp_path: Path) -> None:
    def responder(body: dict) -> str:
        if "Turns to write" in body["messages"][-1]["content"]:
            return json.dumps([GOOD[0], {**GOOD[1], "message": "What else?"}, GOOD[2]])  # the goodbye is wrong
        return PER_TURN[_action(body)]

    with ScriptedServer(responder=responder) as server:
        [result] = _renderer(server, tmp_path, mode="dialogue").render([weather_scenario()])
        assert result.rendered_by[3:] == ["openai"] * 3
        assert result.messages[3:] == [GOOD[0]["message"].strip(), PER_TURN["user_bye"], GOOD[2]["message"]]
        assert len(server.requests) == 2  # the dialogue, then the goodbye alone


def test_paraphrase_mode_rewrites_the_template_draft_under_the_same_checks(tmp_path: Path) -> None:
    scenario = weather_scenario()
    drafts = TemplateRenderer().messages(scenario)

    def responder(body: dict) -> str:
        draft = re.search(r'Rewrite this draft in your own words, keeping its meaning: "(.*)"',
                          body["messages"][-1]["content"]).group(1)
        return {"response": "It will be sunny tomorrow, 18 at most.", "user_bye": draft}.get(_action(body), "It is fine.")

    with ScriptedServer(responder=responder) as server:
        [result] = _renderer(server, tmp_path, mode="paraphrase", max_attempts=1).render([scenario])
        assert result.messages[3] == "It will be sunny tomorrow, 18 at most." and result.rendered_by[3] == "openai"
        assert result.messages[4] == drafts[4] and result.rendered_by[4] == "template"  # unchanged draft
        assert result.messages[5] == drafts[5] and result.rendered_by[5] == "template"  # "It is fine." fails


def test_without_fallback_a_failed_turn_drops_the_dialogue(tmp_path: Path) -> None:
    with ScriptedServer(responder=lambda body: "{}") as server:
        [result] = _renderer(server, tmp_path, max_attempts=1, fallback=False).render([weather_scenario()])
        assert not result.ok and result.error.startswith("3 turn(s) failed after 1 attempt(s)")


def test_get_renderer_builds_the_openai_renderer(tmp_path: Path) -> None:
    renderer = get_renderer("openai", base_url="http://127.0.0.1:9/v1", model="m", cache_dir=tmp_path,
                            max_concurrency=2)
    assert renderer.name == "openai" and renderer.client.max_concurrency == 2


@pytest.mark.slow
def test_build_with_the_real_server_is_complete_and_resumes_after_a_kill(openai_server, tmp_path: Path) -> None:
    """``tooldial build --renderer openai`` on SmolLM2: a complete dataset whatever the model writes, the LLM
    share printed; killed after its first answer and rerun, nothing answered before is asked again."""
    options = json.dumps({"base_url": openai_server.base_url, "model": openai_server.model,
                          "cache_dir": str(tmp_path / "llm"), "max_concurrency": 1})
    argv = [sys.executable, "-m", "tooldial", "build", "--out", str(tmp_path / "ds"), "--n", "2", "--seed", "3",
            "--renderer", "openai", "--generate-option", f"renderer_options={options}", "--max-tokens", "12",
            "--max-attempts", "1", "--timeout", "120", "--work-dir", str(tmp_path / "work"), "--no-progress"]
    env = {**os.environ, "OPENAI_API_KEY": "sk-never-stored"}
    start = openai_server.request_count()
    answered_before_kill = kill_after_first_answer(openai_server, argv, timeout=300, settle=0.3, env=env,
                                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    assert answered_before_kill >= 1 and not (tmp_path / "ds").exists()

    done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    share = re.search(r"messages written by: (.+)", done.stdout)
    assert share and "template" in share.group(1) + "openai"  # printed, whatever the split
    rerun_requests = openai_server.request_count() - start - answered_before_kill
    records = [json.loads(line) for line in (tmp_path / "work" / "dialogues.jsonl").read_text().splitlines()]
    assert len(records) == 2
    marks = [m for r in records for m in r["scenario"]["rendered_by"] if m != "fixed"]
    # one request per written turn (one attempt each): the rerun asked only what the killed run had not
    assert rerun_requests == len(marks) - answered_before_kill
    for record in records:
        for turn, mark in zip(record["dialogue"], record["scenario"]["rendered_by"], strict=True):
            (speaker, body), = turn.items()
            assert mark in ("fixed", "openai", "template")
            assert mark == "fixed" or body["message"].strip()
    assert b"sk-never-stored" not in (tmp_path / "llm" / "chat.sqlite").read_bytes()


def test_paraphrase_checks_catch_what_small_models_get_wrong() -> None:
    from tooldial.dialogue.render_llm import paraphrase_problems

    assert paraphrase_problems("I'm at the gym and can't check right now.",
                               "I'm at the gym, and I'm not sure if I can check right now.") == []
    assert "polarity changed" in paraphrase_problems("Sorry, I'm typing this on my phone.",
                                                     "I'm not typing this on my phone.")
    assert "speaker or addressee changed" in paraphrase_problems("My nephew Omar confirmed it this morning.",
                                                                 "Your nephew Omar confirmed it today.")
    assert "names differ" in paraphrase_problems("I'll pass this on to my sister Dana.",
                                                 "Dana will pass this on to her sister, Hanna.")
    assert "question and statement swapped" in paraphrase_problems(
        "Want me to look up anything else?", "I'm looking for someone to find something else.")
    assert "talks about the task" in paraphrase_problems("Thanks a lot, that's all I needed.",
                                                         'The original sentence is: "Thanks a lot."')
    assert "unchanged" in paraphrase_problems("Thanks a lot, that's all I needed.", "Thanks a lot, that's all I needed")
    assert "repeats itself" in paraphrase_problems("I'm sorry, I can't.", "I'm sorry, I'm sorry, I'm sorry, I can't.")


def test_sentence_mode_sends_only_value_free_sentences_and_keeps_checked_answers(tmp_path: Path) -> None:
    scenario = weather_scenario()
    drafts = TemplateRenderer().messages(scenario)
    sent: list[str] = []

    def responder(body: dict) -> str:
        sentence = re.fullmatch(r'Paraphrase this sentence: "(.*)"', body["messages"][-1]["content"]).group(1)
        sent.append(sentence)
        # a faithful rewording for sentences with "thank", a polarity flip for every other one
        return sentence.replace("Thank", "Many thank") + " Really." if "Thank" in sentence else f"Not {sentence}"

    with ScriptedServer(responder=responder) as server:
        [result] = _renderer(server, tmp_path, mode="sentence", max_attempts=1).render([scenario])
    assert sent and not any(v in s for s in sent for v in ("sunny", "18", "Paris"))  # values never sent
    assert check_messages(scenario, result.messages) == []
    for i, by in enumerate(result.rendered_by):
        if by == "openai":
            assert result.messages[i] != drafts[i] and "Many thank" in result.messages[i]
        elif by == "template":
            assert result.messages[i] == drafts[i]  # a rejected paraphrase leaves the draft whole
    assert result.stats["problems"].get("sentence: polarity changed", 0) >= 1


@pytest.mark.slow
def test_sentence_mode_gets_sentences_from_the_real_small_model(openai_server, tmp_path: Path) -> None:
    """SmolLM2-135M writes some value-free sentences under the checks (greedy answers, so the same each run)."""
    client = LLMClient(openai_server.base_url, openai_server.model, cache_dir=tmp_path / "llm", max_concurrency=1,
                       timeout=120)
    renderer = LLMRenderer(client=client, mode="sentence", max_attempts=1, max_tokens=32)
    scenarios = [weather_scenario(f"td-small-{i}", seed=i) for i in range(2)]
    results = renderer.render(scenarios)
    assert all(r.ok and check_messages(s, r.messages) == [] for s, r in zip(scenarios, results, strict=True))
    assert renderer.totals["sentences"] > 0 and renderer.totals["llm_sentences"] >= 1
    assert renderer.share() > 0


def test_the_debris_pattern_is_the_same_under_every_hash_seed() -> None:
    """The format labels come from a set: their order (equal lengths) must not follow PYTHONHASHSEED."""
    import os
    import subprocess
    import sys

    code = "from tooldial.dialogue.render_llm import _DEBRIS; print(_DEBRIS.pattern)"
    patterns = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                               env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2", "3")}
    assert len(patterns) == 1
