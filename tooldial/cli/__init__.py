"""The ``tooldial`` command line.

Each pipeline stage owns one module here with a ``register(subparsers)`` function that adds its
subcommand(s) and sets ``func`` on the parsed namespace. Heavy imports (torch, transformers, datasets)
happen inside the command functions, so ``tooldial --help`` stays fast.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import sys
from collections.abc import Sequence

from tooldial import __version__
from tooldial.cli.args import OneLineParser
from tooldial.errors import TooldialError
from tooldial.outputs import ENVIRONMENT_ERRNOS

#: Subcommand modules, in the order of the pipeline (corpus → graph → dialogues → dataset → eval/train).
COMMAND_MODULES = (
    "corpus",
    "graph",
    "generate",
    "quality",
    "build",
    "audit",
    "evaluate",
    "simulate",
    "train",
    "models",
)


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="tooldial",
        description="Turn API documentation into multi-turn tool-use dialogues (ToolDial), "
        "build a Hugging Face dataset, fine-tune and evaluate models on it.",
    )
    parser.add_argument("--version", action="version", version=f"tooldial {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        module = importlib.import_module(f"tooldial.cli.{name}")
        module.register(subparsers)
    return parser


class _StderrHandler(logging.StreamHandler):
    """Writes to whatever ``sys.stderr`` is at emit time (not the stream current when the handler was made)."""

    @property  # type: ignore[override]
    def stream(self):  # noqa: ANN201 - logging.StreamHandler attribute
        return sys.stderr

    @stream.setter
    def stream(self, value: object) -> None:
        pass


class _RedactingFormatter(logging.Formatter):
    """Messages with credentials taken out of every URL (:func:`tooldial.redact.redact_text`)."""

    def format(self, record: logging.LogRecord) -> str:
        from tooldial.redact import redact_text

        return redact_text(super().format(record))


def _show_library_messages() -> None:
    """Library code logs (never prints); the command line shows its messages (INFO and up) as ``tooldial: …`` on
    stderr."""
    logger = logging.getLogger("tooldial")
    if not any(isinstance(h, _StderrHandler) for h in logger.handlers):
        handler = _StderrHandler()
        handler.setFormatter(_RedactingFormatter("tooldial: %(message)s"))
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)


def main(argv: Sequence[str] | None = None) -> int:
    _show_library_messages()
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    try:
        return int(args.func(args) or 0)
    except TooldialError as exc:
        print(f"tooldial: {_redacted(str(exc))}", file=sys.stderr)
        return exc.exit_code
    except BrokenPipeError:  # `tooldial … | head`: the reader left; nothing to report
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:
        if exc.errno not in ENVIRONMENT_ERRNOS:
            raise
        # a full disk (or an I/O error) anywhere a writer did not catch it: one line, exit 1, the work done kept
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"tooldial: {where}{os.strerror(exc.errno)}; finished work is cached and a rerun resumes from it",
              file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("tooldial: interrupted; finished work is cached and a rerun resumes from it", file=sys.stderr)
        return 130


def _redacted(text: str) -> str:
    from tooldial.redact import redact_text

    return redact_text(text)


if __name__ == "__main__":
    sys.exit(main())
