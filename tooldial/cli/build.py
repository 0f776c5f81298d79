"""``tooldial build`` (corpus → dataset directory), ``tooldial convert`` (original release → dataset directory)
and ``tooldial push`` (dataset directory → Hub)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from tooldial.cli.args import (
    add_failure_rate_argument,
    add_llm_arguments,
    add_llm_roles_argument,
    llm_options,
    positive_int,
)
from tooldial.errors import ConfigError
from tooldial.registry import ENTITY_PRODUCERS, RENDERERS
from tooldial.tasks.prompts import DEFAULT_PROFILE, PROFILE_HELP, PROFILES


def _key_values(pairs: list[str] | None, flag: str) -> dict[str, Any]:
    """``KEY=VALUE`` options; values are read as JSON when they parse (numbers, booleans, lists), else text."""
    out: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ConfigError(f"expected KEY=VALUE, got {pair!r}", field=flag)
        try:
            out[key.strip().replace("-", "_")] = json.loads(value)
        except json.JSONDecodeError:
            out[key.strip().replace("-", "_")] = value
    return out


def _ratios(text: str) -> tuple[float, float, float]:
    try:
        parts = tuple(float(p) for p in text.split(","))
    except ValueError:
        raise ConfigError(f"expected three numbers TRAIN,VALIDATION,TEST, got {text!r}", field="--split-ratios") from None
    if len(parts) != 3 or any(p < 0 for p in parts) or sum(parts) <= 0:
        raise ConfigError(f"expected three non-negative numbers TRAIN,VALIDATION,TEST, got {text!r}",
                          field="--split-ratios")
    return parts  # type: ignore[return-value]


def register(subparsers: argparse._SubParsersAction) -> None:
    _register_build(subparsers)
    _register_convert(subparsers)
    _register_push(subparsers)


def _register_build(subparsers: argparse._SubParsersAction) -> None:
    build = subparsers.add_parser(
        "build",
        help="corpus → API graph → dialogues → validation → Hugging Face dataset directory",
        description="The main job. Offline on the embedded corpus by default. Writes a dataset directory that "
        "`datasets.load_dataset(DIR, CONFIG)` loads (configs: dialogues, dst, action_prediction, faithfulness, "
        "overall, sft), prints the Table-2 summary and one example dialogue.",
    )
    build.add_argument("--out", required=True, type=Path, help="dataset directory to write: new or empty (a link "
                       "to a complete version kept beside it in .OUT.tooldial/, switched atomically)")
    build.add_argument("--overwrite", action="store_true", help="replace a dataset tooldial built at --out (never "
                       "files it did not write)")
    src = build.add_argument_group("source")
    src.add_argument("--corpus", default="builtin", help="corpus spec: builtin, a ToolBench dir/.json/.jsonl[.gz], "
                     "an OpenAPI 3 or Arazzo file (default: builtin); with --dialogues it documents the APIs in the "
                     "histories (`none`: use the dialogues' mock data)")
    src.add_argument("--graph", type=Path, help="use a graph saved by `tooldial graph build` instead of building one")
    src.add_argument("--dialogues", type=Path, nargs="+", metavar="FILE",
                     help="skip generation: split and convert these dialogue files (dialogues.jsonl or release "
                     "JSON lists)")
    graph = build.add_argument_group("graph (passed to the graph stage)")
    graph.add_argument("--embedding-model", help="sentence-transformers model name or path (default: packaged "
                       "all-MiniLM-L6-v2); the retriever uses it too unless --generate-option "
                       "embedding_model=… says otherwise")
    graph.add_argument("--thresholds", metavar="LCS,KW,DESC", help="edge thresholds of Eq. 1 (default: calibrated "
                       "for the embedding model; the paper's are 0.83,0.5,0.77)")
    graph.add_argument("--entity-text", choices=ENTITY_PRODUCERS.names(),
                       help=f"how entity descriptions are written (default: {ENTITY_PRODUCERS.default})")
    graph.add_argument("--graph-option", action="append", metavar="KEY=VALUE",
                       help="any other GraphConfig field (repeatable)")
    gen = build.add_argument_group("dialogues (passed to the generation stage)")
    gen.add_argument("--n", type=positive_int, default=2000, help="number of dialogues (default: 2000; the paper has 11,111)")
    gen.add_argument("--seed", type=int, default=0, help="seed of every random choice (default: 0)")
    gen.add_argument("--renderer", choices=RENDERERS.names(),
                     help=f"how messages are written (default: {RENDERERS.default}; openai: an OpenAI-compatible "
                     "server, its settings via --generate-option renderer_options=JSON)")
    gen.add_argument("--generate-option", action="append", metavar="KEY=VALUE",
                     help="any other GenerateConfig field (repeatable)")
    add_llm_roles_argument(gen)
    gen.add_argument("--base-url", default=None, help="OpenAI-compatible endpoint of --llm-roles (or set "
                     "renderer_options via --generate-option)")
    gen.add_argument("--llm-model", default=None, help="model name at --base-url (--llm-roles)")
    add_llm_arguments(gen)
    add_failure_rate_argument(gen)
    gen.add_argument("--max-tokens", type=positive_int, default=96, metavar="N",
                     help="tokens per LLM answer with --renderer openai (one turn; default: 96)")
    gen.add_argument("--no-validate", action="store_true", help="keep dialogues the validator rejects")
    gen.add_argument("--work-dir", type=Path, help="keep graph.json and dialogues.jsonl here (default: in the "
                     "cache, keyed by the options; a finished stage is reused)")
    out = build.add_argument_group("dataset")
    out.add_argument("--split-by", choices=("dialogue", "api"), default="dialogue",
                     help="dialogue: stratified by action sequence, dialogues repeating one sequence on the same APIs kept "
                     "together; api: no API pair shared across splits")
    out.add_argument("--split-ratios", default="0.8,0.1,0.1", metavar="TRAIN,VAL,TEST")
    out.add_argument("--split-seed", type=int, help="seed of the split (default: --seed)")
    out.add_argument("--num-proc", type=positive_int, default=1, help="processes cutting task rows (default: 1)")
    out.add_argument("--license", help="license in the dataset card (default: apache-2.0 for the builtin corpus, "
                     "whose text is ours; `other` for any other corpus, whose documentation keeps its own terms)")
    out.add_argument("--profile", choices=PROFILES, default=DEFAULT_PROFILE, help=PROFILE_HELP)
    out.add_argument("--push-to-hub", metavar="REPO_ID", help="upload the directory to this Hub dataset repo")
    out.add_argument("--private", action="store_true", help="create the Hub repo as private")
    out.add_argument("--no-progress", action="store_true", help="no progress bars")
    out.add_argument("--quiet", action="store_true", help="print no summary or example")
    build.set_defaults(func=run_build)


def _register_convert(subparsers: argparse._SubParsersAction) -> None:
    convert = subparsers.add_parser(
        "convert",
        help="original ToolDial release (train/val/test.json) → dataset directory",
        description="Convert the original release into the same configs. Malformed records are reported with "
        "file and index and skipped.",
    )
    convert.add_argument("--release", required=True, type=Path, help="directory holding train.json, val.json, "
                         "test.json")
    convert.add_argument("--out", required=True, type=Path, help="dataset directory to write (new or empty)")
    convert.add_argument("--overwrite", action="store_true", help="replace a dataset tooldial built at --out")
    convert.add_argument("--corpus", help="corpus holding the APIs, for parameter descriptions in the "
                         "`- API documentations:` lines (the release ships none; default: the mock data)")
    convert.add_argument("--num-proc", type=positive_int, default=1)
    convert.add_argument("--license", default="other",
                         help="license in the dataset card (the original release's terms apply)")
    convert.add_argument("--profile", choices=PROFILES, default=DEFAULT_PROFILE, help=PROFILE_HELP)
    convert.add_argument("--push-to-hub", metavar="REPO_ID")
    convert.add_argument("--private", action="store_true")
    convert.add_argument("--no-progress", action="store_true")
    convert.add_argument("--quiet", action="store_true")
    convert.set_defaults(func=run_convert)


def _register_push(subparsers: argparse._SubParsersAction) -> None:
    push = subparsers.add_parser("push", help="upload a dataset directory to the Hugging Face Hub",
                                 description="Upload a dataset directory as is (token from HF_TOKEN or `hf auth "
                                 "login`).")
    push.add_argument("dataset_dir", type=Path)
    push.add_argument("repo_id")
    push.add_argument("--private", action="store_true", help="create the Hub repo as private (an existing repo "
                      "keeps its visibility)")
    push.set_defaults(func=run_push)


def _print_summary(result, times: dict[str, float] | None, skipped: list[str], quiet: bool,
                   max_skipped: int | None = 20) -> None:
    stats = result.stats
    print(f"dataset: {result.out_dir}")
    if quiet:
        return
    width = max(len(m) for m, _ in stats.table2())
    print("\n".join(f"  {m:<{width}}  {v}" for m, v in stats.table2()))
    print("  rows per config (train / validation / test):")
    for name, per in stats.rows.items():
        print(f"    {name:<18} " + " / ".join(f"{per.get(s, 0):,}" for s in ("train", "validation", "test")))
    if times:
        print("  stage times: " + ", ".join(f"{k} {v:.1f}s" for k, v in times.items()))
    shown = skipped if max_skipped is None else skipped[:max_skipped]
    for line in shown:
        print(f"  skipped: {line}", file=sys.stderr)
    if len(skipped) > len(shown):
        print(f"  … and {len(skipped) - len(shown)} more skipped", file=sys.stderr)
    if result.example:
        print("\nexample dialogue (train):")
        print(result.example.rstrip("\n"))


def run_build(args: argparse.Namespace) -> int:
    from tooldial.dataset.pipeline import BuildOptions, build_dataset
    from tooldial.dataset.splits import SplitConfig
    from tooldial.dialogue.model_parts import parse_llm_roles

    graph_options = _key_values(args.graph_option, "--graph-option")
    if args.embedding_model:
        graph_options["embedding_model"] = args.embedding_model
    if args.entity_text:
        graph_options["entity_text"] = args.entity_text
    if args.thresholds:
        from tooldial.graph import Thresholds

        graph_options["thresholds"] = Thresholds.parse(args.thresholds)
    generate_options = _key_values(args.generate_option, "--generate-option")
    roles = parse_llm_roles(args.llm_roles)
    if roles:
        generate_options["llm_roles"] = roles
        server = generate_options.setdefault("renderer_options", {})
        if isinstance(server, dict):
            for key, value in (("base_url", args.base_url), ("model", args.llm_model)):
                if value:
                    server.setdefault(key, value)
            if not (server.get("base_url") and server.get("model")):
                raise ConfigError(f"--llm-roles {args.llm_roles} needs --base-url and --llm-model",
                                  field="--llm-roles")
    if (args.renderer or generate_options.get("renderer")) == "openai" or roles:
        renderer_options = generate_options.setdefault("renderer_options", {})
        if isinstance(renderer_options, dict):
            for key, value in {**llm_options(args), "max_attempts": args.max_attempts,
                               "max_tokens": args.max_tokens}.items():
                renderer_options.setdefault(key, value)
    if graph_options.get("entity_text") == "llm":
        graph_options.setdefault("llm_timeout", args.timeout)
        graph_options.setdefault("llm_max_attempts", args.max_attempts)
    options = BuildOptions(
        corpus=args.corpus,
        graph=args.graph,
        dialogues=args.dialogues or [],
        n=args.n,
        seed=args.seed,
        renderer=args.renderer,
        graph_options=graph_options,
        generate_options=generate_options,
        split=SplitConfig(ratios=_ratios(args.split_ratios), by=args.split_by,
                          seed=args.seed if args.split_seed is None else args.split_seed),
        validate_dialogues=not args.no_validate,
        work_dir=args.work_dir,
        num_proc=args.num_proc,
        max_failure_rate=args.max_failure_rate,
        progress=not args.no_progress,
        license=args.license,
        profile=args.profile,
    )
    from tooldial.dataset.pipeline import FailureRateError

    try:
        result = build_dataset(options, args.out, overwrite=args.overwrite)
    except FailureRateError as exc:
        print(f"tooldial: {exc}", file=sys.stderr)
        for reason, count in sorted(exc.reasons.items(), key=lambda kv: -kv[1])[:5]:
            print(f"  {count} x {reason}", file=sys.stderr)
        return 1
    if result.rejected:
        print(f"tooldial: {len(result.rejected)} dialogue(s) rejected by the validator and left out "
              "(--no-validate keeps them)", file=sys.stderr)
    for line in result.rejected[:20]:
        print(f"  rejected by the validator: {line}", file=sys.stderr)
    _print_summary(result.dataset, result.times.seconds, result.skipped, args.quiet)
    written_by = result.dataset.info.generation.get("messages by renderer")
    if written_by and ((args.renderer or generate_options.get("renderer")) == "openai" or roles):
        print(f"  messages written by: {written_by}")
    if result.dataset.info.generation.get("model-written parts"):
        print(f"  model-written parts: {result.dataset.info.generation['model-written parts']}")
    if args.push_to_hub:
        from tooldial.dataset.hub import push_to_hub

        print(f"pushed: {push_to_hub(args.out, args.push_to_hub, private=args.private)}")
    return 0


def run_convert(args: argparse.Namespace) -> int:
    from tooldial.dataset.convert import convert_release
    from tooldial.dataset.output import check_output

    check_output(args.out, overwrite=args.overwrite)
    corpus = None
    if args.corpus:
        from tooldial.cli.corpus import implied_outputs
        from tooldial.corpus import load_corpus

        corpus = load_corpus(args.corpus, implied_outputs=implied_outputs(args), progress=not args.no_progress)
    result, report = convert_release(args.release, args.out, corpus=corpus, num_proc=args.num_proc,
                                     progress=not args.no_progress, overwrite=args.overwrite,
                                     license=args.license, profile=args.profile)
    read = sum(report.read.values())
    print(f"converted {sum(report.converted.values()):,} of {read:,} records; skipped {len(report.skipped):,}")
    _print_summary(result, None, [str(s) for s in report.skipped], args.quiet, max_skipped=None)
    if args.push_to_hub:
        from tooldial.dataset.hub import push_to_hub

        print(f"pushed: {push_to_hub(args.out, args.push_to_hub, private=args.private)}")
    return 0


def run_push(args: argparse.Namespace) -> int:
    from tooldial.dataset.hub import push_to_hub

    print(f"pushed: {push_to_hub(args.dataset_dir, args.repo_id, private=args.private)}")
    return 0
