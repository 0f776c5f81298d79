"""Issue 11 (world, sixth pass): results that follow their inputs (clock parts, broken-down spans, the time
zone asked about, a month asked for, a US zip code, a country's own currency, the city of an id an earlier
result gave out), titles that read like titles, venues named after no other city, and answers whose verb
agrees with a plural field. Each test fails on the code before this pass."""

from __future__ import annotations

import random

from tooldial.corpus.models import Api, Parameter
from tooldial.dialogue.answer_text import ShownFact, _clause, _plural
from tooldial.dialogue.mockdata import MockWorld, build_result, date_bounds, places
from tooldial.dialogue.record import DialogueRecord
from tooldial.dialogue.world_checks import (
    OLD_TITLE,
    date_problems,
    record_problems,
    timezone_problems,
    venue_problems,
)
from tooldial.rules.dialogue.answer import _AGREEMENT


def _api(name, *, tool="t", required=(), example=None):
    return Api(category="Data", tool=tool, name=name, description="Returns data.", method="GET",
               required_parameters=tuple(required), output_components=(), example_response=example)


def _p(name, example=None):
    return Parameter(name=name, type="string", example=example)


def _leaves(node):
    if isinstance(node, dict):
        return [x for v in node.values() for x in _leaves(v)]
    if isinstance(node, list):
        return [x for v in node for x in _leaves(v)]
    return [node]


# --- clock parts and spans ------------------------------------------------------------------------------------

def test_clock_parts_and_span_units_out_of_range_are_problems():
    assert any(p.startswith("clock part:") for p in record_problems({"hour": 71, "minute": 12}))
    assert any(p.startswith("clock part:") for p in record_problems({"second": "74"}))
    assert any(p.startswith("span units:") for p in record_problems({"years": 88, "months": 12, "days": 3}))
    assert any(p.startswith("span units:") for p in record_problems({"days": 2, "hours": 71}))
    assert not record_problems({"hour": 23, "minute": 59, "second": 0})
    assert not record_problems({"years": 3, "months": 0, "days": 0, "hours": 0})
    assert not record_problems({"hours": 240})  # a lone total is no breakdown


def test_a_span_between_two_asked_dates_is_their_difference_and_clock_parts_stay_in_range():
    example = {"years": 88, "months": 12, "days": 40, "hours": 71, "minutes": 87, "seconds": 74,
               "time": {"hour": 64, "minute": 83, "second": 63}}
    api = _api("Date difference", required=[_p("start_date", "2020-01-01"), _p("end_date", "2023-01-01")],
               example=example)
    for seed in range(10):
        body = build_result(api, random.Random(seed), inputs={"start_date": "2022-03-01",
                                                               "end_date": "2025-03-01"})["response"]
        assert body["years"] == 3 and body["months"] == 0, body
        assert not record_problems(body) and not record_problems(body["time"]), body


# --- the zone and the month asked about --------------------------------------------------------------------

def test_a_result_time_zone_is_the_one_asked_about():
    api = _api("Get current time", required=[_p("timezone", "Europe/Minsk")],
               example={"timezone": "Europe/Minsk", "local_timezone": "Europe/Minsk", "city": "Minsk"})
    for seed in range(10):
        body = build_result(api, random.Random(seed), inputs={"timezone": "Asia/Seoul"})["response"]
        assert body["local_timezone"] == "Asia/Seoul", body
        assert not timezone_problems({"timezone": "Asia/Seoul"}, body)
    assert timezone_problems({"tz": "Asia/Seoul"}, {"local_timezone": "Europe/Minsk"})
    assert not timezone_problems({"city": "Seoul"}, {"local_timezone": "Europe/Minsk"})  # no zone asked


def test_results_for_a_month_asked_for_are_dated_in_that_month():
    bounds = date_bounds({"country_code": "CN", "month": "7"})
    assert (bounds.start.month, bounds.end.month, bounds.end.day) == (7, 7, 31)
    festivals = {"festivals": [{"name": "A", "start_date": "2025-02-09"}, {"name": "B", "start_date": "2025-02-11"}]}
    assert any(p.startswith("outside the asked range") for p in date_problems({"month": "7"}, festivals))
    api = _api("Festivals by Country", required=[_p("country_code", "PT"), _p("month", "6")], example=festivals)
    body = build_result(api, random.Random(3), inputs={"country_code": "CN", "month": "7"})["response"]
    assert all(f["start_date"][5:7] == "07" for f in body["festivals"]), body
    assert not date_problems({"month": "7"}, body)


