"""Fault injection for the fault tests: ``TOOLDIAL_KILL_AT=<checkpoint>`` kills the process there (SIGKILL).

Checkpoints sit at the stage boundaries of a build (``corpus``, ``graph``, ``dialogues``, ``data``, ``card``,
``build_info``, ``manifest``, ``version``, ``switch``), so a test can check that a kill at any of them leaves the
previous dataset loadable and the caches consistent. Unset (always, outside tests), it does nothing.
"""

from __future__ import annotations

import os
import signal

KILL_AT_ENV = "TOOLDIAL_KILL_AT"


def checkpoint(name: str) -> None:
    """Die here, as ``kill -9`` would, when ``$TOOLDIAL_KILL_AT`` names this checkpoint."""
    if os.environ.get(KILL_AT_ENV) == name:
        os.kill(os.getpid(), signal.SIGKILL)
