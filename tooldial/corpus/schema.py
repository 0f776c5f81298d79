"""Output components from a response JSON schema or an example response; literal and type parsing.

API documentation in the wild (ToolBench, StableToolBench, OpenAPI) describes responses in three ways: a
JSON schema, a bare property map (``{"id": {"type": "string"}, ...}``), or only a recorded example
response (JSON, a Python literal, or JSON truncated at 2,000 characters). All three become a flat list of
:class:`~tooldial.corpus.models.OutputComponent` leaves whose ``path`` keeps the hierarchy:

- objects are joined: ``{"avatar": {"url": ...}}`` → ``("avatar", "url")``;
- arrays, and maps keyed by data (``additionalProperties``, or objects whose keys are all dates or
  numbers), are transparent, and every leaf below one is marked ``is_list=True`` because the API returns
  several values for it;
- keys are cleaned so that a path survives every spelling: ``|`` → ``/``, ``—`` → ``-``, ``->`` → ``>``;
- ``allOf`` members are merged, ``anyOf`` / ``oneOf`` variants contribute the union of their leaves.

**The ``response`` wrapper.** The ToolDial release stores example outputs as ``{"response": <body>}``
(tooldial-release-format.md §0 ``output``, §1 ``mockdata.output_components``), while its output-component
paths and procurement strings start *inside* the body (``station->station_id``). Paths here therefore start
at the response body: a document whose only top-level key is ``response`` is the release's wrapper and is
unwrapped (also in ``Api.example_response``, so that component paths address the stored example); a
``response`` key *next to* other keys is a real field of that API and is kept. A body that is a bare scalar
(or a list of scalars) becomes a single component named ``response``, which is also what the wrapped form
yields.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from tooldial.corpus.constraints import schema_constraints
from tooldial.corpus.error_example import documented_error, error_only_path
from tooldial.corpus.models import ARRAY_MARK, MAP_KEY, Api, InputField, OutputComponent
from tooldial.knowledge import loader
from tooldial.knowledge.english import singular

#: Name of the release's response wrapper, and of the single component of a scalar response body.
RESPONSE_KEY = "response"

#: Deepest path followed into a schema or example (guards against pathological documents).
MAX_DEPTH = 12

#: Array elements of an example response that are merged to find its fields.
MAX_EXAMPLE_ITEMS = 20

JSON_SCHEMA_TYPES = loader.words("schema_types", "json_types")

#: ToolBench / RapidAPI / loose spellings → (JSON-schema type, format). Keys are lowercase.
_TYPE_FORMATS = loader.word_map("schema_types", "format_aliases")
_TYPE_ALIASES: dict[str, tuple[str, str | None]] = {
    name: (str(json_type), _TYPE_FORMATS.get(name))
    for name, json_type in loader.word_map("schema_types", "type_aliases").items()}

_TYPE_WORD = re.compile(r"[a-z0-9_-]+")


def normalize_type(raw: Any) -> tuple[str, str | None]:
    """Map a documented type to a lowercase JSON-schema type and an optional format.

    ``"NUMBER"`` → ``("number", None)``, ``"DATE (YYYY-MM-DD)"`` → ``("string", "date")``,
    ``["object", "null"]`` → ``("object", None)``. Unknown names fall back to ``string`` (the type every
    documented value can be written in), so a corpus never fails on an exotic type name.
    """
    if isinstance(raw, (list, tuple)):
        names = [r for r in raw if isinstance(r, str) and r.lower() != "null"]
        raw = names[0] if names else "null"
    if not isinstance(raw, str):
        return "string", None
    text = raw.strip().lower()
    hit = _TYPE_ALIASES.get(text)
    if hit:
        return hit
    word = _TYPE_WORD.match(text)  # "date (yyyy-mm-dd)", "geopoint (latitude, longitude)"
    if word and word.group() in _TYPE_ALIASES:
        return _TYPE_ALIASES[word.group()]
    return "string", None


def parse_literal(text: str) -> Any:
    """Parse a string holding a JSON or Python literal (``"[{'name': 'q'}]"``, ``'{"a": 1}'``).

    Raises ``ValueError`` when it is neither. ToolBench stores many lists and dicts as their Python
    ``repr``, so both readings are needed.
    """
    stripped = text.strip()
    try:
        return json.loads(stripped)
    except (json.JSONDecodeError, RecursionError):
        pass
    try:
        return ast.literal_eval(stripped)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        raise ValueError("not a JSON or Python literal") from None


# Strings (either quote), and the structural characters outside them.
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'|[\[\]{},]', re.S)
_CLOSER = {"[": "]", "{": "}"}


def repair_truncated(text: str) -> Any:
    """Best effort: parse the longest complete prefix of a JSON / Python-literal document cut off mid-way.

    Recorded example responses are often truncated (ToolBench keeps the first 2,000 characters). We cut
    at the last separator or closing bracket outside a string and close the open brackets. Raises
    ``ValueError`` when no prefix parses.
    """
    stack: list[str] = []
    cuts: list[tuple[int, str]] = []  # (cut position, closing suffix)
    for match in _TOKENS.finditer(text):
        tok = match.group()
        if tok in ("[", "{"):
            stack.append(_CLOSER[tok])
        elif tok in ("]", "}"):
            if not stack or stack[-1] != tok:
                break
            stack.pop()
            cuts.append((match.end(), "".join(reversed(stack))))
        elif tok == ",":
            cuts.append((match.start(), "".join(reversed(stack))))
    for pos, suffix in reversed(cuts[-8:]):
        candidate = text[:pos].rstrip()
        if candidate.endswith(":"):
            continue
        try:
            return parse_literal(candidate + suffix)
        except ValueError:
            continue
    raise ValueError("truncated document with no parsable prefix")


def unwrap_response(body: Any) -> Any:
    """``{"response": X}`` (the release's wrapper) → ``X``; anything else unchanged."""
    if isinstance(body, dict) and len(body) == 1 and RESPONSE_KEY in body:
        return body[RESPONSE_KEY]
    return body


def parse_example(raw: Any) -> Any:
    """Read a documented example response into Python data.

    Strings holding JSON or a Python literal are parsed (truncated ones repaired where possible); other
    strings (plain-text bodies such as ``"Not found"``) are returned unchanged.
    """
    if not isinstance(raw, str):
        return raw
    stripped = raw.strip()
    if not stripped or stripped[0] not in "[{\"'-0123456789tfnTFN":
        return raw
    try:
        return parse_literal(stripped)
    except ValueError:
        pass
    if stripped[0] in "[{":
        try:
            return repair_truncated(stripped)
        except ValueError:
            return raw
    return raw


def as_dict(value: Any) -> dict:
    """``value`` when it is a dict, else ``{}`` (documents in the wild put anything anywhere)."""
    return value if isinstance(value, dict) else {}


def as_str_list(value: Any) -> list[str]:
    """The strings of ``value`` when it is a list, else ``[]``."""
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


# --------------------------------------------------------------------------------------------- paths

# Keys that are data rather than field names: numbers, dates, times ("2021-01-04", "1", "10:30").
_DATA_KEY = re.compile(r"^[+-]?\d[\d\-:./ T+Z]*$")


def is_data_map(keys: Iterable[Any]) -> bool:
    """Whether an object's keys are data (a map keyed by dates or numbers), so it acts like an array."""
    keys = list(keys)
    return bool(keys) and all(isinstance(k, str) and (_DATA_KEY.match(k) or "|" in k) for k in keys)


def clean_key(key: Any) -> str:
    """A response key usable as a path element: no separator of the three spellings, never empty."""
    text = str(key).strip().replace("|", "/").replace("—", "-").replace("->", ">")
    return text or "_"


# --------------------------------------------------------------------------------------------- schemas


def looks_like_schema(doc: Any) -> bool:
    """Whether a dict is a JSON schema (rather than an example body or a bare property map)."""
    if not isinstance(doc, dict) or not doc:
        return False
    kind = doc.get("type")
    if isinstance(kind, str) and kind.lower() in JSON_SCHEMA_TYPES:
        return True
    if isinstance(kind, list) and kind and all(isinstance(k, str) and k in JSON_SCHEMA_TYPES for k in kind):
        return True
    if isinstance(doc.get("properties"), dict) or isinstance(doc.get("items"), (dict, list)):
        return True
    return any(isinstance(doc.get(k), list) for k in ("allOf", "anyOf", "oneOf")) or "$ref" in doc


def is_property_map(doc: Any) -> bool:
    """``{"id": {"type": "string"}, "name": {...}}``: properties written without the enclosing schema; a property
    may name its type loosely (``{"type": "double", "required": false, "description": "Recover ratio."}``)."""
    return isinstance(doc, dict) and bool(doc) and all(looks_like_schema(v) or _describes_a_value(v)
                                                       for v in doc.values())


#: Keys that document a value rather than hold one (``schema_types.schema_keywords``).
_SCHEMA_KEYWORDS = loader.words("schema_types", "schema_keywords")


def _describes_a_value(doc: Any) -> bool:
    """``{"type": "double", "required": false, "description": …}``: one property described, its type named loosely."""
    return isinstance(doc, dict) and isinstance(doc.get("type"), str) and all(k in _SCHEMA_KEYWORDS for k in doc)


def documents_nothing(doc: Any) -> bool:
    """A schema made only of schema keywords, with no property, item or type: ``{"$schema": "…draft-04…"}`` is
    no example body (its one key is no field of the response)."""
    return (isinstance(doc, dict) and bool(doc) and all(k in _SCHEMA_KEYWORDS for k in doc)
            and not any(k in doc for k in ("type", "properties", "items", "$ref")))


#: Resolves ``{"$ref": "#/components/..."}``; receives the ref string and the field path, returns the schema.
RefResolver = Callable[[str, str], dict]


class _SchemaWalker:
    """Flattens one JSON schema into output components. ``$ref`` cycles end the branch."""

    def __init__(self, resolve: RefResolver | None) -> None:
        self.resolve = resolve
        self.out: dict[tuple[str, ...], OutputComponent] = {}

    def deref(self, schema: Any, where: str, seen: frozenset[str]) -> tuple[Any, frozenset[str]]:
        while isinstance(schema, dict) and isinstance(schema.get("$ref"), str):
            ref = schema["$ref"]
            if ref in seen:
                return None, seen  # a cycle: the branch adds nothing new
            if self.resolve is None:
                return None, seen
            seen = seen | {ref}
            target = self.resolve(ref, f"{where}.$ref".lstrip("."))
            extra = {k: v for k, v in schema.items() if k != "$ref"}  # 3.1 allows siblings of $ref
            schema = {**target, **extra} if extra else target
        return schema, seen

    def merged(self, schema: dict, where: str, seen: frozenset[str]) -> dict:
        """Fold ``allOf`` members (resolved) into one object schema."""
        parts = schema.get("allOf")
        if not isinstance(parts, list):
            return schema
        merged: dict[str, Any] = {k: v for k, v in schema.items() if k != "allOf"}
        props: dict[str, Any] = dict(as_dict(merged.get("properties")))
        for i, part in enumerate(parts):
            part, part_seen = self.deref(part, f"{where}.allOf[{i}]", seen)
            if not isinstance(part, dict):
                continue
            part = self.merged(part, f"{where}.allOf[{i}]", part_seen)
            props.update(as_dict(part.get("properties")))
            for key, value in part.items():
                if key != "properties":
                    merged.setdefault(key, value)
        if props:
            merged["properties"] = props
            merged.setdefault("type", "object")
        return merged

    def walk(self, schema: Any, path: tuple[str, ...], is_list: bool, where: str,
             seen: frozenset[str], depth: int, list_at: tuple[str, ...] | None = None) -> None:
        """``list_at``: the path of the innermost array or map keyed by data above ``path`` (None outside
        them)."""
        schema, seen = self.deref(schema, where, seen)
        if not isinstance(schema, dict) or depth > MAX_DEPTH:
            return
        schema = self.merged(schema, where, seen)
        for key in ("anyOf", "oneOf"):
            variants = schema.get(key)
            if isinstance(variants, list) and variants:
                for i, variant in enumerate(variants):
                    self.walk(variant, path, is_list, f"{where}.{key}[{i}]", seen, depth + 1, list_at)
                return
        kind, fmt = normalize_type(schema.get("type")) if "type" in schema else (None, None)
        if isinstance(schema.get("format"), str):
            fmt = schema["format"]
        props = schema.get("properties")
        if kind == "array" or (kind is None and "items" in schema):
            items = schema.get("items")
            if isinstance(items, list):  # tuple validation: treat like one element type
                items = items[0] if items else None
            before = len(self.out)
            if isinstance(items, dict):
                self.walk(items, path, True, f"{where}.items", seen, depth + 1, path)
            if len(self.out) == before and path:  # array of scalars, or of unknown items
                self.leaf(path, "array" if items is None else _scalar_type(items), schema, True, fmt, path)
            elif path in self.out:  # array of scalars: the array's own words describe its items too
                self.describe_items(path, schema)
            return
        if isinstance(props, dict) and props:
            data_map = is_data_map(props)  # "properties" that are really data keys: a collection
            for name, sub in props.items():
                self.walk(sub, path if data_map else (*path, clean_key(name)), is_list or data_map,
                          f"{where}.properties.{name}", seen, depth + 1, path if data_map else list_at)
            return
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict) and extra:  # a map keyed by data: its keys and its values are collections
            before = len(self.out)
            self.map_keys(schema, path)
            self.walk(extra, path, True, f"{where}.additionalProperties", seen, depth + 1, path)
            if len(self.out) > before:
                return
        if kind is None and "properties" not in schema and not _has_scalar_hints(schema):
            return
        if not path and kind in (None, "object", "array"):
            return  # a bare "type: object" body documents nothing addressable
        self.leaf(path or (RESPONSE_KEY,), kind or "object", schema, is_list, fmt, list_at)

    def describe_items(self, path: tuple[str, ...], schema: dict) -> None:
        comp = self.out[path]
        example = schema.get("example")
        example = example[0] if isinstance(example, list) and example else None
        update = {"description": comp.description or str(schema.get("description") or schema.get("title") or "").strip(),
                  "example": comp.example if comp.example is not None else example}
        self.out[path] = comp.model_copy(update=update)

    def map_keys(self, schema: dict, path: tuple[str, ...]) -> None:
        """The keys of an ``additionalProperties`` map, as a list component ``(*path, "{key}")``; what they
        are comes from ``propertyNames`` (JSON Schema 2019+) or ``x-key-description`` when documented."""
        names = as_dict(schema.get("propertyNames"))
        described = (names.get("description") or schema.get("x-key-description")
                     or map_key_phrase(str(schema.get("description") or "")))
        kind, fmt = normalize_type(names.get("type", "string"))
        if isinstance(names.get("format"), str):
            fmt = names["format"]
        key_schema = {"description": described, "example": names.get("example")}
        self.leaf((*path, MAP_KEY), kind, key_schema, True, fmt, path)

    def leaf(self, path: tuple[str, ...], kind: str, schema: dict, is_list: bool, fmt: str | None,
             list_at: tuple[str, ...] | None = None) -> None:
        if path in self.out:
            return
        if kind == "null":  # documented as always null: the value type is unknown
            kind = "string"
        example = schema.get("example")
        if example is None and isinstance(schema.get("examples"), list) and schema["examples"]:
            example = schema["examples"][0]
        if example is None:
            example = schema.get("x-example")
        description = schema.get("description") or schema.get("title") or ""
        enum = schema.get("enum")
        enum = tuple(v for v in enum if v is not None and not isinstance(v, (dict, list))) \
            if isinstance(enum, list) else ()
        self.out[path] = OutputComponent(
            path=path, type=kind, format=fmt, description=str(description).strip(), example=example,
            is_list=is_list, enum=enum or None, constraints=schema_constraints(schema),
            list_at=list_at if is_list else None,
        )


