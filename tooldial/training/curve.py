"""A learning curve: one LoRA run checkpointed at a schedule of steps, each checkpoint scored on fixed test rows.

Protocol (``run_curve``):

1. score the base model (step 0) and the ``baselines`` (``rule``) on the first ``eval_limit`` rows of each
   (task, setting) of the eval split, with the per-task generation limits of the config;
2. train with the recipe up to ``max(steps)`` in ONE run (one LR schedule, one data order): a callback stops the
   trainer at the next scheduled step after saving ``checkpoint-N``, the checkpoint is scored, and training
   resumes from it — the same code path as a run resumed after a kill, so a kill costs at most ``save_every``
   steps and every finished checkpoint and evaluation is reused;
3. score the last checkpoint on ``unseen_dataset`` (API pairs the training split never had);
4. write ``curve.json`` (table) and ``curve.png`` (accuracy vs steps, Wilson 95% intervals, majority and
   baseline lines).

Scoring is :func:`tooldial.evaluation.evaluate` (``hf`` backend), not a second implementation. Under
``accelerate launch`` every process trains; the main process evaluates while the others wait.
"""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path
from typing import Any

from transformers import TrainerCallback

from tooldial.errors import ConfigError
from tooldial.jsonfile import write_json
from tooldial.training.config import ResolvedConfig, load_train_config
from tooldial.training.curve_config import CurveConfig

log = logging.getLogger(__name__)

CURVE_JSON = "curve.json"
CURVE_PNG = "curve.png"
TRAIN_DIR = "train"
EVAL_DIR = "eval"
BASELINE_DIR = "baselines"


class StopAtSchedule(TrainerCallback):
    """Save and stop at the first scheduled step past the one training (re)started from."""

    def __init__(self, steps: list[int]) -> None:
        self.steps = sorted(s for s in steps if s > 0)
        self.stop_at: int | None = None

    def on_train_begin(self, args, state, control, **kwargs):
        self.stop_at = next((s for s in self.steps if s > state.global_step), None)

    def on_step_end(self, args, state, control, **kwargs):
        if state.global_step in self.steps:
            control.should_save = True
        if self.stop_at is not None and state.global_step >= self.stop_at:
            control.should_training_stop = True
        return control


def checkpoint_dir(config: CurveConfig, step: int) -> Path:
    return Path(config.out) / TRAIN_DIR / f"checkpoint-{step}"


def resolve_recipe(config: CurveConfig) -> ResolvedConfig:
    """The recipe with the curve's keys on top: dataset, output dir, ``max_steps``, checkpoints kept, resume."""
    overrides: dict[str, Any] = {
        **config.train_overrides,
        "dataset": config.dataset,
        "output_dir": str(Path(config.out) / TRAIN_DIR),
        "max_steps": config.max_steps,
        "save_strategy": "steps",
        "save_steps": config.save_every or config.max_steps,
        "save_total_limit": None,  # every scheduled checkpoint is scored: keep them all
        "resume": True,
        "eval": False,
        "merge": False,
    }
    return load_train_config(config.recipe, overrides)


def _eval_out(config: CurveConfig, label: str, task: str) -> Path:
    return Path(config.out) / EVAL_DIR / label / task


def _finished(out: Path, task: str, settings: list[str], protocol: dict[str, Any]) -> dict[str, Any] | None:
    """The metrics of an evaluation that already ran to the end in ``out`` (every setting scored) under the same
    ``protocol`` (the run config's rows and prompt keys: ``limit``, ``max_length``), else None."""
    path = out / "results.json"
    if not path.is_file():
        return None
    try:
        results = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    scored = results.get("tasks", {}).get(task, {})
    if results.get("valid") is False or any(s not in scored for s in settings):
        return None
    recorded = results.get("config") or {}
    changed = {k: (recorded.get(k), v) for k, v in protocol.items() if recorded.get(k) != v}
    if changed:
        log.info("curve: %s was scored with %s: scored again", out, ", ".join(
            f"{k}={old} (now {new})" for k, (old, new) in changed.items()))
        return None
    return {s: scored[s] for s in settings}


