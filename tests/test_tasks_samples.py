"""Per-task samples: labels equal the source dialogue's, GT vs no-GT histories, faithfulness and overall cuts."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from tooldial.dialogue.record import DialogueRecord
from tooldial.tasks.samples import action_samples, dst_samples, faithfulness_samples, overall_samples

RELEASE = Path(__file__).parent / "data" / "release" / "clean"


@pytest.fixture(scope="module")
def records() -> list[DialogueRecord]:
    out = []
    for name in ("train.json", "val.json", "test.json"):
        for i, raw in enumerate(json.loads((RELEASE / name).read_text())):
            out.append(DialogueRecord.model_validate({**raw, "dialogue_id": f"{name}-{i}", "sequence_id": "s"}))
    return out


def _state_without_system_action(record: DialogueRecord, index: int) -> dict:
    state = copy.deepcopy(record.dialogue[index]["System"]["dialogue_state"])
    if isinstance(state.get("api_status"), dict):
        state["api_status"].pop("system_action")
    return state


def _system_indices(record: DialogueRecord) -> list[int]:
    return [i for i, t in enumerate(record.dialogue) if "System" in t]


def test_dst_labels_are_the_states_of_their_turns(records):
    for record in records:
        for setting in ("gt", "nogt"):
            samples = list(dst_samples(record, setting))
            assert samples
            for s in samples:
                assert "System" in record.dialogue[s.turn_index]
                assert s.label == _state_without_system_action(record, s.turn_index)
                assert s.target == f"- Dialogue State: {s.label!r}"
                assert s.id == f"{record.dialogue_id}/dst/{setting}/{s.turn_index}"
                assert s.num_user_turns == sum(1 for t in record.dialogue[: s.turn_index] if "User" in t)
            # one state per talking turn and per call that follows an inform
            expected = [
                i for i in _system_indices(record)
                if record.dialogue[i]["System"]["action"] not in ("retriever_call", "call")
                or ("User" in record.dialogue[i - 1] and record.dialogue[i - 1]["User"]["action"] == "inform")
            ]
            assert [s.turn_index for s in samples] == expected


def test_dst_gt_keeps_earlier_states_nogt_removes_them(records):
    record = records[0]
    gt = list(dst_samples(record, "gt"))
    nogt = list(dst_samples(record, "nogt"))
    assert gt[0].history == nogt[0].history  # nothing before the first state
    for k, (a, b) in enumerate(zip(gt, nogt, strict=True)):
        assert a.history.count("- Dialogue State: ") == k
        assert "- Dialogue State: " not in b.history
        assert a.history.count("- Thought: ") == b.history.count("- Thought: ") > 0
        assert a.label == b.label


def test_dst_input_at_request_includes_the_same_turns_message(records):
    record = records[0]
    first = next(dst_samples(record, "gt"))
    assert record.dialogue[first.turn_index]["System"]["action"] == "request"
    assert first.history.endswith("- Message: May I ask for the station ID?\n")


def test_action_labels_are_every_system_action_in_order(records):
    for record in records:
        for setting in ("gt", "nogt"):
            samples = list(action_samples(record, setting))
            assert [s.turn_index for s in samples] == _system_indices(record)
            assert [s.label for s in samples] == [record.dialogue[i]["System"]["action"] for i in _system_indices(record)]
            for k, s in enumerate(samples):
                assert "- Thought:" not in s.history
                assert s.target == f"- Action:{s.label}"
                assert s.history.count("- Action:") == (k if setting == "gt" else 0)
            # state lines stay in both settings
            assert samples[-1].history.count("- Dialogue State: ") == len(list(dst_samples(record))) - 1


def test_action_histories_grow_by_prefix(records):
    samples = list(action_samples(records[3], "gt"))
    for a, b in zip(samples, samples[1:], strict=False):
        assert b.history.startswith(a.history)


def test_faithfulness_one_per_response_never_response_fail(records):
    for record in records:
        samples = list(faithfulness_samples(record))
        responses = [i for i in _system_indices(record) if record.dialogue[i]["System"]["action"] == "response"]
        assert [s.turn_index for s in samples] == responses
        for s in samples:
            assert s.history.endswith("- Action:response\n")
            assert s.reference == record.dialogue[s.turn_index]["System"]["message"]
            assert s.api_results and all("api_name" in r for r in s.api_results)
    failing = next(r for r in records if "response_fail" in r.turn_actions())
    assert list(faithfulness_samples(failing)) == []


def test_overall_one_per_user_turn_with_its_actions_and_observations(records):
    for record in records:
        samples = list(overall_samples(record))
        users = [i for i, t in enumerate(record.dialogue) if "User" in t]
        assert [s.turn_index for s in samples] == users
        for s in samples:
            nxt = next((u for u in users if u > s.turn_index), len(record.dialogue))
            gold = [record.dialogue[i]["System"]["action"] for i in range(s.turn_index + 1, nxt)]
            assert s.label_actions == gold
            assert [o["action"] for o in s.observations] == gold
            assert s.history.endswith(f"User: {record.dialogue[s.turn_index]['User']['message']}\nSystem:\n")
            assert "System:" not in s.target and "User:" not in s.target
            assert s.target.startswith("- Dialogue State: ")
            assert len(s.label_states) == len({i for i in range(s.turn_index + 1, nxt)} - {
                i for i in range(s.turn_index + 2, nxt) if record.dialogue[i]["System"]["action"] in ("retriever_call", "call")})
            for obs in s.observations:
                if obs["action"] == "call":
                    assert "call_result" in obs["observation"]
                elif obs["action"] not in ("retriever_call",):
                    assert obs["observation"] == {}


def test_unknown_setting_is_refused(records):
    with pytest.raises(ValueError, match="unknown setting"):
        list(dst_samples(records[0], "oracle"))  # type: ignore[arg-type]
