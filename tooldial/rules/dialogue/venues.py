"""World rule ``venues``: a venue named after a table city lies in that city."""

from __future__ import annotations

import re

from tooldial.dialogue.mockdata import FieldName, as_text, field_kind
from tooldial.dialogue.result_records import objects
from tooldial.knowledge import loader
from tooldial.rules.world.city_country import city_countries
from tooldial.rules.world_check import DialogueRule, Scene, WorldCheck, WorldProblem

#: Venue words of generated and documented names ("Tabriz Hotel", "Luanda Restaurant").
_VENUE_NAME = re.compile(r"^(?P<city>[A-Z][A-Za-z .'-]+?) (?:Central |North |South |East |West )?(?:"
                         + "|".join(loader.ordered_words("venues", "name_endings")) + ")$")


class Venues(DialogueRule):
    """Not in a record placed in another city (its own city field), nor in a result of a call placed elsewhere
    (a city the inputs name, or an id an earlier result gave out with its city): hotels searched by Brisbane's
    city id are no "Tabriz Hotel"."""

    checks = (WorldCheck.VENUE_ELSEWHERE,)

    def problems(self, scene: Scene) -> list[WorldProblem]:
        index = city_countries()
        id_city: dict[str, str] = {}
        out = []
        for call in scene.calls:
            call_city = next((as_text(v) for v in call.inputs.values() if as_text(v) in index), None) or next(
                (id_city[as_text(v)] for v in call.inputs.values() if as_text(v) in id_city), None)
            for obj in objects(call.result):
                scalars = {k: as_text(v) for k, v in obj.items() if not isinstance(v, dict | list) and v is not None}
                own = next((v for k, v in scalars.items() if field_kind(FieldName(k)) == "city" and v in index), None)
                for key, value in scalars.items():
                    m = _VENUE_NAME.match(value)
                    where = own or call_city
                    if m and m["city"] in index and where and m["city"] != where and not (
                            index[m["city"]] & index.get(where, frozenset()) and m["city"] in where):
                        out.append(WorldProblem(WorldCheck.VENUE_ELSEWHERE,
                                                f"{call.api_name} result: {key}={value!r} lies in {where}", (key,)))
                if own:
                    for key, value in scalars.items():
                        if field_kind(FieldName(key)) == "id":
                            id_city.setdefault(value, own)
        return out
