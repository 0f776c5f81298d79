"""World rule ``paging``: a page of a result agrees with the page asked and its own counts, and a count agrees with
the records listed beside it (a total counts at least those; an unpaged ``count`` counts exactly those); its fix
(:func:`fix_paging`, run by the mock-data generator on a result) makes them agree."""

from __future__ import annotations

import re
from typing import Any

from tooldial.dialogue.mockdata.fields import name_tokens
from tooldial.dialogue.mockdata.paging import (
    PAGE_KEYS,
    PAGES_KEYS,
    SIZE_KEYS,
    asked_page_size,
    is_total,
    named_total,
    page_input,
    requested_count,
)
from tooldial.dialogue.mockdata.paths import as_text, plain_objects
from tooldial.knowledge import loader
from tooldial.knowledge.english import singular
from tooldial.rules.world_check import Call, CallRule, Scene, WorldCheck, WorldProblem

#: Keys that count exactly the records listed beside them when the result is not paged; words of paging.
_LISTED_COUNTS = loader.words("paging", "listed_counts")
_PAGED_WORDS = loader.words("paging", "paged_words")
#: Words of a count's key that say it counts; the rest name the list it counts.
_COUNT_WORDS = loader.words("paging", "count_words")


class Paging(CallRule):
    """A page of a result agrees with the page asked and its own counts."""

    checks = (WorldCheck.PAGE,)

    def problems(self, call: Call, scene: Scene | None) -> list[WorldProblem]:
        body = call.result.get("response", call.result) if isinstance(call.result, dict) else call.result
        problems = paging_problems(call.inputs, body) if isinstance(body, dict) else []
        return [p.at(f"{call.api_name} result") for p in problems]

    @staticmethod
    def fix(body: Any, inputs: dict[str, Any]) -> None:
        """The generator's fix of a whole result: :func:`fix_paging`."""
        fix_paging(body, inputs)


def paging_problems(inputs: dict[str, Any], body: dict[str, Any]) -> list[WorldProblem]:
    """A paged result agrees with itself and the call: its page is the page asked for, not past its page count;
    pages = ⌈total / page size⌉ when both are given (in the result's objects outside its lists)."""
    return [p for record in plain_objects(body) for p in _page_problems(inputs, record)]