#: How a map's description says what its keys are: "Rates keyed by ISO 4217 currency code", "A map from
#: airport code to ...", "indexed by SKU".
_KEY_PHRASES = (re.compile(r"\b(?:keyed|indexed) by (?:the |their |its |each |an? )?([^,.;:()]+)", re.I),
                re.compile(r"\bmap(?:ping)? (?:of|from) (?:the |each |an? )?(.+?) (?:to|onto|->|=>) ", re.I))
_KEY_NOISE = loader.words("stopwords", "map_key_noise")


def map_key_phrase(description: str) -> str:
    """What a map's own description says its keys are (up to three words, no standard numbers), or ``""``:
    ``Rates keyed by ISO 4217 currency code`` → ``currency code``."""
    for rx in _KEY_PHRASES:
        found = rx.search(description)
        if found:
            words = re.split(r"\s+| to | and | with ", found.group(1).strip())
            words = [w for w in words if w and not w.isdigit() and w.lower() not in _KEY_NOISE]
            if words:
                return " ".join(words[:4][-3:])
    return ""


def _scalar_type(schema: dict) -> str:
    """Type of array items that added no leaves: a scalar type, or ``object`` for a (cyclic) reference."""
    if not isinstance(schema, dict):
        return "string"
    if "type" in schema:
        return normalize_type(schema["type"])[0]
    if any(k in schema for k in ("$ref", "properties", "allOf", "anyOf", "oneOf")):
        return "object"
    return "string"


