"""Unit tests of the planner's choices: plausible chains, user goals, answer fields, intent clauses."""

from __future__ import annotations

import random

import pytest

from tooldial.corpus import load_corpus
from tooldial.corpus.models import Api, OutputComponent, Parameter
from tooldial.dialogue.intents import CLARIFY_TEMPLATES, description_clause
from tooldial.dialogue.planner import DialogueUnit, answer_fields, chain_problem, plan_dialogue, user_goal
from tooldial.dialogue.sequences import get_sequence


@pytest.fixture(scope="module")
def corpus():
    return load_corpus("builtin")


def _api(name, tool, params=(), outputs=(), description="", category="Data"):
    return Api(category=category, tool=tool, name=name, description=description,
               required_parameters=tuple(Parameter(name=n) for n in params),
               output_components=tuple(OutputComponent(path=tuple(p.split("|"))) for p in outputs))


def test_a_lone_coordinate_is_never_procured():
    hotel = _api("Hotel Details", "hotels", ["hotel_id"], ["latitude", "longitude", "name"])
    weather = _api("Forecast", "weather", ["latitude", "longitude"])
    assert "group member" in chain_problem(hotel, weather, "latitude", hotel.output("latitude"))


def test_cross_tool_ids_need_documented_evidence_and_user_known_values_are_not_procured():
    station = _api("Station Info", "radio", [], ["country_code", "station_id"], description="a radio station")
    target = _api("Holidays", "calendar", ["country_code"])
    assert chain_problem(station, target, "country_code", station.output("country_code"))  # not place-aware
    geo = _api("IP Lookup", "geo", [], ["country_code"], description="locate an ip address")
    assert chain_problem(geo, target, "country_code", geo.output("country_code")) == ""
    other = _api("List", "other", [], ["item_id"])
    assert chain_problem(other, _api("Get", "x", ["item_id"]), "item_id", other.output("item_id"))
    movie = _api("Movie", "movies", [], ["year"])
    assert chain_problem(movie, _api("Stats", "finance", ["year"]), "year", movie.output("year"))


def test_a_name_is_not_looked_up_with_an_id_the_user_knows(corpus):
    src, tgt = corpus.get("Weather|sky_cast|Current Weather"), corpus.get("Jobs|career_board|Search Jobs")
    assert chain_problem(src, tgt, "city_name", src.output("city_name"))


def test_a_change_is_made_only_on_an_item_the_user_chose(corpus):
    apply = corpus.get("Jobs|career_board|Apply to Job")
    featured, search = corpus.get("Jobs|career_board|Job of the Week"), corpus.get("Jobs|career_board|Search Jobs")
    assert "never chose" in chain_problem(featured, apply, "job_id", featured.output("job|job_id"))
    assert chain_problem(search, apply, "job_id", search.output("jobs|job_id")) == ""  # picked from a list


def test_plans_carry_a_goal_and_relevant_answer_fields(corpus):
    api = corpus.get("Music|radio_hub|Station Playlist")
    plan = None
    for seed in range(10):
        plan = plan_dialogue(DialogueUnit(target=api.id), get_sequence("one_api_07"), corpus, random.Random(seed))
        if plan is not None:
            break
    assert plan is not None
    goal = user_goal(plan)
    assert goal.persona and goal.goal in goal.situation
    fields = answer_fields(api, plan.target_result)
    assert fields and not any(key.endswith("_id") for key, _, _ in fields)
    assert {"title", "artist"} & {key.split("|")[-1] for key, _, _ in fields}


