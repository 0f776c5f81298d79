"""Rows of every config, from one :class:`~tooldial.dialogue.record.DialogueRecord` (and back for ``dialogues``).

The ``dialogues`` row is lossless: :func:`record_from_dialogue_row` rebuilds the record, release keys and
our metadata included, so a dataset directory can be turned back into release files.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Collection
from typing import Any

from tooldial.corpus.models import Api, Corpus
from tooldial.corpus.schema import json_value_type
from tooldial.dataset.writer import JsonText
from tooldial.dialogue.record import DialogueRecord
from tooldial.tasks.history import dialogue_lines, overall_lines
from tooldial.tasks.prompts import DEFAULT_PROFILE, Profile, build_messages
from tooldial.tasks.samples import (
    SETTINGS,
    action_samples,
    dst_samples,
    faithfulness_samples,
    overall_samples,
)

_RELEASE_KEYS = ("subgraph_type", "dialogue", "mockdata", "source", "target")
_META_KEYS = ("dialogue_id", "sequence_id", "actions", "domain", "seed", "renderer", "scenario")
_USER_KEYS = ("message", "action")
_SYSTEM_KEYS = ("thought", "action", "retriever_status", "api_request", "api_response", "message", "dialogue_state")

#: Settings of the ``overall`` config (the paper evaluates overall performance on gold histories only).
OVERALL_SETTINGS = ("gt",)

_ABBREVIATIONS = {
    "inform_intent_vague": "V",
    "inform_intent_clear": "C",
    "inform_intent_clear_add": "CA",
    "retriever_call": "rc",
    "request": "rq",
    "fail_inform": "fi",
    "inform": "inf",
}


def action_signature(actions: list[str]) -> str:
    """A compact, stable name for a turn-action sequence (release notes §2 abbreviations).

    Used as ``sequence_id`` for records that carry none (the original release does not store it).
    """
    names = [_ABBREVIATIONS.get(a, a) for a in actions]
    if names[-2:] == ["user_bye", "system_bye"]:
        names[-2:] = ["end"]
    return " ".join(names)


def derive_sequence_id(turn_actions: list[str]) -> str:
    """The paper sequence(s) a turn-action list realizes (``two_api_07/two_api_13`` when only ``request-multi``
    tells them apart), or :func:`action_signature` for a list that matches none."""
    from tooldial.dialogue.sequences import match_sequence

    matches = match_sequence(turn_actions)
    return "/".join(s.id for s in matches) if matches else action_signature(turn_actions)


def complete_metadata(record: DialogueRecord, dialogue_id: str) -> DialogueRecord:
    """Fill the metadata a release record lacks: id, action sequence, sequence id, domain.

    Values already present are kept, so our own records pass through unchanged.
    """
    updates: dict[str, Any] = {}
    if not record.dialogue_id:
        updates["dialogue_id"] = dialogue_id
    turn_actions = record.turn_actions()
    if not record.actions:
        updates["actions"] = turn_actions
    if not record.sequence_id:
        updates["sequence_id"] = derive_sequence_id(turn_actions)
    if not record.domain and record.target:
        updates["domain"] = record.target.split("|", 1)[0]
    return record.model_copy(update=updates) if updates else record


# ----------------------------------------------------------------------------------------------------------------
# dialogues


def dialogue_row(record: DialogueRecord) -> dict[str, Any]:
    """The ``dialogues`` row of a record (JSON-typed fields hold Python objects)."""
    turns = []
    for turn in record.dialogue:
        (speaker, body), = turn.items()
        known = _USER_KEYS if speaker == "User" else _SYSTEM_KEYS
        extra = {k: v for k, v in body.items() if k not in known}
        system = speaker == "System"
        turns.append(
            {
                "speaker": speaker,
                "action": body.get("action", ""),
                "message": body.get("message", ""),
                "thought": body.get("thought", "") if system else None,
                "retriever_status": body.get("retriever_status") if system else None,
                "dialogue_state": body.get("dialogue_state") if system else None,
                "api_request": body.get("api_request") if system else None,
                "api_response": body.get("api_response") if system else None,
                "extra": extra or None,
            }
        )
    return {
        "dialogue_id": record.dialogue_id,
        "sequence_id": record.sequence_id,
        "subgraph_type": record.subgraph_type,
        "source": record.source,
        "target": record.target,
        "domain": record.domain,
        "actions": list(record.actions),
        "num_turns": len(record.dialogue),
        "seed": record.seed,
        "renderer": record.renderer,
        "turns": turns,
        "mockdata": record.mockdata,
        "scenario": record.scenario or None,
        "extra": dict(record.model_extra) if record.model_extra else None,
    }


def record_from_dialogue_row(row: dict[str, Any]) -> DialogueRecord:
    """Rebuild the record from its ``dialogues`` row (release key order, then our metadata)."""
    dialogue = []
    for turn in row["turns"]:
        if turn["speaker"] == "User":
            body = {"message": turn["message"], "action": turn["action"]}
        else:
            body = {key: turn[key] for key in _SYSTEM_KEYS}
        body.update(turn.get("extra") or {})
        dialogue.append({turn["speaker"]: body})
    data = {
        "subgraph_type": row["subgraph_type"],
        "dialogue": dialogue,
        "mockdata": row["mockdata"],
        "source": row["source"],
        "target": row["target"],
        "dialogue_id": row["dialogue_id"],
        "sequence_id": row["sequence_id"],
        "actions": row["actions"],
        "domain": row["domain"],
        "seed": row["seed"],
        "renderer": row["renderer"],
        "scenario": row["scenario"] or {},
        **(row.get("extra") or {}),
    }
    return DialogueRecord.model_validate(data)


def release_dict(record: DialogueRecord, *, metadata: bool = True) -> dict[str, Any]:
    """The record as a release-file element: the five release keys first, then (optionally) our metadata."""
    data = record.model_dump(mode="json")
    out = {key: data[key] for key in _RELEASE_KEYS}
    if metadata:
        out.update({key: data[key] for key in _META_KEYS})
        out.update({k: v for k, v in data.items() if k not in out})
    return out


# ----------------------------------------------------------------------------------------------------------------
# tools: OpenAI function definitions of the APIs the system knows at a turn

_JSON_TYPES = {
    "string": "string",
    "str": "string",
    "number": "number",
    "float": "number",
    "double": "number",
    "integer": "integer",
    "int": "integer",
    "boolean": "boolean",
    "bool": "boolean",
    "array": "array",
    "list": "array",
    "object": "object",
    "dict": "object",
}

#: What OpenAI (and the chat templates that render tools) accept as a function name.
FUNCTION_NAME_PATTERN = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
_NAME_UNSAFE = re.compile(r"[^a-zA-Z0-9_-]+")


def function_name(api_id: str, taken: Collection[str] = ()) -> str:
    """A valid OpenAI function name for an API id: ``Music|radio_hub|Station Playlist`` →
    ``Music__radio_hub__Station_Playlist``.

    Parts are joined by ``__``, other characters become ``_``. A name longer than 64 characters, or one already in
    ``taken``, is cut and suffixed with 8 hex digits of the id's SHA-1, so it stays unique and deterministic. The
    ``tool_api_ids`` column maps names back to ids.
    """
    parts = [_NAME_UNSAFE.sub("_", part).strip("_") for part in api_id.split("|")]
    name = "__".join(p for p in parts if p) or "api"
    if len(name) > 64 or name in taken:
        digest = hashlib.sha1(api_id.encode("utf-8")).hexdigest()[:8]
        name = f"{name[:55].rstrip('_-')}_{digest}"
    return name


def _json_type(name: str) -> str:
    return _JSON_TYPES.get((name or "string").lower(), "string")


def _function(name: str, description: str, properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": {"type": "object", "properties": properties, "required": required},
        },
    }


def _schema_from_api(api: Api, name: str) -> dict[str, Any]:
    properties: dict[str, Any] = {}
    for p in api.parameters:
        prop: dict[str, Any] = {"type": _json_type(p.type), "description": p.description}
        if p.enum:
            prop["enum"] = list(p.enum)
        properties[p.name] = prop
    return _function(name, api.description, properties, [p.name for p in api.required_parameters])


def _schema_from_mock(entry: dict[str, Any], name: str) -> dict[str, Any]:
    required = entry.get("required_parameters") or {}
    optional = entry.get("optional_parameters") or {}
    properties = {
        str(param): {"type": json_value_type(value), "description": ""}
        for params in (required, optional)
        if isinstance(params, dict)
        for param, value in params.items()
    }
    return _function(name, str(entry.get("api_description", "")), properties,
                     [str(n) for n in required] if isinstance(required, dict) else [])


def tool_schema(record: DialogueRecord, api_id: str, corpus: Corpus | None = None, *, name: str | None = None
                ) -> dict[str, Any]:
    """The OpenAI function definition of one API: from the corpus when it holds the API, else from the record's
    mock data (types inferred from the values), else the name alone."""
    name = name or function_name(api_id)
    if corpus is not None and api_id in corpus:
        return _schema_from_api(corpus.get(api_id), name)
    for side in ("target", "source"):
        for entry in record.mockdata.get(side) or []:
            if isinstance(entry, dict) and entry.get("api_name") == api_id:
                return _schema_from_mock(entry, name)
    return _function(name, "", {}, [])


def retrieved_apis(record: DialogueRecord) -> list[tuple[int, list[str]]]:
    """``(turn index, API ids)`` of every retriever call of the dialogue, in order.

    An intent search returns scored candidates (``{api_id: score}``: all of them are shown to the system); a
    procurement search returns ``[api_id, "Output to procure …"]`` (the API only).
    """
    found: list[tuple[int, list[str]]] = []
    for index, turn in enumerate(record.dialogue):
        body = turn.get("System")
        if not isinstance(body, dict):
            continue
        status = body.get("retriever_status")
        if not isinstance(status, dict) or status.get("retriever_call") != "true":
            continue
        retrieved = status.get("retrieved_api")
        if isinstance(retrieved, dict):
            found.append((index, [str(k) for k in retrieved]))
        elif isinstance(retrieved, list | tuple) and retrieved:
            found.append((index, [str(retrieved[0])]))
    return found


def known_apis(record: DialogueRecord, turn_index: int) -> list[str]:
    """The API ids the system has seen in retriever results *before* ``turn_index`` (first-seen order).

    This is all an honest model input may document at that turn: never the gold API before it was retrieved.
    """
    seen: dict[str, None] = {}
    for index, api_ids in retrieved_apis(record):
        if index >= turn_index:
            break
        seen.update(dict.fromkeys(api_ids))
    return list(seen)


class TurnTools:
    """Per-dialogue cache of the ``tools`` / ``tool_api_ids`` values of the ``sft`` rows (encoded once per
    distinct set of known APIs)."""

    def __init__(self, record: DialogueRecord, corpus: Corpus | None = None) -> None:
        self.record = record
        self.corpus = corpus
        self._names: dict[str, str] = {}
        self._schemas: dict[str, dict[str, Any]] = {}
        self._encoded: dict[tuple[str, ...], tuple[JsonText, JsonText]] = {}

    def _name(self, api_id: str) -> str:
        if api_id not in self._names:
            self._names[api_id] = function_name(api_id, taken=set(self._names.values()))
        return self._names[api_id]

    def at(self, turn_index: int) -> tuple[JsonText, JsonText]:
        """``(tools, tool_api_ids)`` as JSON text: function definitions of :func:`known_apis` and name → API id."""
        key = tuple(known_apis(self.record, turn_index))
        if key not in self._encoded:
            tools, ids = [], {}
            for api_id in key:
                name = self._name(api_id)
                if api_id not in self._schemas:
                    self._schemas[api_id] = tool_schema(self.record, api_id, self.corpus, name=name)
                tools.append(self._schemas[api_id])
                ids[name] = api_id
            self._encoded[key] = (JsonText(json.dumps(tools, ensure_ascii=False)),
                                  JsonText(json.dumps(ids, ensure_ascii=False)))
        return self._encoded[key]


# ----------------------------------------------------------------------------------------------------------------
# task configs


def sft_row(sample_id: str, dialogue_id: str, turn_index: int, task: str, setting: str, history: str,
            answer: str, tools: TurnTools, profile: Profile = DEFAULT_PROFILE) -> dict[str, Any]:
    """One ``sft`` row: the whole chat (``messages``) and the same chat split for TRL (``prompt`` /
    ``completion``), plus the tools known at the turn. Extra columns are added here and in ``features.py``."""
    prompt = build_messages(task, history, profile)  # type: ignore[arg-type]
    completion = [{"role": "assistant", "content": answer}]
    tool_defs, tool_ids = tools.at(turn_index)
    return {
        "id": sample_id,
        "dialogue_id": dialogue_id,
        "turn_index": turn_index,
        "task": task,
        "setting": setting,
        "messages": [*prompt, *completion],
        "prompt": prompt,
        "completion": completion,
        "tools": tool_defs,
        "tool_api_ids": tool_ids,
        "profile": profile,
    }


def task_rows(record: DialogueRecord, corpus: Corpus | None = None,
              profile: Profile = DEFAULT_PROFILE) -> dict[str, list[dict[str, Any]]]:
    """The rows of every per-turn config (``dst`` … ``sft``) for one record.

    ``sft`` holds one chat row per task sample: the A.13 prompt (:func:`tooldial.tasks.prompts.build_messages`)
    as the user message and, as the assistant message, what the evaluation expects the model to write after
    its forced prefix (``tooldial.tasks.prompts.ASSISTANT_PREFIX``): ``- Dialogue State: {…}``,
    ``- Action:<action>``, the response message, or the overall target. ``tools`` documents only the APIs
    retrieved before the row's turn (:func:`known_apis`). ``profile`` picks the prompt texts and the layouts
    (:mod:`tooldial.tasks.prompts`); every row of one dataset has the same.
    """
    lines = dialogue_lines(record, corpus)
    o_lines = overall_lines(record, corpus, profile)
    tools = TurnTools(record, corpus)
    out: dict[str, list[dict[str, Any]]] = {"dst": [], "action_prediction": [], "faithfulness": [], "overall": [], "sft": []}
    for config, task, samples in (("dst", "dst", dst_samples), ("action_prediction", "action", action_samples)):
        for setting in SETTINGS:
            for s in samples(record, setting, lines=lines, profile=profile):
                out[config].append(
                    {"id": s.id, "dialogue_id": s.dialogue_id, "turn_index": s.turn_index, "setting": s.setting,
                     "sequence_id": s.sequence_id, "num_user_turns": s.num_user_turns, "history": s.history,
                     "label": s.label}
                )
                out["sft"].append(sft_row(s.id, s.dialogue_id, s.turn_index, task, setting, s.history, s.target,
                                          tools, profile))
    for f in faithfulness_samples(record, lines=lines, profile=profile):
        out["faithfulness"].append(
            {"id": f.id, "dialogue_id": f.dialogue_id, "turn_index": f.turn_index, "sequence_id": f.sequence_id,
             "history": f.history, "reference": f.reference, "api_results": f.api_results}
        )
        out["sft"].append(sft_row(f.id, f.dialogue_id, f.turn_index, "faithfulness", "gt", f.history, f.reference,
                                  tools, profile))
    for setting in OVERALL_SETTINGS:
        for o in overall_samples(record, setting, lines=o_lines, profile=profile):
            out["overall"].append(
                {"id": o.id, "dialogue_id": o.dialogue_id, "turn_index": o.turn_index, "setting": o.setting,
                 "sequence_id": o.sequence_id, "history": o.history, "target": o.target,
                 "label_states": o.label_states, "label_actions": o.label_actions, "observations": o.observations}
            )
            out["sft"].append(sft_row(o.id, o.dialogue_id, o.turn_index, "overall", setting, o.history, o.target,
                                      tools, profile))
    return out
