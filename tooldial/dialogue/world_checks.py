"""Checks of the world inside a dialogue: the validator kinds ``filler``, ``consistency``, ``groups``, ``answer``,
run as registered rules (:data:`tooldial.registry.WORLD_RULES`, one per file under ``tooldial/rules/dialogue/``,
contract :mod:`tooldial.rules.world_check`) by :func:`check_world`; this module holds the readings they share.

- ``filler``: no value of the mock data is a generated filler token (``willow-5166``, ``Velvet Orbit``) — the
  vocabulary of the old generator, and any ``word-1234`` token whose number is no year (``village-2023`` is a
  film's slug) — nor Faker lorem text standing in for a typed value (``"pb": "mother"``, ``"homeStatusLabel": "Civil Imagine Minute"``, a sentence of lorem words) that
  the documentation does not show (:func:`lorem_filler`);
- ``consistency``: every record (inputs of a call, each object of a result) agrees with itself and the world:
  a start/check-in date before its end/check-out, minimum ≤ maximum temperature, temperatures, ratings and
  percentages in range, clock times that exist, dates that parse, a known city with the country code of its
  country, ``amount × rate = converted``, a currency pair of two currencies; the dates of a result agree with
  the dialogue's time: a series (forecast, schedule, history) in order and inside the start–end range the call
  asked for, "current"/"updated"/"latest" stamps in the world's year (not years stale);
- ``groups``: a call's latitude and longitude come from one origin (both said by the user, or both from one
  API result);
- ``answer``: the final response reports fields of the target's result (``scenario.answer_fields``), and no id
  unless the API's documentation is about ids; a lookup is not answered by an error (a documented 404 or rate
  limit served as its result) or by how the call went alone (``status: success``).
"""

from __future__ import annotations

import re
from enum import StrEnum
from functools import lru_cache
from typing import Any, Protocol

from tooldial.corpus.models import Corpus
from tooldial.dialogue.documented_values import (  # the readings moved; their names stay importable here
    documented_corpus as documented_corpus,
)
from tooldial.dialogue.documented_values import documented_values as documented_values
from tooldial.dialogue.mockdata import (
    OLD_TITLE_WORDS,
    STATUS_KEYS,
    FieldName,
    as_text,
    field_kind,
    leaf_items,
)
from tooldial.dialogue.mockdata.created import created_record
from tooldial.dialogue.record import DialogueRecord
from tooldial.dialogue.result_records import dict_lists as dict_lists
from tooldial.dialogue.result_records import objects as objects
from tooldial.dialogue.result_records import objects_at as objects_at
from tooldial.dialogue.slot_words import is_headline
from tooldial.knowledge import loader
from tooldial.knowledge.english import singular
from tooldial.rules.record import check_record
from tooldial.rules.world_check import Scene, check_dialogue

#: The validator kinds the world rules report under; reports count each problem by its typed check.
WORLD_CHECKS = ("filler", "consistency", "groups", "answer")


class DialogueProblems(Protocol):
    """Where problems go (:class:`tooldial.dialogue.validate.DialogueProblems`): the message and its typed check."""

    def add(self, kind: str, message: str, check: StrEnum | None = None) -> None: ...


def check_world(record: DialogueRecord, turns: list[tuple[str, dict[str, Any]]], walk: Any,
                dp: DialogueProblems, corpus: Corpus | None = None) -> None:
    """Run the registered world rules on one dialogue (``corpus``: what counts as documented for ``filler``)."""
    for kind, problem in check_dialogue(Scene(record, turns, walk, corpus)):
        dp.add(kind, str(problem), problem.check)


_OLD_WORDS = loader.ordered_words("placeholders", "old_generator_words")
FILLER = re.compile(r"^[a-z]+-(?!(?:19|20)\d\d$)\d{4}$|\b(" + "|".join(_OLD_WORDS) + r")-\d{3,5}\b|^(" +
                    "|".join(w.capitalize() for w in _OLD_WORDS) + r") (" +
                    "|".join(w.capitalize() for w in _OLD_WORDS) + r")$")
#: The old generator's titles ("The Frozen Harvest", "The Secret Cathedral"): placeholders whatever they name.
OLD_TITLE = re.compile(r"^The (" + "|".join(OLD_TITLE_WORDS[0]) + r") (" + "|".join(OLD_TITLE_WORDS[1]) + r")$")