@pytest.mark.parametrize(("description", "clause"), [
    ("Is a book available in the library?", "check whether a book is available in the library"),
    ("Downloads the source document for a job.", "download the source document for a job"),
    ("Get equities groups (global-equity, countries-equity) for a category.", "get equities groups for a category"),
    ("When does the next bus leave?", "find out when does the next bus leave"),
    ("Submit a job application with name and email.", "submit a job application with name and email"),
    # real documentation carries markup: emphasis is dropped, a table, link or code ends the prose
    ("Get all active **Consumer Products** businesses in Free zones", "get all active Consumer Products businesses "
     "in Free zones"),
    ("List the `orders` of a shop | Parameter | Default\n--- | ---", "list the orders of a shop"),
    ("Parameter | Default | Description\n--------- | ------- |", "get the x from t"),
    ("Find flights between two airports, see https://example.org/docs for details.",
     "find flights between two airports"),
])
def test_description_clauses_are_verb_phrases(description, clause):
    assert description_clause(_api("x", "t", description=description)) == clause


def test_vague_openers_do_not_name_the_category():
    assert not any("{domain}" in t for t in CLARIFY_TEMPLATES)


def test_a_looked_up_entity_keeps_the_picked_records_fields():
    from tooldial.dialogue.mockdata import MockWorld
    from tooldial.dialogue.planner import ApiSlots, DialoguePlan, carry_entity

    languages = {"items": [{"code": "ar", "name": "Arabic"}, {"code": "bg", "name": "Bulgarian"}]}
    source = Api(category="Business", tool="tk", name="List languages", example_response=languages,
                 output_components=(OutputComponent(path=("items", "code"), is_list=True),
                                    OutputComponent(path=("items", "name"), is_list=True)))
    target = Api(category="Business", tool="tk", name="Get language",
                 required_parameters=(Parameter(name="code"),),
                 output_components=(OutputComponent(path=("code",)), OutputComponent(path=("name",))))
    plan = DialoguePlan(DialogueUnit(target=target.id, source=source.id, chain_param="code",
                                     chain_output="items|code"), get_sequence("two_api_15"),
                        ApiSlots(target, ["code"], [], {"code": "ar"}), {"response": {"code": "ar", "name": "German"}},
                        world=MockWorld(random.Random(0)))
    plan.source = ApiSlots(source, [], [], {})
    plan.source_result = {"response": languages}
    plan.chain_component = source.output("items|code")
    carry_entity(plan)
    assert plan.target_result["response"] == {"code": "ar", "name": "Arabic"}


def test_the_picked_city_is_the_city_the_target_reports():
    """A weather lookup by the picked city's id names that city (its result does not echo the id)."""
    from tooldial.dialogue.mockdata import MockWorld
    from tooldial.dialogue.planner import ApiSlots, DialoguePlan, carry_entity

    extremes = {"extremes": [{"city_name": "Yakutsk", "city_id": "7409912", "country_code": "RU", "kind": "cold"},
                             {"city_name": "Istanbul", "city_id": "6171411", "country_code": "TR", "kind": "x"}]}
    source = Api(category="Weather", tool="grid", name="Weather Extremes", example_response=extremes,
                 output_components=tuple(OutputComponent(path=("extremes", k), is_list=True)
                                         for k in ("city_name", "city_id", "country_code", "kind")))
    target = Api(category="Weather", tool="sky", name="Current Weather",
                 required_parameters=(Parameter(name="city_id"),),
                 output_components=(OutputComponent(path=("city_name",)), OutputComponent(path=("kind",))))
    plan = DialoguePlan(DialogueUnit(target=target.id, source=source.id, chain_param="city_id",
                                     chain_output="extremes|city_id"), get_sequence("two_api_15"),
                        ApiSlots(target, ["city_id"], [], {"city_id": "6171411"}),
                        {"response": {"city_name": "Lisbon", "kind": "sunny"}}, world=MockWorld(random.Random(0)))
    plan.source = ApiSlots(source, [], [], {})
    plan.source_result = {"response": extremes}
    plan.chain_component = source.output("extremes|city_id")
    carry_entity(plan)
    assert plan.target_result["response"] == {"city_name": "Istanbul", "kind": "sunny"}  # only the city's fields


