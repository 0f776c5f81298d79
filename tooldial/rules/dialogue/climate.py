"""World rule ``climate``: a record's temperatures fit the climate of the call's place and day."""

from __future__ import annotations

import datetime as dt
from typing import Any

from tooldial.dialogue.mockdata.climate import CLIMATE_SLACK, climate_range
from tooldial.dialogue.mockdata.dates import date_bounds
from tooldial.dialogue.mockdata.fields import FieldName, field_kind
from tooldial.dialogue.mockdata.paths import as_number, as_text, leaf_items
from tooldial.dialogue.mockdata.places import place_of
from tooldial.dialogue.mockdata.world import WORLD_YEAR
from tooldial.dialogue.weather import role as weather_role
from tooldial.knowledge import loader
from tooldial.rules.world_check import Call, CallRule, Scene, WorldCheck, WorldProblem

#: Words of a temperature field's name that say °F or K: its value is no °C reading to compare.
_NOT_CELSIUS = (*loader.ordered_words("units", "fahrenheit_keys"), *loader.ordered_words("weather", "kelvin_keys"))


class Climate(CallRule):
    """A record's temperatures fit the climate of the call's place and day (no documented 12–20 °C of
    Lisbon for Kuwait City in July)."""

    checks = (WorldCheck.CLIMATE,)

    def problems(self, call: Call, scene: Scene | None) -> list[WorldProblem]:
        return [p.at(f"{call.api_name} result") for p in climate_problems(call.inputs, call.result)]


def climate_problems(inputs: dict[str, Any], result: Any) -> list[WorldProblem]:
    """Temperatures (°C) of a call placed by its inputs (a city, coordinates) that the place's climate rules
    out on the record's date (the documented 12–20 °C of Lisbon served for Kuwait City in July). A dew point is
    held to the range's top only: dry air puts it far below the air's temperature."""
    place = place_of({k: as_text(v) for k, v in inputs.items()})
    if place is None:
        return []
    asked = date_bounds(inputs).on
    out = []
    for path, value in leaf_items(result):
        f = FieldName(path[-1], "number")
        number = as_number(value)
        if number is None or field_kind(f) != "temperature" or f.has(*_NOT_CELSIUS):
            continue
        if number > 150:  # Kelvin under a plain name
            number -= 273.15
        low, high = climate_range(place, asked or dt.date(WORLD_YEAR, 7, 1))
        if asked is None:  # no date asked: any season of the year
            low, high = min(climate_range(place, dt.date(WORLD_YEAR, m, 15))[0] for m in range(1, 13)), max(
                climate_range(place, dt.date(WORLD_YEAR, m, 15))[1] for m in range(1, 13))
        # a dew point is at most the air's temperature, and dry air puts it far below the climate's range
        floor = float("-inf") if weather_role(path[-1]) == "dew" else low - CLIMATE_SLACK
        if not floor <= number <= high + CLIMATE_SLACK:
            out.append(WorldProblem(WorldCheck.CLIMATE, f"{path[-1]}={value} in {place.city} (expected about {low:.0f}..{high:.0f} °C)",
                                    (path[-1],)))
    return out
