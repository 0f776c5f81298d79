"""Fault injection (issue 14): builds killed at every stage boundary, two concurrent builds, a server that
accepts and never answers, a refused port, a 200 that is not a chat completion.

Kills are real: the build runs in a subprocess with ``TOOLDIAL_KILL_AT=<checkpoint>`` (``tooldial.faults``),
which SIGKILLs it there; the test then loads the dataset directory with ``datasets.load_dataset``.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from tooldial.cli import main as cli_main
from tooldial.dataset.convert import write_release
from tooldial.dataset.output import read_manifest, verify_manifest
from tooldial.dialogue.record import DialogueRecord
from tooldial.errors import LLMUnavailableError
from tooldial.llm import ChatRequest, LLMClient

REPO = Path(__file__).resolve().parents[1]
RELEASE = REPO / "tests" / "data" / "release" / "clean"
#: Every checkpoint a dataset write passes, in order (``tooldial.faults``); ``switch`` is after the new version
#: is visible.
WRITE_CHECKPOINTS = ("data", "card", "build_info", "manifest", "version", "switch")


def _env(**extra: str) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1",
           "TRANSFORMERS_OFFLINE": "1"}
    env.update(extra)
    return env


def _load_ids(ds: Path, cache: Path) -> set[str]:
    import datasets

    loaded = datasets.load_dataset(str(ds), "dialogues", cache_dir=str(cache))
    return {i for split in loaded.values() for i in split["dialogue_id"]}


def _small_release(tmp_path: Path) -> Path:
    records = [DialogueRecord.model_validate(r) for r in json.loads((RELEASE / "train.json").read_text())]
    small = tmp_path / "small-release"
    write_release({"train": records[:2], "test": records[2:3]}, small)
    return small


def test_a_build_killed_at_any_stage_leaves_the_old_dataset_or_the_new_one(tmp_path):
    out = tmp_path / "ds"
    assert cli_main(["convert", "--release", str(RELEASE), "--out", str(out), "--no-progress", "--quiet"]) == 0
    old_ids = _load_ids(out, tmp_path / "hf")
    old_manifest = read_manifest(out)
    small = _small_release(tmp_path)
    argv = [sys.executable, "-m", "tooldial", "convert", "--release", str(small), "--out", str(out), "--overwrite",
            "--no-progress", "--quiet"]
    new_ids = None
    for checkpoint in WRITE_CHECKPOINTS:
        proc = subprocess.run(argv, env=_env(TOOLDIAL_KILL_AT=checkpoint), cwd=tmp_path, capture_output=True,
                              text=True, timeout=300)
        assert proc.returncode == -signal.SIGKILL, (checkpoint, proc.stderr[-2000:])
        assert verify_manifest(out) == [], checkpoint  # whatever DIR shows is complete and matches its manifest
        ids = _load_ids(out, tmp_path / f"hf-{checkpoint}")
        if checkpoint == "switch":
            new_ids = ids
        else:
            assert ids == old_ids and read_manifest(out) == old_manifest, checkpoint
    assert new_ids is not None and len(new_ids) == 3 and new_ids != old_ids
    # no stale lock, and the leftovers of the killed builds are cleaned by the next one
    assert cli_main(["convert", "--release", str(RELEASE), "--out", str(out), "--overwrite", "--no-progress",
                     "--quiet"]) == 0
    assert _load_ids(out, tmp_path / "hf-final") == old_ids
    store = tmp_path / ".ds.tooldial"
    assert sorted(p.name for p in store.iterdir() if p.is_dir()) == [os.readlink(out).split("/")[-1]]


@pytest.mark.slow
def test_a_generated_build_killed_between_stages_resumes_from_consistent_caches(tmp_path):
    out, work = tmp_path / "ds", tmp_path / "work"
    argv = [sys.executable, "-m", "tooldial", "build", "--n", "4", "--seed", "2", "--out", str(out), "--work-dir",
            str(work), "--no-progress", "--quiet"]
    for checkpoint in ("graph",):  # before the dialogues are finished: nothing half-written is reused
        proc = subprocess.run(argv, env=_env(TOOLDIAL_KILL_AT=checkpoint), capture_output=True, text=True,
                              timeout=600)
        assert proc.returncode == -signal.SIGKILL, (checkpoint, proc.stderr[-2000:])
        assert not (work / "dialogues.done").exists() and not out.exists()
    proc = subprocess.run(argv, env=_env(TOOLDIAL_KILL_AT="dialogues"), capture_output=True, text=True, timeout=600)
    assert proc.returncode == -signal.SIGKILL, proc.stderr[-2000:]
    assert not out.exists() and (work / "dialogues.done").is_file()
    finished = (work / "dialogues.done").read_text(), (work / "dialogues.jsonl").stat().st_mtime_ns
    assert cli_main(argv[3:]) == 0
    assert finished == ((work / "dialogues.done").read_text(), (work / "dialogues.jsonl").stat().st_mtime_ns)  # the same build in this process resumes from the finished dialogues
    assert len(_load_ids(out, tmp_path / "hf")) == 4


def test_two_concurrent_builds_the_second_fails_fast(tmp_path, capsys):
    out = tmp_path / "ds"
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys\nfrom tooldial.dataset.output import OutputDir\n"
         f"with OutputDir({str(out)!r}):\n    print('locked', flush=True)\n    sys.stdin.read()\n"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=_env())
    try:
        assert holder.stdout.readline().strip() == "locked"
        code = cli_main(["build", "--out", str(out), "--n", "2", "--no-progress", "--work-dir", str(tmp_path / "w")])
        assert code == 2
        err = capsys.readouterr().err
        assert err.startswith("tooldial: ") and "another tooldial process is writing this dataset" in err
        assert not (tmp_path / "w").exists()  # it failed before any work
    finally:
        holder.stdin.close()
        holder.wait(timeout=60)


# ------------------------------------------------------------------------------------------------------------
# servers that misbehave


class SilentServer:
    """Accepts TCP connections and never answers (a hung server)."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.base_url = f"http://127.0.0.1:{self.sock.getsockname()[1]}/v1"
        self.accepted: list[socket.socket] = []
        self.thread = threading.Thread(target=self._accept, daemon=True)

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.accepted.append(conn)

    def __enter__(self) -> SilentServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.sock.close()
        for conn in self.accepted:
            conn.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_stalled_server_is_bounded_by_the_timeout(tmp_path):
    with SilentServer() as server:
        client = LLMClient(server.base_url, "m", cache_dir=tmp_path, timeout=0.5, max_retries=1)
        start = time.monotonic()
        results = client.chat([ChatRequest.from_prompt("hello"), ChatRequest.from_prompt("again")])
        took = time.monotonic() - start
    assert all(r.error and "gave up after 2 attempts" in r.error and "Timeout" in r.error for r in results)
    assert client.stats.errors == 2
    assert took < 30  # bounded by timeout x attempts + backoff, not 600 s x 6


