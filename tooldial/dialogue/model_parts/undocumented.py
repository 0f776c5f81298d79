"""The ``result`` role for a lookup whose documentation shows no response: the model writes the response.

Without a documented output the mock world can only say how the call went (``{"status": "success"}``), and the
final answer reports "the status is success": the largest realism problem of the held-out review (issue 28:
answers in 50 of 60 dialogues; 28 of 57 responses of a fresh 60-dialogue ToolBench build). With the ``result``
role on, the model is shown the API's name, tool, description, the request and the dialogue's earlier calls (the
name lookup that found the id asked about: which thing to describe), and writes the JSON object the API returns.
The answer is kept only when (:func:`written_problems`) it is a small JSON object (at most
:data:`MAX_LEAVES` values, lists of at most :data:`MAX_ITEMS`, :data:`MAX_DEPTH` levels) with identifier keys,
reports something beyond how the call went, has no empty, placeholder or over-long value, and any field named like
an input echoes the request's value, a top-level field named like an earlier call's input or output agrees
with it, and it does not repeat an earlier call's response (:func:`repeats_earlier`: the 1.5B model, shown the IP
lookup before a hexagon or ATM search, answered with the IP lookup's fields; a retry then asks without the earlier
results); then the final response is rebuilt from it (answer fields, facts, the
values the message must say) and the whole dialogue must raise no validator problem the template's did not.
Values the template's result held besides its status (an id a chain used) are kept as they were.
"""

from __future__ import annotations

import json
import re
from typing import Any

from tooldial.corpus.models import Api, Corpus
from tooldial.dialogue.chains.effects import made_for_its_output
from tooldial.dialogue.mockdata import STATUS_KEYS, about_the_call, as_text, documented_output
from tooldial.dialogue.mockdata.hollow import undocumented_components
from tooldial.dialogue.model_parts.results import PLACEHOLDER as _PLACEHOLDER
from tooldial.dialogue.model_parts.results import flat_leaves
from tooldial.dialogue.scenario import ScenarioInstruction
from tooldial.dialogue.scenario_writer import response_parts
from tooldial.errors import LLMAnswerError
from tooldial.llm import parse_json_answer

RESPONSE_PROMPT = """\
API {name} of {tool}: {description}
{earlier}Request: {request}
Write the JSON object this API returns for this request{same}: a few fields with short keys and realistic, \
specific values (no placeholders; at most 3 items in a list). Answer with the JSON only."""

#: Characters of an earlier call's result shown (what the conversation is about: the rider a name lookup found).
EARLIER_CHARS = 240

#: Bounds of a written response: a small model's answer that a reader can check (and the prompt's budget).
MAX_LEAVES, MAX_ITEMS, MAX_DEPTH, MAX_TEXT = 16, 5, 4, 200

#: Characters of one request value shown in the prompt (a file sent as base64 must not fill the context).
SHOWN_VALUE = 200

#: Tokens a written response may take (a few fields; a longer answer is cut and rejected).
RESPONSE_TOKENS = 200

_KEY = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,39}")


def wants_written_response(api: Api, result: Any) -> bool:
    """Whether a call's result is one the model should write whole: a lookup (no side effects; or a call made for
    what it returns, :func:`~tooldial.dialogue.chains.effects.made_for_its_output`) whose documentation shows no
    response, answered by the template with how the call went and implied ids only."""
    if not made_for_its_output(api) or documented_output(api):
        return False
    body = result.get("response", result) if isinstance(result, dict) else result
    drawn = drawn_keys(api)  # the records the template drew by the name's noun are the model's to write
    return isinstance(body, dict) and all(
        not isinstance(v, dict | list) or k in drawn for k, v in body.items())


def drawn_keys(api: Api) -> frozenset[str]:
    """The top-level keys of the template's result that the mock world drew only because the documentation shows no
    response (the typical records of the record the name names: :func:`~tooldial.dialogue.mockdata.hollow.
    undocumented_components`): a model-written response replaces them, where it keeps an implied id."""
    return frozenset(str(c.path[0]) for c in undocumented_components(api))


def _inputs(request: dict[str, Any]) -> dict[str, Any]:
    return {**request.get("required_parameters", {}), **request.get("optional_parameters", {})}


def _shown(request: dict[str, Any]) -> str:
    """A request's inputs as the prompt shows them: each value at most :data:`SHOWN_VALUE` characters."""
    return json.dumps({k: v if len(as_text(v)) <= SHOWN_VALUE else as_text(v)[:SHOWN_VALUE] + " (cut)"
                       for k, v in _inputs(request).items()}, ensure_ascii=False)


