"""Issue 11 (world, fifth pass): candles, camelCase date ranges, the user's own place, documented examples of
another entity, and world-check problems counted per rule. Each test fails on the code before this pass."""

from __future__ import annotations

import random
from collections import Counter

from tooldial.corpus.models import Api, OutputComponent, Parameter
from tooldial.dialogue.mockdata import (
    MockWorld,
    build_result,
    date_bounds,
    foreign_lookup,
    input_values,
    parse_date,
    place_of,
    places,
)
from tooldial.dialogue.world_checks import date_problems, record_problems


def _api(name, *, required=(), optional=(), outputs=(), example=None, description="Returns data."):
    return Api(category="Data", tool="t", name=name, description=description, method="GET",
               required_parameters=tuple(required), optional_parameters=tuple(optional),
               output_components=tuple(outputs), example_response=example)


def _p(name, example=None, type_="string"):
    return Parameter(name=name, type=type_, example=example)


# --- candles --------------------------------------------------------------------------------------------------

def test_a_candle_outside_its_high_and_low_is_a_consistency_problem():
    assert any(p.startswith("ohlc:") for p in record_problems({"open": 92.86, "close": 26.22, "high": 22.75,
                                                                 "low": 8.61}))
    assert any(p.startswith("ohlc:") for p in record_problems({"1. open": "10.5", "2. high": "11.0",
                                                                 "3. low": "10.9", "4. close": "10.7"}))
    assert any(p.startswith("ohlc:") for p in record_problems({"o": 5, "h": 4, "l": 3, "c": 4}))
    assert any(p.startswith("negative volume:") for p in record_problems({"volume": -12}))
    assert not record_problems({"open": 82.4, "high": 84.0, "low": 81.7, "close": 83.8, "volume": 2204110})
    assert not record_problems({"open": "09:00", "close": "18:00", "high": "x", "low": "y"})  # opening hours


def test_varied_documented_candles_keep_high_above_and_low_below_open_and_close():
    example = {"records": [{"closeDateTime": "2022-01-03T00:00:00", "open": 92.86, "close": 91.22, "high": 93.75,
                            "low": 90.61, "volume": 1200}]}
    api = _api("tickerData", required=[_p("tickerName", "gold")], example=example)
    for seed in range(40):
        body = build_result(api, random.Random(seed), records=3, inputs={"tickerName": "gold"})["response"]
        for row in body["records"]:
            assert row["high"] >= max(row["open"], row["close"]) >= min(row["open"], row["close"]) >= row["low"], row
            assert not record_problems(row)


# --- date ranges ----------------------------------------------------------------------------------------------

def test_camelcase_and_other_named_date_ranges_are_ordered_in_the_check():
    for start, end in (("startDate", "endDate"), ("fromDate", "toDate"), ("dateFrom", "dateTo"),
                       ("checkIn", "checkOut"), ("departure_date", "return_date"), ("since", "until")):
        problems = record_problems({start: "2025-03-10", end: "2025-03-01"})
        assert any(p.startswith("start after end:") for p in problems), (start, end)
        assert not record_problems({start: "2025-03-01", end: "2025-03-10"})
    assert not record_problems({"from": "USD", "to": "EUR"})  # a currency pair is no range
    assert not record_problems({"from_amount": 10, "to_amount": 3})  # numbers named from/to are no range


def test_results_lie_inside_a_camelcase_range_asked_for():
    example = {"records": [{"closeDateTime": "2022-01-03T00:00:00", "open": 1.0, "close": 1.0, "high": 1.0,
                            "low": 1.0}]}
    api = _api("tickerData", required=[_p("startDate", "2022-01-01"), _p("endDate", "2022-02-01")], example=example)
    inputs = {"startDate": "2025-10-12", "endDate": "2025-10-15"}
    assert date_bounds(inputs).start == parse_date("2025-10-12")
    for seed in range(20):
        body = build_result(api, random.Random(seed), records=3, inputs=inputs)["response"]
        days = [parse_date(r["closeDateTime"]) for r in body["records"]]
        assert all(parse_date("2025-10-12") <= d <= parse_date("2025-10-15") for d in days), days
        assert not date_problems(inputs, body, "tickerData")
    late = {"records": [{"closeDateTime": "2025-10-18T00:00:00"}, {"closeDateTime": "2025-10-19T00:00:00"}]}
    assert any(p.startswith("outside the asked range:") for p in date_problems(inputs, late, "tickerData"))


