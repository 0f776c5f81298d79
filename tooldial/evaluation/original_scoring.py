"""The released code's scoring rules (``tooldial eval --scoring original``), reproduced for comparison.

Our default scoring (:mod:`tooldial.evaluation.parsing`) follows the release except where the release scores a
correct answer as wrong or reads lines it should not; ``eval/README.md`` has the table. This module gives the
release's verdicts exactly (holi-lab/ToolDial ``experiments/*_train_dist_normal.py``, ``overall_infer.py``
and the release notes §6):

- **DST**: the greedy ``{…}`` span, *every* ``'`` replaced by ``"``, ``json.loads``, else a Python literal of
  that replaced text, else ``{"foo": "bar"}`` (no braces: ``None``). So a state holding an apostrophe
  (``"O'Hare"``) never parses back to itself and is wrong. Normalization leaves ``None`` as ``None``, so
  ``'api_status': None`` does not equal ``'none'``.
- **Action** (open models, the figure the paper reports): correct when the normalized label is a *substring*
  of the normalized generation (``call`` inside ``retriever_call``, several actions listed still count).
- **Faithfulness**: the released G-Eval prompt (``geval_prompt``) with the model input and ``- Message: <generation>``
  in place of ``{{Response}}``; a verdict counts 1 only when the whole reply is ``true`` (any case).
- **Overall**: every line *containing* ``- Dialogue State: `` / ``- Action:`` counts (indented lines too);
  label states are read from the target text with the same parser, so a state that does not parse never matches.
"""

from __future__ import annotations

import ast
import json
import re
from typing import Any, Literal

from tooldial.tasks.format import ACTION_PREFIX, STATE_PREFIX, normalize_action

Scoring = Literal["tooldial", "original"]
SCORINGS: tuple[Scoring, ...] = ("tooldial", "original")

#: What the release substitutes for a span it cannot parse.
UNPARSABLE: dict[str, str] = {"foo": "bar"}

_BRACES = re.compile(r"\{.*\}", re.DOTALL)
_NON_ALNUM = re.compile(r"[^a-z0-9]")


def parse_state(text: str | None) -> Any:
    """A predicted state as the release reads it (``None`` without braces, :data:`UNPARSABLE` when unreadable)."""
    match = _BRACES.search(text or "")
    if match is None:
        return None
    span = match.group(0).replace("'", '"')
    try:
        return json.loads(span)
    except ValueError:
        pass
    try:  # the release evaluates the text; a literal is all a state can be
        return ast.literal_eval(span)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return dict(UNPARSABLE)


def normalize(value: Any) -> Any:
    """The release's ``normalize_json``: strings (keys too), numbers and booleans lowercased to ``[a-z0-9]``;
    lists stringified; anything else (``None``) unchanged."""
    if isinstance(value, dict):
        return {normalize(k): normalize(v) for k, v in value.items()}
    if isinstance(value, list | str | int | float):
        return _NON_ALNUM.sub("", str(value).lower())
    return value


def states_equal(prediction: Any, label: Any) -> bool:
    """The release's DST verdict: normalized prediction equals normalized label."""
    return normalize(prediction) == normalize(label)


def action_correct(generation: str | None, label: str) -> bool:
    """The release's action verdict for open models: normalized label contained in the normalized generation."""
    predicted = (generation or "").lower().replace(ACTION_PREFIX.lower(), "")
    return normalize_action(label) in normalize_action(predicted)


def judge_verdict(text: str) -> int:
    """The release's ``string2int``: 1 only when the whole reply is ``true``, ignoring case."""
    return int(text.lower() == "true")


def trace_states(text: str) -> list[Any]:
    """Every line containing ``- Dialogue State: ``, parsed as the release parses states."""
    return [parse_state(line.replace(STATE_PREFIX, "")) for line in text.split("\n") if STATE_PREFIX in line]


def trace_actions(text: str) -> list[str]:
    """Every line containing ``- Action:``, normalized (indented lines count)."""
    return [normalize_action(line.replace(ACTION_PREFIX, "")) for line in text.split("\n") if ACTION_PREFIX in line]


def overall_correct(trace: str | None, target: str) -> tuple[bool, bool]:
    """``(states match, actions match)`` of a finished trace against the gold target text (``None``: wrong)."""
    if trace is None:
        return False, False
    predicted, gold = trace_states(trace), trace_states(target)
    readable = all(isinstance(s, dict) and s != UNPARSABLE for s in gold)
    states_ok = readable and len(predicted) == len(gold) and all(
        states_equal(p, g) for p, g in zip(predicted, gold, strict=True))
    return states_ok, trace_actions(trace) == trace_actions(target)