def _placeholder(key: Any, value: Any) -> bool:
    return bool(isinstance(key, str) and _PLACEHOLDER.search(key)) or (
        not isinstance(value, dict | list) and value is not None and bool(_PLACEHOLDER.search(as_text(value))))


def without_placeholders(node: Any) -> tuple[Any, int]:
    """(``node`` without the fields and list items that hold a placeholder, how many were dropped): the repair of
    a written response whose other fields are data (a team with an ``example.com`` logo keeps its players)."""
    if isinstance(node, dict):
        out, dropped = {}, 0
        for key, value in node.items():
            if _placeholder(key, value):
                dropped += 1
                continue
            kept, n = without_placeholders(value)
            dropped += n
            if kept not in ({}, []) or value in ({}, []):
                out[key] = kept
            else:
                dropped += 1
        return out, dropped
    if isinstance(node, list):
        items, dropped = [], 0
        for value in node:
            if _placeholder(None, value):
                dropped += 1
                continue
            kept, n = without_placeholders(value)
            dropped += n
            if kept not in ({}, []):
                items.append(kept)
        return items, dropped
    return node, 0


def earlier_calls(scenario: ScenarioInstruction, k: int) -> list[tuple[dict[str, Any], Any]]:
    """(request, result) of the calls before turn ``k`` (the source of a chain): what the dialogue is about."""
    return [(t.api_request, t.api_response.get("result")) for t in scenario.turns[:k]
            if t.action == "call" and t.api_request.get("api_name") != scenario.turns[k].api_request.get("api_name")]


def response_prompt(corpus: Corpus, api_id: str, request: dict[str, Any],
                    earlier: list[tuple[dict[str, Any], Any]] = (), *,
                    earlier_results: bool = True) -> list[dict[str, str]]:
    """The one-message chat asking for the response of an undocumented lookup (short: a 1.5B model on CPU); the
    earlier calls of the dialogue (a name lookup that found the id asked about) say which thing it describes.
    ``earlier_results=False`` shows the earlier calls' requests only (the retry of an answer that repeated one)."""
    api = corpus.get(api_id)
    description = " ".join((api.description or api.name).split())[:300]
    lines = []
    for req, result in earlier:
        name = str(req.get("api_name", "")).rsplit("|", 1)[-1]
        if not earlier_results:
            lines.append(f"Earlier, {name} was called with {_shown(req)}\n")
            continue
        body = result.get("response", result) if isinstance(result, dict) else result
        shown = json.dumps(body, ensure_ascii=False)
        shown = shown if len(shown) <= EARLIER_CHARS else shown[:EARLIER_CHARS] + " ..."
        lines.append(f"Earlier, {name} with {_shown(req)} returned {shown}\n")
    text = RESPONSE_PROMPT.format(name=api.name, tool=api.tool, description=description, earlier="".join(lines),
                                  request=_shown(request),
                                  same=", about the same thing as the earlier call" if lines else "")
    return [{"role": "user", "content": text}]


def _norm(key: str) -> str:
    return re.sub(r"[^a-z0-9]", "", key.lower())


#: Problem of a written response that repeats an earlier call's (the writer's retry leaves the earlier results out).
REPEATS_EARLIER = "repeats an earlier call's response"


def _leaf_names(node: Any) -> set[str]:
    """The normalised names of a response's leaves (a list item's leaf by its record's key), without how the call
    or the page went."""
    keys = {next((p for p in reversed(path) if isinstance(p, str)), "") for path, _ in flat_leaves(node)}
    return {_norm(k) for k in keys if not about_the_call(k)} - {""}


def repeats_earlier(answer: Any, request: dict[str, Any], earlier: list[tuple[dict[str, Any], Any]]) -> bool:
    """More than half of the written response's fields (those not named like the request's inputs, which echo
    it) are fields of one earlier call's response: the answer repeats what an earlier API returned (an IP
    lookup's city and zip code as a hexagon search's answer) instead of saying what this API returns."""
    own = _leaf_names(answer) - {_norm(k) for k in _inputs(request)}
    for req, result in earlier:
        if req.get("api_name") == request.get("api_name"):
            continue
        body = result.get("response", result) if isinstance(result, dict) else result
        if own and len(own & _leaf_names(body)) * 2 > len(own):
            return True
    return False


def _shape_problems(node: Any, depth: int = 1) -> list[str]:
    """Keys and nesting: ``depth`` counts the objects and lists around ``node`` (a list of records is 3 deep)."""
    if isinstance(node, dict | list) and depth > MAX_DEPTH:
        return ["nested too deep"]
    out: list[str] = []
    if isinstance(node, dict):
        if not node:
            out.append("an empty object")
        for key, value in node.items():
            if not _KEY.fullmatch(str(key)):
                out.append("a key that is not an identifier")
            out += _shape_problems(value, depth + 1)
    elif isinstance(node, list):
        if not node or len(node) > MAX_ITEMS:
            out.append(f"a list of 0 or more than {MAX_ITEMS} items")
        for value in node:
            out += _shape_problems(value, depth + 1)
    return out


