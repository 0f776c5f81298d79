"""What the documentation describes: the entity of its example response, its places, its output and
the records a user can pick by name."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from tooldial.corpus.error_example import documented_error
from tooldial.corpus.models import Api, OutputComponent, Parameter
from tooldial.dialogue.mockdata.dates import parse_date
from tooldial.dialogue.mockdata.fields import _ID_WORDS, FieldName, field_kind, is_credential, name_tokens
from tooldial.dialogue.mockdata.paging import listing_key
from tooldial.dialogue.mockdata.paths import as_text, leaf_items
from tooldial.dialogue.mockdata.places import _place_index, place_names, place_of
from tooldial.dialogue.mockdata.record_kinds import record_words
from tooldial.knowledge import loader
from tooldial.knowledge.english import singular

#: Words of an input that names one entity (besides ids): an airport's ICAO code, a book's ISBN, a ticker.
_IDENTITY_WORDS = loader.words("identifiers", "identity")


_NOT_IDENTITY = loader.words("identifiers", "not_identity")


def identifying(name: str) -> bool:
    """An input that names one entity (an id, a code, an ISBN, a ticker), so a documented example result
    describes the entity of the documented value only."""
    f = FieldName(name)
    if f.has(*_NOT_IDENTITY) or is_credential(Parameter(name=name)):
        return False
    return field_kind(f) == "id" or bool(set(f.tokens) & _IDENTITY_WORDS)


def example_record(example: Any) -> dict[str, Any] | None:
    """The first record of a documented example response: the object itself, the first of a root list, or the
    first object one key down (``{"data": {...}}``, ``{"airports": [{...}]}``)."""
    if isinstance(example, list):
        return next((x for x in example if isinstance(x, dict)), None)
    if not isinstance(example, dict):
        return None
    if any(not isinstance(v, dict | list) for v in example.values()):
        return example
    for value in example.values():
        found = example_record(value) if isinstance(value, dict | list) else None
        if found:
            return found
    return None


def documented_entities(api: Api, name: str) -> frozenset[str]:
    """The values of input ``name`` the documentation describes a result for: its example, default and enum,
    and the value the example response's record holds under the same name (the airport ``ZUUU`` the example
    describes, whatever the parameter's example says)."""
    param = api.parameter(name)
    out = {as_text(v) for v in (param.example, param.default, *(param.enum or ())) if v not in (None, "")} \
        if param is not None else set()
    record = example_record(api.example_response)
    if record is not None:
        out.update(as_text(v) for k, v in record.items() if k.lower() == name.lower() and not isinstance(v, dict | list))
    return frozenset(out)


def documented_keys(api: Api) -> frozenset[str]:
    """The top-level keys of an API's documented example response when it is one record (not ``{"data": {...}}``:
    those keys belong one level down)."""
    record = example_record(api.example_response)
    return frozenset(record) if record is not None and record is api.example_response else frozenset()


def foreign_lookup(api: Api, inputs: dict[str, Any]) -> list[str]:
    """The identifying inputs of a call whose values the documented example response does not describe (a
    movie picked from another list, a generated id): its names, titles and other proper strings describe
    another entity and are not served for this call (:func:`foreign_strings`)."""
    if not isinstance(api.example_response, dict | list) or not api.example_response \
            or documented_error(api.example_response):
        return []
    return [name for name, value in inputs.items() if identifying(name) and as_text(value).strip()
            and as_text(value) not in documented_entities(api, name)]


def documented_request(api: Api, inputs: dict[str, Any]) -> bool:
    """Whether a call sends exactly its documented request: every input it sends holds the value its parameter
    documents (example, else default), and the API documents an example response (not an error). That response is
    then the call's answer: zippopotam's ``city=belmont, state=ma`` returns Belmont, MA, not a place drawn in the US
    ("in Philadelphia, the state abbreviation is PA"), and its ``90210`` Beverly Hills."""
    example = api.example_response
    if not inputs or not isinstance(example, dict | list) or not example or documented_error(example):
        return False
    for name, value in inputs.items():
        param = api.parameter(name)
        documented = next((text for v in ((param.example, param.default) if param is not None else ())
                           if v not in (None, {}, []) and (text := as_text(v).strip())), "")
        if not documented or documented != as_text(value).strip():
            return False
    return not _describes_another(example, inputs)


