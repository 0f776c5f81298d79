"""The ``utc offset`` record rule on clock-only times: a local clock time (24 h or 12 h) beside a UTC one is that
UTC time shifted by the zone's offset on the record's date (a ``date`` field), else on the mock world's today; the
check reports a local time that disagrees; a record without an IANA zone is left alone."""

from __future__ import annotations

import datetime as dt
import random

import pytest

from tooldial.corpus.models import Api, Parameter
from tooldial.dialogue.mockdata.builder import build_result
from tooldial.knowledge import loader
from tooldial.rules.record import Check, Record
from tooldial.rules.world.utc_offset import UtcOffset, fix_zone, zone_problems

WINTER, SUMMER = dt.date(2025, 1, 20), dt.date(2025, 7, 20)


def _fixed(record: dict, today: dt.date = WINTER) -> dict:
    out = dict(record)
    fix_zone(out, today)
    return out


def _checks(record: dict) -> list[Check]:
    return [p.check for p in zone_problems(record)]


# --- the fix ---------------------------------------------------------------------------------------------------

def test_a_24h_local_clock_is_the_utc_clock_in_the_zone() -> None:
    fixed = _fixed({"timezone": "Asia/Karachi", "utc_time": "09:05", "local_time": "23:40"})
    assert fixed == {"timezone": "Asia/Karachi", "utc_time": "09:05", "local_time": "14:05"}


def test_a_clock_without_a_date_takes_the_offset_of_today() -> None:
    """Paris is +01:00 in January and +02:00 in July: the world's today decides, and so do offset and DST flag."""
    record = {"timezone": "Europe/Paris", "utc_time": "08:30:00", "time": "01:00:00", "utc_offset": "+05:00",
              "is_dst": True}
    assert _fixed(record, WINTER) == {**record, "time": "09:30:00", "utc_offset": "+01:00", "is_dst": False}
    assert _fixed(record, SUMMER) == {**record, "time": "10:30:00", "utc_offset": "+02:00", "is_dst": True}


def test_a_date_field_beside_the_clock_sets_the_offset_not_today() -> None:
    record = {"tz": "Europe/Paris", "date": "2025-07-04", "utc_time": "08:30", "time": "08:30"}
    assert _fixed(record, WINTER)["time"] == "10:30"  # July's +02:00 though today is in January
    assert _fixed({**record, "date": "2025-12-04"}, SUMMER)["time"] == "09:30"


def test_the_date_is_the_local_one_when_the_shift_crosses_midnight() -> None:
    """02:00 UTC beside 10 January in New York is 21:00 on 10 January (11 January's 02:00 UTC): the local stamp's
    date stays."""
    fixed = _fixed({"timezone": "America/New_York", "utc_time": "02:00", "local_time": "2025-01-10T08:00:00"})
    assert fixed["local_time"] == "2025-01-10T21:00:00"


@pytest.mark.parametrize(("utc", "old", "new"), [
    ("09:05", "2:05 PM", "2:05 PM"),           # already right: unchanged
    ("23:15", "11:00 am", "4:15 am"),          # past midnight; an unpadded 12 h hour stays unpadded
    ("04:00", "01:00 AM", "09:00 AM"),         # a padded hour stays padded
    ("07:30:15", "3:00:00PM", "12:30:15PM"),   # seconds kept, no space before the marker
    ("19:00", "6:00 p.m.", "12:00 a.m."),      # midnight is 12 a.m.: the marker turns, dots kept
])
def test_a_12h_local_clock_keeps_its_form(utc: str, old: str, new: str) -> None:
    assert _fixed({"timezone": "Asia/Karachi", "utc_time": utc, "time": old})["time"] == new


def test_a_utc_stamp_dates_a_local_clock() -> None:
    record = {"timezone": "Australia/Sydney", "utc_datetime": "2025-07-01 22:00:00", "local_time": "9:00 PM"}
    assert _fixed(record, WINTER)["local_time"] == "8:00 AM"  # AEST +10:00 on 1 July, whatever today is


def test_which_field_is_utc_is_the_packs_word_set() -> None:
    """``zulu`` is in ``time.utc_words``: a ``zulu_time`` is the UTC time, never rewritten as the local one."""
    assert "zulu" in loader.words("time", "utc_words")
    fixed = _fixed({"timezone": "Asia/Tokyo", "zulu_time": "00:00", "current_time": "00:00"})
    assert fixed == {"timezone": "Asia/Tokyo", "zulu_time": "00:00", "current_time": "09:00"}


