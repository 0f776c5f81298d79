"""The AutoDE benchmark (Mu et al., 2024) as an external suite: its tasks, its APIs, and its transcript scoring.

Data layout (a copy of the public hlmu/AutoDE data, see its README): ``data_v1_2.jsonl`` holds the 276 tasks
(``uuid``, ``background`` — the user script —, ``content`` — the fixed first user turn —, the gold ``api`` and
``slots``), ``autode_apis_openai.json`` the 66 APIs as OpenAI function definitions, ``prompts/`` the user-agent
and assistant prompts. Released transcripts carry, per trial, the assistant's final ``api`` / ``slots`` and a
``state`` (``success`` | ``failure``).

Scoring (paper §2, Table 1): per record, slot precision/recall/F1 against the gold call
(:func:`tooldial.simulation.metrics.slot_prf`), 0 when the call failed or names another API; averaged over
records. The ± of Table 1 is the sample standard deviation of the F1 over the trials (a task's n-th record
belongs to trial n).
"""

from __future__ import annotations

import gzip
import json
import statistics
import zlib
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tooldial.errors import TooldialError
from tooldial.simulation.executor import NO_RECORD
from tooldial.simulation.metrics import ZERO, SlotScore, slot_prf
from tooldial.simulation.options import RunOptions, llm_client

TASKS_FILE = "data_v1_2.jsonl"
APIS_FILE = "autode_apis_openai.json"
USER_PROMPT_FILE = "prompts/prompt_eng_user_v3.txt"
SYSTEM_PROMPT_FILE = "prompts/prompt_eng_system.txt"


class AutoDETask(BaseModel):
    """One AutoDE task: the user script and the gold call."""

    uuid: str
    background: str
    content: list[dict[str, str]] = Field(min_length=1)
    api: str
    slots: dict[str, Any] = Field(default_factory=dict)

    @property
    def first_query(self) -> str:
        return str(self.content[0].get("message", ""))


class AutoDETranscript(BaseModel):
    """One released dynamic-evaluation record: the task, the dialogue and the assistant's final call."""

    uuid: str
    content: list[dict[str, str]] = Field(default_factory=list)
    api: str = ""
    slots: dict[str, Any] = Field(default_factory=dict)
    state: str
    reason: str = ""


def _open_text(path: Path):
    return gzip.open(path, "rt", encoding="utf-8") if path.suffix == ".gz" else path.open(encoding="utf-8")


def _read_jsonl(path: Path, model: type[BaseModel]) -> list[Any]:
    if not path.is_file():
        raise TooldialError("no such file", file=str(path))
    out = []
    number = 0
    try:
        with _open_text(path) as handle:
            for number, line in enumerate(handle, start=1):  # noqa: B007 (named in the error below)
                if not line.strip():
                    continue
                try:
                    out.append(model.model_validate_json(line))
                except ValidationError as exc:
                    error = exc.errors()[0]
                    field = ".".join(str(p) for p in error["loc"]) or None
                    raise TooldialError(error["msg"], file=str(path), record=f"line {number}", field=field) from None
    except (OSError, EOFError, UnicodeDecodeError, zlib.error) as exc:  # a truncated or corrupt .gz, a binary file
        detail = "the compressed stream ends early (truncated file)" if isinstance(exc, EOFError) else str(exc)
        raise TooldialError(f"cannot read after line {number}: {detail}", file=str(path)) from None
    return out


def load_tasks(path: str | Path) -> list[AutoDETask]:
    """The tasks of ``data_v1_2.jsonl`` (or a directory holding it)."""
    path = Path(path)
    if path.is_dir():
        path = path / TASKS_FILE
    return _read_jsonl(path, AutoDETask)


def load_apis(path: str | Path) -> dict[str, dict[str, Any]]:
    """The API definitions (OpenAI function format) by name, from ``autode_apis_openai.json`` or its directory."""
    path = Path(path)
    if path.is_dir():
        path = path / APIS_FILE
    if not path.is_file():
        raise TooldialError("no such file", file=str(path))
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as exc:
        raise TooldialError(f"not JSON: {exc}", file=str(path)) from None
    if not isinstance(data, list):
        raise TooldialError("expected a list of function definitions", file=str(path))
    apis = {}
    for i, item in enumerate(data):
        if not isinstance(item, dict) or not item.get("name"):
            raise TooldialError("a function definition needs a name", file=str(path), record=f"item {i}", field="name")
        apis[str(item["name"])] = item
    return apis


