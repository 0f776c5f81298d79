"""Chain rule ``own_records``: nobody looks up their own user id in a list of their own records."""

from __future__ import annotations

import re

from tooldial.dialogue.intents import readable
from tooldial.dialogue.mockdata import FieldName
from tooldial.knowledge.loader import words as knowledge_words
from tooldial.rules.chaining import ChainCheck, ChainProblem, ChainRule, Link

#: Records that are other people (followers, contacts): their user ids are theirs, not the caller's.
_PEOPLE_RECORDS = knowledge_words("ownership", "people_records")
#: Words of an output and an input that are both the user's own record (user_id into owner_id).
_OWN_RECORD_WORDS = knowledge_words("ownership", "own_record_words")
#: "all your subscriptions": the records a listing says are the caller's own.
_YOUR_RECORDS = re.compile(r"\b(?:your|my)\s+(?:own\s+)?(\w+)", re.I)


class OwnRecords(ChainRule):
    """A list of the caller's own records ("Get a list of all your subscriptions") holds the caller's own user id
    in every record: nobody looks themself up through it."""

    checks = (ChainCheck.USER_KNOWS,)

    def problem(self, link: Link) -> ChainProblem | None:
        source, chain_param, chain, kind = link.source, link.chain_param, link.chain, link.kind
        found = _YOUR_RECORDS.search(source.description)
        if kind != "id" or found is None or found.group(1).lower() in _PEOPLE_RECORDS:
            return None
        if FieldName(chain.name).has(*_OWN_RECORD_WORDS) and FieldName(chain_param).has(*_OWN_RECORD_WORDS):
            return ChainProblem(ChainCheck.USER_KNOWS,
                                f"value the user knows: their own {readable(chain_param)} in a list of their {found.group(1)}")
        return None
