"""Third round of validity rules (issue 10, item 2): principles read from the errors of a held-out part (v3) and
checked on the other parts (v1 + v2) without change.

Each test is a small example written for it (tool names, documentation and values are made up) and fails on the
rules before this round: counts are no ids or request sizes, a symbol's market is also its target endpoint's, a
currency record's symbol is its sign, a URL input of one site, a country's centre point, an array of undocumented
items, settings of another asset class, time zones written as two words and IANA names, reference lookups of a
code, a round trip that returns what the caller had."""

from __future__ import annotations

from conftest import graph_entity

from tooldial.graph.validity import (
    api_market,
    classify,
    is_area_centre,
    is_count,
    judge_edge,
)

ent = graph_entity


def test_a_count_of_records_is_neither_an_identifier_nor_a_request_size():
    followers = ent("Social|photo_gram|Profile", "output", "owner|followers", type="integer")
    following = ent("Social|photo_gram|Profile", "output", "following", type="integer")
    rows = ent("Sports|ball_stats|Season stats", "output", "results", type="integer")
    assert is_count(followers) and is_count(following) and is_count(rows)
    assert not is_count(ent("Social|photo_gram|Profile", "output", "owner|id", type="integer"))
    by_id = ent("Social|photo_gram|Followers of a user", "input", "id")
    got = judge_edge(followers, by_id, 0.9, 0.9)
    assert not got.keep and "count" in got.reason
    assert not judge_edge(following, by_id, 0.9, 0.9).keep
    leaders = ent("Sports|ball_stats|Leaders", "input", "results", documented="The number of results to return.")
    assert not judge_edge(rows, leaders, 1.0, 0.9).keep
    # the user's id still feeds it
    assert judge_edge(ent("Social|photo_gram|Profile", "output", "user|id", type="integer"), by_id, 0.9, 0.9).keep


def test_a_symbol_without_a_market_does_not_feed_an_endpoint_that_names_another_market():
    quote = ent("Finance|market_wire|Quote", "output", "quote|symbol")
    crypto_daily = ent("Finance|market_wire|DIGITAL_CURRENCY_DAILY", "input", "symbol", example="BTC",
                       documented="The digital/crypto currency of your choice, e.g. BTC.")
    fx = ent("Finance|market_wire|FX_DAILY", "input", "from_symbol", example="EUR",
             documented="A three-letter symbol from the forex currency list.")
    assert classify(crypto_daily).market == "crypto"  # "digital currency" is a coin, not a fiat currency
    for target in (crypto_daily, fx):
        got = judge_edge(quote, target, 1.0, 0.9)
        assert not got.keep and "markets" in got.reason
    # a coin's ticker of another tool feeds the crypto series
    coin = ent("Financial|coin_desk|Coin profile", "output", "symbol", example="ETH")
    assert judge_edge(coin, crypto_daily, 1.0, 0.9).keep
    # a "base currency" of a crypto tool shown with a coin is a coin
    base = ent("Financial|Crypto Board|Base Currency", "input", "symbol", example="BTC", documented="Set value")
    assert classify(base).market == "crypto" and judge_edge(coin, base, 1.0, 0.9).keep


def test_a_currency_records_symbol_is_its_sign():
    sign = ent("Travel|fare_finder|Currencies", "output", "currencies|symbol", documented="The currency symbol.")
    assert classify(sign).fmt == "sign"
    fx = ent("Finance|market_wire|FX_DAILY", "input", "from_symbol", example="EUR",
             documented="A three-letter symbol from the forex currency list.")
    got = judge_edge(sign, fx, 1.0, 0.9)
    assert not got.keep and "sign" in got.reason
    # a symbol documented as a code is one
    code = ent("Travel|fare_finder|Currencies", "output", "currencies|symbol", documented="ISO code, e.g. EUR")
    assert classify(code).fmt != "sign"


