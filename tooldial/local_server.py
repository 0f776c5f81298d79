"""A real OpenAI-compatible server on 127.0.0.1 for a local transformers checkpoint (``transformers serve``).

Tests, benchmarks and offline users point every LLM path (:class:`tooldial.llm.LLMClient`) at it, so the code
that talks to vLLM or OpenAI in production is the code exercised here, over real HTTP.

Two details of ``transformers serve`` shape this module:

* The server is pinned to one model (``FORCE_MODEL``) and accepts only that exact name in requests; the name
  to send is :attr:`LocalOpenAIServer.model`.
* It turns sampling *off* for ``temperature == 0`` but never turns it *on*: with a checkpoint whose
  ``generation_config.json`` lacks ``do_sample: true`` every request is greedy, whatever its temperature.
  With ``sampling=True`` (the default) we serve a view of the checkpoint (symlinks) whose generation config
  enables sampling, so ``temperature > 0`` samples and ``temperature == 0`` stays greedy, as on OpenAI.

Without continuous batching (the default) requests are answered one at a time, each with its own sampling
parameters, ``seed`` and ``stop``. ``continuous_batching=True`` answers concurrent requests together (higher
throughput on CPU) but the server then applies the *first* request's sampling parameters to every request —
use it for throughput, not for sampling experiments. The server ignores ``n`` and ``response_format``;
:class:`~tooldial.llm.LLMClient` makes up for ``n`` with extra calls.

Everything runs offline (``HF_HUB_OFFLINE=1``): the checkpoint is read from disk, nothing is downloaded.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from tooldial.errors import ConfigError, TooldialError

OFFLINE_ENV = {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1",
               "TOKENIZERS_PARALLELISM": "false", "HF_HUB_DISABLE_TELEMETRY": "1"}


class ServerStartError(TooldialError):
    """The local server exited or did not answer in time."""


def _die_with_parent() -> None:  # pragma: no cover - runs in the child between fork and exec
    """Linux: have the kernel SIGTERM the server when the thread that started it dies (even by SIGKILL)."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def sampling_view(model_dir: Path, cache_dir: Path | None = None, *, sampling: bool = True) -> Path:
    """A directory of symlinks to ``model_dir`` whose generation config sets ``do_sample: true`` (``sampling``).

    Lives under ``$TOOLDIAL_CACHE/serving`` with a short stable name, ``<model dir name>-<8 hex digits of its
    path>``: the server is started inside ``serving/`` and pinned to that relative name, which is then the model
    name clients send (part of every LLM cache key, so it must differ between models and stay the same from one
    run to the next). ``sampling=False`` keeps the checkpoint's own generation config.
    """
    from tooldial.cache import default_cache_dir

    model_dir = model_dir.resolve()
    digest = hashlib.sha256(f"{model_dir}{'' if sampling else ':greedy'}".encode()).hexdigest()[:8]
    view = Path(cache_dir or default_cache_dir() / "serving") / f"{model_dir.name}-{digest}"
    gen_path = model_dir / "generation_config.json"
    gen = json.loads(gen_path.read_text()) if gen_path.is_file() else {}
    if sampling:
        gen["do_sample"] = True
    wanted = json.dumps(gen, indent=2, sort_keys=True) + "\n"
    current = view / "generation_config.json"
    if current.is_file() and current.read_text() == wanted and all(
        (view / f.name).exists() for f in model_dir.iterdir() if f.name != "generation_config.json"
    ):
        return view
    view.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f"{view.name}.tmp-", dir=view.parent))
    for item in model_dir.iterdir():
        if item.name != "generation_config.json":
            (tmp / item.name).symlink_to(item)
    (tmp / "generation_config.json").write_text(wanted)
    if view.exists():
        import shutil

        shutil.rmtree(view, ignore_errors=True)
    try:
        os.replace(tmp, view)
    except OSError:  # a concurrent process made the same view; it is as good as ours
        import shutil

        shutil.rmtree(tmp, ignore_errors=True)
    return view


def port_in_use(host: str, port: int) -> bool:
    """Whether something already accepts connections (or holds the address) on ``host:port``."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        try:
            sock.bind((host, port))
        except OSError:
            return True
    return False


#: Runs ``transformers serve`` with ``GET /v1/models`` answering the pinned model: transformers lists the models of
#: the Hub cache there, which fails (HTTP 500) offline or without a cache and never lists a local directory.
_LAUNCHER = """
import runpy, sys, time
name = sys.argv[1]
try:
    from transformers.cli.serving.model_manager import ModelManager
    ModelManager.get_gen_models = staticmethod(lambda cache_dir=None: [
        {"id": name, "object": "model", "created": int(time.time()), "owned_by": "local"}])
