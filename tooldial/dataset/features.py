"""Configs, splits and ``datasets.Features`` of the ToolDial dataset directory.

Free-form values (dialogue states, retriever statuses, call results, tool schemas, mock data) are
``datasets.Json``: stored as JSON text (parquet logical type ``JSON``) and decoded back to Python objects by
``load_dataset``. Everything with a fixed shape uses native ``Value``/``List`` features.
"""

from __future__ import annotations

from typing import Any

from datasets import Features, Json, List, Value

#: The configs of the dataset directory, in the order the card lists them (``dialogues`` is the default).
CONFIG_NAMES: tuple[str, ...] = ("dialogues", "dst", "action_prediction", "faithfulness", "overall", "sft")
#: The splits of every config.
SPLITS: tuple[str, ...] = ("train", "validation", "test")
#: The release's file names for our splits (``tooldial convert`` reads them).
RELEASE_FILES: dict[str, str] = {"train": "train.json", "validation": "val.json", "test": "test.json"}

_string = Value("string")
_int = Value("int32")
_MESSAGE = {"role": _string, "content": _string}

TURN = {
    "speaker": _string,
    "action": _string,
    "message": _string,
    "thought": _string,
    "retriever_status": Json(),
    "dialogue_state": Json(),
    "api_request": Json(),
    "api_response": Json(),
    #: keys of the turn beyond the release's (``null`` when none).
    "extra": Json(),
}


def _history_label_features(label: Any) -> Features:
    """A row of the ``dst`` / ``action_prediction`` configs: one history and its label (a state or an action)."""
    return Features(
        {
            "id": _string,
            "dialogue_id": _string,
            "turn_index": _int,
            "setting": _string,
            "sequence_id": _string,
            "num_user_turns": _int,
            "history": _string,
            "label": label,
        }
    )


FEATURES: dict[str, Features] = {
    "dialogues": Features(
        {
            "dialogue_id": _string,
            "sequence_id": _string,
            "subgraph_type": _string,
            "source": _string,
            "target": _string,
            "domain": _string,
            "actions": List(_string),
            "num_turns": _int,
            "seed": Value("int64"),
            "renderer": _string,
            "turns": List(TURN),
            "mockdata": Json(),
            "scenario": Json(),
            #: top-level keys of the record beyond the release's and ours (``null`` when none).
            "extra": Json(),
        }
    ),
    "dst": _history_label_features(Json()),
    "action_prediction": _history_label_features(_string),
    "faithfulness": Features(
        {
            "id": _string,
            "dialogue_id": _string,
            "turn_index": _int,
            "sequence_id": _string,
            "history": _string,
            "reference": _string,
            "api_results": Json(),
        }
    ),
    "overall": Features(
        {
            "id": _string,
            "dialogue_id": _string,
            "turn_index": _int,
            "setting": _string,
            "sequence_id": _string,
            "history": _string,
            "target": _string,
            "label_states": Json(),
            "label_actions": List(_string),
            "observations": Json(),
        }
    ),
    "sft": Features(
        {
            "id": _string,
            "dialogue_id": _string,
            "turn_index": _int,
            "task": _string,
            "setting": _string,
            "messages": List(_MESSAGE),
            "prompt": List(_MESSAGE),
            "completion": List(_MESSAGE),
            #: OpenAI function definitions of the APIs retrieved before this turn (``[]`` before any retrieval).
            "tools": Json(),
            #: function name in ``tools`` → API id (``Category|tool|api``).
            "tool_api_ids": Json(),
            #: prompt/layout profile of the texts (``original`` | ``paper``, :mod:`tooldial.tasks.prompts`).
            "profile": _string,
        }
    ),
}

#: What each config holds, one line (used by the dataset card and the builder's config descriptions).
DESCRIPTIONS: dict[str, str] = {
    "dialogues": "One row per dialogue: structured turns (speaker, action, thought, message, retriever status, "
    "dialogue state, API request/response) and metadata (sequence, source/target API, domain).",
    "dst": "Dialogue state tracking: one row per dialogue-state line of the A.12 history, with (`gt`) and "
    "without (`nogt`) the earlier gold states; `label` is the state.",
    "action_prediction": "Action prediction: one row per system action, thoughts removed, with (`gt`) and "
    "without (`nogt`) the earlier gold actions; `label` is the action.",
    "faithfulness": "Faithfulness: one row per `response` turn; the history ends with its action line, "
    "`reference` is the gold message, `api_results` the call results it must rest on.",
    "overall": "Overall performance: one row per user turn; `target` is the system's reasoning steps up to the "
    "next user turn, with the gold states, actions and observations.",
    "sft": "Chat-format training rows for TRL: `prompt` (the A.13 instruction and history as the user message) and "
    "`completion` (the next reasoning step or message), also joined as `messages`; `tools` documents only the APIs "
    "retrieved before the turn; `task` and `setting` select a subset.",
}