def test_a_url_input_of_one_site_takes_only_urls_that_say_they_are_that_sites():
    target = ent("Social|clip_share|Video by Url", "input", "url", example="https://www.clipshare.com/@a/video/12")
    review_video = ent("Commerce|shop_scraper|Product reviews", "output", "reviews|videoUrl")
    got = judge_edge(review_video, target, 1.0, 0.9)
    assert not got.keep and "clipshare.com" in got.reason
    # the site's own tool family, or an example of the same site, passes
    own = ent("Social|clipshare downloads|Trending", "output", "items|video_url")
    assert judge_edge(own, target, 1.0, 0.9).keep
    same_site = ent("Social|feed_reader|Posts", "output", "video_url", example="https://m.clipshare.com/v/9")
    assert judge_edge(same_site, target, 1.0, 0.9).keep
    # an API illustrated with another site's URL takes any URL of its kind
    resize = ent("Media|pic_tools|Resize image", "input", "image_url", example="https://cdn.stockpics.com/a.jpg")
    photo = ent("Commerce|shop_scraper|Product", "output", "images|image_url")
    assert judge_edge(photo, resize, 1.0, 0.9).keep


def test_a_countrys_or_a_states_centre_point_is_not_a_place():
    centre = ent("Data|atlas|Search Countries by population", "output", "latLng|lat")
    state = ent("Location|atlas_world|Get States", "output", "data|longitude")
    capital = ent("Data|atlas|Search Countries by population", "output", "capital|latLng|lat")
    echoed = ent("Mapping|geo_tools|point_to_country", "output", "longitude")
    assert is_area_centre(centre) and is_area_centre(state)
    assert not is_area_centre(capital) and not is_area_centre(echoed)
    nearby = ent("Data|city_finder|Search City by Location", "input", "lat")
    got = judge_edge(centre, nearby, 1.0, 0.9)
    assert not got.keep and "centre point" in got.reason
    assert not judge_edge(state, ent("Weather|sky|Forecast", "input", "longitude"), 1.0, 0.9).keep
    assert judge_edge(capital, nearby, 1.0, 0.9).keep
    # the local time of a country is asked at its centre
    assert judge_edge(centre, ent("Data|clock|Get Time by Location", "input", "lat"), 1.0, 0.9).keep


def test_an_array_of_undocumented_items_does_not_fill_one_scalar_input():
    cities = ent("Location|atlas_world|Get States", "output", "data|cities", type="array", is_list=True)
    from_city = ent("Data|clock|Time at Other City", "input", "from_city", example="Lisbon")
    got = judge_edge(cities, from_city, 0.9, 0.9)
    assert not got.keep and "array" in got.reason
    names = ent("Location|atlas_world|Get States", "output", "data|cities", is_list=True)  # documented strings
    assert judge_edge(names, from_city, 0.9, 0.9).keep


def test_a_setting_chains_only_within_one_asset_class():
    assert api_market("Financial|quotes_hub|Forex Historical Price") == "currency"
    assert api_market("Financial|Crypto|Currency Converter") == "crypto"  # coins are currencies too
    forex_period = ent("Financial|quotes_hub|Forex Historical Price", "output", "info|period")
    crypto_period = ent("Financial|quotes_hub|Crypto Historical Price", "input", "period")
    got = judge_edge(forex_period, crypto_period, 1.0, 0.9)
    assert not got.keep and "market" in got.reason
    assert judge_edge(forex_period, ent("Financial|quotes_hub|Forex Pivot Points", "input", "period"), 1.0, 0.9).keep
    # an amount is no setting: a swap's amount converts in a crypto tool's currency converter
    amount = ent("Finance|swap_desk|Calculate Rate", "output", "data|from|amount")
    assert judge_edge(amount, ent("Financial|Crypto|Currency Converter", "input", "amount"), 1.0, 0.9,
                      ).reason != "a setting of another market"


