"""Record rule ``sale price``: a reduced price (``salePrice``, ``discountPrice``, ``final_price``) is at most the price
named alike without its reduction word (``price``, ``originalPrice``, ``list_price``); its fix (:meth:`SalePrice.fix`,
run by the mock-data generator) swaps a pair the wrong way round. The words are data (``money.discount_words``,
``money.regular_price_words``; a whole price's last words ``money.price_heads``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tooldial.dialogue.mockdata.fields import name_tokens
from tooldial.knowledge import loader
from tooldial.rules.record import Check, Problem, Record, RecordRule, marked_pairs, number

_DISCOUNT = loader.words("money", "discount_words")
_REGULAR = loader.words("money", "regular_price_words")
_PRICE = frozenset(loader.word_map("money", "price_heads")["whole"])  # type: ignore[arg-type]


def sale_pairs(keys: Iterable[str]) -> list[tuple[str, str]]:
    """(reduced, regular) key pairs of a record: a price with a discount word and the price whose words, besides
    regular-price words, are the others (``salePrice``/``price``, ``final_price_in_cents``/``original_price_in_cents``)."""
    return [(low, high) for low, high in marked_pairs(tuple(keys), _DISCOUNT, _REGULAR)
            if not _PRICE.isdisjoint(name_tokens(low))]


class SalePrice(RecordRule):
    """A reduced price is at most its regular price."""

    checks = (Check.SALE_PRICE,)

    def problems(self, record: Record) -> list[Problem]:
        out = []
        for low, high in sale_pairs(record.scalars):
            a, b = number(record.scalars[low]), number(record.scalars[high])
            if a is not None and b is not None and a > b:
                out.append(Problem(Check.SALE_PRICE, f"{low}={record.scalars[low]} above {high}={record.scalars[high]}",
                                   (low, high)))
        return out

    @staticmethod
    def fix(record: dict[str, Any]) -> None:
        """The generator's fix of one record: a reduced price above its regular one trades values with it."""
        scalars = [k for k, v in record.items() if not isinstance(v, dict | list | bool) and v is not None]
        for low, high in sale_pairs(scalars):
            a, b = number(record[low]), number(record[high])
            if a is not None and b is not None and a > b:
                record[low], record[high] = record[high], record[low]
