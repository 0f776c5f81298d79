"""What a learning-curve run is: a training recipe, a schedule of steps, and a fixed evaluation protocol.

:class:`CurveConfig` sits beside the recipe the way TRL's ``ScriptArguments`` sits beside ``SFTConfig``: the
recipe (``train/*.yaml``, read by :func:`tooldial.training.config.load_train_config`) says *how* to train; this
says *where to stop and score*. Everything a run's numbers depend on is here and recorded in ``curve.json``.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

#: Generation limits per task for the curve (the benchmark's own are 300 tokens: fine on a GPU, slow on a CPU).
#: An action answer is one short label; a DST answer is one state dict (labels of the embedded corpus: at most
#: ~90 SmolLM2 tokens, see ``docs/history/training.md``).
DEFAULT_MAX_NEW_TOKENS: dict[str, int] = {"action": 12, "dst": 128}

#: What ``--dry-run`` changes: a tiny schedule and sample, and the keys a GPU recipe sets that a CPU cannot run
#: (bf16 weights, gradient checkpointing, dataloader workers); the model becomes the packaged SmolLM2-135M.
DRY_RUN_STEPS = [0, 1, 2]
DRY_RUN_LIMIT = 2
DRY_RUN_OVERRIDES: dict[str, Any] = {
    "model_name_or_path": "smollm2-135m-local",
    "base_model_id": None,
    "bf16": False,
    "model_init_kwargs": None,
    "activation_checkpointing": False,
    "max_train_samples": 64,
    "validation_split": None,  # eval_strategy "no": no validation loss to compute
    "max_length": 700,  # CPU time grows with tokens: only short rows (early turns) are kept, skipped ones counted
    "per_device_train_batch_size": 1,
    "gradient_accumulation_steps": 1,
    "dataset_num_proc": None,
    "eval_strategy": "no",
    "logging_steps": 1,
    "disable_tqdm": True,
}


class CurveConfig(BaseModel):
    """One learning curve: train once to ``max(steps)``, checkpoint at every step of ``steps``, score each."""

    model_config = ConfigDict(extra="forbid")

    recipe: str = Field("train/curve-cpu.yaml", description="Training recipe (train/*.yaml).")
    dataset: str = Field(description="Dataset directory (or Hub id): its train split trains, its eval split scores.")
    unseen_dataset: str | None = Field(
        None, description="A dataset whose eval split holds API pairs the training split never had (a "
        "`tooldial build --split-by api` build the training dialogues were drawn from); scored at the last step.")
    out: str = Field(description="Run directory: train/ (checkpoints), eval/, baselines/, curve.json, curve.png.")
    steps: list[int] = Field(default_factory=lambda: [0, 25, 100, 200],
                             description="Optimizer steps to score; 0 is the base model.")
    save_every: int | None = Field(
        25, ge=1, description="Also checkpoint every this many steps, so a killed run loses at most that many.")
    eval_tasks: list[str] = Field(default_factory=lambda: ["action", "dst"])
    eval_settings: list[str] = Field(default_factory=lambda: ["gt", "nogt"])
    eval_split: str = "test"
    eval_limit: int | None = Field(200, ge=1, description="Rows per task and setting (the first N of the split).")
    max_new_tokens: dict[str, int] = Field(default_factory=lambda: dict(DEFAULT_MAX_NEW_TOKENS))
    eval_batch_size: int = Field(8, ge=1)
    eval_max_length: int | Literal["recipe"] | None = Field(
        "recipe", description="`tooldial eval --max-length` for the model's rows: prompts trimmed (oldest history "
        "lines first, training's trim_history) to fit this many tokens with the answer; `recipe`: the recipe's "
        "max_length, so checkpoints are scored on prompts shaped like their training rows; None: whole prompts.")
    baselines: list[str] = Field(default_factory=lambda: ["rule"],
                                 description="Backends scored once on the same rows (drawn as lines).")
    train_overrides: dict[str, Any] = Field(default_factory=dict,
                                            description="Recipe keys to override (like `tooldial train --key v`).")
    dry_run: bool = False
    progress: bool = True

    @field_validator("steps")
    @classmethod
    def _schedule(cls, steps: list[int]) -> list[int]:
        if any(s < 0 for s in steps):
            raise ValueError("steps must be >= 0")
        schedule = sorted(set(steps))
        if not schedule or schedule[-1] == 0:
            raise ValueError("the schedule needs at least one step > 0")
        return schedule

    @model_validator(mode="after")
    def _dry_run(self) -> CurveConfig:
        if self.dry_run:
            self.steps = list(DRY_RUN_STEPS)
            self.eval_limit = DRY_RUN_LIMIT
            self.save_every = None
            self.max_new_tokens = {task: min(n, 8) for task, n in self.max_new_tokens.items()}
            self.train_overrides = {**DRY_RUN_OVERRIDES, **self.train_overrides}
        return self

    @property
    def max_steps(self) -> int:
        return self.steps[-1]

    def tokens_for(self, task: str) -> int | None:
        return self.max_new_tokens.get(task)
