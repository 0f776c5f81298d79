"""Compatibility with the released ToolDial code: prompt/layout profiles, byte for byte on a hand-derived fixture.

``tests/data/compat/expected.json`` holds, for the two records of ``dialogues.json``, the text the release's
preprocessors write and the samples its experiment code cuts, worked out by hand from reading that code (see
the file's ``_comment``). Every task and setting is compared byte for byte, in both profiles, through the
sample functions and through the dataset rows (``sft`` prompt and completion included).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tooldial.dataset.rows import task_rows
from tooldial.dialogue.record import DialogueRecord
from tooldial.tasks.format import render
from tooldial.tasks.history import dialogue_lines, overall_lines
from tooldial.tasks.prompts import (
    ORIGINAL_ACTION_PROMPT,
    ORIGINAL_DST_PROMPT,
    ORIGINAL_FAITHFULNESS_PROMPT,
    ORIGINAL_OVERALL_PROMPT,
    PROFILES,
    build_messages,
)
from tooldial.tasks.samples import action_samples, dst_samples, faithfulness_samples, overall_samples

DATA = Path(__file__).parent / "data" / "compat"
EXPECTED = json.loads((DATA / "expected.json").read_text(encoding="utf-8"))
RECORDS = {r["dialogue_id"]: DialogueRecord.model_validate(r)
           for r in json.loads((DATA / "dialogues.json").read_text(encoding="utf-8"))}
IDS = sorted(RECORDS)


def _text(lines: list[str], ranges: list[list[int]], blank_line_at_end: bool = False) -> str:
    """The lines of the inclusive 1-based ``ranges``, each ending with a newline."""
    picked = [lines[k - 1] for start, end in ranges for k in range(start, end + 1)]
    return "".join(line + "\n" for line in picked) + ("\n" if blank_line_at_end else "")


@pytest.mark.parametrize("dialogue_id", IDS)
def test_layouts_are_the_release_texts(dialogue_id):
    record, expected = RECORDS[dialogue_id], EXPECTED[dialogue_id]
    assert render(dialogue_lines(record)) == "".join(f"{line}\n" for line in expected["task_text"])
    for profile in PROFILES:
        want = "".join(f"{line}\n" for line in expected["overall_text"][profile])
        assert render(overall_lines(record, profile=profile)) == want, profile


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("dialogue_id", IDS)
def test_dst_and_action_samples(dialogue_id, profile):
    record, expected = RECORDS[dialogue_id], EXPECTED[dialogue_id]
    text = expected["task_text"]
    for setting in ("gt", "nogt"):
        got = list(dst_samples(record, setting, profile=profile))
        want = expected["dst"][setting]
        assert [s.turn_index for s in got] == [w["turn"] for w in want]
        for s, w in zip(got, want, strict=True):
            assert s.history == _text(text, w["history"])
            assert repr(s.label) == w["label"]
            assert s.target == f"- Dialogue State: {w['label']}"
            assert s.num_user_turns == w["users"]
        got_actions = list(action_samples(record, setting, profile=profile))
        want = expected["action"][setting]
        assert [(a.turn_index, a.label) for a in got_actions] == [(w["turn"], w["label"]) for w in want]
        for a, w in zip(got_actions, want, strict=True):
            assert a.history == _text(text, w["history"])
            assert a.target == f"- Action:{w['label']}"


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("dialogue_id", IDS)
def test_faithfulness_samples(dialogue_id, profile):
    record, expected = RECORDS[dialogue_id], EXPECTED[dialogue_id]
    got = list(faithfulness_samples(record, profile=profile))
    want = expected["faithfulness"][profile]
    assert [(f.turn_index, f.reference) for f in got] == [(w["turn"], w["reference"]) for w in want]
    for f, w in zip(got, want, strict=True):
        assert f.history == _text(expected["task_text"], w["history"])


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("dialogue_id", IDS)
def test_overall_samples(dialogue_id, profile):
    record, expected = RECORDS[dialogue_id], EXPECTED[dialogue_id]
    text = expected["overall_text"][profile]
    got = list(overall_samples(record, "gt", profile=profile))
    want = expected["overall"][profile]
    assert [o.turn_index for o in got] == [w["turn"] for w in want]
    for o, w in zip(got, want, strict=True):
        assert o.history == _text(text, w["history"])
        assert o.target == _text(text, w["target"], w.get("blank_line_at_end", False))
        assert [repr(s) for s in o.label_states] == w["states"]
        assert o.label_actions == w["actions"]
        assert [obs["action"] for obs in o.observations] == w["actions"]


def test_original_overall_observations_are_the_lines_after_each_action():
    call = list(overall_samples(RECORDS["fx-call"], "gt", profile="original"))[1]
    assert call.observations == [
        {"action": "call", "observation": {"call_result": {"api_name": "Travel|skyport|Departures",
                                                           "result": {"flights": [{"no": "UA1", "to": "Denver"}]}}}},
        {"action": "response", "observation": {}},
    ]


_ORIGINAL = {"dst": ORIGINAL_DST_PROMPT, "action": ORIGINAL_ACTION_PROMPT,
             "faithfulness": ORIGINAL_FAITHFULNESS_PROMPT, "overall": ORIGINAL_OVERALL_PROMPT}


def test_original_prompts_are_the_released_texts():
    # Spot checks of the released wording (experiments/prompts.py), where it differs from the paper's appendix.
    assert all(p.startswith("\nInstruction:") for p in _ORIGINAL.values())
    assert "Case1. When the API has not been confirmed(If the retrived api does not have" in ORIGINAL_DST_PROMPT
    assert "Don't hallucinate it.\n    \nNow, part of the dialogue will be give." in ORIGINAL_DST_PROMPT
    assert ORIGINAL_DST_PROMPT.endswith("Not a single words.\n\nDialogue:\n\n")
    assert ORIGINAL_ACTION_PROMPT.endswith("Just return the action, not a single words.\n\nDialogue History:\n\n")
    assert "- Request: Asks some information to user.\n" in ORIGINAL_ACTION_PROMPT
    assert ORIGINAL_FAITHFULNESS_PROMPT.count("\n") == 7 and "the system. \nIn this" in ORIGINAL_FAITHFULNESS_PROMPT
    assert "1. Always include two dialogue states in the output:" in ORIGINAL_OVERALL_PROMPT
    assert ORIGINAL_OVERALL_PROMPT.endswith("responding message to user.\n\nDialogue History:\n")
    # the paper profile keeps the A.13 wording
    assert build_messages("dst", "H")[0]["content"].startswith("Instruction: You will be given part")
    assert "Case 1." in build_messages("dst", "H")[0]["content"]


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("dialogue_id", IDS)
def test_sft_rows_carry_the_profile_and_its_exact_prompt(dialogue_id, profile):
    rows = task_rows(RECORDS[dialogue_id], profile=profile)
    sources = {row["id"]: row for name in ("dst", "action_prediction", "faithfulness", "overall")
               for row in rows[name]}
    assert rows["sft"] and len(rows["sft"]) == len(sources)
    for row in rows["sft"]:
        assert row["profile"] == profile
        source = sources[row["id"]]
        content = row["prompt"][0]["content"]
        if profile == "original":
            assert content == _ORIGINAL[row["task"]] + source["history"]  # the release concatenated them
        else:
            assert content == build_messages(row["task"], source["history"])[0]["content"]
        answer = row["completion"][0]["content"]
        if row["task"] == "overall":
            assert answer == source["target"]
        elif row["task"] == "faithfulness":
            assert answer == source["reference"]
    # the original's faithfulness rows include response_fail turns (dropped only at scoring)
    fails = [r for r in rows["faithfulness"] if "- Action:response_fail" in r["history"]]
    assert bool(fails) == (profile == "original" and dialogue_id == "fx-fail")


# --- --scoring original: the release's verdicts on the edge cases -------------------------------------------

from tooldial.evaluation.backends.base import GenerationRequest  # noqa: E402
from tooldial.evaluation.generation import Completion  # noqa: E402
from tooldial.evaluation.tasks import ActionTask, DstTask, OverallTask  # noqa: E402

_REQUEST = GenerationRequest(task="dst", messages=[{"role": "user", "content": "x"}])
_OHARE = {"api_confirmed": "true", "api_status": {"api_name": "Travel|skyport|Departures",
                                                  "required_parameters": {"airport": "O'Hare"},
                                                  "optional_parameters": {}}}
_NONE = {"api_confirmed": "false", "api_status": "none"}


@pytest.mark.parametrize(("label", "prediction", "ours", "release"), [
    (_OHARE, repr(_OHARE), True, False),  # every ' becomes " before json.loads: "O"Hare" never parses
    (_NONE, "{'api_confirmed': 'false', 'api_status': None}", True, False),  # None is no 'none' to the release
    (_NONE, "{'api_confirmed': 'false', 'api_status': 'none'}", True, True),
    (_NONE, "no state at all", False, False),
])
def test_dst_scoring_original_gives_the_release_verdicts(label, prediction, ours, release):
    row = {"id": "d/dst/gt/1", "label": label}
    assert DstTask().score(row, _REQUEST, Completion(prediction))["correct"] is ours
    assert DstTask().score(row, _REQUEST, Completion(prediction), "original")["correct"] is release


@pytest.mark.parametrize(("label", "generation", "ours", "release"), [
    ("call", "retriever_call", False, True),  # substring rule of the release
    ("response", "response or response_fail", False, True),
    ("call", "call", True, True),
    ("suggest", "clarify", False, False),
])
def test_action_scoring_original_is_the_substring_rule(label, generation, ours, release):
    row = {"id": "d/action/gt/1", "label": label}
    assert ActionTask().score(row, _REQUEST, Completion(generation))["correct"] is ours
    assert ActionTask().score(row, _REQUEST, Completion(generation), "original")["correct"] is release


def test_overall_scoring_original_counts_indented_action_lines():
    sample = list(overall_samples(RECORDS["fx-call"], "gt", profile="original"))[1]
    row = {"id": sample.id, "dialogue_id": sample.dialogue_id, "target": sample.target,
           "label_states": sample.label_states, "label_actions": sample.label_actions}
    gold = sample.target.rstrip("\n") + "\n"
    task = OverallTask()
    # the gold trace: right under both scorings, except the release never reads back the O'Hare states
    assert task.score(row, _REQUEST, gold, "done")["correct"] is True
    assert task.score(row, _REQUEST, gold, "done", "original")["correct"] is False
    fx_fail = list(overall_samples(RECORDS["fx-fail"], "gt", profile="original"))[1]
    row = {"id": fx_fail.id, "dialogue_id": fx_fail.dialogue_id, "target": fx_fail.target,
           "label_states": fx_fail.label_states, "label_actions": fx_fail.label_actions}
    assert task.score(row, _REQUEST, fx_fail.target, "done", "original")["correct"] is True
    extra = fx_fail.target.replace("- Observation: {}\n", "- Observation: {}\n  - Action:call\n")
    assert task.score(row, _REQUEST, extra, "done")["correct"] is True  # ours reads no indented line
    assert task.score(row, _REQUEST, extra, "done", "original")["correct"] is False  # the release counts it


# --- end to end: build with a profile, eval picks it up -------------------------------------------------------


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    from tooldial.dataset.export import write_dataset
    from tooldial.dataset.info import BuildInfo
    from tooldial.dataset.sources import SourceRecord

    out = {}
    for profile in PROFILES:
        path = tmp_path_factory.mktemp("compat") / profile
        items = [SourceRecord("test", record, f"dialogues.json: record {i}")
                 for i, record in enumerate(RECORDS.values())]
        write_dataset(items, path, info=BuildInfo(source="dialogues", profile=profile), progress=False)
        out[profile] = path
    return out


@pytest.mark.parametrize("profile", PROFILES)
def test_eval_defaults_to_the_dataset_profile_and_the_oracle_scores_everything(built, tmp_path, profile):
    from tooldial.evaluation.runner import EvalConfig, evaluate

    config = EvalConfig(tasks=["dst", "action", "overall"], backend="oracle", dataset=str(built[profile]),
                        out=str(tmp_path / "run"), use_cache=False, progress=False)
    results = evaluate(config)
    assert results["profile"] == profile and results["scoring"] == "tooldial"
    for task in ("dst", "action", "overall"):
        assert results["tasks"][task]["gt"]["accuracy"] == 1.0, task
    predictions = [json.loads(line) for line in (tmp_path / "run" / "predictions.jsonl").open()]
    assert predictions
    card = (built[profile] / "README.md").read_text(encoding="utf-8")
    assert f"prompt profile: `{profile}`" in card
    assert f"(profile `{profile}`, scoring `tooldial`)" in (tmp_path / "run" / "report.md").read_text(encoding="utf-8")


def test_eval_compare_says_when_runs_used_different_profiles(built, tmp_path):
    from tooldial.evaluation.report import compare_runs
    from tooldial.evaluation.runner import EvalConfig, evaluate

    runs = []
    for profile, scoring in (("original", "tooldial"), ("paper", "tooldial"), ("paper", "tooldial")):
        out = tmp_path / f"{profile}-{len(runs)}"
        evaluate(EvalConfig(tasks=["action"], settings=["gt"], backend="oracle", dataset=str(built[profile]),
                            out=str(out), use_cache=False, progress=False, scoring=scoring))
        runs.append(out)
    assert "different prompt profiles" in compare_runs(runs[:2])
    assert "different prompt profiles" not in compare_runs(runs[1:])


def test_faithfulness_judge_original_prompt_and_verdicts():
    from tooldial.evaluation import original_scoring
    from tooldial.evaluation.tasks import judge_verdict
    from tooldial.tasks.prompts import ORIGINAL_JUDGE_PROMPT, original_judge_prompt

    prompt = original_judge_prompt("INPUT\n", "It is UA1.")
    assert "{{Response}}" in ORIGINAL_JUDGE_PROMPT and "{{Response}}" not in prompt
    assert "Dialogue History:\nINPUT\n- Message: It is UA1.\n\nEvaluation Form" in prompt
    assert [original_scoring.judge_verdict(t) for t in ("True", "true", "True.", " true", "False")] == [1, 1, 0, 0, 0]
    assert [judge_verdict(t) for t in ("True", "true", "True.", " true", "False")] == [1, 1, 1, 1, 0]


def test_cli_scoring_original_marks_the_oracles_apostrophe_states_wrong(built, tmp_path):
    from tooldial.cli import main

    out = tmp_path / "orig"
    assert main(["eval", "--backend", "oracle", "--task", "dst", "--setting", "gt", "--dataset",
                 str(built["paper"]), "--profile", "original", "--scoring", "original", "--no-cache",
                 "--no-progress", "--out", str(out)]) == 0
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert results["profile"] == "original" and results["scoring"] == "original"
    # 6 gold states; the two holding "O'Hare" never parse back under the release's rules
    assert results["tasks"]["dst"]["gt"]["n"] == 6
    assert results["tasks"]["dst"]["gt"]["accuracy"] == pytest.approx(4 / 6)
