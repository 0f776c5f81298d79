"""The four benchmark tasks as objects with one protocol: requests from dataset rows, scoring of each example,
aggregation into a typed metrics model.

The runner knows no task by name. It takes each task from :data:`tooldial.registry.EVAL_TASKS` and asks it
which settings it runs in (:meth:`EvalTask.settings`), whether it needs the judge (:attr:`EvalTask.needs_judge`),
how to derive rows of a setting the dataset does not ship (:meth:`EvalTask.derive_row`), and then calls
:meth:`EvalTask.run`, which returns a :class:`TaskOutcome`: the metrics (``accuracy`` always, as a fraction)
and one record per example for ``predictions.jsonl``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict

import tooldial.evaluation.original_scoring as original_scoring
from tooldial.evaluation.backends.base import GenerationRequest
from tooldial.evaluation.benchmark import SETTINGS, TaskSpec
from tooldial.evaluation.error_analysis import DstErrorReport, dst_error_categories
from tooldial.evaluation.generation import CachedGenerator, Completion
from tooldial.evaluation.metrics import (
    accuracy_by,
    action_metrics,
    dialogue_success,
    fraction,
    majority_baseline,
)
from tooldial.evaluation.original_scoring import Scoring
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
from tooldial.evaluation.prompt_fit import PromptFitter
from tooldial.evaluation.traces import ObservationQueue, finish_round, observation_count
from tooldial.tasks.format import ACTION_PREFIX, MESSAGE_PREFIX, OBSERVATION_LINE, filter_history
from tooldial.tasks.prompts import (
    ASSISTANT_PREFIX,
    FAITHFULNESS_JUDGE_PROMPT,
    Profile,
    build_messages,
    original_judge_prompt,
)

Progress = Callable[[int], None]
Row = dict[str, Any]


# --- typed metrics ------------------------------------------------------------------------------------------


class TaskMetrics(BaseModel):
    """What every (task, setting) reports; extra keys are kept (results files of other versions still load)."""

    model_config = ConfigDict(extra="allow")

    accuracy: float
    n: int
    backend_failures: int = 0
    # filled in by the runner
    seconds: float | None = None
    examples_per_second: float | None = None
    backend_requests: int | None = None
    max_new_tokens: int | None = None
    dataset_config: str | None = None
    #: How the rows were made when the dataset does not ship the setting.
    derived_from: str | None = None
    #: Rows whose oldest history lines were dropped to fit ``--max-length`` (None: the option was not given).
    history_trimmed: int | None = None


class GroupAccuracy(BaseModel):
    n: int
    correct: int
    accuracy: float


class DstMetrics(TaskMetrics):
    correct: int = 0
    parse_failures: dict[str, int] = {}
    error_analysis: dict[str, Any] = {}
    #: Paper A.10: accuracy by the number of user turns in the history (keys are the counts as text).
    accuracy_by_num_user_turns: dict[str, GroupAccuracy] = {}


class ActionScores(BaseModel):
    precision: float
    recall: float
    f1: float
    support: int


class ActionMetrics(TaskMetrics):
    lenient_accuracy: float = 0.0
    lenient_rule: str = ""
    correct: int = 0
    parse_failures: dict[str, int] = {}
    majority_baseline: dict[str, Any] = {}
    per_action: dict[str, ActionScores] = {}
    macro_f1: float = 0.0
    confusion_matrix: dict[str, Any] = {}
    label_distribution: dict[str, int] = {}


class JudgeInfo(BaseModel):
    model: str
    n: int
    temperature: float
    max_tokens: int


class FaithfulnessMetrics(TaskMetrics):
    excluded_response_fail: int = 0
    judge: JudgeInfo | None = None
    judge_failures: int = 0


class OverallMetrics(TaskMetrics):
    correct: int = 0
    dialogue_success: dict[str, Any] = {}
    error_kinds: dict[str, int] = {}


@dataclass
class TaskOutcome:
    metrics: TaskMetrics
    records: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class TaskContext:
    """What a task runs with: the cached generator, the judge (tasks that need one), a progress callback, the
    prompt profile of the dataset's rows and the scoring rules (``tooldial`` or the release's ``original``)."""

    generator: CachedGenerator
    judge: Any = None
    progress: Progress | None = None
    profile: Profile = "paper"
    scoring: Scoring = "tooldial"
    #: ``--max-length``: trims each prompt's oldest history lines as training does (None: prompts sent whole).
    fitter: PromptFitter | None = None
    #: How many requests :meth:`fit` trimmed.
    trimmed: int = 0

    def fit(self, requests: list[GenerationRequest]) -> list[GenerationRequest]:
        """The requests fitted to the run's token budget (unchanged without one); counts the trimmed ones."""
        if self.fitter is None:
            return requests
        fitted = [self.fitter.fit(r) for r in requests]
        self.trimmed += sum(cut for _, cut in fitted)
        return [r for r, _ in fitted]

    def generate(self, requests: list[GenerationRequest]) -> list[Completion]:
        progress = self.progress
        return self.generator(requests, (lambda done: progress(len(done))) if progress else None)