def test_a_refused_port_fails_fast_with_the_url(tmp_path):
    url = f"http://127.0.0.1:{_free_port()}/v1"
    client = LLMClient(url, "m", cache_dir=tmp_path)
    start = time.monotonic()
    with pytest.raises(LLMUnavailableError, match="cannot connect to .*refused"):
        client.chat([ChatRequest.from_prompt("hello")])
    assert time.monotonic() - start < 10  # the hand-written retries took 95 s


def test_generate_against_a_refused_port_exits_2_naming_the_url(tmp_path, capsys):
    url = f"http://127.0.0.1:{_free_port()}/v1"
    code = cli_main(["generate", "--n", "2", "--renderer", "openai", "--base-url", url, "--llm-model", "m",
                     "--out", str(tmp_path / "d.jsonl"), "--no-progress"])
    err = capsys.readouterr().err
    assert code == 2 and f"cannot connect to {url}" in err and "Traceback" not in err


def test_a_200_that_is_not_a_chat_completion_is_a_reported_failure(tmp_path):
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

        def do_POST(self) -> None:  # noqa: N802 - http.server API
            self.rfile.read(int(self.headers["content-length"]))
            body = b"<html>gateway says hi</html>"
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        client = LLMClient(f"http://127.0.0.1:{httpd.server_address[1]}/v1", "m", cache_dir=tmp_path,
                           max_retries=0)
        [result] = client.chat([ChatRequest.from_prompt("hello")])
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert not result.ok and "HTTP 200" in result.error and "chat completion" in result.error


