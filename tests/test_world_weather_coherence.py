"""Issue 11 (world, ninth pass, from held-out review 8): weather records are physically coherent, a list answer
never names its records by a yes/no flag, a forecast's answer reports its temperature. Each test fails on the code
before this pass; each validator rule is checked on a bad and a good record."""

from __future__ import annotations

import random

from tooldial.corpus.models import Api, OutputComponent, Parameter
from tooldial.dialogue.answer_text import build_answer
from tooldial.dialogue.mockdata import MockWorld, build_result, records_at
from tooldial.dialogue.planner import answer_fields
from tooldial.dialogue.weather import dew_point
from tooldial.rules.dialogue.answer import weather_answer_problems
from tooldial.rules.dialogue.weather import fix_weather, weather_problems

#: An hourly entry of review 8 (td-s509-000046): snow at 25.6 °C, UV 94, 70.71 hPa, dew point = temperature.
BAD_HOUR = {"cloudCover": 58.17, "uvIndex": 94, "humidity": 85, "pressure": 70.71, "snowfallAmount": "126.64",
            "snowfallIntensity": 29, "windSpeed": 98.62, "windGust": 39.13, "precipitationChance": 9,
            "precipitationAmount": 478.56, "temperature": 25.6, "temperatureApparent": 25.6,
            "temperatureDewPoint": 25.6, "daylight": "false"}
GOOD_HOUR = {"cloudCover": 40.0, "uvIndex": 6, "humidity": 60, "pressure": 1013.2, "snowfallAmount": 0,
             "windSpeed": 12.0, "windGust": 20.5, "precipitationChance": 10, "precipitationAmount": 0.0,
             "temperature": 21.0, "temperatureDewPoint": 13.0}


def test_review_8_hour_breaks_each_weather_rule_and_a_coherent_one_none():
    problems = " | ".join(map(str, weather_problems(BAD_HOUR)))
    for part in ("uvIndex=94", "pressure=70.71", "snowfallAmount", "temperatureDewPoint", "windGust",
                 "precipitationAmount"):
        assert part in problems
    assert weather_problems(GOOD_HOUR) == []
    assert weather_problems({"pressure_in": 29.92, "temp_f": 70.0, "dewpoint_f": 55.0}) == []  # inHg, °F
    assert weather_problems({"temperature": 21.0, "title": "x"}) == []  # one weather field is no weather record


def test_snow_without_a_temperature_is_judged_by_the_climate():
    day = {"humidity": 70, "snowfallAmount": 12.0, "cloudCover": 80}
    assert weather_problems(day, climate=(23.0, 33.0))  # the Gulf of Guinea
    assert weather_problems(day, climate=(-12.0, -2.0)) == []  # a Siberian winter


def test_fix_weather_mends_only_what_breaks_a_rule():
    bad = dict(BAD_HOUR)
    fix_weather(bad, random.Random(3))
    assert weather_problems(bad) == []
    assert bad["uvIndex"] == 0  # a night hour
    assert bad["temperatureDewPoint"] < bad["temperature"]
    assert bad["snowfallAmount"] == "0.00" and isinstance(bad["snowfallIntensity"], int)  # the value's own form
    good = dict(GOOD_HOUR)
    fix_weather(good, random.Random(3))
    assert good == GOOD_HOUR
    assert abs(dew_point(25.6, 85) - 22.9) < 0.2


HOURLY = ("forecastHourly", "hours")
FIELDS = {"cloudCover": "number", "uvIndex": "integer", "humidity": "number", "pressure": "number",
          "snowfallAmount": "integer", "precipitationChance": "number", "precipitationAmount": "number",
          "windSpeed": "number", "windGust": "number", "temperature": "number", "temperatureDewPoint": "number",
          "daylight": "boolean"}


def _hourly_api() -> Api:
    comps = tuple(OutputComponent(path=(*HOURLY, k), type=t, is_list=True) for k, t in FIELDS.items())
    return Api(category="Weather", tool="Easy Weather", name="Historical (hourly)",
               description="Get a historical hourly forecast for the given latitude, longitude, and start date.",
               method="GET", required_parameters=(Parameter(name="latitude", type="STRING"),
                                                  Parameter(name="longitude", type="STRING")),
               optional_parameters=(), output_components=comps, example_response=None)


def test_generated_hourly_records_are_coherent_and_answered_by_temperature():
    api = _hourly_api()
    for seed in range(12):
        result = build_result(api, random.Random(seed), inputs={"latitude": "0", "longitude": "0"},
                              world=MockWorld(random.Random(seed)))
        records = records_at(result, HOURLY)
        assert records and all(weather_problems(r) == [] for r in records), records
        fields = answer_fields(api, result)
        assert any(k.endswith("|temperature") for k, _, _ in fields), fields
        answer = build_answer(api, result, fields)
        assert all(item.name not in ("true", "false") for item in answer.items)


