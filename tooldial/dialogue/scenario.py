"""Scenario instructions (paper §3.3, A.8): the skeleton of one dialogue before any utterance is written.

A :class:`ScenarioInstruction` fixes everything about a dialogue except the wording of its messages: the
APIs, the action of every turn, what each turn must convey (``situation``), the system's thought, the
retriever status (real scores from :class:`tooldial.dialogue.retriever.Retriever`), the dialogue state
(values filled only once they appeared in the history), ``api_request``/``api_response`` on ``call`` turns,
the mock data, and the A.7 utterance style drawn for the turn.

A renderer (:mod:`tooldial.dialogue.renderer`) only writes the ``message`` of each turn, under three rules
that :func:`tooldial.dialogue.renderer.check_messages` enforces:

- a turn with ``fixed_message`` keeps it verbatim (intent utterances were chosen so that the retriever's real
  scores land in the band the sequence needs; rewording them would make the retriever status a lie);
- ``retriever_call`` and ``call`` turns have an empty message;
- every string in ``required_values`` appears verbatim in the message (the values a user informs, the values
  a response reports, the options of a ``request-multi``); a yes/no value a user informs may be said in words
  instead ("don't use logo": :meth:`TurnInstruction.says`).

:meth:`ScenarioInstruction.to_prompt` writes the scenario in the paper's A.8 prompt layout, for LLM renderers.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from tooldial.dialogue.actions import SILENT_ACTIONS, describe, turn_action
from tooldial.dialogue.flags import flag_value, said_flag
from tooldial.knowledge import loader

#: A.7 utterance styles, per action. With probability :data:`STYLE_PROBABILITY` one is drawn for a turn.
UTTERANCE_STYLES: Mapping[str, tuple[str, ...]] = loader.phrase_banks("en", "styles")["utterance_styles"]
#: The original generator appended a style hint with probability 3/5.
STYLE_PROBABILITY = 0.6


class ApiBrief(BaseModel):
    """What a renderer may know about an API: its documentation, no implementation details."""

    model_config = ConfigDict(frozen=True)

    api_id: str
    name: str
    tool: str
    category: str
    description: str = ""
    required_parameters: dict[str, str] = Field(default_factory=dict)  # name -> description
    optional_parameters: dict[str, str] = Field(default_factory=dict)


class UserGoal(BaseModel):
    """Who the user is and what they are after (derived from the APIs' domain and the chain).

    Renderers use it to phrase user turns from the goal rather than from the documentation: the vague opener
    belongs to ``situation``, ``known`` lists what the user can tell when asked, ``unknown`` what they cannot
    (the chain parameter they need looked up first).
    """

    model_config = ConfigDict(frozen=True)

    #: Who the user is, as a noun phrase ("a traveller planning a trip").
    persona: str
    #: What they want done, as a verb phrase ("check the weather forecast for Lisbon").
    goal: str
    #: Why they want it, one short clause ("before deciding what to pack").
    reason: str = ""
    #: One or two sentences: who, why, what they already know.
    situation: str
    #: Input label -> value the user knows and gives when asked.
    known: dict[str, str] = Field(default_factory=dict)
    #: Input labels the user does not know (looked up through another API).
    unknown: list[str] = Field(default_factory=list)


class TurnInstruction(BaseModel):
    """One turn of the scenario. Everything but the message is final."""

    speaker: Literal["User", "System"]
    #: Action written in the turn (release spelling; ``request-multi`` is written ``request``).
    action: str
    #: Action as it appears in the sequence (``request-multi`` kept).
    sequence_action: str
    #: A.3 description of ``sequence_action``.
    description: str
    #: What the utterance must do, in words (the A.8 "situation").
    situation: str
    #: System turns: the thought written in the record.
    thought: str = ""
    #: System turns: retriever status / dialogue state / api_request / api_response, release format.
    retriever_status: dict[str, Any] = Field(default_factory=dict)
    dialogue_state: dict[str, Any] = Field(default_factory=dict)
    api_request: dict[str, Any] = Field(default_factory=dict)
    api_response: dict[str, Any] = Field(default_factory=dict)
    #: The message when it is decided already (intent utterances scored by the retriever; "" for silent turns).
    fixed_message: str | None = None
    #: Strings that must appear verbatim in the message.
    required_values: list[str] = Field(default_factory=list)
    #: A.7 style hint drawn for this turn, or None.
    style: str | None = None
    #: Structured content for renderers that compose text (template renderer), by turn kind:
    #: ``slots`` (parameter names asked for / still missing), ``values`` (parameter -> value the user gives),
    #: ``missing`` (parameters the user cannot give), ``options`` (request-multi: list of
    #: {attribute: value}), ``pick_by`` (attribute the user picks by), ``api`` (API id the turn is about),
    #: ``facts`` (label -> value a response reports: the goal-relevant fields, see
    #: :attr:`ScenarioInstruction.answer_fields`), ``pick_label`` (request-multi: the human-readable attribute
    #: the options are listed by, e.g. "name"; never an id).
    content: dict[str, Any] = Field(default_factory=dict)

    def says(self, value: str, message: str) -> bool:
        """Whether ``message`` says a required value: verbatim, or — a yes/no value of one of the turn's
        ``values`` — in words under its label ("don't use logo" for ``use logo: false``,
        :mod:`tooldial.dialogue.flags`). A value in words that opens a sentence has its capital there ("It's in
        stock" says a check's verdict "it's in stock")."""
        if value in message or value[:1].islower() and value[:1].upper() + value[1:] in message:
            return True
        flag = flag_value(value)
        return flag is not None and any(said_flag(str(label), flag, message) for label, said
                                        in self.content.get("values", {}).items() if str(said) == value)

    @property
    def is_silent(self) -> bool:
        """``retriever_call`` and ``call`` turns: no message to the user."""
        return self.action in SILENT_ACTIONS


class ScenarioInstruction(BaseModel):
    """The skeleton of one dialogue (paper §3.3): APIs, sequence, per-turn instructions, mock data."""

    dialogue_id: str
    sequence_id: str
    #: The action sequence, ``request-multi`` spelled out.
    actions: list[str]
    subgraph_type: str
    source: str = ""
    target: str
    domain: str
    seed: int
    #: The user's query covering the API(s) (the clear intent utterance of the dialogue).
    query: str
    #: One sentence relating source and target ("" for single-API dialogues).
    relation: str = ""
    apis: list[ApiBrief]
    #: The user's situation and goal (None for hand-made scenarios; renderers fall back to ``query``).
    user: UserGoal | None = None
    #: Result paths (release spelling ``a|b``) relevant to the user's goal, most relevant first; the final
    #: response reports these (its ``facts``). Ids appear only when the goal needs them.
    answer_fields: list[str] = Field(default_factory=list)
    #: The graph edge the chain was accepted on (``source_output``, ``target_input`` and the edge's ``kind``,
    #: ``reason``, ``confidence``, ``cross_tool``, group attributes); empty for single-API dialogues. The
    #: validator re-judges the chain from it (``dialogue.chains.chain_problem``).
    chain_edge: dict[str, Any] = Field(default_factory=dict)
    #: Release ``mockdata``: {"source": [M], "target": [M]}.
    mockdata: dict[str, list[dict[str, Any]]]
    turns: list[TurnInstruction]

    def to_prompt(self) -> str:
        """The scenario in the paper's A.8 prompt layout (one block per turn), for LLM renderers."""
        blocks = []
        if self.user is not None:
            blocks.append(f"User situation: {self.user.situation}\nUser goal: {self.user.goal}")
        for turn in self.turns:
            kind = "user" if turn.speaker == "User" else "system"
            lines = [f"{turn.speaker} turn", f"-{kind} action: {turn.sequence_action} ({turn.description})"]
            situation = turn.situation
            if turn.fixed_message is not None and turn.fixed_message:
                situation += f' {turn.speaker} says "{turn.fixed_message}"'
            lines.append(f"-situation: {situation}")
            if turn.style:
                lines.append(f'-style: the utterance should follow this format: "{turn.style}"')
            if turn.required_values:
                lines.append("-must contain verbatim: " + json.dumps(turn.required_values, ensure_ascii=False))
            if turn.speaker == "System":
                lines.append(f'-thought: "{turn.thought}"')
                lines.append("Retriever status: " + json.dumps(turn.retriever_status, ensure_ascii=False))
                lines.append("Dialogue state: " + json.dumps(turn.dialogue_state, ensure_ascii=False))
                if turn.api_response:
                    lines.append("API call result: " + json.dumps(turn.api_response, ensure_ascii=False))
            blocks.append("\n".join(lines))
        return "\n\n".join(blocks)


def make_turn(speaker: Literal["User", "System"], sequence_action: str, situation: str, **fields: Any
              ) -> TurnInstruction:
    """Build a turn with its release action and A.3 description filled from ``sequence_action``."""
    return TurnInstruction(speaker=speaker, action=turn_action(sequence_action), sequence_action=sequence_action,
                           description=describe(sequence_action), situation=situation, **fields)
