"""Prices, exchange rates and conversions at :data:`USD_VALUE`'s rough rates."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tooldial.corpus.schema import json_value_type
from tooldial.dialogue.mockdata.fields import FieldName, field_kind
from tooldial.dialogue.mockdata.paths import as_number, as_text
from tooldial.dialogue.mockdata.titles import PRODUCT_KIND
from tooldial.dialogue.mockdata.world import USD_VALUE
from tooldial.knowledge import loader

if TYPE_CHECKING:
    from tooldial.dialogue.mockdata.world import RecordContext


#: What a price is of (``money.priced_things``: a home, a car, a flight) and that thing's price range in USD.
_PRICED_THINGS = {thing: frozenset(words) for thing, words in loader.word_map("money", "priced_things").items()}  # type: ignore[arg-type]
_PRICE_RANGES = {thing: (float(lo), float(hi)) for thing, (lo, hi) in loader.word_map(  # type: ignore[misc]
    "money", "price_ranges_usd").items()}
#: A drawn product's price range in US dollars by what it is (``Smartphone Case``): ``money.product_prices_usd``.
_PRODUCT_PRICES = {kind: (float(lo), float(hi)) for kind, (lo, hi) in loader.word_map(  # type: ignore[misc]
    "money", "product_prices_usd").items()}


#: Words that make a ``symbol`` a currency's sign, and words of a ticker's field (``markets`` pack).
_CURRENCY_CONTEXTS = loader.ordered_words("markets", "currency_contexts")
_TICKER_FIELDS = loader.words("markets", "ticker_fields")


def currency_sign_field(f: FieldName) -> bool:
    """Whether a ``symbol`` field holds a currency's sign: the field or its parent names money (``price_symbol``,
    ``currencies|symbol``, ``floorPrice|symbol``), and it is no ticker's (a StockPrices API's ``stock_symbol``).
    The mock world draws a sign there."""
    return _symbol_under(f, _CURRENCY_CONTEXTS)


#: Words of a ``symbol`` field or its parent that make it the sign of a price (``markets.price_sign_contexts``).
_PRICE_SIGN_CONTEXTS = loader.ordered_words("markets", "price_sign_contexts")


def price_sign_field(f: FieldName) -> bool:
    """Whether a ``symbol`` field is a price's currency sign (``price_symbol``, ``floorPrice|symbol``): it names no
    record ("₹ with 3.3 stars" named two ads), unlike the symbol of a currency in a list of currencies."""
    return _symbol_under(f, _PRICE_SIGN_CONTEXTS)


def _symbol_under(f: FieldName, contexts: Sequence[str]) -> bool:
    """Whether the field or its parent names one of ``contexts`` and the field is no ticker's."""
    return (f.has(*contexts) or FieldName(f.parent).has(*contexts)) and not f.has(*_TICKER_FIELDS)


_PRICE_HEADS = frozenset(loader.word_map("money", "price_heads")["whole"])  # type: ignore[arg-type]
_LODGING = frozenset(loader.word_map("money", "lodging_context")["stay"])  # type: ignore[arg-type]


def priced_thing(f: FieldName) -> str | None:
    """What a price field prices: the first thing its own name names (``rent_price``), else the first its API's
    name or path names (``properties/detail``: a home; a property of a hotel or travel API is a stay), else None
    (a product: a few to a few hundred dollars). Only a whole price is priced so (its last word a price's:
    ``money.price_heads``; not ``pricePerSqFt``, ``priceChange``)."""
    if not f.tokens or f.tokens[-1] not in _PRICE_HEADS:
        return None
    for words in (set(f.tokens), f.title):
        thing = next((t for t, names in _PRICED_THINGS.items() if names & words), None)
        if thing == "property" and _LODGING & f.context:
            return "stay"
        if thing is not None:
            return thing
    return None


def _gen_price(f: FieldName, ctx: RecordContext) -> str:
    """A price in the record's currency (the currency drawn for it, else its place's): 5–500 ZAR is no hotel
    night in Soweto. A few to a few hundred US dollars' worth, unless the field or its API names a thing with a
    range of its own (a home, a car, a flight: :func:`priced_thing`); a price of thousands is rounded."""
    rng = ctx.world.rng
    currency = ctx.currencies[0] if ctx.currencies else ctx.store_currency or (
        ctx._place.currency if ctx._place is not None else "USD")
    factor = 1 / USD_VALUE[currency] if currency in USD_VALUE else 1.0
    if f.has("salary", "revenue"):
        return str(int(round(rng.randint(30, 180) * 1000 * factor, -3)))
    thing = priced_thing(f)
    product = ctx.values.get(PRODUCT_KIND) if f.tokens and f.tokens[-1] in _PRICE_HEADS else None
    if thing is None and product in _PRODUCT_PRICES:  # the record's title named it: "Coleman Smartphone Case"
        low, high = _PRODUCT_PRICES[str(product)]
        text = f"{rng.uniform(low, high) * factor:.2f}"
    elif thing is None:
        text = f"{rng.uniform(5, 500) * factor:.2f}"
    else:
        low, high = _PRICE_RANGES[thing]
        price = rng.uniform(low, high) * factor
        text = str(int(round(price, -3))) if price >= 10_000 else f"{price:.2f}"
    return in_minor_units(text) if f.has(*_MINOR_UNIT_NAMES) else text


