"""Answers that answer: units, subjects, lists, verbatim required values, same seed -> same bytes."""

from __future__ import annotations

import random

from tooldial.dialogue.answer_text import (
    Answer,
    ListedItem,
    build_answer,
    field_label,
    phrase,
    show_value,
    split_unit,
)
from tooldial.dialogue.render_template import Protect

WEATHER = {"response": {"city_name": "Lisbon", "temperature_c": 18.4, "feels_like_c": 17.9, "humidity": 64,
                        "wind_kph": 14.2, "observed_at": "2025-06-21T13:45:00"}}
UNIVERSITY = {"response": {"name": "Universidade de Lisboa", "founded": 1911, "students": 47000,
                           "website": "https://ulisboa.example"}}
FLIGHTS = {"response": {"flights": [
    {"flight_id": f"fo_{i}", "airline_code": "TP", "flight_number": f"TP10{i}", "departure_time":
     f"2026-05-02T0{i}:05:00", "stops": i % 2, "price": 60 + i, "currency": "EUR"} for i in range(5)]}}


def _say(answer: Answer, seed: int = 0) -> str:
    p = Protect()
    return p.restore(phrase(answer, random.Random(seed), p))


def test_units_and_forms_keep_the_value() -> None:
    assert split_unit("temperature_c") == (["temperature"], "°C", "")
    assert split_unit("price_usd") == (["price"], "", "USD")
    assert split_unit("topic_c")[1] == ""  # a "c" that is no temperature is no unit
    assert show_value(("wind_kph",), 14.2).text == "14.2 km/h"
    assert show_value(("temperature_c",), 18.4).text == "18.4 °C"
    assert show_value(("students",), 47000).text == "47,000"
    assert show_value(("founded",), 1911).text == "1911"  # years are not grouped
    assert show_value(("zip",), 10115).text == "10115"
    assert show_value(("humidity",), 64).text == "64%"
    assert show_value(("observed_at",), "2025-06-21T13:45:00").text == "21 June 2025 at 13:45"
    assert show_value(("price_usd",), 12.5).text == "$12.50"
    assert show_value(("price",), 89, {"price": 89, "currency": "EUR"}).text == "€89"
    assert show_value(("pb",), 3.1).label == "P/B ratio"
    assert show_value(("dateTime",), "2024-01-02").label == "date and time"
    assert show_value(("isbn",), 9780441172719).text == "9780441172719"  # identifiers are never grouped
    assert show_value(("duration_hours",), 32).text == "32 hours"
    assert show_value(("opening_hours",), "09:00-18:00").label == "opening hours"  # no unit without a number
    assert show_value(("number_of_hearts",), 147).label == "hearts"
    assert show_value(("competitorNum",), 7).label == "competitor number"  # no "number of" with nothing after it


def test_a_count_name_says_number_of_once_and_keeps_an_irregular_plural() -> None:
    """"number of of pages" (``noOfPages``, ``numOfMatches``), "NB adults" (``nbAdults``) and "number of salesmens"
    (``no_salesmen``): 19 labels of ToolBench's output fields."""
    from tooldial.dialogue.answer_text import field_label

    assert field_label(("noOfPages",))[0] == "number of pages"
    assert field_label(("num_of_admined_pages",))[0] == "number of admined pages"
    assert field_label(("nbAdults",))[0] == "number of adults"
    assert field_label(("nbChildren",))[0] == "number of children"
    assert field_label(("no_salesmen",))[0] == "number of salesmen"
    assert field_label(("no_of_employee",))[0] == "number of employees"  # a regular noun still takes its s
    assert field_label(("num_likes",))[0] == "number of likes"


def test_a_unix_time_of_a_date_field_reads_as_a_date() -> None:
    """"the first trade date is 1,765,756,800", "here is one: 1,754,330,400 starting 1,753,779,600" (sample 3701): a
    date field's Unix time, seconds or milliseconds, is said as a date; counts and ids of that size are not."""
    assert show_value(("firstTradeDate",), 1765756800).text == "15 December 2025"  # a midnight: the day alone
    assert show_value(("startTimestamp",), 1767029400).text == "29 December 2025 at 17:30 UTC"
    assert show_value(("timestamp",), "1770059700000").text == "2 February 2026 at 19:15 UTC"
    assert show_value(("dateOfBirthTimestamp",), -710380800).text == "29 June 1947"
    assert show_value(("views",), 105776394).text == "105,776,394"
    assert show_value(("game_id",), 6911677188).text == "6911677188"
    assert show_value(("timestamp",), 99999999999999).text == "99,999,999,999,999"  # no moment of 1900-2100


