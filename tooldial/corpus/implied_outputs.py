"""Outputs an API's name implies when its documentation gives none.

Most ToolBench APIs document no response (60-80% of a random sample), so nothing can chain from them, not even
the chains every reader of the tool sees: ``createFolder`` returns the new folder's id that ``deleteFolder``
takes, ``listUsers`` the users' ids that ``getUser`` takes. An API that documents no output (no schema, no
example response) gets one implied id output when

- its name starts with a verb that creates, lists or finds records (knowledge pack ``records``:
  ``create_verbs``, ``listing_verbs``, ``finding_verbs``) and names a record after it, up to the first word
  that ends the record's name (``record_name_ends``: ``uploadAttachmentToTask`` is about an attachment) — an
  association verb before such a word puts an existing record somewhere (``association_verbs``:
  ``addUserToWorkspace``) and implies nothing; filler words name no record (``record_name_filler``:
  ``getSingleBasket``); a finding verb names several records only with a plural (``getEnterpriseGroups``),
  ``all`` or ``list``;
- another API **of the same system** (the tools of one provider: a function file, an OpenAPI spec; else one
  tool — each ToolBench tool is its own provider) requires an id of exactly that record (``folderId``, ``folder_id``; its
  words without the id word and a leading role word such as ``home``), so the tool itself says such ids exist
  and what they are called;
- and the API does not require that id itself (``getFolder(folderId)`` returns nothing new about it).

An undocumented API also gets the field another API's documentation says it returns ("The value of matchId field
returned in .../matches/list endpoint"; :mod:`tooldial.corpus.described_links` reads such sentences): the one field
the sentence names, else the input's own name, unless the API itself requires it; ``implied`` is ``described``.
A documented API whose response lacks that field but stops at an object or list with no described items (``data``)
gets it under that container (``data|id``), and one that documents only the generic RapidAPI envelope is read as
undocumented (:func:`described_components`).

The output is named like that input (``folderId``; a listing's under the plural record, ``folders|folderId``,
one per listed record), typed ``string``, with a description saying it is implied, and ``implied`` set to how (``created``,
``listed``, ``found``; not serialised: the release files and caches keep their bytes). A created id never
starts a dialogue's chain (nobody creates a record to learn an id: ``rules/chain/lookup``). The graph judges it with its usual rules; the mock
world writes it into the API's result like any documented leaf, so a dialogue can chain from it."""

from __future__ import annotations

from collections.abc import Iterable

from tooldial.corpus.models import Api, OutputComponent, Parameter, Tool
from tooldial.graph.entities import split_words
from tooldial.knowledge.english import singular
from tooldial.knowledge.loader import words as knowledge_words

_CREATE = knowledge_words("records", "create_verbs")
_LIST = knowledge_words("records", "listing_verbs")
_FIND = knowledge_words("records", "finding_verbs")
_ENDS = knowledge_words("records", "record_name_ends")
_ASSOCIATE = knowledge_words("records", "association_verbs")
_ID = knowledge_words("records", "implied_id_words")
_ROLES = knowledge_words("records", "record_roles")
_FILLER = knowledge_words("records", "record_name_filler")


def name_record(api: Api) -> tuple[str, tuple[str, ...], tuple[str, ...]] | None:
    """What an API name says it returns: ``(how, record words singular, record words as written)`` with ``how``
    one of ``created``, ``listed``, ``found`` (``createFolder`` → created, (folder,); ``getEnterpriseGroups`` →
    listed, (enterprise, group)); ``None`` when the name starts with no such verb or names no record."""
    return named_record(api.name)


def named_record(name: str) -> tuple[str, tuple[str, ...], tuple[str, ...]] | None:
    """:func:`name_record` of an API's name (also read by the graph's ``new_record_key`` check)."""
    words = split_words(name)
    if len(words) < 2:
        return None
    verb, rest = words[0], words[1:]
    for i, w in enumerate(rest):
        if w in _ENDS:
            if verb in _ASSOCIATE:  # ``addUserToWorkspace`` puts an existing user somewhere
                return None
            rest = rest[:i]
            break
    several = bool(set(rest) & _LIST)  # ``getAllProjects``, ``get collection list``
    rest = [w for w in rest if w not in _FILLER and len(w) > 1 and not w.isdigit()]
    if not rest:
        return None
    record = tuple(singular(w) for w in rest)
    if len(record) > 1 and record[-1] in _ID:  # ``findUserIdByEmail`` finds a user's id
        return "found", record[:-1], tuple(rest[:-1])
    if verb in _CREATE:
        how = "created"
    elif verb in _LIST:
        how = "listed"
    elif verb in _FIND:
        how = "listed" if several or record[-1] != rest[-1] else "found"
    else:
        return None
    return how, record, tuple(rest)


