"""``tooldial simulate``: dynamic evaluation — simulated users talk to the system under test.

``tooldial simulate --dataset DIR --system oracle --out RUN`` runs the test split's scenarios with the scripted
user; ``--user llm`` plays the user with any OpenAI-compatible server; ``--protocol native`` evaluates a chat
model with native tool calls; ``--suite autode`` runs the AutoDE tasks; ``--transcripts FILE`` scores released
AutoDE transcripts (paper Table 1).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tooldial.cli.args import add_llm_arguments


def register(subparsers: argparse._SubParsersAction) -> None:
    from tooldial.registry import BACKENDS, SIMULATORS

    parser = subparsers.add_parser(
        "simulate",
        help="dynamic evaluation: a simulated user talks to the system under test (or score AutoDE transcripts)",
        description="Dynamic evaluation: a simulated user talks to the system under test, a tool executor "
        "answers its calls from the scenario's mock data; writes results.json, transcripts.jsonl, scores.jsonl, "
        "report.md and PNGs into --out. `--transcripts FILE` scores released AutoDE transcripts instead.",
    )
    parser.add_argument("--suite", default="tooldial", choices=["tooldial", "autode"],
                        help="tooldial: scenarios of a dataset / dialogues file; autode: the AutoDE tasks")
    parser.add_argument("--dataset", help="dataset directory (its `dialogues` config, --split)")
    parser.add_argument("--dialogues", metavar="FILE", help="dialogues.jsonl instead of --dataset")
    parser.add_argument("--split", default="test")
    parser.add_argument("--corpus", default=None,
                        help="API corpus documenting the dialogues' APIs (default: the one the --dataset was built "
                        "from, as its tooldial_build.json records; else builtin)")
    parser.add_argument("--limit", type=int, help="first N scenarios")
    parser.add_argument("--user", choices=SIMULATORS.names(),
                        help=f"user simulator (default: {SIMULATORS.default}; llm for --suite autode)")
    parser.add_argument("--user-base-url", help="llm user: OpenAI-compatible server URL")
    parser.add_argument("--user-model", help="llm user: served model name")
    parser.add_argument("--user-max-tokens", type=int, default=96)
    parser.add_argument("--user-temperature", type=float, default=0.0)
    parser.add_argument("--max-user-turns", type=int, help="round limit (user turns); scripted default: "
                        "2 x the gold user turns + 2, llm default 6")
    parser.add_argument("--system", default="oracle", choices=BACKENDS.names(),
                        help="system under test in ToolDial's format (an evaluation backend)")
    parser.add_argument("--protocol", default="tooldial", choices=["tooldial", "native"],
                        help="tooldial: thought/action/state lines via --system; native: OpenAI tool calls "
                        "(needs --base-url and --model)")
    parser.add_argument("--model", help="hf: path or Hub id; openai / native: served model name")
    parser.add_argument("--adapter", help="hf: LoRA adapter folder")
    parser.add_argument("--base-url", help="openai / native: server URL")
    parser.add_argument("--batch-size", type=int, default=8)
    parser.add_argument("--max-concurrency", type=int, default=8)
    parser.add_argument("--max-new-tokens", type=int, default=256)
    parser.add_argument("--max-rounds", type=int, default=8, help="system actions per turn at most")
    parser.add_argument("--trials", type=int, default=1, help="trials per scenario (pass^k up to k = trials)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--autode-dir", help="AutoDE data directory (tasks, APIs, prompts)")
    parser.add_argument("--transcripts", metavar="FILE",
                        help="AutoDE transcript file (.jsonl or .jsonl.gz) to score; no simulation is run")
    parser.add_argument("--autode-tasks", metavar="PATH",
                        help="AutoDE tasks file data_v1_2.jsonl or its directory (default: beside --transcripts)")
    add_llm_arguments(parser)
    parser.add_argument("--cache-dir", help="prediction / LLM cache (default $TOOLDIAL_CACHE)")
    parser.add_argument("--no-cache", action="store_true")
    parser.add_argument("--no-progress", action="store_true")
    parser.add_argument("--out", help="run directory")
    parser.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    from tooldial.errors import ConfigError
    from tooldial.registry import SIMULATORS

    if args.transcripts:
        return _score_transcripts(args)
    if not args.out:
        raise ConfigError("--out RUN_DIR is required", field="out")
    for name in ("limit", "trials", "batch_size", "max_concurrency", "max_new_tokens", "max_rounds",
                 "max_user_turns", "user_max_tokens"):
        value = getattr(args, name)
        if value is not None and value < 1:
            raise ConfigError(f"--{name.replace('_', '-')} must be >= 1, got {value}", field=name)
    user = args.user or ("llm" if args.suite == "autode" else SIMULATORS.default)
    common = dict(
        limit=args.limit, user=user, user_base_url=args.user_base_url, user_model=args.user_model,
        user_max_tokens=args.user_max_tokens, user_temperature=args.user_temperature,
        max_user_turns=args.max_user_turns, system=args.system, protocol=args.protocol, model=args.model,
        adapter=args.adapter, base_url=args.base_url, batch_size=args.batch_size,
        max_concurrency=args.max_concurrency, max_new_tokens=args.max_new_tokens, max_rounds=args.max_rounds,
        trials=args.trials, seed=args.seed, timeout=args.timeout, max_attempts=args.max_attempts,
        cache_dir=args.cache_dir, use_cache=not args.no_cache,
        progress=not args.no_progress, out=args.out,
    )
    if args.suite == "autode":
        from tooldial.simulation.autode import AutoDEConfig, simulate_autode

        if not args.autode_dir:
            raise ConfigError("--suite autode needs --autode-dir DIR (the AutoDE data)", field="autode_dir")
        results = simulate_autode(AutoDEConfig(autode_dir=args.autode_dir, **common))
        f = results["figures"]
        print(f"AutoDE: {results['episodes']} conversations -> {args.out}")
        print(f"  P {f['precision']:.2f}  R {f['recall']:.2f}  F1 {f['f1']:.2f}  (call made in "
              f"{100 * f['call_rate']:.1f}%)")
        _print_failures(results)
        return 0
    from tooldial.simulation.report import run_label
    from tooldial.simulation.runner import SimulationConfig, simulate

    if args.dataset:
        from tooldial.dataset.locate import locate_dataset

        locate_dataset(args.dataset)

    results = simulate(SimulationConfig(dataset=args.dataset, dialogues=args.dialogues, split=args.split,
                                        corpus=args.corpus, **common))
    print(f"{run_label(results)}: {results['dialogues']} dialogues x {args.trials} trial(s) -> {args.out}")
    for name, agg in results["metrics"].items():
        if agg["n"]:
            print(f"  {name:<18} {100 * agg['mean']:5.1f}  [{100 * agg['low']:.1f}, {100 * agg['high']:.1f}]")
        else:
            print(f"  {name:<18}   n/a  (not defined for --protocol {args.protocol})")
    print("  pass^k             " + "  ".join(f"k={k}: {100 * v:.1f}" for k, v in results["pass_hat_k"].items()))
    _print_failures(results)
    return 0


def _print_failures(results: dict) -> None:
    """Episodes ended by a server or model failure, with their reasons (stderr): they are in the scores, not quiet."""
    if not results.get("failures"):
        return
    failed = {k: v for k, v in results.get("end_reasons", {}).items() if "failed" in k}
    top = "; ".join(f"{reason} ({n})" for reason, n in list(failed.items())[:3])
    print(f"tooldial: {results['failures']} of {results['episodes']} episode(s) ended by a failure: {top}",
          file=sys.stderr)


def _score_transcripts(args: argparse.Namespace) -> int:
    from tooldial.simulation.autode import score_transcripts

    tasks = args.autode_tasks or args.autode_dir or str(Path(args.transcripts).parent)
    if args.out:
        from tooldial.simulation.results import check_out_dir

        check_out_dir(args.out)
    figures, rows = score_transcripts(args.transcripts, tasks)
    std = f" (±{figures.f1_std_over_trials:.2f} over {figures.trials} trials)" if figures.f1_std_over_trials else ""
    print(f"{figures.file}: {figures.records} records, {figures.tasks} tasks, {figures.failed_records} failed")
    print(f"  P {figures.precision:.2f}  R {figures.recall:.2f}  F1 {figures.f1:.2f}{std}")
    if args.out:
        from tooldial.jsonfile import write_json
        from tooldial.simulation.results import check_out_dir, write_jsonl

        out = check_out_dir(args.out)
        write_json(out / "results.json", {"kind": "autode_transcripts", "figures": figures.model_dump()})
        write_jsonl(out / "scores.jsonl", rows)
        print(f"  -> {out}")
    return 0
