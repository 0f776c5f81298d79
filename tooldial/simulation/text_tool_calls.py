"""Tool calls a server left in the answer text, in the Hermes / Qwen format, read back as OpenAI ``tool_calls``.

Chat templates of Qwen2.5 (and Hermes-style models) make the model write a call as
``<tool_call>{"name": ..., "arguments": {...}}</tool_call>`` in its text. vLLM turns that into ``tool_calls``
only with ``--tool-call-parser hermes``; llama-cpp-python's server (``tooldial serve``) never does for
``tool_choice: auto``. :class:`~tooldial.simulation.systems.NativeToolSystem` reads such blocks when the answer
carries no ``tool_calls``; a block that is not a JSON object with a string ``name`` stays text (never a call).

Without the tags, Qwen2.5-Coder-1.5B often writes the same object as the whole answer, fenced (```json …```) or
bare (on the AutoDE suite its first answer to "Uninstall SoundWave from my device please." was a fenced
``{"name": "UninstallApp", "arguments": {…}}``, repeated five times, never a call; another task's was
``{{"name": "InstallApp", …}}``, the braces doubled as in a template). Such an answer counts as a
call only when it is nothing but that object (or a list of them) and every ``name`` is a tool offered in the
request: a JSON example inside prose, or an object naming no offered tool, stays text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection
from typing import Any

_BLOCK = re.compile(r"<tool_call>\s*(.*?)\s*(?:</tool_call>|$)", re.DOTALL)
_FENCED = re.compile(r"```[A-Za-z]*\s*(.*?)\s*```", re.DOTALL)


def _call(body: str, index: int) -> dict[str, Any] | None:
    try:
        data = json.loads(body)
    except ValueError:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("name"), str) or not data["name"].strip():
        return None
    arguments = data.get("arguments", data.get("parameters", {}))
    if not isinstance(arguments, str):
        arguments = json.dumps(arguments, ensure_ascii=False)
    return {"id": f"call_text_{index}", "type": "function",
            "function": {"name": data["name"].strip(), "arguments": arguments}}


def _whole_answer_calls(text: str, tool_names: Collection[str]) -> list[dict[str, Any]]:
    """The answer as one fenced or bare JSON call object (or list of them), each naming an offered tool."""
    body = text.strip()
    fenced = _FENCED.fullmatch(body)
    if fenced:
        body = fenced.group(1)
    if not body.startswith(("{", "[")):
        return []
    if body.startswith("{{") and body.endswith("}}"):  # the template's escaped braces copied: {{"name": …}}
        body = body[1:-1]
    try:
        data = json.loads(body)
    except ValueError:
        return []
    items = data if isinstance(data, list) else [data]
    calls = [_call(json.dumps(item), i) for i, item in enumerate(items)]
    if not calls or any(c is None or c["function"]["name"] not in tool_names for c in calls):
        return []
    return [c for c in calls if c is not None]


def tool_calls_from_text(text: str | None,
                         tool_names: Collection[str] = ()) -> tuple[str, list[dict[str, Any]]]:
    """``(text without the call blocks, calls)``; ``(text, [])`` when no block is a well-formed call.

    ``tool_names``: the tools offered in the request; with them, an answer that is only a fenced or bare call
    object naming one of them is a call too (see the module docstring)."""
    if not text:
        return "", []
    if "<tool_call>" not in text:
        calls = _whole_answer_calls(text, tool_names) if tool_names else []
        return ("", calls) if calls else (text, [])
    calls = [c for i, m in enumerate(_BLOCK.finditer(text)) if (c := _call(m.group(1), i)) is not None]
    if not calls:
        return text, []
    return _BLOCK.sub("", text).strip(), calls
