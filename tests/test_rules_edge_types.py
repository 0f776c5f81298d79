"""The JSON-type, id-shape and URL-page-kind edge rules (``json_type``, ``id_shape``, ``url_page_kind``): what they
leave to later rules."""

from __future__ import annotations

import pytest

from tooldial.graph.entities import Entity
from tooldial.graph.reasons import EdgeReason
from tooldial.graph.validity import RuleConfig, classify
from tooldial.rules.edge.base import EdgeCase
from tooldial.rules.edge.id_shape import IdShape, id_shape
from tooldial.rules.edge.json_type import JsonType, container_input
from tooldial.rules.edge.url_page_kind import UrlPageKind, page_kind


def _entity(api: str, role: str, key: str, *, type: str = "string", example: str = "", documented: str = "",
            is_list: bool = False) -> Entity:
    return Entity(api, role, key, key.replace("_", " ").replace("|", " "), documented or key, raw=key.split("|")[-1],
                  documented=documented, example=example, type=type, is_list=is_list)


def _case(source: Entity, target: Entity) -> EdgeCase:
    return EdgeCase(source, target, classify(source), classify(target), 0.9, 0.9, 1.0, "", "", RuleConfig(), False)


@pytest.mark.parametrize(("type_", "example", "documented", "is_list", "want"), [
    ("string", '[{"need_id": "1"}]', "", False, "array"),
    ("string", '{"name": "x"}', "", False, "object"),
    ("string", "{userId}", "", False, None),        # a path placeholder, not JSON
    ("string", "[1, 2]", "", False, "array"),
    ("string", "", "Comma separated list of ids", False, None),
    ("string", "", "An array of tag objects", False, "array"),
    ("integer", "", "", True, "array"),
    ("object", "", "", False, "object"),
    ("integer", "25", "", False, None),
])
def test_container_input(type_: str, example: str, documented: str, is_list: bool, want: str | None) -> None:
    target = _entity("A|t|B", "input", "x", type=type_, example=example, documented=documented, is_list=is_list)
    assert container_input(target) == want


@pytest.mark.parametrize(("source_type", "target_type", "target_example"), [
    ("integer", "integer", ""),                     # a count into a limit
    ("string", "string", '[{"need_id": "1"}]'),     # text may be JSON text
    ("boolean", "boolean", ""),
    ("array", "array", ""),
])
def test_json_type_leaves_fitting_types(source_type: str, target_type: str, target_example: str) -> None:
    source = _entity("A|t|List", "output", "data|value", type=source_type)
    target = _entity("A|t|Save", "input", "value", type=target_type, example=target_example)
    assert JsonType().judge(_case(source, target)) is None


def test_a_flag_into_a_plain_value_is_left() -> None:
    source = _entity("A|t|Status", "output", "data|active", type="boolean")
    target = _entity("A|t|Filter", "input", "active")
    assert JsonType().judge(_case(source, target)) is None


@pytest.mark.parametrize(("api", "key", "example", "want"), [
    ("D|p|Company Profile Endpoint", "similar_companies|link", "", "company"),
    ("D|p|Company Profile Endpoint", "acquisitions|acquired_by|linkedin_profile_url", "", "company"),
    ("D|p|Person Profile Endpoint", "education|school_linkedin_profile_url", "", "school"),
    ("D|p|Person Profile Endpoint", "people_also_viewed|link", "", "person"),
    ("D|p|Role Lookup Endpoint", "linkedin_profile_url", "", "person"),
    ("D|p|Jobs Listing Endpoint", "job|company_url", "", "company"),   # the leaf names its page before its record
    ("D|p|Search", "results|url", "https://www.linkedin.com/in/williamhgates", "person"),
    ("D|p|Search", "results|url", "", None),
])
def test_page_kind_of_an_output(api: str, key: str, example: str, want: str | None) -> None:
    assert page_kind(_entity(api, "output", key, example=example)) == want


def test_same_kind_or_unknown_kind_or_other_tool_is_left() -> None:
    company = _entity("D|p|Company Profile Endpoint", "output", "similar_companies|link")
    target = _entity("D|p|Employee Count Endpoint", "input", "url", documented="URL of the LinkedIn Company Profile")
    assert UrlPageKind().judge(_case(company, target)) is None
    unknown = _entity("D|p|Search", "output", "results|url")
    person_input = _entity("D|p|Email Lookup", "input", "linkedin_profile_url",
                           documented="LinkedIn Profile URL of the person")
    assert UrlPageKind().judge(_case(unknown, person_input)) is None
    other_tool = _entity("D|q|Company Profile Endpoint", "output", "similar_companies|link")
    assert not UrlPageKind().applies(_case(other_tool, person_input))
    assert UrlPageKind().judge(_case(company, person_input)) is not None


# --- id_shape: a record's numeric id and its letters-and-digits key are not one another


@pytest.mark.parametrize(("type_", "example", "want"), [
    ("integer", "", "numeric"),
    ("string", "68", "numeric"),
    ("string", '"3517394"', "numeric"),
    ("string", "1fk5l4hkqk12i7zske6mcqju6", "token"),
    ("string", "tt0111161", "token"),
    ("string", "9b2f6c1e-3d4a-4b8e-9f00-1a2b3c4d5e6f", "token"),
    ("string", "string", None),          # a placeholder word tells nothing
    ("string", "manchester united", None),
    ("string", "", None),
    ("number", "1fk5", "token"),         # the documented example wins over a type the docs got wrong
])
def test_id_shape_of_an_entity(type_: str, example: str, want: str | None) -> None:
    assert id_shape(_entity("A|t|B", "input", "x_id", type=type_, example=example)) == want


def test_a_records_two_keys_fill_only_the_input_of_their_shape() -> None:
    numeric = _entity("S|feed|Match data", "output", "data|area|id", type="integer", example="68")
    token = _entity("S|feed|Match data", "output", "data|area|uuid", example="1fk5l4hkqk12i7zske6mcqju6")
    by_number = _entity("S|feed|Explore competitions", "input", "area_id", type="number", example="68")
    by_token = _entity("S|feed|Area flag", "input", "area_uid", example="1fk5l4hkqk12i7zske6mcqju6")
    assert IdShape().judge(_case(numeric, by_number)) is None
    assert IdShape().judge(_case(token, by_token)) is None
    for source, target in ((numeric, by_token), (token, by_number)):
        verdict = IdShape().judge(_case(source, target))
        assert verdict is not None and not verdict.keep and verdict.code is EdgeReason.ID_SHAPE


def test_an_id_without_documented_shape_is_left_to_later_rules() -> None:
    source = _entity("S|feed|Search", "output", "data|teams|id")                     # no example, string type
    target = _entity("S|feed|Team Data", "input", "team_id", type="number", example="662")
    assert IdShape().judge(_case(source, target)) is None
