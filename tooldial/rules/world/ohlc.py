"""Record rule ``ohlc``: a price bar's high is its highest value and its low its lowest; its fix (:meth:`Ohlc.fix`,
run by the mock-data generator) swaps the prices into place."""

from __future__ import annotations

from typing import Any

from tooldial.dialogue.mockdata import OHLC_WORDS, candle_price, ohlc_groups
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

    @staticmethod
    def fix(record: dict[str, Any]) -> None:
        """The generator's fix of one record: high ≥ max(open, close) ≥ min(open, close) ≥ low (varied documented
        prices broke it), by swapping the highest price into ``high`` and the lowest into ``low``."""
        for group in ohlc_groups(record):
            keys = list(group.values())
            top = max(keys, key=lambda k: candle_price(record[k]))  # type: ignore[arg-type,return-value]
            bottom = min(keys, key=lambda k: candle_price(record[k]))  # type: ignore[arg-type,return-value]
            if top != group["high"]:
                record[top], record[group["high"]] = record[group["high"]], record[top]
            if bottom == group["high"]:  # moved by the swap above
                bottom = top
            if bottom != group["low"]:
                record[bottom], record[group["low"]] = record[group["low"]], record[bottom]
