"""``evaluate(config)``: the whole evaluation run — rows in, ``results.json`` / ``predictions.jsonl`` /
``report.md`` / PNGs out.

Every (task, setting) pair is generated through the prediction cache and written to the run directory as soon
as it is scored, so an interrupted run keeps its finished parts and a rerun resumes where it stopped.
"""

from __future__ import annotations

import json
import logging
import platform
import time
from importlib import metadata
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from tooldial.errors import ConfigError, EnvironmentFailure
from tooldial.evaluation.backends.base import Backend, make_backend
from tooldial.evaluation.benchmark import SETTINGS, Benchmark, JudgeSpec, TaskSpec, load_benchmark
from tooldial.evaluation.cache import PredictionCache
from tooldial.evaluation.cpu_defaults import runs_on_cpu, task_token_limit
from tooldial.evaluation.generation import CachedGenerator
from tooldial.evaluation.metrics import add_intervals
from tooldial.evaluation.prompt_fit import prompt_fitter
from tooldial.evaluation.provenance import prepare_run_dir, run_provenance
from tooldial.evaluation.tasks import EvalTask, SingleRoundTask, TaskContext
from tooldial.jsonfile import write_json
from tooldial.outputs import make_folder, os_error, output_folder
from tooldial.redact import redact_data
from tooldial.registry import BACKENDS, EVAL_TASKS
from tooldial.tasks.prompts import DEFAULT_PROFILE, Profile
from tooldial.training.data import trim_history

RESULTS_FILE = "results.json"
PREDICTIONS_FILE = "predictions.jsonl"
REPORT_FILE = "report.md"

log = logging.getLogger(__name__)


class EvalConfig(BaseModel):
    """Everything that defines a run (recorded in ``results.json``; never holds an API key)."""

    model_config = ConfigDict(extra="forbid")

    tasks: list[str] = Field(default_factory=lambda: list(EVAL_TASKS.names()))
    settings: list[str] = Field(default_factory=lambda: list(SETTINGS))
    #: A name in :data:`tooldial.registry.BACKENDS`.
    backend: str = BACKENDS.default or "hf"
    model: str | None = None
    adapter: str | None = None
    base_url: str | None = None
    dataset: str
    split: str = "test"
    limit: int | None = Field(None, ge=1)
    batch_size: int = Field(8, ge=1)
    max_new_tokens: int | None = Field(None, ge=1)
    max_concurrency: int = Field(8, ge=1)
    judge_base_url: str | None = None
    judge_model: str | None = None
    judge_n: int | None = Field(None, ge=1)
    judge_temperature: float | None = Field(None, gt=0.0, le=2.0)
    #: Seconds per request and attempts per request to an LLM server (``openai`` backend and the judge).
    timeout: float = Field(120.0, gt=0.0)
    max_attempts: int = Field(6, ge=1)
    #: A run where a larger share of backend or judge requests failed is marked invalid (``valid: false``).
    max_failure_rate: float = Field(0.05, ge=0.0, le=1.0)
    out: str
    cache_dir: str | None = None
    use_cache: bool = True
    seed: int = 0
    benchmark: str | None = None
    progress: bool = True
    #: Replace an earlier run in ``out`` (only the files a run writes); without it such a directory is refused.
    overwrite: bool = False
    #: Prompt/layout profile (``original`` | ``paper``); ``None``: the profile the dataset was built with.
    profile: Literal["original", "paper"] | None = None
    #: ``tooldial``: our scoring; ``original``: the released code's verdicts (``eval/README.md``).
    scoring: Literal["tooldial", "original"] = "tooldial"
    #: Fit each action/DST prompt and its ``max_new_tokens`` into this many tokens by dropping the oldest history
    #: lines, with training's ``trim_history`` (``prompt_fit``); ``None``: prompts are sent whole.
    max_length: int | None = Field(None, ge=1)

    @field_validator("backend")
    @classmethod
    def _known_backend(cls, name: str) -> str:
        BACKENDS.target(name)  # a one-line ConfigError with a suggestion when unknown
        return name

    @field_validator("tasks")
    @classmethod
    def _known_tasks(cls, names: list[str]) -> list[str]:
        for name in names:
            EVAL_TASKS.target(name)
        return names

    @classmethod
    def expand(cls, task: str, setting: str, **fields: Any) -> EvalConfig:
        """Build from CLI spellings (``--task all``, ``--setting both``)."""
        tasks = list(EVAL_TASKS.names()) if task == "all" else [task]
        settings = list(SETTINGS) if setting == "both" else [setting]
        return cls(tasks=tasks, settings=settings, **fields)


