"""The A.12 history layouts: formatting details, documentation lines, overall layout."""

from __future__ import annotations

import ast
import copy
import json
from pathlib import Path

import pytest

from tooldial.corpus.models import Api, Corpus, Parameter, Tool
from tooldial.dialogue.record import DialogueRecord
from tooldial.tasks.format import normalize_double, render
from tooldial.tasks.history import dialogue_lines, overall_lines, render_history

RELEASE = Path(__file__).parent / "data" / "release" / "clean"


def _records(name: str) -> list[DialogueRecord]:
    return [DialogueRecord.model_validate(r) for r in json.loads((RELEASE / name).read_text())]


@pytest.fixture(scope="module")
def records() -> dict[str, DialogueRecord]:
    train, val, test = _records("train.json"), _records("val.json"), _records("test.json")
    return {"radio": train[0], "weather": train[1], "stock": train[2], "hockey": train[3],
            "negate": val[0], "clarify": val[1], "convert": test[0]}


def _lines_of(text: str, prefix: str) -> list[str]:
    return [line for line in text.split("\n") if line.startswith(prefix)]


def test_action_lines_have_no_space_and_states_no_system_action(records):
    for record in records.values():
        text = render_history(record)
        actions = _lines_of(text, "- Action:")
        assert actions and all(not a.startswith("- Action: ") for a in actions)
        assert "system_action" not in text
        # the source record does carry system_action in its confirmed states
    assert "system_action" in json.dumps(records["radio"].dialogue)


def test_states_are_python_repr_of_the_turn_state(records):
    record = records["hockey"]
    lines = [line for line in dialogue_lines(record) if line.kind == "state"]
    for line in lines:
        state = copy.deepcopy(record.dialogue[line.turn_index]["System"]["dialogue_state"])
        if isinstance(state.get("api_status"), dict):
            del state["api_status"]["system_action"]
        assert line.text == f"- Dialogue State: {state!r}"
        assert ast.literal_eval(line.text.removeprefix("- Dialogue State: ")) == state


def test_call_after_inform_starts_with_state_and_ends_with_call_result(records):
    record = records["weather"]
    text = render_history(record)
    block = text.split("User: Boulder, please, and metric is 'true'ly fine.\nSystem:\n")[1].split("- Thought: I can")[0]
    kinds = [line.split(":")[0] for line in block.strip().split("\n")]
    assert kinds == ["- Dialogue State", "- Thought", "- Action", "- Retriever status", "- Call result"]


def test_empty_call_result_is_taken_from_the_next_turn(records):
    record = records["stock"]
    calls = [line for line in dialogue_lines(record) if line.kind == "call_result"]
    assert record.dialogue[calls[0].turn_index]["System"]["api_response"] == {}
    assert calls[0].value == record.dialogue[calls[0].turn_index + 1]["System"]["api_response"]
    assert calls[0].value["result"]["response"]["symbol"] == "AAPL"


def _docs(record: DialogueRecord, corpus=None) -> list[dict]:
    return [line.value for line in dialogue_lines(record, corpus) if line.kind == "api_docs"]


def test_documentation_lists_only_the_parameters_of_the_next_state(records):
    docs = _docs(records["weather"])
    assert len(docs) == 1
    assert docs[0]["api_name"] == "Weather|open_meteo_lite|Daily Forecast"
    assert [p["input_parameter_name"] for p in docs[0]["required_parameters"]] == ["city"]
    assert [p["input_parameter_name"] for p in docs[0]["optional_parameters"]] == ["units"]


def test_documentation_after_suggest_and_clarify_and_procurement(records):
    # suggest + affirm: the state three turns ahead (the request after the affirm)
    (doc,) = _docs(records["stock"])
    assert doc["api_name"] == "Finance|quotient|Stock Quote"
    assert [p["input_parameter_name"] for p in doc["required_parameters"]] == ["symbol"]
    # suggest + negate: the full target documentation
    (doc,) = _docs(records["negate"])
    assert doc["api_name"] == records["negate"].target
    # clarify path: every score <= 0.5, so the first retrieval shows no documentation
    docs = _docs(records["clarify"])
    assert len(docs) == 1 and len([line for line in dialogue_lines(records["clarify"]) if line.value == "retriever_call"]) == 2
    # procurement (list form, also nested): the source, with the parameters of the next state
    for name in ("radio", "hockey"):
        record = records[name]
        assert _docs(record)[1]["api_name"] == record.source
    assert [p["input_parameter_name"] for p in _docs(records["hockey"])[1]["required_parameters"]] == ["tournamentId"]


def test_documentation_uses_corpus_descriptions_when_given(records):
    api = Api(category="Weather", tool="open_meteo_lite", name="Daily Forecast", description="Forecast per day.",
              required_parameters=(Parameter(name="city", description="City name, e.g. Paris"),),
              optional_parameters=(Parameter(name="units", description="metric or imperial"),
                                   Parameter(name="days", description="how many days")))
    corpus = Corpus(spec="test", tools=[Tool(category="Weather", name="open_meteo_lite", apis=(api,))])
    (doc,) = _docs(records["weather"], corpus)
    assert doc["api_description"] == "Forecast per day."
    assert doc["required_parameters"] == [{"input_parameter_name": "city", "description": "City name, e.g. Paris"}]
    # "days" is documented but not in the state: not listed
    assert doc["optional_parameters"] == [{"input_parameter_name": "units", "description": "metric or imperial"}]


def test_messages_keep_newlines_in_task_layout_and_lose_them_in_overall(records):
    record = records["weather"]
    message = record.dialogue[5]["System"]["message"]
    assert "\n" in message
    assert f"- Message: {message}\n" in render_history(record)
    overall = render(overall_lines(record))
    assert f"- Message: {message.replace(chr(10), ' ')}\n" in overall


def test_normalize_double_collapses_quoted_quotes(records):
    assert normalize_double("{'a': \"'true'\"}") == "{'a': 'true'}"
    record = records["weather"].model_copy(deep=True)
    record.dialogue[2]["System"]["dialogue_state"]["api_status"]["optional_parameters"]["units"] = "'metric'"
    text = render_history(record)
    assert "'units': 'metric'" in text and "\"'metric'\"" not in text


def test_overall_layout_one_state_per_turn_and_leading_state_after_user(records):
    record = records["radio"]
    lines = overall_lines(record)
    states_per_turn: dict[int, int] = {}
    for line in lines:
        if line.kind == "state":
            states_per_turn[line.turn_index] = states_per_turn.get(line.turn_index, 0) + 1
    assert set(states_per_turn.values()) == {1}
    # every first system turn after a user turn starts with its state
    for k, line in enumerate(lines):
        if line.kind == "system":
            assert lines[k + 1].kind == "state"
    text = render(lines)
    assert "- Observation: {'call_result':" in text and "- Retriever status:" not in text
    assert text.count("- Observation: {}") == 3  # request, response, system_bye