def test_a_lookup_by_the_picked_records_uuid_names_that_record():
    """Soccerway's Competition data by the uuid of the picked Premier League (the record's second id, not its
    first) named it "Tangshan Open" (held-out sample 5011): a uuid or slug is the record's own id too."""
    from tooldial.dialogue.mockdata import MockWorld
    from tooldial.dialogue.planner import ApiSlots, DialoguePlan, carry_entity

    listed = {"data": [{"id": 8, "uuid": "2kwbb", "name": "Premier League"}, {"id": 70, "uuid": "7ntvb",
                                                                             "name": "Championship"}]}
    source = Api(category="Sports", tool="feed", name="Explore competitions", example_response=listed,
                 output_components=tuple(OutputComponent(path=("data", k), is_list=True) for k in ("id", "uuid", "name")))
    target = Api(category="Sports", tool="feed", name="Competition data",
                 required_parameters=(Parameter(name="competition_id"),),
                 output_components=(OutputComponent(path=("data", "competition", "id")),
                                    OutputComponent(path=("data", "competition", "name"))))
    result = {"response": {"data": {"competition": {"id": "2kwbb", "name": "Tangshan Open"}}}}
    plan = DialoguePlan(DialogueUnit(target=target.id, source=source.id, chain_param="competition_id",
                                     chain_output="data|uuid"), get_sequence("two_api_15"),
                        ApiSlots(target, ["competition_id"], [], {"competition_id": "2kwbb"}), result,
                        world=MockWorld(random.Random(0)))
    plan.source = ApiSlots(source, [], [], {})
    plan.source_result = {"response": listed}
    plan.chain_component = source.output("data|uuid")
    carry_entity(plan)
    assert plan.target_result["response"]["data"]["competition"]["name"] == "Premier League"


def test_a_single_nested_record_is_carried_too():
    """Hottest City Right Now returns {"city": {...}}: the weather looked up by its id names that city."""
    from tooldial.dialogue.mockdata import MockWorld
    from tooldial.dialogue.planner import ApiSlots, DialoguePlan, carry_entity

    hottest = {"city": {"city_id": "7400231", "city_name": "Kuwait City"}}
    source = Api(category="Weather", tool="grid", name="Hottest City", example_response=hottest,
                 output_components=(OutputComponent(path=("city", "city_id")),
                                    OutputComponent(path=("city", "city_name"))))
    target = Api(category="Weather", tool="sky", name="Current Weather", required_parameters=(Parameter(name="city_id"),),
                 output_components=(OutputComponent(path=("city_name",)),))
    plan = DialoguePlan(DialogueUnit(target=target.id, source=source.id, chain_param="city_id",
                                     chain_output="city|city_id"), get_sequence("two_api_03"),
                        ApiSlots(target, ["city_id"], [], {"city_id": "7400231"}),
                        {"response": {"city_name": "Lisbon"}}, world=MockWorld(random.Random(0)))
    plan.source = ApiSlots(source, [], [], {})
    plan.source_result = {"response": hottest}
    plan.chain_component = source.output("city|city_id")
    carry_entity(plan)
    assert plan.target_result["response"] == {"city_name": "Kuwait City"}


def test_a_plan_that_cannot_be_made_says_why(corpus):
    from tooldial.corpus.models import Corpus, Tool
    from tooldial.dialogue.planner import plan_or_reason

    pick = get_sequence("two_api_13")  # the user picks one of the listed records
    unit = DialogueUnit(target="Jobs|career_board|Apply to Job", source="Jobs|career_board|Search Jobs",
                        chain_param="job_id", chain_output="jobs|job_id")
    # a list of jobs, picked by title: planned, with no reason
    outcomes = [plan_or_reason(unit, pick, corpus, random.Random(seed)) for seed in range(6)]
    assert all((plan is None) == bool(why) for plan, why in outcomes)
    assert any(plan is not None for plan, _ in outcomes)
    # the same search whose records hold nothing a user could pick one by (ids and numbers only)
    search, apply = corpus.get(unit.source), corpus.get(unit.target)
    bare_search = search.model_copy(update={"example_response": None, "output_components": tuple(
        c for c in search.output_components if c.name in ("job_id", "company_id"))})
    bare = Corpus(spec="test", tools=[Tool(category="Jobs", name="career_board", apis=[bare_search, apply])])
    for seed in range(4):
        assert plan_or_reason(unit, pick, bare, random.Random(seed)) == (
            None, "no field tells the listed records apart")


