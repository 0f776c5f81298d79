"""World rule ``filler_values``: no value of a call is a generated filler token, a placeholder title, a drawn topic
the dialogue never mentions, or Faker lorem text the documentation does not show."""

from __future__ import annotations

from tooldial.dialogue import error_results
from tooldial.dialogue.mockdata import drawn_topic_title
from tooldial.dialogue.world_checks import FILLER, OLD_TITLE, lorem_filler
from tooldial.rules.world_check import Call, CallRule, Scene, WorldCheck, WorldProblem


class FillerValues(CallRule):
    """``willow-5166``, "The Frozen Harvest", a title about a topic nobody asked for, "Civil Imagine Minute" (not
    the words of one of the call's inputs: a search's result holds them); each leaf of the call's inputs and result reports the
    first of these it is."""

    kind = "filler"
    checks = (WorldCheck.FILLER_TOKEN, WorldCheck.PLACEHOLDER_TITLE, WorldCheck.UNASKED_TOPIC, WorldCheck.LOREM)

    def problems(self, call: Call, scene: Scene | None) -> list[WorldProblem]:
        documented = scene.documented if scene is not None else None
        said = scene.spoken if scene is not None else ""
        asked = {str(v).lower() for v in call.inputs.values() if isinstance(v, str)}
        written = scene is not None and call.result in scene.written_results  # a model's words, not Faker's
        out = []
        for where, value in error_results.leaves({"inputs": call.inputs, "result": call.result}):
            if isinstance(value, str) and FILLER.search(value):
                out.append(WorldProblem(WorldCheck.FILLER_TOKEN, f"{call.api_name}: {where}={value!r}", (where,)))
            elif isinstance(value, str) and OLD_TITLE.match(value) and (documented is None or value not in documented):
                out.append(WorldProblem(WorldCheck.PLACEHOLDER_TITLE, f"{call.api_name}: {where}={value!r}", (where,)))
            elif drawn_topic_title(value, said) is not None:
                out.append(WorldProblem(WorldCheck.UNASKED_TOPIC, f"{call.api_name}: {where}={value!r} is about "
                                        f"{drawn_topic_title(value, said)}, which the dialogue never mentions",
                                        (where,)))
            elif documented is not None and lorem_filler(
                    value, where.rsplit(".", 1)[-1], documented, written=written and where.startswith("result")) and (
                    value.lower() not in asked):  # a station found by "space travel" is named with the words asked
                out.append(WorldProblem(WorldCheck.LOREM, f"{call.api_name}: {where}={value!r}", (where,)))
        return out
