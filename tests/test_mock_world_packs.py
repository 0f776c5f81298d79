"""The mock world (tooldial.dialogue.mockdata) reads its vocabularies from the knowledge packs, one test per subject:
the stage's words are the pack's (not a copy), and a word of the pack changes what the world does."""

from __future__ import annotations

import datetime as dt
import random

from tooldial.dialogue.mockdata import (
    FieldName,
    MockWorld,
    RecordContext,
    date_bounds,
    dates,
    field_kind,
    fields,
)
from tooldial.knowledge import loader
from tooldial.rules.dialogue import calendar
from tooldial.rules.dialogue.calendar import calendar_parts


def test_time_words_come_from_the_time_pack() -> None:
    assert fields._FUTURE is loader.ordered_words("time", "future")
    assert fields.NOW_WORDS is loader.ordered_words("time", "now")
    assert fields.FORWARD_SERIES is loader.ordered_words("time", "forward_series")
    assert fields.BACKWARD_SERIES is loader.ordered_words("time", "backward_series")
    assert fields._END is loader.ordered_words("time", "end")
    assert fields._DAY_QUANTITY is loader.ordered_words("time", "day_quantity")
    assert dates._RANGE_START is loader.ordered_words("time", "range_start")
    assert dates._RANGE_END is loader.ordered_words("time", "range_end")
    assert dates._NOT_NOW[:len(fields._FUTURE)] == fields._FUTURE and "founded" in dates._NOT_NOW
    assert calendar._CALENDAR_PARTS is loader.word_map("time", "calendar_parts")


def test_time_words_place_dates() -> None:
    world = MockWorld(random.Random(3))
    due = dates._gen_date(FieldName("due_date"), RecordContext(world))  # a future word: after today
    born = dates._gen_date(FieldName("birthday"), RecordContext(world))  # a birth word: decades before
    assert due > world.today and born < world.today - dt.timedelta(days=17 * 365)
    bounds = date_bounds({"since": "2025-03-01", "until": "2025-03-09"})  # range words of the pack
    assert (bounds.start, bounds.end) == (dt.date(2025, 3, 1), dt.date(2025, 3, 9))
    assert calendar_parts({"yyyy": "2025", "mm": "03", "dd": "09"}) == {"year": "yyyy", "month": "mm", "day": "dd"}
    assert field_kind(FieldName("day_volume", "number")) != "date"  # a quantity of a day


def test_money_comes_from_the_money_pack() -> None:
    from tooldial.dialogue.mockdata import builder, money, world

    assert world.USD_VALUE is loader.word_map("money", "usd_value")
    assert world.CURRENCIES is loader.ordered_words("money", "major_currencies")
    assert world.SYMBOLS is loader.ordered_words("money", "tickers")
    assert world.COINS is loader.ordered_words("money", "coins")
    assert money._FROM_SIDE is loader.ordered_words("money", "from_side")
    assert builder._EXCHANGE_SIDES is loader.ordered_words("money", "exchange_side")
    assert set(world.CURRENCIES) <= set(world.USD_VALUE)  # every currency a pair is drawn from has a rate


def test_money_words_steer_a_conversion() -> None:
    from tooldial.dialogue.mockdata import conversion_expected

    usd = loader.word_map("money", "usd_value")
    # "have" is a from-side word: JPY is converted from, whichever key comes first
    src, dst, amount, converted = conversion_expected({"want": "EUR", "have": "JPY", "amount": "1000"})
    assert (src, dst, amount) == ("JPY", "EUR", 1000.0)
    assert converted == round(1000 * usd["JPY"] / usd["EUR"], 2)


def test_paging_and_envelope_keys_come_from_their_packs() -> None:
    from tooldial.dialogue.mockdata import ENVELOPE, PAGING_KEYS, STATUS_KEYS, paging

    assert paging._LIMIT_WORDS is loader.words("paging", "limit_inputs")
    assert paging._DAYS_NAMES is loader.words("paging", "days_inputs")
    assert paging.PAGE_KEYS is loader.words("paging", "page_keys")
    assert paging.PAGES_KEYS is loader.words("paging", "pages_keys")
    assert paging._TOTAL_KEYS is loader.words("paging", "total_keys")
    assert paging.SIZE_KEYS is loader.words("paging", "size_keys")
    assert PAGING_KEYS is loader.words("paging", "paging_keys")
    assert ENVELOPE is loader.words("envelope", "envelope")
    assert STATUS_KEYS is loader.words("envelope", "status_keys")


def test_paging_words_shape_a_paged_result() -> None:
    from tooldial.dialogue.mockdata import reports_something, requested_records
    from tooldial.rules.dialogue.paging import paging_problems

    assert requested_records({"forecastDays": "5"}, 2) == 5  # a days input sets the records
    assert requested_records({"take": "1"}, 2) == 1  # a limit input caps them
    assert [str(p) for p in paging_problems({"pageNo": "2"}, {"currentPage": 1, "totalPages": 3})] == ["page: currentPage 1 for page 2 asked"]
    assert not reports_something({"response": {"status": "success", "msg": "ok"}})  # status keys only



