"""Output components from JSON schemas and example responses; literal and type parsing."""

from __future__ import annotations

import pytest

from tooldial.corpus.schema import (
    components_from_example,
    components_from_schema,
    normalize_type,
    parse_example,
    parse_literal,
    repair_truncated,
)


def by_key(components):
    return {c.key: c for c in components}


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("STRING", ("string", None)),
        ("NUMBER", ("number", None)),
        ("int", ("integer", None)),
        ("BOOLEAN", ("boolean", None)),
        ("LIST", ("array", None)),
        ("JSON", ("object", None)),
        ("ENUM", ("string", None)),
        ("DATE (YYYY-MM-DD)", ("string", "date")),
        ("GEOPOINT (latitude, longitude)", ("string", "geopoint")),
        ("CREDENTIALS", ("string", "credentials")),
        (["object", "null"], ("object", None)),
        (None, ("string", None)),
        ("SomethingExotic", ("string", None)),
    ],
)
def test_normalize_type(raw, expected):
    assert normalize_type(raw) == expected


def test_parse_literal_reads_json_and_python_reprs():
    assert parse_literal('[{"name": "q", "required": true}]') == [{"name": "q", "required": True}]
    assert parse_literal("[{'name': 'q', 'default': None, 'flag': True}]") == [
        {"name": "q", "default": None, "flag": True}
    ]
    with pytest.raises(ValueError):
        parse_literal("not a literal")
    with pytest.raises(ValueError):
        parse_literal("__import__('os')")  # never evaluated


def test_repair_truncated_keeps_complete_prefix():
    text = '{"items": [{"id": 1, "tags": ["a", "b"]}, {"id": 2, "tags": ["c"]}, {"id": 3, "na'
    # Cut after the last complete value: the third item keeps the field it had finished.
    assert repair_truncated(text) == {"items": [{"id": 1, "tags": ["a", "b"]}, {"id": 2, "tags": ["c"]}, {"id": 3}]}
    assert repair_truncated("[{'a': 'x'}, {'a': 'y'}, {'a': 'z") == [{"a": "x"}, {"a": "y"}]
    with pytest.raises(ValueError):
        repair_truncated('{"only": "a half')


def test_parse_example_leaves_plain_text_alone():
    assert parse_example("Not found") == "Not found"
    assert parse_example("977") == 977
    assert parse_example("{'a': [1, 2]}") == {"a": [1, 2]}
    assert parse_example(None) is None


def test_schema_nested_objects_are_joined_and_arrays_transparent():
    schema = {
        "type": "object",
        "properties": {
            "avatar": {"type": "object", "properties": {"url": {"type": "string", "description": "Image URL"}}},
            "tracks": {
                "type": "array",
                "items": {"type": "object", "properties": {"title": {"type": "string", "example": "So What"}}},
            },
            "tags": {"type": "array", "items": {"type": "string"}},
            "count": {"type": "integer"},
        },
    }
    comps = by_key(components_from_schema(schema))
    assert list(comps) == ["avatar|url", "tracks|title", "tags", "count"]
    assert comps["avatar|url"].description == "Image URL"
    assert comps["avatar|url"].label == "avatar—url"
    assert not comps["avatar|url"].is_list
    assert comps["tracks|title"].is_list and comps["tracks|title"].example == "So What"
    assert comps["tags"].is_list and comps["tags"].type == "string"
    assert comps["count"].type == "integer"


