"""Reading a result tree: its leaves and the values at a path, as text; the keys that wrap a record."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from tooldial.dialogue.mockdata.fields import name_tokens
from tooldial.knowledge import loader
from tooldial.knowledge.english import singular


def as_number(value: Any) -> float | None:
    """A number, or a string that is one ("18.4"), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    try:
        return float(value) if isinstance(value, str) and value.strip() else None
    except ValueError:
        return None


def as_text(value: Any) -> str:
    """A value as the string a user would type / the state holds."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return ""
    if isinstance(value, int | float):
        return str(value)
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def plain_objects(node: dict[str, Any], depth: int = 3) -> Iterator[dict[str, Any]]:
    """A result's objects outside its lists (its envelope and meta blocks), to ``depth`` levels."""
    yield node
    if depth:
        for value in node.values():
            if isinstance(value, dict):
                yield from plain_objects(value, depth - 1)


#: Path keys that wrap a record without naming what it is (``data.id`` is the record's own id).
_WRAPPERS = loader.words("containers", "mock_wrapper")


def owner_words(path: tuple[str, ...]) -> set[str]:
    """The words of the object a leaf belongs to (``data.area.id`` → ``{"area"}``), wrappers skipped; empty
    for the record's own fields."""
    for key in reversed(path[:-1]):
        words = {singular(t) for t in name_tokens(key)} - _WRAPPERS
        if words:
            return words
    return set()


def _set_path(root: dict[str, Any], path: Iterable[str], value: Any) -> None:
    *parents, leaf = path
    node = root
    for key in parents:
        child = node.get(key)
        if not isinstance(child, dict):
            child = {}
            node[key] = child
        node = child
    node[leaf] = value


def values_at(result: Any, path: tuple[str, ...]) -> list[Any]:
    """Every leaf value at ``path`` in a result (lists are transparent), in document order."""
    nodes = [result.get("response", result) if isinstance(result, dict) else result]
    for key in path:
        nxt: list[Any] = []
        for node in nodes:
            for item in node if isinstance(node, list) else [node]:
                if isinstance(item, dict) and key in item:
                    nxt.append(item[key])
        nodes = nxt
    flat: list[Any] = []
    for node in nodes:
        flat.extend(node if isinstance(node, list) else [node])
    return flat


def records_at(result: Any, container: tuple[str, ...]) -> list[dict[str, Any]]:
    """The records of the list at ``container`` (``()`` = the result itself)."""
    node = result.get("response", result) if isinstance(result, dict) else result
    for key in container:
        node = node.get(key) if isinstance(node, dict) else None
    return [r for r in node if isinstance(r, dict)] if isinstance(node, list) else []


def leaf_values(result: Any) -> list[str]:
    """Every scalar in a result, as text (what "appeared in an API result" means)."""
    out: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)
        else:
            out.append(as_text(node))

    walk(result)
    return out


def leaf_items(result: Any) -> list[tuple[tuple[str, ...], Any]]:
    """Every (path, scalar) of a result, lists transparent, in document order."""
    out: list[tuple[tuple[str, ...], Any]] = []

    def walk(node: Any, path: tuple[str, ...]) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, (*path, str(k)))
        elif isinstance(node, list):
            for v in node:
                walk(v, path)
        else:
            out.append((path, node))

    walk(result.get("response", result) if isinstance(result, dict) else result, ())
    return out
