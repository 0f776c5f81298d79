"""Eighth round of validity rules (issue 10): read from the v10 errors (v10 is fit data since), measured on v1..v10
and leave one set out. Each principle is read from the documentation of both sides, never from a tool's name; each
test uses made-up tools:

- a reverse geocoder's coordinates and a route's leg ends repeat the point the caller sent (echoes);
- equal one-word tool stems that name the records the APIs serve (``quotes``) are a domain, not a tool family."""

from __future__ import annotations

from conftest import graph_entity

from tooldial.graph.validity import RuleConfig, echoed_point, judge_edge, shared_id_space

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
