"""Held-out review 8: a documented example response that is an error (a geocoder's "Missing UserKey" record
with Latitude 0, Longitude 0; an HTTP 500 problem record) is no evidence of a success's values. The mock does
not copy its values, its error fields are not outputs, and the validator flags (0, 0) coordinates and inputs
procured from an error result. Fixtures are written here, shaped like those records."""

from __future__ import annotations

import random

from tooldial.corpus.error_example import documented_error
from tooldial.corpus.models import Api, OutputComponent, Parameter
from tooldial.corpus.toolbench import parse_tool
from tooldial.dialogue import error_results
from tooldial.dialogue.chains import chain_problem
from tooldial.dialogue.mockdata import build_result

GEOCODER_ERROR = {"ErrorCode": 1, "ErrorMessage": "Missing UserKey. Include a valid UserKey in your calls.",
                  "AddressLine1": None, "City": None, "Zip": None, "Latitude": 0, "Longitude": 0,
                  "GeoPrecision": 0, "TimeZoneOffset": None}
PROBLEM_500 = {"type": "https://tools.ietf.org/html/rfc7231#section-6.6.1", "title": "An error occurred.",
               "status": 500, "detail": "Internal server error. Try again later.", "traceId": "00-ab12-00"}


def _geocoder():
    tool = parse_tool({"tool_name": "Postal Geocoder", "category_name": "Location", "api_list": [{
        "name": "/address", "description": "Correct and geocode a postal address", "method": "GET",
        "required_parameters": [{"name": "AddressLine1", "type": "STRING", "description": "street",
                                 "default": "12 Main St"}],
        "optional_parameters": [], "schema": "", "example_response": GEOCODER_ERROR}]},
        file="fixture.json", report=lambda e: None)
    return tool.apis[0]


#: Error records of several shapes, each as a documenter got it back without a key or with a bad input.
GATEWAY_401 = {"status": 401, "message": "Oops, an error occurred. Please contact support@example.com",
               "correlationId": "cd09-29e0", "timestamp": "2023-06-16T16:39:05.301Z", "path": "/?teamId=",
               "data": "No requestor id"}
NESTED_404 = {"code": "rest_no_route", "message": "No route was found matching the URL and request method.",
              "data": {"status": 404}}
CASE_RECORD = {"message": "Invalid ID passed `{aliasId}`. You must use the full entity ID.", "caseNumber": "CASE-1",
               "errorClass": "IllegalArgumentException", "errorCode": "E_001_UNEXPECTED_ERROR",
               "comment": "If your error persists please submit a ticket."}
VALIDATION_422 = {"message": "Validation failed: ", "status": 422,
                  "data": {"keyword": ["The keyword field is required."]}}
ERRORS = [GEOCODER_ERROR, PROBLEM_500, GATEWAY_401, NESTED_404, CASE_RECORD, VALIDATION_422,
          {"status_code": 500, "status_txt": "MISSING_ARG_ACCESS_TOKEN", "data": []},
          {"code": 403, "codestring": "Bad user id"}, "Invalid API key",
          # a key refused: "denied", "incorrect" credentials (errors.error_text, errors.failed_words)
          {"rows": [], "status": "REQUEST_DENIED", "error_message": "Incorrect credentials. Check your API key"},
          {"Message": "Authorization has been denied for this request."},
          {"status": "Your request was not completed because of an incorrect login id or key."}]
#: Success records that look like errors: a status that is an answer, a message that is the payload, an error
#: field left empty, a validator's "invalid" verdict beside the address it judged, an HTTP 200 envelope.
SUCCESSES = [
    {"status": "active", "message": "Welcome back, Ana", "plan": "pro", "renews": "2025-01-01"},
    {"message": "Have a nice day"},
    {"message": "Failure is simply the opportunity to begin again", "author": "Henry Ford"},
    {"error": None, "Latitude": 40.2, "Longitude": -74.0, "City": "Asbury Park"},
    {**GEOCODER_ERROR, "ErrorCode": 0, "ErrorMessage": None, "Latitude": 40.2},
    {"status": "invalid", "email": "ana@example.com", "disposable": False, "domain": "example.com"},
    {"status": 200, "description": "ok", "data": {"user_id": "u1", "coin": "BTC"}},
    {"code": 200, "msg": "Successfully", "response": [{"name": "Swiss Franc", "short_name": "CHF"}]},
    {"status": "denied", "loan_id": "L-12", "amount": 2500},  # a decision is an answer
    {"question": "2 + 2", "answer": "5", "verdict": "incorrect", "score": 0},
]


def test_error_records_are_recognised_and_success_records_are_not():
    for example in ERRORS:
        assert documented_error(example), example
    for example in SUCCESSES:
        assert not documented_error(example), example


def test_error_example_fields_are_outputs_without_its_values():
    api = _geocoder()
    paths = {c.path[0]: c for c in api.output_components}
    assert {"Latitude", "Longitude", "City"} <= set(paths)
    assert "ErrorCode" not in paths and "ErrorMessage" not in paths
    assert all(c.example is None for c in api.output_components)


