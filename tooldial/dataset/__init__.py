"""The Hugging Face dataset: configs and features, rows, splits, writer, card, converter, builder, main job.

Heavy dependencies (``datasets``, ``pyarrow``) load with the submodules; the names below are the public
interface::

    from tooldial.dataset import BuildOptions, build_dataset, convert_release, CONFIG_NAMES
"""

from __future__ import annotations

from typing import Any

_EXPORTS = {
    "CONFIG_NAMES": "tooldial.dataset.features",
    "FEATURES": "tooldial.dataset.features",
    "SPLITS": "tooldial.dataset.features",
    "BuildOptions": "tooldial.dataset.pipeline",
    "build_dataset": "tooldial.dataset.pipeline",
    "SplitConfig": "tooldial.dataset.splits",
    "assign_splits": "tooldial.dataset.splits",
    "write_dataset": "tooldial.dataset.export",
    "SourceRecord": "tooldial.dataset.sources",
    "convert_release": "tooldial.dataset.convert",
    "write_release": "tooldial.dataset.convert",
    "dialogue_row": "tooldial.dataset.rows",
    "record_from_dialogue_row": "tooldial.dataset.rows",
    "task_rows": "tooldial.dataset.rows",
    "tool_schema": "tooldial.dataset.rows",
    "known_apis": "tooldial.dataset.rows",
    "function_name": "tooldial.dataset.rows",
    "push_to_hub": "tooldial.dataset.hub",
    "ToolDialBuilder": "tooldial.dataset.builder",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'tooldial.dataset' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(_EXPORTS[name]), name)
