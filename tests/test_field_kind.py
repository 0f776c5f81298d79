"""The field taxonomy (:mod:`tooldial.knowledge.taxonomy`, "what kind of value is this field"): the case table
``tests/data/knowledge/field_kind_cases.yaml`` covers every reachable kind, every cue set of the ``field_words`` pack
has a reader, and the mock world and the lexicon ask the same function."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest
import yaml

from tooldial.dialogue.mockdata import fields
from tooldial.knowledge import loader, taxonomy
from tooldial.knowledge.lexicon import Lexicon
from tooldial.knowledge.taxonomy import RULES, FieldKind, FieldName, field_kind

CASES = yaml.safe_load((Path(__file__).parent / "data" / "knowledge" / "field_kind_cases.yaml").read_text("utf-8"))


def _field(case: dict) -> FieldName:
    return FieldName(case["name"], case.get("type", "string"), frozenset(case.get("context", ())),
                     frozenset(case.get("title", ())), case.get("parent", ""))


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['name']}-{c['kind']}")
def test_a_field_has_its_kind(case: dict) -> None:
    assert field_kind(_field(case)) == case["kind"]
    assert Lexicon.default().field_kind(_field(case)) == case["kind"]


#: Kinds no field reaches: an earlier rule takes every field of theirs (``currency_name``: ``currency`` is a cue of
#: ``currency_code`` and of its context).
UNREACHABLE = {"currency_name"}


def test_every_kind_has_a_case() -> None:
    kinds = {kind for kind, _ in RULES}
    assert kinds - {c["kind"] for c in CASES} == UNREACHABLE
    assert {c["kind"] for c in CASES} - kinds == {None}  # a typo in the table names no kind


def test_every_cue_set_of_the_field_words_pack_has_a_reader() -> None:
    from tooldial.rules.world import country_currency  # the currency sides and the words that widen them

    source = inspect.getsource(taxonomy) + inspect.getsource(country_currency)
    for name in loader.pack("field_words").word_sets:
        assert f'"{name}"' in source, name


def test_a_cue_word_added_to_the_pack_names_the_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    """The vocabulary is the pack's: a word added to a cue set changes the kind (no word list left in code)."""
    assert field_kind(FieldName("pronouns")) is None
    gender = loader.words("field_words", "gender")
    monkeypatch.setattr(taxonomy, "_cue", lambda name: gender | {"pronouns"} if name == "gender"
                        else loader.words("field_words", name))
    field_kind.cache_clear()
    try:
        assert field_kind(FieldName("pronouns")) == "gender"
    finally:
        field_kind.cache_clear()


def test_the_mock_world_asks_the_one_taxonomy() -> None:
    assert fields.field_kind is field_kind and fields.RULES is RULES and fields.FieldName is FieldName
    assert [kind for kind, _ in RULES if kind != FieldKind.BOOLEAN] == [k for k in FieldKind if k != "boolean"]
    assert field_kind(FieldName("city")) is FieldKind.CITY and FieldKind.CITY == "city"


@pytest.mark.parametrize(("words", "standard"), [
    (["home", "country", "code"], "country"), (["time", "zone"], "timezone"), (["lat"], "latitude"),
    (["code"], None), (["title"], None)])
def test_the_graph_and_the_lexicon_ask_the_one_standard_lookup(words: list[str], standard: str | None) -> None:
    from tooldial.graph import value_kinds

    assert value_kinds._standard_of is taxonomy.standard_of
    assert Lexicon.default().standard(words) == standard


#: Mock kinds whose words are the graph's words of a standard kind (``standards.kind_by_word``).
SHARED = {FieldKind.URL: "url", FieldKind.LATITUDE: "latitude", FieldKind.LONGITUDE: "longitude",
          FieldKind.TIMEZONE: "timezone", FieldKind.POSTAL: "postal_code", FieldKind.PHONE: "phone",
          FieldKind.DATE: "date", FieldKind.DATETIME: "datetime"}


@pytest.mark.parametrize(("kind", "standard"), SHARED.items())
def test_the_graph_and_the_mock_world_read_a_shared_kind_from_the_same_words(kind: FieldKind, standard: str) -> None:
    words = taxonomy.standard_words(standard)
    assert words and words == {w for w, k in loader.word_map("standards", "kind_by_word").items() if k == standard}
    for word in words:
        assert taxonomy.standard_of([word]) == standard
        assert field_kind(FieldName(word, "number" if kind in ("latitude", "longitude") else "string")) == kind, word


def test_the_mock_world_has_a_generator_for_every_kind() -> None:
    from tooldial.dialogue.mockdata.generators import GENERATORS

    assert set(FieldKind) - set(GENERATORS) == set()
