"""Rules on the state of one system's records (tooldial.graph.record_state, issue 27)."""

from __future__ import annotations


def _entity(api: str, role: str, key: str, tool: str = "Shop|shop"):
    from tooldial.graph.entities import Entity

    words = " ".join(key.replace("|", " ").replace("[]", " ").replace(".", " ").replace("_", " ").split())
    leaf = key.rsplit("|", 1)[-1]
    return Entity(f"{tool}|{api}", role, key, words, words, raw=leaf)


def test_a_stored_value_of_the_field_a_call_sets_is_not_its_new_value():
    from tooldial.graph.record_state import stored_value_replaced

    target = _entity("modify_user_address", "input", "city")
    assert stored_value_replaced(_entity("get_order_details", "output", "address|city"), target)
    assert stored_value_replaced(_entity("get_user_details", "output", "address|city"),
                                 _entity("modify_pending_order_address", "input", "city"))
    # the record's key into the same call is what it acts on
    assert not stored_value_replaced(_entity("get_user_details", "output", "user_id"),
                                     _entity("modify_user_address", "input", "user_id"))
    # a value not under the field the call names (a city of a search) stays
    assert not stored_value_replaced(_entity("search_hotels", "output", "hotels|city"), target)
    # a list the call rewrites keeps the record's current entries
    assert not stored_value_replaced(_entity("get_reservation_details", "output", "flights|flight_number"),
                                     _entity("update_reservation_flights", "input", "flights[].flight_number"))
    # a lookup is no setter
    assert not stored_value_replaced(_entity("get_order_details", "output", "address|city"),
                                     _entity("search_stores_address", "input", "city"))
    # other systems are not judged here
    assert not stored_value_replaced(_entity("get_order_details", "output", "address|city", tool="A|a"),
                                     _entity("modify_user_address", "input", "city", tool="B|b"))


def test_a_stored_field_into_an_update_of_its_record_type_is_the_current_value():
    from tooldial.graph.record_state import copies_into_update

    target = _entity("updatePet", "input", "name")
    assert copies_into_update(_entity("findPetsByStatus", "output", "name"), target)
    assert not copies_into_update(_entity("findPetsByStatus", "output", "id"), _entity("updatePet", "input", "id"))
    assert not copies_into_update(_entity("getUserByName", "output", "name"), target)  # another record type
    assert not copies_into_update(_entity("findPetsByStatus", "output", "name"), _entity("getPetByName", "input",
                                                                                          "name"))
    # an entry of a list the update rewrites (the reservation's passengers) stays
    assert not copies_into_update(_entity("get_reservation_details", "output", "passengers|first_name"),
                                  _entity("update_reservation_passengers", "input", "passengers[].first_name"))


def test_parts_of_an_ended_record_are_no_input_of_a_change_of_such_parts():
    from tooldial.graph.record_state import parts_of_ended_record

    items = _entity("cancel_pending_order", "output", "items|item_id")
    assert parts_of_ended_record(items, _entity("return_delivered_order_items", "input", "item_ids"))
    assert parts_of_ended_record(_entity("cancel_pending_order", "output", "fulfillments|item_ids"),
                                 _entity("modify_pending_order_items", "input", "item_ids"))
    assert parts_of_ended_record(_entity("cancel_reservation", "output", "passengers|first_name"),
                                 _entity("update_reservation_passengers", "input", "passengers[].first_name"))
    # values that outlive the record stay: its owner, the payment method used
    assert not parts_of_ended_record(_entity("cancel_pending_order", "output", "user_id"),
                                     _entity("modify_user_address", "input", "user_id"))
    assert not parts_of_ended_record(_entity("cancel_pending_order", "output", "payment_history|payment_method_id"),
                                     _entity("modify_pending_order_payment", "input", "payment_method_id"))
    # the items of a record that was not ended stay
    assert not parts_of_ended_record(_entity("get_order_details", "output", "items|item_id"),
                                     _entity("return_delivered_order_items", "input", "item_ids"))
    # a lookup of the parts stays (a cancelled flight rebooked is a new booking, not a change)
    assert not parts_of_ended_record(_entity("cancel_reservation", "output", "flights|flight_number"),
                                     _entity("book_reservation", "input", "flights[].flight_number"))


