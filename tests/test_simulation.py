"""Dynamic evaluation on ToolDial scenarios: scripted user, ToolDial-format systems, executor, scores, files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tooldial.cli import main
from tooldial.dialogue.io import read_dialogues
from tooldial.evaluation.backends.base import Backend, GenerationRequest
from tooldial.evaluation.generation import CachedGenerator
from tooldial.simulation.executor import ToolExecutor
from tooldial.simulation.runner import SimulationConfig, run_episodes, simulate
from tooldial.simulation.scenario import scenario_from_record
from tooldial.simulation.scoring import journey, score_episode
from tooldial.simulation.systems import ToolDialSystem
from tooldial.simulation.users import ScriptedUser

DIALOGUES = Path(__file__).parent / "data" / "simulation" / "dialogues.jsonl"
#: ``../shared/data/autode`` beside the checkout (or beside the folder of worktrees).
AUTODE = next((p / "shared" / "data" / "autode" for p in Path(__file__).resolve().parents[1].parents[:2]
               if (p / "shared" / "data" / "autode").is_dir()), Path("../shared/data/autode"))


@pytest.fixture(scope="module")
def records():
    return list(read_dialogues(DIALOGUES))


@pytest.fixture(scope="module")
def corpus():
    from tooldial.corpus.loaders import load_corpus

    return load_corpus("builtin")


def _run(tmp_path: Path, system: str, **fields) -> dict:
    config = SimulationConfig(dialogues=str(DIALOGUES), system=system, out=str(tmp_path / system),
                              progress=False, use_cache=False, **fields)
    return simulate(config)


def test_oracle_scores_100_and_run_is_byte_identical(tmp_path):
    results = _run(tmp_path, "oracle", trials=2)
    assert results["dialogues"] == 23 and results["episodes"] == 46
    for name, agg in results["metrics"].items():
        assert agg["mean"] == 1.0, name
    assert results["pass_hat_k"] == {"1": 1.0, "2": 1.0}
    assert len(results["by_sequence"]) == 23
    assert set(results["by_apis"]) == {"0", "1", "2"}  # fail_01 has no call
    out = tmp_path / "oracle"
    for name in ("results.json", "transcripts.jsonl", "scores.jsonl", "report.md", "success_by_stratum.png",
                 "pass_hat_k.png"):
        assert (out / name).stat().st_size > 0, name
    again = _run(tmp_path / "again", "oracle", trials=2)
    assert again["metrics"] == results["metrics"]
    for name in ("transcripts.jsonl", "scores.jsonl", "report.md"):
        assert (out / name).read_bytes() == (tmp_path / "again" / "oracle" / name).read_bytes()
    first, second = (json.loads((d / "results.json").read_text()) for d in (out, tmp_path / "again" / "oracle"))
    assert first["config"].pop("out") != second["config"].pop("out") and first == second
    report = (out / "report.md").read_text()
    assert "pass^k" in report and "two_api_04" in report


def test_random_policy_is_near_zero_and_rule_in_between(tmp_path):
    random_results = _run(tmp_path, "random")
    assert random_results["metrics"]["task_success"]["mean"] <= 0.1
    assert random_results["metrics"]["journey_adherent"]["mean"] <= 0.1
    rule = _run(tmp_path, "rule")
    assert random_results["metrics"]["test_pass_rate"]["mean"] < rule["metrics"]["test_pass_rate"]["mean"] < 1.0
    assert rule["first_deviations"]  # the rule policy leaves the journey somewhere, and the report says where


def test_trials_rephrase_user_turns_but_keep_intents(records, corpus):
    scenarios = [scenario_from_record(r, corpus) for r in records]
    user = ScriptedUser(seed=0)

    class Oracle(Backend):
        name = "oracle"
        cacheable = False

        def generate(self, requests):
            from tooldial.evaluation.backends.oracle import OracleBackend

            return OracleBackend().generate(requests)

    system = ToolDialSystem(CachedGenerator(Oracle(), None, "test"))
    runs = [run_episodes(scenarios, [ToolExecutor([e for s in ("source", "target") for e in r.mockdata[s]], corpus)
                                     for r in records], user, system, trial) for trial in (0, 1)]
    changed = 0
    for ep0, ep1 in zip(*runs, strict=True):
        users0 = [t for t in ep0.turns if t.speaker == "User"]
        users1 = [t for t in ep1.turns if t.speaker == "User"]
        assert [t.action for t in users0] == [t.action for t in users1]
        for a, b in zip(users0, users1, strict=True):
            if a.action.startswith("inform_intent"):
                assert a.message == b.message  # retriever scores belong to these words
            changed += a.message != b.message
        assert [t.message for t in users0] == [t.message for t in ep0.turns if t.speaker == "User"]
        assert [t.message for t in users0] == [
            t.message for t in scenarios[runs[0].index(ep0)].user_turns]  # trial 0 says the gold words
    assert changed > 10


class AskingPolicy(Backend):
    """A test policy that confirms the target API and keeps asking for every input of it."""

    name = "asking"
    cacheable = False

    def generate(self, requests: list[GenerationRequest]) -> list[str]:
        out = []
        for r in requests:
            if "- Action:" in r.assistant_prefix:
                target = r.example["api"]
                state = {"api_confirmed": "true", "api_status": {"api_name": target["name"], "required_parameters": {
                    n: "" for n in target["required"]}, "optional_parameters": {}}}
                out.append(f"- Dialogue State: {state!r}\n- Message: What are the inputs?\n")
            else:
                out.append("- Thought: ask\n- Action:request\n")
        return out


def test_scripted_user_off_script_gives_known_values_and_names_unknown_ones(records, corpus):
    record = next(r for r in records if r.sequence_id == "two_api_08")
    scenario = scenario_from_record(record, corpus)
    target = next(t for t in scenario.tools if t["name"] == record.target)
    system = ToolDialSystem(CachedGenerator(AskingPolicy(), None, "test"))
    original = system._request

    def request(ep, trace):
        req = original(ep, trace)
        req.example["api"] = {"name": target["name"], "required": target["parameters"]["required"]}
        return req

    system._request = request  # type: ignore[method-assign]
    executor = ToolExecutor(record.mockdata["source"] + record.mockdata["target"], corpus)
    (ep,) = run_episodes([scenario], [executor], ScriptedUser(max_user_turns=4), system, 0)
    users = [t for t in ep.turns if t.speaker == "User"]
    assert ep.end_reason == "round limit" and len(users) == 4
    off = [t for t in users if not t.on_script]
    assert off and all(t.action in ("inform", "fail_inform") for t in off)
    missing = [n for n in target["parameters"]["required"] if n not in scenario.known]
    assert missing  # the chained input is one the user cannot know
    assert all(t.action == "fail_inform" and missing[0].replace("_", " ") in t.message for t in off)
    row = score_episode(ep)
    assert row["task_success"] == 0.0 and row["calls"] == 0 and row["slot_f1"] == 0.0


def test_executor_validates_against_the_schema(records, corpus):
    record = next(r for r in records if r.sequence_id == "one_api_07")
    entry = record.mockdata["target"][0]
    executor = ToolExecutor([entry], corpus)
    api = entry["api_name"]
    args = {**entry["required_parameters"], **{k: v for k, v in entry["optional_parameters"].items() if v}}
    ok = executor.call(api, args)
    assert ok.ok and ok.result == entry["output_components"]
    assert executor.call("Nope|x|y", args).error == "unknown API 'Nope|x|y'"
    assert "unknown input" in executor.call(api, {**args, "bogus": "1"}).error
    first = next(iter(entry["required_parameters"]))
    assert executor.call(api, {k: v for k, v in args.items() if k != first}).error == \
        f"missing required input {first!r}"
    doc = corpus.get(api)
    typed = [p for p in doc.required_parameters + doc.optional_parameters if p.type in ("integer", "number")]
    if typed:
        assert "must be" in executor.call(api, {**args, typed[0].name: "abc"}).error
    other = executor.call(api, {**args, first: args[first] + "x"})
    assert other.ok and other.result != entry["output_components"]
    assert executor.call(api, {**args, first: args[first] + "x"}).result == other.result  # same call, same result
    assert ok.observation() == {"call_result": {"api_name": api, "result": entry["output_components"]}}


def test_journey_transitions():
    assert journey(["inform_intent_clear", "retriever_call", "request", "inform", "call", "response",
                    "user_bye", "system_bye"]) == (True, None)
    ok, deviation = journey(["inform_intent_clear", "retriever_call", "response"])
    assert not ok and deviation == {"index": 2, "from": "retriever_call", "to": "response"}
    assert journey(["inform_intent_clear", "retriever_call", "request", "?", "call"], finished=False)[0]
    assert not journey(["inform_intent_clear", "retriever_call", "request", "?", "suggest"], finished=False)[0]
    assert journey(["inform_intent_clear", "retriever_call", "request", "inform"]) == (
        False, {"index": 4, "from": "inform", "to": "(end)"})  # stopped mid-journey


def test_cli_simulate(tmp_path, capsys):
    assert main(["simulate", "--dialogues", str(DIALOGUES), "--system", "oracle", "--limit", "3",
                 "--out", str(tmp_path / "run"), "--no-progress", "--no-cache"]) == 0
    assert "task_success       100.0" in capsys.readouterr().out
    results = json.loads((tmp_path / "run" / "results.json").read_text())
    assert results["kind"] == "dynamic" and results["config"]["limit"] == 3 and results["seeds"]["run"] == 0
    assert main(["eval", "compare", str(tmp_path / "run")]) == 0  # `tooldial eval compare` reads dynamic runs
    table = capsys.readouterr().out
    assert "| run | system vs user |" in table and "| run | oracle (tooldial) vs scripted user | 3×1 | 100.0 [43.9, 100.0]" in table
    assert main(["simulate", "--dialogues", str(DIALOGUES), "--dataset", str(tmp_path), "--out",
                 str(tmp_path / "x")]) == 2
    assert "exactly one of --dataset" in capsys.readouterr().err
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep me")
    assert main(["simulate", "--dialogues", str(DIALOGUES), "--out", str(mine), "--no-progress"]) == 2
    assert "did not write (notes.txt)" in capsys.readouterr().err and (mine / "notes.txt").read_text() == "keep me"
    assert main(["simulate", "--dialogues", str(DIALOGUES), "--limit", "1", "--out", str(tmp_path / "run"),
                 "--no-progress", "--no-cache"]) == 0  # a rerun into its own run directory is fine
    with pytest.raises(SystemExit) as exc:  # argparse: a choice that is not registered
        main(["simulate", "--dialogues", str(DIALOGUES), "--system", "orcale", "--out", str(tmp_path)])
    assert exc.value.code == 2


def test_autode_suite_without_a_user_server_is_refused_unless_nobody_asks_the_user(embedder, tmp_path):
    from tooldial.errors import TooldialError
    from tooldial.simulation.autode import AutoDEConfig, simulate_autode

    if not AUTODE.is_dir():
        pytest.skip("AutoDE data not present (../shared/data/autode)")
    # the rule policy clarifies after the first query, so the user must answer: a clear error up front, not a crash
    with pytest.raises(TooldialError, match="--system rule on the AutoDE suite needs an LLM user.*--user-base-url"):
        simulate_autode(AutoDEConfig(autode_dir=str(AUTODE), limit=1, system="rule", protocol="tooldial",
                                     use_cache=False, progress=False, out=str(tmp_path / "rule")), embedder=embedder)
    assert not (tmp_path / "rule" / "results.json").exists()
    # the gold-call oracle never hears the user: it runs without one
    results = simulate_autode(AutoDEConfig(autode_dir=str(AUTODE), limit=2, system="oracle", protocol="tooldial",
                                           use_cache=False, progress=False, out=str(tmp_path / "oracle")), embedder=embedder)
    assert results["episodes"] == 2 and results["figures"]["exact_call"] == 1.0


def test_autode_suite_runs_tooldial_format_systems_with_a_live_retriever(embedder, tmp_path):
    from tooldial.simulation.autode import AutoDEConfig, AutoDERetriever, load_apis, simulate_autode

    if not AUTODE.is_dir():
        pytest.skip("AutoDE data not present (../shared/data/autode)")
    retriever = AutoDERetriever(load_apis(AUTODE), embedder)
    hits = retriever.search("Can you turn on Bluetooth on my phone?")
    assert len(hits) == 5 and hits[0][0] == "TurnOnBluetooth" and hits == sorted(hits, key=lambda h: -h[1])
    doc = retriever.documentation("TurnOnBluetooth")
    assert [p["input_parameter_name"] for p in doc["required_parameters"]] == ["deviceType"]
    # the rule policy in ToolDial's format; one user turn (the task's fixed first query), so no user LLM is asked
    results = simulate_autode(AutoDEConfig(autode_dir=str(AUTODE), limit=2, system="rule", protocol="tooldial",
                                           max_user_turns=1, use_cache=False, progress=False,
                                           out=str(tmp_path / "rule")), embedder=embedder)
    assert results["episodes"] == 2 and results["system"]["backend"] == "rule" and results["failures"] == 0
    episodes = [json.loads(line) for line in (tmp_path / "rule" / "transcripts.jsonl").open()]
    texts = ["".join(t.get("text", "") for t in e["turns"] if t["speaker"] == "System") for e in episodes]
    assert all("'retrieved_api': {'Turn" in text for text in texts)  # the live retriever answered
