"""A count agrees with the records listed beside it (world rule ``paging``): a total counts at least them (and the
pages before them); a ``count`` of a result that is not paged counts exactly them. Whole ToolBench, 3 seeds: 237 of
3,195 built results broke this ("count": 109 beside 2 faces, "total_vessels": 1 beside 3 vessels)."""

from __future__ import annotations

import random

import pytest

from tooldial.corpus.models import Api, OutputComponent
from tooldial.dialogue.mockdata import build_result
from tooldial.rules.dialogue.paging import fix_paging, paging_problems


@pytest.mark.parametrize(("inputs", "body", "fixed"), [
    ({}, {"count": 109, "faces": [{}, {}]}, 2),  # not paged: the count is the faces listed
    ({}, {"total_vessels": "1", "vessels": [{}, {}, {}]}, "3"),  # a total below its list; its form kept
    ({"page": "3", "limit": "10"}, {"total": 5, "results": [{}, {}]}, 22),  # two full pages came before
])
def test_a_count_below_or_beside_its_list_is_reported_and_fixed(inputs: dict, body: dict, fixed: object) -> None:
    key = next(iter(body))
    assert [p.keys for p in paging_problems(inputs, body)] == [(key,)]
    fix_paging(body, inputs)
    assert body[key] == fixed and not paging_problems(inputs, body)


@pytest.mark.parametrize(("inputs", "body"), [
    ({}, {"total": 31, "results": [{}, {}]}),  # a total of all matches may exceed one page
    ({}, {"count": 523, "next": "https://api.example.com/items?page=2", "results": [{}, {}]}),  # paged by a link
    ({"limit": "2"}, {"count": 40, "items": [{}, {}]}),  # the call asked for a page of two
    ({}, {"count": 7, "data": [{}, {}], "tags": ["a"]}),  # two lists, none named like the count: no reading
    ({}, {"userCount": 57, "subTeams": []}),  # not a count of records
])
def test_a_count_that_may_differ_from_its_list_is_left_alone(inputs: dict, body: dict) -> None:
    before = dict(body)
    assert not paging_problems(inputs, body)
    fix_paging(body, inputs)
    assert body == before


def test_a_built_result_counts_what_it_lists() -> None:
    api = Api(category="Visual_Recognition", tool="Face Detection", name="faceDetection", description="",
              output_components=(OutputComponent(path=("count",), type="integer"),
                                 OutputComponent(path=("faces", "confidence"), type="number", is_list=True)))
    for seed in range(5):
        body = build_result(api, random.Random(seed))["response"]
        assert body["count"] == len(body["faces"]), body


@pytest.mark.parametrize(("key", "about_listing"), [
    ("resultsPerPage", True), ("totalResultCount", True), ("currentOffset", True), ("numberOfItems", True),
    ("next_page_cursor", True), ("current_page", True),  # the last one by the pack's whole keys
    ("count", False),  # one word: a face detector's count is its answer
    ("maxCurrent", False), ("TotalSize", False),  # a charger's current, a file's size
    ("itemNumber", False), ("total_reviews", False), ("totalPrice", False),  # a record's own number or amount
])
def test_a_key_about_the_listing_is_read_by_its_words(key: str, about_listing: bool) -> None:
    from tooldial.dialogue.mockdata.paging import listing_key

    assert listing_key(key) is about_listing


def test_a_page_asked_by_nobody_is_the_first_and_a_short_page_the_last() -> None:
    # NPM Repository Search as drawn in sample 3833: page 3 of 10 holding 2 records of a page size of 25
    body = {"query": "react", "page": 3, "pages": 10, "size": 25, "results": [{}, {}]}
    assert any("holds 2 of 25" in p.detail for p in paging_problems({}, body))
    fix_paging(body, {})
    assert (body["page"], body["pages"], body["size"]) == (1, 1, 25) and not paging_problems({}, body)


@pytest.mark.parametrize(("inputs", "body", "fixed"), [
    ({"page": "2", "limit": "10"}, {"page": 2, "total_pages": 5, "total": 48, "items": [{}, {}, {}]},
     {"page": 2, "total_pages": 2, "total": 13}),  # ten on page one, three here: 13 in all
    ({}, {"currentPage": "1", "totalResults": "407", "pageSize": "20", "products": [{}, {}]},
     {"currentPage": "1", "totalResults": "2", "pageSize": "20"}),  # a total beside no page count; text kept
    ({}, {"page": 0, "pages": 4, "size": 10, "items": [{}]}, {"page": 0, "pages": 1, "size": 10}),  # counts from 0
])
def test_a_short_page_ends_the_listing(inputs: dict, body: dict, fixed: dict) -> None:
    assert paging_problems(inputs, body)
    fix_paging(body, inputs)
    assert {k: body[k] for k in fixed} == fixed and not paging_problems(inputs, body)


def test_a_size_beside_no_page_is_no_page_size() -> None:
    body = {"size": 25, "total": 40, "files": [{}, {}]}  # a file store's size and its total files
    assert not paging_problems({}, body)
    fix_paging(body, {})
    assert body == {"size": 25, "total": 40, "files": [{}, {}]}


def test_a_named_total_is_read_before_a_count_of_the_page() -> None:
    # Spring Data's page (Violet /orders/search): number_of_elements counts the page, total_elements all records
    body = {"number": 0, "number_of_elements": 2, "size": 50, "total_elements": 139, "total_pages": 3,
            "content": [{}, {}]}
    assert paging_problems({}, body)
    fix_paging(body, {})
    assert (body["total_elements"], body["total_pages"], body["number_of_elements"]) == (2, 1, 2)
    assert not paging_problems({}, body)
