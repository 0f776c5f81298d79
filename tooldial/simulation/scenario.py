"""What a simulation needs to know about one ToolDial dialogue record: the user's script and the gold plan.

A :class:`SimScenario` is derived from a generated :class:`~tooldial.dialogue.record.DialogueRecord` and holds

- the user's script: the gold user turns (message, action) and, before each, the system action that leads to
  it; the values the user knows (every gold call input that a user message states verbatim) and the ones they
  do not (inputs only an earlier API's result provides);
- the gold plan: the system actions, the calls (API + arguments), the facts the final response must report,
  the overall-layout trace of every system block (for the ``oracle`` system) and the retriever observations of
  every block (the retriever is a function of the user's words; a scripted user says the gold words);
- the complexity stratum (IntellAgent style): number of APIs, missing inputs, clarifications.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from tooldial.corpus.models import Corpus
from tooldial.dialogue.record import DialogueRecord
from tooldial.dialogue.sequences import SEQUENCES
from tooldial.tasks.format import STATE_PREFIX, Line, normalize_action
from tooldial.tasks.history import overall_lines, prompt_state

#: System actions that end a system block with a message to the user (normalized spelling).
TALKING = ("request", "response", "clarify", "suggest", "responsefail", "systembye")
#: Normalized → release spelling of the system actions.
RELEASE_ACTION = {"retrievercall": "retriever_call", "responsefail": "response_fail", "systembye": "system_bye"}


def release_action(action: str) -> str:
    return RELEASE_ACTION.get(action, action)


class GoldCall(BaseModel):
    api: str
    arguments: dict[str, str]


class GoldUserTurn(BaseModel):
    message: str
    action: str
    #: The system's talking action right before this turn in the gold dialogue (normalized; "" for the first).
    after: str = ""


class SimScenario(BaseModel):
    """The script of the simulated user and the gold plan of one dialogue (see the module docstring)."""

    dialogue_id: str
    sequence_id: str
    domain: str = ""
    query: str = ""
    apis: list[str]
    user_turns: list[GoldUserTurn]
    #: Every gold action in order, release spelling (user and system).
    actions: list[str]
    #: Gold system actions in order, normalized.
    system_actions: list[str]
    calls: list[GoldCall]
    known: dict[str, str] = Field(default_factory=dict)
    unknown: list[str] = Field(default_factory=list)
    #: Values the final response must report (the goal-relevant facts of the gold response).
    facts: list[str] = Field(default_factory=list)
    #: Overall-layout trace of the system block after each gold user turn, a state line before every call.
    blocks: list[str]
    #: Retriever observations of the block after each gold user turn.
    retrievals: list[list[dict[str, Any]]]
    #: Tool schemas (JSON-schema ``parameters``) for the native protocol: the scenario's APIs and the others the
    #: gold retrievals returned, sorted by id.
    tools: list[dict[str, Any]] = Field(default_factory=list)
    stratum: dict[str, int]

    @property
    def final_action(self) -> str:
        talking = [a for a in self.system_actions if a in ("response", "responsefail")]
        return talking[-1] if talking else ""

    def stratum_label(self) -> str:
        s = self.stratum
        return f"apis={s['apis']} missing={s['missing_inputs']} clarify={s['clarifications']}"


def _arguments(api_request: dict[str, Any]) -> dict[str, str]:
    args: dict[str, str] = {}
    for key in ("required_parameters", "optional_parameters"):
        for name, value in (api_request.get(key) or {}).items():
            if value not in (None, ""):
                args[str(name)] = str(value)
    return args


def _blocks(record: DialogueRecord, lines: list[Line]) -> tuple[list[str], list[list[dict[str, Any]]]]:
    users = [k for k, line in enumerate(lines) if line.kind == "user"]
    blocks, retrievals = [], []
    for n, k in enumerate(users):
        end = users[n + 1] if n + 1 < len(users) else len(lines)
        text: list[str] = []
        observed: list[dict[str, Any]] = []
        fresh_state = False
        last_action = ""
        for line in lines[k + 2 : end]:
            if line.kind == "state":
                fresh_state = True
            elif line.kind == "thought":
                body = record.dialogue[line.turn_index]["System"]
                if body.get("action") == "call" and not fresh_state:
                    state = prompt_state(body.get("dialogue_state") or {})
                    text.append(f"{STATE_PREFIX}{state}")
                fresh_state = False
            elif line.kind == "action":
                last_action = str(line.value)
            elif line.kind == "observation" and last_action == "retriever_call":
                observed.append(line.value)
            text.append(line.text)
        blocks.append("".join(t + "\n" for t in text))
        retrievals.append(observed)
    return blocks, retrievals


def _tool_schema(entry: dict[str, Any], corpus: Corpus | None) -> dict[str, Any]:
    api_id = str(entry.get("api_name", ""))
    properties: dict[str, Any] = {}
    required: list[str] = []
    if corpus is not None and api_id in corpus:
        api = corpus.get(api_id)
        for p in [*api.required_parameters, *api.optional_parameters]:
            prop: dict[str, Any] = {"type": p.type if p.type in ("string", "integer", "number", "boolean") else "string",
                                    "description": p.description}
            if p.enum:
                prop["enum"] = list(p.enum)
            properties[p.name] = prop
        required = [p.name for p in api.required_parameters]
        description = api.description
    else:
        for key in ("required_parameters", "optional_parameters"):
            for name in entry.get(key) or {}:
                properties[str(name)] = {"type": "string", "description": ""}
        required = [str(n) for n in entry.get("required_parameters") or {}]
        description = str(entry.get("api_description", ""))
    return {"name": api_id, "description": description,
            "parameters": {"type": "object", "properties": properties, "required": required}}


def scenario_from_record(record: DialogueRecord, corpus: Corpus | None = None) -> SimScenario:
    """Derive the user's script and the gold plan from a generated record (see the module docstring)."""
    user_turns: list[GoldUserTurn] = []
    system_actions: list[str] = []
    calls: list[GoldCall] = []
    last_talk = ""
    user_text = ""
    response_facts: list[str] = []
    scenario_turns = (record.scenario or {}).get("turns") or []
    for i, turn in enumerate(record.dialogue):
        (speaker, body), = turn.items()
        if speaker == "User":
            user_turns.append(GoldUserTurn(message=str(body.get("message", "")), action=str(body.get("action", "")),
                                           after=last_talk))
            user_text += " " + str(body.get("message", ""))
            continue
        action = normalize_action(str(body.get("action", "")))
        system_actions.append(action)
        if action in TALKING:
            last_talk = action
        if action == "call":
            request = body.get("api_request") or {}
            calls.append(GoldCall(api=str(request.get("api_name", "")), arguments=_arguments(request)))
        if action == "response" and i < len(scenario_turns):
            response_facts = [str(v) for v in scenario_turns[i].get("required_values") or []]
    known: dict[str, str] = {}
    unknown: list[str] = []
    for call in calls:
        for name, value in call.arguments.items():
            if value in user_text:
                known.setdefault(name, value)
            elif name not in unknown:
                unknown.append(name)
    lines = overall_lines(record, corpus)
    blocks, retrievals = _blocks(record, lines)
    user_actions = [t.action for t in user_turns]
    apis = [a for a in (record.source, record.target) if a]
    entries = [e for side in ("source", "target") for e in record.mockdata.get(side) or [] if isinstance(e, dict)]
    # Native tool calling offers the APIs the retriever returned in the gold dialogue (the scenario's own and
    # its top-k neighbours), so choosing the API is part of the task.
    offered = {str(e.get("api_name", "")) for e in entries}
    for block in retrievals:
        for obs in block:
            retrieved = (obs.get("retriever_status") or {}).get("retrieved_api")
            for api_id in retrieved if isinstance(retrieved, dict) else []:
                if corpus is not None and api_id in corpus and api_id not in offered:
                    offered.add(api_id)
                    entries.append({"api_name": api_id})
    entries.sort(key=lambda e: str(e.get("api_name", "")))
    return SimScenario(
        dialogue_id=record.dialogue_id,
        sequence_id=record.sequence_id,
        domain=record.domain,
        query=str((record.scenario or {}).get("query", "")),
        apis=apis,
        user_turns=user_turns,
        actions=record.turn_actions(),
        system_actions=system_actions,
        calls=calls,
        known=known,
        unknown=unknown,
        facts=response_facts,
        blocks=blocks,
        retrievals=retrievals,
        tools=[_tool_schema(e, corpus) for e in entries],
        stratum={
            "apis": len({c.api for c in calls}),
            "missing_inputs": user_actions.count("fail_inform"),
            "clarifications": system_actions.count("clarify") + system_actions.count("suggest"),
        },
    )


def allowed_transitions() -> frozenset[tuple[str, str]]:
    """Consecutive action pairs (release spelling) that occur in at least one of the 23 sequences, plus the
    start (``""`` → first action)."""
    pairs: set[tuple[str, str]] = set()
    for sequence in SEQUENCES:
        actions = ["", *sequence.turn_actions]
        pairs.update(zip(actions, actions[1:], strict=False))
    return frozenset(pairs)
