"""World rule ``id_echo``: one id value is not the id of several kinds of object in one result."""

from __future__ import annotations

from typing import Any

from tooldial.dialogue.mockdata.fields import FieldName, field_kind, name_tokens
from tooldial.dialogue.mockdata.paths import as_text, leaf_items, owner_words
from tooldial.knowledge.taxonomy import OPAQUE_ID_WORDS
from tooldial.rules.world_check import Call, CallRule, Scene, WorldCheck, WorldProblem


class IdEcho(CallRule):
    """One id value is not the id of several kinds of object in one result."""

    checks = (WorldCheck.ID_ECHO,)

    def problems(self, call: Call, scene: Scene | None) -> list[WorldProblem]:
        return [p.at(f"{call.api_name} result") for p in echoed_id_problems(call.inputs, call.result)]


def echoed_id_problems(inputs: dict[str, Any], result: Any) -> list[WorldProblem]:
    """A request's id repeated as the id of objects of different kinds (a match uuid as the match's, its
    area's, its season's and its teams' ids): only the record the request names carries it."""
    asked = {as_text(v) for k, v in inputs.items() if field_kind(FieldName(k)) == "id" and len(as_text(v)) >= 3}
    owners: dict[str, set[str]] = {}
    for path, value in leaf_items(result):
        text = as_text(value)
        if text in asked and field_kind(FieldName(path[-1])) == "id" and not set(name_tokens(path[-1])) - set(OPAQUE_ID_WORDS):
            owners.setdefault(text, set()).add(" ".join(sorted(owner_words(path))) or "record")
    return [WorldProblem(WorldCheck.ID_ECHO, f"{value} is the id of {len(kinds)} kinds of object "
                         f"({', '.join(sorted(kinds)[:4])})")
            for value, kinds in owners.items() if len(kinds) > 1]
