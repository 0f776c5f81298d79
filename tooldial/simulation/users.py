"""User simulators: ``scripted`` (deterministic, from the scenario) and ``llm`` (any OpenAI-compatible server).

A user simulator opens an :class:`~tooldial.simulation.episode.Episode` with the scenario's first utterance
and then answers every system turn, or ends the episode.

**scripted** follows the gold dialogue while the system does: when the system's talking action is the one the
gold dialogue has before the next gold user turn, the user says that turn (trial 0 verbatim; later trials
rephrase informs, fail-informs, affirms, negates and goodbyes with the offline template renderer, seeded by
dialogue, trial and turn — intent utterances stay verbatim because the retriever scores belong to them).
Off script it still behaves like the scenario's user: asked for inputs it gives the values it knows and says
which it does not know, asked to clarify it restates its clear request, offered a suggestion it accepts unless
its script negates, given an answer too early it repeats what it wants. It stops after the system's goodbye or
failure notice, when its script is finished, or at the round limit.

**llm** is prompted with a user script the way AutoDE does (a persona / goal, the values it knows, the values
it does not know) and ends the conversation by writing ``[DONE]`` once the goal is met (or at the round
limit); its first utterance is the scenario's fixed opening, as in AutoDE's pre-collected first queries.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from typing import Any

from tooldial.dialogue.render_template import TemplateRenderer
from tooldial.dialogue.scenario import make_turn
from tooldial.simulation.episode import UNKNOWN_USER_ACTION, Episode, Turn

log = logging.getLogger(__name__)

_INTENTS = ("inform_intent_clear", "inform_intent_clear_add", "inform_intent_vague")
_REPHRASED = ("inform", "fail_inform", "affirm", "negate", "user_bye")
DONE_MARK = "[DONE]"


def _names(values: dict[str, str]) -> dict[str, str]:
    return {k.replace("_", " "): v for k, v in values.items()}


class ScriptedUser:
    """The deterministic user of :mod:`tooldial.simulation.users` (see the module docstring)."""

    name = "scripted"

    def __init__(self, max_user_turns: int | None = None, seed: int = 0) -> None:
        #: None: twice the gold number of user turns, plus two.
        self.max_user_turns = max_user_turns
        self.seed = seed
        self._renderer = TemplateRenderer()

    def describe(self) -> dict[str, Any]:
        return {"user": self.name, "max_user_turns": self.max_user_turns, "seed": self.seed}

    def open(self, episodes: Sequence[Episode]) -> None:
        for ep in episodes:
            self._say_gold(ep, 0)

    def respond(self, episodes: Sequence[Episode]) -> None:
        for ep in episodes:
            if not ep.done:
                self._respond(ep)

    def _limit(self, ep: Episode) -> int:
        return self.max_user_turns or 2 * len(ep.scenario.user_turns) + 2

    def _respond(self, ep: Episode) -> None:
        last = ep.last_system()
        action = last.action if last is not None else ""
        script = ep.scenario.user_turns
        if action in ("systembye", "responsefail"):
            ep.end("system ended the dialogue")
            return
        if ep.gold_user >= len(script):
            ep.end("user script finished")
            return
        if ep.user_turns() >= self._limit(ep):
            ep.end("round limit")
            return
        if action == script[ep.gold_user].after:
            self._say_gold(ep, ep.gold_user)
            return
        self._off_script(ep, action)

    # -- on script ---------------------------------------------------------------------------------------

    def _say_gold(self, ep: Episode, g: int) -> None:
        gold = ep.scenario.user_turns[g]
        message = gold.message
        if ep.trial > 0 and gold.action in _REPHRASED:
            message = self._rephrase(ep, g) or message
        self._append(ep, message, gold.action, on_script=True)
        ep.gold_user = g + 1
        ep.gold_block = g

    def _rephrase(self, ep: Episode, g: int) -> str | None:
        gold = ep.scenario.user_turns[g]
        known = ep.scenario.known
        content: dict[str, Any] = {}
        if gold.action in ("inform", "fail_inform"):
            values = {n: v for n, v in known.items() if v in gold.message}
            if gold.action == "inform":
                if not values:  # picking one of several results by another attribute: keep the gold words
                    return None
                content["values"] = _names(values)
            else:
                missing = [n for n in ep.scenario.unknown if n.replace("_", " ") in gold.message or n in gold.message]
                if not missing:
                    return None
                content["missing"] = [n.replace("_", " ") for n in missing]
                content["values"] = _names(values)
        turn = make_turn("User", gold.action, "", content=content)
        rng = random.Random(f"user:{self.seed}:{ep.scenario.dialogue_id}:{ep.trial}:{g}")
        return self._renderer.message(turn, None, rng)  # type: ignore[arg-type] - user turns need no scenario

    # -- off script --------------------------------------------------------------------------------------

    def _off_script(self, ep: Episode, action: str) -> None:
        scenario = ep.scenario
        rng = random.Random(f"user-off:{self.seed}:{scenario.dialogue_id}:{ep.trial}:{len(ep.turns)}")
        if action == "request":
            asked = self._asked(ep)
            values = {n: scenario.known[n] for n in asked if n in scenario.known}
            missing = [n for n in asked if n not in scenario.known]
            if not asked:
                values = dict(scenario.known)
            if missing:
                content = {"missing": [n.replace("_", " ") for n in missing], "values": _names(values)}
                kind = "fail_inform"
            elif values:
                content, kind = {"values": _names(values)}, "inform"
            else:
                self._append(ep, "I have already told you everything I know.", "inform", on_script=False)
                return
            message = self._renderer.message(make_turn("User", kind, "", content=content), None, rng)  # type: ignore[arg-type]
            self._append(ep, message, kind, on_script=False)
        elif action == "clarify":
            text, kind = self._clear_request(ep)
            self._append(ep, text, kind, on_script=False)
        elif action == "suggest":
            kind = "negate" if "negate" in scenario.actions else "affirm"
            message = self._renderer.message(make_turn("User", kind, ""), None, rng)  # type: ignore[arg-type]
            self._append(ep, message, kind, on_script=False)
        elif action == "response":
            text, kind = self._clear_request(ep)
            self._append(ep, f"That does not answer my request. {text}".strip(), kind, on_script=False)
        else:
            ep.end(f"system turn without a message to the user ({action or 'no action'})")

    @staticmethod
    def _clear_request(ep: Episode) -> tuple[str, str]:
        """The user's clear statement of the goal: the gold clear intent, else the scenario's query."""
        clear = next((t for t in ep.scenario.user_turns if t.action in _INTENTS[:2]), None)
        if clear is not None:
            return clear.message, clear.action
        return ep.scenario.query, "inform_intent_clear"

    @staticmethod
    def _asked(ep: Episode) -> list[str]:
        """Inputs the system's latest confirmed state still lacks."""
        if not ep.states:
            return []
        status = ep.states[-1].get("api_status")
        if not isinstance(status, dict):
            return []
        out = []
        for key in ("required_parameters", "optional_parameters"):
            params = status.get(key)
            if isinstance(params, dict):
                out.extend(str(n) for n, v in params.items() if v in ("", None))
        return out

    @staticmethod
    def _append(ep: Episode, message: str, action: str, *, on_script: bool) -> None:
        ep.turns.append(Turn(speaker="User", message=message, action=action, on_script=on_script))
        ep.history += f"User: {message}\nSystem:\n"
        ep.messages.append({"role": "user", "content": message})