def _single_record(example: Any) -> dict[str, Any] | None:
    """The one record a documented response describes: the object itself when it holds a value of its own, or
    the one object it wraps (``{"response": {...}}``); None for a list of records."""
    if not isinstance(example, dict):
        return None
    if any(not isinstance(v, dict | list) for v in example.values()):
        return example
    return _single_record(next(iter(example.values()))) if len(example) == 1 else None


def _same_text(a: str, b: str) -> bool:
    """One value however written: ``Anastasia_Plyaskina`` and "Anastasia Plyaskina", or one inside the other
    ("Los Angeles" and "Los Angeles, US")."""
    a, b = re.sub(r"[\W_]+", "", a.lower()), re.sub(r"[\W_]+", "", b.lower())
    return a in b or b in a


def _describes_another(example: Any, inputs: dict[str, Any]) -> bool:
    """Whether the one record a documented response describes names another entity than the request's: it holds
    an identifying input's name with another value (the payment instruction of UETR ``174c245f-…`` documented as
    the answer to UETR ``7dca010b-…``). Such a response was recorded for another request."""
    record = _single_record(example)
    if record is None:
        return False
    held = {str(k).lower(): v for k, v in record.items() if not isinstance(v, dict | list)}
    return any(identifying(name) and name.lower() in held and not _same_text(as_text(value), as_text(held[
        name.lower()])) for name, value in inputs.items())


#: Kinds whose documented string describes the entity of the example (a title, a person, an address).
_ENTITY_KINDS = loader.words("field_kinds", "entity") | {None}


_CATEGORY = re.compile(r"^[a-z][a-z_\- ]{0,30}$")


def entity_string(key: str, value: Any) -> bool:
    """A documented string that says which entity a record is (a title, a plot, a compile command, a code)
    rather than what kind it is (``large_airport``, ``full-time``): proper names, text, codes."""
    if not isinstance(value, str) or not value.strip() or parse_date(value) is not None:
        return False
    kind = field_kind(FieldName(key))
    if kind not in _ENTITY_KINDS:
        return False
    if _CATEGORY.fullmatch(value) and len(value.split()) <= 3 and kind not in ("name", "title", "person", "company"):
        return False  # a category word, not a name
    if re.fullmatch(r"-?\d+(\.\d+)?|true|false", value):
        return False
    if kind is None:  # an unnamed field: only what reads as a name or a code ("C++ (GCC 7.4.0)", "main.cpp",
        # "XigniteIndexFastPuller", "Coliseu dos Recreios"), not a description word ("Partly cloudy", "Realtime")
        # nor an ordinal's label ("1st Inning")
        return bool(re.search(r"\d(?!\d*(?:st|nd|rd|th)\b)|[a-z][A-Z]|\b[A-Z]{2,}\b|/|\w\.\w", value)) or len(
            re.findall(r"\b[A-Z][a-z]+", value)) >= 2
    return True


def _keyed_leaves(node: Any, key: str = "") -> Iterator[tuple[str, Any]]:
    """Every scalar of a documented example with the name of the field holding it (list items keep their list's)."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _keyed_leaves(v, str(k))
    elif isinstance(node, list):
        for v in node:
            yield from _keyed_leaves(v, key)
    else:
        yield key, node


def documented_places(api: Api) -> frozenset[str]:
    """The table cities an API's documented example response names in its city fields."""
    index = _place_index()
    return frozenset(node.strip() for key, node in _keyed_leaves(api.example_response)
                     if isinstance(node, str) and field_kind(FieldName(key)) == "city" and node.strip() in index)


