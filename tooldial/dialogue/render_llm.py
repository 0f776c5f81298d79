"""The ``openai`` renderer: scenario instructions → utterances by an LLM behind any OpenAI-compatible endpoint.

As in the paper (§3.4, A.8), the model receives simple instructions, the relation between the two APIs and
the scenario instruction (:meth:`ScenarioInstruction.to_prompt`'s per-turn layout, numbered; the mock data
appears there as the API call results, so it is not repeated), and writes the utterances. It answers with JSON — one ``{"turn", "action", "message"}`` object per turn it
must write — and every turn is validated: the action kept, each required value present verbatim, fixed and
silent turns untouched (:func:`tooldial.dialogue.renderer.check_messages`). A dialogue whose answer fails is
asked again, with the problems listed and a new seed at a higher temperature; after ``max_attempts`` it is
dropped with the reasons of every attempt (``RenderResult.error``), never kept half right.

Requests go through :class:`tooldial.llm.LLMClient`: a bounded number in flight, retries with backoff on
errors and rate limits, and a disk cache written as each answer arrives — an interrupted run resumes without
asking the server again for anything it already answered, and a rerun sends nothing. Attempt ``k`` of a
scenario is always the same request (temperature 0 first; then seed ``scenario.seed + k``), so the same
scenarios give the same dialogues.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tooldial.dialogue.renderer import RenderResult, check_messages
from tooldial.dialogue.scenario import ScenarioInstruction, TurnInstruction
from tooldial.errors import LLMAnswerError
from tooldial.llm import ChatRequest, ChatResult, LLMClient, parse_json_answer

#: Bump when the prompt text changes (it is part of every cached request anyway; this names the version).
PROMPT_VERSION = "render-llm-1"

SYSTEM_PROMPT = """\
You write one dialogue of a dataset about a user and a tool-augmented assistant ("the system") that calls \
APIs for the user. You are given the relation between the APIs, the data the APIs exchange, and a scenario \
instruction: one block per turn with the turn's action, the situation the utterance must express, and for \
system turns the system's thought, retriever status and dialogue state.

Write the utterance of every turn listed under "Turns to write", following its situation and its style when \
one is given. Rules:
- keep each turn's action; the system never names an API directly;
- copy every string listed under "must contain verbatim" into that turn's message exactly as written;
- turns that are not listed are already written (or silent); do not rewrite them;
- each message is one or two natural sentences spoken by that turn's speaker.