def test_eval_against_a_stalled_server_is_bounded_by_timeout_and_marked_invalid(tmp_path, capsys):
    from tooldial.dataset.convert import convert_release

    dataset = tmp_path / "ds"
    convert_release(RELEASE, dataset, progress=False)
    with SilentServer() as server:
        code = cli_main(["eval", "--backend", "openai", "--base-url", server.base_url, "--model", "m",
                         "--dataset", str(dataset), "--task", "action", "--setting", "gt", "--limit", "2",
                         "--out", str(tmp_path / "run"), "--no-progress", "--no-cache", "--timeout", "0.5",
                         "--max-attempts", "1"])
    err = capsys.readouterr().err
    assert code == 1 and "2 of 2 requests failed" in err and "Timeout" in err
    results = json.loads((tmp_path / "run" / "results.json").read_text())
    assert results["valid"] is False and results["config"]["timeout"] == 0.5


# ------------------------------------------------------------------------------------------------------------
# issue 32: nothing replaced, nothing leaked, nothing unbounded
#
# case (issue 32)                                         -> test
# graph build / generate rename over a FIFO, device, link -> test_an_out_that_is_a_fifo_or_socket_is_refused_and_left_as_it_is,
#                                                            test_a_device_out_is_refused_before_any_work,
#                                                            test_a_symlinked_out_is_written_through_and_stays_a_link
# --out inside a managed dataset (build, audit, eval, ...) -> test_an_out_inside_a_managed_dataset_is_refused_for_every_command
# credentials in base URLs (eval, simulate)               -> test_no_file_a_run_writes_holds_the_password_or_the_key
# LLM cache not keyed by server                           -> test_the_llm_cache_never_serves_one_servers_answer_for_another
# content: null scored as an empty prediction             -> test_a_null_answer_is_a_counted_failure_in_eval
# renderer keeps ToolDial-format lines                    -> test_the_renderer_rejects_every_tooldial_format_label
# build --dialogues includes what validate rejects        -> test_build_dialogues_leaves_out_and_reports_what_validate_rejects
# one bad byte drops a .jsonl corpus; truncated gzip      -> test_a_bad_line_costs_that_line_only_and_a_truncated_gzip_keeps_what_was_read
# YAML alias bomb in an OpenAPI corpus (hang)             -> test_a_yaml_alias_bomb_in_a_corpus_is_refused_within_seconds
# 10,000 similar operations in one tool (memory)          -> test_one_tool_of_many_similar_operations_stays_bounded (+ scripts/bench_graph_memory.py)
# full disk in build and quality                          -> test_a_full_disk_in_build_is_one_line_exit_1, test_a_full_disk_in_quality_is_one_line_exit_1
# unwritable --out outside build                          -> test_an_unwritable_out_is_one_line_exit_2
# malformed graph nodes                                   -> test_malformed_graph_nodes_are_one_line_naming_the_record
# truncated transcripts .jsonl.gz                         -> test_truncated_transcripts_are_one_line
# mistyped --dataset while offline                        -> test_a_mistyped_dataset_path_is_a_local_error_without_asking_the_hub
# unreachable or odd Hub endpoint on push                 -> test_push_to_an_unreachable_or_odd_hub_endpoint_is_one_line_exit_1
# audit --out an existing file                            -> test_audit_out_an_existing_file_is_refused_before_the_audit


def _one_line_error(err: str) -> None:
    """No traceback, and the error is one ``tooldial:`` line (progress bars of a model loaded on the way, such as
    transformers' "Loading weights" on a fresh cache, may stand before it)."""
    lines = [line for line in err.replace("\r", "\n").splitlines() if line.strip()]
    errors = [line for line in lines if line.startswith("tooldial: ")]
    assert "Traceback" not in err and len(errors) == 1 and lines[-1] == errors[0], err[-2000:]