def test_a_history_since_a_start_begins_at_that_start_and_a_year_bounds_its_dates():
    api = _api("Historical Stock Prices", required=[_p("ticker", "ORA"), _p("start_date", "2024-01-01")],
               example={"prices": [{"day": "2024-01-01", "open": 1.0, "high": 2.0, "low": 0.5, "close": 1.5},
                                   {"day": "2024-01-02", "open": 1.0, "high": 2.0, "low": 0.5, "close": 1.5}]})
    inputs = {"ticker": "ORA", "start_date": "2025-06-05"}
    body = build_result(api, random.Random(0), inputs=inputs)["response"]
    assert all(parse_date(r["day"]) >= parse_date("2025-06-05") for r in body["prices"]), body
    early = {"prices": [{"day": "2025-06-04"}, {"day": "2025-06-05"}]}
    assert any(p.startswith("before the asked start:") for p in date_problems(inputs, early, "Historical Prices"))
    holidays = _api("Public Holidays", required=[_p("country_code", "PT"), _p("year", "2026")],
                    example={"holidays": [{"date": "2026-01-01", "name": "New Year's Day"},
                                          {"date": "2026-06-10", "name": "Portugal Day"}]})
    asked = {"country_code": "PT", "year": "2027"}
    body = build_result(holidays, random.Random(3), inputs=asked)["response"]
    assert all(r["date"].startswith("2027-") for r in body["holidays"]), body
    assert date_problems(asked, {"holidays": [{"date": "2025-08-03"}, {"date": "2025-08-17"}]}, "Public Holidays")


# --- the user's own place -------------------------------------------------------------------------------------

def test_documented_coordinates_give_way_to_each_dialogues_own_city():
    api = _api("Reverse Geocode", required=[_p("latitude", "38.7223", "number"), _p("longitude", "-9.1393", "number")],
               example={"address": {"city_name": "Lisbon", "country_code": "PT"}})
    cities = Counter()
    for seed in range(60):
        world = MockWorld(random.Random(seed))
        values = input_values(api, ["latitude", "longitude"], world)
        place = place_of(values)
        assert place is not None and place in places() and place == world.home, values
        cities[place.city] += 1
        body = build_result(api, random.Random(seed), inputs=values, world=world)["response"]
        assert body["address"]["city_name"] == place.city and body["address"]["country_code"] == place.country_code
    assert len(cities) >= 40 and cities.most_common(1)[0][1] <= 4  # not 500 of 2,000 in Lisbon


def test_an_airport_code_under_origin_and_an_enum_country_are_kept():
    api = _api("Flights", required=[_p("origin", "LAX"), _p("lat", "38.7", "number"), _p("lng", "-9.1", "number")])
    values = input_values(api, ["origin", "lat", "lng"], MockWorld(random.Random(1)))
    assert values["origin"] == "LAX"  # an airport code is no city of the table
    enum = Parameter(name="country_code", type="string", enum=("PT",))
    api = _api("Search Cities", required=[enum, _p("city_name", "Lisbon")])
    for seed in range(20):
        values = input_values(api, ["country_code", "city_name"], MockWorld(random.Random(seed)))
        assert not record_problems(values), values


def test_a_geocoded_address_lies_in_the_city_it_names():
    api = _api("Geocode Address", required=[_p("address", "Praca do Comercio, Lisbon")],
               example={"results": [{"formatted_address": "x", "latitude": 38.7, "longitude": -9.1}]})
    for seed in range(10):
        body = build_result(api, random.Random(seed), inputs={"address": "Praca do Comercio, Lisbon"})["response"]
        for row in body["results"]:
            assert abs(row["latitude"] - 38.7) < 1.5 and abs(row["longitude"] + 9.1) < 1.5, row