# --- the protocol -------------------------------------------------------------------------------------------


class EvalTask(ABC):
    """One benchmark task. Subclasses set :attr:`name`, :attr:`metrics_model` and implement :meth:`run`."""

    name: ClassVar[str]
    metrics_model: ClassVar[type[TaskMetrics]] = TaskMetrics
    #: ``False``: the task runs once whatever the settings (its history never holds labels); results go under
    #: ``nogt``.
    uses_settings: ClassVar[bool] = True
    #: Needs the LLM judge (``--judge-base-url`` / ``--judge-model``).
    needs_judge: ClassVar[bool] = False

    def settings(self, requested: Sequence[str], spec: TaskSpec) -> list[str | None]:
        """The settings to run, in order (``[None]`` for a task without settings)."""
        if not self.uses_settings:
            return [None]
        return [s for s in requested if s in spec.settings]

    @staticmethod
    def result_key(setting: str | None) -> str:
        return setting or "nogt"

    def derive_row(self, row: Row, setting: str) -> Row | None:
        """A row of ``setting`` made from a ``gt`` row, when the dataset does not ship ``setting`` (or None)."""
        return None

    def request(self, row: Row, setting: str | None, spec: TaskSpec, prefix: str | None = None,
                stop: list[str] | None = None, profile: Profile = "paper") -> GenerationRequest:
        return GenerationRequest(
            task=self.name,
            setting=setting,
            example_id=str(row.get("id", "")),
            messages=build_messages(self.name, str(row.get("history", "")), profile),  # type: ignore[arg-type]
            assistant_prefix=ASSISTANT_PREFIX[self.name] if prefix is None else prefix,  # type: ignore[index]
            max_new_tokens=spec.max_new_tokens,
            stop=stop or [],
            example=row,
        )

    @abstractmethod
    def run(self, rows: list[Row], setting: str | None, spec: TaskSpec, ctx: TaskContext) -> TaskOutcome:
        """Requests → completions → one record per row → metrics."""


def _record(row: Row, request: GenerationRequest, prediction: Any, label: Any, correct: bool,
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
        **{k: v for k, v in extra.items() if k != "failure" or v is not None},  # a backend failure's reason
    }


def _error_kind(completion: Completion, kind: str, wrong: str) -> str:
    """Why a prediction is wrong: the backend failed, the output did not parse, or it parsed and is wrong."""
    return "backend_error" if completion.failure else (kind if kind != "ok" else wrong)


class SingleRoundTask(EvalTask):
    """A task answered in one completion per row: :meth:`score` each, then :meth:`aggregate`."""

    def run(self, rows: list[Row], setting: str | None, spec: TaskSpec, ctx: TaskContext) -> TaskOutcome:
        requests = ctx.fit([self.request(row, setting, spec, profile=ctx.profile) for row in rows])
        completions = ctx.generate(requests)
        records = [self.score(row, request, completion, ctx.scoring)
                   for row, request, completion in zip(rows, requests, completions, strict=True)]
        return TaskOutcome(self.aggregate(rows, completions, records), records)

    @abstractmethod
    def score(self, row: Row, request: GenerationRequest, completion: Completion,
              scoring: Scoring = "tooldial") -> dict[str, Any]:
        """The prediction record of one example (``scoring="original"``: the release's verdict)."""

    @abstractmethod
    def aggregate(self, rows: list[Row], completions: list[Completion], records: list[dict[str, Any]]) -> TaskMetrics:
        """The metrics of all examples."""


