"""Writes the ``goal`` and ``result`` parts of a batch of scenarios with a model, checks each, keeps the
template's part where the model's fails, and records who wrote what (see the package docstring)."""

from __future__ import annotations

import json
import logging
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from tooldial.corpus.models import Corpus
from tooldial.dialogue.model_parts.goal import answer_text, first_band, goal_problems, goal_prompt
from tooldial.dialogue.model_parts.results import (
    fill_problems,
    flat_leaves,
    free_leaves,
    leaf_key,
    needed_leaves,
    result_prompt,
)
from tooldial.dialogue.model_parts.undocumented import (
    RESPONSE_TOKENS,
    earlier_calls,
    response_prompt,
    wants_written_response,
    with_response,
    written_problems,
)
from tooldial.dialogue.render_template import scenario_profile, scenario_strings
from tooldial.dialogue.scenario import ScenarioInstruction
from tooldial.errors import ConfigError
from tooldial.llm import ChatRequest, ChatResult, LLMClient

log = logging.getLogger(__name__)

#: Bump when a prompt or check changes (the prompts are part of every cached request anyway).
PARTS_VERSION = "model-parts-2"


class ModelParts:
    """The model-written ``goal`` and ``result`` parts of scenarios (``utterance`` is the ``openai`` renderer).

    ``max_attempts``: requests per part (the first greedy, then sampled at ``retry_temperature`` with a new
    seed) before the template's part stays. ``goal_tokens`` / ``result_tokens`` bound the answers (a result
    gets at most twice its template's length in tokens, roughly). Counters: :attr:`written` (``role model`` /
    ``role template`` -> parts), :attr:`failures` (``role: reason`` -> rejected answers), :attr:`usage`
    (``role prompt``/``role completion`` tokens, ``role requests`` sent, ``role cached``).
    """

    def __init__(self, roles: list[str], client: LLMClient, corpus: Corpus, *, max_attempts: int = 2,
                 goal_tokens: int = 64, result_tokens: int = 384, retry_temperature: float = 0.7,
                 progress: bool = False) -> None:
        if max_attempts < 1:
            raise ConfigError(f"max_attempts must be >= 1, got {max_attempts}", field="max_attempts")
        self.roles = [r for r in roles if r in ("goal", "result")]
        self.client = client
        self.corpus = corpus
        self.max_attempts = max_attempts
        self.goal_tokens = goal_tokens
        self.result_tokens = result_tokens
        self.retry_temperature = retry_temperature
        self.progress = progress
        #: Whether the generator made ``client`` for these parts (then it closes it when done).
        self.own_client = False
        self.written: Counter = Counter()
        self.failures: Counter = Counter()
        self.usage: Counter = Counter()
        #: ``role: why`` -> parts not sent to the model (the template's part is kept: nothing for the model to add).
        self.skipped: Counter = Counter()
        #: Final results of undocumented lookups written whole: ``asked`` (parts), ``model`` (kept), ``repaired``
        #: (kept after placeholder fields were dropped).
        self.whole: Counter = Counter()
        #: dialogue id -> {"goal": "model"|"template", "result": [one per call turn]} (roles on only).
        self.written_by: dict[str, dict[str, Any]] = {}

    def apply(self, scenarios: list[ScenarioInstruction], factory: Any,
              validate: Callable[[ScenarioInstruction], set[str]]) -> list[ScenarioInstruction]:
        """The scenarios with the model's parts where they passed. ``factory`` is the generator's
        ``ScenarioFactory`` (its ``kept`` build records, retriever and intent swap); ``validate`` gives the
        validator's problems of a scenario rendered by the template (a result must add none)."""
        out = list(scenarios)
        for s in out:
            self.written_by[s.dialogue_id] = {}
        if "goal" in self.roles:
            out = self._goals(out, factory)
        if "result" in self.roles:
            out = self._results(out, validate)
        return out

    # -- shared --------------------------------------------------------------------------------------------

    def _ask(self, role: str, requests: list[ChatRequest], attempt: int) -> list[ChatResult]:
        desc = f"model parts: {role} (try {attempt + 1})" if self.progress else False
        answers = self.client.chat(requests, progress=desc)
        for a in answers:
            self.usage[f"{role} prompt"] += a.usage.prompt_tokens
            self.usage[f"{role} completion"] += a.usage.completion_tokens
            self.usage[f"{role} {'cached' if a.cached else 'requests'}"] += 1
        return answers

    def _request(self, messages: list[dict[str, str]], seed: int, attempt: int, max_tokens: int) -> ChatRequest:
        return ChatRequest(messages=messages, temperature=0.0 if attempt == 0 else self.retry_temperature,
                           seed=seed + attempt, max_tokens=max_tokens)

    def _fail(self, role: str, reasons: list[str]) -> None:
        for r in reasons:
            self.failures[f"{role}: {r}"] += 1

    # -- goal ----------------------------------------------------------------------------------------------

    def _goals(self, scenarios: list[ScenarioInstruction], factory: Any) -> list[ScenarioInstruction]:
        out = list(scenarios)
        jobs = {}  # scenario index -> (built, band, value, first intent)
        for i, s in enumerate(scenarios):
            built = factory.kept.get(s.dialogue_id)
            first = None if built is None else (built.opening if built.opening is not None else built.clear)
            if first is None:
                continue
            band, value, label = first_band(s, built)
            jobs[i] = (built, band, value, first, label)
        done: set[int] = set()
        for attempt in range(self.max_attempts):
            todo = [i for i in jobs if i not in done]
            if not todo:
                break
            requests = [self._request(goal_prompt(self.corpus, scenarios[i], jobs[i][1], jobs[i][2], jobs[i][4]),
                                      _seed(scenarios[i], 0), attempt, self.goal_tokens) for i in todo]
            answers = self._ask("goal", requests, attempt)
            passed: list[tuple[int, str]] = []
            for i, answer in zip(todo, answers, strict=True):
                if answer.error is not None:
                    self._fail("goal", ["request failed"])
                    continue
                text = answer_text(answer.text)
                cut = bool(answer.finish_reasons) and answer.finish_reasons[0] == "length"
                problems = goal_problems(text, scenarios[i], jobs[i][2], truncated=cut)
                if problems:
                    self._fail("goal", problems)
                else:
                    passed.append((i, text))
            picks = factory._first_fitting([(scenarios[i].target, jobs[i][1], [t]) for i, t in passed])
            for (i, _text), pick in zip(passed, picks, strict=True):
                built, band, _value, first, _label = jobs[i]
                if pick is None:
                    self._fail("goal", [f"retriever hits do not fit the {band} band"])
                    continue
                opening, clear = (pick, built.clear) if first is built.opening else (built.opening, pick)
                swapped = factory._swap_first_intent(scenarios[i], built, opening, clear)
                if scenario_strings(swapped) != scenario_strings(scenarios[i]) and \
                        scenario_profile(swapped) != scenario_profile(scenarios[i]):
                    self._fail("goal", ["changes the user profile"])
                    continue
                out[i] = swapped
                done.add(i)
        for i, s in enumerate(scenarios):
            if i in jobs:
                who = "model" if i in done else "template"
                self.written_by[s.dialogue_id]["goal"] = who
                self.written[f"goal {who}"] += 1
            factory.kept.pop(s.dialogue_id, None)
        return out

    # -- result --------------------------------------------------------------------------------------------

    def _results(self, scenarios: list[ScenarioInstruction], validate: Callable[[ScenarioInstruction], set[str]]
                 ) -> list[ScenarioInstruction]:
        out = list(scenarios)
        calls = {i: [k for k, t in enumerate(s.turns) if t.action == "call" and isinstance(
            t.api_response.get("result"), dict | list)] for i, s in enumerate(scenarios)}
        whole = {(i, k) for i, ks in calls.items() for k in ks if self._undocumented_target(out[i], k)}
        baseline: dict[int, set[str]] = {}
        state: dict[tuple[int, int], str] = {}  # (scenario, turn) -> "model" once accepted
        self._whole_results(out, whole, validate, baseline, state)
        calls_left = {i: [k for k in ks if (i, k) not in whole] for i, ks in calls.items()}
        for i, ks in calls_left.items():  # every value used by the dialogue: the model could only copy the template
            full = [k for k in ks if len(needed_leaves(out[i].turns[k].api_response["result"], out[i])) == len(
                list(flat_leaves(out[i].turns[k].api_response["result"])))]
            self.skipped["result: every value is used by the dialogue"] += len(full)
        todo_ok = {(i, k) for i, ks in calls_left.items() for k in ks if len(needed_leaves(
            out[i].turns[k].api_response["result"], out[i])) < len(list(flat_leaves(
                out[i].turns[k].api_response["result"])))}
        for attempt in range(self.max_attempts):
            todo = [(i, k) for i, ks in calls_left.items() for k in ks if (i, k) not in state and (i, k) in todo_ok]
            if not todo:
                break
            asks = []
            for i, k in todo:
                turn = out[i].turns[k]
                template = turn.api_response["result"]
                keep = needed_leaves(template, out[i])
                size = len(json.dumps({leaf_key(p): v for p, v in free_leaves(template, keep).items()},
                                      default=str, ensure_ascii=False)) + 16
                asks.append((template, keep, self._request(
                    result_prompt(self.corpus, turn.api_request.get("api_name", ""), turn.api_request, template,
                                  keep), _seed(out[i], 1000 + k * 10), attempt,
                    min(self.result_tokens, size + 64))))
            answers = self._ask("result", [r for _, _, r in asks], attempt)
            for (i, k), (template, keep, _), answer in zip(todo, asks, answers, strict=True):
                if _unreadable(answer):
                    self._fail("result", [_unreadable(answer)])
                    continue
                result, problems = fill_problems(template, answer.text, keep)
                if problems:
                    self._fail("result", problems)
                    continue
                candidate = with_result(out[i], k, result)
                if i not in baseline:
                    baseline[i] = validate(scenarios[i])
                new = sorted(validate(candidate) - baseline[i])
                if new:
                    self._fail("result", [f"validator: {p.split(':')[0]}" for p in new[:1]])
                    continue
                out[i] = candidate
                state[i, k] = "model"
        for i, s in enumerate(out):
            if calls[i]:
                by = [state.get((i, k), "template") for k in calls[i]]
                self.written_by[s.dialogue_id]["result"] = by
                self.written.update(f"result {b}" for b in by)
        return out

    def _undocumented_target(self, scenario: ScenarioInstruction, k: int) -> bool:
        """Whether call turn ``k`` is the final answer's call to a lookup whose documentation shows no response
        (then the model writes the whole response: :mod:`~tooldial.dialogue.model_parts.undocumented`)."""
        turn = scenario.turns[k]
        name = turn.api_request.get("api_name", "")
        response = next((t for t in scenario.turns if t.action == "response"), None)
        return (response is not None and response.api_response == turn.api_response and name in self.corpus
                and wants_written_response(self.corpus.get(name), turn.api_response["result"]))

    def _whole_results(self, out: list[ScenarioInstruction], todo_all: set[tuple[int, int]],
                       validate: Callable[[ScenarioInstruction], set[str]], baseline: dict[int, set[str]],
                       state: dict[tuple[int, int], str]) -> None:
        """Responses written whole for the final calls of undocumented lookups (in place in ``out``)."""
        self.whole["asked"] += len(todo_all)
        for attempt in range(self.max_attempts):
            todo = sorted((i, k) for i, k in todo_all if (i, k) not in state)
            if not todo:
                break
            earlier = [earlier_calls(out[i], k) for i, k in todo]
            requests = [self._request(response_prompt(self.corpus, out[i].turns[k].api_request.get("api_name", ""),
                                                      out[i].turns[k].api_request, before),
                                      _seed(out[i], 2000 + k * 10), attempt, min(self.result_tokens, RESPONSE_TOKENS))
                        for (i, k), before in zip(todo, earlier, strict=True)]
            answers = self._ask("result", requests, attempt)
            for (i, k), before, answer in zip(todo, earlier, answers, strict=True):
                if _unreadable(answer):
                    self._fail("result", [_unreadable(answer)])
                    continue
                turn = out[i].turns[k]
                result, problems, dropped = written_problems(answer.text, turn.api_request,
                                                             turn.api_response["result"], before)
                api = self.corpus.get(turn.api_request["api_name"])
                candidate, why = (out[i], "") if problems else with_response(with_result(out[i], k, result), api,
                                                                              result)
                problems += [why] if why else []
                if not problems:
                    if i not in baseline:
                        baseline[i] = validate(out[i])
                    problems = [f"validator: {p}" for p in sorted(validate(candidate) - baseline[i])[:1]]
                if problems:
                    self._fail("result", [f"written whole: {':'.join(p.split(':')[:2])}" for p in problems])
                    log.debug("%s turn %d: written result not kept (%s): %.300s", out[i].dialogue_id, k,
                              "; ".join(problems), answer.text)
                    continue
                out[i] = candidate
                state[i, k] = "model"
                self.whole["model"] += 1
                self.whole["repaired"] += dropped > 0

    def summary(self) -> str:
        """``goal 2/3 (66.7%), result 1/4 (25.0%)``: parts written by the model per role."""
        return ", ".join(f"{r} {m}/{n} ({m / n:.1%})" if n else f"{r} 0/0" for r, (m, n) in self.share().items())

    def share(self) -> dict[str, tuple[int, int]]:
        """role -> (parts the model wrote, parts in all)."""
        return {r: (self.written[f"{r} model"], self.written[f"{r} model"] + self.written[f"{r} template"])
                for r in self.roles}


