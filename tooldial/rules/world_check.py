"""The world-check contract: the validator kinds ``filler``, ``consistency``, ``groups`` and ``answer`` as registered
rules (:data:`tooldial.registry.WORLD_RULES`, one class per file under ``tooldial/rules/dialogue/``).

A rule is about one call (:class:`CallRule`: its inputs and result, run for every call of the dialogue and, where
it says so, for the planner's plan too) or about the whole dialogue (:class:`DialogueRule`: its turns, its calls,
the documentation). It returns :class:`WorldProblem` values whose check is typed (:class:`WorldCheck`, or the
record rules' :class:`~tooldial.rules.record.Check`); the message (``str()``) is for people and is written into
validation reports unchanged. One loop (:func:`check_dialogue`, :func:`check_call`) runs them in registry order.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache, cached_property
from typing import Any, ClassVar

from tooldial.corpus.models import Corpus
from tooldial.dialogue.documented_values import documented_values
from tooldial.dialogue.mockdata import as_text
from tooldial.dialogue.record import DialogueRecord
from tooldial.registry import WORLD_RULES
from tooldial.rules.record import Check


class WorldCheck(StrEnum):
    """What a dialogue's world breaks; the value is the name reports count (a message's words before its first
    colon). The record rules' checks (:class:`~tooldial.rules.record.Check`) are reported beside these."""

    # filler
    FILLER_TOKEN = "filler token"
    PLACEHOLDER_TITLE = "placeholder title"
    UNASKED_TOPIC = "unasked topic"
    LOREM = "lorem words"
    ID_OFF_PATTERN = "id off pattern"
    # consistency
    STALE_NOW = "stale now"
    SERIES_ORDER = "series out of order"
    BEFORE_START = "before the asked start"
    OUTSIDE_RANGE = "outside the asked range"
    TIMEZONE = "timezone"
    CLIMATE = "climate"
    WEATHER = "weather"
    ONE_ID_TWO_NAMES = "one id, two names"
    PLACE_TWICE = "place twice"
    PRICE_JUMP = "price jump"
    EXCHANGE_RATE = "exchange rate"
    CALENDAR = "calendar"
    EMPTY_WINDOW = "empty window"
    ID_ECHO = "id echo"
    CODE_NAME = "code name"
    PAGE = "page"
    STATUS_CODE = "status code"
    VENUE_ELSEWHERE = "venue elsewhere"
    DOCUMENTED_ENTITY = "documented entity"
    DOCUMENTED_PLACE = "documented place"
    NULL_ISLAND = "null island"
    ERROR_FIELD = "error field"
    ERROR_PROCURED = "error procured"
    # consistency (an error record as a result) and answer (an error as the answer)
    ERROR_SERVED = "error served"
    # groups
    TWO_ORIGINS = "coordinates from two origins"
    # answer
    STATUS_ONLY = "status only"
    MISSING_FIELD = "missing field"
    UNASKED_ID = "unasked id"
    ASKED_LEFT_OUT = "asked field left out"
    VERDICT_LEFT_OUT = "verdict left out"
    AGREEMENT = "agreement"
    FLAG_AS_NAME = "flag as name"
    NO_TEMPERATURE = "forecast without temperature"


@dataclass(frozen=True, slots=True)
class WorldProblem:
    """One broken expectation: which check (typed), a detail for people, the keys it concerns."""

    check: WorldCheck | Check
    detail: str
    keys: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.check.value}: {self.detail}"

    def at(self, where: str) -> WorldProblem:
        """The problem placed (``"ohlc: Quote result: ..."``: the check stays first, what reports count)."""
        return WorldProblem(self.check, f"{where}: {self.detail}", self.keys)


