"""An API name that is a REST path, read as its parts (:func:`path_segments`): ``/customers/{id}/orders`` names
the orders of one customer, ``/courses/:id/unarchive`` an action on one course. The intent clauses
(:func:`tooldial.dialogue.intents.clauses.name_clause`) say what a user asks for from these parts instead of
reading every segment aloud ("get the customers orders numbers delete")."""

from __future__ import annotations

import re
from dataclasses import dataclass
from http import HTTPMethod

from tooldial.dialogue.intents.text import name_words
from tooldial.knowledge.loader import word_map
from tooldial.knowledge.loader import words as knowledge_words

#: What a method does to the record a path names when no segment says it (GET: get, DELETE: delete); POST is
#: not there: it creates, searches or computes, and only the path's words can tell which.
METHOD_VERBS = {str(k).upper(): str(v) for k, v in word_map("actions", "method_verbs").items()}
#: File extensions of a script's path ("/sms.do", "/validate.php"): how the server is built, not what it does.
_EXTENSIONS = knowledge_words("documentation", "path_extensions")

#: A numbered entry's label before a name ("E34.assessments/:id", "4. Mortgage Calculator", "V3.charts").
ENUMERATOR = re.compile(r"^[A-Za-z]{0,2}\d+\.\s*(?=\S)")
#: The HTTP methods as a regular expression's alternatives (``GET|POST|…``).
HTTP_METHODS = "|".join(HTTPMethod.__members__)
_METHOD_PREFIX = re.compile(rf"^(?:{HTTP_METHODS})\s+(?=/)", re.I)
#: ToolBench's number of a name's second copy ("Recognize Bytes_2").
_COPY_NUMBER = re.compile(r"_\d+$")


def without_copy_number(name: str) -> str:
    """``name`` without ToolBench's ``_2`` of a second API of the same name."""
    return _COPY_NUMBER.sub("", name)
_HOST = re.compile(r"^[a-z][a-z0-9+.-]*://[^/\s]*", re.I)
_PARAMETER = re.compile(r"^(?:\{[^}]*\}|:\w+|<[^>]*>)$")
_NOTE = re.compile(r"\s+\([^)]*\)\s*$")  # "/project/create (Create project)": the path's own gloss


@dataclass(frozen=True, slots=True)
class Segment:
    """A literal segment of a path as words, and whether a path parameter follows it (``orders/{id}``: one
    order, not the collection)."""

    words: tuple[str, ...]
    one: bool = False


def path_segments(name: str) -> list[Segment] | None:
    """The literal segments of ``name`` read as a REST path, or None when it is no path: it has no ``/`` or
    holds spaces ("MP3/MP4 Converter" is a title). A leading method or numbered label, a host, a query string,
    a file extension, a ToolBench copy's ``_2`` and noise words (``api``, ``v1``) are dropped; a segment left
    with no words goes (a host alone leaves no segment: ``[]``)."""
    text = _NOTE.sub("", name.strip())
    text = ENUMERATOR.sub("", _METHOD_PREFIX.sub("", text))
    text = _HOST.sub("", text).split("?", 1)[0]
    if ("/" not in text and text) or re.search(r"\s", text):
        return None
    out: list[Segment] = []
    for part in text.split("/"):
        if _PARAMETER.match(part):
            if out:
                out[-1] = Segment(out[-1].words, one=True)
            continue
        stem, dot, extension = part.rpartition(".")
        if dot and extension.lower() in _EXTENSIONS:
            part = stem
        said = tuple(name_words(without_copy_number(part)))
        if said:
            out.append(Segment(said))
    return out
