"""Normalized model of API documentation: Tool → Api → Parameter / OutputComponent.

Output components keep the hierarchy of the response as a tuple ``path``; the spellings used at the
boundaries are derived from it: ``|`` in the original release's files (``avatar|url``), ``—`` in the
paper's prompts (``avatar—url``), ``->`` in procurement strings.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, computed_field

RELEASE_SEP = "|"
PROMPT_SEP = "—"
ARROW_SEP = "->"
#: Path element of the keys of a map (``additionalProperties``): ``rates|{key}`` are the map's keys, while
#: its values keep the map's own path (maps, like arrays, are transparent).
MAP_KEY = "{key}"
#: Suffix of an input path element that is an array (``items[].sku``); input paths are joined by ``.``.
ARRAY_MARK = "[]"


def make_api_id(category: str, tool: str, api: str) -> str:
    """The ToolDial ``full_name`` of an API: ``Category|tool|api``."""
    return f"{category}|{tool}|{api}"


class Constraints(BaseModel):
    """The JSON-Schema keywords that bound a leaf's values (``pattern``, ``minimum`` / ``maximum``, lengths,
    ``multipleOf``), as documented; mock values obey them and the validator counts values that do not."""

    model_config = ConfigDict(frozen=True)

    pattern: str | None = None
    minimum: float | None = None
    maximum: float | None = None
    exclusive_minimum: float | None = None
    exclusive_maximum: float | None = None
    multiple_of: float | None = None
    min_length: int | None = None
    max_length: int | None = None
    #: ``examples`` beyond the first (the first is the leaf's ``example``).
    examples: tuple[Any, ...] = ()


class _Leaf(BaseModel):
    """What input fields and output components both document about a leaf, in this field order."""

    model_config = ConfigDict(frozen=True)

    #: From the parameter's name (inputs, array elements marked ``[]``: ``("items[]", "sku")``) or from the
    #: response root (outputs, arrays transparent) down.
    path: tuple[str, ...]
    type: str = "string"
    #: JSON-schema ``format`` refining ``type``, when documented.
    format: str | None = None
    description: str = ""
    example: Any = None
    #: Documented value bounds (pattern, range, lengths), when any.
    constraints: Constraints | None = None


class InputField(_Leaf):
    """A leaf inside an object or array parameter: the real slot a caller fills (``items[].sku``)."""

    #: Required at every level from the parameter down.
    required: bool = False

    @property
    def key(self) -> str:
        """``items[].sku``."""
        return ".".join(self.path)

    @property
    def name(self) -> str:
        """Leaf name without array marks (``sku``)."""
        return self.path[-1].removesuffix(ARRAY_MARK)

    @property
    def is_list(self) -> bool:
        """True when the path crosses an array (the caller passes several values)."""
        return any(p.endswith(ARRAY_MARK) for p in self.path)


class Parameter(BaseModel):
    """An input parameter of an API."""

    model_config = ConfigDict(frozen=True)

    name: str
    type: str = "string"
    #: JSON-schema ``format`` refining ``type`` (``date``, ``date-time``, ``binary``, ``credentials``, ...).
    format: str | None = None
    description: str = ""
    default: Any = None
    example: Any = None
    enum: list[Any] | None = None
    #: Leaves of an object / array-of-objects parameter (from its JSON schema), in document order.
    fields: tuple[InputField, ...] = ()
    #: Documented value bounds (pattern, range, lengths), when any.
    constraints: Constraints | None = None


class OutputComponent(_Leaf):
    """A leaf of an API's response, addressed by its path from the response root (arrays are transparent)."""

    #: True when the path crosses an array, so the API returns several values for it (→ ``request-multi``).
    is_list: bool = False
    #: The closed set of values the response schema documents for the leaf (``enum``), when it does.
    enum: tuple[Any, ...] | None = None
    #: How the API's name implies this id where its documentation gives no response (``created``, ``listed``,
    #: ``found``), or that another API's documentation says it returns it (``described``;
    #: :mod:`tooldial.corpus.implied_outputs`), ``""`` for a documented leaf; never serialised, so
    #: files and caches keep their bytes.
    implied: str = Field(default="", exclude=True)
    #: Where its schema puts the records of the leaf's list: the path of the innermost array or map keyed by
    #: data it lies in (``()``: the response is a list), None when no schema says (then read from the example,
    #: else the parent path: :func:`tooldial.dialogue.mockdata.documented.list_container`). Never serialised.
    list_at: tuple[str, ...] | None = Field(default=None, exclude=True)

    @property
    def name(self) -> str:
        """Leaf name (``url`` for ``avatar|url``)."""
        return self.path[-1]

    @property
    def key(self) -> str:
        """Release spelling, ``avatar|url``; also the spelling used in graph edges."""
        return RELEASE_SEP.join(self.path)

    @property
    def label(self) -> str:
        """Prompt spelling, ``avatar—url``."""
        return PROMPT_SEP.join(self.path)

    @property
    def arrow(self) -> str:
        """Procurement spelling, ``avatar->url``."""
        return ARROW_SEP.join(self.path)

    @staticmethod
    def parse_path(text: str) -> tuple[str, ...]:
        """Read a path written with any of the three spellings."""
        for sep in (ARROW_SEP, PROMPT_SEP, RELEASE_SEP):
            if sep in text:
                return tuple(p.strip() for p in text.split(sep))
        return (text,)


