"""Rules as registered plug-ins: each rule is one class in one file, registered by name in
:mod:`tooldial.registry`, and each family is run by one loop that every stage shares:

- record rules (``rules/world/``, :data:`~tooldial.registry.RECORD_RULES`, contract :mod:`tooldial.rules.record`):
  one flat record of the mock world; the planner and the validator;
- chain rules (``rules/chain/``, :data:`~tooldial.registry.CHAIN_RULES`, contract :mod:`tooldial.rules.chaining`):
  would a user procure that value from that API; the sampler, the planner and the validator;
- world rules of a dialogue (``rules/dialogue/``, :data:`~tooldial.registry.WORLD_RULES`, contract
  :mod:`tooldial.rules.world_check`): the validator kinds ``filler``, ``consistency``, ``groups``, ``answer``;
  the validator, ``tooldial quality`` and (its call rules marked ``in_plan``) the planner;
- edge rules of the graph (``rules/edge/``, :data:`~tooldial.registry.EDGE_RULES`, loop
  :func:`tooldial.rules.edge.base.decide`): is a candidate edge valid; :func:`tooldial.graph.validity.judge_edge`.

A rule declares what it needs and what it reports, and returns problems whose evidence is typed (a check enum, the
keys it concerns); the message is for people, and no stage parses another stage's prose.
"""
