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

from pydantic import BaseModel, ConfigDict, Field, StrictStr, ValidationError, field_validator

from tooldial.errors import ConfigError

Word = Annotated[StrictStr, Field(min_length=1, pattern=r"^\S+$")]


class WordSet(BaseModel):
    """One vocabulary: what its words mean (``doc``) and the words, lower case, each once."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    doc: StrictStr = Field(min_length=1)
    words: tuple[Word, ...] = Field(min_length=1)

    @field_validator("words")
    @classmethod
    def _once_lower(cls, words: tuple[str, ...]) -> tuple[str, ...]:
        seen: set[str] = set()
        for word in words:
            if word != word.lower():
                raise ValueError(f"{word!r} is not lower case")
            if word in seen:
                raise ValueError(f"{word!r} is listed twice")
            seen.add(word)
        return words


class Pack(BaseModel):
    """A subject's vocabularies (``word_sets``, by name)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    subject: StrictStr = Field(min_length=1)
    doc: StrictStr = Field(min_length=1)
    word_sets: Mapping[str, WordSet] = Field(min_length=1)

    @field_validator("word_sets")
    @classmethod
    def _read_only(cls, sets: Mapping[str, WordSet]) -> Mapping[str, WordSet]:
        return MappingProxyType(dict(sets))


def validate(model: type[BaseModel], data: Any, *, source: str) -> Any:
    """``model.model_validate(data)``; the first error as one line naming ``source`` and the key path."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        error = exc.errors()[0]
        raise ConfigError(error["msg"].removeprefix("Value error, "), file=source,
                          field=key_path(error["loc"]) or None) from None


def key_path(loc: tuple[int | str, ...]) -> str:
    """``("word_sets", "ids", "words", 2)`` → ``word_sets.ids.words[2]`` (a union's member tag such as
    ``tuple[str, ...]`` is left out: it names a type, not a key of the file)."""
    out = ""
    for part in loc:
        if isinstance(part, str) and ("[" in part or "(" in part):
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
