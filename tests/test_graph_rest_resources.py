"""Chains an OpenAPI spec's path layout states (``tooldial.graph.rest_resources``): a collection's item key into the
paths under its items, and no chain from a call made on an item into that item's own key."""

from __future__ import annotations

from pathlib import Path

import pytest

from tooldial.corpus import load_corpus
from tooldial.graph.rest_resources import (
    creating_calls,
    item_collections,
    other_collection_key,
    parent_echo,
    path_parameter,
    resource_chains,
)

SPEC = Path(__file__).parent / "data" / "graph" / "rest" / "notebook_openapi.yaml"


@pytest.fixture(scope="module")
def notebook():
    return load_corpus(str(SPEC))


def _load(tmp_path, name: str, text: str):
    """The corpus of one spec written to ``tmp_path``."""
    spec = tmp_path / name
    spec.write_text(text, encoding="utf-8")
    return load_corpus(str(spec))


def _short(chains) -> set[tuple[str, str, str, str]]:
    return {(c.source.rsplit("|", 1)[-1], c.source_output, c.target.rsplit("|", 1)[-1], c.target_input)
            for c in chains}


LIST, MAKE, SEARCH = "GET /{workspaceId}", "POST /{workspaceId}", "GET /{workspaceId}/search"
NOTE, DROP, COMMENTS = "GET /{workspaceId}/{noteId}", "DELETE /{workspaceId}/{noteId}", "GET /{workspaceId}/{noteId}/comments"
DROP_COMMENT = "DELETE /{workspaceId}/{noteId}/comments/{commentId}"
LABELS, LABEL = "GET /{workspaceId}/labels", "GET /{workspaceId}/labels/{key}"


def test_an_operation_path_follows_its_server_path(notebook):
    paths = {a.name: a.path for a in notebook.apis}
    assert paths[NOTE] == "/v2/notes/{workspaceId}/{noteId}"
    assert paths[LIST] == "/v2/notes/{workspaceId}"


def test_a_collections_item_key_fills_the_paths_under_its_items(notebook):
    found = _short(resource_chains(notebook))
    under_a_note = (NOTE, DROP, COMMENTS, DROP_COMMENT)
    expected = {(source, field, target, "noteId") for source, field in
                ((LIST, "results|id"), (MAKE, "id"), (SEARCH, "data|id")) for target in under_a_note}
    expected.add((COMMENTS, "comments|id", DROP_COMMENT, "commentId"))
    expected.add((LABELS, "labels|key", LABEL, "key"))
    # a PUT of the collection changes a note the caller named; a comment's author id keys no comment;
    # nothing in the spec lists workspaces, so nothing fills workspaceId
    assert found == expected


def test_no_chain_without_documented_paths():
    builtin = load_corpus()  # ToolBench-like: no API documents a path
    assert all(a.path == "" for a in builtin.apis)
    assert resource_chains(builtin) == []


def test_a_call_on_an_item_returns_no_other_items_key(notebook):
    api = {a.name: a for a in notebook.apis}
    # the new note's id is made inside workspace {workspaceId}: it is no workspace's key
    assert parent_echo(api[MAKE], "id", api[NOTE], "workspaceId")
    assert parent_echo(api[NOTE], "id", api[COMMENTS], "noteId")
    # a field of a record inside the answer is another record's
    assert not parent_echo(api[COMMENTS], "comments|author|id", api[DROP_COMMENT], "noteId")
    # the search is made inside the workspace, not on a note
    assert not parent_echo(api[SEARCH], "data|id", api[NOTE], "noteId")


def test_a_post_to_a_collection_makes_an_item(notebook):
    assert {i.rsplit("|", 1)[-1] for i in creating_calls(notebook)} == {MAKE}


def test_one_collections_item_key_keys_no_item_of_another(notebook):
    api = {a.name: a for a in notebook.apis}
    collections = item_collections(notebook.apis)
    # a label's key is no comment's id
    assert other_collection_key(api[LABELS], "labels|key", api[DROP_COMMENT], "commentId", collections)
    # a note's own id keys notes; a record inside an answer (an author) may be of any collection
    assert other_collection_key(api[LIST], "results|id", api[NOTE], "noteId", collections) is None
    assert other_collection_key(api[COMMENTS], "comments|author|id", api[LABEL], "key", collections) is None


