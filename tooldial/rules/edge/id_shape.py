"""An identifier keeps its shape: a record's numeric id never fills an input whose documented example is a token of
letters and digits, and such a token never fills an input that is documented as a number or shows a numeric
example. Many APIs give a record two keys side by side (Soccerway's ``area|id`` 68 and ``area|uuid``
``"1fk5l4hk…"``) and take each in a different input (``area_id`` NUMBER "68", ``area_uid`` "1fk5l4hk…");
names alone link both keys to both inputs, the documented values tell them apart."""

from __future__ import annotations

import re
from typing import Literal

from tooldial.graph.entities import Entity
from tooldial.graph.reasons import EdgeReason
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule, Pair

Shape = Literal["numeric", "token"]

#: Digits only (an integer written as text): ``68``, ``"3517394"``.
_NUMERIC = re.compile(r"\d+")
#: One token of letters *and* digits (a uuid, a hash, ``tt0111161``, ``UCx9…``), with the separators ids use;
#: a word without digits (``string``, ``abc``) is a placeholder more often than an id, so it tells nothing.
_TOKEN = re.compile(r"(?=[\w-]*[A-Za-z])(?=[\w-]*\d)[\w-]{4,}")
_NUMBER_TYPES = frozenset({"integer", "number"})


def id_shape(entity: Entity) -> Shape | None:
    """``numeric`` or ``token`` where the entity's documented type or example says which, else ``None``."""
    example = entity.example.strip().strip('"')
    if _NUMERIC.fullmatch(example):
        return "numeric"
    if _TOKEN.fullmatch(example):
        return "token"
    if entity.type in _NUMBER_TYPES and not entity.is_list:
        return "numeric"
    return None


class IdShape(EdgeRule):
    """A numeric id into an input documented with a letters-and-digits token, or such a token into a numeric
    input (an identifier on either side)."""

    pairs = frozenset({Pair.IDENTIFIER})
    codes = (EdgeReason.ID_SHAPE,)

    def judge(self, case: EdgeCase) -> Verdict | None:
        source, target = id_shape(case.source), id_shape(case.target)
        if source is None or target is None or source == target:
            return None
        text = ("a numeric id does not fill an input documented with an id of letters and digits"
                if source == "numeric" else "an id of letters and digits does not fill an input documented as a number")
        return Verdict(False, text, 0.8, "identifier", code=EdgeReason.ID_SHAPE)
