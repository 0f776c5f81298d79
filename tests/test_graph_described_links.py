"""Chains an input's documentation states in words ("The value of shelf_id field returned in .../shelves/list") are
documented edges; ordinary words that happen to be an API's name, credentials and comparisons are not."""

from __future__ import annotations

import json

import pytest

from tooldial.corpus import load_corpus
from tooldial.corpus.described_links import described_links


def _api(name: str, description: str, required: list[tuple[str, str]], example: object = None) -> dict:
    return {"name": name, "description": description, "method": "GET",
            "required_parameters": [{"name": n, "type": "STRING", "description": d, "default": ""}
                                    for n, d in required],
            "optional_parameters": [], "example_response": json.dumps(example) if example is not None else ""}


def _library() -> dict:
    """A made-up library system whose inputs say, in several styles, which API gives their value."""
    return {"category": "Education", "tool_name": "Shelfmark", "tool_description": "A library catalogue.",
            "api_list": [
                _api("shelves/list", "List the shelves of a branch.", [],
                     {"data": {"shelves": [{"shelf_id": "sh-18", "label": "Poetry"}]}}),
                _api("shelves/books", "Books on one shelf.",
                     [("shelfId", "The value of shelf_id field returned in .../shelves/list endpoint")],
                     {"data": [{"isbn": "9780141182803", "title": "Ariel"}]}),
                _api("Title Search", "Search the catalogue by title.", [("q", "Words of the title")],
                     {"hits": [{"item": {"handle": "ariel-1965"}, "author": {"handle": "plath"}}], "shelf": "Poetry"}),
                # its own name holds another API's ("Title Search"): no mention of that API
                _api("Title Search Export", "Export a search.",
                     [("shelf", "Shelf to export, as used by Title Search Export")], {"url": "https://x.test/e.csv"}),
                # the API named is nearer another parameter: it sources the shelfId, not the isbn
                _api("Holds", "Place a hold. Give the `isbn` of the book and a `shelfId` as returned by the "
                     "shelves/books endpoint.", [("isbn", ""), ("shelfId", "")], {"hold": "h-1"}),
                _api("Item Card", "The catalogue card of one item.",
                     [("ref", "Get it from **Title Search**, hits->`handle` of the item")],
                     {"title": "Ariel", "year": 1965}),
                _api("Loans", "Current loans of a branch. The `branch` code comes from the `branches/list` endpoint.",
                     [("branch", "")], {"loans": [{"isbn": "9780141182803"}]}),
                _api("branches/list", "All branches.", [], {"branches": [{"branch": "NW3", "city": "London"}]}),
                _api("Renew", "Renew a loan.", [("token", "Session token from the `session/open` endpoint")],
                     {"renewed": True}),
                _api("session/open", "Open a session.", [], {"token": "t-0a9f"}),
                _api("Shelf Audit", "Audit a shelf.",
                     [("shelfId", "Same as the shelf_id of the shelves/list endpoint, but audited")], {"ok": True}),
                _api("Reading List", "Books to search for later.",
                     [("list_id", "Id of a list you created to search for books")], {"items": []}),
                # the source's records are the ones the input names: their bare id
                _api("Get All Branch Teams", "Teams of all branches.", [],
                     {"data": [{"id": 7, "name": "Cataloguing", "lead": {"id": 31}}]}),
                _api("Get Team Rota", "A team's rota.",
                     [("teamId", "You can get the teamId by using the \"Get All Branch Teams\" endpoint.")],
                     {"rota": []}),
                # a run-on documentation: each sentence names its own sources and field
                _api("rooms/list", "Rooms of a branch.", [("branch", "Branch code")]),
                _api("floors/list", "Floors of a branch.", [("branch", "Branch code")]),
                _api("Room Map", "A map of a room or floor.",
                     [("ref", "The value of 'roomNo' field returned in .../rooms/list endpoint The value of "
                              "'floorNo' field returned in .../floors/list endpoint")], {"svg": "<svg/>"}),
                # documents no response: what it returns is known only from the sentences of the APIs after it
                _api("members/list", "Members of a branch.", [("branch", "Branch code")]),
                _api("members/detail", "One member.",
                     [("memberId", "The value of memberId field returned in .../members/list endpoint")],
                     {"name": "Ada Byron", "joined": "2019-04-02"}),
                _api("members/fines", "Fines of one member.", [("memberId", "Id of the member")], {"fines": []}),
                _api("members/cards", "Cards of one member.",
                     [("card_ref", "The `cardNo` or `card_id` returned in .../members/list endpoint")],
                     {"cards": []}),
            ]}


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    path = tmp_path_factory.mktemp("described") / "library.json"
    path.write_text(json.dumps(_library()), encoding="utf-8")
    return load_corpus(str(path))


