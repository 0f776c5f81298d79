"""ToolBench / StableToolBench tool objects → :class:`~tooldial.corpus.models.Tool`.

One tool object (a line of ``tools.jsonl.gz``, an element of a ``.json`` list, or a
``<Category>/<tool>.json`` file) looks like::

    {"category": "Sports", "tool_name": "...", "standardized_name": "...", "tool_description": "...",
     "api_list": [{"name", "description", "method", "required_parameters", "optional_parameters",
                   "schema", "example_response"}]}

Spellings seen in the wild are all accepted: ``category`` / ``category_name``; ``standardized_name`` /
``tool_name`` / ``name`` (the first present wins: ToolDial ids use the standardized name, e.g.
``Finance|quotient|/crypto/intraday``); ``example_response`` / ``test_endpoint`` / ``output``;
``schema`` / ``response_schema``; lists and dicts written as JSON or Python-literal strings; RapidAPI
type names (``NUMBER``, ``DATE (YYYY-MM-DD)``) normalized to lowercase JSON-schema types.

Parameters that are HTTP headers of the wire format (``Content-Type``, ``Accept``; pack ``web.transport_headers``)
are left out, as an OpenAPI spec's header parameters are: the client sets them, a user never says them.

Names may not contain ``|`` (the id separator); it is replaced by ``/``. APIs of one tool that share a
name (2,475 endpoints of the real corpus, usually different methods on one path) get ``_2``, ``_3``, …
suffixes so that every endpoint keeps a distinct id.

Problems inside one API are reported through ``report`` (a :class:`~tooldial.errors.CorpusError` naming
file, record and field) and that API is left out; problems with the tool object itself raise.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tooldial.corpus.constraints import schema_constraints
from tooldial.corpus.error_example import documented_error, error_only_path
from tooldial.corpus.models import Api, OutputComponent, Parameter, Tool
from tooldial.corpus.schema import (
    components_from_example,
    components_from_schema,
    documents_nothing,
    fill_examples,
    input_fields,
    is_property_map,
    looks_like_schema,
    normalize_type,
    parse_example,
    parse_literal,
    share_output_enums,
    success_fields,
    unwrap_response,
)
from tooldial.errors import CorpusError
from tooldial.knowledge.loader import words as knowledge_words

#: HTTP headers of the wire format, documented as parameters by many RapidAPI tools (763 required Content-Type).
_TRANSPORT_HEADERS = knowledge_words("web", "transport_headers")

Report = Callable[[CorpusError], None]

TOOL_NAME_KEYS = ("standardized_name", "tool_name", "name")
CATEGORY_KEYS = ("category", "category_name")
EXAMPLE_KEYS = ("example_response", "test_endpoint", "output")
SCHEMA_KEYS = ("schema", "response_schema", "output_schema")
DEFAULT_CATEGORY = "Uncategorized"
#: Who serves the tool, when a tool object says (ToolBench files from RapidAPI carry ``host``).
PROVIDER_KEYS = ("provider", "host")


def type_name(value: Any) -> str:
    """``str``, ``int``, ``list``… as Python names them, for error messages."""
    return "null" if value is None else type(value).__name__


def clean_name(value: str) -> str:
    """A name usable inside an ``Category|tool|api`` id."""
    return value.strip().replace("|", "/")


def first_key(obj: dict, keys: tuple[str, ...]) -> Any:
    for key in keys:
        value = obj.get(key)
        if value not in (None, ""):
            return value
    return None


class Where:
    """File and record of the object being read; makes errors for a field."""

    def __init__(self, file: str, record: str | None) -> None:
        self.file = file
        self.record = record

    def error(self, field: str | None, problem: str) -> CorpusError:
        return CorpusError(problem, file=self.file, record=self.record, field=field)


def _maybe_literal(value: Any) -> Any:
    if isinstance(value, str) and value.strip()[:1] in ("[", "{"):
        try:
            return parse_literal(value)
        except ValueError:
            return value
    return value


def coerce_default(value: Any, kind: str) -> Any:
    """A documented default/example in its type: ``"10"`` → ``10`` for numbers, ``""`` → ``None``."""
    if isinstance(value, str):
        text = value.strip()
        if not text:
            return None
        try:
            if kind == "integer":
                return int(text)
            if kind == "number":
                number = float(text)
                return int(number) if number.is_integer() and "." not in text and "e" not in text.lower() else number
        except ValueError:
            return value
        if kind == "boolean" and text.lower() in ("true", "false"):
            return text.lower() == "true"
        if kind in ("array", "object"):
            return _maybe_literal(value)
    return value


def parse_parameters(raw: Any, where: Where, field: str, *, required: bool = True) -> tuple[Parameter, ...]:
    """A ``required_parameters`` / ``optional_parameters`` value: a list (or its literal string) of objects.

    A parameter documented with a JSON schema of an object or an array of objects (``properties`` /
    ``items``) gets its nested leaves as ``fields`` (required ones only if ``required``)."""
    if raw is None or raw == "":
        return ()
    if isinstance(raw, str):
        try:
            raw = parse_literal(raw)
        except ValueError:
            raise where.error(field, "expected a list, got str") from None
    if isinstance(raw, dict):  # {"name": {"type": ...}} or a JSON-schema object with properties
        props = raw.get("properties") if looks_like_schema(raw) else raw
        if not isinstance(props, dict):
            raise where.error(field, "expected a list, got dict")
        raw = [{"name": k, **(v if isinstance(v, dict) else {"default": v})} for k, v in props.items()]
    if not isinstance(raw, list):
        raise where.error(field, f"expected a list, got {type_name(raw)}")
    params: list[Parameter] = []
    seen: set[str] = set()
    for i, item in enumerate(raw):
        item_field = f"{field}[{i}]"
        item = _maybe_literal(item)
        if isinstance(item, str) and item.strip():
            item = {"name": item}
        if not isinstance(item, dict):
            raise where.error(item_field, f"expected an object, got {type_name(item)}")
        name = item.get("name")
        if name is None or (isinstance(name, str) and not name.strip()):
            raise where.error(f"{item_field}.name", "missing")
        if not isinstance(name, (str, int)):
            raise where.error(f"{item_field}.name", f"expected a string, got {type_name(name)}")
        name = str(name).strip()
        if name in seen:  # the same parameter documented twice: keep the first
            continue
        seen.add(name)
        kind, fmt = normalize_type(item.get("type"))
        if isinstance(item.get("format"), str):
            fmt = item["format"]
        enum = item.get("enum")
        description = item.get("description")
        params.append(Parameter(
            name=name,
            type=kind,
            format=fmt,
            description="" if description is None else str(description).strip(),
            default=coerce_default(item.get("default"), kind),
            example=coerce_default(item.get("example"), kind),
            enum=list(enum) if isinstance(enum, (list, tuple)) and enum else None,
            fields=input_fields(name, item, required=required)
            if isinstance(item.get("properties"), dict) or isinstance(item.get("items"), dict) else (),
            constraints=schema_constraints(item),
        ))
    return tuple(params)


def output_components(api: dict) -> tuple[tuple[OutputComponent, ...], Any]:
    """Components from the response schema, else the example response; plus the parsed example.

    Bad shapes here never fail an API: an unreadable schema or example just documents no outputs.
    """
    example = unwrap_response(parse_example(first_key(api, EXAMPLE_KEYS)))
    from_example = success_fields(example)
    listed = api.get("output_components")
    if isinstance(listed, list) and listed and all(isinstance(c, dict) and c.get("name") for c in listed):
        # The ToolDial release catalogue: [{"name": "avatar|url", "object_long": ...}]; type and list-ness
        # come from the example response where it shows the path.
        seen = {c.path: c for c in from_example}
        comps = []
        failed = documented_error(example)
        for c in listed:
            path = OutputComponent.parse_path(str(c["name"]))
            if failed and error_only_path(path):
                continue  # the catalogue lists an error example's fields (ErrorMessage): no output of a success
            ex = seen.get(path)
            comps.append(OutputComponent(
                path=path, type=ex.type if ex else "string", is_list=ex.is_list if ex else False,
                description=str(c.get("object_long") or c.get("description") or "")))
        return fill_examples(comps, from_example), example
    schema = first_key(api, SCHEMA_KEYS)
    if isinstance(schema, str):
        try:
            schema = parse_literal(schema)
        except ValueError:
            schema = None  # prose or a truncated schema: fall back to the example
    comps: list[OutputComponent] = []
    if isinstance(schema, list) and schema and not from_example:  # an example body in the schema slot
        from_example = components_from_example(schema)
        example = schema if example is None else example
    if isinstance(schema, dict) and schema and not documents_nothing(schema):
        if looks_like_schema(schema) or is_property_map(schema):
            comps = components_from_schema(schema)
        elif example is None or not from_example:
            # Many ToolBench "schemas" are really an example body.
            from_example = components_from_example(schema)
            if example is None:
                example = schema
    if not comps:
        return tuple(from_example), example
    return fill_examples(comps, from_example), example


def parse_api(api: Any, *, category: str, tool: str, tool_description: str, where: Where,
              field: str) -> Api:
    """One element of ``api_list``."""
    api = _maybe_literal(api)
    if not isinstance(api, dict):
        raise where.error(field, f"expected an object, got {type_name(api)}")
    name = first_key(api, ("name", "api_name"))
    if name is None:
        raise where.error(f"{field}.name", "missing")
    if not isinstance(name, (str, int)):
        raise where.error(f"{field}.name", f"expected a string, got {type_name(name)}")
    name = clean_name(str(name))
    if not name:
        raise where.error(f"{field}.name", "missing")
    description = first_key(api, ("description", "api_description"))
    method = api.get("method")
    required = parse_parameters(api.get("required_parameters"), where, f"{field}.required_parameters")
    optional = parse_parameters(api.get("optional_parameters"), where, f"{field}.optional_parameters",
                                required=False)
    required = tuple(p for p in required if p.name.lower() not in _TRANSPORT_HEADERS)
    required_names = {p.name for p in required}
    optional = tuple(p for p in optional if p.name not in required_names and p.name.lower() not in _TRANSPORT_HEADERS)
    outputs, example = output_components(api)
    return Api(
        category=category,
        tool=tool,
        name=name,
        description="" if description is None else str(description).strip(),
        tool_description=tool_description,
        method=method.strip().upper() if isinstance(method, str) and method.strip() else "GET",
        required_parameters=required,
        optional_parameters=optional,
        output_components=outputs,
        example_response=example,
    )


def parse_tool(obj: Any, *, file: str, record: str | None = None, category: str | None = None,
               report: Report) -> Tool:
    """A ToolBench tool object. ``category`` is the folder name, used when the object names none.

    Broken APIs are passed to ``report`` and left out; a broken tool object raises ``CorpusError``.
    """
    where = Where(file, record)
    if not isinstance(obj, dict):
        raise where.error(None, f"expected a tool object, got {type_name(obj)}")
    name = first_key(obj, TOOL_NAME_KEYS)
    if name is None:
        raise where.error("tool_name", "missing")
    if not isinstance(name, (str, int)):
        raise where.error("tool_name", f"expected a string, got {type_name(name)}")
    name = clean_name(str(name))
    if not name:
        raise where.error("tool_name", "missing")
    if record is not None and "tool" not in record:
        where.record = f"{record} (tool {name!r})"
    cat = first_key(obj, CATEGORY_KEYS) or category or DEFAULT_CATEGORY
    if not isinstance(cat, (str, int)):
        raise where.error("category", f"expected a string, got {type_name(cat)}")
    cat = clean_name(str(cat)) or DEFAULT_CATEGORY
    description = first_key(obj, ("tool_description", "description"))
    description = "" if description is None else str(description).strip()
    api_list = _maybe_literal(obj.get("api_list"))
    if api_list is None:
        raise where.error("api_list", "missing")
    if not isinstance(api_list, list):
        raise where.error("api_list", f"expected a list, got {type_name(api_list)}")
    apis: list[Api] = []
    names: set[str] = set()
    for i, raw in enumerate(api_list):
        try:
            api = parse_api(raw, category=cat, tool=name, tool_description=description, where=where,
                            field=f"api_list[{i}]")
        except CorpusError as exc:
            report(exc)
            continue
        if api.name in names:
            k = 2
            while f"{api.name}_{k}" in names:
                k += 1
            api = api.model_copy(update={"name": f"{api.name}_{k}"})
        names.add(api.name)
        apis.append(api)
    provider = first_key(obj, PROVIDER_KEYS)
    provider = str(provider).strip().lower() if isinstance(provider, (str, int)) else ""
    return Tool(category=cat, name=name, description=description, apis=share_output_enums(apis),
                provider=provider, provider_rule="documented" if provider else "own tool")
