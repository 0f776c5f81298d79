"""Measure LLM roles against one OpenAI-compatible server (issue 26: the role table of README).

Each role runs on a small random sample the code was not tuned on, through the LLM cache ($TOOLDIAL_CACHE/llm
unless --cache-dir), so a rerun is free and an interrupted one resumes. Printed per role: n, the share of usable
answers with a 95% Wilson interval, seconds per model call (wall / requests sent; 0 requests: all cached), and
the role's own scores. The simulated user and the quality judge are measured with their CLIs (README commands).

    python scripts/measure_roles.py --base-url URL --model M entity --corpus ../shared/data/realtools --n 4
    python scripts/measure_roles.py --base-url URL --model M judge --corpus /tmp/v11.jsonl --n 20 --prompt short
    python scripts/measure_roles.py --base-url URL --model M judge --corpus /tmp/v11.jsonl --per-class 5
    python scripts/measure_roles.py --base-url URL --model M render --mode turn --n 2
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

from tooldial.evaluation.metrics import wilson_interval
from tooldial.llm import LLMClient

#: The short judge prompt: the paper's question (Table 17's two steps) without the simulated response, so the
#: answer is a dozen tokens instead of 100-200 words. Parsed by the same `parse_verdict` as the paper's.
SHORT_JUDGE_SYSTEM = (
    "Decide whether the source attribute (an output of the source API) can be passed as the target attribute "
    "(an input of the target API): both must mean the same kind of value, and using it must fit what the target "
    "API does. Answer with only one JSON object: {\"error\": \"\"} if it can, {\"error\": \"Invalid Edge "
    "Error\"} if it cannot."
)


def _share(ok: int, n: int) -> str:
    if not n:
        return "n=0"
    low, high = wilson_interval(ok, n)
    return f"{ok}/{n} = {ok / n:.2f} [{low:.2f}, {high:.2f}]"


def _timing(client: LLMClient, wall: float) -> str:
    sent = client.stats.requests
    per = f"{wall / sent:.1f} s/call" if sent else "all cached"
    return (f"{per} ({sent} sent, {client.stats.cache_hits} cached, wall {wall:.0f} s, prompt tok "
            f"{client.stats.prompt_tokens}, completion tok {client.stats.completion_tokens})")


def run_entity(args: argparse.Namespace, client: LLMClient) -> None:
    from tooldial.corpus import load_corpus
    from tooldial.corpus.models import Corpus
    from tooldial.graph.llm_entities import LLMEntityText

    corpus = load_corpus(args.corpus)
    apis = sorted(corpus.apis, key=lambda a: a.id)
    picked = {a.id for a in random.Random(args.seed).sample(apis, min(args.n, len(apis)))}
    tools = [t.model_copy(update={"apis": [a for a in t.apis if a.id in picked]}) for t in corpus.tools
             if any(a.id in picked for a in t.apis)]
    sub = Corpus(spec=f"{args.corpus} (sample)", tools=tools)
    started = time.perf_counter()
    texts = LLMEntityText(client=client).produce(sub, progress=True)
    wall = time.perf_counter() - started
    st = texts.stats
    answered = st["requests"] - st["failed_requests"] - st["malformed_answers"]
    print(f"entity text: {len(picked)} APIs from {args.corpus} (seed {args.seed}) | usable answers "
          f"{_share(answered, st['requests'])} | inputs from the model "
          f"{_share(len(texts.inputs) - st['fallback_inputs'], len(texts.inputs))} | outputs from the model "
          f"{_share(len(texts.outputs) - st['fallback_outputs'], len(texts.outputs))} | stats {st}")
    print(f"  {_timing(client, wall)}")
    for entity in (texts.inputs[: args.show] + texts.outputs[: args.show]):
        print(f"  e.g. {entity}")


def run_judge(args: argparse.Namespace, client: LLMClient) -> None:
    from tooldial.corpus import load_corpus
    from tooldial.graph.judge import judge_messages, parse_verdict
    from tooldial.graph.labels import BinaryMetrics, read_labels
    from tooldial.llm import ChatRequest

    corpus = load_corpus(args.corpus)
    labels = [p for p in read_labels(args.labels, split=args.split)
              if p.source_api in corpus and p.target_api in corpus]
    rng = random.Random(args.seed)
    if args.per_class:
        # as many valid as invalid pairs: the split holds few valid ones (4 of a random 50), so a plain draw of a
        # few dozen pairs says nothing about recall
        pools = [[q for q in labels if q.valid is want] for want in (True, False)]
        picked = [p for pool in pools for p in rng.sample(pool, min(args.per_class, len(pool)))]
    else:
        picked = rng.sample(labels, min(args.n, len(labels)))
    requests = []
    for p in picked:
        messages = judge_messages(corpus, *p.key)
        if args.prompt == "short":
            messages = [{"role": "system", "content": SHORT_JUDGE_SYSTEM}, messages[1]]
        requests.append(ChatRequest(messages=messages, temperature=0.0, max_tokens=args.max_tokens))
    started = time.perf_counter()
    results = client.chat(requests, progress="edge judge")
    wall = time.perf_counter() - started
    verdicts = [parse_verdict(r.text) if r.ok else None for r in results]
    got = [(v.valid, p.valid) for p, v in zip(picked, verdicts, strict=True) if v is not None and v.valid is not None]
    metrics = BinaryMetrics.from_predictions([g for g, _ in got], [a for _, a in got])
    print(f"edge judge ({args.prompt} prompt, max_tokens {args.max_tokens}): {len(picked)} pairs of {args.labels} "
          f"split {args.split} (seed {args.seed}; {sum(p.valid for p in picked)} valid) | usable "
          f"{_share(len(got), len(picked))}")
    print(f"  {json.dumps(metrics.scores(with_intervals=True), default=str)}")
    print(f"  {_timing(client, wall)}")
    bad = [v.reason for v in verdicts if v is not None and v.valid is None][:2]
    if bad:
        print(f"  malformed e.g.: {bad}")


def run_render(args: argparse.Namespace, client: LLMClient) -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from bench_llm import plan_scenarios

    from tooldial.dialogue.render_llm import LLMRenderer

    scenarios = plan_scenarios(args.n, seed=args.seed)
    renderer = LLMRenderer(client=client, mode=args.mode, max_attempts=1, max_tokens=args.max_tokens)
    started = time.perf_counter()
    results = renderer.render(scenarios)
    wall = time.perf_counter() - started
    kept = sum(r.messages is not None for r in results)
    by: dict[str, int] = {}
    for r in results:
        for who in r.rendered_by or []:
            by[who] = by.get(who, 0) + 1
    model_turns = by.get(renderer.name, 0)
    print(f"renderer mode {args.mode}: {len(scenarios)} scenarios (seed {args.seed}) | dialogues kept "
          f"{_share(kept, len(scenarios))} | turns written by the model "
          f"{_share(model_turns, model_turns + by.get('template', 0))} (fixed turns {by.get('fixed', 0)})")
    print(f"  {_timing(client, wall)}")
    reasons = [r.error for r in results if r.error][:2]
    if reasons:
        print(f"  first drop reasons: {[str(x)[:200] for x in reasons]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--model", required=True)
    parser.add_argument("--cache-dir", type=Path, default=None)
    parser.add_argument("--timeout", type=float, default=900.0)
    parser.add_argument("--concurrency", type=int, default=1)
    sub = parser.add_subparsers(dest="role", required=True)
    e = sub.add_parser("entity")
    e.add_argument("--corpus", default="../shared/data/realtools")
    e.add_argument("--n", type=int, default=4)
    e.add_argument("--seed", type=int, default=26)
    e.add_argument("--show", type=int, default=0)
    j = sub.add_parser("judge")
    j.add_argument("--corpus", required=True, help="corpus holding the labelled pairs' APIs")
    j.add_argument("--labels", type=Path, default=Path("tooldial/data/graph_dev/pairs.jsonl"))
    j.add_argument("--split", default="heldout")
    j.add_argument("--n", type=int, default=20)
    j.add_argument("--seed", type=int, default=26)
    j.add_argument("--prompt", choices=("paper", "short"), default="paper")
    j.add_argument("--per-class", type=int, default=0, metavar="K",
                   help="draw K valid and K invalid pairs instead of --n at random (recall needs valid pairs)")
    j.add_argument("--max-tokens", type=int, default=None)
    r = sub.add_parser("render")
    r.add_argument("--mode", choices=("turn", "dialogue", "paraphrase", "sentence"), default="turn")
    r.add_argument("--n", type=int, default=2)
    r.add_argument("--seed", type=int, default=26)
    r.add_argument("--max-tokens", type=int, default=96)
    args = parser.parse_args()
    if args.role == "judge" and args.max_tokens is None:
        args.max_tokens = 400 if args.prompt == "paper" else 24
    with LLMClient(args.base_url, args.model, cache_dir=args.cache_dir, max_concurrency=args.concurrency,
                   timeout=args.timeout) as client:
        {"entity": run_entity, "judge": run_judge, "render": run_render}[args.role](args, client)


if __name__ == "__main__":
    main()
