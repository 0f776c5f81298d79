"""The `sft` config as TRL training data: load, filter, convert to prompt/completion, measure, skip long rows.

Each `sft` row holds a whole chat (``messages``: the A.13 instruction + history as the user turn, then the
assistant target). We hand TRL the *conversational prompt/completion* form — ``prompt`` = every message before
the last, ``completion`` = the last (assistant) message — so ``SFTTrainer`` masks the prompt itself
(``completion_only_loss``): only the answer and its end-of-turn token are supervised, as in the original
release. This works with any chat template; ``assistant_only_loss`` would need ``{% generation %}`` markers,
which most templates (SmolLM2's, Llama 3's) lack.

Length rule (documented in the recipes): a row is measured as its full templated text, exactly what TRL
tokenizes. With ``long_examples: skip`` (default) rows over ``max_length`` tokens are dropped and counted; with
``truncate`` they are kept, cut by TRL (``truncation_mode``) and counted; with ``trim_history`` the oldest lines of
the prompt's dialogue history are dropped until the row fits (instruction and answer kept whole; a row that still
does not fit, or has no history, is skipped), counted as ``trimmed``. Skipping is biased on dialogue data: late
turns have long histories, so the labels of late turns (``call``, ``response``, ``system_bye``) are mostly skipped
(docs/history/training.md, issue 30). Independently, ``max_chars`` /
``max_chars_by_task`` skip rows whose templated text is longer than that many characters (the original rule:
15,000, or 10,000 for faithfulness).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from tooldial.errors import ConfigError

REQUIRED_COLUMNS = ("messages",)


class LengthReport(BaseModel):
    """How many rows the length rules kept, skipped or truncated, overall and per task."""

    rows: int = 0
    kept: int = 0
    skipped_tokens: int = 0
    skipped_chars: int = 0
    truncated: int = 0
    trimmed: int = 0
    max_tokens_seen: int = 0
    by_task: dict[str, dict[str, int]] = Field(default_factory=dict)

    def summary(self) -> str:
        parts = [f"{self.kept}/{self.rows} rows kept"]
        if self.skipped_tokens:
            parts.append(f"{self.skipped_tokens} skipped (> max_length tokens)")
        if self.skipped_chars:
            parts.append(f"{self.skipped_chars} skipped (> max_chars)")
        if self.truncated:
            parts.append(f"{self.truncated} truncated to max_length")
        if self.trimmed:
            parts.append(f"{self.trimmed} with their oldest history lines dropped to fit max_length")
        return ", ".join(parts)


def _is_local(source: str) -> bool:
    return Path(source).expanduser().exists()


def load_sft_split(dataset: str, config_name: str, split: str, *, revision: str | None = None):
    """Load one split of a tooldial dataset's `sft` config, with errors that say what is missing.

    A local directory is read straight from its parquet files (the card's ``configs:`` resolve them), never
    through the ``datasets`` cache: that cache is keyed by the directory *name* and the file patterns, so a
    dataset rebuilt in place (or another ``ds/`` elsewhere) would silently load stale rows.
    """
    from datasets import get_dataset_config_names, get_dataset_split_names, load_dataset

    local = _is_local(dataset)
    source = str(Path(dataset).expanduser().resolve()) if local else dataset
    if not local and ("/" not in dataset or dataset.startswith((".", "/", "~"))):
        raise ConfigError("dataset not found (expected a tooldial dataset directory or a Hub id)",
                          file=dataset, field="dataset")
    try:
        configs = get_dataset_config_names(source, revision=revision)
    except Exception as exc:  # datasets raises many types for unreadable / unreachable sources
        raise ConfigError(f"cannot read dataset: {exc}", file=dataset, field="dataset") from exc
    if config_name not in configs:
        raise ConfigError(
            f"no `{config_name}` config in this dataset (it has: {', '.join(configs) or 'none'}); "
            "build it with `tooldial build`, which writes the `sft` config",
            file=dataset, field="dataset_config")
    try:
        if local:
            files = _local_data_files(source, config_name)
            splits = list(files)
        else:
            splits = get_dataset_split_names(source, config_name, revision=revision)
    except ConfigError:
        raise
    except Exception as exc:
        raise ConfigError(f"cannot read the `{config_name}` config: {exc}", file=dataset) from exc
    if split not in splits:
        raise ConfigError(f"config `{config_name}` has no split `{split}` (it has: {', '.join(splits)})",
                          file=dataset, field="split")
    if local:
        rows = _read_parquet(files[split], source)
    else:
        rows = load_dataset(source, config_name, split=split, revision=revision)
    missing = [c for c in REQUIRED_COLUMNS if c not in rows.column_names]
    if missing:
        raise ConfigError(f"config `{config_name}` lacks column(s) {', '.join(missing)}", file=dataset,
                          record=split)
    return rows


def _local_data_files(source: str, config_name: str) -> dict[str, list[str]]:
    from datasets import load_dataset_builder

    builder = load_dataset_builder(source, config_name)
    data_files = builder.config.data_files or {}
    return {str(split): [str(f) for f in files] for split, files in data_files.items()}


def _read_parquet(files: list[str], source: str):
    """An in-memory Dataset from parquet files (features come from the schema metadata datasets wrote)."""
    import pyarrow as pa
    import pyarrow.parquet as pq
    from datasets import Dataset

    if not files or any(not f.endswith(".parquet") for f in files):
        raise ConfigError(f"expected parquet data files, got {files}", file=source)
    tables = [pq.read_table(f) for f in files]
    return Dataset(pa.concat_tables(tables) if len(tables) > 1 else tables[0])


def filter_rows(rows, *, tasks: list[str] | None, settings: list[str] | None):
    """Keep rows of the chosen tasks and settings (``None`` keeps all)."""
    if tasks and "task" in rows.column_names:
        wanted = set(tasks)
        rows = rows.filter(lambda t: t in wanted, input_columns="task", desc="Selecting tasks")
    if settings and "setting" in rows.column_names:
        wanted_settings = set(settings)
        rows = rows.filter(lambda s: s in wanted_settings, input_columns="setting", desc="Selecting settings")
    return rows


def _clean_message(message: dict[str, Any]) -> dict[str, str]:
    return {"role": message["role"], "content": message.get("content") or ""}


def to_prompt_completion(example: dict[str, Any], *, include_tools: bool) -> dict[str, Any]:
    """One `sft` row → ``{"prompt": [...], "completion": [assistant message]}`` (+ ``tools`` if asked)."""
    messages = [_clean_message(m) for m in example["messages"]]
    record = str(example.get("id", "?"))
    if len(messages) < 2 or messages[-1]["role"] != "assistant":
        raise ConfigError("the last message must be the assistant target, after at least one prompt message",
                          record=record, field="messages")
    out: dict[str, Any] = {"prompt": messages[:-1], "completion": messages[-1:]}
    if include_tools:
        tools = example.get("tools")
        out["tools"] = tools if isinstance(tools, str) or tools is None else json.dumps(tools)
    return out


def prepare_rows(rows, *, include_tools: bool, num_proc: int | None = None):
    """Convert a filtered `sft` split to prompt/completion rows, keeping ``task`` for the length report."""
    keep = {"task"} & set(rows.column_names)
    return rows.map(
        to_prompt_completion,
        fn_kwargs={"include_tools": include_tools},
        remove_columns=[c for c in rows.column_names if c not in keep],
        num_proc=num_proc,
        desc="Converting to prompt/completion",
    )


def _templated(tokenizer, chat: list[dict[str, str]], tools: Any) -> str:
    return tokenizer.apply_chat_template(chat, tools=json.loads(tools) if isinstance(tools, str) else tools,
                                         tokenize=False)


def measure_rows(rows, tokenizer, *, num_proc: int | None = None):
    """Add ``n_tokens`` and ``n_chars``: the length of the full templated chat, as TRL will tokenize it."""

    def measure(batch: dict[str, list]) -> dict[str, list[int]]:
        chats = [p + c for p, c in zip(batch["prompt"], batch["completion"], strict=True)]
        tools = batch.get("tools") or [None] * len(chats)
        texts = [_templated(tokenizer, chat, t) for chat, t in zip(chats, tools, strict=True)]
        ids = tokenizer(texts, add_special_tokens=False)["input_ids"]
        return {"n_tokens": [len(x) for x in ids], "n_chars": [len(t) for t in texts]}

    return rows.map(measure, batched=True, batch_size=64, num_proc=num_proc, desc="Measuring lengths")


#: Where a task prompt's dialogue history starts (both prompt profiles, action and DST): the lines after it are
#: the turns, oldest first.
HISTORY_MARKER = "Dialogue History:\n"


def trim_history(example: dict[str, Any], tokenizer, max_length: int) -> dict[str, Any]:
    """Drop the fewest oldest history lines of the last prompt message so the templated row fits ``max_length``.

    The instruction (before :data:`HISTORY_MARKER`), the latest lines and the answer stay whole, so the row keeps
    its label and the prompt keeps the form it is scored with. Returns the row with ``history_trimmed`` set
    (``False``: it fitted already, has no history, or does not fit even with one history line left; the length
    rule then skips it).
    """
    prompt, completion, tools = example["prompt"], example["completion"], example.get("tools")

    def n_tokens(messages: list[dict[str, str]]) -> int:
        return len(tokenizer(_templated(tokenizer, messages + completion, tools), add_special_tokens=False)
                   ["input_ids"])

    untouched = {**example, "history_trimmed": False}
    total = n_tokens(prompt)
    if total <= max_length:
        return untouched
    content = prompt[-1]["content"]
    at = content.find(HISTORY_MARKER)
    if at < 0:
        return untouched
    head, lines = content[: at + len(HISTORY_MARKER)], content[at + len(HISTORY_MARKER):].split("\n")

    def dropped(k: int) -> list[dict[str, str]]:
        return [*prompt[:-1], {**prompt[-1], "content": head + "\n".join(lines[k:])}]

    if len(lines) < 2 or n_tokens(dropped(len(lines) - 1)) > max_length:
        return untouched
    # estimate from per-line token counts (one batch), then check the real templated length: the estimate is
    # exact up to merges across a newline, so the loop runs once or twice, not once per line
    sizes = [len(ids) + 1 for ids in tokenizer(lines, add_special_tokens=False)["input_ids"]]
    excess, k = total - max_length, 0
    while excess > 0 and k < len(lines) - 1:
        excess -= sizes[k]
        k += 1
    while k > 1 and n_tokens(dropped(k - 1)) <= max_length:  # the estimate overshot: fewest lines that fit
        k -= 1
    while n_tokens(dropped(k)) > max_length:  # undershot (ends: the last line alone fits, checked above)
        k += 1
    return {**example, "prompt": dropped(k), "history_trimmed": True}


def trim_rows(rows, tokenizer, *, max_length: int, num_proc: int | None = None):
    """:func:`trim_history` on every row (adds the ``history_trimmed`` column the length report counts)."""
    return rows.map(trim_history, fn_kwargs={"tokenizer": tokenizer, "max_length": max_length}, num_proc=num_proc,
                    desc="Trimming long histories")


def apply_length_rules(
    rows,
    *,
    max_length: int | None,
    long_examples: str,
    max_chars: int | None,
    max_chars_by_task: dict[str, int],
) -> tuple[Any, LengthReport]:
    """Drop rows over the limits, count every decision; return (kept rows without helper columns, report)."""
    tasks = rows["task"] if "task" in rows.column_names else ["all"] * len(rows)
    trimmed = rows["history_trimmed"] if "history_trimmed" in rows.column_names else [False] * len(rows)
    n_tokens = rows["n_tokens"]
    n_chars = rows["n_chars"]
    report = LengthReport(rows=len(rows), max_tokens_seen=max(n_tokens, default=0))
    keep: list[int] = []
    per_task: dict[str, Counter] = {}
    for i, (task, tokens, chars, cut) in enumerate(zip(tasks, n_tokens, n_chars, trimmed, strict=True)):
        counter = per_task.setdefault(task, Counter())
        counter["rows"] += 1
        char_limit = max_chars_by_task.get(task, max_chars)
        if char_limit is not None and chars > char_limit:
            counter["skipped_chars"] += 1
            continue
        if max_length is not None and tokens > max_length:
            if long_examples != "truncate":  # skip, or trim_history that could not make the row fit
                counter["skipped_tokens"] += 1
                continue
            counter["truncated"] += 1
        if cut:
            counter["trimmed"] += 1
        counter["kept"] += 1
        keep.append(i)
    for field in ("kept", "skipped_tokens", "skipped_chars", "truncated", "trimmed"):
        setattr(report, field, sum(c[field] for c in per_task.values()))
    report.by_task = {task: dict(sorted(c.items())) for task, c in sorted(per_task.items())}
    kept = rows.select(keep) if len(keep) < len(rows) else rows
    helper_columns = [c for c in ("task", "n_tokens", "n_chars", "history_trimmed") if c in kept.column_names]
    return kept.remove_columns(helper_columns), report


def subsample(rows, limit: int | None, seed: int):
    """A seeded random subset of ``limit`` rows (all rows when ``limit`` is None or larger)."""
    if limit is None or limit >= len(rows):
        return rows
    return rows.shuffle(seed=seed).select(range(limit))
