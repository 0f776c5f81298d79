"""What a goal is about, as a noun phrase a vague user could name (:func:`goal_topic`): "Anything on similar
songs?" is a user's vague request; "Anything on shazam songs list similarities?" is the API's name read aloud."""

from __future__ import annotations

import re

from tooldial.corpus.models import Api
from tooldial.dialogue.intents.clauses import name_clause
from tooldial.dialogue.intents.goals import (
    _DANGLING,
    _PHRASAL_PARTICLES,
    _PHRASE_START,
    goal_clause,
)
from tooldial.dialogue.intents.text import _word_costs, glued_words
from tooldial.knowledge.english import is_noun
from tooldial.knowledge.loader import words as knowledge_words

#: Words that open a goal's noun phrase without naming its topic ("all the", "a single").
_DETERMINERS = knowledge_words("documentation", "topic_determiners")

#: Words that end a goal's noun phrase besides the dangling ones ("near", "how", "most").
_BREAKS = knowledge_words("documentation", "topic_breaks")
#: Nouns that name no topic on their own ("list", "details").
_EMPTY = knowledge_words("documentation", "empty_topic_nouns")
#: Words at a noun phrase's end that name no topic ("games available", "user object").
_TAILS = knowledge_words("documentation", "topic_tail_words")

#: The most words a vague topic has ("fuel economy information"; a longer one is the clear request).
MAX_TOPIC_WORDS = 4


def goal_topic(api: Api) -> str | None:
    """The noun phrase the goal clause acts on, without its verb, determiners and qualifying phrases: "look up
    fuel economy information from the official U.S." → "fuel economy information", "get a variable and its
    details" → "variable". None when there is no readable one: a clause read from a name that is no verb phrase
    ("get the zatec from Zatec"), a word no English speaker says (``inplaying``, ``tolatlng``, ``snake_case``)
    or only an empty noun ("list"); a last word that names no topic goes ("games available" → "games"). A longer phrase keeps its last :data:`MAX_TOPIC_WORDS` words."""
    clause = goal_clause(api)
    if reads_the_name(api, clause):
        return None
    said = _PHRASE_START.split(clause, maxsplit=1)[0].split(",")[0].split()
    rest = said[1:]  # the clause starts with its verb ("get" is put before a noun phrase)
    while rest and rest[0].lower() in _PHRASAL_PARTICLES:
        rest = rest[1:]
    out: list[str] = []
    for word in rest:
        low = word.lower()
        if (low in _DANGLING and (out or low not in _DETERMINERS)) or low in _PHRASAL_PARTICLES \
                or low in _BREAKS or (out and re.fullmatch(r"[a-z]{3,}(ed|ing)", low)):
            break  # "of", "and", "to", a determiner after a noun ("groups a user"), a particle, "near", a
            # participle after the noun ("matches played by a gamer"): the phrase ends
        if out or low not in _DETERMINERS:
            out.append(word)
    while out and (out[-1].lower() in _DANGLING or len(out) > 1 and out[-1].lower() in _TAILS
                   and is_noun(out[-2]) and not out[-2].isupper()):  # not "JSON object": no noun before
        out.pop()
    if len(out) == 1 and out[0].lower() in _TAILS:
        return None  # "Anything on objects?"
    out = out[-MAX_TOPIC_WORDS:]  # the head noun and its nearest modifiers ("featured internet radio station")
    if not 1 <= len(out) <= MAX_TOPIC_WORDS or not all(_plain_word(w) for w in out) \
            or all(w.lower() in _EMPTY for w in out):
        return None
    return " ".join(out)


def reads_the_name(api: Api, clause: str) -> bool:
    """Whether the goal clause is the API's name read as a noun ("get the zatec from Zatec", "use the Zatec
    service"): what it is about is not known, and only the whole clause (with the tool) says which API is meant."""
    return clause == name_clause(api) and (clause.endswith(f" from {api.tool}") or
                                           clause == f"use the {api.tool} service")


def _plain_word(word: str) -> bool:
    """A word a person says: an English word (its possessive and plural too, or two English words of three
    letters or more run together: "cryptocurrencies"), or a capitalised name (Spotify, EXIF); not a glued name
    ("tolatlng", "inplaying": a piece under three letters)."""
    if not re.fullmatch(r"[A-Za-z][A-Za-z'’-]*", word):
        return False
    if re.fullmatch(r"[A-Z][a-z'’-]+|[A-Z]{2,}s?", word):
        return True
    if re.search(r"[a-z][A-Z]", word):
        return False
    return all(_english(part) for part in re.sub(r"['’]s?$", "", word.lower()).split("-") if part)


def _english(word: str) -> bool:
    costs = _word_costs()
    return word in costs or re.sub(r"(?<=[^s])s$|es$", "", word) in costs or glued_words(word) is not None
