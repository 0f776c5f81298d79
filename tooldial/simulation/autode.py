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
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from tooldial.errors import TooldialError
from tooldial.simulation.metrics import ZERO, SlotScore, slot_prf

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
    with _open_text(path) as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                out.append(model.model_validate_json(line))
            except ValidationError as exc:
                error = exc.errors()[0]
                field = ".".join(str(p) for p in error["loc"]) or None
                raise TooldialError(error["msg"], file=str(path), record=f"line {number}", field=field) from None
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