class Api(BaseModel):
    """One endpoint. ``id`` is the ToolDial full name ``Category|tool|api``."""

    model_config = ConfigDict(frozen=True)

    category: str
    tool: str
    name: str
    description: str = ""
    tool_description: str = ""
    method: str = "GET"
    required_parameters: tuple[Parameter, ...] = ()
    optional_parameters: tuple[Parameter, ...] = ()
    output_components: tuple[OutputComponent, ...] = ()
    #: A documented example response (parsed JSON when possible), used for mock data.
    example_response: Any = None
    #: The operation's own tags (OpenAPI ``tags``), when they differ from the tool's category.
    tags: tuple[str, ...] = ()
    #: The endpoint's URL path template (an OpenAPI ``paths`` key: ``/pets/{petId}``); empty where the
    #: documentation gives none (ToolBench, function lists). The graph reads REST resources from it.
    path: str = ""
    #: What a person wants from this API, in their words, when a model wrote it (the ``need`` role of
    #: ``--llm-roles``); empty: the rules read it from the documentation (``intents.goal_clause``). Never dumped:
    #: it is no part of the documentation.
    user_goal: str = Field(default="", exclude=True)
    #: A typical value and the usual range of each undocumented number of its results, ``(leaf path "a|b", low,
    #: high, typical)``, when a model gave it (the ``ranges`` role of ``--llm-roles``); empty: such numbers are drawn
    #: from their name's kind or their JSON type. Never dumped, as :attr:`user_goal`.
    value_ranges: tuple[tuple[str, float, float, float], ...] = Field(default=(), exclude=True)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def id(self) -> str:
        return make_api_id(self.category, self.tool, self.name)

    @property
    def domain(self) -> str:
        """What the API is about in a scenario: its first own tag, else its category."""
        return self.tags[0] if self.tags else self.category

    @property
    def parameters(self) -> tuple[Parameter, ...]:
        return self.required_parameters + self.optional_parameters

    def parameter(self, name: str) -> Parameter | None:
        return next((p for p in self.parameters if p.name == name), None)

    def output(self, key: str) -> OutputComponent | None:
        path = OutputComponent.parse_path(key)
        return next((o for o in self.output_components if o.path == path), None)

    @property
    def returns_list(self) -> bool:
        return any(o.is_list for o in self.output_components)


class DocumentedLink(BaseModel):
    """A chain the documentation itself declares (an OpenAPI ``link``): the ``source_output`` of API ``source`` is
    what input ``target_input`` of API ``target`` takes. APIs are named as in their tool (``api.name``)."""

    model_config = ConfigDict(frozen=True)

    name: str
    source: str
    source_output: str
    target: str
    target_input: str


class Tool(BaseModel):
    """A RapidAPI-style tool: a named group of APIs in one category."""

    model_config = ConfigDict(frozen=True)

    category: str
    name: str
    description: str = ""
    apis: tuple[Api, ...] = ()
    #: Who serves the API (an OpenAPI server host, a documented provider): tools of one provider share id
    #: spaces, so the graph may chain identifiers between them. Empty when unknown.
    provider: str = ""
    #: How ``provider`` was decided (:mod:`tooldial.corpus.providers`): ``documented``, ``server host``,
    #: ``one file``, ``own tool``, ``embedded ecosystem``; empty when a loader did not say.
    provider_rule: str = ""
    #: Chains between the tool's APIs that its documentation declares (OpenAPI ``links``, Arazzo workflows).
    links: tuple[DocumentedLink, ...] = ()
    #: An OpenAPI tool's operations by ``operationId`` and by ``"<method> <path>"`` → API name, for the workflows
    #: that name them (:mod:`tooldial.corpus.arazzo`); never serialised, so files and caches keep their bytes.
    operations: tuple[tuple[str, str], ...] = Field(default=(), exclude=True)


class SkippedRecord(BaseModel):
    """A file or record a lenient load skipped, with the reason (``file: record: field: problem``)."""

    location: str
    reason: str


class Corpus(BaseModel):
    """A loaded corpus: tools, with an index of APIs by id, and what was skipped on the way."""

    spec: str
    tools: list[Tool] = Field(default_factory=list)
    skipped: list[SkippedRecord] = Field(default_factory=list)

    def model_post_init(self, __context: Any) -> None:
        self._by_id = {api.id: api for tool in self.tools for api in tool.apis}
        self._by_tool = {(tool.category, tool.name): tool for tool in self.tools}

    @property
    def apis(self) -> list[Api]:
        return [api for tool in self.tools for api in tool.apis]

    def get(self, api_id: str) -> Api:
        try:
            return self._by_id[api_id]
        except KeyError:
            raise KeyError(f"no API {api_id!r} in corpus {self.spec!r}") from None

    def with_apis(self, apis: Iterable[Api]) -> Corpus:
        """A copy in which these APIs replace the ones with their ids (the others are shared, not copied)."""
        new = {api.id: api for api in apis}
        unknown = [i for i in new if i not in self._by_id]
        if unknown:
            raise KeyError(f"no API {unknown[0]!r} in corpus {self.spec!r}")
        tools = [t.model_copy(update={"apis": tuple(new.get(a.id, a) for a in t.apis)})
                 if any(a.id in new for a in t.apis) else t for t in self.tools]
        fields = {name: getattr(self, name) for name in type(self).model_fields}
        return type(self)(**{**fields, "tools": tools})  # built anew: the index is rebuilt

    def tool_apis(self, category: str, tool: str) -> list[Api]:
        """The APIs of one tool (one system's endpoints); none for a tool the corpus lacks."""
        found = self._by_tool.get((category, tool))
        return list(found.apis) if found is not None else []

    def __contains__(self, api_id: object) -> bool:
        return api_id in self._by_id

    def __len__(self) -> int:
        return len(self._by_id)

    @property
    def categories(self) -> list[str]:
        return sorted({t.category for t in self.tools})
