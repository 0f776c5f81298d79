"""LLM edge judge (paper §3.1 "Edge Evaluation", prompt of Table 17).

The judge sees both APIs' documentation, the source attribute and the target input, decides in two steps
(are the attributes compatible; does the input fit the target API's intent) and, as in the paper, simulates
the call's response. It answers ``{"error": "", "response": ...}`` for a valid edge and
``{"error": "Invalid Edge Error", ...}`` otherwise.

Answers are parsed leniently (code fences, prose around the JSON, single quotes); an answer with no verdict in
it is *malformed*: counted and left out of the scores, never an exception.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import networkx as nx

from tooldial.corpus.models import Api, Corpus
from tooldial.corpus.schema import as_dict
from tooldial.graph.labels import BinaryMetrics, LabelledPair, PairKey, graph_pairs, pair_key

JUDGE_SYSTEM = (
    "Your task is to determine whether the source attribute in the response from the source API is compatible "
    "with the api input of the target API. Then, craft a JSON formatted response that aligns with the expected "
    "output of the API, guided by the provided examples. For your judgment, we will provide descriptions of tool "
    "description, API Documentation, source attribute and target attribute of both APIs.\n"
    "The judgment is a two step process. In the first step, determine whether the two attributes are compatible "
    "based on a deep understanding of the source attribute and target attribute. Determine whether the source "
    "attribute and target attribute are compatible through attribute descriptions. The second step is to "
    "determine whether the input of the target API is compatible with the intent of the target API. If both "
    "steps are considered compatible, follow the Output format for True to output the result. If not, follow the "
    "Output format for False to output the result. Your responses must adhere to a specific JSON structure, "
    "which is as follows:\n"
    'Output format for True:\n{"error": "", "response": "<Your_Response>"}\n'
    'Output format for False:\n{"error": "Invalid Edge Error", "response": "<Your_Response>"}\n'
    "The response field should contain the content you formulate based on the API's functionality and the input "
    "provided. Ensure that your responses are meaningful, directly addressing the API's intended functionality. "
    "If the provided examples are mostly error messages or lack substantial content, use your judgment to create "
    "relevant and accurate responses. The key is to maintain the JSON format's integrity while ensuring that "
    "your response is an accurate reflection of the API's intended output within the tool. Please note that "
    "your answer should not contain anything other than a json format object, which should be parsable directly "
    "to json.\n"
    "Note that:\n"
    "- Your response should be around 100 to 200 words, containing rich information given the api input "
    "parameters. Keep Your answer short and simple.\n"
    "- Your response must be effective and have practical content.\n"
    "- If the api response example is null or ineffective, ignore the example and give your independent response."
)


def api_document(api: Api, max_outputs: int = 40) -> dict[str, Any]:
    """The part of an API's documentation the judge needs, as a JSON-able dict."""
    return {
        "category_name": api.category,
        "tool_name": api.tool,
        "api_name": api.name,
        "tool_description": api.tool_description,
        "api_description": api.description,
        "required_parameters": [{"name": p.name, "type": p.type, "description": p.description}
                                for p in api.required_parameters],
        "optional_parameters": [{"name": p.name, "type": p.type, "description": p.description}
                                for p in api.optional_parameters],
        "output_components": [{"name": o.label, "description": o.description}
                              for o in api.output_components[:max_outputs]],
    }


def _example_text(value: Any, limit: int = 600) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[:limit] + "..."


def judge_messages(corpus: Corpus, source_api: str, source_output: str, target_api: str,
                   target_input: str) -> list[dict[str, str]]:
    """Table 17 as chat messages for one (output, input) pair."""
    src, dst = corpus.get(source_api), corpus.get(target_api)
    out = src.output(source_output)
    param = dst.parameter(target_input)
    source_attr = f"{out.label if out else source_output}: {out.description if out and out.description else ''}"
    target_attr = f"{target_input}: {param.description if param and param.description else ''}"
    example = "null" if src.example_response is None else _example_text(src.example_response)
    call = {"category": dst.category, "tool_name": dst.tool, "api_name": dst.name,
            "tool_input": json.dumps({target_input: f"<{out.arrow if out else source_output} of {src.name}>"}),
            "strip": "filter"}
    user = (
        "API Documentation:\n"
        f"{json.dumps(api_document(src), ensure_ascii=False)}\n"
        f"{json.dumps(api_document(dst), ensure_ascii=False)}\n"
        f"source attribute: {source_attr.strip()}\n"
        f"target attribute: {target_attr.strip()}\n"
        "API Examples:\n"
        f"Example input 1: {example}\n"
        "API Input:\n"
        f"{json.dumps(call, ensure_ascii=False)}"
    )
    return [{"role": "system", "content": JUDGE_SYSTEM}, {"role": "user", "content": user}]


