"""Evidence that two tools share an id space: one tool, one provider, one tool family (``Spotify`` and
``Spotify v2``), or the target's documentation naming the source's tool."""

from __future__ import annotations

import re
from functools import lru_cache

from tooldial.graph.entities import Entity, split_words
from tooldial.graph.evidence import Evidence, IdSpace
from tooldial.graph.record_types import api_subject_words
from tooldial.graph.verdict import RuleConfig
from tooldial.knowledge.english import singular
from tooldial.knowledge.loader import words as knowledge_words

_FAMILY_NOISE = knowledge_words("names", "tool_family_noise")
#: Category names and domain words: a tool named only by one of them is named after a domain, not a provider.
_CATEGORY_NAMES = knowledge_words("names", "tool_categories")
_GENERIC_TOOL_NAMES = knowledge_words("names", "generic_tool_names")


#: A version mark in a tool name (``Spotify v2``, ``currency_v2``, ``Api-V3``).
_VERSION = re.compile(r"(?i)(?:(?<=[\s_\-.])|^)v\d+(?:\.\d+)*\b|(?<=[a-z])V\d+\b")


@lru_cache(maxsize=65536)
def tool_stem(tool: str) -> str:
    """A tool name without version and filler words, for tool families (``Spotify v2`` → ``spotify``)."""
    words = [w for w in split_words(_VERSION.sub(" ", tool)) if w not in _FAMILY_NOISE and not w.isdigit()]
    return "".join(words)


def _tool_name(tool_id: str) -> str:
    return tool_id.split("|", 1)[-1]


@lru_cache(maxsize=65536)
def tool_full_name(tool: str) -> str:
    """A tool's whole name, lower-case alphanumerics, without a version suffix (``ApiFootball`` → ``apifootball``,
    ``Spotify_v2`` → ``spotify``): what a document that names the tool spells."""
    words = split_words(_VERSION.sub(" ", tool))
    while words and words[-1].isdigit():
        words.pop()
    return "".join(words)


def shared_id_space(source: Entity, target: Entity, target_docs: str, config: RuleConfig) -> IdSpace | None:
    """Why two tools share an id space, or ``None``.

    A tool family is two tools whose stems are equal, or one stem starting with the other when the shorter is more
    than one word (``Spotify`` and ``Spotify v2``; ``Football Prediction`` and ``Football Prediction Pro``): a
    single word that starts a name (``football`` of ``ApiFootball`` and of ``Football Prediction``) names a domain,
    not a provider. Nor do equal one-word stems that name the records the APIs serve (``quotes_api`` and
    ``quotes_v2``, whose APIs get quotes): that word is the domain's, and two providers of quotes number their
    quotes apart (v10 labels). The target's documentation names the source tool when it spells the tool's whole
    name (``apifootball``), not only its stem (``football``), and that name is not a domain's (``E-Commerce``,
    :func:`generic_tool_name`) nor one word naming the source's records (``Users`` of ``users|id``)."""
    why = _shared_id_space(source.tool_id, source.provider, target.tool_id, target.provider, target_docs, config)
    if why and why.evidence is Evidence.TOOL_FAMILY and _domain_word_family(source, target):
        return None
    if why and why.evidence is Evidence.DOCS_NAME_SOURCE and _record_word_tool(source):
        return None
    return why


def _record_word_tool(source: Entity) -> bool:
    """Whether the source tool's name (without version and trailing filler) is one word naming the records its
    API serves: its name's head noun or a word of the output's path (``Company`` of ``Company API``, ``Hashtag`` of
    ``hashtags|tag``, ``Users`` of ``username``), not a brand that an API name also spells (``youtube`` of
    ``Youtube Channel ID``). Any documentation about such records spells the word, so it names no tool."""
    words = [w for w in split_words(_VERSION.sub(" ", _tool_name(source.tool_id))) if not w.isdigit()]
    while words and words[-1] in _FAMILY_NOISE:
        words.pop()
    if len(words) != 1:
        return False
    word = singular(words[0])
    served = {singular(w) for w in api_subject_words(source.api_id)[-1:]}  # the head noun: ``Company API`` → company
    served |= {singular(w) for part in source.key.split("|") for w in split_words(part)}
    leaf = _alnum(source.key.rsplit("|", 1)[-1])
    return word in served or len(word) >= 4 and leaf.startswith(word)  # ``username`` of ``Users``


