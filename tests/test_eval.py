"""Evaluation harness without a model: parsing, normalization, A.9 categories, metrics, traces, policy
backends on a small dataset built from hand-written dialogues, reports and the CLI."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from PIL import Image

from tooldial.evaluation.error_analysis import dst_error_categories
from tooldial.evaluation.metrics import action_metrics, dialogue_success, majority_baseline
from tooldial.evaluation.parsing import (
    NOT_CONFIRMED,
    lenient_action_match,
    normalize_action,
    normalize_value,
    parse_action,
    parse_state,
    states_equal,
)
from tooldial.evaluation.traces import ObservationQueue, finish_round, split_trace_rounds

CONFIRMED = {
    "api_confirmed": "true",
    "api_status": {
        "api_name": "Music|radio_hub|Station Playlist",
        "required_parameters": {"stationId": "st_48213", "date": ""},
        "optional_parameters": {"limit": ""},
    },
}

# --- hand-written dialogues in the release format (release §1) -------------------------------------------------

NR = {"retriever_call": "false", "retrieved_api": "none"}


def _sys(action, *, thought="t", message="", state=None, rs=None, req=None, resp=None):
    return {"System": {"thought": thought, "action": action, "retriever_status": rs or NR,
                       "api_request": req or {}, "api_response": resp or {}, "message": message,
                       "dialogue_state": state or dict(NOT_CONFIRMED)}}


def _user(action, message):
    return {"User": {"message": message, "action": action}}


def _confirmed(api, req, opt=None, system_action="stand_by"):
    return {"api_confirmed": "true", "api_status": {"api_name": api, "required_parameters": req,
                                                    "optional_parameters": opt or {}, "system_action": system_action}}


WX = "Weather|wx|Current Weather"
RADIO_PLAYLIST = "Music|radio_hub|Station Playlist"
RADIO_FEATURED = "Music|radio_hub|Featured Station"


def _mock(api, req, out):
    return {"api_name": api, "api_description": f"{api} description", "required_parameters": req,
            "optional_parameters": {}, "output_components": out}


def dialogues() -> list[dict]:
    """Three dialogues: single-API (seq 1), suggest → negate → response_fail (seq 5), procurement (seq 18)."""
    weather_scores = {WX: 0.71, "Weather|wx|Forecast": 0.62, "Weather|wx|Alerts": 0.55,
                      "Travel|geo|City": 0.51, "Travel|geo|Country": 0.47}
    wx_result = {"api_name": WX, "result": {"response": {"temp_c": 18, "sky": "clear"}}}
    one_api = {
        "subgraph_type": "zerozero",
        "dialogue": [
            _user("inform_intent_clear", "I'd like to know what the weather is like right now in a city I am visiting."),
            _sys("retriever_call", rs={"retriever_call": "true", "retrieved_api": weather_scores}),
            _sys("request", message="Which city are you in?", state=_confirmed(WX, {"city": ""})),
            _user("inform", "I'm in Paris."),
            _sys("call", req={"api_name": WX, "required_parameters": {"city": "Paris"}, "optional_parameters": {}},
                 resp=wx_result, state=_confirmed(WX, {"city": "Paris"}, system_action="call")),
            _sys("response", message="It is 18°C and clear in Paris.", resp=wx_result,
                 state=_confirmed(WX, {"city": "Paris"}, system_action="respond")),
            _user("user_bye", "Thanks, bye!"),
            _sys("system_bye", message="Goodbye!"),
        ],
        "mockdata": {"source": [], "target": [_mock(WX, {"city": "Paris"}, {"response": {"temp_c": 18}})]},
        "source": "",
        "target": WX,
        "dialogue_id": "d-weather",
        "sequence_id": "1",
    }
    suggest_scores = {RADIO_PLAYLIST: 0.58, RADIO_FEATURED: 0.55, "Music|tunes|Search": 0.53,
                      "Music|tunes|Charts": 0.52, "Media|pod|Episodes": 0.5}
    failed = {
        "subgraph_type": "zerozero",
        "dialogue": [
            _user("inform_intent_vague", "Something with radio music maybe."),
            _sys("retriever_call", rs={"retriever_call": "true", "retrieved_api": suggest_scores}),
            _sys("suggest", message="Would you like the playlist of a radio station?"),
            _user("negate", "No, that is not what I want."),
            _sys("response_fail", message="Sorry, I cannot help with that request."),
        ],
        "mockdata": {"source": [], "target": [_mock(RADIO_PLAYLIST, {"stationId": "st_1"}, {"response": {}})]},
        "source": "",
        "target": RADIO_PLAYLIST,
        "dialogue_id": "d-fail",
        "sequence_id": "5",
    }
    featured = {"api_name": RADIO_FEATURED, "result": {"response": {"station": {"station_id": "st_48213"}}}}
    playlist = {"api_name": RADIO_PLAYLIST, "result": {"response": {"tracks": [{"title": "So What"}]}}}
    chain = {
        "subgraph_type": "zerozero",
        "dialogue": [
            _user("inform_intent_clear", "What is playing right now on today's featured radio station?"),
            _sys("retriever_call", rs={"retriever_call": "true", "retrieved_api": {
                RADIO_PLAYLIST: 0.6412, "Music|radio_hub|Station Info": 0.5873, "Music|tunes|Search": 0.5521,
                RADIO_FEATURED: 0.5402, "Media|pod|Episodes": 0.5037}}),
            _sys("request", message="May I ask for the station ID?", state=_confirmed(RADIO_PLAYLIST, {"stationId": ""})),
            _user("fail_inform", "Sorry, I have no idea what the station ID is."),
            _sys("retriever_call", rs={"retriever_call": "true", "retrieved_api": [
                RADIO_FEATURED, f"Output to procure input parameter stationId of {RADIO_PLAYLIST}: station->station_id"]}),
            _sys("call", req={"api_name": RADIO_FEATURED, "required_parameters": {}, "optional_parameters": {}},
                 resp=featured, state=_confirmed(RADIO_FEATURED, {}, system_action="call")),
            _sys("call", req={"api_name": RADIO_PLAYLIST, "required_parameters": {"stationId": "st_48213"},
                              "optional_parameters": {}},
                 resp=playlist, state=_confirmed(RADIO_PLAYLIST, {"stationId": "st_48213"}, system_action="call")),
            _sys("response", message="The featured station is playing \"So What\".", resp=playlist,
                 state=_confirmed(RADIO_PLAYLIST, {"stationId": "st_48213"}, system_action="respond")),
            _user("user_bye", "Great, thanks! That's all."),
            _sys("system_bye", message="You're welcome, goodbye!"),
        ],
        "mockdata": {"source": [_mock(RADIO_FEATURED, {}, {"response": {"station": {"station_id": "st_48213"}}})],
                     "target": [_mock(RADIO_PLAYLIST, {"stationId": "st_48213"}, {"response": {"tracks": []}})]},
        "source": RADIO_FEATURED,
        "target": RADIO_PLAYLIST,
        "dialogue_id": "d-chain",
        "sequence_id": "18",
    }
    return [one_api, failed, chain]


def write_eval_dataset(path: Path, records: list[dict] | None = None) -> Path:
    """A dataset directory built by the dataset stage (release files → ``convert_release``), test split only."""
    from tooldial.dataset.convert import convert_release, write_release
    from tooldial.dialogue.record import DialogueRecord

    release = path.parent / f"{path.name}-release"
    test = [DialogueRecord.model_validate(r) for r in records or dialogues()]
    # every split gets a dialogue (with a response turn, so every config has rows in every split)
    extra = {split: [test[0].model_copy(update={"dialogue_id": f"{test[0].dialogue_id}-{split}"})]
             for split in ("train", "validation")}
    write_release({"test": test, **extra}, release)
    _, report = convert_release(release, path, progress=False)
    assert not report.skipped, report.skipped
    return path


@pytest.fixture(scope="module")
def eval_dataset(tmp_path_factory) -> Path:
    return write_eval_dataset(tmp_path_factory.mktemp("eval-ds"))


def _evaluate(dataset: Path, out: Path, backend: str, **fields):
    from tooldial.evaluation import EvalConfig, evaluate

    config = EvalConfig.expand(fields.pop("task", "all"), fields.pop("setting", "both"), backend=backend,
                               dataset=str(dataset), out=str(out), progress=False, use_cache=False, **fields)
    return evaluate(config)


# --- normalization and parsing --------------------------------------------------------------------------------


def test_state_normalization_follows_the_release():
    assert normalize_value({"API_Confirmed": "True", "n": 3.5, "l": ["A b", 2], "b": False}) == {
        "apiconfirmed": "true", "n": "35", "l": "ab2", "b": "false"}
    reordered = {"api_status": {"optional_parameters": {"limit": ""}, "required_parameters": {"date": "", "stationId":
                 "ST-48213"}, "api_name": "music|RADIO_hub|station playlist"}, "api_confirmed": "true"}
    assert states_equal(reordered, CONFIRMED)
    assert not states_equal({**reordered, "api_confirmed": "false"}, CONFIRMED)
    assert not states_equal(None, CONFIRMED)


def test_action_normalization_and_lenient_rule():
    assert normalize_action("Retriever call") == normalize_action("retriever_call") == "retrievercall"
    assert normalize_action("- Action: API call") == "call"
    assert parse_action("- Action:Response fail\n- Thought: x") == ("responsefail", "ok")
    assert parse_action("\n  request  ") == ("request", "ok")
    assert parse_action("I think the system should ask") == ("ithinkthesystemshouldask", "not_an_action")
    assert parse_action("") == ("", "empty") and parse_action("!!!\n") == ("", "empty")
    # the original lenient rule: the label contained in the generation
    assert lenient_action_match("retriever_call", "call") and lenient_action_match("response_fail", "response")
    assert not lenient_action_match("request", "call")


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        (None, "empty"),
        ("   ", "empty"),
        ("The API is not confirmed.", "no_braces"),
        ("{'api_confirmed': 'true', 'api_status': {", "no_braces"),
        ("{1, 2}", "not_a_dict"),
        ("{'q': 'it's'}", "invalid_literal"),
        ("{'api_confirmed': 'false' 'api_status': 'none'}", "invalid_literal"),
    ],
)
def test_malformed_states_are_classified_not_raised(text, kind):
    state, got = parse_state(text)
    assert state is None and got == kind


def test_state_parsing_accepts_release_and_python_spellings():
    assert parse_state("- Dialogue State: {'api_confirmed': 'false', 'api_status': 'none'} trailing")[0] == NOT_CONFIRMED
    assert parse_state('{"a": true}')[0] == {"a": True}
    assert parse_state("{'a': True, 'b': None}")[0] == {"a": True, "b": None}  # Python literal fallback
    # the release would score this as {"foo": "bar"}; we read it as written (it can only turn wrong into right)
    assert parse_state("{'who': \"O'Brien\"}")[0] == {"who": "O'Brien"}


# --- A.9 error categories: one hand-made case each ---------------------------------------------------------------


def _with(req=None, opt=None, name=None, **top):
    status = dict(CONFIRMED["api_status"])
    if req is not None:
        status["required_parameters"] = req
    if opt is not None:
        status["optional_parameters"] = opt
    if name is not None:
        status["api_name"] = name
    return {"api_confirmed": "true", "api_status": status, **top}


@pytest.mark.parametrize(
    ("prediction", "label", "kind", "expected"),
    [
        (None, CONFIRMED, "no_braces", ["generation"]),
        (None, CONFIRMED, "not_a_dict", ["generation"]),
        (dict(NOT_CONFIRMED), CONFIRMED, "ok", ["api_confirmation_gt_true"]),
        (CONFIRMED, NOT_CONFIRMED, "ok", ["api_confirmation_gt_false"]),
        ({"api_status": CONFIRMED["api_status"]}, CONFIRMED, "ok", ["format"]),
        ({"api_confirmed": "true", "api_status": {"api_name": "x"}}, CONFIRMED, "ok", ["format"]),
        (None, CONFIRMED, "invalid_literal", ["format"]),  # the release's {"foo": "bar"} stand-in
        (_with(req={"stationId": "st_48213", "date": "", "genre": ""}), CONFIRMED, "ok", ["slot"]),  # extra slot
        (_with(req={"date": "", "stationId": "st_1"}), CONFIRMED, "ok", ["slot", "value"]),  # order counts once wrong
        (_with(req={"stationId": "st_99", "date": ""}), CONFIRMED, "ok", ["value"]),
        (_with(req={"stationId": "st_48213"}), CONFIRMED, "ok", ["slot", "value"]),  # missing slot: both
        (_with(name="Music|radio_hub|Station Info"), CONFIRMED, "ok", ["other"]),
        (CONFIRMED, CONFIRMED, "ok", []),
    ],
)
def test_dst_error_categories(prediction, label, kind, expected):
    assert dst_error_categories(prediction, label, kind) == expected


# --- metrics ----------------------------------------------------------------------------------------------------


def test_per_action_f1_on_a_hand_computed_case():
    labels = ["call", "call", "request", "response", "response"]
    preds = ["call", "request", "request", "blah", "response"]
    m = action_metrics(labels, preds)
    call, request, response = (m["per_action"][a] for a in ("call", "request", "response"))
    assert (call["precision"], call["recall"], call["support"]) == (1.0, 0.5, 2)
    assert call["f1"] == pytest.approx(2 / 3)
    assert (request["precision"], request["recall"]) == (0.5, 1.0) and request["f1"] == pytest.approx(2 / 3)
    assert (response["precision"], response["recall"]) == (1.0, 0.5)
    assert m["per_action"]["suggest"] == {"precision": 0.0, "recall": 0.0, "f1": 0.0, "support": 0}
    assert m["macro_f1"] == pytest.approx((2 / 3 + 2 / 3 + 2 / 3) / 3)
    cm = m["confusion_matrix"]
    row = dict(zip(cm["labels"], cm["matrix"][cm["labels"].index("response")], strict=False))
    assert row["response"] == 1 and row["(invalid)"] == 1
    assert majority_baseline(labels) == {"label": "call", "accuracy": 0.4}
    assert dialogue_success(["a", "a", "b"], [True, False, True]) == {"dialogues": 2, "successful": 1,
                                                                       "success_rate": 0.5}


# --- overall traces ---------------------------------------------------------------------------------------------


def test_overall_round_inserts_gold_observation_and_stops_at_message():
    queue = ObservationQueue(["retriever_call", "request"], [
        {"action": "retriever_call", "observation": {"retriever_status": "R"}},
        {"action": "request", "observation": {}}])
    trace, status = finish_round("", "- Dialogue State: {}\n- Thought: t\n- Action:retriever_call\n- Observ", queue)
    assert status is None and trace.endswith("- Action:retriever_call\n- Observation: {'retriever_status': 'R'}\n")
    trace, status = finish_round(trace, "- Thought: u\n- Action:call\n", queue)  # not in the gold turn: {}
    assert status is None and trace.endswith("- Action:call\n- Observation: {}\n")
    trace, status = finish_round(trace, "- Dialogue State: {}\n- Message: Which city?\nUser: Paris", queue)
    assert status == "done" and trace.endswith("- Message: Which city?\n")
    assert finish_round("", "nothing useful", queue)[1] == "no_action"
    assert split_trace_rounds("a\n- Observation: {}\nb\n- Observation: x\nc\n") == ["a\n", "b\n", "c\n"]


# --- policy backends on a small dataset -------------------------------------------------------------------------


def test_oracle_scores_100_on_every_task_and_setting(eval_dataset, tmp_path):
    results = _evaluate(eval_dataset, tmp_path / "oracle", "oracle", task="all")
    for task in ("dst", "action", "overall"):
        for setting in ("gt", "nogt"):
            metrics = results["tasks"][task][setting]
            assert metrics["n"] > 0 and metrics["accuracy"] == 1.0, (task, setting, metrics)
    assert results["tasks"]["overall"]["gt"]["dialogue_success"]["success_rate"] == 1.0
    assert results["tasks"]["dst"]["gt"]["error_analysis"]["errors"] == 0
    assert "faithfulness" not in results["tasks"]  # no judge given: skipped, not faked
    out = tmp_path / "oracle"
    records = [json.loads(line) for line in (out / "predictions.jsonl").read_text().splitlines()]
    assert {r["task"] for r in records} == {"dst", "action", "overall"}
    assert all(len(r["input_hash"]) == 64 and r["correct"] and r["error_kind"] is None for r in records)
    report = (out / "report.md").read_text()
    assert "| TD-Llama (paper) | 92.7 | 72.2 | 77.5 | 91.0 | 88.4 |" in report
    assert re.search(r"\| \*\*oracle\*\* \|( 100\.0 \[\d+\.\d, 100\.0\] \|){4} – \|", report), report
    low, high = results["tasks"]["action"]["gt"]["accuracy_ci"]
    assert high == 1.0 and 0.5 < low < 1.0  # Wilson: 100% of n is not a certainty
    for name in ("dst_accuracy_by_turns.png", "action_confusion_gt.png", "action_confusion_nogt.png"):
        with Image.open(out / name) as image:  # a real picture with something drawn on it, not an empty file
            assert image.format == "PNG" and min(image.size) >= 200, name
            assert len(image.convert("L").getcolors(maxcolors=1 << 16) or range(1 << 16)) > 10, name
        assert f"]({name})" in report


def test_rule_beats_majority_and_random_is_near_chance(eval_dataset, tmp_path):
    rule = _evaluate(eval_dataset, tmp_path / "rule", "rule", task="action")["tasks"]["action"]
    for setting in ("gt", "nogt"):
        assert rule[setting]["accuracy"] > rule[setting]["majority_baseline"]["accuracy"] + 0.3
    rnd = _evaluate(eval_dataset, tmp_path / "random", "random", task="action")["tasks"]["action"]
    for setting in ("gt", "nogt"):
        assert rnd[setting]["accuracy"] < rule[setting]["majority_baseline"]["accuracy"] + 0.15
        assert rnd[setting]["parse_failures"] == {}
    again = _evaluate(eval_dataset, tmp_path / "random2", "random", task="action")["tasks"]["action"]
    assert again["gt"]["accuracy"] == rnd["gt"]["accuracy"]  # seeded per example


def test_rule_dst_and_overall_read_states_they_can(eval_dataset, tmp_path):
    dst = _evaluate(eval_dataset, tmp_path / "rule-dst", "rule", task="dst")["tasks"]["dst"]
    assert dst["gt"]["accuracy"] > 0.5 and dst["gt"]["error_analysis"]["counts"]["generation"] == 0
    results = _evaluate(eval_dataset, tmp_path / "rule-overall", "rule", task="overall")
    overall = results["tasks"]["overall"]
    records = [json.loads(line) for line in (tmp_path / "rule-overall" / "predictions.jsonl").read_text().splitlines()]
    assert {r["setting"] for r in records} == {"gt", "nogt"} and len(records) == 2 * overall["gt"]["n"]

    def right(r):
        # the rules choose every action of these dialogues; the states are right only at the first user turn:
        # later ones carry values from the user's words and the call results, which the rule does not read —
        # except, in the release's layout (profile ``original``), a goodbye turn: the rule writes its
        # not-confirmed state before and after the talking action, as that layout does
        bye = results["profile"] == "original" and all(s == {"api_confirmed": "false", "api_status": "none"}
                                                       for s in r["label"]["states"])
        return r["turn_index"] == 0 or bye

    for r in records:
        assert r["predicted_actions"] == r["label"]["actions"], r["id"]
        assert r["correct"] == right(r), r["id"]
        assert r["error_kind"] in (None, "state_mismatch"), r["id"]
    for setting in ("gt", "nogt"):
        expected = sum(1 for r in records if r["setting"] == setting and right(r))
        assert overall[setting]["accuracy"] == expected / overall[setting]["n"]


def test_garbage_backend_output_is_scored_wrong_and_counted(eval_dataset, tmp_path):
    from tooldial.evaluation.backends.base import Backend

    class Garbage(Backend):
        name = "garbage"
        cacheable = False
        outputs = ["", "{'api_confirmed': ", "{1, 2}", "}{", "\x00\x01 Action: ???", "{'a': 'b'", "null"]

        def generate(self, requests):
            return [self.outputs[i % len(self.outputs)] for i, _ in enumerate(requests)]

    from tooldial.evaluation import EvalConfig, evaluate

    config = EvalConfig.expand("all", "both", backend="oracle", dataset=str(eval_dataset), out=str(tmp_path),
                               progress=False, use_cache=False)
    results = evaluate(config, backend=Garbage())
    dst = results["tasks"]["dst"]["gt"]
    assert dst["accuracy"] == 0.0 and sum(dst["parse_failures"].values()) == dst["n"]
    assert results["tasks"]["action"]["gt"]["accuracy"] == 0.0
    assert results["tasks"]["overall"]["gt"]["accuracy"] == 0.0
    assert results["tasks"]["overall"]["gt"]["error_kinds"] == {"no_action": results["tasks"]["overall"]["gt"]["n"]}


def test_cli_runs_compares_and_reports_user_errors(eval_dataset, tmp_path, capsys):
    from tooldial.cli import main

    for backend in ("oracle", "rule"):
        assert main(["eval", "--backend", backend, "--task", "action", "--setting", "gt", "--dataset", str(eval_dataset), "--out",
                     str(tmp_path / backend), "--no-progress", "--no-cache"]) == 0
    capsys.readouterr()
    assert main(["eval", "compare", str(tmp_path / "oracle"), str(tmp_path / "rule")]) == 0
    table = capsys.readouterr().out
    assert table.splitlines()[0].startswith("| run | model | split | limit | n | Act gt | Act gt (lenient) |")
    assert re.search(r"\| oracle \| oracle \| test \| all \| \d+ \| 100\.0 \[\d+\.\d, 100\.0\] \|", table), table
    assert "| rule | rule | test | all |" in table
    # a second run into the same directory is refused; --overwrite replaces it
    assert main(["eval", "--backend", "rule", "--task", "action", "--setting", "gt", "--dataset", str(eval_dataset),
                 "--out", str(tmp_path / "rule"), "--no-progress", "--no-cache"]) == 2
    assert "--overwrite" in capsys.readouterr().err
    assert main(["eval", "--backend", "rule", "--task", "action", "--setting", "gt", "--dataset", str(eval_dataset),
                 "--out", str(tmp_path / "rule"), "--no-progress", "--no-cache", "--limit", "5", "--overwrite"]) == 0
    capsys.readouterr()
    assert main(["eval", "compare", str(tmp_path / "oracle"), str(tmp_path / "rule")]) == 0
    table = capsys.readouterr().out
    assert "| rule | rule | test | 5 | 5 |" in table and "different numbers of examples" in table
    assert main(["eval", "--backend", "oracle", "--dataset", str(tmp_path / "missing"), "--out",
                 str(tmp_path / "x"), "--no-progress"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("tooldial: ") and "\n" not in err and "Traceback" not in err
    assert main(["eval", "--backend", "hf", "--dataset", str(eval_dataset), "--out", str(tmp_path / "y")]) == 2
    assert main(["eval", "compare", str(tmp_path / "nope")]) == 2
