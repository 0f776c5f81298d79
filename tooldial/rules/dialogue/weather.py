"""World rule ``weather``: a weather record agrees with itself; its fix (:func:`fix_weather`, run by the mock-data
generator on every record) mends it the same way, drawing only where a value breaks the rule, so a coherent
documented record is served unchanged.

What holds (each field read by its name's words, :mod:`tooldial.dialogue.weather`): snow only near or below 0 °C, a
UV index of 0–13 (0 at night), a dew point at or below the air temperature (equal only in saturated air), pressure
in a unit's range (hPa 870–1085, inHg 25–32.5, kPa 87–108.5), humidity 0–100% and not desert-dry under a fully
overcast sky, precipitation of at most 100 mm and next to nothing when its chance is ≤ 20%, a gust at least the wind
speed. A record that states no temperature is judged by the climate of the call's place and day."""

from __future__ import annotations

import random
from typing import Any

from tooldial.dialogue.mockdata.climate import input_climate
from tooldial.dialogue.result_records import objects
from tooldial.dialogue.weather import (
    PRESSURE_UNITS,
    air_temperature,
    celsius,
    dew_point,
    imperial,
    key_words,
    number,
    percent,
    pressure_value,
    weather_fields,
)
from tooldial.knowledge import loader
from tooldial.rules.world_check import Call, CallRule, Scene, WorldCheck, WorldProblem

#: Words of a short flag key that says whether it is day; of a wind speed in metres per second, in knots.
_DAYLIGHT_KEYS = loader.words("weather", "daylight_keys")
_METRE_PER_SECOND_KEYS = loader.words("weather", "metre_per_second_keys")
_KNOT_KEYS = loader.words("weather", "knot_keys")


class Weather(CallRule):
    """A weather record agrees with itself (UV, pressure, humidity, precipitation, snow, dew point, wind); one that
    states no temperature is judged by the climate of the call's place and day."""

    checks = (WorldCheck.WEATHER,)

    def problems(self, call: Call, scene: Scene | None) -> list[WorldProblem]:
        return [p.at(f"{call.api_name} result") for obj in objects(call.result)
                for p in weather_problems(obj, input_climate(call.inputs) if needs_climate(obj) else None)]

    @staticmethod
    def fix(record: dict[str, Any], rng: random.Random, climate: tuple[float, float] | None = None) -> None:
        """The generator's fix of one record: :func:`fix_weather`."""
        fix_weather(record, rng, climate)

    @staticmethod
    def needs_climate(record: dict[str, Any]) -> bool:
        """:func:`needs_climate`: the generator passes the climate of the record's place and day then."""
        return needs_climate(record)


#: Snow needs air near freezing: the coldest temperature of the record at most this (°C).
SNOW_MAX_C = 4.0
MAX_PRECIP_MM = 100.0
MAX_SNOW = 100.0
MAX_UV = 13.0


def weather_problems(record: dict[str, Any], climate: tuple[float, float] | None = None) -> list[WorldProblem]:
    """What a weather record says that cannot happen together (rule ``weather``). ``climate``: the plausible
    daily-mean temperature range (°C) of the call's place and day, for a record that states no temperature."""
    fields = weather_fields(record)
    if not fields:
        return []
    num = {k: number(record[k]) for keys in fields.values() for k in keys}
    out = [f"{k}={record[k]} is no UV index (0-13)" for k in fields.get("uv", ()) if not 0 <= num[k] <= MAX_UV]
    out += [f"{k}={record[k]} UV at night" for k in fields.get("uv", ()) if num[k] > 0 and _night(record)]
    out += [f"{k}={record[k]} is no sea-level pressure" for k in fields.get("pressure", ())
            if not _pressure_ok(k, num[k])]
    out += [f"{k}={record[k]} is no humidity (0-100%)" for k in fields.get("humidity", ())
            if not 0 <= percent(num[k]) <= 100]
    out += _sky_water_problems(record, fields, num)
    out += _snow_problems(record, fields, num, climate)
    out += _dew_problems(record, fields, num)
    out += _wind_problems(record, fields, num)
    return [WorldProblem(WorldCheck.WEATHER, detail) for detail in out]


