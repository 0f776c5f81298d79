"""The renderer interface: scenario instructions in, one message per turn out.

Renderers are selected by name (:func:`get_renderer`, names in :data:`tooldial.registry.RENDERERS`):
``template`` (offline, deterministic, :mod:`tooldial.dialogue.render_template`) and ``openai`` (any
OpenAI-compatible endpoint, :mod:`tooldial.dialogue.render_llm`, imported lazily so the template path never
imports ``openai``).

A renderer writes messages only. Thoughts, states, retriever statuses and API calls come from the scenario,
so no renderer can break the annotations; :func:`check_messages` states the rules a rendering must satisfy
(the generator re-checks every rendering and drops the dialogue with its reason when one fails).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel

from tooldial.dialogue.scenario import ScenarioInstruction
from tooldial.registry import RENDERERS


class RenderResult(BaseModel):
    """The rendering of one scenario: ``messages[i]`` is the message of ``scenario.turns[i]``.

    ``messages`` is None when rendering failed; ``error`` then says why (kept in the generation report,
    never silently dropped).
    """

    dialogue_id: str
    messages: list[str] | None = None
    error: str | None = None
    #: Per turn, who wrote ``messages[i]``: ``fixed`` (the scenario's own message or a silent turn) or the name
    #: of the renderer (``template``, ``openai``); an LLM renderer marks the turns it fell back on.
    rendered_by: list[str] | None = None
    #: Free-form counters a renderer wants reported (requests, cached, tokens, retries).
    stats: dict[str, Any] = {}

    @property
    def ok(self) -> bool:
        return self.messages is not None and self.error is None


@runtime_checkable
class Renderer(Protocol):
    """Turns scenario instructions into utterances.

    ``render`` takes a batch so that LLM renderers can keep several requests in flight; it returns one
    :class:`RenderResult` per scenario, in input order. Implementations must be deterministic for a given
    scenario (the template renderer seeds from ``scenario.dialogue_id``; the LLM renderer uses temperature 0
    and a disk cache) so that the same seed gives the same file.
    """

    name: str

    def render(self, scenarios: Sequence[ScenarioInstruction]) -> list[RenderResult]: ...


def rendered_by(scenario: ScenarioInstruction, name: str) -> list[str]:
    """``fixed`` for the turns whose message the scenario decides (fixed or silent), ``name`` for the others."""
    return ["fixed" if t.fixed_message is not None or t.is_silent else name for t in scenario.turns]


def check_messages(scenario: ScenarioInstruction, messages: Sequence[str]) -> list[str]:
    """Problems with a rendering of ``scenario`` (empty list when it is acceptable).

    Rules: one message per turn; fixed messages kept verbatim; silent system turns (``retriever_call``,
    ``call``) empty; every other message non-empty and saying each of its ``required_values`` (verbatim, or a
    yes/no value in words: :meth:`~tooldial.dialogue.scenario.TurnInstruction.says`).
    """
    problems: list[str] = []
    if len(messages) != len(scenario.turns):
        return [f"expected {len(scenario.turns)} messages, got {len(messages)}"]
    for i, (turn, message) in enumerate(zip(scenario.turns, messages, strict=True)):
        where = f"turn {i} ({turn.speaker} {turn.sequence_action})"
        if not isinstance(message, str):
            problems.append(f"{where}: message is not a string")
            continue
        if turn.fixed_message is not None:
            if message != turn.fixed_message:
                problems.append(f"{where}: fixed message changed")
            continue
        if turn.is_silent:
            if message:
                problems.append(f"{where}: must be empty")
            continue
        if not message.strip():
            problems.append(f"{where}: empty message")
        for value in turn.required_values:
            if not turn.says(value, message):
                problems.append(f"{where}: missing required value {value!r}")
    return problems


def get_renderer(name: str, **options: Any) -> Renderer:
    """The renderer registered as ``name`` in :data:`tooldial.registry.RENDERERS`; ``options`` go to its constructor.

    ``template`` takes none; ``openai`` takes ``base_url``, ``model``, ``api_key``, ``cache_dir``,
    ``max_concurrency`` (see :mod:`tooldial.dialogue.render_llm`).
    """
    return RENDERERS.create(name, **options)
