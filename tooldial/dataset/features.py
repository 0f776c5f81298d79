"""Configs, splits and ``datasets.Features`` of the ToolDial dataset directory.

Free-form values (dialogue states, retriever statuses, call results, tool schemas, mock data) are
``datasets.Json``: stored as JSON text (parquet logical type ``JSON``) and decoded back to Python objects by
``load_dataset``. Everything with a fixed shape uses native ``Value``/``List`` features.
"""

from __future__ import annotations

from datasets import Features, Json, List, Value

#: The configs of the dataset directory, in the order the card lists them (``dialogues`` is the default).
CONFIG_NAMES: tuple[str, ...] = ("dialogues", "dst", "action_prediction", "faithfulness", "overall", "sft")
#: The splits of every config.
SPLITS: tuple[str, ...] = ("train", "validation", "test")
#: The release's file names for our splits (``tooldial convert`` reads them).
RELEASE_FILES: dict[str, str] = {"train": "train.json", "validation": "val.json", "test": "test.json"}

_string = Value("string")
_int = Value("int32")

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
    "dst": Features(
        {
            "id": _string,
            "dialogue_id": _string,
            "turn_index": _int,
            "setting": _string,
            "sequence_id": _string,
            "num_user_turns": _int,
            "history": _string,
            "label": Json(),
        }
    ),
    "action_prediction": Features(
        {
            "id": _string,
            "dialogue_id": _string,
            "turn_index": _int,
            "setting": _string,
            "sequence_id": _string,
            "num_user_turns": _int,
            "history": _string,
            "label": _string,
        }
    ),
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
            "messages": List({"role": _string, "content": _string}),
            "tools": Json(),
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
    "sft": "Chat-format training rows for TRL (`messages`, `tools`): the A.13 prompt as the user message, "
    "the next reasoning step or message as the assistant message; `task` and `setting` select a subset.",
}


def json_columns(features: Features) -> frozenset[str]:
    """Top-level columns stored as JSON text."""
    return frozenset(name for name, feature in features.items() if isinstance(feature, Json))
