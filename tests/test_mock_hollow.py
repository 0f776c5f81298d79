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