def test_validator_flags_flag_names_and_a_forecast_without_temperature():
    body = {"hours": [dict(GOOD_HOUR, daylight="true"), dict(GOOD_HOUR, daylight="false")]}
    name, description = "Historical (hourly)", "Get a historical hourly forecast."
    bad = weather_answer_problems(body, ["hours|humidity"], name, description,
                                  "I found 2 entries: true (humidity 60%) and false (humidity 60%).")
    assert [p.check.value for p in bad] == ["flag as name", "forecast without temperature"]
    assert weather_answer_problems(body, ["hours|temperature", "hours|humidity"], name, description,
                                   "I found 2 entries: temperature 21.0 (humidity 60%) and ...") == []
    # no weather goal: a humidity sensor's reading is no forecast
    assert weather_answer_problems(body, ["hours|humidity"], "Sensor Reading", "A sensor's reading.", "") == []


# --- answers that report what the goal asks ---------------------------------------------------------------------

def _api(name: str, description: str, params: tuple[str, ...] = ()) -> Api:
    return Api(category="Data", tool="t", name=name, description=description, method="GET",
               required_parameters=tuple(Parameter(name=p, type="STRING") for p in params), optional_parameters=(),
               output_components=(), example_response=None)


def test_plural_and_how_many_words_ask_for_their_fields():
    book = _api("Book Details", "Get the details of a book: subtitle, ISBN, pages, publisher, synopsis and author id.")
    result = {"title": "North of Quiet", "isbn": "9780441172719", "page_count": 688, "publisher": "Phillips-Hernandez"}
    assert "page_count" in [k for k, _, _ in answer_fields(book, result)]
    food = _api("Recipe Nutrition Facts", "How many calories a recipe has per serving, with protein, fat and carbs.")
    assert "calories" in [k for k, _, _ in answer_fields(food, {"calories": 420, "protein_g": 14.5, "fat_g": 21.0,
                                                                 "carbs_g": 44.2})]
    coin = _api("Coin Price", "What a cryptocurrency costs right now: current price, 24-hour change, market cap and "
                              "volume.")
    assert "price" in [k for k, _, _ in answer_fields(coin, {"price": 68421.5, "change_24h_percent": 2.3,
                                                             "market_cap": 1.348e12, "volume_24h": 3.12e10})]


def test_a_status_the_description_asks_for_is_news():
    api = _api("Track Parcel", "Track a package by carrier and tracking number, with delivery status and scan history.")
    keys = [k for k, _, _ in answer_fields(api, {"status": "out for delivery", "estimated_delivery": "2025-10-13"})]
    assert "status" in keys


def test_a_list_the_user_searched_by_one_title_is_answered_by_its_titles():
    api = _api("Search Movies", "Search movies by title and get matching movie ids with release year.", ("title",))
    result = {"results": [{"movie_id": "mv_1", "title": "Inception", "year": 2010, "kind": "movie"},
                          {"movie_id": "mv_2", "title": "Inception: The Cobol Job", "year": 2010, "kind": "short"}]}
    keys = [k for k, _, _ in answer_fields(api, result, known=["Inception"])]
    assert "results|title" in keys and "results|kind" not in keys[:1]


def test_list_items_are_named_by_their_name_and_keep_every_asked_detail():
    api = _api("Product Seller Offers", "Compare the offers of different sellers for a product: price, condition "
                                        "and shipping time.")
    result = {"offers": [{"seller_name": "Maddox-Hurley", "price": 124.5, "condition": "refurbished",
                          "shipping_days": 4},
                         {"seller_name": "Carr and Jordan", "price": 129.0, "condition": "new", "shipping_days": 2}]}
    answer = build_answer(api, result, answer_fields(api, result))
    assert answer.items[0].name == "Maddox-Hurley"
    assert {d.key.split("|")[-1] for d in answer.items[0].details} >= {"price", "condition", "shipping_days"}
    programs = {"programs": [{"name": "MSc Data Science", "degree": "master", "language": "English"},
                             {"name": "BSc Architecture", "degree": "bachelor", "language": "Portuguese"}]}
    fields = [("programs|language", "language", ""), ("programs|degree", "degree", ""), ("programs|name", "name", "")]
    assert build_answer(api, programs, fields).items[0].name == "MSc Data Science"


def test_a_record_is_named_by_its_title_not_its_publisher_and_big_numbers_read():
    api = _api("Book Details", "Get the details of a book: publisher and pages.")
    result = {"title": "North of Quiet", "publisher": "Phillips-Hernandez", "page_count": 688}
    answer = build_answer(api, result, [("publisher", "publisher", ""), ("page_count", "page count", "")])
    assert answer.subject == "North of Quiet"
    assert any(f.text == "Phillips-Hernandez" for f in answer.facts)
    quote = build_answer(api, {"market_cap": 1348000000000.0, "volume_usd": 2908035207.20143},
                         [("market_cap", "market cap", ""), ("volume_usd", "volume usd", "")])
    assert [f.text for f in quote.facts] == ["1,348,000,000,000", "$2,908,035,207.20"]


