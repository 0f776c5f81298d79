"""``oracle``: answers with the gold label of each example — a self-check of the harness (must score 100%)."""

from __future__ import annotations

import json

from tooldial.evaluation.backends.base import Backend, GenerationRequest
from tooldial.evaluation.parsing import load_json_field, strip_system_action
from tooldial.evaluation.traces import observation_count, reference_message, split_trace_rounds


class OracleBackend(Backend):
    name = "oracle"
    cacheable = False

    def __init__(self, **_: object) -> None:
        super().__init__()

    def generate(self, requests: list[GenerationRequest]) -> list[str]:
        return [self._answer(r) for r in requests]

    @staticmethod
    def _answer(request: GenerationRequest) -> str:
        row = request.example
        if request.task == "dst":
            return json.dumps(strip_system_action(load_json_field(row["label"])), ensure_ascii=False)
        if request.task == "action":
            return str(row["label"])
        if request.task == "faithfulness":
            return reference_message(str(row.get("reference", "")))
        if request.task == "overall":
            rounds = split_trace_rounds(str(row["target"]))
            k = observation_count(request.assistant_prefix)
            return rounds[k] if k < len(rounds) else ""
        return ""