def _has_scalar_hints(schema: dict) -> bool:
    return any(k in schema for k in ("format", "enum", "example", "description", "title"))


def components_from_schema(schema: Any, *, resolve: RefResolver | None = None) -> list[OutputComponent]:
    """Leaves of a response JSON schema (or a bare property map), in document order.

    ``resolve`` looks up ``$ref`` targets (the OpenAPI loader passes one that raises a
    :class:`~tooldial.errors.CorpusError` naming the field); without it, ``$ref`` branches are skipped.
    """
    if is_property_map(schema) and not looks_like_schema(schema):
        schema = {"type": "object", "properties": schema}
    if not isinstance(schema, dict):
        return []
    props = schema.get("properties")
    if isinstance(props, dict) and list(props) == [RESPONSE_KEY]:
        schema = props[RESPONSE_KEY]  # the release's {"response": ...} wrapper
    walker = _SchemaWalker(resolve)
    walker.walk(schema, (), False, "", frozenset(), 0)
    return list(walker.out.values())


# --------------------------------------------------------------------------------------------- examples


def json_value_type(value: Any, *, example: bool = False) -> str:
    """JSON-schema type of a value: ``boolean``, ``integer``, ``number``, ``array``, ``object``, else ``string``.

    ``example=True`` reads a documented example: tuples are arrays too, ``None`` is ``null``, and a string that
    names a type stands for it (placeholder examples: ``{"price": "number"}``).
    """
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, list) or (example and isinstance(value, tuple)):
        return "array"
    if isinstance(value, dict):
        return "object"
    if not example:
        return "string"
    if value is None:
        return "null"
    if isinstance(value, str) and value.strip().lower() in ("string", "number", "integer", "boolean"):
        return value.strip().lower()
    return "string"