_ROW_KEYS = {
    "id": "`<dialogue_id>/<task>/<setting>/<turn_index>`; the same id in the task config and in `sft`",
    "dialogue_id": "the dialogue the row was cut from (`dialogues` config)",
    "turn_index": "index in the dialogue of the turn whose label this is (for `overall`, the user turn)",
    "setting": "`gt`: the history holds the earlier gold labels; `nogt`: they are removed (paper Eq. 3-5)",
    "sequence_id": "the paper's action sequence the dialogue follows",
    "num_user_turns": "user turns in the row's history",
    "history": "the dialogue so far in the paper's A.12 text format",
}
_MESSAGES = "chat messages `{role, content}`"

#: One line per field of every config (the dataset card's field tables).
FIELD_DOCS: dict[str, dict[str, str]] = {
    "dialogues": {
        "dialogue_id": "unique id of the dialogue",
        "sequence_id": "the paper's action sequence (one of 23) the dialogue follows",
        "subgraph_type": "`yesyes` / `yeszero` / `zeroyes` / `zerozero`: whether source / target API take parameters",
        "source": "API id (`Category|tool|api`) that procures a missing input; empty for single-API dialogues",
        "target": "API id the user's request needs",
        "domain": "category of the target API",
        "actions": "the dialogue's action sequence (`request-multi` spelled out)",
        "num_turns": "number of turns",
        "seed": "generation seed (null for converted release data)",
        "renderer": "how utterances were written: `template`, an LLM renderer, or empty for release data",
        "turns": "per turn: speaker, action, message; system turns also thought, retriever status, dialogue "
        "state, API request and response (JSON)",
        "mockdata": "the mock API inputs and results the dialogue is consistent with (JSON)",
        "scenario": "the scenario instruction the dialogue was rendered from (JSON; empty for release data)",
        "extra": "record keys beyond the release's and ours (JSON, usually null)",
    },
    "dst": {**_ROW_KEYS, "label": "the gold dialogue state, without `system_action` (JSON)"},
    "action_prediction": {**_ROW_KEYS, "history": "the A.12 history without thought lines",
                          "label": "the gold system action"},
    "faithfulness": {
        **{k: v for k, v in _ROW_KEYS.items() if k not in ("setting", "num_user_turns")},
        "history": "the A.12 history up to and including the `response` action line",
        "reference": "the gold response message",
        "api_results": "the call results the response must rest on (JSON)",
    },
    "overall": {
        **{k: v for k, v in _ROW_KEYS.items() if k != "num_user_turns"},
        "target": "the system's reasoning steps up to the next user turn",
        "label_states": "gold dialogue states of those steps (JSON list)",
        "label_actions": "gold actions of those steps",
        "observations": "`[{action, observation}]`: the gold observation after each action (JSON list)",
    },
    "sft": {
        **{k: v for k, v in _ROW_KEYS.items() if k in ("id", "dialogue_id", "turn_index", "setting")},
        "task": "`dst`, `action`, `faithfulness` or `overall`",
        "messages": f"{_MESSAGES}: the prompt then the assistant target",
        "prompt": f"{_MESSAGES}: the A.13 instruction and history as one user message (TRL's `prompt`)",
        "completion": f"{_MESSAGES}: the assistant target (TRL's `completion`, the only tokens with loss)",
        "tools": "OpenAI function definitions of the APIs retrieved *before* this turn (`[]` before the first "
        "retrieval; never the gold API unless it was retrieved) (JSON)",
        "tool_api_ids": "function name in `tools` → API id (names are sanitized to `^[a-zA-Z0-9_-]{1,64}$`) (JSON)",
        "profile": "prompt/layout profile of `prompt` and `completion`: `original` (the released code's texts) or "
        "`paper` (the paper's appendix A.13)",
    },
}


def feature_type(feature: object) -> str:
    """A short, readable type of a feature for the card (``string``, ``list<string>``, ``json``, …)."""
    if isinstance(feature, Json):
        return "json"
    if isinstance(feature, Value):
        return feature.dtype
    if isinstance(feature, List):
        return f"list<{feature_type(feature.feature)}>"
    if isinstance(feature, dict):
        return "{" + ", ".join(f"{k}: {feature_type(v)}" for k, v in feature.items()) + "}"
    return type(feature).__name__
