"""Chain rules from held-out review 6 (issue 11, ``scripts/data/chain_review_heldout6.tsv``, now fit data), one
small fixture per rule, written here (not copied from the documentation). Each rejection fails on the rules
before this change."""

from __future__ import annotations

import random

from tooldial.corpus.models import Api, Corpus, OutputComponent, Parameter, Tool
from tooldial.dialogue.chains import alike_record, chain_problem, schema_copies, top_record
from tooldial.dialogue.planner import DialogueUnit, plan_dialogue
from tooldial.dialogue.sequences import get_sequence


def _out(path, *, listed=True, example=None):
    return OutputComponent(path=tuple(path.split("|")), is_list=listed, example=example)


def _api(name, tool, params=(), outputs=(), *, description="", category="Data", listed=True, examples=None):
    examples = examples or {}
    return Api(category=category, tool=tool, name=name, description=description,
               required_parameters=tuple(Parameter(name=n) for n in params),
               output_components=tuple(_out(p, listed=listed, example=examples.get(p)) for p in outputs))


_ACCOUNTS = ("data|accounts|accountId", "data|accounts|holder", "data|meta|total")


def test_an_id_from_a_schema_copied_onto_many_endpoints_comes_only_from_the_one_that_names_its_records():
    # a tool documents one response (its account list) under every endpoint: only the account listing gives
    # account ids; "List mail options" and "Calculate fee" say they give something else
    options = _api("List mail options", "postbox", outputs=_ACCOUNTS, description="Shipping and paper types.")
    fee = _api("Calculate fee", "postbox", outputs=_ACCOUNTS, description="The fee of a mail.")
    accounts = _api("List accounts", "postbox", outputs=_ACCOUNTS, description="All bank accounts of the user.")
    logo = _api("Account logo", "postbox", ["accountId"], description="The logo of a bank account.")
    corpus = Corpus(spec="fixture", tools=[Tool(category="Data", name="postbox",
                                                apis=(options, fee, accounts, logo))])
    assert schema_copies(corpus, options) == 3 and schema_copies(corpus, logo) == 1
    for source in (options, fee):
        problem = chain_problem(source, logo, "accountId", source.output("data|accounts|accountId"),
                                schema_copies=schema_copies(corpus, source))
        assert problem.startswith("the source's documentation does not say it gives accounts"), problem
    assert chain_problem(accounts, logo, "accountId", accounts.output("data|accounts|accountId"),
                         schema_copies=schema_copies(corpus, accounts)) == ""
    # a copied response that holds several records is the endpoint's when it names one of them: an auto-complete
    # of "cities" gives station ids too
    union = ("data|cities|id", "data|stations|id", "data|stations|name")
    complete = _api("auto-complete", "airq", ["q"], union, description="Find countries, cities by name.")
    measures = _api("station measures", "airq", ["id"], union, description="Measurements of a station.")
    board = _api("user board", "airq", [], union, description="Your dashboard.")
    air = Corpus(spec="fixture", tools=[Tool(category="Data", name="airq", apis=(complete, measures, board))])
    assert chain_problem(complete, measures, "id", complete.output("data|stations|id"),
                         schema_copies=schema_copies(air, complete)) == ""
    assert chain_problem(board, measures, "id", board.output("data|stations|id"),
                         schema_copies=schema_copies(air, board)).startswith("the source's documentation")
    # a schema documented by one endpoint only is that endpoint's own (live matches list their events)
    live = _api("Live matches", "arena", outputs=("events|id", "events|name"), description="Matches being played.")
    votes = _api("Event votes", "arena", ["id"], description="Votes of an event.")
    assert chain_problem(live, votes, "id", live.output("events|id")) == ""


def test_the_outermost_named_record_of_an_output():
    assert top_record(_out("data|accounts|accountId")) == "accounts"
    assert top_record(_out("events|awayTeam|id")) == "events"
    assert top_record(_out("result|id")) == "" and top_record(_out("id")) == ""


def test_one_of_two_alike_records_of_one_result_is_the_systems_choice():
    match = _api("Match data", "pitch", ["match_uuid"],
                 ("match|team_A|id", "match|team_B|id", "match|competition|id"), listed=False)
    squad = _api("Team squad", "pitch", ["team_id"], description="Squad of a team.")
    assert alike_record(match, match.output("match|team_A|id")) == "team_B"
    assert chain_problem(match, squad, "team_id", match.output("match|team_A|id")).startswith(
        "one of two alike records")
    # the competition of a match is one record: no choice to make
    competition = _api("Competition data", "pitch", ["competition_id"], description="A competition's data.")
    assert alike_record(match, match.output("match|competition|id")) == ""
    assert chain_problem(match, competition, "competition_id", match.output("match|competition|id")) == ""


def test_ids_the_target_takes_together_are_not_procured_apart():
    # a season id the user brings belongs to some tournament; a tournament read off an arbitrary live match
    # is not it
    live = _api("Live matches", "arena", outputs=("events|tournament|id", "events|tournament|name"),
                description="Matches being played.")
    season = _api("League season info", "arena", ["tournamentId", "seasonId"],
                  description="A league's season by tournament id and season id.")
    assert chain_problem(live, season, "tournamentId", live.output("events|tournament|id")).startswith(
        "ids procured apart")
    details = _api("League details", "arena", ["tournamentId"], description="A league's details.")
    assert chain_problem(live, details, "tournamentId", live.output("events|tournament|id")) == ""


