"""``rule``: a non-LLM reference policy — the baseline every model should beat.

It reads the A.12 history text, reconstructs the system's past steps (from ``- Action:`` lines where the
setting shows them, otherwise from the retriever-status / call-result / message lines each step leaves), and
applies the rules the prompts state: after a retrieval, confirm an API scoring ≥ 0.6 and request its inputs,
``suggest`` for a best score in (0.5, 0.6], ``clarify`` otherwise; after a procurement retrieval, call the
source API (or request its inputs); after a call, call the target next if a procured value is waiting, else
respond; a user turn after ``request`` is an ``inform`` (→ ``call``) unless it reads like "I don't know"
(→ ``retriever_call``), after ``suggest`` an ``affirm`` (→ ``request``) unless it reads like a refusal
(→ ``response_fail``), after ``response`` a goodbye (→ ``system_bye``).

On ``overall`` it writes the trace round by round with the same rules (gold observations are read like
retriever statuses and call results). For ``dst`` it predicts the state of the step at hand: not-confirmed for retrieval / clarify / suggest /
failure / goodbye steps, otherwise the API of the latest documentation with its listed slots, filling values
it can carry over from an earlier visible state of the same API. It never reads the gold label.
"""

from __future__ import annotations

import json
import re
from typing import Any

from tooldial.evaluation.backends.base import Backend, GenerationRequest
from tooldial.evaluation.parsing import NOT_CONFIRMED
from tooldial.knowledge.loader import ordered_words
from tooldial.tasks.format import (
    ACTION_PREFIX,
    MESSAGE_PREFIX,
    STATE_PREFIX,
    THOUGHT_PREFIX,
    Step,
    Turn,
    normalize_action,
    parse_history,
)

CONFIRM_THRESHOLD = 0.6
SUGGEST_THRESHOLD = 0.5

_FAIL_INFORM = re.compile(r"\b(" + "|".join(ordered_words("replies", "fail_inform_cues")) + r")\b", re.IGNORECASE)
_NEGATE = re.compile(r"\b(no|not|nope|don'?t|doesn'?t|isn'?t|wrong|rather|neither|nah)\b", re.IGNORECASE)
_ID_LIKE = re.compile(r"\b(?=\w*\d)(?=\w*[a-z_])\w{4,}\b", re.IGNORECASE)  # st_48213, boo_73570, B07XJ8C8F5
_NOT_CONFIRMED_ACTIONS = {"retrievercall", "clarify", "suggest", "responsefail", "systembye"}

_ACTION_NAMES = {
    "retrievercall": "retriever_call",
    "responsefail": "response_fail",
    "systembye": "system_bye",
}


def _scores(status: Any) -> dict[str, float] | None:
    if not isinstance(status, dict):
        return None
    retrieved = status.get("retrieved_api")
    if isinstance(retrieved, dict):
        scores = {}
        for name, score in retrieved.items():
            try:
                scores[str(name)] = float(score)
            except (TypeError, ValueError):
                continue
        return scores
    return None


def _is_retrieval(status: Any) -> bool:
    return isinstance(status, dict) and str(status.get("retriever_call", "")).lower() == "true"


def _is_procurement(status: Any) -> bool:
    return _is_retrieval(status) and isinstance(status.get("retrieved_api"), list | tuple)


def _is_confirmed(state: Any) -> bool:
    return isinstance(state, dict) and str(state.get("api_confirmed", "")).lower() == "true"


def _multi_valued(call_result: Any) -> bool:
    text = str(call_result)
    return text.count("{") > 2 and "[" in text and text.count("}, {") >= 1


