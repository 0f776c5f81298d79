"""Documented example responses that are errors ("Missing UserKey", an HTTP 500 problem record, a 404).

Many recorded example responses are what the documenter got back without a key or with a bad input. Such an
example is no evidence of what a successful call returns: its values (``Latitude: 0``, ``ErrorCode: 1``) are
never copied into a result, and its error-only fields (``ErrorMessage``, ``traceId``) are not outputs. Lives in
the corpus layer so that both parsing (output components) and mock data read one rule.
"""

from __future__ import annotations

import json
import re
from typing import Any

from tooldial.knowledge import loader

#: What a documented example says when the call failed (tooldial/knowledge/packs/errors.yaml: patterns, case ignored).
_ERROR_TEXT = re.compile("|".join(loader.ordered_words("errors", "error_text")), re.I)
#: The items of a validation-error list (FastAPI/pydantic ``{"detail": [{"loc", "msg", "type"}]}``).
_VALIDATION_ITEM = loader.words("errors", "validation_item_keys")
_ERROR_KEYS = loader.words("errors", "error_keys")
#: Bookkeeping keys of an error record (RFC 7807 problem details, request tracing): say nothing about a result.
_TRACE_KEYS = loader.words("errors", "trace_keys")
#: Keys whose number is an HTTP status (``status: 500``, ``statusCode: 401``, ``errorCode: 404``).
_STATUS_KEYS = loader.words("errors", "status_keys")
#: Words a status field says a call failed with (``status: "error"``, ``status: "FAILED"``).
_FAILED_WORDS = loader.words("errors", "failed_words")


def _text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)


def error_key(key: str) -> bool:
    """A key that reports how a call failed (``error``, ``ErrorMessage``, ``error_code``, ``status``) or traces
    the request (``traceId``, ``correlationId``)."""
    low = key.lower()
    return low in _ERROR_KEYS or "error" in low or low in _TRACE_KEYS


def error_text(value: Any) -> bool:
    """A scalar that reads as an error ("Missing UserKey ...", "No requestor id", "Internal server error")."""
    return isinstance(value, str) and bool(_ERROR_TEXT.search(value))


def _placeholder(value: Any) -> bool:
    """A placeholder value of an error record: null, zero or empty (a boolean is an answer, never one)."""
    return not isinstance(value, bool) and value in (None, "", 0, [], {})


def http_error_status(value: Any) -> bool:
    """A 4xx/5xx HTTP status number (``500``, ``"401"``)."""
    return not isinstance(value, bool) and isinstance(value, int | str) and str(value).isdigit() \
        and 400 <= int(str(value)) < 600


def _failed(key: str, value: Any) -> bool:
    """A field that says the call failed: an HTTP error status, ``success``/``ok`` false, a status word of
    failure (``"FAILED"``) or an error text, also inside a nested object (``error: {message: ...}``)."""
    low = key.lower()
    if low in _TRACE_KEYS:
        return False
    if low in _STATUS_KEYS and http_error_status(value):
        return True
    if low in ("success", "ok") and value is False:
        return True
    if isinstance(value, str) and value.strip().lower() in _FAILED_WORDS:
        return True
    return any(_failed(k, v) for k, v in _items(value)) if isinstance(value, dict | list) else error_text(value)


def _items(value: Any) -> list[tuple[str, Any]]:
    """The scalar leaves of a value with the key each sits under (``""`` for a top-level scalar)."""
    if isinstance(value, dict):
        return [(k2, s) for k, v in value.items() for k2, s in (_items(v) if isinstance(v, dict | list)
                                                                 else [(str(k), v)])]
    if isinstance(value, list):
        return [item for v in value for item in _items(v)]
    return [("", value)]


def documented_error(example: Any) -> bool:
    """A documented example response that is an error (a 404, a rate limit, "invalid key").

    Either a small object of error/message/status keys whose text reads as an error, or an object whose error
    fields say it failed and whose other values are placeholders or error texts
    (``{"ErrorMessage": "Missing UserKey", "Latitude": 0, ...}``), or, where two error fields say so
    (``status: 401`` and "Oops, an error occurred"), at most two other values
    (``data: "No requestor id"`` beside tracing keys). It is never served as a successful result."""
    if isinstance(example, list) and len(example) == 1:
        example = example[0]
    if isinstance(example, str):
        return error_text(example) and len(example) < 300
    if not isinstance(example, dict) or not example:
        return False
    for value in example.values():  # a validation-error list: every item says where and what was wrong
        if isinstance(value, list) and value and all(
                isinstance(v, dict) and "msg" in v and set(v) <= _VALIDATION_ITEM for v in value):
            return True
    errors = {k: v for k, v in example.items() if error_key(k)}
    payload = _items({k: v for k, v in example.items() if k not in errors})
    if len(example) <= 4 and not payload and len(errors) == len(example):
        text = " ".join(_text(v) for v in example.values() if v is not None)
        return bool(_ERROR_TEXT.search(text)) or example.get("success") is False or "error" in {
            k.lower() for k in example}
    # a nested HTTP status (``data: {status: 404}``) says the call failed; it is no answer
    failures = sum(_failed(k, v) for k, v in errors.items()) + sum(
        k.lower() in _STATUS_KEYS and http_error_status(v) for k, v in payload)
    answers = [v for k, v in payload if not _placeholder(v) and not error_text(v)
               and not (k.lower() in _STATUS_KEYS and http_error_status(v))]
    return failures >= 1 and not answers or failures >= 2 and len(answers) <= 2


def error_only_path(path: tuple[str, ...]) -> bool:
    """An output path that only an error record has: a top-level error/status/trace field."""
    return bool(path) and error_key(path[0])
