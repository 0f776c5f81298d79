"""The learning-curve protocol (scripts/learning_curve.py, tooldial.training.curve): the GPU recipe's CPU dry run
end to end (train in scheduled segments, score every checkpoint, table + PNG), resume and reuse, and user errors.

The dataset is the hand-made one of test_eval (a few dialogues), so the run is steps 0, 1, 2 on 2 rows per task
and setting with the packaged SmolLM2-135M.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow


def _script():
    spec = importlib.util.spec_from_file_location("learning_curve", REPO / "scripts" / "learning_curve.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module", autouse=True)
def _one_thread(one_torch_thread):
    """Every test of this module runs with one torch thread (see conftest)."""


@pytest.fixture(scope="module")
def dataset(tmp_path_factory) -> Path:
    from test_eval import write_eval_dataset

    return write_eval_dataset(tmp_path_factory.mktemp("curve-ds") / "ds")


def _mtimes(root: Path, pattern: str) -> dict[str, float]:
    return {str(p.relative_to(root)): p.stat().st_mtime_ns for p in sorted(root.glob(pattern))}


def test_gpu_recipe_dry_run_scores_every_checkpoint_and_resumes(dataset, tmp_path, capsys):
    out = tmp_path / "curve"
    argv = ["--recipe", str(REPO / "train" / "small-gpu.yaml"), "--dataset", str(dataset),
            "--unseen-dataset", str(dataset), "--out", str(out), "--dry-run", "--no-progress"]
    assert _script().main(argv) == 0

    table = json.loads((out / "curve.json").read_text(encoding="utf-8"))
    assert sorted(table["steps"], key=int) == ["0", "1", "2"]
    for step, scores in table["steps"].items():
        assert set(scores) == {"action", "dst"}, step
        for task in ("action", "dst"):
            assert set(scores[task]) == {"gt", "nogt"}
            row = scores[task]["gt"]
            assert row["n"] == 2 and 0 <= row["accuracy_ci"][0] <= row["accuracy"] <= row["accuracy_ci"][1] <= 1
    assert "majority" in table["steps"]["2"]["action"]["gt"]
    assert set(table["baselines"]["rule"]) == {"action", "dst"}
    assert table["unseen"]["step"] == 2 and set(table["unseen"]["model"]) == {"action", "dst"}
    assert set(table["last_step_vs_majority"]) == {"gt", "nogt"}
    # the GPU recipe's own keys were used (LoRA r 32, BFD packing); the dry run only swapped model and sizes
    trained = (out / "train" / "train_config.yaml").read_text(encoding="utf-8")
    assert "r: 32" in trained and "packing_strategy: bfd" in trained and "max_steps: 2" in trained
    # one run in two segments: the second resumed from the first checkpoint
    assert table["training"]["2"]["resumed_from"].endswith("checkpoint-1")
    assert table["training"]["1"]["resumed_from"] is None
    # every checkpoint was scored with its own adapter
    results = json.loads((out / "eval" / "step-00001" / "action" / "results.json").read_text(encoding="utf-8"))
    assert results["backend"]["adapter"].endswith("checkpoint-1")
    # ... on prompts fitted to the recipe's max_length (the dry run's 700), as its training rows were; the
    # baselines read rows, not prompts
    assert table["eval_max_length"] == 700 and results["config"]["max_length"] == 700
    assert results["prompt_fit"]["max_length"] == 700 and "history_trimmed" in results["tasks"]["action"]["gt"]
    rule = json.loads((out / "eval" / "baselines-rule" / "action" / "results.json").read_text(encoding="utf-8"))
    assert rule["config"]["max_length"] is None and "prompt_fit" not in rule
    from PIL import Image

    with Image.open(out / "curve.png") as image:
        assert image.size[0] > 600

    # a rerun reuses everything: no training, no evaluation
    before = _mtimes(out, "train/checkpoint-*/adapter_model.safetensors") | _mtimes(out, "eval/*/*/results.json")
    assert _script().main(argv) == 0
    assert (_mtimes(out, "train/checkpoint-*/adapter_model.safetensors")
            | _mtimes(out, "eval/*/*/results.json")) == before

    # a run killed while scoring the last step: only that step is scored again, nothing is trained
    import shutil

    shutil.rmtree(out / "eval" / "step-00002" / "dst")
    assert _script().main(argv) == 0
    assert (out / "eval" / "step-00002" / "dst" / "results.json").is_file()
    after = _mtimes(out, "train/checkpoint-*/adapter_model.safetensors") | _mtimes(out, "eval/*/*/results.json")
    assert {k: v for k, v in after.items() if v != before.get(k)} == {
        "eval/step-00002/dst/results.json": after["eval/step-00002/dst/results.json"]}
    assert "curve ->" in capsys.readouterr().out


def test_user_errors_are_one_line(dataset, tmp_path, capsys):
    script = _script()
    assert script.main(["--dataset", str(dataset), "--out", str(tmp_path / "a"), "--steps", "0"]) == 2
    assert "steps" in capsys.readouterr().err
    assert script.main(["--dataset", str(dataset), "--out", str(tmp_path / "b"), "--", "--learning_rat", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tooldial: ") and "learning_rate" in err
    assert not (tmp_path / "b" / "train").exists()


def test_an_evaluation_made_under_another_protocol_is_scored_again(tmp_path):
    """A finished evaluation is reused only when it scored the same rows the same way: another --eval-limit or
    another prompt length (--eval-max-length) is a different measurement, not a resume."""
    from tooldial.training.config import load_train_config
    from tooldial.training.curve import _finished, eval_max_length
    from tooldial.training.curve_config import CurveConfig

    scored = {"gt": {"accuracy": 0.5, "n": 100}, "nogt": {"accuracy": 0.4, "n": 100}}
    (tmp_path / "results.json").write_text(json.dumps(
        {"valid": True, "config": {"limit": 100, "max_length": None}, "tasks": {"action": scored}}), encoding="utf-8")
    settings = ["gt", "nogt"]
    assert _finished(tmp_path, "action", settings, {"limit": 100, "max_length": None}) == scored
    assert _finished(tmp_path, "action", settings, {"limit": 200, "max_length": None}) is None
    assert _finished(tmp_path, "action", settings, {"limit": 100, "max_length": 1024}) is None

    recipe = str(REPO / "train" / "curve-cpu.yaml")
    resolved = load_train_config(recipe, {})
    config = CurveConfig(recipe=recipe, dataset="ds", out=str(tmp_path))
    assert eval_max_length(config, resolved) == resolved.max_length == 1024  # the default: the recipe's
    assert eval_max_length(config.model_copy(update={"eval_max_length": None}), resolved) is None
    assert eval_max_length(config.model_copy(update={"eval_max_length": 512}), resolved) == 512
    assert _script().parser().parse_args(["--eval-max-length", "none"]).eval_max_length is None