# --- DST ----------------------------------------------------------------------------------------------------


class DstTask(SingleRoundTask):
    name = "dst"
    metrics_model = DstMetrics

    def score(self, row: Row, request: GenerationRequest, completion: Completion,
              scoring: Scoring = "tooldial") -> dict[str, Any]:
        label = strip_system_action(load_json_field(row.get("label")))
        state, kind = parse_state(completion.text)
        if scoring == "original":
            ok = completion.failure is None and original_scoring.states_equal(
                original_scoring.parse_state(completion.text), label)
        else:
            ok = completion.failure is None and states_equal(state, label)
        categories = [] if ok else (dst_error_categories(state, label, kind) or ["other"])
        error_kind = None if ok else _error_kind(completion, kind, "+".join(categories))
        return _record(row, request, completion.text, label, ok, error_kind, error_categories=categories,
                       failure=completion.failure)

    def aggregate(self, rows: list[Row], completions: list[Completion], records: list[dict[str, Any]]) -> DstMetrics:
        errors = DstErrorReport()
        for record in records:
            errors.add(record["id"], record["prediction"], record["label"], record["error_categories"])
        kinds = Counter(kind for c in completions if (kind := parse_state(c.text)[1]) != "ok")
        flags = [r["correct"] for r in records]
        turns = [row.get("num_user_turns") for row in rows]
        return DstMetrics(
            accuracy=fraction(sum(flags), len(rows)),
            n=len(rows),
            correct=sum(flags),
            parse_failures=dict(kinds),
            backend_failures=sum(1 for c in completions if c.failure),
            error_analysis=errors.as_dict(),
            accuracy_by_num_user_turns=accuracy_by(turns, flags) if any(t is not None for t in turns) else {},
        )


# --- action prediction --------------------------------------------------------------------------------------


class ActionTask(SingleRoundTask):
    name = "action"
    metrics_model = ActionMetrics

    def score(self, row: Row, request: GenerationRequest, completion: Completion,
              scoring: Scoring = "tooldial") -> dict[str, Any]:
        label = normalize_action(str(row.get("label", "")))
        pred, kind = parse_action(completion.text)
        ok = completion.failure is None and pred == label and kind == "ok"
        if scoring == "original":  # the release's open-model rule is the accuracy
            ok = completion.failure is None and original_scoring.action_correct(completion.text, label)
        # lenient is never below strict: a generation whose first line is the right action is right leniently too,
        # even when its free text names other actions ("request ... then I call it")
        loose = ok or (completion.failure is None and lenient_action_match(completion.text, str(row.get("label", ""))))
        error_kind = None if ok else _error_kind(completion, kind, "wrong_action")
        return _record(row, request, completion.text, label, ok, error_kind, parsed=pred, lenient_correct=loose,
                       failure=completion.failure)

    def aggregate(self, rows: list[Row], completions: list[Completion],
                  records: list[dict[str, Any]]) -> ActionMetrics:
        labels = [r["label"] for r in records]
        kinds = Counter(kind for c in completions if (kind := parse_action(c.text)[1]) != "ok")
        n, correct = len(rows), sum(r["correct"] for r in records)
        return ActionMetrics(
            accuracy=fraction(correct, n),
            lenient_accuracy=fraction(sum(r["lenient_correct"] for r in records), n),
            lenient_rule="normalized label contained in the normalized generation (original code, open models), "
                         "or the strict match",
            n=n,
            correct=correct,
            parse_failures=dict(kinds),
            backend_failures=sum(1 for c in completions if c.failure),
            majority_baseline=majority_baseline(labels),
            **action_metrics(labels, [r["parsed"] for r in records]),
            label_distribution={a: labels.count(a) for a in ACTIONS},
        )


# --- faithfulness -------------------------------------------------------------------------------------------


def is_response_fail_sample(row: Row) -> bool:
    """The release cuts faithfulness samples at ``- Action:response``, which also matches ``response_fail``."""
    return f"{ACTION_PREFIX}response_fail" in str(row.get("history", ""))


