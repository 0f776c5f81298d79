"""The head-noun step of the field taxonomy (:func:`tooldial.knowledge.taxonomy._head_kind`): a compound name has the
kind of its head (the last word of "A B", the A of "A of B"), not the kind of a modifier word; and what the mock
world draws for such a field."""

from __future__ import annotations

import random

import pytest

from tooldial.corpus.models import Api
from tooldial.dialogue.mockdata import build_result
from tooldial.knowledge import loader, taxonomy
from tooldial.knowledge.taxonomy import FieldName, date_part_range, field_kind


@pytest.mark.parametrize(("name", "type_", "kind"), [
    # "A B": the last word is the head
    ("price_level", "integer", "level"), ("priceLevel", "number", "level"), ("zoomLevel", "integer", "level"),
    ("price_level", "string", None),  # "$$": a documented text keeps its form
    ("price_range", "string", None), ("country_rank", "integer", None), ("company_pe_ratio", "number", None),
    ("page_count", "integer", "count"), ("pageViewCount", "integer", "count"), ("commentCount", "string", None),
    ("total_reviews", "integer", "count"), ("ratings_total", "integer", "count"), ("page_views", "integer", "count"),
    # "A of B": A is the head; a unit of a unit is a part of a date
    ("dayOfMonth", "string", "date_part"), ("dayOfYear", "integer", "date_part"), ("hourOfDay", "integer", "date_part"),
    ("weekOfYear", "number", "date_part"), ("minuteOfHour", "integer", "date_part"),
    ("day_of_the_month", "integer", "date_part"), ("monthOfYear", "integer", "month"),
    ("number_of_pages", "integer", "count"), ("Country of Origin", "string", "country"),
    ("firstDayOfMonth", "string", "date"), ("dateOfBirth", "string", "date"),
])
def test_a_compound_has_the_kind_of_its_head(name: str, type_: str, kind: str | None) -> None:
    assert field_kind(FieldName(name, type_)) == kind


@pytest.mark.parametrize(("name", "type_", "kind"), [
    ("total_price", "number", "price"), ("sub_total", "number", "price"), ("total_assets", "number", "price"),
    ("final_price_in_cents", "integer", "price"),  # money plurals stay money
    ("phone_number", "string", "phone"), ("page_number", "integer", "page"),  # "number" is no head that overrides
    ("day_of_week", "string", None), ("dayOfWeek", "integer", None),  # a weekday keeps its own (no) kind
    ("dateOfBirthTimestamp", "integer", "datetime"),  # "[date of birth] timestamp": no one-word "of" part
    ("is_level", "boolean", "boolean"), ("hasPageCount", "boolean", "boolean"),  # a flag stays a flag
    ("uvIndex", "integer", "uv_index"), ("home_score", "integer", "match_score"),  # heads the packs do not list
])
def test_what_the_head_step_leaves_alone(name: str, type_: str, kind: str | None) -> None:
    assert field_kind(FieldName(name, type_)) == kind


def test_a_date_part_has_the_range_of_its_unit() -> None:
    assert date_part_range(FieldName("dayOfMonth")) == (1, 31)
    assert date_part_range(FieldName("hour_of_day")) == (0, 23)
    assert date_part_range(FieldName("weekOfYear")) == (1, 53)
    assert date_part_range(FieldName("dayOfWeek")) is None and date_part_range(FieldName("day")) is None


@pytest.fixture
def relearn():
    """Forgets the cached kinds once a test patched a pack, and again at its end (before the patch is undone)."""
    yield field_kind.cache_clear
    field_kind.cache_clear()


def test_the_heads_are_the_packs(monkeypatch: pytest.MonkeyPatch, relearn) -> None:
    """A head word added to ``field_words.head_kinds`` decides the kind (no word list in code)."""
    assert field_kind(FieldName("price_band", "integer")) == "price"
    monkeypatch.setattr(taxonomy, "_HEAD_KINDS", {**loader.word_map("field_words", "head_kinds"), "band": "level"})
    relearn()
    assert field_kind(FieldName("price_band", "integer")) == "level"


