"""Rules for chains inside one system's own records (issue 27): what a create call takes is new content.

Inside one system, a chain between its records is the normal case (a user's id into their orders, an order's
book into its reviews). One kind is not: copying a field of an existing record into the same-named field of a call
that *creates another record of that type* (``findPetsByStatus``' ``name`` into ``addPet``'s ``name``, an event's
``price`` into ``createSpecialEvent``, an order line's ``quantity`` into ``placeOrder``, a review's ``rating`` into
``addReview``). The new record's content is what the user writes; it is not procured from another record. Keys stay
(an order's ``isbn`` into a new order is a re-order; a user's saved passenger into a booking is a record of
another type), and so do values whose names differ (an event's ``dates`` into ``buyMuseumTickets``' ``ticketDate``).
"""

from __future__ import annotations

import re

from tooldial.graph.entities import Entity, split_words
from tooldial.graph.record_names import NAME_NOISE, record_words
from tooldial.graph.validity import PUBLIC_IDS, classify
from tooldial.knowledge.english import singular
from tooldial.knowledge.loader import words as knowledge_words

_VERSION = re.compile(r"v\d+(\.\d+)*", re.I)
#: First words of a call that makes a new record (``records.new_record_verbs``; not ``submit``, ``place``, ``book``).
_NEW_RECORD_VERBS = knowledge_words("records", "new_record_verbs")


def one_system(a: Entity, b: Entity) -> bool:
    """One tool, or tools of one documented provider."""
    return a.tool_id == b.tool_id or bool(a.provider) and a.provider == b.provider


def _leaf(entity: Entity) -> str:
    leaf = entity.raw or entity.key.rsplit("|", 1)[-1].rsplit(".", 1)[-1]
    return "".join(singular(w) for w in split_words(leaf.removesuffix("[]")))


def copies_into_new_record(output: Entity, target: Entity, target_creates: bool,
                           paths: tuple[str, str] = ("", "")) -> str | None:
    """The reason when ``output`` is a field of a record copied into the same-named field of a call that creates a
    record of the same type (module docstring), else ``None``. ``paths``: the two APIs' REST paths, if any."""
    if not target_creates or not one_system(output, target):
        return None
    if not same_field_of_record_type(output, target, paths):
        return None
    return "a field of a record copied into a new record of its type: the new record's content is the user's"


#: A record's own name fields, as :func:`_leaf` spells them (``records.own_name_fields``).
_OWN_NAMES = knowledge_words("records", "own_name_fields")


def name_of_another_record(output: Entity, target: Entity, target_changes: bool,
                           paths: tuple[str, str] = ("", "")) -> str | None:
    """The reason when a record's own name (``getUsers``' ``resources|displayName``) goes into the same-named input
    of a call that makes or changes a record of *another* type (``createGroup``' ``displayName``), else ``None``.
    A user's name names no group: the new name is the caller's. Names only: another record's key or e-mail is passed
    on (a contact's ``email`` into a list subscription); the same record type is :func:`copies_into_new_record`'s.
    """
    if not target_changes or not one_system(output, target):
        return None
    if _leaf(output) != _leaf(target) or _leaf(output) not in _OWN_NAMES:
        return None
    mine, theirs = api_record_words(output.api_id, paths[0]), api_record_words(target.api_id, paths[1])
    if not mine or not theirs or mine & theirs:
        return None
    return "another record's name into the name of a record the call makes or changes: the new name is the user's"


def existing_key_into_new_record(output: Entity, target: Entity, target_creates: bool) -> str | None:
    """The reason when any output fills the own key of a record that the target creates (``getUsers``'
    ``users|userId`` into ``createUserById``' ``userId``, a listed charge's id into ``createCharge``' ``chargeId``):
    the new record's key is new, chosen by the caller or the system, never an existing record's. The key is an
    identifier input whose record (:func:`tooldial.graph.record_ids.input_record`) is all the create call's name
    names (:func:`tooldial.corpus.implied_outputs.named_record`: ``createTaskAssignment``' ``taskId`` is another
    record's: it stays, and so does ``AddSearchImage``' ``imageId``), and the call's name starts with a
    verb of a new record (``records.new_record_verbs``: ``submitBasket`` sends an existing basket). ``None``
    otherwise."""
    from tooldial.corpus.implied_outputs import named_record
    from tooldial.graph.record_ids import input_record

    if not target_creates or not one_system(output, target) or classify(target).kind != "identifier":
        return None
    if (split_words(target.api_id.rsplit("|", 1)[-1])[:1] or [""])[0] not in _NEW_RECORD_VERBS:
        return None
    want = input_record(target)
    made = named_record(target.api_id.rsplit("|", 1)[-1])
    if not want or made is None or want != made[1]:
        return None
    return "an existing record's id into the key of a new record of its type"


def same_field_of_record_type(output: Entity, target: Entity, paths: tuple[str, str] = ("", "")) -> bool:
    """The output is a record's own field (no identifier, no public id) of the target's name, and both APIs handle
    one record type (their names share a record word; a name with none, such as ``create`` or ``list``, is read
    from its REST path's literal segments: ``/designer/templates`` → designer, template)."""
    traits = classify(output)
    if traits.kind == "identifier" or (traits.standard or "") in PUBLIC_IDS or _leaf(output) != _leaf(target):
        return False
    return bool(api_record_words(output.api_id, paths[0]) & api_record_words(target.api_id, paths[1]))


def api_record_words(api_id: str, path: str = "") -> set[str]:
    """:func:`record_words` of the API's name, else of its REST path's literal segments (no parameter, version or
    name-noise segment)."""
    return record_words(api_id) or {
        singular(w) for seg in path.split("/") if seg and "{" not in seg and not _VERSION.fullmatch(seg)
        for w in split_words(seg) if w not in NAME_NOISE and len(w) > 1 and not w.isdigit()}


def current_value_as_new(output: Entity, target: Entity) -> str | None:
    """An input named ``new_<x>`` (``new_item_ids``) takes what the record is to become: the current ``<x>`` of a
    record of the same type (an order's ``items|item_id`` into ``modify_pending_order_items``' ``new_item_ids``) is
    the value being replaced. Another record's ``<x>`` (a product's variants) stays. The reason, else ``None``."""
    words = split_words(target.raw or target.key.rsplit("|", 1)[-1].rsplit(".", 1)[-1])
    if len(words) < 2 or words[0] != "new" or not one_system(output, target):
        return None
    if "".join(singular(w) for w in words[1:]) != _leaf(output):
        return None
    if not record_words(output.api_id) & record_words(target.api_id):
        return None
    return "a record's current value into the input of its new value"
