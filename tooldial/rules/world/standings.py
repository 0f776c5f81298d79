"""Record rule ``standings``: a league table row's games and points follow from its wins, draws and losses; its fix
(:func:`fix_standing`, run by the mock-data generator) derives them."""

from __future__ import annotations

from typing import Any

from tooldial.dialogue.mockdata.paths import as_number
from tooldial.dialogue.mockdata.sports import standing_groups
from tooldial.rules.record import Check, Problem, Record, RecordRule


class Standings(RecordRule):
    """A table row's games and points follow from its wins, draws and losses."""

    checks = (Check.STANDINGS,)

    def problems(self, record: Record) -> list[Problem]:
        return standing_problems(dict(record.scalars))

    @staticmethod
    def fix(record: dict[str, Any]) -> None:
        """The generator's fix of one record: :func:`fix_standing`."""
        fix_standing(record)


def standing_problems(record: dict[str, Any]) -> list[Problem]:
    """A table row whose games played are not its wins + draws + losses, or whose points are not 3 per win and 1
    per draw (rule ``standings``)."""
    out = []
    for group in standing_groups(record).values():
        n = {role: int(as_number(record[key]) or 0) for role, key in group.items()}
        if {"W", "D", "L", "N"} <= n.keys() and n["N"] != n["W"] + n["D"] + n["L"]:
            out.append(Problem(Check.STANDINGS, f"{group['N']}={record[group['N']]} games from {n['W']}-{n['D']}-{n['L']}", (group['N'],)))
        if {"W", "D", "P"} <= n.keys() and n["P"] != 3 * n["W"] + n["D"]:
            out.append(Problem(Check.STANDINGS, f"{group['P']}={record[group['P']]} points from {n['W']} wins, {n['D']} draws", (group['P'],)))
    return out


def fix_standing(record: dict[str, Any]) -> None:
    """Games = wins + draws + losses, points = 3 per win + 1 per draw, goal difference = for − against."""
    groups = standing_groups(record)
    overall = next((g for t, g in groups.items() if "overall" in t), None)
    parts = [g for t, g in groups.items() if set(t) & {"home", "away"}]
    if overall is not None and len(parts) == 2:  # the overall table adds the home and the away one up
        for role in ("W", "D", "L", "GF", "GA"):
            if role in overall and all(role in g for g in parts):
                total = sum(int(as_number(record[g[role]]) or 0) for g in parts)
                record[overall[role]] = str(total) if isinstance(record[overall[role]], str) else total
    for group in groups.values():
        n = {role: int(as_number(record[key]) or 0) for role, key in group.items()}
        derived = {"N": n.get("W", 0) + n.get("D", 0) + n.get("L", 0), "P": 3 * n.get("W", 0) + n.get("D", 0),
                   "GD": n.get("GF", 0) - n.get("GA", 0)}
        for role, value in derived.items():
            if role in group and ({"W", "D"} <= n.keys() or role == "GD" and {"GF", "GA"} <= n.keys()):
                key = group[role]
                record[key] = str(value) if isinstance(record[key], str) else value