def _links(corpus) -> dict[tuple[str, str], tuple[str, str]]:
    """(target API, input) → (source API, source output), API names without the tool."""
    return {(d.target.rsplit("|", 1)[-1], d.target_input): (d.source.rsplit("|", 1)[-1], d.source_output)
            for d in described_links(corpus)}


def test_an_input_documented_as_another_apis_field_is_a_chain_from_that_field(corpus):
    links = _links(corpus)
    assert links[("shelves/books", "shelfId")] == ("shelves/list", "data|shelves|shelf_id")
    # a path written in the sentence picks the item's handle, not the author's
    assert links[("Item Card", "ref")] == ("Title Search", "hits|item|handle")
    # a sentence of the API's description that names the input
    assert links[("Loans", "branch")] == ("branches/list", "branches|branch")
    # the listing of teams gives the team's id, not its lead's
    assert links[("Get Team Rota", "teamId")] == ("Get All Branch Teams", "data|id")


def test_no_chain_from_a_plain_word_a_credential_or_a_comparison(corpus):
    links = _links(corpus)
    assert ("Reading List", "list_id") not in links  # "to search for": a word, not the Title Search API
    assert ("Renew", "token") not in links  # a session token is the system's, never a record's value
    assert ("Shelf Audit", "shelfId") not in links  # "same as": a comparison, not a source
    assert ("members/cards", "card_ref") not in links  # two fields named for an undocumented source: which?
    assert ("Title Search Export", "shelf") not in links  # "Title Search" inside the target's own name
    assert ("Holds", "isbn") not in links  # shelves/books returns isbns, but the sentence sources the shelfId
    assert len(links) == 6


def test_a_run_on_documentation_is_read_sentence_by_sentence(corpus):
    into_map = {(d.source.rsplit("|", 1)[-1], d.source_output) for d in described_links(corpus)
                if d.target.endswith("|Room Map")}
    assert into_map == {("rooms/list", "roomNo"), ("floors/list", "floorNo")}


def test_an_undocumented_api_returns_what_another_apis_documentation_says_and_chains_only_there(corpus, embedder):
    from tooldial.graph import build_graph

    listing = next(a for a in corpus.apis if a.name == "members/list")
    implied = {c.key: c.implied for c in listing.output_components}
    assert implied == {"memberId": "described"}  # not cardNo / card_id: the sentence names two
    assert _links(corpus)[("members/detail", "memberId")] == ("members/list", "memberId")
    graph = build_graph(corpus, embedder=embedder)
    into = {(v.rsplit("|", 1)[-1], d["target_input"]): d["kind"] for u, v, d in graph.edges(data=True)
            if u.endswith("|members/list")}
    # members/fines also takes a memberId, but no sentence says it comes from the listing
    assert into == {("members/detail", "memberId"): "documented"}
    assert graph.graph["implied_outputs"]["described"] == 3


def test_described_chains_are_documented_edges_and_the_switch_turns_them_off(corpus, embedder):
    from tooldial.graph import build_graph
    from tooldial.graph.config import GraphConfig

    def edges(**kw):
        graph = build_graph(corpus, GraphConfig(**kw), embedder=embedder)
        return {(u.rsplit("|", 1)[-1], d["source_output"], v.rsplit("|", 1)[-1], d["target_input"]): d
                for u, v, d in graph.edges(data=True)}, graph

    on, graph = edges()
    card = on[("Title Search", "hits|item|handle", "Item Card", "ref")]
    assert card["kind"] == "documented" and card["reason"].startswith("described: Get it from **Title Search**")
    assert graph.graph["described_links"] == 7
    from tooldial.graph.stats import format_stats, graph_stats

    assert "documented links 7 edges (OpenAPI links, Arazzo steps, 7 of them stated in words" in format_stats(
        graph_stats(graph))
    off, graph_off = edges(described_links=False)
    assert not any(d["reason"].startswith("described") for d in off.values())
    assert "described_links" not in graph_off.graph