def eval_max_length(config: CurveConfig, resolved: ResolvedConfig) -> int | None:
    """The ``--max-length`` the model's evaluations use (``recipe``: the recipe's ``max_length``)."""
    return resolved.max_length if config.eval_max_length == "recipe" else config.eval_max_length


def evaluate_model(config: CurveConfig, *, label: str, dataset: str, backend: str = "hf", model: str | None = None,
                   adapter: str | None = None) -> dict[str, dict[str, Any]]:
    """Score one model on every (task, setting) of the protocol; reuse what an earlier run finished.

    Each task is its own ``evaluate`` run (``<out>/eval/<label>/<task>/``) with the config's generation limit
    for that task; the model is loaded once for all of them.
    """
    from tooldial.evaluation import EvalConfig, evaluate, make_backend

    # the baselines read the row, not the prompt: only a model's prompts are fitted to the training length
    max_length = eval_max_length(config, resolve_recipe(config)) if backend == "hf" else None
    scores: dict[str, dict[str, Any]] = {}
    todo = []
    for task in config.eval_tasks:
        out = _eval_out(config, label, task)
        done = _finished(out, task, config.eval_settings, {"limit": config.eval_limit, "max_length": max_length})
        if done is not None:
            scores[task] = done
        else:
            todo.append((task, out))
    if not todo:
        log.info("curve: %s already scored, reused", label)
        return scores
    engine = make_backend(backend, model=model, adapter=adapter, batch_size=config.eval_batch_size)
    try:
        for task, out in todo:
            log.info("curve: scoring %s on %s (%s, first %s rows per setting)", label, task, config.eval_split,
                     config.eval_limit)
            eval_config = EvalConfig(
                tasks=[task], settings=list(config.eval_settings), backend=backend, model=model, adapter=adapter,
                dataset=dataset, split=config.eval_split, limit=config.eval_limit,
                max_new_tokens=config.tokens_for(task) if backend == "hf" else None,
                batch_size=config.eval_batch_size, out=str(out), overwrite=True, progress=config.progress,
                max_length=max_length)
            results = evaluate(eval_config, backend=engine)
            if results.get("valid") is False:
                raise ConfigError(f"evaluation marked invalid: {results.get('invalid_reason')}", file=str(out))
            scores[task] = {s: results["tasks"][task][s] for s in config.eval_settings}
    finally:
        engine.close()
    return scores


