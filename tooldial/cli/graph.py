"""`tooldial graph build | stats | evaluate | calibrate`: the API graph (paper §3.1)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tooldial.cli.args import (
    add_llm_arguments,
    check_output_file,
    fraction,
    llm_options,
    non_negative_int,
    positive_int,
)
from tooldial.outputs import write_text
from tooldial.registry import ENTITY_PRODUCERS


def register(subparsers: argparse._SubParsersAction) -> None:
    graph = subparsers.add_parser("graph", help="build, inspect, evaluate and calibrate the API graph",
                                  description="The API graph: which API's output can fill another's input.")
    sub = graph.add_subparsers(dest="graph_command", metavar="SUBCOMMAND")
    graph.set_defaults(func=lambda args: graph.print_help() or 0)
    _add_build(sub)
    _add_stats(sub)
    _add_evaluate(sub)
    _add_calibrate(sub)


def _add_build(sub: argparse._SubParsersAction) -> None:
    b = sub.add_parser("build", help="build the graph of a corpus (Eq. 1)")
    b.add_argument("--corpus", default="builtin", help="corpus spec (default: builtin)")
    b.add_argument("--out", type=Path, default=Path("graph.json"), help="node-link JSON (default: graph.json)")
    b.add_argument("--graphml", type=Path, default=None, help="also write GraphML here")
    _model_args(b)
    b.add_argument("--thresholds", default=None, metavar="LCS,KW,DESC",
                   help="Eq. 1 thresholds (default: calibrated for the embedding model and entity text)")
    b.add_argument("--entity-text", choices=ENTITY_PRODUCERS.names(), default=ENTITY_PRODUCERS.default,
                   help="how entity descriptions are written (default: %(default)s)")
    b.add_argument("--base-url", default=None, help="OpenAI-compatible endpoint for --entity-text llm")
    b.add_argument("--llm-model", default=None)
    add_llm_arguments(b)
    b.add_argument("--concurrency", type=positive_int, default=8)
    b.add_argument("--block-size", type=positive_int, default=1024, help="output texts per similarity block")
    b.add_argument("--max-edges-per-pair", type=non_negative_int, default=None, metavar="K",
                   help="keep the K best target inputs between two APIs, each from at most K outputs "
                        "(default: 3; the release kept 1 edge; 0: all)")
    b.add_argument("--max-out-edges", type=non_negative_int, default=None, metavar="K",
                   help="keep the K best API pairs leaving one API (default: the config's; 0: no cap)")
    b.add_argument("--max-in-edges", type=non_negative_int, default=None, metavar="K",
                   help="keep the K best API pairs entering one API (default: the config's; 0: no cap)")
    b.add_argument("--max-cross-tool-edges", type=non_negative_int, default=None, metavar="K",
                   help="keep the K best API pairs to other tools leaving one API, and entering one unless "
                        "--max-cross-tool-in-edges is given (default: the config's, 50 leaving / 120 entering; "
                        "0: no cap)")
    b.add_argument("--max-cross-tool-in-edges", type=non_negative_int, default=None, metavar="K",
                   help="keep the K best API pairs from other tools entering one API (default: the config's; "
                        "0: no cap)")
    b.add_argument("--max-same-tool-candidates", type=non_negative_int, default=None, metavar="K",
                   help="memory bound: an input keeps its K most similar candidate sources of its own tool "
                        "(default: the config's, 64, lowered in a tool with more than 4,096 inputs; 0: no bound)")
    b.add_argument("--max-candidates", type=non_negative_int, default=None, metavar="N",
                   help="stop with an error when more than N Eq. 1 candidates remain (default: the config's, "
                        "3,000,000; 0: no bound)")
    b.add_argument("--single-provider", action="store_true",
                   help="all tools of the corpus are one provider's: identifiers chain between them "
                        "(a tool set documented tool by tool, e.g. tau-bench)")
    b.add_argument("--holds-answer", action="store_true",
                   help="also reject a list's or record's own key into a same-tool lookup that documents no field "
                        "the record lacks (the labelling guide's 'the record already holds the answer'; off by "
                        "default: it cuts list -> by-id chains that other labels call valid)")
    b.add_argument("--no-rules", action="store_true",
                   help="plain Eq. 1: no validity rules (identifiers, standard formats, generic names)")
    b.add_argument("--validity", choices=("auto", "rules", "learned", "rules-ranked"), default="auto",
                   help="who keeps candidates: auto (default: the system model for one provider's API set with URL "
                        "paths, an OpenAPI spec; the hand rules for everything else), the hand rules, the learned "
                        "model (its probability is also the confidence and the cap rank), or the rules with the "
                        "learned probability as confidence and cap rank")
    b.add_argument("--edge-model", type=Path, default=None, metavar="FILE",
                   help="learned model file (default: the packaged tooldial/data/graph_edge_model.json; with auto, "
                        "graph_edge_model_system.json)")
    b.add_argument("--edge-threshold", type=fraction, default=None, metavar="P",
                   help="keep threshold of the learned model instead of its file's (lower: more chains, fewer right)")
    b.add_argument("--judge-base-url", default=None,
                   help="OpenAI-compatible endpoint of an LLM edge judge: keep only edges it judges valid")
    b.add_argument("--judge-model", default=None, help="model of the edge judge")
    b.add_argument("--judge-max-tokens", type=positive_int, default=400)
    b.add_argument("--judge-scope", choices=("all", "cross-tool"), default="all",
                   help="which edges the judge sees: all, or only edges between two tools (the others are kept as "
                        "the rules decided; default: all)")
    b.add_argument("--keep-unjudged", action="store_true",
                   help="keep edges the judge gave no verdict on (malformed answer, failed request)")
    b.add_argument("--keep-isolated", action="store_true", help="keep APIs without edges as nodes")
    b.add_argument("--drop-same-tool", action="store_true", help="no edges between APIs of the same tool")
    b.add_argument("--no-progress", action="store_true")
    b.set_defaults(func=_build)


def _add_stats(sub: argparse._SubParsersAction) -> None:
    s = sub.add_parser("stats", help="nodes, edges, components, degrees, top APIs, category pairs")
    s.add_argument("graph", type=Path)
    s.add_argument("--top", type=positive_int, default=10)
    s.add_argument("--json", action="store_true", help="print JSON instead of text")
    s.set_defaults(func=_stats)


def _add_evaluate(sub: argparse._SubParsersAction) -> None:
    e = sub.add_parser("evaluate", help="judge sampled edges / non-edges with an LLM; score against labels")
    e.add_argument("graph", type=Path)
    e.add_argument("--corpus", default="builtin")
    e.add_argument("--labels", type=Path, default=None,
                   help="JSONL {source_api, source_output, target_api, target_input, valid}")
    e.add_argument("--split", default=None, metavar="NAME",
                   help="score only the labelled rows of this split (e.g. heldout; default: all rows)")
    e.add_argument("--closed-world", action="store_true",
                   help="the labels list every valid chain of the corpus (default for builtin)")
    e.add_argument("--base-url", default=None, help="OpenAI-compatible endpoint of the judge (else no judge)")
    e.add_argument("--llm-model", default=None)
    add_llm_arguments(e)
    e.add_argument("--concurrency", type=positive_int, default=8)
    e.add_argument("--sample-edges", type=non_negative_int, default=200)
    e.add_argument("--sample-non-edges", type=non_negative_int, default=200)
    e.add_argument("--judge-labels", type=positive_int, default=None, metavar="N",
                   help="with --labels and --base-url: judge N sampled labelled pairs (default: all of them)")
    e.add_argument("--max-tokens", type=positive_int, default=400, help="judge answer length (it also simulates a response)")
    e.add_argument("--seed", type=int, default=0)
    e.add_argument("--out", type=Path, default=None, help="write the scores as JSON")
    e.set_defaults(func=_evaluate)


def _add_calibrate(sub: argparse._SubParsersAction) -> None:
    c = sub.add_parser("calibrate", help="grid-search the thresholds on a labelled file")
    c.add_argument("--corpus", default="builtin")
    c.add_argument("--labels", type=Path, default=None, help="labels JSONL (default for builtin: its chains)")
    _model_args(c)
    c.add_argument("--split", default=None, metavar="NAME",
                   help="fit on the labelled rows of this split only (e.g. fit; default: all rows)")
    c.add_argument("--rules", action="store_true",
                   help="fit the Eq. 1 generator and the validity rules' thresholds on the labelled pairs "
                        "(coordinate ascent on MCC) instead of the Eq. 1 grid")
    c.add_argument("--cv", type=positive_int, default=None, metavar="K",
                   help="with --rules: also a grouped K-fold cross-validation by source tool (thresholds fitted on "
                        "the other folds, scored out of fold)")
    c.add_argument("--learn", action="store_true",
                   help="fit the learned edge-validity model (logistic regression over edge features, "
                        "tooldial.graph.learned) on the labelled pairs; prints leave-one-set-out (by the labels' "
                        "`set`) and, with --cv K, grouped-by-source-tool cross-validation against the rules")
    c.add_argument("--out", type=Path, default=None, metavar="FILE",
                   help="with --learn: write the fitted model here (JSON; the packaged one is "
                        "tooldial/data/graph_edge_model.json)")
    c.add_argument("--cv-sets", action="store_true",
                   help="with --rules: leave-one-set-out cross-validation of the thresholds (each labelling round, "
                        "the labels' `set`, scored with thresholds fitted on the other rounds; per-set figures)")
    c.add_argument("--seed", type=int, default=0, help="fold assignment of --cv (default 0)")
    c.add_argument("--objective", choices=("mcc", "f1"), default="mcc")
    c.add_argument("--labelled-only", action="store_true",
                   help="score only the labelled pairs (default: closed world, every other pair is invalid)")
    c.add_argument("--tolerance", type=float, default=0.005,
                   help="take the strictest point within this much of the best score (default 0.005)")
    c.add_argument("--plot", type=Path, default=Path("calibration.png"), help="PNG of the precision/recall")
    c.add_argument("--json", type=Path, default=None, help="write every grid point as JSON")
    c.set_defaults(func=_calibrate)


def _learn(args: argparse.Namespace, corpus, labels, labels_path: Path, config) -> int:
    """``graph calibrate --learn``: cross-validate the learned edge model, fit it on every pair, write it."""
    from tooldial.graph.calibrate import labelled_candidates, source_tool_folds
    from tooldial.graph.learned import cross_validate, fit_edge_model, model_digest, save_edge_model

    if args.out is not None:
        check_output_file(args.out, "--out")
    data = labelled_candidates(corpus, labels, config)
    set_of = {i: p.label_set or "(no set)" for i, p in enumerate(labels)}
    sets = sorted(set(set_of.values()))
    print(f"{len(labels)} labelled pairs{f' [{args.split}]' if args.split else ''} in sets {', '.join(sets)}; "
          f"{sum(r is not None for r in data.row_of)} are candidates ({len(data.cands)} candidates in "
          f"{corpus.spec})")
    cv: dict = {}
    if len(sets) > 1:
        loso = cross_validate(data, set_of, config, scheme="leave one set out")
        print(loso.format())
        cv["leave_one_set_out"] = loso.to_dict()
    if args.cv:
        folds = source_tool_folds(labels, args.cv, args.seed)
        grouped = cross_validate(data, folds, config, scheme=f"grouped {args.cv}-fold by source tool (seed {args.seed})")
        print(grouped.format())
        cv["grouped_by_source_tool"] = grouped.to_dict()
    fitted = {"command": "tooldial graph calibrate --learn"
                         f"{f' --split {args.split}' if args.split else ''}{f' --cv {args.cv}' if args.cv else ''}",
              "labels": labels_path.name, "labels_sha256": model_digest(labels_path), "split": args.split,
              "sets": sets, "pairs": len(labels), "candidate_pairs": sum(r is not None for r in data.row_of),
              "valid": sum(p.valid for p in labels), "corpus_apis": len(corpus),
              "cross_validation": {k: {"pooled": v["pooled"], "folds": [
                  {"name": f["name"], "threshold": f["threshold"]} for f in v["folds"]]} for k, v in cv.items()}}
    model = fit_edge_model(data, set_of, embedding_model=config.embedding_model, fitted=fitted)
    print(f"fitted on all {len(labels)} pairs; keep threshold {model.threshold:g} (leave one set out, best MCC)")
    if args.out is not None:
        save_edge_model(model, args.out)
        print(f"model: {args.out}")
    return 0


def _model_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--embedding-model", default="all-MiniLM-L6-v2",
                   help="sentence-transformers name or path (default: the packaged all-MiniLM-L6-v2)")
    p.add_argument("--cache-dir", type=Path, default=None, help="embedding/LLM cache (default: $TOOLDIAL_CACHE)")


def _config(args: argparse.Namespace, **extra):
    from tooldial.graph import FilterConfig, GraphConfig, Thresholds

    fields = {"embedding_model": args.embedding_model, **extra}
    if getattr(args, "cache_dir", None):
        fields["cache_dir"] = args.cache_dir
    if getattr(args, "thresholds", None):
        fields["thresholds"] = Thresholds.parse(args.thresholds)
    if hasattr(args, "keep_isolated"):
        fields["filters"] = FilterConfig(drop_isolated=not args.keep_isolated,
                                         drop_same_tool_edges=args.drop_same_tool)
    return GraphConfig(**fields)


def _default_labels(corpus_spec: str, labels: Path | None) -> Path | None:
    if labels is not None or corpus_spec != "builtin":
        return labels
    from importlib import resources

    path = Path(str(resources.files("tooldial") / "data" / "builtin_chains.jsonl"))
    return path if path.is_file() else None


def _build(args: argparse.Namespace) -> int:
    from tooldial.cli.corpus import implied_outputs
    from tooldial.corpus import load_corpus
    from tooldial.errors import ConfigError
    from tooldial.graph import GraphBuilder, export_graphml, save_graph

    check_output_file(args.out)
    check_output_file(args.graphml, "--graphml")
    progress = not args.no_progress
    caps = {name: (None if value == 0 else value) for name, value in (
        ("max_edges_per_api_pair", args.max_edges_per_pair), ("max_out_edges_per_api", args.max_out_edges),
        ("max_in_edges_per_api", args.max_in_edges),
        ("max_cross_tool_edges_per_api", args.max_cross_tool_edges),
        ("max_cross_tool_in_edges_per_api", args.max_cross_tool_in_edges if args.max_cross_tool_in_edges is not None
         else args.max_cross_tool_edges), ("max_same_tool_candidates_per_input", args.max_same_tool_candidates),
        ("max_candidates", args.max_candidates)) if value is not None}
    for name, value in caps.items():
        if value is not None and value < 0:
            raise ConfigError(f"must be 0 (no cap) or a positive number, got {value}", field=name)
    if bool(args.judge_base_url) != bool(args.judge_model):
        raise ConfigError("give both --judge-base-url and --judge-model", field="--judge-model")
    config = _config(args, entity_text=args.entity_text, base_url=args.base_url, llm_model=args.llm_model,
                     llm_concurrency=args.concurrency, llm_timeout=args.timeout,
                     llm_max_attempts=args.max_attempts, block_size=args.block_size, progress=progress,
                     apply_rules=not args.no_rules, validity=args.validity, edge_model=args.edge_model,
                     edge_threshold=args.edge_threshold, **caps)
    rule_flags = {k: True for k in ("single_provider", "holds_answer") if getattr(args, k)}
    if rule_flags:
        config = config.model_copy(update={"rules": config.rules.model_copy(update=rule_flags)})
    from tooldial.corpus.functions import check_loaded

    corpus = check_loaded(load_corpus(args.corpus, implied_outputs=implied_outputs(args), progress=progress))
    builder = GraphBuilder(config)
    graph = builder.build(corpus)
    r = builder.report
    if args.judge_base_url:
        from tooldial.graph.judge import filter_with_judge
        from tooldial.llm import LLMClient

        client = LLMClient(args.judge_base_url, args.judge_model, max_concurrency=args.concurrency,
                           cache_dir=args.cache_dir / "llm" if args.cache_dir else None, **llm_options(args))
        run = filter_with_judge(graph, corpus, client, max_tokens=args.judge_max_tokens,
                                keep_unjudged=args.keep_unjudged, progress=progress, scope=args.judge_scope)
        fate = "kept as the rules decided" if run.keep_unjudged else "dropped"
        asked = graph.graph["judge"]["not_asked"]
        print(f"judge {args.judge_model}: {run.kept} of {run.judged} judged edges valid and kept"
              f"{f' ({asked} same-tool edges not asked, kept)' if asked else ''}; "
              f"{run.unjudged} without a verdict {fate} ({run.malformed} malformed answers, "
              f"{run.request_errors} failed requests{f'; first: {run.first_error}' if run.first_error else ''})")
        r.edges, r.nodes = graph.number_of_edges(), graph.number_of_nodes()
    save_graph(graph, args.out)
    if args.graphml:
        export_graphml(graph, args.graphml)
    print(f"{args.out}: {r.nodes} APIs, {r.edges} edges (thresholds {config.effective_thresholds} LCS,KW,DESC; "
          f"{r.outputs_filtered} outputs x {r.inputs_filtered} inputs; {r.unique_texts} unique texts, "
          f"{r.encoded_texts} embedded now)")
    for key, value in sorted(r.producer_stats.items()):
        if value:
            print(f"  {key}: {value}")
    if r.learned:
        lr = r.learned
        why = f"{lr['auto']} (--validity rules: the hand rules); " if lr.get("auto") else ""
        print(f"  learned ({why}{lr['scorer']}, {lr.get('model') or 'model'}, threshold {lr['threshold']:g}): "
              f"{lr['kept']} candidates kept before the caps; the rules kept {lr['rules_kept']} "
              f"({lr['kept_not_rules']} kept that the rules rejected, {lr['rules_not_kept']} dropped that the rules "
              "kept)" + "".join(f"; {n} more candidates proposed by {name}" for name, n in lr.get("proposed", {}).items()))
    if r.rejected:
        from tooldial.graph.reasons import reason_label

        print(f"  rules: {r.candidates} Eq. 1 candidates, {sum(r.rejected.values())} rejected: "
              + "; ".join(f"{n} {reason_label(code)}" for code, n in sorted(r.rejected.items(), key=lambda kv: -kv[1])))
    from tooldial.graph.stats import graph_notes

    for line in graph_notes(graph):
        print(f"  {line}")
    return 0


def _stats(args: argparse.Namespace) -> int:
    from tooldial.graph import graph_stats, load_graph
    from tooldial.graph.stats import format_stats

    stats = graph_stats(load_graph(args.graph), top=args.top)
    print(stats.model_dump_json(indent=2) if args.json else format_stats(stats))
    return 0


def _evaluate(args: argparse.Namespace) -> int:
    from tooldial.cli.corpus import implied_outputs
    from tooldial.corpus import load_corpus
    from tooldial.errors import ConfigError
    from tooldial.graph import load_graph
    from tooldial.graph.labels import (
        BinaryMetrics,
        closed_world_scores,
        evaluate_graph_on_labels,
        read_labels,
    )

    check_output_file(args.out)

    graph = load_graph(args.graph)
    labels_path = _default_labels(args.corpus, args.labels)
    closed = args.closed_world or (args.corpus == "builtin" and args.labels is None)
    if labels_path is None and not args.base_url:
        raise ConfigError("nothing to evaluate: give --labels and/or --base-url (LLM judge)", field="graph evaluate")
    corpus = load_corpus(args.corpus, implied_outputs=implied_outputs(args))
    result: dict = {"graph": str(args.graph)}
    labels = read_labels(labels_path, split=args.split) if labels_path else None
    if labels_path and not labels:
        raise ConfigError(f"no labelled rows{f' in split {args.split!r}' if args.split else ''}",
                          field="--split" if args.split else "--labels")
    if labels:
        m = evaluate_graph_on_labels(graph, labels)
        result["graph_vs_labels"] = m.scores(with_intervals=True)
        where = f"{labels_path.name}{f' [{args.split}]' if args.split else ''}"
        print(f"graph vs {where} ({len(labels)} labelled pairs): {m.format(with_intervals=True)}")
        by_kind = sorted({p.kind for p in labels if p.kind})
        for kind in by_kind:
            sub = [p for p in labels if p.kind == kind]
            km = evaluate_graph_on_labels(graph, sub)
            result.setdefault("by_kind", {})[kind] = km.scores(with_intervals=True)
            print(f"  {kind} ({len(sub)}): {km.format()}")
        if closed:
            cw = closed_world_scores(graph, labels)
            result["closed_world"] = {"recall": cw.recall, "precision": cw.precision,
                                      "valid_chains": cw.valid_chains, "recovered": cw.recovered,
                                      "graph_edges": cw.graph_edges}
            print(f"graph vs all designed chains (closed world): recall {cw.recall:.3f} "
                  f"({cw.recovered}/{cw.valid_chains}), precision {_f(cw.precision)} "
                  f"({cw.edges_in_chains}/{cw.graph_edges} edges)")
    if args.base_url:
        if not args.llm_model:
            raise ConfigError("--llm-model is required with --base-url", field="--llm-model")
        from tooldial.graph.judge import evaluate_edges, judge_on_labels
        from tooldial.llm import LLMClient

        client = LLMClient(args.base_url, args.llm_model, max_concurrency=args.concurrency, **llm_options(args))
        ev = evaluate_edges(graph, corpus, client, n_edges=args.sample_edges, n_non_edges=args.sample_non_edges,
                            seed=args.seed, max_tokens=args.max_tokens, progress=True)
        result["judge"] = ev.summary()
        s = ev.summary()
        print(f"judge: precision on edges {_f(s['precision'])} ({s['edges_judged']}/{s['edges_sampled']} judged), "
              f"NPV on non-edges {_f(s['npv'])} ({s['non_edges_judged']}/{s['non_edges_sampled']} judged); "
              f"{s['malformed_answers']} malformed answers, {s['failed_requests']} failed requests")
        if labels and args.labels is not None:  # an explicit labels file: score the judge on it too
            import random

            judged = labels
            if args.judge_labels is not None and args.judge_labels < len(labels):
                judged = sorted(random.Random(args.seed).sample(labels, args.judge_labels), key=lambda p: p.key)
            m, run = judge_on_labels(client, corpus, judged, max_tokens=args.max_tokens, progress=True)
            result["judge_vs_labels"] = {**m.scores(with_intervals=True), "malformed_answers": run.malformed,
                                         "failed_requests": run.request_errors,
                                         "asked": len(run.pairs), "left_out": len(judged) - len(run.pairs)}
            print(f"judge vs {labels_path.name} ({len(run.pairs)} pairs asked): {m.format(with_intervals=True)}; "
                  f"{run.malformed} malformed answers, {run.request_errors} failed requests (left out of the "
                  "scores, not counted as invalid)")
            verdict = {p: v.valid for p, v in zip(run.pairs, run.verdicts, strict=True)}
            for kind in sorted({p.kind for p in judged if p.kind}):
                rows = [(verdict[p.key], p.valid) for p in judged if p.kind == kind and verdict.get(p.key) is not None]
                km = BinaryMetrics.from_predictions([g for g, _ in rows], [a for _, a in rows])
                result.setdefault("judge_by_kind", {})[kind] = km.scores()
                print(f"  judge, {kind} ({len(rows)} judged): {km.format()}")
    if args.out:
        write_text(args.out, json.dumps(result, indent=2) + "\n")
    return 0


def _f(x: float | None) -> str:
    return "n/a" if x is None else f"{x:.3f}"


def _calibrate(args: argparse.Namespace) -> int:
    from tooldial.cli.corpus import implied_outputs
    from tooldial.corpus import load_corpus
    from tooldial.errors import ConfigError
    from tooldial.graph.calibrate import calibrate, plot_calibration
    from tooldial.graph.labels import read_labels

    labels_path = _default_labels(args.corpus, args.labels)
    if labels_path is None:
        raise ConfigError("give --labels FILE (JSONL of labelled pairs)", field="--labels")
    labels = read_labels(labels_path, split=args.split)
    if not labels:
        raise ConfigError(f"no labelled rows{f' in split {args.split!r}' if args.split else ''}", field="--labels")
    corpus = load_corpus(args.corpus, implied_outputs=implied_outputs(args))
    config = _config(args, progress=True)
    if args.learn:
        return _learn(args, corpus, labels, labels_path, config)
    if args.out:
        raise ConfigError("--out needs --learn", field="--out")
    if args.rules:
        from tooldial.graph.calibrate import calibrate_rules

        fitted = calibrate_rules(corpus, labels, config)
        print(f"{args.embedding_model}, offline entity text, {corpus.spec}, {labels_path.name}"
              f"{f' [{args.split}]' if args.split else ''}")
        print(fitted.format())
        result = {"thresholds": str(fitted.thresholds), "rules": fitted.rules, "metrics": fitted.metrics.scores()}
        if args.cv or args.cv_sets:
            from tooldial.graph.calibrate import cross_validate_rules

            cv = cross_validate_rules(corpus, labels, config, folds=args.cv or 5, seed=args.seed,
                                      by_set=args.cv_sets)
            print(cv.format())
            result["cross_validation"] = {"folds": cv.folds, "groups": cv.groups, "picks": cv.picks,
                                          "by_set": cv.by_set,
                                          "fitted": cv.fitted.scores(with_intervals=True),
                                          "defaults": cv.defaults.scores(with_intervals=True),
                                          "per_fold": {n: {"fitted": f.scores(), "defaults": d.scores()}
                                                       for n, f, d in cv.per_fold}}
        if args.json:
            write_text(args.json, json.dumps(result) + "\n", flag="--json")
        return 0
    if args.cv or args.cv_sets:
        raise ConfigError("--cv and --cv-sets need --rules", field="--cv")
    result = calibrate(corpus, labels, config, objective=args.objective, closed_world=not args.labelled_only,
                       tolerance=args.tolerance)
    print(f"{args.embedding_model}, offline entity text, {corpus.spec}, {labels_path.name}")
    print(result.format())
    plot_calibration(result, args.plot, title=f"{args.embedding_model} on {corpus.spec}")
    print(f"plot: {args.plot}")
    if args.json:
        rows = [{"lcs": p.thresholds.lcs, "kw": p.thresholds.kw, "desc": p.thresholds.desc, **p.metrics.scores()}
                for p in result.points]
        write_text(args.json, json.dumps(rows) + "\n", flag="--json")
    sys.stdout.flush()
    return 0