USER_SCRIPT_PROMPT = """You are a user talking to an AI assistant that can call APIs. Act only as the user: write one short message per turn, in plain spoken English, never as the assistant.
Your situation:
{situation}
Values you know (give one only when the assistant asks for it):
{known}
Values you do NOT know (say so if asked):
{unknown}
When the assistant has answered your request (or told you it cannot), reply with a short thank-you and then {done}."""


def user_script(ep: Episode) -> str:
    """The AutoDE-style user script of a ToolDial scenario (situation, known and unknown values)."""
    s = ep.scenario
    known = "\n".join(f"- {k}: {v}" for k, v in s.known.items()) or "- (none)"
    unknown = "\n".join(f"- {k}" for k in s.unknown) or "- (none)"
    return USER_SCRIPT_PROMPT.format(situation=s.query or s.user_turns[0].message, known=known, unknown=unknown,
                                     done=DONE_MARK)


class LLMUser:
    """A user played by an LLM behind an OpenAI-compatible endpoint (see the module docstring).

    Requests go through :class:`tooldial.llm.LLMClient` (bounded concurrency, retries, disk cache), so a
    killed run replays the conversation from the cache and sends only requests it never got answers to. A
    request that fails after the client's retries ends the episode with the server's reason (never scored as
    a quiet 0: the reason is in the transcript and in ``results.json``).
    """

    name = "llm"

    def __init__(self, client: Any, *, max_user_turns: int = 6, max_tokens: int = 96, temperature: float = 0.0,
                 seed: int = 0, script: Any = user_script) -> None:
        self.client = client
        self.max_user_turns = max_user_turns
        self.max_tokens = max_tokens
        self.temperature = temperature
        self.seed = seed
        self.script = script

    def describe(self) -> dict[str, Any]:
        if self.client is None:
            return {"user": self.name, "model": None}
        return {"user": self.name, "model": self.client.model, "base_url": self.client.base_url,
                "max_user_turns": self.max_user_turns, "max_tokens": self.max_tokens,
                "temperature": self.temperature}

    def open(self, episodes: Sequence[Episode]) -> None:
        for ep in episodes:
            first = ep.scenario.user_turns[0]
            ScriptedUser._append(ep, first.message, first.action, on_script=True)
            ep.gold_user = 1

    def _request(self, ep: Episode) -> Any:
        from tooldial.llm import ChatRequest

        # The roles are mirrored: the LLM plays the user, so the assistant's words are its "user" messages.
        messages = [{"role": "system", "content": self.script(ep)}]
        for turn in ep.turns:
            if turn.speaker == "User":
                messages.append({"role": "assistant", "content": turn.message})
            elif turn.message:
                messages.append({"role": "user", "content": turn.message})
        if messages[-1]["role"] != "user":
            messages.append({"role": "user", "content": "(the assistant is waiting for your reply)"})
        return ChatRequest(messages=messages, max_tokens=self.max_tokens, temperature=self.temperature,
                           seed=self.seed + ep.trial)

    def respond(self, episodes: Sequence[Episode]) -> None:
        todo = []
        for ep in episodes:
            if ep.done:
                continue
            last = ep.last_system()
            if last is not None and last.action in ("systembye", "responsefail"):
                ep.end("system ended the dialogue")
            elif ep.user_turns() >= self.max_user_turns:
                ep.end("round limit")
            else:
                todo.append(ep)
        if not todo:
            return
        results = self.client.chat([self._request(ep) for ep in todo])
        for ep, result in zip(todo, results, strict=True):
            if not result.ok:
                ep.failures.append(f"user LLM: {result.error}")
                ep.end(f"user LLM failed: {result.error}")
                continue
            text = result.text.strip()
            done = DONE_MARK in text
            message = text.replace(DONE_MARK, "").strip()
            if message:
                ScriptedUser._append(ep, message, UNKNOWN_USER_ACTION, on_script=False)
            if done or not message:
                ep.end("user ended the dialogue" if done else "user LLM wrote nothing")
