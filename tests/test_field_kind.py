"""The field taxonomy ("what kind of value is this field"): the case table ``tests/data/knowledge/field_kind_cases.yaml``
covers every reachable kind, and every cue set of the ``field_words`` pack has a reader."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest
import yaml

from tooldial.dialogue.mockdata import fields
from tooldial.dialogue.mockdata.fields import RULES, FieldName, field_kind
from tooldial.knowledge import loader

CASES = yaml.safe_load((Path(__file__).parent / "data" / "knowledge" / "field_kind_cases.yaml").read_text("utf-8"))


def _field(case: dict) -> FieldName:
    return FieldName(case["name"], case.get("type", "string"), frozenset(case.get("context", ())),
                     frozenset(case.get("title", ())), case.get("parent", ""))


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['name']}-{c['kind']}")
def test_a_field_has_its_kind(case: dict) -> None:
    assert field_kind(_field(case)) == case["kind"]


#: Kinds no field reaches: an earlier rule takes every field of theirs (``currency_name``: ``currency`` is a cue of
#: ``currency_code`` and of its context).
UNREACHABLE = {"currency_name"}


def test_every_kind_has_a_case() -> None:
    kinds = {kind for kind, _ in RULES}
    assert kinds - {c["kind"] for c in CASES} == UNREACHABLE
    assert {c["kind"] for c in CASES} - kinds == {None}  # a typo in the table names no kind


def test_every_cue_set_of_the_field_words_pack_has_a_reader() -> None:
    source = inspect.getsource(fields)
    for name in loader.pack("field_words").word_sets:
        assert f'"{name}"' in source, name


def test_a_cue_word_added_to_the_pack_names_the_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    """The vocabulary is the pack's: a word added to a cue set changes the kind (no word list left in code)."""
    assert field_kind(FieldName("cellular")) is None
    phone = loader.words("field_words", "phone")
    monkeypatch.setattr(fields, "_cue", lambda name: phone | {"cellular"} if name == "phone"
                        else loader.words("field_words", name))
    field_kind.cache_clear()
    try:
        assert field_kind(FieldName("cellular")) == "phone"
    finally:
        field_kind.cache_clear()
