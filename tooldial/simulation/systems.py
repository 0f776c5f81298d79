"""Systems under test: any evaluation backend in ToolDial's format, or a chat model with native tool calls.

**ToolDial format** (:class:`ToolDialSystem`): the system continues the dialogue in the overall layout of the
paper (A.12) — ``- Dialogue State:``, ``- Thought:``, ``- Action:`` lines — through the ``overall`` prompt and
:class:`tooldial.evaluation.generation.CachedGenerator` around ``Backend.generate``, exactly as the static
``overall`` task does, except that observations come from the live environment: a ``retriever_call`` gets the
retriever's answer for what the user said, a ``call`` is executed by the
:class:`~tooldial.simulation.executor.ToolExecutor`. A ``call`` takes its API and arguments from the last
dialogue state written since the previous action of the turn; a bare ``call`` (the layout writes no state
before the second of two consecutive calls) calls the most recently confirmed API not yet called
successfully, its empty inputs filled from earlier call results by name. The block ends with ``- Message:``,
which goes to the user. Policy backends (``oracle``, ``rule``, ``random``) work unchanged: the request carries
the gold trace of the matching gold block (the ``oracle`` replays it; the others ignore it).

**Native tool calling** (:class:`NativeToolSystem`): an OpenAI-compatible chat model gets the scenario's APIs
as ``tools`` and talks to the user directly; its tool calls are executed, their results go back as ``tool``
messages, its text goes to the user. Its action per step is ``call`` for a tool call, and for text ``request``
when it asks something (ends with ``?``) else ``response``.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

from tooldial.evaluation.backends.base import GenerationRequest
from tooldial.evaluation.generation import CachedGenerator
from tooldial.evaluation.traces import cut_at_stop, render_observation
from tooldial.simulation.episode import Episode, SystemStep, Turn
from tooldial.simulation.scenario import TALKING
from tooldial.simulation.text_tool_calls import tool_calls_from_text
from tooldial.tasks.format import (
    ACTION_PREFIX,
    MESSAGE_PREFIX,
    OBSERVATION_LINE,
    STATE_PREFIX,
    normalize_action,
    parse_state,
)
from tooldial.tasks.history import is_confirmed
from tooldial.tasks.prompts import build_messages

log = logging.getLogger(__name__)

NO_RETRIEVAL = {"retriever_status": {"retriever_call": "true", "retrieved_api": {}}}


def retrieval_observation(ep: Episode, k_in_block: int) -> dict[str, Any]:
    """The retriever's answer to the system's k-th retriever call of this block.

    After an on-script user turn the user said the gold words, so the gold block's retrievals are replayed; off
    script, the dialogue's n-th retrieval gets the gold dialogue's n-th (the last one again when exhausted).
    """
    gold = ep.scenario.retrievals
    last_user = next((t for t in reversed(ep.turns) if t.speaker == "User"), None)
    if last_user is not None and last_user.on_script and ep.gold_block < len(gold):
        block = gold[ep.gold_block]
        if k_in_block < len(block):
            return block[k_in_block]
    flat = [obs for block in gold for obs in block]
    if not flat:
        return NO_RETRIEVAL
    n = sum(1 for a in ep.system_actions() if a == "retrievercall") - 1
    return flat[min(max(n, 0), len(flat) - 1)]


def _leaf_values(result: Any) -> dict[str, str]:
    """First value of every leaf key in a result (for filling a bare call's empty inputs)."""
    found: dict[str, str] = {}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if isinstance(value, dict | list):
                    walk(value)
                else:
                    found.setdefault(str(key), "" if value is None else str(value))
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(result)
    return found


def _state_arguments(state: dict[str, Any]) -> tuple[str, dict[str, str]]:
    status = state["api_status"]
    args: dict[str, str] = {}
    for key in ("required_parameters", "optional_parameters"):
        params = status.get(key)
        if isinstance(params, dict):
            args.update({str(k): "" if v is None else str(v) for k, v in params.items()})
    return str(status.get("api_name", "")), args


def _open_system_turns(episodes: Sequence[Episode]) -> tuple[dict[int, Turn], list[Episode]]:
    """Start a system turn in every episode (keyed by ``id(episode)``); returns them and the episodes not done."""
    turns = {id(ep): Turn(speaker="System") for ep in episodes}
    for ep in episodes:
        ep.turns.append(turns[id(ep)])
    return turns, [ep for ep in episodes if not ep.done]


class ToolDialSystem:
    """A backend answering in ToolDial's overall layout (see the module docstring)."""

    protocol = "tooldial"

    def __init__(self, generator: CachedGenerator, *, max_rounds: int = 8, max_new_tokens: int = 256,
                 retrieve: Any = None, stop_at_call: bool = False) -> None:
        self.generator = generator
        self.max_rounds = max_rounds
        self.max_new_tokens = max_new_tokens
        #: ``retrieve(episode, k_in_block) -> observation``; default: the gold retrievals, replayed.
        self.retrieve = retrieve or retrieval_observation
        #: End the turn right after the first call (AutoDE ends at the call).
        self.stop_at_call = stop_at_call

    def describe(self) -> dict[str, Any]:
        return {"protocol": self.protocol, **self.generator.backend.describe(), "max_rounds": self.max_rounds,
                "max_new_tokens": self.max_new_tokens}

    def _request(self, ep: Episode, trace: str) -> GenerationRequest:
        block = ep.gold_block if ep.gold_block < len(ep.scenario.blocks) else -1
        n_user = ep.user_turns()
        return GenerationRequest(
            task="overall",
            setting="gt",
            example_id=f"{ep.id}/u{n_user}",
            messages=build_messages("overall", ep.history),
            assistant_prefix=trace,
            max_new_tokens=self.max_new_tokens,
            stop=[OBSERVATION_LINE],
            example={"history": ep.history, "target": ep.scenario.blocks[block] if ep.scenario.blocks else ""},
        )

    def step(self, episodes: Sequence[Episode]) -> None:
        """Let every episode's system act until it talks to the user (or stalls)."""
        traces = {id(ep): "" for ep in episodes}
        turns, pending = _open_system_turns(episodes)
        for _ in range(self.max_rounds):
            if not pending:
                break
            completions = self.generator([self._request(ep, traces[id(ep)]) for ep in pending])
            still = []
            for ep, completion in zip(pending, completions, strict=True):
                turn = turns[id(ep)]
                if completion.failure:
                    ep.failures.append(f"system: {completion.failure}")
                    self._close(ep, turn, traces[id(ep)], None)
                    ep.end(f"system failed: {completion.failure}")
                    continue
                trace, status = self._advance(ep, turn, traces[id(ep)], completion.text)
                traces[id(ep)] = trace
                if status == "done":
                    continue
                if status == "no_action":
                    self._close(ep, turn, trace, None)
                    ep.end("system wrote no action")
                    continue
                if self.stop_at_call and turn.steps and turn.steps[-1].call is not None:
                    self._close(ep, turn, trace, None)
                    turn.action = "call"
                    continue
                still.append(ep)
            pending = still
        for ep in pending:
            self._close(ep, turns[id(ep)], traces[id(ep)], None)
            ep.end("system round limit within a turn")

    def _close(self, ep: Episode, turn: Turn, trace: str, message: str | None) -> None:
        turn.text = trace
        talking = [s.action for s in turn.steps if s.action in TALKING]
        if message is not None:
            turn.message = message
            turn.action = talking[-1] if talking and turn.steps[-1].action in TALKING else "response"
        ep.history += trace

    def _advance(self, ep: Episode, turn: Turn, trace: str, completion: str) -> tuple[str, str | None]:
        text = cut_at_stop(completion, [OBSERVATION_LINE])
        lines = text.splitlines(keepends=True)
        if lines and not lines[-1].endswith("\n") and OBSERVATION_LINE.startswith(lines[-1].strip()):
            lines.pop()
        kept: list[str] = []
        message: str | None = None
        for line in lines:
            kept.append(line)
            if line.startswith(STATE_PREFIX):
                state, _ = parse_state(line[len(STATE_PREFIX) :])
                if is_confirmed(state):
                    ep.states.append(state)
            elif line.startswith(ACTION_PREFIX):
                turn.steps.append(SystemStep(action=normalize_action(line[len(ACTION_PREFIX) :])))
            elif line.startswith(MESSAGE_PREFIX):
                message = line[len(MESSAGE_PREFIX) :].strip()
                break
        text = "".join(kept)
        if message is not None:
            trace = trace + text.rstrip("\n") + "\n"
            self._close(ep, turn, trace, message)
            return trace, "done"
        new_actions = [line for line in kept if line.startswith(ACTION_PREFIX)]
        if not new_actions:
            return trace + text, "no_action"
        if not text.endswith("\n"):
            text += "\n"
        step = turn.steps[-1]
        step.observation = self._observe(ep, turn, trace + text, step)
        return trace + text + render_observation(step.observation) + "\n", None

    def _observe(self, ep: Episode, turn: Turn, trace: str, step: SystemStep) -> Any:
        if step.action == "retrievercall":
            k = sum(1 for s in turn.steps[:-1] if s.action == "retrievercall")
            return self.retrieve(ep, k)
        if step.action != "call":
            return {}
        api, args = self._call_target(ep, trace)
        if not api:
            from tooldial.simulation.executor import CallOutcome

            step.call = CallOutcome(api="", arguments={}, ok=False, error="no API confirmed in the dialogue state")
        else:
            step.call = ep.executor.call(api, args)
        return step.call.observation()

    @staticmethod
    def _call_target(ep: Episode, trace: str) -> tuple[str, dict[str, str]]:
        lines = trace.splitlines()
        # a state written after the previous action line of this turn (the action line just written is last)
        fresh = None
        for line in reversed(lines[:-1]):
            if line.startswith(ACTION_PREFIX):
                break
            if line.startswith(STATE_PREFIX):
                fresh, _ = parse_state(line[len(STATE_PREFIX) :])
                break
        if is_confirmed(fresh):
            return _state_arguments(fresh)
        done = {c.api for c in ep.calls() if c.ok}
        for state in reversed(ep.states):
            api, args = _state_arguments(state)
            if api and api not in done:
                results: dict[str, str] = {}
                for call in ep.calls():
                    if call.ok:
                        results.update(_leaf_values(call.result))
                return api, {k: v or results.get(k, "") for k, v in args.items()}
        if ep.states:
            return _state_arguments(ep.states[-1])
        return "", {}


NATIVE_SYSTEM_PROMPT = (
    "You are a helpful assistant that can call the given tools (APIs) for the user. When the user's request "
    "needs a tool and you lack a required input, ask the user for it briefly. When you have every required "
    "input, call the tool. If an input can only come from another tool's result, call that tool first. After "
    "the results arrive, answer the user from them. Never make up input values."
)


class NativeToolSystem:
    """An OpenAI-compatible chat model with native tool calling (see the module docstring)."""

    protocol = "native"

    def __init__(self, client: Any, *, max_rounds: int = 6, max_tokens: int = 256, temperature: float = 0.0,
                 seed: int = 0, system_prompt: str = NATIVE_SYSTEM_PROMPT, tools_of: Any = None,
                 stop_at_call: bool = False) -> None:
        self.client = client
        self.max_rounds = max_rounds
        self.max_tokens = max_tokens
        self.temperature = temperature
        self.seed = seed
        self.system_prompt = system_prompt
        self.tools_of = tools_of or (lambda ep: ep.scenario.tools)
        #: End the turn after the first tool calls without showing results (AutoDE ends at the call).
        self.stop_at_call = stop_at_call

    def describe(self) -> dict[str, Any]:
        return {"protocol": self.protocol, "model": self.client.model, "base_url": self.client.base_url,
                "max_rounds": self.max_rounds, "max_tokens": self.max_tokens, "temperature": self.temperature}

    def _request(self, ep: Episode, extra: list[dict[str, Any]]) -> Any:
        from tooldial.llm import ChatRequest

        tools = [{"type": "function", "function": t} for t in self.tools_of(ep)]
        messages = [{"role": "system", "content": self.system_prompt}, *ep.messages, *extra]
        return ChatRequest(messages=messages, tools=tools, max_tokens=self.max_tokens,
                           temperature=self.temperature, seed=self.seed + ep.trial)

    def step(self, episodes: Sequence[Episode]) -> None:
        extra: dict[int, list[dict[str, Any]]] = {id(ep): [] for ep in episodes}
        turns, pending = _open_system_turns(episodes)
        for _ in range(self.max_rounds):
            if not pending:
                break
            results = self.client.chat([self._request(ep, extra[id(ep)]) for ep in pending])
            still = []
            for ep, result in zip(pending, results, strict=True):
                turn = turns[id(ep)]
                if not result.ok:
                    ep.failures.append(f"system: {result.error}")
                    ep.end(f"system failed: {result.error}")
                    continue
                calls = result.tool_calls[0] if result.tool_calls else []
                if not calls:  # a server that leaves Hermes/Qwen `<tool_call>` blocks (or bare call JSON) in the text
                    offered = {t.get("name") for t in self.tools_of(ep)}
                    stripped, calls = tool_calls_from_text(result.text, offered)
                    if calls:
                        result = result.model_copy(update={"texts": [stripped]})
                if calls:
                    extra[id(ep)].append({"role": "assistant", "content": result.text or "",
                                          "tool_calls": calls})
                    for call in calls:
                        outcome = self._execute(ep, call)
                        turn.steps.append(SystemStep(action="call", call=outcome))
                        extra[id(ep)].append({"role": "tool", "tool_call_id": call.get("id", ""),
                                              "content": json.dumps(outcome.observation()["call_result"],
                                                                    ensure_ascii=False, default=str)})
                    if self.stop_at_call:
                        turn.action, turn.text = "call", result.text or ""
                        ep.messages.extend(extra[id(ep)])
                    else:
                        still.append(ep)
                    continue
                text = result.text.strip()
                action = "request" if text.rstrip().endswith("?") else "response"
                turn.steps.append(SystemStep(action=action))
                turn.action, turn.message, turn.text = action, text, text
                ep.messages.extend(extra[id(ep)])
                ep.messages.append({"role": "assistant", "content": text})
            pending = still
        for ep in pending:
            ep.messages.extend(extra[id(ep)])
            ep.end("system round limit within a turn")

    @staticmethod
    def _execute(ep: Episode, call: dict[str, Any]) -> Any:
        from tooldial.simulation.executor import CallOutcome

        function = call.get("function") or {}
        name = str(function.get("name", ""))
        raw = function.get("arguments") or "{}"
        try:
            args = json.loads(raw) if isinstance(raw, str) else dict(raw)
        except ValueError:
            return CallOutcome(api=name, arguments={}, ok=False, error=f"arguments are not JSON: {raw[:80]!r}")
        if not isinstance(args, dict):
            return CallOutcome(api=name, arguments={}, ok=False, error="arguments must be a JSON object")
        return ep.executor.call(name, args)