def test_labels_and_list_nouns_are_singular_by_the_plurals_pack() -> None:
    for key in ("status", "news", "series", "analysis", "statistics", "gas"):
        assert not show_value((key,), 3).plural, key  # "the status is 3", not "are"
    for key in ("students", "metrics", "copies_available", "ids"):
        assert show_value((key,), 3).plural, key
    assert field_label(("movies", "name"))[0] == "movie name"  # not "movy name"
    assert field_label(("series", "title"))[0] == "series title"  # not "sery title"
    assert field_label(("categories", "name"))[0] == "category name"
    assert Answer(noun="movies", count=2, items=[ListedItem(name="Alien")]).by_label() == {"first movie": "Alien"}


def test_list_without_a_name_field_reads_by_a_plain_word() -> None:
    tiers = {"response": {"tiers": [{"tier_id": "t_a", "section": "Stalls", "price": 45.0, "currency_code": "EUR"},
                                    {"tier_id": "t_b", "section": "Balcony", "price": 28.0, "currency_code": "EUR"}]}}
    answer = build_answer(None, tiers, [("tiers|currency_code", "", "EUR")])  # type: ignore[arg-type]
    assert [i.name for i in answer.items] == ["Stalls", "Balcony"]
    assert "Stalls for €45.00" in _say(answer)


def test_single_record_is_told_about_its_subject() -> None:
    fields = [("students", "students", "47000"), ("name", "name", "Universidade de Lisboa"),
              ("founded", "founded", "1911")]
    answer = build_answer(None, UNIVERSITY, fields)  # type: ignore[arg-type]
    assert answer.subject == "Universidade de Lisboa"
    texts = {_say(answer, seed) for seed in range(20)}
    assert "Universidade de Lisboa has 47,000 students and was founded in 1911." in texts
    for text in texts:
        assert all(v in text for v in answer.required())
        assert "given as" not in text and "students shows" not in text
    weather = build_answer(None, WEATHER, [("feels_like_c", "", ""), ("city_name", "", ""),  # type: ignore[arg-type]
                                           ("temperature_c", "", "")])
    said = _say(weather)
    assert "18.4 °C" in said and "17.9 °C" in said and "Lisbon" in said and " c " not in said
    assert said.index("18.4") < said.index("17.9")  # the temperature before what it feels like


def test_a_name_with_and_is_one_subject_said_once() -> None:
    """"for Bruce, Mitchell and Thomas, the name is Bruce, Mitchell and Thomas" (sample 9311): a company's name
    holding "and" is one value, not a joined list, and the subject is never also told as a fact."""
    company = {"response": {"id": 9172, "name": "Bruce, Mitchell and Thomas", "year_founded": 2021}}
    answer = build_answer(None, company, [("name", "name", ""),  # type: ignore[arg-type]
                                          ("year_founded", "year founded", "")])
    assert answer.subject == "Bruce, Mitchell and Thomas"
    for seed in range(20):
        assert _say(answer, seed).count("Bruce, Mitchell and Thomas") == 1
    # the name picked after the facts (a fact first in the fields) is not told twice either
    late = build_answer(None, company, [("year_founded", "year founded", ""),  # type: ignore[arg-type]
                                        ("name", "name", "")])
    assert all(_say(late, seed).count("Bruce, Mitchell and Thomas") == 1 for seed in range(20))
    # another field holding the subject's text is not told beside it ("as for Russia, the country is Russia")
    player = {"info": {"name": "Russia", "country": "Russia", "user": "Jonathan Bowman"}}
    both = build_answer(None, player, [("info|name", "name", ""), ("info|country", "country", ""),  # type: ignore[arg-type]
                                       ("info|user", "user", "")])
    assert all(_say(both, seed).count("Russia") == 1 for seed in range(20))


def test_list_is_answered_as_a_counted_list_by_label() -> None:
    answer = build_answer(None, FLIGHTS, [("flights|stops", "stops", "0")])  # type: ignore[arg-type]
    assert answer.count == 5 and [i.name for i in answer.items] == ["TP100", "TP101", "TP102"]
    text = _say(answer)
    assert "5 flights" in text and "TP100" in text and "no stops" in text and "€60" in text
    assert "fo_0" not in text  # ids stay out unless asked for
    assert all(v in text for v in answer.required())


def test_roundtrip_and_same_answer_for_same_seed() -> None:
    answer = build_answer(None, FLIGHTS, [("flights|flight_number", "", "")])  # type: ignore[arg-type]
    assert _say(answer, 3) == _say(answer, 3)
    assert Answer.model_validate(answer.model_dump()) == answer  # it travels in the turn's content as JSON