def with_result(scenario: ScenarioInstruction, k: int, result: Any) -> ScenarioInstruction:
    """``scenario`` with the result of call turn ``k`` replaced everywhere it appears (the call, the turns
    repeating it, the API's mock data element)."""
    old = scenario.turns[k].api_response
    new = {**old, "result": result}
    turns = [t.model_copy(update={"api_response": new}) if t.api_response == old else t for t in scenario.turns]
    api = old.get("api_name")
    mock = {side: [{**m, "output_components": result} if m.get("api_name") == api and
                   m.get("output_components") == old.get("result") else m for m in items]
            for side, items in scenario.mockdata.items()}
    return scenario.model_copy(update={"turns": turns, "mockdata": mock})


def _unreadable(answer: ChatResult) -> str:
    """Why a model's answer cannot be read at all ("" when it can): the request failed or was cut at max_tokens."""
    if answer.error is not None:
        return "request failed"
    return "cut off at max_tokens" if answer.finish_reasons and answer.finish_reasons[0] == "length" else ""


def _seed(scenario: ScenarioInstruction, offset: int) -> int:
    """A request seed from the dialogue's seed and id (the same dialogue asks the same way on every run)."""
    return random.Random(f"{scenario.dialogue_id}|{offset}").randrange(2**31) + offset
