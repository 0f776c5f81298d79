"""A record of one country states that country's currency as its own."""

from __future__ import annotations

from functools import cache

from tooldial.dialogue.mockdata import FieldName, as_text, places
from tooldial.knowledge.loader import ordered_words
from tooldial.rules.record import Check, Problem, Record, RecordRule
from tooldial.rules.world.city_country import country_codes

#: Words of a currency field that make it a conversion's side or a preference, not the country's own currency.
_NOT_OWN = ordered_words("field_words", "currency_not_own")


@cache
def country_currencies() -> dict[str, str]:
    """ISO country code → its currency code (the mock world's places)."""
    return {p.country_code: p.currency for p in places()}


class CountryCurrency(RecordRule):
    """With one country code and one plain currency field, the currency is that country's (``FR`` → ``EUR``)."""

    checks = (Check.COUNTRY_CURRENCY,)
    needs = frozenset({"currency_code"})

    def problems(self, record: Record) -> list[Problem]:
        codes = country_codes(record)
        money = country_currencies()
        own = [k for k in record.scalars if record.kinds[k] == "currency_code" and not FieldName(k).has(*_NOT_OWN)]
        if len(set(codes)) == 1 and codes[0] in money and len(own) == 1:
            value = as_text(record.scalars[own[0]]).upper()
            if len(value) == 3 and value.isalpha() and value != money[codes[0]]:
                return [Problem(Check.COUNTRY_CURRENCY,
                                f"{own[0]}={value} is not the currency of {codes[0]} ({money[codes[0]]})", (own[0],))]
        return []
