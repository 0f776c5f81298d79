"""Per-task benchmark samples cut from one dialogue (release ``experiments/nlp.py``, ``*_normal`` functions).

Every sample keeps ``dialogue_id`` and ``turn_index`` (the index in ``record.dialogue`` of the turn whose
label it is; for ``overall`` the user turn) so predictions can be traced back to their dialogue.

- **DST**: one sample per ``- Dialogue State:`` line of the task layout; the input is every earlier line
  (at ``request``/``response`` turns this includes the same turn's thought, action and message, as in the
  paper's Table 18). ``gt`` keeps earlier state lines, ``nogt`` removes them; thoughts stay in both.
- **Action prediction**: one sample per ``- Action:`` line; thought lines are always removed, ``nogt`` also
  removes earlier action lines; state lines stay in both. (The release has a rule meant to drop some
  retriever-status lines that tests the dialogue's second-to-last action, which is always ``user_bye`` or
  ``negate``, so it never fires; its intent is not documented, so we follow the observed behaviour: no drop.)
- **Faithfulness**: one sample per ``response`` turn; input: everything up to and including its action line;
  reference: its message. The release matched the substring ``- Action:response`` and so also cut
  ``response_fail`` turns, removing them only at scoring; we never cut them (the paper's intent: responses
  grounded in call results). A ``response`` with an empty message has nothing to judge and is skipped.
- **Overall**: one sample per user turn on the overall layout; input: the lines up to that turn's
  ``System:`` line; target: the lines up to the next user turn; labels: its states, its actions, and the gold
  observation of each action (inserted after each predicted action at inference).

That is the ``paper`` profile. With ``profile="original"`` every function cuts exactly what the released code
cuts (:mod:`tooldial.tasks.original`): faithfulness keeps ``response_fail`` samples and the ``- Message: ``
prefix of the reference, overall inputs end at the user line and the layout keeps the duplicated state.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import tooldial.tasks.original as original
from tooldial.corpus.models import Corpus
from tooldial.dialogue.record import DialogueRecord
from tooldial.tasks.format import SETTINGS, Line, Setting, hidden_kinds
from tooldial.tasks.history import dialogue_lines, overall_lines
from tooldial.tasks.prompts import Profile, check_profile

__all__ = ["SETTINGS", "Setting", "action_samples", "dst_samples", "faithfulness_samples", "overall_samples",
           "sample_id"]


def sample_id(dialogue_id: str, task: str, setting: str, turn_index: int) -> str:
    """Stable id of a sample: ``<dialogue_id>/<task>/<setting>/<turn_index>``."""
    return f"{dialogue_id}/{task}/{setting}/{turn_index}"


@dataclass(frozen=True, slots=True)
class _TurnSample:
    """What DST and action samples share: where the sample is and the history before its label."""

    id: str
    dialogue_id: str
    turn_index: int
    setting: Setting
    sequence_id: str
    #: User turns in the history (how deep into the dialogue the sample is).
    num_user_turns: int
    history: str


@dataclass(frozen=True, slots=True)
class DstSample(_TurnSample):
    #: The gold state, without ``system_action``.
    label: dict[str, Any]
    #: The label as the history text writes it (``- Dialogue State: {...}``), the assistant turn of ``sft``.
    target: str


@dataclass(frozen=True, slots=True)
class ActionSample(_TurnSample):
    #: The gold action (release spelling).
    label: str
    #: The label as the history text writes it (``- Action:<action>``).
    target: str


@dataclass(frozen=True, slots=True)
class FaithfulnessSample:
    id: str
    dialogue_id: str
    turn_index: int
    sequence_id: str
    history: str
    reference: str
    #: The call results in the history, in order (``{"api_name", "result"}`` dicts).
    api_results: list[Any]


@dataclass(frozen=True, slots=True)
class OverallSample:
    id: str
    dialogue_id: str
    turn_index: int
    setting: Setting
    sequence_id: str
    history: str
    target: str
    label_states: list[dict[str, Any]]
    label_actions: list[str]
    #: ``{"action", "observation"}`` per action of the target, in order (``{}`` for actions that talk).
    observations: list[dict[str, Any]] = field(default_factory=list)


def _place(record: DialogueRecord, task: str, setting: str, turn_index: int) -> dict[str, Any]:
    """The fields that trace a sample back to its dialogue: ``id``, ``dialogue_id``, ``turn_index``, ``sequence_id``."""
    return {"id": sample_id(record.dialogue_id, task, setting, turn_index), "dialogue_id": record.dialogue_id,
            "turn_index": turn_index, "sequence_id": record.sequence_id}


def _texts(lines: list[Line]) -> list[str]:
    return [line.text + "\n" for line in lines]


def _cut(lines: list[Line], task: str, setting: str, label_kind: str) -> Iterator[tuple[Line, int, str]]:
    """``(label line, user turns before it, history before it)`` for every ``label_kind`` line; the history
    leaves out the line kinds the setting hides (:func:`~tooldial.tasks.format.hidden_kinds`)."""
    hidden = hidden_kinds(task, setting)
    users = 0
    kept: list[str] = []
    for line in lines:
        if line.kind == label_kind:
            yield line, users, "".join(kept)
        elif line.kind == "user":
            users += 1
        if line.kind not in hidden:
            kept.append(line.text + "\n")


def _label_samples(record: DialogueRecord, task: str, label_kind: str, sample: type[Any], setting: Setting,
                   corpus: Corpus | None, lines: list[Line] | None, profile: Profile = "paper") -> Iterator[Any]:
    lines = dialogue_lines(record, corpus) if lines is None else lines
    if check_profile(profile) == "original":
        hidden_kinds(task, setting)  # validates the setting
        ps = original.pieces(lines)
        cuts = (original.dst_cuts(ps, setting == "gt") if task == "dst"
                else original.action_cuts(ps, setting == "gt", original.release_action_list(record)))
        for cut in cuts:
            yield sample(
                **_place(record, task, setting, cut.turn_index),
                setting=setting,
                num_user_turns=cut.num_user_turns,
                history=cut.history,
                label=cut.label,
                target=cut.target,
            )
        return
    for line, users, history in _cut(lines, task, setting, label_kind):
        yield sample(
            **_place(record, task, setting, line.turn_index),
            setting=setting,
            num_user_turns=users,
            history=history,
            label=line.value,
            target=line.text,
        )


def dst_samples(
    record: DialogueRecord, setting: Setting = "gt", *, corpus: Corpus | None = None, lines: list[Line] | None = None,
    profile: Profile = "paper",
) -> Iterator[DstSample]:
    """DST samples of ``record`` (pass ``lines`` from :func:`dialogue_lines` to reuse them)."""
    return _label_samples(record, "dst", "state", DstSample, setting, corpus, lines, profile)


def action_samples(
    record: DialogueRecord, setting: Setting = "gt", *, corpus: Corpus | None = None, lines: list[Line] | None = None,
    profile: Profile = "paper",
) -> Iterator[ActionSample]:
    """Action-prediction samples of ``record`` (thought lines removed)."""
    return _label_samples(record, "action", "action", ActionSample, setting, corpus, lines, profile)


def _original_faithfulness(record: DialogueRecord, lines: list[Line]) -> Iterator[FaithfulnessSample]:
    ps = original.pieces(lines)
    for index, cut in original.faithfulness_cuts(ps):
        yield FaithfulnessSample(
            **_place(record, "faithfulness", "gt", cut.turn_index),
            history=cut.history,
            reference=cut.label,
            api_results=[p.value for p in ps[:index] if p.kind == "call_result"],
        )


def faithfulness_samples(
    record: DialogueRecord, *, corpus: Corpus | None = None, lines: list[Line] | None = None,
    profile: Profile = "paper",
) -> Iterator[FaithfulnessSample]:
    """Faithfulness samples of ``record``: one per ``response`` turn with a message (``original``: one per
    ``- Action:response…`` line, ``response_fail`` included, reference with its ``- Message: `` prefix)."""
    lines = dialogue_lines(record, corpus) if lines is None else lines
    if check_profile(profile) == "original":
        yield from _original_faithfulness(record, lines)
        return
    texts = _texts(lines)
    results: list[Any] = []
    for k, line in enumerate(lines):
        if line.kind == "call_result":
            results.append(line.value)
        if line.kind != "action" or line.value != "response":
            continue
        body = record.dialogue[line.turn_index]["System"]
        reference = body.get("message") or ""
        if not reference:
            continue
        yield FaithfulnessSample(
            **_place(record, "faithfulness", "gt", line.turn_index),
            history="".join(texts[: k + 1]),
            reference=reference,
            api_results=list(results),
        )


def overall_samples(
    record: DialogueRecord, setting: Setting = "gt", *, corpus: Corpus | None = None, lines: list[Line] | None = None,
    profile: Profile = "paper",
) -> Iterator[OverallSample]:
    """Overall samples of ``record``: one per user turn followed by system turns.

    ``nogt`` removes the earlier state and action lines from the history (observations, thoughts and
    messages stay); the dataset ships ``gt`` only, the setting of the paper's overall evaluation. Pass
    ``lines`` from :func:`overall_lines` of the same ``profile``.
    """
    hidden = hidden_kinds("overall", setting)
    lines = overall_lines(record, corpus, profile) if lines is None else lines
    if check_profile(profile) == "original":
        for cut in original.overall_cuts(original.pieces(lines), setting):
            yield OverallSample(
                **_place(record, "overall", setting, cut.turn_index),
                setting=setting,
                history=cut.history,
                target=cut.target,
                label_states=cut.label_states,
                label_actions=cut.label_actions,
                observations=cut.observations,
            )
        return
    users = [k for k, line in enumerate(lines) if line.kind == "user"]
    for n, k in enumerate(users):
        end = users[n + 1] if n + 1 < len(users) else len(lines)
        start = k + 2  # after "User: …" and "System:"
        target_lines = lines[start:end]
        if not target_lines:
            continue
        prefix = [line for line in lines[:start] if line.kind not in hidden]
        observations: list[dict[str, Any]] = []
        for line in target_lines:
            if line.kind == "action":
                observations.append({"action": line.value, "observation": {}})
            elif line.kind == "observation" and observations:
                observations[-1]["observation"] = line.value
        turn_index = lines[k].turn_index
        yield OverallSample(
            **_place(record, "overall", setting, turn_index),
            setting=setting,
            history="".join(line.text + "\n" for line in prefix),
            target="".join(line.text + "\n" for line in target_lines),
            label_states=[line.value for line in target_lines if line.kind == "state"],
            label_actions=[line.value for line in target_lines if line.kind == "action"],
            observations=observations,
        )
