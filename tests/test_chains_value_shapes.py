"""Chain rules from the sixth fit read (issue 11): review 5's leftovers and a fresh fit read of ToolBench subsets
(``scripts/data/chain_review_fit6.tsv``), one small fixture per rule, written here (not copied from the
documentation). Each assertion of a rejection fails on the rules before this read."""

from __future__ import annotations

from tooldial.corpus.models import Api, OutputComponent, Parameter
from tooldial.dialogue.chains import chain_problem, value_shape


def _api(name, tool, params=(), outputs=(), *, description="", category="Data", lists=(), defaults=None,
         examples=None):
    defaults, examples = defaults or {}, examples or {}
    return Api(category=category, tool=tool, name=name, description=description,
               required_parameters=tuple(Parameter(name=n, default=defaults.get(n)) for n in params),
               output_components=tuple(OutputComponent(path=tuple(p.split("|")), is_list=p in lists,
                                                       example=examples.get(p)) for p in outputs))


def _problem(source, target, param, output, **edge):
    return chain_problem(source, target, param, source.output(output), edge)


def test_a_numbered_input_has_the_kind_of_its_name_and_a_named_place_gives_no_country_to_learn():
    # a tide lookup for location "Portugal" answers with that country; person 1's country in a horoscope match is the
    # user's to say, not something a tide table tells them
    tides = _api("Next spring tide", "sea moods", ["location"], ["country", "tide_time"], category="Entertainment",
                 defaults={"location": "Portugal"})
    match = _api("Match two people", "sea moods", ["country1", "country2", "born1", "born2"],
                 category="Entertainment")
    assert _problem(tides, match, "country1", "country").startswith("value the user knows")
    # a lookup by a code the user would not know can still give a country (no place input at the source)
    venue = _api("Venue by code", "sea moods", [], ["country"], category="Entertainment")
    trip = _api("Tide tables", "sea moods", ["country"], category="Entertainment")
    assert not _problem(venue, trip, "country", "country").startswith("value the user knows")


def test_documented_values_of_another_shape_do_not_fill_an_input():
    # the latest day's id is a full date; the by-day lookup documents a day of the month ("09")
    latest = _api("Latest day", "flu stats", [], ["id", "cases"], examples={"id": "2021-11-30", "cases": 12})
    by_day = _api("Stats by day", "flu stats", ["year", "month", "day_id"],
                  defaults={"year": "2021", "month": "11", "day_id": "09"})
    assert _problem(latest, by_day, "day_id", "id").startswith("documented values differ in shape")
    # the same shape on both sides is no reason to reject
    listing = _api("List reports", "flu stats", [], ["reports|report_id"], lists=("reports|report_id",),
                   examples={"reports|report_id": "5531"})
    report = _api("Report detail", "flu stats", ["report_id"], defaults={"report_id": "1204"})
    assert _problem(listing, report, "report_id", "reports|report_id") == ""


def test_value_shapes():
    assert value_shape("2022-04-22") == value_shape("2022-04-22 03:24:02") == value_shape("22/04/2022") == "date"
    assert value_shape("15") == value_shape("-3.5") == "number"
    assert value_shape("bitcoin") == value_shape("New York") == "word"
    assert value_shape("example.com") == value_shape("https://a.example.org/x") == "host"
    assert value_shape("ab12-x") == value_shape("") == ""


def test_a_path_named_api_that_creates_something_is_no_lookup():
    create = _api("api/Payments/CreatePaymentOrder", "pay hub", ["amount"], ["result|orderId"])
    info = _api("api/Payments/GetOrderInfo", "pay hub", ["orderId"])
    assert _problem(create, info, "orderId", "result|orderId").startswith("source changes something")
    # the path's first segment may name the change too ("insert/addfeatured")
    insert = _api("insert/addfeaturedorders", "pay hub", ["amount"], ["orderId"])
    assert _problem(insert, info, "orderId", "orderId").startswith("source changes something")
    listing = _api("api/Payments/ListOrders", "pay hub", [], ["orders|orderId"], lists=("orders|orderId",))
    assert not _problem(listing, info, "orderId", "orders|orderId").startswith("source changes something")


def test_a_us_state_or_an_upper_case_us_scopes_a_tool_to_the_us():
    pins = _api("Zip", "PIN CODE - INDIA", ["pincode"], ["pincode", "lat", "lng"], category="Location")
    shops = _api("Stores near", "Ohio Grocers", ["lat", "lng"], category="Commerce")
    tax = _api("GetTaxByZip", "FetchUSSalesTax", ["zip"], category="Finance")
    group = "lat=lat,lng=lng"
    assert _problem(pins, shops, "lat", "lat", group_sources=group).startswith("tools scoped to different countries")
    offices = _api("Offices by district", "PIN CODE - INDIA", ["district"], ["offices|pincode"], category="Location",
                   lists=("offices|pincode",))
    assert _problem(offices, tax, "zip", "offices|pincode").startswith("tools scoped to different countries")


def test_a_websites_server_location_is_no_place_of_the_users():
    host = _api("Locate a website", "webgeo", ["target"], ["country", "lat", "lon"], category="Location",
                defaults={"target": "example.org"})
    stats = _api("Stats by country", "worldstats", ["country"], category="Data")
    assert _problem(host, stats, "country", "country").startswith("a website's server location")
    # a domain of the documented shape never fills an input documented as a two-letter market
    sld = _api("Domain search", "dom", ["keyword"], ["taken|domain"], lists=("taken|domain",),
               examples={"taken|domain": "shop.example.net"})
    market = _api("Regions search", "stays", ["domain", "query"], defaults={"domain": "AE"}, category="Travel")
    assert _problem(sld, market, "domain", "taken|domain").startswith("documented values differ in shape")
    undocumented = _api("Domain search", "dom", ["keyword"], ["taken|domain"], lists=("taken|domain",))
    assert _problem(undocumented, market, "domain", "taken|domain").startswith("documented values differ in shape")
    whois = _api("Whois", "dns tools", ["domain"], defaults={"domain": "example.com"})
    assert _problem(undocumented, whois, "domain", "taken|domain") == ""


def test_a_city_search_still_gives_the_country_code_of_a_city():
    # the user names a city; its country code is what the search tells them (accepted in earlier reviews)
    cities = _api("Search cities", "atlas", ["name"], ["cities|country_code"], category="Location",
                  lists=("cities|country_code",), defaults={"name": "Lyon"})
    holidays = _api("Holidays by country", "atlas", ["country_code"], category="Location")
    assert not _problem(cities, holidays, "country_code", "cities|country_code").startswith("value the user knows")