def _domain_word_family(source: Entity, target: Entity) -> bool:
    """Whether two tools' equal stems are one word naming the records either API serves (its name's subject or
    a record of the output's path, singular): ``quotes`` of ``Get Quote By Id``."""
    stem = [w for w in split_words(_VERSION.sub(" ", _tool_name(source.tool_id)))
            if w not in _FAMILY_NOISE and not w.isdigit()]
    if len(stem) != 1:
        return False
    served = {singular(w) for e in (source, target) for w in api_subject_words(e.api_id)}
    served |= {singular(w) for part in source.key.split("|")[:-1] for w in split_words(part)}
    return singular(stem[0]) in served


@lru_cache(maxsize=65536)
def generic_tool_name(tool: str, category: str = "") -> bool:
    """Whether a tool's name, without version and trailing filler words, names a domain rather than a provider: it is a
    category name or part of one (its own category's, or one of ``names.tool_categories``: ``E-Commerce`` of
    eCommerce, ``News`` of News_Media) or a generic domain word (``names.generic_tool_names``: ``Football``).
    Any shop's documentation says "e-commerce", so spelling such a name is no evidence of naming that tool."""
    words = [w for w in split_words(_VERSION.sub(" ", tool)) if not w.isdigit()]
    while words and words[-1] in _FAMILY_NOISE:  # ``Weather API``, not ``ApiFootball`` (a provider's name)
        words.pop()
    stem = "".join(words)
    if not stem:
        return True
    if stem in _GENERIC_TOOL_NAMES:
        return True
    return any(stem in name for name in (*_CATEGORY_NAMES, _alnum(category)) if name)


@lru_cache(maxsize=262144)  # per pair of tools and target documentation, not per candidate (speed only)
def _shared_id_space(s_tool_id: str, s_provider: str, t_tool_id: str, t_provider: str, target_docs: str,
                     config: RuleConfig) -> IdSpace | None:
    if s_tool_id == t_tool_id:
        return IdSpace("same tool", Evidence.SAME_TOOL)
    if s_provider and s_provider == t_provider:
        return IdSpace(f"same provider ({s_provider})", Evidence.SAME_PROVIDER)
    if config.single_provider:
        return IdSpace("one provider (single_provider)", Evidence.ONE_PROVIDER)
    s_tool, t_tool = _tool_name(s_tool_id), _tool_name(t_tool_id)
    s_stem, t_stem = tool_stem(s_tool), tool_stem(t_tool)
    if config.tool_family and len(s_stem) >= 4 and len(t_stem) >= 4:
        shorter = s_tool if len(s_stem) <= len(t_stem) else t_tool
        multi_word = len([w for w in split_words(shorter) if w not in _FAMILY_NOISE and not w.isdigit()]) > 1
        if s_stem == t_stem or (multi_word and (s_stem.startswith(t_stem) or t_stem.startswith(s_stem))):
            return IdSpace(f"same tool family ({min(s_stem, t_stem, key=len)})", Evidence.TOOL_FAMILY)
    full = tool_full_name(s_tool)
    if len(full) >= 5 and full in _alnum(target_docs) and not generic_tool_name(s_tool, s_tool_id.split("|", 1)[0]):
        return IdSpace(f"target documentation names the source tool ({full})", Evidence.DOCS_NAME_SOURCE)
    return None


@lru_cache(maxsize=65536)
def _alnum(text: str) -> str:
    """Lower-case letters and digits of a text (target documentation repeats across candidates)."""
    return re.sub(r"[^a-z0-9]", "", text.lower())
