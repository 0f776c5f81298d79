"""The same-tool value proposer (:mod:`tooldial.graph.same_values`): an output and a required input of another API
of one tool are candidates when their names name one value through the synonym vocabulary and form words, when
the input's short documentation or qualified name ends in the output's name, when a search input's documentation
names the output, or when both examples have one shape; never across tools, never an unrelated value.

Tool names, documentation and values are made up for these tests."""

from __future__ import annotations

import numpy as np

from tooldial.corpus.models import Api, Corpus, OutputComponent, Parameter, Tool
from tooldial.graph.build import build_graph
from tooldial.graph.config import GraphConfig
from tooldial.graph.entities import Entity
from tooldial.graph.same_values import input_phrases, matches, output_phrases, phrase, same_tool_value_edges


def ent(api_id: str, role: str, key: str, *, documented: str = "", example: str = "", type: str = "string") -> Entity:
    leaf = key.split("|")[-1]
    return Entity(api_id, role, key, leaf.replace("_", " "), documented or leaf, raw=leaf, documented=documented,
                  example=example, type=type)


def _propose(outputs, inputs, api_docs=None, limit=None):
    texts = {t: k for k, t in enumerate(sorted({e.description for e in outputs + inputs}))}
    vectors = np.eye(len(texts), dtype=np.float32)
    od = np.array([texts[e.description] for e in outputs])
    idx = np.array([texts[e.description] for e in inputs])
    got = same_tool_value_edges(outputs, inputs, od, idx, od, idx, vectors, api_docs=api_docs, limit=limit)
    return {(outputs[s].key, inputs[d].key) for s, d in zip(got.src.tolist(), got.dst.tolist(), strict=True)}


def test_phrases_read_synonyms_glued_form_words_and_legs():
    assert phrase("lng") == phrase("lon") == ("longitude",)
    assert phrase("stopid") == ("stop", "id")
    assert phrase("trainno") == ("train", "number")
    assert phrase("orig_train", drop_legs=True) == ("train",)
    assert phrase("IMDb Code", prose=True) == ("imdb", "code")
    assert output_phrases(ent("T|t|List", "output", "data|movies|title")) == {("movie", "title")}
    assert output_phrases(ent("T|t|List", "output", "data|id")) == set()  # a bare id: the record-id proposer's
    assert input_phrases(ent("T|t|Sched", "input", "req1", documented="Stop ID")) == {("stop", "id")}


def test_names_of_one_value_inside_one_tool():
    lst = "Finance|quotes|List stocks"
    outputs = [ent(lst, "output", "stocks|symbol", example="AAPL"),
               ent(lst, "output", "stocks|name", example="Apple Inc."),
               ent("Finance|other|List", "output", "items|symbol")]  # another tool: never
    inputs = [ent("Finance|quotes|Quote", "input", "ticker", example="MSFT"),
              ent("Finance|quotes|Chart", "input", "interval", example="1d")]
    assert _propose(outputs, inputs) == {("stocks|symbol", "ticker")}


def test_short_documentation_of_an_opaque_input_and_a_qualified_name():
    outputs = [ent("Travel|bus|Route stops", "output", "stopid", example="1175"),
               ent("Travel|bus|Route stops", "output", "stopname"),
               ent("Data|people|Company employees", "output", "employees|profile_url",
                   example="https://www.linkedin.com/in/jane"),
               ent("Data|people|Person search", "output", "results|linkedin_profile_url")]
    inputs = [ent("Travel|bus|Schedule", "input", "req1", documented="Stop ID", example="17842"),
              ent("Data|people|Profile", "input", "url", documented="LinkedIn profile URL"),
              ent("Data|people|Person lookup", "input", "linkedin_person_profile_url")]
    assert _propose(outputs, inputs) == {("stopid", "req1"), ("employees|profile_url", "url"),
                                         ("results|linkedin_profile_url", "linkedin_person_profile_url"),
                                         ("results|linkedin_profile_url", "url")}


