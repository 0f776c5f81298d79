"""Evaluation backends: ``hf``, ``openai``, ``oracle``, ``rule``, ``random`` (see :mod:`.base`)."""

from tooldial.evaluation.backends.base import BACKENDS, Backend, GenerationRequest, make_backend

__all__ = ["BACKENDS", "Backend", "GenerationRequest", "make_backend"]