def load_transcripts(path: str | Path) -> list[AutoDETranscript]:
    return _read_jsonl(Path(path), AutoDETranscript)


def score_call(task: AutoDETask, api: str, slots: dict[str, Any] | None, ok: bool) -> SlotScore:
    """AutoDE's score of one final call: 0 unless it succeeded and names the gold API."""
    if not ok or api != task.api:
        return ZERO
    return slot_prf(slots, task.slots)


class TranscriptScores(BaseModel):
    """Table 1 figures (percent) of a transcript file, plus what they rest on."""

    file: str
    records: int
    tasks: int
    trials: int
    precision: float
    recall: float
    f1: float
    #: Sample standard deviation of the F1 over trials (Table 1's ±).
    f1_std_over_trials: float | None
    failed_records: int
    wrong_api_records: int
    reasons: dict[str, int]


def score_transcripts(transcripts_path: str | Path, tasks_path: str | Path) -> tuple[TranscriptScores,
                                                                                      list[dict[str, Any]]]:
    """Score a released transcript file against the gold tasks; returns the figures and one row per record."""
    tasks = {t.uuid: t for t in load_tasks(tasks_path)}
    records = load_transcripts(transcripts_path)
    if not records:
        raise TooldialError("no transcript records", file=str(transcripts_path))
    rows: list[dict[str, Any]] = []
    seen: Counter[str] = Counter()
    by_trial: dict[int, list[float]] = defaultdict(list)
    for number, record in enumerate(records, start=1):
        task = tasks.get(record.uuid)
        if task is None:
            raise TooldialError(f"task {record.uuid!r} is not in the tasks file {tasks_path}",
                                file=str(transcripts_path), record=f"line {number}", field="uuid")
        trial = seen[record.uuid]
        seen[record.uuid] += 1
        score = score_call(task, record.api, record.slots, record.state == "success")
        by_trial[trial].append(score.f1)
        rows.append({"uuid": record.uuid, "trial": trial, "state": record.state, "reason": record.reason,
                     "gold_api": task.api, "api": record.api, "turns": len(record.content), **score.model_dump()})
    n = len(rows)
    trial_f1 = [100 * sum(v) / len(v) for _, v in sorted(by_trial.items()) if len(v) == len(seen)]
    figures = TranscriptScores(
        file=str(transcripts_path),
        records=n,
        tasks=len(seen),
        trials=max(seen.values()),
        precision=100 * sum(r["precision"] for r in rows) / n,
        recall=100 * sum(r["recall"] for r in rows) / n,
        f1=100 * sum(r["f1"] for r in rows) / n,
        f1_std_over_trials=statistics.stdev(trial_f1) if len(trial_f1) > 1 else None,
        failed_records=sum(r["state"] != "success" for r in rows),
        wrong_api_records=sum(r["state"] == "success" and r["api"] != r["gold_api"] for r in rows),
        reasons=dict(Counter(r["reason"] for r in rows if r["reason"])),
    )
    return figures, rows


# --------------------------------------------------------------------------------------------------------------
# The suite: an LLM user plays each task's script, the system under test answers with native tool calls


class _AutoDEInputs(BaseModel):
    autode_dir: str


class AutoDEConfig(RunOptions, _AutoDEInputs):
    """A run of the AutoDE suite (written to ``results.json``): the AutoDE data directory, then the
    :class:`~tooldial.simulation.options.RunOptions` (their meaning as in ``SimulationConfig``). The system is a
    chat model with native tool calls (``protocol="native"``), the gold-call ``oracle``, or any other backend in
    ToolDial's format (a live retriever over the 66 APIs answers its retriever calls)."""

    model_config = ConfigDict(extra="ignore")

    user: str | None = "llm"
    protocol: str = "native"
    max_rounds: int = Field(3, ge=1)


def _read_prompt(autode_dir: Path, name: str) -> str:
    path = autode_dir / name
    if not path.is_file():
        raise TooldialError("no such file (the AutoDE prompts)", file=str(path))
    return path.read_text(encoding="utf-8").strip()


