"""Function-list documents → one :class:`~tooldial.corpus.models.Tool`: OpenAI ``tools`` / function definitions
and MCP ``tools/list`` results.

Accepted shapes (a ``.json`` file, or the same object inside a ``.yaml`` one):

- OpenAI Chat Completions ``tools``: ``[{"type": "function", "function": {"name", "description",
  "parameters"}}]``, bare or as ``{"tools": [...]}``; the Responses-API spelling
  ``[{"type": "function", "name", "parameters"}]``; legacy function definitions ``[{"name", "description",
  "parameters"}]``, bare or as ``{"functions": [...]}``;
- MCP ``tools/list``: ``{"tools": [{"name", "description", "inputSchema", "outputSchema"?}]}``, also inside
  its JSON-RPC envelope ``{"jsonrpc": "2.0", "result": {"tools": [...]}}``.

**One file is one system.** All functions of a file are the APIs of ONE tool (one provider), so chains between
them are same-tool chains (ids of one system share one id space). The tool, its category and its provider are
named by the document's ``name`` / ``title`` / ``serverInfo.name`` (``x-category`` / ``category`` for the
category) when it has one, else by the file's stem: ``bookstore_tools.json`` → tool ``bookstore_tools``,
category ``bookstore_tools``, provider ``bookstore_tools``; API ids ``bookstore_tools|bookstore_tools|<name>``.

Parameters are the properties of the input schema (``required`` honoured; nested objects keep their leaves as
``Parameter.fields``). Outputs come from the output schema: MCP's ``outputSchema``, or for OpenAI-style
definitions (which have no standard slot for one) ``output_schema`` / ``outputSchema`` / ``returns`` /
``response_schema`` on the function or on its ``{"type": "function"}`` wrapper. A function without one
documents no outputs, so no chain can start from it (:func:`no_output_note`).
"""

from __future__ import annotations

import sys
from typing import Any

from tooldial.corpus.models import Api, Corpus, Tool
from tooldial.corpus.schema import as_dict, as_str_list, components_from_schema, share_output_enums
from tooldial.corpus.toolbench import Report, Where, clean_name, parse_parameters, type_name
from tooldial.errors import CorpusError

#: Where an OpenAI-style function definition may carry its output schema (no standard slot exists).
OUTPUT_KEYS = ("outputSchema", "output_schema", "returns", "response_schema")
#: The formats ``load_corpus`` tries on a JSON / YAML document, in the words of its error message.
KNOWN_FORMATS = ("ToolBench tool object(s) (tool_name + api_list)", "OpenAPI 3 (openapi key)",
                 "OpenAI tools / function definitions (name + parameters)", "MCP tools/list (name + inputSchema)")


def _function_of(entry: Any) -> tuple[dict, dict] | None:
    """``(definition, wrapper)`` of one list entry when it is a function definition, else None."""
    if not isinstance(entry, dict):
        return None
    inner = entry.get("function")
    if entry.get("type") == "function" and isinstance(inner, dict) and isinstance(inner.get("name"), str):
        return inner, entry
    if isinstance(entry.get("name"), str) and ("inputSchema" in entry or "parameters" in entry) \
            and "api_list" not in entry:
        return entry, {}
    return None


def _entries(doc: Any) -> tuple[list, dict] | None:
    """The function list of a document and the object around it (for its name), or None when it is none."""
    holder: dict = {}
    if isinstance(doc, dict):
        if isinstance(doc.get("result"), dict) and "jsonrpc" in doc:  # MCP JSON-RPC response
            doc = doc["result"]
        holder = doc
        listed = next((doc[k] for k in ("tools", "functions") if isinstance(doc.get(k), list)), None)
        if listed is None:
            return ([doc], {}) if _function_of(doc) else None
        doc = listed
    if not isinstance(doc, list) or not doc:
        return None
    return (doc, holder) if all(_function_of(e) is not None for e in doc) else None


def is_function_list(doc: Any) -> bool:
    """Whether ``doc`` is an OpenAI tools / function-definition list or an MCP ``tools/list`` result."""
    return _entries(doc) is not None


def _output_schema(definition: dict, wrapper: dict) -> Any:
    for source in (definition, wrapper):
        for key in OUTPUT_KEYS:
            if isinstance(source.get(key), dict) and source[key]:
                return source[key]
    return None


