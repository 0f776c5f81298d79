"""Keyed lookups: the kinds of value a lookup is keyed by (``WHOIS IP Lookup(ip)``, ``Time and Date(CITY)``)
and image URLs into vision lookups keyed by one picture."""

from __future__ import annotations

from tooldial.graph.entities import Entity, split_words
from tooldial.graph.value_kinds import Traits, classify
from tooldial.knowledge.loader import words as knowledge_words

#: Leaf words of a field or an input that holds one picture.
IMAGE_WORDS = knowledge_words("media_files", "image_names")


def image_url_into_image_input(source: Entity, target: Entity) -> bool:
    """A record's picture (``image``, ``images`` of a product or an article: a string, a URL when it shows one)
    into an input named for one picture whose documented example is a web URL (``GET Label Detection(image)``,
    default ``https://…jpg``): the vision call is made on that picture (labelling guide: image URLs into vision
    lookups). A binary upload (an input without a URL example) and an object (``image{width, url}``) are not."""
    s_leaf = split_words(source.raw or source.key.rsplit("|", 1)[-1])
    t_leaf = split_words(target.raw or target.key)
    if len(s_leaf) != 1 or s_leaf[0] not in IMAGE_WORDS or len(t_leaf) != 1 or t_leaf[0] not in IMAGE_WORDS:
        return False
    if source.type != "string" or (source.example and not source.example.startswith(("http://", "https://"))):
        return False
    return target.example.startswith(("http://", "https://"))


#: Standard kinds a lookup is keyed by (``WHOIS IP Lookup(ip)``, ``Time and Date(CITY)``, ``flag(country)``): any
#: value of the kind, found (not echoed) by another tool, is a call worth making when the formats agree.
LOOKUP_KINDS = knowledge_words("standards", "lookup_keys")


def lookup_kind(entity: Entity) -> str | None:
    """The :data:`LOOKUP_KINDS` kind of an entity, else ``None`` (like coordinates of one axis, a found value of such
    a kind into a lookup keyed by it passes the cross-tool description bar: the name and the kind say it)."""
    kind = lookup_key_kind(entity, classify(entity))
    return kind if kind in LOOKUP_KINDS else None


def lookup_key_kind(entity: Entity, traits: Traits) -> str | None:
    """The kind a keyed lookup takes: a syntax kind as classified, a place only when named a city (``location``,
    ``region``, ``state``, ``address`` are free text, areas or wallets as often as places)."""
    if traits.standard == "place":
        return "city" if split_words(entity.raw or entity.key.rsplit("|", 1)[-1])[-1:] in (["city"], ["town"]) \
            else None
    return traits.standard
