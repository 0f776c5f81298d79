"""Eighth round of validity rules (issue 10): read from the v10 errors (v10 is fit data since), measured on v1..v10
and leave one set out. Each principle is read from the documentation of both sides, never from a tool's name; each
test uses made-up tools:

- a reverse geocoder's coordinates and a route's leg ends repeat the point the caller sent (echoes);
- equal one-word tool stems that name the records the APIs serve (``quotes``) are a domain, not a tool family;
- content feeds general-purpose transforms of its kind (a headline into title case, an article's URL into a
  shortener or a page-keyword extractor, OCR text into a profanity filter), which Eq. 1 does not propose;
- the owner of the records an API lists for one person is that person (an echo);
- a presentation setting whose documentation enumerates its choices is the caller's pick;
- a target documented for one continent alone takes places only from a source whose documented places lie there;
- a verb in an API name (``Extract Info``) names no record type."""

from __future__ import annotations

from conftest import graph_entity

from tooldial.graph.select import chosen_style
from tooldial.graph.validity import (
    RuleConfig,
    documented_continents,
    echoed_owner,
    echoed_point,
    judge_edge,
    record_type_clash,
    region_scope_clash,
    shared_id_space,
)

ent = graph_entity


def test_a_reverse_geocoders_point_is_the_point_the_caller_sent():
    reverse = "Mapping|Geo Lookup Co|Reverse Geocode"
    lat = ent(reverse, "output", "results|geometry|location|lat", is_list=True)
    assert echoed_point(lat, {"latlng": "40.69,-73.98"})
    # the input is named for nothing, but its documented value is a point
    assert echoed_point(lat, {"q": "48.85,2.35"})
    # a forward geocoder is sent an address: its point is new
    forward = ent("Mapping|Geo Lookup Co|Forward Geocode", "output", "results|geometry|location|lat", is_list=True)
    assert echoed_point(forward, {"address": "99 Main St, Springfield"}) is None
    # a reverse geocoder's other fields are no coordinates
    assert echoed_point(ent(reverse, "output", "results|formatted_address"), {"latlng": "40.69,-73.98"}) is None


def test_a_routes_leg_ends_are_the_stops_the_caller_sent_but_nearby_places_are_new():
    route = "Mapping|Route Planner|Find Driving Route"
    stops = {"stops": "40.62,-74.02;40.63,-73.99"}
    assert echoed_point(ent(route, "output", "route|legs|start_point|lat", is_list=True), stops)
    assert echoed_point(ent(route, "output", "route|legs|end_location|lng", is_list=True), stops)
    # a search around a point returns other places' coordinates
    nearby = ent("Travel|Place Finder|Nearby Restaurants", "output", "results|geometry|location|lat", is_list=True)
    assert echoed_point(nearby, {"location": "40.62,-74.02"}) is None


def test_one_domain_word_is_no_tool_family_but_a_brand_stem_is():
    rules = RuleConfig()
    quote_id = ent("Social|sayings_api|get_random_saying", "output", "id")
    by_id = ent("Entertainment|sayings_v2|Get Saying By Id", "input", "id")
    assert shared_id_space(quote_id, by_id, "", rules) is None
    verdict = judge_edge(quote_id, by_id, 0.9, 0.9, 1.0)
    assert not verdict.keep and "another provider" in verdict.reason
    # a brand's stem (not what its APIs serve) still joins its versions
    track = ent("Music|Zingo|Get Track", "output", "tracks|id", is_list=True)
    track_v2 = ent("Music|Zingo v2|Track Details", "input", "id")
    assert shared_id_space(track, track_v2, "", rules) == "same tool family (zingo)"


def _transform_corpus():
    """News with headlines and article URLs, an OCR reader, a GIF search (its records hold a short link), and the
    transforms: title case (with a style setting), a link shortener and its unshortener, a page-keyword extractor
    (with a scan type), a profanity filter; and a film search by title (a lookup, no transform)."""
    from tooldial.corpus.models import Api, Corpus, OutputComponent, Parameter, Tool

    def tool(category, name, description, *apis):
        return Tool(category=category, name=name, description=description,
                    apis=tuple(a.model_copy(update={"category": category, "tool": name,
                                                    "tool_description": description}) for a in apis))

    def out(*path, example=None, is_list=True, description=""):
        return OutputComponent(path=path, example=example, is_list=is_list, description=description)

    def api(name, description, params=(), outs=()):
        return Api(category="-", tool="-", name=name, description=description,
                   required_parameters=tuple(params), output_components=tuple(outs))

    p = Parameter
    return Corpus(spec="transforms", tools=[
        tool("News_Media", "daily_wire_feed", "The latest news articles from many sources",
             api("Latest articles", "Returns the latest articles",
                 outs=[out("articles", "title", example="Storm hits the coast"),
                       out("articles", "url", example="https://news.example.com/storm")])),
        tool("Media", "gif_finder", "Find animated GIFs",
             api("Trending gifs", "Trending GIFs", outs=[out("data", "title", example="cat dance GIF"),
                                                         out("data", "url", example="https://gif.example/x"),
                                                         out("data", "short_url", example="https://g.ex/1")])),
        tool("Visual_Recognition", "page_reader", "OCR: reads the text in an image",
             api("Read image", "Optical character recognition of an image",
                 [p(name="image_url", default="https://img.example.com/a.png")],
                 [out("text", is_list=False, description="Text found in the image")])),
        tool("Tools", "headline_caser", "Capitalize your titles",
             api("getTitleWithStyle", "Capitalize a title in one style",
                 [p(name="title", default="a title"), p(name="style", default="ap")])),
        tool("Tools", "link_kit", "Shorten long URLs and expand short ones",
             api("Shorten Url", "Generates a short link for a provided url", [p(name="url")]),
             api("Unshorten Url", "Returns the long URL of a short link", [p(name="url")])),
        tool("Tools", "seo_words", "Keyword tool for marketers",
             api("urlextract", "Extract keywords from a page", [p(name="url"), p(name="scan_type")])),
        tool("Tools", "clean_text", "Profanity filter",
             api("Remove profanity", "Removes profanity from a text", [p(name="text", default="hello")])),
        tool("Movies", "film_finder", "Search films and series",
             api("Search by title", "Find films by title", [p(name="title", default="Alien")],
                 [out("results", "id")])),
    ])