def test_an_out_that_is_a_fifo_or_socket_is_refused_and_left_as_it_is(tmp_path, capsys):
    import stat

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for argv in (["graph", "build", "--out", str(fifo), "--no-progress"],
                 ["generate", "--n", "1", "--out", str(fifo), "--no-progress"]):
        assert cli_main(argv) == 2
        err = capsys.readouterr().err
        _one_line_error(err)
        assert "FIFO" in err and "regular files only" in err
        assert stat.S_ISFIFO(fifo.lstat().st_mode)  # not replaced by a regular file
    sock_path = tmp_path / "s.sock"
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(sock_path))
        link = tmp_path / "to-socket.json"
        link.symlink_to(sock_path)
        assert cli_main(["graph", "build", "--out", str(link), "--no-progress"]) == 2
        assert "links to" in capsys.readouterr().err and stat.S_ISSOCK(sock_path.lstat().st_mode)


def test_a_device_out_is_refused_before_any_work():
    import stat

    from tooldial.errors import TooldialError
    from tooldial.outputs import output_file

    # the check only: before issue 32 `graph build --out /dev/full` run as root renamed a file over the device
    for device in ("/dev/null", "/dev/full"):
        if not Path(device).exists():
            continue
        with pytest.raises(TooldialError, match="is a character device; tooldial writes regular files only"):
            output_file(device)
        assert stat.S_ISCHR(os.stat(device).st_mode)


def test_a_symlinked_out_is_written_through_and_stays_a_link(tmp_path):
    import networkx as nx

    from tooldial.dialogue.io import read_dialogues, write_dialogues
    from tooldial.graph.io import load_graph, save_graph

    records = list(read_dialogues(REPO / "tests" / "data" / "simulation" / "dialogues.jsonl"))[:2]
    target, link = tmp_path / "real.jsonl", tmp_path / "link.jsonl"
    target.write_text("old\n")
    link.symlink_to(target)
    assert write_dialogues(records, link) == 2
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert [r.dialogue_id for r in read_dialogues(target)] == [r.dialogue_id for r in records]
    graph = nx.MultiDiGraph()
    graph.add_edge("a", "b", key="x -> y")
    glink = tmp_path / "graph-link.json"
    glink.symlink_to(tmp_path / "not-yet" / "graph.json")  # a dangling link: its target is created
    save_graph(graph, glink)
    assert glink.is_symlink() and list(load_graph(glink).edges) == [("a", "b", "x -> y")]
    assert not list(tmp_path.glob("**/*.tmp")) and not list(tmp_path.glob("*.partial"))


def test_an_out_inside_a_managed_dataset_is_refused_for_every_command(tmp_path, capsys):
    from tooldial.dataset.convert import convert_release

    ds = tmp_path / "ds"
    convert_release(RELEASE, ds, progress=False)
    inside = ds / "extra"
    commands = {
        "build": ["build", "--dialogues", str(RELEASE / "train.json"), "--corpus", "none", "--out", str(inside),
                  "--no-progress"],
        "audit": ["audit", str(ds), "--out", str(inside)],
        "eval": ["eval", "--backend", "openai", "--base-url", "http://127.0.0.1:9/v1", "--model", "m",
                 "--dataset", str(ds), "--task", "action", "--out", str(inside)],
        "simulate": ["simulate", "--dialogues", str(REPO / "tests" / "data" / "simulation" / "dialogues.jsonl"),
                     "--out", str(inside), "--no-progress"],
        "generate": ["generate", "--n", "1", "--out", str(inside / "d.jsonl"), "--no-progress"],
        "graph build": ["graph", "build", "--out", str(ds / "graph.json"), "--no-progress"],
        "quality": ["quality", str(REPO / "tests" / "data" / "simulation" / "dialogues.jsonl"), "--out",
                    str(ds / "q.json")],
    }
    for name, argv in commands.items():
        assert cli_main(argv) == 2, name
        err = capsys.readouterr().err
        _one_line_error(err)
        assert "inside a dataset tooldial manages" in err, (name, err)
    assert verify_manifest(ds) == [] and not inside.exists()
    assert cli_main(["build", "--dialogues", str(RELEASE / "train.json"), "--corpus", "none", "--out", str(ds),
                     "--overwrite", "--no-progress", "--quiet"]) == 0  # the dataset itself stays replaceable


