"""Paging: how many records a call asks for, and a page, page count and total that agree with the call."""

from __future__ import annotations

import re
from typing import Any

from tooldial.dialogue.mockdata.fields import _tokens
from tooldial.dialogue.mockdata.paths import _plain_objects, as_text
from tooldial.knowledge import loader

#: Inputs that say how many records a list holds: a page size / limit caps it, a number of days sets it.
_LIMIT_WORDS = loader.words("paging", "limit_inputs")


_DAYS_NAMES = loader.words("paging", "days_inputs")


#: The most records one list gets from a requested count (a 30-day history, not a 1,000-row page).
MAX_REQUESTED_RECORDS = 31


def _count(value: Any) -> int | None:
    text = as_text(value).strip()
    return int(text) if text.isdigit() and 0 < int(text) <= 100_000 else None


def requested_records(inputs: dict[str, Any], records: int) -> int:
    """How many records a result's lists hold: as many days as asked (``days=5`` → 5 forecast days), at most
    the page size / limit asked (``pageSize=1`` → 1 record), else ``records``."""
    for key, value in inputs.items():
        n = _count(value)
        if n is None:
            continue
        joined = "".join(_tokens(key))
        if joined in _DAYS_NAMES:
            return min(n, MAX_REQUESTED_RECORDS)
    for key, value in inputs.items():
        n = _count(value)
        toks = set(_tokens(key))
        if n is None or "page" in toks and not toks & {"size", "per", "limit"} or toks & {"offset", "skip", "start"}:
            continue
        if toks & _LIMIT_WORDS or "".join(toks) in _LIMIT_WORDS:
            return max(1, min(records, n))
    return records


#: Result keys holding the page a result is (``currentPage``, ``page``, ``pageNumber``) and how many pages
#: there are (``pages``, ``totalPages``, ``lastPage``).
_PAGE_KEYS = loader.words("paging", "page_keys")


_PAGES_KEYS = loader.words("paging", "pages_keys")


_TOTAL_KEYS = loader.words("paging", "total_keys")


_SIZE_KEYS = loader.words("paging", "size_keys")


def _is_total(joined: str) -> bool:
    """A count of all records (``total``, ``totalRecordsCount``, ``numberOfProducts``), not of pages."""
    return joined in _TOTAL_KEYS or joined not in _PAGES_KEYS and "page" not in joined and (
        joined.startswith(("total", "numberof")) and joined.endswith(("count", "records", "results", "items", "rows",
                                                                    "elements", "s")))


def page_input(inputs: dict[str, Any]) -> int | None:
    """The page a call asked for (``page``, ``pageNumber``, ``page_no``), or None."""
    for key, value in inputs.items():
        if "".join(_tokens(key)) in _PAGE_KEYS | {"p"}:
            return _count(value)
    return None


def _page_size(inputs: dict[str, Any]) -> int | None:
    for key, value in inputs.items():
        if "".join(_tokens(key)) in _SIZE_KEYS | {"pagesize", "perpage", "maxresults"}:
            return _count(value)
    return None


def paging_problems(inputs: dict[str, Any], body: dict[str, Any]) -> list[str]:
    """A paged result agrees with itself and the call: its page is the page asked for, not past its page count;
    pages = ⌈total / page size⌉ when both are given (in the result's objects outside its lists)."""
    return [p for record in _plain_objects(body) for p in _page_problems(inputs, record)]


def _page_problems(inputs: dict[str, Any], record: dict[str, Any]) -> list[str]:
    found = {"".join(_tokens(k)): (k, v) for k, v in record.items() if not isinstance(v, dict | list | bool)}
    asked = page_input(inputs)
    out = []
    pages = next((_count(v) for j, (k, v) in found.items() if j in _PAGES_KEYS), None)
    for joined, (key, value) in found.items():
        if joined not in _PAGE_KEYS:
            continue
        page = _count(value)
        if asked is not None and page is not None and page != asked:
            out.append(f"page: {key} {value} for page {asked} asked")
        if page is not None and pages is not None and page > pages:
            out.append(f"page: {key} {value} of {pages} pages")
    total = next((_count(v) for j, (k, v) in found.items() if _is_total(j)), None)
    size = next((_count(v) for j, (k, v) in found.items() if j in _SIZE_KEYS), None) or _page_size(inputs)
    if pages is not None and total is not None and size and pages != -(-total // size):
        out.append(f"page: {pages} pages of {size} for {total} records")
    return out


def _fix_status(body: Any) -> None:
    """A successful call's status code beside its payload or success flag is 200 (not "code 73"), or the
    documented success code."""
    if not isinstance(body, dict) or not set(body) & {"success", "status", "data", "message", "result", "results"}:
        return
    for key, value in body.items():
        if "".join(_tokens(key)) in ("code", "statuscode", "httpcode", "responsecode") and isinstance(
                value, int | str) and not isinstance(value, bool) and as_text(value).isdigit() and as_text(
                value) not in ("0", "1", "200", "201"):
            body[key] = 200 if isinstance(value, int) else "200"


def _fix_paging(body: Any, inputs: dict[str, Any]) -> None:
    """Make a paged result's page, page count and total agree with the call (:func:`paging_problems`)."""
    if not isinstance(body, dict):
        return
    for node in _plain_objects(body):
        found = {"".join(_tokens(k)): k for k, v in node.items() if not isinstance(v, dict | list | bool)}
        asked = page_input(inputs)
        page = asked
        for joined, key in found.items():
            if joined in _PAGE_KEYS:
                if asked is None:
                    page = page or _count(node[key]) or 1
                node[key] = page if not isinstance(node[key], str) else str(page)
        page = page or 1
        size = next((_count(node[k]) for j, k in found.items() if j in _SIZE_KEYS), None) or _page_size(inputs)
        total_key = next((k for j, k in found.items() if _is_total(j) and _count(node[k]) is not None), None)
        pages_key = next((k for j, k in found.items() if j in _PAGES_KEYS and _count(node[k]) is not None), None)
        paged = size is not None or any(j in _PAGE_KEYS for j in found)
        loose = next((k for j, k in found.items() if paged and _is_total(j) and _count(node[k]) is None
                      and re.fullmatch(r"\d+\.\d+", as_text(node[k]).strip())), None)
        if loose is not None:  # a paged result's total counts records: a whole number, not 286.76
            whole = max(int(float(as_text(node[loose]))), (page - 1) * (size or 1) + 1)
            node[loose] = whole if not isinstance(node[loose], str) else str(whole)
            total_key = total_key or loose
        if pages_key is None:
            continue
        pages = max(_count(node[pages_key]) or 1, page)
        if total_key is not None and size:
            total = max(_count(node[total_key]) or 0, (page - 1) * size + 1)
            pages = -(-total // size)
            node[total_key] = total if not isinstance(node[total_key], str) else str(total)
        node[pages_key] = pages if not isinstance(node[pages_key], str) else str(pages)
