"""English word forms, read from the knowledge packs: :func:`singular` puts a plural noun in the singular, by the
plain rules and the exceptions of the ``plurals`` pack (one function for every stage); :func:`plural` is its
inverse on the same pack, so ``singular(plural(w)) == w`` for every countable noun."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from tooldial.knowledge import loader

_IE_PLURALS = loader.words("plurals", "ie_plurals")
_NOT_PLURALS = loader.words("plurals", "not_plurals")
_SHORT_PLURALS = loader.words("plurals", "short_plurals")
_ES_ENDINGS = loader.ordered_words("plurals", "es_plural_endings")
_SINGULAR_ENDINGS = loader.ordered_words("plurals", "singular_endings")
_UNCOUNTABLE = loader.words("plurals", "uncountable")


@lru_cache(maxsize=16384)
def singular(noun: str) -> str:
    """``noun`` in the singular (``categories`` → ``category``, ``matches`` → ``match``, ``movies`` → ``movie``,
    ``ids`` → ``id``); of a phrase, its last word (``line items`` → ``line item``). A word that is no plural
    (``status``, ``news``, ``series``, ``analysis``, ``gas``) comes back as it is."""
    head, space, word = noun.rpartition(" ")
    if word in _SHORT_PLURALS or word in _IE_PLURALS:
        return head + space + word[:-1]
    if len(word) <= 3 or word in _NOT_PLURALS:
        return noun
    if len(word) > 4 and word.endswith("ies"):
        return head + space + word[:-3] + "y"
    if len(word) > 4 and word.endswith(_ES_ENDINGS):
        return head + space + word[:-2]
    if word.endswith("s") and not word.endswith(_SINGULAR_ENDINGS):
        return head + space + word[:-1]
    return noun


def is_countable(noun: str) -> bool:
    """Whether a noun phrase's last word has a plural (``team name`` yes; ``weather``, ``data`` no)."""
    word = noun.rpartition(" ")[2].lower()
    return bool(word) and word not in _UNCOUNTABLE and word not in _NOT_PLURALS


@lru_cache(maxsize=16384)
def plural(noun: str) -> str:
    """``noun`` in the plural (``team name`` → ``team names``, ``category`` → ``categories``, ``match`` →
    ``matches``, ``id`` → ``ids``, ``movie`` → ``movies``); of a phrase, its last word. A plural already, or a word
    with no plural (``weather``, ``status``: :func:`is_countable`), comes back as it is."""
    head, space, word = noun.rpartition(" ")
    if not word or not is_countable(noun) or singular(word) != word:
        return noun
    low = word.lower()
    if low + "s" in _SHORT_PLURALS or low + "s" in _IE_PLURALS:
        return head + space + word + "s"
    if len(low) > 2 and low.endswith("y") and low[-2] not in "aeiou":
        return head + space + word[:-1] + "ies"
    if any((low + "es").endswith(e) for e in _ES_ENDINGS):
        return head + space + word + "es"
    if low.endswith(_SINGULAR_ENDINGS):  # "address" -> "addresses" ("sses" is an -es ending); "bus" stays
        return noun
    return head + space + word + "s"


def indefinite_article(word: str) -> str:
    """"a" or "an" before ``word``, by how it starts being said: "a user", "a unit", "a URL" (a "u" before a
    consonant and a vowel, or a word of ``english.consonant_sound_starts``), "an update", "an unread message";
    no phonetics beyond that ("an hour" is not told from "a house")."""
    low = word.lower()
    first = re.split(r"[^a-z0-9]", low, maxsplit=1)[0]
    if first in _CONSONANT_SOUNDS or re.match(r"u[bcdfgjklmpqstvxz][aeiouy]", low):
        return "a"
    if re.match(r"uni(?!n)", low):  # "a union", "a unique id"; "an uninstall" starts "un-"
        return "a"
    return "an" if low[:1] in "aeiou" else "a"


_CONSONANT_SOUNDS = loader.words("english", "consonant_sound_starts")
_FIRST_PERSON = {str(k): str(v) for k, v in loader.word_map("english", "first_person").items()}
_OBJECT_YOU_BEFORE = loader.words("english", "object_you_before")
_YOU_KEPT_AFTER = loader.words("english", "you_kept_after")
_YOU = re.compile(r"(?:\b([\w']+)\s+)?\b(" + "|".join(sorted(map(re.escape, _FIRST_PERSON), key=len, reverse=True))
                  + r"|you)\b(?:\s+(are)\b)?", re.IGNORECASE)


def addresses_reader(text: str) -> bool:
    """Whether a text speaks to its reader: "you" or a word of ``english.first_person`` ("your apps", "you'll")."""
    return any(m.group(2) for m in _YOU.finditer(text))


def first_person(clause: str) -> str:
    """A clause of the documentation, addressed to its reader, as that reader says it about themselves ("list all
    the images you have uploaded to your storage" → "list all the images I have uploaded to my storage"): the
    user is the documentation's "you". "you" after a word of ``english.object_you_before`` is "me" ("allows you
    to" → "allows me to"), anywhere else "I" ("you are" → "I am")."""

    def said(match: re.Match[str]) -> str:
        before, word, are = match.group(1), match.group(2), match.group(3)
        head = match.group(0)[:match.start(2) - match.start(0)]
        tail = match.group(0)[match.end(2) - match.start(0):]
        if word.lower() in _FIRST_PERSON:
            return head + _FIRST_PERSON[word.lower()] + tail
        if before is not None and before.lower() in _YOU_KEPT_AFTER:
            return match.group(0)
        if before is not None and before.lower() in _OBJECT_YOU_BEFORE:
            return head + "me" + tail
        return head + "I" + (tail.replace(are, "am", 1) if are else tail)

    return _YOU.sub(said, clause)


