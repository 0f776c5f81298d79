"""Argument types and shared options of the command line: a bad value is one line naming the flag, exit 2.

``type=positive_int`` and friends reject ``--n 0`` while parsing (argparse names the flag), instead of a
pydantic traceback after the corpus was loaded. :func:`add_llm_arguments` gives every command that talks to an
LLM server the same ``--timeout`` and ``--max-attempts``.
"""

from __future__ import annotations

import argparse
import math
import sys
from typing import Any, NoReturn

from tooldial.cli.parser import ArgumentParser

#: Seconds per HTTP request to an LLM server unless ``--timeout`` says otherwise (the ``openai`` SDK's default:
#: a long answer from a CPU server takes minutes).
DEFAULT_TIMEOUT = 600.0
#: Attempts per LLM request (the first one and the ``openai`` client's retries).
DEFAULT_MAX_ATTEMPTS = 6


class OneLineParser(ArgumentParser):
    """The shared :class:`~tooldial.cli.parser.ArgumentParser` whose usage errors are one ``tooldial: …`` line on
    stderr, exit status 2 (subcommands inherit it)."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"tooldial: {message} (see `{self.prog} --help`)\n")
        sys.exit(2)


def _integer(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer, got {text!r}") from None


def positive_int(text: str) -> int:
    """An integer ≥ 1 (counts, sizes, batch sizes, limits)."""
    value = _integer(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected an integer >= 1, got {text!r}")
    return value


def non_negative_int(text: str) -> int:
    """An integer ≥ 0."""
    value = _integer(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected an integer >= 0, got {text!r}")
    return value


def _float(text: str, expected: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected {expected}, got {text!r}") from None


def positive_float(text: str) -> float:
    """A finite number > 0 (seconds, temperatures)."""
    value = _float(text, "a number")
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"expected a number > 0, got {text!r}")
    return value


def fraction(text: str) -> float:
    """A number in [0, 1] (rates, thresholds)."""
    value = _float(text, "a number between 0 and 1")
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"expected a number between 0 and 1, got {text!r}")
    return value


def add_llm_arguments(parser: argparse.ArgumentParser | Any, *, default_timeout: float = DEFAULT_TIMEOUT) -> None:
    """``--timeout SECONDS`` and ``--max-attempts N`` for the LLM requests of a command."""
    parser.add_argument("--timeout", type=positive_float, default=default_timeout, metavar="SECONDS",
                        help=f"seconds per LLM request before it is given up or retried (default: {default_timeout:g})")
    parser.add_argument("--max-attempts", type=positive_int, default=DEFAULT_MAX_ATTEMPTS, metavar="N",
                        help="attempts per LLM request: the first and the retries on timeouts, connection errors, "
                        f"408/409/429 and 5xx (default: {DEFAULT_MAX_ATTEMPTS})")


def add_llm_roles_argument(parser: argparse.ArgumentParser | Any) -> None:
    """``--llm-roles goal,result,utterance``: the dialogue parts a model writes (checked, template fallback)."""
    from tooldial.dialogue.model_parts.roles import LLM_ROLES

    parser.add_argument("--llm-roles", default=None, metavar="ROLES",
                        help=f"comma-separated parts a model writes ({', '.join(LLM_ROLES)}): each is checked and "
                        "the template's part is kept where it fails; needs --base-url and --llm-model "
                        "(default: none, the template path)")


def llm_options(args: argparse.Namespace) -> dict[str, Any]:
    """``LLMClient`` keyword arguments from :func:`add_llm_arguments`' flags."""
    return {"timeout": args.timeout, "max_retries": args.max_attempts - 1}


def check_output_file(path: Any, flag: str = "--out") -> None:
    """Refuse, before any work, an output file path tooldial may not write (:func:`tooldial.outputs.output_file`:
    a directory, a device/FIFO/socket, a path under a file or inside a managed dataset)."""
    from tooldial.outputs import output_file

    if path is not None:
        output_file(path, flag)


def check_output_folder(path: Any, flag: str = "--out") -> None:
    """Refuse, before any work, an output folder path tooldial may not write
    (:func:`tooldial.outputs.output_folder`: a file, a path under a file or inside a managed dataset)."""
    from tooldial.outputs import output_folder

    if path is not None:
        output_folder(path, flag)


def add_failure_rate_argument(parser: argparse.ArgumentParser | Any, default: float = 0.05) -> None:
    """``--max-failure-rate``: the share of failed requests above which a run is invalid (exit status 1)."""
    parser.add_argument("--max-failure-rate", type=fraction, default=default, metavar="RATE",
                        help="mark the run invalid and exit 1 when more than this share of backend/judge/renderer "
                        f"requests failed (default: {default:g})")


def report_failures(who: str, failed: int, asked: int, reasons: dict[str, int], max_rate: float,
                    shown: int = 5) -> bool:
    """Print failures with their reasons to stderr (most frequent first); True when the share is over ``max_rate``."""
    if not failed:
        return False
    rate = failed / asked if asked else 1.0
    print(f"tooldial: {who}: {failed} of {asked} requests failed ({100 * rate:.1f}%):", file=sys.stderr)
    ranked = sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))
    for reason, count in ranked[:shown]:
        print(f"  {count} x {reason}", file=sys.stderr)
    if len(ranked) > shown:
        print(f"  … and {len(ranked) - shown} other reasons", file=sys.stderr)
    return rate > max_rate
