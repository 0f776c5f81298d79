"""The ``paging_cursor`` edge rule: a pagination cursor continues only the listing that returned it."""

from __future__ import annotations

import pytest

from tooldial.graph.entities import Entity
from tooldial.rules.edge.paging_cursor import is_cursor, listing_words


def _out(key: str, api: str = "Social|twitter|Hashtag") -> Entity:
    return Entity(api_id=api, role="output", key=key, name=key, description=key)


@pytest.mark.parametrize(("key", "cursor"), [
    ("continuation_token", True), ("data|next_cursor", True), ("nextPageToken", True), ("meta|scroll_id", True),
    ("page_marker", True), ("next_token", True),
    ("token", False), ("access_token", False), ("page", False), ("next_page", False), ("video_id", False),
])
def test_a_cursor_is_named_by_its_leaf(key: str, cursor: bool) -> None:
    assert is_cursor(_out(key)) is cursor


def test_a_listings_continuation_holds_every_word_of_the_listing() -> None:
    assert listing_words("S|twitter|Tweet User Retweets") <= listing_words("S|twitter|Tweet User Retweets Continuation")
    assert listing_words("S|twitter|Continuation User's Likes_2") == {"user", "like"}
    assert not listing_words("S|twitter|Hashtag") <= listing_words("S|twitter|Tweet Replies Continuation")


def test_the_rule_leaves_a_listings_own_continuation_to_the_other_rules() -> None:
    from tooldial.graph.value_kinds import classify
    from tooldial.graph.verdict import RuleConfig
    from tooldial.rules.edge.base import EdgeCase
    from tooldial.rules.edge.paging_cursor import PagingCursor

    source = _out("continuation_token")
    for target_api, decided in (("Social|twitter|Hashtag Continuation", False),
                                ("Social|twitter|Lists Tweets Continuation", True)):
        target = Entity(api_id=target_api, role="input", key="continuation_token", name="continuation token",
                        description="continuation token")
        case = EdgeCase(source, target, classify(source), classify(target), 0.9, 0.9, 1.0, "", "", RuleConfig(),
                        False)
        assert (PagingCursor().judge(case) is not None) is decided


def test_an_implied_id_stays_inside_its_system() -> None:
    from tooldial.graph.value_kinds import classify
    from tooldial.graph.verdict import RuleConfig
    from tooldial.rules.edge.base import EdgeCase
    from tooldial.rules.edge.implied_scope import ImpliedScope

    def case(source: Entity, target_api: str, provider: str = "") -> EdgeCase:
        target = Entity(api_id=target_api, role="input", key="petId", name="pet id", description="pet id",
                        provider=provider)
        return EdgeCase(source, target, classify(source), classify(target), 1.0, 1.0, 1.0, "", "", RuleConfig(),
                        False)

    implied = Entity(api_id="S|store_a|addPet", role="output", key="petId", name="pet id", description="pet id",
                     implied=True, provider="")
    assert ImpliedScope().judge(case(implied, "S|store_b|getPetById")) is not None
    one_file = Entity(api_id="S|add_pet|add_pet", role="output", key="petId", name="pet id", description="pet id",
                      implied=True, provider="file:pets.json")
    assert ImpliedScope().judge(case(one_file, "S|get_pet|get_pet", provider="file:pets.json")) is None
    documented = Entity(api_id="S|store_a|addPet", role="output", key="petId", name="pet id", description="pet id")
    assert ImpliedScope().judge(case(documented, "S|store_b|getPetById")) is None
