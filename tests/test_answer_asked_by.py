"""The record a call is asked *by* (the team of "TeamPlayers" picked by its id) is no answer: the user knows it.
Its words do not make a field of it, or of records under it, relevant; the records the API's name is about are."""

from __future__ import annotations

from tooldial.corpus.models import Api, Parameter
from tooldial.dialogue.answer_fields import _asked_by_records, answer_fields


def _api(name: str, description: str, params: tuple[tuple[str, str], ...]) -> Api:
    return Api(category="Sports", tool="tool", name=name, description=description,
               required_parameters=tuple(Parameter(name=n, description=d) for n, d in params))


_PLAYERS = _api("TeamPlayers", "Get the players for a specific Rugby team.",
                (("id", "The ID of the team for which to retrieve the players."),))

#: Two players, each with their team and its tournament: the team's words are the goal's too ("team").
_SQUAD = {"nationalPlayers": [
    {"player": {"name": "Angus Crichton", "country": {"name": "Australia"}, "team": {
        "name": "Canterbury Bulldogs", "userCount": 0, "tournament": {"uniqueTournament": {"name": "NRL"}}}}},
    {"player": {"name": "Siua Wong", "country": {"name": "Fiji"}, "team": {"name": "Canterbury Bulldogs"}}}]}


def test_a_bare_id_names_its_record_in_its_description():
    assert _asked_by_records(_PLAYERS) == {"team", "teams"}


def test_an_id_named_for_its_record_is_asked_by_it():
    api = _api("TeamPlayers", "Get the players for a specific team.", (("team_id", "Team id"),))
    assert _asked_by_records(api) == {"team", "teams"}


def test_the_record_the_name_is_about_is_no_asked_by_record():
    # "Get city by ID" returns the city; "Item Detail" the item (its details name no record)
    assert _asked_by_records(_api("Get city by ID", "Get a city", (("id", "The id of the city"),))) == set()
    assert _asked_by_records(_api("Item Detail", "All details of a single item", (("itemId", "Item id"),))) == set()


def test_records_said_in_the_plural_come_back_and_stay_in_the_goal():
    api = _api("Movie Suggestions", "Returns 4 related movies as suggestions", (("movie_id", "The movie id"),))
    assert _asked_by_records(api) == set()


def test_the_players_are_the_answer_not_their_teams_tournament():
    keys = [key for key, _, _ in answer_fields(_PLAYERS, _SQUAD)]
    assert keys[:2] == ["nationalPlayers|player|name", "nationalPlayers|player|country|name"]  # the team's
    # tournament only after the players' own fields


def test_the_asked_records_own_name_at_the_top_still_counts():
    # two blind readers preferred "product name" to a lone review's "stars: 5" for a reviews call (session 44)
    api = _api("Get Amazon Product Reviews", "Get Amazon Product Reviews", (("productId", "Product id"),))
    result = {"product": {"name": "Conley Water Bottle"}, "top_positive_review": {"stars": 5, "date": "2025-06-09"}}
    assert "product|name" in [key for key, _, _ in answer_fields(api, result)]