# --- places ---------------------------------------------------------------------------------------------------

def test_a_us_zip_code_lookup_lies_in_the_us_whatever_the_users_city():
    api = _api("Get info by zip code", tool="US Zip Codes", required=[_p("zipcode", "10001")],
               example={"zip": "10001", "city": "New York", "country_code": "US", "latitude": 40.75})
    for seed in range(10):
        world = MockWorld(random.Random(seed))
        world._home = next(p for p in places() if p.city == "Zunyi")
        body = build_result(api, world.rng, inputs={"zipcode": "5033"}, world=world)["response"]
        assert body["country_code"] == "US", body


def test_a_record_pays_in_its_countrys_currency():
    assert any(p.startswith("country currency:") for p in record_problems({"country_code": "IR",
                                                                            "currency_code": "SEK"}))
    assert not record_problems({"country_code": "IR", "currency_code": "IRR"})
    assert not record_problems({"country_code": "IR", "from_currency": "SEK"})  # a conversion's side
    api = _api("IP lookup", required=[_p("ip", "8.8.8.8")],
               example={"ip": "8.8.8.8", "country_code": "US", "currency_code": "USD"})
    for seed in range(20):
        body = build_result(api, random.Random(seed), inputs={"ip": "5.160.0.1", "country_code": "IR"})["response"]
        assert body["currency_code"] == "IRR", body


def test_records_found_by_an_id_an_earlier_result_placed_lie_in_its_city():
    geo = _api("Reverse Geocode", required=[_p("latitude", "38.7"), _p("longitude", "-9.1")],
               example={"address": {"city_id": "2267057", "city_name": "Lisbon", "country_code": "PT"}})
    hotels = _api("Search Hotels", required=[_p("city_id", "2267057")],
                  example={"hotels": [{"hotel_id": "h1", "price": 10.0}, {"hotel_id": "h2", "price": 12.0}]})
    for seed in range(10):
        world = MockWorld(random.Random(seed))
        geo_body = build_result(geo, world.rng, inputs={"latitude": "-27.4679", "longitude": "153.0281"},
                                world=world)["response"]
        assert geo_body["address"]["city_name"] == "Brisbane"
        city_id = geo_body["address"]["city_id"]
        assert world.id_places[str(city_id)].city == "Brisbane"
        found = build_result(hotels, world.rng, inputs={"city_id": city_id}, world=world, records=3)["response"]
        for hotel in found["hotels"]:
            assert not any(v.endswith(" Hotel") and v.split()[0] in {p.city for p in places()} - {"Brisbane"}
                           for v in _leaves(hotel) if isinstance(v, str)), hotel


def _record(mocks):
    return DialogueRecord.model_validate({"dialogue": [], "mockdata": {"target": mocks}, "scenario": {},
                                          "target": "x", "subgraph_type": "zerozero"})


def test_a_venue_named_after_another_city_is_a_problem():
    mocks = [{"api_name": "Reverse Geocode", "required_parameters": {"latitude": "-27.4", "longitude": "153.0"},
              "output_components": {"address": {"city_id": "6697199", "city_name": "Brisbane"}}},
             {"api_name": "Search Hotels", "required_parameters": {"city_id": "6697199"},
              "output_components": {"hotels": [{"name": "Tabriz Hotel"}, {"name": "Brisbane Central Hotel"}]}}]
    problems = venue_problems(_record(mocks))
    assert len(problems) == 1 and "Tabriz Hotel" in problems[0]
    mocks[1]["output_components"] = {"hotels": [{"name": "The Harper Hotel"}, {"name": "Brisbane Hotel"}]}
    assert not venue_problems(_record(mocks))


# --- titles and answers ---------------------------------------------------------------------------------------

