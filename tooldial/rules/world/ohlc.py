"""A price bar's high is its highest value and its low its lowest."""

from __future__ import annotations

from tooldial.dialogue.mockdata import OHLC_WORDS, ohlc_groups
from tooldial.rules.record import Check, Problem, Record, RecordRule, number


class Ohlc(RecordRule):
    """high ≥ open/close ≥ low for each open/high/low/close group of a record (``open``, ``o``, ``openPrice``...)."""

    checks = (Check.OHLC,)

    def problems(self, record: Record) -> list[Problem]:
        scalars, out = record.scalars, []
        for group in ohlc_groups(scalars):
            price = {word: number(scalars[key]) for word, key in group.items()}
            body = [v for w, v in price.items() if w in ("open", "close")]
            if not price["high"] >= max(body) >= min(body) >= price["low"]:  # type: ignore[operator]
                shown = ", ".join(f"{group[w]}={scalars[group[w]]}" for w in OHLC_WORDS if w in group)
                out.append(Problem(Check.OHLC, f"high >= open/close >= low does not hold ({shown})",
                                   tuple(group[w] for w in OHLC_WORDS if w in group)))
        return out
