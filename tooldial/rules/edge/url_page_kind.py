"""Inside one tool, a URL of one kind of page into an input that asks for another kind (a LinkedIn ``/company/``
or ``/groups/`` URL into Proxycurl's person-profile ``linkedin_profile_url``, a ``/in/`` person URL into a company
URL input). The kind is read from the first path segment of a documented example URL, else from the words of the
value's name and record path, its API's name (outputs) or its documentation (inputs); the words are data
(``web`` pack: ``url_page_segments``, ``url_page_words``, ``url_page_weak_words``)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tooldial.graph.entities import Entity
from tooldial.graph.reasons import EdgeReason
from tooldial.graph.verdict import Verdict
from tooldial.knowledge import loader
from tooldial.knowledge.lexicon import tokens
from tooldial.rules.edge.base import EdgeCase, EdgeRule, Tools

SEGMENTS: Mapping[str, object] = loader.word_map("web", "url_page_segments")
WORDS: Mapping[str, object] = loader.word_map("web", "url_page_words")
WEAK_WORDS: Mapping[str, object] = loader.word_map("web", "url_page_weak_words")
URL_WORDS = loader.words("web", "url_words")
_URL = re.compile(r"^https?://[^/\s]+/([^/?#\s]+)", re.IGNORECASE)


def _kind(words: Iterable[str], table: Mapping[str, object]) -> str | None:
    """The kind of the first word in ``words`` that ``table`` names (``None`` when none does)."""
    return next((str(table[w]) for w in words if w in table), None)


def _is_url(entity: Entity) -> bool:
    return bool(URL_WORDS & set(tokens(entity.raw or entity.key.rsplit("|", 1)[-1]))) or bool(_URL.match(entity.example))


def page_kind(entity: Entity) -> str | None:
    """The kind of page a URL value addresses (``person``, ``company``, ``school``, ``group``, ``job``), or
    ``None`` when nothing says."""
    if (m := _URL.match(entity.example)) and (kind := SEGMENTS.get(m.group(1).lower())) is not None:
        return str(kind)
    if entity.role == "output":  # the leaf's words first, then its records' (nearest first), then the API's name
        named = tuple(w for part in reversed(entity.key.split("|")) for w in tokens(part))
        return (_kind(named, WORDS) or _kind(tokens(entity.api_id.rsplit("|", 1)[-1]), WORDS)
                or _kind(named, WEAK_WORDS))
    named = tokens(entity.key) + tokens(entity.documented)
    return _kind(named, WORDS) or _kind(named, WEAK_WORDS)


class UrlPageKind(EdgeRule):
    """Two URLs of one tool whose kinds of page (:func:`page_kind`) are both known and differ."""

    tools = Tools.SAME
    codes = (EdgeReason.URL_PAGE_KIND,)

    def judge(self, case: EdgeCase) -> Verdict | None:
        source, target = case.source, case.target
        if not (_is_url(source) and _is_url(target)):
            return None
        have, want = page_kind(source), page_kind(target)
        if have is not None and want is not None and have != want:
            return Verdict(False, f"a URL of a {have} page into an input that asks for a {want} page", 0.8,
                           "value", code=EdgeReason.URL_PAGE_KIND)
        return None
