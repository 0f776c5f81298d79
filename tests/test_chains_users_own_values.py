"""Chain rules from the fifth held-out chain review (issue 11), one small fixture per rule.

Each fixture mirrors the shape of a chain the reviewer rejected on a ToolBench subset; it is written here, not
copied from the documentation."""

from __future__ import annotations

from tooldial.corpus.models import Api, OutputComponent, Parameter
from tooldial.dialogue.chains import chain_problem, documented_error


def _api(name, tool, params=(), outputs=(), *, description="", category="Data", example=None, lists=(),
         param_descriptions=None):
    described = param_descriptions or {}
    return Api(category=category, tool=tool, name=name, description=description,
               required_parameters=tuple(Parameter(name=n, description=described.get(n, "")) for n in params),
               output_components=tuple(OutputComponent(path=tuple(p.split("|")), is_list=p in lists)
                                       for p in outputs),
               example_response=example)


def _problem(source, target, param, output, **edge):
    return chain_problem(source, target, param, source.output(output), edge)


def test_a_coordinate_never_fills_a_target_that_takes_it_without_its_pair():
    # the target documents a latitude only: a zip code's latitude alone is no place
    zips = _api("zip lookup", "zipinfo", ["zip"], ["latitude", "longitude", "city"], category="Location")
    lone = _api("time by point", "clock", ["latitude"], description="Time for a pair of coordinates")
    paired = _api("time at point", "clock", ["latitude", "longitude"], description="Time at coordinates")
    group = "latitude=latitude,longitude=longitude"
    assert _problem(zips, lone, "latitude", "latitude").startswith("group member procured alone")
    assert _problem(zips, paired, "latitude", "latitude", group_sources=group) == ""


def test_a_value_from_the_request_echo_is_the_users_own():
    # a city search repeats the name it was asked under "request": that city is the one the user typed
    search = _api("Find towns by name", "places", ["name"], ["request|city", "response|name", "response|timezone"],
                  param_descriptions={"name": "Name of the town or city."}, lists=("response|name",
                                                                                  "response|timezone"))
    sun = _api("Sunrise by city", "astro", ["city"], description="Sunrise and sunset for a city")
    assert _problem(search, sun, "city", "request|city").startswith("the source echoes the request")
    # a value the source resolved (not one of its inputs) may sit under "request" too
    resolved = _api("Sun times by town", "astro", ["city", "day"], ["request|zone", "request|city"])
    shift = _api("Time in zone", "clock", ["zone"])
    assert _problem(resolved, shift, "zone", "request|zone") == ""


def test_an_output_repeating_a_source_input_is_the_users_own_value():
    # a star-sign reading answers with the sign it was given; the user would just say that sign
    reading = _api("Sign reading", "stars", ["sign", "country"], ["sign", "phase", "mood"],
                   category="Entertainment")
    match = _api("Sign matches", "stars", ["sign"], category="Entertainment")
    assert _problem(reading, match, "sign", "sign").startswith("the source echoes the sign the user gave")


def test_a_target_whose_documented_answer_is_an_error_is_no_chain_target():
    broken = {"code": 400, "status": "BAD REQUEST", "data": "Invalid Coordinates."}
    assert documented_error(_api("t", "x", example=broken)) == "Invalid Coordinates."
    assert documented_error(_api("t", "x", example={"code": 404})) == "status 404"
    # an account note (quota, key) says nothing about the input; an answer is no error
    assert documented_error(_api("t", "x", example={"message": "Invalid API key for your plan"})) == ""
    assert documented_error(_api("t", "x", example={"code": 200, "data": {"time": "12:00"}})) == ""
    shows = _api("List shows", "tv", ["genre"], ["shows|show_id", "shows|title"], lists=("shows|show_id",
                                                                                           "shows|title"))
    episodes = _api("Show episodes", "tv", ["show_id"], example={"error": "show not found"})
    fine = _api("Show cast", "tv", ["show_id"], example={"cast": [{"name": "A"}]})
    assert _problem(shows, episodes, "show_id", "shows|show_id").startswith("the target's documented answer is an error")
    assert _problem(shows, fine, "show_id", "shows|show_id") == ""
