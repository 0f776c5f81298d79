"""Issue 14, cases 3–4: failures of a server, judge or renderer are printed with their reason, counted, recorded,
and make the run invalid (exit 1) above ``--max-failure-rate``; the lenient action metric refuses label lists."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tooldial.cli import build_parser
from tooldial.cli import main as cli_main
from tooldial.dataset.convert import convert_release

REPO = Path(__file__).resolve().parents[1]
RELEASE = REPO / "tests" / "data" / "release" / "clean"


class FailingServer:
    """Answers every chat request with ``status`` and an OpenAI-style error body."""

    def __init__(self, status: int, message: str, raw: bytes | None = None) -> None:
        self.requests = 0
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802 - http.server API
                self.rfile.read(int(self.headers["content-length"]))
                owner.requests += 1
                body = raw if raw is not None else json.dumps({"error": {"message": message}}).encode()
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base_url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def __enter__(self) -> FailingServer:
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="module")
def dataset(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("ds") / "ds"
    convert_release(RELEASE, out, progress=False)
    return out


@pytest.mark.parametrize("status, message", [(401, "Incorrect API key provided"), (500, "model crashed")])
def test_eval_against_a_failing_server_is_loud_recorded_and_invalid(status, message, dataset, tmp_path, capsys):
    out = tmp_path / "run"
    with FailingServer(status, message) as server:
        code = cli_main(["eval", "--backend", "openai", "--base-url", server.base_url, "--model", "m",
                         "--dataset", str(dataset), "--task", "action", "--setting", "gt", "--limit", "3",
                         "--out", str(out), "--no-progress", "--no-cache", "--max-attempts", "2"])
    err = capsys.readouterr().err
    assert code == 1
    assert "3 of 3 requests failed" in err and f"HTTP {status}: {message}" in err and "marked invalid" in err
    results = json.loads((out / "results.json").read_text())
    assert results["valid"] is False and "backend: 3 of 3" in results["invalid_reason"]
    reasons = results["failures"]["backend"]["reasons"]
    assert sum(reasons.values()) == 3 and all(f"HTTP {status}: {message}" in r for r in reasons)
    assert "INVALID RUN" in (out / "report.md").read_text()
    predictions = [json.loads(line) for line in (out / "predictions.jsonl").read_text().splitlines()]
    assert len(predictions) == 3 and all(f"HTTP {status}: {message}" in p["failure"] for p in predictions)
    assert all(p["error_kind"] == "backend_error" for p in predictions)
    assert server.requests == (6 if status == 500 else 3)  # 5xx retried (2 attempts), 401 not
    assert cli_main(["eval", "compare", str(out)]) == 0
    assert "run (INVALID)" in capsys.readouterr().out


def test_failures_under_the_threshold_keep_the_run_valid(dataset, tmp_path, capsys):
    with FailingServer(500, "boom") as server:
        code = cli_main(["eval", "--backend", "openai", "--base-url", server.base_url, "--model", "m",
                         "--dataset", str(dataset), "--task", "action", "--setting", "gt", "--limit", "2",
                         "--out", str(tmp_path / "run"), "--no-progress", "--no-cache", "--max-attempts", "1",
                         "--max-failure-rate", "1"])
    assert code == 0
    assert "2 of 2 requests failed" in capsys.readouterr().err  # still printed with the reason
    assert json.loads((tmp_path / "run" / "results.json").read_text())["valid"] is True


def test_an_unreachable_judge_is_not_a_quiet_zero(dataset, tmp_path, capsys):
    out = tmp_path / "run"
    with FailingServer(503, "judge overloaded") as judge:
        code = cli_main(["eval", "--backend", "oracle", "--dataset", str(dataset), "--task", "faithfulness",
                         "--limit", "2", "--judge-base-url", judge.base_url, "--judge-model", "j", "--judge-n", "1",
                         "--out", str(out), "--no-progress", "--no-cache", "--max-attempts", "1"])
    err = capsys.readouterr().err
    assert code == 1 and "judge: 2 of 2 requests failed" in err and "HTTP 503: judge overloaded" in err
    results = json.loads((out / "results.json").read_text())
    assert results["valid"] is False and results["failures"]["judge"]["failed"] == 2


def test_eval_against_a_refused_port_fails_fast(dataset, tmp_path, capsys):
    code = cli_main(["eval", "--backend", "openai", "--base-url", "http://127.0.0.1:1/v1", "--model", "m",
                     "--dataset", str(dataset), "--task", "action", "--limit", "2", "--out", str(tmp_path / "r"),
                     "--no-progress", "--no-cache"])
    err = capsys.readouterr().err
    assert code == 2 and "cannot connect to http://127.0.0.1:1/v1" in err and "Traceback" not in err


def test_quality_against_a_failing_judge_exits_1_with_the_reason(tmp_path, capsys):
    from tooldial.dataset.convert import parse_release_record

    records = json.loads((RELEASE / "train.json").read_text())
    path = tmp_path / "d.jsonl"
    path.write_text("".join(parse_release_record(r, f"d{i}").model_dump_json() + "\n" for i, r in enumerate(records)))
    with FailingServer(500, "judge down") as server:
        code = cli_main(["quality", str(path), "--base-url", server.base_url, "--model", "m", "--sample", "1",
                         "--samples", "1", "--criteria", "coherence", "--cache-dir", str(tmp_path / "c"),
                         "--no-progress", "--max-attempts", "1", "--out", str(tmp_path / "q.json")])
    err = capsys.readouterr().err
    assert code == 1 and "judge: 1 of 1 requests failed" in err and "HTTP 500: judge down" in err
    saved = json.loads((tmp_path / "q.json").read_text())
    assert saved["valid"] is False and saved["failures"]["failed"] == 1


def test_every_llm_command_takes_timeout_and_max_attempts():
    parser = build_parser()
    for argv in (["eval"], ["quality", "f", "--base-url", "u", "--model", "m"], ["generate", "--n", "1"],
                 ["build", "--out", "d"], ["graph", "build"], ["graph", "evaluate", "g"]):
        args = parser.parse_args([*argv, "--timeout", "2.5", "--max-attempts", "1"])
        assert args.timeout == 2.5 and args.max_attempts == 1, argv


def test_lenient_action_metric_refuses_a_list_of_labels():
    from tooldial.evaluation.parsing import lenient_action_match

    every_label = "- Action: response, response_fail, request, retriever_call, clarify, system_bye, suggest, call"
    assert not lenient_action_match(every_label, "request")
    assert not lenient_action_match("request or clarify", "clarify")
    assert lenient_action_match("- Action: request", "request")
    assert lenient_action_match("- Action: retriever_call", "call")  # the original rule's substring match stays
    assert lenient_action_match("The system should Response Fail now", "response_fail")


@pytest.mark.slow
def test_generate_with_a_failing_renderer_server_exits_1_with_the_reason(tmp_path, capsys):
    out = tmp_path / "d.jsonl"
    with FailingServer(500, "renderer down") as server:
        code = cli_main(["generate", "--n", "2", "--renderer", "openai", "--base-url", server.base_url,
                         "--llm-model", "m", "--max-attempts", "1", "--out", str(out), "--no-progress"])
    err = capsys.readouterr().err
    assert code == 1 and "renderer:" in err and "HTTP 500: renderer down" in err and "--max-failure-rate" in err


def test_a_200_with_a_body_that_is_not_json_in_eval_and_quality(dataset, tmp_path, capsys):
    from tooldial.dataset.convert import parse_release_record

    with FailingServer(200, "", raw=b"<html>upstream proxy page</html>") as server:
        code = cli_main(["eval", "--backend", "openai", "--base-url", server.base_url, "--model", "m",
                         "--dataset", str(dataset), "--task", "action", "--setting", "gt", "--limit", "2",
                         "--out", str(tmp_path / "run"), "--no-progress", "--no-cache", "--max-attempts", "1"])
        err = capsys.readouterr().err
        assert code == 1 and "HTTP 200" in err and "not a chat completion" in err and "Traceback" not in err
        records = json.loads((RELEASE / "train.json").read_text())
        path = tmp_path / "d.jsonl"
        path.write_text(parse_release_record(records[0], "d0").model_dump_json() + "\n")
        code = cli_main(["quality", str(path), "--base-url", server.base_url, "--model", "m", "--sample", "1",
                         "--samples", "1", "--criteria", "coherence", "--cache-dir", str(tmp_path / "c"),
                         "--no-progress", "--max-attempts", "1"])
        err = capsys.readouterr().err
        assert code == 1 and "not a chat completion" in err and "Traceback" not in err


@pytest.mark.slow
def test_build_does_not_cache_dialogues_the_template_wrote_for_a_failing_renderer(tmp_path, capsys):
    work = tmp_path / "work"
    with FailingServer(503, "overloaded") as server:
        options = json.dumps({"base_url": server.base_url, "model": "m"})
        code = cli_main(["build", "--out", str(tmp_path / "ds"), "--n", "2", "--renderer", "openai",
                         "--generate-option", f"renderer_options={options}", "--max-attempts", "1",
                         "--work-dir", str(work), "--no-progress", "--quiet"])
    err = capsys.readouterr().err
    assert code == 1 and "renderer requests failed" in err and "HTTP 503: overloaded" in err
    assert not (work / "dialogues.done").exists() and not (work / "dialogues.jsonl").exists()
    assert not (tmp_path / "ds").exists()


def test_eval_says_when_a_dataset_no_longer_matches_its_manifest(tmp_path, capsys):
    dataset = tmp_path / "ds"
    convert_release(RELEASE, dataset, progress=False)
    shard = next((dataset / "data" / "action_prediction").glob("test-*.parquet"))
    shard.write_bytes(shard.read_bytes()[:100])  # truncated on disk
    code = cli_main(["eval", "--backend", "rule", "--dataset", str(dataset), "--task", "action",
                     "--out", str(tmp_path / "run"), "--no-progress", "--no-cache"])
    assert code == 2  # the truncated shard cannot be read either: one line, no traceback
    err = capsys.readouterr().err
    assert "damaged or edited dataset" in err and shard.name in err and "Traceback" not in err