def test_the_records_of_a_tool_named_for_one_country_lie_in_that_country():
    """"argentina_movie_theatres" listed cinemas in Dalian and Auckland (session 35, sample 1201); whole ToolBench
    without that sample: place fields of tools named for one country 9 there and 123 elsewhere before, 132 and 0
    after."""
    from tooldial.dialogue.mockdata.places import _place_index, bound_places

    example = {"name": "Cine Sol", "city": "Lisbon", "country": "Portugal", "address": "Rua Augusta 24, Lisbon"}
    api = _api("/cinemas", example=[example]).model_copy(update={"tool": "argentina_movie_theatres"})
    assert {p.country_code for p in bound_places(api)} == {"AR"} and len(bound_places(api)) >= 3
    cities = set()
    for seed in range(10):
        body = build_result(api, random.Random(seed), records=3)["response"]
        for row in body:
            assert row["country"] == "Argentina" and _place_index()[row["city"]].country_code == "AR", row
            cities.add(row["city"])
        top = build_result(api.model_copy(update={"example_response": example}), random.Random(seed))["response"]
        assert top["country"] == "Argentina", top  # the result's own record too, not only a list's
    assert len(cities) > 1
    worldwide = api.model_copy(update={"tool": "movie_theatres"})
    assert bound_places(worldwide) == ()
    assert {p.country_code for p in bound_places(api.model_copy(update={"tool": "UK Real Estate"}))} == {"GB"}


def test_a_tool_bound_to_a_country_by_its_documentation_has_its_records_there():
    """Consulta CNPJ Tempo Real (no country in its name) returned a company in Zhaoqing with +86 phones and a
    ``state`` "NY" (review of sample 4051); held out, 744 APIs are bound by an identifier only one country issues or
    the one country their tool's description names, and their results' city/country fields lay in that country 20
    of 66 times before, 76 of 77 after."""
    from tooldial.dialogue.mockdata.places import _place_index, bound_places, documented_country

    example = {"name": "Acme Ltda", "city": "Lisbon", "country": "Portugal"}
    cnpj = _api("Consulta Empresa", required=[_p("CNPJ", "37335118000180")], example=example).model_copy(
        update={"tool": "Consulta CNPJ Tempo Real", "tool_description": "API Tempo Real de Consultas a Receita."})
    assert documented_country(cnpj) == "BR"
    for seed in range(6):
        body = build_result(cnpj, random.Random(seed), inputs={"CNPJ": "37335118000180"})["response"]
        assert body["country"] == "Brazil" and _place_index()[body["city"]].country_code == "BR", body
    uk = _api("Find By PostCode").model_copy(update={"tool": "Find By PostCode", "tool_description": (
        "This API provides a JSON interface to search UK addresses for a postcode.")})
    assert documented_country(uk) == "GB" and {p.country_code for p in bound_places(uk)} == {"GB"}
    # the tool's name wins over its description; two countries, or identifiers of two countries, bind none
    named = uk.model_copy(update={"tool": "argentina_movie_theatres"})
    assert documented_country(named) == "AR"
    assert documented_country(uk.model_copy(update={"tool_description": "Addresses of France and Spain."})) is None
    assert documented_country(cnpj.model_copy(update={"name": "Check GSTIN"})) is None
    assert documented_country(_api("Get Company").model_copy(update={"tool": "Company Data"})) is None


# --- documented examples of another entity --------------------------------------------------------------------

_LANGUAGE = {"id": 52, "name": "C++ (GCC 7.4.0)", "is_archived": False, "source_file": "main.cpp",
             "compile_cmd": "/usr/bin/g++ main.cpp", "run_cmd": "./a.out"}


def test_a_lookup_by_an_id_the_example_does_not_describe_serves_none_of_its_names():
    api = _api("Get a Language", required=[_p("id", 52, "integer")], example=_LANGUAGE)
    assert foreign_lookup(api, {"id": "46"}) == ["id"] and not foreign_lookup(api, {"id": "52"})
    for seed in range(10):
        body = build_result(api, random.Random(seed), inputs={"id": "46"})["response"]
        assert body["id"] == 46
        assert not {"C++ (GCC 7.4.0)", "main.cpp", "/usr/bin/g++ main.cpp"} & set(map(str, body.values())), body
    same = build_result(api, random.Random(0), inputs={"id": "52"})["response"]
    assert same["name"] == "C++ (GCC 7.4.0)"  # the documented entity keeps its documentation


