"""Fit eval prompts into a token budget the way training fits its rows: drop the oldest dialogue-history lines.

A model trained with ``long_examples: trim_history`` and ``max_length: N`` never saw a prompt longer than N tokens:
its oldest history lines were dropped (:func:`tooldial.training.data.trim_history`). Scoring it on the full,
longer prompts tests it on inputs unlike any it trained on (issue 30: 55% on prompts within 1,024 tokens, 25% on
longer ones). ``tooldial eval --max-length N`` applies the *same* function to each request, the way
lm-evaluation-harness left-truncates a context to ``max_length - max_gen_toks``: the prompt, the assistant prefix
and the generation budget (``max_new_tokens``) must fit N tokens of the model's own tokenizer. The gold answer is
never looked at, so every model and baseline is scored on the same rows; only the prompts change.
"""

from __future__ import annotations

from typing import Any

from tooldial.errors import ConfigError
from tooldial.evaluation.backends.base import GenerationRequest
from tooldial.training.data import trim_history


class PromptFitter:
    """Trims requests to ``max_length`` tokens of ``tokenizer`` (prompt + prefix + ``max_new_tokens``)."""

    def __init__(self, tokenizer: Any, max_length: int) -> None:
        self.tokenizer = tokenizer
        self.max_length = max_length

    def fit(self, request: GenerationRequest) -> tuple[GenerationRequest, bool]:
        """The request with its oldest history lines dropped to fit, and whether any were.

        The request is measured as training measures a row (:func:`trim_history`): the templated messages plus an
        assistant turn, here holding the assistant prefix instead of the (unknown) answer; the budget left for that
        row is ``max_length - max_new_tokens``. A prompt without history, or one that does not fit even with a
        single history line, is sent whole (training skips such rows; the eval row is scored all the same).
        """
        budget = self.max_length - request.max_new_tokens
        if budget < 1:
            raise ConfigError(f"--max-length {self.max_length} leaves no room for the prompt after "
                              f"{request.max_new_tokens} new tokens", field="max_length")
        example = {"prompt": request.messages,
                   "completion": [{"role": "assistant", "content": request.assistant_prefix}], "tools": None}
        trimmed = trim_history(example, self.tokenizer, budget)
        if not trimmed["history_trimmed"]:
            return request, False
        return request.model_copy(update={"messages": trimmed["prompt"]}), True


def prompt_fitter(backend: Any, max_length: int | None) -> PromptFitter | None:
    """The fitter for ``backend`` (None without ``max_length``); a backend without a tokenizer cannot count tokens."""
    if max_length is None:
        return None
    tokenizer = getattr(backend, "tokenizer", None)
    if tokenizer is None:
        raise ConfigError(f"--max-length needs a backend that tokenizes locally (hf), not "
                          f"{getattr(backend, 'name', type(backend).__name__)!r}", field="max_length")
    return PromptFitter(tokenizer, max_length)
