"""One place to ask "what kind of value is this field" of the knowledge packs.

:meth:`Lexicon.field_kind` gives the kind of value a field holds (:class:`~tooldial.knowledge.taxonomy.FieldKind`:
city, date, price, ...; the mock world draws one), :meth:`Lexicon.standard` the standard kind its words name
(country, latitude, url, ...; the graph's ``value_kinds``), both from :mod:`tooldial.knowledge.taxonomy`.
:meth:`Lexicon.identifier` says whether a field name is an identifier and whether it names what it identifies
(``user_id``: :attr:`IdRole.NAMED`, stem ``user``) or not (``id``, ``data|uuid``: :attr:`IdRole.BARE`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from tooldial.knowledge import loader, taxonomy
from tooldial.knowledge.taxonomy import FieldKind, FieldName


class IdRole(StrEnum):
    """How an identifier's name relates to what it identifies."""

    #: Only identifier words (``id``, ``uuid``): nothing says which record; the path or API name must.
    BARE = "bare"
    #: An identifier word after a stem (``user_id``, ``ticker_slug``): the stem names the record.
    NAMED = "named"


@dataclass(frozen=True, slots=True)
class Identifier:
    """A field name read as an identifier: its role and the words before the identifier word."""

    role: IdRole
    stem: tuple[str, ...]


_CAMEL = re.compile(r"([a-z0-9])([A-Z])")
_SPLIT = re.compile(r"[^a-z0-9]+")


def tokens(name: str) -> tuple[str, ...]:
    """``"userID"`` / ``"user_id"`` / ``"data|user id"`` → ``("user", "id")`` (lower case, camel case split)."""
    return tuple(t for t in _SPLIT.split(_CAMEL.sub(r"\1 \2", name).lower()) if t)


@dataclass(frozen=True, slots=True)
class Lexicon:
    """Answers from named word sets of the packs; the defaults are the identifier vocabulary
    (:data:`~tooldial.knowledge.taxonomy.IDENTIFIER_WORDS`) and the bare-id words."""

    identifier_words: frozenset[str]
    bare_words: frozenset[str]

    @classmethod
    def default(cls) -> Lexicon:
        return _default()

    def identifier(self, name: str) -> Identifier | None:
        """The identifier reading of the last path element of ``name``, or None when it is no identifier."""
        words = tokens(name.rsplit("|", 1)[-1])
        if not words:
            return None
        if all(w in self.bare_words for w in words):
            return Identifier(IdRole.BARE, ())
        if words[-1] in self.identifier_words:
            return Identifier(IdRole.NAMED, words[:-1])
        return None

    def field_kind(self, field: FieldName) -> FieldKind | None:
        """The kind of value ``field`` holds: the first rule of the taxonomy that holds, or None."""
        return taxonomy.field_kind(field)

    def standard(self, words: Sequence[str]) -> str | None:
        """The standard kind a name's words name (``home_country_code`` → country), or None."""
        return taxonomy.standard_of(words)


@lru_cache(maxsize=1)
def _default() -> Lexicon:
    return Lexicon(identifier_words=taxonomy.IDENTIFIER_WORDS,
                   bare_words=loader.words("identifiers", "bare_id"))
