"""REST resources read from an API's URL path (OpenAPI ``paths``): chains the layout of the paths states.

A collection path lists or creates the items that its child path takes by key: ``GET /templates`` and
``POST /templates`` return the templates whose key ``GET /templates/{templateId}`` and
``DELETE /templates/{templateId}/versions`` take. That is the REST convention, and a spec that follows it states
the chain as plainly as a declared ``link``; Eq. 1 misses it where the key is named for the call
(``cardId``) and the item only says ``id``. So:

- :func:`resource_chains`: the key field of what a collection returns (the field named as the path parameter,
  else the parameter's last word: ``id`` of ``cardId``, ``key`` of ``podcastKey``; the parameter right after the
  collection keys its items whatever it is called, ``/payments/{transId}``; a list of plain values named as the
  keys or the items, ``names`` or ``accounts``, holds the keys) into every required path parameter of
  a child path that keys those items. A sibling that lists the same items (``GET /templates/search``, returning a
  list) is a collection too.
- :func:`creating_calls`: a ``POST`` to a collection that has item paths makes an item (what it takes is the new
  item's content, :mod:`tooldial.graph.record_copy`).
- :func:`other_collection_key`: the bare key of an item of one collection (``/designer/templates``' ``id``) keys no
  item of another collection (``/templates/{id}``).
- :func:`path_echo`: what a call on an item hands back of the keys its path was given (``updates|profile_id`` of
  ``/profiles/{id}/updates/pending``) is the caller's own.
- :func:`parent_echo`: an output of a call made on an item (``POST /cards/{appId}`` returns the new card's ``id``)
  never fills that item's own key (``appId``) of another call: the caller had it already.

Only APIs whose documentation gives a path (:attr:`~tooldial.corpus.models.Api.path`) take part. The graph
builder adds the chains like documented links (:mod:`tooldial.graph.resource_edges`); the selector reads the
creating calls and the other collection's key (:mod:`tooldial.graph.select`)."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from tooldial.corpus.models import Api, Corpus, OutputComponent
from tooldial.graph.edges import normalize_name
from tooldial.graph.entities import split_words
from tooldial.graph.record_types import _CONTAINERS
from tooldial.knowledge.english import singular
from tooldial.knowledge.loader import ordered_words
from tooldial.knowledge.loader import words as knowledge_words

#: Methods of a collection call that returns items it lists or makes; a ``PUT`` or ``PATCH`` of the collection
#: changes an item the caller named (Petstore's ``PUT /pet``: its ``id`` is the caller's own).
SOURCE_METHODS = frozenset({"GET", "POST"})

#: An API version as a path segment (``v1``, ``v1beta1``, ``v2.1``).
_VERSION_SEGMENT = re.compile(r"v\d+(?:\.\d+)*(?:[a-z]+\d*)?", re.I)

#: Last words of a path parameter that say which field of an item keys it (``cardId`` → ``id``).
KEY_WORDS = knowledge_words("containers", "resource_key_words")

#: Key words that name an id (``id`` and ``identifiers.id_spellings``): such a parameter is never an item's name.
_ID_WORDS = frozenset({"id", *knowledge_words("identifiers", "id_spellings")})

#: Item keys that are the item's name (``containers.item_name_fields``).
_NAME_KEYS = knowledge_words("containers", "item_name_fields")


@dataclass(frozen=True)
class ResourceChain:
    """``source_output`` of API ``source`` (a collection) is the key that input ``target_input`` of API
    ``target`` (a path under one of its items) takes."""

    source: str
    source_output: str
    target: str
    target_input: str
    #: The two paths, for the edge's reason.
    source_path: str
    target_path: str


#: A segment's format suffix: ``.json`` (``containers.path_extensions``), ``.{format}`` or a trailing parameter named
#: for the format (``{id}{mediaTypeExtension}``: ``containers.path_format_parameters``).
_FILE_TYPES = "|".join(ordered_words("containers", "path_extensions"))
_FORMAT_PARAMETERS = "|".join(ordered_words("containers", "path_format_parameters"))
_EXTENSION = re.compile(
    r"(?:\.(?:" + _FILE_TYPES + r")|\.\{[^{}]+\}|\{[^{}]*(?:" + _FORMAT_PARAMETERS + r")\})$", re.I)


def segments(path: str) -> tuple[str, ...]:
    """The path's segments, each without its format suffix (``/providers.json`` → providers, ``/{provider}.json`` →
    ``{provider}``, ``/profiles/{id}{mediaTypeExtension}`` → profiles, ``{id}``): the format names no item."""
    out = []
    for s in path.strip().split("?", 1)[0].split("/"):
        bare = _EXTENSION.sub("", s) if s else s
        if bare:
            out.append(bare)
    return tuple(out)


def path_parameter(segment: str) -> str | None:
    """``{petId}`` → ``petId``; ``None`` for a literal segment or one that mixes text and a parameter."""
    if segment.startswith("{") and segment.endswith("}") and segment.count("{") == 1:
        return segment[1:-1].strip() or None
    return None


def _item_words(collection: tuple[str, ...]) -> set[str]:
    """The words that name a collection's items: its last literal segment, singular and plural
    (``/crm/cards/{appId}`` → card, cards)."""
    literal = next((s for s in reversed(collection) if path_parameter(s) is None), "")
    words = split_words(literal)
    if not words:
        return set()
    last = words[-1]
    return {last, singular(last), "".join(words), singular("".join(words))}


def _lists_records(api: Api) -> bool:
    """The call returns a list of records (not only a list of plain values beside one record)."""
    return any(o.is_list and o.list_at and o.list_at != o.path for o in api.output_components)


def _param_words(parameter: str, items: set[str]) -> list[str]:
    """The words of a path parameter; a lower-case name glued from the item and a key word is split there
    (``contactid`` of ``/contacts/{contactid}`` → contact, id)."""
    words = split_words(parameter)
    if len(words) == 1:
        glued = normalize_name(parameter)
        for item in sorted(items):
            tail = glued.removeprefix(normalize_name(item))
            if tail != glued and tail in KEY_WORDS:
                return [item, tail]
    return words


def _key_fields(api: Api, parameter: str, items: set[str], *, listed: bool) -> list[str]:
    """The output keys of ``api`` that hold the key ``parameter`` of the collection's items: fields of the item
    itself (every element above the leaf a wrapper or the items' own name), named as the parameter, else named by
    its last word (``id`` for ``transId``), else the item's own key where the parameter is the item or the item and
    a key word (``{userKey}`` of ``/Users``). Only the nearest (shortest path) are returned; with ``listed`` only
    fields inside a list. A field that echoes an input of the call (``model_id`` of ``/model/quote?model_id=``) is
    none: the caller had it. For a ``POST``, only its required inputs count: a create call's body documents the new
    record's read-only ``id`` among its optional fields."""
    sent = {normalize_name(p.name) for p in (api.required_parameters if api.method == "POST" else api.parameters)}
    found = [(n, k) for n, k in _key_fields_within(api, parameter, items, listed=listed)
             if normalize_name(k.rsplit("|", 1)[-1]) not in sent]
    if not found:
        return []
    nearest = min(n for n, _ in found)
    return sorted(k for n, k in found if n == nearest)


def _key_fields_within(api: Api, parameter: str, items: set[str], *, listed: bool) -> list[tuple[int, str]]:
    words = _param_words(parameter, items)
    tail = words[-1] if words else ""
    record = set(words[:-1])
    own = normalize_name(parameter)
    allowed = _CONTAINERS | items | record
    exact: list[tuple[int, str]] = []
    by_tail: list[tuple[int, str]] = []
    for o in api.output_components:
        if listed and not o.is_list:
            continue
        above = o.path[:-1]
        if any(not (set(split_words(p)) <= allowed) for p in above):
            continue
        leaf = normalize_name(o.path[-1])
        if leaf == own or _lists_keys(o, own, items):
            exact.append((len(o.path), "|".join(o.path)))
        elif tail in KEY_WORDS and leaf == tail and len(words) > 1:
            by_tail.append((len(o.path), "|".join(o.path)))
    found = exact or by_tail
    named_item = own in {normalize_name(w) for w in items}
    keyed_item = tail in KEY_WORDS and bool(record) and {singular(w) for w in record} <= {singular(w) for w in items}
    if not found and (named_item or keyed_item):
        # the parameter is the item itself (``{api}`` under ``/apis/{owner}``) or the item and a key word
        # (``{userKey}`` under ``/Users``): the item's own key field
        found = _own_key(api, items, listed=listed)
        if keyed_item and not named_item and tail in _ID_WORDS:
            # ``{branchID}`` names an id: a branch's ``Name`` is no answer to it
            found = [(n, k) for n, k in found if normalize_name(k.rsplit("|", 1)[-1]) not in _NAME_KEYS]
    return found


#: The fields that key an item, by preference, where the path parameter is the item's name
#: (``containers.item_key_fields``).
_ITEM_KEYS = ordered_words("containers", "item_key_fields")


def _own_key(api: Api, items: set[str], *, listed: bool) -> list[tuple[int, str]]:
    """The item's own key field, when it has exactly one of ``id``, ``key``, ``slug``, ``name``: a leaf of the item
    itself (no record above it but wrappers or the items' name), inside a list when ``listed``. An item with two
    (Azure's full-path ``id`` beside the ``name`` its paths take) leaves it unsaid."""
    fields: dict[str, list[tuple[int, str]]] = {}
    for o in api.output_components:
        if listed and not o.is_list:
            continue
        if o.path[-1].startswith("{"):
            continue  # a map's ``{key}`` is no field
        if any(not (set(split_words(p)) <= (_CONTAINERS | items)) for p in o.path[:-1]):
            continue
        fields.setdefault(normalize_name(o.path[-1]), []).append((len(o.path), "|".join(o.path)))
    keys = [k for k in _ITEM_KEYS if k in fields]
    return fields[keys[0]] if len(keys) == 1 else []  # an item with an id and a name: which one keys it is unsaid


#: First words of a call (its name or summary) that make a new record (``records.new_record_verbs``).
_NEW_RECORD_VERBS = knowledge_words("records", "new_record_verbs")

#: Actions on an item that make a new one from it (``records.copy_verbs``).
_COPY_VERBS = knowledge_words("records", "copy_verbs")


def _makes_item(api: Api) -> bool:
    """A ``POST`` to an item's own path whose name or summary starts with a verb of a new record ("Create new
    basket"); Petstore's ``POST /pet/{petId}`` "Updates a pet" acts on an existing one."""
    return any((split_words(text)[:1] or [""])[0] in _NEW_RECORD_VERBS for text in (api.name, api.description))


def _lists_keys(output: OutputComponent, own: str, items: set[str]) -> bool:
    """A list of plain values named as the keys in the plural (``names`` for ``{name}``) or as the items
    themselves (``accounts`` of ``GET /accounts`` for ``/accounts/{account}``): the list holds the keys."""
    if not output.is_list or output.type not in ("string", "integer") or output.list_at != output.path:
        return False  # (a field of listed records, ``items|episode``, is one of their values, not the list)
    words = split_words(output.path[-1])
    return bool(words) and (normalize_name(singular("".join(words))) == own or output.path[-1] in items
                            or "".join(words) in items)


def _literal(segment: str) -> bool:
    """A path segment that is a plain word: no parameter in it (``{id}{ext}``, ``{name}:access``) and no custom
    method (``spaces:findDirectMessage``)."""
    return "{" not in segment and ":" not in segment


def _names_other_items(segs: tuple[str, ...]) -> bool:
    """A literal child path named by a plural noun lists those things, not the collection's items
    (``/podcasts/categories`` lists categories; ``/gifs/search`` and ``/gifs/random`` return gifs)."""
    words = split_words(segs[-1])
    return bool(words) and singular(words[-1]) != words[-1] and words[-1] not in _item_words(segs[:-1])


def _tool_chains(apis: list[Api]) -> Iterable[ResourceChain]:
    by_path: dict[tuple[str, ...], list[Api]] = defaultdict(list)
    for a in apis:
        by_path[segments(a.path)].append(a)
    collections = item_collections(apis)
    siblings: dict[tuple[str, ...], list[Api]] = defaultdict(list)
    for segs, group in by_path.items():
        if segs and _literal(segs[-1]) and segs not in collections and not _names_other_items(segs):
            siblings[segs[:-1]] += [a for a in group if a.method == "GET"]
    for target in apis:
        segs = segments(target.path)
        required = {p.name for p in target.required_parameters}
        for k, seg in enumerate(segs):
            parameter = path_parameter(seg)
            if parameter is None or parameter not in required or k == 0:
                continue
            collection = segs[:k]
            if _VERSION_SEGMENT.fullmatch(collection[-1]):
                continue  # ``/v1/{name}``: a version is no collection (the name is a whole resource path)
            items = _item_words(collection)
            sources = [(a, False) for a in by_path.get(collection, [])]
            sources += [(a, _lists_records(a)) for a in siblings.get(collection, [])
                        if a not in by_path.get(collection, [])]
            if k == len(segs) - 1 and target.method == "POST" and _makes_item(target):
                continue  # ``POST /baskets/{name}`` "Create new basket": the caller names a new item
            for source, listed in sources:
                if source.id == target.id or source.method not in SOURCE_METHODS:
                    continue
                for key in _key_fields(source, parameter, items, listed=listed):
                    yield ResourceChain(source.id, key, target.id, parameter, source.path, target.path)


def resource_chains(corpus: Corpus) -> list[ResourceChain]:
    """Every chain the path layout of the corpus's tools states (module docstring), sorted."""
    found: set[ResourceChain] = set()
    for tool in corpus.tools:
        apis = [a for a in tool.apis if a.path]
        if len(apis) > 1:
            found.update(_tool_chains(apis))
    return sorted(found, key=lambda c: (c.source, c.target, c.source_output, c.target_input))


def parent_echo(source: Api, output_key: str, target: Api, input_name: str) -> bool:
    """The source call is made on the item that ``input_name`` keys (its path ends at that parameter, with the
    target's path above it), and ``output_key`` is a field of what it returns, not of a record inside it: the
    output is the key the caller already had, or the key of something new made there (``POST /cards/{appId}``'
    ``id`` is the new card's), never another item's key (``appId``)."""
    if not (source.path and target.path):
        return False
    s, t = segments(source.path), segments(target.path)
    if not s or path_parameter(s[-1]) != input_name or len(t) < len(s) or t[: len(s)] != s:
        return False
    items = _item_words(s[:-1])
    return all(set(split_words(p)) <= (_CONTAINERS | items) for p in output_key.split("|")[:-1])


def item_collections(apis: Iterable[Api]) -> set[tuple[str, ...]]:
    """The paths that have item paths under them (``/pets`` of ``/pets/{petId}``)."""
    found = set()
    for a in apis:
        segs = segments(a.path)
        for k, seg in enumerate(segs):
            if k and path_parameter(seg) is not None:
                found.add(segs[:k])
    return found


def creating_calls(corpus: Corpus) -> set[str]:
    """The ids of ``POST`` calls to a collection that has item paths: each makes a new item."""
    made: set[str] = set()
    for tool in corpus.tools:
        apis = [a for a in tool.apis if a.path]
        collections = item_collections(apis)
        made.update(a.id for a in apis if a.method == "POST" and segments(a.path) in collections)
    return made


def _item_collection(api: Api, collections: set[tuple[str, ...]]) -> tuple[str, ...]:
    """The collection whose items an API's answer describes: its path when it ends in a literal or has item paths
    of its own (``/cards/{appId}`` of ``/cards/{appId}/{cardId}``), else the path above its item parameter."""
    segs = segments(api.path)
    if segs in collections or not segs or path_parameter(segs[-1]) is None:
        return segs
    return segs[:-1]


def _listed_under_other(parts: list[str], theirs: tuple[str, ...], collections: set[tuple[str, ...]]) -> str | None:
    """The answer names its records: the key's nearest named parent (``updates`` of ``updates|id``) is the items of
    another collection with item paths (``/updates/{id}``) than the target's (``/profiles/{id}``)."""
    named = [p for p in parts[:-1] if not set(split_words(p)) <= _CONTAINERS]
    if not named:
        return None
    words = split_words(named[-1])
    if not words:
        return None
    record = {words[-1], singular(words[-1])}
    if record & _item_words(theirs):
        return None
    other = next((c for c in sorted(collections) if c != theirs and record & _item_words(c)), None)
    if other is None:
        return None
    return f"the {parts[-1]} of {named[-1]} keys an item of /{'/'.join(other)}, not of /{'/'.join(theirs)}"


def path_echo(source: Api, output_key: str, collections: set[tuple[str, ...]]) -> str | None:
    """The path parameter of ``source`` that ``output_key`` repeats (the caller sent it), else ``None``:

    - a key named for the items a path parameter keys (``updates|profile_id`` of
      ``GET /profiles/{id}/updates/pending``: the profile the caller named), the key's record a wrapper or named;
    - the own key of the item a call acts on (``id`` of ``POST /updates/{id}/move_to_top``, ``update|id`` of
      ``POST /updates/{id}/update``): the path goes on from the item with an action only, not with a plural noun
      (``/updates/{id}/interactions`` lists interactions), a collection of its own, a verb of a new record or a
      copy (``/templates/{id}/copy`` returns the copy's key)."""
    if not source.path:
        return None
    segs = segments(source.path)
    parts = output_key.split("|")
    leaf = split_words(parts[-1])
    if not leaf:
        return None
    glued = normalize_name(parts[-1])
    record = [p for p in parts[:-1] if not set(split_words(p)) <= _CONTAINERS][-1:]
    for k, seg in enumerate(segs):
        parameter = path_parameter(seg)
        if parameter is None or k == 0:
            continue
        items = {singular(w) for w in _item_words(segs[:k])}
        if record and singular("".join(split_words(record[0]))) in items:
            # the record the parameter keys, inside the answer: ``setlists|artist|mbid`` of
            # ``/artist/{mbid}/setlists``, ``setlist|venue|id`` of ``/venue/{venueId}/setlists``
            said = split_words(parameter)
            if glued == normalize_name(parameter) or (len(leaf) == 1 and said[-1:] == leaf
                                                       and {singular(w) for w in said[:-1]} <= items):
                return parameter
        if normalize_name(parameter) not in KEY_WORDS or leaf[-1] not in KEY_WORDS:
            continue  # else only a bare ``{id}``: ``/render/{templateId}``'s ``renderId`` is the new render's
        named = len(leaf) > 1 and singular("".join(leaf[:-1])) in items
        named = named or any(glued == normalize_name(w) + leaf[-1] for w in items if len(leaf) == 1)
        if named:
            return parameter
    k = max((i for i, seg in enumerate(segs) if path_parameter(seg) is not None), default=None)
    if not k or k == len(segs) - 1 or len(leaf) != 1 or leaf[-1] not in KEY_WORDS:
        return None
    if any(path_parameter(s) is not None for s in segs[k + 1:]):
        return None
    if glued != normalize_name(path_parameter(segs[k]) or ""):
        return None  # the item's own key is spelled as the parameter (``id`` of ``{id}``); an export's ``token`` is new
    action = segs[k + 1:]
    verb = (split_words(action[0]) or [""])[0]
    if _names_other_items(segs[: k + 2]) or segs[: k + 2] in collections or verb in _NEW_RECORD_VERBS | _COPY_VERBS:
        return None
    items = _item_words(segs[:k])
    if all(set(split_words(p)) <= (_CONTAINERS | items) for p in parts[:-1]):
        return path_parameter(segs[k])
    return None


def other_collection_key(source: Api, output_key: str, target: Api, input_name: str,
                         collections: set[tuple[str, ...]]) -> str | None:
    """The bare key (``id``, ``key``) of what ``source`` lists, makes or reads, when those items are of another
    collection than the one whose items ``input_name`` keys (both collections have item paths in the spec): the
    reason, else ``None``. A search or report with no item paths of its own may list the target's items."""
    if not (source.path and target.path):
        return None
    parts = output_key.split("|")
    leaf = split_words(parts[-1])
    if len(leaf) != 1 or leaf[0] not in KEY_WORDS:
        return None
    t = segments(target.path)
    k = next((i for i, seg in enumerate(t) if path_parameter(seg) == input_name), None)
    if not k:
        return None
    own, theirs = _item_collection(source, collections), t[:k]
    named = split_words(input_name)
    if len(named) == 1 and theirs in collections and (why := _listed_under_other(parts, theirs, collections)):
        return f"{why} ({{{input_name}}})"
    if own == theirs or own not in collections or theirs not in collections:
        return None
    if len(named) > 1 and not ({singular(w) for w in named[:-1]} & _item_words(theirs)):
        return None  # /recommendations/{articleIds} is keyed by another collection's items: they name it
    items = _item_words(own)
    if not all(set(split_words(p)) <= (_CONTAINERS | items) for p in parts[:-1]):
        return None  # a record inside the answer (``template|owner|id``) may be of any collection
    return (f"the {parts[-1]} of an item of /{'/'.join(own)} keys no item of /{'/'.join(theirs)} "
            f"({{{input_name}}})")
