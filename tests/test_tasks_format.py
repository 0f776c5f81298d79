"""The history text format has one owner: what the layouts write, the parser reads back, and the setting
filters on text agree with the ones on lines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tooldial.dialogue.record import DialogueRecord
from tooldial.tasks import format as fmt
from tooldial.tasks.history import dialogue_lines, overall_lines
from tooldial.tasks.samples import overall_samples

RELEASE = Path(__file__).parent / "data" / "release" / "clean"


@pytest.fixture(scope="module")
def records() -> list[DialogueRecord]:
    raw = json.loads((RELEASE / "test.json").read_text())
    return [DialogueRecord.model_validate({**r, "dialogue_id": f"t-{i}", "sequence_id": "s"}) for i, r in enumerate(raw)]


def test_every_rendered_line_is_classified_by_its_prefix(records) -> None:
    for record in records:
        for layout in (dialogue_lines, overall_lines):
            for line in layout(record):
                first = line.text.splitlines()[0] if line.text else ""
                assert fmt.line_kind(first) == line.kind, line.text[:60]
    assert fmt.line_kind("just a continued message line") is None


@pytest.mark.parametrize("layout", [dialogue_lines, overall_lines])
def test_the_parser_reads_back_what_the_layouts_write(records, layout) -> None:
    """Every system action of the record, in order, and its user turns come back from the text."""
    for record in records:
        turns = fmt.parse_history(fmt.render(layout(record)))
        users = [t["User"]["message"] for t in record.dialogue if "User" in t]
        assert [t.user for t in turns] == users
        actions = [fmt.normalize_action(t["System"]["action"]) for t in record.dialogue if "System" in t]
        assert [s.action for t in turns for s in t.steps] == actions
        confirmed = [s.state for t in turns for s in t.steps if isinstance(s.state, dict)
                     and s.state.get("api_confirmed") == "true"]
        assert all("api_name" in state["api_status"] for state in confirmed)


def test_the_parser_tolerates_model_text() -> None:
    turns = fmt.parse_history("User: hi\nSystem:\n- Action:request\n- Message: what city?\n"
                              "- Dialogue State: {broken\nnonsense line\n- Observation: {}\n")
    assert turns[0].user == "hi"
    step = turns[0].steps[0]
    assert step.action == "request" and step.message == "what city?" and step.state == "{broken"


def test_text_filter_matches_the_line_filter_of_the_samples(records) -> None:
    """``filter_history`` on a gt overall history gives the nogt history the sample cutter builds."""
    for record in records:
        gt = list(overall_samples(record, "gt"))
        nogt = list(overall_samples(record, "nogt"))
        assert gt and [s.turn_index for s in gt] == [s.turn_index for s in nogt]
        for a, b in zip(gt, nogt, strict=True):
            assert fmt.filter_history(a.history, "overall", "nogt") == b.history
            assert fmt.filter_history(a.history, "overall", "gt") == a.history


def test_hidden_kinds_per_task_and_setting() -> None:
    assert fmt.hidden_kinds("dst", "nogt") == {"state"}
    assert fmt.hidden_kinds("action", "gt") == {"thought"}
    assert fmt.hidden_kinds("action", "nogt") == {"thought", "action"}
    assert fmt.hidden_kinds("overall", "nogt") == {"state", "action"}
    with pytest.raises(ValueError, match="unknown setting"):
        fmt.hidden_kinds("dst", "both")


def test_state_parsing_follows_the_release() -> None:
    assert fmt.parse_state("- Dialogue State: {'api_confirmed': 'false', 'api_status': 'none'}") == (
        {"api_confirmed": "false", "api_status": "none"}, "ok")
    assert fmt.parse_state("{'name': \"O'Hara\"}") == ({"name": "O'Hara"}, "ok")  # the as-written fallback
    assert fmt.parse_state("") == (None, "empty")
    assert fmt.parse_state("no state") == (None, "no_braces")
    assert fmt.parse_state("{1, 2}") == (None, "not_a_dict")
    assert fmt.parse_state("{'a': }") == (None, "invalid_literal")
    assert fmt.normalize_action("- Action: Retriever_Call") == "retrievercall"
