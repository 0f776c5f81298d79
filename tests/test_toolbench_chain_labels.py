"""The chain-label sets written for single ToolBench tools (``tests/data/graph/heldout27b`` and ``heldout27c``,
held out, and ``tests/data/graph/fit27f``, fit): well-formed, naming APIs, outputs and required inputs that exist in the tools
they were written for (read from ``../shared`` at test time; the repository holds only the labels), and the
draw that chose the tools is reproducible."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
KEYS = {"set", "source_api", "source_output", "target_api", "target_input", "reason", "natural"}
# (tools of the set in scripts/realtools_recall.py, its label folder there, the seed of its draw, the mark it is scored
# under, whether every label is a natural chain, tools drawn, the earlier set whose tools the draw skipped)
SETS = {"held out": ("TOOLBENCH_27B", "HELD_27B", "92741", "held out (27b)", False, 8, None),
        "held out 27c": ("TOOLBENCH_27C", "HELD_27C", "31337", "held out (27c)", False, 10, "TOOLBENCH_27B"),
        "fit": ("TOOLBENCH_FIT27F", "FIT_27F", "5150", "fit (27f)", True, 8, None)}


def _recall_script():
    spec = importlib.util.spec_from_file_location("realtools_recall", REPO / "scripts" / "realtools_recall.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _set(kind: str):
    tools_name, folder_name, seed, mark, all_natural, _n, _skipped = SETS[kind]
    script = _recall_script()
    return script, getattr(script, tools_name), getattr(script, folder_name), seed, mark, all_natural


def _rows(folder: Path, name: str) -> list[dict]:
    with open(folder / f"{name}_chains.jsonl", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def _toolbench(shared_dir: Path) -> Path:
    toolbench = shared_dir / "data" / "toolbench" / "tools.jsonl.gz"
    if not toolbench.is_file():
        pytest.skip("no ToolBench tools file")
    return toolbench


@pytest.mark.parametrize("kind", list(SETS))
def test_label_files_are_well_formed(kind):
    _script, tools, folder, _seed, _mark, all_natural = _set(kind)
    assert sorted(p.name for p in folder.glob("*_chains.jsonl")) == sorted(f"{n}_chains.jsonl" for n in tools)
    total = natural = 0
    for name, (category, _tool) in tools.items():
        rows = _rows(folder, name)
        keys = [(r["source_api"], r["source_output"], r["target_api"], r["target_input"]) for r in rows]
        assert len(set(keys)) == len(keys), name
        for r in rows:
            assert set(r) == KEYS, r
            assert r["set"] == name and isinstance(r["natural"], bool) and r["reason"]
            assert r["natural"] or not all_natural, r
            assert r["source_api"].startswith(category + "|") and r["target_api"].startswith(category + "|")
        total += len(rows)
        natural += sum(r["natural"] for r in rows)
    assert 0 < natural <= total


@pytest.mark.parametrize("kind", list(SETS))
def test_labels_match_the_toolbench_tools(kind, shared_dir, tmp_path):
    toolbench = _toolbench(shared_dir)
    script, tools, folder, _seed, mark, _all_natural = _set(kind)
    sets = script.toolbench_tool_sets(toolbench, tmp_path, tools, folder, mark)
    assert [s[0] for s in sets] == list(tools)
    for name, spec, labels, held in sets:
        n, problems = script.check_labels(name, spec, labels)
        assert held == mark and n == len(_rows(folder, name))
        assert problems == [], problems


@pytest.mark.parametrize("kind", list(SETS))
def test_the_draw_is_reproducible(kind, shared_dir, tmp_path):
    toolbench = _toolbench(shared_dir)
    script, tools, _folder, seed, _mark, _all_natural = _set(kind)
    n, skipped = SETS[kind][5:]
    out = tmp_path / "drawn.jsonl"
    subprocess.run([sys.executable, str(REPO / "scripts" / "sample_toolbench.py"), "--source", str(toolbench),
                    "--tools-with-apis", "6-20", "--documented", "3", "--seed", seed, "--n", str(n),
                    "--out", str(out)], check=True, capture_output=True)
    drawn = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    earlier = set(getattr(script, skipped).values()) if skipped else set()
    kept = [(t["category"], t["tool_name"]) for t in drawn if (t["category"], t["tool_name"]) not in earlier]
    assert kept == list(tools.values()) and len(kept) == 8
