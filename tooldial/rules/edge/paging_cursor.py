"""A pagination cursor continues the listing that returned it: it fills the input of no other API."""

from __future__ import annotations

from collections.abc import Sequence

from tooldial.graph.entities import Entity, split_words
from tooldial.graph.reasons import EdgeReason
from tooldial.graph.verdict import Verdict
from tooldial.knowledge.english import singular
from tooldial.knowledge.loader import words as knowledge_words
from tooldial.rules.edge.base import EdgeCase, EdgeRule

_CURSOR = knowledge_words("paging", "cursor_words")
_TOKEN = knowledge_words("paging", "cursor_token_words")
_LEAD = knowledge_words("paging", "cursor_lead_words")
_NOISE = knowledge_words("actions", "record_name_noise")


def names_a_cursor(words: Sequence[str]) -> bool:
    """Whether a name's words name a pagination cursor: a cursor word (``continuation_token``, ``next_cursor``) or
    a token word after next / page (``nextPageToken``). Also read by the planner (an optional input no user states:
    :func:`tooldial.dialogue.sequences.stated_optionals`)."""
    return bool(set(words) & _CURSOR) or len(words) > 1 and words[-1] in _TOKEN and bool(set(words[:-1]) & _LEAD)


def is_cursor(entity: Entity) -> bool:
    """Whether an output is a pagination cursor (:func:`names_a_cursor` of its leaf's words)."""
    return names_a_cursor(split_words(entity.raw or entity.key.rsplit("|", 1)[-1]))


def listing_words(api_id: str) -> frozenset[str]:
    """What an API name says it lists, without cursor words, verbs and filler (``Tweet User Retweets
    Continuation`` → tweet, user, retweet; ``Continuation User's Likes_2`` → user, like)."""
    words = split_words(api_id.rsplit("|", 1)[-1])
    return frozenset(singular(w) for w in words
                     if w not in _CURSOR and w not in _NOISE and len(w) > 1 and not w.isdigit())


class PagingCursor(EdgeRule):
    """A cursor output (:func:`is_cursor`) into an API whose name does not hold every word of the source's
    listing (:func:`listing_words`): ``Hashtag``'s continuation token continues ``Hashtag Continuation``, not
    ``Tweet Replies Continuation``."""

    codes = (EdgeReason.PAGING_CURSOR,)

    def judge(self, case: EdgeCase) -> Verdict | None:
        if not is_cursor(case.source):
            return None
        listing = listing_words(case.source.api_id)
        if listing and listing <= listing_words(case.target.api_id):
            return None
        return Verdict(False, "a pagination cursor continues only the listing that returned it", 0.85, "value",
                       code=EdgeReason.PAGING_CURSOR)
