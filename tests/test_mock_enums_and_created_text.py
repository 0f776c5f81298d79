"""Fixes from held-out review 7 (issue 11, ``scripts/data/realism_review_heldout7.tsv`` and
``chain_review_heldout7.tsv``, now fit data): a result field whose response schema documents an ``enum`` takes one
of its values (not a drawn company name), and text the user writes for a record a target creates is never
procured from another API. Each test fails on the code before this change."""

from __future__ import annotations

import random

from tooldial.corpus.models import Api, OutputComponent, Parameter
from tooldial.corpus.schema import components_from_schema
from tooldial.dialogue.chains import chain_problem
from tooldial.dialogue.mockdata import build_result, leaf_items

VENDORS = ["AUDI", "BMW", "TESLA", "VOLVO"]
SCHEMA = {"type": "array", "items": {"type": "object", "properties": {
    "id": {"type": "string", "description": "Vehicle ID"},
    "vendor": {"type": "string", "title": "Vehicle Vendor", "enum": VENDORS},
    "inverter": {"type": "object", "properties": {"vendor": {"allOf": [
        {"type": "string", "enum": ["FRONIUS", "SOLIS"]}, {"type": "string"}]}}},
    "linked": {"anyOf": [{"type": "string", "enum": ["ZAPTEC", "EASEE"]}, {"type": "string"}]}}}}


def test_a_documented_output_enum_reaches_the_component():
    comps = {c.path: c for c in components_from_schema(SCHEMA)}
    assert comps[("vendor",)].enum == tuple(VENDORS)
    assert comps[("inverter", "vendor")].enum == ("FRONIUS", "SOLIS")
    assert comps[("linked",)].enum == ("ZAPTEC", "EASEE")
    assert comps[("id",)].enum is None


def test_a_result_field_with_a_documented_enum_takes_one_of_its_values():
    api = Api(category="Data", tool="fleet", name="Get vehicles", description="Lists the user's vehicles.",
              method="GET", output_components=tuple(components_from_schema(SCHEMA)))
    seen = set()
    for seed in range(6):
        result = build_result(api, random.Random(seed), records=3)
        values = {path[-2:]: v for path, v in leaf_items(result) if path[-1] in ("vendor", "linked")}
        for path, value in leaf_items(result):
            if path[-1] == "vendor" and "inverter" in path:
                assert value in ("FRONIUS", "SOLIS"), value
            elif path[-1] == "vendor":
                assert value in VENDORS, value
                seen.add(value)
            elif path[-1] == "linked":
                assert value in ("ZAPTEC", "EASEE"), value
        assert values
    assert len(seen) > 1  # drawn from the set, not one fixed value


def _api(name, params=(), outputs=()):
    return Api(category="Education", tool="drills", name=name, description=name,
               required_parameters=tuple(Parameter(name=n) for n in params),
               output_components=tuple(OutputComponent(path=tuple(p.split("|")), is_list=True) for p in outputs))


def test_text_the_user_writes_for_a_new_record_is_never_procured():
    search = _api("Search in Drill Store", ["query"], ["drills|id", "drills|name", "drills|description"])
    create = _api("Create new group", ["name", "description"])
    send = _api("Send message", ["recipient", "message"])
    problem = chain_problem(search, create, "description", search.output("drills|description"))
    assert problem.startswith("text the user writes"), problem
    problem = chain_problem(search, send, "message", search.output("drills|description"))
    assert problem.startswith("text the user writes"), problem
    # a lookup, not a creation, may take a described thing's id from a search
    details = _api("Get drill details", ["drill_id"])
    assert not chain_problem(search, details, "drill_id", search.output("drills|id")).startswith("text the user")


def test_a_tool_documents_its_closed_set_once_for_same_named_outputs():
    from tooldial.corpus.schema import share_output_enums

    def comp(path, description="", enum=None, example=None):
        return OutputComponent(path=(path,), description=description, enum=enum, example=example)

    listing = Api(category="Energy", tool="enode", name="getVehicles",
                  output_components=(comp("vendor", "Vehicle Vendor", ("TESLA", "BMW")),))
    chargers = Api(category="Energy", tool="enode", name="getChargers",
                   output_components=(comp("vendor", "Charger Vendor", ("ZAPTEC", "EASEE")),))
    status = Api(category="Energy", tool="enode", name="getVehiclesVehicleidSmartchargingstatus",
                 output_components=(comp("vendor", "Vendor of the Vehicle"), comp("state", "State")))
    shop = Api(category="Energy", tool="enode", name="getShop",
               output_components=(comp("vendor", "Shop owner", example="Acme Corp"),))
    apis = share_output_enums([listing, chargers, status, shop])
    assert apis[2].output_components[0].enum == ("TESLA", "BMW")  # the vehicle's set, not the charger's
    assert apis[2].output_components[1].enum is None
    assert apis[3].output_components[0].enum is None  # a documented example off every set keeps its own kind
