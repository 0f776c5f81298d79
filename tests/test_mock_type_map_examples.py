"""A documented response written as a type map (``{"label": "string", "quality": "number"}``, 126 ToolBench APIs
of 50 tools) is no example: its fields are drawn as if undocumented, never sent back as "string"; a field that
names a type ("type": "NUMBER", "dataType": "string") keeps its documented value."""

from __future__ import annotations

import random

from tooldial.corpus.models import Api
from tooldial.dialogue.mockdata import build_result, leaf_items

TYPE_NAMES = {"string", "str", "number", "integer", "int", "float", "double", "boolean", "bool"}


def _api(example: dict) -> Api:
    return Api(category="Other", tool="petshop", name="getUserByName", description="Get a user by user name",
               example_response=example)


def test_type_names_in_a_documented_response_are_never_values() -> None:
    api = _api({"id": 10, "username": "string", "firstName": "string", "email": "string", "phone": "string",
                "score": "number", "active": "boolean"})
    for seed in range(5):
        result = build_result(api, random.Random(seed))["response"]
        values = {path[-1]: value for path, value in leaf_items(result)}
        assert not {str(v).lower() for v in values.values()} & TYPE_NAMES, values
        assert "@" in values["email"] and values["firstName"][:1].isupper()  # drawn by their kinds


def test_a_field_that_names_a_type_keeps_its_documented_type_name() -> None:
    api = _api({"record": {"poemId": {"type": "NUMBER", "value": "18"}, "column": {"dataType": "string"}}})
    result = build_result(api, random.Random(0))["response"]
    assert result["record"]["poemId"]["type"] == "NUMBER" and result["record"]["column"]["dataType"] == "string"


def test_a_format_name_is_not_read_as_a_type_map() -> None:
    from tooldial.dialogue.mockdata.builder import _TYPE_NAMES

    assert {"string", "int", "double", "bool"} <= _TYPE_NAMES and not {"date", "time", "file", "enum", "none"} & _TYPE_NAMES
