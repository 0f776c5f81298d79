"""The dialogue record: the original ToolDial release format plus our metadata.

One record per dialogue, one JSON object per line in ``dialogues.jsonl``. The keys of the original release
come first and keep their spelling so tools written for the original data read ours:

- ``subgraph_type``: ``yesyes`` | ``yeszero`` | ``zeroyes`` | ``zerozero`` (single-API dialogues: the target's
  own type with ``zero`` as source part);
- ``dialogue``: list of one-key turns ``{"User": {...}}`` / ``{"System": {...}}`` (see :class:`UserTurn`,
  :class:`SystemTurn`);
- ``mockdata``: ``{"source": [M], "target": [M]}`` (``source`` is ``[]`` for single-API dialogues);
- ``source`` / ``target``: API ids (``source`` is ``""`` for single-API dialogues).

Our metadata follows (readers of the release tolerate extra keys): ``dialogue_id``, ``sequence_id``
(one of the 23 in :mod:`tooldial.dialogue.sequences`), ``actions`` (the action sequence, with
``request-multi`` spelled out), ``domain``, ``seed``, ``renderer``, ``scenario`` (free-form).

Booleans inside states and retriever statuses are the strings ``"true"`` / ``"false"`` as in the release.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

USER_ACTIONS = (
    "inform_intent_clear",
    "inform_intent_clear_add",
    "inform_intent_vague",
    "inform",
    "fail_inform",
    "affirm",
    "negate",
    "user_bye",
)
SYSTEM_ACTIONS = (
    "retriever_call",
    "request",
    "clarify",
    "suggest",
    "call",
    "response",
    "response_fail",
    "system_bye",
)
#: ``request-multi`` is a ``request`` asking the user to pick one of several returned values. It appears in
#: action sequences (``actions`` metadata) but turns carry plain ``request``, as in the release.
REQUEST_MULTI = "request-multi"

NOT_RETRIEVED: dict[str, Any] = {"retriever_call": "false", "retrieved_api": "none"}
NOT_CONFIRMED: dict[str, Any] = {"api_confirmed": "false", "api_status": "none"}
#: ``system_action`` values inside confirmed states, by system action (deleted before evaluation).
STATE_SYSTEM_ACTION = {"request": "stand_by", "call": "call", "response": "respond"}


def procurement_text(param: str, target_api: str, output_arrow_path: str) -> str:
    """Second element of a procurement retriever status (release spelling, path with ``->``)."""
    return f"Output to procure input parameter {param} of {target_api}: {output_arrow_path}"


class UserTurn(BaseModel):
    model_config = ConfigDict(extra="allow")

    message: str
    action: Literal[USER_ACTIONS]  # type: ignore[valid-type]


class SystemTurn(BaseModel):
    model_config = ConfigDict(extra="allow")

    thought: str
    action: Literal[SYSTEM_ACTIONS]  # type: ignore[valid-type]
    retriever_status: dict[str, Any] = Field(default_factory=lambda: dict(NOT_RETRIEVED))
    api_request: dict[str, Any] = Field(default_factory=dict)
    api_response: dict[str, Any] = Field(default_factory=dict)
    message: str = ""
    dialogue_state: dict[str, Any] = Field(default_factory=lambda: dict(NOT_CONFIRMED))


class DialogueRecord(BaseModel):
    """One dialogue. ``dialogue`` holds release-format turns (dicts with a single ``User``/``System`` key)."""

    model_config = ConfigDict(extra="allow")

    subgraph_type: str
    dialogue: list[dict[str, dict[str, Any]]]
    mockdata: dict[str, list[dict[str, Any]]]
    source: str = ""
    target: str
    dialogue_id: str = ""
    sequence_id: str = ""
    actions: list[str] = Field(default_factory=list)
    domain: str = ""
    seed: int | None = None
    renderer: str = ""
    scenario: dict[str, Any] = Field(default_factory=dict)

    def turns(self) -> list[tuple[Literal["User", "System"], UserTurn | SystemTurn]]:
        """Typed view of the turns; raises ``ValueError`` naming the turn index on a malformed one."""
        typed: list[tuple[Literal["User", "System"], UserTurn | SystemTurn]] = []
        for i, turn in enumerate(self.dialogue):
            if len(turn) != 1:
                raise ValueError(f"dialogue[{i}]: a turn must have exactly one key (User or System)")
            (speaker, body), = turn.items()
            if speaker == "User":
                typed.append(("User", UserTurn.model_validate(body)))
            elif speaker == "System":
                typed.append(("System", SystemTurn.model_validate(body)))
            else:
                raise ValueError(f"dialogue[{i}]: unknown speaker {speaker!r}")
        return typed

    def turn_actions(self) -> list[str]:
        """The actions of the turns in order (``request-multi`` appears as ``request``)."""
        return [next(iter(t.values()))["action"] for t in self.dialogue]
