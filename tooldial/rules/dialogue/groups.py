"""World rule ``groups``: a call's latitude and longitude come from one origin."""

from __future__ import annotations

from tooldial.dialogue import error_results
from tooldial.dialogue.mockdata import FieldName, as_text, field_kind
from tooldial.rules.world_check import DialogueRule, Scene, WorldCheck, WorldProblem


class Groups(DialogueRule):
    """Both said by the user, or both from one API result (never one of each, or from two results)."""

    kind = "groups"
    checks = (WorldCheck.TWO_ORIGINS,)

    def problems(self, scene: Scene) -> list[WorldProblem]:
        said: list[str] = []
        results: list[list[str]] = []
        out = []
        for i, (sp, body) in enumerate(scene.turns):
            if sp == "User":
                said.append(body["message"])
                continue
            if body["action"] != "call":
                continue
            req = body["api_request"]
            args = {**req.get("required_parameters", {}), **req.get("optional_parameters", {})}
            coords = {k: as_text(v) for k, v in args.items()
                      if field_kind(FieldName(k)) in ("latitude", "longitude")}
            if len(coords) == 2:
                origins = [_origin(v, said, results) for v in coords.values()]
                if origins[0] != origins[1]:
                    out.append(WorldProblem(WorldCheck.TWO_ORIGINS, f"turn {i}: {' and '.join(coords)} come from "
                                            f"{origins}", tuple(coords)))
            results.append([as_text(v) for _, v in error_results.leaves(body["api_response"].get("result"))])
        return out


def _origin(value: str, said: list[str], results: list[list[str]]) -> str:
    for j, leaves in enumerate(results):
        if value in leaves:
            return f"result {j}"
    return "user" if any(value in m for m in said) else "unknown"
