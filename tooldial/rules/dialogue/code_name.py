"""World rule ``code_name``: a standard code's name beside it is that code's (``JP``: Japan); its fix
(:func:`name_from_code`, run by the mock-data generator on every object it fills) names the code. The code is the
object's ``code`` field, else its one field named like a code (a country's ``alpha2`` or ``iso2``)."""

from __future__ import annotations

from typing import Any

from tooldial.dialogue.mockdata.fields import FieldName
from tooldial.dialogue.mockdata.places import code_kind, name_of_code
from tooldial.dialogue.result_records import objects_at
from tooldial.knowledge.loader import words
from tooldial.rules.world_check import Call, CallRule, Scene, WorldCheck, WorldProblem


class CodeName(CallRule):
    """A standard code's name beside it is that code's (``JP``: Japan)."""

    checks = (WorldCheck.CODE_NAME,)

    def problems(self, call: Call, scene: Scene | None) -> list[WorldProblem]:
        return [p.at(f"{call.api_name} result") for path, obj in objects_at(call.result)
                for p in code_name_problems(path, obj)]

    @staticmethod
    def fix(path: tuple[str, ...], record: dict[str, Any]) -> None:
        """The generator's fix of each object it fills: :func:`name_from_code`."""
        name_from_code(path, record)


#: Whole names of the code field of a country, language or currency object (``places.code_keys``).
_CODE_KEYS = words("places", "code_keys")


def _code_key(record: dict[str, Any]) -> str | None:
    """The key of the object's code: ``code``, else its only string field named like a code (``alpha2``,
    ``iso2``, ...: ``places.code_keys``)."""
    if "code" in record:
        return "code"
    keys = [k for k, v in record.items() if isinstance(v, str) and FieldName(k).joined in _CODE_KEYS]
    return keys[0] if len(keys) == 1 else None


def code_name_problems(path: tuple[str, ...], record: dict[str, Any]) -> list[WorldProblem]:
    """A language, country or currency object whose ``name`` is not its code's (a caption's language
    ``{"code": "en", "name": "Vietnamese"}``, a team's country ``{"alpha2": "SE", "name": "Australia"}``):
    rule ``code name``."""
    kind = code_kind(path)
    key = _code_key(record) if kind is not None else None
    code, name = record.get(key or ""), record.get("name")
    if kind is None or not isinstance(code, str) or not isinstance(name, str):
        return []
    expected = name_of_code(kind, code)
    if expected is None or expected.casefold() in name.casefold() or name.casefold() in expected.casefold():
        return []
    return [WorldProblem(WorldCheck.CODE_NAME, f"{'.'.join(path)} {key} {code!r} is {expected}, not {name!r}", ("name",))]


def name_from_code(path: tuple[str, ...], record: dict[str, Any]) -> None:
    """A language/country/currency object's name follows its code (:func:`code_name_problems`)."""
    if code_name_problems(path, record):
        kind = code_kind(path) or ""
        record["name"] = name_of_code(kind, record[_code_key(record) or "code"])
