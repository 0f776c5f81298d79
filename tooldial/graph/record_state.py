"""Rules on the state of one system's own records (issue 27): what a call that sets a value takes is new, and an
ended record has no parts left to change.

- **A stored value of the field a call replaces** (:func:`stored_value_replaced`): ``modify_user_address`` and
  ``modify_pending_order_address`` take the address the user dictates. An address read from a record (an order's
  shipping address, the user's current one) is a value the call replaces, not one it needs. Only a single value
  (a field the call's name names, not an entry of a list the call rewrites: ``update_reservation_flights`` keeps
  the reservation's current flights in its new list).
- **A stored field into an update of its record** (:func:`copies_into_update`): ``findPetsByStatus``' ``name``
  into ``updatePet``'s ``name`` is the pet's current name; the update's content is the user's, as for a create
  (:func:`tooldial.graph.record_copy.copies_into_new_record`). Keys stay (the pet's id says which pet).
- **Parts of an ended record** (:func:`parts_of_ended_record`): what ``cancel_pending_order`` returns is the
  cancelled order; its items (``items|item_id``, ``fulfillments|item_ids``: the path or the leaf names the part) are
  no input of a call that changes or returns an order's items. Values that outlive
  the record (its owner, the payment method used) stay.
- **Another record's values into a record's current list** (:func:`other_record_as_current`): where a call takes
  both ``x`` and ``new_x`` (``item_ids`` / ``new_item_ids``), ``x`` lists what the record holds now; a value of a
  record of another type (a product's variants) is a candidate for ``new_x`` only.

All four apply inside one system only (:func:`tooldial.graph.record_copy.one_system`); the words are in the
``actions`` knowledge pack."""

from __future__ import annotations

from tooldial.graph.entities import Entity, split_words
from tooldial.graph.record_copy import one_system, same_field_of_record_type
from tooldial.graph.record_names import record_words
from tooldial.graph.validity import classify
from tooldial.knowledge.english import singular
from tooldial.knowledge.loader import words as knowledge_words

_REPLACE = knowledge_words("actions", "replace_verbs")
_ENDING = knowledge_words("actions", "ending_verbs")
_PART_CHANGE = knowledge_words("actions", "part_change_verbs")


def _name_words(api_id: str) -> list[str]:
    return [singular(w) for w in split_words(api_id.rsplit("|", 1)[-1])]


def _path(entity: Entity) -> list[str]:
    """The output's path components, each as singular words joined (``payment_history|id`` → paymenthistory, id)."""
    return ["".join(singular(w) for w in split_words(p.removesuffix("[]"))) for p in entity.key.split("|")]


def _in_list(target: Entity) -> bool:
    return "[]" in target.key or "[]" in (target.raw or "")


def stored_value_replaced(output: Entity, target: Entity) -> str | None:
    """The reason when ``output`` is a stored value of the field the target's name says it sets (module docstring),
    else ``None``."""
    words = _name_words(target.api_id)
    if len(words) < 2 or words[0] not in _REPLACE or not one_system(output, target) or _in_list(target):
        return None
    field = words[-1]
    if field not in _path(output)[:-1] or classify(output).kind == "identifier":
        return None
    return f"a stored {field} into the call that sets a new one: the new value is the user's"


def copies_into_update(output: Entity, target: Entity, paths: tuple[str, str] = ("", "")) -> str | None:
    """The reason when a stored field goes into the same-named field of an update of a record of its type (module
    docstring), else ``None``. ``paths``: the two APIs' REST paths, if any."""
    words = _name_words(target.api_id)
    if not words or words[0] not in _REPLACE or not one_system(output, target) or _in_list(target):
        return None
    if not same_field_of_record_type(output, target, paths):
        return None
    return "a record's stored field into an update of its record type: the update's content is the user's"


def parts_of_ended_record(output: Entity, target: Entity) -> str | None:
    """The reason when a part of a record the source ended goes into a call that changes such parts (module
    docstring), else ``None``."""
    source, dest = _name_words(output.api_id), _name_words(target.api_id)
    if not source or source[0] not in _ENDING or not dest or dest[0] not in _PART_CHANGE:
        return None
    if not one_system(output, target) or "|" not in output.key:
        return None
    leaf = [singular(w) for w in split_words((output.raw or output.key.rsplit("|", 1)[-1]).removesuffix("[]"))]
    names_part = _path(output)[0] == dest[-1] or [w for w in leaf if w not in ("id", "ids")] == [dest[-1]]
    if not names_part or not record_words(output.api_id) & record_words(target.api_id):
        return None
    return "a part of a record the source ended (cancelled, deleted) into a call that changes such parts"


def other_record_as_current(output: Entity, target: Entity, target_inputs: list[str]) -> str | None:
    """The reason when another record type's value goes into ``x`` of a call that also takes ``new_x`` (module
    docstring), else ``None``."""
    name = target.param or target.raw or target.key
    if f"new_{name}" not in target_inputs or not one_system(output, target):
        return None
    if record_words(output.api_id) & record_words(target.api_id):
        return None
    return f"a value of another record into {name} (what the record holds now); new_{name} takes the new ones"


def _raw_key(entity: Entity) -> str:
    leaf = entity.raw or entity.key.rsplit("|", 1)[-1]
    return "".join(singular(w) for w in split_words(leaf.removesuffix("[]")))


def key_part_of_another_record(output: Entity, target: Entity, source_outputs: list[Entity],
                               target_inputs: dict[str, Entity]) -> str | None:
    """The parts of one composite key come from one record. A target keyed by several ids
    (``getRepository(username, slug)``) takes its ``username`` from the record that gives its ``slug``: in a pull
    request that gives ``repository|slug`` and ``author|username``, the author's username sits in a sibling
    sub-record and is another record's (the repository's is ``repository|owner|username``). Only when the record
    that gives the other part has its own value for this input, and the two are nested sub-records neither inside
    the other; a top-level value (a record's own ``user_id``) stays, and so do parts the other record lacks (an
    order's ``payment_history|payment_method_id`` beside its ``items|item_id``).
    The reason, else ``None``."""
    parent = output.key.split("|")[:-1]
    if not parent or not one_system(output, target) or classify(output).kind != "identifier":
        return None
    for name, other in sorted(target_inputs.items()):
        if other.key == target.key or (other.param or other.key) == (target.param or target.key):
            continue
        if classify(other).kind != "identifier":
            continue
        holders = {tuple(o.key.split("|")[:-1]) for o in source_outputs if _raw_key(o) == _raw_key(other)}
        if len(holders) != 1:
            continue
        where = list(next(iter(holders)))
        if not where or where == parent[:len(where)] or parent == where[:len(parent)]:
            continue
        # the record that gives the other part gives its own value for this input too
        if any(_raw_key(o) == _raw_key(output) and o.key.split("|")[:len(where)] == where and o.key != output.key
               for o in source_outputs):
            return (f"a part of a composite key from another sub-record: {name} comes from {'|'.join(where)}, "
                    f"this value from {'|'.join(parent)}")
    return None