def test_schema_refs_allof_anyof_and_cycles():
    defs = {
        "#/defs/Owner": {"type": "object", "properties": {"owner_id": {"type": "string"}}},
        "#/defs/Node": {"type": "object", "properties": {
            "label": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#/defs/Node"}}}},
    }
    seen_fields = []

    def resolve(ref, field):
        seen_fields.append(field)
        return defs[ref]

    schema = {
        "allOf": [
            {"$ref": "#/defs/Owner"},
            {"type": "object", "properties": {"tree": {"$ref": "#/defs/Node"}}},
        ],
        "properties": {"kind": {"anyOf": [{"type": "object", "properties": {"a": {"type": "string"}}},
                                          {"type": "object", "properties": {"b": {"type": "number"}}}]}},
    }
    comps = by_key(components_from_schema(schema, resolve=resolve))
    assert set(comps) == {"kind|a", "kind|b", "owner_id", "tree|label", "tree|children"}
    assert comps["tree|children"].is_list and comps["tree|children"].type == "object"  # cycle stops here
    assert "allOf[0].$ref" in seen_fields
    assert "properties.tree.$ref" in seen_fields


def test_bare_property_map_and_response_wrapper():
    comps = components_from_schema({"eventId": {"type": "string"}, "startTime": {"type": "string", "format": "date-time"}})
    assert [c.key for c in comps] == ["eventId", "startTime"]
    assert comps[1].format == "date-time"
    wrapped = components_from_schema({"type": "object", "properties": {"response": {
        "type": "object", "properties": {"station": {"type": "object", "properties": {"station_id": {"type": "string"}}}}}}})
    assert [c.key for c in wrapped] == ["station|station_id"]
    # A `response` key next to others is a real field, kept in the path.
    real = components_from_schema({"type": "object", "properties": {
        "results": {"type": "integer"}, "response": {"type": "array", "items": {"type": "string"}}}})
    assert [c.key for c in real] == ["results", "response"]
    assert components_from_schema({"type": "string"})[0].key == "response"
    assert components_from_schema({"type": "object"}) == []


def test_components_from_example():
    example = {"response": {"count": 2, "items": [
        {"id": "a1", "price": None, "seller": {"name": "Ann"}},
        {"id": "a2", "price": 9.5, "seller": {"name": "Bob"}, "extra": True},
    ]}}
    comps = by_key(components_from_example(example))
    assert list(comps) == ["count", "items|id", "items|price", "items|seller|name", "items|extra"]
    assert comps["count"].example == 2 and not comps["count"].is_list
    assert comps["items|price"].type == "number" and comps["items|price"].example == 9.5  # first non-null
    assert comps["items|seller|name"].is_list and comps["items|seller|name"].example == "Ann"
    assert comps["items|extra"].type == "boolean"
    assert components_from_example("Not found") == []
    assert components_from_example({}) == []
    scalar = components_from_example(3.44)
    assert [(c.key, c.type) for c in scalar] == [("response", "number")]
    listed = components_from_example(["a", "b"])
    assert [(c.key, c.is_list) for c in listed] == [("response", True)]
    placeholders = by_key(components_from_example({"price": "number", "name": "string"}))
    assert placeholders["price"].type == "number" and placeholders["price"].example is None


def test_maps_keyed_by_data_act_like_arrays():
    series = {"meta": {"symbol": "ACME"}, "prices": {"2021-01-04": {"open": 1.0}, "2021-01-05": {"open": 1.5, "close": 2}}}
    comps = by_key(components_from_example(series))
    assert list(comps) == ["meta|symbol", "prices|open", "prices|close"]
    assert comps["prices|open"].is_list and not comps["meta|symbol"].is_list
    yearly = components_from_schema({"type": "object", "properties": {
        "2020": {"type": "number"}, "2021": {"type": "number"}}})
    assert [(c.key, c.type, c.is_list) for c in yearly] == [("response", "number", True)]


def test_keys_never_break_the_path_spellings():
    comps = components_from_example({"a|b": {"c->d": 1, "e—f": 2}, "": 3})
    assert [c.path for c in comps] == [("a/b", "c>d"), ("a/b", "e-f"), ("_",)]
    assert all(type(c).parse_path(c.label) == c.path for c in comps)


def test_loose_property_descriptions_and_keyword_only_schemas():
    from tooldial.corpus.schema import documents_nothing, is_property_map

    # each property described by a loosely typed schema ("double"): a property map, not an example body
    loose = {"log_id": {"type": "string", "required": False, "description": "Log ID."},
             "ratio": {"type": "double", "required": False, "description": "Recover ratio."}}
    assert is_property_map(loose)
    comps = by_key(components_from_schema(loose))
    assert comps["ratio"].type == "number" and comps["ratio"].description == "Recover ratio."
    # an example body whose values hold a "type" among their data is still a body
    assert not is_property_map({"pet": {"type": "dog", "name": "Rex"}})
    # a schema of keywords only documents no field: {"$schema": ...} is no response with a "$schema" key
    assert documents_nothing({"$schema": "http://json-schema.org/draft-04/schema#"})
    assert not documents_nothing({"$schema": "x", "type": "object", "properties": {"id": {"type": "string"}}})
    assert not documents_nothing({"schema": "v2"})  # a body with a key of that name