except (ImportError, AttributeError):  # another transformers layout: keep its own listing
    pass
sys.argv = ["transformers", *sys.argv[2:]]
runpy.run_module("transformers.cli.transformers", run_name="__main__")
"""


class LocalOpenAIServer:
    """Start ``transformers serve`` for ``model_dir`` on 127.0.0.1 and wait until the model answers.

    Use as a context manager; :attr:`base_url` and :attr:`model` are what an OpenAI client needs. The
    server's log (one access line per HTTP request) is at :attr:`log_path`; :meth:`request_count` reads it.

    The server runs in its own process group (a Ctrl-C meant for the caller does not reach it) and, on Linux,
    is terminated by the kernel when the thread that started it dies — even by SIGKILL — so a killed test
    run leaves no orphan server. Start it from a thread that outlives it (normally the main thread).
    """

    def __init__(self, model_dir: str | Path, port: int | None = None, *, host: str = "127.0.0.1",
                 sampling: bool = True, continuous_batching: bool = False, device: str | None = None,
                 startup_timeout: float = 300.0, log_path: str | Path | None = None,
                 serving_cache_dir: str | Path | None = None, threads: int | None = None) -> None:
        self.model_dir = Path(model_dir)
        self._check_model()
        self.host = host
        self.port = port
        self.sampling = sampling
        self.continuous_batching = continuous_batching
        self.device = device
        self.startup_timeout = startup_timeout
        self.serving_cache_dir = Path(serving_cache_dir) if serving_cache_dir else None
        self.threads = threads
        self._log_arg = Path(log_path) if log_path else None
        self.log_path: Path | None = None
        self.process: subprocess.Popen[bytes] | None = None
        self.startup_seconds: float | None = None
        self.model: str = ""

    #: What the error messages call the server; the path polled until it answers (then one chat request).
    engine = "transformers serve"
    health_path = "/health"

    def _check_model(self) -> None:
        if not (self.model_dir / "config.json").is_file():
            raise ConfigError(f"{self.model_dir}: not a transformers checkpoint (no config.json)", field="model_dir")

    def _prepare(self) -> Path:
        """Set :attr:`model` (the name clients send) and return the folder the server runs in."""
        served = sampling_view(self.model_dir, self.serving_cache_dir, sampling=self.sampling)
        self.model = served.name  # short: the server runs in the view's folder and loads it by relative name
        return served.parent

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:PORT/v1``, the ``base_url`` of an OpenAI client."""
        return f"http://{self.host}:{self.port}/v1"

    def __repr__(self) -> str:
        return f"LocalOpenAIServer(base_url={self.base_url!r}, model={self.model!r})"

    def command(self) -> list[str]:
        cmd = [sys.executable, "-c", _LAUNCHER, self.model, "serve", self.model,
               "--host", self.host, "--port", str(self.port), "--log-level", "info"]
        cmd.append("--continuous-batching" if self.continuous_batching else "--no-continuous-batching")
        if self.device:
            cmd += ["--device", self.device]
        return cmd

    def environment(self) -> dict[str, str]:
        """The server's environment: ours, offline, without ``OPENAI_API_KEY`` (it needs none)."""
        env = {k: v for k, v in os.environ.items() if k != "OPENAI_API_KEY"}
        env.update(OFFLINE_ENV)
        if self.threads:
            env["OMP_NUM_THREADS"] = env["MKL_NUM_THREADS"] = str(self.threads)
        return env

    def start(self) -> LocalOpenAIServer:
        if self.process is not None:
            return self
        cwd = self._prepare()
        if self.port and port_in_use(self.host, self.port):
            raise ServerStartError(f"port {self.port} on {self.host} is already in use (another server?): pass "
                                   "another --port, or none for a free one", field="port")
        self.port = self.port or free_port(self.host)
        if self._log_arg is None:  # a temporary log, removed by a clean stop (kept when start-up fails)
            fd, name = tempfile.mkstemp(prefix="tooldial-serve-", suffix=".log")
            os.close(fd)
            self.log_path = Path(name)
        else:
            self.log_path = self._log_arg
            self.log_path.parent.mkdir(parents=True, exist_ok=True)
        env = self.environment()
        started = time.perf_counter()
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(
                self.command(), stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env,
                cwd=cwd,
                start_new_session=True, preexec_fn=_die_with_parent if sys.platform == "linux" else None)
        try:
            self._wait_ready(started)
        except BaseException:
            self.stop(remove_log=False)
            raise
        self.startup_seconds = time.perf_counter() - started
        return self

    def _wait_ready(self, started: float) -> None:
        """Poll ``/health``, then send one 1-token chat request: ready means the model has answered."""
        deadline = started + self.startup_timeout
        healthy = False
        while True:
            assert self.process is not None
            if self.process.poll() is not None:
                raise ServerStartError(f"{self.engine} exited with status {self.process.returncode}:\n"
                                       f"{self.log_tail()}", file=str(self.log_path))
            if time.perf_counter() > deadline:
                raise ServerStartError(f"no answer within {self.startup_timeout:.0f} s:\n{self.log_tail()}",
                                       file=str(self.log_path))
            try:
                if not healthy:
                    with urllib.request.urlopen(f"http://{self.host}:{self.port}{self.health_path}", timeout=2) as resp:
                        healthy = resp.status == 200
                if healthy:
                    body = json.dumps({"model": self.model, "max_tokens": 1, "temperature": 0.0,
                                       "messages": [{"role": "user", "content": "Hi"}]}).encode()
                    request = urllib.request.Request(f"{self.base_url}/chat/completions", body,
                                                     {"content-type": "application/json"})
                    remaining = max(1.0, deadline - time.perf_counter())
                    with urllib.request.urlopen(request, timeout=remaining) as resp:
                        if resp.status == 200 and json.load(resp).get("choices"):
                            return
            except urllib.error.HTTPError as exc:
                if exc.code < 500:  # a 4xx now will not go away
                    raise ServerStartError(f"warm-up request failed with HTTP {exc.code}: {exc.read()[:300]!r}",
                                           file=str(self.log_path)) from None
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
                pass
            time.sleep(0.2)

    def log_tail(self, chars: int = 3000) -> str:
        if self.log_path is None or not self.log_path.is_file():
            return ""
        return self.log_path.read_text(errors="replace")[-chars:]

    def request_count(self, path: str = "/v1/chat/completions") -> int:
        """How many HTTP requests to ``path`` the server has logged (the warm-up request included)."""
        if self.log_path is None or not self.log_path.is_file():
            return 0
        pattern = re.compile(rf'"POST {re.escape(path)} HTTP/[\d.]+"')
        return sum(1 for line in self.log_path.read_text(errors="replace").splitlines() if pattern.search(line))

    def stop(self, timeout: float = 15.0, *, remove_log: bool = True) -> None:
        """SIGTERM the server's process group, then SIGKILL what is left after ``timeout`` seconds.

        A temporary log (no ``log_path`` given) is removed unless ``remove_log`` is False.
        """
        process, self.process = self.process, None
        try:
            self._terminate(process, timeout)
        finally:
            if remove_log and process is not None and self._log_arg is None and self.log_path is not None:
                self.log_path.unlink(missing_ok=True)

    @staticmethod
    def _terminate(process: subprocess.Popen[bytes] | None, timeout: float) -> None:
        if process is None or process.poll() is not None:
            return
        try:
            os.killpg(process.pid, signal.SIGTERM)
        except ProcessLookupError:
            return
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def __enter__(self) -> LocalOpenAIServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def __del__(self) -> None:  # a forgotten server must not outlive its owner
        with contextlib.suppress(Exception):  # interpreter shutdown
            self.stop(timeout=5)