def test_a_record_without_a_zone_or_without_a_utc_time_keeps_its_clocks() -> None:
    no_zone = {"timezone": "PKT", "utc_time": "09:05", "local_time": "23:40"}
    assert _fixed(no_zone) == no_zone and zone_problems(no_zone) == []
    no_utc = {"timezone": "Asia/Karachi", "local_time": "23:40", "opens": "9:00 AM"}
    assert _fixed(no_utc) == no_utc and zone_problems(no_utc) == []


def test_a_clock_like_duration_or_offset_is_no_time() -> None:
    """An offset written as a clock (``"05:00"``) is the offset, and a 12 h hour past 12 is no clock time."""
    record = {"timezone": "Asia/Karachi", "utc_offset": "01:00", "utc_time": "09:05", "local_time": "13:05 PM"}
    fixed = _fixed(record)
    assert fixed["local_time"] == "13:05 PM" and fixed["utc_offset"] == "+05:00"


# --- the check -------------------------------------------------------------------------------------------------

def test_the_check_reports_a_local_clock_that_disagrees_and_the_fix_mends_it() -> None:
    record = {"timezone": "Asia/Karachi", "utc_time": "9:05 AM", "time": "9:05 AM"}
    problems = zone_problems(record)
    assert [p.check for p in problems] == [Check.LOCAL_TIME] and problems[0].keys == ("time", "utc_time")
    assert UtcOffset().problems(Record.of(record)) == problems
    assert _checks(_fixed(record)) == []


def test_without_a_date_the_check_accepts_either_offset_of_the_zone() -> None:
    assert _checks({"timezone": "Europe/Paris", "utc_time": "08:00", "local_time": "09:00"}) == []  # winter
    assert _checks({"timezone": "Europe/Paris", "utc_time": "08:00", "local_time": "10:00"}) == []  # summer
    assert _checks({"timezone": "Europe/Paris", "utc_time": "08:00", "local_time": "11:00"}) == [Check.LOCAL_TIME]


def test_with_a_date_the_check_wants_that_dates_offset() -> None:
    record = {"timezone": "Europe/Paris", "date": "2025-01-15", "utc_time": "08:00", "local_time": "10:00"}
    assert _checks(record) == [Check.LOCAL_TIME]
    assert _checks({**record, "date": "2025-07-15"}) == []


def test_the_check_compares_seconds_only_when_both_show_them() -> None:
    record = {"timezone": "Asia/Kolkata", "utc_time": "10:00:30", "local_time": "15:30"}
    assert _checks(record) == []
    assert _checks({**record, "local_time": "15:30:00"}) == [Check.LOCAL_TIME]


def test_two_stamps_disagreeing_are_reported_too() -> None:
    record = {"timezone": "Asia/Tokyo", "utc_datetime": "2025-03-01T10:00:00", "local_datetime": "2025-03-01T10:00:00"}
    assert _checks(record) == [Check.LOCAL_TIME]
    assert _checks({**record, "local_datetime": "2025-03-01T19:00:00"}) == []


def test_an_impossible_stamp_is_no_time_and_breaks_nothing() -> None:
    """30 February is the rule ``impossible date``'s to report; this rule reads it as no time at all."""
    record = {"timezone": "Asia/Tokyo", "utc_datetime": "2025-02-30T10:00:00", "local_time": "03:00"}
    assert zone_problems(record) == [] and _fixed(record) == record


# --- through the generator -------------------------------------------------------------------------------------

def test_a_generated_result_has_its_local_clock_in_its_zone() -> None:
    """The documented example is Madrid's; the call asks about Karachi: the generator's zone is Karachi's, and the
    rule's fix moves the documented local clock (11:05 in Madrid) to Karachi's (14:05)."""
    example = {"timezone": "Europe/Madrid", "utc_time": "09:05", "local_time": "11:05", "date": "2025-05-02"}
    api = Api(category="Data", tool="World Clock", name="Time at Coordinates", description="Returns the time.",
              required_parameters=(Parameter(name="latitude"), Parameter(name="longitude")), example_response=example)
    for seed in range(4):
        body = build_result(api, random.Random(seed), inputs={"latitude": "24.8608", "longitude": "67.0104"})
        body = body["response"]
        utc = dt.datetime.strptime(body["utc_time"], "%H:%M")
        assert body["timezone"] == "Asia/Karachi" and body["local_time"] == f"{(utc.hour + 5) % 24:02d}:{utc.minute:02d}"
        assert _checks(body) == [], body

