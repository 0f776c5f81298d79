"""A yes/no input said as a person says it (:func:`flag_phrase`): "don't use logo", "without scratch",
"without child seat", "it's base64 encoded" — not "The use logo is false." (4% of the dialogues of a fresh ToolBench
sample said one so). The shape of the phrase follows the input's spoken label (:func:`flag_shape`); its words are
the phrase book's (``user.flag_phrases``). :func:`said_flag` tells whether a message says a value so, for the
label validator's provenance check (the value's ``true``/``false`` appears in no message)."""

from __future__ import annotations

from typing import Literal

from tooldial.knowledge.english import is_base_verb, verb_base
from tooldial.knowledge.loader import phrase_banks, word_map
from tooldial.knowledge.loader import words as knowledge_words

_PHRASES = phrase_banks("en", "user")["flag_phrases"]
#: Verbs a label may start with (``include images``, ``remove background``): the pack's base verbs.
_BASE_VERBS = knowledge_words("actions", "base_verbs")

Shape = Literal["verb", "with", "state", "switch"]
#: A label's first word that says its shape ("has photos": with, "is active": state; pack ``english.flag_label_leads``).
_LEADS: dict[str, Shape] = {str(k): v for k, v in word_map("english", "flag_label_leads").items()
                            if v in ("with", "state")}


def flag_value(value: object) -> bool | None:
    """``True``/``False`` for a yes/no value (a bool, or "true"/"false" as the labels write it), else None."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    return {"true": True, "false": False}.get(text)


def flag_shape(label: str) -> tuple[Shape, str]:
    """How a yes/no input named ``label`` is said, and the words the phrase holds: a verb first ("use logo",
    "include images"; one word only when English has it only as a verb: "debug") → ``verb``; "with"/"has" first
    ("has photos" → "photos") or a noun last ("child seat", "sandbox") → ``with``; "is" first, a participle or an
    adjective last ("is active" → "active", "base64 encoded", "remote") → ``state``; anything else → ``switch``
    ("autocorrect", "https"). Word classes are lemminflect's."""
    import lemminflect

    words = label.split()
    if not words:
        return "switch", label
    first, last = words[0].lower(), words[-1].lower()
    if first in _LEADS and len(words) > 1:
        return _LEADS[first], " ".join(words[1:])
    if first in _BASE_VERBS or verb_base(first) == first or (len(words) > 1 and is_base_verb(first)):
        return "verb", label
    classes = lemminflect.getAllLemmas(last)
    if last.endswith("ed") and (not classes or any(lemma != last for lemma in classes.get("VERB", ()))):
        return "state", label  # a participle ("encoded", "immunocompromised"), not a word that ends so ("speed")
    if "NOUN" in classes:
        return "with", label
    if "ADJ" in classes:
        return "state", label
    return "switch", label


def flag_phrase(label: str, value: bool, *, statement: bool = False) -> str:
    """The input said as a request ("don't use logo") or, with ``statement``, as a fact ("I don't want to use
    logo", after "I can tell you that")."""
    shape, words = flag_shape(label)
    key = f"{shape}_{'on' if value else 'off'}{'_said' if statement else ''}"
    return _PHRASES[key][0].format(x=words)


def said_flag(label: str, value: bool, text: str) -> bool:
    """Whether ``text`` says the yes/no input ``label`` has ``value`` in one of its phrases. "don't use logo" says
    false, not true: the other value's phrases are taken out first."""
    low = text.lower()
    own = [flag_phrase(label, value, statement=s).lower() for s in (False, True)]
    for other in (flag_phrase(label, not value, statement=s).lower() for s in (False, True)):
        if not any(other in phrase for phrase in own):  # "use logo" is part of "don't use logo"
            low = low.replace(other, " ")
    return any(phrase in low for phrase in own)
