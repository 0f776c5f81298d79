"""An undocumented brand of a record that has real brands is a real one (the ``brands`` pack): a payment method's
card network, a vehicle's make, a flight's airline with its own IATA and ICAO codes; other organisation names stay
Faker's (blind review of session 16: airlines "Martinez-Zamora", a car brand "Gonzales Group")."""

from __future__ import annotations

import random

from tooldial.corpus.models import Api, OutputComponent
from tooldial.dialogue.mockdata import build_result, leaf_items
from tooldial.knowledge import loader

NAMES = loader.word_map("brands", "brand_names")
CODES = loader.word_map("brands", "airline_codes")


def _records(name: str, tool: str, *paths: tuple[str, ...]) -> list[dict[str, str]]:
    api = Api(category="Travel", tool=tool, name=name, description="",
              output_components=tuple(OutputComponent(path=p) for p in paths))
    out = []
    for seed in range(10):
        result = build_result(api, random.Random(seed))
        out.append({"|".join(p): str(v) for p, v in leaf_items(result)})
    return out


def test_a_payment_methods_brand_is_a_card_network() -> None:
    records = _records("Checkout", "Shop", ("payment_method", "brand"), ("payment_method", "last4"))
    assert {r["payment_method|brand"] for r in records} <= set(NAMES["payment_card"])


def test_a_vehicles_brand_and_manufacturer_are_car_makes() -> None:
    records = _records("Get Vehicle", "VIN Decoder", ("vehicle", "brand"), ("vehicle", "manufacturer"))
    assert {v for r in records for v in r.values()} <= set(NAMES["car"])


def test_a_flights_airline_name_and_codes_are_one_real_airline() -> None:
    records = _records("Flight Info", "Flight Data", ("flight", "airline_name"), ("flight", "airline_iata"),
                       ("flight", "airline_icao"))
    for r in records:
        name = r["flight|airline_name"]
        assert name in NAMES["airline"] and [r["flight|airline_iata"], r["flight|airline_icao"]] == str(
            CODES[name]).split()


def test_a_flights_manufacturer_is_no_airline_and_a_firms_brand_stays_fakers() -> None:
    makers = {r["flight|manufacturer"] for r in _records("Flight Info", "Flight Data", ("flight", "manufacturer"))}
    assert not makers & set(NAMES["airline"])
    brands = {r["company|brandName"] for r in _records("Get Company", "B2B", ("company", "brandName"))}
    assert not brands & {n for names in NAMES.values() for n in names}


def test_every_airline_has_its_codes() -> None:
    assert set(NAMES["airline"]) == set(CODES)
    assert all(len(str(c).split()) == 2 and len(str(c).split()[0]) == 2 and len(str(c).split()[1]) == 3
               for c in CODES.values())


def test_a_products_brand_and_maker_are_the_brand_its_title_names() -> None:
    """The title said "Perez Ergonomic Chair" and the brand "Thomas-Rodriguez": one product, one maker, one thing
    (its names in several languages name the same product); a shipping carrier is no maker of it."""
    records = _records("Get Product Details", "Shop Scraper", ("product", "title"), ("product", "brand"),
                       ("product", "manufacturer"), ("product", "DisplayName_de"), ("product", "carrier"),
                       ("product", "processor_brand"))
    for r in records:
        assert r["product|brand"] == r["product|manufacturer"] == r["product|title"].split()[0]
        assert r["product|DisplayName_de"] == r["product|title"]
        assert r.get("product|carrier") != r["product|brand"] != r.get("product|processor_brand")  # a part's
    assert len({r["product|brand"] for r in records}) > 1  # drawn per record, not one brand for all


def test_a_drawn_products_price_is_a_price_of_what_its_title_names() -> None:
    from tooldial.dialogue.mockdata import USD_VALUE

    ranges = loader.word_map("money", "product_prices_usd")
    products = set(loader.phrase_banks("en", "titles")["products"])
    assert products <= set(ranges), "every product a title is drawn from has a price range"
    records = _records("Single Product Details", "Amazon Data", ("name",), ("currency",), ("list_price",))
    for r in records:
        kind = next(k for k in ranges if r["name"].endswith(k))
        low, high = (float(x) for x in ranges[kind])  # type: ignore[union-attr]
        usd = float(r["list_price"]) * USD_VALUE[r["currency"]]
        assert low * 0.99 <= usd <= high * 1.01, r


def test_a_price_nothing_placed_is_in_us_dollars_not_in_a_drawn_towns_currency() -> None:
    """An Amazon.com product was priced 1,059.69 (rand) because its country of origin was drawn in South Africa:
    a price of a call that no place, search or tool's country placed is in the store's currency, US dollars
    (``ResultBuilder.store_currency``); a currency field beside it says so."""
    ranges = loader.word_map("money", "product_prices_usd")
    records = _records("Single Product Details", "Amazon Data", ("name",), ("country_of_origin",), ("list_price",))
    for r in records:
        kind = next(k for k in ranges if r["name"].endswith(k))
        low, high = (float(x) for x in ranges[kind])  # type: ignore[union-attr]
        assert low * 0.99 <= float(r["list_price"]) <= high * 1.01, r
    with_code = _records("Single Product Details", "Amazon Data", ("name",), ("city",), ("price",), ("currency",))
    assert {r["currency"] for r in with_code} == {"USD"}
    # records that each hold their own currency (wallets) are not all in the store's
    api = Api(category="Finance", tool="Wallet", name="List Wallets", description="", output_components=tuple(
        OutputComponent(path=("wallets", leaf), is_list=True, list_at=("wallets",)) for leaf in ("currency", "balance")))
    held = {w["currency"] for seed in range(4) for w in build_result(api, random.Random(seed), records=3)["response"]["wallets"]}
    assert len(held) > 1, held