class RulePolicy:
    """The deterministic policy; :meth:`next_action` and :meth:`state` work on history text."""

    def infer_actions(self, turns: list[Turn]) -> list[tuple[Turn, Step]]:
        """Fill in missing step actions from what each step left in the text, in dialogue order."""
        ordered: list[tuple[Turn, Step]] = []
        previous: str | None = None
        last_scores: dict[str, float] | None = None
        for turn in turns:
            for i, step in enumerate(turn.steps):
                if step.action is None:
                    step.action = self._infer(step, previous, last_scores, turn, i)
                if _is_retrieval(step.retriever_status):
                    last_scores = _scores(step.retriever_status)
                ordered.append((turn, step))
                previous = step.action
        return ordered

    def _infer(self, step: Step, previous: str | None, last_scores: dict[str, float] | None, turn: Turn,
               index: int) -> str:
        if _is_retrieval(step.retriever_status):
            return "retrievercall"
        if step.call_result is not None:
            return "call"
        if step.state is not None:
            if _is_confirmed(step.state):
                # after a call the system either answers or asks the user to pick / give more: a question
                asks = (step.message or "").rstrip().endswith("?")
                return "response" if previous == "call" and not asks else "request"
            first_in_turn = index == 0
            if first_in_turn and previous == "suggest":
                return "responsefail"
            if previous in ("response", "responsefail") or (first_in_turn and previous == "systembye"):
                return "systembye"
        return self._after_retrieval(last_scores) if previous == "retrievercall" else (
            "response" if previous == "call" else "systembye"
        )

    @staticmethod
    def _after_retrieval(scores: dict[str, float] | None) -> str:
        if not scores:
            return "request"
        best = max(scores.values())
        if best >= CONFIRM_THRESHOLD:
            return "request"
        if best > SUGGEST_THRESHOLD:
            return "suggest"
        return "clarify"

    def next_action(self, history: str) -> str:
        turns = parse_history(history)
        ordered = self.infer_actions(turns)
        if not turns or not ordered:
            return "retrievercall"
        current = turns[-1]
        if not current.steps:  # the history ends with a user utterance
            previous = ordered[-1][1].action if ordered else None
            user = current.user or ""
            if previous == "request":
                return "retrievercall" if _FAIL_INFORM.search(user) else "call"
            if previous == "suggest":
                return "responsefail" if _NEGATE.search(user) else "request"
            if previous in ("response", "responsefail", "systembye"):
                return "systembye"
            return "retrievercall"
        last = current.steps[-1]
        if last.action == "retrievercall":
            if _is_procurement(last.retriever_status):
                return "request" if self._required_slots(last.docs) else "call"
            action = self._after_retrieval(_scores(last.retriever_status))
            if action == "request" and last.docs is not None:
                required = self._required_slots(last.docs)
                # no input needed, or the one input already in the request (an id-like token: clear_add)
                if not required or (len(required) == 1 and _ID_LIKE.search(current.user or "")):
                    return "call"
            return action
        if last.action == "call":
            procured = any(_is_procurement(s.retriever_status) for _, s in ordered)
            calls_since = 0
            for _, step in reversed(ordered):
                if _is_procurement(step.retriever_status):
                    break
                calls_since += step.action == "call"
            if procured and calls_since == 1:
                missing = self._target_slots_missing(ordered, str(last.call_result))
                return "request" if _multi_valued(last.call_result) or missing else "call"
            return "response"
        return {"request": "call", "suggest": "request", "clarify": "retrievercall"}.get(last.action or "", "systembye")

    @staticmethod
    def _target_slots_missing(ordered: list[tuple[Turn, Step]], call_result: str) -> bool:
        """After the source call of a procurement: does the target still lack inputs (besides the procured one
        and any the call result also provides)?"""
        procurement = next((s.retriever_status for _, s in reversed(ordered) if _is_procurement(s.retriever_status)),
                           None)
        if procurement is None:
            return False
        text = " ".join(str(x) for x in procurement.get("retrieved_api", [])[1:])
        match = re.search(r"input parameter (.+?) of (.+?):", text)
        if not match:
            return False
        param, target = match.group(1).strip(), match.group(2).strip()
        for _, step in reversed(ordered):
            status = step.state.get("api_status") if _is_confirmed(step.state) else None
            if isinstance(status, dict) and status.get("api_name") == target:
                required = status.get("required_parameters") or {}
                return any(not value and f"'{name}'" not in call_result
                           for name, value in required.items() if name != param)
        return False

    @staticmethod
    def _required_slots(docs: Any) -> list[str]:
        if not isinstance(docs, dict):
            return []
        return [str(p.get("input_parameter_name", "")) for p in docs.get("required_parameters") or []
                if isinstance(p, dict)]

    def state(self, history: str) -> dict[str, Any]:
        turns = parse_history(history)
        if turns and turns[-1].steps and turns[-1].steps[-1].message is not None:
            action = turns[-1].steps[-1].action or "systembye"  # the state closes the step just shown
        else:
            action = self.next_action(history)
        return self.state_for(history, action)

    def state_for(self, history: str, action: str) -> dict[str, Any]:
        """The state that goes with taking ``action`` after ``history``."""
        ordered = self.infer_actions(parse_history(history))
        if action in _NOT_CONFIRMED_ACTIONS:
            return dict(NOT_CONFIRMED)
        docs = next((s.docs for _, s in reversed(ordered) if isinstance(s.docs, dict)), None)
        if docs is None:
            return dict(NOT_CONFIRMED)
        api = str(docs.get("api_name", ""))
        earlier: dict[str, Any] = {}
        for _, step in ordered:
            for candidate in (step.state,):
                if _is_confirmed(candidate) and isinstance(candidate.get("api_status"), dict):
                    status = candidate["api_status"]
                    if status.get("api_name") == api:
                        for key in ("required_parameters", "optional_parameters"):
                            if isinstance(status.get(key), dict):
                                earlier.update({k: v for k, v in status[key].items() if v})

        def slots(key: str) -> dict[str, Any]:
            names = [str(p.get("input_parameter_name", "")) for p in docs.get(key) or [] if isinstance(p, dict)]
            return {name: earlier.get(name, "") for name in names}

        return {
            "api_confirmed": "true",
            "api_status": {
                "api_name": api,
                "required_parameters": slots("required_parameters"),
                "optional_parameters": slots("optional_parameters"),
            },
        }


