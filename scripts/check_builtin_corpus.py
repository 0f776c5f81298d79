#!/usr/bin/env python
"""Sanity-check the embedded corpus (tooldial/data/builtin/) and its labelled chain file.

Reads the raw ToolBench-format tool files, so it works without the corpus loader, and checks:

* every file parses, has ``category_name``/``tool_name``/``tool_description``/``api_list`` and lies in
  ``<Category>/<tool_name>.json``; tool names are snake_case; API ids (``Category|tool|api``) are unique;
* every parameter has a type, a description and a ``default`` example; every schema property has a description;
* every example response conforms to its schema: same keys at every level, JSON types matching, arrays of
  objects with at least two records;
* every row of ``builtin_chains.jsonl`` names existing APIs, an existing output path (``a|b``, arrays transparent)
  of the source and a *required* input of the target; no duplicate rows, no pair labelled both ways;
* the design minimums (APIs, domains, APIs without inputs, list-returning APIs, chains, chain sources, negatives).

Prints a summary; exits 1 when any check fails.  ``python scripts/check_builtin_corpus.py [--json]``
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[1] / "tooldial" / "data"

MINIMUMS = {
    "apis": 160,
    "domains": 16,
    "apis_without_required_inputs": 25,
    "list_returning_apis": 40,
    "valid_chains": 60,
    "chain_source_apis": 45,
    "negative_chains": 30,
}
JSON_TYPES = {"string": str, "integer": int, "number": (int, float), "boolean": bool,
              "object": dict, "array": list}
SNAKE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")


def schema_paths(schema: dict[str, Any], prefix: tuple[str, ...] = ()) -> dict[tuple[str, ...], bool]:
    """Leaf paths of an object schema (arrays transparent) → whether the path crosses an array."""
    out: dict[tuple[str, ...], bool] = {}

    def walk(node: dict[str, Any], path: tuple[str, ...], in_list: bool) -> None:
        kind = node.get("type")
        if kind == "array":
            walk(node.get("items", {}), path, True)
        elif kind == "object" and "properties" in node:
            for name, child in node["properties"].items():
                walk(child, path + (name,), in_list)
        elif path:
            out[path] = in_list

    walk(schema, prefix, False)
    return out


def check_example(schema: dict[str, Any], value: Any, where: str, problems: list[str]) -> None:
    """The example matches the schema: keys, JSON types, ≥2 records in arrays of objects."""
    kind = schema.get("type")
    expected = JSON_TYPES.get(kind or "")
    if expected is None:
        problems.append(f"{where}: schema without a known type")
        return
    if not isinstance(value, expected) or (kind in ("integer", "number") and isinstance(value, bool)):
        problems.append(f"{where}: example {value!r} is not of type {kind}")
        return
    if kind == "object":
        props = schema.get("properties", {})
        if set(props) != set(value):
            problems.append(f"{where}: example keys {sorted(value)} differ from schema keys {sorted(props)}")
        for name, child in props.items():
            if not child.get("description"):
                problems.append(f"{where}.{name}: schema property without description")
            if name in value:
                check_example(child, value[name], f"{where}.{name}", problems)
    elif kind == "array":
        items = schema.get("items", {})
        if items.get("type") == "object" and len(value) < 2:
            problems.append(f"{where}: list example has {len(value)} record(s), want >= 2")
        for k, item in enumerate(value):
            check_example(items, item, f"{where}[{k}]", problems)


def load_tools(root: Path, problems: list[str]) -> list[dict[str, Any]]:
    tools = []
    for path in sorted(root.glob("*/*.json")):
        rel = path.relative_to(root)
        try:
            tool = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            problems.append(f"{rel}: invalid JSON ({exc})")
            continue
        missing = [k for k in ("category_name", "tool_name", "tool_description", "api_list") if k not in tool]
        if missing:
            problems.append(f"{rel}: missing {missing}")
            continue
        if (tool["category_name"], tool["tool_name"] + ".json") != (path.parent.name, path.name):
            problems.append(f"{rel}: category/tool name do not match the file location")
        if not SNAKE.match(tool["tool_name"]):
            problems.append(f"{rel}: tool name {tool['tool_name']!r} is not snake_case")
        tool["_file"] = str(rel)
        tools.append(tool)
    return tools


def check(data_dir: Path = DATA) -> tuple[dict[str, Any], list[str]]:
    """Run every check; returns (figures, problems)."""
    problems: list[str] = []
    tools = load_tools(data_dir / "builtin", problems)
    apis: dict[str, dict[str, Any]] = {}
    outputs: dict[str, dict[tuple[str, ...], bool]] = {}
    for tool in tools:
        for k, api in enumerate(tool["api_list"]):
            where = f"{tool['_file']}: api_list[{k}] ({api.get('name')})"
            api_id = f"{tool['category_name']}|{tool['tool_name']}|{api.get('name')}"
            if api_id in apis:
                problems.append(f"{where}: duplicate API id {api_id}")
            apis[api_id] = api
            if not api.get("description"):
                problems.append(f"{where}: no description")
            for kind in ("required_parameters", "optional_parameters"):
                for prm in api.get(kind, []):
                    for field in ("name", "type", "description", "default"):
                        if prm.get(field) in (None, ""):
                            problems.append(f"{where}: {kind}.{prm.get('name')}: no {field}")
            names = [p["name"] for p in api.get("required_parameters", []) + api.get("optional_parameters", [])]
            if len(names) != len(set(names)):
                problems.append(f"{where}: duplicate parameter names {names}")
            schema = api.get("schema")
            if not isinstance(schema, dict) or not schema.get("properties"):
                problems.append(f"{where}: no output schema")
                continue
            outputs[api_id] = schema_paths(schema)
            check_example(schema, api.get("example_response"), f"{where}: example_response", problems)

    rows = []
    chain_file = data_dir / "builtin_chains.jsonl"
    seen: dict[tuple[str, str, str, str], bool] = {}
    for n, line in enumerate(chain_file.read_text(encoding="utf-8").splitlines(), 1):
        where = f"{chain_file.name}:{n}"
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            problems.append(f"{where}: invalid JSON ({exc})")
            continue
        key = (row["source_api"], row["source_output"], row["target_api"], row["target_input"])
        if key in seen:
            problems.append(f"{where}: duplicate pair" + (" with the other label" if seen[key] != row["valid"] else ""))
        seen[key] = row["valid"]
        src, tgt = apis.get(row["source_api"]), apis.get(row["target_api"])
        if src is None or tgt is None:
            problems.append(f"{where}: unknown API {row['source_api'] if src is None else row['target_api']}")
            continue
        if row["source_api"] == row["target_api"]:
            problems.append(f"{where}: self edge")
        if tuple(row["source_output"].split("|")) not in outputs.get(row["source_api"], {}):
            problems.append(f"{where}: {row['source_api']} has no output {row['source_output']}")
        if row["target_input"] not in {p["name"] for p in tgt.get("required_parameters", [])}:
            problems.append(f"{where}: {row['target_api']} has no required input {row['target_input']}")
        if not isinstance(row["valid"], bool):
            problems.append(f"{where}: valid must be true or false")
        rows.append(row)

    valid = [r for r in rows if r["valid"] is True]
    domains = Counter(api_id.split("|")[0] for api_id in apis)
    figures = {
        "tools": len(tools),
        "apis": len(apis),
        "domains": len(domains),
        "apis_per_domain": dict(sorted(domains.items())),
        "apis_without_inputs": sum(1 for a in apis.values()
                                   if not a.get("required_parameters") and not a.get("optional_parameters")),
        "apis_without_required_inputs": sum(1 for a in apis.values() if not a.get("required_parameters")),
        "list_returning_apis": sum(1 for k in outputs if any(outputs[k].values())),
        "valid_chains": len(valid),
        "chain_source_apis": len({r["source_api"] for r in valid}),
        "chain_target_apis": len({r["target_api"] for r in valid}),
        "cross_tool_chains": sum(1 for r in valid
                                 if r["source_api"].rsplit("|", 1)[0] != r["target_api"].rsplit("|", 1)[0]),
        "cross_domain_chains": sum(1 for r in valid if r["source_api"].split("|")[0] != r["target_api"].split("|")[0]),
        "negative_chains": len(rows) - len(valid),
    }
    for name, minimum in MINIMUMS.items():
        if figures[name] < minimum:
            problems.append(f"{name}: {figures[name]} < {minimum}")
    return figures, problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, default=DATA, help="folder holding builtin/ and builtin_chains.jsonl")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    figures, problems = check(args.data_dir)
    if args.json:
        print(json.dumps({"figures": figures, "problems": problems}, indent=2))
    else:
        for name, value in figures.items():
            print(f"{name:30} {value}")
        for problem in problems[:50]:
            print(f"PROBLEM {problem}")
        print(f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
