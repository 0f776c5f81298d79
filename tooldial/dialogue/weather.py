"""Reading a weather record: the quantity each field's name says (:func:`role`: air temperature, dew point,
humidity, pressure, UV index, cloud cover, precipitation, snowfall, wind), its unit, and the physics the rule and
the generator share (:func:`dew_point`, :func:`pressure_value`). A weather record is an object with two or more
weather quantities (:func:`weather_fields`); each field is read by its name's words, so any API's spelling counts
(``uvIndex``, ``uv``; ``temperatureDewPoint``, ``dewpoint_c``; ``pressure_hpa``, ``pressure``). What a weather record
may say together, and how a mock record is mended, is the rule :mod:`tooldial.rules.dialogue.weather`.
"""

from __future__ import annotations

import math
import random
import re
from functools import lru_cache
from typing import Any, cast

from tooldial.knowledge import loader

_CAMEL = re.compile(r"([a-z0-9])([A-Z])")
_APPARENT = loader.words("weather", "apparent")
_NOT_AMOUNT = loader.words("weather", "not_amount")
_NOT_PRESSURE = loader.words("weather", "not_pressure")
#: (unit words, low, high) of a sea-level pressure, hPa first (the default).
PRESSURE_UNITS = ((frozenset({"hpa", "mb", "mbar", "millibar", "millibars"}), 870.0, 1085.0),
                   (frozenset({"in", "inhg", "inches"}), 25.0, 32.5),
                   (frozenset({"kpa"}), 87.0, 108.5),
                   (frozenset({"mmhg"}), 650.0, 815.0))
#: Where a drawn pressure lies in each unit of :data:`PRESSURE_UNITS` (a fair day's sea-level pressure).
_PRESSURE_DRAW = ((995.0, 1030.0, 1), (29.4, 30.4, 2), (99.5, 103.0, 2), (746.0, 772.0, 0))
#: Words of a goal about the weather: its answer reports the air temperature first (not humidity alone).
WEATHER_GOAL = loader.words("weather", "goal")
#: A weather field's role → the words of its name that say it (``role``).
_ROLE_WORDS = {role: frozenset(cast("tuple[str, ...]", words))
               for role, words in loader.word_map("weather", "role_words").items()}
#: Words of a temperature field's name that say °F, K; a day's extreme (no air temperature); a field in inches.
_FAHRENHEIT_KEYS = loader.words("units", "fahrenheit_keys")
_KELVIN_KEYS = loader.words("weather", "kelvin_keys")
_EXTREME_KEYS = loader.words("weather", "low_keys") | loader.words("weather", "high_keys")
_INCH_KEYS = loader.words("weather", "inch_keys")


@lru_cache(maxsize=8192)
def key_words(key: str) -> frozenset[str]:
    return frozenset(re.findall(r"[a-z]+", _CAMEL.sub(r"\1 \2", key).lower()))


def number(value: Any) -> float | None:
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
    w = key_words(key)
    joined = "".join(sorted(w))
    if w & _ROLE_WORDS["dew"]:
        return "dew"
    if w & _APPARENT:
        return None
    if w & _ROLE_WORDS["temp"]:
        return "temp"
    if w & _ROLE_WORDS["uv"]:
        return "uv"
    if w & _ROLE_WORDS["snow"]:
        return None if w & _NOT_AMOUNT else "snow"
    if w & _ROLE_WORDS["precip"]:
        return "chance" if w & _ROLE_WORDS["chance"] else None if w & _NOT_AMOUNT else "precip"
    if w & _ROLE_WORDS["pressure"] and not w & _NOT_PRESSURE:
        return "pressure"
    if w & _ROLE_WORDS["humidity"]:
        return "humidity"
    if w & _ROLE_WORDS["cloud"] and "type" not in w:
        return "cloud"
    if "gust" in w or "gusts" in w:
        return "gust"
    if "wind" in w and w & _ROLE_WORDS["wind_speed"] or joined == "windspeed":
        return "wind"
    return None


def celsius(key: str, value: float) -> float:
    w = key_words(key)
    if w & _FAHRENHEIT_KEYS:
        return (value - 32) * 5 / 9
    if w & _KELVIN_KEYS or value > 150:
        return value - 273.15
    return value


#: Parts of a key that every weather field's name holds (a cheap test before the names are read).
_HINTS = loader.ordered_words("weather", "field_hints")


def weather_fields(record: dict[str, Any]) -> dict[str, list[str]]:
    """Keys of a record's numeric weather fields by role (empty unless two roles or more)."""
    if sum(any(h in key.lower() for h in _HINTS) for key in record) < 2:
        return {}
    out: dict[str, list[str]] = {}
    for key, value in record.items():
        if isinstance(value, dict | list) or number(value) is None:
            continue
        r = role(key)
        if r is not None:
            out.setdefault(r, []).append(key)
    return out if len(out) >= 2 else {}


def percent(value: float) -> float:
    return value * 100 if 0 < value <= 1 and not float(value).is_integer() else value


def air_temperature(record: dict[str, Any], temps: list[str]) -> tuple[float, float] | None:
    """(air temperature, coldest temperature) of the record in °C: the plain one, else the mean of min and max."""
    values = {k: celsius(k, number(record[k]) or 0.0) for k in temps}
    if not values:
        return None
    plain = [v for k, v in values.items() if not key_words(k) & _EXTREME_KEYS]
    air = plain[0] if plain else sum(values.values()) / len(values)
    return air, min(values.values())


def imperial(key: str) -> bool:
    return bool(key_words(key) & _INCH_KEYS)


def pressure_value(key: str, rng: random.Random) -> str:
    """A fair day's sea-level pressure in the unit the field's name says (hPa unless inHg, kPa or mmHg)."""
    w = key_words(key)
    low, high, digits = next((d for units, d in zip(PRESSURE_UNITS, _PRESSURE_DRAW, strict=True) if w & units[0]),
                             _PRESSURE_DRAW[0])
    return f"{rng.uniform(low, high):.{digits}f}"


def dew_point(air_c: float, humidity: float) -> float:
    """The dew point (°C) of air at ``air_c`` and relative ``humidity`` (%), Magnus formula."""
    a, b = 17.625, 243.04
    gamma = math.log(max(humidity, 1.0) / 100) + a * air_c / (b + air_c)
    return b * gamma / (a - gamma)

