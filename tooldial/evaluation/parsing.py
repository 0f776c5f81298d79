"""Parsing and normalization of model outputs, exactly as the original ToolDial scoring does (release §6).

Model output is untrusted text: every function here returns a value and a *kind* (``ok`` or why it failed)
and never raises on it. A prediction that cannot be parsed is scored wrong and its kind is counted.
"""

from __future__ import annotations

import ast
import json
import re
from typing import Any, Literal

from tooldial.dialogue.record import NOT_CONFIRMED  # the release's not-confirmed state, re-exported
from tooldial.tasks.format import (
    ACTION_PREFIX,
    STATE_PREFIX,
    ParseKind,
    normalize_action,
    parse_state,
)

__all__ = [
    "ACTIONS", "INVALID_ACTION", "NOT_CONFIRMED", "ParseKind", "lenient_action_match", "load_json_field",
    "normalize_action", "normalize_state", "normalize_value", "parse_action", "parse_state", "states_equal",
    "strip_system_action", "trace_actions", "trace_states",
]

#: The eight system actions in their normalized spelling, in the column order of the paper's Table 5.
ACTIONS: tuple[str, ...] = (
    "response",
    "responsefail",
    "request",
    "retrievercall",
    "clarify",
    "systembye",
    "suggest",
    "call",
)
#: Label used in confusion matrices for a prediction that is none of the eight actions.
INVALID_ACTION = "(invalid)"


_NON_ALNUM = re.compile(r"[^a-z0-9]")


# --- dialogue states ----------------------------------------------------------------------------------------


def normalize_value(value: Any) -> Any:
    """Recursive release normalization: dict keys and values, strings lowercased and reduced to ``[a-z0-9]``.

    Lists are stringified first, numbers are stringified (``3.5`` → ``35``), booleans become ``true`` /
    ``false``; key order is kept (the slot-error check compares key lists in order) but equality of two dicts
    ignores it.
    """
    if isinstance(value, dict):
        return {normalize_value(k): normalize_value(v) for k, v in value.items()}
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return _NON_ALNUM.sub("", value.lower())
    return _NON_ALNUM.sub("", str(value).lower())


def normalize_state(state: Any) -> Any:
    """Normalized form of a parsed state (``None`` stays ``None``)."""
    return None if state is None else normalize_value(state)


def strip_system_action(state: Any) -> Any:
    """Drop ``api_status.system_action`` (the release deletes it from labels before evaluation)."""
    if isinstance(state, dict) and isinstance(state.get("api_status"), dict) and "system_action" in state["api_status"]:
        status = {k: v for k, v in state["api_status"].items() if k != "system_action"}
        return {**state, "api_status": status}
    return state


def load_json_field(value: Any) -> Any:
    """Dataset ``Json`` columns arrive as JSON text; already-decoded values pass through."""
    if isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError:
            try:
                return ast.literal_eval(value)
            except (ValueError, SyntaxError):
                return value
    return value


def states_equal(prediction: Any, label: Any) -> bool:
    """Release DST correctness: normalized dicts are equal (key order ignored)."""
    return prediction is not None and normalize_state(prediction) == normalize_state(label)


# --- actions ------------------------------------------------------------------------------------------------


def parse_action(text: str | None) -> tuple[str, Literal["ok", "empty", "not_an_action"]]:
    """The predicted action for strict scoring: the first non-empty line, ``- Action:`` removed, normalized."""
    if text is None:
        return "", "empty"
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        if line.lower().startswith(ACTION_PREFIX.lower()):
            line = line[len(ACTION_PREFIX) :]
        action = normalize_action(line)
        if not action:
            continue
        return action, ("ok" if action in ACTIONS else "not_an_action")
    return "", "empty"


def named_actions(generation: str | None) -> set[str]:
    """The distinct system actions a generation names (``response fail`` / ``response_fail`` count once, as
    ``responsefail``, not also as ``response``)."""
    words = re.findall(r"[a-z]+", (generation or "").lower())
    found: set[str] = set()
    i = 0
    while i < len(words):
        pair = normalize_action("".join(words[i : i + 2])) if i + 1 < len(words) else ""
        if pair in ACTIONS:
            found.add(pair)
            i += 2
            continue
        if normalize_action(words[i]) in ACTIONS:
            found.add(normalize_action(words[i]))
        i += 1
    return found


def lenient_action_match(generation: str | None, label: str) -> bool:
    """The original code's rule for open models: the normalized label is a substring of the generation —
    provided the generation names at most one action (listing several labels is not an answer).

    (So ``call`` matches ``retriever_call`` and ``response`` matches ``response_fail``; reported as
    ``lenient_accuracy`` next to the strict ``accuracy``.)
    """
    if not generation or len(named_actions(generation)) > 1:
        return False
    gen = generation.lower().replace(ACTION_PREFIX.lower(), "")
    return normalize_action(label) in normalize_action(gen)


# --- reasoning traces (overall task) ------------------------------------------------------------------------


def trace_states(text: str) -> list[Any]:
    """Every ``- Dialogue State: `` line of a reasoning trace, parsed (``None`` where unreadable)."""
    return [parse_state(line.split(STATE_PREFIX, 1)[1])[0] for line in text.splitlines()
            if line.startswith(STATE_PREFIX)]


def trace_actions(text: str) -> list[str]:
    """Every ``- Action:`` line of a reasoning trace, normalized."""
    return [normalize_action(line[len(ACTION_PREFIX) :]) for line in text.splitlines()
            if line.startswith(ACTION_PREFIX)]