def test_another_records_value_goes_into_new_x_not_into_the_records_current_x():
    from tooldial.graph.record_state import other_record_as_current

    inputs = ["order_id", "item_ids", "new_item_ids", "payment_method_id"]
    variant = _entity("get_product_details", "output", "variants|item_id")
    assert other_record_as_current(variant, _entity("modify_pending_order_items", "input", "item_ids"), inputs)
    assert not other_record_as_current(_entity("get_order_details", "output", "items|item_id"),
                                       _entity("modify_pending_order_items", "input", "item_ids"), inputs)
    # a call with no new_x: nothing to choose between
    assert not other_record_as_current(variant, _entity("return_delivered_order_items", "input", "item_ids"),
                                       ["order_id", "item_ids"])


def test_one_systems_standard_codes_chain_across_its_functions_but_not_across_providers():
    from tooldial.graph.system_codes import one_system_corpus, same_system_code

    def code(api, role, key, name, desc, provider):
        from tooldial.graph.entities import Entity

        return Entity(f"T|{api}|{api}", role, key, name, desc, provider=provider, raw=key, documented=desc)

    # names as the entity producer writes them (from the descriptions)
    airports = code("list_airports", "output", "code", "iata airport code", "IATA code of the airport.", "desk")
    origin = code("search_flights", "input", "from_airport", "departure airport",
                  "Departure airport in three letters, such as 'LHR'.", "desk")
    assert same_system_code(airports, origin)
    other = code("search_flights", "input", "from_airport", "departure airport", "Departure airport.", "other")
    assert not same_system_code(airports, other)
    assert one_system_corpus([airports], [origin]) and not one_system_corpus([airports], [origin, other])


def test_the_designed_chains_of_a_travel_desk_function_list_are_found_at_defaults(embedder, tmp_path):
    """tests/data/graph/issue27/travel_desk_tools.json (OpenAI tools with output schemas): an airport list's IATA
    code into a flight search's "departure airport in three letters", flight → booking → lookup; a customer's
    stored address is no input of the call that sets a new one."""
    from pathlib import Path

    from tooldial.corpus import load_corpus
    from tooldial.graph import GraphConfig, build_graph

    spec = Path(__file__).parent / "data" / "graph" / "issue27" / "travel_desk_tools.json"
    graph = build_graph(load_corpus(str(spec)), GraphConfig(cache_dir=tmp_path, progress=False), embedder=embedder)
    edges = {(u.rsplit("|", 1)[-1], d["source_output"], v.rsplit("|", 1)[-1], d["target_input"])
             for u, v, d in graph.edges(data=True)}
    designed = {("list_airports", "airports|code", "search_flights", "from_airport"),
                ("list_airports", "airports|code", "search_flights", "to_airport"),
                ("search_flights", "flights|flight_id", "book_flight", "flight_id"),
                ("book_flight", "booking_id", "get_booking", "booking_id")}
    assert designed <= edges, designed - edges
    stored = {e for e in edges if e[0] == "get_customer" and e[2] == "update_customer_address"
              and e[1].startswith("address|")}
    assert stored == set()


def test_the_parts_of_a_composite_key_come_from_one_record():
    from tooldial.graph.record_state import key_part_of_another_record

    pr = [_entity("getPullRequestsByRepository", "output", k)
          for k in ("id", "author|username", "repository|slug", "repository|owner|username")]
    inputs = {k: _entity("getRepository", "input", k) for k in ("username", "slug")}
    author = pr[1]
    assert key_part_of_another_record(author, inputs["username"], pr, inputs)
    # the repository's own owner, and the author alone into a call keyed by the username only, stay
    assert not key_part_of_another_record(pr[3], inputs["username"], pr, inputs)
    assert not key_part_of_another_record(author, _entity("getUserByName", "input", "username"), pr,
                                          {"username": _entity("getUserByName", "input", "username")})
    # an order's payment method beside its items: the items record has no payment method of its own
    order = [_entity("get_order_details", "output", k)
             for k in ("order_id", "items|item_id", "payment_history|payment_method_id")]
    ret = {k: _entity("return_delivered_order_items", "input", k) for k in ("order_id", "item_ids",
                                                                             "payment_method_id")}
    assert not key_part_of_another_record(order[2], ret["payment_method_id"], order, ret)