# -- a fake OpenAI server (tests/test_llm.py's ScriptedServer) with a password in the URL and a key canary

PASSWORD = "s3cr3tPW"
KEY = "sk-canary-9f8e7d6c5b4a"


def _with_credentials(base_url: str) -> str:
    return base_url.replace("http://", f"http://alice:{PASSWORD}@")


def test_no_file_a_run_writes_holds_the_password_or_the_key(tmp_path, monkeypatch, capsys):
    from test_llm import ScriptedServer

    from tooldial.dataset.convert import convert_release
    from tooldial.redact import redact_url

    assert redact_url(f"https://alice:{PASSWORD}@h.example/v1?api_key={KEY}&model=m") == \
        "https://h.example/v1?api_key=REDACTED&model=m"
    dataset = tmp_path / "ds"
    convert_release(RELEASE, dataset, progress=False)
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.setenv("TOOLDIAL_CACHE", str(tmp_path / "cache"))
    runs = tmp_path / "runs"
    with ScriptedServer(responder=lambda body: "- Action:request") as server:
        url = _with_credentials(server.base_url)
        assert cli_main(["eval", "--backend", "openai", "--base-url", url, "--model", "m", "--dataset",
                         str(dataset), "--task", "action", "--setting", "gt", "--limit", "2", "--out",
                         str(runs / "eval"), "--no-progress", "--cache-dir", str(tmp_path / "cache")]) == 0
        assert cli_main(["simulate", "--dialogues", str(REPO / "tests" / "data" / "simulation" / "dialogues.jsonl"),
                         "--limit", "1", "--system", "openai", "--base-url", url, "--model", "m",
                         "--max-rounds", "1", "--out", str(runs / "simulate"), "--no-progress",
                         "--cache-dir", str(tmp_path / "cache")]) in (0, 1)
        assert server.auth and all(a.startswith("Basic ") for a in server.auth)  # the URL's credentials were used
    out = capsys.readouterr()
    written = [p for p in tmp_path.rglob("*") if p.is_file() and not p.is_relative_to(dataset)]
    assert {"results.json", "report.md", "predictions.jsonl"} <= {p.name for p in (runs / "eval").iterdir()}
    assert (runs / "simulate" / "results.json").is_file()
    assert "127.0.0.1" in (runs / "eval" / "results.json").read_text()  # the server is recorded, redacted
    for path in written:
        data = path.read_bytes()
        assert PASSWORD.encode() not in data and KEY.encode() not in data, path
    assert PASSWORD not in out.out + out.err and KEY not in out.out + out.err


def test_the_llm_cache_never_serves_one_servers_answer_for_another(tmp_path):
    from test_llm import ScriptedServer

    from tooldial.llm import ChatRequest, LLMClient

    request = ChatRequest.from_prompt("score this dialogue")
    with ScriptedServer(responder=lambda body: "5") as good, \
            ScriptedServer(script=[(500, {}, {"error": {"message": "down"}})] * 3) as failing:
        first = LLMClient(_with_credentials(good.base_url), "judge", cache_dir=tmp_path, max_retries=0)
        assert first.chat([request])[0].texts == ["5"]
        # the same server under another password: the same cache entry
        again = LLMClient(good.base_url.replace("http://", "http://bob:other@"), "judge", cache_dir=tmp_path)
        assert again.chat([request])[0].cached and len(good.requests) == 1
        other = LLMClient(failing.base_url, "judge", cache_dir=tmp_path, max_retries=0)
        [result] = other.chat([request])
    assert not result.ok and not result.cached and other.stats.cache_hits == 0 and other.stats.errors == 1


def test_a_null_answer_is_a_counted_failure_in_eval(tmp_path, capsys):
    from test_llm import ScriptedServer

    from tooldial.dataset.convert import convert_release

    dataset = tmp_path / "ds"
    convert_release(RELEASE, dataset, progress=False)
    null = {"id": "x", "object": "chat.completion", "created": 0, "model": "m",
            "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": None}}]}
    with ScriptedServer(script=[(200, {}, null)] * 2) as server:
        code = cli_main(["eval", "--backend", "openai", "--base-url", server.base_url, "--model", "m",
                         "--dataset", str(dataset), "--task", "action", "--setting", "gt", "--limit", "2",
                         "--out", str(tmp_path / "run"), "--no-progress", "--no-cache", "--max-attempts", "1"])
    err = capsys.readouterr().err
    assert code == 1 and "2 of 2 requests failed" in err and "content: null" in err
    assert json.loads((tmp_path / "run" / "results.json").read_text())["valid"] is False


