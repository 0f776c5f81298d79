"""Samples of the ``original`` profile: cut from the rendered history text the way the released code cuts them.

The release (``experiments/nlp.py``: ``dst_form_normal``, ``action_form_action_normal``, ``hall_form_normal``;
``experiments/overall_infer.py``: ``overall_form``) splits the text of a whole dialogue at ``"\\n"`` and tests
each piece for a *substring* (``"- Dialogue State: " in piece``, ``"- Action:response" in piece``,
``"User: " in piece`` …). This module applies the same rules to the same pieces, so every input and label is
byte-identical to what that code produces from the same record — quirks included:

- faithfulness cuts ``response_fail`` turns too (``- Action:response`` is a prefix of it; the scorer drops them)
  and its reference is the lines from ``- Message: `` up to the next state line, prefix kept;
- overall inputs end at ``User: <message>\\n`` (no ``System:`` line), the target is every following piece up to
  the next user line with each ``System:\\n`` removed, so the last target of a dialogue ends with an extra
  blank line (the empty piece after the final newline), and the layout keeps the duplicated state
  (:func:`tooldial.tasks.history.overall_lines` with ``profile="original"``);
- DST labels are the state read back from the text (``str(eval(...))`` in the release), which is what the
  line shows after ``normalize_double``.

Pieces keep the turn index and line kind of the :class:`~tooldial.tasks.format.Line` they come from, so
samples carry ``dialogue_id`` / ``turn_index`` like the ``paper`` ones.
"""

from __future__ import annotations

import ast
import logging
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from tooldial.dialogue.record import DialogueRecord
from tooldial.tasks.format import (
    ACTION_PREFIX,
    MESSAGE_PREFIX,
    OBSERVATION_PREFIX,
    STATE_PREFIX,
    Line,
    LineKind,
    filter_history,
)

logger = logging.getLogger(__name__)

#: Substrings the release tests each piece for.
_USER = "User: "
_THOUGHT = "- Thought:"
_RETRIEVER_STATUS = "- Retriever status:"
_RESPONSE = f"{ACTION_PREFIX}response"
_NOT_CALLED = "{'retriever_call': 'false', 'retrieved_api': 'none'}"


@dataclass(frozen=True, slots=True)
class Piece:
    """One ``"\\n"``-separated piece of the rendered text, with the line it belongs to."""

    text: str
    turn_index: int
    #: The line's kind for its first piece; ``None`` for continuation pieces of a multi-line message and for
    #: the empty piece after the final newline.
    kind: LineKind | None
    value: Any = None


def pieces(lines: list[Line]) -> list[Piece]:
    """``render(lines).split("\\n")`` with each piece's turn index and kind (the last piece is ``""``)."""
    out: list[Piece] = []
    for line in lines:
        for k, text in enumerate(line.text.split("\n")):
            out.append(Piece(text, line.turn_index, line.kind if k == 0 else None, line.value if k == 0 else None))
    out.append(Piece("", lines[-1].turn_index if lines else -1, None))
    return out


def _literal(text: str) -> Any:
    try:
        return ast.literal_eval(text.strip())
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None


def release_action_list(record: DialogueRecord) -> list[str]:
    """The ``action_list`` the release's preprocessor stores beside the text: every user action and every
    system action, except a ``retriever_call`` whose retriever was not called."""
    actions: list[str] = []
    for turn in record.dialogue:
        ((speaker, body),) = turn.items()
        action = str(body.get("action", ""))
        if speaker == "System" and action == "retriever_call":
            status = body.get("retriever_status")
            if not (isinstance(status, dict) and status.get("retriever_call") == "true"):
                continue
        actions.append(action)
    return actions


@dataclass(frozen=True, slots=True)
class Cut:
    """One sample as the release cuts it: where, the history before it, and its label text / value."""

    turn_index: int
    num_user_turns: int
    history: str
    label: Any
    target: str