def test_a_time_zone_written_as_two_words_is_a_time_zone_and_iana_names_are_one_registry():
    offsets = ent("Data|atlas|Get Country", "output", "timezones", is_list=True)
    search = ent("Data|atlas|Search Countries TimeZone", "input", "timeZone", example="UTC+01:00")
    assert classify(search).standard == "timezone" and classify(search).fmt == "offset"
    assert judge_edge(offsets, search, 0.9, 0.9).keep
    iana_in = ent("Data|clock|Time Diff by Timezone", "input", "from_timezone", example="America/Los_Angeles",
                  documented="Timezone from the response of `/timezone` endpoint.")
    assert classify(iana_in).fmt == "iana"
    point_zone = ent("Mapping|geo_tools|point_to_timezone", "output", "timezone")
    assert judge_edge(point_zone, iana_in, 1.0, 0.9).keep
    # a plural list of zones of unknown format, or UTC offsets, stay out of the provider's own list
    assert not judge_edge(offsets, iana_in, 0.9, 0.9).keep
    offset = ent("Data|atlas|Get Country", "output", "timezone", example="UTC-04:00")
    assert not judge_edge(offset, iana_in, 1.0, 0.9).keep


def test_a_code_feeds_a_lookup_of_its_own_kind_whatever_the_domains():
    stay_country = ent("Travel|stay_finder|Auto complete", "output", "data|country_code", example="PT")
    neighbours = ent("Data|atlas|Search Neighbour Countries by country code", "input", "countryCode",
                     documented="ISO 3166 alpha-2 code")
    got = judge_edge(stay_country, neighbours, 1.0, 0.1)
    assert got.keep and "lookup" in got.reason
    price_currency = ent("Travel|stay_finder|Search", "output", "homes|rate|currency", example="EUR")
    rate = ent("Finance|market_wire|CURRENCY_EXCHANGE_RATE", "input", "to_currency", example="USD")
    assert judge_edge(price_currency, rate, 1.0, 0.1).keep
    # an unrelated search keeps the domain bar
    assert not judge_edge(stay_country, ent("Movies|watch_now|Search", "input", "country", example="US"),
                          1.0, 0.1).keep
    # a code written as one word is a code
    assert classify(ent("Data|clock|Search City", "output", "response|countrycode", example="US")).standard == \
        "country"


def test_a_bare_code_is_the_code_of_its_record():
    currency_code = ent("Data|atlas|Search Countries By Region", "output", "currencies|alphaCode", example="EUR")
    country_lookup = ent("Data|atlas|Get Country By AlphaCode", "input", "code", example="PT")
    assert classify(currency_code).standard == "currency" and classify(country_lookup).standard == "country"
    got = judge_edge(currency_code, country_lookup, 0.9, 0.9)
    assert not got.keep and "currency vs country" in got.reason
    country_code = ent("Data|atlas|Search Countries By Region", "output", "countries|alphaCode", example="DE")
    assert judge_edge(country_code, country_lookup, 0.9, 0.9).keep
    # a map of a tool's records names the records, not "map"
    from tooldial.graph.validity import record_type
    assert record_type(ent("Finance|coin_index|Get Cryptocurrency Map", "output", "data|id")) == "cryptocurrency"


def _selector(apis: dict[str, tuple[list[str], list[str]]]):
    """An EdgeSelector over made-up APIs: name -> (required inputs, outputs)."""
    from tooldial.corpus.models import Corpus
    from tooldial.graph.select import EdgeSelector

    ins = [ent(a, "input", k) for a, (i, _) in apis.items() for k in i]
    outs = [ent(a, "output", k) for a, (_, o) in apis.items() for k in o]
    return EdgeSelector(Corpus(spec="fixture"), outs, ins), {(e.api_id, e.key): e for e in ins + outs}


