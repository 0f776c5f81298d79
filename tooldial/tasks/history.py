"""The experiment text layouts of a dialogue (paper A.12, Table 18; release ``dialogue_data/*.py``).

The line prefixes, :class:`~tooldial.tasks.format.Line` and the parser live in :mod:`tooldial.tasks.format`;
this module lays a :class:`~tooldial.dialogue.record.DialogueRecord` out in them.

Two layouts exist, both built here as a list of typed :class:`Line` objects so that sample cutting
(:mod:`tooldial.tasks.samples`) selects lines by *kind* instead of matching substrings (the original matched
``- Action:response`` and so also hit ``response_fail``):

**Task layout** (:func:`dialogue_lines`; DST, action prediction, faithfulness; release
``dialogue_preprocess.py``)::

    User: <message>
    System:
    - Thought: <thought>                       (every system turn)
    - Action:<action>                          (no space after the colon)
    - Retriever status: <dict>
    - API documentations: <doc>                (retriever_call that found something, see below)
    - Call result: <api_response>              (call turns)
    - Message: <message>                       (other turns, when non-empty; newlines kept)
    - Dialogue State: <state>                  (other turns; a call right after ``inform`` starts with it)

**Overall layout** (:func:`overall_lines`; release ``dialogue_generation_overall.py``): the first system turn
after a user turn starts with ``- Dialogue State:``; ``retriever_call`` and ``call`` turns end with
``- Observation: {'retriever_status': …, 'api_documentation': …}`` / ``{'call_result': …}``; other turns write
``- Observation: {}``, their state, then ``- Message:`` with newlines turned into spaces.

Dicts are written as Python ``repr`` (single quotes) and states without ``system_action``, as in the release;
finally every ``"'x'"`` is collapsed to ``'x'`` (the release's ``normalize_double``, applied line by line).

``- API documentations:`` lists the API the next state confirms, with only the parameters present in that
state (after ``suggest``: the state three turns ahead, or the full target documentation when the user
negates). Parameter descriptions come from a :class:`~tooldial.corpus.models.Corpus` when one is given; for
APIs it does not hold (the original release ships no catalogue) they fall back to the record's ``mockdata``
(API description, parameter names, empty parameter descriptions).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tooldial.corpus.models import Api, Corpus
from tooldial.dialogue.record import DialogueRecord
from tooldial.tasks.format import (
    ACTION_PREFIX,
    API_DOCS_PREFIX,
    CALL_RESULT_PREFIX,
    MESSAGE_PREFIX,
    OBSERVATION_PREFIX,
    RETRIEVER_STATUS_PREFIX,
    STATE_PREFIX,
    SYSTEM_LINE,
    THOUGHT_PREFIX,
    USER_PREFIX,
    Line,
    LineKind,
    normalize_double,
    render,
)


def prompt_state(state: dict[str, Any]) -> dict[str, Any]:
    """A dialogue state as written in prompts and used as label: a copy without ``system_action``.

    Only the two outer levels are copied; the parameter dicts are shared with the record (never mutated).
    """
    state = dict(state)
    status = state.get("api_status")
    if isinstance(status, dict):
        state["api_status"] = {k: v for k, v in status.items() if k != "system_action"}
    return state


def is_confirmed(state: Any) -> bool:
    return isinstance(state, dict) and state.get("api_confirmed") == "true" and isinstance(state.get("api_status"), dict)


# --------------------------------------------------------------------------------------------------------------
# API documentation shown after a retriever call


def _mock_entry(record: DialogueRecord, api_id: str) -> dict[str, Any] | None:
    for side in ("target", "source"):
        for entry in record.mockdata.get(side) or []:
            if isinstance(entry, dict) and entry.get("api_name") == api_id:
                return entry
    return None


def _corpus_api(corpus: Corpus | None, api_id: str) -> Api | None:
    if corpus is None or not api_id or api_id not in corpus:
        return None
    return corpus.get(api_id)


def _doc_params(record: DialogueRecord, corpus: Corpus | None, api_id: str) -> tuple[str, list[tuple[str, str]], list[tuple[str, str]]] | None:
    """``(description, [(required name, description)], [(optional name, description)])`` of an API."""
    api = _corpus_api(corpus, api_id)
    if api is not None:
        return (
            api.description,
            [(p.name, p.description) for p in api.required_parameters],
            [(p.name, p.description) for p in api.optional_parameters],
        )
    entry = _mock_entry(record, api_id)
    if entry is not None:
        req = entry.get("required_parameters") or {}
        opt = entry.get("optional_parameters") or {}
        return (
            str(entry.get("api_description", "")),
            [(str(n), "") for n in (req if isinstance(req, dict) else [])],
            [(str(n), "") for n in (opt if isinstance(opt, dict) else [])],
        )
    return None


def api_documentation(
    record: DialogueRecord,
    api_id: str,
    *,
    state: dict[str, Any] | None = None,
    fallback_api: str = "",
    corpus: Corpus | None = None,
) -> dict[str, Any]:
    """The ``- API documentations:`` dict: ``api_name``, ``api_description`` and the parameters.

    With a confirmed ``state`` only the parameters present in it are listed (release ``docs_summary``), in the
    documentation's order; without one, all of them (``docs_summary_with_name``). When neither the corpus nor
    the mock data knows ``api_id``, ``fallback_api``'s documentation is used, as the release did; when nothing
    is known, the state's own parameter names are listed with empty descriptions.
    """
    known = _doc_params(record, corpus, api_id) or (_doc_params(record, corpus, fallback_api) if fallback_api else None)
    req_state = opt_state = None
    if state is not None and is_confirmed(state):
        req_state = state["api_status"].get("required_parameters") or {}
        opt_state = state["api_status"].get("optional_parameters") or {}
    if known is None:
        description, req, opt = "", [(n, "") for n in req_state or {}], [(n, "") for n in opt_state or {}]
    else:
        description, req, opt = known
        if req_state is not None:
            req = [(n, d) for n, d in req if n in req_state]
            opt = [(n, d) for n, d in opt if n in opt_state]
    return {
        "api_name": api_id,
        "api_description": description,
        "required_parameters": [{"input_parameter_name": n, "description": d} for n, d in req],
        "optional_parameters": [{"input_parameter_name": n, "description": d} for n, d in opt],
    }


# --------------------------------------------------------------------------------------------------------------
# Turn helpers


def _speaker_body(turn: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    (speaker, body), = turn.items()
    return speaker, body


def _system_at(dialogue: list[dict[str, Any]], i: int) -> dict[str, Any] | None:
    if 0 <= i < len(dialogue) and "System" in dialogue[i]:
        return dialogue[i]["System"]
    return None


def _user_at(dialogue: list[dict[str, Any]], i: int) -> dict[str, Any] | None:
    if 0 <= i < len(dialogue) and "User" in dialogue[i]:
        return dialogue[i]["User"]
    return None


def _score(value: Any) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return 0.0


def retrieval_documentation(record: DialogueRecord, index: int, corpus: Corpus | None = None) -> dict[str, Any] | None:
    """The documentation shown after the ``retriever_call`` at ``index``, or ``None`` when none is shown.

    Shown when the retriever was called and either some score is above 0.5 (intent search) or the procurement
    list form is used; the API is the one the following state confirms (see the module docstring).
    """
    dialogue = record.dialogue
    body = dialogue[index]["System"]
    status = body.get("retriever_status") or {}
    if not isinstance(status, dict) or status.get("retriever_call") != "true":
        return None
    retrieved = status.get("retrieved_api")
    if isinstance(retrieved, dict):
        if not any(_score(s) > 0.5 for s in retrieved.values()):
            return None
        nxt = _system_at(dialogue, index + 1)
        if nxt is not None and nxt.get("action") == "suggest":
            answer = _user_at(dialogue, index + 2)
            if answer is not None and answer.get("action") == "negate":
                return api_documentation(record, record.target, corpus=corpus)
            later = _system_at(dialogue, index + 3)
            return _doc_from_state(record, later, record.target, corpus)
        return _doc_from_state(record, nxt, record.target, corpus)
    if isinstance(retrieved, list | tuple):
        return _doc_from_state(record, _system_at(dialogue, index + 1), record.source, corpus)
    return None


def _doc_from_state(record: DialogueRecord, body: dict[str, Any] | None, real_api: str, corpus: Corpus | None) -> dict[str, Any]:
    state = body.get("dialogue_state") if body is not None else None
    if is_confirmed(state):
        return api_documentation(
            record, str(state["api_status"].get("api_name", "")), state=state, fallback_api=real_api, corpus=corpus
        )
    # The release would crash here; the API it meant is ``real_api``, documented in full.
    return api_documentation(record, real_api, corpus=corpus)


def _call_result(dialogue: list[dict[str, Any]], index: int) -> dict[str, Any]:
    """A call turn's ``api_response``, or the next system turn's when it is empty (as in the release)."""
    body = dialogue[index]["System"]
    if body.get("api_response"):
        return body["api_response"]
    nxt = _system_at(dialogue, index + 1)
    return (nxt or {}).get("api_response") or {}


def _line(kind: LineKind, text: str, turn_index: int, value: Any = None) -> Line:
    return Line(kind, normalize_double(text), turn_index, value)


# --------------------------------------------------------------------------------------------------------------
# The two layouts


def _layout(record: DialogueRecord, system_turn: Callable[[int, dict[str, Any]], list[Line]]) -> list[Line]:
    """Both layouts write a user turn as ``User: …`` then ``System:``; ``system_turn`` writes a system turn."""
    lines: list[Line] = []
    for i, turn in enumerate(record.dialogue):
        speaker, body = _speaker_body(turn)
        if speaker == "User":
            message = body.get("message", "")
            lines += [_line("user", f"{USER_PREFIX}{message}", i, message), _line("system", SYSTEM_LINE, i)]
        else:
            lines += system_turn(i, body)
    return lines


def _task_turn(record: DialogueRecord, corpus: Corpus | None, i: int, body: dict[str, Any]) -> list[Line]:
    dialogue = record.dialogue
    action = body.get("action", "")
    previous = _user_at(dialogue, i - 1)
    head = [
        _line("thought", f"{THOUGHT_PREFIX}{body.get('thought', '')}", i),
        _line("action", f"{ACTION_PREFIX}{action}", i, action),
        _line("retriever_status", f"{RETRIEVER_STATUS_PREFIX}{body.get('retriever_status')}", i),
    ]
    if previous is not None and previous.get("action") == "inform":
        state = prompt_state(body.get("dialogue_state") or {})
        result = _call_result(dialogue, i)
        return [_line("state", f"{STATE_PREFIX}{state}", i, state), *head,
                _line("call_result", f"{CALL_RESULT_PREFIX}{result}", i, result)]
    if action == "retriever_call":
        doc = retrieval_documentation(record, i, corpus)
        return head if doc is None else [*head, _line("api_docs", f"{API_DOCS_PREFIX}{doc}", i, doc)]
    if action == "call":
        result = _call_result(dialogue, i)
        return [*head, _line("call_result", f"{CALL_RESULT_PREFIX}{result}", i, result)]
    message = body.get("message") or ""
    if message:
        head.append(_line("message", f"{MESSAGE_PREFIX}{message}", i, message))
    state = prompt_state(body.get("dialogue_state") or {})
    return [*head, _line("state", f"{STATE_PREFIX}{state}", i, state)]


def dialogue_lines(record: DialogueRecord, corpus: Corpus | None = None) -> list[Line]:
    """The task layout (DST, action prediction, faithfulness) of ``record``, line by line."""
    return _layout(record, lambda i, body: _task_turn(record, corpus, i, body))


def observation(record: DialogueRecord, index: int, corpus: Corpus | None = None) -> dict[str, Any]:
    """The overall-layout observation of the system turn at ``index`` (``{}`` for turns that talk)."""
    body = record.dialogue[index]["System"]
    action = body.get("action")
    if action == "retriever_call":
        obs: dict[str, Any] = {"retriever_status": body.get("retriever_status")}
        doc = retrieval_documentation(record, index, corpus)
        if doc is not None:
            obs["api_documentation"] = doc
        return obs
    if action == "call":
        return {"call_result": _call_result(record.dialogue, index)}
    return {}


def overall_lines(record: DialogueRecord, corpus: Corpus | None = None, profile: str = "paper") -> list[Line]:
    """The overall layout of ``record``, line by line.

    The release starts every first system turn after a user turn with its state *and*, for turns that talk
    (``request`` after ``affirm``, ``response_fail``, ``system_bye``), writes that same state again after
    ``- Observation: {}``, so the state is printed twice (release notes §5). Profile ``original`` keeps that
    duplicate (a model trained on the release expects it); profile ``paper`` follows the paper's format
    (Table 18, one state per turn): it keeps the leading one (the overall prompt asks the model to start with
    ``- Dialogue State:``) and drops the duplicate.
    """
    duplicate = profile == "original"
    return _layout(record, lambda i, body: _overall_turn(record, corpus, i, body, duplicate))


def _overall_turn(record: DialogueRecord, corpus: Corpus | None, i: int, body: dict[str, Any],
                  duplicate_state: bool = False) -> list[Line]:
    action = body.get("action", "")
    state = prompt_state(body.get("dialogue_state") or {})
    leading = _user_at(record.dialogue, i - 1) is not None
    lines = [_line("state", f"{STATE_PREFIX}{state}", i, state)] if leading else []
    lines.append(_line("thought", f"{THOUGHT_PREFIX}{body.get('thought', '')}", i))
    lines.append(_line("action", f"{ACTION_PREFIX}{action}", i, action))
    obs = observation(record, i, corpus)
    if action == "retriever_call":
        status = body.get("retriever_status") or {}
        if isinstance(status, dict) and status.get("retriever_call") == "true":
            lines.append(_line("observation", f"{OBSERVATION_PREFIX}{obs}", i, obs))
        return lines
    lines.append(_line("observation", f"{OBSERVATION_PREFIX}{obs}", i, obs))
    if action == "call":
        return lines
    if not leading or duplicate_state:
        lines.append(_line("state", f"{STATE_PREFIX}{state}", i, state))
    message = (body.get("message") or "").replace("\n", " ")
    if message:
        lines.append(_line("message", f"{MESSAGE_PREFIX}{message}", i, message))
    return lines


def render_history(record: DialogueRecord, corpus: Corpus | None = None) -> str:
    """The whole dialogue in the task layout (what ``dialogue_preprocess.py`` wrote as ``dialogue``)."""
    return render(dialogue_lines(record, corpus))
