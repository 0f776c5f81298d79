"""The records a tool documents: more items of a list are the tool's other documented records of that list.

A result holds more records than its documented example shows (two or three per list). The extra ones used to be
drawn field by field, and a sports feed's third competitor became "Hiking Simulator" beside the documented Miami
Heat, its bookmaker "Chicago Party". The tool's other APIs often document more records of the same list
(``competitors`` in its standings, its squads, its games): real ones, whose id, name and slug agree. So an extra
item is one of those first, and drawn only when the tool documents no other.

A documented record of another API serves only where it is the same kind of record: under a list of the same key
(``competitors``), with at least :data:`SHARED_KEYS` of its fields shared with the list's own documented item
(a ``data`` list of users is no ``data`` list of orders), and only as an item of a list that is no part of another
list's record: an actor's characters or a country's native names belong to that actor or country (two blind readers
of whole-ToolBench draws judged other records' characters there wrong).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any

from tooldial.knowledge import loader

#: The share of the list's documented item's keys a record of another API must have to serve as an item of it.
SHARED_KEYS = 0.6


def _lists(node: Any, key: str = "") -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """Every (key, list of objects) of a documented example, the key being the list's own."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _lists(v, str(k))
    elif isinstance(node, list):
        items = [item for item in node if isinstance(item, dict) and item]
        if key and items:
            yield key, items
        for item in node:
            if isinstance(item, dict):
                yield from _lists(item, key)


def documented_records(examples: Sequence[Any]) -> dict[str, list[dict[str, Any]]]:
    """The distinct documented objects of every list, by the list's key, in the order the examples give them."""
    out: dict[str, list[dict[str, Any]]] = {}
    seen: set[tuple[str, str]] = set()
    for example in examples:
        for key, items in _lists(example):
            for item in items:
                mark = (key, json.dumps(item, sort_keys=True, default=str))
                if mark not in seen:
                    seen.add(mark)
                    out.setdefault(key, []).append(item)
    return out


def _shape(record: dict[str, Any]) -> set[str]:
    """A record's keys and the keys one level down (``node|text``, ``attributes|dividend``): two lists of
    ``{"node": {...}}`` edges or JSON:API ``{"id", "type", "attributes"}`` rows share their top keys whatever
    they hold."""
    out = set()
    for key, value in record.items():
        out.add(key)
        inner = value[0] if isinstance(value, list) and value and isinstance(value[0], dict) else value
        if isinstance(inner, dict):
            out.update(f"{key}|{sub}" for sub in inner)
    return out


#: Keys whose value says which kind of record an object is (JSON:API's ``type``, GraphQL's ``__typename``;
#: ``containers.record_kind_keys``).
KIND_KEYS = loader.ordered_words("containers", "record_kind_keys")


def same_kind(record: dict[str, Any], template: dict[str, Any]) -> bool:
    """Whether ``record`` is a record of the kind ``template`` documents: most of the template's keys, one level
    down too, and the same value of a key that names the kind."""
    shape = _shape(template)
    if not shape or len(shape & _shape(record)) < SHARED_KEYS * len(shape):
        return False
    return all(record.get(k) == template[k] for k in KIND_KEYS if isinstance(template.get(k), str) and k in record)


def more_records(pool: Sequence[dict[str, Any]], template: dict[str, Any], used: Sequence[dict[str, Any]]
                 ) -> list[dict[str, Any]]:
    """The records of ``pool`` that can be further items of a list whose items so far are ``used``: of the
    template's kind, none of them already there, and no record with an id one of them has."""
    own = {json.dumps(r, sort_keys=True, default=str) for r in used}
    taken = {str(r["id"]) for r in used if isinstance(r, dict) and r.get("id") is not None}
    return [r for r in pool if same_kind(r, template) and json.dumps(r, sort_keys=True, default=str) not in own
            and not (r.get("id") is not None and str(r["id"]) in taken)]