def test_an_identifying_input_follows_the_entity_the_example_response_describes():
    api = _api("Airport details by ICAO", required=[_p("icao", "KLAX")],
               example=[{"icao": "ZUUU", "iata": "CTU", "name": "Chengdu Shuangliu International Airport",
                         "city": "Chengdu"}])
    values = input_values(api, ["icao"], MockWorld(random.Random(0)))
    assert values == {"icao": "ZUUU"}
    body = build_result(api, random.Random(0), inputs=values)["response"]
    assert body[0]["name"] == "Chengdu Shuangliu International Airport" and body[0]["icao"] == "ZUUU"


def test_the_validator_counts_a_documented_entity_served_for_another_id():
    from tooldial.corpus.models import Corpus, Tool
    from tooldial.dialogue.record import DialogueRecord
    from tooldial.dialogue.world_checks import check_world

    api = _api("Get a Language", required=[_p("id", 52, "integer")], example=_LANGUAGE)
    corpus = Corpus(spec="test", tools=[Tool(category="Data", name="t", description="", apis=(api,))])

    class Problems:
        def __init__(self):
            self.seen = []

        def add(self, kind, message, check=None):
            self.seen.append((kind, message))

    mock = {"api_name": api.id, "required_parameters": {"id": "46"}, "optional_parameters": {},
            "output_components": {"id": 46, "name": "C++ (GCC 7.4.0)"}}
    record = DialogueRecord.model_construct(dialogue_id="x", source="", target=api.id, scenario={},
                                            mockdata={"source": [], "target": [mock]}, dialogue=[])
    found = Problems()
    check_world(record, [("User", {"message": "Get me the language with id 46.", "action": "inform"})], None,
                found, corpus)
    assert any(k == "consistency" and m.startswith("documented entity:") for k, m in found.seen), found.seen
    said = Problems()  # the user named it: known, not the example's
    check_world(record, [("User", {"message": "Is 46 C++ (GCC 7.4.0)?", "action": "inform"})], None, said, corpus)
    assert not said.seen


def test_grams_read_as_a_unit_not_as_a_letter():
    from tooldial.dialogue.answer_text import show_value

    shown = show_value(("protein_g",), 14.5, {})
    assert (shown.label, shown.text) == ("protein", "14.5 g")  # was "protein G" "14.5"


def test_fiscal_years_and_quarters_stay_in_range_and_the_check_reports_one_that_does_not():
    record = {"revenue": {"period": {"fiscalquarter": 4, "fiscalyear": 2026, "calendarquarter": 4}}}
    api = _api("Symbols Estimated estimates", required=[_p("ticker_id", "1150")],
               example={"estimates": {"1150": {"3": [record, record]}}})
    for seed in range(10):
        body = build_result(api, random.Random(seed), records=3, inputs={"ticker_id": "1150"})["response"]
        for obj in body["estimates"]["1150"]["3"]:
            period = obj["revenue"]["period"]
            assert 1 <= period["fiscalquarter"] <= 4 and 2000 <= period["fiscalyear"] <= 2100, period
    assert any("out of range" in p for p in record_problems({"fiscalquarter": 6, "calendaryear": 3329}))
    assert not record_problems({"yearHigh": 182.3, "tuition_per_year": 3500.0, "day_volume": 120.0})


def test_places_of_a_country_named_by_an_id_or_a_us_only_tool_lie_there():
    api = _api("Country Places", required=[_p("countryId", "US")],
               example={"data": [{"id": 1, "city": "Ufa", "latitude": 54.7, "longitude": 55.9}]})
    zips = Api(category="Location", tool="US Geo Data", name="Lookup Zip Codes", description="",
               example_response=[{"zip": "10001", "city": "New York", "population": 8000000}])
    for seed in range(10):
        body = build_result(api, random.Random(seed), inputs={"countryId": "US"})["response"]
        us = {p.city for p in places() if p.country_code == "US"}
        assert all(r["city"] in us for r in body["data"]), body
        assert all(r["city"] in us for r in build_result(zips, random.Random(seed))["response"])


def test_a_charts_previous_and_next_weeks_lie_around_the_week_asked_for():
    api = _api("Portugal Songs", required=[_p("week", "2022-10-08")],
               example={"chart": {"week": "2022-10-08", "previousWeek": {"date": "2022-10-01"},
                                  "nextWeek": {"date": "2022-10-15"}}})
    body = build_result(api, random.Random(0), inputs={"week": "2023-03-04"})["response"]["chart"]
    assert (body["previousWeek"]["date"], body["nextWeek"]["date"]) == ("2023-02-25", "2023-03-11"), body


