"""An undocumented call that creates a record returns the new record's id beside its status, and the final answer
says it (blind review of session 16: an upload "returns only status: success with no id to fetch results").
Reads, updates and deletes that document nothing keep ``{"status": "success"}``."""

from __future__ import annotations

import random

import pytest

from tooldial.corpus.models import Api, OutputComponent
from tooldial.dialogue.answer_fields import answer_fields
from tooldial.dialogue.mockdata import build_result
from tooldial.dialogue.mockdata.created import created_record
from tooldial.dialogue.world_checks import unasked_id


@pytest.mark.parametrize(("name", "record"), [
    ("createFolder", ("folder",)), ("uploadImage", ("image",)), ("Create an item", ("item",)),
    ("Add Single Birthday Contact", ("birthday", "contact")), ("place_order", ("order",)),
    ("media.upload", ("media",)), ("list.create", ("list",)), ("OCR Create", ("ocr",)),  # RPC style: record first
    ("Book Hotel", ("booking",)), ("Send Image Message", ("message",)), ("Message Send", ("message",)),
    ("Create User (Sign Up)", ("user",)), ("upload_custom_ontology(CSV file)", ("custom", "ontology")),  # a gloss
    ("Playlist: Songs (Add)", ("playlist", "song")),  # ... unless only the gloss says what the call does
    ("getFolder", None), ("get_book", None), ("updatePetWithForm", None), ("Delete Message", None),
    ("addUserToWorkspace", None), ("Book Details", None), ("create", None), ("Upload", None)])
def test_the_record_a_name_creates(name: str, record: tuple[str, ...] | None) -> None:
    assert created_record(name) == record


def _api(name: str, description: str = "", method: str = "POST", **kw: object) -> Api:
    return Api(category="Other", tool="t", name=name, description=description, method=method, **kw)


def test_an_undocumented_create_returns_the_new_records_id() -> None:
    ids = set()
    for seed in range(5):
        result = build_result(_api("uploadImage", "Upload an image"), random.Random(seed))["response"]
        assert set(result) == {"status", "image_id"} and result["status"] == "success"
        ids.add(result["image_id"])
    assert len(ids) == 5  # drawn per call, not one constant


@pytest.mark.parametrize("api", [
    _api("updatePetWithForm", "Updates a pet in the store"), _api("Delete Message", "Delete a message by id"),
    _api("Book Reviews", "Get reviews of a book", method="GET"),  # a read, whatever its first word
    _api("createRecipeCard", "", method="GET")])  # a GET that does not say it creates
def test_other_undocumented_calls_return_how_they_went(api: Api) -> None:
    assert build_result(api, random.Random(0)) == {"response": {"status": "success"}}


def test_a_documented_create_keeps_its_documented_result() -> None:
    api = _api("createUser", "Create a user", output_components=(OutputComponent(path=("username",)),),
               example_response={"username": "kim"})
    assert "user_id" not in build_result(api, random.Random(0))["response"]


def test_the_answer_says_the_created_id_and_no_other_id() -> None:
    api = _api("uploadImage", "Upload an image")
    assert not unasked_id("image_id", api.name, api.description)  # news: the user needs it to find the image
    assert unasked_id("user_id", api.name, api.description) and unasked_id("image_id", "getImage", "Get an image")
    result = build_result(api, random.Random(0))
    assert [(key, value) for key, _, value in answer_fields(api, result)] == [
        ("image_id", result["response"]["image_id"])]


def test_an_id_by_its_last_word_is_no_answer_whatever_its_stem_names() -> None:
    # "the country IDs are 209 and 543" answered a team's current games (sample 4901): ``countryId`` is an id
    assert unasked_id("countryId", "Competitor Current Games", "Get competitor current games.")
    assert unasked_id("league_ids", "Team Info", "A team's info.")
    assert not unasked_id("country", "Team Info", "A team's info.")
    assert not unasked_id("countryId", "Country ids", "List the ids of countries.")  # the documentation is about ids


def test_an_id_the_call_is_asked_by_makes_no_other_id_an_answer() -> None:
    """"For Andrade Coffee Grinder, the seller ID is 2634933 and the brand is Andrade." answered "Get Amazon India
    products by Id" (dev sample 5071): the id in the name is the one the user gave, so the documentation is not
    about ids; an id it names as what comes back still is."""
    assert unasked_id("seller_id", "GET PRODUCTS BY ID", "Get Amazon India products by Id")
    assert unasked_id("countryId", "Country by id", "Get a country by its id.")
    assert unasked_id("teamId", "Team details", "Details of a team, using the team ID you got from Teams.")
    # "with" names what comes back ("by email, with order id, date, total and status")
    assert not unasked_id("order_id", "Recent Orders", "List recent orders by email, with order id, date and total.")
    assert not unasked_id("user_id", "Get user ID", "Returns the user ID from a username")
    assert not unasked_id("category_id", "Categories", "Get all the category IDs by a store id")