def test_the_cue_and_mark_words_are_the_documentation_packs():
    import re

    from tooldial.corpus import described_links as dl
    from tooldial.knowledge.loader import ordered_words, words

    for name, pattern in (("provenance_cues", dl._CUES), ("likeness_cues", dl._LIKENESS)):
        for word in ordered_words("documentation", name):
            assert pattern.search(f"x {word} y"), (name, word)
    assert dl._MARK_AFTER is words("documentation", "provenance_marks")
    assert dl._FIELD_WORDS is words("documentation", "field_marks")
    assert not dl._CUES.search("the shelf is returnable") and not re.search(dl._LIKENESS, "the same day")


def _schema_api(name: str, required: list[tuple[str, str]], properties: dict) -> dict:
    """An API whose response is documented only by a schema (no example)."""
    return {**_api(name, f"{name}.", required),
            "schema": json.dumps({"type": "object", "properties": properties})}


@pytest.fixture(scope="module")
def lettings(tmp_path_factory):
    """A made-up lettings system whose responses stop at an object or list with no described items."""
    tool = {"category": "Data", "tool_name": "Letmore", "tool_description": "Homes to let.", "api_list": [
        _schema_api("lettings/list", [("area", "Area code")],
                    {"status": {"type": "boolean"}, "data": {"type": "array"}}),
        _api("lettings/detail", "One letting.", [("id", "id from lettings/list endpoint")], {"rent": 1200}),
        _schema_api("film-search", [("q", "Words")], {"data": {"type": "object", "properties": {"search": {
            "type": "object", "properties": {"people": {"type": "array"}, "theaters": {"type": "array"}}}}}}),
        _api("theaters/detail", "One theater.",
             [("id", "The value of id field returned in .../theaters/list or .../film-search endpoint")], {"x": 1}),
        # the only open container is another record's (related videos): nothing says the subtitle lies there
        _schema_api("Video Details", [("videoId", "Video id")], {"id": {"type": "string"}, "related": {
            "type": "object", "properties": {"items": {"type": "array"}}}}),
        _api("Subtitle", "A subtitle file.",
             [("subtitleUrl", "Subtitle URL. To get this, please call `Video Details` first.")], {"x": 1}),
        # only the generic envelope: the API documents no response of its own
        _schema_api("Login", [("user", "User name")], {k: {"type": t} for k, t in (
            ("get", "string"), ("parameters", "array"), ("errors", "array"), ("results", "integer"),
            ("response", "object"))}),
        _api("Logout", "End a session.", [("sessionid", "returned from Login endpoint")], {"ok": True}),
    ]}
    path = tmp_path_factory.mktemp("lettings") / "letmore.json"
    path.write_text(json.dumps(tool), encoding="utf-8")
    return load_corpus(str(path))


def test_a_field_a_sentence_names_goes_under_the_sources_undescribed_container(lettings):
    import random

    from tooldial.dialogue.mockdata.builder import build_result

    links = _links(lettings)
    assert links[("lettings/detail", "id")] == ("lettings/list", "data|id")
    # of two open lists, the one the target's name names
    assert links[("theaters/detail", "id")] == ("film-search", "data|search|theaters|id")
    listing = next(a for a in lettings.apis if a.name == "lettings/list")
    assert {c.key: c.implied for c in listing.output_components} == {"status": "", "data|id": "described"}
    rows = build_result(listing, random.Random(0))["response"]["data"]
    assert isinstance(rows, list) and rows and all(isinstance(r.get("id"), str) and r["id"] for r in rows)


def test_no_field_under_another_records_container_and_an_envelope_is_no_response(lettings):
    links = _links(lettings)
    assert ("Subtitle", "subtitleUrl") not in links  # related|items is the related videos', not the video's
    video = next(a for a in lettings.apis if a.name == "Video Details")
    assert not any(c.implied for c in video.output_components)
    assert links[("Logout", "sessionid")] == ("Login", "sessionid")
    login = next(a for a in lettings.apis if a.name == "Login")
    assert [c.key for c in login.output_components] == ["sessionid"]
