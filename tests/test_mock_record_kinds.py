"""A drawn title or status follows the record it belongs to (tooldial.dialogue.mockdata.record_kinds): the record's
nouns come from the enclosing keys, the API's name and the tool; the kinds and their words are the
``record_kinds`` pack's; documented values still win."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tooldial.corpus.models import Api, OutputComponent
from tooldial.dialogue.mockdata import FieldName, build_result, titles
from tooldial.dialogue.mockdata import record_kinds as rk
from tooldial.knowledge import loader


def _field(path: tuple[str, ...], api: str, tool: str) -> FieldName:
    return FieldName(path[-1], "string", frozenset(), frozenset(api.lower().split()) | set(path[:-1]),
                     path[-2] if len(path) > 1 else "", rk.record_words(path, api, tool))


def _api(paths: list[tuple[str, ...]], name: str, tool: str, example: Any = None) -> Api:
    return Api(category="Data", tool=tool, name=name, description="",
               output_components=tuple(OutputComponent(path=p, is_list=len(p) > 1) for p in paths),
               example_response=example)


def _leaves(body: Any, key: str) -> list[Any]:
    if isinstance(body, dict):
        return [v for k, v in body.items() if k == key] + [x for v in body.values() for x in _leaves(v, key)]
    if isinstance(body, list):
        return [x for v in body for x in _leaves(v, key)]
    return []


def test_record_words_read_keys_nearest_first_then_the_api_name_then_the_tool() -> None:
    words = rk.record_words(("data", "MLB", "injuries", "status"), "Player Injuries", "baseball_feeds")
    assert words[:3] == ("injury", "mlb", "player")  # ``data`` wraps, names nothing; plurals in the singular
    assert words[-2:] == ("feed", "baseball")
    # what an API name names before "by" comes first; its verbs and filler name no record
    assert rk.record_words(("status",), "get all orders by customer", "Shop") == ("order", "customer", "shop")


@pytest.mark.parametrize(("path", "api", "tool", "kind"), [
    (("data", "MLB", "injuries", "status"), "Player Injuries", "feeds", "injury"),
    (("orders", "payment_status"), "listOrders", "Shop", "payment"),  # its own qualifier names it first
    (("orders", "status"), "listOrders", "Shop", "order"),
    (("status",), "/sp500_search by Ticker", "Stock Search", "security"),
    (("matches", "status"), "Tennis Results", "t", "match"),
])
def test_a_status_takes_the_words_of_its_records_kind(path: tuple[str, ...], api: str, tool: str,
                                                      kind: str) -> None:
    assert rk.status_words(_field(path, api, tool), listed=True) == loader.word_map("record_kinds", "statuses")[kind]


def test_the_top_of_a_result_is_the_calls_unless_the_field_names_its_record() -> None:
    assert rk.status_words(_field(("status",), "User Followers", "instagram")) is None  # "ok" of the call
    assert rk.status_words(_field(("payment_status",), "createPayment", "p")) == \
        loader.word_map("record_kinds", "statuses")["payment"]
    # a product's availability is its stock, not "completed" (118 Amazon scraper fields of ToolBench)
    assert "In Stock" in rk.status_words(_field(("availability_status",), "Single Product Details", "Amazon"))


def test_a_matchs_status_follows_its_phase() -> None:
    assert rk.status_words(_field(("matches", "status"), "Upcoming Matches", "c")) == ("Scheduled",)
    assert rk.status_words(_field(("matches", "status"), "Live Scores", "c")) == ("Live",)
    assert rk.status_words(_field(("matches", "status"), "Match Results", "c")) == ("Finished",)


def test_a_status_no_noun_tells_is_a_records_inside_a_result_and_the_calls_at_its_top() -> None:
    inside = rk.status_words(_field(("widgets", "status"), "getWidgets", "w"))
    assert inside == loader.ordered_words("record_kinds", "record_statuses") and "success" not in inside
    assert rk.status_words(_field(("data", "status"), "getWidgets", "w")) is None  # the call's: drawn as before
    assert rk.status_words(_field(("status",), "getWidgets", "w"), listed=True) == inside  # a listed record's
    # the top of an action's result says how the call went, whatever its tool is about
    assert rk.status_words(_field(("status",), "Cancel subscription", "Invoices for Stripe")) is None


def test_the_kind_is_the_first_that_has_words_for_the_field() -> None:
    game = _field(("games", "status"), "getGames", "g")
    assert rk.record_kind(game, ("work", "task")) == "work"  # a game's title is a work's
    assert rk.record_kind(game, loader.word_map("record_kinds", "statuses")) == "match"


def test_a_todo_is_titled_with_a_task_and_a_book_with_a_works_title() -> None:
    todo = build_result(_api([("data", "title"), ("data", "id")], "get my todo list", "todo_app"),
                        random.Random(3), records=4)
    assert set(_leaves(todo, "title")) <= set(titles._TASK_TITLES) and _leaves(todo, "title")
    books = build_result(_api([("books", "title"), ("books", "id")], "getBooks", "library"), random.Random(3),
                         records=4)
    assert _leaves(books, "title") and set(_leaves(books, "title")).isdisjoint(titles._TASK_TITLES)


def test_injury_records_get_injury_statuses_and_documented_values_win() -> None:
    api = _api([("injuries", "status"), ("injuries", "player")], "Player Injuries", "feeds")
    statuses = _leaves(build_result(api, random.Random(1), records=6), "status")
    assert statuses and set(statuses) <= set(loader.word_map("record_kinds", "statuses")["injury"])
    documented = _api([("injuries", "status")], "Player Injuries", "feeds",
                      example={"injuries": [{"status": "Out for season"}]})
    assert _leaves(build_result(documented, random.Random(1), records=1), "status") == ["Out for season"]


def test_records_of_a_top_level_list_get_record_statuses_not_the_calls() -> None:
    api = Api(category="Data", tool="w", name="similar widgets", description="",
              output_components=(OutputComponent(path=("status",), is_list=True),
                                 OutputComponent(path=("widget_id",), is_list=True)))
    statuses = _leaves(build_result(api, random.Random(2), records=8), "status")
    assert statuses and set(statuses) <= set(loader.ordered_words("record_kinds", "record_statuses"))


def test_a_noun_added_to_the_pack_is_what_the_world_sees(monkeypatch: pytest.MonkeyPatch) -> None:
    kinds = {**rk._KINDS, "injury": (*rk._KINDS["injury"], "sprain")}
    monkeypatch.setattr(rk, "_KINDS", kinds)
    assert rk.record_kind(_field(("sprains", "status"), "x", "y"), rk._STATUSES) == "injury"


def test_a_channel_lookups_title_is_the_channels_name_not_a_video_title():
    # review 4331: Telegram's "Get channel info" came back titled "Late Train (Lyric Video)"
    import random

    from tooldial.corpus.models import Api, OutputComponent
    from tooldial.dialogue.mockdata import build_result

    api = Api(category="Social", tool="Telegram Channel", name="Get channel info", description="Channel info",
              output_components=(OutputComponent(path=("title",)), OutputComponent(path=("subscribers",),
                                                                                   type="integer")))
    titles = [build_result(api, random.Random(seed))["response"]["title"] for seed in range(8)]
    assert all(t.endswith("Channel") for t in titles), titles
    videos = Api(category="Data", tool="yt", name="Channel Videos", description="A channel's videos",
                 example_response={"videos": [{"title": "Old Town Road"}]})
    drawn = build_result(videos, random.Random(0), records=3)["response"]["videos"][1:]
    assert drawn and not any(v["title"].endswith("Channel") for v in drawn)  # its videos keep video titles


def test_a_categorys_name_is_no_drawn_title_of_the_record() -> None:
    """A product categorizer's undocumented ``category_name`` was "Green Smartphone Case", a room type's name "Lloyd
    Ltd": a category's name is a category (``field_words.sort_name_tails``), documented or left out, while the
    record's own ``name`` is still drawn."""
    api = _api([("category_id",), ("category_name",), ("products", "name"), ("products", "roomTypeName")],
               "Product Categorization", "Shop Catalog")
    for seed in range(6):
        body = build_result(api, random.Random(seed))["response"]
        assert "category_name" not in body and body.get("category_id") is not None
        assert _leaves(body, "name") and not _leaves(body, "roomTypeName")