def elsewhere_words(api: Api, inputs: dict[str, Any]) -> frozenset[str]:
    """When a call's inputs place it in another city than the documented example response (coordinates of
    Casablanca, the example in Lisbon), the names of the documented place ("Lisbon", "Lisboa", "Portugal"): a
    documented string holding one ("Rua Augusta 24, 1100-053 Lisboa", "Lisbon Jazz Nights") is not served."""
    asked = place_of({str(k): as_text(v) for k, v in inputs.items()})
    documented = documented_places(api)
    if asked is None or not documented or asked.city in documented:
        return frozenset()
    own = place_names(asked.city)
    return frozenset(n for city in documented for n in place_names(city) if n not in own)


def names_elsewhere(value: Any, words: frozenset[str]) -> bool:
    """A string that names one of ``words`` (:func:`elsewhere_words`) as a word."""
    return isinstance(value, str) and any(re.search(rf"\b{re.escape(w)}\b", value) for w in words)


def another_record(node: dict[str, Any], path: tuple[str, ...], api: Api, asked_documented: frozenset[str]) -> bool:
    """In a lookup of an entity the example does not describe (:func:`foreign_lookup`), whether a documented object
    at ``path`` is a record of its own below the looked-up one: it has its own id (``id``, ``teamId`` in a team)
    and none of the asked inputs' documented values (``asked_documented``: the team 1312 the example describes).
    Such a record (the NBA, competition 103, in the games of another team) is a real record of the world: its
    names are served with its id, not drawn anew (competition 103 became "MLS" beside its slug "nba")."""
    if not path or node is example_record(api.example_response):
        return False
    scalars = {k: v for k, v in node.items() if isinstance(v, str | int) and not isinstance(v, bool)}
    if any(as_text(v) in asked_documented for v in scalars.values()):
        return False
    own = set(record_words(path, api.name, api.tool)) | {singular(t) for t in name_tokens(path[-1])}
    return any(field_kind(FieldName(k)) == "id" and as_text(v).strip() and set(name_tokens(k)) - set(_ID_WORDS) <= own
               for k, v in scalars.items())  # its own id, not a parent's (``topParentId``)


def asked_documented(api: Api, foreign: list[str]) -> frozenset[str]:
    """The documented values of the foreign inputs (:func:`documented_entities` of each)."""
    return frozenset(v for name in foreign for v in documented_entities(api, name))


def foreign_strings(api: Api, foreign: list[str] | None = None) -> frozenset[str]:
    """The entity strings of an API's documented example response (:func:`entity_string`); with the ``foreign``
    inputs of a call, only those of the records that are not records of their own (:func:`another_record`), and
    none that such a record holds too: the mock world serves those records as documented, so a string they share
    with the looked-up one ("Full Highlights" of every video, "1st Inning" of every match) names no entity."""
    asked = asked_documented(api, foreign) if foreign else frozenset()
    out: set[str] = set()
    kept: set[str] = set()

    def walk(node: Any, path: tuple[str, ...], key: str, own: bool) -> None:
        if isinstance(node, dict):
            own = own and not (foreign and another_record(node, path, api, asked))
            for k, v in node.items():
                walk(v, (*path, str(k)), str(k), own)
        elif isinstance(node, list):
            for v in node:
                walk(v, path, key, own)
        elif not own:
            kept.add(as_text(node))
        elif entity_string(key, node):
            out.add(node)

    walk(api.example_response, (), "", True)
    return frozenset(out - kept)


#: Top-level output names of a generic response envelope (``get``, ``parameters``, ``errors``, ``results``,
#: ``response``) documented for many unrelated APIs: it says nothing about what the API returns.
ENVELOPE = loader.words("envelope", "envelope")


#: Result keys that report how a call went, not what the user asked (``status: success``).
STATUS_KEYS = loader.words("envelope", "status_keys")


def about_the_call(key: str) -> bool:
    """Whether a result key tells how the call went (``status``) or how the listing stands (``resultsPerPage``,
    ``totalResultCount``: :func:`~tooldial.dialogue.mockdata.paging.listing_key`) rather than what was asked."""
    return key.lower() in STATUS_KEYS or listing_key(key)


#: Top-level keys under which a response repeats the request.
REQUEST_ECHO = loader.words("envelope", "request_echo")