def test_path_parameters_are_whole_segments():
    assert path_parameter("{petId}") == "petId"
    assert path_parameter("pets") is None
    assert path_parameter("file.{ext}") is None


def test_the_graph_keeps_resource_chains_and_the_switch_turns_them_off(notebook, embedder):
    from tooldial.graph import build_graph
    from tooldial.graph.config import GraphConfig
    from tooldial.graph.verdict import RuleConfig

    def edges(**kw):  # the hand rules (validity "auto" gives one system's spec to the system model)
        g = build_graph(notebook, GraphConfig(progress=False, **{"validity": "rules", **kw}), embedder=embedder)
        return g, {(u.rsplit("|", 1)[-1], d["source_output"], v.rsplit("|", 1)[-1], d["target_input"]): d
                   for u, v, d in g.edges(data=True)}

    on, with_paths = edges()
    off, without = edges(rules=RuleConfig(rest_resources=False))
    key = (LIST, "results|id", NOTE, "noteId")
    assert key in with_paths and with_paths[key]["reason"].startswith("REST resource")
    assert key not in without  # the API names say "workspace", the item only "id": Eq. 1 and its rules miss it
    assert on.graph["resource_chains"] == len(resource_chains(notebook))
    auto, by_default = edges(validity="auto")  # the system model decides Eq. 1's candidates, never the layout's
    assert auto.graph["learned"]["auto"] and key in by_default and auto.graph["resource_chains"] == len(
        resource_chains(notebook))
    assert "resource_chains" not in off.graph
    # without the layout, the new note's id is read as the workspace's (the API name's record)
    wrong = (MAKE, "id", NOTE, "workspaceId")
    assert wrong in without and wrong not in with_paths
    assert on.graph["rejected"]["parent_echo"] >= 1


BOARDS = """
openapi: 3.0.0
info: {title: Boards, version: "1"}
servers: [{url: "https://boards.example.test/api"}]
paths:
  /boards:
    get:
      summary: List board names
      responses:
        "200":
          description: the names
          content:
            application/json:
              schema:
                type: object
                properties:
                  names: {type: array, items: {type: string}}
                  recent:
                    type: array
                    items: {type: object, properties: {board: {type: string}, hits: {type: integer}}}
  /boards/{name}:
    parameters: [{name: name, in: path, required: true, schema: {type: string}}]
    get:
      summary: Get board settings
      responses: {"200": {description: ok, content: {application/json: {schema: {type: object, properties: {size: {type: integer}}}}}}}
    put:
      summary: Update board settings
      responses: {"204": {description: ok}}
    post:
      summary: Create new board
      description: Creates a new board with this name.
      responses: {"201": {description: ok}}
  /accounts:
    get:
      summary: Accounts of the user
      responses:
        "200":
          description: ok
          content: {application/json: {schema: {type: object, properties: {accounts: {type: array, items: {type: string}}}}}}
  /accounts/{account}/summary:
    get:
      summary: Account summary
      parameters: [{name: account, in: path, required: true, schema: {type: string}}]
      responses: {"200": {description: ok, content: {application/json: {schema: {type: object, properties: {balance: {type: number}}}}}}}
"""


def test_a_list_of_plain_keys_fills_its_items_paths_but_not_a_call_that_creates_one(tmp_path):
    found = _short(resource_chains(_load(tmp_path, "boards.yaml", BOARDS)))
    # ``names`` (the keys in the plural) and ``accounts`` (the items themselves) hold the keys; ``recent|board``
    # is a field of listed records; "Create new board" takes a new name from the caller
    assert found == {("GET /boards", "names", "GET /boards/{name}", "name"),
                     ("GET /boards", "names", "PUT /boards/{name}", "name"),
                     ("GET /accounts", "accounts", "GET /accounts/{account}/summary", "account")}


CATALOG = """
openapi: 3.0.0
info: {title: Catalog, version: "1"}
paths:
  /apis/{owner}:
    get:
      summary: APIs of an owner
      parameters: [{name: owner, in: path, required: true, schema: {type: string}}]
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                type: array
                items: {type: object, properties: {name: {type: string}, owner: {type: string}, created: {type: string}}}
  /apis/{owner}/{api}:
    get:
      summary: One API
      parameters:
        - {name: owner, in: path, required: true, schema: {type: string}}
        - {name: api, in: path, required: true, schema: {type: string}}
      responses: {"200": {description: ok, content: {application/json: {schema: {type: object, properties: {swagger: {type: string}}}}}}}
  /plans:
    get:
      summary: Plans
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {type: array, items: {type: object, properties: {id: {type: string}, name: {type: string}}}}
  /plans/{plan}:
    get:
      summary: One plan
      parameters: [{name: plan, in: path, required: true, schema: {type: string}}]
      responses: {"200": {description: ok, content: {application/json: {schema: {type: object, properties: {cost: {type: number}}}}}}}
"""