_TALKING = {"request", "response", "clarify", "suggest", "responsefail", "systembye"}


def overall_round(policy: RulePolicy, history: str, trace: str) -> str:
    """One round of a reasoning trace: the next action (after the turn's opening state), or, once a talking
    action has had its observation, its state and a message."""
    full = history + trace
    actions = [normalize_action(line[len(ACTION_PREFIX) :]) for line in trace.splitlines()
               if line.startswith(ACTION_PREFIX)]
    if actions and actions[-1] in _TALKING:
        state = policy.state_for(full, actions[-1])
        return f"{STATE_PREFIX}{state!r}\n{MESSAGE_PREFIX}.\n"
    action = policy.next_action(full)
    head = "" if trace else f"{STATE_PREFIX}{policy.state_for(full, action)!r}\n"
    return f"{head}{THOUGHT_PREFIX}.\n{ACTION_PREFIX}{_ACTION_NAMES.get(action, action)}\n"


def _history_of(request: GenerationRequest) -> str:
    row_history = request.example.get("history")
    if isinstance(row_history, str):
        return row_history
    return request.messages[-1]["content"]


class RuleBackend(Backend):
    name = "rule"
    cacheable = False

    def __init__(self, **_: object) -> None:
        super().__init__()
        self.policy = RulePolicy()

    def generate(self, requests: list[GenerationRequest]) -> list[str]:
        out = []
        for request in requests:
            try:
                out.append(self._answer(request))
            except Exception as exc:  # a history the rules cannot read is a wrong answer, never a crash
                self.failures[len(out)] = f"rule policy: {type(exc).__name__}: {exc}"
                out.append("")
        return out

    def _answer(self, request: GenerationRequest) -> str:
        history = _history_of(request)
        if request.task == "action":
            action = self.policy.next_action(history)
            return _ACTION_NAMES.get(action, action)
        if request.task == "dst":
            return json.dumps(self.policy.state(history), ensure_ascii=False)
        if request.task == "faithfulness":
            results = request.example.get("api_results")
            return f"Here is what I found: {results}" if results else "Here is what I found."
        if request.task == "overall":
            return overall_round(self.policy, history, request.assistant_prefix)
        return ""
