"""What a message calls a parameter whose name glues two words (``slot_words.unglued``, read by ``slot_label``):
"The outputsize is 30" says the code; "The output size is 30" says what a person says. The names are the shapes
real API docs give their inputs."""

from __future__ import annotations

import pytest

from tooldial.corpus.models import Api, Parameter
from tooldial.dialogue.scenario_writer import label
from tooldial.dialogue.slot_words import agreeing, slot_label, unglued


@pytest.mark.parametrize(("word", "said"), [
    ("outputsize", "output size"),
    ("zipcode", "zip code"),
    ("languagecode", "language code"),
    ("userid", "user id"),  # a noun and its id, not "use rid"
    ("userip", "user ip"),
    ("sessionid", "session id"),
])
def test_a_glued_name_is_said_as_its_words(word: str, said: str) -> None:
    assert unglued(word) == said


@pytest.mark.parametrize("word", [
    "webhook",  # written as one word (english.closed_compounds)
    "nombre",  # another language's word
    "fromat",  # a typo: "fro" is no common word
    "metode",  # two pieces of three letters: another language's word ("met ode")
    "subrequest",  # a prefix is no word of its own
    "danceability",  # a derivation's ending
    "password",  # a word the lists know
    "limit",  # too short to be two words
    "Outputsize",  # not a lower-case code name
])
def test_what_is_no_glued_pair_stays(word: str) -> None:
    assert unglued(word) == word


def test_the_label_of_a_glued_parameter_says_its_words() -> None:
    assert slot_label("outputsize", "outputsize") == "output size"
    api = Api(category="Finance", tool="Prices", name="Quote", description="", required_parameters=(
        Parameter(name="outputsize", type="NUMBER"),))
    assert label("outputsize", api) == "output size"


@pytest.mark.parametrize(("frame", "label", "said"), [
    ("The {k} is {v}.", "search terms", "The {k} are {v}."),
    ("The {k} I have is {v}.", "servings", "The {k} I have are {v}."),
    ("I didn't know the {k} was {v}.", "videos", "I didn't know the {k} were {v}."),
    ("The {k} is {v}.", "city", "The {k} is {v}."),  # singular
    ("The {k} is {v}.", "news", "The {k} is {v}."),  # a word in -s that is no plural
    ("The {k} is {v}.", "address", "The {k} is {v}."),
])
def test_a_frames_verb_agrees_with_a_plural_label(frame: str, label: str, said: str) -> None:
    assert agreeing(frame, label) == said


def test_only_the_verb_after_the_named_placeholder_agrees() -> None:
    frame = "So the {k} is {v} and the {k2} is {v2}."
    assert agreeing(frame, "tags", "k2") == "So the {k} is {v} and the {k2} are {v2}."
    assert agreeing(frame, "tags") == "So the {k} are {v} and the {k2} is {v2}."


def test_every_clear_add_frame_that_says_is_agrees_with_a_plural_label() -> None:
    """The opening request's added value ("… The guests are 4.", intents.bank) reads these frames."""
    from tooldial.dialogue.intents.bank import CLEAR_ADD_TEMPLATES

    said = [agreeing(t, "guests", "label").format(base="Find rooms.", base_np="Find rooms", label="guests", value="4")
            for t in CLEAR_ADD_TEMPLATES]
    assert not any(" guests is " in s or " guests I have in mind is " in s for s in said), said
    assert any(" guests are 4" in s for s in said)


@pytest.mark.parametrize(("name", "said"), [
    ("num_tlds", "number of tlds"),  # "number of" before other words
    ("page_num", "page number"),  # "number" last
    ("num_in", "number in"),  # and before a function word
    ("max_results", "maximum results"),
    ("sqft_max", "maximum sqft"),  # a modifier that ends the name goes first
    ("lang", "language"),
    ("desc", "desc"),  # a sort order as often as a description: not spelled out
])
def test_an_inputs_abbreviations_are_spelled_out(name: str, said: str) -> None:
    assert slot_label(name, name.replace("_", " ")) == said
