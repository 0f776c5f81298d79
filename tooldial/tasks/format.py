"""The history text format (paper A.12, Table 18): line prefixes, rendering, parsing and the gt / nogt filters.

The only owner of the format. :mod:`tooldial.tasks.history` lays a dialogue out as :class:`Line` s,
:mod:`tooldial.tasks.samples` cuts samples with :func:`hidden_kinds`, the evaluation parses model output and
derives settings with the prefixes and :func:`filter_history`, and the ``rule`` policy reads a history back
with :func:`parse_history`. A prompt or layout variant changes this module, not its readers.

Line kinds and prefixes (task layout; the overall layout adds ``- Observation:``)::

    User: <message>                    user
    System:                            system
    - Dialogue State: <state>          state
    - Thought: <thought>               thought
    - Action:<action>                  action            (no space after the colon, as in the release)
    - Retriever status: <dict>         retriever_status
    - API documentations: <doc>        api_docs
    - Call result: <api_response>      call_result
    - Observation: <dict>              observation
    - Message: <message>               message
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

LineKind = Literal[
    "user",
    "system",
    "state",
    "thought",
    "action",
    "retriever_status",
    "api_docs",
    "call_result",
    "observation",
    "message",
]

USER_PREFIX = "User: "
SYSTEM_LINE = "System:"
STATE_PREFIX = "- Dialogue State: "
THOUGHT_PREFIX = "- Thought: "
ACTION_PREFIX = "- Action:"
RETRIEVER_STATUS_PREFIX = "- Retriever status: "
API_DOCS_PREFIX = "- API documentations: "
CALL_RESULT_PREFIX = "- Call result: "
#: Where a reasoning round stops (the stop string of the ``overall`` task); a full line adds ``": "``.
OBSERVATION_LINE = "- Observation"
OBSERVATION_PREFIX = f"{OBSERVATION_LINE}: "
MESSAGE_PREFIX = "- Message: "

#: Prefix of each line kind, in the order :func:`line_kind` tries them.
PREFIXES: dict[LineKind, str] = {
    "user": USER_PREFIX.rstrip(),
    "system": SYSTEM_LINE,
    "state": STATE_PREFIX.rstrip(),
    "thought": THOUGHT_PREFIX.rstrip(),
    "action": ACTION_PREFIX,
    "retriever_status": RETRIEVER_STATUS_PREFIX.rstrip(),
    "api_docs": API_DOCS_PREFIX.rstrip(),
    "call_result": CALL_RESULT_PREFIX.rstrip(),
    "observation": OBSERVATION_PREFIX.rstrip(),
    "message": MESSAGE_PREFIX.rstrip(),
}

_DOUBLE_QUOTED = re.compile(r"\"\s*'\s*([^'\"]+)\s*'\s*\"")
_NON_ALPHA = re.compile(r"[^a-z]")


# --- writing ------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Line:
    """One line of the history text (``text`` may hold newlines: messages keep theirs)."""

    kind: LineKind
    text: str
    #: Index in ``record.dialogue`` of the turn the line belongs to.
    turn_index: int
    #: The structured value behind the line: the state dict (``state``), the action (``action``), the
    #: observation dict (``observation``), the call result (``call_result``), the message (``message``).
    value: Any = None


def render(lines: Iterable[Line]) -> str:
    """The history text: one line per :class:`Line`, each ending with a newline (as in the release)."""
    return "".join(line.text + "\n" for line in lines)


def normalize_double(text: str) -> str:
    """Collapse ``"'x'"`` to ``'x'`` (the release's post-processing of ``repr`` output)."""
    return _DOUBLE_QUOTED.sub(r"'\1'", text)


# --- settings -----------------------------------------------------------------------------------------------

Setting = Literal["gt", "nogt"]
#: ``gt``: the history holds the gold earlier labels (states or actions); ``nogt``: they are removed (Eq. 3–5).
SETTINGS: tuple[Setting, ...] = ("gt", "nogt")

#: Line kinds a task's history leaves out, per setting: the action task never shows thoughts; ``nogt`` also
#: removes the earlier labels (states for DST, actions for action prediction, both for overall).
_HIDDEN: dict[tuple[str, str], frozenset[LineKind]] = {
    ("dst", "gt"): frozenset(),
    ("dst", "nogt"): frozenset({"state"}),
    ("action", "gt"): frozenset({"thought"}),
    ("action", "nogt"): frozenset({"thought", "action"}),
    ("overall", "gt"): frozenset(),
    ("overall", "nogt"): frozenset({"state", "action"}),
}


def check_setting(setting: str) -> None:
    if setting not in SETTINGS:
        raise ValueError(f"unknown setting {setting!r}; expected one of {', '.join(SETTINGS)}")


def hidden_kinds(task: str, setting: str) -> frozenset[LineKind]:
    """The line kinds the history of ``task`` in ``setting`` leaves out."""
    check_setting(setting)
    return _HIDDEN.get((task, setting), frozenset())


def line_kind(text: str) -> LineKind | None:
    """The kind of one rendered line, by its prefix (``None`` for a continuation line of a message)."""
    for kind, prefix in PREFIXES.items():
        if text.startswith(prefix):
            return kind
    return None


def filter_history(history: str, task: str, setting: str) -> str:
    """A rendered history with the lines ``setting`` hides removed (e.g. an ``overall`` nogt history from a gt
    one: earlier state and action lines dropped, observations, thoughts and messages kept)."""
    hidden = hidden_kinds(task, setting)
    return "".join(line for line in history.splitlines(keepends=True) if line_kind(line) not in hidden)


# --- reading ------------------------------------------------------------------------------------------------

ParseKind = Literal["ok", "empty", "no_braces", "invalid_literal", "not_a_dict"]


def _literal(text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        pass
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        raise ValueError("not a literal") from None


def parse_state(text: str | None) -> tuple[Any, ParseKind]:
    """Parse a written dialogue state (or any dict) the way the release does, returning ``(state, kind)``.

    The greedy ``{…}`` span is taken and every ``'`` replaced by ``"`` before ``json.loads``, then a Python
    literal is tried (release order). Where the release then gave up (it substituted ``{"foo": "bar"}``) we also
    try the span as written, so a value holding an apostrophe can still match; this only changes cases the
    release scored wrong. A state that cannot be read is returned as ``None`` with its kind.
    """
    if text is None or not text.strip():
        return None, "empty"
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end < start:
        return None, "no_braces"
    span = text[start : end + 1]
    for candidate in (span.replace("'", '"'), span):
        try:
            value = _literal(candidate)
        except ValueError:
            continue
        if isinstance(value, dict):
            return value, "ok"
        return None, "not_a_dict"
    return None, "invalid_literal"


def normalize_action(text: str | None) -> str:
    """Release action normalization: lowercase, keep ``a-z``, delete ``action`` and ``api``."""
    if not text:
        return ""
    return _NON_ALPHA.sub("", text.lower()).replace("action", "").replace("api", "")


def _value(text: str) -> Any:
    value, kind = parse_state(text)
    if kind == "ok":
        return value
    try:
        return json.loads(text.replace("'", '"'))
    except ValueError:
        return text.strip()


@dataclass
class Step:
    """One system action as visible in the history text."""

    action: str | None = None  # normalized, when an ``- Action:`` line shows it
    retriever_status: Any = None
    docs: Any = None
    call_result: Any = None
    message: str | None = None
    state: Any = None
    observed: bool = False  # an ``- Observation:`` line (overall layout) closed the step's action


@dataclass
class Turn:
    user: str | None  # None for the system steps before the first user line (there are none in practice)
    steps: list[Step] = field(default_factory=list)


def _is_retrieval(status: Any) -> bool:
    return isinstance(status, dict) and str(status.get("retriever_call", "")).lower() == "true"


class _HistoryReader:
    """State of :func:`parse_history` while it walks the lines."""

    def __init__(self) -> None:
        self.turns: list[Turn] = [Turn(user=None)]
        self.step: Step | None = None
        self.pending_state: Any = None  # the state line that opens a call turn, waiting for its step

    def new_step(self, **kwargs: Any) -> Step:
        step = Step(**kwargs)
        if self.pending_state is not None and step.state is None:
            step.state, self.pending_state = self.pending_state, None
        self.turns[-1].steps.append(step)
        self.step = step
        return step

    def observation(self, value: Any) -> None:
        step = self.new_step() if self.step is None or self.step.observed else self.step
        step.observed = True
        if isinstance(value, dict):
            if "retriever_status" in value:
                step.retriever_status = value["retriever_status"]
                step.docs = value.get("api_documentation") or value.get("api_documentations")
            if "call_result" in value:
                step.call_result = value["call_result"] or True

    def state(self, value: Any) -> None:
        step = self.step
        closes_step = step is not None and step.state is None and (
            step.message is not None  # task layout: message, then state
            or (step.observed and step.call_result is None and not _is_retrieval(step.retriever_status))
        )  # overall layout: observation {}, state, then message
        if closes_step:
            step.state = value
        else:
            self.pending_state = value

    def line(self, line: str) -> None:
        rest = line.split(":", 1)[1] if ":" in line else ""
        if line.startswith("User:"):
            self.turns.append(Turn(user=rest.strip()))
            self.step = None
        elif line.startswith(ACTION_PREFIX):
            self.new_step(action=normalize_action(rest))
        elif line.startswith("- Retriever status:"):
            step = self.new_step() if self.step is None or self.step.retriever_status is not None else self.step
            step.retriever_status = _value(rest)
        elif line.startswith(("- API documentations:", "- API documentation:", "- API docs:")):
            if self.step is not None:
                self.step.docs = _value(rest)
        elif line.startswith("- Call result:"):
            if self.step is not None:
                self.step.call_result = rest.strip() or True
        elif line.startswith(OBSERVATION_PREFIX.rstrip()):
            self.observation(_value(rest))
        elif line.startswith(MESSAGE_PREFIX.rstrip()):
            if self.step is not None:
                self.step.message = rest.strip()
        elif line.startswith(STATE_PREFIX.rstrip()):
            self.state(_value(rest))


def parse_history(history: str) -> list[Turn]:
    """Split a history (either layout, any setting) into user turns and the system steps after each.

    Lenient on purpose: it reads model-written traces too, so unknown lines are skipped and values that are no
    dict literal are kept as text.
    """
    reader = _HistoryReader()
    for raw in history.splitlines():
        reader.line(raw.strip())
    return [t for t in reader.turns if t.user is not None or t.steps]
