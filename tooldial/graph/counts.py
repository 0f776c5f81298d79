"""Counts of records (``followers``, ``total``) and request sizes (``limit``, ``per_page``): a count is neither an
id nor a request size."""

from __future__ import annotations

import re

from tooldial.graph.entities import Entity, split_words
from tooldial.graph.value_kinds import PROVIDER_SCOPED_WORDS
from tooldial.knowledge.english import singular
from tooldial.knowledge.loader import ordered_words
from tooldial.knowledge.loader import words as knowledge_words

#: Words of a number that counts records (``followers``, ``results``, ``total``): a count is neither an id nor a
#: request size. A plural noun of an integer output counts too (``likes``, ``comments``).
COUNT_WORDS = knowledge_words("quantities", "count_names")
#: Count words that name one record's number after its name (``reservation_number``).
_RECORD_NUMBER = knowledge_words("quantities", "record_number_names")


#: Words of an input that sets how many records a request returns.
_SIZE_WORDS = knowledge_words("quantities", "request_size_names")


_SIZE_DOC = re.compile(r"(?i)\b(" + "|".join(ordered_words("quantities", "request_size_docs")) + r")\b")


def is_count(entity: Entity) -> bool:
    """An integer output that counts records (``following``, ``data|owner|followers``, ``results``)."""
    if entity.role != "output" or entity.type not in ("integer", "number"):
        return False
    words = split_words(entity.raw or entity.key.rsplit("|", 1)[-1])
    if not words:
        return False
    last = words[-1]
    if last in _RECORD_NUMBER and len(words) > 1:  # reservation_number: a reservation's number, not a count
        before = words[-2]
        return before in COUNT_WORDS or singular(before) != before
    return last in COUNT_WORDS or (len(last) > 3 and last.endswith("s") and singular(last) != last
                                   and last not in PROVIDER_SCOPED_WORDS)


def is_request_size(entity: Entity) -> bool:
    """An input that says how many records to return (``results``: "The number of results to return")."""
    words = set(split_words(entity.raw or entity.key))
    return bool(words & _SIZE_WORDS) or bool(_SIZE_DOC.search(entity.documented or ""))
