"""Record rule ``review tone``: a review's star rating agrees with its text. A record that holds one of our review
texts (``phrases/en/texts.yaml``: the ``_good`` and ``_bad`` review banks, drawn by
:func:`~tooldial.dialogue.mockdata.texts.record_text`) rates a good one in the upper part of its scale and a bad one
in the lower; the rating is a number of kind ``rating`` (``stars``) or named ``media.review_rating_words`` (``score``).
Its fix (:meth:`ReviewTone.fix`, run by the mock-data generator) moves the rating to the nearest value that agrees,
in its field's form. A blind read of session 54 found a "top critical" review of 5 stars full of praise and a review
that "stopped working" with 4.5 stars. A documented text is not judged: its tone is not known."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from tooldial.dialogue.mockdata.fields import FieldName, field_kind
from tooldial.knowledge import loader
from tooldial.rules.record import Check, Problem, Record, RecordRule, number

_RATING_WORDS = loader.words("media", "review_rating_words")
#: The share of a rating's scale a good review reaches at least (4 of 5 stars) and a bad one at most (2 of 5).
_GOOD, _BAD = 0.8, 0.4


@lru_cache(maxsize=1)
def _tones() -> dict[str, str]:
    """Each of our review texts -> its tone (``good`` or ``bad``), by the bank it is in."""
    banks = loader.phrase_banks("en", "texts")["user_texts"]
    return {str(text): name.rsplit("_", 1)[1] for name, texts in banks.items()
            if name.endswith(("_review_good", "_review_bad")) for text in texts}


def _scale(value: float) -> int | None:
    """The scale a rating is on (5, 10 or 100 points), or None for a number on no rating scale."""
    return next((top for top in (5, 10, 100) if 0 <= value <= top), None)


def _ratings(scalars: Any) -> list[str]:
    """The keys of a record's star ratings: a number of kind ``rating`` (``stars``, ``user_rating``) or named by a
    word of ``media.review_rating_words`` alone (a review's ``score``); ``total_ratings`` counts, ``helpful_score``
    measures something else."""
    return [str(key) for key, value in scalars.items() if number(value) is not None and (
        field_kind(FieldName(str(key), "number")) == "rating" or "".join(FieldName(str(key)).tokens) in _RATING_WORDS)]


def _tone(scalars: Any) -> str | None:
    return next((_tones()[v] for v in scalars.values() if isinstance(v, str) and v in _tones()), None)


def _disagrees(value: Any, tone: str) -> bool:
    rating = number(value)
    scale = _scale(rating) if rating is not None else None
    if rating is None or scale is None:
        return False
    return rating < _GOOD * scale if tone == "good" else rating > _BAD * scale


class ReviewTone(RecordRule):
    """A review's rating agrees with the tone of its text."""

    checks = (Check.REVIEW_TONE,)

    def problems(self, record: Record) -> list[Problem]:
        tone = _tone(record.scalars)
        if tone is None:
            return []
        return [Problem(Check.REVIEW_TONE, f"{key}={record.scalars[key]} beside a {tone} review", (key,))
                for key in _ratings(record.scalars) if _disagrees(record.scalars[key], tone)]

    @staticmethod
    def fix(record: dict[str, Any]) -> None:
        """The generator's fix of one record: a rating that disagrees with its review's tone moves to the bound
        (4 of 5 for a good review at least, 2 of 5 for a bad one at most), written as the field writes it (a whole
        number stays whole, a text stays a text). Nothing is drawn: the world's stream does not move."""
        tone = _tone(record)
        if tone is None:
            return
        for key in _ratings(record):
            if not _disagrees(record[key], tone):
                continue
            rating = number(record[key])
            assert rating is not None
            scale = _scale(rating) or 5
            bound = (_GOOD if tone == "good" else _BAD) * scale
            value = record[key]
            whole = isinstance(value, int) or isinstance(value, str) and "." not in value
            moved: Any = round(bound) if whole else round(bound, 1)
            record[key] = str(moved) if isinstance(value, str) else moved
