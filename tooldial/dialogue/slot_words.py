"""Words for slots and values that people say: what a message calls a parameter spelled as code, and which
multi-word values are headline titles rather than filler.

- :func:`slot_label`: a parameter name of one or two letters (``q``, ``s``, ``n``) is never said as is ("The q?
  le guin earthsea"): it is called by its own documentation where that is a short noun phrase ("season id": the
  same letter means different things in different APIs), else by its common meaning from
  ``tooldial/data/short_slot_names.json`` (knowledge as data), else by the plain words of the name
  (``stationId`` → ``station id``), a glued one split (``outputsize`` → ``output size``, :func:`unglued`) and its
  abbreviations spelled out (``num_tlds`` → ``number of tlds``, :func:`spelled_out`).
- :func:`agreeing`: a frame's verb after a plural label agrees with it ("the search terms are …").
- :func:`own_or_the`: "my {k} is …" only of a value the user calls their own (an email, a city), else "the {k} is …"
  ("the months is 3", never "my months is 3").
- :func:`is_headline`: a title written in headline style — capitalised words with the small connecting words
  inside it in lower case ("A Short History of Space Travel") — is a real title. Faker's lorem text never has
  that shape: its words are all lower case, or only the first is capitalised, and a ``.title()`` of them
  capitalises the small words too ("Civil Of Minute").
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources

from tooldial.knowledge import loader
from tooldial.knowledge.english import is_countable, singular
from tooldial.knowledge.taxonomy import FieldName, field_kind

#: Words a headline keeps in lower case inside it (articles, conjunctions, short prepositions).
SMALL_WORDS = loader.words("english", "headline_small_words")
#: Two-letter (or shorter) names that are English words a message may hold (``to``, ``id``).
SHORT_WORDS = loader.words("english", "short_words")


#: Input kinds whose value a user calls their own ("my email"): ``field_kinds.own_values``.
OWN_VALUE_KINDS = loader.words("field_kinds", "own_values")


def own_or_the(frame: str, slot: str, placeholder: str = "k") -> str:
    """``frame`` for a value of ``slot`` (named ``{placeholder}`` in it): "my {k}" only of the user's own values
    (kinds :data:`OWN_VALUE_KINDS`), else "the {k}". The frame is rewritten, not drawn again, so a caller's random
    stream stays the same."""
    mine = f"my {{{placeholder}}}"
    if mine not in frame.lower() or field_kind(FieldName(slot)) in OWN_VALUE_KINDS:
        return frame
    return frame.replace(f"My {{{placeholder}}}", f"The {{{placeholder}}}").replace(mine, f"the {{{placeholder}}}")


@lru_cache(maxsize=1)
def short_slot_names() -> dict[str, str]:
    """``{"q": "search terms", ...}`` from the package data."""
    path = resources.files("tooldial") / "data" / "short_slot_names.json"
    return {k.lower(): v for k, v in json.loads(path.read_text(encoding="utf-8")).items()}


#: A frame's verb after a label, with the words a frame may put between them ("The {k} I have is {v}").
_LABEL_VERB = r"(\{%s\}(?: I have(?: in mind)?)?) (is|was)\b"
_PLURAL_VERBS = {"is": "are", "was": "were"}


def agreeing(frame: str, label: str, placeholder: str = "k") -> str:
    """``frame`` with its verb after ``{placeholder}`` agreeing with ``label``: "The {k} are {v}" for a plural label
    ("search terms", "coordinates"; its last word's singular differs and it is countable), else as it is. The frame
    is rewritten, not drawn again, so a caller's random stream stays the same."""
    head = label.rpartition(" ")[2].lower()
    if not head.isalpha() or singular(head) == head or not is_countable(head):
        return frame
    return re.sub(_LABEL_VERB % placeholder, lambda m: f"{m[1]} {_PLURAL_VERBS[m[2]]}", frame)


#: Glued words a label splits: both parts at least this common (wordninja's cost: "bypass" 12.2 is; "fro" of the
#: typo "fromat" 13.2 is not).
_COMMON_COST = 12.5
_CLOSED_COMPOUNDS = loader.words("english", "closed_compounds")
_GLUED_PREFIXES = loader.words("english", "glued_prefixes")
_GLUED_SUFFIXES = loader.words("english", "glued_suffixes")
#: Longest first: "ids" before "id".
_GLUED_TAILS = sorted(loader.words("english", "glued_tails"), key=len, reverse=True)


@lru_cache(maxsize=8192)
def unglued(word: str) -> str:
    """A lower-case word that glues two English words, as two ("outputsize" → "output size", "zipcode" → "zip
    code", "userid" → "user id"): a word neither word list knows (wordninja's, lemminflect's) nor
    ``english.closed_compounds`` names ("webhook") that splits in exactly one way into a common word and a common
    noun (not two pieces of three letters, nor a prefix or a derivation's ending: ``english.glued_prefixes``,
    ``glued_suffixes``), or a noun and a short tail (``english.glued_tails``: "id", "ip"). Anything else stays: a
    foreign word ("nombre", "metode"), a typo ("fromat"), a brand glued from two words is not told apart."""
    import lemminflect

    from tooldial.dialogue.intents.text import _word_costs

    costs = _word_costs()
    if len(word) < 6 or not word.isalpha() or not word.islower() or word in costs or word in _CLOSED_COMPOUNDS \
            or lemminflect.getAllLemmas(word):
        return word
    tail = next((t for t in _GLUED_TAILS if word.endswith(t)), "")
    if tail and len(word) - len(tail) >= 3 and "NOUN" in lemminflect.getAllLemmas(word[:-len(tail)]):
        return f"{word[:-len(tail)]} {tail}"  # "userid", "userip"
    splits = [(word[:i], word[i:]) for i in range(3, len(word) - 2)
              if costs.get(word[:i], 99) < _COMMON_COST and costs.get(word[i:], 99) < _COMMON_COST
              and lemminflect.getAllLemmas(word[:i]) and "NOUN" in lemminflect.getAllLemmas(word[i:])
              and max(i, len(word) - i) > 3]  # "met ode" of "metode": two short pieces are a foreign word
    if len(splits) != 1 or splits[0][0] in _GLUED_PREFIXES or splits[0][1] in _GLUED_SUFFIXES:
        return word  # "subrequest", "danceability": one word
    return " ".join(splits[0])


_INPUT_ABBREVIATIONS = {str(k): str(v) for k, v in loader.word_map("labels", "input_abbreviations").items()}
_MODIFIERS = loader.words("labels", "input_modifier_abbreviations")
#: Words after which "number of" is no phrase ("num in"): the pack's dangling words (prepositions, articles).
_FUNCTION_WORDS = loader.words("documentation", "dangling_words")


def spelled_out(words: list[str]) -> list[str]:
    """An input name's abbreviations as a person says them (``labels.input_abbreviations``): "num tlds" → "number
    of tlds", "page num" → "page number", "max results" → "maximum results", "lang" → "language"; a modifier that
    ends the name goes first ("sqft max" → "maximum sqft", ``labels.input_modifier_abbreviations``)."""
    if len(words) > 1 and words[-1].lower() in _MODIFIERS:
        words = [words[-1], *words[:-1]]  # "sqft max" → "maximum sqft"
    out: list[str] = []
    for i, word in enumerate(words):
        said = _INPUT_ABBREVIATIONS.get(word.lower())
        last = i == len(words) - 1 or words[i + 1].lower() in _FUNCTION_WORDS  # "num in": "number in"
        out.append(word if said is None else said.removesuffix(" of") if last else said)
    return out


def slot_label(name: str, plain: str, documented: str = "") -> str:
    """How a message calls the parameter ``name`` whose plain words are ``plain``: a name of one or two letters by
    its own documentation where that is a short noun phrase ("Strike Price" for ``k``, "season id" for ``s``: the
    same letter means different things in different APIs), else by the table's common meaning, else as is."""
    if len(name) <= 2:
        if name.lower() in SHORT_WORDS:  # "to", "id": a word people say
            return short_slot_names().get(name.lower(), plain)
        return _noun_phrase(documented, name) or short_slot_names().get(name.lower(), plain)
    # "outputsize": "the output size is 30"; "num_tlds": "the number of tlds"
    plain = " ".join(spelled_out(" ".join(unglued(w) for w in plain.split()).split()))
    return plain[4:] if plain.startswith("the ") and len(plain) > 4 else plain  # ``theFile``: not "the the file"


#: A parameter description that is a name for it: one to three words of letters ("Strike Price", "IP Address");
#: a longer one is a sentence more often than a name ("The Google query goes here").
_NOUN_PHRASE = re.compile(r"[A-Za-z]+(?: [A-Za-z]+){0,2}")


def _noun_phrase(documented: str, name: str) -> str:
    """``documented`` as a slot label (lower case, acronyms kept: "IP address"; a leading article dropped), or ""
    when it is a sentence, a code, or holds the name itself."""
    said = " ".join(documented.split()).rstrip(".").split()
    if said and said[0].lower() in SMALL_WORDS:  # "The language code"
        said = said[1:]
    if not said or not _NOUN_PHRASE.fullmatch(" ".join(said)) or name.lower() in {w.lower() for w in said}:
        return ""  # "user u" would say the code anyway
    return " ".join(w if w.isupper() and len(w) > 1 else w.lower() for w in said)


def is_headline(value: str) -> bool:
    """Whether ``value`` is a title in headline style (see the module docstring)."""
    words = value.split()
    if len(words) < 3 or not words[0][:1].isupper():
        return False
    inner = words[1:]
    small = [w for w in inner if w.lower() in SMALL_WORDS]
    if not small or any(not w.islower() for w in small):
        return False
    return all(w[:1].isupper() for w in inner if w.lower() not in SMALL_WORDS and w[:1].isalpha())
