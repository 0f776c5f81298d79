"""``simulate(config)``: scenarios in, conversations run, ``results.json`` / ``transcripts.jsonl`` /
``report.md`` / PNGs out.

All episodes of a trial advance in lockstep (one system block, then one user turn, for every live episode), so
a backend sees batches (``hf`` pads less, ``openai`` runs requests concurrently). Trial ``t`` reuses every
scenario with user seed ``seed + t``; ``pass^k`` counts the trials a scenario succeeded in. Every model call
goes through a disk cache (the prediction cache for backends, :class:`tooldial.llm.LLMClient`'s for LLM users
and native tool calling), so a killed run restarts, replays the conversations from the cache and only sends
requests that never got an answer.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from tooldial.errors import ConfigError
from tooldial.simulation.episode import Episode
from tooldial.simulation.executor import ToolExecutor
from tooldial.simulation.metrics import aggregate_by, aggregate_rows, pass_hat_curve
from tooldial.simulation.options import RunOptions, llm_client
from tooldial.simulation.scenario import SimScenario, scenario_from_record
from tooldial.simulation.scoring import METRICS, score_episode

log = logging.getLogger(__name__)

RESULTS_FILE = "results.json"
TRANSCRIPTS_FILE = "transcripts.jsonl"


class _SimulationInputs(BaseModel):
    dataset: str | None = None
    dialogues: str | None = None
    split: str = "test"
    #: ``None``: the corpus the dataset was built from (its ``tooldial_build.json``), else ``builtin``.
    corpus: str | None = None


class SimulationConfig(RunOptions, _SimulationInputs):
    """Everything that determines a simulation run (written to ``results.json``): the dialogues to replay,
    then the :class:`~tooldial.simulation.options.RunOptions`."""

    model_config = ConfigDict(extra="forbid")


def load_records(config: SimulationConfig) -> list[Any]:
    """The dialogue records to simulate: a ``dialogues.jsonl`` file or a dataset directory's ``dialogues`` split."""
    if bool(config.dataset) == bool(config.dialogues):
        raise ConfigError("give exactly one of --dataset DIR and --dialogues FILE", field="dataset")
    if config.dialogues:
        from tooldial.dialogue.io import read_dialogues

        records = list(read_dialogues(config.dialogues))
    else:
        from tooldial.dataset.rows import record_from_dialogue_row
        from tooldial.evaluation.runner import load_split

        ds = load_split(str(config.dataset), "dialogues", config.split)
        n = len(ds) if config.limit is None else min(config.limit, len(ds))
        records = [record_from_dialogue_row(row) for row in ds.select(range(n)).to_list()]
    if config.limit is not None:
        records = records[: config.limit]
    if not records:
        raise ConfigError("no dialogues to simulate", file=config.dataset or config.dialogues)
    return records


def dataset_corpus(config: SimulationConfig) -> str:
    """The corpus documenting the dialogues' APIs: ``--corpus`` when given, else the one the dataset directory
    was built from (``tooldial_build.json``), else ``builtin``. A recorded corpus path that is gone is an error
    (simulating a custom corpus's dialogues against the embedded APIs would score the wrong tools)."""
    if config.corpus:
        return config.corpus
    if not config.dataset:
        return "builtin"
    from tooldial.evaluation.provenance import build_info

    recorded = (build_info(config.dataset) or {}).get("corpus")
    if not recorded or recorded == "builtin":
        return "builtin"
    if not Path(recorded).expanduser().exists():
        raise ConfigError(f"the dataset was built from the corpus {recorded!r}, which is not there now; pass "
                          "--corpus PATH", file=config.dataset, field="--corpus")
    return str(recorded)


def make_user(config: SimulationConfig) -> Any:
    from tooldial.registry import SIMULATORS

    if config.user == "llm":
        client = llm_client(config.user_base_url, config.user_model, config, "user_base_url")
        return SIMULATORS.create("llm", client=client, max_user_turns=config.max_user_turns or 6,
                                 max_tokens=config.user_max_tokens, temperature=config.user_temperature,
                                 seed=config.seed)
    return SIMULATORS.create(config.user, max_user_turns=config.max_user_turns, seed=config.seed)


