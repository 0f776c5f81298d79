"""The ``llm`` entity-text producer: the paper's prompts (A.1 descriptions, A.2 keywords) through any
OpenAI-compatible endpoint, plus a name prompt (the paper summarises each description into a 5–7-word name
but does not print that prompt).

Per API: one request for the required inputs' descriptions (Table 6), one for the output components'
(Table 7), one for the keywords (Table 8), then one for the short names of all its entities. Requests go
through :class:`tooldial.llm.LLMClient` — concurrent, retried, cached on disk keyed by (request, model) — so
a rerun costs nothing and an interrupted run resumes. Whatever an answer lacks (bad JSON, a missing
component) falls back to the offline text for that entity and is counted in ``EntityTexts.stats``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from tooldial.corpus.models import Api, Corpus
from tooldial.errors import ConfigError, LLMAnswerError
from tooldial.graph.entities import Entity, EntityTexts, KeywordRanker, OfflineEntityText

INPUT_SYSTEM = (
    "You are an intelligent annotator. Your mission is to write the description of input parameters more "
    "specifically, referring to the given information.\n"
    "Write as specifically as possible, referring to the given information. The new description should be based "
    "on the existing description but rewritten to better reflect the content of the API description and API "
    "endpoint description than before. Just return the input and its description, not individual words. "
    "For example:\n"
    "Category of the API: Data\n"
    "API Name: YouTube Media Downloader\nAPI Description: A scraper API for YouTube search and download. Get "
    "videos, subtitles, comments without age or region limits (proxy URL supported).\n"
    "API Endpoint Name: Get Channel Details\nAPI Endpoint Description: This endpoint fetches details of a "
    "YouTube channel.\n"
    "List of input parameters:\n"
    "Input parameter name: channelId Description: Channel ID, custom URL name, or handle. @ is required as a "
    "prefix for a channel handle.\n"
    "Input parameter name: lang Description: Language code (ISO-639) for localized results. Defaults to en-US.\n"
    "For this, you should return:\n"
    '[["channelId", "The unique identifier for the YouTube channel, which can be the channel\'s ID, a custom URL '
    "name, or a channel handle. When using a channel handle, ensure to prefix it with '@' (e.g., '@channelname')\"], "
    '["lang", "The language code (ISO-639) used to specify the language for the localized results. If not '
    "provided, the default is 'en-US'.\"]]\n"
    "Now, I'll give you another description. Follow the instructions, referring to the example."
)

OUTPUT_SYSTEM = (
    "You are an intelligent annotator. Your mission is to write the description of the output components of an "
    "API endpoint, referring to the given information below.\n"
    "Based on the given description, write the description of the output components of this API endpoint. "
    "Write as specifically as possible. Do not generate examples for each component. The description should "
    "reflect as closely as possible the description of the API and the API endpoint, so that even someone seeing "
    "this API endpoint for the first time can understand exactly what the output component means. (A component "
    "separated with \u2014 refers to the hierarchy of the schema. For example, avatar\u2014height refers to the "
    "height of the avatar.)\n"
    'Return a JSON list like [{"name": "avatar\u2014url", "description": "The URL of the channel\'s avatar '
    'image, which is the profile picture displayed on the channel\'s page"}]. Just return the result, not '
    "individual words."
)

KEYWORD_SYSTEM = (
    "Extract the keywords from the given paragraph. Prioritize proper nouns first and nouns second, selecting "
    "up to 4 words that best describe the paragraph. Return the keywords in CSV format. Remember, the maximum "
    "is 4 words. Paragraph:"
)

NAME_SYSTEM = (
    "Summarize each entity description below into a name of 5 to 7 words that says exactly what the entity is "
    "(replace generic names like 'id' with what they identify). Return a JSON list of [original name, short "
    "name] pairs and nothing else."
)


def api_context(api: Api) -> str:
    return (f"Category of the API: {api.category}\nAPI Name: {api.tool}\nAPI Description: {api.tool_description}\n"
            f"API Endpoint Name: {api.name}\nAPI Endpoint Description: {api.description}")


def _pairs(answer: Any) -> dict[str, str]:
    """``[[name, text], ...]``, ``[{"name":, "description":}, ...]`` or ``{name: text}`` → dict."""
    out: dict[str, str] = {}
    if isinstance(answer, dict):
        items: list[Any] = [[k, v] for k, v in answer.items()]
    elif isinstance(answer, list):
        items = answer
    else:
        return out
    for item in items:
        if isinstance(item, dict):
            name = item.get("name")
            text = item.get("description") or item.get("short_name") or item.get("name_summary")
        elif isinstance(item, list | tuple) and len(item) >= 2:
            name, text = item[0], item[1]
        else:
            continue
        if isinstance(name, str) and isinstance(text, str) and text.strip():
            out[name.strip()] = " ".join(text.split())
    return out


def parse_pairs(text: str) -> dict[str, str]:
    """Entity → text mapping from an A.1 / name answer; raises :class:`LLMAnswerError` if there is none."""
    from tooldial.llm import parse_json_answer

    found = _pairs(parse_json_answer(text, expect=(list, dict)))
    if not found:
        raise LLMAnswerError("no (name, description) pairs in the answer", field="answer")
    return found


def parse_keywords(text: str, limit: int = 4) -> tuple[str, ...]:
    """A.2 answer (CSV, possibly with a header, quotes or a list) → up to ``limit`` keywords."""
    body = text.strip().strip("`")
    body = re.sub(r"^(csv|keywords?)\s*[:\n]", "", body, flags=re.IGNORECASE).strip()
    words = [w.strip().strip("\"'[]().").strip() for w in re.split(r"[,\n;]", body)]
    words = [w.lower() for w in words if w and len(w) <= 40 and w.lower() not in {"keywords", "keyword", "csv"}]
    seen = list(dict.fromkeys(words))
    if not seen:
        raise LLMAnswerError("no keywords in the answer", field="answer")
    return tuple(seen[:limit])


class LLMEntityText:
    """Entity text from an LLM (see the module docstring)."""

    name = "llm"

    def __init__(self, base_url: str | None = None, model: str | None = None, *, client: Any = None,
                 cache_dir: str | Path | None = None, concurrency: int = 8, max_tokens: int = 1024,
                 timeout: float = 600.0, max_retries: int = 5) -> None:
        if client is None:
            if not base_url or not model:
                raise ConfigError("the llm entity text needs --base-url and --llm-model", field="entity_text")
            from tooldial.llm import LLMClient

            client = LLMClient(base_url, model, cache_dir=Path(cache_dir) / "llm" if cache_dir else None,
                               max_concurrency=concurrency, timeout=timeout, max_retries=max_retries)
        self.client = client
        self.max_tokens = max_tokens
        self.offline = OfflineEntityText()

    def _ask(self, system: str, user: str) -> Any:
        from tooldial.llm import ChatRequest

        return ChatRequest(messages=[{"role": "system", "content": system}, {"role": "user", "content": user}],
                           temperature=0.0, max_tokens=self.max_tokens)

    def produce(self, corpus: Corpus, *, progress: bool = False) -> EntityTexts:
        apis = corpus.apis
        stats = {k: 0 for k in ("requests", "failed_requests", "malformed_answers", "fallback_inputs",
                                "fallback_outputs", "fallback_keywords", "fallback_names")}
        # round 1: descriptions and keywords
        keys, requests = self._description_requests(apis)
        answers = self._answers(requests, keys, _parse_round_one, stats, "entity text (llm)" if progress else False)
        drafts = self._drafts(apis, answers, stats)
        # round 2: short names from the new descriptions
        order, requests = [], []
        for i, outs, ins in drafts:
            if outs or ins:
                listing = "\n".join(f"{e.key}: {e.description}" for e in (*ins, *outs))
                requests.append(self._ask(NAME_SYSTEM, f"{api_context(apis[i])}\n{listing}"))
                order.append(i)
        names = self._answers(requests, order, lambda _, text: parse_pairs(text), stats,
                              "entity names (llm)" if progress else False)
        return _named(drafts, names, stats)

    def _description_requests(self, apis: list[Api]) -> tuple[list[tuple[int, str]], list[Any]]:
        """Round 1's requests and their keys ``(api index, "inputs" | "outputs" | "keywords")``."""
        keys: list[tuple[int, str]] = []
        requests = []
        for i, api in enumerate(apis):
            ctx = api_context(api)
            if api.required_parameters:
                params = "\n".join(f"Input parameter name: {p.name} Description: {p.description}"
                                   for p in api.required_parameters)
                keys.append((i, "inputs"))
                requests.append(self._ask(INPUT_SYSTEM, f"{ctx}\nList of input parameters:\n{params}"))
            if api.output_components:
                comps = json.dumps([{"name": o.label} for o in api.output_components], ensure_ascii=False)
                keys.append((i, "outputs"))
                requests.append(self._ask(OUTPUT_SYSTEM, f"{ctx}\nOutput components: {comps}"))
            paragraph = " ".join(x for x in (api.tool, api.tool_description, api.name, api.description) if x)
            keys.append((i, "keywords"))
            requests.append(self._ask(KEYWORD_SYSTEM, paragraph))
        return keys, requests

    def _answers(self, requests: list[Any], keys: list[Any], parse: Callable[[Any, str], Any],
                 stats: dict[str, int], progress: str | bool) -> dict[Any, Any]:
        """Key → parsed answer for each request answered well; failed and malformed ones counted in ``stats``."""
        results = self.client.chat(requests, progress=progress)
        stats["requests"] += len(requests)
        parsed: dict[Any, Any] = {}
        for key, result in zip(keys, results, strict=True):
            if result.error is not None:
                stats["failed_requests"] += 1
                continue
            try:
                parsed[key] = parse(key, result.text)
            except LLMAnswerError:
                stats["malformed_answers"] += 1
        return parsed

    def _drafts(self, apis: list[Api], answers: dict[tuple[int, str], Any],
                stats: dict[str, int]) -> list[tuple[int, list[Entity], list[Entity]]]:
        """Per API, its offline output and input entities with round 1's descriptions and keywords put in."""
        ranker = KeywordRanker(apis)
        drafts: list[tuple[int, list[Entity], list[Entity]]] = []
        for i, api in enumerate(apis):
            kws = answers.get((i, "keywords"))
            if kws is None:
                stats["fallback_keywords"] += 1
                kws = ranker.keywords(api)
            off_out, off_in = self.offline.api_entities(api, kws)
            got_in, got_out = answers.get((i, "inputs"), {}), answers.get((i, "outputs"), {})
            ins = []
            for e in off_in:
                text = got_in.get(e.key)
                stats["fallback_inputs"] += text is None
                ins.append(replace(e, description=text or e.description, keywords=kws))
            outs = []
            for e, comp in zip(off_out, api.output_components, strict=True):
                text = got_out.get(comp.label) or got_out.get(comp.key) or got_out.get(comp.arrow)
                stats["fallback_outputs"] += text is None
                outs.append(replace(e, description=text or e.description, keywords=kws))
            drafts.append((i, outs, ins))
        return drafts


def _parse_round_one(key: tuple[int, str], text: str) -> Any:
    return parse_keywords(text) if key[1] == "keywords" else parse_pairs(text)


def _named(drafts: list[tuple[int, list[Entity], list[Entity]]], names: dict[int, dict[str, str]],
           stats: dict[str, int]) -> EntityTexts:
    """The drafts with round 2's short names (the offline name where none came back)."""
    outputs: list[Entity] = []
    inputs: list[Entity] = []
    for i, outs, ins in drafts:
        got = names.get(i, {})
        for side, target in ((outs, outputs), (ins, inputs)):
            for e in side:
                short = got.get(e.key)
                if short is None:
                    stats["fallback_names"] += 1
                    short = e.name
                target.append(replace(e, name=short))
    return EntityTexts(outputs, inputs, stats)
