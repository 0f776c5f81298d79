"""OpenAPI 3.0 / 3.1 documents → :class:`~tooldial.corpus.models.Tool` (one tool per document).

- the tool is the document (``info.title``); its category is ``x-category`` (on the document or its
  ``info``), else the first tag, else ``OpenAPI``;
- every operation becomes an API named by its ``operationId``, else ``METHOD /path``;
- path and query parameters (path-level ones inherited, operation-level ones overriding) and the
  properties of a JSON request body become parameters; ``required`` flags are honoured (a path parameter
  is always required, a property of an optional body never is). Header and cookie parameters are
  transport details (auth, content negotiation), not something a user is asked for, and are left out;
- the first 2xx response (else ``default``) gives the output components from its JSON schema and an
  example response from its ``example`` / ``examples``.

Local ``$ref`` s (``#/components/...``) are resolved everywhere, including nested ones, ``allOf`` is merged
and reference cycles end the branch. A ``$ref`` that points nowhere (or to another file) is a
:class:`~tooldial.errors.CorpusError` naming the file, the operation and the field; that operation is
skipped (or, with ``strict``, the load stops).
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

from tooldial.corpus.constraints import schema_constraints
from tooldial.corpus.models import Api, InputField, Parameter, Tool
from tooldial.corpus.openapi_links import operation_key, raw_links, resolve_links
from tooldial.corpus.schema import (
    as_dict,
    as_str_list,
    components_from_schema,
    fill_examples,
    input_fields,
    normalize_type,
    share_output_enums,
    success_fields,
    unwrap_response,
)
from tooldial.corpus.toolbench import Report, clean_name, coerce_default, type_name
from tooldial.errors import CorpusError

HTTP_METHODS = ("get", "put", "post", "delete", "patch", "head", "options", "trace")
DEFAULT_CATEGORY = "OpenAPI"
_JSON_MEDIA = re.compile(r"^application/([\w.+-]*\+)?json")


def is_openapi(doc: Any) -> bool:
    """An OpenAPI document has a top-level ``openapi`` version key."""
    return isinstance(doc, dict) and "openapi" in doc


class _Resolver:
    """Local JSON-pointer ``$ref`` lookup inside one document, with errors that say where."""

    def __init__(self, doc: dict, file: str) -> None:
        self.doc = doc
        self.file = file
        self.record: str | None = None

    def lookup(self, ref: str, field: str) -> Any:
        if not ref.startswith("#"):
            raise CorpusError(f"external $ref {ref!r} is not supported (bundle the spec into one file)",
                              file=self.file, record=self.record, field=field)
        node: Any = self.doc
        for raw in ref[1:].split("/")[1:] if ref != "#" else []:
            part = raw.replace("~1", "/").replace("~0", "~")
            if isinstance(node, dict) and part in node:
                node = node[part]
            elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
                node = node[int(part)]
            else:
                raise CorpusError(f"unresolvable $ref {ref!r}", file=self.file, record=self.record, field=field)
        if not isinstance(node, dict):
            raise CorpusError(f"$ref {ref!r} points to a {type_name(node)}, not an object",
                              file=self.file, record=self.record, field=field)
        return node

    def deref(self, node: Any, field: str) -> Any:
        """Follow ``$ref`` chains (not into nested fields); a cycle of pure references is an error."""
        seen: set[str] = set()
        while isinstance(node, dict) and isinstance(node.get("$ref"), str):
            ref = node["$ref"]
            if ref in seen:
                raise CorpusError(f"$ref cycle through {ref!r}", file=self.file, record=self.record, field=field)
            seen.add(ref)
            node = self.lookup(ref, f"{field}.$ref")
        return node

    def schema_resolver(self, base: str):
        """The ``resolve`` callback for :func:`components_from_schema`, prefixing field paths with ``base``."""
        def resolve(ref: str, sub: str) -> dict:
            return self.lookup(ref, f"{base}.{sub}")
        return resolve

    def flat_schema(self, schema: Any, field: str, depth: int = 0) -> dict:
        """A schema with its ``$ref`` followed and ``allOf`` members merged (one level of properties)."""
        schema = self.deref(schema, field)
        if not isinstance(schema, dict):
            return {}
        parts = schema.get("allOf")
        if not isinstance(parts, list) or depth > 8:
            return schema
        merged = {k: v for k, v in schema.items() if k != "allOf"}
        props = dict(as_dict(merged.get("properties")))
        required = as_str_list(merged.get("required"))
        for i, part in enumerate(parts):
            part = self.flat_schema(part, f"{field}.allOf[{i}]", depth + 1)
            props.update(as_dict(part.get("properties")))
            required += [r for r in as_str_list(part.get("required")) if r not in required]
            for key, value in part.items():
                if key not in ("properties", "required"):
                    merged.setdefault(key, value)
        if props:
            merged["properties"] = props
        if required:
            merged["required"] = required
        return merged


def _pick_media(content: Any) -> tuple[str, dict] | None:
    if not isinstance(content, dict) or not content:
        return None
    for media, body in content.items():
        if _JSON_MEDIA.match(str(media)) and isinstance(body, dict):
            return str(media), body
    media, body = next(iter(content.items()))
    return (str(media), body) if isinstance(body, dict) else None


def _text(*values: Any) -> str:
    parts: list[str] = []
    for value in values:
        if isinstance(value, str) and value.strip() and value.strip() not in parts:
            parts.append(value.strip())
    return " — ".join(parts)


def _parameter(name: str, schema: dict, description: str, *, example: Any = None,
               fields: tuple[InputField, ...] = ()) -> Parameter:
    kind, fmt = normalize_type(schema.get("type")) if "type" in schema else ("string", None)
    if isinstance(schema.get("format"), str):
        fmt = schema["format"]
    enum = schema.get("enum")
    if example is None:
        example = schema.get("example")
        if example is None and isinstance(schema.get("examples"), list) and schema["examples"]:
            example = schema["examples"][0]
    return Parameter(
        name=name,
        type=kind,
        format=fmt,
        description=description,
        default=coerce_default(schema.get("default"), kind),
        example=example,
        enum=list(enum) if isinstance(enum, list) and enum else None,
        fields=fields,
        constraints=schema_constraints(schema),
    )


def _first_example(media: dict, resolver: _Resolver, field: str) -> Any:
    if "example" in media:
        return media["example"]
    examples = media.get("examples")
    if isinstance(examples, dict):
        for key, ex in examples.items():
            ex = resolver.deref(ex, f"{field}.examples.{key}")
            if isinstance(ex, dict) and "value" in ex:
                return ex["value"]
    return None


def _operation(resolver: _Resolver, *, path: str, method: str, op: dict, path_params: list,
               category: str, tool: str, tool_description: str) -> Api:
    name = op.get("operationId") if isinstance(op.get("operationId"), str) else None
    name = clean_name(name or f"{method.upper()} {path}")
    resolver.record = f"operation {name!r}"
    base = f"paths.{path}.{method}"
    required, optional = _path_query_parameters(resolver, path, base, op, path_params)
    body_required, body_optional = _body_parameters(resolver, base, op)
    required += body_required
    optional += body_optional
    taken = {p.name for p in required}
    optional = [p for p in optional if p.name not in taken]
    outputs, example = _response(resolver, base, op)
    return Api(
        category=category,
        tool=tool,
        name=name,
        description=_text(op.get("summary"), op.get("description")),
        tool_description=tool_description,
        method=method.upper(),
        required_parameters=tuple(required),
        optional_parameters=tuple(optional),
        output_components=outputs,
        example_response=example,
        tags=tuple(clean_name(t) for t in as_str_list(op.get("tags")) if clean_name(t)),
        path=path,
    )


def _path_query_parameters(resolver: _Resolver, path: str, base: str, op: dict,
                           path_params: list) -> tuple[list[Parameter], list[Parameter]]:
    """Path and query parameters: path-level ones, overridden by operation-level ones with the same
    (name, in). Header and cookie parameters are transport details and are left out."""
    by_key: dict[tuple[str, str], tuple[dict, str]] = {}
    for source, params in ((f"paths.{path}.parameters", path_params), (f"{base}.parameters", op.get("parameters"))):
        if params is None:
            continue
        if not isinstance(params, list):
            raise CorpusError(f"expected a list, got {type_name(params)}", file=resolver.file,
                              record=resolver.record, field=source)
        for i, raw in enumerate(params):
            field = f"{source}[{i}]"
            param = resolver.deref(raw, field)
            if not isinstance(param, dict) or not isinstance(param.get("name"), str):
                raise CorpusError("expected a parameter object with a name", file=resolver.file,
                                  record=resolver.record, field=field)
            by_key[(param["name"], str(param.get("in", "query")))] = (param, field)
    required: list[Parameter] = []
    optional: list[Parameter] = []
    for (pname, where), (param, field) in by_key.items():
        if where not in ("path", "query"):
            continue
        is_required = where == "path" or param.get("required") is True
        raw_schema, schema_field = param.get("schema", {}), f"{field}.schema"
        schema = resolver.flat_schema(raw_schema, schema_field)
        if not schema and isinstance(param.get("content"), dict):
            media = _pick_media(param["content"])
            raw_schema, schema_field = (media[1].get("schema", {}) if media else {}), f"{field}.content"
            schema = resolver.flat_schema(raw_schema, schema_field) if media else {}
        parsed = _parameter(pname, schema, _text(param.get("description"), schema.get("description")),
                            example=param.get("example"),
                            fields=input_fields(pname, raw_schema, resolve=resolver.schema_resolver(schema_field),
                                                required=is_required))
        (required if is_required else optional).append(parsed)
    return required, optional


def _body_parameters(resolver: _Resolver, base: str, op: dict) -> tuple[list[Parameter], list[Parameter]]:
    """The properties of a JSON request body (each one a parameter, nested leaves as its ``fields``), or the
    whole body as one parameter ``body`` when it has no properties. ``readOnly`` properties are left out."""
    required: list[Parameter] = []
    optional: list[Parameter] = []
    body = op.get("requestBody")
    if body is None:
        return required, optional
    field = f"{base}.requestBody"
    body = resolver.deref(body, field)
    media = _pick_media(body.get("content") if isinstance(body, dict) else None)
    if not media:
        return required, optional
    sfield = f"{field}.content.{media[0]}.schema"
    schema = resolver.flat_schema(media[1].get("schema", {}), sfield)
    body_required = bool(body.get("required"))
    props = schema.get("properties")
    if isinstance(props, dict) and props:
        needed = set(as_str_list(schema.get("required"))) if body_required else set()
        for pname, raw in props.items():
            pfield = f"{sfield}.properties.{pname}"
            sub = resolver.flat_schema(raw, pfield)
            if sub.get("readOnly") is True:
                continue  # server-assigned (ids, timestamps): not an input
            fields = input_fields(str(pname), raw, resolve=resolver.schema_resolver(pfield),
                                  required=pname in needed)
            parsed = _parameter(str(pname), sub, _text(sub.get("description"), sub.get("title")), fields=fields)
            (required if pname in needed else optional).append(parsed)
    elif schema:
        parsed = _parameter("body", schema, _text(body.get("description"), schema.get("description")))
        (required if body_required else optional).append(parsed)
    return required, optional


def _response(resolver: _Resolver, base: str, op: dict) -> tuple[tuple, Any]:
    """Output components and example of the first 2xx response (else ``default``)."""
    responses = op.get("responses")
    if not isinstance(responses, dict):
        return (), None
    # YAML reads an unquoted 200 as an int: keep the original keys, order them as strings.
    codes = sorted((c for c in responses if str(c).startswith("2")), key=lambda c: str(c).upper().replace("X", "9"))
    code = codes[0] if codes else ("default" if "default" in responses else None)
    if code is None:
        return (), None
    field = f"{base}.responses.{code}"
    response = resolver.deref(responses[code], field)
    media = _pick_media(response.get("content") if isinstance(response, dict) else None)
    if not media:
        return (), None
    mfield = f"{field}.content.{media[0]}"
    example = unwrap_response(_first_example(media[1], resolver, mfield))
    schema = media[1].get("schema")
    if isinstance(schema, dict) and isinstance(response, dict) and not schema.get("description"):
        schema = {**schema, "description": response.get("description") or ""}  # a scalar body's only words
    comps = components_from_schema(schema, resolve=resolver.schema_resolver(f"{mfield}.schema"))
    from_example = success_fields(example)
    outputs = fill_examples(comps, from_example) if comps else tuple(from_example)
    return tuple(outputs), example


def parse_openapi(doc: dict, *, file: str, report: Report) -> list[Tool]:
    """The tool described by one OpenAPI document. Broken operations go to ``report`` and are left out."""
    version = str(doc.get("openapi", ""))
    if not version.startswith("3."):
        raise CorpusError(f"unsupported OpenAPI version {version!r} (3.0 and 3.1 are supported)",
                          file=file, field="openapi")
    info = doc.get("info") if isinstance(doc.get("info"), dict) else {}
    title = info.get("title")
    stem = file.rsplit("/", 1)[-1].split(".", 1)[0]
    tool = clean_name(str(title)) if title not in (None, "") else stem
    category = doc.get("x-category") or info.get("x-category")
    if not category:
        tags = doc.get("tags")
        if isinstance(tags, list) and tags and isinstance(tags[0], dict) and tags[0].get("name"):
            category = tags[0]["name"]
    if not category:
        category = next((as_str_list(op.get("tags"))[0] for item in as_dict(doc.get("paths")).values() if isinstance(item, dict)
                         for m, op in item.items() if m in HTTP_METHODS and isinstance(op, dict)
                         and as_str_list(op.get("tags"))), DEFAULT_CATEGORY)
    category = clean_name(str(category)) or DEFAULT_CATEGORY
    paths = doc.get("paths")
    if paths is None:
        paths = {}
    if not isinstance(paths, dict):
        raise CorpusError(f"expected an object, got {type_name(paths)}", file=file, field="paths")
    resolver = _Resolver(doc, file)
    base_path = _server_path(doc)
    description = _text(info.get("description"), info.get("summary"))
    apis: list[Api] = []
    names: set[str] = set()
    pending_links: list[tuple[str, str, str, dict]] = []
    operations: dict[tuple[str, str], str] = {}
    operation_ids: dict[str, str] = {}
    for path, item in paths.items():
        try:
            resolver.record = None
            item = resolver.deref(item, f"paths.{path}")
        except CorpusError as exc:
            report(exc)
            continue
        if not isinstance(item, dict):
            report(CorpusError(f"expected an object, got {type_name(item)}", file=file, field=f"paths.{path}"))
            continue
        for method in HTTP_METHODS:
            op = item.get(method)
            if op is None:
                continue
            try:
                if not isinstance(op, dict):
                    raise CorpusError(f"expected an object, got {type_name(op)}", file=file,
                                      field=f"paths.{path}.{method}")
                api = _operation(resolver, path=str(path), method=method, op=op,
                                 path_params=item.get("parameters") or [], category=category, tool=tool,
                                 tool_description=description)
            except CorpusError as exc:
                report(exc)
                continue
            if base_path:
                api = api.model_copy(update={"path": base_path + api.path})
            if api.name in names:
                api = api.model_copy(update={"name": f"{api.name} ({method.upper()} {path})"})
            names.add(api.name)
            apis.append(api)
            operations[operation_key(path, method)] = api.name
            if isinstance(op.get("operationId"), str):
                operation_ids.setdefault(op["operationId"], api.name)
            try:
                pending_links += [(api.name, field, name, link)
                                  for field, name, link in raw_links(resolver, api.name, f"paths.{path}.{method}", op)]
            except CorpusError as exc:
                report(exc)
    if not apis and not paths:
        raise CorpusError("the document has no operations", file=file, field="paths")
    provider, rule = _provider(doc)
    apis = share_output_enums(apis)
    links = resolve_links(pending_links, list(apis), operations, operation_ids, file=file, report=report)
    named = {**operation_ids, **{f"{method} {path}": name for (path, method), name in operations.items()}}
    return [Tool(category=category, name=tool, description=description, apis=apis,
                 provider=provider, provider_rule=rule, links=links, operations=tuple(sorted(named.items())))]


def _server_path(doc: dict) -> str:
    """The path of the first server URL (``https://api.x.com/crm/v3`` → ``/crm/v3``), which every operation's path
    follows; ``""`` for none or a root server. Server variables stay as written (``/{basePath}``)."""
    servers = doc.get("servers")
    url = as_dict(servers[0]).get("url") if isinstance(servers, list) and servers else None
    if not isinstance(url, str):
        return ""
    path = urlsplit(url).path if "://" in url else url
    return "/" + path.strip("/") if path.strip("/") else ""


def _provider(doc: dict) -> tuple[str, str]:
    """``x-provider`` (document or ``info``), else the host of the first absolute server URL, else ``""``; with
    the rule that decided it (:mod:`tooldial.corpus.providers`)."""
    info = as_dict(doc.get("info"))
    named = doc.get("x-provider") or info.get("x-provider")
    if isinstance(named, str) and named.strip():
        return named.strip().lower(), "documented"
    servers = doc.get("servers")
    if isinstance(servers, list):
        for server in servers:
            url = as_dict(server).get("url")
            if isinstance(url, str):
                host = urlsplit(url).hostname
                if host:
                    return host.lower().removeprefix("www."), "server host"
    return "", "own tool"
