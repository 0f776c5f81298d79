"""Words of API names and descriptions: split, made readable, glued names split with an English word list."""

from __future__ import annotations

import re
from functools import lru_cache

from tooldial.knowledge.loader import words as knowledge_words


def words(text: str) -> list[str]:
    """Lowercase words of a name or description (camelCase and separators split)."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", text)
    return [w for w in re.split(r"[^A-Za-z0-9']+", spaced.lower()) if w]


def readable(name: str) -> str:
    """``stationId`` → ``station id``; ``/crypto/intraday`` → ``crypto intraday``."""
    return " ".join(words(name)) or name


#: Short words a glued name may hold ("setthepermissionsofafile"); other pieces under 3 letters mean a bad split.
_FUNCTION_WORDS = knowledge_words("documentation", "function_words")
#: Words of an API name that say nothing of what it does (path noise: ``/api/v1.0/image_caption``).
_NAME_NOISE = knowledge_words("documentation", "name_noise")


@lru_cache(maxsize=1)
def _word_costs() -> dict[str, float]:
    import wordninja

    return wordninja.DEFAULT_LANGUAGE_MODEL._wordcost


def raw_name(word: str) -> bool:
    """A field or parameter name no person would say: ``snake_case``, ``camelCase``, a letter-digit mix
    (``AddressLine1``) or a glued non-word of 7+ letters (``animename``, ``arturl`` is too short to tell)."""
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", word) or len(word) < 4:
        return False
    if "_" in word.strip("_") or re.search(r"[a-z][A-Z]", word) or re.search(r"[A-Za-z]\d", word):
        return True
    return len(word) >= 7 and word.isalpha() and word.lower() not in _word_costs()


def glued_words(word: str, *, short: frozenset[str] = frozenset()) -> list[str] | None:
    """The English words ``word`` runs together ("setthepermissionsofafile" → set the permissions of a file,
    "cryptocurrencies" → crypto currencies), or ``None`` when it is no such run: one piece, a piece of under three
    letters that is not one of ``short`` ("tolatlng" → to lat lng), or a run ending in one of ``short`` ("linked
    in")."""
    import wordninja

    costs = _word_costs()
    parts = wordninja.split(word)
    if len(parts) < 2 or parts[-1] in short:
        return None
    return parts if all((len(p) >= 3 and p in costs) or p in short for p in parts) else None


#: Endings that make a noun of a known word ("downloader"): such a word is no glued run of two.
_DERIVATIONS = tuple(sorted(knowledge_words("english", "derivational_endings"), key=len, reverse=True))


def derived_word(word: str) -> bool:
    """Whether ``word`` is a known word of four letters or more with a derivational ending
    (``english.derivational_endings``: "download" + "er", "geocode" + "r"), which the word list lacks but English
    has: "downloader" is not "down loader"."""
    costs = _word_costs()
    return any(word.endswith(end) and len(word) - len(end) >= 4 and word[:-len(end)] in costs for end in _DERIVATIONS)


def name_words(name: str) -> list[str]:
    """The words of an API name, glued ones split with an English word list (``setthepermissionsofafile`` →
    ``set the permissions of a file``) and path noise (``api``, ``v1``, numbers) dropped."""
    out: list[str] = []
    for word in words(name):
        if word in _NAME_NOISE or re.fullmatch(r"v?\d+", word):
            continue
        if len(word) >= 8 and word.isalpha() and word not in _word_costs() and not derived_word(word):
            parts = glued_words(word, short=_FUNCTION_WORDS)  # not "extend au th token", "linked in"
            if parts is not None:
                out += parts
                continue
        out.append(word)
    return out


def _stem(word: str) -> str:
    """A word without its plural or possessive ending: "restaurants", "restaurant's" → "restaurant"."""
    return re.sub(r"(?:'s|s')$|(?<=[^s])s$", "", word.lower())
