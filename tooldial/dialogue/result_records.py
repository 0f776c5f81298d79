"""The records of an API result: every object, every object with the path of keys above it, every list of two or
more records, every scalar with its dotted path (what the world rules walk)."""

from __future__ import annotations

from typing import Any


def objects(node: Any) -> list[dict[str, Any]]:
    """Every dict in a result (each is one record)."""
    if isinstance(node, dict):
        return [node] + [o for v in node.values() for o in objects(v)]
    if isinstance(node, list):
        return [o for v in node for o in objects(v)]
    return []


def objects_at(node: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], dict[str, Any]]]:
    """Every dict in a result with the path of keys above it."""
    if isinstance(node, dict):
        return [(path, node)] + [x for k, v in node.items() for x in objects_at(v, (*path, str(k)))]
    if isinstance(node, list):
        return [x for v in node for x in objects_at(v, path)]
    return []


def dict_lists(node: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], list[dict[str, Any]]]]:
    """Every list of two or more records in a result, with its path."""
    if isinstance(node, dict):
        return [x for k, v in node.items() for x in dict_lists(v, (*path, str(k)))]
    if not isinstance(node, list):
        return []
    found = [x for v in node for x in dict_lists(v, path)]
    if len(node) > 1 and all(isinstance(v, dict) for v in node):
        found.insert(0, (path, node))
    return found


def leaves(node: Any, path: str = "") -> list[tuple[str, Any]]:
    """Every scalar of a JSON value with its dotted path (``records.price``; list items share their list's path)."""
    if isinstance(node, dict):
        return [leaf for k, v in node.items() for leaf in leaves(v, f"{path}.{k}" if path else str(k))]
    if isinstance(node, list):
        return [leaf for v in node for leaf in leaves(v, path)]
    return [(path, node)]
