"""A search's result is about what was searched (tooldial.dialogue.mockdata.searched): a city searched by name is
the first record, a company's ticker is the first record's symbol, a name searched is the first record's name, and
a request the result echoes is the one asked. Each case is a held-out review's complaint."""

from __future__ import annotations

import random

import pytest

from tooldial.corpus.models import Api, OutputComponent, Parameter
from tooldial.dialogue.mockdata import build_result
from tooldial.dialogue.mockdata.searched import searched
from tooldial.knowledge import loader


def _api(name, tool, params, example, category="Data", description=""):
    return Api(category=category, tool=tool, name=name, description=description,
               required_parameters=tuple(Parameter(name=p) for p in params), example_response=example)


CITY_SEARCH = _api("Search City by Name", "location_and_time", ["name"], {
    "request": {"city": "Shanghai"},
    "response": [{"name": "Shanghai", "latitude": 31.22, "longitude": 121.46, "countrycode": "CN",
                  "timezone": "Asia/Shanghai"}]})


@pytest.mark.parametrize("seed", range(4))
def test_a_city_searched_by_name_is_the_first_record_and_the_echoed_request(seed):
    body = build_result(CITY_SEARCH, random.Random(seed), records=2, inputs={"name": "New York"})["response"]
    first = body["response"][0]
    assert first["name"] == "New York City" and first["countrycode"] == "US"  # not Prayagraj
    assert first["timezone"] == "America/New_York" and abs(first["latitude"] - 40.71) < 0.1
    assert body["request"]["city"] == "New York"  # the request asked, not "Khartoum"
    assert {r["countrycode"] for r in body["response"]} == {"US"}  # the other matches lie in its country


@pytest.mark.parametrize(("query", "ticker"), [("Apple", "AAPL"), ("pizza hut", "YUM"), ("NVDA", "NVDA")])
def test_a_stock_search_finds_the_companys_ticker_from_the_pack(query, ticker):
    api = _api("Query Stocks", "StockSearch", ["query"], [{"symbol": "TSLA", "region": "US"}], "Finance")
    body = build_result(api, random.Random(1), records=2, inputs={"query": query})["response"]
    assert body[0]["symbol"] == ticker
    assert loader.word_map("money", "company_tickers")["apple"] == "AAPL"


def test_an_unknown_company_keeps_its_ticker_rather_than_a_made_up_one():
    api = _api("Query Stocks", "StockSearch", ["query"], [{"symbol": "TSLA", "region": "US"}], "Finance")
    body = build_result(api, random.Random(1), records=2, inputs={"query": "Zorblax Widgets"})["response"]
    assert body[0]["symbol"] == "TSLA"


def test_a_coin_searched_by_name_is_its_symbol():
    api = _api("Get coin", "Crypto Ranking Data", ["coin"], {"symbol": "DOGE", "rank": 9}, "Finance")
    body = build_result(api, random.Random(1), records=2, inputs={"coin": "bitcoin"})["response"]
    assert body["symbol"] == "BTC"


@pytest.mark.parametrize("seed", range(3))
def test_the_first_record_of_a_name_search_is_named_so_and_other_names_stay(seed):
    users = _api("User Search", "instagram", ["keyword"], {"data": [{"position": 1, "user": "natgeo"}]}, "Social")
    body = build_result(users, random.Random(seed), records=2, inputs={"keyword": "insta"})["response"]
    assert body["data"][0]["user"] == "Insta"
    towns = _api("Search for a town", "Find Places to Live", ["query"], [{"label": "Brooklyn, NY"}])
    assert build_result(towns, random.Random(seed), inputs={"query": "stamford"})["response"][0]["label"] == "Stamford"
    news = _api("search_free", "newscatcher", ["q"], {"articles": [
        {"title": "Stocks rally", "author": "Jane Roe", "source_name": "The Times"}]}, "News_Media")
    article = build_result(news, random.Random(seed), inputs={"q": "Elon Musk"})["response"]["articles"][0]
    assert (article["author"], article["source_name"]) == ("Jane Roe", "The Times")  # not the record's own name


def test_an_autocomplete_of_a_place_finds_the_city_it_starts():
    api = _api("Autocomplete", "Waze", ["q"], {"data": [{"name": "Sunset Blvd", "latitude": 34.1, "longitude": -118.3}]},
               "Transportation", "Waze autocomplete for places, locations and addresses.")
    first = build_result(api, random.Random(1), inputs={"q": "sunn"})["response"]["data"][0]
    assert first["name"] == "Sunnyvale" and abs(first["longitude"] + 122.04) < 0.1


def test_a_product_search_names_its_products_after_the_query():
    api = _api("Get product search results", "Shop", ["searchQuery"], None, "Commerce").model_copy(update={
        "output_components": tuple(OutputComponent(path=("products", leaf), is_list=True) for leaf in ("id", "title"))})
    body = build_result(api, random.Random(1), records=3, inputs={"searchQuery": "running shoes"})["response"]
    assert all(p["title"].endswith("Running Shoes") for p in body["products"])


def test_only_a_search_api_reads_a_name_input_as_the_searched_thing():
    assert searched(CITY_SEARCH, {"name": "New York"}).place.city == "New York City"
    insult = _api("insult", "jokes", ["name"], {"text": "hi"})
    assert searched(insult, {"name": "Alex"}) is None
    message = _api("Search messages", "mail", ["from_name"], {"text": "hi"})
    assert searched(message, {"from_name": "Mailee"}) is None  # a sender, not what the search finds


def test_a_keyword_that_filters_or_a_flag_names_no_record():
    domains = _api("newlyRegisteredDomains", "check_disposable_email", ["keywords"], {"domains": [{"name": "00005.top"}]})
    body = build_result(domains, random.Random(1), inputs={"keywords": "startups"})["response"]
    assert body["domains"][0]["name"] == "00005.top"  # no domain named "Startups": the API searches nothing
    stocks = _api("Query Stocks V2", "StockSearch", ["searchMetadata", "query"], [{"symbol": "TSLA"}], "Finance")
    assert searched(stocks, {"searchMetadata": "true", "query": "pizza hut"}).ticker == "YUM"
