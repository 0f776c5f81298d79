"""An output's JSON type must be able to fill the input's documented type: a number or a flag never fills an
array or object input (an integer ``results`` count into ticketpocket's ``info_result``, documented by an example
JSON list), and a flag never fills an identifier."""

from __future__ import annotations

import re

from tooldial.graph.entities import Entity
from tooldial.graph.reasons import EdgeReason
from tooldial.graph.verdict import Verdict
from tooldial.knowledge import loader
from tooldial.rules.edge.base import EdgeCase, EdgeRule

#: Phrases of an input's documentation that say it takes a JSON array or object.
CONTAINER_PHRASES = loader.ordered_words("schema_types", "container_phrases")
#: A documented example that is JSON array or object text (not a ``{placeholder}``): ``[{"need_id": ...``.
_JSON_CONTAINER = re.compile(r'^\s*(\[\s*[\[{"\d\]-]|\{\s*")')
SCALAR_TYPES = frozenset({"integer", "number", "boolean"})


def container_input(target: Entity) -> str | None:
    """``array`` / ``object`` where the input takes one: its documented type, else an example of JSON array or
    object text, else a phrase of its documentation (``JSON list``); ``None`` for a scalar input."""
    if target.type in ("array", "object") or target.is_list:
        return "array" if target.is_list else target.type
    if _JSON_CONTAINER.match(target.example):
        return "array" if target.example.lstrip().startswith("[") else "object"
    text = " ".join(target.documented.lower().split())
    return "array" if any(phrase in text for phrase in CONTAINER_PHRASES) else None


class JsonType(EdgeRule):
    """A number or a flag into an input that takes an array or object; a flag into an identifier."""

    codes = (EdgeReason.SCALAR_INTO_CONTAINER, EdgeReason.FLAG_INTO_ID)

    def judge(self, case: EdgeCase) -> Verdict | None:
        source, target = case.source, case.target
        if source.type not in SCALAR_TYPES or source.is_list:
            return None
        if (shape := container_input(target)) is not None:
            article = "an" if source.type == "integer" else "a"
            return Verdict(False, f"{article} {source.type} does not fill an input that takes a JSON {shape}", 0.8,
                           "value", code=EdgeReason.SCALAR_INTO_CONTAINER)
        if source.type == "boolean" and case.t.kind == "identifier" and target.type != "boolean":
            return Verdict(False, "a true/false flag does not fill an identifier", 0.8, "identifier",
                           code=EdgeReason.FLAG_INTO_ID)
        return None
