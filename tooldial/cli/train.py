"""`tooldial train --config RECIPE.yaml [--key value ...]`: LoRA fine-tuning on a dataset's `sft` config.

Every recipe key (TrainConfig, trl.SFTConfig, peft.LoraConfig names) can be overridden on the command line:
``--max_steps 8``, ``--output_dir runs/x``, ``--target_modules '[q_proj, v_proj]'``; a bare flag means true
(``--merge``, ``--eval``, ``--resume``). Multi-GPU: ``accelerate launch -m tooldial.cli train --config ...``.
"""

from __future__ import annotations

import argparse

from tooldial.cli.parser import ArgumentParser

_EPILOG = """examples:
  tooldial train --config train/smoke-cpu.yaml --dataset /tmp/ds --output_dir runs/smoke
  tooldial train --config train/smoke-cpu.yaml --max_steps 8 --resume
  accelerate launch --num_processes 4 -m tooldial.cli train --config train/td-llama.yaml --dataset DIR
"""


class _OverridesParser(ArgumentParser):
    """Collects every ``--key value`` it does not know into ``overrides`` instead of rejecting it."""

    def parse_known_args(self, args=None, namespace=None):
        namespace, extras = super().parse_known_args(args, namespace)
        namespace.overrides = [*getattr(namespace, "overrides", []), *extras]
        return namespace, []


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``tooldial train``."""
    parser_class = subparsers._parser_class
    subparsers._parser_class = _OverridesParser
    try:
        parser = subparsers.add_parser(
            "train",
            help="fine-tune a model (LoRA/QLoRA, TRL SFTTrainer) on a dataset's sft config",
            description=__doc__,
            epilog=_EPILOG,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
    finally:
        subparsers._parser_class = parser_class
    parser.add_argument("--config", required=True, help="recipe YAML (see train/*.yaml)")
    parser.add_argument("--print-config", action="store_true",
                        help="print the resolved recipe and exit without training")
    parser.set_defaults(func=run, overrides=[])


def run(args: argparse.Namespace) -> int:
    from tooldial.training.config import load_train_config

    resolved = load_train_config(args.config, args.overrides)
    if args.print_config:
        print(resolved.to_yaml(), end="")
        return 0
    from tooldial.training.trainer import train

    train(resolved)
    return 0
