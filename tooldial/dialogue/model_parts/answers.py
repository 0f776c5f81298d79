"""The ``answer`` role: the model picks which fields of the final result the answer tells the user.

The rules (:func:`tooldial.dialogue.answer_fields.answer_fields`) decide which fields *may* be told — readable
kinds, no id the documentation does not ask for, no link unless asked, nothing the user said, nothing longer than
80 characters — and rank them by the words a field shares with the API's name and description. That ranking is
where the template path goes wrong ("for China, the currency name is Yuan Renminbi and the latitude is 31.6461" for
a city's details; "1,994,578 likes" for "get all tweets"). Choosing what answers a request is a reader's judgement,
so the model makes it, among the rules' eligible fields only: it sees the user's goal, the API, and the fields as a
numbered list (label: value), and answers the numbers of at most :data:`MAX_TOLD`. Its pick is kept when it is a
list of numbers of that list (a number outside it, none, or a repeat is a problem), and the dialogue rendered by
the template then raises no validator problem it did not have; otherwise the rules' fields stay.

Not sent (the template's fields kept, counted in ``skipped``): a result with fewer than two eligible fields (nothing
to choose), and a result whose API description enumerates the fields to report (the rules tell all of them).
"""

from __future__ import annotations

import re
from typing import Any

from tooldial.corpus.models import Api
from tooldial.dialogue.answer_fields import answer_fields
from tooldial.dialogue.mockdata import as_text
from tooldial.dialogue.world_checks import asked_field, enumerated_words

ANSWER_PROMPT = """\
An assistant called an API for a user and must tell the user the result. Pick the fields that answer what the \
user asked, the name of what was found first. Example: the user wants to "get the weather of a city"; fields: \
1. latitude: 48.85, 2. city name: Paris, 3. temperature: 18, 4. timezone: Europe/Paris. Answer: [2, 3]

The user wants to {goal}.
API {name}: {description}
Fields:
{fields}
Answer with a JSON list of 1 to {most} field numbers, most important first."""

#: Fields the answer tells at most (the rules' own limit).
MAX_TOLD = 3

#: Eligible fields shown to the model at most (the rules' first ones): a short prompt for a small model.
MAX_CHOICES = 10

#: Characters of a value shown in the list (values are at most 80 characters once eligible).
VALUE_CHARS = 60

#: Tokens an answer needs: ``[3, 1, 5]`` and a little slack.
ANSWER_TOKENS = 16

_NUMBERS = re.compile(r"\[([\d\s,]*)\]|^\s*(\d+(?:\s*,\s*\d+)*)\s*\.?\s*$")


def answer_choices(api: Api, result: Any, known: list[str]) -> list[tuple[str, str, str]]:
    """The fields the rules allow the answer to tell, in the rules' order: (path ``a|b``, label, value)."""
    return answer_fields(api, result, limit=MAX_CHOICES, known=known)[:MAX_CHOICES]


def why_not_sent(api: Api, template_fields: list[str], choices: list[tuple[str, str, str]]) -> str:
    """Why the answer is not asked of the model (``""`` when it is): nothing to choose, or fields the
    documentation enumerates (all of them are told)."""
    if len(choices) < 2:
        return "fewer than two fields to choose from"
    enumerated = enumerated_words(api.description)
    if enumerated and any(asked_field(f.split("|")[-1], enumerated) for f in template_fields):
        return "the description names the fields to report"
    return ""


def answer_prompt(api: Api, goal: str, choices: list[tuple[str, str, str]]) -> list[dict[str, str]]:
    """The one-message chat of an answer request (short: a 1.5B model reads it on CPU)."""
    description = " ".join((api.description or api.name).split())[:200]
    fields = "\n".join(f"{n}. {label}: {as_text(value)[:VALUE_CHARS]}"
                       for n, (_, label, value) in enumerate(choices, 1))
    text = ANSWER_PROMPT.format(goal=goal.rstrip(". ") or api.name, name=api.name, description=description,
                                fields=fields, most=MAX_TOLD)
    return [{"role": "user", "content": text}]


def picked_fields(text: str, choices: list[tuple[str, str, str]]) -> tuple[list[tuple[str, str, str]], list[str]]:
    """(the chosen fields, problems) of a model's answer to :func:`answer_prompt`: a list of field numbers
    (``[2, 1]``; a bare ``2, 1`` is read too), each of the list, none twice, at least one. More than
    :data:`MAX_TOLD` numbers keep the first ones; the fields come shallowest first."""
    m = _NUMBERS.search(text.strip())
    if m is None:
        return [], ["not a list of field numbers"]
    numbers = [int(n) for n in re.findall(r"\d+", m.group(1) if m.group(1) is not None else m.group(2))]
    if not numbers:
        return [], ["no field chosen"]
    if any(not 1 <= n <= len(choices) for n in numbers):
        return [], ["a number that is no field"]
    if len(set(numbers)) < len(numbers):
        return [], ["a field chosen twice"]
    # the found record's own fields before those of its parts (a city's name before its country's): the answer
    # is about the first one it names (``answer_text``'s subject), in the model's order otherwise
    return sorted((choices[n - 1] for n in numbers[:MAX_TOLD]), key=lambda f: f[0].count("|")), []
