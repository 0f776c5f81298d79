"""The pydantic model of a knowledge pack; a broken pack is one :class:`~tooldial.errors.ConfigError` line
naming the file and the key (``packs/identifiers.yaml: word_sets.bare_ids.words[2]: ...``).

A pack is data about one subject (identifiers, geography, money, ...): named word sets, each with a ``doc`` that
says what the words mean and which stage reads them. Words are strings: YAML reads a bare ``no`` or ``on`` as a
boolean, so the schema is strict and such a word must be quoted.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Annotated, Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from tooldial.errors import ConfigError

Word = Annotated[StrictStr, Field(min_length=1, pattern=r"^\S+$")]
#: A term of a ``multiword`` set: words joined by single spaces (``"us dollar"``, ``"new york"``).
Term = Annotated[StrictStr, Field(min_length=1, pattern=r"^\S+( \S+)*$")]


class WordSet(BaseModel):
    """One vocabulary: what its words mean (``doc``) and the words, each once.

    Words are single tokens in lower case unless the set says otherwise: ``multiword: true`` admits terms of
    several words (single spaces), ``keep_case: true`` keeps proper names and codes as written (``Paris``,
    ``USD``); a pattern set (regular expressions) says both. ``includes`` names other sets of the same pack whose
    words this set has too (``description_key`` is ``identifier`` and its own words): the shared words are written
    once, in the included set, and the loader joins them (included sets first, then ``words``).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    doc: StrictStr = Field(min_length=1)
    multiword: bool = False
    keep_case: bool = False
    includes: tuple[Word, ...] = ()
    words: tuple[Term, ...] = Field(min_length=1)

    @field_validator("words")
    @classmethod
    def _once_in_form(cls, words: tuple[str, ...], info: ValidationInfo) -> tuple[str, ...]:
        multiword, keep_case = info.data.get("multiword", False), info.data.get("keep_case", False)
        seen: set[str] = set()
        for i, word in enumerate(words):
            if not multiword and " " in word:
                raise ValueError(f"{word!r} (item {i}) has a space: a set of terms says `multiword: true`")
            if not keep_case and word != word.lower():
                raise ValueError(f"{word!r} is not lower case (a set of names says `keep_case: true`)")
            if word in seen:
                raise ValueError(f"{word!r} is listed twice")
            seen.add(word)
        return words


#: A value of a map entry: one text, a number, a flag, or a list of texts.
MapValue = StrictStr | StrictInt | StrictFloat | StrictBool | tuple[StrictStr, ...]


class WordMap(BaseModel):
    """A lookup table (``entries``: key → value, in the file's order): a word's kind, a unit's symbol, ..."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    doc: StrictStr = Field(min_length=1)
    entries: Mapping[StrictStr, MapValue] = Field(min_length=1)

    @field_validator("entries")
    @classmethod
    def _read_only(cls, entries: Mapping[str, MapValue]) -> Mapping[str, MapValue]:
        return MappingProxyType(dict(entries))


class Pack(BaseModel):
    """A subject's vocabularies (``word_sets``) and lookup tables (``maps``), by name."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    subject: StrictStr = Field(min_length=1)
    doc: StrictStr = Field(min_length=1)
    word_sets: Mapping[str, WordSet] = Field(default_factory=dict)
    maps: Mapping[str, WordMap] = Field(default_factory=dict)

    @field_validator("word_sets", "maps")
    @classmethod
    def _read_only(cls, named: Mapping[str, Any]) -> Mapping[str, Any]:
        return MappingProxyType(dict(named))

    @model_validator(mode="after")
    def _holds_something(self) -> Pack:
        if not self.word_sets and not self.maps:
            raise ValueError("a pack needs `word_sets` or `maps`")
        if both := sorted(set(self.word_sets) & set(self.maps)):
            raise ValueError(f"{both[0]!r} is both a word set and a map: one name, one thing")
        for name, word_set in self.word_sets.items():
            _check_includes(name, word_set, self.word_sets)
        return self


def _check_includes(name: str, word_set: WordSet, sets: Mapping[str, WordSet]) -> None:
    """A set's ``includes`` name other sets of the pack, without a cycle, and its own words are not theirs."""
    seen: list[str] = []
    todo = list(word_set.includes)
    while todo:
        other = todo.pop(0)
        if other not in sets:
            raise ValueError(f"word set {name!r} includes {other!r}, which the pack has not")
        if other == name or other in seen:
            raise ValueError(f"word set {name!r} includes {other!r} twice or in a cycle")
        seen.append(other)
        todo.extend(sets[other].includes)
    shared = {w: other for other in seen for w in sets[other].words}
    for word in word_set.words:
        if word in shared:
            raise ValueError(f"word set {name!r}: {word!r} is already in the included set {shared[word]!r}")


def validate(model: type[BaseModel], data: Any, *, source: str) -> Any:
    """``model.model_validate(data)``; the first error as one line naming ``source`` and the key path."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        error = exc.errors()[0]
        raise ConfigError(error["msg"].removeprefix("Value error, "), file=source,
                          field=key_path(error["loc"]) or None) from None


#: pydantic's names of a union's scalar members in an error's location (``entries.usd.str``): types, not keys.
_UNION_TAGS = frozenset({"str", "int", "float", "bool"})


def key_path(loc: tuple[int | str, ...]) -> str:
    """``("word_sets", "ids", "words", 2)`` → ``word_sets.ids.words[2]`` (a union's member tag such as
    ``tuple[str, ...]`` is left out: it names a type, not a key of the file)."""
    out = ""
    for part in loc:
        if isinstance(part, str) and ("[" in part or "(" in part or part in _UNION_TAGS):
            continue
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


#: What a phrase bank holds: frames to draw from; frames by key (persona, voice, domain); one text by key; or rows
#: of texts (a rewrite's pattern and replacement, slot pairs).
Phrases = tuple[StrictStr, ...] | dict[StrictStr, tuple[StrictStr, ...]] | dict[StrictStr, StrictStr] | \
    tuple[tuple[StrictStr, ...], ...]


class PhraseBank(BaseModel):
    """One bank of a renderer: what it is for (``doc``, optional) and its ``phrases``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    doc: StrictStr | None = None
    phrases: Phrases

    @field_validator("phrases")
    @classmethod
    def _not_empty(cls, phrases: Phrases) -> Phrases:
        if not phrases:
            raise ValueError("a bank needs at least one phrase")
        if isinstance(phrases, dict) and any(not v for v in phrases.values()):
            raise ValueError("a key of the bank has no phrase")
        return phrases


class PhraseBook(BaseModel):
    """A file of phrase banks of one language (``phrases/<language>/<book>.yaml``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    language: StrictStr = Field(min_length=2)
    doc: StrictStr = Field(min_length=1)
    banks: Mapping[str, PhraseBank] = Field(min_length=1)

    @field_validator("banks")
    @classmethod
    def _read_only(cls, banks: Mapping[str, PhraseBank]) -> Mapping[str, PhraseBank]:
        return MappingProxyType(dict(banks))