def test_generated_titles_are_no_placeholders_and_the_check_flags_the_old_ones():
    assert OLD_TITLE.match("The Frozen Harvest") and OLD_TITLE.match("The Secret Cathedral")
    assert not OLD_TITLE.match("The Hunger Games")
    api = _api("Search apps", required=[_p("query", "music")],
               example={"apps": [{"title": "Spotify", "app_id": "com.spotify"}]})
    videos = _api("Channel videos", required=[_p("channel_id", "UC1")],
                  example={"videos": [{"title": "Doja Cat - Attention", "video_id": "Tluj22QWdlA"}]})
    for seed in range(20):
        for spec, inputs in ((api, {"query": "food"}), (videos, {"channel_id": "UC2"})):
            body = build_result(spec, random.Random(seed), records=4, inputs=inputs)["response"]
            titles = [v for v in _leaves(body) if isinstance(v, str)]
            assert not any(OLD_TITLE.match(t) for t in titles), titles
        apps = build_result(api, random.Random(seed), records=3, inputs={"query": "food"})["response"]["apps"]
        assert all("Food" in a["title"] for a in apps[1:]), apps  # about what was searched for


def test_a_plural_field_before_a_post_modifier_agrees_with_its_number():
    one = ShownFact(key="copies_available", label="copies available", text="1", kind="count",
                    plural=_plural("copies available"))
    three = one.model_copy(update={"text": "3"})
    assert _clause(one, str) == "there is 1 copy available"
    assert _clause(three, str) == "there are 3 copies available"
    assert _AGREEMENT.search("Sure: the copies available is 1.") and _AGREEMENT.search("there is 1 copies here")
    assert not _AGREEMENT.search("there is 1 copy available; the status is open")


def test_later_records_keep_the_documented_id_form():
    from tooldial.dialogue.world_checks import id_form_problems

    bad = {"deals": [{"hotel_id": "htl_31120"}, {"hotel_id": "htl_20977"}, {"hotel_id": "91584653"}]}
    assert id_form_problems(bad) and not id_form_problems({"deals": [{"hotel_id": "1"}, {"hotel_id": "2"}]})
    api = _api("Hotel Deals Today", example={"deals": [{"hotel_id": "htl_31120", "name": "Gran Via Plaza"},
                                                       {"route_id": "rt_blue", "hotel_id": "htl_20977"}]})
    for seed in range(10):
        body = build_result(api, random.Random(seed), records=4)["response"]
        assert not id_form_problems(body), body
        assert all(d["hotel_id"].startswith("htl_") for d in body["deals"]), body


def test_a_price_chart_is_a_series_and_a_results_titles_share_one_topic():
    chart = _api("Coin Price Chart", required=[_p("coin_id", "bitcoin"), _p("days", "7")],
                 example={"points": [{"timestamp": "2024-01-02T10:00:00", "price": 3480.2},
                                     {"timestamp": "2024-01-03T10:00:00", "price": 3512.9}]})
    syllabus = _api("Course Syllabus", required=[_p("course_id", "cs_1")],
                    example={"modules": [{"module_number": 1, "title": "Intro"}]})
    for seed in range(15):
        points = build_result(chart, random.Random(seed), records=3, inputs={"coin_id": "x", "days": "7"})
        stamps = [p["timestamp"] for p in points["response"]["points"]]
        assert stamps == sorted(stamps), stamps
        assert not date_problems({"coin_id": "x", "days": "7"}, points["response"], "Coin Price Chart")
        modules = build_result(syllabus, random.Random(seed), records=3, inputs={"course_id": "cs_2"})
        titles = [m["title"] for m in modules["response"]["modules"][1:]]
        topics = {t for t in ("Jazz", "Machine Learning", "Electric Cars", "Coffee", "Climate", "Basketball",
                              "Photography") if any(t in title for title in titles)}
        assert len(topics) <= 1, titles


def test_generated_titles_are_no_lorem_words_and_slugs_keep_their_form():
    from tooldial.dialogue import mockdata
    from tooldial.dialogue.world_checks import id_form_problems, lorem_filler

    for titles in (mockdata._SONG_TITLES, mockdata._ACHIEVEMENTS):
        filled = [t.format(City="Lisbon", First="Ana", Last="Harrington", Topic="Jazz") for t in titles]
        assert not [t for t in filled if lorem_filler(t, "title")], filled
    coins = _api("Search Coins", example={"coins": [{"coin_id": "solaris-token", "name": "Solaris"},
                                                    {"coin_id": "solid-coin", "name": "SolidCoin"}]})
    for seed in range(10):
        body = build_result(coins, random.Random(seed), records=4)["response"]
        assert not id_form_problems(body), body