def make_system(config: SimulationConfig) -> tuple[Any, list[Any]]:
    """The system under test and the resources to close afterwards."""
    if config.protocol == "native":
        from tooldial.simulation.systems import NativeToolSystem

        client = llm_client(config.base_url, config.model, config, "base_url")
        return NativeToolSystem(client, max_rounds=config.max_rounds, max_tokens=config.max_new_tokens,
                                seed=config.seed), [client]
    from tooldial.evaluation.backends.base import make_backend
    from tooldial.evaluation.cache import PredictionCache
    from tooldial.evaluation.generation import CachedGenerator
    from tooldial.simulation.systems import ToolDialSystem
    from tooldial.tasks.prompts import PROMPT_VERSION

    backend = make_backend(config.system, model=config.model, adapter=config.adapter, base_url=config.base_url,
                           batch_size=config.batch_size, max_concurrency=config.max_concurrency,
                           seed=config.seed, timeout=config.timeout, max_retries=config.max_attempts - 1,
                           cache_dir=None if config.cache_dir is None else str(Path(config.cache_dir) / "llm"))
    cache = PredictionCache(config.cache_dir) if config.use_cache else None
    generator = CachedGenerator(backend, cache, f"{PROMPT_VERSION}+simulate-v1", chunk_size=config.batch_size * 8)
    closers = [backend] + ([cache] if cache is not None else [])
    return ToolDialSystem(generator, max_rounds=config.max_rounds, max_new_tokens=config.max_new_tokens), closers


#: Timing fields left out of ``results.json`` so that the same run writes the same bytes.
_TIMINGS = ("seconds", "tokens_per_second", "seconds_in_backend", "max_in_flight")


def request_usage(user: Any, system: Any) -> dict[str, Any]:
    """Model requests of a run: sent vs answered from a cache, for the user and the system under test."""
    from dataclasses import asdict

    def counts(stats: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in stats.items() if k not in _TIMINGS}

    usage: dict[str, Any] = {}
    user_client = getattr(user, "client", None)
    if user_client is not None:
        usage["user"] = counts(user_client.stats.as_dict())
    generator = getattr(system, "generator", None)
    if generator is not None:
        usage["system"] = counts(asdict(generator.stats))
        backend_client = getattr(generator.backend, "client", None)
        if backend_client is not None:
            usage["system_llm"] = counts(backend_client.stats.as_dict())
    elif getattr(system, "client", None) is not None:
        usage["system_llm"] = counts(system.client.stats.as_dict())
    return usage


def run_episodes(scenarios: list[SimScenario], executors: list[ToolExecutor], user: Any, system: Any,
                 trial: int, progress: Any = None) -> list[Episode]:
    """One trial over every scenario: lockstep user turns and system blocks until every episode ended."""
    episodes = [Episode(scenario=s, trial=trial, executor=e) for s, e in zip(scenarios, executors, strict=True)]
    user.open(episodes)
    live = list(episodes)
    while live:
        system.step(live)
        user.respond([ep for ep in live if not ep.done])
        finished = [ep for ep in live if ep.done]
        if progress is not None and finished:
            progress.update(len(finished))
        live = [ep for ep in live if not ep.done]
    return episodes


def trial_episodes(scenarios: list[SimScenario], new_executors: Callable[[], list[ToolExecutor]], user: Any,
                   system: Any, trials: int, *, desc: str, progress: bool) -> Iterator[tuple[int, Episode]]:
    """``(trial, episode)`` for every trial of every scenario, each trial with fresh executors, under one
    progress bar."""
    from tqdm.auto import tqdm

    with tqdm(total=len(scenarios) * trials, desc=desc, unit="dialogue", disable=not progress) as bar:
        for trial in range(trials):
            for ep in run_episodes(scenarios, new_executors(), user, system, trial, bar):
                yield trial, ep