def test_a_search_input_takes_what_its_api_description_names():
    outputs = [ent("Video|films|List", "output", "data|movies|title"),
               ent("Video|films|List", "output", "data|movies|imdb_code"),
               ent("Video|films|List", "output", "data|movies|runtime")]
    inputs = [ent("Video|films|Query Term", "input", "query_term")]
    docs = {"Video|films|Query Term": "Used for movie search, matching on: Movie Title/IMDb Code"}
    assert _propose(outputs, inputs, docs) == {("data|movies|title", "query_term"),
                                               ("data|movies|imdb_code", "query_term")}
    assert _propose(outputs, inputs) == set()  # nothing documented: nothing proposed


def test_an_alternative_the_api_offers_and_the_example_shapes():
    outputs = [ent("Geo|codes|By city", "output", "data|village_slug"),
               ent("Geo|codes|By city", "output", "data|homepage", example="https://films.example.org/m/1"),
               ent("Geo|codes|By city", "output", "data|ref", example="tt0111161")]
    urban = ent("Geo|codes|By urban", "input", "urban_slug")
    width = ent("Video|art|Anime", "input", "width", documented="maximum width/height 1024")
    assert matches(ent("Video|art|Info", "output", "height"), width, "Anime art, width/height at most 1024") is None
    assert matches(outputs[0], urban, "Postal code of an urban / village") is not None
    assert matches(outputs[0], urban, "Postal code of an urban area") is None
    page = ent("Geo|codes|Page", "input", "address", example="https://films.example.org/m/2")
    assert matches(outputs[1], page) == "examples of one shape"
    assert matches(outputs[2], ent("Geo|codes|Film", "input", "film", example="tt0068646")) == "examples of one shape"
    assert matches(outputs[2], ent("Geo|codes|Film", "input", "film", example="12345678")) is None
    gid = ent("Geo|codes|Place", "output", "data|google_id", example="0x880fd393d427a591:0x8cba02d713a995ed")
    assert matches(gid, ent("Geo|codes|Reviews", "input", "business_id", example="0x89c259af:0x3c4c3b5e2a")) \
        == "examples of one shape"
    doctor = ent("Med|clinic|Search doctors", "output", "doctors|doctor_id", example="D-1021")
    assert matches(doctor, ent("Med|clinic|Book", "input", "patient_id", example="P-5531")) is None
    image = ent("Geo|codes|By city", "output", "data|image", example="https://films.example.org/img/1.jpg")
    assert matches(image, page) is None  # one host, another kind of page


def test_each_input_keeps_a_bounded_few_sources():
    outputs = [ent(f"Finance|quotes|List {k}", "output", "stocks|symbol") for k in range(10)]
    inputs = [ent("Finance|quotes|Quote", "input", "ticker")]
    assert len(_propose(outputs, inputs, limit=3)) == 1  # one key per (output key, input key) in this view
    texts = np.zeros(10, dtype=np.int64)
    got = same_tool_value_edges(outputs, inputs, texts, np.zeros(1, dtype=np.int64), texts,
                                np.zeros(1, dtype=np.int64), np.eye(1, dtype=np.float32), limit=3)
    assert len(got.src) == 3


def test_a_default_build_keeps_the_chain_eq1_misses(embedder, tmp_path):
    routes = Api(category="Travel", tool="transit", name="Route stops", description="The stops of a route",
                 required_parameters=(Parameter(name="route", description="Route number", example="17"),),
                 output_components=(OutputComponent(path=("stopid",), example="1175"),
                                    OutputComponent(path=("stopname",), example="Main St & 5th")))
    sched = Api(category="Travel", tool="transit", name="Stop schedule", description="Next buses at a stop",
                required_parameters=(Parameter(name="req1", type="number", description="Stop ID", example=17842),),
                output_components=(OutputComponent(path=("Route",), example="17"),
                                   OutputComponent(path=("arrival",), example="2:35p")))
    corpus = Corpus(spec="same-values", tools=[Tool(category="Travel", name="transit", apis=(routes, sched))])
    on = build_graph(corpus, GraphConfig(cache_dir=tmp_path, progress=False), embedder=embedder)
    off = build_graph(corpus, GraphConfig(cache_dir=tmp_path, progress=False, same_tool_values=False),
                      embedder=embedder)
    pairs = {(d["source_output"], d["target_input"]) for _, _, d in on.edges(data=True)}
    assert ("stopid", "req1") in pairs and ("Route", "route") in pairs
    assert ("stopid", "req1") not in {(d["source_output"], d["target_input"]) for _, _, d in off.edges(data=True)}


