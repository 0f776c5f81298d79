"""Tool calls a server left in the answer text, in the Hermes / Qwen format, read back as OpenAI ``tool_calls``.

Chat templates of Qwen2.5 (and Hermes-style models) make the model write a call as
``<tool_call>{"name": ..., "arguments": {...}}</tool_call>`` in its text. vLLM turns that into ``tool_calls``
only with ``--tool-call-parser hermes``; llama-cpp-python's server (``tooldial serve``) never does for
``tool_choice: auto``. :class:`~tooldial.simulation.systems.NativeToolSystem` reads such blocks when the answer
carries no ``tool_calls``; a block that is not a JSON object with a string ``name`` stays text (never a call).
"""

from __future__ import annotations

import json
import re
from typing import Any

_BLOCK = re.compile(r"<tool_call>\s*(.*?)\s*(?:</tool_call>|$)", re.DOTALL)


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


def tool_calls_from_text(text: str | None) -> tuple[str, list[dict[str, Any]]]:
    """``(text without the call blocks, calls)``; ``(text, [])`` when no block is a well-formed call."""
    if not text or "<tool_call>" not in text:
        return text or "", []
    calls = [c for i, m in enumerate(_BLOCK.finditer(text)) if (c := _call(m.group(1), i)) is not None]
    if not calls:
        return text, []
    return _BLOCK.sub("", text).strip(), calls
