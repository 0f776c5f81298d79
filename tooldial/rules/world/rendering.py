"""Record rule ``rendering``: a number written out for people (``price_string``, ``scoreText``, ``formattedPrice``,
``amountFormatted``, ``normalPriceStr``) states the number of the field it renders (``price``, ``score``, ``amount``,
``normalPrice``): an ad priced 40427 was shown as "128.27". The field it renders is named by the same words less
the rendering's (``labels.rendering_words``). Its fix (:meth:`Rendering.fix`, run by the mock-data generator) writes
the number into the text in the text's own form: its decimals, thousands separators, sign and words are kept
("$1,299.00" for 1299.5 is "$1,299.50"), and an abbreviated magnitude ("1.2M subscribers") stays abbreviated."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from tooldial.dialogue.mockdata.fields import FieldName, field_kind
from tooldial.knowledge import loader
from tooldial.rules.record import Check, Problem, Record, RecordRule, marked_pairs, number

_RENDERING = loader.words("labels", "rendering_words")
#: Abbreviated magnitudes after a number ("31.4M", "2bn"): ``labels.magnitude_suffixes``.
_MAGNITUDES = {suffix: float(size) for suffix, size in loader.word_map("labels", "magnitude_suffixes").items()}  # type: ignore[arg-type]
#: A number in a text, with its thousands separators and an abbreviated magnitude after it ("1,299.50", "1.2M").
_NUMBER = re.compile(r"(?<![\w.])(-?\d{1,3}(?:,\d{3})+|-?\d+)(\.\d+)?\s?(" + "|".join(
    sorted(_MAGNITUDES, key=len, reverse=True)) + r")?(?![\w.])", re.IGNORECASE)


def rendering_pairs(keys: Iterable[str]) -> list[tuple[str, str]]:
    """(rendering, rendered) key pairs of a record: a key with a rendering word whose other words are another
    key's (``price_string`` / ``price``, ``formattedTrialPrice`` / ``trialPrice``); an id's ``display_id`` is none."""
    return [(key, base) for key, base in marked_pairs(tuple(keys), _RENDERING)
            if field_kind(FieldName(base, "number")) != "id"]


def _stated(text: str) -> tuple[re.Match[str], float, int, float] | None:
    """The first number a text states: its match, its value with the magnitude applied, its decimals, the
    magnitude."""
    m = _NUMBER.search(text)
    if m is None:
        return None
    magnitude = _MAGNITUDES.get((m.group(3) or "").lower(), 1.0)
    value = float(m.group(1).replace(",", "") + (m.group(2) or ""))
    return m, value * magnitude, len(m.group(2) or "") - (1 if m.group(2) else 0), magnitude


def _disagree(record: Mapping[str, Any], rendering: str, base: str) -> bool:
    text, value = record[rendering], number(record[base])
    stated = _stated(text) if isinstance(text, str) and value is not None else None
    if stated is None:
        return False
    _, said, decimals, magnitude = stated
    return abs(said - value) > 0.5 * magnitude * 10 ** -decimals + 1e-9


def _written(text: str, value: float) -> str:
    """``text`` with its first number replaced by ``value`` in that number's form."""
    m, _, decimals, magnitude = _stated(text)  # type: ignore[misc]
    shown = f"{value / magnitude:,.{decimals}f}" if "," in m.group(1) else f"{value / magnitude:.{decimals}f}"
    return text[:m.start()] + shown + (m.group(0)[len(m.group(1) + (m.group(2) or "")):]) + text[m.end():]


class Rendering(RecordRule):
    """A number written out states the number it renders."""

    checks = (Check.RENDERING,)

    def problems(self, record: Record) -> list[Problem]:
        return [Problem(Check.RENDERING, f"{key}={record.scalars[key]!r} does not state {base}={record.scalars[base]}",
                        (key, base)) for key, base in rendering_pairs(record.scalars)
                if _disagree(record.scalars, key, base)]

    @staticmethod
    def fix(record: dict[str, Any]) -> None:
        """The generator's fix of one record: each rendering that disagrees is written again from its number."""
        scalars = [k for k, v in record.items() if not isinstance(v, dict | list | bool) and v is not None]
        for key, base in rendering_pairs(scalars):
            if _disagree(record, key, base):
                record[key] = _written(record[key], number(record[base]))  # type: ignore[arg-type]