def test_answers_name_a_bare_value_by_the_api_and_a_nameless_list_by_its_field():
    from tooldial.dialogue.answer_text import build_answer

    distance = build_answer(_api("Place Distance"), {"response": {"data": 96}}, [("data", "data", "96")])
    assert [(f.label, f.text) for f in distance.facts] == [("place distance", "96")]  # was "the data is 96"
    board = {"response": {"rankings": {"indexes": [{"Points": "44.2"}, {"Points": "48.0"}]}}}
    listed = build_answer(_api("Retrieve leaderboard"), board, [("rankings|indexes|Points", "points", "44.2")])
    assert [i.name for i in listed.items] == ["44.2 points", "48.0 points"]  # was "44.2 and 48.0"
    estimates = {"response": {"e": {"3": [{"day": "2025-07-11"}, {"day": "2025-06-28"}]}}}
    assert build_answer(_api("Estimates"), estimates, [("e|3|day", "day", "2025-07-11")]).noun == "e"  # not "3"
    same = {"response": [{"art_id": "1", "animename": "Illustration"}, {"art_id": "2", "animename": "Illustration"}]}
    shared = build_answer(_api("Anime wallpapers"), same, [("animename", "animename", "Illustration")])
    assert "Illustration" in shared.required()  # not an empty answer ("the request went through")


def test_a_record_is_picked_by_its_name_before_a_raw_timestamp():
    from tooldial.dialogue.mockdata import sibling_candidates

    comps = [OutputComponent(path=("_id",), example="6141c76615d27e0de553b9d7", is_list=True),
             OutputComponent(path=("track",), example="FORMULA 1 GULF AIR BAHRAIN GRAND PRIX 2022", is_list=True),
             OutputComponent(path=("date",), example="2022-03-20T15:00:00.000Z", is_list=True)]
    api = _api("Race List", outputs=comps)
    assert [c.name for c in sibling_candidates(api, comps[0])] == ["track", "date"]  # was date first


def test_a_call_placed_in_another_city_serves_none_of_the_documented_places_names():
    from tooldial.corpus.models import Corpus, Tool
    from tooldial.dialogue.mockdata import elsewhere_words
    from tooldial.dialogue.record import DialogueRecord
    from tooldial.dialogue.world_checks import check_world

    example = {"address": {"formatted_address": "Rua Augusta 24, 1100-053 Lisboa, Portugal", "postal_code": "1100-053",
                           "city_id": "7301112", "city_name": "Lisbon", "country_code": "PT"}}
    api = _api("Reverse Geocode", required=[_p("latitude", "38.7223", "number"), _p("longitude", "-9.1393", "number")],
               example=example)
    casablanca = {"latitude": "33.5883", "longitude": "-7.6114"}
    assert {"Lisbon", "Lisboa", "Portugal"} <= elsewhere_words(api, casablanca)
    assert not elsewhere_words(api, {"latitude": "38.7223", "longitude": "-9.1393"})
    for seed in range(5):
        address = build_result(api, random.Random(seed), inputs=casablanca)["response"]["address"]
        assert address["city_name"] == "Casablanca" and address["country_code"] == "MA", address
        assert "Lisboa" not in address["formatted_address"] and address["postal_code"] != "1100-053", address
        assert address["city_id"] != "7301112"  # Lisbon's id is not Casablanca's
    corpus = Corpus(spec="test", tools=[Tool(category="Data", name="t", description="", apis=(api,))])
    mock = {"api_name": api.id, "required_parameters": casablanca, "optional_parameters": {},
            "output_components": {"response": example}}
    record = DialogueRecord.model_construct(dialogue_id="x", source="", target=api.id, scenario={},
                                            mockdata={"source": [], "target": [mock]}, dialogue=[])
    seen = []

    class Problems:
        def add(self, kind, message, check=None):
            seen.append((kind, message))

    check_world(record, [("User", {"message": "I'm at 33.5883, -7.6114.", "action": "inform"})], None, Problems(),
                corpus)
    assert any(m.startswith("documented place:") for _, m in seen), seen