def test_credential_words_come_from_the_credentials_pack() -> None:
    from tooldial.corpus.models import Parameter
    from tooldial.dialogue.mockdata import is_credential

    assert fields._CREDENTIAL_WORDS is loader.words("credentials", "credential")
    assert fields._NOT_CREDENTIAL is loader.words("credentials", "not_credential")
    assert is_credential(Parameter(name="sessionId")) and is_credential(Parameter(name="x_auth"))
    assert not is_credential(Parameter(name="page_token")) and not is_credential(Parameter(name="next_token"))


def test_league_table_words_come_from_the_sports_pack() -> None:
    from tooldial.dialogue.mockdata import STANDING_WORDS, sports
    from tooldial.rules.world.standings import standing_problems

    roles = loader.word_map("sports", "standing_role")
    assert sports._STANDING_ROLE is roles and frozenset(roles) == STANDING_WORDS  # one vocabulary
    assert fields._TABLE_WORDS is loader.ordered_words("sports", "league_table")
    row = {"overall_league_payed": 10, "overall_league_W": 5, "overall_league_D": 2, "overall_league_L": 2,
           "overall_league_PTS": 17}
    assert [str(p) for p in standing_problems(row)] == ["standings: overall_league_payed=10 games from 5-2-2"]
    assert standing_problems({**row, "overall_league_payed": 9}) == []


def test_people_words_come_from_the_people_pack() -> None:
    from tooldial.dialogue.mockdata import PICK_PREFERENCE, titles

    assert fields._PERSON is loader.ordered_words("people", "person_roles")
    assert fields._ORG is loader.ordered_words("people", "organisations")
    assert titles._PEOPLE_PARENTS is loader.words("people", "person_keys")
    assert PICK_PREFERENCE is loader.ordered_words("people", "pick_by")
    assert field_kind(FieldName("driver")) == "person"
    assert field_kind(FieldName("name", title=frozenset({"airline"}))) == "company"  # a name in an airline list
    world = MockWorld(random.Random(5))
    ctx = RecordContext(world)
    assert titles._gen_name(FieldName("name", parent="assignee"), ctx) == " ".join(ctx.person)  # a person key


def test_identifier_words_come_from_the_identifiers_pack() -> None:
    from tooldial.dialogue.mockdata import documented, identifying

    assert fields._ID_LOOKALIKES is loader.words("identifiers", "id_lookalike")
    assert fields._NOT_ID is loader.ordered_words("identifiers", "not_id")
    assert documented._IDENTITY_WORDS is loader.words("identifiers", "identity")
    assert documented._NOT_IDENTITY is loader.words("identifiers", "not_identity")
    assert field_kind(FieldName("hotelid")) == "id" and field_kind(FieldName("prepaid")) != "id"
    assert field_kind(FieldName("currency_key")) != "id"
    assert identifying("isbn") and not identifying("promo_code")


def test_media_words_and_titles_come_from_their_packs() -> None:
    from tooldial.dialogue.mockdata import OLD_TITLE_WORDS, TOPICS, builder, titles

    assert TOPICS is loader.ordered_words("media", "topics") and "machine learning" in TOPICS
    assert fields._WORK is loader.ordered_words("media", "works")
    assert fields._FORMAT_WORDS is loader.ordered_words("media", "formats")
    assert fields._NAMED_PARENTS is loader.words("media", "named_keys")
    assert titles._OUTLET_WORDS is loader.ordered_words("media", "outlets")
    assert builder._OWNER_WORDS is loader.ordered_words("media", "owners")
    assert (loader.ordered_words("media", "old_title_adjectives"),
                               loader.ordered_words("media", "old_title_nouns")) == OLD_TITLE_WORDS
    banks = loader.phrase_banks("en", "titles")
    for name in ("video_titles", "untopical_videos", "app_titles", "film_titles", "song_titles", "game_titles",
                 "achievements", "book_titles", "old_video_titles", "products", "dishes"):
        assert getattr(titles, f"_{name.upper()}") is banks[name], name
    assert field_kind(FieldName("qualityLabel", context=frozenset({"video"}))) == "name"  # a format, not a title
    assert field_kind(FieldName("label", context=frozenset({"video"}))) == "title"


def test_venue_words_come_from_the_venues_pack() -> None:
    from tooldial.dialogue.mockdata import titles

    assert titles._BUSINESSES is loader.ordered_words("venues", "businesses")
    assert titles._VENUES is loader.ordered_words("venues", "venues")
    assert titles._VENUE_LABELS is loader.word_map("venues", "venue_labels")
    ctx = RecordContext(MockWorld(random.Random(2)))
    name = titles._venue_name("trail", ctx)  # civic: after its city, with a label of the pack
    assert name.startswith(ctx.place.city) and name.endswith(("Trail", "Ridge Trail"))


