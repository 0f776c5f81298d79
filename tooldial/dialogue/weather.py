"""Physically coherent weather records: what the fields of one observation or forecast entry may say together.

A weather record is an object with two or more weather quantities (air temperature, dew point, humidity, pressure,
UV index, cloud cover, precipitation, snowfall, wind). Each field is read by its name's words, so the rules hold for
any API's spelling (``uvIndex``, ``uv``; ``temperatureDewPoint``, ``dewpoint_c``; ``pressure_hpa``, ``pressure``):
snow only near or below 0 °C, a UV index of 0–13 (0 at night), a dew point at or below the air temperature (equal
only in saturated air), pressure in a unit's range (hPa 870–1085, inHg 25–32.5, kPa 87–108.5), humidity 0–100% and
not desert-dry under a fully overcast sky, precipitation of at most 100 mm and next to nothing when its chance is
≤ 20%, a gust at least the wind speed. :func:`weather_problems` is the validator rule (``consistency``, rule
``weather``); :func:`fix_weather` mends a mock record the same way, drawing only where a value breaks a rule, so a
coherent documented record is served unchanged.
"""

from __future__ import annotations

import math
import random
import re
from functools import lru_cache
from typing import Any

from tooldial.knowledge import loader

_CAMEL = re.compile(r"([a-z0-9])([A-Z])")
_APPARENT = loader.words("weather", "apparent")
_NOT_AMOUNT = loader.words("weather", "not_amount")
_NOT_PRESSURE = loader.words("weather", "not_pressure")
#: (unit words, low, high) of a sea-level pressure, hPa first (the default).
_PRESSURE_UNITS = ((frozenset({"hpa", "mb", "mbar", "millibar", "millibars"}), 870.0, 1085.0),
                   (frozenset({"in", "inhg", "inches"}), 25.0, 32.5),
                   (frozenset({"kpa"}), 87.0, 108.5),
                   (frozenset({"mmhg"}), 650.0, 815.0))
#: Where a drawn pressure lies in each unit of :data:`_PRESSURE_UNITS` (a fair day's sea-level pressure).
_PRESSURE_DRAW = ((995.0, 1030.0, 1), (29.4, 30.4, 2), (99.5, 103.0, 2), (746.0, 772.0, 0))
#: Snow needs air near freezing: the coldest temperature of the record at most this (°C).
SNOW_MAX_C = 4.0
MAX_PRECIP_MM = 100.0
MAX_SNOW = 100.0
MAX_UV = 13.0
#: Words of a goal about the weather: its answer reports the air temperature first (not humidity alone).
WEATHER_GOAL = loader.words("weather", "goal")


@lru_cache(maxsize=8192)
def _words(key: str) -> frozenset[str]:
    return frozenset(re.findall(r"[a-z]+", _CAMEL.sub(r"\1 \2", key).lower()))


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value) if value.strip() else None
        except ValueError:
            return None
    return None


@lru_cache(maxsize=8192)
def role(key: str) -> str | None:
    """The weather quantity a field's name says (``temp``, ``dew``, ``snow``, ``precip``, ``chance``, ``uv``,
    ``pressure``, ``humidity``, ``cloud``, ``wind``, ``gust``), or None."""
    w = _words(key)
    joined = "".join(sorted(w))
    if w & {"dew", "dewpoint"}:
        return "dew"
    if w & _APPARENT:
        return None
    if w & {"temp", "temperature"}:
        return "temp"
    if w & {"uv", "uvi", "uvindex"}:
        return "uv"
    if w & {"snow", "snowfall"}:
        return None if w & _NOT_AMOUNT else "snow"
    if w & {"precip", "precipitation", "rain", "rainfall", "qpf"}:
        return "chance" if w & {"chance", "probability", "prob", "pop"} else None if w & _NOT_AMOUNT else "precip"
    if w & {"pressure", "baro", "barometric", "mslp", "slp"} and not w & _NOT_PRESSURE:
        return "pressure"
    if w & {"humidity", "rh"}:
        return "humidity"
    if w & {"cloud", "clouds", "cloudcover", "cloudiness"} and "type" not in w:
        return "cloud"
    if "gust" in w or "gusts" in w:
        return "gust"
    if "wind" in w and w & {"speed", "kph", "mph", "kmh", "ms", "knots", "kt"} or joined == "windspeed":
        return "wind"
    return None


def _celsius(key: str, value: float) -> float:
    w = _words(key)
    if w & {"f", "fahrenheit", "imperial"}:
        return (value - 32) * 5 / 9
    if w & {"k", "kelvin"} or value > 150:
        return value - 273.15
    return value


#: Parts of a key that every weather field's name holds (a cheap test before the names are read).
_HINTS = loader.ordered_words("weather", "field_hints")


def _fields(record: dict[str, Any]) -> dict[str, list[str]]:
    """Keys of a record's numeric weather fields by role (empty unless two roles or more)."""
    if sum(any(h in key.lower() for h in _HINTS) for key in record) < 2:
        return {}
    out: dict[str, list[str]] = {}
    for key, value in record.items():
        if isinstance(value, dict | list) or _number(value) is None:
            continue
        r = role(key)
        if r is not None:
            out.setdefault(r, []).append(key)
    return out if len(out) >= 2 else {}