def _night(record: dict[str, Any]) -> bool:
    """Whether the record says it is night (``daylight``/``isDay`` false)."""
    return any(key_words(k) & _DAYLIGHT_KEYS and len(key_words(k)) <= 2 and v in (False, 0, "false", "0")
               for k, v in record.items() if not isinstance(v, dict | list))


def _pressure_ok(key: str, value: float) -> bool:
    w = key_words(key)
    named = [(low, high) for units, low, high in PRESSURE_UNITS if w & units]
    return any(low <= value <= high for low, high in (named or [(u[1], u[2]) for u in PRESSURE_UNITS[:3]]))


def _sky_water_problems(record: dict[str, Any], fields: dict[str, list[str]], num: dict[str, float]) -> list[str]:
    out = []
    chance = next((percent(num[k]) for k in fields.get("chance", ())), None)
    for k in fields.get("precip", ()):
        mm = num[k] * (25.4 if imperial(k) else 1)
        if mm < 0 or mm > MAX_PRECIP_MM:
            out.append(f"{k}={record[k]} of precipitation (at most {MAX_PRECIP_MM:.0f} mm)")
        elif chance is not None and chance <= 20 and mm > 5:
            out.append(f"{k}={record[k]} of precipitation at a {chance:.0f}% chance")
    cloud = next((percent(num[k]) for k in fields.get("cloud", ())), None)
    for k in fields.get("humidity", ()):
        if cloud is not None and cloud >= 90 and percent(num[k]) < 30:
            out.append(f"{k}={record[k]} humidity under {cloud:.0f}% cloud cover")
    return out


def _snow_problems(record: dict[str, Any], fields: dict[str, list[str]], num: dict[str, float],
                   climate: tuple[float, float] | None) -> list[str]:
    air = air_temperature(record, fields.get("temp", []))
    coldest = air[1] if air is not None else climate[0] if climate is not None else None
    out = []
    for k in fields.get("snow", ()):
        if num[k] < 0 or num[k] > MAX_SNOW:
            out.append(f"{k}={record[k]} of snow")
        elif num[k] > 0 and coldest is not None and coldest > SNOW_MAX_C:
            out.append(f"{k}={record[k]} of snow at {coldest:.1f} °C")
    return out


def _dew_problems(record: dict[str, Any], fields: dict[str, list[str]], num: dict[str, float]) -> list[str]:
    air = air_temperature(record, fields.get("temp", []))
    if air is None:
        return []
    humidity = next((percent(num[k]) for k in fields.get("humidity", ())), None)
    out = []
    for k in fields.get("dew", ()):
        dew = celsius(k, num[k])
        if dew > air[0] + 0.5 or dew == air[0] and (humidity is None or humidity < 95):
            out.append(f"dew point {k}={record[k]} at an air temperature of {air[0]:.1f} °C"
                       + (f" and {humidity:.0f}% humidity" if humidity is not None else ""))
    return out


def _wind_problems(record: dict[str, Any], fields: dict[str, list[str]], num: dict[str, float]) -> list[str]:
    speed = next(((k, num[k]) for k in fields.get("wind", ())), None)
    out = [f"gust {k}={record[k]} below the wind speed {speed[0]}={record[speed[0]]}"
           for k in fields.get("gust", ()) if speed is not None and num[k] < speed[1]]
    out += [f"wind speed {k}={record[k]} (a hurricane's)" for k in fields.get("wind", ())
            if not 0 <= num[k] <= _wind_cap(k)]
    return out


def _wind_cap(key: str) -> float:
    """The strongest wind speed a weather record plausibly reports, in the unit its name says (km/h else)."""
    w = key_words(key)
    return 75.0 if "mph" in w else 33.0 if w & _METRE_PER_SECOND_KEYS else 65.0 if w & _KNOT_KEYS else 120.0


