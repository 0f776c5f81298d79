"""Sports records: league tables whose games and points add up, match scores, team names."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tooldial.dialogue.mockdata.fields import FieldName, _is_standing
from tooldial.dialogue.mockdata.paths import as_number
from tooldial.dialogue.mockdata.rule_fixes import world_fix
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
        if f.tokens and f.tokens[-1] in _STANDING_ROLE and _is_standing(f) and as_number(value) is not None:
            out.setdefault(f.tokens[:-1], {})[_STANDING_ROLE[f.tokens[-1]]] = key
    return out


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
    world_fix("rows", "fix_names")(node)
    groups = [standing_groups(r) for r in node]
    tables = [t for t, g in groups[0].items() if "P" in g]
    if not tables:
        return
    main = next((t for t in tables if "overall" in t), tables[0])
    order = sorted(range(len(node)), key=lambda i: -(as_number(node[i].get(groups[i].get(main, {}).get("P", ""))) or 0))
    node[:] = [node[i] for i in order]
    groups = [groups[i] for i in order]
    for table in tables:
        ranked = sorted(range(len(node)), key=lambda i: -(as_number(node[i].get(groups[i].get(table, {}).get("P", "")))
                                                           or 0))
        for position, i in enumerate(ranked, 1):
            key = groups[i].get(table, {}).get("POS")
            if key is not None:
                node[i][key] = str(position) if isinstance(node[i][key], str) else position