def _account_plan(source_body: dict, chain_output: str, target_body: dict):
    from tooldial.dialogue.mockdata import MockWorld
    from tooldial.dialogue.planner import ApiSlots, DialoguePlan

    path = tuple(chain_output.split("|"))
    source = Api(category="Social", tool="gram", name="Post detail", example_response=source_body,
                 output_components=(OutputComponent(path=path),))
    target = Api(category="Social", tool="gram", name="Profile info", required_parameters=(Parameter(name="username"),),
                 output_components=(OutputComponent(path=("data", "username")),))
    plan = DialoguePlan(DialogueUnit(target=target.id, source=source.id, chain_param="username",
                                     chain_output=chain_output), get_sequence("two_api_15"),
                        ApiSlots(target, ["username"], [], {"username": "jruiz1"}), {"response": target_body},
                        world=MockWorld(random.Random(0)))
    plan.source = ApiSlots(source, [], [], {})
    plan.source_result = {"response": source_body}
    plan.chain_component = source.output(chain_output)
    return plan


def test_an_account_looked_up_by_user_name_is_the_account_the_source_showed():
    """Instagram's post owner had 852,184 followers and a blue tick; the profile by the same user name a call later
    had 767,447 and none, and a video list by it named the owner "Shannon Reynolds" (review of sample 4051)."""
    from tooldial.dialogue.planner import carry_entity

    owner = {"id": "57640", "followers": 1446601, "full_name": "Jonathan Ruiz", "is_private": True,
             "is_verified": True, "username": "jruiz1"}
    post = {"owner": owner, "media": {"id": "47418", "like": 2}}
    profile = {"status": 200, "data": {"id": 243539, "username": "jruiz1", "is_verified": False, "followers": 767447,
                                       "following": 68}}
    plan = _account_plan(post, "owner|username", profile)
    carry_entity(plan)
    assert plan.target_result["response"]["data"] == {"id": 57640, "username": "jruiz1", "is_verified": True,
                                                      "followers": 1446601, "following": 68}  # id stays a number
    videos = {"data": {"owner": {"id": 18705, "username": "jruiz1", "full_name": "Shannon Reynolds",
                                 "is_private": False}, "media": [{"id": "628186", "like": 11}]}}
    plan = _account_plan(post, "owner|username", videos)
    carry_entity(plan)
    assert plan.target_result["response"]["data"] == {
        "owner": {"id": 57640, "username": "jruiz1", "full_name": "Jonathan Ruiz", "is_private": True},
        "media": [{"id": "628186", "like": 11}]}  # the video is not the post


def test_a_record_that_names_its_author_is_not_the_authors_account():
    """A tweet's ``username`` is its author's: the author's profile does not take the tweet's id or counts."""
    from tooldial.dialogue.planner import carry_entity, is_account

    tweet = {"id": "991", "text": "hello", "likes": 4, "username": "jruiz1"}
    profile = {"data": {"id": 7, "username": "jruiz1", "likes": 300}}
    plan = _account_plan({"tweets": [tweet]}, "tweets|username", profile)
    plan.chain_component = OutputComponent(path=("tweets", "username"), is_list=True)
    carry_entity(plan)
    assert plan.target_result["response"] == {"data": {"id": 7, "username": "jruiz1", "likes": 300}}
    assert not is_account(tweet, ("tweets",))
    assert is_account({"username": "a", "full_name": "A"}, ())  # two account fields
    assert is_account({"username": "a", "id": 3}, ("users",))  # a list of users