def _percent(value: float) -> float:
    return value * 100 if 0 < value <= 1 and not float(value).is_integer() else value


def _air(record: dict[str, Any], temps: list[str]) -> tuple[float, float] | None:
    """(air temperature, coldest temperature) of the record in °C: the plain one, else the mean of min and max."""
    values = {k: _celsius(k, _number(record[k]) or 0.0) for k in temps}
    if not values:
        return None
    plain = [v for k, v in values.items() if not _words(k) & {"min", "max", "low", "high", "lowest", "highest"}]
    air = plain[0] if plain else sum(values.values()) / len(values)
    return air, min(values.values())


def _imperial(key: str) -> bool:
    return bool(_words(key) & {"in", "inch", "inches", "imperial"})


def weather_problems(record: dict[str, Any], climate: tuple[float, float] | None = None) -> list[str]:
    """What a weather record says that cannot happen together (rule ``weather``). ``climate``: the plausible
    daily-mean temperature range (°C) of the call's place and day, for a record that states no temperature."""
    fields = _fields(record)
    if not fields:
        return []
    num = {k: _number(record[k]) for keys in fields.values() for k in keys}
    out = [f"weather: {k}={record[k]} is no UV index (0-13)" for k in fields.get("uv", ()) if not 0 <= num[k] <= MAX_UV]
    out += [f"weather: {k}={record[k]} UV at night" for k in fields.get("uv", ()) if num[k] > 0 and _night(record)]
    out += [f"weather: {k}={record[k]} is no sea-level pressure" for k in fields.get("pressure", ())
            if not _pressure_ok(k, num[k])]
    out += [f"weather: {k}={record[k]} is no humidity (0-100%)" for k in fields.get("humidity", ())
            if not 0 <= _percent(num[k]) <= 100]
    out += _sky_water_problems(record, fields, num)
    out += _snow_problems(record, fields, num, climate)
    out += _dew_problems(record, fields, num)
    out += _wind_problems(record, fields, num)
    return out


def pressure_value(key: str, rng: random.Random) -> str:
    """A fair day's sea-level pressure in the unit the field's name says (hPa unless inHg, kPa or mmHg)."""
    w = _words(key)
    low, high, digits = next((d for units, d in zip(_PRESSURE_UNITS, _PRESSURE_DRAW, strict=True) if w & units[0]),
                             _PRESSURE_DRAW[0])
    return f"{rng.uniform(low, high):.{digits}f}"


def _night(record: dict[str, Any]) -> bool:
    """Whether the record says it is night (``daylight``/``isDay`` false)."""
    return any(_words(k) & {"daylight", "isday", "day"} and len(_words(k)) <= 2 and v in (False, 0, "false", "0")
               for k, v in record.items() if not isinstance(v, dict | list))


def _pressure_ok(key: str, value: float) -> bool:
    w = _words(key)
    named = [(low, high) for units, low, high in _PRESSURE_UNITS if w & units]
    return any(low <= value <= high for low, high in (named or [(u[1], u[2]) for u in _PRESSURE_UNITS[:3]]))


def _sky_water_problems(record: dict[str, Any], fields: dict[str, list[str]], num: dict[str, float]) -> list[str]:
    out = []
    chance = next((_percent(num[k]) for k in fields.get("chance", ())), None)
    for k in fields.get("precip", ()):
        mm = num[k] * (25.4 if _imperial(k) else 1)
        if mm < 0 or mm > MAX_PRECIP_MM:
            out.append(f"weather: {k}={record[k]} of precipitation (at most {MAX_PRECIP_MM:.0f} mm)")
        elif chance is not None and chance <= 20 and mm > 5:
            out.append(f"weather: {k}={record[k]} of precipitation at a {chance:.0f}% chance")
    cloud = next((_percent(num[k]) for k in fields.get("cloud", ())), None)
    for k in fields.get("humidity", ()):
        if cloud is not None and cloud >= 90 and _percent(num[k]) < 30:
            out.append(f"weather: {k}={record[k]} humidity under {cloud:.0f}% cloud cover")
    return out


def _snow_problems(record: dict[str, Any], fields: dict[str, list[str]], num: dict[str, float],
                   climate: tuple[float, float] | None) -> list[str]:
    air = _air(record, fields.get("temp", []))
    coldest = air[1] if air is not None else climate[0] if climate is not None else None
    out = []
    for k in fields.get("snow", ()):
        if num[k] < 0 or num[k] > MAX_SNOW:
            out.append(f"weather: {k}={record[k]} of snow")
        elif num[k] > 0 and coldest is not None and coldest > SNOW_MAX_C:
            out.append(f"weather: {k}={record[k]} of snow at {coldest:.1f} °C")
    return out


