"""Records of a list whose documentation types its items as bare objects and documents no example
(``{"data": {"type": "array", "items": {"type": "object"}}}``). 1,809 held-out ToolBench APIs (6.7%) document their
payload so; their results held only ``{"status": "success"}`` and answered nothing (an image search returned no
images). Such a list's records get the fields a record of its kind typically has (``records.typical_fields``), named
by the list's key (``reviews``) or else by the record the API's name is about ("Search Images"); the builder draws
them by their kinds like documented fields. A record of no known kind stays left out.

A lookup that documents no response at all (no output field, no example) is the same case one level up: "List
Users", "Get Amazon Product Details" and "Next 15 Events by League Id" answered ``{"status": "success"}``. When its
name names a record the pack knows, its result is those records (:func:`undocumented_components`): a page of them
under the noun's plural (``users``), or one record's fields for a name that asks for one ("Video Info")."""

from __future__ import annotations

from typing import cast

from tooldial.corpus.implied_outputs import wanted_record
from tooldial.corpus.models import Api, OutputComponent
from tooldial.graph.record_types import api_subject_words
from tooldial.knowledge import loader
from tooldial.knowledge.english import plural, singular
from tooldial.knowledge.taxonomy import name_tokens

_TYPICAL = cast("dict[str, tuple[str, ...]]", dict(loader.word_map("records", "typical_fields")))
#: List keys that name no kind of record (``data``, ``results``, ``response``): the API's name says it.
_GENERIC = loader.words("labels", "generic_nouns")
_CHANGE_VERBS = loader.words("actions", "side_effect_verbs") | loader.words("actions", "name_change_verbs")
_ONE_RECORD = loader.words("records", "one_record_words")
#: Words of an API name after which it names what the call is asked by, not what it returns ("Players by Country").
_ASKED_BY = loader.words("records", "asked_by_words")
#: Words of an API name that ask for a page of records whatever the number of its noun ("Video Search").
_PAGE_WORDS = loader.words("records", "page_words")
_ID_WORDS = loader.words("records", "implied_id_words")
#: A typical record noun with other senses -> the API words that make it that noun (``records.noun_contexts``).
_NOUN_CONTEXTS = {str(k): frozenset(map(str, v)) for k, v in loader.word_map("records", "noun_contexts").items()}
#: Typical fields only a social network's records have, and the words of an API that place it on one.
_SOCIAL_FIELDS = loader.words("records", "social_fields")
_SOCIAL_CONTEXT = loader.words("records", "social_context")


def hollow_list(comps: list[OutputComponent], container: tuple[str, ...]) -> bool:
    """Whether the components of a list are only the list itself, typed as objects with no fields."""
    return len(comps) == 1 and comps[0].path == container and (comps[0].type or "").lower() == "object" \
        and comps[0].example is None


def record_noun(api: Api, container: tuple[str, ...]) -> str | None:
    """The kind of record a list holds: its key's last word (``reviews`` → review) unless generic, else the last
    record word of the API's name before what it is asked by (``Search Images`` → image, "languages [Per Country]"
    → language); None when neither is a kind the pack knows."""
    noun = None
    for key in reversed(container):
        words = name_tokens(key)
        if words and words[-1] not in _GENERIC:
            noun = _known(words[-1])
            break
    else:
        words = list(name_tokens(api.name))
        cut = next((i for i, w in enumerate(words) if i and w in _ASKED_BY), len(words))  # "languages [Per Country]"
        subject = api_subject_words(" ".join(words[:cut]))
        noun = _known(subject[-1]) if subject else None
    if noun in _NOUN_CONTEXTS and not _api_words(api) & _NOUN_CONTEXTS[noun]:
        return None  # a bot's, an element's or an image frame's properties are no homes
    return noun


