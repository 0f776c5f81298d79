"""Paging: how many records a call asks for, and a page, page count and total that agree with the call."""

from __future__ import annotations

from typing import Any

from tooldial.dialogue.mockdata.fields import name_tokens
from tooldial.dialogue.mockdata.paths import as_text
from tooldial.knowledge import loader

#: Inputs that say how many records a list holds: a page size / limit caps it, a number of days sets it.
_LIMIT_WORDS = loader.words("paging", "limit_inputs")


_DAYS_NAMES = loader.words("paging", "days_inputs")


#: The most records one list gets from a requested count (a 30-day history, not a 1,000-row page).
MAX_REQUESTED_RECORDS = 31


def requested_count(value: Any) -> int | None:
    text = as_text(value).strip()
    return int(text) if text.isdigit() and 0 < int(text) <= 100_000 else None


def requested_records(inputs: dict[str, Any], records: int) -> int:
    """How many records a result's lists hold: as many days as asked (``days=5`` → 5 forecast days), at most
    the page size / limit asked (``pageSize=1`` → 1 record), else ``records``."""
    for key, value in inputs.items():
        n = requested_count(value)
        if n is None:
            continue
        joined = "".join(name_tokens(key))
        if joined in _DAYS_NAMES:
            return min(n, MAX_REQUESTED_RECORDS)
    for key, value in inputs.items():
        n = requested_count(value)
        toks = set(name_tokens(key))
        if n is None or "page" in toks and not toks & _PAGE_SIZE_WORDS or toks & _OFFSET_WORDS:
            continue
        if toks & _LIMIT_WORDS or "".join(toks) in _LIMIT_WORDS:
            return max(1, min(records, n))
    return records


#: Result keys holding the page a result is (``currentPage``, ``page``, ``pageNumber``) and how many pages
#: there are (``pages``, ``totalPages``, ``lastPage``).
PAGE_KEYS = loader.words("paging", "page_keys")


PAGES_KEYS = loader.words("paging", "pages_keys")


_TOTAL_KEYS = loader.words("paging", "total_keys")


SIZE_KEYS = loader.words("paging", "size_keys")
#: Whole input names of a page size asked for; words of a page size, of an offset; how a total's key starts, ends.
_REQUESTED_SIZE_KEYS = loader.words("paging", "requested_size_keys")
_PAGE_SIZE_WORDS = loader.words("paging", "page_size_words")
_OFFSET_WORDS = loader.words("paging", "offset_words")
_TOTAL_STARTS = loader.ordered_words("paging", "total_starts")
_TOTAL_ENDINGS = loader.ordered_words("paging", "total_endings")


def named_total(joined: str) -> bool:
    """A key the pack names as a count of all records (``total``, ``totalElements``), not one read by its words."""
    return joined in _TOTAL_KEYS


def is_total(joined: str) -> bool:
    """A count of all records (``total``, ``totalRecordsCount``, ``numberOfProducts``), not of pages."""
    return joined in _TOTAL_KEYS or joined not in PAGES_KEYS and "page" not in joined and (
        joined.startswith(_TOTAL_STARTS) and joined.endswith(_TOTAL_ENDINGS))


#: Result keys about paging, not about what was asked (``current_page: 1``, ``nextOffset: 2``).
PAGING_KEYS = loader.words("paging", "paging_keys")
#: Words that make a key about the listing (``resultsPerPage``), and the words such a key may hold beside them.
_LISTING_KEY_WORDS = loader.words("paging", "listing_key_words")
_LISTING_WORDS = _LISTING_KEY_WORDS | loader.words("paging", "listing_key_fill")


def listing_key(key: str) -> bool:
    """Whether a result key is about the listing rather than its records: a paging key (``current_page``), or a
    name of two words or more made only of listing words, one of them a paging or counting word
    (``resultsPerPage``, ``totalResultCount``, ``currentOffset``, ``numberOfItems``). A key of one word is read by
    the lists alone: a bare ``count`` is a face detector's answer, not the listing's."""
    if key.lower() in PAGING_KEYS:
        return True
    words = set(name_tokens(key))
    return len(words) > 1 and words <= _LISTING_WORDS and bool(words & _LISTING_KEY_WORDS)


def page_input(inputs: dict[str, Any]) -> int | None:
    """The page a call asked for (``page``, ``pageNumber``, ``page_no``), or None."""
    for key, value in inputs.items():
        if "".join(name_tokens(key)) in PAGE_KEYS | {"p"}:
            return requested_count(value)
    return None


def asked_page_size(inputs: dict[str, Any]) -> int | None:
    for key, value in inputs.items():
        if "".join(name_tokens(key)) in _REQUESTED_SIZE_KEYS:
            return requested_count(value)
    return None
