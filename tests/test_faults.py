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
