"""``tooldial serve NAME``: llama.cpp's own OpenAI-compatible server (``python -m llama_cpp.server``) for a GGUF.

A thin launcher, not a new server: it verifies the model's sha256, starts ``llama_cpp.server`` on 127.0.0.1 and
reuses :class:`tooldial.local_server.LocalOpenAIServer` for the port check, the wait until a chat request is
answered, the log and the clean-up (own process group, killed with its parent). The served model name (what
clients send, part of every LLM cache key) is the catalogue name.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from tooldial.errors import ConfigError
from tooldial.local_server import LocalOpenAIServer

DEFAULT_CTX = 4096
#: Threads for generation and prompt processing; 2 suits the shared 2-core machines this was measured on.
DEFAULT_THREADS = 2


def llama_cpp_available() -> bool:
    return importlib.util.find_spec("llama_cpp") is not None and importlib.util.find_spec("uvicorn") is not None


class LlamaCppServer(LocalOpenAIServer):
    """``python -m llama_cpp.server`` for one GGUF file; same interface as :class:`LocalOpenAIServer`."""

    engine = "llama_cpp.server"
    health_path = "/v1/models"

    def __init__(self, model_file: str | Path, name: str, port: int | None = None, *, threads: int = DEFAULT_THREADS,
                 ctx: int = DEFAULT_CTX, startup_timeout: float = 300.0, log_path: str | Path | None = None,
                 host: str = "127.0.0.1", prompt_cache_mb: int = 0) -> None:
        self.served_name = name
        self.ctx = ctx
        self.prompt_cache_mb = prompt_cache_mb
        super().__init__(model_file, port, host=host, startup_timeout=startup_timeout, log_path=log_path,
                         threads=threads)

    def _check_model(self) -> None:
        if not self.model_dir.is_file():
            raise ConfigError(f"{self.model_dir}: no such GGUF file", field="model")
        if not llama_cpp_available():
            raise ConfigError("llama.cpp's server is not installed: `make models`, or pip install "
                              "'llama-cpp-python[server]' (it compiles llama.cpp, about 20 min on 2 cores)")

    def _prepare(self) -> Path:
        self.model = self.served_name
        return self.model_dir.parent

    def command(self) -> list[str]:
        threads = str(self.threads or DEFAULT_THREADS)
        return [sys.executable, "-m", "llama_cpp.server", "--model", str(self.model_dir),
                "--model_alias", self.served_name, "--host", self.host, "--port", str(self.port),
                "--n_ctx", str(self.ctx), "--n_threads", threads, "--n_threads_batch", threads,
                # the server's default keeps every prompt token's logits (4 B x 151,936 vocabulary: 0.6 MB a
                # token, 7 GB for AutoDE's 11,900-token prompt, copied again into every prompt-cache entry);
                # tooldial never asks for logprobs
                "--logits_all", "false", *self._prompt_cache_args()]

    def _prompt_cache_args(self) -> list[str]:
        """llama-cpp-python's RAM prompt cache: evaluated states kept by token prefix, so that requests of two
        alternating prompts (an AutoDE assistant with an ~11,900-token tool list and the simulated user) each
        resume from their own prefix; without it the server keeps only the last prompt's state and re-reads
        the whole tool list after every user turn."""
        if self.prompt_cache_mb <= 0:
            return []
        return ["--cache", "true", "--cache_type", "ram", "--cache_size", str(self.prompt_cache_mb << 20)]
