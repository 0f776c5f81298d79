"""Bounded YAML reading for every YAML file tooldial reads (training recipes, benchmark definitions, corpora).

``yaml.safe_load`` is safe from code execution but not from size: a few hundred bytes of nested aliases (a
"billion laughs" document) load instantly as shared references and then explode in whatever walks them —
validation, ``repr`` in an error message, JSON encoding. :func:`load_yaml_text` refuses files over
``max_bytes`` and documents whose *expanded* node count (aliases counted as often as they are used) exceeds
``max_nodes`` (or ``expansion`` times the nodes actually written, whichever is larger: a big OpenAPI document is
not a bomb), before anything walks them. :func:`short_repr` is what error messages show of a value.
"""

from __future__ import annotations

import reprlib
from pathlib import Path
from typing import Any

import yaml

from tooldial.errors import ConfigError, TooldialError
from tooldial.jsonfile import read_text

MAX_BYTES = 1 << 20
MAX_NODES = 100_000
#: An alias may make a document this many times larger than what is written before it is refused.
MAX_EXPANSION = 10

_REPR = reprlib.Repr()
_REPR.maxstring = 80
_REPR.maxother = 80
_REPR.maxlist = _REPR.maxtuple = _REPR.maxset = _REPR.maxdict = 6
_REPR.maxlevel = 3


def short_repr(value: Any) -> str:
    """A bounded, one-line ``repr`` (long strings and big containers are cut with ``...``)."""
    return _REPR.repr(value).replace("\n", "\\n")


def _expanded_size(root: yaml.Node, limit: int) -> tuple[int, int]:
    """(nodes with every alias expanded, capped at ``limit + 1``; distinct nodes), counted without expanding."""
    sizes: dict[int, int] = {}
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if id(node) in sizes:
            continue
        if isinstance(node, yaml.SequenceNode):
            children = list(node.value)
        elif isinstance(node, yaml.MappingNode):
            children = [n for pair in node.value for n in pair]
        else:
            children = []
        if not children_done:
            stack.append((node, True))
            stack.extend((c, False) for c in children if id(c) not in sizes)
            continue
        sizes[id(node)] = min(limit + 1, 1 + sum(sizes.get(id(c), 1) for c in children))
    return sizes[id(root)], len(sizes)


def load_yaml_text(text: str, *, source: str, max_nodes: int = MAX_NODES, loader: type | None = None,
                   error: type[TooldialError] = ConfigError, expansion: int = MAX_EXPANSION) -> Any:
    """Parse one YAML document with ``loader`` (a ``SafeLoader`` subclass; default ``yaml.SafeLoader``); an
    ``error`` (one line) when it is invalid or expands past ``max(max_nodes, expansion x its distinct nodes)``."""
    loading = (loader or yaml.SafeLoader)(text)
    try:
        node = loading.get_single_node()
        if node is None:
            return None
        expanded, distinct = _expanded_size(node, 1 << 62)
        limit = max(max_nodes, expansion * distinct)
        if expanded > limit:
            raise error(f"YAML expands to more than {limit:,} values (nested aliases?); refusing to load it",
                        file=source)
        return loading.construct_document(node)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark is not None else ""
        problem = getattr(exc, "problem", None) or type(exc).__name__
        raise error(f"not valid YAML: {problem}{where}", file=source) from None
    finally:
        loading.dispose()


def load_yaml_file(path: str | Path, *, max_bytes: int = MAX_BYTES, max_nodes: int = MAX_NODES) -> Any:
    """Read and parse a YAML file of at most ``max_bytes`` bytes (see :func:`load_yaml_text`)."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > max_bytes:
            raise ConfigError(f"file is {size:,} bytes; at most {max_bytes:,} are read", file=str(path))
        text = read_text(path)  # a binary file is one line naming it and the byte
    except OSError as exc:
        raise ConfigError(f"cannot read: {exc.strerror or exc}", file=str(path)) from None
    return load_yaml_text(text, source=str(path), max_nodes=max_nodes)
