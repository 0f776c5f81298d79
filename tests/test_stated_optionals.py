"""An optional input enters a dialogue only when the user states it, so only inputs a person would state are
offered: not how the answer is paged, encoded or sent ("The offset is 0.", "format json")."""

from __future__ import annotations

import random

from tooldial.corpus.models import Api, Parameter
from tooldial.dialogue.planner import choose_slots
from tooldial.dialogue.sequences import profile_of, stated_optionals


def _api(*optional: str) -> Api:
    return Api(category="Media", tool="news", name="Search News", description="Search news articles",
               required_parameters=(Parameter(name="q"),),
               optional_parameters=tuple(Parameter(name=n) for n in optional))


def test_paging_and_transport_inputs_are_not_stated():
    api = _api("page", "offset", "nextPageToken", "continuation", "format", "X-RapidAPI-Key", "callback", "language",
               "pageSize", "from_date")
    assert stated_optionals(api) == ["language", "pageSize", "from_date"]  # how many: "just the top 5"
    assert stated_optionals(api, chain="language") == ["pageSize", "from_date"]


def test_an_api_whose_optionals_are_all_controls_offers_no_optional_slot():
    controls = _api("page", "cursor", "apiVersion")
    assert profile_of(controls).target_slots == (1, 1)
    assert profile_of(_api("offset", "country")).target_slots == (1, 2)
    for seed in range(10):
        slots = choose_slots(_api("offset", "country"), random.Random(seed), chain=None, add_optional=True)
        assert slots.optional == ["country"]


def test_how_many_records_is_said_as_a_number_of_them():
    from tooldial.dialogue.intents.bank import CLEAR_ADD_COUNT_TEMPLATES, CLEAR_ADD_TEMPLATES, count_input

    assert count_input("maxResults") and count_input("page_size") and count_input("limit")
    assert not count_input("size") and not count_input("country")  # a shoe's or a picture's size is no count
    assert len(CLEAR_ADD_COUNT_TEMPLATES) == len(CLEAR_ADD_TEMPLATES)  # the bank's choice reads five of each
    assert not any("{label}" in t for t in CLEAR_ADD_COUNT_TEMPLATES)
