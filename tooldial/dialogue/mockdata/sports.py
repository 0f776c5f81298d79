"""Sports records: league tables whose games and points add up, match scores, team names."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tooldial.dialogue.mockdata.fields import FieldName, _is_standing, field_kind
from tooldial.dialogue.mockdata.paths import _number, as_text
from tooldial.knowledge import loader

if TYPE_CHECKING:
    from tooldial.dialogue.mockdata.world import RecordContext


def _team_name(ctx: RecordContext) -> str:
    """A club named after its city (``Osaka FC``); a record's two teams differ (home and away)."""
    taken = ctx.values.get("<teams>", "").split("\n")
    suffixes = [s for s in ("United", "FC", "Rovers", "City", "Athletic") if f"{ctx.place.city} {s}" not in taken]
    name = f"{ctx.place.city} {ctx.world.rng.choice(suffixes or ['Wanderers'])}"
    ctx.values["<teams>"] = "\n".join([*taken, name])
    return name


def _gen_match_score(f: FieldName, ctx: RecordContext) -> str | None:
    if f.has("penalty", "extra"):
        return None  # most matches end in normal time: no extra-time or penalty score
    return str(ctx.world.rng.choice((0, 0, 1, 1, 1, 2, 2, 3, 4)) if not f.has("halftime", "ht") else
               ctx.world.rng.choice((0, 0, 1, 1, 2)))


_STANDING_ROLE = loader.word_map("sports", "standing_role")


def standing_groups(record: dict[str, Any]) -> dict[tuple[str, ...], dict[str, str]]:
    """A league table row's columns by table (``overall_league``, ``home_league``): role (W, D, L, P, N, GF, GA,
    GD, POS) -> key."""
    out: dict[tuple[str, ...], dict[str, str]] = {}
    for key, value in record.items():
        if isinstance(value, dict | list) or not key[-1:].isalpha() and not key[-1:].isdigit():
            continue
        f = FieldName(key, "number")
        if f.tokens and f.tokens[-1] in _STANDING_ROLE and _is_standing(f) and _number(value) is not None:
            out.setdefault(f.tokens[:-1], {})[_STANDING_ROLE[f.tokens[-1]]] = key
    return out


def standing_problems(record: dict[str, Any]) -> list[str]:
    """A table row whose games played are not its wins + draws + losses, or whose points are not 3 per win and 1
    per draw (rule ``standings``)."""
    out = []
    for group in standing_groups(record).values():
        n = {role: int(_number(record[key]) or 0) for role, key in group.items()}
        if {"W", "D", "L", "N"} <= n.keys() and n["N"] != n["W"] + n["D"] + n["L"]:
            out.append(f"standings: {group['N']}={record[group['N']]} games from {n['W']}-{n['D']}-{n['L']}")
        if {"W", "D", "P"} <= n.keys() and n["P"] != 3 * n["W"] + n["D"]:
            out.append(f"standings: {group['P']}={record[group['P']]} points from {n['W']} wins, {n['D']} draws")
    return out


def _fix_standing(record: dict[str, Any]) -> None:
    """Games = wins + draws + losses, points = 3 per win + 1 per draw, goal difference = for − against."""
    groups = standing_groups(record)
    overall = next((g for t, g in groups.items() if "overall" in t), None)
    parts = [g for t, g in groups.items() if set(t) & {"home", "away"}]
    if overall is not None and len(parts) == 2:  # the overall table adds the home and the away one up
        for role in ("W", "D", "L", "GF", "GA"):
            if role in overall and all(role in g for g in parts):
                total = sum(int(_number(record[g[role]]) or 0) for g in parts)
                record[overall[role]] = str(total) if isinstance(record[overall[role]], str) else total
    for group in groups.values():
        n = {role: int(_number(record[key]) or 0) for role, key in group.items()}
        derived = {"N": n.get("W", 0) + n.get("D", 0) + n.get("L", 0), "P": 3 * n.get("W", 0) + n.get("D", 0),
                   "GD": n.get("GF", 0) - n.get("GA", 0)}
        for role, value in derived.items():
            if role in group and ({"W", "D"} <= n.keys() or role == "GD" and {"GF", "GA"} <= n.keys()):
                key = group[role]
                record[key] = str(value) if isinstance(record[key], str) else value