def _message(generation: str) -> str:
    """The generated response without a leading ``- Message: `` (models trained on the ``original`` profile,
    whose references keep it, write it), so the judge prompt does not show the prefix twice."""
    text = generation.strip()
    return text[len(MESSAGE_PREFIX):].strip() if text.startswith(MESSAGE_PREFIX) else text


def judge_verdict(text: str) -> int:
    """1 when the judge's answer is ``true`` (case and punctuation ignored), else 0."""
    words = text.strip().lower().split()
    return int(bool(words) and words[0].strip(".,!:;\"'") == "true")


class FaithfulnessTask(EvalTask):
    """Generate the final response, then ask the judge ``n`` times whether it is faithful (G-Eval style).

    The judge is an :class:`~tooldial.evaluation.backends.openai.OpenAIBackend` (its own cache makes reruns free).
    """

    name = "faithfulness"
    metrics_model = FaithfulnessMetrics
    uses_settings = False
    needs_judge = True

    def run(self, rows: list[Row], setting: str | None, spec: TaskSpec, ctx: TaskContext) -> TaskOutcome:
        judge, judge_spec = ctx.judge, spec.judge
        if judge is None or judge_spec is None:
            raise ValueError("the faithfulness task runs with a judge and a judge spec")
        kept = [row for row in rows if not is_response_fail_sample(row)]
        requests = [self.request(row, setting, spec, profile=ctx.profile) for row in kept]
        completions = ctx.generate(requests)
        original = ctx.scoring == "original"
        judge_requests = [
            GenerationRequest(
                task="faithfulness_judge",
                example_id=str(row.get("id", "")),
                messages=[{"role": "user", "content": original_judge_prompt(
                    request.messages[-1]["content"], completion.text) if original else FAITHFULNESS_JUDGE_PROMPT.format(
                    dialogue=str(row.get("history", "")), message=_message(completion.text))}],
                max_new_tokens=judge_spec.max_tokens,
            )
            for row, request, completion in zip(kept, requests, completions, strict=True)
        ]
        verdicts = judge.sample(judge_requests, n=judge_spec.n, temperature=judge_spec.temperature,
                                max_tokens=judge_spec.max_tokens, role="system")
        records = [self.score(row, request, completion, texts, ctx.scoring)
                   for row, request, completion, texts in zip(kept, requests, completions, verdicts, strict=True)]
        n = len(kept)
        metrics = FaithfulnessMetrics(
            accuracy=sum(r["score"] for r in records) / n if n else 0.0,
            n=n,
            excluded_response_fail=len(rows) - n,
            judge=JudgeInfo(model=judge.model_name, n=judge_spec.n, temperature=judge_spec.temperature,
                            max_tokens=judge_spec.max_tokens),
            judge_failures=sum(1 for texts in verdicts if not texts),
            backend_failures=sum(1 for c in completions if c.failure),
        )
        return TaskOutcome(metrics, records)

    def score(self, row: Row, request: GenerationRequest, completion: Completion, verdicts: list[str],
              scoring: Scoring = "tooldial") -> dict[str, Any]:
        verdict = original_scoring.judge_verdict if scoring == "original" else judge_verdict
        score = 0.0 if completion.failure or not verdicts else sum(verdict(t) for t in verdicts) / len(verdicts)
        error_kind = None if verdicts and not completion.failure else (
            "backend_error" if completion.failure else "judge_error")
        return _record(row, request, completion.text, str(row.get("reference", "")), score >= 0.5, error_kind,
                       score=score, verdicts=verdicts, failure=completion.failure)


# --- overall ------------------------------------------------------------------------------------------------