@lru_cache(maxsize=1)
def _stemmer() -> Any:
    """Snowball's English stemmer (pure Python, no data to download), built on first use."""
    import snowballstemmer

    return snowballstemmer.stemmer("english")


@lru_cache(maxsize=32768)
def stem(word: str) -> str:
    """The Snowball (Porter 2) stem of a word, lower case: ``valid``, ``validate``, ``validation`` and ``validator``
    share ``valid``; ``deliverable`` and ``deliverability`` share ``deliver``. It tells words that ask about the
    same thing in other forms, not a word's meaning."""
    return str(_stemmer().stemWord(word.lower()))


@lru_cache(maxsize=16384)
def verb_base(word: str) -> str | None:
    """The base form of a word English uses only as a verb, written in its base or third-person form
    (``restore``, ``performs`` → ``perform``), else None: a word that is also a noun or an adjective (``search``,
    ``image``, ``open``) and the participles (``estimated``, ``trending``), which describe nouns as often as
    they act, are no verb by their form alone. The lexicon is lemminflect's (it ships in the wheel)."""
    low = word.lower()
    if not re.fullmatch(r"[a-z]{3,}", low) or low.endswith(("ed", "ing")):
        return None
    lemmas = _lemmas(low)
    if set(lemmas) != {"VERB"}:
        return None
    base = lemmas["VERB"][0]
    return base if low in (base, base + "s", base + "es") or low.endswith("ies") and base.endswith("y") else None


@lru_cache(maxsize=32768)
def _lemmas(low: str) -> dict[str, tuple[str, ...]]:
    """lemminflect's lemmas of a lower-case word by word class (it ships in the wheel); read only."""
    import lemminflect

    return lemminflect.getAllLemmas(low)


def word_classes(word: str) -> frozenset[str]:
    """The word classes lemminflect's lexicon gives ``word`` (NOUN, VERB, ADJ, ADV, …; empty for a word it does not
    know: a name, an abbreviation, jargon)."""
    return frozenset(_lemmas(word.lower()))


def irregular_plural(word: str) -> bool:
    """Whether ``word`` is a noun's plural not written with an s (``children``, ``men``, ``criteria``): lemminflect's
    lexicon gives it a noun lemma and none is the word itself."""
    nouns = _lemmas(word.lower()).get("NOUN", ())
    return bool(nouns) and word.lower() not in nouns and not word.lower().endswith("s")


def past_participle(verb: str) -> str:
    """The past participle of a verb in its base form (``verify`` → ``verified``, ``write`` → ``written``), by
    lemminflect's inflection rules; the word itself when it has none."""
    import lemminflect

    forms = lemminflect.getInflection(verb.lower(), tag="VBN")
    return forms[0] if forms else verb


def verb_lemmas(word: str) -> tuple[str, ...]:
    """The verbs ``word`` is a form of in lemminflect's lexicon (``returns`` → ``return``; ``data`` → none)."""
    return tuple(_lemmas(word.lower()).get("VERB", ()))


def is_noun(word: str) -> bool:
    """Whether lemminflect's lexicon knows ``word`` as a noun and no adverb (``links``, ``call``; not ``out`` or
    ``once``), or it is a name or an abbreviation it does not know (``StockTurn``, ``VIN``)."""
    classes = word_classes(word)
    return "NOUN" in classes and "ADV" not in classes or (word[:1].isupper() and not classes)


def past_participle_of(word: str) -> str | None:
    """The verb ``word`` is the past participle of in lemminflect's lexicon, written unlike its base (``written`` →
    write, ``identified`` → identify, ``sent`` → send), else None; a verb of three letters is not read (the lexicon
    has "feed" as the participle of "fee")."""
    import lemminflect

    low = word.lower()
    return next((lemma for lemma in verb_lemmas(low) if low != lemma and len(lemma) > 3
                 and low in lemminflect.getInflection(lemma, tag="VBN")), None)


#: Prefixes that undo or repeat what a verb does ("unarchive", "reindex"), when the lexicon lacks the word.
_VERB_PREFIXES = ("un", "re", "dis")


@lru_cache(maxsize=16384)
def is_base_verb(word: str) -> bool:
    """Whether ``word`` is written as a verb's base form (``capture``, ``grade``, ``unarchive``), a noun too or not:
    ``comments`` and ``details`` are not (a plural or third-person form), nor is ``description``. Where a word
    stands tells whether it acts: the action segment of a REST path (``/courses/{id}/unarchive``)."""
    low = word.lower()
    if not re.fullmatch(r"[a-z]{3,}", low) or low.endswith(("ed", "ing")):
        return False
    if low in verb_lemmas(low):
        return True
    return any(low.startswith(p) and len(low) - len(p) >= 4 and is_base_verb(low[len(p):]) for p in _VERB_PREFIXES)
