"""``tooldial audit DATASET_DIR``: diversity, shortcut probes and leak checks of a dataset directory."""

from __future__ import annotations

import argparse
from pathlib import Path

from tooldial.errors import ConfigError


def register(subparsers: argparse._SubParsersAction) -> None:
    audit = subparsers.add_parser(
        "audit",
        help="dataset-quality report: utterance diversity, shortcut probes, leak checks (markdown + JSON + PNG)",
        description="Audit a dataset directory written by `tooldial build` or `tooldial convert`: distinct-n, "
        "repetition and templates per speaker and action, opener/goodbye variety, utterance lengths; "
        "bag-of-words probes trained on train and scored on test (next action from the last user utterance and "
        "from the last K history lines) and a DST copy baseline; leak checks (gold information in model inputs "
        "that the original release does not show). Each measure gets a one-line verdict.",
    )
    audit.add_argument("dataset_dir", type=Path, metavar="DATASET_DIR")
    audit.add_argument("--out", type=Path, help="folder for audit.md, audit.json, audit.png "
                       "(default: DATASET_DIR-audit beside the dataset, which stays as tooldial build wrote it)")
    audit.add_argument("--k", type=int, default=2, help="history lines the second probe reads (default: 2)")
    audit.add_argument("--seed", type=int, default=0, help="seed of the probes' classifiers (default: 0)")
    audit.add_argument("--quiet", action="store_true", help="print only the paths written")
    audit.set_defaults(func=run_audit)


def run_audit(args: argparse.Namespace) -> int:
    from tooldial.audit import audit_dataset, write_report
    from tooldial.outputs import output_folder

    if args.k < 1:
        raise ConfigError(f"must be at least 1, got {args.k}", field="--k")
    dataset_dir = Path(args.dataset_dir).absolute()
    out = args.out or dataset_dir.with_name(dataset_dir.name + "-audit")
    output_folder(out)  # before the work: a file, or a folder inside the dataset, is refused
    report = audit_dataset(args.dataset_dir, k=args.k, seed=args.seed)
    paths = write_report(report, out)
    if not args.quiet:
        print("\n".join(report.verdicts))
    for path in paths:
        print(f"wrote {path}")
    return 0
