"""``tooldial corpus``: inspect an API corpus (``stats``, ``show``, ``list``).

Other stages reuse :func:`add_corpus_argument` and :func:`load_corpus_from_args` so that every command
takes the same ``--corpus SPEC`` / ``--strict`` options and reports skipped records the same way.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from tooldial.cli.args import non_negative_int, positive_int
from tooldial.errors import TooldialError

CORPUS_HELP = (
    "API corpus: 'builtin' (the embedded corpus, default), a directory of ToolBench tool files "
    "(<dir>/<Category>/<tool>.json), a .json list or .jsonl[.gz] of tool objects, an OpenAPI 3 "
    ".yaml/.json file or directory (with Arazzo workflow files beside them, or one given alone), or a "
    ".json file of OpenAI tools / function definitions or an MCP tools/list result (one file = one system)"
)


def add_corpus_argument(parser: argparse.ArgumentParser, *, strict: bool = True) -> None:
    """Add ``--corpus SPEC`` (default ``builtin``) and, unless ``strict=False``, ``--strict``."""
    parser.add_argument("--corpus", metavar="SPEC", default="builtin", help=CORPUS_HELP)
    if strict:
        parser.add_argument("--strict", action="store_true",
                            help="stop at the first broken file or record instead of skipping it")
    parser.add_argument("--no-implied-outputs", action="store_true",
                        help="do not give APIs that document no response the ids their names imply "
                        "(createFolder → folderId when another API of the tool takes a folderId) or the fields "
                        "another API's documentation says they return")


def implied_outputs(args: argparse.Namespace) -> bool:
    """Whether to add the ids undocumented API names imply (off with ``--no-implied-outputs``)."""
    return not getattr(args, "no_implied_outputs", False)


def load_corpus_from_args(args: argparse.Namespace, *, quiet: bool = False):
    """Load ``args.corpus`` (progress bar on a terminal); print a one-line skip summary to stderr."""
    from tooldial.corpus import load_corpus

    corpus = load_corpus(args.corpus, implied_outputs=implied_outputs(args), strict=getattr(args, "strict", False),
                         progress=sys.stderr.isatty())
    if corpus.skipped and not quiet and corpus.apis:
        first = corpus.skipped[0]
        print(f"tooldial: skipped {len(corpus.skipped)} broken record(s) in {args.corpus} "
              f"(first: {first.location}: {first.reason}); use --strict to stop at the first",
              file=sys.stderr)
    from tooldial.corpus.functions import check_loaded

    return check_loaded(corpus)


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("corpus", help="inspect an API corpus (stats, show, list)",
                                   description="Inspect an API corpus.")
    sub = parser.add_subparsers(dest="corpus_command", metavar="SUBCOMMAND")
    parser.set_defaults(func=lambda args: (parser.print_help(), 0)[1])

    stats = sub.add_parser("stats", help="counts: tools, APIs, domains, parameters, outputs, chains, skipped",
                           description="Count tools, APIs, domains, parameters, output components, APIs "
                           "without inputs, list-returning APIs, chainable APIs and skipped records.")
    add_corpus_argument(stats)
    stats.add_argument("--json", action="store_true", help="print the statistics as JSON")
    stats.add_argument("--skipped", type=non_negative_int, default=5, metavar="N",
                       help="how many skipped records to list (default 5)")
    stats.add_argument("--chains", metavar="JSONL", default=None,
                       help="labelled chain file (rows {source_api, source_output, target_api, target_input, "
                       "valid}) to summarize; default: the embedded one for 'builtin'")
    stats.set_defaults(func=_stats)

    show = sub.add_parser("show", help="print one API: parameters, output components, example",
                          description="Print one API of the corpus.")
    add_corpus_argument(show)
    show.add_argument("--api", required=True, metavar="ID", help="API id, Category|tool|api")
    show.add_argument("--json", action="store_true", help="print the API as JSON")
    show.set_defaults(func=_show)

    lst = sub.add_parser("list", help="list API ids (optionally of one domain)",
                         description="List the API ids of the corpus.")
    add_corpus_argument(lst)
    lst.add_argument("--domain", metavar="CATEGORY", help="only APIs of this domain (category)")
    lst.add_argument("--limit", type=positive_int, default=None, metavar="N", help="print at most N ids")
    lst.set_defaults(func=_list)


# --------------------------------------------------------------------------------------------- stats


def _stats(args: argparse.Namespace) -> int:
    import time

    from tooldial.corpus import BUILTIN, builtin_dir
    from tooldial.corpus.stats import compute_stats

    start = time.perf_counter()
    corpus = load_corpus_from_args(args, quiet=True)
    seconds = time.perf_counter() - start
    if args.chains is not None:
        chains: Path | None = Path(args.chains)
        if not chains.is_file():
            raise TooldialError("no such file", file=args.chains, field="--chains")
    else:
        chains = builtin_dir().parent / "builtin_chains.jsonl" if args.corpus == BUILTIN else None
    stats = compute_stats(corpus, chains_file=chains, load_seconds=round(seconds, 2),
                          skipped_examples=max(args.skipped, 0))
    if args.json:
        print(stats.model_dump_json(indent=2))
        return 0
    from tooldial.corpus.implied_outputs import implied_count

    implied = implied_count(corpus.apis)
    rows: list[tuple[str, Any]] = [
        ("tools", stats.tools),
        ("APIs", stats.apis),
        ("domains", stats.domains),
        ("required parameters", stats.required_parameters),
        ("optional parameters", stats.optional_parameters),
        ("output components", f"{stats.output_components} ({stats.list_output_components} inside lists"
                              + (f"; {implied[0]} ids implied by the names of {implied[1]} APIs that document no "
                                 "response, see --no-implied-outputs" if implied[0] else "") + ")"),
        ("APIs without inputs", stats.apis_without_inputs),
        ("APIs without outputs", stats.apis_without_outputs),
        ("list-returning APIs", stats.list_returning_apis),
        ("chainable APIs", f"{stats.chainable_apis} (can feed another API's required input; "
                           f"{stats.fed_apis} APIs can be fed; {stats.chain_links} name-matched links)"),
    ]
    labelled = stats.labelled_chains
    if labelled is not None:
        rows.append(("labelled chains", f"{labelled.valid_source_apis} source APIs with a valid chain "
                                        f"({labelled.valid} valid of {labelled.rows} rows; "
                                        f"{labelled.resolvable} resolve in the corpus, "
                                        f"{labelled.found_by_name_rule} also found by the name rule, which "
                                        f"also links {labelled.invalid_found_by_name_rule} of the "
                                        f"{labelled.rows - labelled.valid} rows labelled invalid)"))
    rows.append(("skipped records", stats.skipped))
    rows.append(("load time", f"{stats.load_seconds:.2f} s"))
    width = max(len(name) for name, _ in rows)
    print(f"corpus: {stats.spec}")
    for name, value in rows:
        print(f"  {name:<{width}}  {value}")
    top = list(stats.apis_per_domain.items())[:10]
    more = stats.domains - len(top)
    print("  largest domains: " + ", ".join(f"{d} ({n})" for d, n in top) + (f", … {more} more" if more else ""))
    print(f"  chain rule: {stats.chain_rule}")
    if stats.skipped:
        print(f"  skipped ({stats.skipped}; first {len(stats.skipped_examples)}):")
        for rec in stats.skipped_examples:
            print(f"    {rec.location}: {rec.reason}")
    return 0


# --------------------------------------------------------------------------------------------- show


def _find_api(corpus, api_id: str):
    if api_id in corpus:
        return corpus.get(api_id)
    from rapidfuzz import fuzz, process

    ids = [a.id for a in corpus.apis]
    leaf = api_id.rsplit("|", 1)[-1].strip().lower()
    same_name = [i for i in ids if i.rsplit("|", 1)[-1].lower() == leaf]
    close = same_name[:3] or [m[0] for m in process.extract(api_id, ids, scorer=fuzz.ratio, limit=3)]
    hint = f"; closest: {', '.join(close)}" if close else ""
    raise TooldialError(f"no API {api_id!r}{hint}", file=corpus.spec, field="--api")


def _value(value: Any, limit: int = 60) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _prose(text: str, limit: int = 200) -> str:
    """One line of at most ``limit`` characters (descriptions can be whole Markdown pages)."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _param_line(p) -> str:
    kind = p.type + (f", {p.format}" if p.format else "")
    extra = []
    if p.enum:
        extra.append("one of " + _value(p.enum))
    if p.default is not None:
        extra.append(f"default {_value(p.default)}")
    if p.example is not None:
        extra.append(f"e.g. {_value(p.example)}")
    tail = f" [{'; '.join(extra)}]" if extra else ""
    desc = f" — {_prose(p.description)}" if p.description else ""
    return f"    {p.name} ({kind}){desc}{tail}"


