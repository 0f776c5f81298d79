"""The one argument-parser class every ``tooldial`` command (and ``python -m tooldial.local_server``) is built with.

``--help`` shows each option's default (``(default: 8)``) unless the help text already states one, and never
prints ``(default: None)`` or ``(default: False)``; a command that asks for ``RawDescriptionHelpFormatter`` keeps
its hand-wrapped description and epilog.
Subcommands inherit the class through ``add_subparsers``, so a module's ``add_parser`` needs nothing extra.
"""

from __future__ import annotations

import argparse
import copy
from typing import Any


class HelpFormatter(argparse.ArgumentDefaultsHelpFormatter):
    """``(default: …)`` on options that have a meaningful default."""

    @staticmethod
    def _shows_default(action: argparse.Action) -> bool:
        default = action.default
        return not (
            default is None or default is False or default == [] or default is argparse.SUPPRESS
            or action.help is argparse.SUPPRESS
            or not (action.option_strings or action.nargs in (argparse.OPTIONAL, argparse.ZERO_OR_MORE))
        )

    def _format_action(self, action: argparse.Action) -> str:
        if not action.help and self._shows_default(action):  # an option without help text still shows its default
            action = copy.copy(action)
            action.help = "(default: %(default)s)"
        return super()._format_action(action)

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        if "default" in text.lower() or not self._shows_default(action):
            return action.help
        return f"{text} (default: %(default)s)"


class RawDescriptionHelpFormatter(argparse.RawDescriptionHelpFormatter, HelpFormatter):
    """:class:`HelpFormatter` that prints the description and epilog as written."""


class ArgumentParser(argparse.ArgumentParser):
    """``argparse.ArgumentParser`` whose help shows defaults (see the module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        formatter = kwargs.get("formatter_class", HelpFormatter)
        if not issubclass(formatter, HelpFormatter):
            raw = issubclass(formatter, argparse.RawDescriptionHelpFormatter)
            formatter = RawDescriptionHelpFormatter if raw else HelpFormatter
        kwargs["formatter_class"] = formatter
        super().__init__(*args, **kwargs)