def task_scenario(task: AutoDETask, tools: list[dict[str, Any]]) -> Any:
    """An AutoDE task as a :class:`~tooldial.simulation.scenario.SimScenario` (one gold call, all 66 APIs)."""
    from tooldial.simulation.scenario import GoldCall, GoldUserTurn, SimScenario

    slots = {str(k): str(v) for k, v in task.slots.items()}
    first = task.first_query
    return SimScenario(
        dialogue_id=task.uuid, sequence_id=task.api, query=task.background, apis=[task.api],
        user_turns=[GoldUserTurn(message=first, action="inform_intent_clear")],
        actions=[], system_actions=["call"], calls=[GoldCall(api=task.api, arguments=slots)], known=slots,
        blocks=[], retrievals=[], tools=tools,
        stratum={"apis": 1, "missing_inputs": sum(1 for v in slots.values() if v.lower() not in first.lower()),
                 "clarifications": 0},
    )


def user_script_for(task_prompt: str, task: AutoDETask) -> str:
    """AutoDE's user script: the user-agent prompt, the task's background and the gold call (S ⊕ C_g)."""
    call = json.dumps({"funcName": task.api, **task.slots}, ensure_ascii=False)
    return f"{task_prompt}\n{task.background}\nAPI call: {call}"


class GoldCallSystem:
    """AutoDE's ``oracle``: calls the gold API with the gold slots on its first turn (scores 100)."""

    protocol = "oracle"

    def __init__(self, tasks: dict[str, AutoDETask]) -> None:
        self.tasks = tasks

    def describe(self) -> dict[str, Any]:
        return {"protocol": self.protocol, "backend": "oracle"}

    def step(self, episodes: Any) -> None:
        from tooldial.simulation.episode import SystemStep, Turn

        for ep in episodes:
            task = self.tasks[ep.scenario.dialogue_id]
            outcome = ep.executor.call(task.api, dict(task.slots))
            ep.turns.append(Turn(speaker="System", action="call", steps=[SystemStep(action="call", call=outcome)]))


def _embedding_cache(config: AutoDEConfig) -> Path:
    from tooldial.cache import default_cache_dir

    return Path(config.cache_dir) if config.cache_dir else default_cache_dir()


def _schema_error(call: Any) -> str:
    """The executor's objection to a call, if it broke the API's schema (AutoDE APIs have no results to give,
    so "no record matches" is not an error of the call)."""
    if call is None or call.ok or call.error == NO_RECORD:
        return ""
    return call.error


def _first_call(ep: Any) -> Any:
    calls = ep.calls()
    return calls[0] if calls else None


class _EndAtCall:
    """Wraps a system: AutoDE ends a conversation at the assistant's first API call."""

    def __init__(self, system: Any) -> None:
        self.system = system

    def describe(self) -> dict[str, Any]:
        return self.system.describe()

    def step(self, episodes: Any) -> None:
        self.system.step(episodes)
        for ep in episodes:
            if _first_call(ep) is not None:
                ep.end("assistant called an API")


class AutoDERetriever:
    """ToolDial's retriever over the AutoDE APIs, for systems in ToolDial's format: the packaged sentence
    embedder scores every API ("name: description") against the user's latest message; the observation is the
    top-5 with rounded scores and, when the best scores above 0.5, that API's documentation (the A.12 layout;
    every AutoDE parameter is required)."""

    def __init__(self, apis: dict[str, dict[str, Any]], embedder: Any, top_k: int = 5) -> None:
        self.apis = apis
        self.names = sorted(apis)
        self.embedder = embedder
        self.top_k = top_k
        self.matrix = embedder.encode([f"{n}: {apis[n].get('description', '')}" for n in self.names])

    def search(self, text: str) -> list[tuple[str, float]]:
        scores = (self.embedder.encode([text]) @ self.matrix.T)[0]
        hits = [(name, round(float(score), 4)) for name, score in zip(self.names, scores, strict=True)]
        hits.sort(key=lambda h: (-h[1], h[0]))
        return hits[: self.top_k]

    def documentation(self, name: str) -> dict[str, Any]:
        spec = self.apis[name]
        props = (spec.get("parameters") or {}).get("properties") or {}
        required = set((spec.get("parameters") or {}).get("required") or [])
        params = [{"input_parameter_name": p, "description": str(v.get("description", ""))} for p, v in props.items()]
        return {"api_name": name, "api_description": str(spec.get("description", "")),
                "required_parameters": [p for p in params if p["input_parameter_name"] in required],
                "optional_parameters": [p for p in params if p["input_parameter_name"] not in required]}

    def __call__(self, ep: Any, k_in_block: int) -> dict[str, Any]:
        text = next((t.message for t in reversed(ep.turns) if t.speaker == "User"), "")
        hits = self.search(text)
        observation: dict[str, Any] = {"retriever_status": {"retriever_call": "true", "retrieved_api": dict(hits)}}
        if hits and hits[0][1] > 0.5:
            observation["api_documentation"] = self.documentation(hits[0][0])
        return observation


