"""Writes the ``goal``, ``result`` and ``answer`` parts of a batch of scenarios with a model, checks each, keeps the
template's part where the model's fails, and records who wrote what (see the package docstring)."""

from __future__ import annotations

import json
import logging
import random
from collections import Counter
from collections.abc import Iterable
from typing import Any, Protocol

from tooldial.corpus.models import Api, Corpus
from tooldial.dialogue.mockdata import as_text
from tooldial.dialogue.model_parts.answers import (
    ANSWER_TOKENS,
    answer_choices,
    answer_prompt,
    picked_fields,
    why_not_sent,
)
from tooldial.dialogue.model_parts.goal import (
    answer_text,
    clear_band,
    first_band,
    goal_problems,
    goal_prompt,
    repair_goal,
)
from tooldial.dialogue.model_parts.need import NEED_TOKENS, need_problems, need_prompt, repair_need
from tooldial.dialogue.model_parts.ranges import (
    MAX_FIELDS,
    TOKENS_PER_FIELD,
    display_names,
    ranges_prompt,
    read_ranges,
)
from tooldial.dialogue.model_parts.results import (
    fill_problems,
    flat_leaves,
    free_leaves,
    leaf_key,
    needed_leaves,
    result_prompt,
)
from tooldial.dialogue.model_parts.undocumented import (
    REPEATS_EARLIER,
    RESPONSE_TOKENS,
    drawn_keys,
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


class Validate(Protocol):
    """The validator's problems of a scenario rendered by the template; ``written_by`` says which of its parts a
    model wrote (``{"result": ["model", "template", ...]}``, one per call turn), as the dialogue will record."""

    def __call__(self, scenario: ScenarioInstruction, written_by: dict[str, Any] | None = None) -> set[str]: ...


log = logging.getLogger(__name__)

#: Why a dialogue is dropped when the model wrote no acceptable response for its undocumented final lookup.
DROPPED_UNWRITTEN = "the model wrote no acceptable result for an undocumented lookup"

#: Bump when a prompt or check changes (the prompts are part of every cached request anyway).
PARTS_VERSION = "model-parts-3"


class ModelParts:
    """The model-written ``goal``, ``result`` and ``answer`` parts of scenarios (``utterance`` is the ``openai``
    renderer).

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
        self.roles = [r for r in roles if r in ("ranges", "need", "goal", "result", "answer")]
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
        #: ``role: repair`` -> answers kept after a repair (a greeting dropped, cut to two sentences).
        self.repaired: Counter = Counter()
        self.usage: Counter = Counter()
        #: ``role: why`` -> parts not sent to the model (the template's part is kept: nothing for the model to add).
        self.skipped: Counter = Counter()
        #: Final results of undocumented lookups written whole: ``asked`` (parts), ``model`` (kept), ``repaired``
        #: (kept after placeholder fields were dropped).
        self.whole: Counter = Counter()
        #: dialogue id -> {"goal": "model"|"template", "result": [one per call turn]} (roles on only).
        self.written_by: dict[str, dict[str, Any]] = {}
        #: why -> dialogues dropped (the generator draws others in their place; their parts are not counted).
        self.dropped: Counter = Counter()
        #: ``answer`` -> picks kept that are the rules' own fields in the rules' order.
        self.same: Counter = Counter()
        self._unwritten: set[str] = set()
        self._no_numbers: set[str] = set()
        #: api id -> the need kept for it ("" where the rules' clause stays); see :meth:`need`.
        self.needs: dict[str, str] = {}
        #: api id -> the ranges kept for its undocumented numbers, leaf path -> (low, high, typical); see
        #: :meth:`ranges`.
        self.value_ranges: dict[str, dict[str, tuple[float, float, float]]] = {}
        #: ``ranges``: ``asked`` / ``kept`` numbers (the share by API is in :attr:`written`).
        self.numbers: Counter = Counter()

    def apply(self, scenarios: list[ScenarioInstruction], factory: Any,
              validate: Validate) -> list[ScenarioInstruction]:
        """The scenarios with the model's parts where they passed. ``factory`` is the generator's
        ``ScenarioFactory`` (its ``kept`` build records, retriever and intent swap); ``validate`` gives the
        validator's problems of a scenario rendered by the template (a result must add none)."""
        out = list(scenarios)
        for s in out:
            self.written_by[s.dialogue_id] = {}
            if "ranges" in self.roles:  # APIs whose results have no undocumented number were not asked
                who = ["model" if self.value_ranges.get(a) else "template" for a in (s.target, s.source)
                       if a and a in self.value_ranges]
                self.written_by[s.dialogue_id]["ranges"] = who
                self.written.update(f"ranges {w}" for w in who)
            if "need" in self.roles:
                who = ["model" if self.needs.get(a) else "template" for a in (s.target, s.source) if a]
                self.written_by[s.dialogue_id]["need"] = who
                self.written.update(f"need {w}" for w in who)
        if "goal" in self.roles:
            out = self._goals(out, factory)
        if "result" in self.roles:
            out = self._results(out, validate)
            out = [s for s in out if not self._drop(s.dialogue_id)]
        if "answer" in self.roles:
            out = self._answers(out, validate)
        return out

    def _drop(self, dialogue_id: str) -> bool:
        """Whether the dialogue is dropped: its answer is an undocumented lookup's response that the model did not
        write acceptably. The template's ``status: success`` would be no answer, and the template path leaves
        such lookups out (:func:`~tooldial.dialogue.generate.unit_problem`), so the model path does too."""
        if dialogue_id not in self._unwritten:
            return False
        self._unwritten.discard(dialogue_id)
        self.dropped[DROPPED_UNWRITTEN] += 1
        self.forget(dialogue_id)
        return True

    def forget(self, dialogue_id: str) -> None:
        """Take a dropped dialogue's parts out of the counts (this writer's drop, or the renderer's or the
        validator's later): the share each role reports is of the dialogues written, not of every draw."""
        for role, who in self.written_by.pop(dialogue_id, {}).items():
            for w in who if isinstance(who, list) else [who]:
                self.written[f"{role} {w}"] -= 1

    # -- shared --------------------------------------------------------------------------------------------

    def _ask(self, role: str, requests: list[ChatRequest], attempt: int) -> list[ChatResult]:
        desc = f"model parts: {role} (try {attempt + 1})" if self.progress else False
        answers = self.client.chat(requests, progress=desc)
        for a in answers:
            self.usage[f"{role} prompt"] += a.usage.prompt_tokens
            self.usage[f"{role} completion"] += a.usage.completion_tokens
            self.usage[f"{role} {'cached' if a.cached else 'requests'}"] += 1
        return answers

    def _request(self, messages: list[dict[str, str]], seed: int, attempt: int, max_tokens: int, *,
                 sampled: bool = False) -> ChatRequest:
        """Greedy first, sampled on a retry; ``sampled``: from the first try (a prompt many dialogues share, such
        as a vague opening's, would otherwise get one text for all of them). The seed keeps every run's bytes."""
        return ChatRequest(messages=messages, temperature=self.retry_temperature if sampled or attempt else 0.0,
                           seed=seed + attempt, max_tokens=max_tokens)

    def _fail(self, role: str, reasons: list[str]) -> None:
        for r in reasons:
            self.failures[f"{role}: {r}"] += 1

    # -- ranges --------------------------------------------------------------------------------------------

    def ranges(self, api_id: str) -> dict[str, tuple[float, float, float]]:
        """The usual ranges of ``api_id``'s undocumented numbers, leaf path -> (low, high, typical), written by the model and
        checked (:mod:`~tooldial.dialogue.model_parts.ranges`); empty where none was asked or kept."""
        self.write_ranges([api_id])
        return self.value_ranges.get(api_id, {})

    def write_ranges(self, api_ids: Iterable[str]) -> None:
        """Ask for the ranges of these APIs not asked yet, all at once (at most ``MAX_FIELDS`` numbers a request),
        then, for the numbers whose line failed, a retry round. Seeded by API and chunk: the same ranges whether an
        API was asked alone or in a batch."""
        from tooldial.dialogue.mockdata.builder import rangeable_leaves

        todo: list[tuple[str, dict[str, str], dict[str, str]]] = []  # (api id, shown name -> path, path -> type)
        for api_id in dict.fromkeys(api_ids):
            if api_id in self.value_ranges or api_id in self._no_numbers:
                continue
            types = rangeable_leaves(self.corpus.get(api_id))
            if not types:
                self._no_numbers.add(api_id)
                self.skipped["ranges: no undocumented number"] += 1
                continue
            self.value_ranges[api_id] = {}
            self.numbers["asked"] += len(types)
            names = list(display_names(types).items())
            for i in range(0, len(names), MAX_FIELDS):
                todo.append((api_id, dict(names[i:i + MAX_FIELDS]), types))
        for attempt in range(self.max_attempts):
            if not todo:
                break
            requests = [self._request(ranges_prompt(self.corpus, a, shown), _api_seed(f"ranges|{a}|{min(shown)}"),
                                      attempt, TOKENS_PER_FIELD * len(shown) + 8) for a, shown, _ in todo]
            again = []
            for (api_id, shown, types), answer in zip(todo, self._ask("ranges", requests, attempt), strict=True):
                if answer.error is not None:
                    self._fail("ranges", ["request failed"])
                    again.append((api_id, shown, types))
                    continue
                kept, problems = read_ranges(answer.text, shown, types)
                self._fail("ranges", problems)
                if problems:
                    log.debug("%s: ranges not kept (%s): %.300s", api_id, "; ".join(problems), answer.text)
                self.value_ranges[api_id].update(kept)
                self.numbers["kept"] += len(kept)
                rest = {n: k for n, k in shown.items() if k not in kept}
                if rest:
                    again.append((api_id, rest, types))
            todo = again

    # -- need ----------------------------------------------------------------------------------------------

    def need(self, api_id: str) -> str:
        """What a person wants from ``api_id`` in their words, written by the model and checked
        (:mod:`~tooldial.dialogue.model_parts.need`), or "" where every try failed (the rules' clause stays).
        Asked once per API (the generator asks when a plan first uses it), greedy first, then sampled."""
        self.write_needs([api_id])
        return self.needs[api_id]

    def write_needs(self, api_ids: Iterable[str]) -> None:
        """Ask for the needs of these APIs not asked yet, all at once (the client keeps ``max_concurrency``
        requests in flight), a retry round for those whose answer failed. Each request is seeded by its API, so an
        API's need is the same whether it was asked alone or in a batch."""
        todo = [a for a in dict.fromkeys(api_ids) if a not in self.needs]
        for api_id in todo:
            self.needs[api_id] = ""
        for attempt in range(self.max_attempts):
            if not todo:
                break
            requests = [self._request(need_prompt(self.corpus, a), _api_seed(a), attempt, NEED_TOKENS) for a in todo]
            failed = []
            for api_id, answer in zip(todo, self._ask("need", requests, attempt), strict=True):
                if answer.error is not None:
                    self._fail("need", ["request failed"])
                    failed.append(api_id)
                    continue
                cut = bool(answer.finish_reasons) and answer.finish_reasons[0] == "length"
                text, repairs = repair_need(answer.text)
                problems = need_problems(text, self.corpus.get(api_id), truncated=cut)
                if problems:
                    self._fail("need", problems)
                    log.debug("%s: written need not kept (%s): %.200s", api_id, "; ".join(problems), answer.text)
                    failed.append(api_id)
                    continue
                self.repaired.update(f"need: {r}" for r in repairs)
                self.needs[api_id] = text
            todo = failed

    def need_not_kept(self, api_id: str, reason: str) -> None:
        """A need that passed its checks but that the generator did not keep (the retriever's bands)."""
        self.needs[api_id] = ""
        self._fail("need", [reason])

    # -- goal ----------------------------------------------------------------------------------------------

    def _goals(self, scenarios: list[ScenarioInstruction], factory: Any) -> list[ScenarioInstruction]:
        """The first intent utterance of each scenario, then, where the opening is vague, the clear request that
        follows it (asked after the openings; its prompt does not quote the opening)."""
        out = list(scenarios)
        firsts, clears = {}, {}  # scenario index -> (built, band, value, label)
        for i, s in enumerate(scenarios):
            built = factory.kept.get(s.dialogue_id)
            if built is None or (built.opening is None and built.clear is None):
                continue
            band, value, label = first_band(s, built)
            firsts[i] = (built, band, value, label)
            if built.opening is not None and built.clear is not None:
                clears[i] = (built, *clear_band(built))
        done_first = self._goal_round(out, firsts, factory, clear=False)
        done_clear = self._goal_round(out, clears, factory, clear=True)
        for i, s in enumerate(scenarios):
            if i in firsts:
                who = ["model" if i in done_first else "template"]
                if i in clears:
                    who.append("model" if i in done_clear else "template")
                self.written_by[s.dialogue_id]["goal"] = who
                for w in who:
                    self.written[f"goal {w}"] += 1
            factory.kept.pop(s.dialogue_id, None)
        return out

    def _goal_round(self, out: list[ScenarioInstruction], jobs: dict[int, tuple], factory: Any, *, clear: bool
                    ) -> set[int]:
        """Ask for one intent utterance per job (the first one, or with ``clear`` the clear request after a vague
        opening), check, repair and score each, and swap the kept ones into ``out``; the indices kept."""
        done: set[int] = set()
        for attempt in range(self.max_attempts):
            todo = [i for i in jobs if i not in done]
            if not todo:
                break
            requests = [self._request(goal_prompt(
                self.corpus, out[i], jobs[i][1], jobs[i][2], jobs[i][3],
                clear=clear), _seed(out[i], 1 if clear else 0), attempt, self.goal_tokens,
                sampled=jobs[i][1] == "clarify") for i in todo]
            answers = self._ask("goal", requests, attempt)
            passed: list[tuple[int, str]] = []
            for i, answer in zip(todo, answers, strict=True):
                if answer.error is not None:
                    self._fail("goal", ["request failed"])
                    continue
                cut = bool(answer.finish_reasons) and answer.finish_reasons[0] == "length"
                text, repairs = repair_goal(answer_text(answer.text))
                problems = goal_problems(text, out[i], jobs[i][2], truncated=cut, band=jobs[i][1])
                if problems:
                    self._fail("goal", problems)
                    log.debug("%s: written goal not kept (%s): %.300s", out[i].dialogue_id, "; ".join(problems),
                              answer.text)
                    continue
                self.repaired.update(f"goal: {r}" for r in repairs)
                passed.append((i, text))
            picks = factory._first_fitting([(out[i].target, jobs[i][1], [t]) for i, t in passed])
            for (i, text), pick in zip(passed, picks, strict=True):
                built = jobs[i][0]
                if pick is None:
                    self._fail("goal", [f"retriever hits do not fit the {jobs[i][1]} band"])
                    log.debug("%s: written goal not kept (hits outside the %s band): %.300s",
                              out[i].dialogue_id, jobs[i][1], text)
                    continue
                if clear:
                    opening, clear_intent = built.opening, pick
                else:
                    opening, clear_intent = (pick, built.clear) if built.opening is not None else (None, pick)
                swapped = factory._swap_first_intent(out[i], built, opening, clear_intent)
                if scenario_strings(swapped) != scenario_strings(out[i]) and \
                        scenario_profile(swapped) != scenario_profile(out[i]):
                    self._fail("goal", ["changes the user profile"])
                    continue
                out[i] = swapped
                built.opening, built.clear = opening, clear_intent
                done.add(i)
        return done

    # -- result --------------------------------------------------------------------------------------------

    def _results(self, scenarios: list[ScenarioInstruction], validate: Validate
                 ) -> list[ScenarioInstruction]:
        out = list(scenarios)
        calls = {i: [k for k, t in enumerate(s.turns) if t.action == "call" and isinstance(
            t.api_response.get("result"), dict | list)] for i, s in enumerate(scenarios)}
        whole = {(i, k) for i, ks in calls.items() for k in ks if self._undocumented_target(out[i], k)}
        baseline: dict[int, set[str]] = {}
        state: dict[tuple[int, int], str] = {}  # (scenario, turn) -> "model" once accepted
        self._whole_results(out, whole, validate, baseline, state)
        self._unwritten |= {out[i].dialogue_id for i, k in whole if (i, k) not in state}
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
                new = sorted(validate(candidate, _written(candidate, state, i, k)) - baseline[i])
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

    # -- answer --------------------------------------------------------------------------------------------

    def _answers(self, scenarios: list[ScenarioInstruction], validate: Validate) -> list[ScenarioInstruction]:
        """The fields each final answer tells, picked by the model among the rules' eligible ones
        (:mod:`~tooldial.dialogue.model_parts.answers`); the rules' pick stays where the model's fails."""
        out = list(scenarios)
        jobs: dict[int, tuple[Api, Any, list[tuple[str, str, str]]]] = {}
        for i, s in enumerate(out):
            k = next((j for j, t in enumerate(s.turns) if t.action == "response"), None)
            name = s.turns[k].api_request.get("api_name", "") if k is not None else ""
            result = s.turns[k].api_response.get("result") if k is not None else None
            if not isinstance(result, dict | list) or name not in self.corpus:
                self.skipped["answer: no result to answer from"] += 1
                continue
            api = self.corpus.get(name)
            known = [as_text(v) for v in {**s.turns[k].api_request.get("required_parameters", {}),
                                          **s.turns[k].api_request.get("optional_parameters", {}),
                                          **(s.user.known if s.user is not None else {})}.values()]
            choices = answer_choices(api, result, known)
            why = why_not_sent(api, s.answer_fields, choices)
            if why:
                self.skipped[f"answer: {why}"] += 1
                continue
            jobs[i] = (api, result, choices)
        done: set[int] = set()
        baseline: dict[int, set[str]] = {}
        for attempt in range(self.max_attempts):
            todo = [i for i in jobs if i not in done]
            if not todo:
                break
            requests = [self._request(answer_prompt(jobs[i][0], _goal_of(out[i]), jobs[i][2]), _seed(out[i], 3000),
                                      attempt, ANSWER_TOKENS) for i in todo]
            answers = self._ask("answer", requests, attempt)
            for i, answer in zip(todo, answers, strict=True):
                api, result, choices = jobs[i]
                if _unreadable(answer):
                    self._fail("answer", [_unreadable(answer)])
                    continue
                fields, problems = picked_fields(answer.text, choices)
                candidate, why = (out[i], "") if problems else with_response(out[i], api, result, fields)
                problems += [why] if why else []
                if not problems:
                    written = self.written_by.get(out[i].dialogue_id) or None
                    if i not in baseline:  # the rules' answer's problems, once per dialogue
                        baseline[i] = validate(out[i], written)
                    problems = [f"validator: {p.split(':')[0]}"
                                for p in sorted(validate(candidate, written) - baseline[i])[:1]]
                if problems:
                    self._fail("answer", problems)
                    log.debug("%s: picked answer fields not kept (%s): %.100s", out[i].dialogue_id,
                              "; ".join(problems), answer.text)
                    continue
                if candidate.answer_fields == out[i].answer_fields:
                    self.same["answer"] += 1
                out[i] = candidate
                done.add(i)
        for i in jobs:
            who = "model" if i in done else "template"
            self.written_by[out[i].dialogue_id]["answer"] = who
            self.written[f"answer {who}"] += 1
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
                       validate: Validate, baseline: dict[int, set[str]],
                       state: dict[tuple[int, int], str]) -> None:
        """Responses written whole for the final calls of undocumented lookups (in place in ``out``)."""
        self.whole["asked"] += len(todo_all)
        repeated: set[tuple[int, int]] = set()  # answers that repeated an earlier call's: retried without its results
        for attempt in range(self.max_attempts):
            todo = sorted((i, k) for i, k in todo_all if (i, k) not in state)
            if not todo:
                break
            earlier = [earlier_calls(out[i], k) for i, k in todo]
            requests = [self._request(response_prompt(self.corpus, out[i].turns[k].api_request.get("api_name", ""),
                                                      out[i].turns[k].api_request, before,
                                                      earlier_results=(i, k) not in repeated),
                                      _seed(out[i], 2000 + k * 10), attempt, min(self.result_tokens, RESPONSE_TOKENS))
                        for (i, k), before in zip(todo, earlier, strict=True)]
            answers = self._ask("result", requests, attempt)
            for (i, k), before, answer in zip(todo, earlier, answers, strict=True):
                if _unreadable(answer):
                    self._fail("result", [_unreadable(answer)])
                    continue
                turn = out[i].turns[k]
                api = self.corpus.get(turn.api_request["api_name"])
                result, problems, dropped = written_problems(answer.text, turn.api_request,
                                                             turn.api_response["result"], before, drawn_keys(api))
                candidate, why = (out[i], "") if problems else with_response(with_result(out[i], k, result), api,
                                                                              result)
                problems += [why] if why else []
                if not problems:
                    if i not in baseline:
                        baseline[i] = validate(out[i])
                    problems = [f"validator: {p}" for p in sorted(
                        validate(candidate, _written(candidate, state, i, k)) - baseline[i])[:1]]
                if REPEATS_EARLIER in problems:
                    repeated.add((i, k))
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


