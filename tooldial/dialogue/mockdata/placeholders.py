"""Documented values that are placeholders, not data: the reading shared by a call's inputs and its results.

A documentation writer who has no value at hand writes the field's own name ("content": "content", a
``user_id`` documented as "user-id"), a phrase naming it ("Target IP" for ``ip``), a pattern (``YOUR_KEY``,
``{id}``) or a numbered stand-in for the record ("todo 1", "todo 2" as the titles of a todo list). Served as a
value, such a string becomes "the content is content" in a dialogue, so inputs and results draw the field anew.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from tooldial.knowledge import loader
from tooldial.knowledge.english import singular
from tooldial.knowledge.taxonomy import name_tokens

#: Documented values that are placeholders (``knowledge/packs/placeholders.yaml``: documented_value_patterns).
_PLACEHOLDER = re.compile("|".join(f"(?:{p})" for p in loader.ordered_words("placeholders", "documented_value_patterns")),
                          re.I)

#: Names that stand in for any person ("John Doe"; ``placeholders.stand_in_names``).
_STAND_IN_NAME = re.compile("|".join(f"(?:{p})" for p in loader.ordered_words("placeholders", "stand_in_names")),
                            re.I)

#: Free texts that stand in for any text ("Hello world", "This is a test message"; ``placeholders.stand_in_texts``).
_STAND_IN_TEXT = re.compile("|".join(f"(?:{p})" for p in loader.ordered_words("placeholders", "stand_in_texts")),
                            re.I)

#: Nouns whose "<noun> <n>" is a real name, not a stand-in ("Chapter 1", "Season 2", "Grade 3", "Ward 8").
_NUMBERED_NAMES = loader.words("placeholders", "numbered_names")


def is_placeholder(text: str, name: str = "") -> bool:
    """A documented input value that is a placeholder (``PASSWORD_HERE``, ``YOUR_KEY``, the parameter's own name, or
    a short phrase naming it: "Target IP" for ``ip``, "Payee Name" for ``payee``, ``sample_user_id``)."""
    return bool(_PLACEHOLDER.search(text)) or (bool(name) and (names_its_field(text, name)
                                                               or _names_its_parameter(text, name)))


def is_stand_in_name(text: str) -> bool:
    """A documented name that stands in for any person ("John Doe", "jane doe"): no user's contact is called so,
    where a person's name is asked the caller draws one."""
    return bool(_STAND_IN_NAME.search(text.strip()))


def is_stand_in_text(text: str) -> bool:
    """A documented free text that stands in for any text ("Hello world", "test message", lorem ipsum)."""
    return bool(_STAND_IN_TEXT.search(text.strip()))


def _words(text: str) -> tuple[str, ...]:
    """The words of a name or a value, case, separators and a camel hump ignored, digits apart (``todo1``)."""
    return tuple(w for t in name_tokens(text) for w in re.findall(r"[a-z]+|\d+", t))


def names_its_field(text: str, name: str) -> bool:
    """The value is its field's own words, case, separators and number ignored: "content" under ``content``,
    "Title" under ``title``, "string-id" under ``string_id``, "{name}" under ``name``, "author" under ``authors``."""
    said, own = _words(text), _words(name)
    return bool(own) and len(said) == len(own) and all(
        a == b or singular(a) == singular(b) for a, b in zip(said, own, strict=True))


def _names_its_parameter(text: str, name: str) -> bool:
    """The value's words are the parameter name's words and one or two more: a description of what to send, not a
    value (an e-mail address or a URL is a value, whatever its words)."""
    if "@" in text or "/" in text:
        return False
    own, said = set(name_tokens(name)), re.findall(r"[a-z]+", text.lower())
    return bool(own) and own <= set(said) and 1 <= len(said) - len(own) <= 2


def counted_record(text: str, record_words: Iterable[str]) -> bool:
    """A name or title that is the record's own noun and a counting number ("todo 1", "Todo 2" in a todo list's
    titles, ``record_words`` being the API's words): a stand-in for the records, unless the noun is one whose
    numbered members are real names (``numbered_names``: "Chapter 1" of a chapters API, "Season 2") or the API's
    words hold the number too ("Dota 2" of a "Dota 2 heroes" API)."""
    said = _words(text)
    if len(said) != 2 or not said[1].isdigit() or len(said[1]) > 2 or said[1].startswith("0"):
        return False
    noun, words = singular(said[0]), set(record_words)
    nouns = {singular(w) for w in words}
    if said[1] in words:
        return False
    return noun in nouns and noun not in _NUMBERED_NAMES and said[0] not in _NUMBERED_NAMES
