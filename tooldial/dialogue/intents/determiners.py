"""The article a bare singular object needs (:func:`with_article`): names and telegraphic descriptions say
"verify certificate" or "create order"; a person says "verify the certificate" and "create an order"."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

from tooldial.knowledge.english import indefinite_article, is_countable, singular, word_classes
from tooldial.knowledge.loader import ordered_words
from tooldial.knowledge.loader import words as knowledge_words

#: Verbs whose bare object is a new record ("create an order"), verbs whose object is what is searched.
_NEW_OBJECT_VERBS = knowledge_words("actions", "new_object_verbs")
_QUERY_VERBS = knowledge_words("actions", "query_verbs")
#: Words after a verb that make it a phrasal verb ("look up", "pull up"): the object starts after them.
_PARTICLES = knowledge_words("actions", "phrasal_particles")
#: Words that already determine an object ("all", "my", "the") and first words that make it any one ("random").
_DETERMINERS = knowledge_words("documentation", "object_openers")
_INDEFINITE = knowledge_words("actions", "indefinite_object_words")
#: Prepositions and the like: the pack's words a cut clause must not end with that are no determiner ("for", "of",
#: "with"). Read by the casing and the giving reading too.
PREPOSITIONS = knowledge_words("documentation", "dangling_words") - knowledge_words("documentation", "object_openers")
#: Where a qualifying phrase starts: "for a region", "using GPT", "of a server", "including its logo".
_PHRASE_END = PREPOSITIONS | {w for w in ordered_words("documentation", "qualifier_starts")
                              + ordered_words("documentation", "detail_starts") if " " not in w}
#: Words that join two phrases: an object joined to another is no plain noun phrase ("list agencies or search").
_COORDINATORS = knowledge_words("english", "coordinators")
#: Pronouns, which lemminflect's lexicon lists as nouns: "currencies we support" is a clause.
_PRONOUNS = knowledge_words("english", "personal_pronouns")
#: Words that open a clause, not a noun phrase ("find out what guests say", "check whether it is open").
_CLAUSE_OPENERS = knowledge_words("documentation", "question_words") | knowledge_words("documentation",
                                                                                     "relative_words")
#: Function words: an "a" before one is a letter, not an article.
_FUNCTION_WORDS = knowledge_words("documentation", "dangling_words") | _COORDINATORS
#: The longest bare object read: a head noun with two words before it ("user bank account").
_MAX_OBJECT = 3


def _object(tokens: Sequence[str], start: int) -> list[str]:
    """The words of the object from ``start`` up to where a qualifying phrase starts, or [] when it is no plain
    noun phrase (a name in capitals, a number, a coordination, punctuation)."""
    out: list[str] = []
    for token in tokens[start:]:
        if token in _COORDINATORS or token in _CLAUSE_OPENERS or token in _PRONOUNS:
            return []
        if token in _PHRASE_END:
            break
        if not re.fullmatch(r"[a-z]+(?:-[a-z]+)?", token):
            return []
        out.append(token)
    return out if len(out) <= _MAX_OBJECT else []


def with_article(tokens: list[str]) -> list[str]:
    """``tokens`` (a verb phrase) with an article before a bare singular count noun object: "a"/"an" after a verb
    that makes or sends a record (``actions.new_object_verbs``) or before a word that makes it any one ("a random
    quote"), else "the". Left as they are: an object already determined ("all", "my"), plural, uncountable
    ("information") or a gerund, one with a name or a number in it, a verb of searching ("search location"),
    an object longer than three words, and one whose words lemminflect does not know as a noun (the head) or as a
    noun or adjective (the words before it)."""
    if len(tokens) < 2 or tokens[0].lower() in _QUERY_VERBS:
        return tokens
    start = 2 if tokens[1].lower() in _PARTICLES else 1
    words = _object(tokens, start)
    if not words or words[0] in _DETERMINERS:
        return tokens
    head = words[-1]
    if ("NOUN" not in word_classes(head) or head.endswith("ing") or head in _PARTICLES or singular(head) != head
            or not is_countable(head)):
        return tokens
    if any(not {"NOUN", "ADJ"} & word_classes(w) for w in words[:-1]):
        return tokens  # "timelines advanced": no noun phrase
    new = tokens[0].lower() in _NEW_OBJECT_VERBS or words[0] in _INDEFINITE
    return [*tokens[:start], indefinite_article(words[0]) if new else "the", *tokens[start:]]


def agreeing_articles(tokens: list[str]) -> list[str]:
    """``tokens`` with an "a"/"an" the documentation got wrong said right ("create an calendar" → "a calendar",
    "a image" → "an image"), by :func:`~tooldial.knowledge.english.indefinite_article` where its letters decide:
    only before a lower-case word, and not before one starting with "h", "o" or "u", which are said either way
    ("an hour", "a one-time code", "a user"), nor one whose first letters hold no vowel (an abbreviation: "an stl
    file"), nor an "a" before a function word (a letter: "a rectangle a and a set")."""
    out = list(tokens)
    for i, (token, word) in enumerate(pairwise(tokens)):
        if (token not in ("a", "an") or not re.fullmatch(r"[a-z][a-z-]*", word) or word[0] in "hou"
                or not re.search(r"[aeiouy]", word[:4]) or word in _FUNCTION_WORDS):
            continue  # "an stl file" is said letter by letter; "a rectangle A and" names a letter
        out[i] = indefinite_article(word)
    return out
