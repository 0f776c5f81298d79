"""Issue 27: one system is one system (provider decisions), documented links are edges, ``graph stats`` says how."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tooldial.corpus import load_corpus
from tooldial.graph.reasons import EdgeReason

FIXTURES = Path(__file__).parent / "data" / "graph" / "issue27"


def _function_tool(category: str, name: str, description: str, params: list[dict], example: dict) -> dict:
    """A tau-bench-style tool: one function, documented as its own ToolBench tool."""
    return {"category": category, "tool_name": name, "tool_description": description,
            "api_list": [{"name": name, "description": description, "method": "GET", "required_parameters": params,
                          "optional_parameters": [], "example_response": json.dumps(example)}]}


def _shop_tools(category_of_orders: str = "Shop") -> list[dict]:
    """A shop documented function by function: a customer lookup returns the customer's id and order ids, an order
    lookup and a cancellation take them."""
    cid = {"name": "customer_id", "type": "STRING", "description": "Id of the customer, such as 'cus_1042'",
           "default": "cus_1042"}
    oid = {"name": "order_id", "type": "STRING", "description": "Id of the order, such as '#W1187'",
           "default": "#W1187"}
    email = {"name": "email", "type": "STRING", "description": "Email of the customer", "default": "ann@example.com"}
    return [
        _function_tool("Shop", "find_customer_by_email", "Find a customer's id by their email.", [email],
                       {"customer_id": "cus_1042"}),
        _function_tool("Shop", "get_customer_details", "Get a customer's profile and their orders.", [cid],
                       {"customer_id": "cus_1042", "name": "Ann Lee", "order_ids": ["#W1187", "#W1203"]}),
        _function_tool(category_of_orders, "get_order_details", "Get the status and items of an order.", [oid],
                       {"order_id": "#W1187", "status": "pending", "customer_id": "cus_1042"}),
        _function_tool(category_of_orders, "cancel_pending_order", "Cancel a pending order.", [oid],
                       {"order_id": "#W1187", "status": "cancelled"}),
    ]


def test_a_json_list_of_one_categorys_tools_is_one_provider(tmp_path):
    path = tmp_path / "shop_tools.json"
    path.write_text(json.dumps(_shop_tools()), encoding="utf-8")
    tools = load_corpus(str(path)).tools
    assert {t.provider for t in tools} == {"file:shop_tools.json"}
    assert {t.provider_rule for t in tools} == {"one file"}


def test_a_list_of_several_categories_and_a_jsonl_corpus_keep_one_provider_per_tool(tmp_path):
    mixed = tmp_path / "mixed.json"
    mixed.write_text(json.dumps(_shop_tools("Orders")), encoding="utf-8")
    assert {(t.provider, t.provider_rule) for t in load_corpus(str(mixed)).tools} == {("", "own tool")}
    lines = tmp_path / "shop.jsonl"
    lines.write_text("".join(json.dumps(t) + "\n" for t in _shop_tools()), encoding="utf-8")
    assert {(t.provider, t.provider_rule) for t in load_corpus(str(lines)).tools} == {("", "own tool")}


def test_a_tool_that_names_its_provider_keeps_it_inside_a_one_system_list(tmp_path):
    tools = _shop_tools()
    tools[0]["provider"] = "accounts.example.com"
    path = tmp_path / "shop_tools.json"
    path.write_text(json.dumps(tools), encoding="utf-8")
    got = {t.name: (t.provider, t.provider_rule) for t in load_corpus(str(path)).tools}
    assert got["find_customer_by_email"] == ("accounts.example.com", "documented")
    assert got["get_order_details"] == ("file:shop_tools.json", "one file")


def test_openapi_links_are_read_with_refs_operation_refs_and_broken_ones_reported():
    corpus = load_corpus(str(FIXTURES / "links_tickets.yaml"))
    (tool,) = corpus.tools
    assert (tool.provider, tool.provider_rule) == ("helpdesk.example.org", "server host")
    got = {(x.source, x.source_output, x.target, x.target_input) for x in tool.links}
    assert got == {("getAgent", "login", "listAgentTickets", "login"),
                   ("listAgentTickets", "number", "listComments", "ticketNumber")}
    assert any("noSuchOperation" in s.reason for s in corpus.skipped)


ARAZZO = FIXTURES / "arazzo"
#: The chains the fixture's ``reserveStock`` workflow declares inside the warehouse's document.
WORKFLOW_CHAINS = {("reserveStock.stock", "searchProducts", "items|sku", "getStockLevel", "productCode"),
                   ("reserveStock.pick", "getStockLevel", "bin", "POST /picklists", "bin"),
                   ("reserveStock.pick", "getStockLevel", "units", "POST /picklists", "units")}


@pytest.mark.parametrize("spec", ["", "restock.arazzo.yaml"], ids=["directory", "workflow file"])
def test_arazzo_steps_that_pass_an_earlier_steps_body_output_are_documented_links(spec):
    """In a directory, or given as the corpus (its OpenAPI sources read from beside it): a step's parameter whose
    value is an earlier step's body output is a link (qualified operationId, operationPath, braces); workflow
    inputs, headers and the whole body are none; a typo'd operation, an output the source lacks and a chain into
    another document are reported with the file, workflow, step and field, and the rest loads."""
    corpus = load_corpus(str(ARAZZO / spec))
    tools = {t.name: t for t in corpus.tools}
    assert set(tools) == {"Warehouse", "Couriers"}
    got = {(x.name, x.source, x.source_output, x.target, x.target_input) for x in tools["Warehouse"].links}
    assert got == WORKFLOW_CHAINS and tools["Couriers"].links == ()
    reasons = {s.location.split(": ", 1)[1]: s.reason for s in corpus.skipped}
    assert reasons == {
        "workflow 'reserveStock' step 'courier': workflows[0].steps[3].parameters[0]":
            "'POST /picklists' and 'bookPickup' are in two documents: no chain inside one tool",
        "workflow 'reserveStock' step 'typo': workflows[0].steps[4]":
            "operationId 'getStockLevels' is in no loaded OpenAPI document",
        "workflow 'wrongOutput' step 'stock': workflows[1].steps[1].parameters[0]":
            "'$response.body#/items/0/colour' -> 'productCode' names no output of 'searchProducts' or no required "
            "parameter of 'getStockLevel'"}
    assert all(s.location.startswith(str(ARAZZO / "restock.arazzo.yaml")) for s in corpus.skipped)
    assert "operations" not in tools["Warehouse"].model_dump()  # never serialised: files and caches keep their bytes


def test_a_workflow_file_whose_source_is_not_beside_it_is_reported_and_nothing_is_fetched(tmp_path):
    flow = (ARAZZO / "restock.arazzo.yaml").read_text(encoding="utf-8")
    path = tmp_path / "flow.arazzo.yaml"
    path.write_text(flow.replace("./couriers.openapi.yaml", "https://couriers.example.com/openapi.yaml"),
                    encoding="utf-8")
    corpus = load_corpus(str(path))
    assert corpus.tools == [] and {s.reason for s in corpus.skipped} >= {
        "source description 'https://couriers.example.com/openapi.yaml' is no local file beside the workflow "
        "document (nothing is fetched)",
        "source description './warehouse.openapi.yaml' is no local file beside the workflow document (nothing is "
        "fetched)"}


def test_workflow_chains_are_edges_at_the_defaults(embedder, tmp_path):
    """``items|sku`` → ``productCode`` is no name match, and ``POST /picklists`` is an action: the workflow
    declares both, so both are documented edges."""
    from tooldial.graph import GraphConfig, build_graph, graph_stats

    graph = build_graph(load_corpus(str(ARAZZO)), GraphConfig(cache_dir=tmp_path, progress=False), embedder=embedder)
    edges = _edges(graph)
    for _, source, output, target, param in WORKFLOW_CHAINS:
        assert edges[(source, output, target, param)]["kind"] == "documented"
    assert graph_stats(graph).documented_links == 3


def _edges(graph) -> dict[tuple[str, str, str, str], dict]:
    return {(u.rsplit("|", 1)[-1], d["source_output"], v.rsplit("|", 1)[-1], d["target_path"]): d
            for u, v, d in graph.edges(data=True)}


def test_documented_links_are_edges_no_rule_removes(embedder, tmp_path):
    """``getAgent`` is called with the login it returns (the echo rule rejects that chain) and ``number`` is no
    name Eq. 1 matches to ``ticketNumber``: both are declared by the spec, so both are edges at the defaults."""
    from tooldial.graph import GraphConfig, build_graph, graph_stats
    from tooldial.graph.stats import format_stats

    corpus = load_corpus(str(FIXTURES / "links_tickets.yaml"))
    graph = build_graph(corpus, GraphConfig(cache_dir=tmp_path, progress=False), embedder=embedder)
    edges = _edges(graph)
    for key in (("getAgent", "login", "listAgentTickets", "login"),
                ("listAgentTickets", "number", "listComments", "ticketNumber")):
        assert edges[key]["kind"] == "documented", edges.get(key)
        assert edges[key]["reason"].startswith("documented link ")
    stats = graph_stats(graph)
    assert stats.documented_links == 2
    assert stats.providers["rules"] == {"server host": 1}
    assert "documented links 2 edges" in format_stats(stats)


def test_one_system_function_list_chains_ids_at_defaults_and_stats_hint_the_flag_otherwise(embedder, tmp_path):
    """The designed chains of the shop's function list are found at the defaults; split over two categories (two
    providers) they are rejected for the provider alone, and ``graph stats`` names the flag that keeps them."""
    from tooldial.graph import GraphConfig, build_graph, graph_stats
    from tooldial.graph.stats import format_stats

    designed = {("find_customer_by_email", "customer_id", "get_customer_details", "customer_id"),
                ("get_customer_details", "order_ids", "get_order_details", "order_id"),
                ("get_customer_details", "order_ids", "cancel_pending_order", "order_id"),
                ("get_order_details", "customer_id", "get_customer_details", "customer_id")}
    config = GraphConfig(cache_dir=tmp_path / "c", progress=False)
    one = tmp_path / "shop_tools.json"
    one.write_text(json.dumps(_shop_tools()), encoding="utf-8")
    graph = build_graph(load_corpus(str(one)), config, embedder=embedder)
    found = set(_edges(graph))
    assert designed <= found, designed - found
    assert graph_stats(graph).hint == ""

    mixed = tmp_path / "mixed.json"
    mixed.write_text(json.dumps(_shop_tools("Orders")), encoding="utf-8")
    graph = build_graph(load_corpus(str(mixed)), config, embedder=embedder)
    assert not designed & set(_edges(graph))
    stats = graph_stats(graph)
    assert stats.rejected.get(EdgeReason.ID_OF_OTHER_PROVIDER.value, 0) >= 1  # counted by typed code
    assert "--single-provider" in stats.hint and "--single-provider" in format_stats(stats)
    assert "id of other provider" in format_stats(stats)  # shown by its label
    assert {EdgeReason(code) for code in stats.rejected}  # every key is a code, never a reason's prose


@pytest.fixture
def library_tool(tmp_path) -> Path:
    """One ToolBench tool with many APIs (a library): search → book id → details / availability / hold; member
    lookup → member id → loans / hold; loans → loan id → renew."""
    def p(name, desc, default=""):
        return {"name": name, "type": "STRING", "description": desc, "default": default}

    def api(name, desc, params, example):
        return {"name": name, "description": desc, "method": "GET", "required_parameters": params,
                "optional_parameters": [], "example_response": json.dumps(example)}

    tool = {"category": "Education", "tool_name": "City Library", "tool_description": "Catalogue and loans of a "
            "city library.", "api_list": [
                api("Search catalogue", "Search books by title or author.", [p("query", "Title or author words")],
                    {"results": [{"book_id": "B-2231", "title": "Dune", "author": "Frank Herbert"}]}),
                api("Book details", "Details of a book.", [p("book_id", "Id of the book", "B-2231")],
                    {"book_id": "B-2231", "title": "Dune", "pages": 412}),
                api("Book availability", "Copies of a book on the shelves.", [p("book_id", "Id of the book",
                                                                                  "B-2231")],
                    {"available_copies": 2, "branch": "Central"}),
                api("Find member", "Find a library member by card number.", [p("card_number", "Library card number",
                                                                              "0042-1187")],
                    {"member_id": "M-771", "name": "Ann Lee"}),
                api("Member loans", "Books a member has borrowed.", [p("member_id", "Id of the member", "M-771")],
                    {"loans": [{"loan_id": "L-9001", "book_id": "B-2231", "due": "2024-07-01"}]}),
                api("Renew loan", "Renew a loan for two more weeks.", [p("loan_id", "Id of the loan", "L-9001")],
                    {"loan_id": "L-9001", "due": "2024-07-15"}),
                api("Place hold", "Reserve a book for a member.", [p("book_id", "Id of the book", "B-2231"),
                                                                   p("member_id", "Id of the member", "M-771")],
                    {"hold_id": "H-12", "position": 3}),
            ]}
    path = tmp_path / "library.json"
    path.write_text(json.dumps(tool), encoding="utf-8")
    return path


def test_one_toolbench_tool_with_many_apis_finds_its_designed_chains(library_tool, embedder, tmp_path):
    from tooldial.graph import GraphConfig, build_graph

    graph = build_graph(load_corpus(str(library_tool)), GraphConfig(cache_dir=tmp_path, progress=False),
                        embedder=embedder)
    found = set(_edges(graph))
    designed = {("Search catalogue", "results|book_id", "Book details", "book_id"),
                ("Search catalogue", "results|book_id", "Book availability", "book_id"),
                ("Search catalogue", "results|book_id", "Place hold", "book_id"),
                ("Find member", "member_id", "Member loans", "member_id"),
                ("Find member", "member_id", "Place hold", "member_id"),
                ("Member loans", "loans|loan_id", "Renew loan", "loan_id"),
                ("Member loans", "loans|book_id", "Book details", "book_id")}
    assert designed <= found, designed - found


def _entity(api: str, role: str, key: str, raw: str = "", provider: str = "", tool: str = "Shop|shop"):
    from tooldial.graph.entities import Entity

    words = " ".join(key.replace("|", " ").replace("_", " ").split())
    return Entity(f"{tool}|{api}", role, key, words, words, raw=raw or key.rsplit("|", 1)[-1], provider=provider)


def test_a_field_copied_into_a_new_record_of_its_type_is_no_chain_but_keys_and_other_records_are():
    from tooldial.graph.record_copy import copies_into_new_record

    name = _entity("findPetsByStatus", "output", "name")
    assert copies_into_new_record(name, _entity("addPet", "input", "name"), True)
    assert not copies_into_new_record(name, _entity("addPet", "input", "name"), False)  # not a create call
    # a field of a record of another type (a user's saved passenger into a booking) stays
    assert not copies_into_new_record(_entity("get_user_details", "output", "saved_passengers|first_name"),
                                      _entity("book_reservation", "input", "passengers[].first_name"), True)
    # keys stay (a re-order), and so do values of another name (an event's dates into a ticket date)
    assert not copies_into_new_record(_entity("getOrder", "output", "items|isbn", "isbn"),
                                      _entity("placeOrder", "input", "items[].isbn", "isbn"), True)
    assert not copies_into_new_record(_entity("listSpecialEvents", "output", "dates"),
                                      _entity("buyMuseumTickets", "input", "ticketDate"), True)


def test_an_api_named_only_by_its_verb_takes_its_record_type_from_its_rest_path():
    from tooldial.graph.record_copy import api_record_words, copies_into_new_record

    assert api_record_words("Docs|pdf|list", "/v1/templates") == {"template"}
    assert api_record_words("Docs|pdf|create_designer", "/designer/templates") == {"designer"}  # the name has one
    assert api_record_words("Docs|pdf|get", "/templates/{id}") == {"template"}
    name = _entity("list", "output", "results|name", "name")
    target = _entity("create", "input", "name")
    assert not copies_into_new_record(name, target, True)  # no record word in either name: undecided
    assert copies_into_new_record(name, target, True, ("/templates", "/designer/templates"))
    assert not copies_into_new_record(name, target, True, ("/templates", "/reports"))  # another record type


def test_an_existing_records_id_is_not_the_key_of_a_new_record_of_its_type():
    from tooldial.graph.record_copy import existing_key_into_new_record

    listed = _entity("getUsers", "output", "users|userId", "userId")
    assert existing_key_into_new_record(listed, _entity("createUserById", "input", "userId"), True)
    assert not existing_key_into_new_record(listed, _entity("createUserById", "input", "userId"), False)
    # another record's key stays: a task's id into the assignment created for it, a user's id into a new order
    assert not existing_key_into_new_record(_entity("getTasks", "output", "tasks|taskId", "taskId"),
                                            _entity("createTaskAssignment", "input", "taskId"), True)
    assert not existing_key_into_new_record(listed, _entity("createOrder", "input", "userId"), True)
    assert not existing_key_into_new_record(listed, _entity("createUserById", "input", "userId", tool="B|b"), True)
    image = _entity("CompareImages", "output", "Results|ImageId", "ImageId")
    assert not existing_key_into_new_record(image, _entity("AddSearchImage", "input", "imageId"), True)
    basket = _entity("createBasket", "output", "basketId")
    assert not existing_key_into_new_record(basket, _entity("submitBasket", "input", "basketId"), True)


def test_a_records_current_value_does_not_fill_the_input_of_its_new_value():
    from tooldial.graph.record_copy import current_value_as_new

    target = _entity("modify_pending_order_items", "input", "new_item_ids")
    assert current_value_as_new(_entity("get_order_details", "output", "items|item_id"), target)
    assert not current_value_as_new(_entity("get_product_details", "output", "variants|item_id"), target)
    assert not current_value_as_new(_entity("get_order_details", "output", "items|item_id"),
                                    _entity("modify_pending_order_items", "input", "item_ids"))


def test_a_create_calls_echo_of_another_records_key_is_an_echo_its_own_new_key_is_not():
    from tooldial.graph.validity import echoed_input

    def echo(api, key, required):
        return echoed_input(_entity(api, "output", key), required, creates=True)

    assert echo("placeOrder", "customerId", ["customerId", "items"])  # the caller sent it
    assert echo("createCustomer", "customerId", ["email", "name"]) is None  # the new record's key
    assert echo("createUser", "username", ["username"]) is None  # ``username`` names the user created
    assert echo("addPet", "id", ["name"]) is None


def test_record_copy_rules_stay_inside_one_system():
    from tooldial.graph.record_copy import copies_into_new_record, current_value_as_new

    name = _entity("Topic news", "output", "data", tool="Data|News")
    assert not copies_into_new_record(name, _entity("createNewsData", "input", "data", tool="Email|Mailer"), True)
    assert not current_value_as_new(_entity("get_order", "output", "items|item_id", tool="A|a"),
                                    _entity("modify_order", "input", "new_item_ids", tool="B|b"))


def test_a_records_email_is_no_other_services_account_email_but_feeds_a_check_of_the_address():
    from tooldial.graph.account_email import account_email_across_systems

    found = _entity("getUserByName", "output", "email", tool="Other|petshop")
    login = _entity("getEmployee", "input", "email", tool="Business|timetracker")
    assert account_email_across_systems(found, login, "getEmployee Get an employee by their account email")
    assert not account_email_across_systems(found, login, "Validate email Check that an email address exists")
    # inside one system the address stays that system's record
    assert not account_email_across_systems(found, _entity("loginUser", "input", "email", tool="Other|petshop"),
                                            "loginUser Logs user into the system")