def test_mock_of_an_error_example_is_no_error_and_not_null_island():
    api = _geocoder()
    for seed in range(5):
        body = build_result(api, random.Random(seed))["response"]
        assert not documented_error(body)
        assert "ErrorMessage" not in body and "ErrorCode" not in body
        assert (float(body["Latitude"]), float(body["Longitude"])) != (0.0, 0.0)


def _call(args, result):
    return ("System", {"action": "call", "api_request": {"required_parameters": args},
                       "api_response": {"result": result}})


def _rules(problems):
    return {p.check for p in problems}


def test_null_island_is_flagged_as_inputs_and_as_results_but_a_real_place_is_not():
    turns = [("User", {"message": "Weather at my place", "action": "inform"}),
             _call({"lat": 0, "lon": 0}, {"response": {"temp": 21}})]
    assert _rules(error_results.dialogue_problems(turns)) == {"null island"}
    assert _rules(error_results.result_problems({"response": {"City": "X", "Latitude": 0, "Longitude": 0.0}})) \
        == {"null island"}
    fine = [_call({"lat": 40.22, "lon": -74.01}, {"response": {"temp": 21, "lat": 0.0, "lon": 12.5}})]
    assert error_results.dialogue_problems(fine) == []


def test_error_records_and_error_fields_served_as_results_are_flagged():
    assert _rules(error_results.result_problems({"response": PROBLEM_500})) == {"error served"}
    partial = {"response": {"users": [{"id": "u1"}], "meta": {"status": 503, "errorMessage": "Service unavailable"}}}
    assert _rules(error_results.result_problems(partial)) == {"error field"}
    for body in SUCCESSES:
        assert error_results.result_problems({"response": body}) == [], body


def test_an_input_procured_from_an_error_result_is_flagged():
    turns = [("User", {"message": "Positions of trader u1", "action": "inform"}),
             _call({"user_id": "u1"}, {"response": PROBLEM_500}),
             _call({"trace": "00-ab12-00"}, {"response": {"ok": 1}})]
    assert "error procured" in _rules(error_results.dialogue_problems(turns))


def _chain_api(name, tool, params=(), outputs=(), *, example=None, default=None):
    return Api(category="Data", tool=tool, name=name, description=name,
               required_parameters=tuple(Parameter(name=n, default=default) for n in params),
               output_components=tuple(OutputComponent(path=tuple(p.split("|")), example=e) for p, e in outputs),
               example_response=example)


def test_a_chain_never_procures_an_error_field_of_a_source_whose_response_is_an_error():
    # a catalogue may still list an error example's fields as outputs; its other fields are the success shape
    source = _chain_api("Trader", "bybit", ["name"], [("traceId", None), ("data|user_id", None)], example=PROBLEM_500)
    trace = _chain_api("Request Log", "bybit", ["trace_id"])
    assert "error fields" in chain_problem(source, trace, "trace_id", source.output("traceId"))
    positions = _chain_api("Positions", "bybit", ["user_id"])
    assert "error fields" not in chain_problem(source, positions, "user_id", source.output("data|user_id"))


def test_a_currency_sign_or_name_never_fills_an_input_documented_with_codes():
    target = _chain_api("Economy Calendar", "forex", ["symbol"], default="USD,JPY")
    for shown in ("€", "Fr., CHf, SFr.", "Swiss Franc"):
        source = _chain_api("Currency Profile", "forex", ["id"], [("response|symbol", shown)])
        assert "(codes)" in chain_problem(source, target, "symbol", source.output("response|symbol")), shown
    for shown in ("CHF", "eur"):
        source = _chain_api("Currency Profile", "forex", ["id"], [("response|short_name", shown)])
        assert "(codes)" not in chain_problem(source, target, "symbol", source.output("response|short_name"))


def test_the_owner_of_what_the_user_creates_is_never_read_off_another_record():
    app = _chain_api("Get App", "hub", ["appId"], [("ownerId", None), ("name", None)])
    create = Api(category="Data", tool="hub", name="Create API", description="Create an API from a metadata file.",
                 method="POST", required_parameters=(Parameter(name="file"), Parameter(name="ownerId")))
    assert "owner of what they change" in chain_problem(app, create, "ownerId", app.output("ownerId"))


def test_a_list_of_the_callers_own_records_holds_no_one_elses_user_id():
    target = _chain_api("Get Single User", "hub", ["userId"])
    mine = Api(category="Data", tool="hub", name="Get All User Subscriptions",
               description="Get a list of all your subscriptions",
               output_components=(OutputComponent(path=("userId",), is_list=True),
                                  OutputComponent(path=("apiId",), is_list=True)))
    assert "their own user id" in chain_problem(mine, target, "userId", mine.output("userId"))
    followers = mine.model_copy(update={"name": "Get Followers", "description": "Get a list of your followers"})
    assert "their own" not in chain_problem(followers, target, "userId", followers.output("userId"))
