"""The chain rules (``tooldial.dialogue.chains.chain_problem``), one small fixture per rule."""

from __future__ import annotations

from tooldial.corpus.models import Api, OutputComponent, Parameter
from tooldial.dialogue.chains import chain_problem, countries_of


def _api(name, tool, params=(), outputs=(), *, description="", category="Data", types=None):
    types = types or {}
    return Api(category=category, tool=tool, name=name, description=description,
               required_parameters=tuple(Parameter(name=n, type=types.get(n, "string")) for n in params),
               output_components=tuple(OutputComponent(path=tuple(p.split("|")), is_list="|" in p)
                                       for p in outputs))


def _problem(source, target, param, output, **edge):
    return chain_problem(source, target, param, source.output(output), edge)


def test_names_and_titles_are_said_not_looked_up():
    chart = _api("Top Chart Tracks", "tunes", [], ["tracks|artist_name", "tracks|artist_id"])
    search = _api("Search Artists", "tunes", ["artist_name"])
    assert _problem(chart, search, "artist_name", "tracks|artist_name").startswith("a name or search term")
    albums = _api("Artist Albums", "tunes", ["artist_id"])
    assert _problem(chart, albums, "artist_id", "tracks|artist_id") == ""


def test_the_place_of_an_address_the_user_gave_is_known():
    prop = _api("Property Details by Address", "estate", ["address"], ["city", "countryCode"])
    prayer = _api("Prayer Timings", "prayer", ["city"], category="Other")
    assert _problem(prop, prayer, "city", "city").startswith("a place part of the address")


def test_the_country_of_a_city_the_user_gives_the_target_is_known():
    # an airport search by city and country: a user who says "Los Angeles" does not look its country up in an
    # FBO directory; without a city among the target's inputs the country may still be looked up
    fbo = _api("FBO and Fuel", "aviation", ["code"], ["FBO|business_name", "FBO|country"], category="Travel")
    airports = _api("Airports by City and Country", "aviation", ["city", "country"], category="Travel")
    assert _problem(fbo, airports, "country", "FBO|country").startswith("value the user knows: the country")
    by_country = _api("Airports by Country", "aviation", ["country"], category="Travel")
    assert not _problem(fbo, by_country, "country", "FBO|country").startswith("value the user knows")


def test_a_checker_checks_the_users_own_value():
    draw = _api("Last Draw", "lottery", [], ["result|pb"], category="Gaming")
    checker = _api("Powerball Checker", "lottery", ["pb"], category="Gaming")
    assert _problem(draw, checker, "pb", "result|pb").startswith("a checker")


def test_coordinates_of_two_points_are_never_mixed():
    near = _api("Nearby Areas", "pin", ["pincode"], ["areas|lat", "areas|lng"], category="Location")
    distance = _api("Distance", "pin", ["lat1", "lng1", "lat2", "lng2"], category="Location",
                    types=dict.fromkeys(("lat1", "lng1", "lat2", "lng2"), "number"))
    crossed = _problem(near, distance, "lat1", "areas|lat", group_sources="lat1=areas|lat,lng2=areas|lng")
    assert "two points mixed" in crossed
    one_point = _problem(near, distance, "lat1", "areas|lat", group_sources="lat1=areas|lat,lng1=areas|lng")
    assert one_point == ""
    assert "without lng1" in _problem(near, distance, "lat1", "areas|lat")


def test_a_measured_quantity_is_not_looked_up():
    dist = _api("Distance Between Pincodes", "pin", [], ["distance"], category="Location")
    move = _api("Translate Point", "pin", ["distance"], types={"distance": "number"}, category="Location")
    assert _problem(dist, move, "distance", "distance").startswith("a measured quantity")


def test_a_bare_id_joins_apis_about_the_same_thing():
    blogs = _api("Retrieve the latest blogs", "park", [], ["id"])
    queues = _api("Retrieve all Queue times", "park", [], ["id"])
    one_queue = _api("Retrieve specific Queue time", "park", ["id"])
    assert _problem(blogs, one_queue, "id", "id").startswith("a bare id of another thing")
    assert _problem(queues, one_queue, "id", "id") == ""


