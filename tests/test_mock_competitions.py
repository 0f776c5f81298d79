"""Competition names of the mock world are real ones of the API's sport (``competitions`` and ``teams`` packs),
the league of a team the record names and of its country; an API about no team sport names no club."""

from __future__ import annotations

import random

import pytest

from tooldial.corpus.models import Api
from tooldial.dialogue.mockdata import build_result
from tooldial.dialogue.mockdata.fields import FieldName
from tooldial.dialogue.mockdata.places import lookup_places, places
from tooldial.dialogue.mockdata.sports import (
    _TEAMS,
    api_sport,
    competition_name,
    known_competitions,
    sport_of,
)
from tooldial.dialogue.mockdata.world import MockWorld, RecordContext
from tooldial.knowledge import loader
from tooldial.rules.world.league_team import fix_league, league_problems

FALLBACK = loader.ordered_words("competitions", "fallback_words")
ALL_TEAMS = {t.name for teams in _TEAMS.values() for t in teams}


def _rows(api: Api, seeds: range = range(6), records: int = 4) -> list[dict]:
    out = []
    for seed in seeds:
        body = build_result(api, random.Random(seed), records=records)["response"]
        out += next(v for v in body.values() if isinstance(v, list))[1:]  # the drawn rows, not the documented one
    return out


def _is_city_named(value: str) -> bool:
    return value.split()[-1] in FALLBACK and len(value.split()) == 2


def test_a_football_feeds_league_is_a_real_football_league_not_a_city_cup() -> None:
    api = Api(category="Sports", tool="livescore", name="Leagues", description="All leagues",
              example_response={"leagues": [{"league_id": 1, "league_name": "Top League", "country_name": "England"}]})
    football = {t.league for t in _TEAMS["football"]}
    rows = _rows(api)
    assert rows and all(r["league_name"] in football for r in rows), rows


def test_a_record_naming_arsenal_names_the_premier_league_whatever_the_order() -> None:
    api = Api(category="Sports", tool="livescore", name="Fixtures", description="Matches",
              example_response={"matches": [{"league_name": "EPL", "match_hometeam_name": "Arsenal",
                                             "match_awayteam_name": "Chelsea"}]})
    rows = _rows(api)
    assert rows and all(r["league_name"] == "Premier League" for r in rows), rows


def test_drawn_teams_after_a_drawn_league_play_in_it() -> None:
    example = {"events": [{"league": {"name": "X"}, "homeTeam": {"name": "A"}, "awayTeam": {"name": "B"}}]}
    api = Api(category="Sports", tool="livescore", name="Events", description="Matches", example_response=example)
    by_name = {t.name: t for t in _TEAMS["football"]}
    events = _rows(api)
    assert events
    for event in events:
        league = event["league"]["name"]
        assert {by_name[event["homeTeam"]["name"]].league, by_name[event["awayTeam"]["name"]].league} == {league}


def test_a_records_country_chooses_its_league() -> None:
    spain = next(p for p in (*places(), *lookup_places()) if p.country_code == "ES")
    for seed in range(5):
        ctx = RecordContext(MockWorld(random.Random(seed)), _place=spain)
        ctx.sport = "football"
        assert competition_name(FieldName("league_name"), ctx) == "La Liga"


@pytest.mark.parametrize(("tool", "description", "pool"), [
    ("Tennis Live", "ATP and WTA scores", "tennis"),
    ("Golf Leaderboard", "PGA tour results", "golf"),
])
def test_a_solo_sports_tournaments_are_that_sports(tool: str, description: str, pool: str) -> None:
    api = Api(category="Sports", tool=tool, name="Matches", description=description,
              example_response={"results": [{"tournament_name": "Open", "player": "Someone"}]})
    known = set(loader.word_map("competitions", "sport_competitions")[pool])
    rows = _rows(api)
    assert rows and all(r["tournament_name"] in known for r in rows), rows


def test_a_city_named_competition_only_where_no_sport_is_told() -> None:
    api = Api(category="Gaming", tool="Chess tournaments", name="List", description="Tournaments of a chess site",
              example_response={"tournaments": [{"id": 1, "tournament_name": "Spring Open"}]})
    assert api_sport(api) == (None, None)
    assert all(_is_city_named(r["tournament_name"]) for r in _rows(api))


@pytest.mark.parametrize(("category", "tool", "description", "key"), [
    ("Sports", "MMA Stats", "UFC fighters and their camps", "fighters"),
    ("Business_Software", "Project Board", "Workspaces, teams and tasks", "teams"),
])
def test_fighters_and_work_teams_get_no_sports_club(category: str, tool: str, description: str, key: str) -> None:
    api = Api(category=category, tool=tool, name="List", description=description,
              example_response={key: [{"id": 1, "name": "Alpha", "team": {"name": "Crew"}}]})
    for row in _rows(api):
        assert row.get("name") not in ALL_TEAMS and row.get("team", {}).get("name") not in ALL_TEAMS, row


def test_the_sport_of_an_api_is_told_by_its_words_not_assumed() -> None:
    assert sport_of("UFC fight stats") == ("mma", None)
    assert api_sport(Api(category="Sports", tool="Live Scores", name="Scores")) == ("football", None)
    assert api_sport(Api(category="Business", tool="Team Planner", name="Get team")) == (None, None)


def test_the_league_rule_judges_known_leagues_only() -> None:
    assert league_problems({"league": "La Liga", "home_team": "Arsenal"})
    assert league_problems({"league": "Friendly", "home_team": "Arsenal"}) == []  # unknown: not judged
    assert league_problems({"league": "EPL", "home_team": "Arsenal"}) == []  # a league cue of its league
    assert league_problems({"league": "Premier League", "home_team": "Arsenal", "away_team": "Real Madrid"}) == []
    record = {"league_name": "NBA", "team": "Boston Celtics", "opponent": "Chicago Bulls"}
    assert league_problems(record) == []
    record["league_name"] = "NHL"
    fix_league(record)
    assert record["league_name"] == "NBA"


def test_an_event_of_a_sports_feed_is_a_competition_of_its_sport_not_a_festival() -> None:
    # review 4331: a CS:GO team's matches were played at "Chelyabinsk Photography Festival"
    api = Api(category="Gaming", tool="CSGO matches and tournaments", name="Played", description="Last matches played",
              example_response={"data": [{"id": "1", "event": {"id": "7", "title": "Regional Qualifier"},
                                          "score_won": 16}]})
    known = set(known_competitions().values())
    titles = [row["event"]["title"] for row in _rows(api)]
    assert titles and all(t in known for t in titles), titles
    # an event of no sport is still a festival of its city
    fair = Api(category="Events", tool="city events", name="Events", description="Events in a city",
               example_response={"events": [{"id": "1", "title": "Summer Fair"}]})
    assert any(row["title"].endswith("Festival") for row in _rows(fair))


def test_a_tool_named_with_a_glued_api_names_its_sport() -> None:
    # review 4331: rugbyapi2's TV countries were a football feed's ("rugbyapi2" named no sport)
    assert sport_of("rugbyapi2") == ("rugby", None)
    assert sport_of("cricketapi2") == ("cricket", None)
    assert sport_of("Rapid API") == (None, None) and sport_of("happiness apis") == (None, None)