def score_problems(record: dict[str, Any]) -> list[str]:
    """Match scores that are no whole number of goals ("33.4") or a half-time score above the full-time one
    (rule ``match score``)."""
    scores = {k: _number(v) for k, v in record.items() if not isinstance(v, dict | list) and _number(v) is not None
              and field_kind(FieldName(k, "number")) == "match_score"}
    out = [f"match score: {k}={record[k]} is no number of goals" for k, v in scores.items()
           if v is not None and (v < 0 or not float(v).is_integer())]
    for key, value in scores.items():
        full = _full_time_key(key, scores)
        if full is not None and value is not None and (scores[full] or 0) < value:
            out.append(f"match score: {key}={record[key]} at half time above {full}={record[full]}")
    return out


def _full_time_key(key: str, scores: dict[str, float | None]) -> str | None:
    f = FieldName(key, "number")
    if not f.has("halftime", "ht"):
        return None
    bare = tuple(t for t in f.tokens if t not in ("halftime", "ht"))
    return next((k for k in scores if FieldName(k, "number").tokens == bare), None)


def _fix_scores(record: dict[str, Any]) -> None:
    """A half-time score is at most the full-time one."""
    for problem in score_problems(record):
        key, full = problem.split(": ", 1)[1].split("=")[0], None
        scores = {k: _number(v) for k, v in record.items() if not isinstance(v, dict | list) and _number(v) is not None}
        full = _full_time_key(key, scores)
        if full is not None and "half time" in problem:
            record[key] = record[full]


def _one_name_per_id(records: list[dict[str, Any]]) -> None:
    """Records of one list that share an id (``league_id``) share its name (``league_name``): one league of a
    standings table, not "Harare Masters" and "Harare Cup"."""
    first = records[0]
    for key in first:
        if not key.lower().endswith(("_id", "id")) or key.lower() in ("id", "_id"):
            continue
        stem = key[:-3] if key.lower().endswith("_id") else key[:-2]
        name = next((k for k in (f"{stem}_name", f"{stem}Name", f"{stem}name") if k in first), None)
        if name is None:
            continue
        names: dict[str, Any] = {}
        for record in records:
            if key in record and name in record:
                record[name] = names.setdefault(as_text(record[key]), record[name])


def one_name_problems(records: list[dict[str, Any]]) -> list[str]:
    """Rule ``one id, two names``: records of a list that share an id give it different names."""
    probe = [dict(r) for r in records]
    _one_name_per_id(probe)
    return [f"one id, two names: {k}={r[k]!r} beside {p[k]!r}" for r, p in zip(records, probe, strict=True)
            for k in r if r[k] != p[k]][:1]


def _rank_tables(node: Any) -> None:
    """A league table lists its rows by points, and each table's positions count 1, 2, ... by its points."""
    if isinstance(node, dict):
        for value in node.values():
            _rank_tables(value)
        return
    if not isinstance(node, list) or not node or not all(isinstance(r, dict) for r in node):
        for value in node if isinstance(node, list) else ():
            _rank_tables(value)
        return
    _one_name_per_id(node)
    groups = [standing_groups(r) for r in node]
    tables = [t for t, g in groups[0].items() if "P" in g]
    if not tables:
        return
    main = next((t for t in tables if "overall" in t), tables[0])
    order = sorted(range(len(node)), key=lambda i: -(_number(node[i].get(groups[i].get(main, {}).get("P", ""))) or 0))
    node[:] = [node[i] for i in order]
    groups = [groups[i] for i in order]
    for table in tables:
        ranked = sorted(range(len(node)), key=lambda i: -(_number(node[i].get(groups[i].get(table, {}).get("P", "")))
                                                           or 0))
        for position, i in enumerate(ranked, 1):
            key = groups[i].get(table, {}).get("POS")
            if key is not None:
                node[i][key] = str(position) if isinstance(node[i][key], str) else position
