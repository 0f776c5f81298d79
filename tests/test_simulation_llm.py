"""Dynamic evaluation against a real local server: SmolLM2 as LLM user and as system under test (ToolDial
format and native tool calls), AutoDE suite, and a killed run that resumes without repeating requests."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from conftest import kill_after_first_answer

from tooldial.cli import main

REPO = Path(__file__).resolve().parents[1]
DIALOGUES = REPO / "tests" / "data" / "simulation" / "dialogues.jsonl"
#: ``../shared/data/autode`` beside the checkout (or beside the folder of worktrees).
AUTODE = next((p / "shared" / "data" / "autode" for p in Path(__file__).resolve().parents[1].parents[:2]
               if (p / "shared" / "data" / "autode").is_dir()), Path("../shared/data/autode"))

pytestmark = pytest.mark.slow


def _one_dialogue(tmp_path: Path, *sequences: str) -> Path:
    lines = [line for line in DIALOGUES.read_text().splitlines() if json.loads(line)["sequence_id"] in sequences]
    path = tmp_path / "dialogues.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


def _llm_args(server, cache: Path) -> list[str]:
    return ["--user", "llm", "--user-base-url", server.base_url, "--user-model", server.model,
            "--user-max-tokens", "16", "--max-user-turns", "2", "--system", "openai", "--base-url",
            server.base_url, "--model", server.model, "--max-new-tokens", "24", "--max-rounds", "2",
            "--max-concurrency", "1", "--cache-dir", str(cache), "--no-progress"]


def test_smollm2_plays_user_and_system_then_a_rerun_is_free(openai_server, tmp_path: Path) -> None:
    dialogues = _one_dialogue(tmp_path, "one_api_07")
    args = ["simulate", "--dialogues", str(dialogues), *_llm_args(openai_server, tmp_path / "cache")]
    start = openai_server.request_count()
    assert main([*args, "--out", str(tmp_path / "run")]) == 0
    sent = openai_server.request_count() - start
    results = json.loads((tmp_path / "run" / "results.json").read_text())
    assert sent >= 1 and results["episodes"] == 1 and results["failures"] == 0
    assert results["user"]["user"] == "llm" and results["system"]["backend"] == "openai"
    assert results["requests"]["system"]["backend_requests"] >= 1
    (episode,) = [json.loads(line) for line in (tmp_path / "run" / "transcripts.jsonl").open()]
    assert episode["end_reason"] and episode["turns"][0]["speaker"] == "User"
    # every answer is cached: the same run again sends nothing and writes the same transcript
    assert main([*args, "--out", str(tmp_path / "again")]) == 0
    assert openai_server.request_count() - start == sent
    assert (tmp_path / "again" / "transcripts.jsonl").read_bytes() == (tmp_path / "run" /
                                                                       "transcripts.jsonl").read_bytes()


@pytest.mark.skipif(not AUTODE.is_dir(), reason="AutoDE data not present (../shared/data/autode)")
def test_autode_suite_with_native_tool_calls_on_the_local_server(openai_server, tmp_path: Path) -> None:
    assert main(["simulate", "--suite", "autode", "--autode-dir", str(AUTODE), "--limit", "1",
                 "--user-base-url", openai_server.base_url, "--user-model", openai_server.model,
                 "--user-max-tokens", "16", "--max-user-turns", "1", "--protocol", "native",
                 "--base-url", openai_server.base_url, "--model", openai_server.model, "--max-new-tokens", "24",
                 "--cache-dir", str(tmp_path / "cache"), "--no-progress", "--out", str(tmp_path / "autode")]) == 0
    results = json.loads((tmp_path / "autode" / "results.json").read_text())
    assert results["suite"] == "autode" and results["episodes"] == 1 and results["failures"] == 0
    assert 0.0 <= results["figures"]["f1"] <= 100.0
    assert results["requests"]["system_llm"]["requests"] >= 1
    (row,) = [json.loads(line) for line in (tmp_path / "autode" / "scores.jsonl").open()]
    assert row["reason"] in ("assistant called an API", "round limit") and row["state"] in ("success", "failure")


def test_autode_oracle_scores_100(tmp_path: Path) -> None:
    if not AUTODE.is_dir():
        pytest.skip("AutoDE data not present (../shared/data/autode)")
    assert main(["simulate", "--suite", "autode", "--autode-dir", str(AUTODE), "--no-progress",
                 "--out", str(tmp_path / "oracle")]) == 0
    figures = json.loads((tmp_path / "oracle" / "results.json").read_text())["figures"]
    assert (figures["precision"], figures["recall"], figures["f1"], figures["call_rate"]) == (100.0, 100.0, 100.0, 1.0)


def test_killed_run_resumes_without_repeating_requests(openai_server, tmp_path: Path) -> None:
    dialogues = _one_dialogue(tmp_path, "one_api_05", "one_api_07")
    cache = tmp_path / "cache"
    argv = [sys.executable, "-m", "tooldial", "simulate", "--dialogues", str(dialogues),
            *_llm_args(openai_server, cache), "--out", str(tmp_path / "killed")]
    start = openai_server.request_count()
    answered_before_kill = kill_after_first_answer(openai_server, argv, timeout=120, settle=0.2,
                                                   env={**os.environ, "PYTHONPATH": str(REPO)})
    assert answered_before_kill >= 1 and not (tmp_path / "killed" / "results.json").exists()

    assert main(["simulate", "--dialogues", str(dialogues), *_llm_args(openai_server, cache),
                 "--out", str(tmp_path / "resumed")]) == 0
    requests = json.loads((tmp_path / "resumed" / "results.json").read_text())["requests"]
    sent = requests["system_llm"]["requests"] + requests["user"]["requests"]
    cached = requests["system_llm"]["cache_hits"] + requests["user"]["cache_hits"] + \
        requests["system"]["cache_hits"]
    # nothing answered before the kill was asked again; only the rest was sent
    assert cached >= answered_before_kill
    assert openai_server.request_count() - start == answered_before_kill + sent



def test_timeout_and_max_attempts_bound_every_request_and_the_failure_is_reported(openai_server, tmp_path: Path,
                                                                                   capsys) -> None:
    """--timeout/--max-attempts reach the user's and the system's clients (as in graph build): SmolLM2 cannot answer
    in 50 ms, so the first request (the system's: the first user turn is the scripted intent) gives up after exactly
    2 attempts and the episode ends, counted with its reason; results.json records both settings."""
    dialogues = _one_dialogue(tmp_path, "one_api_07")
    args = ["simulate", "--dialogues", str(dialogues), *_llm_args(openai_server, tmp_path / "cache"), "--no-cache",
            "--timeout", "0.05", "--max-attempts", "2", "--out", str(tmp_path / "run")]
    assert main(args) == 0
    results = json.loads((tmp_path / "run" / "results.json").read_text())
    assert results["config"]["timeout"] == 0.05 and results["config"]["max_attempts"] == 2
    assert results["failures"] == 1
    (reason,) = results["end_reasons"]
    assert "failed" in reason and "gave up after 2 attempts" in reason and "Timeout" in reason, reason
    clients = [c for c in results["requests"].values() if "errors" in c]
    assert sum(c["errors"] for c in clients) == 1 and sum(c["requests"] for c in clients) == 2, results["requests"]
    assert "ended by a failure" in capsys.readouterr().err
