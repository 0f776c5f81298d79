"""Response schemas copied onto many APIs of one tool (issue 27): the schema is trusted only where the API names
its record.

Some ToolBench tools document one response schema on every endpoint: the Check Mailing API ("OCW") gives its
vouchers, payees, short URLs and attachments all the bank-account list of ``Retrieveallbankaccounts``
(``data|bankAccounts|bankAccountId``, ``city``...), and the graph then chains them all through ``bankAccountId``.
When at least :data:`MIN_APIS` APIs of one tool carry the same output schema (the same output paths and types),
the schema names its record (a path element that is not a wrapper: ``bankAccounts`` → *bank account*), and at
more than half of those APIs (but not all) name no record of the schema in their name or the first part of their description, the
schema is a copy: it is trusted only for the APIs that name its record; the others' outputs count as
undocumented, so no chain starts from them. A schema whose paths name no record (``results|title``) is never
judged: nothing says which APIs it belongs to. A tool whose APIs all return the same record under their own names
(``Get all products``, ``Top rated products``) keeps every output.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from tooldial.corpus.models import Api, Tool
from tooldial.graph.entities import split_words
from tooldial.knowledge.english import singular
from tooldial.knowledge.loader import words as knowledge_words

#: Path elements that wrap a record without naming it (``data``, ``meta``, ``results``).
WRAPPERS = knowledge_words("containers", "copied_schema_wrapper")
#: Root fields that say how the call or the page went, not what the record is (``currentPage``, ``total``).
_ABOUT_CALL = WRAPPERS | knowledge_words("paging", "paging_keys")
#: Fewest APIs of one tool sharing one schema before the copy is suspected.
MIN_APIS = 3
_NON_ALNUM = re.compile(r"[^a-z0-9]")


@dataclass(frozen=True)
class CopiedSchemas:
    """The APIs whose documented outputs are another API's copied schema, and their tools."""

    untrusted: frozenset[str] = frozenset()
    tools: tuple[str, ...] = ()

    def summary(self) -> dict[str, int]:
        return {"apis": len(self.untrusted), "tools": len(self.tools)}


def _signature(api: Api) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((o.key, o.type) for o in api.output_components))


def record_names(api: Api) -> frozenset[str]:
    """What the record of an API's output schema is called, as lower-case alphanumerics: the first path element
    above the leaves that is not a wrapper, when one element holds most leaves and the response's root holds no
    field but the call's status and paging (``success``, ``data|meta|total``, ``data|bankAccounts|city`` →
    ``bankaccount``, whole and singular, and its last word ``account``). Empty otherwise: fields in the response's
    own root (``property_id``, ``price``, ``address|city``; a cart's ``app_order_id`` beside its ``bags``) or many
    parts of one record (a country's ``capital``, ``currency``, ``coatOfArms``) say the record is the API's,
    whatever its name."""
    held: dict[str, int] = defaultdict(int)
    about_call = 0
    forms: dict[str, list[str]] = {}
    for o in api.output_components:
        for part in o.path[:-1]:
            words = [singular(w) for w in split_words(part) if not w.isdigit()]
            if not words or part.lower() in WRAPPERS or "".join(words) in WRAPPERS:
                continue
            whole = "".join(words)
            held[whole] += 1
            forms[whole] = [whole] + ([words[-1]] if len(words) > 1 and len(words[-1]) >= 4 else [])
            break
        else:  # a field of the response's own record (``app_order_id`` of a cart holding ``bags``)
            if _NON_ALNUM.sub("", o.path[-1].lower()) not in _ABOUT_CALL:
                return frozenset()
            about_call += 1
    if not held:
        return frozenset()
    top = max(sorted(held), key=held.__getitem__)
    if 2 * held[top] <= len(api.output_components) - about_call or len(top) < 3:
        return frozenset()
    return frozenset(forms[top])


def _own_text(api: Api) -> str:
    """An API's name and the first part of its description (before any HTML parameter table, which may name
    another record's id), as lower-case alphanumerics, plain and with each word singular."""
    text = f"{api.name} {api.description.split('<', 1)[0]}"
    words = split_words(text)
    return _NON_ALNUM.sub("", text.lower()) + " " + "".join(singular(w) for w in words)


def copied_schemas(tools: Iterable[Tool], min_apis: int = MIN_APIS) -> CopiedSchemas:
    """The APIs whose output schema is a copy of a schema they do not name (module docstring)."""
    untrusted: set[str] = set()
    affected: set[str] = set()
    for tool in tools:
        groups: dict[tuple, list[Api]] = defaultdict(list)
        for api in tool.apis:
            if api.output_components:
                groups[_signature(api)].append(api)
        for apis in groups.values():
            if len(apis) < min_apis:
                continue
            names = record_names(apis[0])
            if not names:
                continue
            unnamed = [a for a in apis if not any(n in _own_text(a) for n in names)]
            if len(unnamed) < 2 or 2 * len(unnamed) <= len(apis) or len(unnamed) == len(apis):
                continue
            untrusted.update(a.id for a in unnamed)
            affected.add(f"{tool.category}|{tool.name}")
    return CopiedSchemas(frozenset(untrusted), tuple(sorted(affected)))
