"""A response schema copied onto many APIs of one tool (issue 27, :mod:`tooldial.graph.copied_schemas`): trusted
only for the APIs that name its record. Fixtures are made-up tools written for this test."""

from __future__ import annotations

import json

from tooldial.corpus.loaders import load_corpus
from tooldial.corpus.toolbench import parse_tool
from tooldial.graph.copied_schemas import copied_schemas, record_names

BANK_SCHEMA = {"type": "object", "properties": {
    "success": {"type": "boolean"},
    "data": {"type": "object", "properties": {
        "meta": {"type": "object", "properties": {"total": {"type": "integer"}, "perPage": {"type": "integer"}}},
        "bankAccounts": {"type": "array", "items": {"type": "object", "properties": {
            "bankAccountId": {"type": "string"}, "city": {"type": "string"}, "nickName": {"type": "string"}}}}}}}}


def _api(name: str, description: str = "", schema: dict | None = None, params: tuple[str, ...] = ()) -> dict:
    return {"name": name, "description": description, "method": "GET",
            "required_parameters": [{"name": p, "type": "STRING", "description": ""} for p in params],
            "optional_parameters": [], "schema": schema or {}}


def _tool(name: str, apis: list[dict], category: str = "Financial") -> dict:
    return {"category": category, "tool_name": name, "tool_description": "", "api_list": apis}


def _mailer(schema: dict = BANK_SCHEMA) -> dict:
    """A check mailer whose every endpoint documents the bank-account list."""
    return _tool("check_mailer", [
        _api("Listallbankaccounts", "List all bank account records.", schema),
        _api("AddLogo", "Add logo to an existing bank account<table><tr><td>bankAccountId</td></tr></table>", schema,
             ("bankAccountId",)),
        _api("Deletevoucher", "Permanently deletes a voucher.<table><tr><td>voucherId</td></tr></table>", schema,
             ("voucherId",)),
        _api("Listpayees", "List all payee records.", schema),
        _api("GetAllshortUrl", "Short URLs of your checks.", schema),
        _api("Retrieveacheck", "Details of an existing check.", schema, ("checkId",)),
    ])


def _parse(obj: dict):
    def report(error):
        raise error
    return parse_tool(obj, file="fixture.json", report=report)


def test_a_schema_copied_onto_apis_of_other_records_is_trusted_only_where_the_api_names_its_record():
    tool = _parse(_mailer())
    assert record_names(tool.apis[0]) == {"bankaccount", "account"}
    got = copied_schemas([tool])
    assert {a.rsplit("|", 1)[1] for a in got.untrusted} == {"Deletevoucher", "Listpayees", "GetAllshortUrl",
                                                            "Retrieveacheck"}
    assert got.tools == ("Financial|check_mailer",) and got.summary() == {"apis": 4, "tools": 1}


def test_apis_that_all_return_their_own_named_record_keep_their_outputs():
    products = {"type": "object", "properties": {"products": {"type": "array", "items": {"type": "object",
                "properties": {"_id": {"type": "string"}, "name": {"type": "string"}, "price": {"type": "number"}}}}}}
    shop = _parse(_tool("shop", [_api("Get all products", "", products), _api("Top rated products", "", products),
                                 _api("Products by category", "", products),
                                 _api("Best sellers", "Products with most sales", products)], "eCommerce"))
    assert copied_schemas([shop]).untrusted == frozenset()


def test_no_judgement_when_the_record_is_the_responses_own_or_half_the_apis_name_it():
    # a cart record (root fields) holding bags: the record is the API's, whatever it is called
    cart = {"type": "object", "properties": {"app_order_id": {"type": "string"}, "bags": {"type": "array", "items": {
        "type": "object", "properties": {"id": {"type": "string"}, "merchant": {"type": "string"},
                                         "status": {"type": "string"}}}}}}
    assert record_names(_parse(_tool("t", [_api("Cart", "", cart)])).apis[0]) == frozenset()
    carts = _parse(_tool("carts", [_api(n, "", cart) for n in ("Cart", "Cart payment", "Cart customer", "Cart sku")]))
    assert copied_schemas([carts]).untrusted == frozenset()
    # a wrapper names no record (results|title): nothing says which APIs the schema belongs to
    results = {"type": "object", "properties": {"results": {"type": "array", "items": {"type": "object",
               "properties": {"title": {"type": "string"}, "link": {"type": "string"}}}}}}
    search = _parse(_tool("search", [_api(n, "", results) for n in ("Web", "Images", "News", "Videos")]))
    assert copied_schemas([search]).untrusted == frozenset()
    # two of four name the record: not "most", so no copy is assumed
    half = _parse(_tool("half", [_api("Listallbankaccounts", "", BANK_SCHEMA), _api("Bank account", "", BANK_SCHEMA),
                                 _api("Payees", "", BANK_SCHEMA), _api("Vouchers", "", BANK_SCHEMA)]))
    assert copied_schemas([half]).untrusted == frozenset()
    # fewer than three APIs share it
    two = _parse(_tool("two", [_api("Listallbankaccounts", "", BANK_SCHEMA), _api("Payees", "", BANK_SCHEMA)]))
    assert copied_schemas([two]).untrusted == frozenset()


def test_the_graph_starts_no_chain_from_a_copied_schema_and_says_how_many_apis_it_affected(embedder, tmp_path):
    from tooldial.graph import GraphConfig, build_graph, graph_stats
    from tooldial.graph.stats import format_stats, graph_notes
    from tooldial.graph.verdict import RuleConfig

    path = tmp_path / "mailer.json"
    path.write_text(json.dumps(_mailer()), encoding="utf-8")
    corpus = load_corpus(str(path))
    config = GraphConfig(cache_dir=tmp_path, progress=False)
    graph = build_graph(corpus, config, embedder=embedder)
    sources = {u.rsplit("|", 1)[1] for u, _, d in graph.edges(data=True) if "bankAccounts" in d["source_output"]}
    assert sources and sources <= {"Listallbankaccounts", "AddLogo"}
    assert graph.graph["copied_schemas"] == {"apis": 4, "tools": 1}
    assert any("copied schemas: outputs of 4 APIs in 1 tools" in line for line in graph_notes(graph))
    assert "copied schemas: outputs of 4 APIs" in format_stats(graph_stats(graph))
    off = build_graph(corpus, config.model_copy(update={"rules": RuleConfig(copied_schemas=False)}), embedder=embedder)
    assert "copied_schemas" not in off.graph
    assert {u.rsplit("|", 1)[1] for u, _, d in off.edges(data=True)
            if "bankAccounts" in d["source_output"]} - {"Listallbankaccounts", "AddLogo"}
