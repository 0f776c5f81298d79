"""Words for slots and values that people say: what a message calls a parameter spelled as code, and which
multi-word values are headline titles rather than filler.

- :func:`slot_label`: a parameter name of one or two letters (``q``, ``s``, ``n``) is never said as is ("The q?
  le guin earthsea"): it is called by its documented meaning from ``tooldial/data/short_slot_names.json``
  (knowledge as data), else by the plain words of the name (``stationId`` → ``station id``).
- :func:`is_headline`: a title written in headline style — capitalised words with the small connecting words
  inside it in lower case ("A Short History of Space Travel") — is a real title. Faker's lorem text never has
  that shape: its words are all lower case, or only the first is capitalised, and a ``.title()`` of them
  capitalises the small words too ("Civil Of Minute").
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from tooldial.knowledge import loader

#: Words a headline keeps in lower case inside it (articles, conjunctions, short prepositions).
SMALL_WORDS = loader.words("english", "headline_small_words")


@lru_cache(maxsize=1)
def short_slot_names() -> dict[str, str]:
    """``{"q": "search terms", ...}`` from the package data."""
    path = resources.files("tooldial") / "data" / "short_slot_names.json"
    return {k.lower(): v for k, v in json.loads(path.read_text(encoding="utf-8")).items()}


def slot_label(name: str, plain: str) -> str:
    """How a message calls the parameter ``name`` whose plain words are ``plain``."""
    if len(name) <= 2:
        return short_slot_names().get(name.lower(), plain)
    return plain


def is_headline(value: str) -> bool:
    """Whether ``value`` is a title in headline style (see the module docstring)."""
    words = value.split()
    if len(words) < 3 or not words[0][:1].isupper():
        return False
    inner = words[1:]
    small = [w for w in inner if w.lower() in SMALL_WORDS]
    if not small or any(not w.islower() for w in small):
        return False
    return all(w[:1].isupper() for w in inner if w.lower() not in SMALL_WORDS and w[:1].isalpha())