def _autode_user(config: AutoDEConfig, user_prompt: str, by_id: dict[str, AutoDETask], closers: list[Any]) -> Any:
    """The LLM user playing each task's script (no client for the gold-call oracle, which never hears it)."""
    from tooldial.simulation.users import LLMUser

    if config.user != "llm":
        raise TooldialError("the AutoDE suite needs --user llm (its users are played by an LLM)", field="user")
    user_client = None
    gold = config.system == "oracle" and config.protocol == "tooldial"
    if not (config.user_base_url or config.protocol == "native" or gold) and (config.max_user_turns or 5) > 1:
        raise TooldialError(f"--system {config.system} on the AutoDE suite needs an LLM user after the task's first "
                            "query: give --user-base-url and --user-model (or --max-user-turns 1 for the first "
                            "query only)", field="user_base_url")
    if config.user_base_url or config.protocol == "native":  # the gold-call oracle never hears the user
        user_client = llm_client(config.user_base_url, config.user_model, config, "user_base_url")
        closers.append(user_client)
    return LLMUser(user_client, max_user_turns=config.max_user_turns or 5, max_tokens=config.user_max_tokens,
                   temperature=config.user_temperature, seed=config.seed,
                   script=lambda ep: user_script_for(user_prompt, by_id[ep.scenario.dialogue_id]))


def _autode_system(config: AutoDEConfig, root: Path, apis: dict[str, dict[str, Any]],
                   by_id: dict[str, AutoDETask], closers: list[Any], embedder: Any) -> _EndAtCall:
    """The system under test, ending each conversation at its first API call."""
    from tooldial.simulation.systems import NativeToolSystem

    if config.protocol == "native":
        client = llm_client(config.base_url, config.model, config, "base_url")
        closers.append(client)
        system: Any = NativeToolSystem(client, max_rounds=1, max_tokens=config.max_new_tokens, seed=config.seed,
                                       system_prompt=_read_prompt(root, SYSTEM_PROMPT_FILE), stop_at_call=True)
    elif config.system == "oracle":
        system = GoldCallSystem(by_id)
    else:  # any backend in ToolDial's format, with a live retriever over the AutoDE APIs
        from tooldial.embedding import Embedder
        from tooldial.simulation.runner import SimulationConfig, make_system

        sim_config = SimulationConfig(**{k: v for k, v in config.model_dump().items()
                                         if k in SimulationConfig.model_fields and k != "user"})
        system, system_closers = make_system(sim_config)
        closers.extend(system_closers)
        system.retrieve = AutoDERetriever(apis, embedder or Embedder(cache_dir=_embedding_cache(config)))
        system.stop_at_call = True
    return _EndAtCall(system)


def _episode_row(ep: Any, task: AutoDETask, trial: int) -> dict[str, Any]:
    """The ``scores.jsonl`` row of one conversation: its first call scored against the gold call."""
    call = _first_call(ep)
    score = score_call(task, call.api if call else "", call.arguments if call else {}, call is not None)
    return {"uuid": task.uuid, "trial": trial, "gold_api": task.api,
            "api": call.api if call else "", "slots": call.arguments if call else {},
            "call_error": _schema_error(call), "state": "success" if call else "failure",
            "reason": ep.end_reason, "failures": ep.failures,
            "user_turns": ep.user_turns(), **score.model_dump()}


