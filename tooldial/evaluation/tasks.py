"""The four benchmark tasks: requests from dataset rows, generation, scoring, per-example records.

Each ``run_*`` function takes the rows of one (task, setting), a :class:`CachedGenerator` and the task's spec,
and returns a :class:`TaskOutcome`: the metrics (``accuracy`` always, as a fraction) and one record per example
for ``predictions.jsonl``.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tooldial.evaluation.backends.base import GenerationRequest
from tooldial.evaluation.benchmark import TaskSpec
from tooldial.evaluation.error_analysis import DstErrorReport, dst_error_categories
from tooldial.evaluation.generation import CachedGenerator, Completion
from tooldial.evaluation.metrics import (
    accuracy_by,
    action_metrics,
    dialogue_success,
    fraction,
    majority_baseline,
)
from tooldial.evaluation.parsing import (
    ACTIONS,
    lenient_action_match,
    load_json_field,
    normalize_action,
    normalize_state,
    parse_action,
    parse_state,
    states_equal,
    strip_system_action,
    trace_actions,
    trace_states,
)
from tooldial.evaluation.traces import ObservationQueue, finish_round, observation_count
from tooldial.tasks.format import ACTION_PREFIX, OBSERVATION_LINE
from tooldial.tasks.prompts import ASSISTANT_PREFIX, FAITHFULNESS_JUDGE_PROMPT, build_messages

Progress = Callable[[int], None]


@dataclass
class TaskOutcome:
    metrics: dict[str, Any]
    records: list[dict[str, Any]] = field(default_factory=list)


def _request(task: str, setting: str | None, row: dict[str, Any], spec: TaskSpec, prefix: str | None = None,
             stop: list[str] | None = None) -> GenerationRequest:
    return GenerationRequest(
        task=task,
        setting=setting,
        example_id=str(row.get("id", "")),
        messages=build_messages(task, str(row.get("history", ""))),  # type: ignore[arg-type]
        assistant_prefix=ASSISTANT_PREFIX[task] if prefix is None else prefix,  # type: ignore[index]
        max_new_tokens=spec.max_new_tokens,
        stop=stop or [],
        example=row,
    )


def _generate(gen: CachedGenerator, requests: list[GenerationRequest], progress: Progress | None) -> list[Completion]:
    return gen(requests, (lambda done: progress(len(done))) if progress else None)


def _record(row: dict[str, Any], request: GenerationRequest, prediction: Any, label: Any, correct: bool,
            error_kind: str | None, **extra: Any) -> dict[str, Any]:
    return {
        "id": str(row.get("id", "")),
        "dialogue_id": row.get("dialogue_id"),
        "turn_index": row.get("turn_index"),
        "input_hash": request.input_hash(),
        "prediction": prediction,
        "label": label,
        "correct": bool(correct),
        "error_kind": error_kind,
        **extra,
    }


# --- DST ----------------------------------------------------------------------------------------------------


def run_dst(rows: list[dict[str, Any]], setting: str, spec: TaskSpec, gen: CachedGenerator,
            progress: Progress | None = None) -> TaskOutcome:
    requests = [_request("dst", setting, row, spec) for row in rows]
    completions = _generate(gen, requests, progress)
    errors = DstErrorReport()
    parse_kinds: Counter[str] = Counter()
    records, correct_flags, turns = [], [], []
    for row, request, completion in zip(rows, requests, completions, strict=True):
        label = strip_system_action(load_json_field(row.get("label")))
        state, kind = parse_state(completion.text)
        ok = completion.failure is None and states_equal(state, label)
        categories = [] if ok else dst_error_categories(state, label, kind)
        if not ok and not categories:
            categories = ["other"]
        if kind != "ok":
            parse_kinds[kind] += 1
        errors.add(str(row.get("id", "")), completion.text, label, categories)
        error_kind = None if ok else ("backend_error" if completion.failure else (kind if kind != "ok" else "+".join(categories)))
        records.append(_record(row, request, completion.text, label, ok, error_kind, error_categories=categories))
        correct_flags.append(ok)
        turns.append(row.get("num_user_turns"))
    n, good = len(rows), sum(correct_flags)
    return TaskOutcome(
        {
            "accuracy": fraction(good, n),
            "n": n,
            "correct": good,
            "parse_failures": dict(parse_kinds),
            "backend_failures": sum(1 for c in completions if c.failure),
            "error_analysis": errors.as_dict(),
            "accuracy_by_num_user_turns": accuracy_by(turns, correct_flags) if any(t is not None for t in turns) else {},
        },
        records,
    )


# --- action prediction --------------------------------------------------------------------------------------


def run_action(rows: list[dict[str, Any]], setting: str, spec: TaskSpec, gen: CachedGenerator,
               progress: Progress | None = None) -> TaskOutcome:
    requests = [_request("action", setting, row, spec) for row in rows]
    completions = _generate(gen, requests, progress)
    parse_kinds: Counter[str] = Counter()
    records, labels, preds, strict, lenient = [], [], [], [], []
    for row, request, completion in zip(rows, requests, completions, strict=True):
        label = normalize_action(str(row.get("label", "")))
        pred, kind = parse_action(completion.text)
        ok = completion.failure is None and pred == label and kind == "ok"
        loose = completion.failure is None and lenient_action_match(completion.text, str(row.get("label", "")))
        if kind != "ok":
            parse_kinds[kind] += 1
        error_kind = None if ok else ("backend_error" if completion.failure else (kind if kind != "ok" else "wrong_action"))
        records.append(_record(row, request, completion.text, label, ok, error_kind, parsed=pred,
                               lenient_correct=loose))
        labels.append(label)
        preds.append(pred)
        strict.append(ok)
        lenient.append(loose)
    n = len(rows)
    return TaskOutcome(
        {
            "accuracy": fraction(sum(strict), n),
            "lenient_accuracy": fraction(sum(lenient), n),
            "lenient_rule": "normalized label contained in the normalized generation (original code, open models)",
            "n": n,
            "correct": sum(strict),
            "parse_failures": dict(parse_kinds),
            "backend_failures": sum(1 for c in completions if c.failure),
            "majority_baseline": majority_baseline(labels),
            **action_metrics(labels, preds),
            "label_distribution": {a: labels.count(a) for a in ACTIONS},
        },
        records,
    )


# --- faithfulness -------------------------------------------------------------------------------------------


def is_response_fail_sample(row: dict[str, Any]) -> bool:
    """The release cuts faithfulness samples at ``- Action:response``, which also matches ``response_fail``."""
    return f"{ACTION_PREFIX}response_fail" in str(row.get("history", ""))


def judge_verdict(text: str) -> int:
    """1 when the judge's answer is ``true`` (case and punctuation ignored), else 0."""
    words = text.strip().lower().split()
    return int(bool(words) and words[0].strip(".,!:;\"'") == "true")


