"""`tooldial graph` subcommands (not yet implemented)."""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add this stage's subcommands; filled in by the stage that owns them."""
