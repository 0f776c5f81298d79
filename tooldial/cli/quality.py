"""``tooldial quality FILE``: rule checks of every dialogue and G-Eval scores of sampled ones (§3.4, Table 3)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tooldial.cli.args import (
    add_failure_rate_argument,
    add_llm_arguments,
    check_output_file,
    llm_options,
    positive_int,
    report_failures,
)


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "quality", help="count world-rule failures and score sampled dialogues with an LLM judge (Table 3)",
        description="Count, per kind, the dialogues failing the validator's world checks (filler values, "
        "consistency, coordinate groups, answers reporting goal fields; with --corpus also chain plausibility; no "
        "model needed), then, with --base-url "
        "and --model, score naturalness, coherence, efficiency (1-3) and correctness (0/1) of sampled dialogues "
        "with an LLM judge, G-Eval style, behind any OpenAI-compatible endpoint (key from OPENAI_API_KEY).",
    )
    parser.add_argument("file", type=Path, help="dialogues.jsonl (or a release-format JSON list)")
    parser.add_argument("--corpus", default=None, metavar="SPEC",
                        help="also check chain plausibility (validator kind `plausible`) against this corpus, as "
                        "`tooldial validate --corpus` (default: no corpus; `plausible` not checked)")
    parser.add_argument("--sample", type=positive_int, default=100, help="dialogues to score, spread over action "
                        "sequences (default: 100, as in the paper)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the sample and of the judge (default: 0)")
    parser.add_argument("--base-url", help="OpenAI-compatible endpoint of the judge, e.g. http://127.0.0.1:8000/v1 "
                        "(without it and --model: rule checks only)")
    parser.add_argument("--model", help="judge model name as the endpoint knows it")
    parser.add_argument("--samples", type=positive_int, default=5, help="judge samples per dialogue and criterion, "
                        "averaged (temperature 1 when > 1; default: 5)")
    parser.add_argument("--criteria", default="naturalness,coherence,efficiency,correctness",
                        help="comma-separated criteria to score (default: all four)")
    parser.add_argument("--max-concurrency", type=positive_int, default=8, help="requests in flight (default: 8)")
    add_llm_arguments(parser)
    add_failure_rate_argument(parser)
    parser.add_argument("--cache-dir", type=Path, help="LLM cache (default: $TOOLDIAL_CACHE/llm)")
    parser.add_argument("--out", type=Path, help="write the summary and per-dialogue scores as JSON here")
    parser.add_argument("--no-progress", action="store_true")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from tooldial.dialogue.io import read_dialogues
    from tooldial.dialogue.quality import CRITERIA, QualityJudge, rule_checks, sample_dialogues
    from tooldial.errors import ConfigError
    from tooldial.llm import LLMClient

    check_output_file(args.out)
    if args.sample < 1 or args.samples < 1:
        raise ConfigError("--sample and --samples must be at least 1", field="--sample")
    criteria = [c.strip() for c in args.criteria.split(",") if c.strip()]
    unknown = sorted(set(criteria) - set(CRITERIA))
    if unknown or not criteria:
        raise ConfigError(f"unknown criteria {', '.join(unknown) or '(none)'}; choose from {', '.join(CRITERIA)}",
                          field="--criteria")
    if (args.base_url is None) != (args.model is None):
        raise ConfigError("the judge needs both --base-url and --model (or neither, for rule checks only)",
                          field="--base-url" if args.base_url is None else "--model")
    corpus = None
    if args.corpus:
        from tooldial.cli.corpus import implied_outputs
        from tooldial.corpus import load_corpus

        corpus = load_corpus(args.corpus, implied_outputs=implied_outputs(args))  # a bad spec: one-line error
    records = list(read_dialogues(args.file))
    if not records:
        raise ConfigError("no dialogues in the file", file=str(args.file))
    rules = rule_checks(records, corpus)  # before the judge: printed even when the judge cannot be reached
    print(rules.table(), flush=True)
    # written now, so an unreachable judge (a one-line error below) does not lose them
    _write(args.out, {"file": str(args.file), "rule_checks": rules.model_dump(), "judge": None})
    if args.base_url is None:
        print("LLM judge: not run (give --base-url and --model to score naturalness, coherence, efficiency, "
              "correctness)")
        return 0
    picked = sample_dialogues(records, args.sample, args.seed)
    with LLMClient(args.base_url, args.model, cache_dir=args.cache_dir,
                   max_concurrency=args.max_concurrency, **llm_options(args)) as client:
        report = QualityJudge(client, samples=args.samples, seed=args.seed, criteria=criteria).score(
            picked, progress=not args.no_progress)
        print(report.table())
        stats = client.stats
        print(f"requests sent: {stats.requests}, cached: {stats.cache_hits}, retries: {stats.retries}, "
              f"failed: {stats.errors}")
    invalid = report_failures("judge", stats.errors, stats.sent + stats.cache_hits, stats.failures,
                              args.max_failure_rate)
    _write(args.out, {"file": str(args.file), "rule_checks": rules.model_dump(), "seed": args.seed,
                      "valid": not invalid, "failures": {"requests": stats.sent + stats.cache_hits,
                                                         "failed": stats.errors, "reasons": stats.failures},
                      **report.summary(), "scores": [d.model_dump() for d in report.dialogues]})
    if invalid:
        print(f"tooldial: scores invalid: more than {100 * args.max_failure_rate:g}% of the judge's requests failed "
              "(--max-failure-rate)", file=sys.stderr)
        return 1
    return 0


def _write(out: Path | None, payload: dict) -> None:
    if out:
        from tooldial.jsonfile import write_json

        write_json(out, payload)