def run_faithfulness(rows: list[dict[str, Any]], setting: str | None, spec: TaskSpec, gen: CachedGenerator,
                     judge: Any, progress: Progress | None = None) -> TaskOutcome:
    """Generate the final response, then ask the judge ``n`` times whether it is faithful (G-Eval style).

    ``judge`` is an :class:`~tooldial.evaluation.backends.openai.OpenAIBackend` (its own cache makes reruns free).
    """
    from tooldial.evaluation.backends.openai import OpenAIBackend

    judge_spec = spec.judge
    assert judge_spec is not None and isinstance(judge, OpenAIBackend)
    kept = [row for row in rows if not is_response_fail_sample(row)]
    requests = [_request("faithfulness", setting, row, spec) for row in kept]
    completions = _generate(gen, requests, progress)
    judge_requests = [
        GenerationRequest(
            task="faithfulness_judge",
            example_id=str(row.get("id", "")),
            messages=[{"role": "user", "content": FAITHFULNESS_JUDGE_PROMPT.format(
                dialogue=str(row.get("history", "")), message=completion.text.strip())}],
            max_new_tokens=judge_spec.max_tokens,
        )
        for row, completion in zip(kept, completions, strict=True)
    ]
    verdicts = judge.sample(judge_requests, n=judge_spec.n, temperature=judge_spec.temperature,
                            max_tokens=judge_spec.max_tokens, role="system")
    records, scores = [], []
    judge_failures = 0
    for row, request, completion, texts in zip(kept, requests, completions, verdicts, strict=True):
        if completion.failure or not texts:
            judge_failures += not texts
            score = 0.0
        else:
            score = sum(judge_verdict(t) for t in texts) / len(texts)
        scores.append(score)
        records.append(_record(row, request, completion.text, str(row.get("reference", "")), score >= 0.5,
                               None if texts and not completion.failure else (
                                   "backend_error" if completion.failure else "judge_error"),
                               score=score, verdicts=texts))
    n = len(kept)
    return TaskOutcome(
        {
            "accuracy": sum(scores) / n if n else 0.0,
            "n": n,
            "excluded_response_fail": len(rows) - n,
            "judge": {"model": judge.model_name, "n": judge_spec.n, "temperature": judge_spec.temperature,
                      "max_tokens": judge_spec.max_tokens},
            "judge_failures": judge_failures,
            "backend_failures": sum(1 for c in completions if c.failure),
        },
        records,
    )