def written_problems(answer_text: str, request: dict[str, Any], template: Any,
                     earlier: list[tuple[dict[str, Any], Any]] = (), drawn: frozenset[str] = frozenset()
                     ) -> tuple[Any, list[str], int]:
    """(the result ``{"response": …}`` built from the model's answer, problems, placeholder fields dropped) for
    :func:`response_prompt`.

    The template's leaves other than how the call went (an implied id a chain uses) are kept as they were; a
    model field of the same name does not replace them. ``drawn`` names the template's keys drawn for want of a
    documented response (:func:`drawn_keys`): those are not kept."""
    try:
        answer = parse_json_answer(answer_text, expect=dict)
    except LLMAnswerError:
        return None, ["not a JSON object"], 0
    if set(answer) == {"response"} and isinstance(answer["response"], dict):
        answer = answer["response"]
    answer, dropped = without_placeholders(answer)  # repaired: the fields that hold data stay
    if not answer:
        return None, ["a placeholder"] if dropped else ["an empty object"], dropped
    problems = sorted(set(_shape_problems(answer)))
    leaves = list(flat_leaves(answer))
    if len(leaves) > MAX_LEAVES:
        problems.append(f"more than {MAX_LEAVES} values")
    keys = [str(p) for path, _ in leaves for p in path if isinstance(p, str)]
    if all(about_the_call(k) for k in keys):
        problems.append("reports only how the call went")
    texts = [as_text(v) for _, v in leaves if v is not None and not isinstance(v, bool)]
    if any(not t.strip() for t in texts) or any(v is None for _, v in leaves):
        problems.append("an empty value")
    if any(len(t) > MAX_TEXT for t in texts):
        problems.append(f"a value over {MAX_TEXT} characters")
    inputs = {_norm(k): as_text(v) for k, v in _inputs(request).items()}
    said = {}  # what the earlier calls sent or returned at top level, by normalised name
    for req, result in earlier:
        body = result.get("response", result) if isinstance(result, dict) else {}
        for name, value in {**_inputs(req), **(body if isinstance(body, dict) else {})}.items():
            if not isinstance(value, dict | list) and as_text(value).strip():
                said.setdefault(_norm(str(name)), as_text(value))
    top = {_norm(str(k)): as_text(v).casefold() for k, v in answer.items() if not isinstance(v, dict | list)}
    if any(k in inputs and inputs[k] and v != inputs[k].casefold() for k, v in top.items()):
        problems.append("a field named like an input differs from it")
    if any(k in said and k not in inputs and v != said[k].casefold() for k, v in top.items()):
        problems.append("a field disagrees with an earlier call")
    values = {v.casefold() for v in inputs.values() if v}
    if any(str(k).casefold() in values for k in keys):
        problems.append("a key that is a request's value")
    if repeats_earlier(answer, request, earlier):
        problems.append(REPEATS_EARLIER)
    if problems:
        return None, sorted(set(problems)), dropped
    body = template.get("response", template) if isinstance(template, dict) else {}
    kept = {k: v for k, v in body.items() if str(k).lower() not in STATUS_KEYS and k not in drawn}
    return {"response": {**answer, **kept}}, [], dropped


def with_response(scenario: ScenarioInstruction, api: Api, result: Any,
                  fields: list[tuple[str, str, str]] | None = None) -> tuple[ScenarioInstruction, str]:
    """``scenario`` with its final response rebuilt from ``result`` (already put in the call turns): answer
    fields (``fields``, else the rules'), facts and the values the message must say; ``""`` or why the result
    answers nothing."""
    k = next((i for i, t in enumerate(scenario.turns) if t.action == "response"), None)
    if k is None:
        return scenario, ""
    turn = scenario.turns[k]
    request = turn.api_request
    known = [as_text(v) for v in {**request.get("required_parameters", {}),
                                  **request.get("optional_parameters", {})}.values()]
    situation, required, content = response_parts(api, result, known, fields)
    told = content["answer_fields"]
    if not told or all(about_the_call(f.split("|")[-1]) for f in told):
        return scenario, "nothing a user asked for to report"
    new_turn = turn.model_copy(update={"situation": situation, "required_values": required,
                                       "content": {**turn.content, **content}})
    turns = [*scenario.turns[:k], new_turn, *scenario.turns[k + 1:]]
    return scenario.model_copy(update={"turns": turns, "answer_fields": told}), ""