#: Words of a money field counted in minor units (``money.minor_unit_names``: ``price_cents``) and of a money
#: input's description that says so (``money.minor_unit_docs``: "Charge amount (In cents)").
_MINOR_UNIT_NAMES = loader.ordered_words("money", "minor_unit_names")
_MINOR_UNIT_DOCS = re.compile("|".join(loader.ordered_words("money", "minor_unit_docs")), re.IGNORECASE)


def minor_units_described(description: str) -> bool:
    """Whether a money input's description counts it in minor units (cents, pence)."""
    return bool(description) and _MINOR_UNIT_DOCS.search(description) is not None


def in_minor_units(price: str) -> str:
    """A drawn price in its currency's minor unit: whole, a hundred times it (28.67 → 2867)."""
    value = as_number(price)
    return price if value is None else str(round(value * 100))


def _gen_rate(f: FieldName, ctx: RecordContext) -> str | None:
    """An exchange rate between the record's first two currencies (drawn now if missing)."""
    while len(ctx.currencies) < 2:
        ctx.currency()
    base, quote = ctx.currencies[:2]
    if base not in USD_VALUE or quote not in USD_VALUE:
        return None  # no rate is better than a made-up 1.0
    return rate_text(USD_VALUE[base] / USD_VALUE[quote])


def rate_text(rate: float) -> str:
    """A rate with four significant digits at least (0.000024 stays nonzero)."""
    return f"{rate:.4f}" if rate >= 0.01 else f"{rate:.4g}"


def currency_inputs(inputs: dict[str, Any]) -> list[str]:
    """The ISO currencies a call names, in order (``from=EUR``, ``to=JPY``; ``base=usd`` too)."""
    return [as_text(v).strip().upper() for k, v in inputs.items() if as_text(v).strip().upper() in USD_VALUE
            and len(as_text(v).strip()) == 3 and field_kind(FieldName(k)) != "query"]


_FROM_SIDE = loader.ordered_words("money", "from_side")
#: Words of a conversion's amount input; of a money field that a currency change converts.
_AMOUNT_INPUTS = loader.ordered_words("money", "amount_inputs")
_PRICE_WORDS = loader.ordered_words("field_words", "not_limit")


def conversion_expected(inputs: dict[str, Any]) -> tuple[str, str, float, float] | None:
    """(from, to, amount, expected converted amount) of a currency conversion the inputs ask for (an amount and
    two currencies with rates), else None. The side named ``from``/``origin``/``base``/``source`` is converted
    from; without side words, the first currency named."""
    codes = {k: as_text(v).strip().upper() for k, v in inputs.items() if as_text(v).strip().upper() in USD_VALUE
             and len(as_text(v).strip()) == 3}
    amount = next((as_number(v) for k, v in inputs.items() if k not in codes and as_number(v) is not None
                   and FieldName(k).has(*_AMOUNT_INPUTS)), None)
    if len(codes) != 2 or amount is None or len(set(codes.values())) != 2:
        return None
    keys = list(codes)
    first = next((k for k in keys if FieldName(k).has(*_FROM_SIDE)), keys[0])
    src, dst = codes[first], codes[next(k for k in keys if k != first)]
    return src, dst, amount, round(amount * USD_VALUE[src] / USD_VALUE[dst], 2)


def _convert_money(example: dict[str, Any], filled: dict[str, Any]) -> None:
    """A documented amount kept in a record whose currency changed (a Lisbon hotel's 142 EUR served in Soweto
    as 142 ZAR, about 8 USD) is converted at :data:`USD_VALUE`'s rough rates."""
    if not any("currency" in k.lower() or "base" in k.lower() or "symbols" in k.lower() or re.sub(
            r"[^a-z0-9]", "", k.lower()) in ("from", "to") for k in example):
        return  # no key that can name a currency (a cheap test before the field names)
    key = next((k for k in example if field_kind(FieldName(k)) == "currency_code" or FieldName(k).joined in (
        "currency", "currencycode")), None)
    old, new = (as_text(example.get(key)).upper(), as_text(filled.get(key)).upper()) if key else ("", "")
    if not key or old == new or old not in USD_VALUE or new not in USD_VALUE:
        return
    factor = USD_VALUE[old] / USD_VALUE[new]
    for k, value in example.items():
        if not (field_kind(FieldName(k, json_value_type(value))) == "price" or FieldName(k).has(*_PRICE_WORDS)) or isinstance(value, bool) or \
                filled.get(k) != value or as_number(value) is None:
            continue
        amount = (as_number(value) or 0.0) * factor
        filled[k] = round(amount) if isinstance(value, int) else round(amount, 2) if isinstance(value, float) else \
            f"{amount:.2f}"