def _written(scenario: ScenarioInstruction, state: dict[tuple[int, int], str], i: int, k: int) -> dict[str, Any]:
    """``written_by`` of scenario ``i`` with call turn ``k``'s result and those kept before written by the model:
    the validator judges a model's values as the model's (the filler rule reads no Faker words into them)."""
    calls = [j for j, t in enumerate(scenario.turns) if t.action == "call" and isinstance(
        t.api_response.get("result"), dict | list)]
    return {"result": ["model" if j == k or state.get((i, j)) == "model" else "template" for j in calls]}


def _unreadable(answer: ChatResult) -> str:
    """Why a model's answer cannot be read at all ("" when it can): the request failed or was cut at max_tokens."""
    if answer.error is not None:
        return "request failed"
    return "cut off at max_tokens" if answer.finish_reasons and answer.finish_reasons[0] == "length" else ""


def _goal_of(scenario: ScenarioInstruction) -> str:
    """What the user wants, as the answer prompt says it (``look up city details by geonameid``)."""
    if scenario.user is not None and scenario.user.goal:
        return scenario.user.goal
    return scenario.query or ""


def _seed(scenario: ScenarioInstruction, offset: int) -> int:
    """A request seed from the dialogue's seed and id (the same dialogue asks the same way on every run)."""
    return random.Random(f"{scenario.dialogue_id}|{offset}").randrange(2**31) + offset


def _api_seed(api_id: str) -> int:
    """A request seed from the API's id (its need is asked the same way in every run and every dialogue)."""
    return random.Random(f"need|{api_id}").randrange(2**31)
