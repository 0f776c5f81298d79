"""Candidates of one system's standard codes (issue 27): inside a single-provider corpus (one OpenAPI spec, one
function list, one tool), an output that is a standard code naming one thing (an IATA airport code, an ISBN: the
``standards.one_system_codes`` knowledge set) is a candidate for every required input of the same kind, even when
Eq. 1's similarities are low. One system documents one airport code two ways ("IATA airport code" as a map's key,
"the origin city airport in three letters, such as 'JFK'" as an input); the words differ, the value does not. The
rules then judge these candidates like any other (formats must agree where both are known).

Multi-provider corpora (ToolBench) are left as they are: there a code of one provider may be another's
(``tooldial.rules.edge.standard_value``)."""

from __future__ import annotations

from collections.abc import Iterable

from tooldial.graph.entities import Entity
from tooldial.graph.value_kinds import classify
from tooldial.knowledge.loader import words as knowledge_words

ONE_SYSTEM_CODES = knowledge_words("standards", "one_system_codes")


def system_of(entity: Entity) -> str:
    """The system an entity belongs to: its provider, else its tool."""
    return entity.provider or entity.tool_id


def one_system_corpus(outputs: Iterable[Entity], inputs: Iterable[Entity]) -> bool:
    """Whether every entity belongs to one system: one provider (or one tool when none is named) and one category.
    The embedded corpus (one ecosystem of 21 categories) and ToolBench corpora are not one system."""
    entities = [*outputs, *inputs]
    return len({system_of(e) for e in entities}) == 1 and len({e.tool_id.split("|", 1)[0] for e in entities}) == 1


def same_system_code(output: Entity, target: Entity) -> bool:
    """Both sides are one standard code kind of ``one_system_codes`` (formats agreeing where both are known) of one
    system: in a one-system corpus (:func:`one_system_corpus`) the selector keeps them whatever the cross-tool
    similarity bars say (:meth:`tooldial.graph.select.EdgeSelector.judge`; module docstring)."""
    if system_of(output) != system_of(target):
        return False
    s, t = classify(output), classify(target)
    return (s.kind == t.kind == "standard" and s.standard == t.standard and s.standard in ONE_SYSTEM_CODES
            and not (s.fmt and t.fmt and s.fmt != t.fmt))
