"""Input groups: required inputs of one API that must come from one source record (latitude + longitude, a date
range, a currency pair), and, per member, the source output of the same record."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from tooldial.graph.entities import Entity, split_words
from tooldial.graph.value_kinds import classify
from tooldial.knowledge.loader import words as knowledge_words

GroupName = Literal["coordinates", "date_range", "currency_pair"]


_RANGE_START = knowledge_words("records", "range_start")


_RANGE_END = knowledge_words("records", "range_end")


@dataclass(frozen=True, slots=True)
class InputGroup:
    """Required inputs of one API that are procured together: ``members`` are input keys."""

    name: GroupName
    members: tuple[str, ...]


def input_groups(inputs: Iterable[Entity]) -> list[InputGroup]:
    """Coordinate pairs, date ranges and currency pairs among the required inputs of one API."""
    by_standard: dict[str, list[Entity]] = {}
    for e in inputs:
        tr = classify(e)
        if tr.kind == "standard" and tr.standard:
            by_standard.setdefault(tr.standard, []).append(e)
    groups: list[InputGroup] = []
    lats, lons = by_standard.get("latitude", []), by_standard.get("longitude", [])
    for lat, lon in zip(lats, lons, strict=False):
        groups.append(InputGroup("coordinates", (lat.key, lon.key)))
    dates = by_standard.get("date", []) + by_standard.get("datetime", [])
    pair = _range_pair(dates)
    if pair:
        groups.append(InputGroup("date_range", pair))
    pair = _range_pair(by_standard.get("currency", []) + by_standard.get("symbol", []), also=("base", "quote"))
    if pair:
        groups.append(InputGroup("currency_pair", pair))
    return groups


def _range_pair(entities: list[Entity], also: tuple[str, str] = ("", "")) -> tuple[str, str] | None:
    start = next((e for e in entities if set(split_words(e.raw or e.key)) & (_RANGE_START | {also[0]})), None)
    end = next((e for e in entities if e is not start and set(split_words(e.raw or e.key)) & (_RANGE_END | {also[1]})),
               None)
    return (start.key, end.key) if start and end else None


def group_sources(edge_output: Entity, group: InputGroup, target_inputs: dict[str, Entity],
                  source_outputs: Sequence[Entity], fed_input: str) -> dict[str, str]:
    """For each member of ``group``, the source output of the same record that fills it (the edge's own output
    for the member it feeds): the output of the member's kind sharing the longest path prefix with the edge's
    output. Coordinates must come from the very same record (same parent path). Members the source cannot
    fill are left out."""
    found = {fed_input: edge_output.key}
    prefix = edge_output.key.split("|")[:-1]
    for member in group.members:
        if member == fed_input or member not in target_inputs:
            continue
        want = classify(target_inputs[member])
        best, best_len = None, -1
        for o in source_outputs:
            tr = classify(o)
            if o.key == edge_output.key or tr.kind != "standard" or tr.standard != want.standard:
                continue
            parent = o.key.split("|")[:-1]
            shared = _common_prefix(prefix, parent)
            if group.name == "coordinates" and not (shared == len(prefix) == len(parent)):
                continue
            if shared > best_len:
                best, best_len = o, shared
        if best is not None:
            found[member] = best.key
    return found


def _common_prefix(a: list[str], b: list[str]) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n
