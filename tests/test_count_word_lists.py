"""``scripts/count_word_lists.py --inline``: which literals in a function count as an inline word set (issue 29's
progress measure must not count format strings or our own format's keys as domain vocabulary)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("count_word_lists", REPO / "scripts" / "count_word_lists.py")
counter = importlib.util.module_from_spec(spec)
spec.loader.exec_module(counter)

SNIPPET = '''
WORDS = ("a", "b", "c")  # module level: the default count's, not an inline set


def name(f, parent, topic):
    if parent & {"sport", "sports", "genre"}:
        return None
    if f.about("city", "cities", "place") or f.has("x", "y"):
        return frozenset({"team", "club", "squad"})
    for fmt in ("{Topic} live", f"{topic} now", "%d items", "a/b"):
        pass
    if parent in ("inform", "request", "call"):
        return 1
    return ["id", "name", "type"][0]
'''


def _sets() -> list[tuple[int, list[str], bool]]:
    return counter.inline_sets(SNIPPET, frozenset({"inform", "request", "call"}))


def test_inline_sets_are_found_in_literals_and_call_arguments() -> None:
    found = {" ".join(words) for _, words, _ in _sets()}
    assert {"sport sports genre", "city cities place", "team club squad", "id name type"} <= found


def test_module_level_lists_short_calls_and_non_words_are_no_inline_sets() -> None:
    found = [words for _, words, _ in _sets()]
    assert ["a", "b", "c"] not in found  # module level: counted by the default mode
    assert not any("x" in w for w in found)  # two arguments are no set
    assert not any("live" in " ".join(w) or "%d" in " ".join(w) for w in found)  # format strings are no words


def test_a_set_of_our_own_format_words_is_counted_apart() -> None:
    own = [(words, is_format) for _, words, is_format in _sets() if "inform" in words]
    assert own == [(["inform", "request", "call"], True)]
    assert all(not is_format for _, words, is_format in _sets() if "sport" in words)


def test_the_values_of_a_str_enum_are_code_constants() -> None:
    source = 'from enum import StrEnum\n\n\nclass Kind(StrEnum):\n    CITY = "city"\n    NAME = "name"\n    X = 3\n'
    assert counter.enum_values(source) == {"city", "name"}
