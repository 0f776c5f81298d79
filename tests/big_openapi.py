"""A generated OpenAPI document of ``n`` similar operations in one tool (the graph-size fault of issue 32).

Every operation reads a record by ``widgetId`` and an ``ownerId`` and returns both, so every output matches every
input of every other operation: Eq. 1 candidates grow as ``n²`` inside one tool. Written into a temporary folder
by the test and by ``scripts/bench_graph_memory.py``; never committed.
"""

from __future__ import annotations

import json
from pathlib import Path


def similar_operations_spec(n: int) -> dict:
    """The OpenAPI 3.0 document (a dict) with ``n`` operations."""
    paths = {}
    for i in range(n):
        paths[f"/widgets{i}/{{widgetId}}"] = {"get": {
            "operationId": f"getWidget{i}",
            "summary": f"Get a widget of series {i} by its id",
            "parameters": [
                {"name": "widgetId", "in": "path", "required": True, "description": "The id of the widget",
                 "schema": {"type": "string"}},
                {"name": "ownerId", "in": "query", "required": True, "description": "The id of the widget's owner",
                 "schema": {"type": "string"}},
            ],
            "responses": {"200": {"description": "The widget", "content": {"application/json": {"schema": {
                "type": "object",
                "properties": {
                    "widgetId": {"type": "string", "description": "The id of the widget"},
                    "ownerId": {"type": "string", "description": "The id of the widget's owner"},
                    "name": {"type": "string", "description": "The widget's name"},
                },
            }}}}},
        }}
    return {"openapi": "3.0.3", "info": {"title": "Widget warehouse", "version": "1.0.0",
                                         "description": "Widgets of many series."},
            "paths": paths}


def write_similar_operations_spec(folder: Path, n: int) -> Path:
    """Write the document as ``widgets-<n>.json`` in ``folder``; returns its path."""
    path = Path(folder) / f"widgets-{n}.json"
    path.write_text(json.dumps(similar_operations_spec(n)), encoding="utf-8")
    return path
