"""Benchmark the LLM plumbing against a local OpenAI-compatible server (issue 4: the ``openai`` renderer).

Starts ``transformers serve`` with SmolLM2-135M-Instruct (:class:`tooldial.local_server.LocalOpenAIServer`),
then prints:

1. server start-up seconds (process start until the model has answered one request);
2. raw chat throughput per ``--concurrency`` level: wall seconds, completion tokens/s, requests/s, and the
   most requests observed in flight;
3. with ``--render N``: the ``openai`` renderer on N scenarios planned from the embedded corpus — dialogues/s,
   kept / dropped, tokens/s, requests in flight — then the same render again from the cache (requests sent
   must be 0).

    nice -n 10 python scripts/bench_llm.py                                  # defaults: 8 requests, 32 tokens
    nice -n 10 python scripts/bench_llm.py --concurrency 1 4 --continuous-batching --render 4
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from tooldial.llm import ChatRequest, LLMClient
from tooldial.local_models import ensure_smollm2
from tooldial.local_server import LocalOpenAIServer

TOPICS = ("the sea", "a city at night", "coffee", "mountains", "a library", "rain", "trains", "autumn",
          "a market", "the moon", "bicycles", "a garden", "winter", "music", "a bridge", "the desert")


def chat_throughput(server: LocalOpenAIServer, concurrency: int, n: int, max_tokens: int, cache: Path,
                    timeout: float) -> None:
    client = LLMClient(server.base_url, server.model, cache_dir=cache, max_concurrency=concurrency, timeout=timeout)
    requests = [ChatRequest.from_prompt(f"Write a short paragraph about {TOPICS[i % len(TOPICS)]} ({concurrency}.{i}).",
                                        max_tokens=max_tokens) for i in range(n)]
    started = time.perf_counter()
    results = client.chat(requests)
    wall = time.perf_counter() - started
    tokens = sum(r.usage.completion_tokens for r in results)
    failed = sum(not r.ok for r in results)
    print(f"  concurrency {concurrency:>2}: {n} requests in {wall:6.1f} s | {tokens / wall:6.1f} completion tok/s | "
          f"{n / wall:5.2f} req/s | in flight (max) {client.stats.max_in_flight} | retries {client.stats.retries} | "
          f"failed {failed}", flush=True)
    client.close()


def plan_scenarios(n: int, seed: int) -> list:
    from tooldial.corpus import load_corpus
    from tooldial.dialogue.generate import GenerateConfig, generate_dialogues
    from tooldial.dialogue.render_template import TemplateRenderer

    caught: list = []

    class Capture(TemplateRenderer):
        def render(self, scenarios):  # type: ignore[override]
            caught.extend(scenarios)
            return super().render(scenarios)

    list(generate_dialogues(load_corpus("builtin"), None, GenerateConfig(n=n, seed=seed), renderer=Capture()))
    return caught


def render_throughput(server: LocalOpenAIServer, scenarios: list, concurrency: int, max_tokens: int,
                      cache: Path, timeout: float) -> None:
    from tooldial.dialogue.render_llm import LLMRenderer

    for label in ("cold", "cached"):
        client = LLMClient(server.base_url, server.model, cache_dir=cache, max_concurrency=concurrency,
                           timeout=timeout)
        renderer = LLMRenderer(client=client, max_attempts=1, max_tokens=max_tokens)
        started = time.perf_counter()
        results = renderer.render(scenarios)
        wall = time.perf_counter() - started
        kept = sum(r.ok for r in results)
        s = client.stats
        print(f"  render {label:>6}: {len(scenarios)} dialogues in {wall:6.1f} s ({len(scenarios) / wall:.3g}/s) | "
              f"kept {kept} dropped {len(results) - kept} | requests sent {s.requests} cached {s.cache_hits} | "
              f"retries {s.retries} | prompt tok {s.prompt_tokens} completion tok {s.completion_tokens} "
              f"({s.completion_tokens / wall:.3g}/s) | in flight (max) {s.max_in_flight}", flush=True)
        reasons = [r.error for r in results if not r.ok]
        if label == "cold" and reasons:
            print(f"    first drop reason: {reasons[0][:160]}")
        client.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 4])
    parser.add_argument("--requests", type=int, default=8)
    parser.add_argument("--max-tokens", type=int, default=32)
    parser.add_argument("--threads", type=int, default=1, help="torch threads in the server (default: 1)")
    parser.add_argument("--continuous-batching", action="store_true")
    parser.add_argument("--render", type=int, default=0, metavar="N", help="also render N planned scenarios")
    parser.add_argument("--render-max-tokens", type=int, default=256)
    parser.add_argument("--render-concurrency", type=int, default=1,
                        help="requests in flight while rendering (default: 1; without continuous batching the "
                        "server answers one at a time, and queued requests only risk their timeout)")
    parser.add_argument("--timeout", type=float, default=600.0, help="per-request timeout in seconds")
    args = parser.parse_args()

    model_dir = ensure_smollm2()
    with tempfile.TemporaryDirectory(prefix="bench-llm-") as tmp:
        cache = Path(tmp) / "llm"
        scenarios = plan_scenarios(args.render, seed=1) if args.render else []
        server = LocalOpenAIServer(model_dir, threads=args.threads, continuous_batching=args.continuous_batching)
        with server:
            print(f"server: transformers serve, SmolLM2-135M-Instruct, threads={args.threads}, "
                  f"continuous batching={args.continuous_batching}")
            print(f"  start-up: {server.startup_seconds:.1f} s (process start to first answer)")
            for concurrency in args.concurrency:
                chat_throughput(server, concurrency, args.requests, args.max_tokens, cache, args.timeout)
            if scenarios:
                render_throughput(server, scenarios, args.render_concurrency, args.render_max_tokens, cache,
                                  args.timeout)


if __name__ == "__main__":
    main()