@lru_cache(maxsize=1)
def _lorem_words() -> frozenset[str]:
    """Faker's English lorem words, in lower case (the list spells "TV", "Mr", "Congress" and "I" capitalised, and a
    value's words are compared lowercased: "Tv program actually race." is a Faker sentence)."""
    from faker.providers.lorem.en_US import Provider

    return frozenset(w.lower() for w in Provider.word_list)


@lru_cache(maxsize=1)
def _lorem_capitals() -> frozenset[str]:
    """The words Faker's English list itself writes in capitals ("TV", "I"): any other word in capitals ("US Open",
    "NBA Finals") is no Faker draw, which only capitalises a first letter."""
    from faker.providers.lorem.en_US import Provider

    return frozenset(w for w in Provider.word_list if w.isupper())


@lru_cache(maxsize=1)
def _latin_words() -> frozenset[str]:
    """Lorem ipsum's words: Faker's Latin list and the classic passage's ("lorem ipsum dolor sit amet")."""
    from faker.providers.lorem.la import Provider

    return frozenset(Provider.word_list) | loader.words("placeholders", "lorem_ipsum")


#: Plain words that are real values of status-like fields (and Faker lorem words too).
_VALUE_WORDS = loader.words("status", "plain_values")
_WORDS = re.compile(r"[A-Za-z]+")
#: Kinds whose values are plain words or come from Faker's name/company/address providers (not lorem text).
_NAMED_KINDS = loader.words("field_kinds", "named_values")
#: Two words joined by a hyphen: Faker joins its lorem words with its ``word_connector`` (a space) only.
_JOINED = re.compile(r"[A-Za-z]-[A-Za-z]")
#: Field-name words of a field that holds one choice of a set of plain words (its genre, colour, level, status).
_SET_VALUED = loader.words("placeholders", "set_valued_field_words") | loader.words("status", "field_words")


@lru_cache(maxsize=1)
def _faker_jobs() -> frozenset[str]:
    from faker.providers.job.en_US import Provider

    return frozenset(Provider.jobs)


def latin_lorem(words: list[str]) -> bool:
    """Lorem ipsum: two or more words, all of Faker's Latin lorem list, one of them no English lorem word (``sit``,
    ``in`` and ``a`` are both). No API value is written in it, whoever wrote the value."""
    latin, english = _latin_words(), _lorem_words()
    return len(words) > 1 and all(w.lower() in latin for w in words) and any(
        w.lower() not in english for w in words)


def set_valued(key: str) -> bool:
    """The field named ``key`` holds one choice of a set of plain words (``genre``, ``color``, ``weightClass``,
    ``sentiment``): a word or two of ordinary English is its value, not filler."""
    return any(t in _SET_VALUED or singular(t) in _SET_VALUED for t in FieldName(key).tokens)


def lorem_filler(value: Any, key: str = "", documented: frozenset[str] = frozenset(), *,
                 written: bool = False) -> bool:
    """A lorem value standing in for a typed one, that the documentation does not show: Latin lorem ipsum from
    any writer; from a Faker draw (``written`` False: the template path, or a value whose writer is not known)
    also a string of Faker's English lorem words: one lowercase word, or two or more words in any case (not words
    of one or two letters only: codes such as ``be``, ``us``, ``be-BY``; nor words joined by hyphens, which Faker
    never writes: ``evening-star``), that is not a plain value word (``success``, ``open``)
    of a status-like field, a headline, a job, or a value of a field whose name says it holds one choice of a
    set (one or two words: ``"color": "green"``, ``"sentiment": "Very Positive"``).

    Faker's English list is the thousand commonest words ("red", "rock", "strong", "buy", "well"), so a value
    the model wrote (``written``) is not judged by it: Faker drew none of its words, and a model fills a field
    it has no data for with lorem ipsum or a placeholder word (``model_placeholders``), not English word salad."""
    if not isinstance(value, str) or not value.strip() or value in documented or value.lower() in documented:
        return False
    words = _WORDS.findall(value)
    if not words or len("".join(words)) < len(re.sub(r"[\s.,!?'-]", "", value)):  # digits, symbols: not lorem
        return False
    if all(len(w) < 3 for w in words):  # codes: "be", "us", "be-BY"
        return False
    if latin_lorem(words):
        return True
    if _JOINED.search(value):  # "three-inside-up", "right-center": words joined into a slug or compound
        return False
    if any(len(w) > 1 and w.isupper() and w not in _lorem_capitals() for w in words):  # "US Open": an acronym
        return False
    lorem = _lorem_words()
    if written or not all(w.lower() in lorem for w in words) or value in _faker_jobs() or is_headline(value):
        return False
    if (field_kind(FieldName(key)) if key else None) in _NAMED_KINDS:
        return False
    if len(words) <= 2 and set_valued(key):
        return False
    return len(words) > 1 or (value.islower() and value not in _VALUE_WORDS)


