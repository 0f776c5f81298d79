"""An output that only echoes a value the caller sent to the source API is no chain (labelling guide, v4/v5 lines):
a request echo (``input|geo|lat``), a top-level field named as a required input (a VIN decoder's ``VIN``), or,
in a single record, one named as an optional input (a translation's ``to``). Kept: a list's records that carry
an optional filter's field, a nested record's field, a record's key (ids, tickers) and a search's ids.

Tool names, documentation and values are made up for these tests."""

from __future__ import annotations

from tooldial.corpus.models import Api, Corpus, OutputComponent, Parameter, Tool
from tooldial.graph.entities import Entity
from tooldial.graph.select import Candidate, EdgeSelector
from tooldial.graph.validity import ECHO_REASON, echoed_input


def ent(api_id: str, role: str, key: str, *, type: str = "string", is_list: bool = False,
        documented: str = "") -> Entity:
    return Entity(api_id, role, key, key.replace("_", " ").replace("|", " "), documented or key,
                  raw=key.split("|")[-1], documented=documented, type=type, is_list=is_list)


def _weather_corpus() -> Corpus:
    """A degree-days API that answers with its request under ``input``, and an air-quality API by coordinates."""
    coords = (Parameter(name="lat", type="number", description="Latitude"),
              Parameter(name="lon", type="number", description="Longitude"))
    degree_days = Api(category="Energy", tool="heat_index", name="Degree days", description="Heating degree days",
                      required_parameters=coords,
                      output_components=(OutputComponent(path=("input", "geo", "lat"), type="number"),
                                         OutputComponent(path=("input", "geo", "lon"), type="number"),
                                         OutputComponent(path=("value",), type="number")))
    air = Api(category="Weather", tool="clean_air", name="Forecast", description="Air quality by coordinates",
              required_parameters=coords, output_components=(OutputComponent(path=("aqi",), type="number"),))
    return Corpus(spec="echo", tools=[Tool(category="Energy", name="heat_index", apis=(degree_days,)),
                                      Tool(category="Weather", name="clean_air", apis=(air,))])


def test_a_weather_answer_echoing_its_request_point_feeds_no_coordinate_input():
    corpus = _weather_corpus()
    src, dst = corpus.tools[0].apis[0], corpus.tools[1].apis[0]
    lat_out, lon_out = ent(src.id, "output", "input|geo|lat", type="number"), ent(src.id, "output",
                                                                                   "input|geo|lon", type="number")
    lat_in, lon_in = ent(dst.id, "input", "lat", type="number"), ent(dst.id, "input", "lon", type="number")
    selector = EdgeSelector(corpus, [lat_out, lon_out], [lat_in, lon_in])
    got = selector.judge(Candidate(lat_out, lat_in, 1.0, 0.9, 1.0)).verdict
    assert not got.keep and got.reason.startswith(ECHO_REASON)
    assert echoed_input(lat_out, ["lat", "lon"]) == "request echo input|geo"


def test_a_required_input_echoed_at_the_top_level_is_the_callers_own_value():
    vin = ent("Search|car_facts|Decode basic", "output", "VIN")
    assert echoed_input(vin, ["vin"]) == "vin"
    country = ent("Data|geo_lists|Cities in a country", "output", "country_code", is_list=True)
    assert echoed_input(country, ["countryCode"]) == "countryCode"  # a list's records all repeat the filter
    assert echoed_input(ent("Other|book_club|Best books", "output", "data|genre"), ["genres"]) == "genres"


def test_an_optional_input_echoed_by_a_single_record_but_not_by_a_lists_records():
    to = ent("Translation|word_swap|Translate", "output", "to")
    assert echoed_input(to, ["text"], ["to", "from"]) == "to"
    # a list endpoint filtered by an optional country: its records' countries vary when the filter is left out
    airports = ent("Travel|runways|Airports", "output", "airports|country", is_list=True)
    assert echoed_input(airports, [], ["country"]) is None
    listed = ent("Travel|runways|Airports", "output", "country", is_list=True)
    assert echoed_input(listed, ["query"], ["country"]) is None


def test_a_nested_records_field_of_the_inputs_name_is_another_thing():
    nearby = ent("Location|pin_finder|Nearby areas", "output", "areas|pincode", is_list=True)
    assert echoed_input(nearby, ["pincode"]) is None
    continent = ent("Location|atlas|Country details", "output", "continent|code")
    assert echoed_input(continent, ["code"]) is None


def test_a_records_key_and_a_searchs_ids_still_chain():
    # the fit labels call the key of the record just fetched, passed to another endpoint about it, a chain
    by_id = ent("eCommerce|shop_feed|Product details", "output", "id", type="integer")
    assert echoed_input(by_id, ["id"]) is None
    ticker = ent("Finance|filings|Balance sheet", "output", "ticker")
    assert echoed_input(ticker, ["ticker"]) is None
    found = ent("eCommerce|shop_feed|Search", "output", "products|id", is_list=True)
    assert echoed_input(found, ["query"], ["page"]) is None