def wanted_record(name: str) -> tuple[str, ...] | None:
    """The record a required id input names (``folderId`` → (folder,); ``homeTeam_id`` → (team,)), or ``None``
    for a bare ``id`` or a name that does not end in an id word."""
    words = split_words(name)
    if len(words) < 2 or words[-1] not in _ID:
        return None
    words = words[:-1]
    while len(words) > 1 and words[0] in _ROLES:
        words = words[1:]
    return tuple(singular(w) for w in words)


def _documents_output(api: Api) -> bool:
    return bool(api.output_components) or api.example_response not in (None, "", {}, [])


def _container(written: tuple[str, ...], like: str) -> str:
    """The listing's key, spelled like the input it feeds (``enterpriseGroups`` / ``enterprise_groups``)."""
    if "_" in like or like.islower():
        return "_".join(written)
    return written[0] + "".join(w.capitalize() for w in written[1:])


def implied_components(api: Api, wanted: dict[tuple[str, ...], list[tuple[str, Parameter]]],
                       ) -> tuple[OutputComponent, ...]:
    """The implied id outputs of one API given its tool's required id inputs (record → [(API id, parameter)]),
    each in the form the input documents (type, format, example, pattern)."""
    if _documents_output(api) or (named := name_record(api)) is None:
        return ()
    how, record, written = named
    own = {wanted_record(p.name) for p in api.required_parameters}
    if record in own:
        return ()
    takers = {}  # input name → the first parameter of that name (its documented form is the id's form)
    for api_id, param in wanted.get(record, ()):
        if api_id != api.id:
            takers.setdefault(param.name, param)
    shown = " ".join(record)
    out = []
    for name, param in sorted(takers.items()):
        if how == "listed":
            path, doc = (_container(written, name), name), f"The id of each listed {shown}"
        else:
            path, doc = (name,), f"The id of the {shown} it {'creates' if how == 'created' else 'finds'}"
        out.append(OutputComponent(path=path, type=param.type or "string", format=param.format,
                                   example=param.example if param.example is not None else param.default or None,
                                   constraints=param.constraints, is_list=how == "listed", implied=how,
                                   description=f"{doc} (implied by the API's name; no response is documented)."))
    return tuple(out)


#: Keys of a response that hold no record of the answer (the request's echo, the errors): no field a sentence
#: names is placed under them.
_NO_RECORD_KEYS = knowledge_words("containers", "echo") | knowledge_words("errors", "error_keys")
#: Path elements that wrap records without naming them (the graph's containers).
_WRAPPERS = knowledge_words("containers", "graph_container")
#: Top-level keys of the generic response envelope many unrelated APIs document (``get``, ``parameters``, ``errors``,
#: ``results``, ``response``): it says nothing about what the API returns.
_ENVELOPE = knowledge_words("envelope", "envelope")


def _only_envelope(api: Api) -> bool:
    """Whether the API documents only the generic envelope (no example, every output under an envelope key): it
    documents no response of its own, so a field a sentence names is its top-level output."""
    return api.example_response in (None, "", {}, []) and all(
        o.path and o.path[0].lower() in _ENVELOPE for o in api.output_components)


def _open_container(source: Api, words: set[str]) -> OutputComponent | None:
    """The object or array leaf of a documented ``source`` whose items are not described (Rightmove's ``data``,
    ``data|products``, ``data|search|people``), under which a field a sentence names is placed: the one whose path
    names a word of the sentence or of the target's name (``people`` of "people -> id"), else the only one if it
    is a mere wrapper (``data``, ``response|hits``; not ``related|items``, another record's)."""
    from tooldial.corpus.described_links import name_norm

    opened = [o for o in source.output_components if o.type in ("object", "array") and o.path and not o.implied
              and not any(p.lower() in _NO_RECORD_KEYS for p in o.path)]
    if not opened:
        return None
    said = {name_norm(w) for w in words}

    def named(o: OutputComponent) -> int:
        return sum(name_norm(w) in said for p in o.path for w in split_words(p))

    top = max(named(o) for o in opened)
    best = [o for o in opened if named(o) == top]
    if len(best) == 1 and (top > 0 or (len(opened) == 1 and all(p.lower() in _WRAPPERS for p in best[0].path))):
        return best[0]
    return None