def test_a_generated_record_draws_each_field_by_its_head() -> None:
    """Later records of a list (drawn, not documented): a day of the month 1-31, a week 1-53, an hour 0-23, a price
    level on a short scale, "$$" kept where the documentation writes the level so, a count of pages a count."""
    example = {"places": [{"name": "Casa Nova", "price_level": 2, "priceLevel": "$$", "dayOfMonth": 17,
                           "weekOfYear": 12, "hourOfDay": 9, "page_count": 3}]}
    api = Api(category="Food", tool="t", name="Search Restaurants", description="Search restaurants.",
              example_response=example)
    for seed in range(20):
        records = build_result(api, random.Random(seed), records=4)["response"]["places"]
        assert len(records) == 4
        for record in records[1:]:
            assert 1 <= record["price_level"] <= 4 and isinstance(record["price_level"], int)
            assert record["priceLevel"] == "$$"
            assert 1 <= record["dayOfMonth"] <= 31 and 1 <= record["weekOfYear"] <= 53
            assert 0 <= record["hourOfDay"] <= 23
            assert isinstance(record["page_count"], int) and record["page_count"] >= 1


@pytest.mark.parametrize(("name", "type_", "kind"), [
    # a place word followed only by its name, form or code, or by another place word, still holds the place
    ("countryName", "string", "country"), ("city_name", "string", "city"), ("country_iso3", "string", "country"),
    ("cityAscii", "string", "city"), ("city_state", "string", "city"), ("country_origin", "string", "country"),
    ("team_country", "string", "country"), ("state_abbr", "string", "state"), ("cityOfBirth", "string", "city"),
    ("country_a", "string", "country"),
    # before any other head it only qualifies the head: no place
    ("originIp", "string", None), ("city_fuel", "string", None), ("country_flag", "string", None),
    ("stateWebhook", "string", None), ("city_population", "number", "count"), ("origin_postal_code", "string", "postal"),
])
def test_a_place_word_names_a_place_only_as_the_head(name: str, type_: str, kind: str | None) -> None:
    assert field_kind(FieldName(name, type_)) == kind


def test_the_place_tails_are_the_packs(monkeypatch: pytest.MonkeyPatch, relearn) -> None:
    """A word added to ``field_words.place_tails`` keeps the place reading before it (no word list in code)."""
    words = loader.words("field_words", "place_tails")
    assert field_kind(FieldName("country_fifa", "string")) is None
    real = taxonomy._cue
    monkeypatch.setattr(taxonomy, "_cue", lambda n: words | {"fifa"} if n == "place_tails" else real(n))
    relearn()
    assert field_kind(FieldName("country_fifa", "string")) == "country"


def test_a_documented_number_stays_a_number_whatever_its_name_says() -> None:
    """An integer ``countryId`` (an API's own code) is never drawn as a country name, in the documented record or
    the drawn ones, though the call names a place its country fields follow."""
    example = {"competitors": [{"id": 1303, "name": "Cleveland Cavaliers", "countryId": 353, "country": "USA"}]}
    api = Api(category="Sports", tool="t", name="Get Competitors", description="Competitors of a league.",
              example_response=example)
    for seed in range(15):
        records = build_result(api, random.Random(seed), records=3, inputs={"city": "Lyon"})["response"]["competitors"]
        assert all(isinstance(r["countryId"], int) for r in records if "countryId" in r), records


def test_a_date_drawn_for_a_documented_timestamp_is_the_timestamp() -> None:
    """A field documented as a Unix timestamp (seconds or milliseconds) gets the drawn moment as a timestamp of the
    same unit, within the dialogue's years, not an ISO text and not the example varied at random."""
    example = {"events": [{"id": 11, "startTimestamp": 1700000000, "changeTimestamp": 1700003600000}]}
    api = Api(category="Sports", tool="t", name="Get Events", description="Events of a day.", example_response=example)
    for seed in range(10):
        for r in build_result(api, random.Random(seed), records=3)["response"]["events"]:
            assert isinstance(r["startTimestamp"], int) and 1.5e9 < r["startTimestamp"] < 1.9e9, r
            assert isinstance(r["changeTimestamp"], int) and 1.5e12 < r["changeTimestamp"] < 1.9e12, r


@pytest.mark.parametrize(("name", "type_", "kind"), [
    # the time an event happened is a moment, not a time of day
    ("published_time", "string", "datetime"), ("createTime", "integer", "datetime"),
    ("lastUpdateTime", "integer", "datetime"), ("time_created", "string", "datetime"),
    ("publishedDateTime", "string", "datetime"),
    # a time of day stays one; the moment written for people is a relative text ("6 years ago"), no clock time
    ("start_time", "string", "time"), ("arrival_time", "string", "time"), ("time", "string", "time"),
    ("publishedTimeText", "string", "relative_time"),
])
def test_the_time_of_an_event_is_a_moment(name: str, type_: str, kind: str) -> None:
    assert field_kind(FieldName(name, type_)) == kind