@dataclass(frozen=True, slots=True)
class Call:
    """One call of a dialogue's mock data (or of a plan): the API, its arguments, its result."""

    api_name: str
    inputs: dict[str, Any]
    result: Any

    @classmethod
    def of(cls, mock: dict[str, Any]) -> Call:
        return cls(str(mock.get("api_name") or ""),
                   {**mock.get("required_parameters", {}), **mock.get("optional_parameters", {})},
                   mock.get("output_components"))


@dataclass(frozen=True)
class Scene:
    """What the dialogue-level rules read: the record, its (speaker, body) turns, the validator's walk over the
    calls, and the corpus that documents its APIs (None: the embedded one where it documents them)."""

    record: DialogueRecord
    turns: list[tuple[str, dict[str, Any]]]
    walk: Any = None
    corpus: Corpus | None = None

    @cached_property
    def calls(self) -> tuple[Call, ...]:
        """The source's calls, then the target's, as the mock data holds them."""
        return tuple(Call.of(mock) for side in ("source", "target") for mock in self.record.mockdata.get(side, []))

    @cached_property
    def spoken(self) -> str:
        """Everything the dialogue mentions, lowercased: the user's messages and every call's arguments."""
        return " ".join([str(b.get("message", "")) for sp, b in self.turns if sp == "User"] + [
            as_text(v) for call in self.calls for v in call.inputs.values()]).lower()

    @cached_property
    def written_results(self) -> tuple[Any, ...]:
        """The results a model wrote: the call turns' (those with a record or list result, in order) that
        ``scenario.written_by["result"]`` marks ``model``. Faker drew none of their words."""
        marks = (self.record.scenario.get("written_by") or {}).get("result") or []
        system = [t["System"] for t in self.record.dialogue if "System" in t]
        results = [r for r in ((b.get("api_response") or {}).get("result") for b in system
                               if b.get("action") == "call") if isinstance(r, dict | list)]
        return tuple(r for r, m in zip(results, marks, strict=False) if m == "model")

    @cached_property
    def documented(self) -> frozenset[str] | None:
        """Every scalar the documentation of the record's APIs shows, or None when it is not at hand."""
        return documented_values(self.record, self.corpus)


class WorldRule:
    """A world rule: ``kind`` is the validator check it reports under, ``checks`` what it reports."""

    kind: ClassVar[str] = "consistency"
    checks: ClassVar[tuple[WorldCheck | Check, ...]] = ()


class CallRule(WorldRule):
    """A rule on one call. ``in_plan``: the planner runs it on a plan's calls too (a plan with a problem is
    dropped); ``in_dialogue``: the validator runs it on every call of a dialogue."""

    in_plan: ClassVar[bool] = False
    in_dialogue: ClassVar[bool] = True

    def problems(self, call: Call, scene: Scene | None) -> list[WorldProblem]:
        raise NotImplementedError


class DialogueRule(WorldRule):
    """A rule on a whole dialogue (its turns, all its calls)."""

    def problems(self, scene: Scene) -> list[WorldProblem]:
        raise NotImplementedError


@cache
def world_rules() -> tuple[WorldRule, ...]:
    """One instance of each registered rule, in registration order (rules hold no state)."""
    return tuple(WORLD_RULES.create(name) for name in WORLD_RULES)


def check_call(call: Call, scene: Scene | None = None, *, plan: bool = False) -> list[tuple[str, WorldProblem]]:
    """(kind, problem) of every call rule on one call, in order: the dialogue's rules, or the plan's (``plan``)."""
    return [(rule.kind, p) for rule in world_rules() if isinstance(rule, CallRule)
            and (rule.in_plan if plan else rule.in_dialogue) for p in rule.problems(call, scene)]


def check_dialogue(scene: Scene) -> list[tuple[str, WorldProblem]]:
    """(kind, problem) of every world rule on a dialogue: the call rules on each call, then the dialogue rules."""
    out = [found for call in scene.calls for found in check_call(call, scene)]
    return out + [(rule.kind, p) for rule in world_rules() if isinstance(rule, DialogueRule)
                  for p in rule.problems(scene)]
