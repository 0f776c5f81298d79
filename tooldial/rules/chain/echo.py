"""Chain rule ``echo``: no value the source echoes from the user's own request."""

from __future__ import annotations

from tooldial.dialogue.chains.records import name_kind
from tooldial.dialogue.intents import readable
from tooldial.graph.validity import ECHO_CONTAINERS
from tooldial.rules.chaining import ChainCheck, ChainProblem, ChainRule, Link


class Echo(ChainRule):
    """The source answers with what it was asked: a value from its request echo, or an output that repeats one of
    its inputs, is the user's own value (a city search's ``request.city``, a birth-date reading's ``date``)."""

    checks = (ChainCheck.ECHOED_REQUEST, ChainCheck.ECHOED_INPUT)

    def problem(self, link: Link) -> ChainProblem | None:
        source, chain = link.source, link.chain
        leaf = chain.path[-1]
        leaf_kind = name_kind(leaf, chain.type)
        for p in source.parameters:
            p_kind = name_kind(p.name, p.type)
            same = p.name.lower() == leaf.lower()
            if len(chain.path) > 1 and chain.path[0].lower() in ECHO_CONTAINERS and (
                    same or leaf_kind is not None and p_kind == leaf_kind
                    or leaf.lower() in set(readable(p.description or "").split())):
                return ChainProblem(ChainCheck.ECHOED_REQUEST,
                                    f"the source echoes the request: {'->'.join(chain.path)} is the {readable(p.name)} the user gave")
            if same and not chain.is_list:
                return ChainProblem(ChainCheck.ECHOED_INPUT,
                                    f"the source echoes the {readable(p.name)} the user gave: {source.name} ({leaf})")
        return None
