"""The lorem check (:func:`tooldial.dialogue.world_checks.lorem_filler`, rule ``filler_values``): Faker's lorem
draws and lorem ipsum are filler; common English words that fit their field, codes, and the words of a result a
model wrote are not (Faker's English list is the thousand commonest words)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from faker import Faker

from tooldial.corpus.models import Api, Corpus, OutputComponent, Tool
from tooldial.dialogue.model_parts.writer import _written
from tooldial.dialogue.record import DialogueRecord
from tooldial.dialogue.world_checks import lorem_filler, set_valued
from tooldial.rules.dialogue.filler_values import FillerValues
from tooldial.rules.world_check import Call, Scene, WorldCheck

#: Field names that say nothing of their value (abbreviations), and prose fields: a lorem draw is filler there.
OPAQUE_KEYS = ("pb", "fx", "qv", "val2", "misc")
PROSE_KEYS = ("description", "message", "summary")


def _faker(seed: int, locale: str = "en_US") -> Faker:
    fake = Faker(locale)
    fake.seed_instance(seed)
    return fake


@pytest.mark.parametrize("seed", range(5))
def test_faker_lorem_draws_in_fields_that_say_nothing_are_still_caught(seed: int) -> None:
    fake, rng = _faker(seed), random.Random(seed)
    for key in OPAQUE_KEYS + PROSE_KEYS:
        sentence, three = fake.sentence(), " ".join(fake.words(3))
        title = " ".join(w.capitalize() for w in fake.words(3, unique=True))
        assert lorem_filler(sentence, key) and lorem_filler(three, key) and lorem_filler(title, key), (
            key, sentence, three, title)
        word = rng.choice([w for w in fake.words(20) if len(w) > 2 and w.islower()])
        assert lorem_filler(word, key) or word in {"success", "open", "new", "high", "low", "free"}, (key, word)


@pytest.mark.parametrize("seed", range(3))
def test_lorem_ipsum_is_filler_from_any_writer_in_any_field(seed: int) -> None:
    fake = _faker(seed, "la")
    for key in ("title", "genre", "description", "pb"):
        for value in (fake.sentence(), " ".join(fake.words(3)), "Lorem ipsum dolor sit amet"):
            assert lorem_filler(value, key), (key, value)
            assert lorem_filler(value, key, written=True), (key, value)  # a model's lorem ipsum too


def test_common_words_that_fit_their_field_are_values() -> None:
    for key, value in [("shade", "green"), ("weightClass", "heavy"), ("sentiment", "Very Positive"),
                       ("music_style", "soul"), ("difficulty", "hard"), ("side", "home"), ("tier", "Gold Plus")]:
        assert set_valued(key) and not lorem_filler(value, key), (key, value)
    # a set-valued field holds a choice, not a sentence: three or more lorem words are still filler
    assert lorem_filler("Civil imagine minute", "homeStatusLabel")


def test_codes_of_one_or_two_letters_are_no_lorem_words() -> None:
    for key, value in [("code", "it"), ("lang", "be-BY"), ("country", "us"), ("c", "in")]:
        assert not lorem_filler(value, key), (key, value)
    assert lorem_filler("mother", "pb")  # a word of three letters or more still is


def test_a_name_with_an_acronym_is_no_faker_draw() -> None:
    """Faker capitalises a first letter only (its list writes "TV" and "I" in capitals): "US Open" is a name."""
    from tooldial.dialogue.world_checks import FILLER

    for key, value in [("name", "US Open"), ("title", "NBA Finals")]:
        assert not lorem_filler(value, key), (key, value)
    assert lorem_filler("Tv program actually race.", "pb") and lorem_filler("Open us", "pb")
    # a slug ending in a year is a film's, not the old generator's word-1234 filler
    assert not FILLER.search("village-2023") and FILLER.search("willow-5166")


def test_a_model_written_values_common_words_are_not_faker_draws() -> None:
    for key, value in [("name", "Small Forward"), ("pb", "personal"), ("title", "Another Day Of Summer"),
                       ("message", "Thank you for your order.")]:
        assert lorem_filler(value, key), (key, value)  # unknown writer: judged as a possible Faker draw
        assert not lorem_filler(value, key, written=True), (key, value)


def _record(result: Any, written_by: dict[str, Any] | None) -> tuple[DialogueRecord, Corpus]:
    api = Api(category="Music", tool="Charts", name="Top Track", description="The top track of a chart.",
              output_components=(OutputComponent(path=("title",)), OutputComponent(path=("label",))))
    corpus = Corpus(spec="test", tools=[Tool(category="Music", name="Charts", apis=(api,))])
    mock = {"api_name": api.id, "required_parameters": {"chart": "pop"}, "output_components": result}
    dialogue = [{"User": {"message": "What is the top pop track?", "action": "inform"}},
                {"System": {"action": "call", "api_request": {"api_name": api.id},
                            "api_response": {"api_name": api.id, "result": result}, "message": ""}}]
    scenario = {"written_by": written_by} if written_by is not None else {}
    record = DialogueRecord.model_construct(dialogue_id="d", source="", target=api.id, dialogue=dialogue,
                                            scenario=scenario, mockdata={"source": [], "target": [mock]})
    return record, corpus


@pytest.mark.parametrize(("written_by", "expect"), [
    (None, [WorldCheck.LOREM]), ({"result": ["template"]}, [WorldCheck.LOREM]), ({"result": ["model"]}, [])])
def test_the_rule_reads_who_wrote_the_result(written_by: dict[str, Any] | None, expect: list[WorldCheck]) -> None:
    result = {"title": "Another Day Of Summer", "label": "Reprise"}
    record, corpus = _record(result, written_by)
    scene = Scene(record, [], None, corpus)
    problems = FillerValues().problems(Call.of(record.mockdata["target"][0]), scene)
    assert [p.check for p in problems] == expect


def test_lorem_ipsum_in_a_model_written_result_is_still_filler() -> None:
    record, corpus = _record({"title": "Lorem ipsum dolor", "label": "Reprise"}, {"result": ["model"]})
    problems = FillerValues().problems(Call.of(record.mockdata["target"][0]), Scene(record, [], None, corpus))
    assert [p.check for p in problems] == [WorldCheck.LOREM]


def test_a_candidate_result_is_validated_as_the_models_with_the_ones_kept_before() -> None:
    from types import SimpleNamespace

    def turn(action: str, result: Any = None) -> SimpleNamespace:
        return SimpleNamespace(action=action, api_response={"result": result} if result is not None else {})

    scenario = SimpleNamespace(turns=[turn("inform"), turn("call", {"a": 1}), turn("call", "text"),
                                      turn("call", [1]), turn("response", {"a": 1})])
    assert _written(scenario, {}, 0, 3) == {"result": ["template", "model"]}  # call turns with a record or list
    assert _written(scenario, {(0, 1): "model"}, 0, 3) == {"result": ["model", "model"]}
