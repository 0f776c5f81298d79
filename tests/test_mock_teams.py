"""Team names of the mock world are real teams (``teams`` pack) of the sport the API is about; a record's teams
differ and a team's country is its record's."""

from __future__ import annotations

import json
import random

import pytest

from tooldial.corpus.models import Api, Parameter
from tooldial.dialogue.mockdata import build_result
from tooldial.dialogue.mockdata.countries import country_info
from tooldial.dialogue.mockdata.sports import _TEAMS, sport_of, team_place
from tooldial.knowledge import loader

ALL = {t.name: t for teams in _TEAMS.values() for t in teams}


def _teams(sport: str) -> dict:
    return {t.name: t for t in _TEAMS[sport]}


def test_every_sport_has_real_teams_whose_place_is_in_their_country() -> None:
    cues = loader.word_map("teams", "sport_cues")
    assert set(cues) == set(_TEAMS) and all(len(_TEAMS[s]) >= 10 for s in cues)
    for team in ALL.values():
        assert team.country in country_info(), team
        place = team_place(team)
        assert place is not None and place.country_code == team.country and place.city == team.city, team
    leagues = {t.league for t in ALL.values()}
    assert set(loader.word_map("teams", "league_cues").values()) <= leagues


@pytest.mark.parametrize(("texts", "sport", "league"), [
    (("NBA Stats_v2",), "basketball", "NBA"),
    (("LoL_Stats",), "esports", None),
    (("ESportApi",), "esports", None),
    (("Live Matches", "Live e-sports matches."), "esports", None),
    (("OddsBeta Fancy API (Cricket + All Sports)",), "cricket", None),
    (("IPL Dashboard",), "cricket", "IPL"),
    (("Premier League Stats",), "football", "Premier League"),
    (("Basket ball livescore",), "basketball", None),
    (("Scores", "American football scores and soccer"), "american_football", None),
    (("NHL Stats and Live Data",), "ice_hockey", "NHL"),
    (("Weather", "Forecasts by city"), None, None),
])
def test_a_sport_is_recognised_from_the_apis_words(texts: tuple[str, ...], sport: str | None,
                                                    league: str | None) -> None:
    assert sport_of(*texts) == (sport, league)


def _body(result: dict) -> dict:
    return result.get("response", result)


def _match_api(tool: str, description: str) -> Api:
    example = {"events": [{"homeTeam": {"name": "Young Ninjas", "country": {"name": "Sweden"}},
                           "awayTeam": {"name": "Old Ninjas", "country": {"name": "Sweden"}}}]}
    return Api(category="Sports", tool=tool, name="Live Matches", description=description, example_response=example)


@pytest.mark.parametrize(("tool", "description", "sport"), [
    ("esports", "Live e-sports matches.", "esports"),
    ("NBA live", "Scores of the night.", "basketball"),
    ("livescore", "Matches and results.", "football"),  # no sport named: football
])
def test_a_matchs_two_teams_are_real_differ_and_each_lies_in_its_own_country(tool: str, description: str,
                                                                           sport: str) -> None:
    teams = _teams(sport)
    for seed in range(6):
        events = _body(build_result(_match_api(tool, description), random.Random(seed), records=4))["events"][1:]
        assert events
        for event in events:
            home, away = event["homeTeam"], event["awayTeam"]
            assert home["name"] in teams and away["name"] in teams and home["name"] != away["name"]
            for side in (home, away):
                assert side["country"]["name"] == country_info()[teams[side["name"]].country]["name"], event


def test_a_record_that_lies_in_a_country_names_that_countrys_clubs() -> None:
    api = Api(category="Sports", tool="football data", name="Teams by country", description="Football clubs.",
              required_parameters=(Parameter(name="country", type="string"),),
              example_response={"teams": [{"team_name": "Young Ninjas", "country": "Sweden"}]})
    for seed in range(4):
        rows = _body(build_result(api, random.Random(seed), records=4, inputs={"country": "Spain"}))["teams"][1:]
        assert rows and all(ALL[r["team_name"]].country == "ES" and r["country"] == "Spain" for r in rows), rows


def test_team_names_are_the_same_bytes_for_the_same_seed() -> None:
    api = _match_api("esports", "Live e-sports matches.")
    a, b = (json.dumps(build_result(api, random.Random(3), records=5)) for _ in range(2))
    assert a == b


def test_a_listed_team_whose_country_comes_first_lies_in_its_own_country() -> None:
    """A row of ``team_1`` with ``country`` before ``name`` (LiveScore's matches): its team is drawn first."""
    from tooldial.corpus.models import OutputComponent

    api = Api(category="Sports", tool="soccer scores", name="Matches", description="Football matches.",
              output_components=tuple(OutputComponent(path=("team_1", k), is_list=True, type="string")
                                      for k in ("country", "name")))
    for seed in range(4):
        rows = _body(build_result(api, random.Random(seed), records=4))["team_1"]
        teams = _teams("football")
        assert len({r["name"] for r in rows}) == len(rows) == 4
        assert all(r["country"] == country_info()[teams[r["name"]].country]["name"] for r in rows), rows


def test_the_home_and_away_team_of_a_listed_match_differ() -> None:
    """ApiFootball's H2H: a list named after teams (``firstTeam_VS_secondTeam``) whose rows are matches."""
    from tooldial.corpus.models import OutputComponent

    api = Api(category="Sports", tool="ApiFootball", name="H2H", description="Head to head of two teams.",
              output_components=tuple(OutputComponent(path=("firstTeam_VS_secondTeam", k), is_list=True,
                                                      type="string")
                                      for k in ("country_name", "match_hometeam_name", "match_awayteam_name")))
    for seed in range(4):
        rows = _body(build_result(api, random.Random(seed), records=4))["firstTeam_VS_secondTeam"]
        assert all(r["match_hometeam_name"] != r["match_awayteam_name"] for r in rows), rows
        assert all(r["match_hometeam_name"] in ALL for r in rows), rows
