"""A record that is a country by its record noun ("Country Details", a ``countries`` list) names a country and
states that country's facts (``tooldial.rules.world.country_facts``): never a drawn town with another country's
currency. The API documents below are written for these tests."""

from __future__ import annotations

import random

import pytest

from tooldial.corpus.models import Api, OutputComponent, Parameter
from tooldial.dialogue.mockdata import build_result, places
from tooldial.dialogue.mockdata.countries import country_by_name, country_info
from tooldial.dialogue.mockdata.places import lookup_places
from tooldial.rules.world.country_facts import asked_continent, asked_country, country_record

#: A country profile as a geography API documents it: objects name the capital, continent and currency.
PROFILE = {"geonameid": 2921044, "name": "Germany", "code": "DE", "population": 83000000, "is_in_eu": True,
           "capital": {"geonameid": 2950159, "name": "Berlin"}, "continent": {"geonameid": 6255148, "name": "Europe"},
           "currency": {"name": "Euro"}, "languages": [{"name": "German"}]}


def _api(name: str, *, tool: str = "Atlas of States", example=None, inputs=(), outputs=()) -> Api:
    return Api(category="Location", tool=tool, name=name, description=f"{name}.", method="GET",
               required_parameters=tuple(Parameter(name=n, type="string") for n in inputs), optional_parameters=(),
               output_components=tuple(outputs), example_response=example)


def _listed(*leaves: str) -> tuple[OutputComponent, ...]:
    return tuple(OutputComponent(path=("data", leaf), type="string", is_list=True, list_at=("data",)) for leaf in leaves)


@pytest.mark.parametrize("code, country, capital, continent, currency, member", [
    ("FR", "France", "Paris", "Europe", "Euro", True),
    ("JP", "Japan", "Tokyo", "Asia", "Yen", False),
    ("br", "Brazil", "Brasilia", "South America", "Brazilian Real", False),
])
def test_a_profile_asked_by_its_code_states_that_countrys_facts(code, country, capital, continent, currency, member):
    api = _api("Country Details", example=PROFILE, inputs=("code",))
    for seed in range(3):
        body = build_result(api, random.Random(seed), inputs={"code": code})["response"]
        assert body["name"] == country
        assert body["capital"]["name"] == capital and body["continent"]["name"] == continent
        # the documented (German) currency's name is another country's: left out, or the asked country's
        assert body["currency"].get("name", currency) == currency and body["is_in_eu"] is member
        assert body["geonameid"] == country_info()[code.upper()]["geonameid"]
        assert body["languages"] and all(isinstance(x, dict) for x in body["languages"])


def test_a_list_of_countries_names_distinct_countries_with_their_own_codes_and_capitals_coordinates():
    api = _api("Countries List", outputs=_listed("name", "iso2", "iso3", "currency", "latitude", "longitude"))
    towns = {p.city for p in places()}
    capitals = {p.city: p for p in (*lookup_places(), *places())}
    for seed in range(6):
        rows = build_result(api, random.Random(seed), records=4)["response"]["data"]
        names = [row["name"] for row in rows]
        assert len(set(names)) == len(names) and not set(names) & towns, names
        for row in rows:
            iso = country_by_name()[row["name"].lower()]
            info = country_info()[iso]
            assert (row["iso2"], row["currency"]) == (iso, info["currencycode"])
            assert row.get("iso3", info["iso3"]) == info["iso3"]
            capital = capitals.get(info["capital"])
            if capital is not None:  # the record is placed at its capital, not at the town it was drawn as
                assert (float(row["latitude"]), float(row["longitude"])) == (capital.latitude, capital.longitude)


def test_countries_asked_by_continent_lie_on_it():
    api = _api("Countries by continent", inputs=("continent",), outputs=_listed("name", "continent"))
    for seed in range(6):
        rows = build_result(api, random.Random(seed), records=3, inputs={"continent": "Europe"})["response"]["data"]
        for row in rows:
            assert country_info()[country_by_name()[row["name"].lower()]]["continentcode"] == "EU", row
            assert row["continent"] == "Europe"


