"""Learning curve: LoRA-train a model on a dataset's `sft` rows for a schedule of steps, score every checkpoint.

One training run (one LR schedule, one data order), checkpointed at each scheduled step; the base model (step 0)
and each checkpoint are scored on the first --eval-limit rows per task and setting of the test split (action
prediction and DST, with and without GT) with `tooldial eval`'s harness; the `rule` backend and the majority
class are drawn as lines. Writes <out>/curve.json and <out>/curve.png. Rerun the same command to resume: finished
checkpoints and evaluations are reused, training continues from the last checkpoint. Logic:
tooldial/training/curve.py.

    # CPU (2 cores): the measured curve in README
    nice -n 10 python scripts/learning_curve.py --dataset DS --unseen-dataset DS_API --out runs/curve \\
        --steps 0,25,100,200
    # GPU, the same protocol with a GPU recipe (accelerate)
    accelerate launch --num_processes 1 scripts/learning_curve.py --recipe train/small-gpu.yaml \\
        --dataset DS --unseen-dataset DS_API --out runs/curve-gpu --steps 0,100,250,500,1000 --eval-limit 1000
    # the GPU protocol checked on the CPU in seconds (packaged SmolLM2, steps 0,1,2, 2 rows per task)
    python scripts/learning_curve.py --recipe train/small-gpu.yaml --dataset DS --out /tmp/dry --dry-run
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence
from pathlib import Path


def _steps(text: str) -> list[int]:
    try:
        return [int(s) for s in text.split(",") if s.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected comma-separated step counts, got {text!r}") from None


def _tokens(text: str) -> dict[str, int]:
    try:
        pairs = [p.split("=", 1) for p in text.split(",") if p.strip()]
        return {task.strip(): int(n) for task, n in pairs}
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected TASK=N[,TASK=N], got {text!r}") from None


def _max_length(text: str) -> int | str | None:
    if text in ("recipe", "none"):
        return None if text == "none" else text
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected N, recipe or none, got {text!r}") from None


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    p.add_argument("--recipe", default="train/curve-cpu.yaml", help="training recipe (default: %(default)s)")
    p.add_argument("--dataset", help="`tooldial build` directory: train split trains, test scores")
    p.add_argument("--unseen-dataset", help="a `--split-by api` build: its test split (API pairs never trained "
                   "on) scores the last checkpoint")
    p.add_argument("--out", help="run directory (reused on a rerun: resume)")
    p.add_argument("--steps", type=_steps, help="steps to score, e.g. 0,25,100,200 (0 = base model)")
    p.add_argument("--save-every", type=int, help="extra checkpoints every N steps (what a kill can lose)")
    p.add_argument("--eval-limit", type=int, help="rows per task and setting (default 200)")
    p.add_argument("--eval-tasks", type=lambda t: [x for x in t.split(",") if x], help="default action,dst")
    p.add_argument("--eval-split", help="split to score (default test)")
    p.add_argument("--max-new-tokens", type=_tokens, help="per task, e.g. action=12,dst=128")
    p.add_argument("--eval-batch-size", type=int)
    p.add_argument("--eval-max-length", type=_max_length, default="recipe", metavar="N|recipe|none",
                   help="score each checkpoint on prompts whose oldest history lines are dropped to fit N tokens "
                   "with the answer (`tooldial eval --max-length`, training's trim_history); default: the recipe's "
                   "max_length; none: whole prompts")
    p.add_argument("--dry-run", action="store_true",
                   help="check the protocol on the CPU: packaged SmolLM2, steps 0,1,2, 2 rows per task and setting")
    p.add_argument("--no-progress", action="store_true")
    p.add_argument("--write-dialogues", nargs=3, metavar=("DATASET", "SPLIT", "FILE"),
                   help="only write one split's dialogues as a dialogues.jsonl (to build the in-distribution "
                   "dataset from a --split-by api build's train split: `tooldial build --dialogues FILE`)")
    p.add_argument("overrides", nargs=argparse.REMAINDER,
                   help="after `--`: recipe keys, as `tooldial train` takes them (-- --learning_rate 1e-4)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from pydantic import ValidationError

    from tooldial.errors import TooldialError
    from tooldial.training.config import parse_overrides
    from tooldial.training.curve_config import CurveConfig

    cli = parser()
    args = cli.parse_args(argv)
    if args.write_dialogues:
        from tooldial.training.curve_data import write_split_dialogues

        dataset, split, file = args.write_dialogues
        try:
            count = write_split_dialogues(dataset, split, file)
        except TooldialError as exc:
            print(f"tooldial: {exc}", file=sys.stderr)
            return 2
        print(f"{count} {split} dialogues of {dataset} -> {file}")
        return 0
    if not (args.dataset and args.out):
        cli.error("--dataset and --out are required")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", datefmt="%H:%M:%S")
    fields = {
        "recipe": args.recipe, "dataset": args.dataset, "unseen_dataset": args.unseen_dataset, "out": args.out,
        "steps": args.steps, "save_every": args.save_every, "eval_limit": args.eval_limit, "eval_tasks": args.eval_tasks,
        "eval_split": args.eval_split, "max_new_tokens": args.max_new_tokens, "eval_batch_size": args.eval_batch_size,
        "eval_max_length": args.eval_max_length,
        "dry_run": args.dry_run, "progress": not args.no_progress,
    }
    try:
        overrides = [a for a in args.overrides if a != "--"]
        fields["train_overrides"] = dict(parse_overrides(overrides))
        config = CurveConfig(**{k: v for k, v in fields.items() if v is not None or k == "eval_max_length"})
        from tooldial.training.curve import run_curve

        table = run_curve(config)
    except TooldialError as exc:
        print(f"tooldial: {exc}", file=sys.stderr)
        return 2
    except ValidationError as exc:
        err = exc.errors()[0]
        print(f"tooldial: {'.'.join(map(str, err['loc'])) or 'config'}: {err['msg']}", file=sys.stderr)
        return 2
    for setting, verdict in (table.get("last_step_vs_majority") or {}).items():
        if verdict:
            print(f"action {setting}: last step lower bound {100 * verdict['model_low']:.1f} vs majority upper "
                  f"bound {100 * verdict['majority_high']:.1f}: {'beats' if verdict['beats_majority'] else 'does not beat'}"
                  " the majority class")
    print(f"curve -> {Path(args.out) / 'curve.json'}, {Path(args.out) / 'curve.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