def _fixture_corpus(*apis: Api) -> Corpus:
    return Corpus(spec="fixture", tools=[Tool(category="Gaming", name="arena", apis=apis)])


def test_a_team_of_a_picked_match_is_picked_by_its_own_name_not_by_a_field_both_teams_share():
    def out(path, example):
        return OutputComponent(path=tuple(path.split("|")), is_list=True, example=example)

    live = Api(category="Gaming", tool="arena", name="Live matches", description="Matches being played.",
               output_components=(out("events|homeTeam|country|name", "Sweden"), out("events|homeTeam|id", 8812),
                                  out("events|homeTeam|name", "Night Owls"),
                                  out("events|awayTeam|country|name", "Sweden"), out("events|awayTeam|id", 9105),
                                  out("events|awayTeam|name", "Red Foxes")),
               example_response={"events": [{"homeTeam": {"id": 8812, "name": "Night Owls",
                                                          "country": {"name": "Sweden"}},
                                             "awayTeam": {"id": 9105, "name": "Red Foxes",
                                                          "country": {"name": "Sweden"}}}]})
    team = Api(category="Gaming", tool="arena", name="Team details", description="Details of a team.",
               required_parameters=(Parameter(name="id", example=9105),),
               output_components=(OutputComponent(path=("team", "name"), example="Red Foxes"),))
    corpus = _fixture_corpus(live, team)
    unit = DialogueUnit(target=team.id, source=live.id, chain_param="id", chain_output="events|awayTeam|id")
    plans = [plan_dialogue(unit, get_sequence("two_api_06"), corpus, random.Random(seed)) for seed in range(6)]
    assert any(plans)
    assert all(p.pick_by.path == ("events", "awayTeam", "name") for p in plans if p is not None)


def test_a_result_that_echoes_the_users_own_input_procures_nothing(monkeypatch):
    # a mock playlist whose channel id is the playlist id the user gave: the channel call would get the user's
    # own value back, so no plan uses it; the same chain with a channel id of its own is planned
    import tooldial.dialogue.planner as planner

    playlist = Api(category="Data", tool="tube", name="Playlist details", description="Details of a playlist.",
                   required_parameters=(Parameter(name="playlistId", example="PL5xq"),),
                   output_components=(OutputComponent(path=("channel", "channelId"), example="UC99z"),
                                      OutputComponent(path=("title",), example="Jazz for Beginners")))
    channel = Api(category="Data", tool="tube", name="Channel details", description="Details of a channel.",
                  required_parameters=(Parameter(name="channelId", example="UCx81"),),
                  output_components=(OutputComponent(path=("title",), example="Jazz Club"),))
    corpus = Corpus(spec="fixture", tools=[Tool(category="Data", name="tube", apis=(playlist, channel))])
    unit = DialogueUnit(target=channel.id, source=playlist.id, chain_param="channelId",
                        chain_output="channel|channelId")

    def plans():
        return [plan_dialogue(unit, get_sequence("two_api_08"), corpus, random.Random(seed)) for seed in range(4)]

    own = [p for p in plans() if p is not None]
    assert own and all(p.target.values["channelId"] not in set(p.source.values.values()) for p in own)
    real = planner.build_result

    def echoing(api, rng, **kw):
        result = real(api, rng, **kw)
        if api.id == playlist.id:
            result["response"]["channel"]["channelId"] = kw["inputs"]["playlistId"]
        return result

    monkeypatch.setattr(planner, "build_result", echoing)
    assert not any(plans())


def test_a_bare_attribute_belongs_to_its_record():
    # a school's type is no kind of professional; a home's own type fills a rent estimate's property type
    home = _api("Property details", "homes", [], ("schools|type", "schools|name", "type"), listed=False,
                description="Details of a property.")
    pros = _api("Professionals search", "homes", ["type"], description="Search for photographers, inspectors.")
    assert chain_problem(home, pros, "type", home.output("schools|type")).startswith("a type of another thing")
    rent = _api("Rent estimate", "homes", ["type"], description="Estimated rent of a property.")
    assert not chain_problem(home, rent, "type", home.output("type")).startswith("a type of another thing")
    # a category is the tool's one catalogue: a product's category lists the top rated of that category
    products = _api("Get products", "shop", [], ("products|category", "products|name"))
    top = _api("Top rated by category", "shop", ["category"])
    assert chain_problem(products, top, "category", products.output("products|category")) == ""


def test_a_credits_call_gives_the_users_own_account_email():
    credits = _api("Credits", "leads", [], ("data|email", "data|credits"), listed=False)
    enrich = _api("Person by email", "leads", ["email"], description="Everything about a person.")
    assert chain_problem(credits, enrich, "email", credits.output("data|email")).startswith(
        "value the user knows: their own account")
    prospects = _api("Prospector", "leads", ["company"], ("results|email", "results|name"))
    assert not chain_problem(prospects, enrich, "email", prospects.output("results|email")).startswith(
        "value the user knows")


def test_two_country_inputs_of_a_target_are_procured_together():
    # a phone analysis's region ("US") into an area-code lookup whose country the user gives ("BR")
    analysis = _api("analysis", "phone", ["telephone"], ("region", "iso_code"), listed=False)
    area = _api("area-code", "phone", ["country", "region"], description="Area code of a region of a country.")
    assert chain_problem(analysis, area, "region", analysis.output("region")).startswith("group member procured alone")
    holidays = _api("holidays", "phone", ["country"], description="Public holidays of a country.")
    assert not chain_problem(analysis, holidays, "country", analysis.output("region")).startswith("group member")
