"""``tooldial simulate``: dynamic evaluation — simulated users talk to the system under test.

``--transcripts FILE`` scores released AutoDE transcripts (paper Table 1).
"""

from __future__ import annotations

import argparse
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help="dynamic evaluation: a simulated user talks to the system under test (or score AutoDE transcripts)",
        description="Dynamic evaluation. `--transcripts FILE` scores released AutoDE transcripts against the "
        "AutoDE tasks (slot precision / recall / F1 as in the paper's Table 1).",
    )
    parser.add_argument("--transcripts", metavar="FILE",
                        help="AutoDE transcript file (.jsonl or .jsonl.gz) to score; no simulation is run")
    parser.add_argument("--autode-tasks", metavar="PATH",
                        help="AutoDE tasks file data_v1_2.jsonl or its directory (default: beside --transcripts)")
    parser.add_argument("--out", help="run directory (results.json, scores.jsonl)")
    parser.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    from tooldial.errors import ConfigError

    if args.transcripts:
        return _score_transcripts(args)
    raise ConfigError("nothing to do: give --transcripts FILE", field="transcripts")


def _score_transcripts(args: argparse.Namespace) -> int:
    from tooldial.simulation.autode import score_transcripts

    tasks = args.autode_tasks or str(Path(args.transcripts).parent)
    figures, rows = score_transcripts(args.transcripts, tasks)
    std = f" (±{figures.f1_std_over_trials:.2f} over {figures.trials} trials)" if figures.f1_std_over_trials else ""
    print(f"{figures.file}: {figures.records} records, {figures.tasks} tasks, {figures.failed_records} failed")
    print(f"  P {figures.precision:.2f}  R {figures.recall:.2f}  F1 {figures.f1:.2f}{std}")
    if args.out:
        from tooldial.simulation.results import write_json, write_jsonl

        out = Path(args.out)
        write_json(out / "results.json", {"kind": "autode_transcripts", "figures": figures.model_dump()})
        write_jsonl(out / "scores.jsonl", rows)
        print(f"  -> {out}")
    return 0
