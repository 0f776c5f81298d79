"""A request says a documentation title's capitals in lower case (``intents.casing.sentence_case``, read by
``goal_clause``), and keeps a name's. The clauses are written for these tests in the shapes real API docs take."""

from __future__ import annotations

import pytest

from tooldial.corpus.models import Api
from tooldial.dialogue.intents import goal_clause
from tooldial.dialogue.intents.casing import sentence_case


def _said(clause: str, keep: tuple[str, ...] = ()) -> str:
    return " ".join(sentence_case(clause.split(), keep=keep))


@pytest.mark.parametrize(("clause", "said"), [
    ("pull up Customer Information", "pull up customer information"),
    ("convert Any Text To Speech", "convert any text to speech"),  # small words inside the title too
    ("get A long horoscope", "get a long horoscope"),  # an article before a lower-case word
    ("find all custom Organization Fields", "find all custom organization fields"),
])
def test_a_titles_capitals_are_said_in_lower_case(clause: str, said: str) -> None:
    assert _said(clause) == said


@pytest.mark.parametrize("clause", [
    "find Arsenal FC latest news",  # an acronym in the run: a name
    "get the Spain Songs chart",  # a word no lexicon of common words holds: a name
    "get IBBI or Insolvency and Bankruptcy Board of India",  # one name across its small words
    "pull up deaths in the United States",  # a country (after a preposition too)
    "pull up all articles for Trump",  # after a preposition, names stand as often as titles
    "get the distance between point A",  # a letter that labels
    "get Auto-Detects statements",  # no title-case word
])
def test_a_names_capitals_stay(clause: str) -> None:
    assert _said(clause) == clause


def test_a_country_of_common_words_keeps_its_capitals() -> None:
    assert _said("list United States holidays") == "list United States holidays"


def test_the_tools_own_words_keep_their_capitals() -> None:
    assert _said("get the Favorite Tweet", keep=("Favorite", "Tweet")) == "get the Favorite Tweet"
    assert _said("get the Favorite Tweet") == "get the favorite tweet"


def test_the_goal_clause_says_a_title_in_lower_case_with_its_article() -> None:
    api = Api(category="Data", tool="Forums", name="Forum Category", description="Get Forum Category", method="GET")
    assert goal_clause(api).endswith(" the forum category")  # the goal verb is one of four, by the API's id