def components_from_example(example: Any) -> list[OutputComponent]:
    """Leaves of an example response body (already parsed, see :func:`parse_example`).

    Arrays are transparent (``is_list=True`` below them), the fields of up to ``MAX_EXAMPLE_ITEMS``
    elements are merged, and each leaf keeps the first non-null value seen as its example. A body that is
    not structured data (plain text) yields no components.
    """
    example = unwrap_response(example)
    if isinstance(example, str):  # plain-text body ("Not found"): nothing addressable
        return []
    out: dict[tuple[str, ...], OutputComponent] = {}

    def visit(value: Any, path: tuple[str, ...], is_list: bool, depth: int) -> None:
        if depth > MAX_DEPTH:
            return
        if isinstance(value, dict) and value:
            if is_data_map(value):  # {"2021-01-04": {...}, "2021-01-05": {...}}: a collection
                for sub in list(value.values())[:MAX_EXAMPLE_ITEMS]:
                    visit(sub, path, True, depth + 1)
                return
            for key, sub in value.items():
                visit(sub, (*path, clean_key(key)), is_list, depth + 1)
            return
        if isinstance(value, (list, tuple)) and value:
            items = list(value[:MAX_EXAMPLE_ITEMS])
            if any(isinstance(item, (dict, list, tuple)) and item for item in items):
                for item in items:
                    visit(item, path, True, depth + 1)
                return
            first = next((i for i in items if i is not None), None)
            add(path or (RESPONSE_KEY,), json_value_type(first, example=True) if first is not None else "string", first, True)
            return
        if not path and isinstance(value, (dict, list, tuple)):
            return  # an empty body
        add(path or (RESPONSE_KEY,), json_value_type(value, example=True), value, is_list)

    def add(path: tuple[str, ...], kind: str, value: Any, is_list: bool) -> None:
        placeholder = isinstance(value, str) and kind != "string"
        example = None if placeholder or isinstance(value, (dict, list, tuple)) else value
        old = out.get(path)
        if old is None:
            out[path] = OutputComponent(path=path, type=kind, example=example, is_list=is_list)
        elif (old.example is None and example is not None) or (is_list and not old.is_list):
            out[path] = OutputComponent(
                path=path,
                type=kind if old.type == "null" else old.type,
                example=old.example if old.example is not None else example,
                is_list=old.is_list or is_list,
            )

    if example is None:
        return []
    visit(example, (), False, 0)
    # A field only ever seen as null has an unknown type; "string" is what every value can be written in.
    return [c.model_copy(update={"type": "string"}) if c.type == "null" else c for c in out.values()]


