"""Rules as registered plug-ins: each rule is one class in one file, registered by name in
:data:`tooldial.registry.RECORD_RULES`, and run by one loop (:func:`tooldial.rules.record.check_record`) that the
planner and the validator share.

A rule declares what it needs (the field kinds of :func:`tooldial.dialogue.mockdata.field_kind`; it is skipped
on a record that has none of them) and returns :class:`~tooldial.rules.record.Problem` values whose evidence is
typed (:class:`~tooldial.rules.record.Check`, the record's keys): no stage parses another stage's prose.

Edge rules of the graph (:mod:`tooldial.rules.edge`) follow the same pattern: one class per file, registered in
:data:`tooldial.registry.EDGE_RULES`, one loop (:func:`tooldial.rules.edge.base.decide`), typed codes.
"""
