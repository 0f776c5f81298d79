"""Temperatures and rain of a place and a day: the climate a served temperature must fit."""

from __future__ import annotations

import datetime as dt
import math
from typing import TYPE_CHECKING, Any

from tooldial.dialogue.mockdata.dates import date_bounds
from tooldial.dialogue.mockdata.fields import FieldName
from tooldial.dialogue.mockdata.paths import as_text
from tooldial.dialogue.mockdata.places import place_of
from tooldial.dialogue.mockdata.world import WORLD_YEAR
from tooldial.knowledge import loader

if TYPE_CHECKING:
    from tooldial.dialogue.mockdata.places import Place
    from tooldial.dialogue.mockdata.world import RecordContext


def climate_range(place: Place, day: dt.date) -> tuple[float, float]:
    """The plausible daily-mean air temperature (°C) at ``place`` on ``day``: warm near the equator, colder
    towards the poles, with a season that follows the hemisphere (Kuwait City in July is hot, not 12–20 °C;
    Yakutsk in October is below zero)."""
    lat = abs(place.latitude)
    mean = 28 - 0.0058 * lat * lat
    swing = min(0.25 * lat, 20.0)  # half the summer–winter difference
    phase = math.cos((day.timetuple().tm_yday - 197) / 365.25 * 2 * math.pi)  # +1 in mid-July
    middle = mean + swing * (phase if place.latitude >= 0 else -phase)
    return middle - 5, middle + 5


#: How far a served temperature may lie from :func:`climate_range` (weather varies; a forecast's min/max too).
CLIMATE_SLACK = 14.0

#: Words of a temperature field's name that say a day's lowest, highest; °F, K (``units``, ``weather`` packs).
_LOW_KEYS = loader.ordered_words("weather", "low_keys")
_HIGH_KEYS = loader.ordered_words("weather", "high_keys")
_FAHRENHEIT_KEYS = loader.ordered_words("units", "fahrenheit_keys")
_KELVIN_KEYS = loader.ordered_words("weather", "kelvin_keys")


def input_climate(inputs: dict[str, Any]) -> tuple[float, float] | None:
    """The plausible daily-mean temperature range (°C) of a call's place on its asked day (any season when it
    asks none), or None when its inputs name no place."""
    place = place_of({k: as_text(v) for k, v in inputs.items()})
    if place is None:
        return None
    asked = date_bounds(inputs).on
    if asked is not None:
        return climate_range(place, asked)
    months = [climate_range(place, dt.date(WORLD_YEAR, m, 15)) for m in range(1, 13)]
    return min(m[0] for m in months), max(m[1] for m in months)


def _gen_temperature(f: FieldName, ctx: RecordContext) -> str:
    """A temperature of the record's place and date (:func:`climate_range`); min/max around it; °F or K when
    the name says so."""
    rng = ctx.world.rng
    if ctx.base_temp is None:
        low, high = climate_range(ctx.place, ctx.anchor or ctx.world.today)
        ctx.base_temp = round(rng.uniform(low, high), 1)
    value = ctx.base_temp
    if f.has(*_LOW_KEYS):
        value -= 4
    elif f.has(*_HIGH_KEYS):
        value += 4
    if f.has(*_FAHRENHEIT_KEYS):
        value = value * 9 / 5 + 32
    elif f.has(*_KELVIN_KEYS):
        value += 273.15
    return f"{value:.1f}"


def _gen_precipitation(f: FieldName, ctx: RecordContext) -> str:
    """Rain or snow of an hour or a day: often none, else a few millimetres; snow only in air near freezing
    (``weather.fix_weather`` mends the rest of the record around it)."""
    rng = ctx.world.rng
    if f.has("snow", "snowfall") and (ctx.base_temp is None or ctx.base_temp > 2):
        return "0"
    return "0" if rng.random() < 0.4 else f"{rng.uniform(0.1, 8.0):.1f}"
