"""Entity text: the name, description and keywords Eq. 1 compares for every input and output.

Every required input parameter and every output component of an API becomes an :class:`Entity` with

- ``name`` (n): a short name that replaces generic names (``id`` of *Get Channel Details* → ``channel id``),
  compared by LCS;
- ``description`` (d): what the entity is, compared by embedding cosine;
- ``keywords`` (k): the API's four keywords; ``d + k`` is compared by cosine to keep entities of unrelated
  domains apart.

Two producers fill them in behind :class:`EntityTextProducer`: :class:`OfflineEntityText` (default, here:
deterministic, no network) and :class:`tooldial.graph.llm_entities.LLMEntityText` (the paper's prompts A.1 and
A.2 through any OpenAI-compatible endpoint).

The offline description is entity-centric (short name + documented description, no API context), so equal
parameters of different APIs share one text: fewer texts to embed and a smaller similarity search. The API's
domain enters through the keywords, which the offline producer ranks per tool by a TF-IDF score over the
corpus's tools (names before descriptions, capitalised words first, as A.2 asks of the LLM).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal, Protocol

from tqdm.auto import tqdm

from tooldial.corpus.models import ARRAY_MARK, MAP_KEY, Api, Corpus, InputField, OutputComponent, Parameter
from tooldial.knowledge.english import singular
from tooldial.knowledge.loader import ordered_words
from tooldial.knowledge.loader import words as knowledge_words
from tooldial.knowledge.taxonomy import IDENTIFIER_TAIL, IDENTIFIER_WORDS

Role = Literal["input", "output"]


@dataclass(frozen=True, slots=True)
class Entity:
    """One side of a candidate edge: an output component (``key`` = ``a|b``) or a required input (``key`` =
    parameter name, or the path of a nested field inside it: ``items[].sku``) of API ``api_id``.

    ``name``, ``description`` and ``keywords`` are what Eq. 1 compares; ``type``, ``format``, ``example``,
    ``raw`` (the leaf name as documented), ``param`` (an input's top-level parameter), ``provider`` and
    ``documented`` (the documented description alone) are what :mod:`tooldial.graph.validity` reads."""

    api_id: str
    role: Role
    key: str
    name: str
    description: str
    keywords: tuple[str, ...] = ()
    is_list: bool = False
    type: str = "string"
    format: str | None = None
    example: str = ""
    raw: str = ""
    param: str = ""
    provider: str = ""
    documented: str = ""
    #: An id the API's name implies where its documentation gives no response
    #: (:mod:`tooldial.corpus.implied_outputs`): it holds inside its own system only.
    implied: bool = False
    #: ``Category|tool``, computed once (read for every candidate by the rules and the caps).
    _tool: str = field(default="", init=False, repr=False, compare=False)
    #: What :func:`tooldial.graph.validity.classify` found, kept here once computed (a cache, not data).
    traits_cache: object = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_tool", self.api_id.rsplit("|", 1)[0])

    @property
    def keyword_text(self) -> str:
        """``d + k``: the description followed by the API's keywords."""
        if not self.keywords:
            return self.description
        return f"{self.description} ({', '.join(self.keywords)})"

    @property
    def tool_id(self) -> str:
        """``Category|tool`` of the entity's API."""
        return self._tool


@dataclass
class EntityTexts:
    """What a producer returns: all output entities and all required-input entities, in corpus order."""

    outputs: list[Entity]
    inputs: list[Entity]
    #: Producer-specific counters (e.g. LLM answers that could not be parsed and fell back to offline text).
    stats: dict[str, int] = field(default_factory=dict)


class EntityTextProducer(Protocol):
    """Turns a corpus into entity text."""

    name: str

    def produce(self, corpus: Corpus, *, progress: bool = False) -> EntityTexts: ...


# --------------------------------------------------------------------------------------------- words

_WORD = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+|[^\W\d_]+", re.UNICODE)
_TEXT_WORD = re.compile(r"[^\W\d_][\w'-]*[^\W_]|[^\W\d_]", re.UNICODE)

#: Names that say nothing without their subject: ``id`` of what?
GENERIC_NAMES = knowledge_words("names", "entity_generic")
#: Response wrappers that are not part of an entity's meaning (``data|items|id`` → ``id``).
CONTAINER_NAMES = knowledge_words("containers", "entity_container")
#: Words of an API name that are verbs or filler, not the API's subject.
API_NAME_FILLER = knowledge_words("names", "entity_api_filler")
STOPWORDS = knowledge_words("stopwords", "entity_text")


def split_words(name: str) -> list[str]:
    """``channelId`` → ``['channel', 'id']``; ``avatar|url`` → ``['avatar', 'url']`` (lower case)."""
    return [w.lower() for w in _WORD.findall(name)]


def fused_id_record(word: str) -> str | None:
    """The record a one-word name fused with its ``id`` names (``playerid`` → ``player``, ``teamid`` → ``team``);
    ``None`` for a word of four letters or fewer (``id``, ``paid``) or one that does not end in ``id``. The one
    reading of that spelling for the record readers (:mod:`tooldial.graph.record_ids`,
    :mod:`tooldial.graph.record_clashes`, :mod:`tooldial.graph.system_keys`)."""
    return word[:-2] if len(word) > 4 and word.endswith("id") else None


def singular_name(name: str) -> str:
    """``channelIds`` and ``channel_id`` → ``channelid``: a name's words, singular, joined (one spelling for a name
    written either way)."""
    return "".join(singular(w) for w in split_words(name))


#: Leading words of an input name that say which way a value flows, not what it is: ``from_currency_code``
#: takes a currency code, ``new_item_ids`` item ids.
INPUT_QUALIFIERS = knowledge_words("requests", "direction_qualifiers")


def _clip(text: str, max_words: int) -> str:
    words = text.split()
    return " ".join(words[:max_words]) if len(words) > max_words else " ".join(words)


def api_subject(api: Api, role: Role) -> list[str]:
    """The noun an API is about, to qualify its generic entity names.

    Inputs take the first subject word (``Get User Tweets``: a generic input is the *user*'s), or the word
    after ``by`` (``Comments by Video Id`` → *video*); outputs take the last (a generic output of
    ``Get User Tweets`` is a *tweet*'s), before ``by`` when there is one (``findPetsByStatus`` returns *pet*
    records, so its bare ``id`` is a pet id, as :func:`tooldial.graph.validity.record_type` reads it)."""
    words = split_words(api.name)
    if role == "input" and "by" in words:
        after = [w for w in words[words.index("by") + 1 :] if w not in API_NAME_FILLER and w not in GENERIC_NAMES]
        if after:
            return [singular(after[0])]
    if role == "output" and "by" in words[1:]:  # what comes back is named before ``by`` (``findPetsByStatus``)
        before = [w for w in words[:words.index("by", 1)]
                  if w not in API_NAME_FILLER and w not in GENERIC_NAMES and not w.isdigit()]
        if before:
            return [singular(before[-1])]
    content = [w for w in words if w not in API_NAME_FILLER and w not in GENERIC_NAMES and not w.isdigit()]
    if not content:
        content = [w for w in split_words(api.tool) if w not in API_NAME_FILLER and w not in GENERIC_NAMES]
    if not content:
        return []
    return [singular(content[0] if role == "input" else content[-1])]


#: Words naming a standard kind of value (what :mod:`tooldial.graph.validity` classifies as one).
STANDARD_WORDS = knowledge_words("standards", "entity_standard_words")
#: Words that end the name of an identifier: the identifier vocabulary and its tail words (``code``, ``number``),
#: which the namer reads at the end of a phrase of two or more words (``IATA code of the airport``) or of a list's
#: plural (``currencyCodes``). A scalar list whose items are such values is named ``<item> id``.
ID_WORDS = IDENTIFIER_WORDS | IDENTIFIER_TAIL
_ID_MENTION = re.compile(r"\b(" + "|".join(ordered_words("identifiers", "id_mentions")) + r")\b", re.I)
_ID_VALUE = re.compile(r"^[#\w][\w\-:.#]{0,63}$")
_NOT_ID_VALUE = re.compile(r"@|://|^\d{4}-\d{2}-\d{2}|\s")


def _words(part: str) -> list[str]:
    return split_words(part.removesuffix(ARRAY_MARK)) or [part.removesuffix(ARRAY_MARK).lower()]


def looks_like_id_list(description: str, example: object) -> bool:
    """Whether a list of scalars holds identifiers: its description says so, or its example looks like one
    (a short token with a digit and no spaces, that is not an e-mail, URL or date)."""
    if _ID_MENTION.search(description or ""):
        return True
    if isinstance(example, bool) or example is None:
        return False
    if isinstance(example, int):
        return True
    text = str(example).strip()
    return bool(_ID_VALUE.match(text)) and not _NOT_ID_VALUE.search(text) and any(c.isdigit() for c in text)


def leading_noun_phrase(text: str, max_words: int = 3) -> list[str]:
    """The words a description starts with, up to the first stopword (``The session token for ...`` →
    ``session token``; ``SKU of the product`` → ``sku``), singular."""
    words = split_words(text)
    while words and words[0] in STOPWORDS:
        words = words[1:]
    out: list[str] = []
    for w in words[:max_words]:
        if w in STOPWORDS or len(w) < 2:
            break
        out.append(singular(w))
    return out


#: Where the first clause of a description ends (``Origin location: address, city ...``).
_CLAUSE_END = re.compile(r"[:;,.()\[\]\n]| [-–—] ")
_BRACKETED = re.compile(r"[\w.-]+\[([\w.-]+)\]")
#: Response descriptions that say nothing about the value (``ok``, ``Successful operation``).
_BOILERPLATE = knowledge_words("records", "boilerplate_descriptions")


def described_input_name(leaf: list[str], description: str) -> list[str] | None:
    """An input's name as its description states it, where its own name is short for it:

    - an abbreviation (``pid``: *The product id*): the initials of the phrase's words before its id word,
      then the id word;
    - a bare direction word (``origin``: *IATA code of the departure airport*): the phrase without direction
      words, when it ends in an id word, a standard kind or ``name``;
    - the phrase with more words of the same thing (``payment_id``: *The payment method id ...*; ``currency``:
      *Target currency code*): the name's words in order in the phrase, the same first word, and an id word
      at the phrase's end.

    ``leaf``: the input's own words, singular. ``None`` when the description does not say."""
    first = _CLAUSE_END.split(description.strip(), maxsplit=1)[0]
    phrase = [w for w in leading_noun_phrase(first, 4) if not w.isdigit()]
    while phrase and phrase[0] in INPUT_QUALIFIERS:
        phrase = phrase[1:]
    core = list(leaf)
    while core and core[0] in INPUT_QUALIFIERS:
        core = core[1:]
    if len(phrase) < 2 or phrase == core or len(set(phrase)) < len(phrase):
        return None
    head = phrase[-1]
    if not core:
        return phrase if head in ID_WORDS or head in STANDARD_WORDS or head == "name" else None
    if len(core) == 1 and head in ID_WORDS and len(core[0]) <= 5 and core[0] == "".join(
            w[0] for w in phrase[:-1]) + head:
        return phrase
    if head in ID_WORDS and core[0] == phrase[0] and len(core) < len(phrase) and _in_order(core, phrase):
        # a standard value stays itself unless called a code ("Email ID of the user" is an e-mail address)
        return phrase if core[-1] not in STANDARD_WORDS | {"email"} or head == "code" else None
    return None


def _in_order(words: list[str], phrase: list[str]) -> bool:
    it = iter(phrase)
    return all(w in it for w in words)


def short_name(api: Api, role: Role, path: tuple[str, ...], *, description: str = "",
               id_list: bool = False) -> str:
    """The offline stand-in for the paper's 5–7-word name: the entity's own words, singular, qualified by its
    parent component (up to two words of it: ``payment_methods|id`` → ``payment method id``) or the API's
    subject when they are generic.

    ``{key}`` (the keys of a map) is named ``<owner> id``; the bare ``response`` of a scalar body takes its
    words from the response description, else the API's subject; ``id_list`` (a list of scalar ids named in
    the plural, ``orders``) appends ``id``: ``order id``."""
    clean = [p.removesuffix(ARRAY_MARK) for p in path]
    parts = [p for p in clean if p.lower() not in CONTAINER_NAMES and not p.isdigit()]
    if clean[-1] == MAP_KEY:  # map keys: what its description names first, else ``<owner> id``
        named = leading_noun_phrase(description)
        if named:
            return " ".join(named)
        owner = [singular(w) for w in _words(parts[-2])] if len(parts) > 1 else api_subject(api, "output")
        return " ".join([*owner[-2:], "id"]) if owner else "id"
    if not parts:
        if clean == ["response"]:  # a scalar body: what it is comes from its description, else the API
            said = [w for w in leading_noun_phrase(description) if w not in _BOILERPLATE] if role == "output" else []
            return " ".join(said or api_subject(api, "output") or ["response"])
        parts = [clean[-1]]
    if bracketed := _BRACKETED.fullmatch(parts[-1]):  # ``filter[customer_id]``: the key inside the brackets
        parts[-1] = bracketed.group(1)
    leaf = _words(parts[-1])
    if role == "input" and description:
        said = described_input_name([singular(w) for w in leaf], description)
        if said:
            return " ".join(said)
    if len(leaf) > 1 and leaf[0] in INPUT_QUALIFIERS and not all(w in GENERIC_NAMES for w in leaf[1:]):
        leaf = leaf[1:]  # from_symbol / to_symbol of a pair: both are symbols
    leaf = [singular(w) for w in leaf]
    if all(w in GENERIC_NAMES for w in leaf) or all(w in CONTAINER_NAMES for w in leaf):
        parent = [singular(w) for w in _words(parts[-2]) if w not in CONTAINER_NAMES] if len(parts) > 1 else []
        subject = parent[-2:] if parent else api_subject(api, role)
        if subject and subject[-1] not in leaf:
            leaf = subject + leaf
    if id_list and leaf[-1] not in ID_WORDS:
        leaf = [*leaf, "id"]
    return " ".join(leaf)


def entity_description(name: str, documented: str, max_words: int = 40) -> str:
    """``name: documented description`` (clipped), or just the name when nothing is documented."""
    doc = _clip(" ".join(str(documented or "").split()), max_words)
    if not doc or doc.lower().strip(" .") == name.lower():
        return name
    return f"{name}: {doc}"


# --------------------------------------------------------------------------------------------- keywords


def _tool_fields(apis: list[Api]) -> list[tuple[str, float]]:
    """The paragraph keywords are extracted from, as (text, weight): the tool's name and description, and its
    APIs' names and descriptions (together weighing as much as one description). Names weigh more."""
    first = apis[0]
    fields = [(first.tool, 3.0), (first.tool_description, 1.0)]
    share = 1.0 / len(apis)
    for api in apis:
        fields += [(api.name, 2.0 * share), (api.description, share)]
    return fields


def _candidates(fields: list[tuple[str, float]]) -> Counter[str]:
    scores: Counter[str] = Counter()
    for text, weight in fields:
        for raw in _TEXT_WORD.findall(str(text or "")):
            for word in split_words(raw) if not raw.isupper() else [raw.lower()]:
                if len(word) < 3 or word in STOPWORDS or word.isdigit():
                    continue
                bonus = 1.5 if raw[:1].isupper() else 1.0  # proper nouns first (A.2)
                scores[word] += weight * bonus
    return scores


def _tool_key(api: Api) -> tuple[str, str]:
    return (api.category, api.tool)


class KeywordRanker:
    """TF-IDF keyword ranking, one keyword set per tool: deterministic and cheap (no model).

    Keywords are there to keep entities of unrelated domains apart (§3.1), and a domain is a tool's, so all
    APIs of a tool share them; equal entities of one tool then share one ``d + k`` text, which cuts the texts
    to embed on ToolBench by a third."""

    def __init__(self, apis: Iterable[Api], top_k: int = 4) -> None:
        self.top_k = top_k
        by_tool: dict[tuple[str, str], list[Api]] = {}
        for api in apis:
            by_tool.setdefault(_tool_key(api), []).append(api)
        self._candidates = {key: _candidates(_tool_fields(group)) for key, group in by_tool.items()}
        df: Counter[str] = Counter()
        for cands in self._candidates.values():
            df.update(cands.keys())
        n = max(len(self._candidates), 1)
        self._idf = {w: math.log((1 + n) / (1 + c)) + 1.0 for w, c in df.items()}
        self._cache: dict[tuple[str, str], tuple[str, ...]] = {}

    def keywords(self, api: Api) -> tuple[str, ...]:
        key = _tool_key(api)
        got = self._cache.get(key)
        if got is None:
            cands = self._candidates.get(key) or _candidates(_tool_fields([api]))
            ranked = sorted(cands.items(), key=lambda kv: (-kv[1] * self._idf.get(kv[0], 1.0), kv[0]))
            got = self._cache[key] = tuple(w for w, _ in ranked[: self.top_k])
        return got


# --------------------------------------------------------------------------------------------- producer


class OfflineEntityText:
    """Deterministic entity text without a network: see the module docstring."""

    name = "offline"

    def __init__(self, top_k_keywords: int = 4, max_description_words: int = 40) -> None:
        self.top_k_keywords = top_k_keywords
        self.max_description_words = max_description_words

    def api_entities(self, api: Api, keywords: tuple[str, ...],
                     provider: str = "") -> tuple[list[Entity], list[Entity]]:
        outputs = [self.output_entity(api, comp, keywords, provider) for comp in api.output_components]
        inputs = [self.input_entity(api, param, fld, keywords, provider)
                  for param in api.required_parameters for fld in input_slots(param)]
        return outputs, inputs

    def output_entity(self, api: Api, comp: OutputComponent, keywords: tuple[str, ...], provider: str) -> Entity:
        last = _words(comp.path[-1])[-1]
        fmt = comp.format or (NAME_FORMAT if _has_code_sibling(api, comp) else None)
        id_list = (comp.is_list and comp.type not in ("object", "array", "boolean") and comp.path[-1] != MAP_KEY
                   and last != singular(last) and looks_like_id_list(comp.description, comp.example))
        name = short_name(api, "output", comp.path, description=comp.description, id_list=id_list)
        raw = comp.path[-1]
        if raw == MAP_KEY and leading_noun_phrase(comp.description):
            raw = name  # keys documented as "currency code" are currency codes, not ids of the map's records
        return Entity(api.id, "output", comp.key, name,
                      entity_description(name, comp.description, self.max_description_words), keywords,
                      comp.is_list, comp.type, fmt, example_text(comp.example), raw, "", provider,
                      comp.description, implied=bool(comp.implied))

    def input_entity(self, api: Api, param: Parameter, fld: InputField | None, keywords: tuple[str, ...],
                     provider: str) -> Entity:
        if fld is None:
            path, key, kind, fmt, doc = (param.name,), param.name, param.type, param.format, param.description
            example = param.example if param.example is not None else param.default
            is_list = param.type == "array" or takes_several(param.name, doc)
        else:
            path, key, kind, fmt, doc, example = fld.path, fld.key, fld.type, fld.format, fld.description, fld.example
            is_list = fld.is_list or fld.type == "array"
        name = short_name(api, "input", path, description=doc)
        return Entity(api.id, "input", key, name, entity_description(name, doc, self.max_description_words),
                      keywords, is_list, kind, fmt, example_text(example), path[-1].removesuffix(ARRAY_MARK),
                      param.name, provider, doc)

    def produce(self, corpus: Corpus, *, progress: bool = False) -> EntityTexts:
        apis = corpus.apis
        ranker = KeywordRanker(apis, self.top_k_keywords)
        providers = tool_providers(corpus)
        outputs: list[Entity] = []
        inputs: list[Entity] = []
        for api in tqdm(apis, desc="entity text (offline)", unit="api", disable=not progress):
            outs, ins = self.api_entities(api, ranker.keywords(api), providers.get((api.category, api.tool), ""))
            outputs.extend(outs)
            inputs.extend(ins)
        return EntityTexts(outputs, inputs)


#: ``Entity.format`` of a ``country`` / ``language`` / ``currency`` output whose record also has the code: a name.
NAME_FORMAT = "name"
_CODED = knowledge_words("standards", "named_beside_code")
#: Last words of a sibling that is the code of a named thing (country_code).
_CODE_SUFFIXES = knowledge_words("standards", "code_suffixes")


def _has_code_sibling(api: Api, comp: OutputComponent) -> bool:
    """``country`` next to ``country_code`` (or ``countryCode``, ``country_iso``) in one record: by the
    documentation's own convention the plain field holds the name."""
    words = _words(comp.path[-1])
    if len(words) != 1 or words[0] not in _CODED:
        return False
    parent = comp.path[:-1]
    for other in api.output_components:
        if other.path[:-1] == parent and other.path != comp.path:
            ow = _words(other.path[-1])
            if ow[0] == words[0] and len(ow) > 1 and ow[-1] in _CODE_SUFFIXES:
                return True
    return False


_SEVERAL = re.compile(r"\b(" + "|".join(ordered_words("quantities", "several_values_docs")) + r")\b", re.I)


def takes_several(name: str, description: str) -> bool:
    """Whether a scalar-typed input takes several values: its name ends in plural ids (``item_ids``, ``uuids``,
    ``currencyCodes``) or its description says so (*comma-separated*, *list of*, *one or more*)."""
    words = split_words(name)
    last = words[-1] if words else ""
    plural_id = last != singular(last) and singular(last) in ID_WORDS
    return plural_id or bool(_SEVERAL.search(description or ""))


def input_slots(param: Parameter) -> list[InputField | None]:
    """What a caller fills for one required parameter: its required nested fields (all its fields when none is
    marked required), or the parameter itself (``None``) when it has no fields."""
    if not param.fields:
        return [None]
    required = [f for f in param.fields if f.required]
    return list(required or param.fields)


def example_text(value: object, limit: int = 80) -> str:
    """A documented example as short text for the format rules (``""`` when none)."""
    if value is None or isinstance(value, (dict, list, tuple)):
        return ""
    return str(value).strip()[:limit]


def tool_providers(corpus: Corpus) -> dict[tuple[str, str], str]:
    """``(category, tool)`` → provider (``""`` when the documentation names none)."""
    return {(t.category, t.name): t.provider for t in corpus.tools}


def make_producer(kind: str, **kwargs) -> EntityTextProducer:
    """The producer registered as ``kind`` in :data:`tooldial.registry.ENTITY_PRODUCERS` (``offline`` or ``llm``;
    keyword arguments go to its constructor)."""
    from tooldial.registry import ENTITY_PRODUCERS

    return ENTITY_PRODUCERS.create(kind, **kwargs)
