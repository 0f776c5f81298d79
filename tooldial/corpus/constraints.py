"""The JSON-Schema keywords that bound a value, read from a documented schema into :class:`Constraints`.

OpenAPI 3.0 writes exclusive bounds as booleans beside ``minimum`` / ``maximum``; JSON Schema 2019+ (and
OpenAPI 3.1) as numbers. Both become ``exclusive_minimum`` / ``exclusive_maximum`` numbers. A pattern that
Python's ``re`` cannot compile is dropped (nothing can obey or check it). For an array of scalars the bounds
of its items are the leaf's bounds (the leaf stands for each item).
"""

from __future__ import annotations

import re
from typing import Any

from tooldial.corpus.models import Constraints


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


def _count(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def _pattern(value: Any) -> str | None:
    if not isinstance(value, str) or not value:
        return None
    try:
        re.compile(value)
    except (re.error, RecursionError, OverflowError):
        return None
    return value


def schema_constraints(schema: Any) -> Constraints | None:
    """The bounds ``schema`` documents (of its items, for an array of scalars), or None when it documents none."""
    if not isinstance(schema, dict):
        return None
    items = schema.get("items")
    if schema.get("type") == "array" and isinstance(items, dict) and "properties" not in items:
        return schema_constraints(items)
    minimum, maximum = _number(schema.get("minimum")), _number(schema.get("maximum"))
    low, high = schema.get("exclusiveMinimum"), schema.get("exclusiveMaximum")
    exclusive_minimum, exclusive_maximum = _number(low), _number(high)
    if low is True and minimum is not None:  # OpenAPI 3.0 spelling
        minimum, exclusive_minimum = None, minimum
    if high is True and maximum is not None:
        maximum, exclusive_maximum = None, maximum
    multiple = _number(schema.get("multipleOf"))
    examples = schema.get("examples")
    found = Constraints(
        pattern=_pattern(schema.get("pattern")),
        minimum=minimum,
        maximum=maximum,
        exclusive_minimum=exclusive_minimum,
        exclusive_maximum=exclusive_maximum,
        multiple_of=multiple if multiple and multiple > 0 else None,
        min_length=_count(schema.get("minLength")),
        max_length=_count(schema.get("maxLength")),
        examples=tuple(e for e in examples[1:] if not isinstance(e, dict | list)) if isinstance(examples, list) else (),
    )
    return found if found != Constraints() else None
