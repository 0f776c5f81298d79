"""Throughput of `tooldial train` vs. a plain TRL ``SFTTrainer`` script: same model, rows, settings.

Each run is a fresh subprocess (no warm caches shared); runs alternate plain/ours ``--repeats`` times. Both
are timed by the same callback: input tokens (non-padding) and wall time from the start of optimizer step
``--warmup + 1`` to the end of training, so model loading and data preparation are excluded on both sides.
Target: ours / plain >= 0.95.

    python scripts/bench_train.py --dataset /tmp/ds            # SmolLM2-135M, action rows, 12 steps
    OMP_NUM_THREADS=1 nice -n 10 python scripts/bench_train.py --dataset /tmp/ds --repeats 2
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _settings(args: argparse.Namespace, out: str) -> dict:
    """The SFTConfig + LoraConfig keys both variants use."""
    return {
        "sft": {
            "output_dir": out, "max_steps": args.steps, "per_device_train_batch_size": args.batch_size,
            "learning_rate": 2e-4, "max_length": args.max_length, "activation_checkpointing": False,
            "bf16": False, "logging_steps": 1, "save_strategy": "no", "report_to": "none", "seed": 0,
            "include_num_input_tokens_seen": "non_padding", "disable_tqdm": True,
        },
        "lora": {"r": 16, "lora_alpha": 32, "lora_dropout": 0.05, "target_modules": "all-linear"},
    }


def _timer(warmup: int):
    from transformers import TrainerCallback

    class StepTimer(TrainerCallback):
        """Tokens and seconds after the first ``warmup`` optimizer steps."""

        def __init__(self) -> None:
            self.t0 = self.tokens0 = None
            self.seconds = 0.0
            self.tokens = 0

        def on_step_begin(self, args, state, control, **kwargs):
            if state.global_step == warmup and self.t0 is None:
                self.t0, self.tokens0 = time.perf_counter(), state.num_input_tokens_seen

        def on_train_end(self, args, state, control, **kwargs):
            self.seconds = time.perf_counter() - self.t0
            self.tokens = state.num_input_tokens_seen - self.tokens0

    return StepTimer()


def run_ours(args: argparse.Namespace, out: str) -> dict:
    from tooldial.training import train

    s = _settings(args, out)
    timer = _timer(args.warmup)
    recipe = {"model_name_or_path": args.model, "dataset": args.dataset, "tasks": [args.task],
              "long_examples": "skip", **s["sft"], **s["lora"]}
    result = train(recipe, callbacks=[timer])
    return {"tokens": timer.tokens, "seconds": timer.seconds, "reported_tokens_per_second": result.tokens_per_second,
            "rows": result.train_rows.kept}


def run_plain(args: argparse.Namespace, out: str) -> dict:
    """What a user would write with TRL alone (the same row filter, done by hand)."""
    from datasets import load_dataset
    from peft import LoraConfig
    from transformers import AutoTokenizer
    from trl import SFTConfig, SFTTrainer

    from tooldial.training.model import resolve_model_path

    s = _settings(args, out)
    model = resolve_model_path(args.model)
    tokenizer = AutoTokenizer.from_pretrained(model)
    rows = load_dataset(args.dataset, "sft", split="train", download_mode="force_redownload")
    rows = rows.filter(lambda t: t == args.task, input_columns="task")
    rows = rows.map(lambda m: {"prompt": m[:-1], "completion": m[-1:]}, input_columns="messages",
                    remove_columns=rows.column_names)
    rows = rows.filter(lambda p, c: len(tokenizer.apply_chat_template(p + c)["input_ids"]) <= args.max_length,
                       input_columns=["prompt", "completion"])
    timer = _timer(args.warmup)
    trainer = SFTTrainer(model=model, args=SFTConfig(**s["sft"]), train_dataset=rows, processing_class=tokenizer,
                         peft_config=LoraConfig(task_type="CAUSAL_LM", **s["lora"]), callbacks=[timer])
    trainer.train()
    return {"tokens": timer.tokens, "seconds": timer.seconds, "rows": len(rows)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dataset", required=True, help="a `tooldial build` output directory")
    parser.add_argument("--model", default="smollm2-135m-local")
    parser.add_argument("--task", default="action")
    parser.add_argument("--steps", type=int, default=12)
    parser.add_argument("--warmup", type=int, default=2, help="optimizer steps left out of the timing")
    parser.add_argument("--batch-size", type=int, default=1)
    parser.add_argument("--max-length", type=int, default=1024)
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--variant", choices=["ours", "plain"], help=argparse.SUPPRESS)
    parser.add_argument("--json", help="also write the figures here")
    args = parser.parse_args()

    if args.variant:  # child process: one timed run, JSON on the last stdout line
        with tempfile.TemporaryDirectory() as out:
            figures = (run_ours if args.variant == "ours" else run_plain)(args, out)
        print(json.dumps(figures))
        return 0

    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1"}
    child = [sys.executable, __file__, "--dataset", args.dataset, "--model", args.model, "--task", args.task,
             "--steps", str(args.steps), "--warmup", str(args.warmup), "--batch-size", str(args.batch_size),
             "--max-length", str(args.max_length)]
    runs: dict[str, list[dict]] = {"plain": [], "ours": []}
    for i in range(args.repeats):
        for variant in ("plain", "ours"):
            proc = subprocess.run([*child, "--variant", variant], env=env, capture_output=True, text=True)
            if proc.returncode != 0:
                sys.stderr.write(proc.stderr[-4000:])
                return proc.returncode
            figures = json.loads(proc.stdout.strip().splitlines()[-1])
            figures["tokens_per_second"] = figures["tokens"] / figures["seconds"]
            runs[variant].append(figures)
            print(f"run {i + 1} {variant:5s}: {figures['rows']} rows, {figures['tokens']} tokens in "
                  f"{figures['seconds']:.1f} s = {figures['tokens_per_second']:.1f} tokens/s", flush=True)
    plain = statistics.median(r["tokens_per_second"] for r in runs["plain"])
    ours = statistics.median(r["tokens_per_second"] for r in runs["ours"])
    ratio = ours / plain
    print(f"plain SFTTrainer: {plain:.1f} tokens/s")
    print(f"tooldial train:   {ours:.1f} tokens/s")
    print(f"ratio (ours/plain): {ratio:.3f}  (target >= 0.95: {'met' if ratio >= 0.95 else 'NOT met'})")
    if args.json:
        Path(args.json).write_text(json.dumps({"plain": plain, "ours": ours, "ratio": ratio, "runs": runs,
                                               "settings": vars(args)}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
