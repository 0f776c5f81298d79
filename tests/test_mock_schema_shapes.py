"""Results of APIs documented by a response schema only (no example): the schema's arrays say where the records
are, a list inside each record is filled in each record, and an envelope that documents only counts says nothing."""

from __future__ import annotations

import random
import re

from tooldial.corpus.models import Api, OutputComponent
from tooldial.corpus.schema import components_from_schema
from tooldial.dialogue.mockdata import build_result, list_container, records_at

#: A payments search laid out like a real REST API's: paging links, counts, records with nested objects,
#: a list inside each record, and a map keyed by data.
SEARCH_SCHEMA = {
    "type": "object",
    "properties": {
        "total": {"type": "integer"},
        "page": {"type": "integer"},
        "results": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "payment_id": {"type": "string"},
                    "description": {"type": "string"},
                    "card_details": {
                        "type": "object",
                        "properties": {
                            "cardholder_name": {"type": "string"},
                            "billing_address": {"type": "object", "properties": {
                                "city": {"type": "string"}, "postcode": {"type": "string"}}},
                        },
                    },
                    "refunds": {"type": "array", "items": {"type": "object", "properties": {
                        "refund_id": {"type": "string"}, "amount": {"type": "integer"}}}},
                    "receipt_emails": {"type": "array", "items": {"type": "string"}},
                },
            },
        },
    },
}


def _api(schema: dict, name: str = "Search payments") -> Api:
    return Api(category="Payments", tool="Pay", name=name, description="Search your payments",
               output_components=tuple(components_from_schema(schema)))


def test_a_schema_leaf_knows_the_array_it_lies_in():
    comps = {c.key: c for c in components_from_schema(SEARCH_SCHEMA)}
    assert comps["total"].list_at is None and not comps["total"].is_list
    # a record's nested objects lie in the record's array, not in lists of their own
    assert comps["results|card_details|billing_address|city"].list_at == ("results",)
    assert comps["results|payment_id"].list_at == ("results",)
    assert comps["results|refunds|refund_id"].list_at == ("results", "refunds")
    assert comps["results|receipt_emails"].list_at == ("results", "receipt_emails")  # a list of scalars is its own container
    # a root array's records are the response's
    root = {c.key: c for c in components_from_schema({"type": "array", "items": SEARCH_SCHEMA["properties"][
        "results"]["items"]})}
    assert root["payment_id"].list_at == ()


def test_a_map_keyed_by_data_is_its_own_collection():
    schema = {"type": "object", "properties": {"app": {"type": "object", "properties": {
        "title": {"type": "string"},
        "histogram": {"type": "object", "properties": {"1": {"type": "number"}, "2": {"type": "number"}}}}}}}
    comps = {c.key: c for c in components_from_schema(schema)}
    assert comps["app|histogram"].is_list and comps["app|histogram"].list_at == ("app", "histogram")
    # the app stays one record: its histogram is no list of apps
    body = build_result(_api(schema, "Get app"), random.Random(0))["response"]
    assert isinstance(body["app"], dict) and isinstance(body["app"]["title"], str)


def test_a_map_keyed_as_documented_gets_keys_of_that_kind():
    schema = {"type": "object", "properties": {
        "rates": {"type": "object", "description": "Rates keyed by ISO 4217 currency code",
                  "additionalProperties": {"type": "number"}},
        "stock": {"type": "object", "propertyNames": {"description": "warehouse code", "example": "WH-01"},
                  "additionalProperties": {"type": "object", "properties": {"quantity": {"type": "integer"}}}}}}
    for seed in range(4):
        body = build_result(_api(schema, "Get rates and stock"), random.Random(seed))["response"]
        assert len(body["rates"]) == 2 and all(re.fullmatch(r"[A-Z]{3}", k) for k in body["rates"]), body
        assert len(body["stock"]) == 2 and all(re.fullmatch(r"WH-\d+", k) for k in body["stock"]), body
        assert all(set(v) == {"quantity"} for v in body["stock"].values())


