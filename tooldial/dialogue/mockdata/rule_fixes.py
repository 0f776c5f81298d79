"""The fixes of registered rules, as the generator runs them. A rule that has a fix holds it in its own file beside
its check (``tooldial/rules/world/``, ``tooldial/rules/dialogue/``) and names it on its class; the generator looks
it up by the rule's registered name (:data:`tooldial.registry.RECORD_RULES`, :data:`~tooldial.registry.
WORLD_RULES`), so this package never imports a rule module (the rules import it: one direction, no cycle)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from tooldial.registry import RECORD_RULES, WORLD_RULES


@cache
def record_fix(name: str, fix: str = "fix") -> Callable[..., Any]:
    """The fix called ``fix`` of the record rule registered as ``name`` (a static method of its class)."""
    return getattr(RECORD_RULES.load(name), fix)


@cache
def world_fix(name: str, fix: str = "fix") -> Callable[..., Any]:
    """The fix called ``fix`` of the world rule registered as ``name`` (a static method of its class)."""
    return getattr(WORLD_RULES.load(name), fix)
