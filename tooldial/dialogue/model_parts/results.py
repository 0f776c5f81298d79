"""The ``result`` role: an API result written by the model from the documentation, the request and the mock
world's result (the documented schema's shape, with the values the dialogue already uses), then checked.

The mock-world result is the template: it has the documented shape, and every value a later turn, a label or
the chain's next call uses. The model rewrites the other values for the entity that was asked for; the answer
is kept only when (:func:`result_problems`) it is JSON with exactly the template's keys, list lengths and leaf
types, every needed value unchanged at its place, and the whole dialogue then raises no validator problem the
template's dialogue did not (schema, world rules, chain, states: see :func:`tooldial.dialogue.validate`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from tooldial.corpus.models import Corpus
from tooldial.dialogue.mockdata import as_text
from tooldial.dialogue.scenario import ScenarioInstruction
from tooldial.errors import LLMAnswerError
from tooldial.llm import parse_json_answer

RESULT_PROMPT = """\
API {name}: {description}
Request: {request}
Response template: {template}
Write the real response of this API to this request as JSON: same keys, same number of list items, \
realistic values for what was asked for. Keep these values exactly: {keep}
Answer with the JSON only."""

#: Characters of the documented example response shown to the model (short prompts for small models).
EXAMPLE_CHARS = 300


def flat_leaves(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every scalar of a JSON value with its full path (list indices included)."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from flat_leaves(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from flat_leaves(value, (*path, i))
    else:
        yield path, node


def _kind(value: Any) -> str:
    if isinstance(value, bool) or value is None:
        return type(value).__name__
    return "number" if isinstance(value, int | float) else type(value).__name__


def _strings(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for k, v in node.items():
            yield str(k)
            yield from _strings(v)
    elif isinstance(node, list):
        for v in node:
            yield from _strings(v)
    elif node is not None:
        yield as_text(node)


def used_texts(scenario: ScenarioInstruction) -> set[str]:
    """Every text the scenario uses outside the API results: what a rewritten result must keep."""
    out: set[str] = set()
    for turn in scenario.turns:
        out.update(turn.required_values)
        for part in (turn.content, turn.dialogue_state, turn.api_request, turn.retriever_status):
            out.update(_strings(part))
        out.update(w for w in (turn.fixed_message or "").split())
    if scenario.user is not None:
        out.update(_strings(scenario.user.known))
    return {t for t in out if t}


def needed_leaves(result: Any, scenario: ScenarioInstruction) -> dict[tuple[Any, ...], Any]:
    """The template's leaves whose value the dialogue uses elsewhere, or that sit at an answer field."""
    used = used_texts(scenario)
    fields = {tuple(f.split("|")) for f in scenario.answer_fields}
    out = {}
    for path, value in flat_leaves(result):
        keys = tuple(p for p in path if isinstance(p, str) and p != "response")
        if (as_text(value) and as_text(value) in used) or keys in fields or value is None:
            out[path] = value
    return out


def result_prompt(corpus: Corpus, api_id: str, request: dict[str, Any], template: Any,
                  keep: dict[tuple[Any, ...], Any]) -> list[dict[str, str]]:
    """The one-message chat of a result request (short: a 1.5B model reads it on CPU)."""
    api = corpus.get(api_id)
    inputs = {**request.get("required_parameters", {}), **request.get("optional_parameters", {})}
    description = " ".join((api.description or api.name).split())[:300]
    if api.example_response not in (None, "", {}, []):
        example = json.dumps(api.example_response, ensure_ascii=False)
        description += f" Documented example: {example[:EXAMPLE_CHARS]}"
    keep_text = json.dumps({"|".join(map(str, p)): v for p, v in keep.items()}, ensure_ascii=False)
    text = RESULT_PROMPT.format(name=api.name, description=description,
                                request=json.dumps(inputs, ensure_ascii=False),
                                template=json.dumps(template, ensure_ascii=False), keep=keep_text)
    return [{"role": "user", "content": text}]


def shape_problems(template: Any, answer_text: str, keep: dict[tuple[Any, ...], Any]) -> tuple[Any, list[str]]:
    """(parsed answer, problems) of a model's result against the template: JSON, same leaf paths and types,
    needed values unchanged, no empty text where the template had text."""
    try:
        answer = parse_json_answer(answer_text, expect=type(template))
    except LLMAnswerError:
        return None, ["not JSON of the template's type"]
    mine = dict(flat_leaves(answer))
    theirs = dict(flat_leaves(template))
    if set(mine) != set(theirs):
        return answer, ["keys or list lengths differ from the template"]
    problems = []
    if any(_kind(mine[p]) != _kind(v) for p, v in theirs.items()):
        problems.append("a value changed its type")
    if any(as_text(mine[p]) != as_text(v) for p, v in keep.items()):
        problems.append("a value the dialogue uses changed")
    if any(isinstance(v, str) and v.strip() and not str(mine[p]).strip() for p, v in theirs.items()):
        problems.append("an empty text")
    if answer == template:
        problems.append("unchanged")
    return answer, problems
