"""The tool executor: validates a call against the API's documentation and answers it from the mock data.

An unknown API, an unknown or missing required input, a value of the wrong type or outside the documented enum
is answered with an error observation the system under test sees (and is counted as a failed call). A valid
call whose inputs equal the scenario's grounded mock inputs gets the scenario's mock result, so the dialogue
stays consistent with what the user knows; other valid inputs get a fresh result drawn from the documented
output structure, seeded by the call itself (same call → same result), or — for an API the corpus does not
document — an error saying no record matches.
"""

from __future__ import annotations

import random
import re
from typing import Any

from pydantic import BaseModel

from tooldial.corpus.models import Corpus

_INT = re.compile(r"-?\d+")
_NUMBER = re.compile(r"-?\d+(\.\d+)?([eE]-?\d+)?")
_BOOL = {"true", "false", "1", "0", "yes", "no"}
NO_RECORD = "no record matches these inputs"


class CallOutcome(BaseModel):
    """One executed call: what was asked, whether it succeeded, the observation the system sees."""

    api: str
    arguments: dict[str, str]
    ok: bool
    error: str = ""
    result: Any = None

    def observation(self) -> dict[str, Any]:
        """The ``- Observation:`` payload, release layout (``{'call_result': api_response}``)."""
        body: dict[str, Any] = {"api_name": self.api}
        if self.ok:
            body["result"] = self.result
        else:
            body["error"] = self.error
        return {"call_result": body}


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value).strip()


class ToolExecutor:
    """Executes the calls of one dialogue. ``mock`` entries are the record's ``mockdata`` entries."""

    def __init__(self, mock: list[dict[str, Any]], corpus: Corpus | None = None,
                 schemas: dict[str, dict[str, Any]] | None = None) -> None:
        self.mock = {str(e.get("api_name", "")): e for e in mock if isinstance(e, dict)}
        self.corpus = corpus
        #: OpenAI-style function definitions by name (used when neither corpus nor mock data documents an API).
        self.schemas = schemas or {}

    def _schema(self, api: str) -> tuple[list[str], dict[str, dict[str, Any]]] | None:
        """``(required names, {name: {type, enum}})`` of an API, or None when it is unknown."""
        if self.corpus is not None and api in self.corpus:
            doc = self.corpus.get(api)
            params = {p.name: {"type": p.type, "enum": p.enum} for p in [*doc.required_parameters,
                                                                        *doc.optional_parameters]}
            return [p.name for p in doc.required_parameters], params
        if api in self.schemas:
            spec = self.schemas[api].get("parameters") or {}
            props = spec.get("properties") or {}
            params = {str(n): {"type": p.get("type", "string"), "enum": p.get("enum")} for n, p in props.items()}
            return [str(n) for n in spec.get("required") or []], params
        if api in self.mock:
            entry = self.mock[api]
            params = {str(n): {"type": "string", "enum": None}
                      for key in ("required_parameters", "optional_parameters") for n in entry.get(key) or {}}
            return [str(n) for n in entry.get("required_parameters") or {}], params
        return None

    def validate(self, api: str, arguments: dict[str, Any]) -> str:
        """The first problem with a call, or ``""``."""
        schema = self._schema(api)
        if schema is None:
            return f"unknown API {api!r}"
        required, params = schema
        for name in arguments:
            if name not in params:
                return f"unknown input {name!r} for {api}"
        for name in required:
            if _text(arguments.get(name)) == "":
                return f"missing required input {name!r}"
        for name, value in arguments.items():
            text = _text(value)
            if text == "":
                continue
            kind = str(params[name].get("type") or "string").lower()
            if kind in ("integer", "int") and not _INT.fullmatch(text):
                return f"input {name!r} must be an integer, got {text!r}"
            if kind in ("number", "float", "double") and not _NUMBER.fullmatch(text):
                return f"input {name!r} must be a number, got {text!r}"
            if kind in ("boolean", "bool") and text.lower() not in _BOOL:
                return f"input {name!r} must be true or false, got {text!r}"
            enum = params[name].get("enum")
            if enum and text not in {_text(e) for e in enum}:
                return f"input {name!r} must be one of {', '.join(_text(e) for e in enum)}; got {text!r}"
        return ""

    def call(self, api: str, arguments: dict[str, Any]) -> CallOutcome:
        args = {str(k): _text(v) for k, v in arguments.items() if _text(v) != ""}
        problem = self.validate(api, args)
        if problem:
            return CallOutcome(api=api, arguments=args, ok=False, error=problem)
        entry = self.mock.get(api)
        if entry is not None:
            mock_args = {str(k): _text(v) for key in ("required_parameters", "optional_parameters")
                         for k, v in (entry.get(key) or {}).items() if _text(v) != ""}
            if _same_arguments(args, mock_args):
                return CallOutcome(api=api, arguments=args, ok=True, result=entry.get("output_components"))
        if self.corpus is not None and api in self.corpus:
            from tooldial.dialogue.mockdata import build_result

            rng = random.Random(f"executor:{api}:{sorted(args.items())}")
            return CallOutcome(api=api, arguments=args, ok=True, result=build_result(self.corpus.get(api), rng))
        return CallOutcome(api=api, arguments=args, ok=False, error=NO_RECORD)


def _same_arguments(a: dict[str, str], b: dict[str, str]) -> bool:
    return {k: v.lower() for k, v in a.items()} == {k: v.lower() for k, v in b.items()}