def test_a_point_looked_up_keeps_its_coordinates_and_names_the_country_it_is_in():
    api = _api("point to country", example={"longitude": 2.35, "latitude": 48.85, "country_code": "FR",
                                            "country_name": "France"}, inputs=("latitude", "longitude"))
    body = build_result(api, random.Random(1), inputs={"latitude": "21.98", "longitude": "108.65"})["response"]
    assert (body["latitude"], body["longitude"]) == (21.98, 108.65)


def test_the_asked_country_is_read_from_a_code_a_name_or_a_glued_country_input_only_where_records_are_countries():
    assert asked_country({"code": "FR"}, by_code=True) == "FR"
    assert asked_country({"alpha3": "DEU"}, by_code=True) == "DE"
    assert asked_country({"countryid": "US"}, by_code=True) == "US"
    assert asked_country({"name": "Japan"}, by_code=True) == "JP"
    assert asked_country({"code": "FR"}) is None  # a product's or a coupon's code is no country
    assert asked_country({"code": "XQ"}, by_code=True) is None
    assert asked_continent({"continent": "north america"}) == "NA" and asked_continent({"continent": "EU"}) == "EU"
    assert asked_continent({"region": "Europe"}) is None


def test_a_country_record_is_told_by_its_record_noun_not_by_a_country_word_elsewhere():
    assert country_record({"name": "x"}, ("data",), "Country Details", "World Atlas")
    assert country_record({"name": "x"}, ("data", "country"), "Get Team", "Football")
    assert not country_record({"name": "x"}, ("data",), "Cities List By Country", "World Atlas")
    assert not country_record({"title": "x"}, ("data",), "Country Details", "World Atlas")


def test_a_countrys_currency_keeps_its_form_and_its_eu_flag_follows_its_name():
    api = _api("Get Country by IP", inputs=("ip",), example={
        "name": "Morocco", "isEuropeanUnion": True, "currency": "MAD,EUR", "currencyName": "Dirham"})
    body = build_result(api, random.Random(2), inputs={"ip": "41.140.10.2"})["response"]
    iso = country_by_name()[body["name"].lower()]
    assert body["isEuropeanUnion"] is (iso in {"AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR",
                                               "HU", "IE", "IT", "LV", "LT", "LU", "MT", "NL", "PL", "PT", "RO", "SK",
                                               "SI", "ES", "SE"})
    assert body["currency"] == country_info()[iso]["currencycode"]
    assert body["currencyName"][:1].isupper() and body["currencyName"] != body["currency"]


def test_a_country_named_by_a_lower_case_slug_keeps_its_form():
    api = _api("Get Countries", example=[{"country": "afghanistan", "iso3": "afg", "country_name": "Afghanistan"}])
    first = build_result(api, random.Random(1), records=3)["response"][0]
    assert first["country"] == first["country"].lower() and first["country_name"][:1].isupper()
    assert first["iso3"] == country_info()[country_by_name()[first["country_name"].lower()]]["iso3"].lower()


def test_a_country_searched_for_states_its_own_facts():
    outputs = tuple(OutputComponent(path=("countries", leaf), type="string", is_list=True, list_at=("countries",))
                    for leaf in ("name", "currency"))
    api = _api("Search Countries", inputs=("term",), outputs=outputs)
    for seed in range(4):
        first = build_result(api, random.Random(seed), inputs={"term": "spain"})["response"]["countries"][0]
        assert first == {"name": "Spain", "currency": "EUR"}, first


def test_the_cities_of_a_country_asked_by_its_code_lie_in_it():
    outputs = tuple(OutputComponent(path=("cities", leaf), type="string", is_list=True, list_at=("cities",))
                    for leaf in ("name", "latitude", "longitude"))
    api = _api("Cities in the Country", tool="Countries Cities", inputs=("code",), outputs=outputs)
    us = {p.city for p in (*places(), *lookup_places()) if p.country_code == "US"}
    for seed in range(4):
        cities = build_result(api, random.Random(seed), inputs={"code": "US"})["response"]["cities"]
        assert {c["name"] for c in cities} <= us, cities
    # a product's or a coupon's code in an API about no country places nothing
    shop = _api("Get Coupon", tool="Shop", inputs=("code",), outputs=outputs)
    assert not {c["name"] for c in build_result(shop, random.Random(1), inputs={"code": "US"})["response"]["cities"]} <= us