def _system_name(holder: dict, file: str) -> str:
    info = as_dict(holder.get("serverInfo")) or as_dict(holder.get("info"))
    for value in (holder.get("name"), holder.get("title"), info.get("name"), info.get("title")):
        if isinstance(value, str) and clean_name(value):
            return clean_name(value)
    return clean_name(file.rsplit("/", 1)[-1].split(".", 1)[0]) or "functions"


def parse_functions(doc: Any, *, file: str, report: Report) -> list[Tool]:
    """The one tool a function-list document describes; broken functions go to ``report`` and are left out."""
    found = _entries(doc)
    if found is None:
        raise CorpusError("not a function list", file=file)
    entries, holder = found
    name = _system_name(holder, file)
    category = holder.get("x-category") or holder.get("category")
    category = clean_name(category) if isinstance(category, str) and clean_name(category) else name
    description = holder.get("description") if isinstance(holder.get("description"), str) else ""
    apis: list[Api] = []
    seen: set[str] = set()
    for i, entry in enumerate(entries):
        definition, wrapper = _function_of(entry) or ({}, {})
        api_name = clean_name(str(definition.get("name", "")))
        record = f"[{i}] (function {api_name!r})"
        try:
            if not api_name:
                raise CorpusError("missing", file=file, record=f"[{i}]", field="name")
            if api_name in seen:
                raise CorpusError(f"duplicate function name {api_name!r}", file=file, record=record, field="name")
            apis.append(_api(definition, wrapper, api_name, category=category, tool=name,
                             tool_description=description, file=file, record=record))
            seen.add(api_name)
        except CorpusError as exc:
            report(exc)
    return [Tool(category=category, name=name, description=description.strip(), apis=share_output_enums(apis),
                 provider=name.lower())]


def _api(definition: dict, wrapper: dict, name: str, *, category: str, tool: str, tool_description: str,
         file: str, record: str) -> Api:
    key = "inputSchema" if "inputSchema" in definition else "parameters"
    schema = definition.get(key)
    if schema is None:
        schema = {}
    if not isinstance(schema, dict):
        raise CorpusError(f"expected a JSON schema object, got {type_name(schema)}", file=file, record=record,
                          field=key)
    props = as_dict(schema.get("properties"))
    needed = set(as_str_list(schema.get("required")))
    where = Where(file, record)
    required = parse_parameters([{"name": k, **as_dict(v)} for k, v in props.items() if k in needed], where,
                                f"{key}.properties")
    optional = parse_parameters([{"name": k, **as_dict(v)} for k, v in props.items() if k not in needed], where,
                                f"{key}.properties", required=False)
    output = _output_schema(definition, wrapper)
    outputs = tuple(components_from_schema(output)) if output is not None else ()
    description = definition.get("description")
    return Api(category=category, tool=tool, name=name,
               description=description.strip() if isinstance(description, str) else "",
               tool_description=tool_description, method="POST", required_parameters=required,
               optional_parameters=optional, output_components=outputs)


def no_output_note(corpus: Corpus) -> str | None:
    """One line when some tool documents no output at all (so no chain can start from its APIs but the ids its
    API names imply, :mod:`tooldial.corpus.implied_outputs`), else None."""
    silent = [t for t in corpus.tools
              if t.apis and not any(not o.implied for a in t.apis for o in a.output_components)]
    if not silent:
        return None
    names = ", ".join(t.name for t in silent[:3]) + (f" and {len(silent) - 3} more" if len(silent) > 3 else "")
    apis = sum(len(t.apis) for t in silent)
    implied = sum(1 for t in silent for a in t.apis if a.output_components)
    start = ("no chain can start from them" if not implied else
             f"no chain can start from them but from the ids their names imply ({implied} API(s): createX, listXs "
             "→ xId)")
    return (f"{apis} API(s) of {len(silent)} tool(s) ({names}) document no output, so {start} (a function "
            "definition has no output schema: add an outputSchema, or a response schema, to chain them); they "
            "still give one-API dialogues")


def check_loaded(corpus: Corpus) -> Corpus:
    """Every command's check of a loaded corpus: no APIs is an error (never an empty graph, an empty dataset or
    "0 APIs" with exit 0); tools that document no output get one line on stderr saying why nothing chains."""
    if not corpus.apis:
        first = corpus.skipped[0] if corpus.skipped else None
        why = f" (skipped {len(corpus.skipped)}; first: {first.location}: {first.reason})" if first else ""
        raise CorpusError(f"the corpus has no APIs{why}", file=corpus.spec)
    note = no_output_note(corpus)
    if note:
        print(f"tooldial: {note}", file=sys.stderr)
    return corpus
