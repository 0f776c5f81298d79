"""The record an API name is about: its words minus the verbs and filler of API names (``createSpecialEvent`` →
special, event), and the record an abbreviated id input names (``pid`` of ``mergePullRequest``). Low in the graph's
import order (entities and the knowledge packs only), so the selector's checks and the proposers can share it."""

from __future__ import annotations

from tooldial.graph.entities import split_words
from tooldial.knowledge.english import singular
from tooldial.knowledge.loader import words as knowledge_words

#: Verbs and filler of an API name that say what it does, not what record it handles (``actions`` pack).
NAME_NOISE = knowledge_words("actions", "record_name_noise")


def record_words(api_id: str) -> set[str]:
    """The record words of an API's name (``createSpecialEvent`` → special, event; ``findPetsByStatus`` → pet)."""
    words = split_words(api_id.rsplit("|", 1)[-1])
    if "by" in words[1:]:
        words = words[:words.index("by", 1)]
    return {singular(w) for w in words if w not in NAME_NOISE and len(w) > 1 and not w.isdigit()}


def abbreviated_record(input_name: str, api_id: str) -> list[str] | None:
    """The record words an abbreviated id input names: ``pid`` of ``getPullRequestsById`` / ``mergePullRequest``
    (initials ``p`` or ``pr`` of the API's record words pull, request) → [pull, request]; ``None`` when the name is
    no one-or-two-letter abbreviation followed by ``id``, or the letters are not the record words' initials."""
    name = input_name.lower()
    if not (3 <= len(name) <= 4 and name.endswith("id") and name[:-2].isalpha()):
        return None
    words = split_words(api_id.rsplit("|", 1)[-1])
    if "by" in words[1:]:
        words = words[:words.index("by", 1)]
    verbs = NAME_NOISE | knowledge_words("actions", "part_change_verbs") | knowledge_words("actions", "ending_verbs")
    record = [singular(w) for w in words if w not in verbs and len(w) > 1 and not w.isdigit()]
    initials = "".join(w[0] for w in record)
    letters = name[:-2]
    return record if record and (letters == initials or letters == initials[:1]) else None
