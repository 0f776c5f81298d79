"""A bare singular object gets its article (``intents.determiners.with_article``, read by ``goal_clause``): API names
and telegraphic descriptions say "Verify Certificate" or "Create Order"; a user says "verify the certificate" and
"create an order". The names are written for these tests in the shapes real API docs take."""

from __future__ import annotations

import pytest

from tooldial.corpus.models import Api
from tooldial.dialogue.intents import goal_clause
from tooldial.dialogue.intents.determiners import with_article


def _api(name: str, description: str = "", method: str = "GET") -> Api:
    return Api(category="Data", tool="Certify", name=name, description=description, method=method)


@pytest.mark.parametrize(("clause", "said"), [
    ("verify certificate", "verify the certificate"),
    ("create order", "create an order"),  # a verb that makes a record: any one of its kind
    ("upload file to folder", "upload a file to folder"),  # the object ends where its phrase starts
    ("get price of bitcoin", "get the price of bitcoin"),
    ("look up rider profile", "look up the rider profile"),  # after the particle of a phrasal verb
    ("get random quote", "get a random quote"),  # a word that makes it any one
    ("create new user account", "create a new user account"),
    ("get user video feed for the last five days", "get the user video feed for the last five days"),
])
def test_a_bare_singular_object_gets_its_article(clause: str, said: str) -> None:
    assert " ".join(with_article(clause.split())) == said


@pytest.mark.parametrize("clause", [
    "get all users",  # already determined
    "look up rider details",  # plural
    "get weather information",  # uncountable
    "search location",  # the object of a search is what is searched
    "list agencies or search for agencies",  # two phrases joined
    "find out what guests say about a hotel",  # a clause, not a noun phrase
    "find out more about the product",
    "get optimal driving",  # a gerund
    "pull up currencies we support",  # no noun phrase
    "get Channel Live Streams",  # a title in capitals
    "update them as well",  # a pronoun, which the lexicon lists as a noun
    "thank you",
])
def test_what_is_no_bare_singular_object_stays(clause: str) -> None:
    assert " ".join(with_article(clause.split())) == clause


def test_the_goal_clause_says_the_article() -> None:
    assert goal_clause(_api("Verify Certificate", method="POST")) == "verify the certificate"
    assert goal_clause(_api("Create Order", description="Create order", method="POST")) == "create an order"
    assert goal_clause(_api("Delete Exception", method="DELETE")) == "delete the exception"
