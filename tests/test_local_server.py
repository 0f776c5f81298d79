"""The local OpenAI-compatible server (transformers serve + SmolLM2-135M) as every LLM path sees it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tooldial.errors import ConfigError
from tooldial.llm import ChatRequest, LLMClient
from tooldial.local_server import LocalOpenAIServer, ServerStartError, sampling_view

pytestmark = pytest.mark.slow


def test_server_answers_and_a_cached_rerun_never_reaches_it(openai_server, tmp_path: Path) -> None:
    client = LLMClient(openai_server.base_url, openai_server.model, cache_dir=tmp_path)
    requests = [ChatRequest.from_prompt("Name a colour.", max_tokens=4),
                ChatRequest.from_prompt("Name a fruit.", max_tokens=4)]
    before = openai_server.request_count()
    first = client.chat(requests)
    assert all(r.ok and r.text.strip() for r in first), first
    assert all(0 < r.usage.completion_tokens <= 4 for r in first)
    assert openai_server.request_count() == before + 2

    rerun = LLMClient(openai_server.base_url, openai_server.model, cache_dir=tmp_path).chat(requests)
    assert [r.texts for r in rerun] == [r.texts for r in first] and all(r.cached for r in rerun)
    assert openai_server.request_count() == before + 2  # the server log saw nothing new


def test_temperature_samples_and_zero_is_greedy(openai_server) -> None:
    client = LLMClient(openai_server.base_url, openai_server.model, use_cache=False)
    prompt = "Invent a name for a cat."
    sampled, greedy = client.chat([
        ChatRequest.from_prompt(prompt, max_tokens=5, temperature=1.0, n=3, seed=11),
        ChatRequest.from_prompt(prompt, max_tokens=4, temperature=0.0, n=2),
    ])
    assert len(sampled.texts) == 3 and len(set(sampled.texts)) >= 2, sampled.texts
    assert len(greedy.texts) == 2 and greedy.texts[0] == greedy.texts[1]


def test_wrong_model_name_is_an_error_on_the_result(openai_server) -> None:
    client = LLMClient(openai_server.base_url, "not-the-served-model", use_cache=False, max_retries=0)
    [result] = client.chat([ChatRequest.from_prompt("hi", max_tokens=2)])
    assert result.error is not None and "pinned" in result.error


def test_sampling_view_enables_sampling_and_keeps_everything_else(smollm2_dir: Path, tmp_path: Path) -> None:
    view = sampling_view(smollm2_dir, tmp_path)
    assert json.loads((view / "generation_config.json").read_text())["do_sample"] is True
    assert (view / "config.json").resolve() == (smollm2_dir / "config.json").resolve()
    assert sampling_view(smollm2_dir, tmp_path) == view  # stable name: the model name in cache keys


def test_not_a_checkpoint_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no config.json"):
        LocalOpenAIServer(tmp_path)


class _DyingServer(LocalOpenAIServer):
    """The real start/wait/stop logic around a process that fails like a broken checkpoint, minus the import."""

    def command(self) -> list[str]:
        return [sys.executable, "-c", "import sys; print('OSError: broken checkpoint'); sys.exit(3)"]


def test_a_server_that_dies_at_startup_is_reported_with_its_log(smollm2_dir: Path) -> None:
    server = _DyingServer(smollm2_dir, sampling=False, startup_timeout=60)
    with pytest.raises(ServerStartError, match=r"exited with status 3:\nOSError: broken checkpoint"):
        server.start()
    assert server.process is None and not server.running
    assert "broken checkpoint" in server.log_path.read_text()  # the log of a failed start is kept
    server.log_path.unlink()


def test_server_runs_offline_and_without_the_api_key(openai_server) -> None:
    environ = Path(f"/proc/{openai_server.process.pid}/environ")
    if not environ.is_file():
        pytest.skip("no /proc on this platform")
    env = dict(item.split("=", 1) for item in environ.read_text().split("\0") if "=" in item)
    assert env["HF_HUB_OFFLINE"] == "1" and env["TRANSFORMERS_OFFLINE"] == "1" and env["OMP_NUM_THREADS"] == "1"
    assert "OPENAI_API_KEY" not in env


def test_server_environment_drops_the_key_and_forces_offline(smollm2_dir: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-secret")
    monkeypatch.setenv("HF_HUB_OFFLINE", "0")
    env = LocalOpenAIServer(smollm2_dir, threads=2).environment()
    assert "OPENAI_API_KEY" not in env and env["HF_HUB_OFFLINE"] == "1" and env["OMP_NUM_THREADS"] == "2"


_PARENT = """
import subprocess, sys, time
from tooldial.local_server import _die_with_parent
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"], start_new_session=True,
                         preexec_fn=_die_with_parent)
print(child.pid, flush=True)
time.sleep(120)
"""


@pytest.mark.skipif(sys.platform != "linux", reason="PR_SET_PDEATHSIG is Linux-only")
def test_server_process_dies_with_a_killed_parent() -> None:
    import os
    import signal
    import subprocess
    import time

    parent = subprocess.Popen([sys.executable, "-c", _PARENT], stdout=subprocess.PIPE, text=True)
    child = int(parent.stdout.readline())
    os.kill(child, 0)  # running, in its own session (Ctrl-C for the parent would not reach it)
    parent.send_signal(signal.SIGKILL)  # no cleanup code runs in the parent
    parent.wait()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)
    os.kill(child, signal.SIGKILL)
    pytest.fail("the child outlived its killed parent")


def test_models_endpoint_lists_the_short_served_name(openai_server) -> None:
    import urllib.request

    assert "/" not in openai_server.model and openai_server.model.startswith("SmolLM2-135M-Instruct-")
    with urllib.request.urlopen(f"{openai_server.base_url}/models", timeout=30) as resp:
        listing = json.load(resp)
    assert resp.status == 200 and [m["id"] for m in listing["data"]] == [openai_server.model]


def test_a_port_in_use_is_a_clear_error_not_someone_elses_server(smollm2_dir: Path, openai_server) -> None:
    from tooldial.local_server import main

    server = LocalOpenAIServer(smollm2_dir, openai_server.port)
    with pytest.raises(ServerStartError, match=f"port {openai_server.port} on 127.0.0.1 is already in use"):
        server.start()
    assert server.process is None
    assert main([str(smollm2_dir), "--port", str(openai_server.port)]) == 2  # one line, no traceback


def test_sampling_view_names_differ_by_model_and_mode(smollm2_dir: Path, tmp_path: Path) -> None:
    sampling = sampling_view(smollm2_dir, tmp_path)
    greedy = sampling_view(smollm2_dir, tmp_path, sampling=False)
    assert sampling.name != greedy.name and len(sampling.name) <= len(smollm2_dir.name) + 9
    assert "do_sample" not in json.loads((greedy / "generation_config.json").read_text()) or \
        json.loads((smollm2_dir / "generation_config.json").read_text()).get("do_sample")
