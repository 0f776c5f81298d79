"""Defaults of ``tooldial eval --backend hf`` on a machine without a GPU.

A newcomer's first run is on a CPU: with the GPU defaults (batches of 8, up to 300 new tokens for an action,
progress after every 64 examples) a 30-example run sat at 0/30 for 14 minutes. On a CPU, unless the user says
otherwise: an action is one line, so at most :data:`CPU_MAX_NEW_TOKENS` (strict scoring reads the first line;
the full benchmark limit stays for GPUs and for ``--max-new-tokens``); one example per batch, so the bar moves
per example. Tasks that write states or whole traces keep their limits (a cut state cannot be scored).
"""

from __future__ import annotations

#: Per-task limits on a CPU (tasks not listed keep the benchmark's).
CPU_MAX_NEW_TOKENS = {"action": 32}
#: Batch size on a CPU when ``--batch-size`` is not given (GPU default: 8).
CPU_BATCH_SIZE = 1
GPU_BATCH_SIZE = 8


def cuda_available() -> bool:
    try:
        import torch
    except ImportError:
        return False
    return bool(torch.cuda.is_available())


def runs_on_cpu(backend: str) -> bool:
    """Whether this run generates with a local model on the CPU (the ``hf`` backend without CUDA)."""
    return backend == "hf" and not cuda_available()


def default_batch_size(backend: str, given: int | None) -> int:
    """``--batch-size`` when given, else one per batch on a CPU (progress per example), else 8."""
    if given is not None:
        return given
    return CPU_BATCH_SIZE if runs_on_cpu(backend) else GPU_BATCH_SIZE


def task_token_limit(task: str, benchmark_limit: int, *, on_cpu: bool) -> int:
    """The new-token limit of ``task``: the benchmark's, capped on a CPU by :data:`CPU_MAX_NEW_TOKENS`."""
    if not on_cpu:
        return benchmark_limit
    return min(benchmark_limit, CPU_MAX_NEW_TOKENS.get(task, benchmark_limit))
