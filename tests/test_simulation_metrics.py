"""Dynamic-evaluation metrics and the AutoDE transcript scoring (paper Table 1)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from tooldial.cli import main
from tooldial.errors import TooldialError
from tooldial.simulation.autode import score_transcripts
from tooldial.simulation.metrics import aggregate, pass_hat_curve, pass_hat_k, slot_prf, wilson_interval

#: ``../shared/data/autode`` beside the checkout (or beside the folder of worktrees).
AUTODE = next((p / "shared" / "data" / "autode" for p in Path(__file__).resolve().parents[1].parents[:2]
               if (p / "shared" / "data" / "autode").is_dir()), Path("../shared/data/autode"))
TRANSCRIPTS = AUTODE / "transcripts_user-gpt35_assistant-gpt35.jsonl.gz"


def test_slot_prf_follows_autode_rules():
    assert slot_prf({}, {}).f1 == 1.0  # both empty
    assert slot_prf({"a": "1"}, {}).f1 == 0.0
    assert slot_prf({}, {"a": "1"}).f1 == 0.0
    score = slot_prf({"a": "1", "b": "2", "c": "x"}, {"a": "1", "b": "3"})
    assert (score.precision, score.recall) == (1 / 3, 1 / 2)
    assert score.f1 == pytest.approx(2 * (1 / 3) * (1 / 2) / (1 / 3 + 1 / 2))
    assert slot_prf({"n": 3}, {"n": "3"}).f1 == 1.0  # a number and its text are the same value


def test_pass_hat_k_is_tau_bench_formula():
    assert pass_hat_k(4, 4, 4) == 1.0
    assert pass_hat_k(2, 4, 1) == 0.5
    assert pass_hat_k(2, 4, 2) == pytest.approx(1 / 6)
    assert pass_hat_k(1, 4, 2) == 0.0
    curve = pass_hat_curve({"a": [True, True, False], "b": [True, True, True]})
    assert list(curve) == [1, 2, 3]
    assert curve[1] == pytest.approx((2 / 3 + 1) / 2)
    assert curve[3] == pytest.approx(0.5)
    assert curve[1] >= curve[2] >= curve[3]
    with pytest.raises(ValueError):
        pass_hat_k(1, 2, 3)


def test_intervals():
    low, high = wilson_interval(300, 300)
    assert high == 1.0 and 0.98 < low < 1.0
    agg = aggregate([1, 0, 1, 1])
    assert agg.mean == 0.75 and agg.low < 0.75 < agg.high
    agg = aggregate([0.5, 0.25, 0.75])
    assert agg.low < 0.5 < agg.high and agg.n == 3


@pytest.mark.skipif(not TRANSCRIPTS.is_file(), reason="AutoDE data not present (../shared/data/autode)")
def test_autode_transcripts_reproduce_table1(tmp_path, capsys):
    figures, rows = score_transcripts(TRANSCRIPTS, AUTODE)
    assert (figures.records, figures.tasks, figures.trials) == (1380, 276, 5)
    assert (round(figures.precision, 2), round(figures.recall, 2), round(figures.f1, 2)) == (78.14, 73.84, 75.43)
    assert round(figures.f1_std_over_trials, 2) == 0.56  # Table 1's ±
    assert figures.failed_records == sum(r["state"] != "success" for r in rows) > 0
    assert main(["simulate", "--transcripts", str(TRANSCRIPTS), "--out", str(tmp_path / "run")]) == 0
    assert "P 78.14  R 73.84  F1 75.43" in capsys.readouterr().out
    results = json.loads((tmp_path / "run" / "results.json").read_text())
    assert results["figures"]["f1"] == pytest.approx(figures.f1)
    assert sum(1 for _ in (tmp_path / "run" / "scores.jsonl").open()) == 1380


def test_transcript_errors_name_file_line_and_field(tmp_path, capsys):
    tasks = tmp_path / "data_v1_2.jsonl"
    tasks.write_text(json.dumps({"uuid": "u1", "background": "b", "content": [{"role": "User", "message": "hi"}],
                                 "api": "A", "slots": {"x": "1"}}) + "\n")
    good = {"uuid": "u1", "content": [], "api": "A", "slots": {"x": "1"}, "state": "success"}
    bad = tmp_path / "t.jsonl.gz"
    with gzip.open(bad, "wt") as fh:
        fh.write(json.dumps(good) + "\n" + json.dumps({**good, "state": None}) + "\n")
    with pytest.raises(TooldialError, match=r"t\.jsonl\.gz: line 2: state"):
        score_transcripts(bad, tmp_path)
    unknown = tmp_path / "u.jsonl"
    unknown.write_text(json.dumps({**good, "uuid": "zz"}) + "\n")
    assert main(["simulate", "--transcripts", str(unknown)]) == 2
    assert "u.jsonl: line 1: uuid" in capsys.readouterr().err
    ok = tmp_path / "ok.jsonl"
    ok.write_text(json.dumps(good) + "\n" + json.dumps({**good, "api": "B"}) + "\n")
    figures, _ = score_transcripts(ok, tasks)
    assert figures.f1 == 50.0 and figures.wrong_api_records == 1
