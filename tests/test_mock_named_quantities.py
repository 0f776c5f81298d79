"""A number named only "value", "max" or "avg" measures what its enclosing key names
(``tooldial.knowledge.taxonomy.named_quantity``; words in ``field_words.generic_quantities`` and
``quantity_kinds``): a temperature's ``value`` is a temperature, not a price of 2,983."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tooldial.corpus.models import Api, OutputComponent
from tooldial.dialogue.mockdata import FieldName, build_result
from tooldial.knowledge.taxonomy import field_kind, named_quantity


def _api(paths: list[str], name: str = "Current Weather Report") -> Api:
    return Api(category="Weather", tool="City Weather", name=name, description="",
               output_components=tuple(OutputComponent(path=tuple(p.split("|")), type="integer",
                                                       is_list="|data|" in p) for p in paths))


def _at(body: Any, path: str) -> list[float]:
    nodes = [body]
    for key in path.split("|"):
        nodes = [x for n in nodes for x in (n if isinstance(n, list) else [n])]
        nodes = [n[key] for n in nodes if isinstance(n, dict) and key in n]
    return [float(n) for n in nodes]


@pytest.mark.parametrize(("name", "quantity", "kind"), [
    ("value", "temperature", "temperature"),
    ("max", "temperature", "temperature"),
    ("value", "humidity", "percent"),
    ("value", "uvindex", "uv_index"),
    ("value", "distance", "measure"),
    ("value", "Population", "count"),
])
def test_a_generic_number_takes_its_enclosing_keys_kind(name: str, quantity: str, kind: str) -> None:
    assert field_kind(FieldName(name, "number", quantity=quantity)) == kind


@pytest.mark.parametrize(("name", "quantity", "type_"), [
    ("value", "batteryLevel", "number"),  # a level is a short scale (1-4): a battery level is no such
    ("value", "5-year-real-interest-rate", "number"),  # a year's kind is no quantity's
    ("value", "attributes", "number"),  # a key that names nothing
    ("value", "temperature", "string"),  # a text is no number
    ("unit", "temperature", "number"),  # a name of its own
])
def test_no_kind_is_lent_where_the_key_or_the_field_says_nothing_measured(name: str, quantity: str,
                                                                         type_: str) -> None:
    assert named_quantity(FieldName(name, type_, quantity=quantity)) is None
    assert field_kind(FieldName(name, type_, quantity=quantity)) == field_kind(FieldName(name, type_))


def test_the_own_word_is_kept_where_the_kind_stays_the_keys() -> None:
    assert named_quantity(FieldName("max", "number", quantity="temperature")).name == "temperature max"
    assert named_quantity(FieldName("value", "number", quantity="distance")).name == "distance"  # "distance value"
    # would be a price


def test_a_weather_report_of_values_under_named_keys_reads_as_weather() -> None:
    api = _api(["temperature|data|place", "temperature|data|value", "humidity|data|value", "uvindex|data|value",
                "forecast|temperature|min", "forecast|temperature|max"])
    for seed in range(10):
        body = build_result(api, random.Random(seed))["response"]
        temps = _at(body, "temperature|data|value")
        assert temps and all(-40 <= t <= 50 for t in temps), temps
        assert all(0 <= h <= 100 for h in _at(body, "humidity|data|value"))
        assert all(0 <= u <= 11 for u in _at(body, "uvindex|data|value"))
        low, high = _at(body, "forecast|temperature|min"), _at(body, "forecast|temperature|max")
        assert low and high and low[0] < high[0]
