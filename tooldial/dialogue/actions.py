"""The 16 dialogue actions of ToolDial (paper §3.2, A.3), with their descriptions.

Names are the release spellings (:data:`tooldial.dialogue.record.USER_ACTIONS` /
:data:`~tooldial.dialogue.record.SYSTEM_ACTIONS`). ``request-multi`` is not a 17th action: it is a ``request``
asking the user to pick one of several values an API returned; it appears in action *sequences* (and the
``actions`` metadata of a record) but the turn itself carries ``request``.
"""

from __future__ import annotations

from tooldial.dialogue.record import REQUEST_MULTI, SYSTEM_ACTIONS, USER_ACTIONS

#: User actions (Table 9), in the release's order.
USER_ACTION_DESCRIPTIONS: dict[str, str] = {
    "inform_intent_clear": "Say what one wants specifically.",
    "inform_intent_clear_add": "Say what one wants specifically with the information of input parameter.",
    "inform_intent_vague": "Say what one wants vaguely.",
    "inform": "Inform the requested information to system.",
    "fail_inform": "Fail to reply to system's request.",
    "affirm": "Agree to the system's proposition.",
    "negate": "Deny the system's proposal.",
    "user_bye": "Say thank you and goodbye to system.",
}

#: System (TALM) actions (Table 10), in the release's order.
SYSTEM_ACTION_DESCRIPTIONS: dict[str, str] = {
    "retriever_call": "Call the retriever to find proper API to satisfy user's requests.",
    "request": "Asks some information to user.",
    "clarify": "If user's query is vague, re-ask user to get intent specifically.",
    "suggest": "Making a suggestion for an unclear user's intent and asking whether it satisfies the user.",
    "call": "Call the API with collected information from user or else and don't reply to user yet.",
    "response": "Reply to user's request based on the result of API call.",
    "response_fail": "Notify the user that the system cannot execute the request due to insufficient information.",
    "system_bye": "System says goodbye to user politely.",
}

ACTION_DESCRIPTIONS: dict[str, str] = {
    **USER_ACTION_DESCRIPTIONS,
    **SYSTEM_ACTION_DESCRIPTIONS,
    REQUEST_MULTI: "Ask the user to pick one of several values an API returned, by another attribute.",
}

#: System actions that never produce a message to the user (internal reasoning steps).
SILENT_ACTIONS = frozenset({"retriever_call", "call"})

assert tuple(USER_ACTION_DESCRIPTIONS) == USER_ACTIONS
assert tuple(SYSTEM_ACTION_DESCRIPTIONS) == SYSTEM_ACTIONS


def turn_action(action: str) -> str:
    """The action written in a turn: ``request-multi`` becomes ``request``."""
    return "request" if action == REQUEST_MULTI else action


def describe(action: str) -> str:
    """The A.3 description of an action (``request-multi`` included)."""
    try:
        return ACTION_DESCRIPTIONS[action]
    except KeyError:
        raise ValueError(f"unknown action {action!r}") from None
