"""Benchmark definitions (``eval/*.yaml``): which dataset configs and settings each task runs, its
generation limits, the judge settings, and the paper's reported numbers for side-by-side display."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tooldial.errors import ConfigError
from tooldial.registry import EVAL_TASKS
from tooldial.safe_yaml import load_yaml_file
from tooldial.tasks.prompts import PROMPT_VERSION

TASK_NAMES = EVAL_TASKS.names()
SETTINGS = ("gt", "nogt")


class JudgeSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    n: int = Field(10, ge=1)
    temperature: float = Field(1.0, gt=0.0, le=2.0)
    max_tokens: int = Field(1, ge=1)


class TaskSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    config: str
    settings: list[str] = Field(default_factory=lambda: list(SETTINGS))
    max_new_tokens: int = Field(300, ge=1)
    max_rounds: int = Field(6, ge=1)
    judge: JudgeSpec | None = None


class Benchmark(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = "tooldial"
    prompt_version: str = PROMPT_VERSION
    tasks: dict[str, TaskSpec]
    paper: dict[str, Any] = Field(default_factory=dict)


DEFAULT_TASKS = {
    "dst": TaskSpec(config="dst", max_new_tokens=300),
    "action": TaskSpec(config="action_prediction", max_new_tokens=300),
    "faithfulness": TaskSpec(config="faithfulness", settings=["nogt"], max_new_tokens=1000, judge=JudgeSpec()),
    "overall": TaskSpec(config="overall", max_new_tokens=1000),
}


def default_benchmark_path() -> Path | None:
    """``eval/tooldial.yaml`` of the current directory or of the source checkout this package runs from."""
    for root in (Path.cwd(), Path(__file__).resolve().parents[2]):
        path = root / "eval" / "tooldial.yaml"
        if path.is_file():
            return path
    return None


def load_benchmark(path: str | Path | None = None) -> Benchmark:
    """Read a benchmark YAML; without one, the built-in task table (same tasks, no paper numbers)."""
    path = Path(path) if path else default_benchmark_path()
    if path is None:
        return Benchmark(tasks=DEFAULT_TASKS)
    data = load_yaml_file(path) or {}  # bounded: a user-supplied file (size, alias expansion)
    try:
        bench = Benchmark.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise ConfigError(err["msg"], file=str(path), field=".".join(str(p) for p in err["loc"])) from None
    for name, spec in bench.tasks.items():
        if name not in EVAL_TASKS:
            raise ConfigError(f"unknown task {name!r}; expected one of {', '.join(EVAL_TASKS)}",
                              file=str(path), field=f"tasks.{name}")
        bad = [s for s in spec.settings if s not in SETTINGS]
        if bad:
            raise ConfigError(f"unknown setting {bad[0]!r}; expected gt or nogt", file=str(path),
                              field=f"tasks.{name}.settings")
    if bench.prompt_version != PROMPT_VERSION:
        raise ConfigError(
            f"benchmark asks for prompts {bench.prompt_version!r} but this tooldial ships {PROMPT_VERSION!r}",
            file=str(path), field="prompt_version",
        )
    return bench
