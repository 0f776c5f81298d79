"""`tooldial generate` and `tooldial validate`: annotated dialogues from a corpus and its API graph."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from tooldial.cli.args import (
    add_failure_rate_argument,
    add_llm_arguments,
    add_llm_roles_argument,
    check_output_file,
    llm_options,
    non_negative_int,
    positive_int,
    report_failures,
)
from tooldial.cli.corpus import add_corpus_argument, load_corpus_from_args
from tooldial.registry import RENDERERS


def _retriever_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--confirm-threshold", type=float, default=0.6,
                   help="top score at or above which the system confirms the API (default 0.6)")
    p.add_argument("--suggest-threshold", type=float, default=0.5,
                   help="top score at or above which (below confirm) the system suggests (default 0.5)")
    p.add_argument("--top-k", type=positive_int, default=5, help="APIs listed in a retriever status (default 5)")
    p.add_argument("--close-margin", type=float, default=0.05,
                   help="a confirmed API may rank below the top one when both score at least the confirm threshold "
                   "and it is within this margin (close candidates told apart by documentation; 0 = top only; "
                   "default 0.05)")


def register(subparsers: argparse._SubParsersAction) -> None:
    g = subparsers.add_parser(
        "generate", help="generate annotated dialogues (release format) from a corpus and its API graph",
        description="Sample APIs / graph edges and action sequences, build scenario instructions with real "
        "retriever scores and chained mock data, render them, and write one dialogue per line.")
    add_corpus_argument(g)
    g.add_argument("--graph", type=Path, default=None,
                   help="graph.json from `tooldial graph build` (default: build it with the default config)")
    g.add_argument("--out", type=Path, default=Path("dialogues.jsonl"), help="output JSONL (default dialogues.jsonl)")
    mode = g.add_mutually_exclusive_group(required=True)
    mode.add_argument("--n", type=positive_int, help="number of dialogues: every realizable sequence appears, and no "
                      "(sequence, API/edge) pair twice until every pool has given all of its pairs")
    mode.add_argument("--all-combinations", action="store_true",
                      help="every valid edge/API x every compatible sequence, as the paper did")
    g.add_argument("--seed", type=int, default=0)
    g.add_argument("--renderer", choices=RENDERERS.names(), default=RENDERERS.default,
                   help="how messages are written (default: %(default)s)")
    g.add_argument("--base-url", default=None, help="OpenAI-compatible endpoint (--renderer openai, --llm-roles)")
    g.add_argument("--llm-model", default=None, help="model name at the endpoint (--renderer openai, --llm-roles)")
    add_llm_roles_argument(g)
    g.add_argument("--api-key-env", default="OPENAI_API_KEY",
                   help="environment variable holding the API key (never written anywhere)")
    g.add_argument("--max-concurrency", type=positive_int, default=8, help="requests in flight (--renderer openai)")
    g.add_argument("--max-tokens", type=positive_int, default=96, metavar="N",
                   help="tokens per LLM answer, one turn (--renderer openai; default: 96)")
    add_llm_arguments(g)
    add_failure_rate_argument(g)
    g.add_argument("--sequences", default=None, help="comma-separated sequence ids to restrict to")
    g.add_argument("--even-sequences", action="store_true",
                   help="keep the sequence counts of --n even, repeating the pairs of small pools")
    g.add_argument("--embedding-model", default=None, help="retriever model (default: the packaged MiniLM)")
    g.add_argument("--batch-size", type=positive_int, default=64, help="scenarios rendered per batch")
    _retriever_args(g)
    g.add_argument("--no-progress", action="store_true")
    g.set_defaults(func=_generate)

    v = subparsers.add_parser(
        "validate", help="check generated dialogues (sequences, retriever bands, states, chaining, calls)",
        description="Check every dialogue of FILE; print counts per failure kind; exit 1 if any fails.")
    v.add_argument("file", type=Path)
    v.add_argument("--corpus", default=None, metavar="SPEC",
                   help="check parameters against this corpus (default: the documentation stored in each record)")
    v.add_argument("--rescore", action="store_true",
                   help="re-run the retriever on every intent utterance and compare scores (needs --corpus)")
    v.add_argument("--embedding-model", default=None)
    _retriever_args(v)
    v.add_argument("--show", type=non_negative_int, default=10, help="failing dialogues to list (default 10)")
    v.set_defaults(func=_validate)


def _load_graph(args: argparse.Namespace, corpus):
    if args.graph is not None:
        from tooldial.errors import ConfigError
        from tooldial.graph import load_graph

        graph = load_graph(args.graph)
        nodes = list(graph.nodes)
        missing = [n for n in nodes if n not in corpus]
        if nodes and len(missing) * 2 > len(nodes):
            built_from = graph.graph.get("corpus") or "another corpus"
            raise ConfigError(f"{len(missing)} of {len(nodes)} APIs of this graph are not in the corpus "
                              f"{corpus.spec!r}: it was built from {built_from!r}; pass that corpus with --corpus",
                              file=str(args.graph), field="--graph")
        return graph
    from tooldial.graph import GraphConfig, build_graph

    print("tooldial: no --graph given; building it with the default config", file=sys.stderr)
    return build_graph(corpus, GraphConfig())


def _retriever_config(args: argparse.Namespace):
    from tooldial.dialogue.retriever import RetrieverConfig
    from tooldial.errors import ConfigError

    try:
        return RetrieverConfig(top_k=args.top_k, confirm_threshold=args.confirm_threshold,
                               close_margin=args.close_margin,
                               suggest_threshold=args.suggest_threshold)
    except ValueError as exc:
        raise ConfigError(str(exc).splitlines()[-1],
                          field="--confirm-threshold/--suggest-threshold/--close-margin") from None


def _generate(args: argparse.Namespace) -> int:
    from pydantic import ValidationError

    from tooldial.dialogue.generate import GenerateConfig, GenerationReport, generate_dialogues
    from tooldial.dialogue.io import write_dialogues
    from tooldial.dialogue.model_parts import parse_llm_roles
    from tooldial.embedding import DEFAULT_EMBEDDING_MODEL
    from tooldial.errors import ConfigError

    check_output_file(args.out)
    roles = parse_llm_roles(args.llm_roles)
    options: dict = {}
    if args.renderer == "openai" or roles:
        if not args.base_url or not args.llm_model:
            flag = "--renderer" if args.renderer == "openai" else "--llm-roles"
            raise ConfigError(f"{flag} {args.renderer if flag == '--renderer' else args.llm_roles} needs "
                              "--base-url and --llm-model", field=flag)
        options = {"base_url": args.base_url, "model": args.llm_model,
                   "api_key": os.environ.get(args.api_key_env), "max_concurrency": args.max_concurrency,
                   **llm_options(args), "max_attempts": args.max_attempts, "max_tokens": args.max_tokens}
    try:
        config = GenerateConfig(
            n=args.n, all_combinations=args.all_combinations, seed=args.seed, renderer=args.renderer,
            renderer_options=options, llm_roles=roles, retriever=_retriever_config(args),
            embedding_model=args.embedding_model or DEFAULT_EMBEDDING_MODEL,
            sequences=args.sequences.split(",") if args.sequences else None, batch_size=args.batch_size,
            even_sequences=args.even_sequences,
            progress=not args.no_progress,
        )
    except ValidationError as exc:
        err = exc.errors()[0]
        raise ConfigError(err["msg"], field=".".join(str(p) for p in err["loc"]) or None) from None
    start = time.perf_counter()
    corpus = load_corpus_from_args(args)
    graph = _load_graph(args, corpus)
    loaded = time.perf_counter()
    report = GenerationReport()
    from tooldial.dialogue.generate import make_renderer

    renderer = make_renderer(config)
    count = write_dialogues(generate_dialogues(corpus, graph, config, renderer=renderer, report=report), args.out)
    took = time.perf_counter() - loaded
    print(f"wrote {count} dialogues to {args.out} in {took:.1f}s (corpus+graph {loaded - start:.1f}s); "
          f"{len(report.produced)}/23 sequences", file=sys.stderr)
    if report.repeated:
        why = "--even-sequences repeats small pools" if args.even_sequences else \
            "every pool had given each of its chains"
        print(f"tooldial: {report.repeated} dialogue(s) repeat the sequence and APIs of an earlier one "
              f"({len(report.pairs)} distinct pairs written; {why})", file=sys.stderr)
    if report.exhausted:
        print(f"tooldial: sequences without a realizable API/edge left: {', '.join(sorted(set(report.exhausted)))}",
              file=sys.stderr)
    missing = [s for s, n in report.pool_sizes.items() if n == 0]
    if missing:
        print(f"tooldial: no compatible API/edge for: {', '.join(missing)}", file=sys.stderr)
    if report.failures:
        top = ", ".join(f"{k} ({v})" for k, v in report.failures.most_common(5))
        print(f"tooldial: unrealizable draws skipped: {top}", file=sys.stderr)
    if report.unusable_units:
        top = ", ".join(f"{k} ({v})" for k, v in report.unusable_units.most_common(6))
        print(f"tooldial: APIs/edges left out: {top}", file=sys.stderr)
    if report.implausible_edges:
        top = ", ".join(f"{k} ({v})" for k, v in report.implausible_edges.most_common(6))
        print(f"tooldial: graph edges left out as implausible chains: {top}", file=sys.stderr)
    if report.personal_intents:
        print("first intent utterances composed for their dialogue: " + report.personal_summary(), file=sys.stderr)
    if report.model_parts is not None:
        parts = report.model_parts
        print("model-written parts: " + (parts.summary() or "none"), file=sys.stderr)
        if parts.numbers["asked"]:
            print(f"  undocumented numbers given a range: {parts.numbers['kept']}/{parts.numbers['asked']} (the rest are "
                  "drawn by the rules)", file=sys.stderr)
        if parts.whole["asked"]:
            print(f"  results written whole (undocumented lookups): {parts.whole['model']}/{parts.whole['asked']} "
                  f"({parts.whole['repaired']} kept after placeholder fields were dropped)", file=sys.stderr)
        if parts.dropped:
            print("  dialogues dropped and drawn again: " + ", ".join(f"{k} ({v})" for k, v in parts.dropped.items()),
                  file=sys.stderr)
        if parts.repaired:
            print("  kept after a repair: " + ", ".join(f"{k} ({v})" for k, v in parts.repaired.most_common()),
                  file=sys.stderr)
        if parts.failures:
            print("  model parts rejected: " + ", ".join(f"{k} ({v})" for k, v in parts.failures.most_common(8)),
                  file=sys.stderr)
        if parts.same:
            print(f"  answers whose pick is the rules' own: {parts.same['answer']}", file=sys.stderr)
        if parts.skipped:
            print("  not sent (template kept): " + ", ".join(f"{k} ({v})" for k, v in parts.skipped.most_common()),
                  file=sys.stderr)
        st = parts.client.stats
        print(f"  model requests: {st.sent} sent, {st.cache_hits} from the cache; tokens: {st.prompt_tokens:,} prompt + "
              f"{st.completion_tokens:,} generated ({(st.prompt_tokens + st.completion_tokens) / max(1, count):,.0f} "
              f"per dialogue; sent requests only)", file=sys.stderr)
    written_by = {k: v for k, v in report.rendered_by.items() if k != "fixed"}
    if (args.renderer == "openai" or "utterance" in roles) and written_by:
        total = sum(written_by.values())
        print("messages written by: " + ", ".join(f"{k} {v / total:.1%}" for k, v in
                                                     sorted(written_by.items(), key=lambda kv: -kv[1])), file=sys.stderr)
    if report.render_failures:
        print(f"tooldial: {len(report.render_failures)} dialogue(s) dropped by the renderer "
              f"(first: {report.render_failures[0][0]}: {report.render_failures[0][1]})", file=sys.stderr)
    if report.invalid:
        print(f"tooldial: {len(report.invalid)} dialogue(s) failed `tooldial validate` and were drawn again "
              f"(by check: {invalid_by_check(report.invalid)}; first: {report.invalid[0][0]}: {report.invalid[0][1]})",
              file=sys.stderr)
    # requests the server could not answer (not answers that failed the checks) make a run invalid, even when
    # the template fallback wrote those turns
    stats = getattr(getattr(renderer, "client", None) or getattr(report.model_parts, "client", None), "stats", None)
    if stats is not None and report_failures("renderer", stats.errors, stats.sent + stats.cache_hits,
                                             stats.failures, args.max_failure_rate):
        print(f"tooldial: more than {100 * args.max_failure_rate:g}% of the renderer's requests failed "
              "(--max-failure-rate); what the file holds was not written by the model", file=sys.stderr)
        return 1
    return 0


def invalid_by_check(invalid: list[tuple[str, str]]) -> str:
    """``consistency 40, answer 3``: the dialogues the validator rejected, by the check that failed first (a run
    that redraws many for one check points at the part of the generator to mend)."""
    from collections import Counter

    counts = Counter(problem.split(":", 1)[0] for _, problem in invalid)
    return ", ".join(f"{check} {n}" for check, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def _validate(args: argparse.Namespace) -> int:
    from tooldial.dialogue.io import read_dialogues
    from tooldial.dialogue.validate import validate_records
    from tooldial.errors import ConfigError

    conf = _retriever_config(args)
    corpus = None
    retriever = None
    if args.corpus:
        from tooldial.cli.corpus import implied_outputs
        from tooldial.corpus import load_corpus

        corpus = load_corpus(args.corpus, implied_outputs=implied_outputs(args))
    if args.rescore:
        if corpus is None:
            raise ConfigError("--rescore needs --corpus", field="--rescore")
        from tooldial.cache import default_cache_dir
        from tooldial.dialogue.retriever import Retriever
        from tooldial.embedding import DEFAULT_EMBEDDING_MODEL, Embedder

        retriever = Retriever(corpus, Embedder(args.embedding_model or DEFAULT_EMBEDDING_MODEL,
                                               default_cache_dir()), conf)
    report = validate_records(read_dialogues(args.file), corpus=corpus, retriever_config=conf, retriever=retriever)
    print(report.summary(show=args.show))
    return 0 if report.ok else 1