def test_the_renderer_rejects_every_tooldial_format_label():
    from tooldial.dialogue.render_llm import turn_problems
    from tooldial.dialogue.scenario import make_turn

    turn = make_turn("User", "inform", "", content={})
    for message in ("- Dialogue State: <api_confirmed=false> - Thought: ok - Action: request",
                    "Sure. Thought: the user wants weather", "API: get_weather, please",
                    "Retriever status: none", "Call result: 21 degrees"):
        assert any("prompt debris" in p for p in turn_problems(turn, message)), message
    assert not any("prompt debris" in p for p in turn_problems(turn, "My zip code is 10115, thanks."))


def test_build_dialogues_leaves_out_and_reports_what_validate_rejects(tmp_path, capsys):
    from tooldial.dialogue.io import read_dialogues, write_dialogues
    from tooldial.dialogue.validate import validate_record

    records = [r for r in read_dialogues(REPO / "tests" / "data" / "simulation" / "dialogues.jsonl")
               if not validate_record(r).problems][:3]
    assert len(records) == 3
    broken = records[0].model_copy(update={"sequence_id": next(r.sequence_id for r in records[1:]
                                                                 if r.sequence_id != records[0].sequence_id)})
    path = tmp_path / "d.jsonl"
    write_dialogues([broken, *records[1:]], path)
    assert cli_main(["build", "--dialogues", str(path), "--corpus", "none", "--out", str(tmp_path / "ds"),
                     "--no-progress", "--quiet"]) == 0
    err = capsys.readouterr().err
    assert "1 dialogue(s) rejected by the validator" in err and broken.dialogue_id in err
    assert _load_ids(tmp_path / "ds", tmp_path / "hf") == {r.dialogue_id for r in records[1:]}