@dataclass(frozen=True)
class Verdict:
    """``valid`` is ``None`` when the answer held no verdict (malformed)."""

    valid: bool | None
    reason: str = ""


def parse_verdict(text: str | None) -> Verdict:
    """Read the judge's answer. Never raises: an unreadable answer is ``Verdict(None, why)``."""
    from tooldial.errors import LLMAnswerError
    from tooldial.llm import parse_json_answer

    if text is None or not str(text).strip():
        return Verdict(None, "empty answer")
    try:
        data = parse_json_answer(str(text), expect=dict)
    except LLMAnswerError as exc:
        return Verdict(None, exc.problem)
    if "error" not in data:
        return Verdict(None, "no 'error' field in the JSON answer")
    error = data["error"]
    if error is None or error is False or (isinstance(error, str) and not error.strip()):
        return Verdict(True)
    if isinstance(error, str) and ("invalid" in error.lower() or "incompatible" in error.lower()):
        return Verdict(False, error.strip())
    return Verdict(None, f"unexpected 'error' value {error!r}")


@dataclass
class JudgeRun:
    """Verdicts for a batch of pairs, with what went wrong counted."""

    pairs: list[PairKey]
    verdicts: list[Verdict]
    request_errors: int = 0
    stats: dict[str, int] = field(default_factory=dict)

    @property
    def malformed(self) -> int:
        return sum(1 for v in self.verdicts if v.valid is None) - self.request_errors

    def judged(self) -> list[tuple[PairKey, bool]]:
        return [(p, v.valid) for p, v in zip(self.pairs, self.verdicts, strict=True) if v.valid is not None]


def judge_pairs(client: Any, corpus: Corpus, pairs: Sequence[PairKey], *, max_tokens: int = 400,
                progress: bool = False) -> JudgeRun:
    """Ask the judge about each pair (one batched, cached, concurrent ``LLMClient.chat`` call)."""
    from tooldial.llm import ChatRequest

    requests = [ChatRequest(messages=judge_messages(corpus, *p), temperature=0.0, max_tokens=max_tokens)
                for p in pairs]
    results = client.chat(requests, progress="edge judge" if progress else False) if requests else []
    verdicts, errors = [], 0
    for r in results:
        if r.error is not None:
            errors += 1
            verdicts.append(Verdict(None, f"request failed: {r.error}"))
        else:
            verdicts.append(parse_verdict(r.text))
    return JudgeRun(list(pairs), verdicts, request_errors=errors)


def sample_edges(graph: nx.MultiDiGraph, n: int, rng: random.Random) -> list[PairKey]:
    edges = sorted(graph_pairs(graph))
    return rng.sample(edges, min(n, len(edges)))


def sample_non_edges(graph: nx.MultiDiGraph, corpus: Corpus, n: int, rng: random.Random,
                     max_tries: int = 100) -> list[PairKey]:
    """Random (output component, required input) pairs of different APIs that the graph does not connect."""
    edges = graph_pairs(graph)
    outputs = [(a.id, o.key) for a in sorted(corpus.apis, key=lambda a: a.id) for o in a.output_components]
    inputs = [(a.id, p.name) for a in sorted(corpus.apis, key=lambda a: a.id) for p in a.required_parameters]
    picked: set[PairKey] = set()
    tries = 0
    while outputs and inputs and len(picked) < n and tries < n * max_tries:
        tries += 1
        (sa, so), (ta, ti) = rng.choice(outputs), rng.choice(inputs)
        key = pair_key(sa, so, ta, ti)
        if sa != ta and key not in edges:
            picked.add(key)
    return sorted(picked)


@dataclass
class EdgeEvaluation:
    """Judge-based precision on sampled edges and NPV on sampled non-edges (paper §3.1)."""

    edges: JudgeRun
    non_edges: JudgeRun

    @property
    def precision(self) -> float | None:
        judged = self.edges.judged()
        return sum(v for _, v in judged) / len(judged) if judged else None

    @property
    def npv(self) -> float | None:
        judged = self.non_edges.judged()
        return sum(not v for _, v in judged) / len(judged) if judged else None

    def summary(self) -> dict[str, Any]:
        return {
            "edges_sampled": len(self.edges.pairs), "edges_judged": len(self.edges.judged()),
            "precision": self.precision,
            "non_edges_sampled": len(self.non_edges.pairs), "non_edges_judged": len(self.non_edges.judged()),
            "npv": self.npv,
            "malformed_answers": self.edges.malformed + self.non_edges.malformed,
            "failed_requests": self.edges.request_errors + self.non_edges.request_errors,
        }


