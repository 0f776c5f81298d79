"""World rules of a dialogue (the validator kinds ``filler``, ``consistency``, ``groups``, ``answer``), one per file,
registered in :data:`tooldial.registry.WORLD_RULES` (contract: :mod:`tooldial.rules.world_check`)."""