def test_a_record_looked_up_by_id_names_the_account_its_list_named():
    """Review 5251: Donna Stone's tweet, picked from a list whose ``user`` was her name, came back from Tweet Details
    with ``user`` an account of Frank Smith (``franksmith34``)."""
    from tooldial.dialogue.planner import carry_same_entity, rename_account

    picked = {"tweet_id": "8384353", "user": "Donna Stone", "favorite_count": 93}
    details = {"tweet_id": "8384353", "favorite_count": 12, "user": {
        "user_id": "66018", "username": "franksmith34", "name": "Frank Smith", "email": "frank.smith@example.org",
        "follower_count": 54}}
    assert carry_same_entity({"response": details}, picked, {"tweet_id"}, "8384353") == 1
    assert details["favorite_count"] == 93
    assert details["user"] == {"user_id": "66018", "username": "donnastone34", "name": "Donna Stone",
                               "email": "donna.stone@example.org", "follower_count": 54}
    handle = {"id": 3, "username": "franksmith34", "name": "Frank Smith"}
    assert rename_account(handle, "dstone") and handle == {"id": 3, "username": "dstone", "name": "Frank Smith"}
    assert not rename_account({"id": 3, "followers": 5}, "Donna Stone")  # no name field: left alone


def test_a_supplied_chain_value_turns_a_lone_false_success_flag_true():
    """ToolBench's Pivot Points: the builder left ``status`` false (a flag alone is the answer), then the chained
    ``response|pivot_point|...|S4`` was supplied beside it; the validator rejected every such dialogue."""
    from tooldial.dialogue.planner import _supply_chain_values

    source = _api("Pivot Points", "stock", ["period"], ["status", "response|pivot_point|S4"])
    chain = source.output("response|pivot_point|S4")
    result = {"response": {"status": False}}
    _supply_chain_values(result, source, chain, Parameter(name="s", type="string", enum=("AAPL", "MSFT")),
                         random.Random(0))
    assert result["response"]["response"]["pivot_point"]["S4"] and result["response"]["status"] is True
    alone = {"response": {"status": False, "response": {"pivot_point": {"S4": "x"}}}}  # nothing supplied
    _supply_chain_values(alone, source, chain, Parameter(name="s", type="string", enum=("AAPL", "MSFT")),
                         random.Random(0))
    assert alone["response"]["status"] is False  # as built: the builder's own reading stands


def test_a_result_that_echoes_the_request_keeps_what_was_asked_not_the_picked_records_own():
    """API-NBA: a team picked from 2010 standings, its statistics asked for season 2020; the result's ``parameters``
    object holds the team id, so it was read as the picked record and its season became 2010."""
    from tooldial.corpus.models import Corpus, Tool
    from tooldial.corpus.schema import components_from_example

    def api(name, description, example, params=()):
        return Api(category="Sports", tool="nba", name=name, description=description, required_parameters=params,
                   example_response=example, output_components=tuple(components_from_example(example)))

    standings = api("Standings", "Standings of the teams of a league", {"results": 2, "standings": [
        {"season": 2010, "team": {"id": 1, "name": "Brooklyn Nets"}, "win": 31},
        {"season": 2010, "team": {"id": 2, "name": "Utah Jazz"}, "win": 20}]})
    stats = api("Teams Statistics", "Statistics of a team in a season",
                {"parameters": {"id": "1", "season": "2021"}, "response": [{"games": 82, "points": 9000}]},
                (Parameter(name="id", type="string", description="The team id"),
                 Parameter(name="season", type="string", default="2021")))
    corpus = Corpus(spec="test", tools=[Tool(category="Sports", name="nba", apis=(standings, stats))])
    unit = DialogueUnit(target=stats.id, source=standings.id, chain_param="id", chain_output="standings|team|id")
    plans = [plan_dialogue(unit, get_sequence("two_api_06"), corpus, random.Random(seed)) for seed in range(3)]
    assert all(plans)
    for plan in plans:
        echo = plan.target_result["response"]["parameters"]
        assert str(echo["season"]) == plan.target.values["season"] == "2021"  # asked, not the 2010 row's
        assert str(echo["id"]) == plan.target.values["id"]  # the picked team