def test_a_bad_line_costs_that_line_only_and_a_truncated_gzip_keeps_what_was_read(tmp_path, capsys):
    import gzip

    from tooldial.corpus import load_corpus
    from tooldial.errors import CorpusError

    lines = [json.dumps({"tool_name": f"tool{i}", "category_name": "Data", "api_list": [
        {"name": f"get thing {i}", "description": "Get a thing", "method": "GET",
         "required_parameters": [{"name": "thing_id", "type": "STRING", "description": "id"}]}]}).encode()
        for i in range(100)]
    bad = list(lines)
    bad[10] = bad[10].replace(b"Get a", b"Get \xff a")
    plain = tmp_path / "tools.jsonl"
    plain.write_bytes(b"\n".join(bad) + b"\n")
    corpus = load_corpus(str(plain))
    assert len(corpus.tools) == 99 and [s.location for s in corpus.skipped] == [f"{plain}: line 11"]
    packed = gzip.compress(b"\n".join(lines) + b"\n")
    truncated = tmp_path / "tools.jsonl.gz"
    truncated.write_bytes(packed[: len(packed) * 2 // 3])
    corpus = load_corpus(str(truncated))
    assert 0 < len(corpus.tools) < 100 and "truncated" in corpus.skipped[-1].reason
    with pytest.raises(CorpusError, match="truncated"):
        load_corpus(str(truncated), strict=True)
    assert cli_main(["corpus", "stats", "--corpus", str(truncated)]) == 0  # listed among the skipped, exit 0
    assert "truncated" in capsys.readouterr().out
    assert cli_main(["corpus", "stats", "--corpus", str(truncated), "--strict"]) == 2


def test_a_yaml_alias_bomb_in_a_corpus_is_refused_within_seconds(tmp_path):
    from tooldial.corpus import load_corpus

    levels = "".join(f"    l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 10)}]\n" for i in range(1, 10))
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text("openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get:\n"
                    "      operationId: a\n      responses:\n        '200':\n          description: ok\n"
                    "          content:\n            application/json:\n              example:\n"
                    "                l0: &l0 [x, x, x, x, x, x, x, x, x, x]\n"
                    + levels.replace("    l", "                l"))
    start = time.monotonic()
    corpus = load_corpus(str(tmp_path))
    assert time.monotonic() - start < 10
    assert corpus.tools == [] and "expands to more than" in corpus.skipped[0].reason


def test_one_tool_of_many_similar_operations_stays_bounded(tmp_path, capsys):
    from big_openapi import write_similar_operations_spec

    from tooldial.corpus import load_corpus
    from tooldial.errors import ConfigError
    from tooldial.graph import GraphConfig
    from tooldial.graph.build import GraphBuilder

    spec = write_similar_operations_spec(tmp_path, 120)
    corpus = load_corpus(str(spec))
    builder = GraphBuilder(GraphConfig(max_same_tool_candidates_per_input=8))
    edges = builder.find_edges(builder.prepare(corpus))
    per_input = np.bincount(edges.dst)
    assert per_input.max() == 8 and len(edges) <= 8 * len(per_input)
    crowded = GraphBuilder(GraphConfig(max_same_tool_candidates_per_tool=480))  # 240 inputs: 2 each, not 64
    assert np.bincount(crowded.find_edges(crowded.prepare(corpus)).dst).max() == 2
    unbounded = GraphBuilder(GraphConfig(max_same_tool_candidates_per_input=None))
    assert len(unbounded.find_edges(unbounded.prepare(corpus))) > 100 * len(per_input)  # what it bounds: n²
    with pytest.raises(ConfigError, match="max_candidates=500"):
        GraphBuilder(GraphConfig(max_candidates=500)).build(corpus)
    assert cli_main(["graph", "build", "--corpus", str(spec), "--out", str(tmp_path / "g.json"), "--no-progress",
                     "--max-candidates", "500"]) == 2
    _one_line_error(capsys.readouterr().err)


def _tiny_tmpfs(path: Path, size: str) -> bool:
    path.mkdir()
    try:
        return subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path)],
                              capture_output=True, timeout=30).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def test_a_full_disk_in_build_is_one_line_exit_1(tmp_path):
    full = tmp_path / "full"
    if not _tiny_tmpfs(full, "48k"):
        pytest.skip("cannot mount a tiny tmpfs here (needs root)")
    try:
        proc = subprocess.run([sys.executable, "-m", "tooldial", "build", "--dialogues", str(RELEASE / "train.json"),
                               "--corpus", "none", "--out", str(full / "ds"), "--no-progress", "--quiet"],
                              env=_env(), capture_output=True, text=True, timeout=300)
    finally:
        subprocess.run(["umount", str(full)], capture_output=True, timeout=30)
    assert proc.returncode == 1, proc.stderr[-2000:]
    _one_line_error(proc.stderr)
    assert "No space left on device" in proc.stderr