_ENUM_NOISE = loader.words("stopwords", "enum_noise")


def _enum_words(text: str) -> set[str]:
    words = re.findall(r"[a-z]+", re.sub(r"([a-z])([A-Z])", r"\1 \2", text).lower())
    return {singular(w) for w in words} - _ENUM_NOISE


def share_output_enums(apis: Sequence[Api]) -> tuple[Api, ...]:
    """A tool documents a closed set once (Enode's ``vendor``: TESLA, BMW, ... on its vehicle listing): a
    same-named output of another of its APIs that documents no set (and no example off it) takes the set whose
    description shares the most words with its own description and API name ("Vendor of the Vehicle" in
    "getVehiclesVehicleidSmartchargingstatus" -> the "Vehicle Vendor" set, not the "Charger Vendor" one)."""
    sets: dict[str, dict[tuple[Any, ...], set[str]]] = {}
    for api in apis:
        for c in api.output_components:
            if c.enum:
                sets.setdefault(c.name.lower(), {}).setdefault(c.enum, set()).update(_enum_words(c.description))
    if not sets:
        return tuple(apis)
    out = []
    for api in apis:
        comps = []
        for c in api.output_components:
            options = sets.get(c.name.lower()) if not c.enum else None
            if options and (c.example is None or any(str(c.example) == str(v) for e in options for v in e)):
                own = (_enum_words(f"{c.description} {api.name} {' '.join(c.path[:-1])}")
                       - _enum_words(c.name))
                scored = sorted(((len(words & own), e) for e, words in options.items()), key=lambda x: -x[0])
                if scored[0][0] > 0 and (len(scored) == 1 or scored[0][0] > scored[1][0]):
                    c = c.model_copy(update={"enum": scored[0][1]})
            comps.append(c)
        out.append(api.model_copy(update={"output_components": tuple(comps)}) if comps != list(
            api.output_components) else api)
    return tuple(out)