def test_content_feeds_general_purpose_transforms_of_its_kind(embedder, tmp_path):
    from tooldial.graph import GraphConfig, build_graph
    from tooldial.graph.validity import RuleConfig

    corpus = _transform_corpus()
    graph = build_graph(corpus, GraphConfig(cache_dir=tmp_path, progress=False), embedder=embedder)
    edges = {(u.split("|")[1], d["source_output"], v.split("|")[2], d["target_input"]): d
             for u, v, d in graph.edges(data=True)}
    kept = set(edges)
    assert ("daily_wire_feed", "articles|title", "getTitleWithStyle", "title") in kept
    assert ("daily_wire_feed", "articles|url", "Shorten Url", "url") in kept
    assert ("daily_wire_feed", "articles|url", "urlextract", "url") in kept
    assert ("page_reader", "text", "Remove profanity", "text") in kept
    got = edges[("daily_wire_feed", "articles|title", "getTitleWithStyle", "title")]
    assert "general-purpose transform" in got["reason"] and got["cross_tool"]
    # not written content; a record that holds its short link; only short links expand; a search is a lookup
    assert ("gif_finder", "data|title", "getTitleWithStyle", "title") not in kept
    assert ("gif_finder", "data|url", "Shorten Url", "url") not in kept
    assert not {k for k in kept if k[2] in ("Unshorten Url", "Search by title")}
    # the round's switch: off, Eq. 1 proposes none of them
    off = build_graph(corpus, GraphConfig(cache_dir=tmp_path, progress=False, rules=RuleConfig(transforms=False)),
                      embedder=embedder)
    assert not [d for _, _, d in off.edges(data=True) if "general-purpose" in d["reason"]]


def test_the_owner_of_a_persons_listed_records_is_that_person():
    pins = "Social|Pinboard Co|Get User Pins"
    assert echoed_owner(ent(pins, "output", "board|owner|username", is_list=True), ["username"]) == "username"
    assert echoed_owner(ent(pins, "output", "pinner|username", is_list=True), ["username"]) == "username"
    # the original creator of a saved pin is someone else; so are the owners of the posts a user liked
    assert echoed_owner(ent(pins, "output", "native_creator|username", is_list=True), ["username"]) is None
    liked = ent("Social|Pinboard Co|Get User Liked Pins", "output", "pins|owner|username", is_list=True)
    assert echoed_owner(liked, ["username"]) is None
    # a search by keyword names no person: its records' owners are found
    assert echoed_owner(ent("Social|Pinboard Co|Pins By Topic", "output", "owner|username", is_list=True),
                        ["topic"]) is None


def test_a_style_picked_from_documented_choices_is_no_value_of_another_answer():
    doc = "The {substyle} input can be any of the following:\n\n- title-case: Title Case\n- sentence-case: Sentence"
    assert chosen_style(ent("Tools|Title Caser|Caps With Substyle", "input", "substyle", documented=doc))
    assert not chosen_style(ent("Tools|Title Caser|Caps With Substyle", "input", "substyle", documented="A style"))
    # a category with listed choices is a thing, not a presentation setting
    assert not chosen_style(ent("Fun|Jokes Co|Jokes In Category", "input", "category", documented=doc))


def test_a_one_continent_target_takes_places_only_from_a_source_bound_to_it():
    docs = "Built-up area around a point (Europe only)"
    lat = ent("Mapping|Geo Co|Geocode", "output", "features|lat", type="number")
    assert documented_continents({"text": "Berl", "lat": "52.51", "lon": "13.38", "countrycodes": "de"}) == {"EU"}
    assert region_scope_clash(lat, docs, {"text": "Berl", "lat": "52.51", "lon": "13.38"}) is None
    assert region_scope_clash(lat, docs, {"text": "Empire State Building", "lat": "40.74", "lon": "-73.98"})
    assert region_scope_clash(lat, docs, {"address": "99 Main St, Brooklyn, NY 11201"})
    # examples on two continents, or none: a worldwide source
    both = {"addresses": '["5th Avenue, New York, United States", "Kyiv, 01034, Ukraine"]'}
    assert documented_continents(both) == {"NA", "EU"}
    assert region_scope_clash(lat, docs, both)
    assert region_scope_clash(lat, docs, {})
    # a target that names no one continent takes any place; a name is no place
    assert region_scope_clash(lat, "Population around a point", {}) is None
    assert region_scope_clash(ent("Mapping|Geo Co|Geocode", "output", "features|name"), docs, {}) is None


def test_a_verb_in_an_api_name_names_no_record_type():
    search_id = ent("Books|Free Books|Search Books", "output", "results|id", is_list=True)
    assert record_type_clash(search_id, ent("Books|Free Books|Extract Info", "input", "id")) is None
