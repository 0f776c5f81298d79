"""Benchmark of the evaluation harness (issue 6).

1. ``hf`` overhead: the harness (``evaluate`` with the ``hf`` backend on SmolLM2-135M-Instruct, no cache: rows,
   prompts, batching, generation, parsing, scoring, reports) against the bare ``model.generate`` calls on the
   very same batches (``HFBackend.plan_batches``). Target: harness ≤ 1.1 × direct.
2. ``rule`` / ``oracle`` over a whole test split (every task and setting but faithfulness). Target: < 10 s each.

Without ``--dataset`` a test split is synthesized from hand-written dialogues (tests/test_eval.py) repeated to
``--dialogues`` dialogues (the paper's test split has 1,166), written through the dataset stage's row builder.

    python scripts/bench_eval.py [--dataset DIR] [--dialogues 1166] [--hf-examples 16] [--batch-size 8]
"""

from __future__ import annotations

import argparse
import copy
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
REPO = Path(__file__).resolve().parents[1]


def synth_dataset(path: Path, n_dialogues: int) -> Path:
    sys.path.insert(0, str(REPO / "tests"))
    from test_eval import dialogues, write_eval_dataset

    templates = dialogues()
    records = []
    for i in range(n_dialogues):
        record = copy.deepcopy(templates[i % len(templates)])
        record["dialogue_id"] = f"{record['dialogue_id']}-{i:05d}"
        records.append(record)
    return write_eval_dataset(path, records)


def bench_policies(dataset: str, out: Path) -> None:
    from tooldial.evaluation import EvalConfig, evaluate

    for backend in ("oracle", "rule"):
        config = EvalConfig.expand("all", "both", backend=backend, dataset=dataset, out=str(out / backend),
                                   progress=False, use_cache=False)
        t0, c0 = time.perf_counter(), time.process_time()
        results = evaluate(config)
        seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
        n = sum(m["n"] for settings in results["tasks"].values() for m in settings.values())
        accs = ", ".join(f"{t}/{s} {100 * m['accuracy']:.1f}" for t, ss in results["tasks"].items()
                         for s, m in ss.items())
        print(f"{backend:>6}: {n} examples in {seconds:.2f} s wall, {cpu:.2f} s CPU ({n / seconds:.0f} ex/s) "
              f"[target < 10 s] — {accs}")


def bench_hf(dataset: str, out: Path, n: int, batch_size: int, max_new_tokens: int, task: str,
             repeats: int = 2) -> None:
    import torch

    from tooldial.evaluation import EvalConfig, evaluate, make_backend
    from tooldial.evaluation.benchmark import load_benchmark
    from tooldial.evaluation.runner import load_rows
    from tooldial.evaluation.tasks import _request
    from tooldial.local_models import ensure_smollm2

    model_dir = ensure_smollm2()
    backend = make_backend("hf", model=str(model_dir), batch_size=batch_size)
    spec = load_benchmark().tasks[task].model_copy(update={"max_new_tokens": max_new_tokens})
    rows = load_rows(dataset, spec.config, "test", "gt", n)
    requests = [_request(task, "gt", row, spec) for row in rows]
    plan = backend.plan_batches(requests)
    backend.run_batch(plan[0][1], plan[0][2])  # warm-up

    def direct() -> tuple[float, float]:
        t0, c0 = time.perf_counter(), time.process_time()
        for _, kwargs, batch in plan:
            with torch.inference_mode():
                backend.model.generate(**{k: v.to(backend.device) for k, v in batch.items()}, **kwargs)
        return time.perf_counter() - t0, time.process_time() - c0

    def harness(i: int) -> tuple[float, float]:
        config = EvalConfig.expand(task, "gt", backend="hf", model=str(model_dir), dataset=dataset, limit=n,
                                   batch_size=batch_size, max_new_tokens=max_new_tokens, use_cache=False,
                                   progress=False, out=str(out / f"hf{i}"))
        t0, c0 = time.perf_counter(), time.process_time()
        results = evaluate(config, backend=backend)
        wall = time.perf_counter() - t0
        overheads.append(wall - results["generation"]["seconds_in_backend"])
        return wall, time.process_time() - c0

    # interleaved, best of `repeats` each: on a shared machine the minimum is the least disturbed measurement;
    # CPU time (process_time) is reported too, as it is less sensitive to other processes than wall time
    times_direct, times_harness, overheads = [], [], []
    for i in range(repeats):
        times_direct.append(direct())
        times_harness.append(harness(i))
    (dw, dc), (hw, hc) = min(times_direct), min(times_harness)
    print(f"hf ({task}, {n} examples, batch {batch_size}, {max_new_tokens} new tokens, {len(plan)} batches, "
          f"device {backend.device}, {torch.get_num_threads()} threads): direct generate {dw:.2f} s wall / "
          f"{dc:.2f} s CPU, harness {hw:.2f} s wall / {hc:.2f} s CPU, ratio {hw / dw:.3f} wall, {hc / dc:.3f} CPU "
          f"[target <= 1.1]")
    print("  harness time outside Backend.generate (rows, prompts, cache, parsing, scoring, reports): "
          + ", ".join(f"{o:.2f} s" for o in overheads))
    print("  runs (wall, CPU): direct " + ", ".join(f"({w:.1f}, {c:.1f})" for w, c in times_direct)
          + "; harness " + ", ".join(f"({w:.1f}, {c:.1f})" for w, c in times_harness))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", help="dataset dir (default: synthesized)")
    parser.add_argument("--dialogues", type=int, default=1166)
    parser.add_argument("--hf-examples", type=int, default=16)
    parser.add_argument("--batch-size", type=int, default=8)
    parser.add_argument("--max-new-tokens", type=int, default=16)
    parser.add_argument("--task", default="action", choices=["dst", "action"])
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--threads", type=int, help="torch intra-op threads (default: torch's)")
    parser.add_argument("--skip-hf", action="store_true")
    parser.add_argument("--skip-policies", action="store_true")
    args = parser.parse_args()
    if args.threads:
        import torch

        torch.set_num_threads(args.threads)
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        dataset = args.dataset or str(synth_dataset(tmp_path / "ds", args.dialogues))
        if not args.skip_policies:
            bench_policies(dataset, tmp_path / "runs")
        if not args.skip_hf:
            bench_hf(dataset, tmp_path / "runs", args.hf_examples, args.batch_size, args.max_new_tokens, args.task,
                     args.repeats)


if __name__ == "__main__":
    main()
