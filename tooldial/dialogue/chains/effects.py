"""Whether calling an API changes something (by its HTTP method, its description's first verb or its name)."""

from __future__ import annotations

import re

from tooldial.corpus.models import Api
from tooldial.dialogue.intents import description_clause, readable
from tooldial.knowledge.loader import ordered_words
from tooldial.knowledge.loader import words as knowledge_words


def side_effects(api: Api) -> bool:
    """Whether calling the API changes something (by its HTTP method or its description's first verb)."""
    if (api.method or "GET").upper() in ("PUT", "DELETE", "PATCH"):
        return True
    verb = description_clause(api).split(" ", 1)[0].lower()
    # "api/BillerAuthorizer/CreatePaymentTransaction": a path-like name's last segment names the operation too
    name_verbs = {(readable(name).split() or [""])[0] for name in (api.name, api.name.rstrip("/").rsplit("/", 1)[-1])}
    return verb in _SIDE_EFFECT_VERBS or bool(name_verbs & _NAME_VERBS)


#: A source that issues a new resource on each call ("Obtain a new residential proxy", "Generate a new wallet").
MAKES_NEW = re.compile(r"\b(" + "|".join(ordered_words("actions", "issue_new_verbs")) + r")s?\s+(a\s+|an\s+)?new\b", re.I)
#: First verbs of descriptions of APIs that change something (a call is not a lookup a user would make to
#: learn a value).
_SIDE_EFFECT_VERBS = knowledge_words("actions", "side_effect_verbs")


#: First words of API names that are verbs of a change, never nouns ("Order Details", "Post Comments" are lookups).
_NAME_VERBS = knowledge_words("actions", "name_change_verbs")
