"""Record rule ``league and team``: a record that names teams of one league (the ``teams`` pack) and a competition
the packs know names that league ("Arsenal" beside "La Liga" is wrong); its fix (:func:`fix_league`, run by the
mock-data generator) writes the teams' competition. A competition the packs do not know (a friendly, a cup) and
teams of two leagues (a Champions League match) are not judged."""

from __future__ import annotations

from typing import Any

from tooldial.dialogue.mockdata.fields import name_tokens
from tooldial.dialogue.mockdata.sports import (
    COMPETITION_KEYS,
    competitions_of_league,
    has_team_name,
    known_competitions,
    names_team,
    teams_named,
)
from tooldial.rules.record import Check, Problem, Record, RecordRule


class LeagueTeam(RecordRule):
    """A record's known competition is the league of the teams it names."""

    checks = (Check.LEAGUE_TEAM,)

    def problems(self, record: Record) -> list[Problem]:
        return league_problems(dict(record.scalars))

    @staticmethod
    def fix(record: dict[str, Any]) -> None:
        """The generator's fix of one record: :func:`fix_league`."""
        fix_league(record)


def _competition_keys(record: dict[str, Any]) -> list[str]:
    """Keys of a record that name its competition: ``league``, ``league_name``, ``tournamentName`` (a competition
    word and at most ``name``; ``league_id`` and ``league_logo`` are not its name)."""
    out = []
    for key, value in record.items():
        tokens = set(name_tokens(key))
        if isinstance(value, str) and tokens & COMPETITION_KEYS and tokens - COMPETITION_KEYS <= {"name"}:
            out.append(key)
    return out


def _teams_competitions(record: dict[str, Any]) -> tuple[str, ...]:
    """The competitions every team the record names plays in (empty: no team of the packs, or teams of two
    leagues)."""
    shared: set[str] | None = None
    first: tuple[str, ...] = ()
    for key, value in record.items():
        teams = teams_named(value) if names_team(key) or has_team_name((key,)) else ()
        if not teams:
            continue
        names = {c for t in teams for c in competitions_of_league(t.sport, t.league)}
        first = first or competitions_of_league(teams[0].sport, teams[0].league)
        shared = names if shared is None else shared & names
    if not shared:
        return ()
    return tuple(c for c in first if c in shared) or tuple(sorted(shared))


def league_problems(record: dict[str, Any]) -> list[Problem]:
    """A known competition beside teams of another league (rule ``league and team``)."""
    keys = _competition_keys(record)
    if not keys:
        return []
    allowed = _teams_competitions(record)
    if not allowed:
        return []
    known = known_competitions()
    return [Problem(Check.LEAGUE_TEAM, f"{k}={record[k]} beside teams of {allowed[0]}", (k,)) for k in keys
            if (name := known.get(record[k].strip().lower())) is not None and name not in allowed]


def fix_league(record: dict[str, Any]) -> None:
    """A known competition beside teams of one league becomes theirs."""
    problems = league_problems(record)
    if problems:
        allowed = _teams_competitions(record)
        for problem in problems:
            record[problem.keys[0]] = allowed[0]
