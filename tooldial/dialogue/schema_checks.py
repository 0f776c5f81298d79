"""Validator kinds ``spec`` (call values obey the documented JSON Schema) and ``slot_names`` (no raw parameter
name in what the user or the system says).

A raw slot name is a parameter name no person would say: it has an underscore or a camelCase hump
(``min_rating``, ``bookId``), or is one or two letters that are no English word (``q``). A plain word that is a
parameter name (``city``, ``genre``) is what people say, and is not flagged.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from tooldial.corpus.models import Corpus
from tooldial.dialogue.schema_values import spec_problems
from tooldial.knowledge import loader

#: Two-letter (or shorter) names that are English words a message may hold.
_SHORT_WORDS = loader.words("english", "short_words")


def is_raw_slot_name(name: str) -> bool:
    """Whether ``name`` is spelled as code, not as words (see the module docstring)."""
    if "_" in name.strip("_") or re.search(r"[a-z][A-Z]", name):
        return True
    return len(name) <= 2 and name.isalpha() and name.lower() not in _SHORT_WORDS


def _slot_pattern(name: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w'’-]){re.escape(name)}(?![\w'’-])")


def slot_name_problems(messages: Iterable[tuple[int, str]], names: Iterable[str]) -> list[str]:
    """``turn i: message spells the slot name 'min_rating'`` for each raw slot name found in a message."""
    raw = sorted({n for n in names if is_raw_slot_name(n)})
    patterns = [(n, _slot_pattern(n)) for n in raw]
    out = []
    for i, message in messages:
        for name, rx in patterns:
            if rx.search(message):
                out.append(f"turn {i}: message spells the slot name {name!r}")
    return out


def check_spec(calls: list[dict[str, Any]], corpus: Corpus, dp: Any) -> None:
    """Each call's arguments and result against its API's documented schema."""
    for call in calls:
        request, response = call.get("api_request") or {}, call.get("api_response") or {}
        name = request.get("api_name") or response.get("api_name")
        if not isinstance(name, str) or name not in corpus:
            continue
        inputs = {**(request.get("required_parameters") or {}), **(request.get("optional_parameters") or {})}
        result = response.get("result")
        if isinstance(result, dict) and list(result) == ["response"]:
            result = result["response"]
        for problem in spec_problems(corpus.get(name), inputs, result):
            dp.add("spec", f"{name.rsplit('|', 1)[-1]}: {problem}")


def check_slot_names(turns: list[tuple[str, dict[str, Any]]], corpus: Corpus, dp: Any) -> None:
    """No message spells a raw parameter name of the APIs the dialogue calls or states."""
    apis: set[str] = set()
    for _, body in turns:
        for key in ("api_request", "api_response"):
            name = (body.get(key) or {}).get("api_name")
            if isinstance(name, str) and name in corpus:
                apis.add(name)
        state = (body.get("dialogue_state") or {}).get("api_status") or {}
        if isinstance(state, dict) and isinstance(state.get("api_name"), str) and state["api_name"] in corpus:
            apis.add(state["api_name"])
    names = {p.name for a in sorted(apis) for p in corpus.get(a).parameters}
    messages = [(i, str(body.get("message") or "")) for i, (_, body) in enumerate(turns)]
    for problem in slot_name_problems(messages, names):
        dp.add("slot_names", problem)