def test_a_map_keyed_by_its_entries_id_chains_from_the_key_and_the_id_alike():
    from tooldial.graph.reasons import EdgeReason
    from tooldial.graph.select import Candidate
    from tooldial.graph.system_edges import map_key_aliases
    from tooldial.graph.verdict import Verdict

    key = _entity("get_user_details", "output", "payment_methods|{key}")
    entry_id = _entity("get_user_details", "output", "payment_methods|id")
    pay = _entity("update_reservation_baggages", "input", "payment_id")
    kept = Candidate(key, pay, 0.8, 0.8, 1.0, verdict=Verdict(True, "identifier; same provider", 0.9, "identifier",
                                                                code=EdgeReason.SAME_TOOL_ID))
    added = map_key_aliases([kept], [key, entry_id], [pay])
    assert [(c.output.key, c.input.key) for c in added] == [("payment_methods|id", "payment_id")]
    assert "same value" in added[0].verdict.reason
    assert map_key_aliases([kept, *added], [key, entry_id], [pay]) == []  # nothing twice
    # not in a corpus of several systems
    other = _entity("get_user_details", "output", "payment_methods|id", tool="Other|tool")
    assert map_key_aliases([kept], [key, other], [pay]) == []


def test_in_one_system_a_lookup_that_hands_back_an_input_the_caller_sent_is_a_round_trip():
    from tooldial.graph.select import round_trip

    sent = [_entity("modify_user_address", "input", k) for k in ("user_id", "address1", "city")]
    outs = [_entity("modify_user_address", "output", k) for k in ("email", "address|city", "orders")]
    target_outs = [_entity("find_user_id_by_email", "output", "user_id")]
    email = outs[0]
    lookup = _entity("find_user_id_by_email", "input", "email")
    assert not round_trip(email, lookup, sent, outs, target_outs)  # not every input comes back
    assert round_trip(email, lookup, sent, outs, target_outs, sent_back=True)
    # a lookup that returns more than the caller sent stays (a new booking's lookup returns the booking)
    more = [*target_outs, _entity("find_user_id_by_email", "output", "email")]
    assert not round_trip(email, lookup, sent, outs, more, sent_back=True)


def test_a_record_fetched_again_by_its_other_key_is_a_round_trip_even_with_lists_inside():
    from dataclasses import replace

    from tooldial.graph.select import round_trip

    def record(api):  # one company schema, its funding rounds a list inside it
        return [_entity(api, "output", k) for k in ("company_id", "name", "website")] + [
            replace(_entity(api, "output", "funding|amount"), is_list=True)]

    by_id, by_url = record("get_company_by_id"), record("get_company_by_url")
    sent = [_entity("get_company_by_id", "input", "companyId")]
    website = by_id[2]
    lookup = _entity("get_company_by_url", "input", "website")
    assert not round_trip(website, lookup, sent, by_id, by_url)  # lists inside: not read without whole_records
    assert round_trip(website, lookup, sent, by_id, by_url, whole_records=True)
    # the target's list is not a part of the source's record (a company's competitors): another answer
    rivals = [*by_url[:3], replace(_entity("get_company_by_url", "output", "competitor|company_id"), is_list=True)]
    assert not round_trip(website, lookup, sent, by_id, rivals, whole_records=True)
    # a list of records with the same fields is no whole record (an author's books after a book)
    listed = [replace(o, is_list=True) for o in record("list_companies")[:3]]
    assert not round_trip(website, lookup, sent, by_id[:3], listed, whole_records=True)


def test_an_abbreviated_id_names_the_record_of_its_api():
    from tooldial.graph.record_names import abbreviated_record

    assert abbreviated_record("pid", "L|x|getPullRequestsById") == ["pull", "request"]
    assert abbreviated_record("pid", "L|x|mergePullRequest") == ["pull", "request"]
    assert abbreviated_record("uid", "L|x|getUserProfile") == ["user", "profile"]
    assert abbreviated_record("pid", "L|x|getUserProfile") is None  # not the record's initial
    assert abbreviated_record("id", "L|x|getUser") is None and abbreviated_record("petId", "L|x|getPet") is None


def test_an_input_with_documented_choices_takes_only_values_among_them():
    from tooldial.corpus.models import OutputComponent
    from tooldial.graph.select import _shown_values, outside_choices

    service = frozenset({"all", "scheduled", "nonscheduled"})
    assert outside_choices(frozenset(), service, same_standard=False)  # the caller picks; the source shows nothing
    assert outside_choices(frozenset({"large_airport"}), service, same_standard=False)  # shown, not a choice
    assert outside_choices(frozenset({"scheduled"}), service, same_standard=False) is None
    provinces = frozenset({"ab", "bc", "mb"})
    assert outside_choices(frozenset(), provinces, same_standard=True) is None  # a code of the same standard
    assert outside_choices(frozenset(), service, same_standard=True)  # words of a setting are no standard's codes
    assert outside_choices(frozenset({"2"}), provinces, same_standard=True)  # a documented value outside them
    assert outside_choices(frozenset(), frozenset(), same_standard=False) is None  # no documented choices
    listed = OutputComponent(path=("provinces", "id"), type="string", example="MB", enum=("AB", "MB"))
    assert _shown_values(listed) == frozenset({"ab", "mb"})
    assert _shown_values(OutputComponent(path=("id",), type="integer", example=2)) == frozenset({"2"})


