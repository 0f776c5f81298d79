"""A documented record's moments move together (``mockdata.moments``): a match's period starts as long after its
kick-off as documented, an odds feed's last update is not two years after its match, a moment drawn as a count
moves too; a past moment the move would put after today keeps its drawn value."""

from __future__ import annotations

import datetime as dt
import random
import re

from tooldial.corpus.models import Api, Parameter
from tooldial.dialogue.mockdata import FieldName, MockWorld, RecordContext, build_result
from tooldial.dialogue.mockdata.generators import generate
from tooldial.dialogue.mockdata.moments import keep_documented_gaps, moment, moved

_MATCH = {"events": [{"id": 9945302, "slug": "newcastle-knights-canterbury-bulldogs",
                      "homeTeam": {"id": 4260, "name": "Newcastle Knights"},
                      "awayTeam": {"id": 4253, "name": "Canterbury Bulldogs"},
                      "changes": {"changeTimestamp": 1659246602, "changes": ["status.code"]},
                      "startTimestamp": 1659240000,
                      "time": {"currentPeriodStartTimestamp": 1659246599, "periodLength": 2400}}]}


def _schedules() -> Api:
    return Api(category="Sports", tool="rugby", name="MatchSchedules", description="Get schedules of Rugby matches "
               "for a specific day.", required_parameters=tuple(Parameter(name=n, type="NUMBER") for n in (
                   "year", "month", "day")), example_response=_MATCH)


def test_moments_are_unix_times_under_time_names_and_iso_date_times():
    assert moment("startTimestamp", 1659240000) == 1659240000
    assert moment("created_at", 1659240000123) == 1659240000.123
    assert moment("teamId", 1659240000) is None  # an id in the Unix range is no moment
    assert moment("sent", "2023-06-16T15:25:00-04:00") is not None
    assert moment("time", "1900-01-01T03:30:00") is None  # a clock time written as a date
    assert moment("name", "Knights") is None


def test_a_moved_moment_is_written_as_documented():
    at = dt.datetime(2025, 10, 8, 6, 30, tzinfo=dt.UTC).timestamp()
    assert moved(1659240000, at, None) == int(at)
    assert moved(1659240000123, at, None) == int(at) * 1000
    assert moved("2023-06-16T15:25:00.120Z", at, None) == "2025-10-08T06:30:00.120Z"
    assert moved("2023-06-16 15:25", at, None) == "2025-10-08 06:30"
    assert moved("16 Jun 2023", at, "kept") == "kept"


def test_a_matchs_period_and_change_keep_their_documented_gaps_after_its_start():
    api = _schedules()
    for seed in range(6):
        events = build_result(api, random.Random(seed), records=3, inputs={"year": "2025", "month": "10",
                                                                         "day": "8"})["response"]["events"]
        for event in events:
            start = event["startTimestamp"]
            assert event["time"]["currentPeriodStartTimestamp"] - start == 6599
            assert event["changes"]["changeTimestamp"] - start == 6602  # a drawn match's too, never a count of 1


def test_a_past_moment_is_not_moved_after_today():
    today = MockWorld(random.Random(0)).today
    published = dt.datetime(today.year, today.month, today.day, tzinfo=dt.UTC) - dt.timedelta(days=30)
    documented = {"id": 1, "publishedAt": "2019-01-23T16:45:03.000Z", "updatedAt": "2021-05-18T13:43:59.483Z"}
    built = {"id": 1, "publishedAt": published.strftime("%Y-%m-%dT%H:%M:%S.000Z"),
             "updatedAt": (published + dt.timedelta(days=3)).strftime("%Y-%m-%dT%H:%M:%S.000Z")}
    drawn = dict(built)
    keep_documented_gaps(documented, built, lambda record: "id" in record, today)
    assert built == drawn  # two years after last month is after today: the drawn update stays


def test_a_now_stamp_is_not_moved_out_of_the_world_s_year():
    """A domain's ``DomainUpdatedDate`` documented a year before its expiry moved with the expiry to a year before
    the world's today, which ``validate`` rejects as a stale "now" (the sample's draws again): it keeps its drawn
    value; the other moments keep their documented gaps."""
    from tooldial.dialogue.mockdata import WORLD_YEAR, in_now_window

    today = dt.date(WORLD_YEAR, 3, 1)
    documented = {"id": 1, "DomainExpirationDate": "2023-09-14T23:00:00", "DomainCreatedDate": "1995-09-15T23:00:00",
                  "DomainUpdatedDate": "2022-09-13T12:15:20"}
    built = {"id": 1, "DomainExpirationDate": f"{WORLD_YEAR}-03-20T23:00:00", "DomainCreatedDate": "1990-01-01T00:00:00",
             "DomainUpdatedDate": f"{WORLD_YEAR}-02-27T08:00:00"}
    keep_documented_gaps(documented, built, lambda record: "id" in record, today)
    assert built["DomainCreatedDate"] == f"{WORLD_YEAR - 28}-03-21T23:00:00"  # moved with the expiry
    assert built["DomainUpdatedDate"] == f"{WORLD_YEAR}-02-27T08:00:00"  # a year before: the drawn one stays
    assert in_now_window(dt.date(WORLD_YEAR, 2, 27)) and not in_now_window(dt.date(WORLD_YEAR - 1, 3, 19))


def test_a_record_with_one_moment_is_left_alone():
    built = {"id": 2, "startTimestamp": 1759905000}
    assert keep_documented_gaps({"id": 1, "startTimestamp": 1659240000}, built, lambda r: True,
                                dt.date(2025, 12, 1)) == 0
    assert built["startTimestamp"] == 1759905000


def test_a_moment_or_a_length_written_for_people_reads_as_a_feed_shows_it() -> None:
    # YouTube's publishedTimeText and lengthText were drawn as a clock time ("11:30") and a measure ("3.9")
    ctx = RecordContext(MockWorld(random.Random(3)))
    ago = {generate(FieldName("publishedTimeText"), ctx) for _ in range(40)}
    assert all(re.fullmatch(r"1 (hour|day|week|month|year) ago|([2-9]|1\d|2[0-3]) (hours|days|weeks|months|years) ago",
                            a) for a in ago) and len(ago) > 5
    lengths = {generate(FieldName("lengthText"), ctx) for _ in range(40)}
    assert all(re.fullmatch(r"\d{1,2}:[0-5]\d|\d:[0-5]\d:[0-5]\d", v) for v in lengths), lengths