def test_generated_responses_hold_their_values_and_repeat(embedder) -> None:
    """Same seed -> same responses; each holds its required values and no raw field name or filler frame."""
    from tests.test_dialogue import make_corpus, make_graph
    from tooldial.dialogue.generate import GenerateConfig, generate_dialogues

    corpus = make_corpus()
    graph = make_graph(corpus)

    def responses() -> list[tuple[str, list[str]]]:
        out = []
        for record in generate_dialogues(corpus, graph, GenerateConfig(n=16, seed=5), embedder=embedder):
            turns = record.scenario["turns"]
            bodies = [next(iter(t.values())) for t in record.dialogue]
            for turn, body in zip(turns, bodies, strict=False):
                if body["action"] == "response":
                    out.append((body["message"], turn["required_values"]))
        return out

    first = responses()
    assert first == responses()
    assert len(first) >= 5
    for message, required in first:
        assert required and all(v in message for v in required), message
        assert not any(frame in message for frame in (" is given as ", " turns out to be ", " comes out at "))


def test_values_of_several_records_are_said_with_a_plural_label() -> None:
    """A field of every record of a list, named without its records (``events|awayTeam|name``), is one fact whose
    label is plural ("the away team names are Fnatic and BIG", not "the away team name is Fnatic and BIG"); a
    head with no plural keeps "is"."""
    events = {"events": [{"awayTeam": {"name": "Fnatic"}, "venue": {"weather": "sunny"}},
                         {"awayTeam": {"name": "BIG"}, "venue": {"weather": "rainy"}}]}
    answer = build_answer(None, events, [("events|awayTeam|name", "", "")])  # type: ignore[arg-type]
    fact = answer.facts[0]
    assert fact.listed and fact.label == "away team names" and fact.text == "Fnatic and BIG"
    texts = {_say(answer, seed) for seed in range(10)}
    assert all("the away team names are Fnatic and BIG" in t.replace("The away", "the away") for t in texts), texts
    answer = build_answer(None, events, [("events|venue|weather", "", "")])  # type: ignore[arg-type]
    assert answer.facts[0].label == "weather"
    assert all("the weather is sunny and rainy" in _say(answer, s).replace("The weather", "the weather")
               for s in range(10))
    one = build_answer(None, {"events": [{"awayTeam": {"name": "BIG"}}]}, [("events|awayTeam|name", "", "")])  # type: ignore[arg-type]
    assert all(not f.listed for f in one.facts)  # one record's value: a plain fact
    blank = {"coins": [{"links": {"twitter": ""}}, {"links": {"twitter": "https://twitter.com/Ripple"}}]}
    fact = build_answer(None, blank, [("coins|links|twitter", "", "")]).facts[0]  # type: ignore[arg-type]
    assert fact.text == "https://twitter.com/Ripple" and not fact.listed  # not "the twitter is  and https://..."


def test_a_longer_list_with_one_named_record_is_said_in_the_singular() -> None:
    """Review s20: "the first 1 are ..." — one named record of a longer list reads "the first is"."""
    one = Answer(noun="videos", count=20, items=[ListedItem(name="Golden Hour")])
    two = Answer(noun="videos", count=20, items=[ListedItem(name="Golden Hour"), ListedItem(name="Blue Coast")])
    for seed in range(12):
        assert "first 1" not in _say(one, seed) and "here are 1" not in _say(one, seed)
        assert "Golden Hour" in _say(one, seed)
    assert any("the first 2 are" in _say(two, seed) for seed in range(12))


def test_a_page_of_a_longer_list_is_counted_by_its_total() -> None:
    """Review s20: "found 2 videos ... There are 20 videos". A count of the listed noun that is at least the
    records shown is the list's count, said once; a smaller or another count stays a fact."""
    page = {"number_of_videos": 20, "videos": [{"title": "City Lights", "number_of_views": 1514760},
                                               {"title": "Golden Hour", "number_of_views": 20}]}
    fields = [("number_of_videos", "", ""), ("videos|title", "", "")]
    answer = build_answer(None, page, fields)  # type: ignore[arg-type]
    assert answer.count == 20 and not answer.facts
    for seed in range(6):
        text = _say(answer, seed)
        assert "20 videos" in text and "2 videos" not in text and "City Lights" in text
    other = build_answer(None, {**page, "number_of_channels": 20}, [("number_of_channels", "", ""), fields[1]])  # type: ignore[arg-type]
    assert other.count == 2 and [f.label for f in other.facts] == ["channels"]
    smaller = build_answer(None, {**page, "number_of_videos": 1}, fields)  # type: ignore[arg-type]
    assert smaller.count == 2 and smaller.facts


