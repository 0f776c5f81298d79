"""LLMClient against a real scripted HTTP server on 127.0.0.1 (fails on cue, counts what it receives).

The server speaks just enough of the OpenAI chat-completions protocol: it echoes the last user message back
("echo: ...") unless its script says to answer with an error status first. It is a real server over real
sockets, so retries, timeouts, concurrency and the Authorization header are exercised for real.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tooldial.errors import LLMAnswerError
from tooldial.llm import ChatRequest, LLMClient, parse_json_answer, request_key

SECRET = "sk-test-SECRET-0123456789abcdef"


class ScriptedServer:
    """A chat-completions endpoint: ``script`` is a list of (status, headers, body) to answer first."""

    def __init__(self, script: list[tuple[int, dict, dict]] | None = None, delay: float = 0.0,
                 reject_response_format: bool = False, always: dict[str, tuple[int, dict, dict]] | None = None,
                 responder: Callable[[dict], str] | None = None) -> None:
        self.script = list(script or [])
        self.responder = responder  # request body -> answer text (default: echo the last user message)
        self.always = always or {}  # last user message -> the error it always gets
        self.delay = delay
        self.reject_response_format = reject_response_format
        self.requests: list[dict] = []
        self.auth: list[str] = []
        self.times: list[float] = []
        self.in_flight = 0
        self.max_in_flight = 0
        self.lock = threading.Lock()
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802 - http.server API
                body = json.loads(self.rfile.read(int(self.headers["content-length"])))
                with owner.lock:
                    owner.requests.append(body)
                    owner.auth.append(self.headers.get("authorization", ""))
                    owner.times.append(time.monotonic())
                    owner.in_flight += 1
                    owner.max_in_flight = max(owner.max_in_flight, owner.in_flight)
                    scripted = owner.always.get(body["messages"][-1]["content"])
                    if scripted is None and owner.script:
                        scripted = owner.script.pop(0)
                try:
                    if owner.delay:
                        time.sleep(owner.delay)
                    if scripted is None and owner.reject_response_format and "response_format" in body:
                        scripted = (400, {}, {"error": {"message": "response_format is not supported"}})
                    status, headers, payload = scripted or (200, {}, owner.answer(body, owner.responder))
                    data = json.dumps(payload).encode()
                    self.send_response(status)
                    for key, value in {"content-type": "application/json", **headers}.items():
                        self.send_header(key, value)
                    self.send_header("content-length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass
                finally:
                    with owner.lock:
                        owner.in_flight -= 1

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.base_url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @staticmethod
    def answer(body: dict, responder: Callable[[dict], str] | None = None) -> dict:
        if responder is not None:
            text = responder(body)
        else:
            text = f"echo: {body['messages'][-1]['content']}"
            if body.get("seed") is not None:
                text += f" seed={body['seed']}"
        return {
            "id": "x", "object": "chat.completion", "created": 0, "model": body["model"],
            "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": text}}],
            "usage": {"prompt_tokens": 5, "completion_tokens": 3, "total_tokens": 8},
        }

    def __enter__(self) -> ScriptedServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def _error(status: int, message: str = "boom", headers: dict | None = None) -> tuple[int, dict, dict]:
    return status, headers or {}, {"error": {"message": message, "type": "server_error"}}


def _client(server: ScriptedServer, tmp_path: Path, **kwargs) -> LLMClient:
    return LLMClient(server.base_url, "scripted-model", cache_dir=tmp_path / "llm", **kwargs)


def _prompts(n: int, **fields) -> list[ChatRequest]:
    return [ChatRequest.from_prompt(f"question {i}", **fields) for i in range(n)]


def test_batch_in_order_then_rerun_is_served_from_cache(tmp_path: Path) -> None:
    with ScriptedServer(delay=0.02) as server:
        client = _client(server, tmp_path, max_concurrency=4)
        first = client.chat(_prompts(6))
        assert [r.text for r in first] == [f"echo: question {i}" for i in range(6)]
        assert client.stats.requests == 6 and not any(r.cached for r in first)
        assert client.stats.completion_tokens == 18
        client.close()

        again = _client(server, tmp_path)
        second = again.chat(_prompts(6))
        assert again.stats.requests == 0 and again.stats.cache_hits == 6
        assert [r.text for r in second] == [r.text for r in first] and all(r.cached for r in second)
        assert len(server.requests) == 6
        # A changed sampling field is another request, not a cache hit.
        again.chat([ChatRequest.from_prompt("question 0", temperature=0.5)])
        assert again.stats.requests == 1


def test_identical_requests_in_one_batch_are_sent_once(tmp_path: Path) -> None:
    with ScriptedServer() as server:
        client = _client(server, tmp_path)
        results = client.chat([ChatRequest.from_prompt("same")] * 4 + [ChatRequest.from_prompt("other")])
        assert len(server.requests) == 2
        assert [r.text for r in results] == ["echo: same"] * 4 + ["echo: other"]


@pytest.mark.parametrize("status", [500, 502, 503, 429, 408])
def test_retries_transient_errors_until_an_answer(tmp_path: Path, status: int) -> None:
    with ScriptedServer([_error(status), _error(status)]) as server:
        client = _client(server, tmp_path)
        [result] = client.chat(_prompts(1))
        assert result.ok and result.text == "echo: question 0"
        assert client.stats.retries == 2 and client.stats.requests == 3 and len(server.requests) == 3


def test_retry_after_header_is_respected(tmp_path: Path) -> None:
    with ScriptedServer([_error(429, "slow down", {"retry-after": "1"})]) as server:
        client = _client(server, tmp_path)
        [result] = client.chat(_prompts(1))
        assert result.ok
        assert server.times[1] - server.times[0] >= 0.95  # backoff alone would wait ~0.5 s


def test_gives_up_after_max_retries_and_reports_on_that_result_only(tmp_path: Path) -> None:
    with ScriptedServer(always={"question 0": _error(503)}) as server:
        client = _client(server, tmp_path, max_retries=2, max_concurrency=1)
        results = client.chat(_prompts(2))
        assert results[0].error is not None and "gave up after 3 attempts" in results[0].error
        assert "503" in results[0].error and results[0].texts == []
        assert results[1].ok and results[1].text == "echo: question 1"
        assert client.stats.errors == 1 and len(server.requests) == 3 + 1


def test_client_errors_are_not_retried_nor_cached(tmp_path: Path) -> None:
    with ScriptedServer([_error(404, "model 'scripted-model' not found")]) as server:
        client = _client(server, tmp_path, max_concurrency=1)
        results = client.chat(_prompts(2))
        assert results[0].error == "HTTP 404: model 'scripted-model' not found"
        assert results[1].ok and len(server.requests) == 2 and client.stats.retries == 0
        # The failure was not cached: a rerun asks again (and now gets an answer); the success was cached.
        rerun = client.chat(_prompts(2))
        assert [r.cached for r in rerun] == [False, True] and rerun[0].ok
        assert len(server.requests) == 3


def test_timeouts_are_retried_then_reported(tmp_path: Path) -> None:
    with ScriptedServer(delay=1.0) as server:
        client = _client(server, tmp_path, timeout=0.2, max_retries=1)
        [result] = client.chat(_prompts(1))
        assert result.error is not None and "Timeout" in result.error
        assert client.stats.requests == 2 and client.stats.retries == 1


def test_concurrency_bound_is_respected(tmp_path: Path) -> None:
    with ScriptedServer(delay=0.15) as server:
        client = _client(server, tmp_path, max_concurrency=3)
        results = client.chat(_prompts(12))
        assert all(r.ok for r in results)
        assert server.max_in_flight == 3  # never more than the bound, and the bound is used
        assert client.stats.max_in_flight == 3


def test_api_key_is_sent_but_never_stored_nor_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    leaky = _error(401, f"Incorrect API key provided: {SECRET}")
    with ScriptedServer([leaky]) as server:
        client = _client(server, tmp_path, max_concurrency=1)
        results = client.chat(_prompts(3))
        assert server.auth[0] == f"Bearer {SECRET}"  # the key came from the environment and was used
        assert results[0].error is not None and SECRET not in results[0].error and "***" in results[0].error
        assert SECRET not in repr(client) and all(SECRET not in r.model_dump_json() for r in results)
        client.close()
    files = list((tmp_path / "llm").iterdir())
    assert files and all(SECRET.encode() not in f.read_bytes() for f in files)
    assert all(b"echo: question 1" in f.read_bytes() for f in files if f.name == "chat.sqlite")


def test_cache_key_depends_on_model_and_fields_only() -> None:
    request = ChatRequest.from_prompt("hello", max_tokens=8)
    assert request_key("m", request) == request_key("m", ChatRequest.model_validate(request.model_dump()))
    assert request_key("m", request) != request_key("other", request)
    assert request_key("m", request) != request_key("m", request.model_copy(update={"seed": 1}))


def test_n_samples_are_completed_with_shifted_seeds(tmp_path: Path) -> None:
    with ScriptedServer() as server:  # like transformers serve: one choice whatever n says
        client = _client(server, tmp_path)
        [result] = client.chat([ChatRequest.from_prompt("judge", n=3, temperature=1.0, seed=7)])
        assert result.texts == ["echo: judge seed=7", "echo: judge seed=8", "echo: judge seed=9"]
        assert result.usage.completion_tokens == 9 and len(server.requests) == 3


def test_json_mode_is_dropped_when_the_server_rejects_it(tmp_path: Path) -> None:
    with ScriptedServer(reject_response_format=True) as server:
        client = _client(server, tmp_path, max_concurrency=1)
        results = client.chat(_prompts(2, response_format="json"))
        assert all(r.ok for r in results)
        assert "response_format" in server.requests[0] and "response_format" not in server.requests[-1]
        assert len(server.requests) == 3  # one rejection, then the client remembers


def test_trailing_stop_sequence_is_removed(tmp_path: Path) -> None:
    with ScriptedServer() as server:
        client = _client(server, tmp_path)
        [result] = client.chat([ChatRequest.from_prompt("one END", stop="END")])
        assert result.text == "echo: one "
        assert server.requests[0]["stop"] == ["END"]


def test_chat_works_from_a_thread_and_inside_a_running_loop(tmp_path: Path) -> None:
    with ScriptedServer() as server:
        client = _client(server, tmp_path, use_cache=False)
        box: list = []
        thread = threading.Thread(target=lambda: box.append(client.chat(_prompts(2))))
        thread.start()
        thread.join()
        assert [r.text for r in box[0]] == ["echo: question 0", "echo: question 1"]

        async def inside() -> list:
            return client.chat(_prompts(1))  # a sync call from async code must not deadlock

        assert asyncio.run(inside())[0].text == "echo: question 0"
        assert asyncio.run(client.achat(_prompts(1)))[0].ok


_KILLED_RUN = """
import sys
from tooldial.llm import ChatRequest, LLMClient
client = LLMClient(sys.argv[1], "scripted-model", cache_dir=sys.argv[2], max_concurrency=1)
client.chat([ChatRequest.from_prompt(f"question {i}") for i in range(8)])
print("finished")
"""


def test_killed_run_loses_nothing_and_resume_sends_only_the_rest(tmp_path: Path) -> None:
    with ScriptedServer(delay=0.25) as server:
        proc = subprocess.Popen([sys.executable, "-c", _KILLED_RUN, server.base_url, str(tmp_path / "llm")],
                                stdout=subprocess.PIPE, env={**os.environ, "OPENAI_API_KEY": SECRET})
        deadline = time.monotonic() + 60
        while len(server.requests) < 4 and time.monotonic() < deadline:
            time.sleep(0.02)
        proc.kill()
        out, _ = proc.communicate()
        assert b"finished" not in out
        sent_before = len(server.requests)
        assert 4 <= sent_before < 8

        client = _client(server, tmp_path)
        results = client.chat(_prompts(8))
        assert [r.text for r in results] == [f"echo: question {i}" for i in range(8)]
        hits = sum(r.cached for r in results)
        assert hits >= sent_before - 1  # every answer that arrived before the kill was kept
        assert client.stats.requests == 8 - hits  # and only the rest was asked again
        assert len(server.requests) <= 8 + 1  # at most the one request in flight at the kill is repeated


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ('{"action": "request", "text": "Which city?"}', {"action": "request", "text": "Which city?"}),
        ('Sure! Here it is:\n```json\n{"score": 3}\n```\nHope this helps.', {"score": 3}),
        ("```\n[1, 2, 3]\n```", [1, 2, 3]),
        ("The answer is {'naturalness': 2, 'ok': True, 'note': None} as requested.",
         {"naturalness": 2, "ok": True, "note": None}),
        ('{"a": [1, 2,], "b": {"c": "x",},}', {"a": [1, 2], "b": {"c": "x"}}),
        ('Answer: {"text": "use {braces} and ] freely", "n": 1} -- end', {"text": "use {braces} and ] freely", "n": 1}),
        ('{"flag": true, "none": null}', {"flag": True, "none": None}),
    ],
)
def test_parse_json_answer_extracts_json(answer: str, expected: object) -> None:
    assert parse_json_answer(answer) == expected


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        ("", "empty answer"),
        ("   \n", "empty answer"),
        ("I cannot help with that.", "no JSON object or list"),
        ('{"action": "request", "text": "unterminated', "no JSON object or list"),
        ('"just a string"', "no JSON object or list"),
        ("{action: request}", "no JSON object or list"),
    ],
)
def test_parse_json_answer_rejects_malformed_answers(answer: str, message: str) -> None:
    with pytest.raises(LLMAnswerError, match=message):
        parse_json_answer(answer)


def test_parse_json_answer_checks_the_expected_type() -> None:
    assert parse_json_answer('[1] then {"a": 1}', expect=dict) == {"a": 1}
    with pytest.raises(LLMAnswerError, match="expected a JSON dict, got list"):
        parse_json_answer("[1, 2]", expect=dict)


def test_json_with_line_comments_is_read_without_them() -> None:
    """Qwen2.5-Coder-1.5B annotated a written exchange result (``"exchangeRate": 3.75, // Example rate``): the
    held-out run of issue 28 rejected it as "not a JSON object"."""
    from tooldial.llm import parse_json_answer

    answer = '```json\n{\n  "from": "USD", "site": "http://x.com/a",\n  "rate": 3.75, // example rate\n' \
             '  "note": "a // inside a string stays"  // last\n}\n```'
    assert parse_json_answer(answer, expect=dict) == {"from": "USD", "site": "http://x.com/a", "rate": 3.75,
                                                      "note": "a // inside a string stays"}
    with pytest.raises(LLMAnswerError):
        parse_json_answer('// only a comment {"a": 1', expect=dict)