def documented_output(api: Api) -> bool:
    """Whether the documentation says what the API returns: a non-error example response, or output fields
    beyond a status/envelope (``get``/``parameters``/``errors``/``results``/``response``) or below it. An id its
    name only implies (:mod:`tooldial.corpus.implied_outputs`) lets a chain start from the API but answers nothing."""
    example = api.example_response
    if isinstance(example, dict | list) and example and not documented_error(example):
        return True
    # a field below the envelope documents the API too (Musixmatch's ``message|body|album|album_name``, API-Sports'
    # ``response|league|name``); what repeats the request (``parameters|season``) does not
    return any(c.path and c.path[0] not in REQUEST_ECHO and not set(c.path) <= ENVELOPE and not c.implied
               for c in api.output_components)



def reports_something(result: Any) -> bool:
    """Whether a result holds more than how the call went (``{"status": "success"}``) or an error."""
    body = result.get("response", result) if isinstance(result, dict) else result
    if body in ({}, [], None) or documented_error(body):
        return False
    return any(not path or path[-1].lower() not in STATUS_KEYS for path, _ in leaf_items({"response": body}))


def list_container(api: Api, comp: OutputComponent) -> tuple[str, ...]:
    """The path of the list that holds ``comp``'s records.

    Read from the documented example when it has one (``("tracks",)`` for ``tracks|title`` when ``tracks``
    is a list of objects; the component's own path when it is a list of scalars, e.g. ``data|gaps``); else
    from the response schema's arrays (``OutputComponent.list_at``); otherwise the parent path.
    """
    node: Any = api.example_response
    container: tuple[str, ...] | None = None
    if isinstance(node, dict | list):
        for i, key in enumerate(comp.path):
            while isinstance(node, list):
                container = comp.path[:i]
                node = node[0] if node else None
            if not isinstance(node, dict) or key not in node:
                node = None
                break
            node = node[key]
        if isinstance(node, list):
            return comp.path
        if container is not None:
            return container
    if comp.list_at is not None:  # the schema's arrays: a record's nested object is no list of its own
        return comp.list_at
    return comp.path[:-1]


def list_groups(api: Api) -> dict[tuple[str, ...], list[OutputComponent]]:
    """List components grouped by the path of their record container (``()`` = the result is a list)."""
    groups: dict[tuple[str, ...], list[OutputComponent]] = {}
    for comp in api.output_components:
        if comp.is_list:
            groups.setdefault(list_container(api, comp), []).append(comp)
    return groups


#: Attributes people pick a record by, best first (a name or a date, never an opaque id).
PICK_PREFERENCE = loader.ordered_words("people", "pick_by")


def sibling_candidates(api: Api, chain: OutputComponent) -> list[OutputComponent]:
    """Human-readable attributes a user could pick a record by (same records as ``chain``), names first.

    Ids, URLs, numbers and booleans are never offered: a user says "the one in Lisbon", not "mov_25380"."""
    container = list_container(api, chain)
    if container == chain.path:
        return []
    out = []
    for o in api.output_components:
        if not o.is_list or o.path == chain.path or list_container(api, o) != container:
            continue
        kind = field_kind(FieldName(o.name, o.type or "string"))
        if kind is None and o.example is None:  # undocumented and unnamed: its values say nothing to a user
            continue
        if kind in ("id", "url", "image", "email", "boolean", "latitude", "longitude", "phone", "count", "price",
                    "page", "limit", "text") or (o.type or "").lower() in ("integer", "number", "int", "float",
                                                                           "boolean"):
            continue
        out.append(o)

    def rank(o: OutputComponent) -> int:
        low = o.name.lower()
        base = next((i for i, w in enumerate(PICK_PREFERENCE) if w in low), len(PICK_PREFERENCE))
        # a raw timestamp ("2025-11-05T15:00:00.000Z") is a last resort: a track or a title names a record better
        stamp = isinstance(o.example, str) and parse_date(o.example) is not None and len(o.example) > 10
        return base + (len(PICK_PREFERENCE) + 1 if stamp else 0)

    return sorted(out, key=rank)
