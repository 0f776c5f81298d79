"""The chain labels of the APIs.guru sets (``tests/data/graph/apisguru27d``): well formed, one file per drawn spec,
set names as the draw script names them, and the scoring script picks the held-out or fit specs by their role.
The specs themselves are not in the repository (``scripts/sample_openapi_directory.py`` says where they come
from)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
FOLDER = REPO / "tests" / "data" / "graph" / "apisguru27d"
KEYS = {"set", "source_api", "source_output", "target_api", "target_input", "reason", "natural"}


def _script(name: str):
    spec = importlib.util.spec_from_file_location(name, REPO / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _sets() -> list[dict]:
    return json.loads((FOLDER / "sets.json").read_text(encoding="utf-8"))


def test_every_drawn_spec_has_well_formed_labels():
    sample = _script("sample_openapi_directory")
    sets = _sets()
    assert [r["index"] for r in sets] == list(range(len(sets)))
    assert sorted(p.name for p in FOLDER.glob("*_chains.jsonl")) == sorted(f"{r['set']}_chains.jsonl" for r in sets)
    for r in sets:
        assert r["set"] == sample.set_name(r["spec"])
        # A-N fit the packaged system model (tooldial/data/graph_edge_model_system.json); O to S were scored
        assert r["role"] == ("held out" if r["group"] in "OPQRS" else "fit")
        rows = [json.loads(line) for line in (FOLDER / f"{r['set']}_chains.jsonl").read_text().splitlines()
                if line.strip()]
        keys = [(x["source_api"], x["source_output"], x["target_api"], x["target_input"]) for x in rows]
        assert len(set(keys)) == len(keys), r["set"]
        for x in rows:
            assert set(x) == KEYS and x["set"] == r["set"] and isinstance(x["natural"], bool), x
    # one spec per provider
    providers = [r["spec"].split("/")[0] for r in sets]
    assert len(set(providers)) == len(providers)


def test_the_draw_takes_one_spec_per_provider_from_the_pool():
    sample = _script("sample_openapi_directory")
    rows = [{"spec": f"p{i}.com/s{j}.json", "apis": 6 + j, "documented": 3, "with_required": 1}
            for i in range(5) for j in range(3)]
    rows.append({"spec": "small.com.json", "apis": 2, "documented": 2, "with_required": 1})  # out of the pool
    drawn = sample.draw(rows, 10, 2723)
    assert len(drawn) == 5 and len({r["spec"].split("/")[0] for r in drawn}) == 5
    assert drawn == sample.draw(rows, 10, 2723)  # same seed, same draw


def test_the_scoring_script_picks_specs_by_role(tmp_path):
    script = _script("realtools_recall")
    for r in _sets():
        path = tmp_path / r["spec"]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("{}")
    held = script.apisguru_sets(tmp_path, "held out")
    fit = script.apisguru_sets(tmp_path, "fit")
    assert {s[0] for s in held}.isdisjoint({s[0] for s in fit})
    assert len(held) + len(fit) == len(_sets())
    assert all(s[3].startswith("held out (27d") for s in held)
    with pytest.raises(SystemExit):
        script.apisguru_sets(tmp_path / "missing", "all")
