"""Chain rule ``owner``: a change is made by the owner of what it changes, with values the owner chooses."""

from __future__ import annotations

from tooldial.dialogue.chains.effects import side_effects
from tooldial.dialogue.chains.records import named_entity, word_stems
from tooldial.dialogue.intents import readable
from tooldial.dialogue.mockdata import FieldName
from tooldial.knowledge.loader import words as knowledge_words
from tooldial.rules.chaining import ChainCheck, ChainProblem, ChainRule, Link

#: Kinds of value the user picks for a record being made (its category, its type).
_CHOSEN_FOR_NEW = knowledge_words("field_kinds", "chosen_for_new")
#: Words of a record a user holds as a consumer (a cart, a subscription, a purchase): the things it names (an app,
#: an API, a seller) belong to someone else.
_CONSUMER_WORDS = knowledge_words("ownership", "consumer_records")
#: Keys of a record's author or owner: the author of a channel's own posts is that channel.
_ROLE_WORDS = knowledge_words("ownership", "author_roles")


class Owner(ChainRule):
    """A change is made by the owner of what it changes, with values the owner chooses: a shopper's cart or a
    subscriber's subscription names a provider's app or API, whose webhooks, versions and docs are the provider's
    to change; and the category or type of a record the target creates is the user's choice, not one read off
    another record."""

    checks = (ChainCheck.REFERENCED_ONLY, ChainCheck.CHOSEN_FOR_NEW, ChainCheck.USER_KNOWS)

    def problem(self, link: Link) -> ChainProblem | None:
        source, target, chain_param = link.source, link.target, link.chain_param
        chain, kind = link.chain, link.kind
        if not side_effects(target):
            return None
        words = set(readable(" ".join((source.name, *chain.path[:-1]))).split())
        if kind == "id" and words & _CONSUMER_WORDS and not word_stems(named_entity(chain_param)) & word_stems(
                words & _CONSUMER_WORDS):
            return ChainProblem(ChainCheck.REFERENCED_ONLY,
                                f"a change to what a {'/'.join(sorted(words & _CONSUMER_WORDS))} record only refers to: "
                    f"{readable(chain_param)} -> {target.name}")
        if kind in _CHOSEN_FOR_NEW:
            return ChainProblem(ChainCheck.CHOSEN_FOR_NEW,
                                f"value the user chooses for the record the target makes: {readable(chain_param)} ({target.name})")
        if FieldName(chain_param).has(*_ROLE_WORDS):
            # the owner of an API being created is the user or their team, never read off an app or another API
            return ChainProblem(ChainCheck.USER_KNOWS,
                                f"value the user knows: the owner of what they change ({readable(chain_param)}, {target.name})")
        return None