def test_the_target_does_not_fetch_the_record_the_source_returned():
    fields = ["property_id", "city", "beds", "baths", "price"]
    by_address = _api("Property by Address", "estate", ["street"], fields)
    by_id = _api("Property by Id", "estate", ["property_id"], fields)
    assert _problem(by_address, by_id, "property_id", "property_id").startswith("target fetches again")


def test_tools_scoped_to_different_countries_do_not_chain():
    assert countries_of(_api("zip-code-info", "Polish zip codes")) == {"PL"}
    nica = _api("Zip", "ZIP CODE - NICARAGUA", [], ["zip_code"], category="Location")
    polish = _api("zip-code-info", "Polish zip codes", ["zip_code"], category="Location")
    assert _problem(nica, polish, "zip_code", "zip_code", kind="standard",
                    reason="standard value (postal_code)", standard="postal_code").startswith("tools scoped to different countries")


def test_across_tools_only_one_value_space_counts():
    crypto = _api("Currency List", "crypto validator", [], ["symbol"], description="crypto coins", category="Fin")
    stocks = _api("Quotes", "fidelity", ["symbol"], description="stock quotes", category="Fin")
    assert _problem(crypto, stocks, "symbol", "symbol").startswith("symbols of different markets")
    lang = _api("Languages", "translator", [], ["languages|gl"])
    google = _api("Get Result", "google search", ["gl"])
    assert _problem(lang, google, "gl", "languages|gl", kind="value").startswith("cross-tool value")
    a = _api("Property by Address", "Real Estate Property API", ["street"], ["property_id"], category="Business")
    b = _api("property/details", "Real Estate", ["property_id"], category="Business")
    family = _problem(a, b, "property_id", "property_id", kind="identifier",
                      reason="identifier; same tool family (estate)", evidence="tool_family")
    assert family.startswith("cross-tool identifier without shared-id-space evidence")
    assert _problem(a, b, "property_id", "property_id", kind="identifier",
                    reason="identifier; same provider (acme)", evidence="same_provider") == ""
    geo = _api("IP Lookup", "geo", [], ["countryCode"], description="locate an ip address", category="Location")
    cities = _api("Get cities", "gis", ["country_code"], category="Location")
    loose = _problem(geo, cities, "country_code", "countryCode", kind="standard", reason="standard value (country)", standard="country")
    assert loose.startswith("cross-tool standard value without agreeing formats")
    assert _problem(geo, cities, "country_code", "countryCode", kind="standard",
                    reason="standard value (country) (formats agree)",
                    standard="country", evidence="formats_agree") == ""


def test_ids_stay_in_their_domain_and_places_come_from_positions():
    games = _api("Gamer Match History", "arena", ["gamer"], ["matches|match_id"], category="Gaming")
    football = _api("Match Summary", "match_center", ["match_id"], category="Sports")
    assert _problem(games, football, "match_id", "matches|match_id", kind="identifier",
                    reason="identifier; same provider (one)", evidence="same_provider").startswith("identifier across domains")
    reverse = _api("Reverse Geocode", "geo", ["latitude", "longitude"], ["address|city"], category="Location")
    weather = _api("Current Weather", "sky", ["city"], category="Weather")
    assert _problem(reverse, weather, "city", "address|city", kind="standard", reason="standard value (place)", standard="place") == ""
    hotel = _api("Hotel Details", "stays", ["hotel_name"], ["city"], description="hotel city", category="Location")
    assert _problem(hotel, weather, "city", "city", kind="standard",
                    reason="standard value (place)", standard="place").startswith("a place name the user says")


