"""Edge-validity rules: one class per file, registered in :data:`tooldial.registry.EDGE_RULES` in the order they
are tried, run by one loop (:func:`tooldial.rules.edge.base.decide`, called by
:func:`tooldial.graph.validity.judge_edge`). The contract (:class:`~tooldial.rules.edge.base.EdgeCase`,
:class:`~tooldial.rules.edge.base.EdgeRule`) is in :mod:`tooldial.rules.edge.base`."""