def _dew_problems(record: dict[str, Any], fields: dict[str, list[str]], num: dict[str, float]) -> list[str]:
    air = _air(record, fields.get("temp", []))
    if air is None:
        return []
    humidity = next((_percent(num[k]) for k in fields.get("humidity", ())), None)
    out = []
    for k in fields.get("dew", ()):
        dew = _celsius(k, num[k])
        if dew > air[0] + 0.5 or dew == air[0] and (humidity is None or humidity < 95):
            out.append(f"weather: dew point {k}={record[k]} at an air temperature of {air[0]:.1f} °C"
                       + (f" and {humidity:.0f}% humidity" if humidity is not None else ""))
    return out


def _wind_problems(record: dict[str, Any], fields: dict[str, list[str]], num: dict[str, float]) -> list[str]:
    speed = next(((k, num[k]) for k in fields.get("wind", ())), None)
    out = [f"weather: gust {k}={record[k]} below the wind speed {speed[0]}={record[speed[0]]}"
           for k in fields.get("gust", ()) if speed is not None and num[k] < speed[1]]
    out += [f"weather: wind speed {k}={record[k]} (a hurricane's)" for k in fields.get("wind", ())
            if not 0 <= num[k] <= _wind_cap(k)]
    return out


def _wind_cap(key: str) -> float:
    """The strongest wind speed a weather record plausibly reports, in the unit its name says (km/h else)."""
    w = _words(key)
    return 75.0 if "mph" in w else 33.0 if w & {"ms", "mps"} else 65.0 if w & {"knots", "kt", "kn"} else 120.0


def dew_point(air_c: float, humidity: float) -> float:
    """The dew point (°C) of air at ``air_c`` and relative ``humidity`` (%), Magnus formula."""
    a, b = 17.625, 243.04
    gamma = math.log(max(humidity, 1.0) / 100) + a * air_c / (b + air_c)
    return b * gamma / (a - gamma)


def _typed(like: Any, value: float, digits: int) -> Any:
    """``value`` in the form of the value it replaces (an int stays an int, a string a string)."""
    if isinstance(like, int) and not isinstance(like, bool):
        return round(value)
    text = f"{value:.{digits}f}"
    return text if isinstance(like, str) else float(text)


def fix_weather(record: dict[str, Any], rng: random.Random, climate: tuple[float, float] | None = None) -> None:
    """Mend the fields of a weather record that break :func:`weather_problems`, drawing only for those."""
    fields = _fields(record)
    if not fields or not weather_problems(record, climate):
        return
    num = {k: _number(record[k]) or 0.0 for keys in fields.values() for k in keys}
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
        if speed is not None and (_number(record[k]) or 0) < (_number(record[speed]) or 0):
            record[k], record[speed] = record[speed], record[k]


def _fix_water(record: dict[str, Any], fields: dict[str, list[str]], num: dict[str, float], rng: random.Random,
               climate: tuple[float, float] | None) -> None:
    cloud = next((_percent(num[k]) for k in fields.get("cloud", ())), None)
    for k in fields.get("humidity", ()):
        if not 0 <= _percent(num[k]) <= 100 or cloud is not None and cloud >= 90 and _percent(num[k]) < 30:
            record[k] = _typed(record[k], rng.randint(65, 95), 0)
    chance = next((_percent(num[k]) for k in fields.get("chance", ())), None)
    for k in fields.get("precip", ()):
        scale = 25.4 if _imperial(k) else 1
        mm = num[k] * scale
        if chance is not None and chance <= 20 and mm > 5:
            record[k] = _typed(record[k], 0, 2)
        elif not 0 <= mm <= MAX_PRECIP_MM:
            record[k] = _typed(record[k], rng.uniform(0.2, 12.0) / scale, 2)
    air = _air(record, fields.get("temp", []))
    coldest = air[1] if air is not None else climate[0] if climate is not None else None
    for k in fields.get("snow", ()):
        if num[k] > 0 and coldest is not None and coldest > SNOW_MAX_C:
            record[k] = _typed(record[k], 0, 2)
        elif not 0 <= num[k] <= MAX_SNOW:
            record[k] = _typed(record[k], rng.uniform(0.5, 15.0), 2)


def _fix_dew(record: dict[str, Any], fields: dict[str, list[str]], rng: random.Random) -> None:
    if not _dew_problems(record, fields, {k: _number(record[k]) or 0.0 for keys in fields.values() for k in keys}):
        return
    air = _air(record, fields.get("temp", []))
    assert air is not None
    humidity = next((_percent(_number(record[k]) or 0.0) for k in fields.get("humidity", ())), None)
    dew_c = dew_point(air[0], humidity if humidity is not None and humidity < 95 else rng.randint(40, 90))
    for k in fields.get("dew", ()):
        w = _words(k)
        value = dew_c * 9 / 5 + 32 if w & {"f", "fahrenheit"} else dew_c + 273.15 if (
            w & {"k", "kelvin"} or (_number(record[k]) or 0) > 150) else dew_c
        record[k] = _typed(record[k], min(value, air[0] - 0.1) if value == dew_c else value, 1)


def needs_climate(record: dict[str, Any]) -> bool:
    """Whether the record's snow can only be judged by its place's climate (it states no temperature)."""
    fields = _fields(record)
    return "snow" in fields and "temp" not in fields