def fill_examples(components: Iterable[OutputComponent],
                  from_example: Iterable[OutputComponent]) -> tuple[OutputComponent, ...]:
    """Schema components, with the example value of the same path (from the example response) where the
    schema documents none."""
    values = {c.path: c.example for c in from_example if c.example is not None}
    return tuple(c.model_copy(update={"example": values[c.path]}) if c.example is None and c.path in values else c
                 for c in components)


# --------------------------------------------------------------------------------------------- input fields


def input_fields(name: str, schema: Any, *, resolve: RefResolver | None = None,
                 required: bool = True) -> tuple[InputField, ...]:
    """Leaves of an object / array-of-objects parameter, as paths from the parameter (``items[].sku``).

    A leaf is required when every level down to it is (``required`` lists of the enclosing objects, and
    ``required`` for the parameter itself). A scalar parameter, or an array of scalars, has no fields: the
    parameter is the slot. ``$ref`` s are followed with ``resolve`` (cycles end the branch)."""
    walker = _SchemaWalker(resolve)
    out: list[InputField] = []

    def visit(node: Any, path: tuple[str, ...], needed: bool, where: str, seen: frozenset[str], depth: int) -> None:
        node, seen = walker.deref(node, where, seen)
        if not isinstance(node, dict) or depth > MAX_DEPTH:
            return
        node = walker.merged(node, where, seen)
        kind = normalize_type(node.get("type"))[0] if "type" in node else None
        items = node.get("items")
        if kind == "array" or (kind is None and isinstance(items, dict)):
            if isinstance(items, dict):
                inner, _ = walker.deref(items, f"{where}.items", seen)
                if isinstance(inner, dict) and (isinstance(inner.get("properties"), dict)
                                                or isinstance(inner.get("allOf"), list)):
                    head = (*path[:-1], path[-1] + ARRAY_MARK)
                    visit(items, head, needed, f"{where}.items", seen, depth + 1)
                    return
            if depth:
                leaf(path, node, needed, "array")
            return
        props = node.get("properties")
        if isinstance(props, dict) and props:
            wanted = set(as_str_list(node.get("required")))
            for key, sub in props.items():
                if isinstance(sub, dict) and sub.get("readOnly") is True:
                    continue  # server-assigned: not something a caller sends
                visit(sub, (*path, clean_key(key)), needed and key in wanted, f"{where}.properties.{key}",
                      seen, depth + 1)
            return
        if depth:
            leaf(path, node, needed, kind or "string")

    def leaf(path: tuple[str, ...], node: dict, needed: bool, kind: str) -> None:
        fmt = node.get("format") if isinstance(node.get("format"), str) else normalize_type(node.get("type"))[1]
        example = node.get("example")
        if example is None and isinstance(node.get("examples"), list) and node["examples"]:
            example = node["examples"][0]
        description = node.get("description") or node.get("title") or ""
        out.append(InputField(path=path, type=kind, format=fmt, description=str(description).strip(),
                              example=example, required=needed, constraints=schema_constraints(node)))

    visit(schema, (name,), required, "", frozenset(), 0)
    return tuple(out)


def success_fields(example: Any) -> list[OutputComponent]:
    """Output components an example response documents for a successful call.

    An example that is an error (:func:`tooldial.corpus.error_example.documented_error`) still shows the field
    names of the success shape (``Latitude``), but not their values (``0`` because the call failed): its
    error-only fields (``ErrorMessage``, ``traceId``) are left out and the rest keep no example value.
    """
    if example is None:
        return []
    comps = components_from_example(example)
    if not documented_error(example):
        return comps
    return [c.model_copy(update={"example": None}) for c in comps if not error_only_path(c.path)]