def test_a_status_call_is_no_round_trip():
    from tooldial.graph.select import round_trip

    made = [_entity("create_payment", "output", k) for k in ("paymentId", "status")]
    sent = [_entity("create_payment", "input", "amount")]
    status = _entity("payment_status", "input", "paymentId")
    answer = [_entity("payment_status", "output", k) for k in ("paymentId", "status", "amount")]
    assert round_trip(made[0], status, sent, made, answer, sent_back=True)  # the same fields again
    assert not round_trip(made[0], status, sent, made, answer, sent_back=True, reports_state=True)


PAYMENTS = """
openapi: 3.0.0
info: {title: Payments, version: "1"}
paths:
  /payments/sepa:
    post:
      operationId: initiateSepa
      summary: Initiate a SEPA payment
      requestBody:
        required: true
        content: {application/json: {schema: {type: object, required: [amount], properties: {amount: {type: number}}}}}
      responses:
        "201": {description: ok, content: {application/json: {schema: {type: object, properties: {
            paymentId: {type: string}, amount: {type: number}, status: {type: string}}}}}}
  /payments/sepa/payment-status:
    post:
      operationId: sepaStatus
      summary: SEPA payment status
      requestBody:
        required: true
        content: {application/json: {schema: {type: object, required: [paymentId], properties: {paymentId: {type: string}}}}}
      responses:
        "200": {description: ok, content: {application/json: {schema: {type: object, properties: {
            paymentId: {type: string}, amount: {type: number}, status: {type: string}}}}}}
  /payments/domestic:
    post:
      operationId: initiateDomestic
      summary: Initiate a domestic payment
      requestBody:
        required: true
        content: {application/json: {schema: {type: object, required: [amount], properties: {amount: {type: number}}}}}
      responses:
        "201": {description: ok, content: {application/json: {schema: {type: object, properties: {
            paymentId: {type: string}, amount: {type: number}, status: {type: string}}}}}}
"""


def test_a_payment_made_is_checked_by_the_status_call_under_its_own_path(tmp_path, embedder):
    from tooldial.corpus import load_corpus
    from tooldial.graph import build_graph
    from tooldial.graph.config import GraphConfig

    spec = tmp_path / "payments.yaml"
    spec.write_text(PAYMENTS, encoding="utf-8")
    graph = build_graph(load_corpus(str(spec)), GraphConfig(progress=False), embedder=embedder)
    edges = {(u.rsplit("|", 1)[-1], v.rsplit("|", 1)[-1], d["target_input"]) for u, v, d in graph.edges(data=True)}
    assert ("initiateSepa", "sepaStatus", "paymentId") in edges
    # a domestic payment's id is no record the SEPA status call reports: a round trip there
    assert ("initiateDomestic", "sepaStatus", "paymentId") not in edges
    assert graph.graph["rejected"].get("round_trip", 0) >= 1


def test_another_records_name_is_not_the_name_of_a_record_a_call_makes():
    from tooldial.graph.record_copy import name_of_another_record

    user_name = _entity("getUsers", "output", "Resources|displayName", tool="Dir|dir")
    group_name = _entity("createGroup", "input", "displayName", tool="Dir|dir")
    assert name_of_another_record(user_name, group_name, True)
    assert name_of_another_record(user_name, group_name, False) is None  # a lookup by name: not a new name
    own = _entity("getGroups", "output", "Resources|displayName", tool="Dir|dir")
    assert name_of_another_record(own, group_name, True) is None  # the same record type: the copy rules' case
    email = _entity("getContacts", "output", "page|email", tool="Dir|dir")
    subscribe = _entity("createSubscription", "input", "email", tool="Dir|dir")
    assert name_of_another_record(email, subscribe, True) is None  # a contact's e-mail is passed on
    other_system = _entity("createGroup", "input", "displayName", tool="Other|other")
    assert name_of_another_record(user_name, other_system, True) is None
