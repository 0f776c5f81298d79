"""A list whose documentation types its items as bare objects (no fields, no example) holds records of the kind it
lists (``mockdata.hollow``, ``records.typical_fields``): an image search returns images, not only a status."""

from __future__ import annotations

import random

from tooldial.corpus.models import Api, OutputComponent
from tooldial.dialogue.mockdata import build_result
from tooldial.dialogue.mockdata.hollow import looks_up, one_record, record_noun


def _api(name: str, key: str = "data", method: str = "GET") -> Api:
    return Api(category="Data", tool="Real-Time Image Search", name=name, description="", method=method,
               output_components=(OutputComponent(path=("status",), type="string"),
                                  OutputComponent(path=(key,), type="object", is_list=True, list_at=(key,))))


def test_the_record_noun_is_the_lists_key_else_the_apis_subject():
    assert record_noun(_api("Search Images"), ("data",)) == "image"
    assert record_noun(_api("Get Amazon Product Reviews"), ("reviews",)) == "review"
    assert record_noun(_api("uiConfiguration"), ("response",)) is None  # a kind the pack does not know


def test_an_image_search_returns_images():
    body = build_result(_api("Search Images"), random.Random(0), records=3)["response"]
    images = body["data"]
    assert len(images) == 3 and all(str(image["url"]).startswith("https://") for image in images)
    assert all("thumbnail" in image for image in images)


def test_a_details_lookup_holds_one_record_and_a_change_holds_none():
    assert one_record(_api("Video Details By Id")) and not one_record(_api("Search Videos"))
    video = build_result(_api("Video Details By Id", "response"), random.Random(1), records=3)["response"]["response"]
    assert len(video) == 1 and video[0]["title"]
    # "addUser" or a DELETE returns no page of users, whatever schema its documentation copied
    assert not looks_up(_api("addUser")) and not looks_up(_api("Images", method="DELETE"))
    assert "response" not in build_result(_api("addUser", "response"), random.Random(1), records=3)["response"]


def test_a_documented_list_is_left_as_documented():
    api = Api(category="Data", tool="t", name="Search Images", example_response={"data": [{"link": "https://a.b/c"}]})
    rows = build_result(api, random.Random(0), records=3)["response"]["data"]
    assert all(set(row) == {"link"} for row in rows)


def test_the_apis_subject_is_read_before_what_it_is_asked_by():
    assert record_noun(_api("Players by Country"), ("response",)) == "player"
    assert record_noun(_api("languages [Per Country]"), ("response",)) is None  # languages, not countries


def test_the_typical_fields_are_the_packs():
    from tooldial.dialogue.mockdata import hollow
    from tooldial.knowledge import loader

    assert dict(loader.word_map("records", "typical_fields")) == hollow._TYPICAL


def _undocumented(name: str, method: str = "GET", category: str = "Data", tool: str = "Acme",
                  required: tuple[str, ...] = ()) -> Api:
    from tooldial.corpus.models import Parameter

    return Api(category=category, tool=tool, name=name, description="", method=method,
               required_parameters=tuple(Parameter(name=p, type="string") for p in required))


def test_an_undocumented_lookup_returns_the_records_its_name_names():
    users = build_result(_undocumented("List Users"), random.Random(0), records=3)["response"]
    assert set(users) == {"users"} and len(users["users"]) == 3
    assert all(user["username"] and user["full_name"] for user in users["users"])
    # one record when the name asks for one: "Details", a singular noun, the record's own id
    product = build_result(_undocumented("Get Amazon Product Details"), random.Random(0))["response"]
    assert product["name"] and isinstance(product["price"], float)
    image = build_result(_undocumented("SubredditImage", required=("image_id",)), random.Random(0))["response"]
    assert str(image["url"]).startswith("https://")
    # a singular noun beside a word that asks for a page is still a page ("Video Search")
    assert len(build_result(_undocumented("Video Search"), random.Random(0), records=2)["response"]["videos"]) == 2


def test_an_undocumented_call_keeps_its_status_when_its_name_gives_no_record():
    bare = {"response": {"status": "success"}}
    assert build_result(_undocumented("Video Id By Url"), random.Random(0)) == bare  # an id, not videos
    assert build_result(_undocumented("Delete Users", method="DELETE"), random.Random(0)) == bare
    assert build_result(_undocumented("Get Server Health"), random.Random(0)) == bare  # no record the pack knows
    # "property" is a home only where the API is about homes
    assert build_result(_undocumented("Get All Properties", category="Education", tool="Periodic Table"),
                        random.Random(0)) == bare
    home = build_result(_undocumented("Property details", tool="Zillow"), random.Random(0))["response"]
    assert home["address"] and isinstance(home["bedrooms"], int)


def test_the_model_writes_the_drawn_records_of_an_undocumented_lookup():
    from tooldial.dialogue.model_parts.undocumented import (
        drawn_keys,
        wants_written_response,
        written_problems,
    )

    api = _undocumented("List Users")
    result = build_result(api, random.Random(0))
    assert drawn_keys(api) == {"users"} and wants_written_response(api, result)
    written, problems, _ = written_problems('{"users": [{"name": "Ada"}]}', {"required_parameters": {}}, result,
                                            drawn=drawn_keys(api))
    assert problems == [] and written == {"response": {"users": [{"name": "Ada"}]}}


def test_followers_are_drawn_only_on_a_social_network():
    business = build_result(_undocumented("List Users", category="Business", tool="calltrackingmetrics"),
                            random.Random(0))["response"]["users"]
    assert all("followers" not in user and "profile_url" not in user and user["username"] for user in business)
    social = build_result(_undocumented("List Users", category="Social", tool="Acme"), random.Random(0))
    assert all(isinstance(user["followers"], int) for user in social["response"]["users"])


def test_a_noun_of_other_senses_is_read_so_only_in_its_context_from_the_pack():
    from tooldial.dialogue.mockdata import hollow
    from tooldial.knowledge import loader

    contexts = loader.word_map("records", "noun_contexts")
    assert set(contexts) <= set(hollow._TYPICAL)  # a typo names no typical record
    assert {k: frozenset(v) for k, v in contexts.items()} == hollow._NOUN_CONTEXTS