def _summary(scores: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The figures the table keeps per (task, setting): accuracy, its interval, n, and the majority class."""
    out: dict[str, dict[str, Any]] = {}
    for task, settings in scores.items():
        for setting, metrics in settings.items():
            row = {"accuracy": metrics["accuracy"], "accuracy_ci": metrics.get("accuracy_ci"), "n": metrics["n"]}
            for key in ("lenient_accuracy", "macro_f1", "invalid", "history_trimmed"):
                if key in metrics:
                    row[key] = metrics[key]
            majority = metrics.get("majority_baseline")
            if majority and majority.get("label") is not None:
                from tooldial.evaluation.metrics import wilson_interval

                row["majority"] = {"label": majority["label"], "accuracy": majority["accuracy"],
                                   "accuracy_ci": wilson_interval(majority["accuracy"] * metrics["n"],
                                                                  metrics["n"])}
            out.setdefault(task, {})[setting] = row
    return out


def separation(row: dict[str, Any]) -> dict[str, Any] | None:
    """Whether a model's 95% interval lies wholly above the majority class's (the issue's done-when test)."""
    majority = row.get("majority")
    if not majority or not row.get("accuracy_ci"):
        return None
    low = row["accuracy_ci"][0]
    high = majority["accuracy_ci"][1]
    return {"model_low": low, "majority_high": high, "beats_majority": low > high}


def _train_segment(config: CurveConfig, step: int) -> dict[str, Any]:
    """Train (resuming from the last checkpoint) until ``checkpoint-<step>`` exists; return its metrics."""
    from tooldial.training.trainer import train

    resolved = resolve_recipe(config)
    started = time.perf_counter()
    result = train(resolved, callbacks=[StopAtSchedule(config.steps)])
    if not checkpoint_dir(config, step).is_dir():
        raise ConfigError(f"training stopped at step {result.global_step} without writing checkpoint-{step} (fewer "
                          "training rows than steps with num_train_epochs?)", file=str(resolved.output_dir))
    return {"global_step": result.global_step, "resumed_from": result.resumed_from,
            "seconds": round(time.perf_counter() - started, 1), "train_rows": result.train_rows.summary(),
            "tokens_per_second": result.tokens_per_second, "loss_last": result.loss_last}


def _read_table(path: Path) -> dict[str, Any]:
    if path.is_file():
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except ValueError:
            log.warning("curve: unreadable %s, rewritten", path)
    return {}


def run_curve(config: CurveConfig) -> dict[str, Any]:
    """Run (or resume) the whole protocol; returns the ``curve.json`` content."""
    from accelerate import PartialState

    resolved = resolve_recipe(config)  # fail fast on a bad recipe key, before any model is loaded
    state = PartialState()
    main = state.is_main_process
    out = Path(config.out)
    out.mkdir(parents=True, exist_ok=True)
    table_path = out / CURVE_JSON
    table = _read_table(table_path) if main else {}
    table.update({"config": config.model_dump(), "recipe": resolved.to_yaml(),
                  "base_model": resolved.tooldial.model_name_or_path,
                  "eval_max_length": eval_max_length(config, resolved)})
    table.setdefault("steps", {})
    table.setdefault("training", {})

    def save() -> None:
        if main:
            write_json(table_path, table)
            from tooldial.training.curve_plot import plot_curve

            plot_curve(table, out / CURVE_PNG)

    if main:
        for name in config.baselines:
            table.setdefault("baselines", {})[name] = _summary(evaluate_model(
                config, label=f"{BASELINE_DIR}-{name}", dataset=config.dataset, backend=name))
        save()
    for step in config.steps:
        if step > 0 and not checkpoint_dir(config, step).is_dir():
            log.info("curve: training to step %d of %d (%s)", step, config.max_steps, resolved.output_dir)
            table["training"][str(step)] = _train_segment(config, step)
        if main:
            label = f"step-{step:05d}"
            model, adapter = _model_at(config, resolved, step)
            table["steps"][str(step)] = _summary(evaluate_model(config, label=label, dataset=config.dataset,
                                                                model=model, adapter=adapter))
            save()
            log.info("curve: step %d: %s", step, _one_line(table["steps"][str(step)]))
        state.wait_for_everyone()
    if main:
        if config.unseen_dataset:
            last = config.max_steps
            model, adapter = _model_at(config, resolved, last)
            unseen = _summary(evaluate_model(config, label=f"unseen-step-{last:05d}", dataset=config.unseen_dataset,
                                             model=model, adapter=adapter))
            baselines = {name: _summary(evaluate_model(config, label=f"unseen-{BASELINE_DIR}-{name}",
                                                       dataset=config.unseen_dataset, backend=name))
                         for name in config.baselines}
            from tooldial.training.curve_data import api_overlap

            table["unseen"] = {"step": last, "dataset": config.unseen_dataset, "model": unseen,
                               "baselines": baselines,
                               "api_overlap": api_overlap(config.dataset, config.unseen_dataset,
                                                          test_split=config.eval_split),
                               "in_distribution_api_overlap": api_overlap(config.dataset, config.dataset,
                                                                          test_split=config.eval_split)}
        last_row = table["steps"][str(config.max_steps)]
        table["last_step_vs_majority"] = {
            setting: separation(row) for setting, row in last_row.get("action", {}).items()}
        save()
    state.wait_for_everyone()
    return table


def _model_at(config: CurveConfig, resolved: ResolvedConfig, step: int) -> tuple[str | None, str | None]:
    """(model, adapter) to load for ``step``: the base model at 0, else the checkpoint (an adapter with PEFT)."""
    if step == 0:
        return resolved.tooldial.model_name_or_path, None
    ckpt = str(checkpoint_dir(config, step))
    return (None, ckpt) if resolved.tooldial.use_peft else (ckpt, None)


def _one_line(scores: dict[str, dict[str, Any]]) -> str:
    return "; ".join(f"{task} {setting} {100 * row['accuracy']:.1f}% (n={row['n']})"
                     for task, settings in scores.items() for setting, row in settings.items())
