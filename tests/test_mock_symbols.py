"""An undocumented ``symbol`` is drawn by what its API trades: a ticker for a stock or finance API, a coin for a
crypto one, a currency's sign where the field or its parent names money, and nothing (left out) elsewhere: a
weather API's ``symbol`` was "AAPL" (blind review of session 16) and a unit converter's ``from_symbol`` "META"."""

from __future__ import annotations

import random

import pytest
from faker.providers.currency import Provider as CurrencyProvider

from tooldial.corpus.models import Api, OutputComponent
from tooldial.dialogue.mockdata import build_result, leaf_items
from tooldial.dialogue.mockdata.world import COINS, SYMBOLS

SIGNS = set(CurrencyProvider.currency_symbols.values())


def _symbols(category: str, tool: str, name: str, *paths: tuple[str, ...], description: str = "") -> list[str]:
    api = Api(category=category, tool=tool, name=name, description=description,
              output_components=tuple(OutputComponent(path=p, is_list=len(p) > 1) for p in paths))
    out = []
    for seed in range(8):
        result = build_result(api, random.Random(seed))
        out += [str(v) for p, v in leaf_items(result) if "symbol" in p[-1].lower()]
    return out


@pytest.mark.parametrize(("category", "tool", "name", "path"), [
    ("Weather", "Foreca Weather", "Current", ("current", "symbol")),
    ("Tools", "UnitConversion", "/length/:from/:to/:number", ("from_symbol",))])
def test_a_symbol_outside_markets_is_no_ticker(category: str, tool: str, name: str, path: tuple[str, ...]) -> None:
    assert not set(_symbols(category, tool, name, path)) & (set(SYMBOLS) | set(COINS))


def test_a_currency_records_symbol_is_its_sign() -> None:
    drawn = _symbols("Travel", "skyscanner_api", "Currencies", ("currencies", "code"), ("currencies", "symbol"))
    assert drawn and set(drawn) <= SIGNS | set(CurrencyProvider.currency_symbols)
    assert set(_symbols("eCommerce", "Shop", "Search Products", ("price_symbol",), ("price",))) <= SIGNS


def test_a_market_apis_symbol_is_its_markets() -> None:
    assert set(_symbols("Finance", "Stock Price", "Get Quote", ("symbol",), ("price",))) <= set(SYMBOLS)
    assert set(_symbols("Finance", "Cryptocurrency Financial Data", "Trades Spot", ("symbol",))) <= set(COINS)
    # a stock API named for prices keeps tickers: the money word is the API's, not the field's
    assert set(_symbols("Business", "PowerTools", "StockPrices", ("result", "symbol"))) <= set(SYMBOLS)