class OverallTask(EvalTask):
    """Multi-round generation of each user turn's reasoning step, gold observations inserted between rounds.

    All rows advance one round together, so backends batch across examples in every round. Datasets ship the
    ``gt`` setting; ``nogt`` rows are derived from them (:meth:`derive_row`).
    """

    name = "overall"
    metrics_model = OverallMetrics

    def derive_row(self, row: Row, setting: str) -> Row | None:
        """An ``overall`` w/o GT row from a w/ GT one: earlier state and action lines removed from the history
        (the rule of :func:`tooldial.tasks.samples.overall_samples`)."""
        if setting != "nogt":
            return None
        row_id = str(row.get("id", ""))
        return {**row, "id": row_id.replace("/overall/gt/", "/overall/nogt/"), "setting": "nogt",
                "history": filter_history(str(row.get("history", "")), self.name, "nogt")}

    def run(self, rows: list[Row], setting: str | None, spec: TaskSpec, ctx: TaskContext) -> TaskOutcome:
        first = [self.request(row, setting, spec, prefix="", stop=[OBSERVATION_LINE], profile=ctx.profile)
                 for row in rows]
        traces, status = self._trace(rows, setting, spec, ctx, first)
        records = [self.score(row, request, trace, state, ctx.scoring)
                   for row, request, trace, state in zip(rows, first, traces, status, strict=True)]
        flags = [r["correct"] for r in records]
        metrics = OverallMetrics(
            accuracy=fraction(sum(flags), len(rows)),
            n=len(rows),
            correct=sum(flags),
            dialogue_success=dialogue_success([str(r.get("dialogue_id")) for r in rows], flags),
            error_kinds=dict(Counter(r["error_kind"] for r in records if r["error_kind"])),
            backend_failures=sum(1 for s in status if s == "backend_error"),
        )
        return TaskOutcome(metrics, records)

    def _trace(self, rows: list[Row], setting: str | None, spec: TaskSpec, ctx: TaskContext,
               first: list[GenerationRequest]) -> tuple[list[str], list[str]]:
        """Every row's trace and how it ended (``done``, ``backend_error``, ``no_action``, ``max_rounds``)."""
        traces = [""] * len(rows)
        status: list[str] = ["max_rounds"] * len(rows)
        queues = [ObservationQueue(list(load_json_field(row.get("label_actions")) or []), row.get("observations"))
                  for row in rows]
        active = list(range(len(rows)))
        for round_index in range(spec.max_rounds):
            if not active:
                break
            requests = [first[i] if round_index == 0 else
                        self.request(rows[i], setting, spec, prefix=traces[i], stop=[OBSERVATION_LINE],
                                     profile=ctx.profile)
                        for i in active]
            still = []
            for i, completion in zip(active, ctx.generator(requests), strict=True):
                if completion.failure:
                    status[i] = "backend_error"
                    continue
                traces[i], state = finish_round(traces[i], completion.text, queues[i])
                if state is None:
                    still.append(i)
                else:
                    status[i] = state
            if ctx.progress:
                ctx.progress(len(active) - len(still))
            active = still
        if ctx.progress and active:
            ctx.progress(len(active))
        return traces, status

    def score(self, row: Row, request: GenerationRequest, trace: str, status: str,
              scoring: Scoring = "tooldial") -> dict[str, Any]:
        label_states = [strip_system_action(s) for s in load_json_field(row.get("label_states")) or []]
        label_actions = [normalize_action(a) for a in load_json_field(row.get("label_actions")) or []]
        finished = status == "done"
        pred_states = trace_states(trace) if finished else []
        pred_actions = trace_actions(trace) if finished else []
        states_ok = finished and len(pred_states) == len(label_states) and all(
            states_equal(p, g) for p, g in zip(pred_states, label_states, strict=True))
        actions_ok = finished and pred_actions == label_actions
        if scoring == "original":
            states_ok, actions_ok = original_scoring.overall_correct(
                trace if finished else None, str(row.get("target", "")))
        ok = bool(states_ok and actions_ok)
        if ok:
            error_kind = None
        elif not finished:
            error_kind = status
        else:
            error_kind = "+".join(k for k, bad in (("state_mismatch", not states_ok),
                                                  ("action_mismatch", not actions_ok)) if bad)
        return _record(
            row, request, trace if finished else None, {"states": label_states, "actions": label_actions}, ok,
            error_kind, predicted_states=[normalize_state(s) for s in pred_states], predicted_actions=pred_actions,
            rounds=observation_count(trace) + finished,
        )


__all__ = [
    "SETTINGS", "ActionMetrics", "ActionTask", "DstMetrics", "DstTask", "EvalTask", "FaithfulnessMetrics",
    "FaithfulnessTask", "OverallMetrics", "OverallTask", "TaskContext", "TaskMetrics", "TaskOutcome",
]
