"""Evaluation backends: ``hf``, ``openai``, ``oracle``, ``rule``, ``random`` (see :mod:`.base`)."""

from tooldial.evaluation.backends.base import Backend, GenerationRequest, make_backend
from tooldial.registry import BACKENDS

__all__ = ["BACKENDS", "Backend", "GenerationRequest", "make_backend"]
