"""Results carry 95% intervals, provenance (date, commit, dataset fingerprint) and caveats; runs never overwrite."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tooldial.errors import ConfigError
from tooldial.evaluation.metrics import bootstrap_f1_intervals, bootstrap_mean_interval, wilson_interval

DATA = Path(__file__).parent / "data" / "release" / "clean"


def test_wilson_matches_known_values_and_stays_in_bounds():
    assert wilson_interval(5, 10) == pytest.approx([0.236593, 0.763407], abs=1e-6)
    assert wilson_interval(0, 10) == pytest.approx([0.0, 0.277533], abs=1e-6)
    assert wilson_interval(10, 10)[1] == 1.0 and wilson_interval(10, 10)[0] == pytest.approx(0.722467, abs=1e-6)
    assert wilson_interval(0, 0) == [0.0, 1.0]


def test_bootstrap_intervals_are_seeded_and_contain_the_estimate():
    labels = ["call", "request", "response", "call", "request"] * 20
    preds = ["call", "request", "call", "call", "response"] * 20
    per_class, macro = bootstrap_f1_intervals(labels, preds, ["call", "request", "response", "clarify"], seed=3)
    assert set(per_class) == {"call", "request", "response"}  # only classes present in the labels
    assert per_class["call"][0] <= 0.8 <= per_class["call"][1]  # F1 of `call` is 0.8 on the full data
    assert (per_class, macro) == bootstrap_f1_intervals(labels, preds, ["call", "request", "response", "clarify"],
                                                        seed=3)
    low, high = bootstrap_mean_interval([0.0, 0.5, 1.0, 1.0] * 10)
    assert low < 0.625 < high


@pytest.fixture(scope="module")
def release_ds(tmp_path_factory) -> Path:
    from tooldial.dataset.convert import convert_release

    out = tmp_path_factory.mktemp("release") / "ds"
    convert_release(DATA, out, progress=False)
    return out


def _run(dataset: Path, out: Path, **fields):
    from tooldial.evaluation.runner import EvalConfig, evaluate

    config = EvalConfig.expand("action", "gt", backend="rule", dataset=str(dataset), out=str(out), progress=False,
                               use_cache=False, **fields)
    return evaluate(config)


def test_results_record_provenance_and_the_report_says_when_the_test_set_is_not_the_papers(release_ds, tmp_path):
    results = _run(release_ds, tmp_path / "paper")
    provenance = results["provenance"]
    assert provenance["date"].endswith("+00:00") and provenance["dataset_source"] == "release"
    fingerprint = provenance["dataset_fingerprint"]["action_prediction"]
    assert len(fingerprint) == 64
    assert "Caveats" not in (tmp_path / "paper" / "report.md").read_text()  # the original release's test split

    generated = tmp_path / "generated"
    shutil.copytree(release_ds, generated, symlinks=False)
    build = json.loads((generated / "tooldial_build.json").read_text())
    build["info"].update(source="generated", corpus="builtin")
    (generated / "tooldial_build.json").write_text(json.dumps(build))
    shard = sorted((generated / "data" / "action_prediction").glob("test-*.parquet"))[0]
    import pyarrow.parquet as pq

    pq.write_table(pq.read_table(shard), shard, compression="gzip")  # same rows, other bytes: other fingerprint
    results = _run(generated, tmp_path / "synthetic", limit=3)
    assert results["provenance"]["dataset_fingerprint"]["action_prediction"] != fingerprint
    report = (tmp_path / "synthetic" / "report.md").read_text()
    assert "The test set is not the paper's" in report and "Only the first 3 examples" in report


def test_a_run_directory_is_never_overwritten_without_asking(release_ds, tmp_path):
    out = tmp_path / "run"
    _run(release_ds, out)
    (out / "notes.txt").write_text("mine")
    stale = out / "action_confusion_nogt.png"
    stale.write_bytes(b"png of an earlier run")
    with pytest.raises(ConfigError, match="holds an earlier run"):
        _run(release_ds, out)
    _run(release_ds, out, overwrite=True)
    assert (out / "results.json").is_file() and (out / "notes.txt").read_text() == "mine"
    assert not stale.exists()  # the earlier run's PNG of a setting this run did not score is gone
