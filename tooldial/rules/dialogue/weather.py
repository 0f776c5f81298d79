"""World rule ``weather``: a weather record agrees with itself (UV, pressure, humidity, precipitation, snow, dew point, wind); one that states no temperature is judged by the climate of the call's place and day."""

from __future__ import annotations

from tooldial.dialogue.mockdata import input_climate
from tooldial.dialogue.result_records import objects
from tooldial.dialogue.weather import needs_climate, weather_problems
from tooldial.rules.world_check import Call, Delegated, WorldCheck


def _messages(call: Call) -> list[str]:
    return [p for obj in objects(call.result)
            for p in weather_problems(obj, input_climate(call.inputs) if needs_climate(obj) else None)]


class Weather(Delegated):
    """A weather record agrees with itself (UV, pressure, humidity, precipitation, snow, dew point, wind); one that states no temperature is judged by the climate of the call's place and day (the logic lives beside its fixer: ``dialogue.weather.weather_problems``)."""

    checks = (WorldCheck.WEATHER,)
    function = staticmethod(_messages)