def evaluate_edges(graph: nx.MultiDiGraph, corpus: Corpus, client: Any, *, n_edges: int = 200,
                   n_non_edges: int = 200, seed: int = 0, max_tokens: int = 400,
                   progress: bool = False) -> EdgeEvaluation:
    """Judge ``n_edges`` sampled edges and ``n_non_edges`` sampled non-edges (same seed → same samples)."""
    rng = random.Random(seed)
    edges = sample_edges(graph, n_edges, rng)
    non_edges = sample_non_edges(graph, corpus, n_non_edges, rng)
    return EdgeEvaluation(judge_pairs(client, corpus, edges, max_tokens=max_tokens, progress=progress),
                          judge_pairs(client, corpus, non_edges, max_tokens=max_tokens, progress=progress))


def judge_on_labels(client: Any, corpus: Corpus, labels: Sequence[LabelledPair], *, max_tokens: int = 400,
                    progress: bool = False) -> tuple[BinaryMetrics, JudgeRun]:
    """The judge as a classifier of labelled pairs (malformed answers are left out and counted)."""
    usable = [p for p in labels if p.source_api in corpus and p.target_api in corpus]
    run = judge_pairs(client, corpus, [p.key for p in usable], max_tokens=max_tokens, progress=progress)
    got = [(v.valid, p.valid) for p, v in zip(usable, run.verdicts, strict=True) if v.valid is not None]
    return BinaryMetrics.from_predictions([g for g, _ in got], [a for _, a in got]), run


@dataclass
class JudgeFilterRun:
    """What ``filter_with_judge`` did: edges judged, kept, and those without a verdict."""

    judged: int
    kept: int
    unjudged: int
    malformed: int
    request_errors: int
    keep_unjudged: bool
    first_error: str = ""


JudgeScope = Literal["all", "cross-tool"]


def filter_with_judge(graph: nx.MultiDiGraph, corpus: Corpus, client: Any, *, max_tokens: int = 400,
                      keep_unjudged: bool = False, progress: bool = False,
                      scope: JudgeScope = "all") -> JudgeFilterRun:
    """Keep only the edges the judge calls valid (the paper's edge validation, §3.1), in place.

    One cached, concurrent ``LLMClient.chat`` batch: an interrupted build resumes from the cache. An edge whose
    answer holds no verdict (malformed, or the request failed) is dropped, or kept as the rules decided with
    ``keep_unjudged``; both are counted. If every request fails, the server is unusable: a
    :class:`~tooldial.errors.TooldialError` with the first failure, and nothing is written. ``scope``
    ``cross-tool`` sends only edges between two tools to the judge (where the rules are least sure: same-tool
    precision is far higher on the dev set) and keeps the others as the rules decided, marked ``judge: "not
    asked (same tool)"``."""
    from tooldial.errors import TooldialError

    everything = sorted(graph.edges(keys=True, data=True), key=lambda e: (e[0], e[1], e[2]))
    edges = [e for e in everything if scope == "all" or e[3].get("cross_tool", True)]
    for _, _, _, d in everything:
        if scope != "all" and not d.get("cross_tool", True):
            d["judge"] = "not asked (same tool)"
    pairs = [pair_key(u, d["source_output"], v, d["target_input"]) for u, v, _, d in edges]
    run = judge_pairs(client, corpus, pairs, max_tokens=max_tokens, progress=progress)
    if edges and run.request_errors == len(edges):
        first = next(v.reason for v in run.verdicts if v.valid is None)
        raise TooldialError(f"the edge judge failed on every request ({first})", field="--judge-base-url")
    kept = unjudged = 0
    for (u, v, k, d), verdict in zip(edges, run.verdicts, strict=True):
        if verdict.valid is None:
            unjudged += 1
            if keep_unjudged:
                d["judge"] = "no verdict"
                continue
        if verdict.valid:
            kept += 1
            d["judge"] = "valid"
            continue
        graph.remove_edge(u, v, key=k)
    if as_dict(graph.graph.get("filters")).get("drop_isolated"):
        graph.remove_nodes_from([n for n in list(graph.nodes) if graph.degree(n) == 0])
    first_error = next((v.reason for v in run.verdicts if v.valid is None), "")
    graph.graph["judge"] = {"model": getattr(client, "model", ""), "judged": len(edges) - unjudged,
                            "kept": kept, "unjudged": unjudged, "keep_unjudged": keep_unjudged, "scope": scope,
                            "not_asked": len(everything) - len(edges)}
    return JudgeFilterRun(judged=len(edges) - unjudged, kept=kept, unjudged=unjudged, malformed=run.malformed,
                          request_errors=run.request_errors, keep_unjudged=keep_unjudged, first_error=first_error)
