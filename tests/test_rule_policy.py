"""The ``rule`` reference policy on hand-written histories: each rule of its docstring, with and without the
action lines (``nogt``), and the states it writes."""

from __future__ import annotations

import pytest

from tooldial.evaluation.backends.base import GenerationRequest
from tooldial.evaluation.backends.rule import RuleBackend, RulePolicy, overall_round
from tooldial.evaluation.parsing import NOT_CONFIRMED
from tooldial.tasks.format import filter_history

API = "Weather|sky_cast|Daily Forecast"
DOCS = {"api_name": API, "api_description": "Forecast.",
        "required_parameters": [{"input_parameter_name": "city", "description": "City name"}],
        "optional_parameters": [{"input_parameter_name": "days", "description": "How many days"}]}


def retrieval(score: float, docs: dict | None = DOCS, user: str = "What will the weather be like?") -> str:
    status = {"retriever_call": "true", "retrieved_api": {API: score, "Weather|other|Now": 0.31}}
    text = (f"User: {user}\nSystem:\n- Thought: find an API\n- Action:retriever_call\n"
            f"- Retriever status: {status}\n")
    return text + (f"- API documentations: {docs}\n" if docs is not None else "")


def confirmed(city: str = "") -> dict:
    return {"api_confirmed": "true", "api_status": {"api_name": API, "required_parameters": {"city": city},
                                                    "optional_parameters": {"days": ""}}}


def talk(action: str, message: str, state: dict) -> str:
    return f"- Thought: t\n- Action:{action}\n- Retriever status: {{'retriever_call': 'false'}}\n" \
           f"- Message: {message}\n- Dialogue State: {state}\n"


@pytest.fixture()
def policy() -> RulePolicy:
    return RulePolicy()


@pytest.mark.parametrize(("score", "expected"), [(0.72, "request"), (0.55, "suggest"), (0.45, "clarify")])
def test_after_a_retrieval_the_best_score_decides(policy: RulePolicy, score: float, expected: str) -> None:
    history = retrieval(score)
    assert policy.next_action(history) == expected
    assert policy.next_action(filter_history(history, "action", "nogt")) == expected  # inferred from the status


def test_no_input_needed_or_the_id_already_given_means_call(policy: RulePolicy) -> None:
    assert policy.next_action(retrieval(0.8, {**DOCS, "required_parameters": []})) == "call"
    assert policy.next_action(retrieval(0.8, user="Forecast for station st_48213 please")) == "call"


@pytest.mark.parametrize(("user", "expected"), [("Paris, please.", "call"), ("Sorry, I don't know it.", "retrievercall")])
def test_a_user_turn_after_request_is_inform_or_fail_inform(policy: RulePolicy, user: str, expected: str) -> None:
    history = retrieval(0.72) + talk("request", "Which city?", confirmed()) + f"User: {user}\nSystem:\n"
    assert policy.next_action(history) == expected


@pytest.mark.parametrize(("user", "expected"), [("Yes, that one.", "request"), ("No, not that.", "responsefail")])
def test_a_user_turn_after_suggest_is_affirm_or_negate(policy: RulePolicy, user: str, expected: str) -> None:
    history = retrieval(0.55) + talk("suggest", "Do you mean the forecast?", NOT_CONFIRMED) + f"User: {user}\nSystem:\n"
    assert policy.next_action(history) == expected


def test_call_then_response_then_goodbye(policy: RulePolicy) -> None:
    history = (retrieval(0.72) + talk("request", "Which city?", confirmed()) + "User: Paris\nSystem:\n"
               + f"- Dialogue State: {confirmed('Paris')}\n- Thought: t\n- Action:call\n"
               + "- Retriever status: {'retriever_call': 'false'}\n- Call result: {'temp': 21}\n")
    assert policy.next_action(history) == "response"
    done = history + talk("response", "It will be 21 degrees.", confirmed("Paris")) + "User: Thanks, bye!\nSystem:\n"
    assert policy.next_action(done) == "systembye"


def test_states_follow_the_action_and_carry_known_values(policy: RulePolicy) -> None:
    history = retrieval(0.72)
    assert policy.state_for(history, "clarify") == NOT_CONFIRMED
    assert policy.state_for(history, "request") == confirmed()
    later = history + talk("request", "Which city?", confirmed("Paris")) + "User: And for 3 days\nSystem:\n"
    assert policy.state_for(later, "call")["api_status"]["required_parameters"] == {"city": "Paris"}
    assert policy.state(later) == policy.state_for(later, "call")


def test_overall_rounds_open_with_a_state_and_close_talking_steps(policy: RulePolicy) -> None:
    history = "User: What will the weather be like?\nSystem:\n"
    first = overall_round(policy, history, "")
    assert first.startswith(f"- Dialogue State: {NOT_CONFIRMED!r}\n") and first.endswith("- Action:retriever_call\n")
    trace = first + "- Observation: {'retriever_status': {'retriever_call': 'true', 'retrieved_api': {'" + API + \
        "': 0.9}}, 'api_documentation': " + repr(DOCS) + "}\n"
    second = overall_round(policy, history, trace)
    assert second == "- Thought: .\n- Action:request\n"
    closing = overall_round(policy, history, trace + second + "- Observation: {}\n")
    assert closing.startswith("- Dialogue State: ") and closing.endswith("- Message: .\n")
    assert repr(confirmed())[:40] in closing


def test_the_backend_answers_in_release_spelling_and_never_crashes() -> None:
    backend = RuleBackend()
    request = GenerationRequest(task="action", messages=[{"role": "user", "content": "x"}],
                                example={"history": retrieval(0.45)})
    broken = request.model_copy(update={"example": {"history": None}, "messages": [{"role": "user", "content": "{"}]})
    assert backend.generate([request, broken])[0] == "clarify"
    assert backend.failures == {}
