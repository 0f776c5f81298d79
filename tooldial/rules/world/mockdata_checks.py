"""Record rules whose logic still lives in :mod:`tooldial.dialogue.mockdata` beside their fixers (``_fix_middles``,
``_fix_zone``, ``_fix_sky``, ``_fix_standing``, ``_fix_scores``, ``_fix_country``), registered here as units so
the one loop runs them. Each becomes a file of its own, with its fixer, when mockdata is split (issue 29 follow-up;
mockdata is issue 31's this session)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from tooldial.dialogue import mockdata
from tooldial.rules.record import Check, Problem, Record, RecordRule


class _Delegated(RecordRule):
    """A rule that calls a mockdata check; its messages start with the rule's own check name, which is dropped."""

    check: ClassVar[Check]
    function: ClassVar[Callable[[dict[str, Any]], list[str]]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.checks = (cls.check,)  # the one check a delegated rule reports

    def problems(self, record: Record) -> list[Problem]:
        head = f"{self.check.value}: "
        out = []
        for message in type(self).function(dict(record.scalars)):
            if not message.startswith(head):  # a contract of these checks, not prose: fail loudly if it drifts
                raise ValueError(f"{type(self).__name__}: message {message!r} does not start with {head!r}")
            out.append(Problem(self.check, message[len(head):]))
        return out


class Middle(_Delegated):
    """A middle value (``avg``, ``mean``, ``median``) between its low and high (``min``/``max``)."""

    check = Check.MIDDLE
    function = staticmethod(mockdata.middle_problems)


class UtcOffset(_Delegated):
    """A record's UTC offset is an offset of its time zone."""

    check = Check.UTC_OFFSET
    function = staticmethod(mockdata.zone_problems)


class Sky(_Delegated):
    """A weather condition agrees with its chance of rain (no "Clear" at 90%)."""

    check = Check.WEATHER_CONDITION
    function = staticmethod(mockdata.sky_problems)


class Standings(_Delegated):
    """A table row's games and points follow from its wins, draws and losses."""

    check = Check.STANDINGS
    function = staticmethod(mockdata.standing_problems)


class MatchScore(_Delegated):
    """Goals are whole numbers and a half-time score never exceeds the full-time one."""

    check = Check.MATCH_SCORE
    function = staticmethod(mockdata.score_problems)


class CountryFacts(_Delegated):
    """A country's capital, calling code and currency are its own."""

    check = Check.COUNTRY_FACTS
    function = staticmethod(mockdata.country_problems)
