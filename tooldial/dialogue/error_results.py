"""Error records used as data: the validator's rules and the planner's guard (held-out review 8).

A documented example response that is an error (:func:`tooldial.corpus.error_example.documented_error`) is never
served as a result, so no dialogue should show one: a result that is an error record, an error text in a
result's error field ("Missing UserKey ..."), an HTTP 4xx/5xx status in a result, an input procured from an
error result, or the (0, 0) "coordinates" an error record holds as placeholders, sent or served as a place.
One module for the planner (which drops such plans) and ``tooldial validate`` (which counts them), so that
generation never emits what validation rejects.
"""

from __future__ import annotations

from typing import Any

from tooldial.corpus.error_example import documented_error, error_text, http_error_status
from tooldial.dialogue.mockdata import FieldName, as_text, field_kind
from tooldial.dialogue.result_records import leaves
from tooldial.knowledge import loader
from tooldial.rules.world_check import WorldCheck, WorldProblem

#: Keys whose value is how a call went: an error text or an HTTP error status there reports a failure.
_STATUS_KEYS = loader.words("errors", "status_keys")
#: Keys whose text is what the service says about the call (an error text there is a failure report).
_MESSAGE_KEYS = loader.words("errors", "message_keys")
_TRACE_KEYS = loader.words("errors", "request_trace_keys")


def _body(result: Any) -> Any:
    return result.get("response", result) if isinstance(result, dict) else result


def _dicts(node: Any, path: str = "") -> list[tuple[str, dict[str, Any]]]:
    if isinstance(node, dict):
        return [(path, node)] + [d for k, v in node.items() for d in _dicts(v, f"{path}.{k}" if path else k)]
    if isinstance(node, list):
        return [d for v in node for d in _dicts(v, path)]
    return []


def null_island(record: dict[str, Any]) -> list[str]:
    """Latitude/longitude keys of one record that are both 0: an error's placeholders, not a place."""
    coords = {k: v for k, v in record.items() if not isinstance(v, dict | list) and
              field_kind(FieldName(str(k))) in ("latitude", "longitude")}
    kinds = {field_kind(FieldName(str(k))) for k in coords}
    if kinds != {"latitude", "longitude"}:
        return []
    numbers = [as_text(v).strip() for v in coords.values()]
    if all(n and n.lstrip("-+").replace(".", "", 1).isdigit() and float(n) == 0 for n in numbers):
        return sorted(coords)
    return []


def result_problems(result: Any) -> list[WorldProblem]:
    """Error rules on one call result: an error record, an error text or HTTP error status in a result field,
    (0, 0) coordinates in a record."""
    body = _body(result)
    if body in (None, {}, []):
        return []
    if documented_error(body):
        return [WorldProblem(WorldCheck.ERROR_SERVED, f"the result is an error record: {as_text(body)[:80]}")]
    out = []
    for path, record in _dicts(body):
        for key, value in record.items():
            low = str(key).lower()
            if isinstance(value, dict | list) or low in _TRACE_KEYS:
                continue
            if low in _STATUS_KEYS and http_error_status(value):
                out.append(WorldProblem(WorldCheck.ERROR_FIELD,
                                        f"{path + '.' if path else ''}{key}={value!r} is an HTTP error status"))
            elif ("error" in low or low in _MESSAGE_KEYS) and error_text(value):
                out.append(WorldProblem(WorldCheck.ERROR_FIELD,
                                        f"{path + '.' if path else ''}{key}={as_text(value)[:60]!r} reads as an error"))
        keys = null_island(record)
        if keys:
            out.append(WorldProblem(WorldCheck.NULL_ISLAND,
                                    f"{path or 'result'} {' and '.join(keys)} are 0, 0 (an error's placeholder)"))
    return out


def input_problems(args: dict[str, Any]) -> list[WorldProblem]:
    """(0, 0) coordinates sent as a call's inputs."""
    keys = null_island(args)
    return [WorldProblem(WorldCheck.NULL_ISLAND, f"inputs {' and '.join(keys)} are 0, 0 (an error's placeholder, not a "
                         "place)")] if keys else []


def dialogue_problems(turns: list[tuple[str, dict[str, Any]]]) -> list[WorldProblem]:
    """The error rules over a dialogue's calls: each call's inputs and result, and inputs procured from an
    earlier result that is an error record."""
    out: list[WorldProblem] = []
    errors: list[set[str]] = []  # the values of results that are errors: never procured as inputs
    for i, (speaker, body) in enumerate(turns):
        if speaker != "System" or body.get("action") != "call":
            continue
        request = body.get("api_request") or {}
        args = {**request.get("required_parameters", {}), **request.get("optional_parameters", {})}
        out += [WorldProblem(p.check, f"turn {i}: {p.detail.strip()}") for p in input_problems(args)]
        for key, value in args.items():
            text = as_text(value).strip()
            if len(text) > 2 and any(text in values for values in errors):
                out.append(WorldProblem(WorldCheck.ERROR_PROCURED,
                                        f"turn {i}: {key}={text[:40]!r} comes from a result that is an error"))
        result = (body.get("api_response") or {}).get("result")
        out += [WorldProblem(p.check, f"turn {i}: {p.detail.strip()}") for p in result_problems(result)]
        if documented_error(_body(result)):
            errors.append({as_text(v).strip() for _, v in leaves(_body(result))} - {""})
    return out