def _page_problems(inputs: dict[str, Any], record: dict[str, Any]) -> list[WorldProblem]:
    found = {"".join(name_tokens(k)): (k, v) for k, v in record.items() if not isinstance(v, dict | list | bool)}
    asked = page_input(inputs)
    out = []
    pages = next((requested_count(v) for j, (k, v) in found.items() if j in PAGES_KEYS), None)
    for joined, (key, value) in found.items():
        if joined not in PAGE_KEYS:
            continue
        page = requested_count(value)
        if asked is not None and page is not None and page != asked:
            out.append(WorldProblem(WorldCheck.PAGE, f"{key} {value} for page {asked} asked", (key,)))
        if page is not None and pages is not None and page > pages:
            out.append(WorldProblem(WorldCheck.PAGE, f"{key} {value} of {pages} pages", (key,)))
    total = next((requested_count(v) for j, (k, v) in _totals_first(found) if is_total(j)), None)
    size = next((requested_count(v) for j, (k, v) in found.items() if j in SIZE_KEYS), None) or asked_page_size(inputs)
    if pages is not None and total is not None and size and pages != -(-total // size):
        out.append(WorldProblem(WorldCheck.PAGE, f"{pages} pages of {size} for {total} records"))
    held = _page_records(record, inputs)
    page = next((requested_count(v) for j, (k, v) in found.items() if j in PAGE_KEYS), None) or asked or 1
    if held is not None and size and held < size:  # a page short of its size is the listing's last
        if pages is not None and pages > page:
            out.append(WorldProblem(WorldCheck.PAGE, f"page {page} of {pages} holds {held} of {size} records"))
        if total is not None and total > (page - 1) * size + held:
            out.append(WorldProblem(WorldCheck.PAGE, f"{total} records in all, the last page of {size} holding {held}"))
    counted = _listed_count(inputs, record)
    if counted is not None:
        key, wanted, exact = counted
        value = int(as_text(record[key]).strip())
        if value < wanted or exact and value != wanted:
            out.append(WorldProblem(WorldCheck.PAGE, f"{key} {value} for {wanted} records listed", (key,)))
    return out


def _listed_count(inputs: dict[str, Any], record: dict[str, Any]) -> tuple[str, int, bool] | None:
    """A count of the records listed beside it: (its key, how many it must count at least, whether exactly). The
    list is the record's one list, or the one named like the count (``totalVessels`` → ``vessels``); a total counts
    the pages before it too (``(page - 1) × size``); an unpaged ``count`` (:data:`_LISTED_COUNTS`; no page, cursor
    or limit in the result or the call) counts exactly its list."""
    lists = {k: v for k, v in record.items() if isinstance(v, list)}
    if not lists:
        return None
    for key, value in record.items():
        joined = "".join(name_tokens(key))
        if isinstance(value, bool) or not re.fullmatch(r"\d+", as_text(value).strip()) or not is_total(joined):
            continue
        rest = [singular(t) for t in name_tokens(key) if t not in _COUNT_WORDS]
        named = [k for k in lists if rest and [singular(t) for t in name_tokens(k)] == rest]
        listed = named or (list(lists) if len(lists) == 1 else [])
        if len(listed) != 1:
            continue
        paged = any(set(name_tokens(k)) & _PAGED_WORDS for k in (*record, *inputs) if k != key)
        before = ((page_input(inputs) or 1) - 1) * (asked_page_size(inputs) or 0)
        return key, len(lists[listed[0]]) + before, not paged and joined in _LISTED_COUNTS
    return None


def _totals_first(found: dict[str, Any]) -> list[tuple[str, Any]]:
    """A record's (joined key, …) items with the pack's named totals first (``total_elements`` before Spring's
    ``number_of_elements``, which counts the page)."""
    return sorted(found.items(), key=lambda item: not named_total(item[0]))


def _page_records(record: dict[str, Any], inputs: dict[str, Any]) -> int | None:
    """How many records a page holds: its one list's length; None when it holds no list or several, or when it is
    no page (neither it nor the call names a page, a page count or a page size: a bare ``size`` is a file's)."""
    lists = [v for v in record.values() if isinstance(v, list)]
    paged = asked_page_size(inputs) is not None or any(
        "".join(name_tokens(k)) in PAGE_KEYS | PAGES_KEYS for k in record if not isinstance(record[k], dict | list))
    return len(lists[0]) if paged and len(lists) == 1 else None


def fix_paging(body: Any, inputs: dict[str, Any]) -> None:
    """Make a paged result's page, page count and total agree with the call, and a count with the records listed
    beside it (:func:`paging_problems`)."""
    if not isinstance(body, dict):
        return
    for node in plain_objects(body):
        found = {"".join(name_tokens(k)): k for k, v in node.items() if not isinstance(v, dict | list | bool)}
        asked = page_input(inputs)
        page = asked
        for joined, key in found.items():
            if joined in PAGE_KEYS:
                if asked is None:  # a call that asks no page gets the first (0 where the API counts from 0)
                    page = page or (0 if as_text(node[key]).strip() == "0" else 1)
                node[key] = page if not isinstance(node[key], str) else str(page)
        page = page or 1
        size = next((requested_count(node[k]) for j, k in found.items() if j in SIZE_KEYS), None) or asked_page_size(inputs)
        held = _page_records(node, inputs)
        last = held is not None and bool(size) and held < size  # a page short of its size ends the listing
        total_key = next((k for j, k in _totals_first(found) if is_total(j) and requested_count(node[k]) is not None),
                         None)
        pages_key = next((k for j, k in found.items() if j in PAGES_KEYS and requested_count(node[k]) is not None), None)
        paged = size is not None or any(j in PAGE_KEYS for j in found)
        loose = next((k for j, k in found.items() if paged and is_total(j) and requested_count(node[k]) is None
                      and re.fullmatch(r"\d+\.\d+", as_text(node[k]).strip())), None)
        if loose is not None:  # a paged result's total counts records: a whole number, not 286.76
            whole = max(int(float(as_text(node[loose]))), (page - 1) * (size or 1) + 1)
            node[loose] = whole if not isinstance(node[loose], str) else str(whole)
            total_key = total_key or loose
        counted = _listed_count(inputs, node)
        if counted is not None:
            key, wanted, exact = counted
            value = int(as_text(node[key]).strip())
            value = wanted if exact else max(value, wanted)
            node[key] = value if not isinstance(node[key], str) else str(value)
        if last and total_key is not None and held is not None:  # the records before this page and its own
            total = (page - 1) * (size or 0) + held
            node[total_key] = total if not isinstance(node[total_key], str) else str(total)
        if pages_key is None:
            continue
        pages = page if last else max(requested_count(node[pages_key]) or 1, page)
        if total_key is not None and size and not last:
            total = max(requested_count(node[total_key]) or 0, (page - 1) * size + 1)
            pages = -(-total // size)
            node[total_key] = total if not isinstance(node[total_key], str) else str(total)
        node[pages_key] = pages if not isinstance(node[pages_key], str) else str(pages)
