"""Intents from the user's goal, not the documentation sentence (issue 12 / 11): which parts of a description a
user says. Fixtures are descriptions written for these tests in the shapes real API docs take."""

from __future__ import annotations

import json
import re

import pytest

from scripts.doc_phrases import turn_findings
from tooldial.corpus.models import Api, Parameter
from tooldial.dialogue.intents import Intent, candidates, description_clause, goal_clause, raw_name, ungreeted
from tooldial.dialogue.render_template import _spoken


def _api(name: str, description: str, *params: str, category: str = "Data", tool: str = "Tool") -> Api:
    return Api(category=category, tool=tool, name=name, description=description,
               required_parameters=tuple(Parameter(name=p) for p in params))


@pytest.mark.parametrize(("api", "kept", "dropped"), [
    (_api("Hourly air", "Returns the hourly air quality for the given latitude, longitude and date.",
          "latitude", "longitude", "date"), "hourly air quality", ["given", "latitude", "longitude"]),
    (_api("Fixtures", "Get fixtures for competitions included in your current subscription plan.", "league"),
     "fixtures for competitions", ["included", "subscription", "plan"]),
    (_api("Playlist", "Get a playlist by its ID.", "playlist_id"), "a playlist", ["id"]),
    (_api("Price history", "Get price history by ticker_slug and period.", "ticker_slug", "period"),
     "price history", ["ticker_slug", "ticker slug", "period"]),
    (_api("Wallet addresses", "The Wallet Addresses Endpoint allows you to get the addresses associated with "
          "the specified wallet.", "wallet"), "the addresses", ["endpoint", "specified", "associated"]),
    (_api("Update a Sensor", "Sensor service keeps the registry of sensors, and aggregates their readings.",
          "sensor_id"), "update a sensor", ["service", "registry"]),
    (_api("Prices", "Get daily open, high, low, close prices of a stock since a start date.", "symbol"),
     "open, high, low, close prices", []),
    (_api("Concerts", "Search concerts in a city by keyword.", "city", "keyword"), "concerts in a city", []),
    (_api("Details", "Get detailed information about a specific block, including its hash and miner.", "hash"),
     "a block", ["including", "specific", "information"]),
    (_api("Foods", "Identify thousands of dishes from photos.", "image"), "identify dishes from photos",
     ["thousands"]),
])
def test_goal_clause_keeps_what_the_user_wants(api: Api, kept: str, dropped: list[str]) -> None:
    goal = goal_clause(api)
    assert kept in goal, goal
    for word in dropped:
        assert not re.search(rf"\b{re.escape(word)}\b", goal, re.I), goal
    assert goal == goal_clause(api)  # deterministic: same API, same words (the verb is drawn by API id)


def test_goal_clause_changes_only_the_verb_of_a_plain_description() -> None:
    api = _api("Library", "Get the opening hours of a library branch.", "branch")
    assert description_clause(api) == "get the opening hours of a library branch"
    verb, rest = goal_clause(api).split(" the ", 1)
    assert verb in ("find", "look up", "get", "pull up") and rest == "opening hours of a library branch"


def test_intent_candidates_say_the_goal_not_the_parameters() -> None:
    api = _api("Hourly air", "Returns the hourly air quality for the given latitude, longitude and date.",
               "latitude", "longitude", "date", category="Weather")
    confirm = candidates(api)["confirm"]
    assert confirm and all("given" not in text and "hourly air quality" in text for text in confirm)


@pytest.mark.parametrize(("word", "raw"), [("animename", True), ("ticker_slug", True), ("AddressLine1", True),
                                           ("roleLevel", True), ("latitude", False), ("weather", False),
                                           ("Naruto", False), ("id", False)])
def test_raw_name(word: str, raw: bool) -> None:
    assert raw_name(word) is raw


def test_goodbye_echo_drops_a_raw_field_label() -> None:
    assert _spoken("animename Blue Lagoon Nights (arturl https://example.org/a.jpg)") == "Blue Lagoon Nights"
    assert _spoken("confidence 29.28") == "confidence 29.28"
    assert _spoken("18.4 °C") == "18.4 °C"


def test_doc_phrase_measure_flags_doc_sentences_and_raw_names_but_not_values() -> None:
    api = {"description": "Get a historical hourly air report for the given coordinates and start time.",
           "required_parameters": {"user_ref": "The reference of the user whose reports are listed"}}
    state = {"api_status": {"required_parameters": {"user_ref": "a historical hourly air report for you"}}}
    record = {"scenario": {"apis": [api], "user": {"known": {}}},
              "dialogue": [{"User": {"message": "I need a historical hourly air report for the given coordinates."}},
                           {"System": {"message": "", "dialogue_state": state}},
                           {"User": {"message": "My user_ref is a historical hourly air report for you."}},
                           {"User": {"message": "Is the air clean near the lake today?"}}]}
    found = [f for _, f in turn_findings(json.loads(json.dumps(record)), 5)]
    assert found[0] and found[0][0].startswith("doc: ")
    assert found[1] == ["name: user_ref"]  # the value's words are cut out, the raw name is not
    assert found[2] == []


def test_a_later_intent_turn_does_not_greet_again() -> None:
    hits = [("Data|Tool|X", 0.9)]
    pool = [Intent("Hello, quick question. Could you find the opening hours?", hits),
            Intent("Could you find the opening hours?", hits)]
    assert ungreeted(pool) == pool[1:]
    assert ungreeted([("v", pool[0]), ("w", pool[1])]) == [("w", pool[1])]
    assert ungreeted(pool[:1]) == pool[:1]  # every one greets: keep them rather than lose the dialogue