def test_a_count_and_what_an_api_returns_are_not_the_value():
    images = ent("Video|art|Generate", "output", "result|images", example="https://img.example.org/a.png")
    assert matches(images, ent("Video|art|Anime", "input", "image_num", example="1")) is None
    route = ent("Travel|bus|Alerts", "output", "Route", example="17")
    assert matches(route, ent("Travel|bus|Stops", "input", "req1", documented="Route number")) == "one name"
    price = ent("Shop|deals|Deal", "output", "price", example="$12")
    query = ent("Shop|deals|Search", "input", "query")
    returns = "This endpoint takes a search query and returns details including title, price, date posted."
    assert matches(price, query, returns) is None
    assert matches(price, query, "Search deals by price or title.") is not None


def test_ids_flags_and_a_description_of_several_inputs_are_left_alone():
    assert output_phrases(ent("S|t|Team", "output", "team|uniqueTournament|id")) == set()
    flag = ent("T|f|Stats", "input", "isDeparture", type="boolean")
    assert _propose([ent("T|f|Airport", "output", "departures")], [flag]) == set()
    area = "S|maps|Search In Area"
    outputs = [ent("S|maps|Details", "output", "data|zoom"), ent("S|maps|Details", "output", "data|latitude")]
    inputs = [ent(area, "input", "query", documented="Search query / keyword."), ent(area, "input", "zoom"),
              ent(area, "input", "lat")]
    got = _propose(outputs, inputs, {area: "Search businesses around a center point and zoom level."})
    assert ("data|zoom", "query") not in got and ("data|latitude", "lat") in got


def test_a_qualifier_the_output_does_not_bear_out_is_another_value():
    person = ent("Data|people|Person search", "output", "results|linkedin_profile_url")
    company = ent("Data|people|Company", "input", "company_url", documented="LinkedIn company profile URL")
    assert matches(person, company) is None
    employee = ent("Data|people|Company employees", "output", "employees|profile_url",
                   example="https://www.linkedin.com/in/jane")
    profile = ent("Data|people|Profile", "input", "url", documented="LinkedIn profile URL")
    assert matches(employee, profile) == "the input's qualified name"
    bare = ent("Data|people|Company employees", "output", "employees|profile_url")
    assert matches(bare, profile) is None
    assert matches(bare, profile, source_doc="Employees of a company on LinkedIn") is not None
    other = ent("Data|people|Profile", "input", "url", documented="LinkedIn profile URL",
                example="https://www.linkedin.com/company/acme")
    assert matches(employee, other) is None  # pages of two kinds


def test_particles_long_hex_lengths_and_keys_keep_values_apart():
    # check_in and check_out are two dates, not one name once "in"/"out" are read as stop words
    assert phrase("check_in") != phrase("check_out")
    assert matches(ent("T|stay|Booking", "output", "check_in"), ent("T|stay|Rooms", "input", "check_out")) is None
    # a 64-digit transaction hash is no 40-digit wallet address, though both are 0x and hex
    tx = ent("T|chain|Transactions", "output", "data|tx_hash", example="0x" + "a1" * 32)
    wallet = ent("T|chain|Balance", "input", "wallet_address", example="0x" + "9f" * 20)
    assert matches(tx, wallet) is None
    assert matches(ent("T|chain|Tx", "output", "from_address", example="0x" + "b2" * 20), wallet) is not None
    # a record's key is no search text, a record's title is
    outputs = [ent("T|radio|Featured", "output", "station|station_id", example="st-1042"),
               ent("T|radio|Featured", "output", "station|name")]
    search = [ent("T|radio|Search", "input", "keyword", documented="station name or station id to search for")]
    got = _propose(outputs, search, api_docs={"T|radio|Search": "Search stations by station name or station id."})
    assert ("station|name", "keyword") in got and ("station|station_id", "keyword") not in got