def _specs(api: Api, noun: str | None) -> list[tuple[str, str, str]]:
    """The typical fields of ``noun``'s records as (name, ":", type), less the social network's own
    (``records.social_fields``) off a social network."""
    specs = [spec.partition(":") for spec in _TYPICAL.get(noun or "", ())]
    if any(name in _SOCIAL_FIELDS for name, _, _ in specs) and not _api_words(api) & _SOCIAL_CONTEXT:
        specs = [spec for spec in specs if spec[0] not in _SOCIAL_FIELDS]
    return specs


def _api_words(api: Api) -> set[str]:
    """The lower-case words of an API's category, tool, name, descriptions and parameter names."""
    text = " ".join((api.category, api.tool, api.name, api.description or "", api.tool_description or "",
                     *(p.name for p in api.parameters)))
    return {w.lower() for w in name_tokens(text)}


def _known(word: str) -> str | None:
    """The pack's noun for a word of a key or a name, either number (``ads`` → ad)."""
    low = word.lower()
    return next((n for n in (low, singular(low), low[:-1] if low.endswith("s") else "") if n in _TYPICAL), None)


def looks_up(api: Api) -> bool:
    """Whether a call is a lookup by its method and name: a GET whose name has no verb that changes something
    (``actions.side_effect_verbs``, ``actions.name_change_verbs``). "addUser" or "DeleteImages" returns no page of
    users or images, whatever schema its documentation copied."""
    words = set(name_tokens(api.name)) | set(name_tokens(api.name.rstrip("/").rsplit("/", 1)[-1]))
    return (api.method or "GET").upper() == "GET" and not words & _CHANGE_VERBS


def one_record(api: Api) -> bool:
    """Whether the API's name says its call returns one record ("Event Details by Id": ``records.one_record_words``)."""
    return bool(set(name_tokens(api.name)) & _ONE_RECORD)


def typical_components(api: Api, container: tuple[str, ...]) -> list[OutputComponent]:
    """The components of a hollow list's records (see the module docstring); empty when its kind is unknown or the
    call is no lookup (:func:`looks_up`)."""
    if not looks_up(api):
        return []
    noun = record_noun(api, container)
    out = []
    for name, _, type_ in _specs(api, noun):
        out.append(OutputComponent(path=(*container, name), type=type_ or "string", is_list=True,
                                   list_at=container))
    return out


def undocumented_components(api: Api) -> list[OutputComponent]:
    """The components of the result of a lookup that documents no response, by the record its name names
    (:func:`record_noun`, ``records.typical_fields``): one record's fields at the top for a name that asks for one
    (:func:`_asks_for_one`), else a list of them under the noun's plural; empty when the call is no lookup,
    documents an output, names no record the pack knows, or names the record's id ("Video Id By Url")."""
    if api.output_components or not looks_up(api):
        return []
    noun = record_noun(api, ())
    specs = _specs(api, noun)
    words = [w.lower() for w in name_tokens(api.name)]
    asked = words[:next((i for i, w in enumerate(words) if i and w in _ASKED_BY), len(words))]
    if noun is None or not specs or asked and asked[-1] in _ID_WORDS:
        return []  # "Video Id By Url" returns an id, not videos
    if _asks_for_one(api, noun, words):
        return [OutputComponent(path=(name,), type=type_ or "string") for name, _, type_ in specs]
    key = (plural(noun),)
    return [OutputComponent(path=(*key, name), type=type_ or "string", is_list=True, list_at=key)
            for name, _, type_ in specs]


def _asks_for_one(api: Api, noun: str, words: list[str]) -> bool:
    """Whether an API's name asks for one record of ``noun``: it says so (:func:`one_record`), or, with no word
    that asks for a page ("Video Search": ``records.page_words``), writes the noun in the singular ("Look Up Product
    by Barcode") or is asked by that record's own id and never writes its plural (SubredditImage2 by ``image_id``;
    not "Get Related Articles" by ``article_id``)."""
    if one_record(api):
        return True
    if set(words) & _PAGE_WORDS or plural(noun) in words:
        return False
    return noun in words and plural(noun) != noun or any(
        wanted_record(p.name) == (noun,) for p in api.required_parameters)
