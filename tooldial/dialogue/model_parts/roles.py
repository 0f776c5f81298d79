"""The names of the model-written parts (``--llm-roles``) and their parsing."""

from __future__ import annotations

import difflib

from tooldial.errors import ConfigError

#: ranges: the usual range of each undocumented number of an API's results (once per API, drawn from by the mock
#: world); need: what a person wants from each API, in their words (one clause per API, used by every composed
#: request); goal: the user's opening request; result: the API results; answer: which result fields the final
#: answer tells; utterance: every other message (the ``openai`` renderer, turn mode). Order: the order they are
#: written in.
LLM_ROLES = ("ranges", "need", "goal", "result", "answer", "utterance")


def parse_llm_roles(text: str | None, flag: str = "--llm-roles") -> list[str]:
    """``"goal,result"`` -> ``["goal", "result"]`` (in :data:`LLM_ROLES` order, no repeats); ``""``/None -> ``[]``.

    A wrong name is a one-line :class:`~tooldial.errors.ConfigError` with the closest right one."""
    if not text:
        return []
    names = [n.strip().lower() for n in text.split(",") if n.strip()]
    for name in names:
        if name not in LLM_ROLES:
            close = difflib.get_close_matches(name, LLM_ROLES, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise ConfigError(f"unknown LLM role {name!r}{hint}; choose from {', '.join(LLM_ROLES)}", field=flag)
    return [r for r in LLM_ROLES if r in names]