def _show(args: argparse.Namespace) -> int:
    corpus = load_corpus_from_args(args)
    api = _find_api(corpus, args.api)
    if args.json:
        print(api.model_dump_json(indent=2))
        return 0
    print(f"{api.id}  ({api.method})")
    print(f"  tool: {api.tool}" + (f" — {_prose(api.tool_description)}" if api.tool_description else ""))
    if api.description:
        print(f"  description: {_prose(api.description, 400)}")
    for title, params in (("required parameters", api.required_parameters),
                          ("optional parameters", api.optional_parameters)):
        print(f"  {title}:" + ("" if params else " none"))
        for p in params:
            print(_param_line(p))
    print("  output components:" + ("" if api.output_components else " none documented"))
    for o in api.output_components:
        kind = o.type + (", list" if o.is_list else "")
        desc = f" — {_prose(o.description)}" if o.description else ""
        example = f" [e.g. {_value(o.example)}]" if o.example is not None else ""
        print(f"    {o.label} ({kind}{', implied by the name' if o.implied else ''}){desc}{example}")
    if api.example_response is not None:
        text = api.example_response if isinstance(api.example_response, str) else json.dumps(
            api.example_response, ensure_ascii=False, indent=2, default=str)
        lines = text.splitlines()
        print("  example response:")
        for line in lines[:40]:
            print(f"    {line}")
        if len(lines) > 40:
            print(f"    … {len(lines) - 40} more lines")
    return 0


def _list(args: argparse.Namespace) -> int:
    corpus = load_corpus_from_args(args)
    apis = [a for a in corpus.apis if args.domain is None or args.domain in (a.category, a.domain)]
    if args.domain is not None and not apis:
        raise TooldialError(f"no domain {args.domain!r}; domains: {', '.join(corpus.categories[:30])}",
                            file=corpus.spec, field="--domain")
    for api in apis[: args.limit]:
        print(api.id)
    return 0
