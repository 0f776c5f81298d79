"""Dynamic evaluation: a simulated user talks to the system under test, a tool executor answers its calls.

Small modules in the tau-bench spirit: :mod:`.scenario` (user script + gold plan of a dialogue record),
:mod:`.users` (``scripted`` / ``llm`` user simulators), :mod:`.systems` (ToolDial-format backends, native tool
calling), :mod:`.executor` (schema-validating tool executor over mock data), :mod:`.episode` (one
conversation), :mod:`.scoring` (per-dialogue scores), :mod:`.metrics` (AutoDE slot P/R/F1, pass^k, intervals),
:mod:`.options` (the options ``simulate`` and AutoDE share), :mod:`.runner` (``simulate``), :mod:`.report`
(``report.md``, PNGs, ``eval compare`` table), :mod:`.autode` (the AutoDE suite and its transcript scoring),
:mod:`.results` (atomic run files).
"""