def _suite_figures(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Table 1 figures (percent) of a run with a 95% interval of the F1, the call rate and the exact-call rate."""
    from tooldial.simulation.metrics import aggregate

    n = len(rows)
    by_trial: dict[int, list[float]] = defaultdict(list)
    for row in rows:
        by_trial[row["trial"]].append(row["f1"])
    trial_f1 = [100 * sum(v) / len(v) for _, v in sorted(by_trial.items())]
    return {
        "precision": 100 * sum(r["precision"] for r in rows) / n,
        "recall": 100 * sum(r["recall"] for r in rows) / n,
        "f1": 100 * sum(r["f1"] for r in rows) / n,
        "f1_interval": [100 * x for x in (lambda a: (a.low, a.high))(aggregate([r["f1"] for r in rows]))],
        "f1_std_over_trials": statistics.stdev(trial_f1) if len(trial_f1) > 1 else None,
        "call_rate": sum(r["state"] == "success" for r in rows) / n,
        "exact_call": sum(r["f1"] == 1.0 for r in rows) / n,
    }


def simulate_autode(config: AutoDEConfig, embedder: Any = None) -> dict[str, Any]:
    """Run the AutoDE tasks through the simulation machinery and score them as the paper does (``embedder``:
    the sentence embedder of the retriever for ToolDial-format systems; default the packaged MiniLM)."""
    from tooldial.evaluation.runner import library_versions
    from tooldial.jsonfile import write_json
    from tooldial.simulation.executor import ToolExecutor
    from tooldial.simulation.metrics import pass_hat_curve
    from tooldial.simulation.results import check_out_dir, write_jsonl
    from tooldial.simulation.runner import request_usage, trial_episodes

    check_out_dir(config.out)
    root = Path(config.autode_dir)
    tasks = load_tasks(root)[: config.limit] if config.limit else load_tasks(root)
    apis = load_apis(root)
    unknown = sorted({t.api for t in tasks} - set(apis))
    if unknown:
        raise TooldialError(f"tasks name APIs the API file lacks: {', '.join(unknown[:5])}", file=str(root))
    tools = list(apis.values())
    by_id = {t.uuid: t for t in tasks}
    scenarios = [task_scenario(t, tools) for t in tasks]
    user_prompt = _read_prompt(root, USER_PROMPT_FILE)
    closers: list[Any] = []
    user = _autode_user(config, user_prompt, by_id, closers)
    system = _autode_system(config, root, apis, by_id, closers, embedder)
    described = {"user": user.describe(), "system": system.describe()}
    rows: list[dict[str, Any]] = []
    transcripts: list[dict[str, Any]] = []
    try:
        for trial, ep in trial_episodes(scenarios, lambda: [ToolExecutor([], None, schemas=apis) for _ in scenarios],
                                        user, system, config.trials, desc="autode", progress=config.progress):
            task = by_id[ep.scenario.dialogue_id]
            rows.append(_episode_row(ep, task, trial))
            transcripts.append({"uuid": task.uuid, "trial": trial, "end_reason": ep.end_reason,
                                "turns": ep.transcript()})
    finally:
        usage = request_usage(user, system.system)
        for closer in closers:
            closer.close()
    outcomes: dict[str, list[bool]] = defaultdict(list)
    for row in rows:
        outcomes[row["uuid"]].append(row["f1"] == 1.0)
    results = {
        "kind": "dynamic", "suite": "autode", "config": config.model_dump(), **described, "versions": library_versions(),
        "seeds": {"run": config.seed, "trials": config.trials}, "requests": usage,
        "dialogues": len(tasks), "episodes": len(rows), "figures": _suite_figures(rows),
        "pass_hat_k": {str(k): v for k, v in pass_hat_curve(outcomes).items()},
        "end_reasons": dict(Counter(r["reason"] for r in rows)),
        "failures": sum(1 for r in rows if r["failures"]),
    }
    out = Path(config.out)
    write_jsonl(out / "transcripts.jsonl", transcripts)
    write_jsonl(out / "scores.jsonl", rows)
    write_json(out / "results.json", results)
    from tooldial.outputs import write_text
    from tooldial.redact import redact_text

    write_text(out / "report.md", redact_text(_autode_report(results)))
    return results


def _autode_report(results: dict[str, Any]) -> str:
    f = results["figures"]
    system = results["system"]
    name = Path(str(system.get("model") or system.get("backend"))).name
    user = results["user"].get("model")
    lines = [f"# AutoDE suite: {name} ({system['protocol']}) vs {Path(str(user)).name if user else 'no'} user", "",
             f"{results['dialogues']} tasks × {results['config']['trials']} trial(s); slot scores as in the paper's "
             "Table 1 (%).", "", "| P | R | F1 | F1 95% interval | call made | exact call |", "|---|---|---|---|---|---|",
             f"| {f['precision']:.2f} | {f['recall']:.2f} | {f['f1']:.2f} | [{f['f1_interval'][0]:.1f}, "
             f"{f['f1_interval'][1]:.1f}] | {100 * f['call_rate']:.1f} | {100 * f['exact_call']:.1f} |", "",
             "pass^k (exact call): " + ", ".join(f"k={k}: {100 * v:.1f}" for k, v in results["pass_hat_k"].items()),
             "", "Ended: " + ", ".join(f"{k} ({v})" for k, v in results["end_reasons"].items())]
    if results["failures"]:
        lines += ["", f"**{results['failures']} conversation(s) hit a server failure** (see `scores.jsonl`)."]
    return "\n".join(lines) + "\n"