def record_problems(record: dict[str, Any]) -> list[str]:
    """Consistency problems of one flat record (nested dicts are checked on their own): the registered record
    rules (:data:`tooldial.registry.RECORD_RULES`, one loop for the planner and the validator), as messages."""
    return [str(p) for p in check_record(record)]


def date_problems(inputs: dict[str, Any], result: Any, api_name: str = "") -> list[str]:
    """Rule ``dates`` on one call, as messages (:mod:`tooldial.rules.dialogue.dates`)."""
    from tooldial.rules.dialogue import dates

    return [str(p) for p in dates.date_problems(inputs, result, api_name)]


def timezone_problems(inputs: dict[str, Any], result: Any) -> list[str]:
    """Rule ``time_zones`` on one call, as messages (:mod:`tooldial.rules.dialogue.time_zones`)."""
    from tooldial.rules.dialogue import time_zones

    return [str(p) for p in time_zones.timezone_problems(inputs, result)]


def id_form_problems(result: Any) -> list[str]:
    """Rule ``id_form`` on one result, as messages (:mod:`tooldial.rules.dialogue.id_form`)."""
    from tooldial.rules.dialogue import id_form

    return [str(p) for p in id_form.id_form_problems(result)]


def venue_problems(record: DialogueRecord) -> list[str]:
    """Rule ``venues`` on one dialogue's calls, as messages (:mod:`tooldial.rules.dialogue.venues`)."""
    from tooldial.rules.dialogue.venues import Venues

    return [str(p) for p in Venues().problems(Scene(record, []))]



def is_action(record: DialogueRecord, corpus: Corpus | None) -> bool:
    """The target changes something (its method or its description's first verb): "done" answers it. Without
    a corpus the stored description decides (its first verb after the clause's lead-in)."""
    from tooldial.corpus.models import Api
    from tooldial.dialogue.chains import side_effects

    if corpus is not None and record.target in corpus:
        return side_effects(corpus.get(record.target))
    brief = next((b for b in record.scenario.get("apis", []) if b.get("api_id") == record.target), {})
    return side_effects(Api(category=str(brief.get("category") or "x"), tool=str(brief.get("tool") or "x"),
                            name=str(brief.get("name") or "x"), description=str(brief.get("description") or "")))


#: Words by which an API's documentation says it is about ids (then an id is an answer).
_ABOUT_IDS = re.compile(r"\b(" + "|".join(loader.ordered_words("identifiers", "about_ids")) + r")\b", re.I)


#: An id the call is asked *by* ("Get Amazon India products by Id", "from a Belarus company ID", "using the user
#: ID"): a lead of ``identifiers.asked_by_id_leads`` and an id word at most four words on. The user gave that id;
#: it does not make the seller's id an answer.
_ASKED_BY_ID = re.compile(r"\b(?:" + "|".join(loader.ordered_words("identifiers", "asked_by_id_leads"))
                          + r")\s+(?:[\w-]+\s+){0,3}?(?:" + "|".join(loader.ordered_words("identifiers", "about_ids"))
                          + r")\b", re.I)


@lru_cache(maxsize=4096)  # asked for every id field of every answer of an API (speed only)
def _about_ids(text: str) -> bool:
    """Whether an API's name and description say it is about ids, less the ids it is asked by."""
    return bool(_ABOUT_IDS.search(_ASKED_BY_ID.sub(" ", text)))