def test_price_words_come_from_the_money_pack() -> None:
    from tooldial.dialogue.mockdata import OHLC_WORDS, ohlc_groups, record_rules
    from tooldial.rules.dialogue import rows as series
    from tooldial.rules.dialogue.rows import price_jump_problems

    assert series._SERIES_PRICE_WORDS is loader.words("money", "series_prices")
    assert OHLC_WORDS is loader.ordered_words("money", "ohlc")
    assert record_rules._OHLC_LETTERS is loader.word_map("money", "ohlc_letters")
    assert ohlc_groups({"o": 1.0, "h": 2.0, "l": 0.5, "c": 1.5}) == [{"open": "o", "high": "h", "low": "l", "close": "c"}]
    rows = [{"date": "2025-01-01", "adjClose": 10.0}, {"date": "2025-01-02", "adjClose": 31.0}]
    assert [str(p) for p in price_jump_problems(rows)] == ["price jump: adjClose 10.0 then 31.0"]


def test_measure_and_address_words_come_from_their_packs() -> None:
    from tooldial.rules.world.middle import MIDDLE_WORDS, middle_problems

    assert fields._MEASURES is loader.ordered_words("measures", "quantities")
    assert MIDDLE_WORDS is loader.ordered_words("measures", "middle")
    assert fields._NOT_STREET is loader.ordered_words("addresses", "not_street")
    assert field_kind(FieldName("mileage")) == "measure"
    assert [str(p) for p in middle_problems({"minRent": 5, "medianRent": 9, "maxRent": 8})] == ["middle: medianRent 9 outside minRent 5..maxRent 8"]
    assert field_kind(FieldName("address")) == "address" and field_kind(FieldName("wallet_address")) != "address"


def test_wrapper_keys_come_from_the_containers_pack() -> None:
    from tooldial.dialogue.mockdata import carry_names, paths

    assert paths._WRAPPERS is loader.words("containers", "mock_wrapper")
    assert paths.owner_words(("attributes", "area", "id")) == {"area"} and paths.owner_words(("payload", "id")) == set()
    body = {"payload": {"views": 3}}
    carry_names(body, {"title": "Golden Hour"})  # the wrapper is the record: the picked title goes inside it
    assert body == {"payload": {"views": 3, "title": "Golden Hour"}}


def test_kind_groups_come_from_the_field_kinds_pack_and_name_real_kinds() -> None:
    from tooldial.dialogue.mockdata import (
        PLACE_KINDS,
        RULES,
        USER_PLACE_KINDS,
        builder,
        documented,
        generate,
        generators,
    )

    assert PLACE_KINDS is loader.words("field_kinds", "place")
    assert USER_PLACE_KINDS is loader.words("field_kinds", "user_place")
    assert generators._ONCE_PER_RECORD is loader.words("field_kinds", "once_per_record")
    assert builder._NAME_KINDS is loader.words("field_kinds", "record_name")
    assert loader.words("field_kinds", "entity") | {None} == documented._ENTITY_KINDS
    kinds = {kind for kind, _ in RULES}
    for name, word_set in loader.pack("field_kinds").word_sets.items():
        assert set(word_set.words) <= kinds, (name, set(word_set.words) - kinds)  # a typo names no kind
    ctx = RecordContext(MockWorld(random.Random(9)))
    assert generate(FieldName("company"), ctx) == generate(FieldName("company"), ctx)  # drawn once per record


def test_a_title_of_no_known_kind_of_work_is_not_a_film_s() -> None:
    """A bare ``title`` says nothing of what it names: a film title there read as filler ("A Summer in Toronto" as
    a stock index). Only a film, book or video context draws one; otherwise the field is left out."""
    from tooldial.corpus.models import Api, OutputComponent
    from tooldial.dialogue.mockdata import build_result
    from tooldial.dialogue.mockdata.titles import _TITLES

    def titles(api: Api) -> list:
        return [r.get("title") for seed in range(5)
                for r in build_result(api, random.Random(seed), records=2, inputs={})["response"].get("items", [{}])]

    def api(name: str, description: str) -> Api:
        return Api(category="Data", tool="t", name=name, description=description,
                   output_components=(OutputComponent(path=("items", "title"), is_list=True),))

    films = {p.split("{")[0].strip() for p in _TITLES["film_titles"]} - {""}
    assert set(titles(api("Index overview", "Overview of a market index."))) == {None}
    drawn = titles(api("Movie search", "Find movies by keyword."))
    assert all(isinstance(t, str) and t for t in drawn) and any(t.startswith(tuple(films)) for t in drawn)


def test_a_drawn_record_keeps_the_documented_span_from_its_start_to_its_end() -> None:
    """A league season documented from August to May is not drawn as five days (the drawn span was 1 to 10 days
    whatever the record); a record with no documented span keeps the drawn one."""
    from tooldial.corpus.models import Api
    from tooldial.dialogue.mockdata import build_result

    season = {"seasons": [{"id": 23514, "name": "2023/2024", "start_date": "2023-08-11", "end_date": "2024-05-19"}]}
    api = Api(category="Sports", tool="t", name="Competition seasons", description="Seasons of a competition.",
              example_response=season)
    for seed in range(5):
        for record in build_result(api, random.Random(seed), records=2, inputs={})["response"]["seasons"]:
            start, end = (dt.date.fromisoformat(record[k][:10]) for k in ("start_date", "end_date"))
            assert (end - start).days == 282, record