def test_a_full_disk_in_quality_is_one_line_exit_1(tmp_path, monkeypatch, capsys):
    import errno

    import tooldial.outputs

    def full(*args: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(tooldial.outputs.os, "replace", full)  # the write wrapper every writer goes through
    code = cli_main(["quality", str(REPO / "tests" / "data" / "simulation" / "dialogues.jsonl"), "--out",
                     str(tmp_path / "q.json")])
    err = capsys.readouterr().err
    assert code == 1 and "q.json" in err and "No space left on device" in err
    _one_line_error(err.splitlines()[-1] + "\n")
    assert not list(tmp_path.iterdir())  # no temporary file left behind


def test_an_unwritable_out_is_one_line_exit_2(tmp_path, capsys):
    if os.geteuid() == 0:
        parent = Path("/sys/kernel/tooldial-issue32")  # sysfs refuses new folders even to root
        if not Path("/sys/kernel").is_dir():
            pytest.skip("no /sys/kernel to stand in for a read-only folder")
    else:
        parent = tmp_path / "ro"
        parent.mkdir()
        parent.chmod(0o500)
    dialogues = str(REPO / "tests" / "data" / "simulation" / "dialogues.jsonl")
    for argv in (["quality", dialogues, "--out", str(parent / "q.json")],
                 ["simulate", "--dialogues", dialogues, "--limit", "1", "--out", str(parent / "run"),
                  "--no-progress"]):
        assert cli_main(argv) == 2, argv
        err = capsys.readouterr().err
        assert "cannot write" in err and str(parent) in err and "Traceback" not in err


def test_malformed_graph_nodes_are_one_line_naming_the_record(tmp_path, capsys):
    for graph, expected in (({"nodes": [1, 2], "edges": []}, "nodes[0]: must be an object"),
                            ({"nodes": [{"id": "a"}], "edges": [{"source": "a"}]}, "edges[0]: has no 'target'")):
        path = tmp_path / "g.json"
        path.write_text(json.dumps(graph))
        assert cli_main(["graph", "stats", str(path)]) == 2
        err = capsys.readouterr().err
        _one_line_error(err)
        assert expected in err


def test_truncated_transcripts_are_one_line(tmp_path, capsys):
    import gzip

    record = {"uuid": "u1", "content": [], "api": "a", "slots": {}, "state": "success"}
    packed = gzip.compress(("\n".join(json.dumps({**record, "uuid": f"u{i}"}) for i in range(2000)) + "\n").encode())
    path = tmp_path / "transcripts.jsonl.gz"
    path.write_bytes(packed[: len(packed) // 2])
    tasks = tmp_path / "data_v1_2.jsonl"
    tasks.write_text("")
    assert cli_main(["simulate", "--suite", "autode", "--transcripts", str(path), "--autode-tasks",
                     str(tasks)]) == 2
    err = capsys.readouterr().err
    _one_line_error(err)
    assert "truncated" in err and str(path) in err


def test_a_mistyped_dataset_path_is_a_local_error_without_asking_the_hub(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    for name in ("./runs/mistyped", str(tmp_path / "nope"), "mistyped", "someone/not-downloaded"):
        start = time.monotonic()
        code = cli_main(["eval", "--backend", "openai", "--base-url", "http://127.0.0.1:9/v1", "--model", "m",
                         "--dataset", name, "--task", "action", "--out", str(tmp_path / "run")])
        err = capsys.readouterr().err
        assert code == 2 and time.monotonic() - start < 10, err
        _one_line_error(err)
        assert "no such dataset directory" in err and name in err
    assert not (tmp_path / "run").exists()


def test_push_to_an_unreachable_or_odd_hub_endpoint_is_one_line_exit_1(tmp_path):
    from test_llm import ScriptedServer

    from tooldial.dataset.convert import convert_release

    dataset = tmp_path / "ds"
    convert_release(RELEASE, dataset, progress=False)
    odd = ScriptedServer(always={}, script=[(200, {}, {})] * 20)
    odd.httpd.RequestHandlerClass.do_GET = odd.httpd.RequestHandlerClass.do_POST  # {} to everything
    with odd:
        for endpoint in (f"http://127.0.0.1:{_free_port()}", odd.base_url.removesuffix("/v1")):
            proc = subprocess.run([sys.executable, "-m", "tooldial", "push", str(dataset), "someone/ds"],
                                  env=_env(HF_HUB_OFFLINE="0", HF_ENDPOINT=endpoint, HF_TOKEN="hf_dummy_token",
                                           HF_HOME=str(tmp_path / "hf")),
                                  capture_output=True, text=True, timeout=120)
            assert proc.returncode == 1, (endpoint, proc.stderr[-2000:])
            _one_line_error(proc.stderr)
            assert "upload failed" in proc.stderr and endpoint in proc.stderr


def test_audit_out_an_existing_file_is_refused_before_the_audit(tmp_path, capsys):
    from tooldial.dataset.convert import convert_release

    dataset = tmp_path / "ds"
    convert_release(RELEASE, dataset, progress=False)
    existing = tmp_path / "report.txt"
    existing.write_text("mine\n")
    start = time.monotonic()
    assert cli_main(["audit", str(dataset), "--out", str(existing)]) == 2
    err = capsys.readouterr().err
    _one_line_error(err)
    assert "is a file, not a directory" in err and existing.read_text() == "mine\n"
    assert time.monotonic() - start < 30  # refused before the probes run
