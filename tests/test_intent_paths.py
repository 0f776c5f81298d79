"""An API name that is a REST path, read as what a user asks for (``intents.paths`` and ``name_clause``): the
method or an action segment says what is done, the segments say to which record and whose. The names are
written for these tests in the shapes real REST docs take."""

from __future__ import annotations

import pytest

from tooldial.corpus.models import Api
from tooldial.dialogue.intents import name_clause
from tooldial.dialogue.intents.paths import Segment, path_segments
from tooldial.dialogue.intents.topics import goal_topic
from tooldial.knowledge.english import indefinite_article, is_base_verb


def _api(name: str, method: str = "GET", tool: str = "Shop") -> Api:
    return Api(category="Data", tool=tool, name=name, description="", method=method)


@pytest.mark.parametrize(("name", "segments"), [
    ("/shops/{shopId}/orders", [Segment(("shops",), one=True), Segment(("orders",))]),
    ("B12.lessons/:id/notes_2", [Segment(("lessons",), one=True), Segment(("notes",))]),
    ("GET /v2/albums/{albumId}/tracks", [Segment(("albums",), one=True), Segment(("tracks",))]),
    ("/reports/export.php?format=csv", [Segment(("reports",)), Segment(("export",))]),
    ("/invoices/new (Create an invoice)", [Segment(("invoices",)), Segment(("new",))]),
    ("https://quotes.example.org", []),
    ("Album Tracks", None),  # a title, not a path
    ("Songs/Albums of an Artist", None),
])
def test_path_segments(name: str, segments: list[Segment] | None) -> None:
    assert path_segments(name) == segments


@pytest.mark.parametrize(("name", "method", "clause"), [
    # the method acts on the last record; a parameter before it picks its owner
    ("/shops/{shopId}/orders", "GET", "get the orders of a shop"),
    ("/shops/{shopId}/orders/{orderId}", "DELETE", "delete an order of a shop"),
    ("B12.lessons/:id/notes", "DELETE", "delete the notes of a lesson"),
    ("B14.lessons/:id", "PATCH", "update a lesson"),
    ("/v1/teams/{teamId}/players", "PUT", "update the players of a team"),
    # an action segment acts on the record before it
    ("/lessons/{id}/unarchive", "PATCH", "unarchive a lesson"),
    ("/photos/{id}/rotate", "POST", "rotate a photo"),
    ("/carts/{cartId}/items/{itemId}/remove", "POST", "remove an item of a cart"),
    ("/tickets/{id}/lines/cancel", "POST", "cancel the lines of a ticket"),
    ("/albums/create", "POST", "create an album"),
    ("/playlists/archive", "PATCH", "archive the playlists"),
    ("/users/{id}/undo", "POST", "undo a user"),
])
def test_path_clause(name: str, method: str, clause: str) -> None:
    assert name_clause(_api(name, method)) == clause


@pytest.mark.parametrize(("name", "method", "clause"), [
    # a GET of a path without an owner keeps the name's words: a trailing parameter filters as often as it picks
    ("/stories/{topic}", "GET", "get the stories from Shop"),
    # POST creates, searches or computes: the method alone says no action
    ("/shops/{shopId}/orders", "POST", "get the shops orders from Shop"),
    # a word that is a noun after a single thing, a plural, or a GET of a noun-verb: no action segment
    ("/account/post", "POST", "get the account post from Shop"),
    ("/product/reviews", "GET", "get the product reviews from Shop"),
    ("/orders/cart", "POST", "get the orders cart from Shop"),
    ("/photos/{id}/capture", "GET", "get the capture of a photo"),  # a GET acts with no noun-verb
    # a path that starts with its verb, or whose last segment starts with one, is read by its words
    ("/search/titles", "GET", "search titles"),
    ("/label/{labelId}/remove-labels", "POST", "remove labels"),
    # a record is a noun: no "linked to" of an assessment
    ("/lessons/{id}/linked-to", "GET", "get the lessons linked to from Shop"),
    # a host alone names no call; the tool is used
    ("https://quotes.example.org", "GET", "use Shop"),
])
def test_path_left_to_the_words(name: str, method: str, clause: str) -> None:
    assert name_clause(_api(name, method)) == clause


@pytest.mark.parametrize(("name", "method", "clause"), [
    ("LessonNotes", "PATCH", "update the lesson notes"),  # a noun name changed by its method: no lookup
    ("Webhook", "DELETE", "delete the webhook"),
    ("LessonNotes", "GET", "get the lesson notes from Shop"),
    ("Deletealesson", "DELETE", "delete a lesson"),
    ("Updateaorder", "PATCH", "update an order"),  # a glued name's article agrees with the next word
    ("BLOGDELETE", "DELETE", "get the blog delete from Shop"),  # a name that holds the verb: not "delete the blog
    # delete"
    ("Editzorbak", "PUT", "get the editzorbak from Shop"),  # nor a verb glued where the word list cannot split
    ("PUT", "PUT", "get the put from Shop"),  # the method as its name
    ("C7.ArchiveLesson", "PATCH", "archive lesson"),  # a numbered entry's label goes
])
def test_noun_names_and_methods(name: str, method: str, clause: str) -> None:
    assert name_clause(_api(name, method)) == clause


def test_path_clause_gives_a_topic() -> None:
    """A path read as a request names what it is about ("the orders of a shop": orders), where the name read as
    words ("get the shops orders from Shop") has no topic a vague user would name."""
    assert goal_topic(_api("/shops/{shopId}/orders")) == "orders"
    assert goal_topic(_api("/shops/{shopId}/orders", "POST")) is None


@pytest.mark.parametrize(("word", "article"), [
    ("user", "a"), ("unit", "a"), ("union", "a"), ("url", "a"), ("euro", "a"), ("one-time", "a"),
    ("update", "an"), ("unread", "an"), ("uninstall", "an"), ("order", "an"), ("hotel", "a"),
])
def test_indefinite_article(word: str, article: str) -> None:
    assert indefinite_article(word) == article


@pytest.mark.parametrize(("word", "verb"), [
    ("capture", True), ("unarchive", True), ("grade", True), ("comments", False), ("description", False),
    ("status", False), ("archived", False),
])
def test_is_base_verb(word: str, verb: bool) -> None:
    assert is_base_verb(word) is verb
