"""Record rule ``weather condition``: a sky condition agrees with its chance of rain; its fix (:func:`fix_sky`, run
by the mock-data generator) draws a chance of rain that fits the sky."""

from __future__ import annotations

import random
import re
from typing import Any

from tooldial.dialogue.mockdata.fields import FieldName, field_kind
from tooldial.dialogue.mockdata.paths import as_number
from tooldial.knowledge.loader import ordered_words
from tooldial.rules.record import Check, Problem, Record, RecordRule


class Sky(RecordRule):
    """A weather condition agrees with its chance of rain (no "Clear" at 90%)."""

    checks = (Check.WEATHER_CONDITION,)

    def problems(self, record: Record) -> list[Problem]:
        return sky_problems(dict(record.scalars))

    @staticmethod
    def fix(record: dict[str, Any], rng: random.Random) -> None:
        """The generator's fix of one record: :func:`fix_sky`."""
        fix_sky(record, rng)


#: Sky conditions that rule a high or a low chance of rain in (``"Sunny"`` with 89% rain reads as a contradiction).
_DRY_SKY = re.compile(r"\b(" + "|".join(ordered_words("weather", "dry_sky")) + r")\b", re.I)


_WET_SKY = re.compile(r"\b(" + "|".join(ordered_words("weather", "wet_sky")) + r")\b", re.I)

#: Parts of a key that a chance of rain holds; words of a sky condition field and of a chance-of-rain field.
_RAIN_HINTS = ordered_words("weather", "rain_hints")
_SKY_WORDS = ordered_words("weather", "sky_condition_words")
_RAIN_WORDS = ordered_words("weather", "rain_chance_words")


def _sky_fields(record: dict[str, Any]) -> tuple[str | None, str | None]:
    """A record's sky condition and its chance of rain (keys), when it has both."""
    if not any(w in key.lower() for key in record for w in _RAIN_HINTS):
        return None, None  # no chance of rain (a cheap test before the field names)
    sky = next((k for k, v in record.items() if isinstance(v, str) and FieldName(k).has(*_SKY_WORDS)), None)
    chance = next((k for k, v in record.items() if as_number(v) is not None and FieldName(k).has(*_RAIN_WORDS) and field_kind(FieldName(k, "number")) == "percent"), None)
    return sky, chance


def sky_problems(record: dict[str, Any]) -> list[Problem]:
    """A dry sky with a likely rain, or a wet one with an unlikely rain: rule ``weather condition``."""
    sky, chance = _sky_fields(record)
    if sky is None or chance is None:
        return []
    value = as_number(record[chance]) or 0.0
    if _DRY_SKY.search(record[sky]) and not _WET_SKY.search(record[sky]) and value > 30:
        return [Problem(Check.WEATHER_CONDITION, f"{sky}={record[sky]!r} with {chance}={record[chance]}", (sky, chance))]
    if _WET_SKY.search(record[sky]) and value < 40:
        return [Problem(Check.WEATHER_CONDITION, f"{sky}={record[sky]!r} with {chance}={record[chance]}", (sky, chance))]
    return []


def fix_sky(record: dict[str, Any], rng: random.Random) -> None:
    """A chance of rain that fits the sky condition (dry: 0–20%, wet: 50–95%)."""
    if sky_problems(record):
        sky, chance = _sky_fields(record)
        assert sky is not None and chance is not None
        value = rng.randint(0, 20) if not _WET_SKY.search(record[sky]) else rng.randint(50, 95)
        record[chance] = value if not isinstance(record[chance], str) else str(value)