def test_a_parameter_named_for_the_item_itself_takes_the_items_own_key(tmp_path):
    from tooldial.knowledge.english import singular

    assert singular("apis") == "api" and singular("analysis") == "analysis"  # an acronym's plural, not a Greek one
    found = _short(resource_chains(_load(tmp_path, "catalog.yaml", CATALOG)))
    # ``{api}`` names the item: its key is the listed item's ``name`` (no ``id``); ``owner`` is the caller's echo;
    # a plan has an ``id`` and a ``name``: which one ``{plan}`` takes is unsaid (Azure's ids are full paths)
    assert found == {("GET /apis/{owner}", "name", "GET /apis/{owner}/{api}", "api")}


DIRECTORY = """
openapi: 3.0.0
info: {title: Directory, version: "1"}
paths:
  /Users:
    get:
      summary: List users
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties:
                  totalResults: {type: integer}
                  Resources: {type: array, items: {type: object, properties: {id: {type: string}, userName: {type: string}}}}
    post:
      summary: Create user
      responses: {"201": {description: ok, content: {application/json: {schema: {type: object, properties: {id: {type: string}}}}}}}
  /Users/me:
    get:
      summary: The caller's user
      responses: {"200": {description: ok, content: {application/json: {schema: {type: object, properties: {id: {type: string}, userName: {type: string}}}}}}}
  /Users/categories:
    get:
      summary: User categories
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {type: array, items: {type: object, properties: {id: {type: string}, label: {type: string}}}}
  /Users/{userKey}:
    get:
      summary: One user
      parameters: [{name: userKey, in: path, required: true, schema: {type: string}}]
      responses: {"200": {description: ok, content: {application/json: {schema: {type: object, properties: {userName: {type: string}}}}}}}
  /contacts:
    get:
      summary: Contacts
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {type: object, properties: {page: {type: array, items: {type: object, properties: {_id: {type: string}, email: {type: string}}}}}}
  /contacts/{contactid}:
    delete:
      summary: Delete a contact
      parameters: [{name: contactid, in: path, required: true, schema: {type: string}}]
      responses: {"204": {description: gone}}
  /contacts/lists:
    get:
      summary: Contact lists
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {type: object, properties: {page: {type: array, items: {type: object, properties: {_id: {type: string}}}}}}
  /contacts/lists/{listid}:
    put:
      summary: Rename a list
      parameters: [{name: listid, in: path, required: true, schema: {type: string}}]
      responses: {"200": {description: ok}}
  /branches:
    get:
      summary: Branches
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {type: array, items: {type: object, properties: {Name: {type: string}, OID: {type: string}}}}
  /branches/{branchID}:
    get:
      summary: One branch
      parameters: [{name: branchID, in: path, required: true, schema: {type: string}}]
      responses: {"200": {description: ok, content: {application/json: {schema: {type: object, properties: {Address: {type: string}}}}}}}
  /models/quote:
    get:
      summary: Quote a model
      parameters: [{name: model_id, in: query, required: true, schema: {type: string}}]
      responses: {"200": {description: ok, content: {application/json: {schema: {type: object, properties: {model_id: {type: string}, price: {type: number}}}}}}}
  /models/{model_id}:
    get:
      summary: One model
      parameters: [{name: model_id, in: path, required: true, schema: {type: string}}]
      responses: {"200": {description: ok, content: {application/json: {schema: {type: object, properties: {size: {type: number}}}}}}}
  /v1/things:search:
    get:
      summary: Search things
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {type: object, properties: {things: {type: array, items: {type: object, properties: {name: {type: string}}}}}}
  /v1/{name}:
    get:
      summary: Any resource by its full name
      parameters: [{name: name, in: path, required: true, schema: {type: string}}]
      responses: {"200": {description: ok, content: {application/json: {schema: {type: object, properties: {etag: {type: string}}}}}}}
"""


