"""report.md and `eval compare` from results alone (no model, no dataset): typed metrics in, tables out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tooldial.errors import ConfigError
from tooldial.evaluation.benchmark import DEFAULT_TASKS, Benchmark, load_benchmark
from tooldial.evaluation.metrics import action_metrics
from tooldial.evaluation.report import compare_runs, task_metrics, write_report
from tooldial.evaluation.tasks import ActionMetrics, DstMetrics, FaithfulnessMetrics, OverallMetrics


def _action(accuracy: float) -> dict:
    scores = action_metrics(["call", "call", "request", "request"], ["call", "request", "request", "request"])
    return ActionMetrics(
        accuracy=accuracy, lenient_accuracy=accuracy + 0.05, n=20, correct=int(20 * accuracy),
        majority_baseline={"label": "request", "accuracy": 0.25}, **scores,
    ).model_dump(mode="json", exclude_none=True)


def results(label: str = "m", action: float = 0.5) -> dict:
    dst = DstMetrics(accuracy=0.75, n=4, correct=3, error_analysis={"errors": 1, "counts": {"slot": 1}},
                     accuracy_by_num_user_turns={"1": {"n": 2, "correct": 2, "accuracy": 1.0},
                                                 "2": {"n": 2, "correct": 1, "accuracy": 0.5}})
    overall = OverallMetrics(accuracy=0.25, n=4, correct=1, dialogue_success={"success_rate": 0.5, "dialogues": 2},
                             error_kinds={"state_mismatch": 3})
    faith = FaithfulnessMetrics(accuracy=0.9, n=10, judge={"model": "judge-x", "n": 3, "temperature": 1.0,
                                                           "max_tokens": 1})
    dump = {"mode": "json", "exclude_none": True}
    return {
        "backend": {"backend": "hf", "model": f"/models/{label}"},
        "config": {"dataset": "d", "split": "test"},
        "prompt_version": "v",
        "tasks": {
            "dst": {"gt": dst.model_dump(**dump), "nogt": dst.model_dump(**dump)},
            "action": {"gt": _action(action), "nogt": _action(action / 2)},
            "overall": {"gt": overall.model_dump(**dump)},
            "faithfulness": {"nogt": faith.model_dump(**dump)},
        },
        "generation": {"requests": 10, "backend_requests": 4, "cache_hits": 6, "failures": 0, "seconds_total": 1.5},
    }


def test_results_read_back_as_typed_metrics() -> None:
    tasks = task_metrics(results())
    assert isinstance(tasks["action"]["gt"], ActionMetrics) and tasks["action"]["gt"].per_action["call"].support == 2
    assert tasks["dst"]["gt"].accuracy_by_num_user_turns["2"].accuracy == 0.5
    assert tasks["faithfulness"]["nogt"].judge.model == "judge-x"


def test_report_tables_hold_the_run_and_the_paper(tmp_path: Path) -> None:
    path = write_report(results(), load_benchmark(None), tmp_path)
    text = path.read_text()
    assert "# ToolDial evaluation: `hf:m`" in text
    assert "| **hf:m** | 75.0 | 75.0 | 50.0 | 25.0 | 90.0 |" in text  # Table 4 row, percentages
    assert "| hf:m (lenient action rule) |  |  | 55.0 | 30.0 |  |" in text
    assert "| TD-Llama (paper) |" in text  # the paper's rows from eval/tooldial.yaml
    assert "| w GT | **hf:m** | 0.0 | 0.0 | 80.0 | 0.0 | 0.0 | 0.0 | 0.0 | 66.7 |" in text  # F1 per action
    assert "| **hf:m** | w GT | 25.0 | 50.0 |" in text  # overall turn accuracy and dialogue success
    assert "| 2 | 50.0 (2) | 50.0 (2) |" in text  # DST by number of user turns
    assert "10 responses judged by `judge-x` (3 verdicts at T=1.0); score 90.0" in text
    assert "Completions asked 10, sent to the backend 4, from cache 6" in text
    for png in ("action_confusion_gt.png", "action_confusion_nogt.png", "dst_accuracy_by_turns.png"):
        assert (tmp_path / png).is_file() and f"]({png})" in text


def test_a_run_with_one_task_reports_only_that_task(tmp_path: Path) -> None:
    partial = results()
    partial["tasks"] = {"action": partial["tasks"]["action"]}
    text = write_report(partial, Benchmark(tasks=DEFAULT_TASKS), tmp_path).read_text()
    assert "## Table 5" in text and "## Overall" not in text and "## DST error analysis" not in text
    assert "| **hf:m** | – | – | 50.0 | 25.0 | – |" in text


def test_compare_lines_up_runs_and_refuses_what_is_not_a_run(tmp_path: Path) -> None:
    for name, action in (("a", 0.5), ("b", 0.8)):
        (tmp_path / name).mkdir()
        (tmp_path / name / "results.json").write_text(json.dumps(results(name, action)))
    lines = [line for line in compare_runs([tmp_path / "a", tmp_path / "b"]).splitlines() if line.startswith("|")]
    header = [c.strip() for c in lines[0].strip("|").split("|")]
    rows = [dict(zip(header, (c.strip() for c in line.strip("|").split("|")), strict=True)) for line in lines[2:]]
    assert [(r["run"], r["model"]) for r in rows] == [("a", "hf:a"), ("b", "hf:b")]
    assert [(r["Act gt"], r["Act nogt"], r["DST gt"]) for r in rows] == [("50.0", "25.0", "75.0"),
                                                                          ("80.0", "40.0", "75.0")]
    assert rows[0]["Dialogues gt"] == "50.0" and rows[0]["Dialogues nogt"] == "–"  # no overall nogt run
    (tmp_path / "c").mkdir()
    with pytest.raises(ConfigError, match="not a run directory"):
        compare_runs([tmp_path / "c"])