#: Last words of a field name that make it an id whatever its stem (``countryId``, ``league_ids``):
#: ``identifiers.id_tails``.
_ID_TAILS = loader.words("identifiers", "id_tails")


def unasked_id(field: str, api_name: str, api_description: str) -> bool:
    """Whether result field ``field`` (its last key) is an id the user did not ask for: an id, and the API's name
    and description do not say id, identifier, code or key as a word. One rule for the answer chooser
    (:func:`tooldial.dialogue.planner.answer_fields`) and the ``answer`` check, so generation never emits what
    validation rejects. The id of the record the API's name creates (``image_id`` of ``uploadImage``) is news: the
    user needs it to find the new record again."""
    f = FieldName(field)
    # an id by its last word is an id whatever its stem's kind: ``countryId`` 209 is no country ("the country IDs
    # are 209 and 543" answered a team's games)
    an_id = field_kind(f) == "id" or bool(f.tokens) and f.tokens[-1] in _ID_TAILS
    if not an_id or _about_ids(f"{api_name} {api_description}"):
        return False
    created = created_record(api_name)
    return created is None or FieldName(field).tokens != (created[-1], "id")


#: An enumeration in an API's description ("agency, phone, rating and number of active listings"): the fields
#: a user who asks in those words names one by one.
_ENUMERATION = re.compile(r"([A-Za-z][\w' /-]*(?:, [A-Za-z0-9][\w' /-]*)+,? (?:and|or) [A-Za-z0-9][\w' /-]*)")
_ENUM_STOP = loader.words("stopwords", "enumeration")
#: Words a user says for a field named otherwise ("coordinates" of a record with latitude and longitude).
_FIELD_ALIASES = loader.word_map("labels", "field_aliases")


#: "How many calories a recipe has": the quantity a description asks for by a question.
_HOW_MANY = re.compile(r"(?i)\bhow (?:many|much) ([a-z]+)")


@lru_cache(maxsize=4096)
def enumerated_words(description: str) -> frozenset[str]:
    """The words of the fields an API's description enumerates (the last two words of each item, aliases
    added) and the noun of a "how many X" question: what a user asking in the description's words named and
    expects in the answer; plural and singular forms both."""
    out: set[str] = set()
    for m in _ENUMERATION.finditer(description):
        for item in re.split(r",\s*(?:and |or )?|\s(?:and|or)\s", m.group(1)):
            words = [w for w in FieldName(item.replace("'s", "")).tokens if w not in _ENUM_STOP]
            for w in words[-2:]:
                out.add(w)
                out.update(_FIELD_ALIASES.get(w, ()))
    out.update(m.group(1).lower() for m in _HOW_MANY.finditer(description) if m.group(1).lower() not in _ENUM_STOP)
    return frozenset(out | {singular(w) for w in out})


def asked_field(key: str, enumerated: frozenset[str]) -> bool:
    """Whether result field ``key`` (its last part) is one the description enumerates (``min_age`` for "age
    limit", ``active_listings`` for "number of active listings", ``page_count`` for "pages": plurals meet in the
    singular)."""
    return bool(enumerated) and any(t in enumerated or singular(t) in enumerated for t in FieldName(key).tokens)


def asked_left_out(result: Any, fields: list[str], enumerated: frozenset[str], api_name: str, description: str,
                   said: frozenset[str] = frozenset()) -> list[str]:
    """Scalar fields of a one-record result that the description enumerates, in the result, and not among the
    answer ``fields`` (the rating of an agent profile asked for its agency, phone and rating): each path."""
    if not enumerated:
        return []
    chosen = {k.split("|")[-1] for k in fields}
    counts: dict[tuple[str, ...], int] = {}
    for path, _ in leaf_items(result):
        counts[path] = counts.get(path, 0) + 1
    out = []
    for path, value in leaf_items(result):
        if counts[path] > 1 or not path or isinstance(value, bool | dict | list) or value is None:
            continue  # lists are answered by their records, not field by field
        text = as_text(value).strip()
        if (not text or len(text) > 80 or text in said or path[-1] in chosen
                or path[-1].lower() in STATUS_KEYS or unasked_id(path[-1], api_name, description)
                or not asked_field(path[-1], enumerated)):
            continue
        out.append("|".join(path))
    return out