def test_records_are_built_where_the_schema_puts_them():
    api = _api(SEARCH_SCHEMA)
    comps = {c.key: c for c in api.output_components}
    assert list_container(api, comps["results|card_details|billing_address|city"]) == ("results",)
    for seed in range(5):
        body = build_result(api, random.Random(seed), records=3)["response"]
        records = records_at({"response": body}, ("results",))
        assert len(records) == 3, body
        for record in records:
            assert isinstance(record["card_details"], dict)
            assert isinstance(record["card_details"]["billing_address"]["city"], str)
            assert [set(r) for r in record["refunds"]] == [{"refund_id", "amount"}] * 2
            assert len(record["receipt_emails"]) == 2 and all("@" in e for e in record["receipt_emails"])
        assert "total" in body and "page" in body  # the record's counts stay beside its list


def test_an_envelope_of_counts_alone_documents_nothing():
    # the RapidAPI sports envelope with its records undocumented: a count beside nothing is no result
    schema = {"type": "object", "properties": {"get": {"type": "string"}, "results": {"type": "integer"},
                                               "response": {"type": "array", "items": {}}}}
    body = build_result(_api(schema, "List leagues"), random.Random(0))["response"]
    assert body == {"status": "success"}
    # the same envelope with its records documented keeps its count
    schema["properties"]["response"] = {"type": "array", "items": {"type": "object", "properties": {
        "country": {"type": "string"}}}}
    body = build_result(_api(schema, "List leagues"), random.Random(0))["response"]
    assert [set(r) for r in body["response"]] == [{"country"}] * 2 and "results" in body


def test_fields_below_a_response_envelope_document_the_api():
    from tooldial.dialogue.mockdata import documented_output

    def api(*paths: str) -> Api:
        return Api(category="Music", tool="lyrics", name="Get track", description="",
                   output_components=tuple(OutputComponent(path=tuple(p.split("|"))) for p in paths))

    # Musixmatch wraps every result in message|body: its fields are documentation
    assert documented_output(api("message|header|status_code", "message|body|track|track_name"))
    # the generic envelope alone, or with the request repeated under it, documents nothing
    assert not documented_output(api("get", "errors", "results", "response"))
    assert not documented_output(api("get", "parameters|season", "parameters|league", "results"))
    assert documented_output(api("get", "results", "response|league|name"))


def test_an_input_echoes_into_the_results_own_field_not_a_nested_namesake():
    # Flinkster's getProvider(uid) returns a record with its own uid and a nested provider object: the uid asked
    # for is the record's, once (twice would be one id of two kinds of object)
    schema = {"type": "object", "properties": {
        "uid": {"type": "string"}, "type": {"type": "string"},
        "provider": {"type": "object", "properties": {"uid": {"type": "string"}, "href": {"type": "string"}}}}}
    api = _api(schema, "getProvider")
    for seed in range(4):
        body = build_result(api, random.Random(seed), inputs={"uid": "79642576"})["response"]
        assert body["uid"] == "79642576"
        assert body.get("provider", {}).get("uid") != "79642576"
    # with no top-level namesake, a nested field still repeats what it was asked by
    nested = _api({"type": "object", "properties": {"provider": {"type": "object", "properties": {
        "uid": {"type": "string"}, "href": {"type": "string"}}}}}, "getProvider")
    body = build_result(nested, random.Random(0), inputs={"uid": "79642576"})["response"]
    assert body["provider"]["uid"] == "79642576"


def test_an_hourly_historys_schema_dated_times_run_in_order():
    """"time": a clock time drawn for a leaf the schema documents as a date-time became a date of any year (an hourly
    weather history of sample 5717: "2025-01-29T14:30", "2023-10-08T16:15", "2025-02-17T12:00"), after the series
    was ordered: the validator's `series out of order` redrew 54 of 300 dialogues. The series is ordered again once
    the schema made its moments."""
    from tooldial.dialogue.mockdata.dates import parse_date
    from tooldial.rules.dialogue.dates import date_problems

    schema = {"type": "object", "properties": {"weather": {"type": "array", "items": {"type": "object", "properties": {
        "time": {"type": "string", "format": "date-time"}, "air_temp_mean": {"type": "number"}}}}}}
    api = Api(category="Weather", tool="History", name="hourlyWeatherZip", description="Hourly weather history",
              output_components=tuple(components_from_schema(schema)))
    for seed in range(5):
        result = build_result(api, random.Random(seed), records=3)
        times = [row["time"] for row in result["response"]["weather"]]
        assert len(times) == 3 and times == sorted(times), times
        assert all(parse_date(t) for t in times) and not date_problems({}, result, api.id)
