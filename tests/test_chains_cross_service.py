"""Chain rules fitted on the fifth fit review (``scripts/data/chain_review_fit5.tsv``), one fixture per rule.

Each fixture mirrors the shape of a chain a careful reader rejected on a ToolBench subset."""

from __future__ import annotations

from tooldial.corpus.models import Api, OutputComponent, Parameter
from tooldial.dialogue.chains import chain_problem


def _api(name, tool, params=(), outputs=(), *, description="", category="Data", method="GET", lists=()):
    return Api(category=category, tool=tool, name=name, description=description, method=method,
               required_parameters=tuple(Parameter(name=n) for n in params),
               output_components=tuple(OutputComponent(path=tuple(p.split("|")), is_list="|" in p or p in lists)
                                       for p in outputs))


def _problem(source, target, param, output, **edge):
    return chain_problem(source, target, param, source.output(output), edge)


def test_a_value_from_another_tool_never_feeds_a_change():
    # a street address is no webhook address, a ZIP code no ZIP file
    geo = _api("Address from coordinates", "geo", ["latitude", "longitude"], ["address"], category="Location",
               description="Gets an address from latitude and longitude")
    webhook = _api("Webhook Set", "mail", ["address"], description="Set a notification webhook on new email events",
                   category="Email", method="POST")
    edge = {"kind": "standard", "reason": "standard value (place)", "standard": "place", "cross_tool": True}
    assert _problem(geo, webhook, "address", "address", **edge).startswith("cross-tool value into a change")
    zips = _api("Lookup Zip Codes", "usgeo", ["city"], ["zip"], category="Location")
    upload = _api("POST a ZIP file", "hosting", ["zip"], category="Other", method="POST",
                  description="POST /sites with zip=zip-file")
    assert _problem(zips, upload, "zip", "zip", kind="standard", reason="standard value (postal_code)", standard="postal_code").startswith(
        "cross-tool value into a change")


def test_a_bare_id_into_an_input_named_for_a_thing_is_that_things_id():
    # "List User Playlists" answers with the user's own id at the top: it is no playlist's id
    playlists = _api("List User Playlists", "sound", ["user"], ["id", "playlists|items|id", "playlists|items|title"],
                     category="Music")
    metadata = _api("Get Playlist Metadata", "sound", ["playlist"], category="Music")
    assert _problem(playlists, metadata, "playlist", "id").startswith("a list's own id used as a playlist id")
    assert _problem(playlists, metadata, "playlist", "playlists|items|id") == ""


def test_a_states_postal_abbreviation_is_not_a_postal_code():
    ip = _api("IP Geolocation", "ipgeo", ["ip"], ["location|postal", "location|city"], category="Location",
              description="IP geolocation with a confidence area")
    state = _api("Get state data for a single state", "counties", ["postal"], description="state")
    edge = {"kind": "standard", "reason": "standard value (postal_code)", "standard": "postal_code"}
    assert _problem(ip, state, "postal", "location|postal", **edge).startswith("a state's postal abbreviation")


def test_coordinates_never_come_from_a_list_the_user_did_not_narrow():
    # "airports near me" from the first records of a whole airport database; a search by name is fine
    database = _api("Airports Database API", "iata", [], ["name", "lat", "lng"], category="Travel",
                    lists=("name", "lat", "lng"))
    suggest = _api("Name Suggestion API", "iata", ["term"], ["airports|name", "airports|lat", "airports|lng"],
                   category="Travel")
    nearby = _api("NearBy Airports API", "iata", ["lat", "lng", "distance"], category="Travel")
    group = "lat=lat,lng=lng"
    assert _problem(database, nearby, "lat", "lat", group_sources=group).startswith(
        "coordinates from a list the user did not narrow")
    assert _problem(suggest, nearby, "lat", "airports|lat", group_sources="lat=airports|lat,lng=airports|lng") == ""


def test_a_title_never_fills_an_id():
    search = _api("/search/people", "unogs", ["name"], ["results|title", "results|title_id"], category="Entertainment")
    people = _api("/title/people", "unogs", ["title_id"], category="Entertainment")
    assert _problem(search, people, "title_id", "results|title").startswith("output is another kind of value")
    assert _problem(search, people, "title_id", "results|title_id") == ""


def test_a_city_comes_from_a_place_record_not_from_a_business_at_it():
    # a user who asks for airports in a city says the city; the city of a fuel provider at LAX is no lookup
    fbo = _api("OFFLINE - FBO & FUEL", "airport guide", ["code"], ["FBO|name", "FBO|city"], category="Travel")
    airports = _api("Airport Details by Use, Country, Type, and City", "airport guide", ["city", "type"],
                    category="Travel")
    assert _problem(fbo, airports, "city", "FBO|city").startswith("a place name the user says")
    cities = _api("Get cities by country code", "airport guide", ["country_code"], ["data|name", "data|city"],
                  category="Mapping")
    in_city = _api("Airports in City", "airport guide", ["city"], category="Travel")
    assert _problem(cities, in_city, "city", "data|city") == ""


