"""Documented values that are placeholders: the field's own name, a numbered stand-in for the record (inputs and
results read them with one module, ``tooldial.dialogue.mockdata.placeholders``)."""

from __future__ import annotations

import random

import pytest

from tooldial.corpus.models import Api, Parameter
from tooldial.dialogue.mockdata import MockWorld, build_result, input_values, leaf_items
from tooldial.dialogue.mockdata.placeholders import counted_record, is_placeholder, names_its_field


def _api(example, name="get task detail", tool="Tasks", params=()):
    return Api(category="Other", tool=tool, name=name, description="",
               required_parameters=tuple(params), example_response=example)


@pytest.mark.parametrize(("value", "key"), [
    ("content", "content"), ("Title", "title"), ("string-id", "string_id"), ("{name}", "name"),
    ("{{symbol}}", "symbol"), ("webhook-name", "webhookName"), ("first_name", "FirstName"), ("author", "authors"),
])
def test_a_value_that_is_its_fields_words_names_its_field(value, key):
    assert names_its_field(value, key)


@pytest.mark.parametrize(("value", "key"), [
    ("Lisbon", "city"), ("content here", "content"), ("name", "username"), ("Grade 3", "grade"), ("", "title"),
    ("title", ""),
])
def test_other_values_do_not_name_their_field(value, key):
    assert not names_its_field(value, key)


def test_counted_record_reads_the_record_noun_and_a_counting_number():
    words = frozenset({"get", "my", "todo", "list"})
    assert counted_record("todo 1", words) and counted_record("Todo 2", words) and counted_record("todo-12", words)
    assert counted_record("todos 3", words)  # the plural of the noun is the noun
    assert not counted_record("todo 100", words) and not counted_record("todo 01", words)
    assert not counted_record("Buy milk", words) and not counted_record("list", words)
    # a noun whose numbered members are real names (a pack word set), and a number the API's own name holds
    assert not counted_record("Chapter 1", {"get", "chapters"})
    assert not counted_record("Dota 2", {"dota", "2", "heroes"})
    assert not counted_record("Schalke 04", {"schalke", "games"})


def test_input_documented_as_its_own_name_in_another_form_is_drawn():
    assert is_placeholder("user-id", "user_id") and is_placeholder("UserId", "user_id")
    api = _api(None, params=(Parameter(name="city", type="string", example="City"),))
    assert input_values(api, ["city"], MockWorld(random.Random(3)))["city"] != "City"


TODO_DETAIL = {"data": {"content": "content", "due": "2021-3-18 20:00:00", "title": "todo 1"}, "status": "200"}
TODO_LIST = {"data": [{"title": "todo 1", "content": "content"}, {"title": "todo 2", "content": "content"}]}


@pytest.mark.parametrize("seed", range(5))
def test_a_result_draws_self_named_and_counted_values(seed):
    detail = build_result(_api(TODO_DETAIL, name="get todo list detail"), random.Random(seed))["response"]
    assert detail["data"].get("content") != "content"
    assert detail["data"].get("title") not in ("todo 1", None)
    listed = build_result(_api(TODO_LIST, name="get my todo list"), random.Random(seed), records=3)["response"]
    values = [v for path, v in leaf_items(listed) if path and path[-1] in ("title", "content")]
    assert values and not {"todo 1", "todo 2", "content"} & set(values)


def test_a_counted_value_of_another_noun_or_field_is_kept():
    """"todo 1" in a notes API is not its record noun; "Season 1" names a season; a status is no title."""
    notes = build_result(_api({"title": "todo 1"}, name="get note"), random.Random(0))["response"]
    assert notes["title"] == "todo 1"
    seasons = build_result(_api({"seasons": [{"name": "Season 1"}]}, name="list seasons"), random.Random(0))
    assert seasons["response"]["seasons"][0]["name"] == "Season 1"


def test_a_field_of_no_known_kind_keeps_its_documented_value():
    """Nothing better can be drawn for a field the name says nothing about: a greeting API's "hello": "Hello"
    is its answer, not a placeholder."""
    body = build_result(_api({"code": "en", "hello": "Hello"}, name="HelloSalut", tool="HelloSalut"),
                        random.Random(0))["response"]
    assert body["hello"] == "Hello"
