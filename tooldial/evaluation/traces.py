"""Reasoning traces of the ``overall`` task: rounds split at observations, gold observations re-inserted.

The model writes the system's reasoning step line by line; generation stops where an observation would start
(``- Observation``), the harness inserts the gold observation for the action just taken (release §5: in order,
per normalized action, ``{}`` when the gold turn has no such action) and the model continues, until it writes a
``- Message: `` line or runs out of rounds.
"""

from __future__ import annotations

from collections import defaultdict, deque
from typing import Any

from tooldial.evaluation.parsing import load_json_field
from tooldial.tasks.format import (
    ACTION_PREFIX,
    MESSAGE_PREFIX,
    OBSERVATION_LINE,
    OBSERVATION_PREFIX,
    STATE_PREFIX,
    normalize_action,
)


def cut_at_stop(text: str, stops: list[str]) -> str:
    """Text before the first stop string (backends that cannot stop early are cut here)."""
    cut = len(text)
    for stop in stops:
        i = text.find(stop)
        if i >= 0:
            cut = min(cut, i)
    return text[:cut]


def split_trace_rounds(target: str) -> list[str]:
    """A gold trace cut into the pieces a model writes between observations (observation lines removed)."""
    rounds, current = [], []
    for line in target.splitlines(keepends=True):
        if line.startswith(OBSERVATION_LINE):
            rounds.append("".join(current))
            current = []
        else:
            current.append(line)
    rounds.append("".join(current))
    return rounds


def observation_count(trace: str) -> int:
    return sum(1 for line in trace.splitlines() if line.startswith(OBSERVATION_LINE))


def reference_message(reference: str) -> str:
    """The message text of a faithfulness reference (``- Message: …`` up to the next state line)."""
    lines = []
    for line in reference.splitlines():
        if line.startswith(STATE_PREFIX):
            break
        lines.append(line[len(MESSAGE_PREFIX) :] if line.startswith(MESSAGE_PREFIX) else line)
    return "\n".join(lines).strip()


def render_observation(observation: Any) -> str:
    """One observation line; dicts are written as Python ``repr`` like the release's text files."""
    if isinstance(observation, str):
        text = observation.strip()
        if text.startswith(OBSERVATION_LINE):
            return text
        return f"{OBSERVATION_PREFIX}{text}"
    return f"{OBSERVATION_PREFIX}{observation!r}"


class ObservationQueue:
    """Gold observations of one user turn, handed out in order per normalized action.

    ``observations`` is either a list aligned with ``label_actions`` or a list of
    ``{"action": ..., "observation": ...}`` dicts.
    """

    def __init__(self, label_actions: list[str], observations: Any) -> None:
        observations = load_json_field(observations) or []
        self._queues: dict[str, deque[Any]] = defaultdict(deque)
        if observations and all(isinstance(o, dict) and "action" in o and "observation" in o for o in observations):
            pairs = [(o["action"], o["observation"]) for o in observations]
        else:
            pairs = list(zip(label_actions, observations, strict=False))
        for action, observation in pairs:
            self._queues[normalize_action(action)].append(observation)

    def next_for(self, action: str) -> Any:
        queue = self._queues.get(normalize_action(action))
        return queue.popleft() if queue else {}


def last_action(text: str) -> str | None:
    actions = [line[len(ACTION_PREFIX) :] for line in text.splitlines() if line.startswith(ACTION_PREFIX)]
    return actions[-1] if actions else None


def finish_round(trace: str, completion: str, queue: ObservationQueue) -> tuple[str, str | None]:
    """Append one round's completion to ``trace``; return ``(trace, status)``.

    ``status`` is ``"done"`` once a ``- Message: `` line is written (the trace is cut after it), ``None`` when
    the model took an action and awaits its observation (now appended), or ``"no_action"`` when the round
    produced neither — the same prompt would produce the same text again, so the trace ends there.
    """
    text = cut_at_stop(completion, [OBSERVATION_LINE])
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n") and OBSERVATION_LINE.startswith(lines[-1].strip()):
        lines.pop()  # a stop string cut short by the token limit (or a stray "-")
        text = "".join(lines)
    for i, line in enumerate(lines):
        if line.startswith(MESSAGE_PREFIX):
            return trace + "".join(lines[: i + 1]).rstrip("\n") + "\n", "done"
    action = last_action(text)
    if action is None:
        return trace + text, "no_action"
    if not text.endswith("\n"):
        text += "\n"
    return trace + text + render_observation(queue.next_for(action)) + "\n", None