def dst_cuts(ps: list[Piece], give_label: bool) -> Iterator[Cut]:
    """``dst_form_normal``: a sample at every piece holding ``- Dialogue State: ``; ``gt`` keeps earlier states."""
    history, users = "", 0
    for piece in ps:
        if STATE_PREFIX in piece.text:
            label = _literal(piece.text.replace(STATE_PREFIX, ""))
            if isinstance(label, dict):
                yield Cut(piece.turn_index, users, history, label, f"{STATE_PREFIX}{label}")
            else:  # the release would crash on this record; a sample with no label is skipped
                logger.warning("turn %s: state line is no literal; no DST sample", piece.turn_index)
            if give_label:
                history += piece.text + "\n"
        else:
            users += piece.kind == "user"
            history += piece.text + "\n"


def action_cuts(ps: list[Piece], give_label: bool, action_list: list[str]) -> Iterator[Cut]:
    """``action_form_action_normal``: a sample at every ``- Action:`` piece; thoughts always left out, earlier
    actions only with ``gt``; the retriever-status rule tests the dialogue's second-to-last action."""
    history, users = "", 0
    for piece in ps:
        if ACTION_PREFIX in piece.text:
            label = piece.text.replace(ACTION_PREFIX, "").strip()
            yield Cut(piece.turn_index, users, history, label, f"{ACTION_PREFIX}{label}")
            if give_label:
                history += piece.text + "\n"
        elif _RETRIEVER_STATUS in piece.text and len(action_list) > 1:
            if not (action_list[-2] == "retriever_call" and _NOT_CALLED in piece.text):
                history += piece.text + "\n"
        elif _THOUGHT in piece.text:
            continue
        else:
            users += piece.kind == "user"
            history += piece.text + "\n"


def faithfulness_cuts(ps: list[Piece]) -> Iterator[tuple[int, Cut]]:
    """``hall_form_normal``: ``(piece index, cut)`` at every piece holding ``- Action:response`` (so also
    ``response_fail``); the reference runs from the next ``- Message: `` piece to the next state piece."""
    history = ""
    for s, piece in enumerate(ps):
        history += piece.text + "\n"
        if _RESPONSE not in piece.text:
            continue
        start = next((k for k in range(s + 1, len(ps)) if MESSAGE_PREFIX in ps[k].text), None)
        end = None if start is None else next(
            (k for k in range(start + 1, len(ps)) if STATE_PREFIX in ps[k].text), None)
        if start is None or end is None:  # the release raises IndexError here
            logger.warning("turn %s: no message and state after the response; no faithfulness sample",
                           piece.turn_index)
            continue
        reference = "\n".join(p.text for p in ps[start:end])
        yield s, Cut(piece.turn_index, 0, history, reference, reference)


@dataclass(frozen=True, slots=True)
class OverallCut:
    turn_index: int
    history: str
    target: str
    label_states: list[Any]
    label_actions: list[str]
    observations: list[dict[str, Any]]


def overall_cuts(ps: list[Piece], setting: str = "gt") -> Iterator[OverallCut]:
    """``overall_form``: a sample at every piece holding ``User: ``; input: the text up to and including that
    piece; target: the following pieces up to the next ``User: `` piece, ``System:\\n`` removed."""
    history = ""
    for i, piece in enumerate(ps):
        history += piece.text + "\n"
        if _USER not in piece.text:
            continue
        body: list[str] = []
        k = i + 1
        while k < len(ps) and _USER not in ps[k].text:
            body.append(ps[k].text)
            k += 1
        target = "".join(text + "\n" for text in body).replace("System:\n", "")
        states = [_literal(text.replace(STATE_PREFIX, "")) for text in body if STATE_PREFIX in text]
        actions, observations = [], []
        for j, text in enumerate(body):
            if ACTION_PREFIX in text:  # extract_observation: the next piece, prefix removed, whatever it is
                action = text.replace(ACTION_PREFIX, "").strip()
                following = body[j + 1] if j + 1 < len(body) else ""
                observed = following.replace(OBSERVATION_PREFIX, "")
                literal = _literal(observed)
                actions.append(action)
                observations.append({"action": action,
                                     "observation": literal if isinstance(literal, dict) else observed})
        shown = history if setting == "gt" else filter_history(history, "overall", setting)
        yield OverallCut(piece.turn_index, shown, target, states, actions, observations)