def test_a_round_trip_returns_what_the_caller_had():
    by_id, by_name = "Social|pic_share|GET Username", "Social|pic_share|GET ID"
    sel, e = _selector({by_id: (["id"], ["id", "username", "full_name"]),
                        by_name: (["username"], ["id", "username", "full_name"]),
                        "Social|pic_share|GET Highlights": (["username"], ["highlights|id", "highlights|title"])})
    assert "round trip" in sel.record_clash(e[(by_id, "username")], e[(by_name, "username")])
    assert sel.record_clash(e[(by_id, "username")], e[("Social|pic_share|GET Highlights", "username")]) is None
    # a source that passes its own input on is a next step, not a way back
    sel, e = _selector({"Finance|bourse|Trades Futures": (["base"], ["base", "price"]),
                        "Finance|bourse|Trades Spot": (["base"], ["base", "price"])})
    assert sel.record_clash(e[("Finance|bourse|Trades Futures", "base")],
                            e[("Finance|bourse|Trades Spot", "base")]) is None


def test_a_time_zone_of_a_call_placed_by_coordinates_comes_from_their_record():
    weather = "Weather|sky_now|Weather"
    sel, e = _selector({weather: (["latitude", "longitude", "timezone"], []),
                        "Mapping|geo_tools|point_to_timezone": (["latitude", "longitude"],
                                                                 ["latitude", "longitude", "timezone"]),
                        "Data|clock|Date and Time by Timezone": (["timezone"], ["request|timezone", "response|time"]),
                        "Data|clock|Time Diff by Timezone": (["from_timezone"], ["diff"])})
    got = sel.record_clash(e[("Data|clock|Date and Time by Timezone", "request|timezone")], e[(weather, "timezone")])
    assert got and "coordinates" in got
    assert sel.record_clash(e[("Mapping|geo_tools|point_to_timezone", "timezone")], e[(weather, "timezone")]) is None
    # an input without coordinates beside it takes any zone
    assert sel.record_clash(e[("Data|clock|Date and Time by Timezone", "request|timezone")],
                            e[("Data|clock|Time Diff by Timezone", "from_timezone")]) is None


def test_one_known_market_is_the_relation_of_two_symbols():
    stock = ent("Finance|share_finder|Query Stocks", "output", "symbol", example="MSFT",
                documented="Stock ticker of the company")
    series = ent("Finance|market_wire|TIME_SERIES_MONTHLY", "input", "symbol", example="IBM",
                 documented="The name of the equity of your choice.")
    got = judge_edge(stock, series, 1.0, 0.2)  # keyword texts far apart: the market is the relation
    assert got.keep and got.reason.startswith("standard value (symbol)")
    # without a shared market the domain bar still applies
    plain = ent("Travel|fare_finder|Markets", "output", "markets|code", example="ES")
    assert not judge_edge(plain, ent("Movies|watch_now|Search", "input", "country", example="US"), 1.0, 0.2).keep


def test_a_bare_id_beside_a_persons_account_fields_is_a_users_id():
    follow = "Music|tune_scrape|Follow Artist"
    profile = ["id", "email", "display_name", "birthdate", "country"]
    sel, e = _selector({follow: (["artistID"], profile),
                        "Music|tune_scrape|Artist Visuals": (["artistID"], ["visuals|url"]),
                        "Music|tune_scrape|User Playlists": (["user_id"], ["items|id"]),
                        "Music|tune_scrape|Top Tracks": (["artistID"], ["tracks|id", "tracks|name"])})
    got = sel.record_clash(e[(follow, "id")], e[("Music|tune_scrape|Artist Visuals", "artistID")])
    assert got and "user" in got
    assert sel.record_clash(e[(follow, "id")], e[("Music|tune_scrape|User Playlists", "user_id")]) is None
    # a track record (no account fields) keeps its ids
    assert sel.record_clash(e[("Music|tune_scrape|Top Tracks", "tracks|id")],
                            e[("Music|tune_scrape|Artist Visuals", "artistID")]) is None
