"""Records of a list whose documentation types its items as bare objects and documents no example
(``{"data": {"type": "array", "items": {"type": "object"}}}``). 1,809 held-out ToolBench APIs (6.7%) document their
payload so; their results held only ``{"status": "success"}`` and answered nothing (an image search returned no
images). Such a list's records get the fields a record of its kind typically has (``records.typical_fields``), named
by the list's key (``reviews``) or else by the record the API's name is about ("Search Images"); the builder draws
them by their kinds like documented fields. A record of no known kind stays left out."""

from __future__ import annotations

from typing import cast

from tooldial.corpus.models import Api, OutputComponent
from tooldial.graph.record_types import api_subject_words
from tooldial.knowledge import loader
from tooldial.knowledge.english import singular
from tooldial.knowledge.taxonomy import name_tokens

_TYPICAL = cast("dict[str, tuple[str, ...]]", dict(loader.word_map("records", "typical_fields")))
#: List keys that name no kind of record (``data``, ``results``, ``response``): the API's name says it.
_GENERIC = loader.words("labels", "generic_nouns")
_CHANGE_VERBS = loader.words("actions", "side_effect_verbs") | loader.words("actions", "name_change_verbs")
_ONE_RECORD = loader.words("records", "one_record_words")
#: Words of an API name after which it names what the call is asked by, not what it returns ("Players by Country").
_ASKED_BY = loader.words("records", "asked_by_words")


def hollow_list(comps: list[OutputComponent], container: tuple[str, ...]) -> bool:
    """Whether the components of a list are only the list itself, typed as objects with no fields."""
    return len(comps) == 1 and comps[0].path == container and (comps[0].type or "").lower() == "object" \
        and comps[0].example is None


def record_noun(api: Api, container: tuple[str, ...]) -> str | None:
    """The kind of record a list holds: its key's last word (``reviews`` → review) unless generic, else the last
    record word of the API's name before what it is asked by (``Search Images`` → image, "languages [Per Country]"
    → language); None when neither is a kind the pack knows."""
    for key in reversed(container):
        words = name_tokens(key)
        if words and words[-1] not in _GENERIC:
            return _known(words[-1])
    words = list(name_tokens(api.name))
    cut = next((i for i, w in enumerate(words) if i and w in _ASKED_BY), len(words))  # "languages [Per Country]"
    subject = api_subject_words(" ".join(words[:cut]))
    return _known(subject[-1]) if subject else None


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
    for spec in _TYPICAL.get(noun or "", ()):
        name, _, type_ = spec.partition(":")
        out.append(OutputComponent(path=(*container, name), type=type_ or "string", is_list=True,
                                   list_at=container))
    return out
