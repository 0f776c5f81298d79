"""Evaluation of models on the ToolDial tasks (paper §4): DST, action prediction, faithfulness, overall.

``evaluate(EvalConfig(...))`` runs tasks × settings on a dataset directory or Hub id with one backend
(:mod:`tooldial.evaluation.backends`) and writes ``results.json``, ``predictions.jsonl``, ``report.md`` and PNGs.
"""

from tooldial.evaluation.backends.base import Backend, GenerationRequest, make_backend
from tooldial.evaluation.runner import EvalConfig, evaluate

__all__ = ["Backend", "EvalConfig", "GenerationRequest", "evaluate", "make_backend"]
