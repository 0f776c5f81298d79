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

from tooldial.corpus.models import Api, Corpus

Role = Literal["input", "output"]


@dataclass(frozen=True, slots=True)
class Entity:
    """One side of a candidate edge: an output component (``key`` = ``a|b``) or a required input (``key`` =
    parameter name) of API ``api_id``."""

    api_id: str
    role: Role
    key: str
    name: str
    description: str
    keywords: tuple[str, ...] = ()
    is_list: bool = False

    @property
    def keyword_text(self) -> str:
        """``d + k``: the description followed by the API's keywords."""
        if not self.keywords:
            return self.description
        return f"{self.description} ({', '.join(self.keywords)})"


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

def _wordset(text: str) -> frozenset[str]:
    return frozenset(text.split())


#: Names that say nothing without their subject: ``id`` of what?
GENERIC_NAMES = _wordset(
    "id ids uuid guid key code name value type slug num number no url uri link handle title label text "
    "string query q term input param arg height width size length from to start end count total "
    "description format"
)
#: Response wrappers that are not part of an entity's meaning (``data|items|id`` → ``id``).
CONTAINER_NAMES = _wordset(
    "data result results response body payload items item list records record entries entry content "
    "contents output root rows row values array objects object hits docs edges node nodes"
)
#: Words of an API name that are verbs or filler, not the API's subject.
API_NAME_FILLER = _wordset(
    "get gets list lists search searches fetch retrieve find show create update delete add remove post put "
    "patch by details detail info information all of the for a an and or to from in on with single specific "
    "v1 v2 v3 api endpoint data query lookup check new latest top recent random using via"
)
STOPWORDS = _wordset(
    "a about above after again against all also am an and any are as at be because been before being below "
    "between both but by can could did do does doing down during each few for from further had has have "
    "having he her here hers herself him himself his how i if in into is it its itself just me more most my "
    "myself no nor not now of off on once only or other our ours ourselves out over own same she should so "
    "some such than that the their theirs them themselves then there these they this those through to too "
    "under until up very was we were what when where which while who whom why will with would you your "
    "yours yourself yourselves get gets using use used uses via api apis endpoint endpoints provides provide "
    "allows allow returns return based one two etc please free simple easy data information info service "
    "services tool tools access request requests response responses available various e g ie eg within "
    "list lists new best make makes just like well way many much need want able let lets given specific "
    "every including include includes us www http https com"
)


def split_words(name: str) -> list[str]:
    """``channelId`` → ``['channel', 'id']``; ``avatar|url`` → ``['avatar', 'url']`` (lower case)."""
    return [w.lower() for w in _WORD.findall(name)]


#: Plurals in -ies whose singular ends in -ie (``movies`` → ``movie``, not ``movy``).
_IE_PLURALS = _wordset("movies cookies zombies calories selfies rookies goalies pies ties lies hippies "
                       "smoothies brownies freebies")
#: Leading words of an input name that say which way a value flows, not what it is: ``from_currency_code``
#: takes a currency code.
INPUT_QUALIFIERS = _wordset("from to source target origin destination dest src dst input")


#: Words in -s that are not plurals.
_NOT_PLURALS = _wordset("news series species analytics statistics physics economics politics mathematics "
                        "athletics gas lens atlas canvas")


def _singular(word: str) -> str:
    if word in _NOT_PLURALS:
        return word
    if word in _IE_PLURALS:
        return word[:-1]
    if len(word) > 3 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def _clip(text: str, max_words: int) -> str:
    words = text.split()
    return " ".join(words[:max_words]) if len(words) > max_words else " ".join(words)


def api_subject(api: Api, role: Role) -> list[str]:
    """The noun an API is about, to qualify its generic entity names.

    Inputs take the first subject word (``Get User Tweets``: a generic input is the *user*'s), or the word
    after ``by`` (``Comments by Video Id`` → *video*); outputs take the last (a generic output of
    ``Get User Tweets`` is a *tweet*'s)."""
    words = split_words(api.name)
    if role == "input" and "by" in words:
        after = [w for w in words[words.index("by") + 1 :] if w not in API_NAME_FILLER and w not in GENERIC_NAMES]
        if after:
            return [_singular(after[0])]
    content = [w for w in words if w not in API_NAME_FILLER and w not in GENERIC_NAMES and not w.isdigit()]
    if not content:
        content = [w for w in split_words(api.tool) if w not in API_NAME_FILLER and w not in GENERIC_NAMES]
    if not content:
        return []
    return [_singular(content[0] if role == "input" else content[-1])]


def short_name(api: Api, role: Role, path: tuple[str, ...]) -> str:
    """The offline stand-in for the paper's 5–7-word name: the entity's own words, qualified by its parent
    component or the API's subject when they are generic."""
    parts = [p for p in path if p.lower() not in CONTAINER_NAMES and not p.isdigit()] or [path[-1]]
    leaf = split_words(parts[-1]) or [parts[-1].lower()]
    if role == "input" and len(leaf) > 1 and leaf[0] in INPUT_QUALIFIERS and not all(
            w in GENERIC_NAMES for w in leaf[1:]):
        leaf = leaf[1:]
    if all(w in GENERIC_NAMES or w in CONTAINER_NAMES for w in leaf):
        parent = split_words(parts[-2]) if len(parts) > 1 else []
        parent = [w for w in parent if w not in CONTAINER_NAMES]
        subject = [_singular(parent[-1])] if parent else api_subject(api, role)
        if subject and subject[-1] not in leaf:
            leaf = subject + leaf
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

    def api_entities(self, api: Api, keywords: tuple[str, ...]) -> tuple[list[Entity], list[Entity]]:
        outputs = []
        for comp in api.output_components:
            name = short_name(api, "output", comp.path)
            outputs.append(Entity(api.id, "output", comp.key, name,
                                  entity_description(name, comp.description, self.max_description_words),
                                  keywords, comp.is_list))
        inputs = []
        for param in api.required_parameters:
            name = short_name(api, "input", (param.name,))
            inputs.append(Entity(api.id, "input", param.name, name,
                                 entity_description(name, param.description, self.max_description_words),
                                 keywords))
        return outputs, inputs

    def produce(self, corpus: Corpus, *, progress: bool = False) -> EntityTexts:
        apis = corpus.apis
        ranker = KeywordRanker(apis, self.top_k_keywords)
        outputs: list[Entity] = []
        inputs: list[Entity] = []
        for api in tqdm(apis, desc="entity text (offline)", unit="api", disable=not progress):
            outs, ins = self.api_entities(api, ranker.keywords(api))
            outputs.extend(outs)
            inputs.extend(ins)
        return EntityTexts(outputs, inputs)


def make_producer(kind: str, **kwargs) -> EntityTextProducer:
    """The producer registered as ``kind`` in :data:`tooldial.registry.ENTITY_PRODUCERS` (``offline`` or ``llm``;
    keyword arguments go to its constructor)."""
    from tooldial.registry import ENTITY_PRODUCERS

    return ENTITY_PRODUCERS.create(kind, **kwargs)
