"""Dynamic evaluation: a simulated user talks to the system under test, a tool executor answers its calls.

Small modules in the tau-bench spirit: :mod:`.metrics` (AutoDE slot P/R/F1, pass^k, intervals),
:mod:`.autode` (the AutoDE suite and its transcript scoring).
"""
