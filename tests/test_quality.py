"""Dialogue quality judge (G-Eval style, Table 3): parsing, sampling, scoring, the ``tooldial quality`` CLI."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_llm import ScriptedServer

from tooldial.cli import main
from tooldial.dialogue.io import read_dialogues
from tooldial.dialogue.quality import (
    CRITERIA,
    QualityJudge,
    dialogue_text,
    parse_score,
    sample_dialogues,
)
from tooldial.dialogue.record import DialogueRecord
from tooldial.llm import LLMClient

API = "Weather|sky_cast|Daily Forecast"


def record(dialogue_id: str, sequence_id: str = "one_api_07", *, fail: bool = False) -> DialogueRecord:
    result = {"api_name": API, "result": {"condition": "sunny", "high_c": 18}}
    turns = [
        {"User": {"action": "inform_intent_clear", "message": "What's the weather in Paris tomorrow?"}},
        {"System": {"action": "retriever_call", "thought": "I will call the retriever.", "message": ""}},
    ]
    if fail:
        turns += [{"System": {"action": "response_fail", "thought": "I cannot do this.",
                              "message": "Sorry, I can't help with that."}}]
    else:
        turns += [
            {"System": {"action": "call", "thought": "I will call it.", "message": "",
                        "api_request": {"api_name": API, "required_parameters": {"city": "Paris"}},
                        "api_response": result}},
            {"System": {"action": "response", "thought": "I can answer.", "message": "Sunny, 18 degrees."}},
            {"User": {"action": "user_bye", "message": "Thanks, bye!"}},
            {"System": {"action": "system_bye", "thought": "Goodbye.", "message": "Goodbye!"}},
        ]
    return DialogueRecord(subgraph_type="zeroyes", dialogue=turns, mockdata={"source": [], "target": [result]},
                          target=API, dialogue_id=dialogue_id, sequence_id=sequence_id)


@pytest.mark.parametrize(
    ("text", "low", "high", "expected"),
    [("3", 1, 3, 3), (" Score: 2\n", 1, 3, 2), ("2/3", 1, 3, 2), ("2.0", 1, 3, 2), ("Naturalness: 1.", 1, 3, 1),
     ("true", 0, 1, 1), ("False.", 0, 1, 0), ("1", 0, 1, 1), ("yes", 0, 1, 1),
     ("4", 1, 3, None), ("2.5", 1, 3, None), ("great dialogue", 1, 3, None), ("", 1, 3, None),
     ("-1", 0, 1, None), ("yes", 1, 3, None)],
)
def test_parse_score(text: str, low: int, high: int, expected: int | None) -> None:
    assert parse_score(text, low, high) == expected


def test_sample_spreads_over_sequences_and_is_seeded() -> None:
    records = [record(f"{seq}-{i}", seq) for seq in ("one_api_01", "one_api_02", "fail_01") for i in range(5)]
    picked = sample_dialogues(records, 3, seed=4)
    assert sorted(r.sequence_id for r in picked) == ["fail_01", "one_api_01", "one_api_02"]
    assert [r.dialogue_id for r in picked] == [r.dialogue_id for r in sample_dialogues(records, 3, seed=4)]
    assert len(sample_dialogues(records, 50)) == 15


def test_dialogue_text_shows_actions_thoughts_and_api_results() -> None:
    text = dialogue_text(record("d"))
    assert "User (inform_intent_clear): What's the weather in Paris tomorrow?" in text
    assert 'API result: {"api_name": "Weather|sky_cast|Daily Forecast", "result": {"condition": "sunny"' in text
    assert "System (response) [thought: I can answer.]: Sunny, 18 degrees." in text


def _judge_answers(body: dict) -> str:
    system = body["messages"][0]["content"]
    if "Naturalness (1-3)" in system:
        return "Score: 3"
    if "Coherence (1-3)" in system:
        return "2" if body["seed"] == 0 else "1"
    if "Efficiency (1-3)" in system:
        return "This dialogue is very efficient!"  # no score: malformed
    return "true"


def test_judge_scores_counts_malformed_and_skips_correctness_without_response(tmp_path: Path) -> None:
    with ScriptedServer(responder=_judge_answers) as server:
        client = LLMClient(server.base_url, "judge", cache_dir=tmp_path)
        report = QualityJudge(client, samples=2).score([record("ok"), record("fail", "fail_01", fail=True)])
        # samples=2 → two calls per criterion (the server returns one choice), seeds 0 and 1.
        assert report.mean("naturalness") == 3 and report.mean("coherence") == 1.5
        assert report.mean("efficiency") is None and report.malformed("efficiency") == 4
        assert report.mean("correctness") == 1 and report.scored("correctness") == 1  # fail dialogue: n.a.
        assert len(server.requests) == 2 * (3 + 3 + 1)
        assert all(r["temperature"] == 1.0 for r in server.requests)
        table = report.table()
        assert re.search(r"Naturalness \(1–3\)\s+3\.00\s+2\s+0\s+2\.28\s+2\.54", table)
        assert re.search(r"Efficiency \(1–3\)\s+–\s+0\s+4\s+2\.81\s+2\.60", table)
        assert re.search(r"Correctness \(0–1\)\s+1\.00\s+1\s+0\s+0\.90\s+0\.95", table)


def test_failed_judge_requests_are_reported_not_raised(tmp_path: Path) -> None:
    with ScriptedServer(script=[(400, {}, {"error": {"message": "context too long"}})]) as server:
        client = LLMClient(server.base_url, "judge", cache_dir=tmp_path, max_concurrency=1)
        report = QualityJudge(client, samples=1, criteria=["naturalness"]).score([record("a")])
        assert report.dialogues[0].errors["naturalness"] == "HTTP 400: context too long"
        assert report.mean("naturalness") is None and report.failed_requests("naturalness") == 1


def test_a_broken_dialogues_file_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "dialogues.jsonl"
    path.write_text(record("a").model_dump_json() + "\n" + '{"dialogue": 3}\n')
    with pytest.raises(Exception, match=r"dialogues.jsonl: line 2"):
        list(read_dialogues(path))


def test_cli_rejects_unknown_criteria(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "d.jsonl"
    path.write_text(record("a").model_dump_json() + "\n")
    code = main(["quality", str(path), "--criteria", "fluency", "--base-url", "http://127.0.0.1:9/v1", "--model", "m"])
    assert code == 2 and "unknown criteria fluency" in capsys.readouterr().err


def test_cli_reports_a_missing_file_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["quality", str(tmp_path / "nope.jsonl"), "--base-url", "http://127.0.0.1:9/v1", "--model", "m"])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("tooldial: ") and "nope.jsonl" in err and len(err.splitlines()) == 1


@pytest.mark.slow
def test_cli_against_the_real_server(openai_server, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOOLDIAL_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "dialogues.jsonl"
    path.write_text("".join(record(f"d{i}", seq, fail=seq == "fail_01").model_dump_json() + "\n"
                            for i, seq in enumerate(["one_api_07", "one_api_07", "fail_01"])))
    out = tmp_path / "quality.json"
    argv = ["quality", str(path), "--sample", "1", "--samples", "1", "--criteria", "naturalness",
            "--base-url", openai_server.base_url, "--model", openai_server.model, "--out", str(out), "--no-progress"]
    before = openai_server.request_count()
    assert main(argv) == 0
    assert openai_server.request_count() - before == 1
    printed = capsys.readouterr().out
    assert "Naturalness (1–3)" in printed and "paper G-Eval" in printed and "Coherence" not in printed
    summary = json.loads(out.read_text())
    assert summary["dialogues"] == 1 and list(summary["criteria"]) == ["naturalness"]
    for name, values in summary["criteria"].items():
        # SmolLM2 may or may not give a usable score: each criterion is scored, malformed, or n.a.
        low, high = CRITERIA[name][1]
        assert values["mean"] is None or low <= values["mean"] <= high
        assert values["failed_requests"] == 0
    assert main(argv) == 0  # the rerun is served from the cache
    assert "requests sent: 0" in capsys.readouterr().out
