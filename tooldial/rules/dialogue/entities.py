"""World rule ``entities``: a call by an id the documented example does not describe returns none of the example's
own entity."""

from __future__ import annotations

from tooldial.dialogue import error_results
from tooldial.dialogue.documented_values import documented_corpus
from tooldial.dialogue.mockdata import (
    as_text,
    code_kind,
    elsewhere_words,
    foreign_lookup,
    foreign_strings,
    names_elsewhere,
)
from tooldial.rules.world_check import DialogueRule, Scene, WorldCheck, WorldProblem


class Entities(DialogueRule):
    """No name, title or text of the documented example's own entity
    (:func:`~tooldial.dialogue.mockdata.foreign_lookup`): Inception's plot for the Interstellar picked, C++ for
    Bash; no place of the example's for a call whose inputs name another. Values the user said or an earlier
    result returned are known."""

    checks = (WorldCheck.DOCUMENTED_ENTITY, WorldCheck.DOCUMENTED_PLACE)

    def problems(self, scene: Scene) -> list[WorldProblem]:
        docs = documented_corpus(scene.record, scene.corpus)
        if docs is None:
            return []
        said = " ".join(b["message"] for sp, b in scene.turns if sp == "User")
        known: set[str] = set()
        out = []
        for call in scene.calls:
            api_id, inputs = call.api_name, call.inputs
            leaves = error_results.leaves(call.result)
            if api_id in docs:
                api = docs.get(api_id)
                foreign = foreign_lookup(api, inputs)
                strings = foreign_strings(api, foreign) if foreign else frozenset()
                elsewhere = elsewhere_words(api, inputs)
                for where, value in leaves:
                    if not isinstance(value, str) or value in known or value in said:
                        continue
                    parts = tuple(where.split("."))
                    if len(parts) > 1 and parts[-1] == "name" and code_kind(parts[:-1]) is not None:
                        continue  # a language's or country's standard name ("Japanese" for "ja") is no entity's
                    if value in strings:
                        out.append(WorldProblem(WorldCheck.DOCUMENTED_ENTITY, f"{api_id} result for "
                                   f"{foreign[0]}={inputs[foreign[0]]!r}: {where}={value!r} is the documented example's",
                                   (where,)))
                    elif names_elsewhere(value, elsewhere):
                        out.append(WorldProblem(WorldCheck.DOCUMENTED_PLACE, f"{api_id} result for a place its inputs "
                                   f"name: {where}={value!r} names the documented example's place", (where,)))
            known.update(as_text(v) for _, v in leaves)
        return out