def described_components(tool: Tool) -> dict[str, tuple[OutputComponent, ...]]:
    """API name → the outputs other APIs' documentation says that API returns (module docstring), each in the form
    of the input it feeds (type, format, example). An undocumented API (or one documenting only the generic
    envelope) gets the field; a documented one whose
    response stops at an object or array with no described items (``data``) gets it under that container, which the
    field replaces (``data`` → ``data|id``); a documented API whose response has the field, or no such container,
    is left as it is."""
    from tooldial.corpus.described_links import mentions, name_norm, source_output

    found: dict[str, dict[str, OutputComponent]] = {}
    replaced: dict[str, set[str]] = {}
    for m in mentions(tool):
        field = m.named_field()
        if field is None and not m.field_names():
            field = m.param.name
        if field is None:
            continue
        norm = name_norm(field)
        param = m.param
        names = [a.name for a in m.sources]
        for source in m.sources:
            if any(name_norm(p.name) == norm for p in source.required_parameters):
                continue
            path: tuple[str, ...] = (field,)
            is_list = False
            if _only_envelope(source):  # the envelope goes: the mock world reads it as no response at all
                replaced.setdefault(source.name, set()).update(o.key for o in source.output_components)
            elif _documents_output(source):
                if source_output(source, m.target, param, m.sentence, names) is not None:
                    continue
                container = _open_container(source, set(split_words(f"{m.sentence} {m.target.name}")))
                if container is None:
                    continue
                path, is_list = (*container.path, field), container.is_list or container.type == "array"
                replaced.setdefault(source.name, set()).add(container.key)
            found.setdefault(source.name, {}).setdefault("|".join(map(name_norm, path)), OutputComponent(
                path=path, type=param.type or "string", format=param.format,
                example=param.example if param.example is not None else param.default or None,
                constraints=param.constraints, implied="described", is_list=is_list,
                description=f"The {field} that {m.target.name}'s documentation says this API returns (implied: "
                            f"{'its items are not' if len(path) > 1 else 'no response is'} documented)."))
    out = {}
    by_name = {api.name: api for api in tool.apis}
    for name, by in found.items():
        added = tuple(by[k] for k in sorted(by))
        # a documented API keeps its components, an opened container replaced by the fields under it
        added = tuple(o for o in by_name[name].output_components if o.key not in replaced.get(name, ())) + added
        out[name] = added
    return out


def add_implied_outputs(tools: Iterable[Tool]) -> list[Tool]:
    """The tools with implied id outputs on their undocumented APIs (:func:`implied_components`), matched inside
    one system: the tools of one provider (a function file, an OpenAPI spec; ToolBench tools are each their own),
    else one tool. A tool with none is returned as it was (the same object)."""
    tools = list(tools)
    systems: dict[tuple[str, str], dict[tuple[str, ...], list[tuple[str, Parameter]]]] = {}
    for tool in tools:
        wanted = systems.setdefault(_system(tool), {})
        for api in tool.apis:
            for p in api.required_parameters:
                if (rec := wanted_record(p.name)) is not None:
                    wanted.setdefault(rec, []).append((api.id, p))
    result = []
    for tool in tools:
        wanted = systems[_system(tool)]
        comps = [implied_components(api, wanted) if wanted else () for api in tool.apis]
        described = described_components(tool)
        if described:  # the documentation's word first; a name-implied id of the same name adds nothing
            comps = [described.get(api.name, ()) + tuple(
                c for c in own if c.path[-1] not in {d.path[-1] for d in described.get(api.name, ())})
                for api, own in zip(tool.apis, comps, strict=True)]
        if not any(comps):
            result.append(tool)
            continue
        apis = tuple(api.model_copy(update={"output_components": c}) if c else api
                     for api, c in zip(tool.apis, comps, strict=True))
        result.append(tool.model_copy(update={"apis": apis}))
    return result


def _system(tool: Tool) -> tuple[str, str]:
    return ("provider", tool.provider) if tool.provider else ("tool", f"{tool.category}|{tool.name}")


def implied_count(apis: Iterable[Api]) -> tuple[int, int]:
    """(implied outputs, APIs that have them)."""
    counts = [sum(1 for c in api.output_components if c.implied) for api in apis]
    return sum(counts), sum(1 for n in counts if n)