def test_records_under_a_wrapper_that_names_none_are_entries_and_their_fields_are_named_alone() -> None:
    """OData wraps a list in ``value``: "2 entries", "title ..." (was "2 value entries", "value title")."""
    from tooldial.corpus.models import Api, OutputComponent
    from tooldial.dialogue.answer_fields import answer_fields

    news = {"response": {"value": [{"title": "Baidu wins a licence", "url": "https://a.example/1"},
                                   {"title": "OpenCV 5 is out", "url": "https://a.example/2"}]}}
    answer = build_answer(None, news, [("value|title", "title", "")])  # type: ignore[arg-type]
    text = _say(answer)
    assert "value" not in text and "Baidu wins a licence" in text
    api = Api(category="News", tool="n", name="Latest headline", description="The latest headline.",
              output_components=(OutputComponent(path=("value", "title"), type="string"),))
    assert [lab for _, lab, _ in answer_fields(api, {"value": {"title": "Baidu wins a licence"}})] == ["title"]


def test_a_number_with_many_decimals_is_said_to_a_readable_precision():
    # a float32 written as a double, a ratio: no measurement to ten digits (review 4331: "direction 233.63999938964844")
    assert show_value(("primarySwellWaveFromDirection",), 233.63999938964844).text == "233.64"
    assert show_value(("score",), 0.8571403775917661).text == "0.857"
    assert show_value(("buy", "value"), "21.250000000").text == "21.25"
    assert show_value(("price",), 21.200000001).text == "21.20"  # money keeps its cents
    assert show_value(("latitude",), 39.702461230947385).text == "39.7025"  # a position keeps four decimals
    assert show_value(("rate",), 0.000123456789).text == "0.0001235"
    assert show_value(("track_id",), "12345.678901").text == "12345.678901"  # a code keeps every digit
    assert show_value(("wind_kph",), 14.25).text == "14.25 km/h"  # a reading of two decimals is said as it is


def test_a_list_item_with_several_amounts_reads_one_after_its_name_and_labels_the_rest() -> None:
    # JSearch's Estimated Salary: "Therapist, music for $25 for $98,000 for $46,000"
    salaries = {"response": {"data": [
        {"job_title": "Therapist", "min_salary": 25000, "median_salary": 98000, "salary_currency": "USD"},
        {"job_title": "Manager", "min_salary": 50000, "median_salary": 158000, "salary_currency": "USD"}]}}
    answer = build_answer(None, salaries, [("data|min_salary", "", ""), ("data|median_salary", "", "")])  # type: ignore[arg-type]
    said = _say(answer)
    assert "Therapist for $25,000 (median salary $98,000)" in said, said
    assert " for $98,000" not in said and all(v in said for v in answer.required())


def test_a_list_field_names_every_value_or_says_how_many_more() -> None:
    """Six competitors are six (NWSA was dropped unsaid); more than six: five and how many more."""
    six = ["GOOGL", "EBAY", "MSFT", "TSLA", "NFLX", "NWSA"]
    fact = build_answer(None, {"response": {"company": "amzn", "competition": six}},  # type: ignore[arg-type]
                        [("competition", "", "")]).facts[0]
    assert fact.text == "GOOGL, EBAY, MSFT, TSLA, NFLX and NWSA"
    nine = [*six, "META", "AAPL", "WMT"]
    fact = build_answer(None, {"response": {"competition": nine}},  # type: ignore[arg-type]
                        [("competition", "", "")]).facts[0]
    assert fact.text == "GOOGL, EBAY, MSFT, TSLA, NFLX and 4 more"


def test_a_list_items_detail_that_repeats_its_name_is_said_once() -> None:
    # SEPTA's schedule: "9 July 2025 on 9 July 2025" (its ``date`` named each trip, its ``day`` repeated it)
    trips = {"response": {"17": [{"date": "2025-07-09", "day": "2025-07-09", "trip_id": "387297"},
                                 {"date": "2025-07-10", "day": "2025-07-10", "trip_id": "387296"}]}}
    answer = build_answer(None, trips, [("17|date", "", ""), ("17|day", "", "")])  # type: ignore[arg-type]
    said = _say(answer)
    assert "9 July 2025" in said and " on 9 July 2025" not in said, said
    assert all(v in said for v in answer.required())