def test_an_items_key_under_any_spelling_of_its_key(tmp_path):
    found = _short(resource_chains(_load(tmp_path, "directory.yaml", DIRECTORY)))
    user = "GET /Users/{userKey}"
    assert found == {
        # ``{userKey}`` is the user and a key word: the user's own (sole) key, ``id``, in SCIM's ``Resources``
        ("GET /Users", "Resources|id", user, "userKey"), ("POST /Users", "id", user, "userKey"),
        # a literal child path with no plural noun returns one of the items (``/Users/me``, ``/gifs/random``)
        ("GET /Users/me", "id", user, "userKey"),
        # ``contactid`` is glued from the item and a key word; a sub-collection lists its own items only
        ("GET /contacts", "page|_id", "DELETE /contacts/{contactid}", "contactid"),
        ("GET /contacts/lists", "page|_id", "PUT /contacts/lists/{listid}", "listid"),
    }
    # not sources: ``/Users/categories`` lists categories; a branch's ``Name`` is no ``{branchID}``; the quote
    # echoes the ``model_id`` it was asked about; ``/v1`` is a version, not a collection of ``{name}``s


def test_a_glued_key_needs_its_split(tmp_path, monkeypatch):
    """Without the split of a glued name, ``{contactid}`` takes nothing: the reading is what finds it."""
    from tooldial.graph import rest_resources

    corpus = _load(tmp_path, "directory.yaml", DIRECTORY)
    monkeypatch.setattr(rest_resources, "_param_words", lambda parameter, items: rest_resources.split_words(parameter))
    found = _short(resource_chains(corpus))
    assert not any(target_input == "contactid" for *_, target_input in found)


def test_a_format_suffix_names_no_item(tmp_path):
    from tooldial.graph.rest_resources import segments

    assert segments("/v2/providers.json") == ("v2", "providers")
    assert segments("/v2/{provider}.json") == ("v2", "{provider}")
    assert segments("/1/profiles/{id}{mediaTypeExtension}") == ("1", "profiles", "{id}")
    assert segments("/users/{id}.{format}") == ("users", "{id}")
    assert segments("/v1/{name}:access") == ("v1", "{name}:access")  # a custom method is no format
    spec = tmp_path / "notes.yaml"
    spec.write_text("""
openapi: 3.0.0
info: {title: Notes, version: "1"}
paths:
  /notes.json:
    get:
      summary: Notes
      responses: {"200": {description: ok, content: {application/json: {schema: {type: array, items: {type: object,
                  properties: {id: {type: string}, title: {type: string}}}}}}}}
  /notes/{noteId}.json:
    get:
      summary: One note
      parameters: [{name: noteId, in: path, required: true, schema: {type: string}}]
      responses: {"200": {description: ok, content: {application/json: {schema: {type: object, properties: {body: {type: string}}}}}}}
""", encoding="utf-8")
    assert _short(resource_chains(load_corpus(str(spec)))) == {("GET /notes.json", "id", "GET /notes/{noteId}.json",
                                                                  "noteId")}


QUEUE = """
openapi: 3.0.0
info: {title: Queue, version: "1"}
paths:
  /profiles/{id}:
    get:
      summary: One profile
      parameters: [{name: id, in: path, required: true, schema: {type: string}}]
      responses: {"200": {description: ok, content: {application/json: {schema: {type: object, properties: {id: {type: string}}}}}}}
  /profiles/{id}/updates/pending:
    get:
      summary: Pending updates of a profile
      parameters: [{name: id, in: path, required: true, schema: {type: string}}]
      responses: {"200": {description: ok, content: {application/json: {schema: {type: object, properties: {updates: {
                  type: array, items: {type: object, properties: {id: {type: string}, profile_id: {type: string}}}}}}}}}}
  /updates/{id}:
    get:
      summary: One update
      parameters: [{name: id, in: path, required: true, schema: {type: string}}]
      responses: {"200": {description: ok, content: {application/json: {schema: {type: object, properties: {id: {type: string}}}}}}}
  /updates/{id}/share:
    post:
      summary: Share an update now
      parameters: [{name: id, in: path, required: true, schema: {type: string}}]
      responses: {"200": {description: ok, content: {application/json: {schema: {type: object, properties: {id: {type: string}}}}}}}
  /updates/{id}/copy:
    post:
      summary: Copy an update
      parameters: [{name: id, in: path, required: true, schema: {type: string}}]
      responses: {"200": {description: ok, content: {application/json: {schema: {type: object, properties: {id: {type: string}}}}}}}
  /updates/{id}/interactions:
    get:
      summary: Interactions of an update
      parameters: [{name: id, in: path, required: true, schema: {type: string}}]
      responses: {"200": {description: ok, content: {application/json: {schema: {type: object, properties: {interactions: {
                  type: array, items: {type: object, properties: {id: {type: string}}}}}}}}}}
  /render/{templateId}:
    post:
      summary: Render a template
      parameters: [{name: templateId, in: path, required: true, schema: {type: string}}]
      responses: {"200": {description: ok, content: {application/json: {schema: {type: object, properties: {renderId: {type: string}}}}}}}
"""


