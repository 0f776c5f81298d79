"""The 27f fit-set chain labels (``tests/data/graph/fit27f``): well-formed, naming APIs, outputs and required
inputs that exist in the ToolBench tools they were written for (read from ``../shared`` at test time), and the
draw that chose the tools is reproducible."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
FIT = REPO / "tests" / "data" / "graph" / "fit27f"
KEYS = {"set", "source_api", "source_output", "target_api", "target_input", "reason", "natural"}


def _recall_script():
    spec = importlib.util.spec_from_file_location("realtools_recall", REPO / "scripts" / "realtools_recall.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _rows(name: str) -> list[dict]:
    with open(FIT / f"{name}_chains.jsonl", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def test_fit27f_label_files_are_well_formed():
    script = _recall_script()
    assert sorted(p.name for p in FIT.glob("*_chains.jsonl")) == sorted(f"{n}_chains.jsonl"
                                                                         for n in script.TOOLBENCH_FIT27F)
    total = 0
    for name, (category, _tool) in script.TOOLBENCH_FIT27F.items():
        rows = _rows(name)
        keys = [(r["source_api"], r["source_output"], r["target_api"], r["target_input"]) for r in rows]
        assert len(set(keys)) == len(keys), name
        for r in rows:
            assert set(r) == KEYS and r["set"] == name and r["natural"] is True and r["reason"]
            assert r["source_api"].startswith(category + "|") and r["target_api"].startswith(category + "|")
        total += len(rows)
    assert total == 60


def test_fit27f_labels_match_the_toolbench_tools(shared_dir, tmp_path):
    toolbench = shared_dir / "data" / "toolbench" / "tools.jsonl.gz"
    if not toolbench.is_file():
        pytest.skip("no ToolBench tools file")
    script = _recall_script()
    sets = script.toolbench_27b_sets(toolbench, tmp_path, script.TOOLBENCH_FIT27F, script.FIT_27F, "fit (27f)")
    for name, spec, labels, _held in sets:
        n, problems = script.check_labels(name, spec, labels)
        assert n == len(_rows(name)) and problems == [], problems


def test_fit27f_draw_is_reproducible(shared_dir, tmp_path):
    toolbench = shared_dir / "data" / "toolbench" / "tools.jsonl.gz"
    if not toolbench.is_file():
        pytest.skip("no ToolBench tools file")
    out = tmp_path / "drawn.jsonl"
    subprocess.run([sys.executable, str(REPO / "scripts" / "sample_toolbench.py"), "--source", str(toolbench),
                    "--tools-with-apis", "6-20", "--documented", "3", "--seed", "5150", "--n", "8",
                    "--out", str(out)], check=True, capture_output=True)
    drawn = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [(t["category"], t["tool_name"]) for t in drawn] == list(_recall_script().TOOLBENCH_FIT27F.values())
