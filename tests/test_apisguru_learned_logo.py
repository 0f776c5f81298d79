"""The leave-one-group-out comparison of a learned judge with the rules (``scripts/apisguru_learned_logo.py``): each
held group is scored by a model fitted on the other groups only."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "apisguru_learned_logo.py"


def _script():
    spec = importlib.util.spec_from_file_location("apisguru_learned_logo", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


def _set(module, name: str, group: str, flipped: bool = False, n: int = 40):
    rng = np.random.default_rng(sum(map(ord, name)))  # seeded per set, the same in every run
    y = np.arange(n) % 2 == 0
    signal = np.where(y != flipped, 1.0, -1.0) + rng.normal(0, 0.3, n)
    x = np.column_stack([signal, rng.normal(0, 1, n)])
    return module.SetRows(name, group, x, y, np.ones(n, dtype=bool))  # the rules keep everything


def test_a_model_fitted_on_the_other_groups_prunes_what_the_rules_keep():
    module = _script()
    sets = [_set(module, f"s{i}", g) for i, g in enumerate("AABBCC")]
    rows, totals = module.logo(sets)
    assert [r["group"] for r in rows] == ["A", "B", "C"]
    tp, kept, valid = totals["rules"]
    assert (tp, kept, valid) == (120, 240, 120)  # the rules keep every candidate: half are valid
    ptp, pkept, _ = totals["prune"]
    assert ptp / pkept > 0.95 and ptp > 100  # the feature separates them and transfers across groups


def test_the_held_group_never_trains_its_own_model():
    module = _script()
    # group C's labels run against the feature: a model that saw C would not score it this badly
    sets = [_set(module, f"s{i}", g) for i, g in enumerate("AABB")] + [_set(module, "c", "C", flipped=True)]
    rows, _ = module.logo(sets)
    tp, kept, _ = next(r for r in rows if r["group"] == "C")["learned"]
    assert kept and tp / kept < 0.1
    assert module.wilson(0, 0) is None and module.wilson(5, 10) == (0.237, 0.763)


def test_fitting_reads_every_candidate_and_scoring_only_the_labelled_ones():
    module = _script()
    x = np.arange(10, dtype=float)[:, None]
    y = np.array([True, False, True] + [False] * 7)
    labelled = np.array([True, True, True] + [False] * 7)  # seven candidates nobody labelled
    s = module.SetRows("s", "A", x, y, np.ones(10, dtype=bool), labelled=labelled)
    xs, ys = s.training(closed_world=True)
    assert len(xs) == 10 and ys.sum() == 2  # an unlabelled candidate is no chain
    xs, ys = s.training(closed_world=False)
    assert len(xs) == 3 and ys.tolist() == [True, False, True]
    scored = s.scored()
    assert scored.x[:, 0].tolist() == [0.0, 1.0, 2.0] and scored.keep.all() and scored.role == "fit"


def test_the_packaged_system_model_never_read_the_held_out_group():
    import json

    from tooldial.graph.layout_features import LAYOUT_FEATURE_NAMES
    from tooldial.graph.learned import SYSTEM_EDGE_MODEL, load_edge_model

    model = load_edge_model(SYSTEM_EDGE_MODEL)
    assert set(LAYOUT_FEATURE_NAMES) <= set(model.features)
    drawn = json.loads((SCRIPT.parents[1] / "tests" / "data" / "graph" / "apisguru27d" / "sets.json").read_text())
    fit = sorted({r["group"] for r in drawn if r["role"] == "fit"})
    assert model.fitted["groups"] == fit and "O" not in fit
    assert 0 < model.fitted["sets"] <= sum(r["role"] == "fit" for r in drawn)  # sets with no candidate add no row