def summarize(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Aggregates with 95% intervals: overall, by stratum, by sequence; pass^k over trials; end reasons."""
    outcomes: dict[str, list[bool]] = defaultdict(list)
    for row in sorted(rows, key=lambda r: (r["dialogue_id"], r["trial"])):
        outcomes[row["dialogue_id"]].append(bool(row["task_success"]))
    deviations: dict[str, int] = defaultdict(int)
    reasons: dict[str, int] = defaultdict(int)
    for row in rows:
        reasons[row["end_reason"]] += 1
        if row["first_deviation"]:
            d = row["first_deviation"]
            deviations[f"{d['from'] or 'start'} -> {d['to']}"] += 1
    dump = lambda groups: {k: {m: a.model_dump() for m, a in v.items()} for k, v in groups.items()}  # noqa: E731
    return {
        "dialogues": len(outcomes),
        "episodes": len(rows),
        "metrics": {m: a.model_dump() for m, a in aggregate_rows(rows, METRICS).items()},
        "tests": {"passed": sum(r["tests_passed"] or 0 for r in rows),
                  "total": sum(r["tests_total"] for r in rows if r["tests_passed"] is not None)},
        "pass_hat_k": {str(k): v for k, v in pass_hat_curve(outcomes).items()},
        "by_stratum": dump(aggregate_by(rows, "stratum", METRICS)),
        "by_apis": dump(aggregate_by(rows, "stratum_apis", METRICS)),
        "by_missing_inputs": dump(aggregate_by(rows, "stratum_missing_inputs", METRICS)),
        "by_clarifications": dump(aggregate_by(rows, "stratum_clarifications", METRICS)),
        "by_sequence": dump(aggregate_by(rows, "sequence_id", METRICS)),
        "first_deviations": dict(sorted(deviations.items(), key=lambda kv: (-kv[1], kv[0]))),
        "end_reasons": dict(sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))),
        "failures": sum(1 for r in rows if r["failures"]),
    }


def simulate(config: SimulationConfig) -> dict[str, Any]:
    """Run the simulation described by ``config`` and write its files into ``config.out``."""
    from tooldial.corpus.loaders import load_corpus
    from tooldial.evaluation.runner import library_versions
    from tooldial.jsonfile import write_json
    from tooldial.simulation.report import write_report
    from tooldial.simulation.results import check_out_dir, write_jsonl

    check_out_dir(config.out)  # before any model is loaded or request sent
    config = config.model_copy(update={"corpus": dataset_corpus(config)})  # results.json records the real one
    records = load_records(config)
    corpus = load_corpus(config.corpus) if config.corpus else None
    scenarios = [scenario_from_record(r, corpus) for r in records]
    user = make_user(config)
    system, closers = make_system(config)
    described = {"user": user.describe(), "system": system.describe()}  # before closing (hf drops its model)
    rows: list[dict[str, Any]] = []
    transcripts: list[dict[str, Any]] = []
    def executors() -> list[ToolExecutor]:
        return [ToolExecutor([e for side in ("source", "target") for e in r.mockdata.get(side) or []], corpus)
                for r in records]

    try:
        for trial, ep in trial_episodes(scenarios, executors, user, system, config.trials, desc="simulate",
                                        progress=config.progress):
            row = score_episode(ep, journeys=config.protocol == "tooldial")
            rows.append(row)
            transcripts.append({"id": ep.id, "dialogue_id": ep.scenario.dialogue_id, "trial": trial,
                                "sequence_id": ep.scenario.sequence_id, "end_reason": ep.end_reason,
                                "task_success": row["task_success"], "turns": ep.transcript()})
    finally:
        usage = request_usage(user, system)
        for closer in closers:
            closer.close()
        client = getattr(user, "client", None)
        if client is not None:
            client.close()
    results = {
        "kind": "dynamic",
        "suite": "tooldial",
        "config": config.model_dump(),
        **described,
        "versions": library_versions(),
        "seeds": {"run": config.seed, "trials": config.trials},
        "requests": usage,
        **summarize(rows),
    }
    out = Path(config.out)
    write_jsonl(out / TRANSCRIPTS_FILE, transcripts)
    write_jsonl(out / "scores.jsonl", rows)
    write_json(out / RESULTS_FILE, results)
    write_report(results, out)
    return results
