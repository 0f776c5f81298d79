"""The ``result`` role: an API result written by the model from the documentation, the request and the mock
world's result (the documented schema's shape, with the values the dialogue already uses), then checked.

The mock-world result is the template: it has the documented shape, and every value a later turn, a label or
the chain's next call uses. The model is shown the API, the request, the values the dialogue keeps and only the
*free* leaves (the others, at most :data:`MAX_FREE`, as one flat object ``{"items|0|name": "..."}``) and answers
that object with realistic values; the template keeps its shape and every needed value by construction, so a
small model writes a few dozen tokens instead of the whole JSON (the first held-out run, which asked for the whole
response, kept 0 of 89: 67 cut at max_tokens, 49 with other keys). An answer is kept only when
(:func:`fill_problems`) it is a JSON object (flat, or nested like the response) that answers some free leaf, changes
no value the dialogue keeps, changes no value's type, empties no text and changes something, and the whole dialogue
then raises no validator problem the template's dialogue did not (schema, world rules, chain, states: see
:func:`tooldial.dialogue.validate`). A free leaf the model leaves out keeps the template's value; a field the
response does not have is not read.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from tooldial.corpus.models import Corpus
from tooldial.dialogue.mockdata import as_text
from tooldial.dialogue.scenario import ScenarioInstruction
from tooldial.errors import LLMAnswerError
from tooldial.knowledge.loader import ordered_words
from tooldial.knowledge.loader import words as knowledge_words
from tooldial.llm import parse_json_answer

RESULT_PROMPT = """\
API {name}: {description}
Request: {request}
The response holds: {keep}
Fill in the other fields of the response: {free}
Answer with this JSON object only, same keys, realistic values for what was asked for."""

#: Words and patterns that make a value a placeholder rather than data (``knowledge/packs/placeholders.yaml``): a
#: model's value holding one is not kept, in a result written whole or leaf by leaf.
PLACEHOLDER = re.compile(r"(?<![\w-])(?:" + "|".join(sorted(map(re.escape, knowledge_words(
    "placeholders", "model_placeholders")), key=len, reverse=True)) + r")(?![\w-])|" + "|".join(
    ordered_words("placeholders", "model_placeholder_patterns")), re.IGNORECASE)

#: Free leaves sent per result (the rest keep the template's values): a bounded answer for a small model.
MAX_FREE = 12

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


def leaf_key(path: tuple[Any, ...]) -> str:
    """The key a leaf is shown under: its path without the ``response`` wrapper (``items|0|name``)."""
    return "|".join(str(p) for p in (path[1:] if path[:1] == ("response",) else path))


def free_leaves(template: Any, keep: dict[tuple[Any, ...], Any]) -> dict[tuple[Any, ...], Any]:
    """The template's leaves the model may rewrite: not needed by the dialogue, at most :data:`MAX_FREE`."""
    return dict([(p, v) for p, v in flat_leaves(template) if p not in keep][:MAX_FREE])


def result_prompt(corpus: Corpus, api_id: str, request: dict[str, Any], template: Any,
                  keep: dict[tuple[Any, ...], Any]) -> list[dict[str, str]]:
    """The one-message chat of a result request (short: a 1.5B model reads it on CPU): the free leaves only."""
    api = corpus.get(api_id)
    inputs = {**request.get("required_parameters", {}), **request.get("optional_parameters", {})}
    description = " ".join((api.description or api.name).split())[:300]
    if api.example_response not in (None, "", {}, []):
        example = json.dumps(api.example_response, ensure_ascii=False)
        description += f" Documented example: {example[:EXAMPLE_CHARS]}"
    text = RESULT_PROMPT.format(
        name=api.name, description=description, request=json.dumps(inputs, ensure_ascii=False),
        keep=json.dumps({leaf_key(p): v for p, v in keep.items()}, ensure_ascii=False),
        free=json.dumps({leaf_key(p): v for p, v in free_leaves(template, keep).items()}, ensure_ascii=False))
    return [{"role": "user", "content": text}]


def _set(node: Any, path: tuple[Any, ...], value: Any) -> Any:
    """A copy of ``node`` with the leaf at ``path`` replaced."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(node, dict):
        return {**node, head: _set(node[head], rest, value)}
    return [_set(v, rest, value) if i == head else v for i, v in enumerate(node)]


def fill_problems(template: Any, answer_text: str, keep: dict[tuple[Any, ...], Any]) -> tuple[Any, list[str]]:
    """(the template with the model's values, problems) of a model's answer to :func:`result_prompt`: a JSON object
    of the free leaves' keys (a key left out keeps the template's value; a kept value may be repeated unchanged, a
    changed one is a problem; a field the response does not have is not read, and an answer with none of the free
    keys is a problem; an answer written as the nested response is read leaf by leaf), no value of another type or
    emptied or made a placeholder (``xyz``, ``John Doe``, 12345), not the template unchanged."""
    free = free_leaves(template, keep)
    try:
        answer = parse_json_answer(answer_text, expect=dict)
    except LLMAnswerError:
        return None, ["not a JSON object"]
    if any(isinstance(v, dict | list) for v in answer.values()):  # written nested, as the response itself
        answer = {"|".join(map(str, p)): v for p, v in flat_leaves(answer)}
    by_key = {leaf_key(p): p for p in free}
    kept = {leaf_key(p): v for p, v in keep.items()}
    if not set(answer) & set(by_key):  # keys of its own only (the fields it invents are not read)
        return None, ["keys the response does not have"]
    if any(as_text(answer[k]) != as_text(v) for k, v in kept.items() if k in answer):
        return None, ["a value the dialogue uses changed"]
    result, problems = template, []
    for key, value in answer.items():
        if key not in by_key:  # a kept value repeated as it was, or a field the response does not have
            continue
        old = free[by_key[key]]
        if _kind(value) != _kind(old):
            problems.append("a value changed its type")
        elif isinstance(old, str) and old.strip() and not str(value).strip():
            problems.append("an empty text")
        elif as_text(value) != as_text(old) and PLACEHOLDER.search(as_text(value)):
            problems.append("a placeholder")
        result = _set(result, by_key[key], value)
    if not problems and result == template:
        problems.append("unchanged")
    return result, sorted(set(problems))
