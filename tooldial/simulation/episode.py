"""One simulated conversation: its scenario, the turns so far, the calls made, why it ended."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tooldial.simulation.executor import CallOutcome, ToolExecutor
from tooldial.simulation.scenario import SimScenario

#: User action label when the user is an LLM (its dialogue act is not known).
UNKNOWN_USER_ACTION = "?"


@dataclass
class SystemStep:
    """One system action: normalized action, and what it produced."""

    action: str
    observation: Any = None
    call: CallOutcome | None = None
    state: Any = None


@dataclass
class Turn:
    speaker: str  # "User" | "System"
    message: str = ""
    action: str = ""  # user: release spelling or "?"; system: the talking action (normalized)
    steps: list[SystemStep] = field(default_factory=list)  # system turns: every action of the block
    text: str = ""  # system turns: the raw trace written (ToolDial format) or the raw reply (native)
    on_script: bool = True  # user turns: said what the gold dialogue says at this point


@dataclass
class Episode:
    """A conversation in progress between a simulated user and the system under test."""

    scenario: SimScenario
    trial: int
    executor: ToolExecutor
    turns: list[Turn] = field(default_factory=list)
    #: Overall-layout history text the ToolDial-format system reads (user lines + the system's own traces).
    history: str = ""
    #: Chat messages the native protocol and the LLM user build on.
    messages: list[dict[str, Any]] = field(default_factory=list)
    #: Index of the next gold user turn the scripted user will say.
    gold_user: int = 0
    #: Gold block (index of the gold user turn) the system is answering now.
    gold_block: int = 0
    done: bool = False
    end_reason: str = ""
    failures: list[str] = field(default_factory=list)
    #: Confirmed states the system wrote, in order.
    states: list[dict[str, Any]] = field(default_factory=list)

    @property
    def id(self) -> str:
        return f"{self.scenario.dialogue_id}/t{self.trial}"

    def end(self, reason: str) -> None:
        if not self.done:
            self.done = True
            self.end_reason = reason

    def calls(self) -> list[CallOutcome]:
        return [s.call for t in self.turns for s in t.steps if s.call is not None]

    def system_actions(self) -> list[str]:
        return [s.action for t in self.turns if t.speaker == "System" for s in t.steps]

    def action_sequence(self) -> list[str]:
        """User and system actions in order (system actions in release spelling)."""
        from tooldial.simulation.scenario import release_action

        out: list[str] = []
        for turn in self.turns:
            if turn.speaker == "User":
                out.append(turn.action)
            else:
                out.extend(release_action(s.action) for s in turn.steps)
        return out

    def user_turns(self) -> int:
        return sum(t.speaker == "User" for t in self.turns)

    def last_system(self) -> Turn | None:
        return next((t for t in reversed(self.turns) if t.speaker == "System"), None)

    def transcript(self) -> list[dict[str, Any]]:
        rows = []
        for turn in self.turns:
            row: dict[str, Any] = {"speaker": turn.speaker, "message": turn.message, "action": turn.action}
            if turn.speaker == "System":
                row["steps"] = [
                    {"action": s.action,
                     **({"call": s.call.model_dump()} if s.call is not None else {}),
                     **({"observation": s.observation} if s.observation not in (None, {}) and s.call is None else {})}
                    for s in turn.steps
                ]
                row["text"] = turn.text
            else:
                row["on_script"] = turn.on_script
            rows.append(row)
        return rows
