"""Chain rules, one per file, registered in :data:`tooldial.registry.CHAIN_RULES` (contract:
:mod:`tooldial.rules.chaining`)."""