def _typed(like: Any, value: float, digits: int) -> Any:
    """``value`` in the form of the value it replaces (an int stays an int, a string a string)."""
    if isinstance(like, int) and not isinstance(like, bool):
        return round(value)
    text = f"{value:.{digits}f}"
    return text if isinstance(like, str) else float(text)


def fix_weather(record: dict[str, Any], rng: random.Random, climate: tuple[float, float] | None = None) -> None:
    """Mend the fields of a weather record that break :func:`weather_problems`, drawing only for those."""
    fields = weather_fields(record)
    if not fields or not weather_problems(record, climate):
        return
    num = {k: number(record[k]) or 0.0 for keys in fields.values() for k in keys}
    night = _night(record)
    for k in fields.get("uv", ()):
        if not 0 <= num[k] <= MAX_UV or night and num[k] > 0:
            record[k] = _typed(record[k], 0 if night else rng.randint(0, 11), 0)
    for k in fields.get("pressure", ()):
        if not _pressure_ok(k, num[k]):
            record[k] = _typed(record[k], float(pressure_value(k, rng)), 2)
    _fix_water(record, fields, num, rng, climate)
    _fix_dew(record, fields, rng)
    speed = next(iter(fields.get("wind", ())), None)
    for k in fields.get("wind", ()):
        if not 0 <= num[k] <= _wind_cap(k):
            record[k] = _typed(record[k], rng.uniform(0.1, 0.3) * _wind_cap(k), 2)
    for k in fields.get("gust", ()):
        if speed is not None and (number(record[k]) or 0) < (number(record[speed]) or 0):
            record[k], record[speed] = record[speed], record[k]


def _fix_water(record: dict[str, Any], fields: dict[str, list[str]], num: dict[str, float], rng: random.Random,
               climate: tuple[float, float] | None) -> None:
    cloud = next((percent(num[k]) for k in fields.get("cloud", ())), None)
    for k in fields.get("humidity", ()):
        if not 0 <= percent(num[k]) <= 100 or cloud is not None and cloud >= 90 and percent(num[k]) < 30:
            record[k] = _typed(record[k], rng.randint(65, 95), 0)
    chance = next((percent(num[k]) for k in fields.get("chance", ())), None)
    for k in fields.get("precip", ()):
        scale = 25.4 if imperial(k) else 1
        mm = num[k] * scale
        if chance is not None and chance <= 20 and mm > 5:
            record[k] = _typed(record[k], 0, 2)
        elif not 0 <= mm <= MAX_PRECIP_MM:
            record[k] = _typed(record[k], rng.uniform(0.2, 12.0) / scale, 2)
    air = air_temperature(record, fields.get("temp", []))
    coldest = air[1] if air is not None else climate[0] if climate is not None else None
    for k in fields.get("snow", ()):
        if num[k] > 0 and coldest is not None and coldest > SNOW_MAX_C:
            record[k] = _typed(record[k], 0, 2)
        elif not 0 <= num[k] <= MAX_SNOW:
            record[k] = _typed(record[k], rng.uniform(0.5, 15.0), 2)


def _fix_dew(record: dict[str, Any], fields: dict[str, list[str]], rng: random.Random) -> None:
    if not _dew_problems(record, fields, {k: number(record[k]) or 0.0 for keys in fields.values() for k in keys}):
        return
    air = air_temperature(record, fields.get("temp", []))
    assert air is not None
    humidity = next((percent(number(record[k]) or 0.0) for k in fields.get("humidity", ())), None)
    dew_c = dew_point(air[0], humidity if humidity is not None and humidity < 95 else rng.randint(40, 90))
    for k in fields.get("dew", ()):
        w = key_words(k)
        value = dew_c * 9 / 5 + 32 if w & {"f", "fahrenheit"} else dew_c + 273.15 if (
            w & {"k", "kelvin"} or (number(record[k]) or 0) > 150) else dew_c
        record[k] = _typed(record[k], min(value, air[0] - 0.1) if value == dew_c else value, 1)


def needs_climate(record: dict[str, Any]) -> bool:
    """Whether the record's snow can only be judged by its place's climate (it states no temperature)."""
    fields = weather_fields(record)
    return "snow" in fields and "temp" not in fields
