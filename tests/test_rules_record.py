"""Record rules as registered plug-ins (``tooldial/rules/world/``): the case table in
``tests/data/rules/record_cases.yaml``, the registry's contract, and the one loop the stages share."""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path
from typing import ClassVar

import pytest
import yaml

from tooldial.registry import RECORD_RULES
from tooldial.rules.record import Check, Problem, Record, RecordRule, check_record, record_rules
from tooldial.rules.world import country_facts, match_score, middle, sky, standings, utc_offset

CASES = yaml.safe_load((Path(__file__).parent / "data" / "rules" / "record_cases.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES, ids=lambda c: ",".join(c["record"]))
def test_record_case_table(case: dict) -> None:
    got = [[p.check.value, list(p.keys)] for p in check_record(case["record"])]
    assert got == ([] if case.get("clean") else case["expect"])


def test_every_check_has_a_case_and_a_rule() -> None:
    """A check no case triggers is untested; a check no rule declares is dead."""
    triggered = {row[0] for case in CASES for row in case.get("expect", [])}
    declared = {c for rule in record_rules() for c in rule.checks}
    assert declared == set(Check) and triggered == {c.value for c in Check}


def test_every_registered_rule_is_a_record_rule_in_its_own_module() -> None:
    rules = record_rules()
    assert len(rules) == len(RECORD_RULES) and all(isinstance(r, RecordRule) and r.checks for r in rules)
    own = [RECORD_RULES.target(n).partition(":")[0] for n in RECORD_RULES]
    assert len(set(own)) == len(own) and all(m.startswith("tooldial.rules.world.") for m in own)  # one rule per file


def test_a_messages_text_is_the_check_then_the_detail() -> None:
    """What reports count (the text before the first colon) is the typed check's name."""
    problem = check_record({"volume": -5})[0]
    assert problem == Problem(Check.NEGATIVE_VOLUME, "volume=-5", ("volume",))
    assert str(problem).split(":", 1)[0] == Check.NEGATIVE_VOLUME.value


def test_a_rule_that_needs_a_kind_is_skipped_without_it() -> None:
    class Loud(RecordRule):
        checks: ClassVar[tuple[Check, ...]] = (Check.MIDDLE,)
        needs: ClassVar[frozenset[str]] = frozenset({"city"})

        def problems(self, record: Record) -> list[Problem]:
            return [Problem(Check.MIDDLE, "always")]

    assert check_record({"city": "Paris"}, rules=(Loud(),)) == [Problem(Check.MIDDLE, "always")]
    assert check_record({"name": "Paris"}, rules=(Loud(),)) == []


def test_planner_and_validator_share_the_loop() -> None:
    from tooldial.dialogue.world_checks import record_problems

    record = {"open": 10, "high": 9, "low": 8, "close": 9.5, "volume": -1}
    assert record_problems(record) == [str(p) for p in check_record(record)] and len(record_problems(record)) == 2


#: The record rules that carry their own fix (run by the mock-data generator): a broken record, and the call that
#: mends it in place. After the fix, the rule reports nothing.
FIXES = {
    "middle": ({"min_temp": 10, "avg_temp": 30, "max_temp": 20}, lambda r: middle.fix_middles(r)),
    "utc_offset": ({"timezone": "Europe/Paris", "utc_offset": "+09:00"},
                   lambda r: utc_offset.fix_zone(r, dt.date(2025, 7, 1))),
    "sky": ({"condition": "Clear", "chance_of_rain": 95}, lambda r: sky.fix_sky(r, random.Random(1))),
    "standings": ({"overall_league_W": 3, "overall_league_D": 1, "overall_league_L": 2, "overall_league_payed": 9},
                  lambda r: standings.fix_standing(r)),
    "match_score": ({"home_score": 1, "home_halftime_score": 2}, lambda r: match_score.fix_scores(r)),
    "league_team": ({"league": "Serie A", "home_team": "Arsenal"}, lambda r: RECORD_RULES.load("league_team").fix(r)),
    "country_facts": ({"country": "France", "capital": "Berlin"}, lambda r: country_facts.fix_country(r, None)),
    # fixes that were the generator's own (mockdata/record_rules.py) until they moved beside their checks
    "order": ({"start_date": "2024-05-10", "end_date": "2024-05-01", "min_price": 30, "max_price": 10},
              lambda r: RECORD_RULES.load("order").fix(r)),
    "ohlc": ({"open": 10, "high": 9, "low": 8, "close": 9.5}, lambda r: RECORD_RULES.load("ohlc").fix(r)),
    "lifecycle": ({"createdAt": "2024-11-10T14:15:00", "canceledAt": "2024-04-26T10:00:00",
                   "deletedAt": "2023-08-03T09:45:00", "updatedAt": "2025-05-02T07:15:00"},
                  lambda r: RECORD_RULES.load("lifecycle").fix(r)),
    "volume": ({"volume": -5, "vol": "-7"}, lambda r: RECORD_RULES.load("volume").fix(r)),
    "values": ({"hour": 71, "minute": "75"}, lambda r: RECORD_RULES.load("values").fix(r, random.Random(1))),
    "span_units": ({"years": 3, "months": 14, "days": "40"},
                   lambda r: RECORD_RULES.load("span_units").fix(r, random.Random(1), None)),
    "amount_rate": ({"amount": 100, "rate": 0.5, "converted": 80}, lambda r: RECORD_RULES.load("amount_rate").fix(r)),
    "sale_price": ({"discountPrice": "30.00", "price": "20.00"}, lambda r: RECORD_RULES.load("sale_price").fix(r)),
    "picture_size": ({"url": "https://i.example.org/c.jpg", "width": 22, "height": "9.5"},
                     lambda r: RECORD_RULES.load("picture_size").fix(r)),
    "rendering": ({"price": 40427, "price_string": "128.27", "subscribers": 1250000, "subscribersText": "3.4M"},
                  lambda r: RECORD_RULES.load("rendering").fix(r)),
    "date_parts": ({"time": "13:15", "year": 2025, "month": 12, "day": 3, "hour": 16, "minute": 10, "weekday": "Mon",
                    "week_number": 7}, lambda r: RECORD_RULES.load("date_parts").fix(r)),
}


@pytest.mark.parametrize("name", FIXES)
def test_a_rules_own_fix_mends_what_it_reports(name: str) -> None:
    record, fix = FIXES[name]
    rule = RECORD_RULES.create(name)
    assert rule.problems(Record.of(record))
    fix(record)
    assert rule.problems(Record.of(record)) == []


def test_the_moved_fixes_keep_what_they_did() -> None:
    """The fixes moved out of the generator keep their effects: the types of the values, the asked span."""
    volume = {"volume": -5, "vol": " -7"}
    RECORD_RULES.load("volume").fix(volume)
    assert volume == {"volume": 5, "vol": "7"}
    span = {"years": 3, "months": 14, "days": "40", "hours": 5}
    RECORD_RULES.load("span_units").fix(span, random.Random(1), 400)  # the call asked about 400 days
    assert span == {"years": 1, "months": 1, "days": "10", "hours": 0}
    converted = {"amount": 100, "exchange_rate": "0.5", "converted_amount": 80}  # a rate as text is still read
    RECORD_RULES.load("amount_rate").fix(converted)
    assert converted["converted_amount"] == 50.0
    stamps = {"createdAt": "2024-11-10T14:15:00", "canceledAt": "2024-04-26T10:00:00", "deletedAt": "2023-08-03T09:45:00"}
    RECORD_RULES.load("lifecycle").fix(stamps)  # the earliest event's stamp becomes the creation's; no stamp is lost
    assert stamps == {"createdAt": "2023-08-03T09:45:00", "canceledAt": "2024-04-26T10:00:00",
                      "deletedAt": "2024-11-10T14:15:00"}
    prices = {"minPrice": "336.42", "maxPrice": "304.94", "min_year": "1999", "max_year": 2004}
    RECORD_RULES.load("order").fix(prices)  # numbers written as text are put in order too
    assert prices == {"minPrice": "304.94", "maxPrice": "336.42", "min_year": "1999", "max_year": 2004}
    dates = {"start_date": "2024-05-10", "end_date": "2024-05-01"}
    RECORD_RULES.load("order").fix(dates)
    assert dates == {"start_date": "2024-05-01", "end_date": "2024-05-10"}


def test_the_rendering_fix_keeps_the_texts_form() -> None:
    """The number is written into the text as the text wrote its own: sign, separators, decimals, magnitude, words."""
    record = {"price": 1299.5, "price_string": "$1,099.00", "subscribers": 31400000,
              "subscribersText": "2.1M subscribers", "normalPrice": "89", "normalPriceStr": "NT$ 120"}
    RECORD_RULES.load("rendering").fix(record)
    assert record == {"price": 1299.5, "price_string": "$1,299.50", "subscribers": 31400000,
                      "subscribersText": "31.4M subscribers", "normalPrice": "89", "normalPriceStr": "NT$ 89"}


def test_the_order_fix_puts_a_value_between_its_bounds() -> None:
    """A value and both its bounds (``tp_min``, ``tp``, ``tp_max``) end in order whichever pair ran backwards
    first; values keep their own form."""
    record = {"tp_min": 56, "tp": 37, "tp_max": "20", "fgm": 42, "fga": 9, "uses": 5, "max_uses": 9}
    RECORD_RULES.load("order").fix(record)
    assert record == {"tp_min": "20", "tp": 37, "tp_max": 56, "fgm": 9, "fga": 42, "uses": 5, "max_uses": 9}
    assert RECORD_RULES.create("order").problems(Record.of(record)) == []
    # a whole number's field takes no fraction: the high end is rounded up, the low end down, the pair in order
    scores = {"score": 26.1, "max_score": 20, "list_price": "2584", "list_price_max": "219.37"}
    RECORD_RULES.load("order").fix(scores)
    assert scores == {"score": 20, "max_score": 27, "list_price": "219", "list_price_max": "2584"}


def test_the_ordered_words_are_the_packs() -> None:
    """The words that order two fields are data (``measures`` and ``time`` packs): each range's two ends come
    from the two maps' entries of one name, and a named pair of the pack is ordered."""
    from tooldial.dialogue.mockdata import record_rules
    from tooldial.knowledge import loader

    lows, highs = loader.word_map("measures", "ordered_range_lower"), loader.word_map("measures", "ordered_range_upper")
    assert list(lows) == list(highs)
    assert tuple((tuple(lows[n]), tuple(highs[n])) for n in lows) == record_rules.ORDERED_WORDS
    assert [list(p) for p in record_rules.DATE_ORDERED_WORDS] == [
        [loader.word_map("time", "date_range_lower")[n], loader.word_map("time", "date_range_upper")[n]]
        for n in loader.word_map("time", "date_range_lower")]
    low, high = next(iter(loader.word_map("measures", "ordered_names").items()))
    assert record_rules.ordered_pairs([str(high).upper(), low.upper()]) == [(low.upper(), str(high).upper())]


def test_the_date_parts_fix_writes_one_moment_in_each_values_form() -> None:
    """Text stays text (zero-padded when it was), a weekday keeps its length and case, epoch seconds are the
    moment's in the record's zone (milliseconds stay milliseconds), and a day past its month's end is its last."""
    fix = RECORD_RULES.load("date_parts").fix
    record = {"to_time": "20:30", "year": "2012", "month": "01", "day": "7", "hour": "05", "minute": "38",
              "weekday": "mon", "seconds_since_epoch": 21, "utc_time": "12:30", "local_timezone": "Asia/Shanghai"}
    fix(record)
    assert record == {"to_time": "20:30", "year": "2012", "month": "01", "day": "7", "hour": "20", "minute": "30",
                      "weekday": "sat", "seconds_since_epoch": 1325939400, "utc_time": "12:30",
                      "local_timezone": "Asia/Shanghai"}
    assert dt.datetime.fromtimestamp(1325939400, dt.UTC) == dt.datetime(2012, 1, 7, 12, 30, tzinfo=dt.UTC)  # Shanghai +8
    stamp = {"year": 2025, "month": 3, "day": 1, "hour": 0, "minute": 0, "epoch": 1.0e12, "weekday": "SATURDAY"}
    fix(stamp)
    assert stamp["epoch"] == 1740787200000 and stamp["weekday"] == "SATURDAY"
    leap = {"year": 2023, "month": 2, "day": 30, "week": 1}
    fix(leap)
    assert leap == {"year": 2023, "month": 2, "day": 28, "week": 9}


def test_a_week_out_of_range_is_drawn_again_then_written_from_the_moment() -> None:
    """A week number drawn as a count (``week_number: 235``) no longer silences the parts of the record's moment:
    the ``values`` fix draws it inside 0..53, and ``date_parts`` then writes every part from the clock time."""
    record = {"time": "15:45", "year": 2019, "month": 9, "day": 4, "hour": 6, "minute": 31, "second": 20,
              "week_number": 235, "local_timezone": "Asia/Shanghai"}
    RECORD_RULES.load("values").fix(record, random.Random(3))
    assert 0 <= record["week_number"] <= 53
    RECORD_RULES.load("date_parts").fix(record)
    assert (record["hour"], record["minute"], record["week_number"]) == (15, 45, 36)
    assert RECORD_RULES.create("date_parts").problems(Record.of(record)) == []


def test_date_parts_leave_records_that_break_down_no_moment() -> None:
    """A part out of its range (a percentage as "week"), a season's year and week, an hour with no minute beside a
    clock time: the fix changes nothing."""
    fix = RECORD_RULES.load("date_parts").fix
    for record in ({"week": "1.2%", "month": "5.1%", "year": "12.0%"}, {"season": 2023, "week": 5, "year": 2023},
                   {"time": "13:15", "hour": 3, "temperature": 12}, {"date": "2023-06-15", "month": 7, "year": 2023}):
        before = dict(record)
        fix(record)
        assert record == before


def test_the_generator_keeps_a_records_moments_in_order_after_the_schema_made_them() -> None:
    """Fields named ``*_time`` are drawn as clock times and made date-times by their documented format after the
    record rules ran: the rules that order moments run again then, so no order is created after its last update
    and no trip ends before it starts."""
    from tooldial.corpus.models import Api, OutputComponent
    from tooldial.dialogue.mockdata import build_result

    comps = tuple(OutputComponent(path=("orders", name), format="date-time", is_list=True)
                  for name in ("created_time", "last_update_time", "start_time", "end_time"))
    api = Api(category="Finance", tool="t", name="GetOrders", description="Lists orders.", output_components=comps)
    for seed in range(12):
        for order in build_result(api, random.Random(seed), records=3)["response"]["orders"]:
            assert order["created_time"][:10] <= order["last_update_time"][:10], order
            assert order["start_time"] <= order["end_time"], order


def test_a_records_creation_is_no_later_than_its_last_update():
    # review 4511: a translation memory's match created in 2025 was last updated in 2024 ("create", "update": not
    # only "created", "updated")
    from tooldial.rules.world.lifecycle import Lifecycle

    record = {"create-date": "2025-03-06", "last-update-date": "2024-09-29", "id": "611448"}
    assert Lifecycle().problems(Record.of(record))
    Lifecycle.fix(record)
    assert record["create-date"] == "2024-09-29" and record["last-update-date"] == "2025-03-06"
    assert not Lifecycle().problems(Record.of({"create_time": "2024-01-01", "update_time": "2024-02-01"}))


@pytest.mark.parametrize(("later", "value", "fixed"), [
    ("requested_execution_date", "2024-06-06", "2025-07-11"),  # review 5251: a payment executed before its creation
    ("requested_collection_date", "2024-06-06", "2025-07-11"),
    ("expires_at", "2024-06-06T10:00:00Z", "2025-07-11T08:00:00Z"),  # a domain expiring before its registration
    ("submitted_at", "2024-06-06T16:00:00", "2025-07-11T08:00:00"),
])
def test_a_record_is_created_before_it_is_executed_submitted_or_expires(later: str, value: str, fixed: str) -> None:
    """Swapped, each stamp keeps its field's layout: the creation date-time stays a date-time."""
    from tooldial.rules.world.lifecycle import Lifecycle

    record = {"creation_date_time": "2025-07-11T08:00:00", later: value}
    assert Lifecycle().problems(Record.of(record))
    Lifecycle.fix(record)
    assert record == {"creation_date_time": value[:10] + "T08:00:00" if len(value) == 10 else value[:19], later: fixed}
    assert not Lifecycle().problems(Record.of(record))