def test_a_jsonapi_resource_type_is_no_answer_and_a_quote_reports_its_price():
    api = _api("User Discussions", "Get discussions posts of user by user_id")
    result = {"data": [{"id": "1", "type": "discussion", "attributes": {"commentsCount": 13}},
                       {"id": "2", "type": "discussion", "attributes": {"commentsCount": 1}}]}
    assert [k for k, _, _ in answer_fields(api, result)] == ["data|attributes|commentsCount"]
    quotes = _api("Symbols Quotes", "Get real time quotes by Symbol IDs.")
    result = {"real_time_quotes": [{"sa_id": 1, "last": 13760.66, "volume": 2991731.0,
                                    "last_time": "2025-03-17T12:19:05"}]}
    assert answer_fields(quotes, result)[0][0] == "real_time_quotes|last"


# --- sports: league tables and match scores -----------------------------------------------------------------------

TABLE_COLUMNS = ("overall_league_position", "overall_league_W", "overall_league_D", "overall_league_L",
                 "overall_league_PTS", "overall_league_payed", "home_league_W", "home_league_D", "home_league_L",
                 "away_league_W", "away_league_D", "away_league_L", "league_id", "league_name", "team_name")


def _standings_api() -> Api:
    comps = tuple(OutputComponent(path=(k,), is_list=True) for k in TABLE_COLUMNS)
    return Api(category="Sports", tool="ApiFootball", name="Standings",
               description="Returns standings for leagues included in your current subscription plan",
               method="GET", required_parameters=(Parameter(name="league_id", type="STRING"),),
               optional_parameters=(), output_components=comps, example_response=None)


def test_a_generated_league_table_adds_up_and_is_ranked_by_points():
    from tooldial.rules.dialogue.rows import one_name_problems
    from tooldial.rules.world.standings import standing_problems

    api = _standings_api()
    result = build_result(api, random.Random(4), records=3, inputs={"league_id": "148"},
                          world=MockWorld(random.Random(4)))
    rows = records_at(result, ())
    assert len(rows) == 3 and all(standing_problems(r) == [] for r in rows)
    for r in rows:
        assert int(r["overall_league_W"]) == int(r["home_league_W"]) + int(r["away_league_W"])
    points = [int(r["overall_league_PTS"]) for r in rows]
    assert points == sorted(points, reverse=True)
    assert [r["overall_league_position"] for r in rows] == ["1", "2", "3"]
    assert len({r["league_name"] for r in rows}) == 1 and one_name_problems(rows) == []
    assert one_name_problems([{"league_id": "1", "league_name": "A Cup"}, {"league_id": "1", "league_name": "B Cup"}])
    keys = [k for k, _, _ in answer_fields(api, result)]
    assert {"overall_league_PTS", "overall_league_position"} <= set(keys)
    answer = build_answer(api, result, answer_fields(api, result))
    assert answer.items[0].name == rows[0]["team_name"]


def test_standings_and_match_score_rules():
    from tooldial.rules.world.match_score import score_problems
    from tooldial.rules.world.standings import standing_problems

    assert standing_problems({"overall_league_W": 3, "overall_league_D": 1, "overall_league_L": 2,
                              "overall_league_payed": 9, "overall_league_PTS": 10})[0].check == "standings"
    assert standing_problems({"overall_league_W": 3, "overall_league_D": 1, "overall_league_L": 2,
                              "overall_league_payed": 6, "overall_league_PTS": 10}) == []
    assert score_problems({"match_hometeam_score": "33.4", "match_awayteam_score": "2"})
    assert score_problems({"match_hometeam_score": "1", "match_hometeam_halftime_score": "2"})
    assert score_problems({"match_hometeam_score": "2", "match_hometeam_halftime_score": "1"}) == []


def test_a_price_series_moves_by_steps_and_the_check_flags_a_jump():
    from tooldial.rules.dialogue.rows import price_jump_problems, walk_series

    chart = {"prices": [{"date": "2025-10-01", "price": 3512.9}, {"date": "2025-10-02", "price": 80.11},
                        {"date": "2025-10-03", "price": 15.05}]}
    assert price_jump_problems(chart["prices"])
    walk_series(chart, random.Random(1))
    assert price_jump_problems(chart["prices"]) == []
    assert all(3000 < r["price"] < 4200 for r in chart["prices"])
    candles = [{"day": "2025-04-11", "open": 82.4, "high": 84.0, "low": 81.7, "close": 83.8},
               {"day": "2025-04-14", "open": 83.9, "high": 85.2, "low": 83.1, "close": 85.0}]
    assert price_jump_problems(candles) == []