def library_versions() -> dict[str, str]:
    versions = {"python": platform.python_version()}
    for dist in ("tooldial", "torch", "transformers", "peft", "datasets", "scikit-learn", "openai"):
        try:
            versions[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            continue
    return versions


def dataset_profile(dataset: str) -> Profile:
    """The prompt profile a dataset was built with: from a local directory's ``tooldial_build.json`` (``paper``
    for one built before profiles existed); a Hub id or a directory without that file gets
    :data:`~tooldial.tasks.prompts.DEFAULT_PROFILE` (pass ``--profile`` when it was built otherwise)."""
    from tooldial.dataset.export import BUILD_INFO_NAME
    from tooldial.dataset.info import build_profile

    path = Path(dataset) / BUILD_INFO_NAME
    if not path.is_file():
        log.debug("%s has no %s: prompt profile %s", dataset, BUILD_INFO_NAME, DEFAULT_PROFILE)
        return DEFAULT_PROFILE
    try:
        build = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ConfigError(f"unreadable build info: {exc}", file=str(path), field="profile") from None
    info = build.get("info") if isinstance(build, dict) else None
    return build_profile(info if isinstance(info, dict) else {})


def load_split(dataset: str, config: str, split: str) -> Any:
    """One dataset config and split (local directory or Hub id) as an in-memory ``datasets.Dataset``.

    A local directory is read through a throw-away ``datasets`` cache: ``datasets`` keys its cache of a local
    folder by the folder's name and config, not by the files' content, so a dataset rebuilt in place would
    otherwise be read stale.
    """
    import contextlib
    import tempfile

    import datasets

    datasets.disable_progress_bars()
    local = Path(dataset).is_dir()
    if local:
        from tooldial.dataset.output import read_manifest, verify_manifest

        if read_manifest(dataset) is not None:  # a dataset tooldial built: say so when its files changed since
            problems = verify_manifest(dataset, checksums=False)
            if problems:
                log.warning("%s: damaged or edited dataset, its files differ from the manifest tooldial wrote (%s)",
                            dataset, "; ".join(problems[:3]))
    fresh = tempfile.TemporaryDirectory(prefix="tooldial-eval-") if local else contextlib.nullcontext()
    with fresh as cache_dir:
        try:
            return datasets.load_dataset(str(dataset), config, split=split, cache_dir=cache_dir,
                                         keep_in_memory=local)
        except (FileNotFoundError, ValueError, datasets.exceptions.DatasetNotFoundError,
                datasets.exceptions.DatasetGenerationError) as exc:  # the last: a damaged shard
            raise ConfigError(f"cannot load config {config!r} split {split!r}: {exc}".splitlines()[0],
                              file=str(dataset), field="dataset") from None
        except ConnectionError as exc:  # the Hub (or a mirror) cannot be reached: the environment, not the input
            raise EnvironmentFailure(f"cannot load config {config!r} split {split!r}: {exc}".splitlines()[0],
                                     file=str(dataset), field="dataset") from None


def select_rows(ds: Any, setting: str | None, limit: int | None) -> list[dict[str, Any]]:
    """The rows of one setting (configs without a ``setting`` column keep all), first ``limit``; only those
    rows are turned into Python dicts."""
    indices = range(len(ds))
    if setting is not None and "setting" in ds.column_names:
        indices = [i for i, s in enumerate(ds["setting"]) if s == setting]
    if limit is not None:
        indices = indices[:limit]
    return ds.select(indices).to_list()


def load_rows(dataset: str, config: str, split: str, setting: str | None, limit: int | None) -> list[dict[str, Any]]:
    return select_rows(load_split(dataset, config, split), setting, limit)


def _backend_options(config: EvalConfig) -> dict[str, Any]:
    return {
        "model": config.model,
        "adapter": config.adapter,
        "base_url": config.base_url,  # the real one, to connect; every record of it is redacted
        "batch_size": config.batch_size,
        "max_concurrency": config.max_concurrency,
        "seed": config.seed,
        "timeout": config.timeout,
        "max_retries": config.max_attempts - 1,
        "cache_dir": None if config.cache_dir is None else str(Path(config.cache_dir) / "llm"),
        "use_cache": False,  # the prediction cache holds every completion of the evaluated model: no second copy
    }


class Run:
    """One evaluation run writing into ``config.out``."""

    def __init__(self, config: EvalConfig, backend: Backend | None = None) -> None:
        self.config = config
        self.bench: Benchmark = load_benchmark(config.benchmark)
        for task in config.tasks:
            if task not in self.bench.tasks:
                raise ConfigError(f"task {task!r} is not defined by the benchmark", field="task")
        self.out = output_folder(config.out)
        prepare_run_dir(self.out, overwrite=config.overwrite)
        make_folder(self.out)
        self._own_backend = backend is None
        self.backend = backend or make_backend(config.backend, **_backend_options(config))
        self.cache = PredictionCache(config.cache_dir) if config.use_cache else None
        #: A local model on the CPU: action limits capped, progress after every batch (cpu_defaults).
        self.on_cpu = backend is None and runs_on_cpu(config.backend)
        self.generator = CachedGenerator(self.backend, self.cache, self.bench.prompt_version,
                                         chunk_size=config.batch_size * (1 if self.on_cpu else 8))
        self.profile = config.profile or dataset_profile(config.dataset)
        self.fitter = prompt_fitter(self.backend, config.max_length)
        self.results: dict[str, Any] = {
            "benchmark": self.bench.name,
            "prompt_version": self.bench.prompt_version,
            "profile": self.profile,
            "scoring": config.scoring,
            "config": config.model_dump(),
            "backend": self.backend.describe(),
            "versions": library_versions(),
            "provenance": run_provenance(config.dataset, [self.bench.tasks[t].config for t in config.tasks],
                                         config.split),
            "tasks": {},
        }
        if self.fitter is not None:
            self.results["prompt_fit"] = {
                "max_length": config.max_length, "function": f"{trim_history.__module__}.{trim_history.__name__}",
                "rule": "oldest dialogue-history lines dropped until the templated prompt, the assistant prefix and "
                        "max_new_tokens fit max_length tokens (action and dst); the count per task and setting is "
                        "history_trimmed"}
        self._splits: dict[str, Any] = {}  # the config in use, loaded once for both settings
        self._predictions_started = False

    def _judge(self) -> Any:
        if not (self.config.judge_base_url and self.config.judge_model):
            return None
        from tooldial.evaluation.backends.openai import OpenAIBackend

        return OpenAIBackend(self.config.judge_model, self.config.judge_base_url,
                             max_concurrency=self.config.max_concurrency, seed=self.config.seed,
                             timeout=self.config.timeout, max_retries=self.config.max_attempts - 1,
                             cache_dir=_backend_options(self.config)["cache_dir"], use_cache=self.config.use_cache)

    def pairs(self) -> list[tuple[EvalTask, str | None]]:
        """(task, setting) in run order; a task without settings runs once (setting ``None``)."""
        out: list[tuple[EvalTask, str | None]] = []
        for name in self.config.tasks:
            task: EvalTask = EVAL_TASKS.create(name)
            out.extend((task, s) for s in task.settings(self.config.settings, self.bench.tasks[name]))
        return out

    def _spec(self, task: EvalTask) -> TaskSpec:
        """The benchmark's spec of ``task`` with the run's overrides (token limit, judge n and temperature)."""
        spec = self.bench.tasks[task.name]
        if self.config.max_new_tokens:
            spec = spec.model_copy(update={"max_new_tokens": self.config.max_new_tokens})
        elif self.on_cpu:
            spec = spec.model_copy(update={"max_new_tokens": task_token_limit(task.name, spec.max_new_tokens,
                                                                              on_cpu=True)})
        if task.needs_judge:
            updates = {k: v for k, v in (("n", self.config.judge_n),
                                         ("temperature", self.config.judge_temperature)) if v}
            spec = spec.model_copy(update={"judge": (spec.judge or JudgeSpec()).model_copy(update=updates)})
        return spec

    def _rows(self, task: EvalTask, setting: str | None, spec: TaskSpec) -> tuple[list[dict[str, Any]], bool]:
        """The rows of (task, setting), derived from the ``gt`` rows when the dataset does not ship the setting."""
        rows = select_rows(self._split(spec.config), setting, self.config.limit)
        if rows or setting is None or setting == "gt":
            return rows, False
        gt_rows = select_rows(self._split(spec.config), "gt", self.config.limit)
        derived = [d for row in gt_rows if (d := task.derive_row(row, setting)) is not None]
        return derived, bool(derived)

    def run(self) -> dict[str, Any]:
        started = time.perf_counter()
        needs_judge = any(EVAL_TASKS.load(name).needs_judge for name in self.config.tasks)
        judge = self._judge() if needs_judge else None
        try:
            for task, setting in self.pairs():
                if task.needs_judge and judge is None:
                    if self.config.tasks == [task.name]:
                        raise ConfigError(f"{task.name} needs a judge: --judge-base-url and --judge-model",
                                          field="judge_model")
                    log.warning("skipping %s (no --judge-base-url/--judge-model)", task.name)
                    continue
                self._run_pair(task, setting, judge)
                self.results["generation"] = vars(self.generator.stats) | {"seconds_total": round(
                    time.perf_counter() - started, 3)}
                self._check_failures(judge)
                self.write(report=False)
        finally:
            if judge is not None:
                judge.close()
            if self.results["tasks"]:
                self.write(report=True)  # also after an interruption: the finished parts get their report
        return self.results

    def _check_failures(self, judge: Any) -> None:
        """File what failed and why; mark the run invalid when backend or judge failures exceed the threshold."""
        gen = self.generator.stats
        failures = {"backend": {"requests": gen.requests, "failed": gen.failures,
                                "rate": round(gen.failures / gen.requests, 4) if gen.requests else 0.0,
                                "reasons": dict(gen.failure_reasons)}}
        client = getattr(judge, "client", None)
        if client is not None:
            stats = client.stats
            asked = stats.sent + stats.cache_hits
            failures["judge"] = {"requests": asked, "failed": stats.errors, "rate": round(stats.failure_rate, 4),
                                 "reasons": dict(stats.failures)}
        over = [f"{who}: {f['failed']} of {f['requests']} requests failed ({100 * f['rate']:.1f}%)"
                for who, f in failures.items() if f["failed"] and f["rate"] > self.config.max_failure_rate]
        self.results["failures"] = failures
        self.results["valid"] = not over
        if over:
            self.results["invalid_reason"] = (f"more than {100 * self.config.max_failure_rate:g}% of requests "
                                              f"failed — {'; '.join(over)}")
        else:
            self.results.pop("invalid_reason", None)

    def _run_pair(self, task: EvalTask, setting: str | None, judge: Any) -> None:
        """Run one (task, setting), file its metrics and append its predictions."""
        from tqdm.auto import tqdm

        spec = self._spec(task)
        rows, derived = self._rows(task, setting, spec)
        if not rows:
            log.warning("no %s/%s rows in %s (%s, %s); skipped", task.name, setting or "-", self.config.dataset,
                        spec.config, self.config.split)
            return
        t0 = time.perf_counter()
        before = self.generator.stats.backend_requests
        if self.fitter is not None and not isinstance(task, SingleRoundTask):
            log.warning("--max-length applies to action and dst: %s prompts are sent whole", task.name)
        ctx = TaskContext(self.generator, judge, profile=self.profile, scoring=self.config.scoring, fitter=self.fitter)
        with tqdm(total=len(rows), unit="ex", desc=f"{task.name}/{setting or '-'}",
                  disable=not self.config.progress, dynamic_ncols=True) as bar:
            ctx.progress = bar.update
            outcome = task.run(rows, setting, spec, ctx)
        seconds = time.perf_counter() - t0
        metrics = outcome.metrics.model_copy(update={
            "seconds": round(seconds, 3),
            "examples_per_second": round(len(rows) / seconds, 2) if seconds > 0 else None,
            "backend_requests": self.generator.stats.backend_requests - before,
            "max_new_tokens": spec.max_new_tokens,
            "dataset_config": spec.config,
            "derived_from": "gt rows, state and action lines removed from the history" if derived else None,
            "history_trimmed": ctx.trimmed if self.fitter is not None else None,
        })
        self.results["tasks"].setdefault(task.name, {})[task.result_key(setting)] = add_intervals(
            task.name, metrics.model_dump(mode="json", exclude_none=True), outcome.records, seed=self.config.seed)
        self._append_predictions(task.name, setting, outcome.records)

    def _split(self, config_name: str) -> Any:
        if config_name not in self._splits:
            self._splits = {config_name: load_split(self.config.dataset, config_name, self.config.split)}
        return self._splits[config_name]

    def _append_predictions(self, task: str, setting: str | None, records: list[dict[str, Any]]) -> None:
        """Add one (task, setting)'s records to ``predictions.jsonl`` (started afresh by each run)."""
        mode = "a" if self._predictions_started else "w"
        self._predictions_started = True
        path = self.out / PREDICTIONS_FILE
        try:
            with path.open(mode, encoding="utf-8") as fh:
                fh.writelines(json.dumps(redact_data({"task": task, "setting": setting, **record}),
                                         ensure_ascii=False, default=str) + "\n" for record in records)
        except OSError as exc:
            raise os_error(exc, path) from None

    def write(self, report: bool = True) -> None:
        """``results.json`` (atomically); ``report.md`` and PNGs when ``report``."""
        from tooldial.evaluation.report import write_report

        write_json(self.out / RESULTS_FILE, self.results)
        if report:
            write_report(self.results, self.bench, self.out)

    def close(self) -> None:
        if self._own_backend:
            self.backend.close()
        if self.cache is not None:
            self.cache.close()


def evaluate(config: EvalConfig, backend: Backend | None = None) -> dict[str, Any]:
    """Run an evaluation and write its reports into ``config.out``; returns the ``results.json`` content."""
    run = Run(config, backend)
    try:
        return run.run()
    finally:
        run.close()
