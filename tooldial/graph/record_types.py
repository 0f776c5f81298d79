"""Which record a value belongs to: the record type of a bare id (``cities|id`` → city), read from its path or
its API's name (the words before ``by``)."""

from __future__ import annotations

from tooldial.graph.entities import Entity, split_words
from tooldial.knowledge.english import singular
from tooldial.knowledge.loader import words as knowledge_words

#: Leaf names that say "the id of this record" and nothing about which record: ``cities|id``, ``data|slug``.
BARE_IDS = knowledge_words("identifiers", "bare_id")


#: Path elements that wrap records without naming them (``data|results|id``): the record type is further up or
#: in the API name.
_CONTAINERS = knowledge_words("containers", "graph_container")


#: Words of an API name that name no record type (``Get country by ID`` → ``country``).
_API_NAME_NOISE = knowledge_words("names", "api_name_noise")

#: Words of the API marketplace in an API name (``rapidapi``): no record type.
_MARKETPLACE = knowledge_words("names", "marketplace")

def _content_words(text: str, noise: frozenset[str]) -> list[str]:
    return [singular(w) for w in split_words(text) if w not in noise and not w.isdigit() and len(w) > 1]


def _names_created_record(output: Entity) -> bool:
    """A create call's key of the record it makes (``addPet``'s ``id``, ``createCustomer``'s ``customerId``), not a
    key of another record the caller sent (``placeOrder``'s ``customerId``, ``addReview``'s ``bookId``)."""
    words = _content_words(output.raw or output.key.rsplit("|", 1)[-1], BARE_IDS)
    subject = api_subject_words(output.api_id)
    return not words or any(s in w for w in words for s in subject)  # ``username`` names the user


def api_subject_words(api_id: str) -> list[str]:
    """The record words of an API name: what comes before ``by`` (``ObservationHistoryByCoordinates`` →
    ``observation history``; ``Get city by ID`` → ``city``)."""
    words = split_words(api_id.rsplit("|", 1)[-1])
    if "by" in words[1:]:
        words = words[:words.index("by", 1)]
    return _content_words(" ".join(words), _API_NAME_NOISE | BARE_IDS | _MARKETPLACE)


def record_type(entity: Entity) -> str | None:
    """The record type a bare output id belongs to (``cities|id`` → ``city``; ``id`` of ``Get country by ID`` →
    ``country``), or ``None`` when the leaf is not a bare id or nothing names the record."""
    parts = entity.key.split("|")
    leaf = split_words(parts[-1])
    if len(leaf) != 1 or leaf[0] not in BARE_IDS:
        return None
    for part in reversed(parts[:-1]):
        words = _content_words(part, _CONTAINERS | _API_NAME_NOISE)
        if words:
            return words[-1]
    words = api_subject_words(entity.api_id)
    return words[-1] if words else None
