"""A word of a set the graph reads through its tokenizer (``graph.entities.split_words``: letters and digits split,
``mp3`` → ``mp``, ``3``) is one token of it; a word it cannot produce (``amount_of``, ``mp3``, ``v1``) never
matches, so it would be a dead word in the pack."""

from __future__ import annotations

import pytest

from tooldial.graph.entities import split_words
from tooldial.knowledge import loader

#: (subject, set) read word by word from split_words' tokens; maps by their keys.
TOKEN_SETS = [("quantities", "count_names"), ("records", "naming_leaves"), ("names", "api_name_noise"),
              ("names", "tool_family_noise"), ("names", "entity_api_filler"), ("names", "graph_generic"),
              ("names", "entity_generic"), ("names", "marketplace"), ("identifiers", "identifier"),
              ("identifiers", "provider_scoped"), ("identifiers", "identifier_tail"), ("markets", "ledger"),
              ("containers", "graph_container")]
TOKEN_MAPS = [("media_files", "medium_by_word"), ("standards", "kind_by_word")]


@pytest.mark.parametrize(("subject", "name"), TOKEN_SETS + TOKEN_MAPS)
def test_every_word_is_a_token_the_graph_can_read(subject: str, name: str) -> None:
    words = loader.word_map(subject, name) if (subject, name) in TOKEN_MAPS else loader.words(subject, name)
    assert [w for w in words if split_words(w) != [w]] == []


def test_a_dead_word_is_caught() -> None:
    assert split_words("amount_of") == ["amount", "of"] and split_words("mp3") == ["mp", "3"]
    assert split_words("v1") == ["v", "1"] and split_words("alpha2") == ["alpha", "2"]