def test_a_bare_id_belongs_to_its_record_and_the_targets_first_thing():
    # a live match's away team id is no player's id; a league's media id is no team's id
    live = _api("LiveMatches", "rugby", [], ["events|awayTeam|id", "events|awayTeam|name"], category="Sports")
    player = _api("PlayerNearMatches", "rugby", ["id"], category="Sports")
    team = _api("TeamDetails", "rugby", ["id"], category="Sports")
    assert _problem(live, player, "id", "events|awayTeam|id").startswith("a bare id of another thing")
    assert _problem(live, team, "id", "events|awayTeam|id") == ""
    media = _api("LeagueMedia", "rugby", ["tournamentId"], ["media|id", "media|title"], category="Sports")
    team_media = _api("TeamMedia", "rugby", ["id"], category="Sports")
    assert _problem(media, team_media, "id", "media|id").startswith("a bare id of another thing")
    assets = _api("All Assets", "exchanges", [], ["data|id", "data|name"], category="Finance")
    asset = _api("Asset by ID", "exchanges", ["id"], category="Finance")
    assert _problem(assets, asset, "id", "data|id") == ""  # "data" says nothing: the source's subject counts


def test_an_accounts_email_does_not_cross_services():
    users = _api("getUserByName", "petshop", ["username"], ["email", "phone"])
    tracker = _api("getUser", "timetracker", ["email"], category="Business", description="Get user by email")
    edge = {"kind": "standard", "reason": "standard value (email)", "standard": "email", "cross_tool": True}
    assert _problem(users, tracker, "email", "email", **edge).startswith("an account's contact value")


def test_a_lookup_of_something_else_that_echoes_the_users_id_is_no_source_of_it():
    # option expirations for ticker NVDA carry NVDA's ticker id in every record; nobody asks for them to get it
    expirations = _api("Symbols Option expirations", "alpha", ["ticker_slug"],
                       ["data|attributes|ticker_id", "data|attributes|date"], category="Finance")
    estimates = _api("Symbols Estimated estimates", "alpha", ["ticker_id"], category="Finance")
    assert _problem(expirations, estimates, "ticker_id", "data|attributes|ticker_id").startswith(
        "the source echoes the ticker slug")
    search = _api("Search Artists", "tunes", ["artist_name"], ["artists|artist_id", "artists|name"], category="Music")
    albums = _api("Discography", "tunes", ["artist_id"], category="Music")
    assert _problem(search, albums, "artist_id", "artists|artist_id") == ""  # a name resolved to an id is fine


def test_a_user_picks_a_record_by_a_name_rather_than_a_machine_timestamp():
    import random

    from tooldial.corpus.models import Corpus, Tool
    from tooldial.dialogue.planner import DialogueUnit, plan_dialogue
    from tooldial.dialogue.sequences import get_sequence

    def out(path, example):
        return OutputComponent(path=tuple(path.split("|")), is_list=True, example=example)

    comments = Api(category="Finance", tool="alpha", name="Article Comments", description="Get an article's comments",
                   required_parameters=(Parameter(name="article_id", example="4472967"),),
                   output_components=(out("comments|user_id", "50650749"),
                                      out("comments|createdOn", "2021-12-05T08:38:55.000-05:00"),
                                      out("comments|author", "Jane Doe")))
    posts = Api(category="Finance", tool="alpha", name="User Discussions", description="Get a user's posts",
                required_parameters=(Parameter(name="user_id"),),
                output_components=(out("posts|title", "Why NVDA"),))
    corpus = Corpus(spec="fixture", tools=[Tool(category="Finance", name="alpha", apis=(comments, posts))])
    unit = DialogueUnit(target=posts.id, source=comments.id, chain_param="user_id", chain_output="comments|user_id")
    plans = [plan_dialogue(unit, get_sequence("two_api_04"), corpus, random.Random(seed)) for seed in range(4)]
    assert any(plans) and all(p.pick_by.name == "author" for p in plans if p is not None)


def test_a_parcel_trackers_item_id_is_no_shops_product_id():
    order = _api("Order Details", "parcel_trail", ["order_id"], ["items|product_id", "items|name"],
                 category="eCommerce")
    product = _api("Product Details", "shop_grid", ["product_id"], category="eCommerce")
    edge = {"kind": "identifier", "reason": "identifier; same provider (tooldial-builtin)", "evidence": "same_provider", "cross_tool": True}
    assert _problem(order, product, "product_id", "items|product_id", **edge).startswith("a tracker's record id")


def test_a_link_path_is_the_last_thing_a_user_picks_by():
    from tooldial.dialogue.planner import _unsayable

    assert _unsayable("FORMULA 1 GULF AIR BAHRAIN GRAND PRIX 2022") == 0
    assert 0 < _unsayable("2022-12-20T20:56:04-04:00") < _unsayable("/comments/90854808")
