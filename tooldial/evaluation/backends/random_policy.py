"""``random``: a uniform choice among the eight system actions — the chance floor (1/8 on ``action``).

Each answer draws from ``random.Random`` seeded by (seed, example id, round), so runs are reproducible and
independent of batch order. On ``dst`` it flips a coin between the not-confirmed state and no state; on
``overall`` it writes a not-confirmed state and random actions; on ``faithfulness`` it answers nothing.
"""

from __future__ import annotations

import json
import random

from tooldial.dialogue.record import SYSTEM_ACTIONS
from tooldial.evaluation.backends.base import Backend, GenerationRequest
from tooldial.evaluation.parsing import NOT_CONFIRMED
from tooldial.evaluation.traces import observation_count
from tooldial.tasks.format import ACTION_PREFIX, MESSAGE_PREFIX, STATE_PREFIX, THOUGHT_PREFIX

_MESSAGE_ACTIONS = {"request", "response", "clarify", "suggest", "response_fail", "system_bye"}


class RandomBackend(Backend):
    name = "random"
    cacheable = False

    def __init__(self, seed: int = 0, **_: object) -> None:
        super().__init__()
        self.seed = seed

    def fingerprint(self) -> dict[str, object]:
        return {"backend": self.name, "seed": self.seed}

    def generate(self, requests: list[GenerationRequest]) -> list[str]:
        return [self._answer(r) for r in requests]

    def _answer(self, request: GenerationRequest) -> str:
        k = observation_count(request.assistant_prefix)
        rng = random.Random(f"{self.seed}:{request.task}:{request.setting}:{request.example_id}:{k}")
        if request.task == "action":
            return rng.choice(SYSTEM_ACTIONS)
        if request.task == "dst":
            return json.dumps(NOT_CONFIRMED) if rng.random() < 0.5 else ""
        if request.task == "overall":
            action = rng.choice(SYSTEM_ACTIONS)
            text = f"{THOUGHT_PREFIX}.\n{ACTION_PREFIX}{action}\n"
            if action in _MESSAGE_ACTIONS:
                text += f"{STATE_PREFIX}{NOT_CONFIRMED!r}\n{MESSAGE_PREFIX}.\n"
            return (f"{STATE_PREFIX}{NOT_CONFIRMED!r}\n" if k == 0 else "") + text
        return ""