def main(argv: list[str] | None = None) -> int:
    """``python -m tooldial.local_server [MODEL] [--port N]``: serve until Ctrl-C."""
    from tooldial.cli.parser import ArgumentParser
    from tooldial.model_resolver import resolve_model

    parser = ArgumentParser(prog="python -m tooldial.local_server", description=main.__doc__)
    parser.add_argument("model", nargs="?", default="smollm2-135m-local",
                        help="checkpoint directory or alias (tooldial.model_resolver)")
    parser.add_argument("--port", type=int, help="port on 127.0.0.1 (default: a free one)")
    parser.add_argument("--continuous-batching", action="store_true")
    parser.add_argument("--threads", type=int, help="torch threads (1 is fastest on a busy machine)")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # `kill` stops the server too
    try:
        resolved = resolve_model(args.model)
        if resolved.adapter or not Path(resolved.path).is_dir():
            raise ConfigError("serve a local checkpoint directory (merge an adapter first: tooldial train --merge)",
                              file=args.model, field="model")
        with LocalOpenAIServer(resolved.path, args.port, threads=args.threads,
                               continuous_batching=args.continuous_batching) as server:
            print(f"ready in {server.startup_seconds:.1f} s\n  base_url: {server.base_url}\n"
                  f"  model:    {server.model}", flush=True)
            try:
                while server.running:
                    time.sleep(1)
            except KeyboardInterrupt:
                pass
    except TooldialError as exc:
        print(f"tooldial: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
