"""What kind of record a result field belongs to (a work, a task, an injury, a match, an order, ...), read from the
record's nouns: the enclosing keys nearest first, then the API's name, then its tool. The mock world draws an
undocumented title or status by that kind, so a todo is not titled like a novel and an injury is not "success"."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, cast

from tooldial.dialogue.mockdata.fields import name_tokens
from tooldial.dialogue.mockdata.paths import _WRAPPERS
from tooldial.knowledge import loader
from tooldial.knowledge.english import singular

if TYPE_CHECKING:
    from tooldial.dialogue.mockdata.fields import FieldName


def _lists(name: str) -> Mapping[str, tuple[str, ...]]:
    return cast("Mapping[str, tuple[str, ...]]", loader.word_map("record_kinds", name))


#: Record kind → the nouns that name a record of it (pack order: the first kind with words for a field wins).
_KINDS = _lists("kinds")
#: Record kind → the statuses a record of it takes.
_STATUSES = _lists("statuses")
#: A match's status → words of the API's name or the enclosing keys that put its matches in that phase.
_MATCH_PHASES = _lists("match_phases")
#: Statuses of a record inside a result whose kind no noun tells.
_RECORD_STATUSES = loader.ordered_words("record_kinds", "record_statuses")
#: Words of a field name that make it a status (the qualifier before them is a noun: ``payment_status``).
_STATUS_WORDS = loader.words("status", "field_words")
#: Words of an API name that do, not name (``get``, ``create``, ``by``): no record noun.
_NAME_NOISE = loader.words("actions", "record_name_noise") | loader.words("records", "record_name_filler")


def _nouns(text: str) -> list[str]:
    """The words of a key or a name that may name a record, head noun (last word) first, in the singular."""
    return [singular(t) for t in reversed(name_tokens(text)) if not t.isdigit() and len(t) > 1]


@lru_cache(maxsize=16384)
def record_words(path: tuple[str, ...], api_name: str, tool: str) -> tuple[str, ...]:
    """The nouns that may say what record the leaf at ``path`` belongs to, nearest first: the enclosing keys (no
    wrapper such as ``data``), the API's name (what it names before ``by`` first: ``sp500_search by Ticker``),
    then its tool."""
    words: list[str] = []
    for key in reversed(path[:-1]):
        if key.lower() not in _WRAPPERS:
            words += _nouns(key)
    name = name_tokens(api_name)
    cut = name.index("by", 1) if "by" in name[1:] else len(name)
    for part in (name[:cut], name[cut:]):
        words += [w for w in _nouns(" ".join(part)) if w not in _NAME_NOISE]
    words += _nouns(tool)
    return tuple(dict.fromkeys(words))


def record_kind(f: FieldName, kinds: Collection[str], own_only: bool = False) -> str | None:
    """The kind among ``kinds`` of the first of the field's record nouns that names one (its own qualifier first:
    ``payment_status`` is a payment's whatever holds it; ``own_only``: that qualifier alone); None when no noun
    does."""
    own = [w for w in _nouns(f.name) if w not in _STATUS_WORDS and w != "title"]
    for noun in (*own, *(() if own_only else f.record)):
        for kind, nouns in _KINDS.items():
            if kind in kinds and noun in nouns:
                return kind
    return None


def at_top(f: FieldName, listed: bool = False) -> bool:
    """The field sits at the top of the result: no enclosing key but wrappers, and not in a record of a list
    (``listed``)."""
    return not listed and (not f.parent or f.parent.lower() in _WRAPPERS)


def status_words(f: FieldName, listed: bool = False) -> tuple[str, ...] | None:
    """The statuses an undocumented status field takes by its record's kind (``listed``: it is in a record of a
    list; a match's by its phase); at the top of a result, unless the field's own name says whose it is, None:
    the caller draws how the call went."""
    top = at_top(f, listed)
    # the top of a lookup's result is as often how the call went ("User Followers": "ok") as its record's state:
    # only the field's own qualifier (``payment_status``) names its record there
    kind = record_kind(f, _STATUSES, own_only=top)
    if kind == "match":
        return next(((phase,) for phase, cues in _MATCH_PHASES.items() if not f.title.isdisjoint(cues)),
                    _STATUSES[kind])
    if kind is not None:
        return _STATUSES[kind]
    return None if top else _RECORD_STATUSES
