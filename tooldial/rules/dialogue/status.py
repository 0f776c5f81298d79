"""World rule ``status``: a successful result's status code beside its payload or success flag, or alone, is a
success code (not "code 73"), its error code, at the top or in the call's own report (``status: {error_code:
...}``), is 0 (not "error_code 65" beside a fused image), and its success flag beside a payload is true (not
``"status": false`` above the tracks a search found); its fix (:func:`fix_status`, run by the mock-data generator on
a result) sets them to 200, 0 and true."""

from __future__ import annotations

import re
from typing import Any

from tooldial.corpus.error_example import documented_error, error_key, http_error_status
from tooldial.dialogue.mockdata.fields import name_tokens
from tooldial.dialogue.mockdata.paths import as_text
from tooldial.knowledge.loader import words
from tooldial.rules.world_check import Call, CallRule, Scene, WorldCheck, WorldProblem

#: Keys of a result that say it carries something (a payload, a message, a success flag or status).
_ENVELOPE = words("envelope", "result_carriers")


#: Keys of a status code (their tokens joined: ``statusCode``, ``http_code``) and the codes that mean success.
_CODE_KEYS = words("errors", "status_code_keys")
_SUCCESS_CODES = words("status", "success_codes")


#: Keys of an error code (tokens joined: ``error_code``, ``errno``, ``ErrorCode``) and of the object a result reports
#: its call in (``status``, ``meta``): ``errors.error_code_keys``, ``errors.call_report_keys``.
_ERROR_CODE_KEYS = words("errors", "error_code_keys")
_REPORT_KEYS = words("errors", "call_report_keys")
#: Names (tokens joined) of a flag by which a result says whether its call succeeded (``status.success_flags``).
_SUCCESS_FLAGS = words("status", "success_flags")


class Status(CallRule):
    """A result with a payload or success flag has a success status code; an error record or an HTTP error code
    there is the error rules' (``error served``, ``error field``: :mod:`tooldial.dialogue.error_results`)."""

    checks = (WorldCheck.STATUS_CODE,)

    def problems(self, call: Call, scene: Scene | None) -> list[WorldProblem]:
        body = call.result.get("response", call.result) if isinstance(call.result, dict) else call.result
        return [p.at(f"{call.api_name} result") for p in status_problems(body)]

    @staticmethod
    def fix(body: Any) -> None:
        """The generator's fix of a whole result: :func:`fix_status`."""
        fix_status(body)


def _odd_codes(body: Any) -> list[str]:
    """The keys of a result's top object holding a status code that is no success code, when the object has a
    payload or a success flag beside it, or holds nothing but status codes: a successful upload's ``{"code": 62}``
    (a Petstore ``ApiResponse`` whose ``type`` and ``message`` nothing draws) says its call failed."""
    if not isinstance(body, dict) or not body or not (set(body) & _ENVELOPE or all(
            "".join(name_tokens(key)) in _CODE_KEYS for key in body)):
        return []
    return [key for key, value in body.items() if "".join(name_tokens(key)) in _CODE_KEYS and isinstance(
        value, int | str) and not isinstance(value, bool) and as_text(value).isdigit() and as_text(
        value) not in _SUCCESS_CODES]


def _odd_error_codes(body: Any) -> list[tuple[dict[str, Any], str]]:
    """(object, key) of each error code of a result that is a whole number other than 0: at the result's top or in
    its call report (``status: {error_code: 43, elapsed: 10}``), beside something the call gave (a payload, not only a
    request id); never in its records (an import log's errors)."""
    if not isinstance(body, dict) or not any(not error_key(k) and "".join(name_tokens(k)) not in (
            _REPORT_KEYS | _ERROR_CODE_KEYS) for k in body):
        return []  # only the code, a message, request ids (``error_key`` reads those too): the call failed
    holders = [body, *(v for k, v in body.items() if isinstance(v, dict) and "".join(name_tokens(k)) in _REPORT_KEYS)]
    return [(holder, key) for holder in holders for key, value in holder.items()
            if "".join(name_tokens(key)) in _ERROR_CODE_KEYS and isinstance(value, int | str) and not isinstance(
                value, bool) and re.fullmatch(r"-?\d+", as_text(value).strip()) and int(as_text(value)) != 0]


def _false_flags(body: Any) -> list[str]:
    """The keys of a result's top object holding a success flag that is false (``false`` or ``"false"``) beside a
    payload: another key with a value that is no error, report or flag. A flag alone is the answer ("is this
    username taken?") and stays as drawn."""
    if not isinstance(body, dict):
        return []
    flags = [k for k, v in body.items() if "".join(name_tokens(k)) in _SUCCESS_FLAGS and (
        v is False or isinstance(v, str) and v.strip().lower() == "false")]
    payload = any(v not in (None, "", [], {}) and not error_key(k) and "".join(name_tokens(k)) not in (
        _SUCCESS_FLAGS | _REPORT_KEYS | _ERROR_CODE_KEYS | _CODE_KEYS) for k, v in body.items())
    return flags if payload else []


def status_problems(body: Any) -> list[WorldProblem]:
    """A status code that is no success code beside a payload (``{"code": 73, "data": ...}``): rule ``status code``.
    An error record or an HTTP error code is left out (the error rules report it: ``error served``, ``error field``)."""
    if documented_error(body):
        return []
    return [WorldProblem(WorldCheck.STATUS_CODE, f"{key}={body[key]!r} beside a payload is no success code", (key,))
            for key in _odd_codes(body) if not http_error_status(body[key])] + [
        WorldProblem(WorldCheck.STATUS_CODE, f"{key}={holder[key]!r} in a successful result is no error code 0", (key,))
        for holder, key in _odd_error_codes(body) if not http_error_status(holder[key])] + [
        WorldProblem(WorldCheck.STATUS_CODE, f"{key}={body[key]!r} beside a payload: a call that answers succeeded",
                     (key,)) for key in _false_flags(body)]


def fix_status(body: Any) -> None:
    """A successful call's status code beside its payload or success flag is 200 (not "code 73"), or the
    documented success code (``0``, ``1``, ``201`` stay); its success flag beside a payload is true."""
    if documented_error(body):
        return
    for key in _odd_codes(body):
        body[key] = 200 if isinstance(body[key], int) else "200"
    for holder, key in _odd_error_codes(body):
        holder[key] = 0 if isinstance(holder[key], int) else "0"
    for key in _false_flags(body):
        body[key] = True if isinstance(body[key], bool) else "true"