# --- overall ------------------------------------------------------------------------------------------------


def run_overall(rows: list[dict[str, Any]], setting: str, spec: TaskSpec, gen: CachedGenerator,
                progress: Progress | None = None) -> TaskOutcome:
    """Multi-round generation of each user turn's reasoning step, gold observations inserted between rounds.

    All rows advance one round together, so backends batch across examples in every round.
    """
    traces = [""] * len(rows)
    status: list[str | None] = [None] * len(rows)
    failures: list[str | None] = [None] * len(rows)
    queues = [
        ObservationQueue(list(load_json_field(row.get("label_actions")) or []), row.get("observations"))
        for row in rows
    ]
    first_requests = [_request("overall", setting, row, spec, prefix="", stop=[OBSERVATION_LINE]) for row in rows]
    active = list(range(len(rows)))
    for round_index in range(spec.max_rounds):
        if not active:
            break
        requests = [
            first_requests[i] if round_index == 0 else
            _request("overall", setting, rows[i], spec, prefix=traces[i], stop=[OBSERVATION_LINE])
            for i in active
        ]
        completions = gen(requests)
        still = []
        for i, completion in zip(active, completions, strict=True):
            if completion.failure:
                failures[i], status[i] = completion.failure, "backend_error"
                continue
            traces[i], state = finish_round(traces[i], completion.text, queues[i])
            if state is None:
                still.append(i)
            else:
                status[i] = state
        if progress:
            progress(len(active) - len(still))
        active = still
    for i in active:
        status[i] = "max_rounds"
    if progress and active:
        progress(len(active))

    records, flags = [], []
    for i, row in enumerate(rows):
        label_states = [strip_system_action(s) for s in load_json_field(row.get("label_states")) or []]
        label_actions = [normalize_action(a) for a in load_json_field(row.get("label_actions")) or []]
        finished = status[i] == "done"
        pred_states = trace_states(traces[i]) if finished else []
        pred_actions = trace_actions(traces[i]) if finished else []
        states_ok = finished and len(pred_states) == len(label_states) and all(
            states_equal(p, g) for p, g in zip(pred_states, label_states, strict=True))
        actions_ok = finished and pred_actions == label_actions
        ok = bool(states_ok and actions_ok)
        if ok:
            error_kind = None
        elif not finished:
            error_kind = status[i]
        else:
            error_kind = "+".join(k for k, bad in (("state_mismatch", not states_ok),
                                                  ("action_mismatch", not actions_ok)) if bad)
        records.append(_record(
            row, first_requests[i], traces[i] if finished else None,
            {"states": label_states, "actions": label_actions}, ok, error_kind,
            predicted_states=[normalize_state(s) for s in pred_states], predicted_actions=pred_actions,
            rounds=observation_count(traces[i]) + (status[i] == "done"),
        ))
        flags.append(ok)
    n = len(rows)
    kinds = Counter(r["error_kind"] for r in records if r["error_kind"])
    return TaskOutcome(
        {
            "accuracy": fraction(sum(flags), n),
            "n": n,
            "correct": sum(flags),
            "dialogue_success": dialogue_success([str(r.get("dialogue_id")) for r in rows], flags),
            "error_kinds": dict(kinds),
            "backend_failures": sum(1 for f in failures if f),
        },
        records,
    )


def dumps_state(state: Any) -> str:
    return json.dumps(state, ensure_ascii=False)
