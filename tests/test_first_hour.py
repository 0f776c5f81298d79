"""First-hour frictions of issue 31: the simulated corpus, clustered intervals, a steady ETA, one-API dialogues of
a function file without outputs."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tooldial.errors import ConfigError
from tooldial.simulation.metrics import aggregate_rows
from tooldial.simulation.runner import SimulationConfig, dataset_corpus

DATA = Path(__file__).parent / "data" / "own_api"


def _built_from(tmp_path: Path, corpus: str) -> Path:
    (tmp_path / "ds").mkdir()
    (tmp_path / "ds" / "tooldial_build.json").write_text(json.dumps({"info": {"corpus": corpus}}))
    return tmp_path / "ds"


def test_simulate_takes_the_corpus_the_dataset_was_built_from(tmp_path):
    spec = str(DATA / "bookstore_openapi.yaml")
    ds = _built_from(tmp_path, spec)
    assert dataset_corpus(SimulationConfig(dataset=str(ds), out=str(tmp_path / "o"))) == spec
    assert dataset_corpus(SimulationConfig(dataset=str(ds), corpus="builtin", out=str(tmp_path / "o"))) == "builtin"
    assert dataset_corpus(SimulationConfig(dialogues="d.jsonl", out=str(tmp_path / "o"))) == "builtin"


def test_a_recorded_corpus_that_is_gone_is_an_error_not_the_embedded_one(tmp_path):
    ds = _built_from(tmp_path, str(tmp_path / "moved_away.yaml"))
    with pytest.raises(ConfigError, match="moved_away.yaml.*pass --corpus"):
        dataset_corpus(SimulationConfig(dataset=str(ds), out=str(tmp_path / "o")))


def test_intervals_treat_the_trials_of_one_dialogue_as_one_sample():
    # 25 dialogues x 3 trials: each dialogue either always succeeds or always fails (trials agree)
    rows = [{"dialogue_id": f"d{i}", "trial": t, "task_success": 1.0 if i < 10 else 0.0}
            for i in range(25) for t in range(3)]
    clustered = aggregate_rows(rows, ["task_success"])["task_success"]
    naive = aggregate_rows(rows, ["task_success"], cluster=None)["task_success"]
    assert clustered.n == 25 and naive.n == 75
    assert clustered.mean == pytest.approx(0.4) == naive.mean
    assert (clustered.high - clustered.low) > (naive.high - naive.low) * 1.4  # ~sqrt(3) wider
    one_trial = [r for r in rows if r["trial"] == 0]
    assert aggregate_rows(one_trial, ["task_success"]) == aggregate_rows(one_trial, ["task_success"], cluster=None)


def test_the_eta_reads_the_steady_rate_not_the_warm_up(monkeypatch):
    from tqdm import tqdm

    from tooldial.progress import restart_clock

    clock = [1000.0]
    monkeypatch.setattr("tqdm.std.time", lambda: clock[0])
    bar = tqdm(total=200, smoothing=0, file=io.StringIO(), mininterval=0)
    clock[0] += 600.0  # the first batch of 8 pays 10 minutes of warm-up
    bar.update(8)
    restart_clock(bar)
    for _ in range(4):  # then 8 dialogues every 4 s
        clock[0] += 4.0
        bar.update(8)
    d = bar.format_dict
    rate = (d["n"] - d["initial"]) / d["elapsed"]
    assert rate == pytest.approx(2.0)
    assert (d["total"] - d["n"]) / rate < 120  # 160 left at 2/s: under 2 minutes, not hours
    bar.close()


def test_a_function_file_without_outputs_still_offers_its_apis_for_one_api_dialogues():
    from tooldial.corpus import load_corpus
    from tooldial.dialogue.generate import unit_problem
    from tooldial.dialogue.planner import DialogueUnit

    silent = load_corpus(str(DATA / "bookstore_tools_no_outputs.json"))
    assert all(unit_problem(silent, DialogueUnit(target=a.id)) == "" for a in silent.apis)
    documented = load_corpus(str(DATA / "bookstore_tools.json"))
    assert all(unit_problem(documented, DialogueUnit(target=a.id)) == "" for a in documented.apis)


def test_lenient_action_accuracy_is_never_below_strict():
    from tooldial.evaluation.backends.base import GenerationRequest
    from tooldial.evaluation.generation import Completion
    from tooldial.evaluation.tasks import ActionTask

    request = GenerationRequest(task="action", messages=[{"role": "user", "content": "x"}])
    # right first line, then free text naming another action: strict right, so lenient right too
    scored = ActionTask().score({"label": "request"}, request,
                                Completion("request\nI need the city first, then I can call the API."))
    assert scored["correct"] is True and scored["lenient_correct"] is True
    wrong = ActionTask().score({"label": "call"}, request, Completion("request"))
    assert wrong["correct"] is False and wrong["lenient_correct"] is False


def test_eval_hf_on_a_cpu_caps_action_tokens_and_shows_progress_per_example(monkeypatch):
    from tooldial.cli import build_parser
    from tooldial.evaluation import cpu_defaults

    monkeypatch.setattr(cpu_defaults, "cuda_available", lambda: False)
    assert cpu_defaults.runs_on_cpu("hf") and not cpu_defaults.runs_on_cpu("openai")
    assert cpu_defaults.default_batch_size("hf", None) == 1 and cpu_defaults.default_batch_size("hf", 4) == 4
    assert cpu_defaults.default_batch_size("openai", None) == 8
    assert cpu_defaults.task_token_limit("action", 300, on_cpu=True) == 32
    assert cpu_defaults.task_token_limit("dst", 300, on_cpu=True) == 300
    assert cpu_defaults.task_token_limit("action", 300, on_cpu=False) == 300
    args = build_parser().parse_args(["eval", "--dataset", "d", "--out", "o"])
    assert args.batch_size is None  # resolved per machine, not a fixed 8
    monkeypatch.setattr(cpu_defaults, "cuda_available", lambda: True)
    assert cpu_defaults.default_batch_size("hf", None) == 8


def test_the_card_states_the_datasets_floor_and_how_to_run_its_example_offline():
    import re

    from tooldial.dataset import card

    floor = re.search(r'"datasets>=([\d.]+)"', (Path(__file__).parents[1] / "pyproject.toml").read_text())
    assert floor and f"datasets>={floor.group(1)}" == card.DATASETS_FLOOR  # the card says what pyproject needs
    section = card._trl_section()
    assert "HF_HUB_OFFLINE=1" in section and "local model directory" in section and "save_model" in section
    text = "".join(card._configs_section(card.DatasetStats(), card.BuildInfo()))
    assert card.DATASETS_FLOOR in text and "not callable" in text
