"""`tooldial eval`: benchmark a model on the ToolDial tasks; `tooldial eval compare`: one table across runs."""

from __future__ import annotations

import argparse
import sys

from tooldial.cli.args import (
    add_failure_rate_argument,
    add_llm_arguments,
    check_output_folder,
    positive_float,
    positive_int,
    report_failures,
)
from tooldial.registry import BACKENDS, EVAL_TASKS


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "eval",
        help="evaluate a model on DST, action prediction, faithfulness and overall (or compare runs)",
        description="Evaluate a backend on the ToolDial tasks and write results.json, predictions.jsonl, "
        "report.md and PNGs into --out. `tooldial eval compare RUN_DIR ...` prints one table across runs.",
    )
    parser.add_argument("--task", default="all", choices=[*EVAL_TASKS.names(), "all"])
    parser.add_argument("--setting", default="both", choices=["gt", "nogt", "both"],
                        help="with or without ground-truth labels in the history (Eq. 3-5)")
    parser.add_argument("--backend", default=BACKENDS.default, choices=BACKENDS.names(),
                        help="text generator (default: %(default)s)")
    parser.add_argument("--model", help="hf: path or Hub id; openai: served model name")
    parser.add_argument("--adapter", help="hf: LoRA adapter folder (peft)")
    parser.add_argument("--base-url", help="openai: server URL, e.g. http://localhost:8000/v1 (vLLM); the key "
                        "comes from $OPENAI_API_KEY")
    parser.add_argument("--dataset", help="dataset directory or Hub id")
    parser.add_argument("--split", default="test")
    parser.add_argument("--limit", type=positive_int, help="first N examples per task and setting")
    parser.add_argument("--batch-size", type=positive_int, default=None,
                        help="examples per batch (default: 8; 1 for --backend hf on a CPU, so progress moves per "
                        "example)")
    parser.add_argument("--max-new-tokens", type=positive_int,
                        help="override the benchmark's per-task limit (default: the benchmark's; with --backend hf on a "
                        "CPU, an action gets at most 32)")
    parser.add_argument("--max-length", type=positive_int, metavar="N",
                        help="hf: fit each action/DST prompt and its --max-new-tokens into N tokens by dropping the "
                        "oldest dialogue-history lines, as training's `long_examples: trim_history` does (pass the "
                        "recipe's max_length to score an adapter on prompts like its training rows); default: whole")
    parser.add_argument("--max-concurrency", type=positive_int, default=8, help="openai: requests in flight")
    parser.add_argument("--judge-base-url", help="faithfulness judge server (OpenAI-compatible)")
    parser.add_argument("--judge-model", help="faithfulness judge model, e.g. gpt-4o-mini")
    parser.add_argument("--judge-n", type=positive_int, help="verdicts per response (default 10)")
    parser.add_argument("--judge-temperature", type=positive_float, help="judge sampling temperature (> 0)")
    parser.add_argument("--benchmark", help="benchmark YAML (default eval/tooldial.yaml)")
    parser.add_argument("--profile", choices=("original", "paper"),
                        help="prompt texts and layouts (default: the profile the dataset was built with, from its "
                        "tooldial_build.json): original = the released ToolDial code's; paper = appendix A.13")
    parser.add_argument("--scoring", choices=("tooldial", "original"), default="tooldial",
                        help="tooldial: our scoring; original: the released code's verdicts, edge cases included "
                        "(see eval/README.md)")
    parser.add_argument("--cache-dir", help="prediction cache (default $TOOLDIAL_CACHE/eval)")
    parser.add_argument("--no-cache", action="store_true", help="neither read nor write cached predictions")
    parser.add_argument("--seed", type=int, default=0)
    add_llm_arguments(parser, default_timeout=120.0)
    add_failure_rate_argument(parser)
    parser.add_argument("--no-progress", action="store_true")
    parser.add_argument("--out", help="run directory")
    parser.add_argument("--overwrite", action="store_true",
                        help="replace an earlier run in --out (only the files a run writes)")
    # `tooldial eval compare RUN_DIR ...`: a positional tail rather than a sub-subparser, so the common case
    # (`tooldial eval --task ...`) needs no extra word.
    parser.add_argument("compare", nargs="*", metavar="compare RUN_DIR",
                        help="`compare RUN_DIR [RUN_DIR ...]`: print one table across finished runs")
    parser.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    from tooldial.errors import ConfigError

    if args.compare:
        if args.compare[0] != "compare":
            raise ConfigError(f"unexpected argument {args.compare[0]!r} (did you mean `tooldial eval compare`?)")
        return _compare(args.compare[1:])
    if not args.dataset:
        raise ConfigError("--dataset DIR_OR_ID is required", field="dataset")
    if not args.out:
        raise ConfigError("--out RUN_DIR is required", field="out")
    check_output_folder(args.out)
    from tooldial.dataset.locate import locate_dataset

    locate_dataset(args.dataset)  # a mistyped path is one line now, not a Hub lookup
    from tooldial.evaluation.cpu_defaults import default_batch_size
    from tooldial.evaluation.report import run_label
    from tooldial.evaluation.runner import EvalConfig, evaluate

    config = EvalConfig.expand(
        args.task, args.setting, backend=args.backend, model=args.model, adapter=args.adapter,
        base_url=args.base_url, dataset=args.dataset, split=args.split, limit=args.limit,
        batch_size=default_batch_size(args.backend, args.batch_size), max_new_tokens=args.max_new_tokens, max_concurrency=args.max_concurrency,
        judge_base_url=args.judge_base_url, judge_model=args.judge_model, judge_n=args.judge_n,
        judge_temperature=args.judge_temperature, benchmark=args.benchmark, cache_dir=args.cache_dir,
        use_cache=not args.no_cache, seed=args.seed, progress=not args.no_progress, out=args.out,
        timeout=args.timeout, max_attempts=args.max_attempts, max_failure_rate=args.max_failure_rate,
        overwrite=args.overwrite,
        profile=args.profile, scoring=args.scoring, max_length=args.max_length,
    )
    results = evaluate(config)
    print(f"{run_label(results)} -> {args.out}")
    for task, settings in results["tasks"].items():
        for setting, metrics in settings.items():
            extra = f" (lenient {100 * metrics['lenient_accuracy']:.1f})" if "lenient_accuracy" in metrics else ""
            low, high = metrics.get("accuracy_ci", (None, None))
            ci = f" [{100 * low:.1f}, {100 * high:.1f}]" if low is not None else ""
            print(f"  {task:<13} {setting:<5} accuracy {100 * metrics['accuracy']:5.1f}{ci}{extra}  n={metrics['n']}")
    for who, failures in results.get("failures", {}).items():
        report_failures(who, failures["failed"], failures["requests"], failures["reasons"], args.max_failure_rate)
    if results.get("valid") is False:
        print(f"tooldial: results marked invalid: {results.get('invalid_reason')} (--max-failure-rate "
              f"{args.max_failure_rate:g}); see {args.out}/results.json", file=sys.stderr)
        return 1
    return 0


def _compare(run_dirs: list[str]) -> int:
    from tooldial.errors import ConfigError
    from tooldial.evaluation.report import compare_runs

    if not run_dirs:
        raise ConfigError("usage: tooldial eval compare RUN_DIR [RUN_DIR ...]")
    print(compare_runs(run_dirs))
    return 0
