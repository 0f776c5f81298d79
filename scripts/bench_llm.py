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

``--sizes N`` (issue 26) sends N requests of each size one at a time, each with a fresh prompt (no prefix shared
with the previous one, so llama.cpp's prompt cache cannot help), and prints seconds per request with a 95%
interval, requests/s, prompt tokens/s (a 1-token answer to a ~900-token prompt) and generated tokens/s (a long
answer to a short prompt):

* ``judge``: ~900 prompt tokens (two API docs and an instruction), 8 answer tokens (edge judge, quality judge);
* ``render``: ~350 prompt tokens, up to 256 answer tokens (the ``openai`` renderer writing a dialogue);
* ``user``: ~150 prompt tokens, up to 48 answer tokens (the simulated user's next utterance).

    nice -n 10 python scripts/bench_llm.py --engine transformers --model smollm2-135m --sizes 5 --concurrency
    nice -n 10 python scripts/bench_llm.py --engine llama --model smollm2-135m --sizes 5 --concurrency
    nice -n 10 python scripts/bench_llm.py --base-url URL --served-model M --sizes 5 --concurrency  # running server
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


SIZES = {"judge": (900, 8), "render": (350, 256), "user": (150, 48)}


def _doc_text(chars: int, seed: int) -> str:
    """About ``chars`` characters of real API documentation from the embedded corpus (rotated by ``seed``)."""
    import json as _json

    from tooldial.corpus import load_corpus

    apis = list(load_corpus("builtin").apis)
    out: list[str] = []
    i = seed * 7
    while sum(len(t) for t in out) < chars:
        api = apis[i % len(apis)]
        out.append(_json.dumps(api.model_dump(mode="json", exclude_none=True), ensure_ascii=False)[:1500])
        i += 1
    return "\n".join(out)[:chars]


def _sized_prompt(kind: str, i: int) -> str:
    prompt_tokens, _ = SIZES[kind]
    head = f"Request {kind}-{i}-{time.time_ns()}."  # unique first line: no prompt prefix is reused
    docs = _doc_text(prompt_tokens * 3, seed=i)
    if kind == "judge":
        return f"{head}\nAPI documentation:\n{docs}\nCan the output of the first API fill an input of the second? Answer yes or no."
    if kind == "render":
        return f"{head}\nWrite a short dialogue (user and assistant, 6 turns) in which a user uses these APIs:\n{docs}"
    return f"{head}\nYou are a user talking to an assistant about these APIs:\n{docs}\nWrite your next short message."


def _mean_ci(values: list[float]) -> str:
    import statistics

    mean = statistics.fmean(values)
    if len(values) < 2:
        return f"{mean:.2f} s (n=1)"
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
    return f"{mean:.2f} s [{max(0.0, mean - half):.2f}, {mean + half:.2f}]"


def sized_requests(base_url: str, model: str, n: int, timeout: float, kinds: list[str] | None = None,
                   gen_tokens: int = 128) -> None:
    """The judge-, render- and user-sized requests, then prompt and generation speed (see the docstring)."""
    client = LLMClient(base_url, model, use_cache=False, max_concurrency=1, timeout=timeout)
    for kind, (_, max_tokens) in SIZES.items():
        if kinds is not None and kind not in kinds:
            continue
        walls, prompt_tok, completion_tok = [], 0, 0
        for i in range(n):
            request = ChatRequest.from_prompt(_sized_prompt(kind, i), max_tokens=max_tokens, temperature=0.0)
            started = time.perf_counter()
            (result,) = client.chat([request])
            walls.append(time.perf_counter() - started)
            if not result.ok:
                print(f"  {kind}: request failed: {result.error}")
                continue
            prompt_tok += result.usage.prompt_tokens
            completion_tok += result.usage.completion_tokens
        total = sum(walls)
        print(f"  {kind:>6}: n={n} | {_mean_ci(walls)} per request | {n / total:.3f} req/s | "
              f"prompt tok/request {prompt_tok / n:.0f} | answer tok/request {completion_tok / n:.0f}", flush=True)
    speeds: dict[str, list[float]] = {"prompt": [], "generation": []}
    for i in range(n):
        request = ChatRequest.from_prompt(_sized_prompt("judge", 100 + i), max_tokens=1)
        started = time.perf_counter()
        (result,) = client.chat([request])
        if result.ok:
            speeds["prompt"].append(result.usage.prompt_tokens / (time.perf_counter() - started))
        request = ChatRequest.from_prompt(f"Item {i}-{time.time_ns()}: count from 1 to 300, separated by commas.",
                                          max_tokens=gen_tokens)
        started = time.perf_counter()
        (result,) = client.chat([request])
        if result.ok:
            speeds["generation"].append(result.usage.completion_tokens / (time.perf_counter() - started))
    for label, values in speeds.items():
        if values:
            import statistics

            mean = statistics.fmean(values)
            half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else float("nan")
            print(f"  {label} tok/s: {mean:.1f} [{mean - half:.1f}, {mean + half:.1f}] (n={len(values)})", flush=True)
    client.close()


def _server(args: argparse.Namespace):  # noqa: ANN202 - a started server
    if args.engine == "llama":
        from tooldial.models.assemble import verified_path
        from tooldial.models.catalogue import load_catalogue
        from tooldial.models.llama_server import LlamaCppServer

        spec = load_catalogue().get(args.model)
        return LlamaCppServer(verified_path(spec), spec.name, threads=args.threads, ctx=args.ctx)
    if args.model != "smollm2-135m":
        raise SystemExit(f"the transformers path serves converted checkpoints; only smollm2-135m has one, not {args.model}")
    return LocalOpenAIServer(ensure_smollm2(), threads=args.threads, continuous_batching=args.continuous_batching)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--concurrency", type=int, nargs="*", default=[1, 4],
                        help="concurrency levels of the raw throughput part (none: skip it)")
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
    parser.add_argument("--engine", choices=("transformers", "llama"), default="transformers",
                        help="transformers serve (tooldial.local_server) or llama.cpp (tooldial serve)")
    parser.add_argument("--model", default="smollm2-135m", help="catalogue name (tooldial models list)")
    parser.add_argument("--ctx", type=int, default=4096, help="llama.cpp context size")
    parser.add_argument("--sizes", type=int, default=0, metavar="N",
                        help="N judge-, render- and user-sized requests each, then prompt/generation tok/s")
    parser.add_argument("--kinds", nargs="*", choices=list(SIZES), default=None,
                        help="request sizes to send (default: all; none: only the prompt/generation speed)")
    parser.add_argument("--gen-tokens", type=int, default=128, help="answer length of the generation-speed requests")
    parser.add_argument("--base-url", help="bench a running server instead of starting one")
    parser.add_argument("--served-model", help="the model name the running server expects (with --base-url)")
    args = parser.parse_args()

    if args.base_url:
        print(f"server: running at {args.base_url}, model {args.served_model}")
        sized_requests(args.base_url, args.served_model, args.sizes or 3, args.timeout, args.kinds, args.gen_tokens)
        return
    with tempfile.TemporaryDirectory(prefix="bench-llm-") as tmp:
        cache = Path(tmp) / "llm"
        scenarios = plan_scenarios(args.render, seed=1) if args.render else []
        server = _server(args)
        with server:
            print(f"server: {server.engine}, {args.model}, threads={args.threads}, "
                  f"continuous batching={args.continuous_batching and args.engine == 'transformers'}")
            print(f"  start-up: {server.startup_seconds:.1f} s (process start to first answer)")
            if args.sizes:
                sized_requests(server.base_url, server.model, args.sizes, args.timeout, args.kinds, args.gen_tokens)
            for concurrency in args.concurrency:
                chat_throughput(server, concurrency, args.requests, args.max_tokens, cache, args.timeout)
            if scenarios:
                render_throughput(server, scenarios, args.render_concurrency, args.render_max_tokens, cache,
                                  args.timeout)


if __name__ == "__main__":
    main()