def test_coordinates_of_a_thing_serve_only_a_travellers_searches():
    airports = _api("Search Airports", "sky_route", ["query"], ["airports|latitude", "airports|longitude"],
                    description="search airports by name, with their coordinates", category="Flights")
    grocery = _api("Grocery Stores Nearby", "pantry", ["latitude", "longitude"], category="Food")
    transit = _api("Transit Stops Nearby", "metro", ["latitude", "longitude"], category="Transportation")
    edge = {"kind": "standard", "reason": "standard value (latitude)", "standard": "latitude",
            "group_sources": "latitude=airports|latitude,longitude=airports|longitude"}
    assert _problem(airports, grocery, "latitude", "airports|latitude", **edge).startswith("coordinates of a")
    assert _problem(airports, transit, "latitude", "airports|latitude", **edge).startswith("coordinates of a")
    timezone = _api("Timezone at Coordinates", "geo", ["latitude", "longitude"], category="Location")
    assert _problem(airports, timezone, "latitude", "airports|latitude", **edge) == ""  # the airport's own time


def test_downloads_writes_by_name_and_a_lists_own_id_are_not_lookups():
    like = _api("Add Like/Dislike value towards an Entry", "likes", [], ["postId"], category="Social")
    read = _api("Retrieve Like data for Entry", "likes", ["postId"], category="Social")
    assert _problem(like, read, "postId", "postId").startswith("source changes something")
    download = _api("Download Track on SoundCloud", "scraper", ["track"], ["spotifyTrack|artists|id"])
    related = _api("List Related Artists", "scraper", ["artistId"])
    assert _problem(download, related, "artistId", "spotifyTrack|artists|id").startswith("a download is not")
    chart = _api("List Top Tracks", "scraper", [], ["id", "tracks|id"])
    lyrics = _api("Download Track Lyrics", "scraper", ["trackId"])
    assert _problem(chart, lyrics, "trackId", "id").startswith("a list's own id")
    by_name = _api("Get Track ID by Name", "scraper", ["name"], ["id"])
    assert _problem(by_name, lyrics, "trackId", "id") == ""


def test_a_featured_place_or_a_moving_position_is_not_the_users_place():
    hottest = _api("Hottest City Right Now", "station_grid", [], ["city|city_id"], category="Weather")
    forecast = _api("Daily Forecast", "sky_cast", ["city_id"], category="Weather")
    assert _problem(hottest, forecast, "city_id", "city|city_id", kind="identifier",
                    reason="identifier; same provider (one)", evidence="same_provider").startswith("a featured place")
    countries = _api("Largest Cities in Country", "atlas", ["country_code"], ["cities|city_id"], category="Weather")
    assert _problem(countries, forecast, "city_id", "cities|city_id", kind="identifier",
                    reason="identifier; same provider (one)", evidence="same_provider") == ""
    flight = _api("Flight Information API", "IATACodes", ["flight_icao"], ["lat", "lng"], category="Travel")
    nearby = _api("NearBy Airports API", "IATACodes", ["lat", "lng"], category="Travel")
    assert _problem(flight, nearby, "lat", "lat", group_sources="lat=lat,lng=lng").startswith("coordinates of a moving")
    airports = _api("Airports Database API", "IATACodes", ["icao_code"], ["lat", "lng"], category="Travel")
    assert _problem(airports, nearby, "lat", "lat", group_sources="lat=lat,lng=lng") == ""


def test_pagination_tokens_and_featured_items_in_computations():
    search = _api("Search_2", "twitter", [], ["continuation_token", "results|tweet_id"])
    more = _api("Hashtag Continuation", "twitter", ["hashtag", "continuation_token"])
    assert _problem(search, more, "continuation_token", "continuation_token").startswith("a pagination token")
    daily = _api("Recipe of the Day", "recipes", [], ["recipe|recipe_id"], category="Food")
    scale = _api("Scale Recipe Servings", "recipes", ["recipe_id", "servings"], category="Food")
    similar = _api("Similar Recipes", "recipes", ["recipe_id"], category="Food")
    assert _problem(daily, scale, "recipe_id", "recipe|recipe_id").startswith("a featured item")
    assert _problem(daily, similar, "recipe_id", "recipe|recipe_id") == ""