def test_a_language_code_of_the_users_country_is_no_lorem_word():
    from tooldial.dialogue.world_checks import lorem_filler

    assert not lorem_filler("my", "languageCode")  # Burmese, for a user in Yangon (was flagged as lorem)
    assert lorem_filler("mother", "pb")


def test_another_entitys_slug_is_left_out_and_nested_keys_stay_nested():
    from tooldial.dialogue.mockdata import documented_keys

    quotes = {"real_time_quotes": [{"sa_id": 590019, "sa_slug": "comp.ind", "symbol": "COMP.IND_GIDS", "last": 1.5}]}
    api = _api("Symbols Quotes", required=[_p("symbol_ids", "590019")], example=quotes)
    body = build_result(api, random.Random(0), inputs={"symbol_ids": "1150"})["response"]
    first = body["real_time_quotes"][0]  # the documented record (later ones are generated)
    assert "comp.ind" not in first.values() and "COMP.IND_GIDS" not in first.values(), body
    nested = _api("Filings Data", required=[_p("filing_id", "1")], example={"data": {"id": "1", "type": "filing"}})
    assert documented_keys(nested) == frozenset()  # "id"/"type" belong under "data", not at the top
    flat = _api("Get a Language", required=[_p("id", 52, "integer")], example=_LANGUAGE)
    assert "name" in documented_keys(flat)


def test_records_alike_in_their_only_field_give_it_as_one_fact():
    from tooldial.dialogue.answer_text import build_answer

    same = {"response": {"data": [{"currencyCodes": "USD"}, {"currencyCodes": "USD"}]}}
    answer = build_answer(_api("Country Details"), same, [("data|currencyCodes", "currency codes", "USD")])
    assert answer.required() == ["USD"]  # was empty: "the request went through successfully"


def test_a_lookups_own_id_echoes_a_camelcase_input():
    api = _api("Channel Search", required=[_p("channelId", "UC1"), _p("query", "x")],
               example={"channel_id": "UC1", "country": "US"})
    body = build_result(api, random.Random(0), inputs={"channelId": "UCXuqSBlHAE6Xw", "query": "jazz"})["response"]
    assert body["channel_id"] == "UCXuqSBlHAE6Xw", body  # was a redrawn "82345"


def test_a_wallet_address_is_no_street_address():
    api = _api("GetWalletContractBalance", required=[_p("address", "TUMcJtzvXYH5B6vuoYQejVsd4wcZcPXsqY")],
               example={"data": {"address_hex": "41c5a9e3ba0f04c4ba28", "address_base58": "TUMcJtzvXYH5B6vuoYQ"}})
    world = MockWorld(random.Random(0))
    assert world.home is not None  # the dialogue has a place: records of a foreign lookup lie there
    body = build_result(api, world.rng, inputs={"address": "TXyz123"}, world=world)["response"]["data"]
    assert " " not in body.get("address_hex", ""), body  # was "87904 Lisa Shoals, Yancheng"
    from tooldial.dialogue.mockdata import FieldName, field_kind

    undocumented = Api(category="Financial", tool="BlockChainAPI", name="GetWalletContractBalance", description="",
                       output_components=(OutputComponent(path=("data", "address_hex"), type="string"),))
    assert field_kind(FieldName("address_hex")) != "address"
    body = build_result(undocumented, random.Random(0))["response"]
    assert " " not in str(body.get("data", {}).get("address_hex", "")), body


def test_a_foreign_casts_names_are_people_not_titles():
    api = _api("Movie Cast", required=[_p("movie_id", "mv_1")],
               example={"cast": [{"person_id": "pr_1", "name": "Leonardo DiCaprio", "character": "Cobb"}]})
    body = build_result(api, random.Random(0), inputs={"movie_id": "mv_2"})["response"]
    names = [r.get("name", "") for r in body["cast"]]
    assert "Leonardo DiCaprio" not in names and not any(n.startswith("The ") for n in names), names


def test_a_foreign_lookup_moves_only_records_the_example_places_in_a_city():
    api = _api("Library Copy Availability", required=[_p("library_id", "lib_1")],
               example={"copies_available": 1, "shelf_location": "Fiction A-12"})
    world = MockWorld(random.Random(0))
    assert world.home is not None
    body = build_result(api, world.rng, inputs={"library_id": "lib_9"}, world=world)["response"]
    assert body.get("shelf_location") != world.home.city, body  # was 'Benin City'
