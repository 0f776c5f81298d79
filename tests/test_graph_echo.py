"""An output that only echoes a value the caller sent to the source API is no chain (labelling guide, v4/v5 lines):
a request echo (``input|geo|lat``), a field named as a required input in the request's own record (a VIN decoder's
``VIN``, ``email|email``, a record's key such as ``internationalNumber``), or, in a single record, one named as an
optional input (a translation's ``to``); a list's records repeat an optional filter only when the docs show a
default for it. Kept: another record's field (``continent|code``, ``areas|pincode``) and a search's ids.

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


def test_a_records_key_repeating_the_request_key_is_an_echo_but_a_searchs_ids_chain():
    # the guide's echo line (v6 labels, the v1..v4 relabel): the key of the record just fetched is the key the
    # caller sent, same tool or not
    by_id = ent("eCommerce|shop_feed|Product details", "output", "id", type="integer")
    assert echoed_input(by_id, ["id"]) == "id"
    ticker = ent("Finance|filings|Balance sheet", "output", "ticker")
    assert echoed_input(ticker, ["ticker"]) == "ticker"
    number = ent("Business|registry|Get company", "output", "internationalNumber", is_list=True)
    assert echoed_input(number, ["countryCode", "internationalNumber"]) == "internationalNumber"
    # a bare id of the record the API is about, when the input is that record's id
    portfolio = ent("Finance|copy_trade|getPortfolioInfo", "output", "data|id", type="integer")
    assert echoed_input(portfolio, ["portfolioId"]) == "portfolioId"
    video = ent("Media|clip_fetch|Get Video Info", "output", "videoInfo|id")
    assert echoed_input(video, ["id"]) == "id"
    # a search's ids are what it found; another record's id inside the answer is that record's
    found = ent("eCommerce|shop_feed|Search", "output", "products|id", is_list=True)
    assert echoed_input(found, ["query"], ["page"]) is None
    channel = ent("Media|clip_fetch|Get Video Info", "output", "videoInfo|channel|id")
    assert echoed_input(channel, ["id"]) is None


def test_a_nested_field_inside_the_requests_own_record_is_an_echo():
    # an e-mail check answers under a record named as its input
    checked = ent("Email|mail_probe|Verify", "output", "email|email")
    assert echoed_input(checked, ["email"]) == "email"
    # a result word beside it is no echo (and no e-mail: classify)
    assert echoed_input(ent("Email|mail_probe|Verify", "output", "email|result"), ["email"]) is None
    # a reverse geocoding that takes "lat,lng" answers with the point under a record named as that input
    point = ent("Data|geo_box|Reverse", "output", "data|coordinates|latitude", type="number", is_list=True)
    assert echoed_input(point, ["coordinates"]) == "coordinates"
    # a qualified name (not a bare id/code/name) in a single answer repeats the input wherever it sits
    postcode = ent("Energy|grid_mix|Mix", "output", "source|postleitzahl")
    assert echoed_input(postcode, ["postleitzahl"]) == "postleitzahl"


def test_a_lists_records_repeat_an_optional_filter_only_when_the_docs_send_it():
    listed = ent("Business|registry|Search company", "output", "countryCode", is_list=True)
    assert echoed_input(listed, ["q"], ["countryCode"]) is None
    assert echoed_input(listed, ["q"], ["countryCode"], defaulted=["countryCode"]) == "countryCode"


def test_the_selector_reads_documented_defaults_of_optional_filters():
    search = Api(category="Business", tool="registry", name="Search company by name", description="Companies",
                 required_parameters=(Parameter(name="q", description="Company name"),),
                 optional_parameters=(Parameter(name="countryCode", default="be", description="ISO2 country code"),),
                 output_components=(OutputComponent(path=("countryCode",), is_list=True),))
    undocumented = search.model_copy(update={"name": "Search person by name", "optional_parameters": (
        Parameter(name="countryCode", description="ISO2 country code"),)})
    flags = Api(category="Data", tool="flag_shop", name="Flag by country", description="The flag of a country",
                required_parameters=(Parameter(name="country", default="JP", description="ISO2 country code"),))
    corpus = Corpus(spec="echo", tools=[Tool(category="Business", name="registry", apis=(search, undocumented)),
                                        Tool(category="Data", name="flag_shop", apis=(flags,))])
    target = ent(flags.id, "input", "country", documented="ISO2 country code")
    sent, maybe = (ent(a.id, "output", "countryCode", is_list=True) for a in (search, undocumented))
    selector = EdgeSelector(corpus, [sent, maybe], [target])
    assert selector.judge(Candidate(sent, target, 0.9, 0.9, 1.0)).verdict.reason.startswith(ECHO_REASON)
    assert not selector.judge(Candidate(maybe, target, 0.9, 0.9, 1.0)).verdict.reason.startswith(ECHO_REASON)


def test_echoes_named_by_key_stems_directions_record_names_and_documented_defaults():
    # a chapter of Get Chapter(bookId, chapterId) is the chapter the caller asked for
    chapter = ent("Data|scripture_api|Get Chapter", "output", "chapter", type="integer", is_list=True)
    assert echoed_input(chapter, ["bookId", "chapterId"]) == "chapterId"
    # a direction word aside: the script a transliteration was asked to write
    assert echoed_input(ent("Translation|word_swap|Transliterate", "output", "script"),
                        ["text", "toScript"]) == "toScript"
    # a record name and a leaf spell the input: a distance answer repeats both postcodes
    a = ent("Mapping|post_dist|Distance", "output", "A|postcode")
    assert echoed_input(a, ["postcodeA", "postcodeB"]) == "postcodeA"
    # an input that names no kind but documents a country code as its default: its answer's country_code
    listed = ent("Location|geo_lists|Cities in the Country", "output", "country_code")
    assert echoed_input(listed, ["code"], sent_values={"code": "GB"}) == "code"
    # a default that is no country (a port code, a search word) proves nothing
    assert echoed_input(listed, ["code"], sent_values={"code": "INBOM"}) is None
    assert echoed_input(ent("Medical|pill_box|Search", "output", "result|countryCode", is_list=True), ["q"],
                        sent_values={"q": "aspirin"}) is None


def test_a_named_record_and_its_key_spell_the_input_they_repeat():
    # a clip made from a media returns that media under ``media|data``: the caller's own media_id
    made = ent("Video|clips|createClip", "output", "media|data|id")
    assert echoed_input(made, ["media_id", "start"]) == "media_id"
    # a lookup of several sites by their ids lists exactly those sites
    sites = ent("Roads|traffic|GET sites", "output", "sites|Id", is_list=True)
    assert echoed_input(sites, ["site_Ids"]) == "site_Ids"
    # one key sent, a list returned: the records are found, not sent (a site's neighbours)
    assert echoed_input(sites, ["site_Id"]) is None
    # another record's key named alike is no echo of a different input
    assert echoed_input(ent("Video|clips|createClip", "output", "owner|data|id"), ["media_id"]) is None