Answer with JSON only, no prose: a list with one object per turn to write, in order:
[{"turn": <turn number>, "action": "<the turn's action>", "message": "<the utterance>"}]"""


def _turn_block(scenario: ScenarioInstruction, index: int, turn: TurnInstruction) -> str:
    """Turn ``index`` in the A.8 layout (the scenario's own ``to_prompt``), numbered and marked."""
    block = scenario.model_copy(update={"turns": [turn]}).to_prompt()
    if turn.fixed_message is not None:
        mark = "silent, no message" if not turn.fixed_message else "already written"
    elif turn.is_silent:
        mark = "silent, no message"
    else:
        mark = "write this turn"
    return f"### Turn {index} ({mark})\n{block}"


def renderable_turns(scenario: ScenarioInstruction) -> list[int]:
    """Indices of the turns the LLM writes (neither fixed nor silent)."""
    return [i for i, t in enumerate(scenario.turns) if t.fixed_message is None and not t.is_silent]


def build_prompt(scenario: ScenarioInstruction, feedback: Sequence[str] = ()) -> list[dict[str, str]]:
    """The chat messages for one scenario; ``feedback`` lists the problems of the previous answer."""
    parts = []
    if scenario.relation:
        parts.append(f"Relation between the APIs: {scenario.relation}")
    parts.append(f"User query: {scenario.query}")
    for api in scenario.apis:
        parts.append(f"API {api.api_id}: {api.description}".rstrip(": "))
    parts.append("Scenario instruction:\n\n" + "\n\n".join(
        _turn_block(scenario, i, t) for i, t in enumerate(scenario.turns)))
    todo = renderable_turns(scenario)
    parts.append("Turns to write: " + ", ".join(str(i) for i in todo))
    if feedback:
        parts.append("Your previous answer was rejected:\n" + "\n".join(f"- {p}" for p in feedback)
                     + "\nWrite the answer again and fix these problems.")
    return [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": "\n\n".join(parts)}]


def _norm_action(action: Any) -> str:
    return str(action).strip().lower().replace(" ", "_").replace("-", "_")


def messages_from_answer(scenario: ScenarioInstruction, text: str) -> tuple[list[str] | None, list[str]]:
    """Validate an answer: ``(messages, [])`` when every turn is right, else ``(None, problems)``.

    ``messages`` has one entry per scenario turn: the model's message verbatim for the turns it wrote, the
    fixed message or ``""`` for the others.
    """
    try:
        answer = parse_json_answer(text, expect=(list, dict))
    except LLMAnswerError as exc:
        return None, [f"answer is not JSON ({exc.problem})"]
    if isinstance(answer, dict):  # JSON mode forces an object: accept {"turns": [...]} or one turn
        answer = answer.get("turns", answer.get("dialogue", [answer]))
    if not isinstance(answer, list):
        return None, ["answer is not a list of turns"]
    todo = renderable_turns(scenario)
    written: dict[int, dict[str, Any]] = {}
    problems: list[str] = []
    for position, item in enumerate(answer):
        if not isinstance(item, dict):
            problems.append(f"answer item {position} is not an object")
            continue
        number = item.get("turn")
        if isinstance(number, str) and number.strip().isdigit():
            number = int(number)
        if not isinstance(number, int):
            number = todo[position] if position < len(todo) else -1
        if number in todo and number not in written:
            written[number] = item
    messages: list[str] = []
    for i, turn in enumerate(scenario.turns):
        if i not in todo:
            messages.append(turn.fixed_message if turn.fixed_message is not None else "")
            continue
        item = written.get(i)
        where = f"turn {i} ({turn.speaker} {turn.sequence_action})"
        if item is None:
            problems.append(f"{where}: missing from the answer")
            messages.append("")
            continue
        if _norm_action(item.get("action", turn.action)) not in {_norm_action(turn.action),
                                                                 _norm_action(turn.sequence_action)}:
            problems.append(f"{where}: action changed to {item.get('action')!r}")
        message = item.get("message")
        if not isinstance(message, str):
            problems.append(f"{where}: message is not a string")
            message = ""
        messages.append(message)
    problems += [p for p in check_messages(scenario, messages) if p not in problems]
    return (None, problems) if problems else (messages, [])


class LLMRenderer:
    """Render scenarios with an LLM (see the module docstring). ``name`` is ``"openai"``.

    ``client`` may be given (shared stats, tests); otherwise one is built from ``base_url``/``model``/
    ``api_key``/``cache_dir``/``max_concurrency``/``max_retries``/``timeout``. ``max_attempts`` counts the
    first try; ``max_tokens`` bounds each answer (a whole dialogue's JSON).
    """

    name = "openai"

    def __init__(self, base_url: str | None = None, model: str | None = None, *, api_key: str | None = None,
                 cache_dir: str | Path | None = None, max_concurrency: int = 8, max_retries: int = 5,
                 max_attempts: int = 3, max_tokens: int = 1024, retry_temperature: float = 0.7,
                 json_mode: bool = False, progress: bool = False, timeout: float = 600.0,
                 client: LLMClient | None = None) -> None:
        from tooldial.errors import ConfigError

        if client is None:
            if not base_url or not model:
                raise ConfigError("the openai renderer needs base_url and model", field="renderer_options")
            client = LLMClient(base_url, model, api_key=api_key, cache_dir=cache_dir,
                               max_concurrency=max_concurrency, max_retries=max_retries, timeout=timeout)
        if max_attempts < 1:
            raise ConfigError(f"max_attempts must be >= 1, got {max_attempts}", field="max_attempts")
        self.client = client
        self.max_attempts = max_attempts
        self.max_tokens = max_tokens
        self.retry_temperature = retry_temperature
        # JSON mode makes servers return an object, not the list we ask for; off by default.
        self.json_mode = json_mode
        self.progress = progress

    def request(self, scenario: ScenarioInstruction, attempt: int, feedback: Sequence[str] = ()) -> ChatRequest:
        """Attempt ``attempt`` (0-based) for ``scenario``: greedy first, then sampled with a shifted seed."""
        return ChatRequest(
            messages=build_prompt(scenario, feedback),
            temperature=0.0 if attempt == 0 else self.retry_temperature,
            seed=scenario.seed + attempt,
            max_tokens=self.max_tokens,
            response_format="json" if self.json_mode else None,
        )

    def render(self, scenarios: Sequence[ScenarioInstruction]) -> list[RenderResult]:
        """One result per scenario, in order; attempts run in rounds, all pending scenarios concurrently."""
        results: list[RenderResult | None] = [None] * len(scenarios)
        history: list[list[str]] = [[] for _ in scenarios]  # reasons of each failed attempt
        feedback: list[list[str]] = [[] for _ in scenarios]
        counters = [{"attempts": 0, "requests": 0, "cached": 0} for _ in scenarios]
        pending = [i for i, s in enumerate(scenarios) if renderable_turns(s)]
        for i, scenario in enumerate(scenarios):  # nothing to write: the scenario is its own rendering
            if i not in pending:
                messages = [t.fixed_message or "" for t in scenario.turns]
                problems = check_messages(scenario, messages)
                results[i] = RenderResult(dialogue_id=scenario.dialogue_id, messages=None if problems else messages,
                                          error="; ".join(problems) or None, stats=counters[i])
        for attempt in range(self.max_attempts):
            if not pending:
                break
            batch = [self.request(scenarios[i], attempt, feedback[i]) for i in pending]
            desc = f"render (attempt {attempt + 1})" if self.progress else False
            answers: list[ChatResult] = self.client.chat(batch, progress=desc)
            still: list[int] = []
            for i, answer in zip(pending, answers, strict=True):
                scenario = scenarios[i]
                counters[i]["attempts"] += 1
                counters[i]["requests"] += 0 if answer.cached else 1
                counters[i]["cached"] += int(answer.cached)
                if answer.error is not None:
                    problems = [f"request failed: {answer.error}"]
                    messages = None
                else:
                    messages, problems = messages_from_answer(scenario, answer.text)
                if messages is not None:
                    results[i] = RenderResult(dialogue_id=scenario.dialogue_id, messages=messages,
                                              stats=counters[i])
                    continue
                history[i].append(f"attempt {attempt + 1}: " + "; ".join(problems))
                feedback[i] = problems[:8]
                still.append(i)
            pending = still
        for i in pending:
            results[i] = RenderResult(
                dialogue_id=scenarios[i].dialogue_id,
                error=f"dropped after {self.max_attempts} attempt{'s' if self.max_attempts > 1 else ''}: "
                + " | ".join(history[i]),
                stats=counters[i],
            )
        return [r for r in results if r is not None]

    def close(self) -> None:
        self.client.close()
