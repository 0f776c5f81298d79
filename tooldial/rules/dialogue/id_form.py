"""World rule ``id_form``: the ids of one list share a form."""

from __future__ import annotations

import re
from typing import Any

from tooldial.dialogue.mockdata import FieldName, as_text, field_kind
from tooldial.dialogue.result_records import dict_lists
from tooldial.rules.world_check import Call, CallRule, Scene, WorldCheck, WorldProblem

_FORMED_ID = re.compile(r"^[A-Za-z]{1,6}[_\-][A-Za-z0-9]")


class IdForm(CallRule):
    """A bare number beside prefixed ids ("91584653" after "htl_31120" and "htl_20977") is an id drawn off the
    documented pattern."""

    kind = "filler"
    checks = (WorldCheck.ID_OFF_PATTERN,)

    def problems(self, call: Call, scene: Scene | None) -> list[WorldProblem]:
        return [p.at(f"{call.api_name} result") for p in id_form_problems(call.result)]


def id_form_problems(result: Any) -> list[WorldProblem]:
    """The rule on one result."""
    out = []
    for path, rows in dict_lists(result):
        for key in rows[0]:
            if field_kind(FieldName(key)) != "id":
                continue
            values = [as_text(r.get(key)) for r in rows if r.get(key) is not None]
            formed = [v for v in values if _FORMED_ID.match(v)]
            bare = [v for v in values if v.isdigit()]
            if formed and bare:
                where = ".".join((*path, key))
                out.append(WorldProblem(WorldCheck.ID_OFF_PATTERN, f"{where}={bare[0]!r} beside {formed[0]!r}", (where,)))
    return out