def test_a_call_on_an_item_hands_back_the_key_the_caller_sent(tmp_path):
    from tooldial.graph.rest_resources import path_echo

    corpus = _load(tmp_path, "queue.yaml", QUEUE)
    api = {a.name: a for a in corpus.apis}
    collections = item_collections(corpus.apis)
    pending = api["GET /profiles/{id}/updates/pending"]
    assert path_echo(pending, "updates|profile_id", collections) == "id"  # the profile the caller named
    assert path_echo(pending, "updates|id", collections) is None  # an update's own key: another record
    assert path_echo(api["POST /updates/{id}/share"], "id", collections) == "id"  # the shared update itself
    assert path_echo(api["POST /updates/{id}/copy"], "id", collections) is None  # the copy's key is new
    assert path_echo(api["GET /updates/{id}/interactions"], "interactions|id", collections) is None
    assert path_echo(api["POST /render/{templateId}"], "renderId", collections) is None  # the new render's key


def test_records_listed_under_a_collections_name_key_its_items_only(tmp_path):
    corpus = _load(tmp_path, "queue.yaml", QUEUE)
    api = {a.name: a for a in corpus.apis}
    collections = item_collections(corpus.apis)
    pending, profile, update = (api["GET /profiles/{id}/updates/pending"], api["GET /profiles/{id}"],
                                api["GET /updates/{id}"])
    assert other_collection_key(pending, "updates|id", profile, "id", collections)  # an update is no profile
    assert other_collection_key(pending, "updates|id", update, "id", collections) is None


def test_the_record_a_path_parameter_keys_comes_back_inside_the_answer(tmp_path):
    from tooldial.graph.rest_resources import path_echo

    spec = tmp_path / "setlists.yaml"
    spec.write_text("""
openapi: 3.0.0
info: {title: Setlists, version: "1"}
components:
  schemas:
    Setlists: {type: object, properties: {setlist: {type: array, items: {type: object, properties: {
      id: {type: string}, artist: {type: object, properties: {mbid: {type: string}}},
      venue: {type: object, properties: {id: {type: string}}}}}}}}
paths:
  /artist/{mbid}/setlists:
    get:
      summary: Setlists of an artist
      parameters: [{name: mbid, in: path, required: true, schema: {type: string}}]
      responses: {"200": {description: ok, content: {application/json: {schema: {$ref: "#/components/schemas/Setlists"}}}}}
  /venue/{venueId}/setlists:
    get:
      summary: Setlists at a venue
      parameters: [{name: venueId, in: path, required: true, schema: {type: string}}]
      responses: {"200": {description: ok, content: {application/json: {schema: {$ref: "#/components/schemas/Setlists"}}}}}
""", encoding="utf-8")
    corpus = load_corpus(str(spec))
    api = {a.name: a for a in corpus.apis}
    collections = item_collections(corpus.apis)
    by_artist, at_venue = api["GET /artist/{mbid}/setlists"], api["GET /venue/{venueId}/setlists"]
    assert path_echo(by_artist, "setlist|artist|mbid", collections) == "mbid"
    assert path_echo(at_venue, "setlist|venue|id", collections) == "venueId"
    # the other records of the answer are found: the venues of an artist's setlists, the artists at a venue
    assert path_echo(by_artist, "setlist|venue|id", collections) is None
    assert path_echo(at_venue, "setlist|artist|mbid", collections) is None
    assert path_echo(by_artist, "setlist|id", collections) is None
