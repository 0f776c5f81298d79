"""Who serves a tool: the provider decisions of the loaders, and how a corpus's providers were decided.

Tools of one provider share id spaces, so the API graph chains identifiers between them (a user id found by one
function is the id every other function of that system takes). The loaders decide, one rule per tool, recorded
in :attr:`~tooldial.corpus.models.Tool.provider_rule`:

- ``documented``: the tool names its provider (``provider`` / ``host`` of a ToolBench object, ``x-provider`` of an
  OpenAPI document);
- ``server host``: an OpenAPI document's first absolute server URL (every operation of one spec is one tool anyway;
  two specs on one host are one provider);
- ``one file``: a ``.json`` file holding a *list* of tool objects that all share one category and name no provider
  is one system documented function by function (tau-bench's tool files: ``find_user_id_by_email``,
  ``get_user_details``... each a "tool"), so its tools are one provider, named after the file. A list spanning
  several categories is a multi-tool corpus, like a ToolBench directory or a ``.jsonl`` file: one provider per tool;
- ``own tool``: nothing says more, so the tool is its own provider (ToolBench directories and ``.jsonl`` corpora);
- ``embedded ecosystem``: the embedded corpus's fictional tools share id spaces by design.

A single ToolBench tool with many APIs, an OpenAPI spec and a function list loaded as one tool are one system by
construction: all their APIs are one tool.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from pathlib import PurePath

from tooldial.corpus.models import Corpus, Tool

DOCUMENTED = "documented"
SERVER_HOST = "server host"
ONE_FILE = "one file"
OWN_TOOL = "own tool"
EMBEDDED = "embedded ecosystem"

#: One line per rule, for ``graph stats`` and the build's summary.
RULE_TEXT = {
    DOCUMENTED: "the tool names its provider (provider / host / x-provider)",
    SERVER_HOST: "an OpenAPI document's server host",
    ONE_FILE: "a .json list of tools of one category is one system",
    OWN_TOOL: "each tool is its own provider (nothing names a shared one)",
    EMBEDDED: "the embedded corpus is one ecosystem",
}


def one_file_provider(tools: list[Tool], file: str) -> list[Tool]:
    """Tools of one ``.json`` list: one provider (``file:<name>``) when they share one category and name none
    (see the module docstring); otherwise unchanged."""
    unnamed = [t for t in tools if not t.provider]
    if len(tools) < 2 or len(unnamed) < 2 or len({t.category for t in tools}) != 1:
        return tools
    provider = f"file:{PurePath(file).name}"
    return [t if t.provider else t.model_copy(update={"provider": provider, "provider_rule": ONE_FILE})
            for t in tools]


def provider_summary(tools: Iterable[Tool]) -> dict:
    """How the providers of these tools were decided: tools per rule, and the number of providers (a tool without
    one counts as its own)."""
    tools = list(tools)
    rules = Counter(t.provider_rule or (DOCUMENTED if t.provider else OWN_TOOL) for t in tools)
    providers = {t.provider or f"tool:{t.category}|{t.name}" for t in tools}
    return {"providers": len(providers), "tools": len(tools), "categories": len({t.category for t in tools}),
            "rules": dict(sorted(rules.items()))}


def corpus_provider_summary(corpus: Corpus) -> dict:
    return provider_summary(corpus.tools)
