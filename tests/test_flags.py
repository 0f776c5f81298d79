"""A yes/no input said as a person says it (``tooldial.dialogue.flags``): "Don't use logo, please.", not "The use
logo is false."; the label validator reads it as said."""

from __future__ import annotations

import random

import pytest

from tooldial.dialogue.flags import flag_phrase, flag_shape, flag_value, said_flag
from tooldial.dialogue.intents.bank import CLEAR_ADD_FLAG_TEMPLATES, CLEAR_ADD_TEMPLATES
from tooldial.dialogue.render_template import Protect, TemplateRenderer


@pytest.mark.parametrize(("label", "shape", "on", "off"), [
    ("use logo", "verb", "use logo", "don't use logo"),
    ("include images", "verb", "include images", "don't include images"),
    ("with watermark", "with", "with watermark", "without watermark"),
    ("has photos", "with", "with photos", "without photos"),
    ("is active", "state", "it's active", "it's not active"),
    ("base64 encoded", "state", "it's base64 encoded", "it's not base64 encoded"),
    ("remote", "state", "it's remote", "it's not remote"),
    ("child seat", "with", "with child seat", "without child seat"),
    ("sandbox", "with", "with sandbox", "without sandbox"),
    ("speed", "with", "with speed", "without speed"),  # "-ed" without a participle
    ("debug", "verb", "debug", "don't debug"),  # a word English has only as a verb
    ("breakfast", "with", "with breakfast", "without breakfast"),  # a noun first
    ("autocorrect", "switch", "autocorrect on", "autocorrect off"),  # a word the lexicon lacks
])
def test_flag_phrases(label: str, shape: str, on: str, off: str) -> None:
    assert flag_shape(label)[0] == shape
    assert (flag_phrase(label, True), flag_phrase(label, False)) == (on, off)


def test_flag_values():
    assert flag_value("true") is True and flag_value(" False ") is False and flag_value(False) is False
    assert flag_value("yes") is None and flag_value("1") is None and flag_value("") is None


def test_said_flag_tells_the_values_apart():
    """ "don't use logo" holds "use logo": it says false, not true; a statement form counts too."""
    assert said_flag("use logo", False, "Please don't use logo.")
    assert not said_flag("use logo", True, "Please don't use logo.")
    assert said_flag("use logo", True, "Use logo, please.")
    assert said_flag("use logo", False, "I can tell you that I don't want to use logo.")
    assert said_flag("autocorrect", False, "Autocorrect off.") and not said_flag("autocorrect", True, "Autocorrect off.")
    assert not said_flag("use logo", False, "The use logo is false.")


def test_the_renderer_says_a_flag_in_words_among_other_values():
    renderer, p = TemplateRenderer(), Protect()
    for seed in range(30):
        rng = random.Random(seed)
        text = p.restore(renderer._values({"city": "Lisbon", "use logo": "false"}, rng, p, single=False,
                                          brief=seed % 2 == 0))
        assert "false" not in text.lower() and said_flag("use logo", False, text), text
        alone = p.restore(renderer._values({"autocorrect": "true"}, rng, p, single=True))
        assert alone.startswith("Autocorrect on") and said_flag("autocorrect", True, alone), alone


def test_clear_add_flag_bank_reads_like_the_other():
    """The clear_add bank's choice reads five frames; each frame holds the phrase and no bare value."""
    assert len(CLEAR_ADD_FLAG_TEMPLATES) == len(CLEAR_ADD_TEMPLATES)
    assert all(("{flag}" in t or "{Flag}" in t) and "{value}" not in t for t in CLEAR_ADD_FLAG_TEMPLATES)
